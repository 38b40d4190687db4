"""The edition's components in the game's words, as the catalogue prints them beside their
drawings (`grinivil edition show`): a resident card's rewards and wishes, a building's Floors,
a land tile's sites and the ids a log gives them once it is placed, the Bonus Road Track."""

from __future__ import annotations

from dataclasses import dataclass

from ..edition.model import (
    RESOURCES,
    Edition,
    Feature,
    Floor,
    LandTile,
    ResidentCard,
    Reward,
    RoadReward,
    SiteBonus,
)
from .style import RESOURCE_FILL, RESOURCE_LETTER

FOUR_PLUS = "\u25cf\u25cf\u25cf\u25cf+"  # ●●●●+: left out with 2-3 players
ZONES = {"center": "the Center", "inner": "Inner tile", "outer": "Outer tile"}
SPLITS = {"full": "to each participant", "participants": "divided by the participants",
          "blocks": "divided by Building Blocks"}
BONUS_WORDS = {"resources": "Resources: 2 random or 1 of your choice",
               "trees": "2 trees", "plant": "plant trees (site action)",
               "road": "build a road (site action)", "explore": "explore (site action)",
               "repeat": "a Repeat Action"}
ROAD_REWARDS = {"warehouse": "a Small Warehouse", "explore": "explore",
                "repeat": "a Repeat Action"}
SITE_ROADS = {"ring": "ring road", "left": "left half-road", "right": "right half-road",
              "road": "main road", "access": "Access Road"}


def bonus_words(bonus: SiteBonus | None) -> str:
    """`2 VP`, `5 G`, `Resources: 2 random or 1 of your choice`; `-` for none."""
    if bonus is None:
        return "\u2013"
    if bonus.kind == "vp":
        return f"{bonus.amount} VP"
    if bonus.kind == "money":
        return f"{bonus.amount} G"
    return BONUS_WORDS.get(bonus.kind, bonus.kind)


def reward_words(reward: Reward) -> str:
    """`3 VP to each participant`, `28 G divided by the participants`."""
    parts = [f"{v} {unit}" for v, unit in ((reward.vp, "VP"), (reward.money, "G")) if v]
    return f"{' and '.join(parts) or 'nothing'} {SPLITS.get(reward.split, reward.split)}"


def road_reward_words(reward: RoadReward) -> str:
    """One reward of a Bonus Road Track space: `3 G`, `6 trees`, `a Small Warehouse`."""
    if reward.kind == "vp":
        return f"{reward.amount} VP"
    if reward.kind == "money":
        return f"{reward.amount} G"
    if reward.kind == "trees":
        return f"{reward.amount} trees"
    return ROAD_REWARDS.get(reward.kind, reward.kind)


@dataclass(frozen=True)
class Want:
    """A building a resident card names, with how far and what it gives."""

    building: str  # its name
    key: str
    distance: str  # `max distance 2`, `any distance`
    reward: str


def want(edition: Edition, feature: Feature) -> Want:
    building = edition.buildings.get(feature.building)
    distance = "any distance" if feature.max_distance is None else \
        f"max distance {feature.max_distance}"
    return Want(building.name if building is not None else feature.building,
                feature.building, distance, reward_words(feature.reward))


def primary_words(card: ResidentCard) -> str:
    """`5 VP and 10 G + 3 G per tree (at most 60 G)` when the House is sold."""
    money = f"{card.primary_money} G"
    if card.per_tree:
        cap = f" (at most {card.per_tree_cap} G)" if card.per_tree_cap is not None else ""
        money += f" + {card.per_tree} G per tree{cap}"
    return f"{card.primary_vp} VP and {money}"


def trees_words(card: ResidentCard) -> str:
    """`at least 5 trees in the House's Planting Sector`, or `no trees needed`."""
    if not card.min_trees:
        return "no trees needed"
    trees = "1 tree" if card.min_trees == 1 else f"{card.min_trees} trees"
    return f"at least {trees} in the House's Planting Sector"


@dataclass(frozen=True)
class Cube:
    """Cubes of one Resource in a cost, drawn as a coloured square with its letter."""

    resource: str
    count: int
    fill: str
    letter: str


def floor_cost(floor: Floor) -> list[Cube]:
    """A Floor's cost in the order concrete, wood, steel (any other after)."""
    order = [r for r in RESOURCES if r in floor.cost] + \
        [r for r in floor.cost if r not in RESOURCES]
    return [Cube(r, floor.cost[r], RESOURCE_FILL.get(r, "#dddddd"),
                 RESOURCE_LETTER.get(r, r[:1].upper())) for r in order]


def example_slot(tile: LandTile) -> str:
    """The slot a tile's ids are shown at: its own when it has one (the Center, the entrance
    tile 1A at O1), else I3 or O4, as docs/log-format.md names them."""
    if tile.zone == "center":
        return "C"
    if tile.entrance:
        return "O1"
    return "I3" if tile.zone == "inner" else "O4"


def placed_words(tile: LandTile) -> str:
    """Where a tile goes and how a log then names its sites, spots and road."""
    slot = example_slot(tile)
    if tile.zone == "center":
        where = "Placed at the Center, slot C, at setup (1B)"
    elif tile.entrance:
        where = "Placed at slot O1 at setup, the entrance tile (1A)"
    else:
        zone, first = ("an Inner", "I") if tile.zone == "inner" else ("an Outer", "O")
        where = (f"Explored into {zone} slot, {first}0 to {first}7 (a log names the tile "
                 f"{tile.key}); at {slot}")
    sites = ", ".join(f"{slot}.{s.key}" for s in tile.sites) or "none"
    spots = ", ".join(f"{slot}.{s.key}" for s in tile.spots) or "none"
    road = f"; its road {slot}.road" if tile.zone == "outer" else ""
    return f"{where}: its sites are {sites}; its spots {spots}{road}."


def roads_words(tile: LandTile) -> str:
    """The roads printed on a tile, in their stage."""
    if tile.zone == "center":
        return "The ring road, printed completed (one Road Section, ring)."
    if tile.zone == "inner":
        return ("A half-road on each radial edge (left and right: they become the radial "
                "roads Rk and R(k+1) once a neighbour is placed); the inner edge borders the "
                "Center's ring road.")
    stage = f"a {tile.road.capitalize()} Road" if tile.road else "no stage given"
    access = "; an Access Road, always completed (R-ROAD-06)" if tile.access else ""
    return f"The main road down the middle: {stage}{access}."
