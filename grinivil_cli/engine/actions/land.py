"""Action tiles about the Land: #08a Explore Land, #08b Build a Road, #09 Buy Trees,
#10 Plant Trees, #16 Replanting."""

from __future__ import annotations

from math import ceil

from ...errors import IllegalMove
from ..exploring import explore
from ..game import Game, Rec
from ..ring import TimeCost, TurnContext
from ..roads import advance_road_track, complete_road
from ..state import PlayerState
from ..trees import plant_trees_action, replant, tree_price
from .trade import place_occupied_token

EXPLORE_PRICE, EXPLORE_VP = 10, 3  # R-A08A-01/03


def explore_land(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """Pay 10, add a Land Tile, 3 VPs, Ownership Marker (R-A08A-01..07, AMB-A08A-01)."""
    g.pay(p, EXPLORE_PRICE, "Explore Land", "R-A08A-01", rec.path)
    slot = explore(g, p, rec, owner=p, cause="Explore Land", rule="R-A08A-02")
    g.gain_vp(p, EXPLORE_VP, f"explored {slot}", "R-A08A-03")
    return TimeCost(1)


def build_road(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """2 Concrete, a Completed Road token, a step on the Bonus Road Track (R-A08B-01..05)."""
    road = rec.require("road", "the road completed", "R-A08B-02")
    complete_road(g, p, str(road), rec.at("road"), pay_concrete=True, rule="R-A08B-01")
    ctx.repeats_earned += advance_road_track(g, p, rec)
    return TimeCost(2)


def buy_trees(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """1-6 Trees into the Portfolio at 1 or 2 Grinies each (R-A09-01..05)."""
    n = int(rec.require("trees", "how many Trees were bought", "R-A09-01"))
    if not 1 <= n <= 6:
        raise IllegalMove("R-A09-01", f"1 to 6 Trees are bought; the log buys {n}.",
                          rec.at("trees"))
    if n > g.state.supply.trees:
        raise IllegalMove("R-A09-05", f"only {g.state.supply.trees} Trees are left in the "
                          "supply.", rec.at("trees"))
    g.pay(p, tree_price(n), f"{n} Trees", "R-A09-02", rec.at("trees"))
    g.take_trees(p, n, "bought Trees", "R-A09-01", partial=False)
    return TimeCost(1)


def plant_trees(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """Plant 1-9 Trees in one Planting Sector; 1 TU per 3 Trees, rounded up (R-A10-01..04)."""
    spots = list(rec.require("spots", "the Planting Spots", "R-A10-01") or [])
    n = plant_trees_action(g, p, spots, rec.at("spots"))
    return TimeCost(ceil(n / 3))


def replanting(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """Replant up to 3 Trees anywhere, 1 VP, the 'occupied' token; 1 TU per Tree
    (R-A16-01..06)."""
    moves = list(rec.require("moves", "the Trees moved", "R-A16-01") or [])
    n = replant(g, p, moves, rec.at("moves"))
    place_occupied_token(g, p, "replanting")
    return TimeCost(n)
