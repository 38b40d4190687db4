"""Every action, by the key a log's `tile` names; one small module per family of tiles."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..game import Game, Rec
from ..ring import TimeCost, TurnContext
from ..state import PlayerState
from .build import build
from .land import build_road, buy_trees, explore_land, plant_trees, replanting
from .people import add_resident, convert, place_ability_worker, sell_the_house, subsidy
from .promo import crowdfunding
from .trade import (
    auction,
    buy_resources,
    buy_warehouse,
    forced_trade,
    import_items,
    optimization,
    sell_resources,
)

Action = Callable[[Game, PlayerState, Rec, TurnContext], TimeCost]

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
