"""Every action, by the key a log's `tile` names; one small module per family of tiles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..abilities import place_ability_worker
from ..game import Game
from ..records import Step
from ..state import PlayerState
from ..tiles import TimeCost
from ..turnstate import TurnContext
from .build import build
from .land import (
    a_construction_road_and_a_token,
    a_free_planting_spot,
    a_slot_to_explore,
    a_tree_to_replant,
    build_road,
    buy_trees,
    explore_land,
    plant_trees,
    replanting,
    trees_in_the_supply,
)
from .people import (
    a_card_on_display,
    add_resident,
    convert,
    convert_roll_before_the_decline,
    sell_the_house,
    subsidy,
)
from .promo import a_site_to_crowdfund, crowdfunding
from .trade import (
    a_cube_in_the_market,
    a_cube_in_the_pouch,
    a_hole_in_the_market,
    a_small_warehouse_left,
    an_item_to_import,
    an_opponent_to_trade_with,
    auction,
    buy_resources,
    buy_warehouse,
    forced_trade,
    import_items,
    import_roll_before_the_decline,
    optimization,
    sell_resources,
)

# an action takes the record of its family (`records.FAMILIES`): `build` a BuildFloor...
Action = Callable[[Game, PlayerState, Any, TurnContext], TimeCost]
Available = Callable[[Game, PlayerState, Step], None]

ACTIONS: dict[str, Action] = {
    "buy-resources": partial(buy_resources, discount=False),
    "buy-resources-discount": partial(buy_resources, discount=True),
    "build-floor": partial(build, premium=False),
    "build-floor-premium": partial(build, premium=True),
    "auction": auction,
    "sell-resources": sell_resources,
    "buy-warehouse": buy_warehouse,
    "explore": explore_land,
    "build-road": build_road,
    "buy-trees": buy_trees,
    "plant-trees": plant_trees,
    "new-resident": add_resident,
    "sell-house": sell_the_house,
    "convert": convert,
    "import": import_items,
    "optimization": optimization,
    "replanting": replanting,
    "subsidy": subsidy,
    "forced-trade": forced_trade,
    "architect": place_ability_worker,
    "engineer": place_ability_worker,
    "builder": place_ability_worker,
    "ecologist": place_ability_worker,
    "banker": place_ability_worker,
    "merchant": place_ability_worker,
    "follower": place_ability_worker,
    "crowdfunding": crowdfunding,
    "manager": place_ability_worker,
}

NAMES: dict[str, str] = {
    "buy-resources": "Buy Resources", "buy-resources-discount": "Buy Resources (with discount)",
    "build-floor": "Build Floor", "build-floor-premium": "Build Floor (at a premium)",
    "auction": "Auction", "sell-resources": "Sell Resources", "buy-warehouse": "Buy Warehouse",
    "explore": "Explore Land", "build-road": "Build a Road", "buy-trees": "Buy Trees",
    "plant-trees": "Plant Trees", "new-resident": "New Resident", "sell-house": "Sell the House",
    "convert": "Convert", "import": "Import", "optimization": "Optimization",
    "replanting": "Replanting", "subsidy": "Subsidy", "forced-trade": "Forced Trade",
    "architect": "Architect", "engineer": "Engineer", "builder": "Builder",
    "ecologist": "Ecologist", "banker": "Banker", "merchant": "Merchant",
    "follower": "Follower", "crowdfunding": "Crowdfunding", "manager": "Manager",
}

# What must be left for an Action to be chosen at all, declined or not: each raises the rule
# that says so (R-GEN-04: Trees and Warehouses; R-GEN-06: cubes from the Reserve or the Market;
# each tile's own restriction). Called by turn.check_available.
AVAILABLE: dict[str, Available] = {
    "buy-resources": a_cube_in_the_market,
    "buy-resources-discount": a_cube_in_the_market,
    "auction": a_cube_in_the_pouch,
    "sell-resources": a_hole_in_the_market,
    "buy-warehouse": a_small_warehouse_left,
    "explore": a_slot_to_explore,
    "build-road": a_construction_road_and_a_token,
    "buy-trees": trees_in_the_supply,
    "plant-trees": a_free_planting_spot,
    "new-resident": a_card_on_display,
    "import": an_item_to_import,
    "optimization": a_cube_in_the_pouch,
    "replanting": a_tree_to_replant,
    "forced-trade": an_opponent_to_trade_with,
    "crowdfunding": a_site_to_crowdfund,
}


@dataclass(frozen=True)
class GoAhead:
    """An Action other players take part in, completed without the penalised player who
    declined it (R-TAR-12), and the fields of the log it reads."""

    action: Action
    fields: frozenset[str]


WITHOUT_THE_PENALISED: dict[str, GoAhead] = {
    "auction": GoAhead(partial(auction, penalised=True), frozenset({"drawn", "bids"})),
}


@dataclass(frozen=True)
class FirstOutcome:
    """The die an Action may begin with: read before the decline, which may follow it (the
    table rolls, then may decline: AMB-A14-03 (a)), and the fields of the log it
    reads, which a declined action may record. `only_declined`: a decline that leaves the
    die out came before it, and nothing else can follow (Import); otherwise leaving it out
    is a choice of its own (Convert rolling after converting)."""

    read: Callable[[Game, PlayerState, Step, TurnContext], None]
    fields: frozenset[str]
    only_declined: bool  # Convert's Die before its decline: AMB-A13-01 in docs/rulings.md


BEFORE_THE_DECLINE: dict[str, FirstOutcome] = {
    "import": FirstOutcome(import_roll_before_the_decline, frozenset({"roll"}), True),
    "convert": FirstOutcome(convert_roll_before_the_decline,
                            frozenset({"roll_first", "roll"}), False),
}
