"""grinivil: read, replay and judge recorded games of the board game Grinivil from Python.

The same rules engine as the `grinivil` command. Read a log (a file, or YAML text), step
through the table after every turn, ask which tiles the player on turn may choose, draw the
table as SVG, and make turns at a game in progress one decision at a time (`Table`, in
docs/api.md):

>>> import grinivil
>>> game = grinivil.read_log("samples/game-4p.yaml")
>>> game.players
['Anna', 'Bruno', 'Clara', 'David']
>>> game.legal, game.turns
(True, 132)
>>> [(s.player, s.total) for s in game.scores]
[('Bruno', 68), ('Clara', 58), ('Anna', 57), ('David', 50)]
>>> after5 = game.position(5)
>>> after5.player, after5.action, after5.state.player("Anna").money
('Anna', 'buy-resources-discount', 41)
>>> [c.tile for c in grinivil.moves(after5.state) if c.eligible][:3]
['buy-resources', 'plant-trees', 'banker']
>>> grinivil.svg.snapshot(after5).startswith("<?xml")
True

A log that breaks a rule replays up to the move that breaks it:

>>> bad = grinivil.read_log("samples/illegal/r-gen-02-turn-out-of-order.yaml")
>>> bad.legal, bad.error.rule, bad.turns
(False, 'R-GEN-02', 4)

A log that cannot be read raises `LogFormatError`, with every problem and its place:

>>> grinivil.read_log("format: grinivil-log/1\\nplayers: 3\\n")
Traceback (most recent call last):
...
grinivil_cli.errors.LogFormatError: <text>:1:1: the log needs 'setup'
<text>:1:1: the log needs 'turns'
<text>:2:10: expected a list, found the number 3

The API is this module and `grinivil.svg`; what they return (`GameState`, `Score`,
`IllegalMove`, `TileChoice`, `Decision`, `TurnDone`) are the engine's own types, documented
in docs/api.md.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from grinivil_cli import __version__ as __version__
from grinivil_cli.choose import END, OMIT, Decision, TileChoice, tile_choices
from grinivil_cli.engine.game import Game as _Table
from grinivil_cli.engine.ledger import Ledger
from grinivil_cli.engine.replay import Snapshot
from grinivil_cli.engine.scoring import Score
from grinivil_cli.engine.state import GameState
from grinivil_cli.errors import IllegalMove, LogFormatError
from grinivil_cli.table import Claims, FinalClaims, Note, NotPlayable, Table, TurnDone
from grinivil_cli.table.answers import NO_DEFAULT
from grinivil_cli.table.loading import Game as _Loaded
from grinivil_cli.table.loading import load_game, load_game_text

from . import svg

__all__ = ["END", "NO_DEFAULT", "OMIT", "Claims", "Decision", "FinalClaims", "GameLog",
           "GameState", "IllegalMove", "LogFormatError", "Note", "NotPlayable", "Position",
           "Score", "Table", "TileChoice", "TurnDone", "moves", "read_log", "svg"]

Position = Snapshot  # the table after a turn: `turn` (0: the setup), `player`, `action`, `state`


@dataclass(frozen=True)
class GameLog:
    """A log read and replayed through the rules."""

    _game: _Loaded

    @property
    def source(self) -> str:
        """The file the log was read from (`<text>` for text)."""
        return str(self._game.loaded.source)

    @property
    def players(self) -> list[str]:
        """The players in seating order."""
        return [p.name for p in self._game.replay.snapshots[0].state.players] \
            if self._game.replay.snapshots else []

    @property
    def legal(self) -> bool:
        """Every move legal and every claim of the log borne out by the rules."""
        return self._game.replay.error is None

    @property
    def error(self) -> IllegalMove | None:
        """The first finding: the illegal move that stopped the replay, or the first claim
        that disagrees (the replay goes on after a claim)."""
        return self._game.replay.error

    @property
    def findings(self) -> list[IllegalMove]:
        """Every finding, in log order."""
        return list(self._game.replay.findings)

    @property
    def turns(self) -> int:
        """The turns replayed legally."""
        return self._game.replay.played

    @property
    def scores(self) -> list[Score] | None:
        """The final scores, best first (None until the game is over)."""
        return self._game.replay.scores

    def positions(self) -> Iterator[Position]:
        """The table after the setup (turn 0) and after every turn replayed, in order."""
        yield from self._game.replay.snapshots

    def position(self, turn: int) -> Position:
        """The table after `turn` (0: the setup); IndexError past the last turn replayed."""
        snaps = self._game.replay.snapshots
        if not 0 <= turn < len(snaps):
            raise IndexError(f"turn {turn}: the replay has turns 0 to {len(snaps) - 1}")
        return snaps[turn]


def read_log(source: str | os.PathLike[str], *, edition: str | None = None) -> GameLog:
    """Read a log and replay it: `source` is a file's path, or the YAML text itself (text
    with a line break in it). Raises `LogFormatError` when it cannot be read (every
    problem, with its line and column); a log that breaks a rule is read all the same, up
    to the move that breaks it (`GameLog.error`)."""
    if isinstance(source, str) and "\n" in source:
        return GameLog(load_game_text(source, edition=edition))
    return GameLog(load_game(Path(source), edition))


def moves(state: GameState) -> list[TileChoice]:
    """The tiles of the ring for the player on turn at `state`, in ring order: whether some
    legal turn chooses each, and if not, why (`TileChoice.why`: the rule and its numbers).
    The engine's exact choices, as `grinivil moves LOG --turn N` prints them."""
    return tile_choices(_Table(state.copy(), Ledger()))
