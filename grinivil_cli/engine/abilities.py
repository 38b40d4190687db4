"""The Ability Tiles, one entry per tile (rulebook: Action Tiles Overview #19-#24, #51P, #53P;
Player's Turn steps 1, 2 and 7).

The action of every Ability Tile is the same: place a Worker from the Portfolio on it
(`place_ability_worker`, R-ABIL-01). The ability then lasts "one round": while the Worker stands
there (`has_worker_on`), until the token next passes or ends on the tile and the Worker comes
back (`take_back_passed_workers`, R-ABIL-03, R-TAR-15). Each ability is a hook, called where its
effect applies:

| tile | # | effect | called from |
|---|---|---|---|
| Architect | 19 | any Resources for a Floor | `construction.floor_cubes` |
| Engineer | 20 | each Market cube 3 Grinies cheaper | `actions/trade.buy_resources` |
| Builder | 21 | one Resource less for a Floor | `construction.floor_cubes` |
| Ecologist | 22 | a Tree each time an Action is chosen | `collect_ability_benefits` (step 2) |
| Banker | 23 | 3 Grinies each time an Action is chosen | `collect_ability_benefits` (step 2) |
| Merchant | 24 | a random Resource each time an Action is chosen | `collect_ability_benefits` |
| Follower | 51P | perform the previous player's Action without moving | `turn.play_action` |
| Manager | 53P | no Time Shift after an Action | `ring.shift_time` |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalMove, IncompleteRecord
from . import occupied
from .game import Game, cube_counts
from .records import AbilityTile, Step
from .state import PlayerState
from .tiles import ABILITY_TILES, MERCHANT_KEY, TimeCost, ring_tile_of, tile_name

if TYPE_CHECKING:
    from .turnstate import Turn, TurnContext

ENGINEER_DISCOUNT = 3  # R-A20-01
BUILDER_FEWER = 1  # R-A21-01
ECOLOGIST_TREES = 1  # R-A22-01
BANKER_GRINIES = 3  # R-A23-01
MERCHANT_RESOURCES = 1  # R-A24-01
FOLLOW_TIME = 2  # R-A51P-05: the Time Shift after a followed Action is a mandatory 2
BENEFIT_KEYS = frozenset({MERCHANT_KEY})  # what the step-2 benefits record in a turn


# --- every Ability Tile -------------------------------------------------------------------------

def has_worker_on(g: Game, p: PlayerState, tile: str) -> bool:
    """`p`'s Worker stands on the Ability Tile `tile`: its ability is active (R-ABIL-03)."""
    ring = g.state.ring
    pos = ring.position_of(tile)
    return pos is not None and ring.ability_workers.get(pos) == p.name


def place_ability_worker(g: Game, p: PlayerState, move: AbilityTile,
                         ctx: TurnContext) -> TimeCost:
    """An Ability Tile's action: place a Worker from the Portfolio on it; no extra time
    (R-ABIL-01, R-ABIL-05, R-WRK-06)."""
    if g.free_workers(p) < 1:
        raise IllegalMove("R-WRK-06", f"{p.name} has no free Worker to place on the Ability "
                          "Tile.", ctx.step.at("tile"))
    g.state.ring.ability_workers[p.position] = p.name
    g.worker_moved(p, 1, f"Worker placed on {tile_name(g.ed, ctx.step.tile)}",
                   "R-ABIL-01")
    return TimeCost(0)


def take_back_passed_workers(g: Game, p: PlayerState, positions: list[int]) -> None:
    """A Worker on an Ability Tile the token passes or ends on comes back: the ability ends
    (R-TAR-15, R-ABIL-03)."""
    ring = g.state.ring
    if p.name not in ring.ability_workers.values():
        return
    for pos in positions:
        if ring.ability_workers.get(pos) == p.name:
            del ring.ability_workers[pos]
            g.worker_moved(p, -1, f"Worker back from {tile_name(g.ed, ring.tile_at(pos))}",
                           "R-TAR-15")


# --- #19 Architect, #21 Builder: building a Floor -----------------------------------------------

def architect_any_resources(g: Game, p: PlayerState) -> bool:
    """#19 Architect: when building a Floor, any Resources may be used, not only those
    required (R-A19-01, AMB-A19-01: as many as required)."""
    return has_worker_on(g, p, "architect")


def builder_fewer_resources(g: Game, p: PlayerState) -> int:
    """#21 Builder: when building a Floor, one Resource less than required may be discarded
    (R-A21-01, AMB-A21-01)."""
    return BUILDER_FEWER if has_worker_on(g, p, "builder") else 0


# --- #20 Engineer: buying on the Market --------------------------------------------------------

def engineer_price(g: Game, p: PlayerState, price: int) -> int:
    """#20 Engineer: each Resource bought on the Market costs 3 Grinies less, down to 0
    (R-A20-01, AMB-A02-01)."""
    return max(0, price - ENGINEER_DISCOUNT) if has_worker_on(g, p, "engineer") else price


# --- #22 Ecologist, #23 Banker, #24 Merchant: each time an Action is chosen --------------------

def collect_ability_benefits(g: Game, p: PlayerState, step: Step) -> None:
    """Step 2: every Ability Tile with `p`'s Worker that pays when an Action is chosen
    (R-TURN-02, AMB-TURN-02/03)."""
    ring = g.state.ring
    mine = {ring.tile_at(pos) for pos, who in ring.ability_workers.items() if who == p.name}
    merchant, drawn = "merchant" in mine, None
    if merchant:  # drawn first: the simulator's draws keep their order
        drawn = merchant_draw(g, p, step)
    elif step.merchant is not None:
        raise IllegalMove("R-A24-01", f"{p.name} has no Worker on the Merchant tile; nothing is "
                          "drawn for it.", step.at(MERCHANT_KEY))
    if "ecologist" in mine:
        ecologist_tree(g, p)
    if "banker" in mine:
        g.earn(p, BANKER_GRINIES, "Banker: 3 Grinies", "R-A23-01")
    if merchant and drawn is not None:
        g.draw_from_pouch(p, cube_counts([drawn]), "Merchant: a random Resource", "R-A24-01",
                          step.at(MERCHANT_KEY))


def ecologist_tree(g: Game, p: PlayerState) -> None:
    """#22 Ecologist: a Tree from the general supply, while any is left (R-A22-01,
    AMB-SBON-02)."""
    if g.state.supply.trees > 0:
        g.take_trees(p, ECOLOGIST_TREES, "Ecologist: a Tree from the supply", "R-A22-01")


def merchant_active(g: Game, p: PlayerState) -> bool:
    """#24: `p`'s Worker stands on the Merchant: each Action chosen draws a random Resource."""
    return has_worker_on(g, p, "merchant")


def merchant_draw(g: Game, p: PlayerState, step: Step) -> str | None:
    """#24 Merchant: the random Resource drawn from the Reserve, as the log records it; none
    when the pouch is empty (R-A24-01, R-GEN-05)."""
    pouch = g.state.supply.pouch
    if sum(pouch.values()) == 0:
        if step.merchant is not None:
            raise IllegalMove("R-A24-01", "the pouch is empty: the Merchant draws nothing.",
                              step.at(MERCHANT_KEY))
        return None
    drawn = g.outcome(step, MERCHANT_KEY,
                      lambda c: c.cubes(dict(pouch), MERCHANT_RESOURCES)[0])
    if drawn is None:
        raise IncompleteRecord("R-A24-01", f"{p.name}'s Merchant draws a random Resource: the "
                               "log must record it ('merchant').", step.at(MERCHANT_KEY))
    return str(drawn)


# --- #51P Follower ------------------------------------------------------------------------------

def follower_active(g: Game, p: PlayerState) -> bool:
    """#51P Follower: `p` may follow the previous player's Action this turn (R-A51P-02)."""
    return has_worker_on(g, p, "follower")


def follows(g: Game, p: PlayerState, step: Step, turn: Turn) -> bool:
    """#51P Follower: whether this action follows (the log's `follow: true`): the token does
    not move and the action is one of the tile the previous player chose at the beginning of
    their turn. Checked here: a Worker on the Follower, a previous player who chose a tile
    (AMB-A51P-01), the same tile (either half of the dual tile, R-A51P-03), not an occupied
    Restricted Tile nor an Ability Tile (R-A51P-04) (R-A51P-02). A followed Build Action needs
    a free Worker like a chosen one (`ring.check_free_worker`, R-WRK-02)."""
    follow = step.follow
    if follow is None:
        return False
    if step is not turn.record:
        raise IllegalMove("R-A51P-02", "following happens at the beginning of a turn; a Repeat "
                          "Action follows the standard procedure (R-A51P-06).", step.at("follow"))
    if follow is not True:
        return False
    path = step.at("follow")
    if not follower_active(g, p):
        raise IllegalMove("R-A51P-02", f"{p.name} has no Worker on the Follower: the token "
                          "must move to the chosen tile.", path)
    names = [q.name for q in g.state.players]
    previous = g.state.players[(names.index(p.name) - 1) % len(names)]
    last = g.state.last_tile
    if previous.finished or last is None:
        why = (f"{previous.name} has finished the game" if previous.finished else
               f"{previous.name} did not choose a tile at the start of their turn (they followed, "
               "or no turn has been played yet)")
        raise IllegalMove("R-A51P-02", f"{why}: there is no action to follow (AMB-A51P-01).",
                          path)
    action = step.tile
    tile = ring_tile_of(action)
    if tile != ring_tile_of(last):
        raise IllegalMove("R-A51P-02", f"the Follower performs an action of the tile "
                          f"{previous.name} chose ({tile_name(g.ed, ring_tile_of(last))}); the log "
                          f"names {tile_name(g.ed, tile)}.", step.at("tile"))
    if tile in ABILITY_TILES:
        raise IllegalMove("R-A51P-04", f"{tile_name(g.ed, tile)} is an Ability Tile: its action "
                          "cannot be followed.", step.at("tile"))
    occupied.check_not_occupied(g, tile, step.at("tile"), following=True)
    if step.merchant is not None:  # not choosing an action (AMB-A51P-02 (a))
        raise IllegalMove("R-A24-01", "a followed action is not chosen on the ring: the "
                          "Merchant draws nothing (AMB-A51P-02).", step.at(MERCHANT_KEY))
    return True


def follower_time() -> TimeCost:
    """#51P: the Time Shift after a followed Action is a mandatory 2, whatever the Action's
    own cost (R-A51P-05)."""
    return TimeCost(FOLLOW_TIME, mandatory=True)


# --- #53P Manager -------------------------------------------------------------------------------

def manager_zero_time(g: Game, p: PlayerState) -> bool:
    """#53P Manager: every Action has zero Time Cost, mandatory ones included, so no Time Shift
    and no time to buy (R-A53P-01, AMB-A53P-01 (a))."""
    return has_worker_on(g, p, "manager")
