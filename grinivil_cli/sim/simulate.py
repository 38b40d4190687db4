"""`grinivil simulate`: a complete, legal game log played by bots (`sim/bot.py`: each turn made
decision by decision from the exact options), every random outcome drawn
from one seeded generator and recorded. The same seed gives the same log."""

from __future__ import annotations

from typing import Any

from ..edition.model import Edition
from .arena import play


def simulate(edition: Edition, players: int, seed: int,
             options: dict[str, Any] | None = None, bot_kind: str = "simple") -> dict[str, Any]:
    """A complete legal game log for `players` players (2 to 6; the sixth plays orange and
    there is no Municipality), with the game variants of `options` (the log header's
    `options`; `personalized_tar: true` draws the picks). Same seed and options, same log.
    `bot_kind`: `simple` (the fast bot of `bot.py`) or `planner` (the lookahead bot of
    `planner.py`, every seat; `arena.play` mixes them)."""
    return play(edition, players, seed, bot_kind, options)[0]
