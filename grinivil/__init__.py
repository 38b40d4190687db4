"""grinivil: read, replay and judge recorded games of the board game Grinivil from Python.

The same rules engine as the `grinivil` command. Read a log (a file's path, an open file, or
its text with `from_text`), step through the table after every turn, ask which tiles the player
on turn may choose, draw the table as SVG, and make turns at a game in progress one decision at
a time (`Table`, in docs/api.md). Every object says what it is in one short line:

>>> import grinivil
>>> game = grinivil.read_log("samples/game-4p.yaml")
>>> game
<GameLog game-4p.yaml: 4 players (Anna, Bruno, Clara, David), 132 turns, over, legal>
>>> game.players
['Anna', 'Bruno', 'Clara', 'David']
>>> game.legal, game.turns
(True, 132)
>>> [(s.player, s.total) for s in game.scores]
[('Bruno', 68), ('Clara', 58), ('Anna', 57), ('David', 50)]
>>> after5 = game.position(5)
>>> after5
<Snapshot turn 5 (Anna, Buy Resources (with discount))>
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

>>> grinivil.from_text("format: grinivil-log/1\\nplayers: 3\\n")
Traceback (most recent call last):
...
grinivil_cli.errors.LogFormatError: <text>:1:1: the log needs 'setup'
<text>:1:1: the log needs 'turns'
<text>:2:10: expected a list, found the number 3

The API is this module and `grinivil.svg`. The classes of what they return (`GameState`,
`Snapshot`, `Score`, `Edition`, `IllegalMove`, `TileChoice`, `Decision`, `TurnDone`...) are the
engine's own, importable from here, and documented in docs/api.md.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from grinivil_cli import __version__ as __version__
from grinivil_cli.base.shown import file_named, listed, plural, tagged
from grinivil_cli.choose import END, OMIT, Decision, TileChoice, tile_choices
from grinivil_cli.edition.model import Edition
from grinivil_cli.engine.game import Game as _Table
from grinivil_cli.engine.ledger import Entry, Ledger
from grinivil_cli.engine.replay import CLAIM, Snapshot
from grinivil_cli.engine.scoring import Score
from grinivil_cli.engine.state import GameState, PlayerState
from grinivil_cli.errors import IllegalMove, LogFormatError, Problem
from grinivil_cli.table import Claims, FinalClaims, Note, NotPlayable, Table, TurnDone
from grinivil_cli.table.answers import NO_DEFAULT
from grinivil_cli.table.loading import TEXT_AS_PATH, Readable, load_game, load_game_text, read_open
from grinivil_cli.table.loading import Game as _Loaded

from . import svg

__all__ = ["END", "NO_DEFAULT", "OMIT", "Claims", "Decision", "Edition", "Entry", "FinalClaims",
           "GameLog", "GameState", "IllegalMove", "LogFormatError", "NotPlayable", "Note",
           "PlayerState", "Position", "Problem", "Readable", "Score", "Snapshot", "Table",
           "TileChoice", "TurnDone", "from_text", "moves", "read_log", "svg"]

Position = Snapshot  # the table after a turn: `turn` (0: the setup), `player`, `action`, `state`


@dataclass(frozen=True, repr=False)
class GameLog:
    """A log read and replayed through the rules."""

    _game: _Loaded

    def __repr__(self) -> str:
        """One line: the source, the players, the turns replayed and the verdict."""
        players = f"{len(self.players)} players ({listed(self.players, 50)})" \
            if self.players else "not set up"
        over = ", over" if self.scores is not None else ""
        error = self.error
        if error is None:
            verdict = "legal"
        elif error.rule == CLAIM:
            verdict = f"{plural(len(self.findings), 'claim')} the rules do not bear out"
        else:
            at = "the setup" if error.turn is None else f"turn {error.turn}"
            verdict = f"illegal: {error.rule} at {at}"
        return tagged("GameLog", f"{file_named(self.source)}: {players}, {self.turns} turns{over}, "
                      f"{verdict}")

    @property
    def source(self) -> str:
        """The file the log was read from (`<text>` for text)."""
        return str(self._game.loaded.source)

    @property
    def edition(self) -> Edition:
        """The edition the log is judged with (the one it names, or the kept version with the
        data it pins)."""
        return self._game.edition

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


def read_log(source: str | os.PathLike[str] | Readable, *,
             edition: str | None = None) -> GameLog:
    """Read a log and replay it: `source` is a file's path, or a file open for reading (text
    or binary, named by its `name`); the log's text itself is `from_text`'s. Raises
    `LogFormatError` when it cannot be read (every problem, with its line and column); a log
    that breaks a rule is read all the same, up to the move that breaks it (`GameLog.error`).

    A string with a line break in it is still read as the log's text, with a
    DeprecationWarning, until 0.3 (no path has one)."""
    if isinstance(source, str) and "\n" in source:
        warnings.warn(TEXT_AS_PATH.format(call="read_log", instead="grinivil.from_text"),
                      DeprecationWarning, stacklevel=2)
        return from_text(source, edition=edition)
    if isinstance(source, (str, os.PathLike)):
        return GameLog(load_game(Path(source), edition))
    if not callable(getattr(source, "read", None)):
        raise TypeError(f"read_log takes a path or a file open for reading, not "
                        f"{type(source).__name__} (the log's text: grinivil.from_text)")
    data, name, beside = read_open(source)
    return GameLog(load_game_text(data, name, edition, beside=beside))


def from_text(text: str | bytes, name: str = "<text>", *,
              edition: str | None = None) -> GameLog:
    """Read a log from its YAML text (or its UTF-8 bytes) and replay it, as `read_log` does a
    file; `name` is what messages call it. An edition the log names that is not bundled
    cannot be read beside a text: give its file (`edition="my-box.yaml"`)."""
    return GameLog(load_game_text(text, name, edition))


def moves(state: GameState) -> list[TileChoice]:
    """The tiles of the ring for the player on turn at `state`, in ring order: whether some
    legal turn chooses each, and if not, why (`TileChoice.why`: the rule and its numbers).
    The engine's exact choices, as `grinivil moves LOG --turn N` prints them."""
    return tile_choices(_Table(state.copy(), Ledger()))
