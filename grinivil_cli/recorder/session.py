"""A game being recorded: its log file, the table after its last whole turn, and the turn being
made, one decision at a time, from the exact options of each (`engine/choices.py`).

The file is written whole after every turn (`output.write_atomic`): closing the terminal or a
crash loses at most the turn being entered. `undo` takes the last turn back out of the file;
opening the file again replays it and goes on from its last whole turn.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..edition.load import load_edition
from ..edition.model import Edition
from ..engine.actions import NAMES
from ..engine.choices import Partial, Search, turn_search
from ..engine.game import Game
from ..engine.ledger import Entry
from ..engine.replay import CLAIM, Replay, play_written, replay
from ..engine.scoring import Score, final_scores
from ..errors import LogFormatError
from ..loading import read_log
from ..logfile.loaded import Loaded
from ..logfile.suggest import hint
from ..logfile.yamlsafe import load_yaml_text
from ..output import write_atomic
from ..packagedata import schema_path_from
from ..sim.simulate import check_options, random_setup
from ..sim.writer import log_to_yaml
from ..story import UNITS, amount, turn_story
from . import logtext

RECORDED = "# {title}: recorded at the table with grinivil record{args}.\n"
STARTED = ("# {title}: started with grinivil new{args}; edit the setup to what the table "
           "dealt, then record the turns with grinivil record.\n")


# Where each value of a setup comes from (rulebook: Setup, Time Action Ring Setup), written
# beside it by `grinivil new`: what to put there when the table dealt something else.
SETUP_SOURCES = {
    "players": "seating order, clockwise from the first player; colours: brown, grey, beige, "
               "white, black, orange (R-GEN-01)",
    "money": "each player's Grinies at the start",
    "inner_tiles": "Setup 1: the two Inner Land Tiles drawn (1C, 1D), by edition key",
    "municipal_tokens": "Setup 2: the Building Token drawn for each Municipal site on the road",
    "market": "Setup 5: the cubes drawn for the Market (6 a player, 5 with 5-6 players)",
    "display": "Setup 3: the five resident cards face up on the Display",
    "residents": "Setup 8: the two resident cards dealt to each player",
    "ring": "Time Action Ring Setup: the 16 tiles r1..r16 in ring order",
    "conversion_rate": "Time Action Ring Setup: the D4 Conversion Die as rolled",
    "options": "the variants played (docs/log-format.md)",
}


def explain_setup(text: str) -> str:
    """`text` (a log written by `log_to_yaml`) with a comment above each setup key and above
    `players` saying where its value comes from."""
    out = []
    for line in text.splitlines(keepends=True):
        key = line.strip().split(":", 1)[0]
        indent = line[:len(line) - len(line.lstrip(" "))]
        if key in SETUP_SOURCES and (indent == "  " or key == "players" and not indent):
            out.append(f"{indent}# {SETUP_SOURCES[key]}\n")
        out.append(line)
    return "".join(out)


class CannotRecord(Exception):
    """The log cannot be recorded into (unreadable, illegal, finished...): the message says
    why; `code` is the exit code (2 unreadable or usage, 1 illegal)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class TurnMade:
    """A turn recorded: its number, record, and what it changed, in words."""

    number: int
    record: dict[str, Any]
    summary: str


@dataclass
class Recording:
    """The log at `path` (its text, as the file holds it) and its replay."""

    path: Path
    log: logtext.LogText
    edition: Edition
    replayed: Replay
    last: dict[str, Any] | None = None  # the record of the log's last turn

    @property
    def game(self) -> Game:
        assert self.replayed.game is not None
        return self.replayed.game

    @property
    def turns(self) -> int:
        return self.log.turns

    @property
    def finished(self) -> bool:
        return self.replayed.finished

    def on_turn(self) -> str:
        g = self.game
        return g.state.players[g.state.current].name

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, edition: str | None = None) -> Recording:
        """An existing log, replayed to its last whole turn; it must be legal and not over."""
        try:
            text = path.read_text(encoding="utf-8")
            loaded, ed = read_log(path, edition)
        except LogFormatError as e:
            raise CannotRecord("\n".join(str(p) for p in e.problems)) from None
        except OSError as e:
            raise CannotRecord(f"{path}: {e.strerror or e}") from None
        try:
            log = logtext.LogText.of(text, loaded)
        except logtext.NotContinuable as e:
            raise CannotRecord(f"{path}: {e}") from None
        turns = loaded.data.get("turns") or []
        return cls(path, log, ed, cls._replayed(ed, loaded, path),
                   last=copy.deepcopy(turns[-1]) if turns else None)

    @staticmethod
    def _replayed(ed: Edition, loaded: Loaded, path: Path) -> Replay:
        try:
            r = replay(ed, loaded, keep_snapshots=False, claims=True)
        except LogFormatError as e:
            raise CannotRecord("\n".join(str(p) for p in e.problems)) from None
        moves = [e for e in r.findings if e.rule != CLAIM]  # a wrong claim is bookkeeping
        if moves:
            found = moves[0]
            where = f"{found.position}: " if found.position else f"{path}: "
            raise CannotRecord(f"{where}turn {found.turn}: {found.rule}: {found.message} (the "
                               "log must be legal to be continued: fix it, or take the turn "
                               "out)", 1)
        return r

    @classmethod
    def deal(cls, path: Path, players: int, seed: int, options: dict[str, Any] | None = None,
             names: list[str] | None = None, edition: str | None = None,
             explained: bool = False) -> Recording:
        """A new log at `path` with a random legal setup (`--deal SEED`), written at once."""
        if path.exists():
            raise CannotRecord(f"{path} exists already: record into it without --deal to go "
                               "on with its game, or name a new file")
        try:
            ed = load_edition(edition or "standard")
        except LogFormatError as e:
            raise CannotRecord("\n".join(str(p) for p in e.problems)) from None
        try:
            log = random_setup(ed, players, random.Random(seed), check_options(options))
        except ValueError as e:
            raise CannotRecord(str(e)) from None
        if names:
            if len(names) != players or len(set(names)) != len(names):
                raise CannotRecord(f"--names gives {len(names)} names for {players} players "
                                   "(one different name each, in seating order)")
            log = _renamed(log, names)
        log["title"] = f"{players}-player game"
        return cls.create(path, log, f" --deal {seed} --players {players}", edition,
                          explained=explained)

    @classmethod
    def create(cls, path: Path, log: dict[str, Any], args: str = "",
               edition: str | None = None, explained: bool = False) -> Recording:
        """A new log at `path` with the setup of `log` and no turn, written at once; with
        `explained` (`grinivil new`), each line of the setup says where its value comes from
        (the schema named, in either case, by a path that resolves from the log's folder)."""
        text = log_to_yaml(log).split("\n", 2)[2]  # the simulator's comment lines replaced
        head = (STARTED if explained else RECORDED).format(title=log["title"], args=args)
        text = (f"# yaml-language-server: $schema={schema_path_from(path.parent)}\n" + head
                + (explain_setup(text) if explained else text))
        try:
            write_atomic(path, text)
        except OSError as e:
            raise CannotRecord(f"cannot write {path}: {e.strerror or e}") from None
        return cls.open(path, edition)

    # --- a turn, decision by decision -------------------------------------------------------

    def search(self) -> Search:
        return turn_search(self.game)

    def start(self) -> Partial:
        return Partial({"player": self.on_turn()})

    def commit(self, partial: Partial, note: str | None = None) -> TurnMade:
        """Play the turn made (`partial`, complete) for real, append it to the file (with its
        `note`, a comment), and say what it changed."""
        g = self.game
        record = partial.record()
        if note:
            record["note"] = note
        size = len(g.ledger.entries)
        number = self.turns + 1
        error = play_written(g, record, number - 1, claims=False)
        if error is not None:  # the options offered were legal: an engine bug if ever seen
            raise CannotRecord(f"turn {number} was refused by the rules after its decisions "
                               f"were offered as legal: {error.rule}: {error.message}", 1)
        self._write(self.log.append(record))
        self.last = record
        return TurnMade(number, record, summary(record, g.ledger.entries[size:]))

    def undo(self) -> int:
        """Take the last turn of the log back (out of the file too); the turns left."""
        try:
            text = self.log.without_last()
        except logtext.NotContinuable as e:
            raise CannotRecord(str(e)) from None
        self._write(text)
        loaded = load_yaml_text(text, str(self.path))
        self.replayed = self._replayed(self.edition, loaded, self.path)
        turns = loaded.data.get("turns") or []
        self.last = copy.deepcopy(turns[-1]) if turns else None
        return self.turns

    def claim(self, what: str, claimed: dict[str, int]) -> str:
        """The table's score track (`what`: vp) or money after the last turn, checked against
        the rules at once and added to that turn's `claims`; CannotRecord (exit 1) when a
        claim disagrees, with what the rules give and the turn's ledger lines that made it."""
        if self.last is None:
            raise CannotRecord("no turn is recorded yet: claims are made after a turn")
        g = self.game
        names = [p.name for p in g.state.players]
        for name, told in claimed.items():
            if name not in names:
                raise CannotRecord(f"'{name}' is not a player{hint(name, names)}", 2)
            held = getattr(g.state.player(name), what)
            if held != told:
                unit = UNITS[what]
                lines = [f"{e.cause} {amount(e)} (turn {e.turn})"
                         for e in g.ledger.entries if e.player == name and e.what == what][-3:]
                raise CannotRecord(f"{name} has {held} {unit} after turn {self.turns} by the "
                                   f"rules; the table says {told}. The last changes: "
                                   + "; ".join(lines), 1)
        record = copy.deepcopy(self.last)
        claims = record.setdefault("claims", {})
        for name, told in claimed.items():
            claims.setdefault(name, {})[what] = told
        self.log.without_last()
        self._write(self.log.append(record))
        self.last = record
        return ", ".join(f"{n} {a} {UNITS[what]}" for n, a in claimed.items()) + \
            f": as the rules give after turn {self.turns}, recorded as claims."

    def _write(self, text: str) -> None:
        try:
            write_atomic(self.path, text)
        except OSError as e:
            raise CannotRecord(f"cannot write {self.path}: {e.strerror or e}; the turns "
                               "recorded before this one are in it") from None

    def scores(self) -> list[Score]:
        return final_scores(self.game)


def _renamed(log: dict[str, Any], names: list[str]) -> dict[str, Any]:
    old = [p["name"] for p in log["players"]]
    to = dict(zip(old, names, strict=True))
    log["players"] = [{**p, "name": to[p["name"]]} for p in log["players"]]
    log["setup"]["residents"] = {to[k]: v for k, v in log["setup"]["residents"].items()}
    return log


def summary(record: dict[str, Any], entries: list[Entry]) -> str:
    """What a turn changed: its player and action, then a line a player from the ledger, each
    change with its rule (`story.turn_story`)."""
    tile = str(record.get("tile", ""))
    head = f"{record.get('player')}, {NAMES.get(tile, tile)}"
    if record.get("declined"):
        head += " (declined)"
    lines = turn_story(entries, record) or ["nothing changed hands."]
    return head + "".join(f"\n  {line}" for line in lines)


