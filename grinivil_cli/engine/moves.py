"""The one judge of whether a turn record is legal: the replay itself, on a copy of the table
(`is_legal`). The legal choices of a turn, decision by decision, are `grinivil_cli/choose`;
the simulator's bots make their turns from them (grinivil_cli/sim/bot.py).
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalMove
from .game import Game
from .replay import play_written


def is_legal(g: Game, move: dict[str, Any], index: int | None = None) -> IllegalMove | None:
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
        return play_written(g, move, number - 1, rollback=False)
    finally:
        g.state = state
        del g.ledger.entries[size:]
        del g.findings[found:]
