"""Candidate records, one function per action: what `moves.candidates` proposes for the player
on turn (see engine/moves.py, which judges them). Each maker reads the state and, where the
action leaves choices open, draws a sample from `rng` in a fixed order (the simulator's logs
depend on that order). A maker proposes; it never decides legality.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from ..edition.model import RESOURCES
from . import townland
from .actions.build import ADDITIONAL_FLOOR, CONNECTED_ROAD, SELL_THE_HOUSE
from .actions.promo import CROWDFUNDING_FAMILIES, MIN_PLEDGE
from .game import Game
from .state import PlayerState

Move = dict[str, Any]
Target = tuple[str, dict[str, int]]  # a site and the cost of its next Floor
TWO_FLOORS_CHANCE = 0.3  # how often Buy Resources proposes a target's next two Floors first


def floor_targets(g: Game, p: PlayerState) -> list[tuple[str, dict[str, int], bool]]:
    """The Floors that could be built next, with their costs (R-BLD-*, R-SITE-*): the next
    Floor of each unfinished building, then a first Floor on each empty buildable site (a House on a
    Residential site, a Pub's cost elsewhere); the flag marks new sites (they need a spare
    Worker)."""
    town = g.state.townland
    out: list[tuple[str, dict[str, int], bool]] = []
    for site, b in town.buildings.items():
        if b.finished:
            continue
        out.append((site, g.ed.buildings[b.building].floors[len(b.blocks)].cost, False))
    for site in sorted(townland.buildable_sites(g.ed, town)):
        if site not in town.buildings:
            kind = townland.site_spec(g.ed, town, site).kind
            key = "house" if kind == "residential" else "pub"
            out.append((site, g.ed.buildings[key].floors[0].cost, True))
    return out


def _targets(g: Game, p: PlayerState, targets: list[Target] | None) -> list[Target]:
    if targets is not None:
        return targets
    return [(site, cost) for site, cost, _ in floor_targets(g, p)]


# --- one function per action ----------------------------------------------------------------
def buy_resources(g: Game, p: PlayerState, rng: random.Random,
                  targets: list[Target] | None = None) -> list[Move]:
    """Buy Resources (R-MKT-*): the cubes missing for each target Floor (for the first target
    sometimes those of its next two Floors, to build both in one action: R-ABA-03), then two
    random purchases of up to 2 cubes of each Resource the Market holds."""
    out = []
    chosen = _targets(g, p, targets)
    costs = [cost for _, cost in chosen]
    if chosen and rng.random() < TWO_FLOORS_CHANCE:
        both = two_floors_cost(g, chosen[0][0])
        if both is not None:
            costs.insert(0, both)
    for cost in costs:
        missing = {r: max(0, n - p.cubes[r]) for r, n in cost.items()}
        if sum(missing.values()):
            out.append({"cubes": {r: n for r, n in missing.items() if n}})
    for _ in range(2):
        counts = {r: rng.randint(0, min(2, g.state.market[r])) for r in RESOURCES}
        if sum(counts.values()):
            out.append({"cubes": {r: n for r, n in counts.items() if n}})
    return out


def two_floors_cost(g: Game, site: str) -> dict[str, int] | None:
    """The cubes of the next two Floors of the building at `site` (a House on an empty
    Residential site); None when it has fewer than two Floors to go or its type is open."""
    town = g.state.townland
    b = town.buildings.get(site)
    if b is not None:
        key, done = b.building, len(b.blocks)
    elif townland.site_spec(g.ed, town, site).kind == "residential":
        key, done = "house", 0
    else:
        return None
    floors = g.ed.buildings[key].floors[done:done + 2]
    if len(floors) < 2:
        return None
    return {r: floors[0].cost.get(r, 0) + floors[1].cost.get(r, 0) for r in RESOURCES}


def build_floor(g: Game, p: PlayerState, rng: random.Random,
                targets: list[Target] | None = None) -> list[Move]:
    """Build Floor (R-BLD-05..13, R-SITE-*): the next Floor of a started building, or a
    Building Token of the site's family (a House on a Residential site, Commerce or Public
    elsewhere) taken from the supply for a new one, with its site bonus choice; for each, the
    records with an Associated Build Action first, then the plain one (an extra that is
    refused does not cost the Floor)."""
    town = g.state.townland
    out: list[Move] = []
    for site, _ in _targets(g, p, targets):
        if site in town.buildings:
            key, move = town.buildings[site].building, {"site": site}
        else:
            kind = townland.site_spec(g.ed, town, site).kind
            families = ("house",) if kind == "residential" else ("commerce", "public")
            tokens = sorted(k for k, n in g.state.supply.tokens.items()
                            if n > 0 and g.ed.buildings[k].family in families)
            if not tokens:
                continue
            key = rng.choice(tokens)
            move = {"site": site, "building": key}
            bonus = site_bonus_choice(g, p, rng, site)
            if bonus is not None:
                move["site_bonus"] = bonus
        for extra in associated_choices(g, p, rng, site, key):
            out.append({**copy.deepcopy(move), "associated": extra})
        out.append(move)
    return out


def site_bonus_choice(g: Game, p: PlayerState, rng: random.Random, site: str) -> Any:
    """The choice a first Floor on a bonus site records (R-SBON-03, R-SACT-02..04): a Resource
    of the bonus, up to 3 free Planting Spots of one sector for the Trees `p` holds, a
    Construction Road to complete, a slot to explore; None when the bonus needs no choice
    (VPs, money, Trees and Repeat Actions are collected on their own) or none can be made."""
    town = g.state.townland
    spec = townland.site_spec(g.ed, town, site)
    kind = spec.bonus.kind if spec.bonus is not None else None
    if kind == "resources":
        return {"choice": rng.choice(RESOURCES)}
    if kind == "plant" and p.trees:
        sectors = [sorted(s for s in sector if s not in town.trees)
                   for sector in townland.planting_sectors(g.ed, town)]
        sectors = [free for free in sectors if free]
        if sectors:
            free = rng.choice(sectors)
            return {"plant": rng.sample(free, min(3, p.trees, len(free)))}
    if kind == "road":
        roads = townland.construction_roads(g.ed, town)
        if roads:
            return {"road": rng.choice(roads)}
    if kind == "explore":
        slots = townland.explorable_slots(g.ed, town)
        if slots:
            return {"explore": {"slot": rng.choice(slots)}}
    return None


def associated_choices(g: Game, p: PlayerState, rng: random.Random, site: str,
                       key: str) -> list[Move]:
    """The Associated Build Actions (R-ABA-01..05) `p` looks able to pay for after the Floor:
    Sell the House to each of their Residents (in random order) when the Floor finishes a
    House; one more Floor when the building has room and `p` holds the cubes of both; the
    Connected Road when the site's road is still a Construction Road and 2 Concrete are left
    after the Floor. The engine judges the rest (features, fees, the premium)."""
    town = g.state.townland
    b = town.buildings.get(site)
    floor = len(b.blocks) if b is not None else 0
    floors = g.ed.buildings[key].floors
    after = {r: p.cubes[r] - floors[floor].cost.get(r, 0) for r in RESOURCES}  # as printed
    out: list[Move] = []
    if key == "house" and floor + 1 == len(floors) and p.money >= SELL_THE_HOUSE:
        residents = list(p.residents)
        rng.shuffle(residents)
        out += [{"sell_house": {"resident": r}} for r in residents]
    if (floor + 1 < len(floors) and p.money >= ADDITIONAL_FLOOR
            and all(after[r] >= n for r, n in floors[floor + 1].cost.items())):
        out.append({"additional_floor": {}})
    road = townland.connected_road(g.ed, town, site)
    if (p.money >= CONNECTED_ROAD and after["concrete"] >= 2
            and townland.road_stage(g.ed, town, road) == "construction"):
        extra: Move = {"road": road}
        bonus = road_bonus_choice(g, p, rng)
        if bonus is not None:
            extra["road_bonus"] = bonus
        out.append({"connected_road": extra})
    return out


def sell_house(g: Game, p: PlayerState, rng: random.Random | None = None) -> list[Move]:
    """Sell House (R-SELL-*): each finished unsold House `p` built in, to each of their
    Residents (also the final sale of R-END-03). Draws nothing."""
    town = g.state.townland
    out = []
    for site, b in sorted(town.buildings.items()):
        if b.building == "house" and b.finished and not b.sold and p.name in b.blocks:
            for resident in p.residents:
                out.append({"house": site, "resident": resident})
    return out


def explore(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Explore (R-EXPL-*): up to 3 explorable slots, in random order."""
    slots = townland.explorable_slots(g.ed, g.state.townland)
    rng.shuffle(slots)
    return [{"slot": s} for s in slots[:3]]


def build_road(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Build Road (R-ROAD-*, R-RDB-*): up to 3 construction roads in random order, with the
    road bonus choice."""
    roads = townland.construction_roads(g.ed, g.state.townland)
    rng.shuffle(roads)
    out: list[Move] = []
    for road in roads[:3]:
        move: Move = {"road": road}
        bonus = road_bonus_choice(g, p, rng)
        if bonus is not None:
            move["road_bonus"] = bonus
        out.append(move)
    return out


def road_bonus_choice(g: Game, p: PlayerState, rng: random.Random) -> Move | None:
    """When the next space of `p`'s Bonus Road Track rewards an exploration, a random
    explorable slot for it (R-RDB-06); the other rewards need no choice."""
    space = p.road_track
    if space < len(g.ed.road_track):
        kinds = {r.kind for r in g.ed.road_track[space]}
        slots = townland.explorable_slots(g.ed, g.state.townland)
        if "explore" in kinds and slots:
            return {"explore": {"slot": rng.choice(slots)}}
    return None


def new_resident(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """New Resident (R-RESI-*): one of two random cards on display, or (when `p` has a Resident
    and money) the first of them in exchange for a random Resident of theirs."""
    display = list(g.state.supply.display)
    if not display:
        return []
    rng.shuffle(display)
    out: list[Move] = [{"take": c} for c in display[:2]]
    if p.residents and p.money > 30:
        out.append({"take": display[0], "give": rng.choice(p.residents)})
    return out


def plant_trees(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Plant Trees (R-PLANT-*): in each Planting Sector, as many free spots as `p` has Trees
    (at most 9); the sectors in random order."""
    town = g.state.townland
    out = []
    for sector in townland.planting_sectors(g.ed, town):
        free = sorted(s for s in sector if s not in town.trees)
        n = min(len(free), p.trees, 9)
        if n:
            out.append({"spots": free[:n]})
    rng.shuffle(out)
    return out


def buy_trees(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Buy Trees (R-TBUY-*): a random number from 1 to 6, or 3."""
    return [{"trees": rng.randint(1, 6)}, {"trees": 3}]


def auction(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Auction: `p` bids 10 to 20 within their money; each other playing player with 10 or
    more Grinies bids 10 to 25 half the time."""
    bids = {p.name: min(p.money, rng.randint(10, 20))}
    for q in g.state.players:
        if q is not p and not q.finished and q.money >= 10 and rng.random() < 0.5:
            bids[q.name] = rng.randint(10, min(q.money, 25))
    return [{"bids": bids}]


def sell_resources(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Sell Resources (R-MKT-*): up to 3 cubes of one Resource `p` holds, most held first, then
    a single cube of each. Draws nothing."""
    have = sorted((r for r in RESOURCES if p.cubes[r]), key=lambda r: -p.cubes[r])
    return [{"cubes": {r: min(3, p.cubes[r])}} for r in have] + [
        {"cubes": {r: 1}} for r in have]


def convert(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Convert (the Conversion Die): VPs to money (1 to 3 when poor), or 1 money-to-VP or
    VP-to-money conversion, rolling the die first or not at random."""
    if p.vp == 0:
        return [{}]
    first = rng.random() < 0.5
    if p.money < 20:
        return [{"vp_to_money": min(p.vp, rng.randint(1, 3)), "roll_first": first}]
    return [{"money_to_vp": 1, "roll_first": first},
            {"vp_to_money": 1, "roll_first": first}]


def import_(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Import: 3, 2 or 1 items of a shuffled offer of Trees and Resources."""
    offer = ["tree", "tree", "concrete", "wood", "steel"]
    rng.shuffle(offer)
    return [{"items": offer[:n]} for n in (3, 2, 1)]


def optimization(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Optimization: each Resource as the choice. Draws nothing."""
    return [{"choice": r} for r in RESOURCES]


def replanting(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Replanting (R-PLANT-*): a Tree from the supply to a random free spot."""
    town = g.state.townland
    free = sorted(s for s in townland.all_spots(g.ed, town) if s not in town.trees)
    if not free:
        return []
    return [{"moves": [{"from": "supply", "to": rng.choice(free)}]}]


def forced_trade(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Forced Trade: one Resource of `p` for a different one of another playing player who
    holds it (accepted), every such trade in random order."""
    out = []
    for q in g.state.players:
        if q is p or q.finished:
            continue
        for give in RESOURCES:
            for get in RESOURCES:
                if give != get and p.cubes[give] and q.cubes[get]:
                    out.append({"trades": [{"with": q.name, "give": give, "get": get}],
                                "accepted": {q.name: True}})
    rng.shuffle(out)
    return out


def crowdfunding(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """#52P: an empty Non-residential site, a Commerce or Public token, pledges of at
    least 30 within each pledger's money (some other players join)."""
    if p.money < MIN_PLEDGE or p.blocks < 1:
        return []
    town = g.state.townland
    sites = sorted(s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings
                   and townland.site_spec(g.ed, town, s).kind == "nonresidential")
    tokens = sorted(k for k, n in g.state.supply.tokens.items()
                    if n > 0 and g.ed.buildings[k].family in CROWDFUNDING_FAMILIES)
    if not sites or not tokens:
        return []
    out: list[Move] = []
    for site in rng.sample(sites, min(2, len(sites))):
        pledges = {p.name: rng.randint(MIN_PLEDGE, min(p.money, MIN_PLEDGE + 15))}
        for q in g.state.players:
            if (q is not p and not q.finished and q.blocks and q.money >= MIN_PLEDGE
                    and rng.random() < 0.5):
                pledges[q.name] = rng.randint(MIN_PLEDGE, min(q.money, MIN_PLEDGE + 10))
        out.append({"site": site, "building": rng.choice(tokens), "pledges": pledges})
    return out


MAKERS: dict[str, Callable[..., list[Move]]] = {
    "buy-resources": buy_resources, "buy-resources-discount": buy_resources,
    "build-floor": build_floor, "build-floor-premium": build_floor,
    "sell-house": sell_house, "explore": explore, "build-road": build_road,
    "new-resident": new_resident, "plant-trees": plant_trees, "buy-trees": buy_trees,
    "auction": auction, "sell-resources": sell_resources, "convert": convert,
    "import": import_, "optimization": optimization, "replanting": replanting,
    "forced-trade": forced_trade, "crowdfunding": crowdfunding,
}
TARGETED = frozenset({"buy-resources", "buy-resources-discount", "build-floor",
                      "build-floor-premium"})
