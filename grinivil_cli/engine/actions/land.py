"""Action tiles about the Land: #08a Explore Land, #08b Build a Road, #09 Buy Trees,
#10 Plant Trees, #16 Replanting."""

from __future__ import annotations

from math import ceil

from ...errors import IllegalMove
from .. import townland
from ..exploring import explore, slots_to_explore
from ..game import Game, plural, required
from ..occupied import place_occupied_token
from ..records import BuildRoad, BuyTrees, ExploreLand, PlantTrees, Replanting, Step
from ..roads import advance_road_track, complete_road
from ..state import PlayerState
from ..tiles import TimeCost
from ..trees import plant_trees_action, replant, tree_price
from ..turnstate import TurnContext

EXPLORE_PRICE, EXPLORE_VP = 10, 3  # R-A08A-01/03


def explore_land(g: Game, p: PlayerState, move: ExploreLand, ctx: TurnContext) -> TimeCost:
    """Pay 10, add a Land Tile, 3 VPs, Ownership Marker (R-A08A-01..07, AMB-A08A-01)."""
    g.pay(p, EXPLORE_PRICE, "Explore Land", "R-A08A-01", move.path)
    slot = explore(g, p, move.explore, owner=p, cause="Explore Land", rule="R-A08A-02")
    g.gain_vp(p, EXPLORE_VP, f"explored {slot}", "R-A08A-03")
    return TimeCost(1)


def build_road(g: Game, p: PlayerState, move: BuildRoad, ctx: TurnContext) -> TimeCost:
    """2 Concrete, a Completed Road token, a step on the Bonus Road Track (R-A08B-01..05)."""
    road = required(move.road, move, "road", "the road completed", "R-A08B-02")
    complete_road(g, p, road, move.at("road"), pay_concrete=True, rule="R-A08B-01")
    ctx.repeats_earned += advance_road_track(g, p, move)
    return TimeCost(2)


def buy_trees(g: Game, p: PlayerState, move: BuyTrees, ctx: TurnContext) -> TimeCost:
    """1-6 Trees into the Portfolio at 1 or 2 Grinies each (R-A09-01..05)."""
    n = required(move.trees, move, "trees", "how many Trees were bought", "R-A09-01")
    if not 1 <= n <= 6:
        raise IllegalMove("R-A09-01", f"1 to 6 Trees are bought; the log buys {n}.",
                          move.at("trees"))
    if n > g.state.supply.trees:
        raise IllegalMove("R-A09-05", f"only {plural(g.state.supply.trees, 'Tree')} "
                          f"{'is' if g.state.supply.trees == 1 else 'are'} left in the "
                          "supply.", move.at("trees"))
    g.pay(p, tree_price(n), plural(n, "Tree"), "R-A09-02", move.at("trees"))
    g.take_trees(p, n, "bought Trees", "R-A09-01", partial=False)
    return TimeCost(1)


def plant_trees(g: Game, p: PlayerState, move: PlantTrees, ctx: TurnContext) -> TimeCost:
    """Plant 1-9 Trees in one Planting Sector; 1 TU per 3 Trees, rounded up (R-A10-01..04)."""
    spots = list(required(move.spots, move, "spots", "the Planting Spots", "R-A10-01"))
    n = plant_trees_action(g, p, spots, move.at("spots"))
    return TimeCost(ceil(n / 3))


def replanting(g: Game, p: PlayerState, move: Replanting, ctx: TurnContext) -> TimeCost:
    """Replant up to 3 Trees anywhere, 1 VP, the 'occupied' token; 1 TU per Tree
    (R-A16-01..06)."""
    moves = required(move.moves, move, "moves", "the Trees moved", "R-A16-01")
    n = replant(g, p, moves, move.at("moves"))
    place_occupied_token(g, p, "replanting")
    return TimeCost(n)


# --- what must be left to choose these Actions (turn.check_available) --------------------------

def a_slot_to_explore(g: Game, p: PlayerState, step: Step) -> None:
    """#08a: a suitable spot must exist, with a Land Tile left to draw for it (R-A08A-07,
    AMB-EXPL-04)."""
    if not slots_to_explore(g.ed, g.state):
        raise IllegalMove("R-A08A-07", "no slot of the Land Area can take a new Land Tile "
                          "(or no tile is left for the open ones): Explore Land cannot be "
                          "chosen.", step.at("tile"))


def a_construction_road_and_a_token(g: Game, p: PlayerState, step: Step) -> None:
    """#08b: a Construction Road to complete and a road token to do it (R-A08B-05)."""
    if g.state.supply.road_tokens < 1:
        raise IllegalMove("R-A08B-05", f"all {g.ed.road_tokens} road tokens are on the table: "
                          "Build a Road cannot be chosen.", step.at("tile"))
    if not townland.construction_roads(g.ed, g.state.townland):
        raise IllegalMove("R-A08B-05", "no Construction Road is on the table: Build a Road "
                          "cannot be chosen.", step.at("tile"))


def trees_in_the_supply(g: Game, p: PlayerState, step: Step) -> None:
    """#09: "Warehouses and Trees are limited items. Once taken, it is no longer possible to
    choose an action to obtain them" (R-A09-05, R-GEN-04)."""
    if g.state.supply.trees < 1:
        raise IllegalMove("R-A09-05", "no Tree is left in the general supply: Buy Trees "
                          "cannot be chosen.", step.at("tile"))


def a_free_planting_spot(g: Game, p: PlayerState, step: Step) -> None:
    """#10: a Planting Sector with a free Planting Spot (R-A10-04)."""
    town = g.state.townland
    if all(spot in town.trees for spot in townland.all_spots(g.ed, town)):
        raise IllegalMove("R-A10-04", "every Planting Spot on the table has a Tree: Plant "
                          "Trees cannot be chosen.", step.at("tile"))


def a_tree_to_replant(g: Game, p: PlayerState, step: Step) -> None:
    """#16: a Tree to move (on a Planting Spot, or in the general supply) and a free Spot to
    move it to (R-A16-01)."""
    town = g.state.townland
    spots = townland.all_spots(g.ed, town)
    if not town.trees and g.state.supply.trees < 1:
        raise IllegalMove("R-A16-01", "no Tree is planted and none is left in the general "
                          "supply: Replanting cannot be chosen.", step.at("tile"))
    if all(spot in town.trees for spot in spots):
        raise IllegalMove("R-A16-01", "every Planting Spot on the table has a Tree: "
                          "Replanting cannot be chosen.", step.at("tile"))
