"""Legal-move generation: concrete turn records for the player on turn, and the one judge of
whether a record is legal (the replay itself, on a copy of the table).

A generator proposes *candidates*: records the rules of an action may accept, assembled from
the state (the sites that can take a Floor, the slots that can be explored, the roads that can
be built, the Resident cards on display...) by the action's maker in engine/makers.py. Where
an action leaves choices open, a sample is drawn from `rng`, so the makers take the random
generator as a parameter and call it in a fixed order (the simulator's logs depend on that
order). Which candidates are actually legal is
decided by `is_legal`, which plays them through `replay.play_one`: the validator and the
generator cannot disagree. A player's policy (which action to prefer, which Floor to build
first) is not here: see grinivil_cli/sim/bot.py.
"""

from __future__ import annotations

import random

from ..errors import IllegalMove
from .abilities import follower_active
from .game import Game, Rec
from .makers import MAKERS, TARGETED, Move, Target
from .replay import play_one
from .state import PlayerState
from .tiles import DUAL_TILE, ring_tile_of


# --- the judge ----------------------------------------------------------------------------------
def is_legal(g: Game, move: Move, index: int | None = None) -> IllegalMove | None:
    """The rule a turn record breaks, or None when the rules accept it: a dry run of
    `replay.play_one` (every rule of the turn, R-GEN-02 whose turn it is, the claims) on a copy
    of the state, after which the state object and the ledger are put back as they were.
    `move` is a turn record (`tile` and its fields; `player` defaults to the player on turn);
    `index` is its place in the log's turns (by default the next turn). With a Chance (the
    simulator), the random outcomes drawn are written into `move`, so that playing it for real
    afterwards gives the same outcome and draws nothing more."""
    state = g.state
    if "player" not in move and not all(q.finished for q in state.players):
        move["player"] = state.players[state.current].name
    number = state.turn + 1 if index is None else index + 1
    size, found = len(g.ledger.entries), len(g.findings)
    g.state = state.copy()
    try:
        return play_one(g, Rec(move, ("turns", number - 1)), number, rollback=False)
    finally:
        g.state = state
        del g.ledger.entries[size:]
        del g.findings[found:]


def legal_moves(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """The candidates of `candidates` that `is_legal` accepts, as turn records (with `player`
    and `tile`); the outcomes the simulator draws are written into them."""
    out = []
    for move in candidates(g, p, rng):
        record = {"player": p.name, **move}
        if is_legal(g, record) is None:
            out.append(record)
    return out


def candidates(g: Game, p: PlayerState, rng: random.Random) -> list[Move]:
    """Every action on the ring with its candidate records (the dual tile as its two halves),
    the same performed as a Follower when allowed (#51P), then the records of last resort:
    each bare tile and each tile declined (2 VP, R-TAR-10/11)."""
    out: list[Move] = []
    for action in sorted(ring_actions(g)):
        for move in moves_for(g, p, action, rng):
            out.append({"tile": action, **move})
    for action in follow_actions(g, p):
        for move in moves_for(g, p, action, rng):
            out.append({"tile": action, **move, "follow": True})
    return out + last_resort(g)


def last_resort(g: Game) -> list[Move]:
    """Moves of last resort: a bare tile (legal when it needs no fields, or when the choosing
    move ends the player's game in the last round), then declining it (2 VP penalty,
    R-TAR-10/11)."""
    keys = [t if t != DUAL_TILE else "explore" for t in g.state.ring.tiles]
    return [{"tile": t} for t in keys] + [{"tile": t, "declined": True} for t in keys]


def ring_actions(g: Game) -> set[str]:
    """The actions that can be chosen: the tiles on the ring, the dual tile as its two halves
    (Explore or Build Road)."""
    on_ring = set(g.state.ring.tiles)
    if DUAL_TILE in on_ring:
        on_ring = (on_ring - {DUAL_TILE}) | {"explore", "build-road"}
    return on_ring


def follow_actions(g: Game, p: PlayerState) -> list[str]:
    """#51P: the actions `p` may perform as a Follower, without moving: the previous player's
    chosen action (either half of the dual tile), when `p` has a Worker on the Follower."""
    last = g.state.last_tile
    if last is None or not follower_active(g, p):
        return []
    return ["explore", "build-road"] if ring_tile_of(last) == DUAL_TILE else [last]


def moves_for(g: Game, p: PlayerState, action: str, rng: random.Random,
              targets: list[Target] | None = None) -> list[Move]:
    """Candidate records for one action (without `tile`); an action without choices gets one
    empty record. `targets` (Build Floor, Buy Resources) are the Floors to build, best first."""
    maker = MAKERS.get(action)
    if maker is None:
        return [{}]
    if action in TARGETED:
        return maker(g, p, rng, targets)
    return maker(g, p, rng)
