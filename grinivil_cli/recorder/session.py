"""A game being recorded: its log file, the table after its last whole turn, and the turn being
made, one decision at a time, from the exact options of each (`grinivil_cli/choose`).

The file is written whole after every turn (`output.write_atomic`): closing the terminal or a
crash loses at most the turn being entered. `undo` takes the last turn back out of the file;
opening the file again replays it and goes on from its last whole turn.

One recorder writes a log at a time (`lock.LogLock`, held from `open` to `close`; a second is
refused at open), and a log changed on disk since it was read or written (an editor, another
game copied over it) is never written over: the recorder stops, saying so, with the turn not
written printed to keep (`ChangedOutside`). The log is read once, through the bounded reader
(`yamlsafe.read_bounded`: a device or a FIFO is refused); a log the user made read-only, or one
in a folder that is not writable, is refused at open, before any question.

What the recorder writes is what the log's schema reads: a note or a name over the schema's
length is refused when it is typed (`note_refused`, `name_refused`), and a new log is read back
before it is written (`create`).
"""

from __future__ import annotations

import copy
import hashlib
import os
import random
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base import output
from ..base.output import write_atomic
from ..base.packagedata import schema_path_from
from ..edition.load import load_edition, refused_name
from ..edition.references import name_problem
from ..engine.game import Game
from ..engine.scoring import Score, final_scores
from ..errors import IllegalMove, LogFormatError
from ..logfile.schemadata import LOG_SCHEMA
from ..logfile.suggest import hint
from ..logfile.writer import log_to_yaml, turn_yaml
from ..logfile.yamlsafe import DEFAULT_MAX_BYTES, kind_of_file, load_yaml_text, read_bounded
from ..table import Claims, FinalClaims, NotPlayable, Table, TurnDone, logtext
from ..table.deal import check_options, random_setup
from ..table.loading import checked
from ..table.story import UNITS, amount
from .lock import Busy, LogLock

RECORDED = "# {title}: recorded at the table with grinivil {by}{args}.\n"
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
    "edition_digest": "the edition data the game is recorded with, pinned: keep it (the log is "
                      "judged with these data after an upgrade; docs/log-format.md)",
}
TOP_LEVEL = ("players", "edition_digest")  # explained at the top level; the rest in `setup`


def explain_setup(text: str) -> str:
    """`text` (a log written by `log_to_yaml`) with a comment above each setup key and above
    `players` saying where its value comes from."""
    out = []
    for line in logtext.lines(text):
        key = line.strip().split(":", 1)[0]
        indent = line[:len(line) - len(line.lstrip(" "))]
        if key in SETUP_SOURCES and (indent == "  " or key in TOP_LEVEL and not indent):
            out.append(f"{indent}# {SETUP_SOURCES[key]}\n")
        out.append(line)
    return "".join(out)


class CannotRecord(Exception):
    """The log cannot be recorded into (unreadable, illegal, finished...): the message says
    why; `code` is the exit code (2 unreadable or usage, 1 illegal)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


class ChangedOutside(CannotRecord):
    """The log changed on disk since the recorder read or wrote it: nothing was written, and
    the recording stops (the message holds what was not written, to keep)."""


# The free text the recorder writes, at most as long as the log's schema reads it.
NOTE_MAX: int = LOG_SCHEMA["$defs"]["action"]["properties"]["note"]["maxLength"]
NAME_MAX: int = LOG_SCHEMA["$defs"]["player"]["maxLength"]


def note_refused(note: str) -> str | None:
    """Why the note `note` cannot be written with a turn (longer than the schema reads, or a
    character that would not read back as typed), or None."""
    if len(note) > NOTE_MAX:
        return (f"a note is at most {NOTE_MAX:,} characters; this one has {len(note):,}: "
                "shorten it")
    try:
        back = load_yaml_text(turn_yaml({"note": note}), "<note>").data[0]["note"]
    except LogFormatError:
        back = None
    if back != note:
        read = back if isinstance(back, str) else ""
        at = next((i for i, (a, b) in enumerate(zip(note, read, strict=False)) if a != b),
                  min(len(note), len(read)))
        char = f"U+{ord(note[at]):04X}" if at < len(note) else "its end"
        return (f"the note cannot be written as typed: {char} would not read back from the "
                "log the same; type it without that character")
    return None


def name_refused(name: str) -> str | None:
    """Why a player cannot be called `name` in a log (empty, longer than the schema reads,
    or what `name_problem` refuses), or None."""
    if not name:
        return "a name is needed"
    if len(name) > NAME_MAX:
        return f"a player's name is at most {NAME_MAX} characters; '{name}' has {len(name)}"
    return name_problem(name)


def _digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def check_writable(path: Path) -> None:
    """Refuse at once (CannotRecord, exit 2) a log that cannot be recorded into, before any
    question: not a file (a device, a FIFO), or what `write_atomic` would refuse at the first
    turn (`output.check_writable`: read-only, other names, a folder that is not writable or
    does not exist)."""
    try:
        info: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as e:
        raise CannotRecord(f"{path}: {getattr(e, 'strerror', None) or e}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise CannotRecord(f"{path} is a folder, not a log file")
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = kind_of_file(info.st_mode) or "not a regular file"
        raise CannotRecord(f"{path} is {kind}, not a file: a log is recorded into a file")
    try:
        output.check_writable(path)
    except OSError as e:
        raise CannotRecord(output.reason(e, path.parent)) from None


def take_lock(path: Path, by: str = "record") -> LogLock:
    """The lock of the log at `path`, held (one writer a log: `grinivil record`, or `serve`:
    `by`); CannotRecord when another holds it, or the lock file cannot be made."""
    check_writable(path)
    held = LogLock(path, by)
    try:
        held.acquire()
    except Busy as e:
        pid = f" (pid {e.pid})" if e.pid is not None else ""
        raise CannotRecord(f"{path} is being recorded by another grinivil {e.by}{pid}; close "
                           "it first") from None
    except OSError as e:
        raise CannotRecord(f"cannot lock {path} for recording: {held.path}: "
                           f"{e.strerror or e}") from None
    return held


@dataclass
class Recording:
    """The log at `path`, as the file holds it, and its game in progress (`table.Table`):
    every change the table makes is written to the file whole, at once."""

    path: Path
    table: Table
    lock: LogLock | None = None  # held from open to close: one recorder a log
    seen: bytes = b""  # the digest of the file's bytes as last read or written
    max_bytes: int = DEFAULT_MAX_BYTES
    removed: list[str] = field(default_factory=list)  # stale temporary files cleared at open

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def turns(self) -> int:
        return self.table.turns

    @property
    def finished(self) -> bool:
        return self.table.over

    @property
    def last(self) -> dict[str, Any] | None:
        """The record of the log's last turn."""
        return self.table.last

    def on_turn(self) -> str:
        return self.table.player

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, edition: str | None = None,
             max_bytes: int = DEFAULT_MAX_BYTES, held: LogLock | None = None,
             by: str = "record") -> Recording:
        """An existing log, replayed to its last whole turn; it must be legal and not over.
        Its lock is taken first (`held`: taken already), then the temporary files of a
        recorder killed while writing it are removed, and the file is read once, bounded."""
        held = held if held is not None else take_lock(path, by)
        try:
            removed = held.remove_stale()
            try:
                table, data = Table.read(path, edition, max_bytes)
            except LogFormatError as e:
                raise CannotRecord("\n".join(str(p) for p in e.problems)) from None
            except NotPlayable as e:
                raise CannotRecord(str(e), 1 if e.illegal else 2) from None
            except (OSError, ValueError) as e:
                raise CannotRecord(f"{path}: {getattr(e, 'strerror', None) or e}") from None
            return cls(path, table, lock=held, seen=_digest(data), max_bytes=max_bytes,
                       removed=removed)
        except BaseException:
            held.release()
            raise

    def close(self) -> None:
        """Let the log's lock go (another recorder may open it)."""
        if self.lock is not None:
            self.lock.release()

    @classmethod
    def deal(cls, path: Path, players: int, seed: int, options: dict[str, Any] | None = None,
             names: list[str] | None = None, edition: str | None = None,
             explained: bool = False, by: str = "record") -> Recording:
        """A new log at `path` with a random legal setup (`--deal SEED`), written at once
        (`by` the command that writes it: record or serve)."""
        if path.exists():
            raise CannotRecord(f"{path} exists already: record into it without --deal to go "
                               "on with its game, or name a new file")
        for name in names or []:
            why = name_refused(name)
            if why is not None:
                raise CannotRecord(why)
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
                          explained=explained, by=by)

    @classmethod
    def create(cls, path: Path, log: dict[str, Any], args: str = "",
               edition: str | None = None, explained: bool = False,
               by: str = "record") -> Recording:
        """A new log at `path` with the setup of `log` and no turn, written at once; with
        `explained` (`grinivil new`), each line of the setup says where its value comes from
        (the schema named, in either case, by a path that resolves from the log's folder)."""
        why = refused_name(log.get("edition"))
        if why is not None:
            raise CannotRecord(f"nothing is written: {why}")
        text = "".join(logtext.lines(log_to_yaml(log))[2:])  # the simulator's comments replaced
        head = (STARTED if explained else RECORDED).format(title=log["title"], args=args, by=by)
        text = (f"# yaml-language-server: $schema={schema_path_from(path.parent)}\n" + head
                + (explain_setup(text) if explained else text))
        try:  # a log is written only when it reads back (the schema's limits, the names)
            checked(load_yaml_text(text, str(path)), edition)
        except LogFormatError as e:
            raise CannotRecord("the new log would not read back, so nothing is written: "
                               + "; ".join(p.message for p in e.problems)) from None
        held = take_lock(path, by)
        try:
            if path.exists():
                raise CannotRecord(f"{path} was made by someone else meanwhile: nothing is "
                                   "written; record into it, or name a new file")
            write_atomic(path, text)
        except OSError as e:
            held.release()
            raise CannotRecord(f"cannot write {path}: {e.strerror or e}") from None
        except BaseException:
            held.release()
            raise
        return cls.open(path, edition, held=held)

    # --- what the table changed, written -----------------------------------------------------

    def played(self, done: TurnDone) -> TurnDone:
        """Write the log with the turn the table just played (`done`); if it cannot be
        written, the table takes the turn back too."""
        try:
            self._write(f"turn {done.number} was not written; to keep it:\n"
                        + turn_yaml(done.record).rstrip("\n"))
        except BaseException:
            self.table.undo()
            raise
        return done

    def undo(self) -> int:
        """Take the last turn of the log back (out of the file too); the turns left."""
        if self.turns == 0:
            raise CannotRecord("the log has no turn to take back")
        unwritten = f"turn {self.turns} was not taken back"
        self._check_unchanged(unwritten)  # before the table changes: nothing to put back
        self.table.undo()
        self._write(unwritten)
        return self.turns

    def claim(self, what: str, claimed: dict[str, int]) -> str:
        """The table's score track (`what`: vp) or money after the last turn, checked against
        the rules at once and added to that turn's `claims`; CannotRecord (exit 1) when a
        claim disagrees, with what the rules give and the turn's ledger lines that made it."""
        if self.last is None:
            raise CannotRecord("no turn is recorded yet: claims are made after a turn")
        g = self.game
        claimed = {self.player_named(name): told for name, told in claimed.items()}
        for name, told in claimed.items():
            held = getattr(g.state.player(name), what)
            if held != told:
                unit = UNITS[what]
                lines = [f"{e.cause} {amount(e)} (turn {e.turn})"
                         for e in g.ledger.entries if e.player == name and e.what == what][-3:]
                changes = f"The last changes: {'; '.join(lines)}" if lines else \
                    f"Nothing has changed {name}'s {unit} since the setup."
                raise CannotRecord(f"{name} has {held} {unit} after turn {self.turns} by the "
                                   f"rules; the table says {told}. {changes}", 1)
        record = copy.deepcopy(self.last)
        claims = record.setdefault("claims", {})
        for name, told in claimed.items():
            claims.setdefault(name, {})[what] = told
        unwritten = (f"the claims were not written; turn {self.turns} with them, to keep "
                     "it:\n" + turn_yaml(record).rstrip("\n"))
        self._check_unchanged(unwritten)  # before the table changes: nothing to put back
        self.table.answer(Claims({name: {what: told} for name, told in claimed.items()}))
        self._write(unwritten)
        return ", ".join(f"{n} {a} {UNITS[what]}" for n, a in claimed.items()) + \
            f": as the rules give after turn {self.turns}, recorded as claims."

    def _write(self, unwritten: str) -> None:
        """Write the table's log over the file, if the file still holds what was last read
        or written; else ChangedOutside, saying what is `unwritten`. Either way the recording
        stops at a failure: the table is ahead of the file then."""
        self._check_unchanged(unwritten)
        text = self.table.log()
        try:
            write_atomic(self.path, text)
        except OSError as e:
            raise CannotRecord(f"cannot write {self.path}: {e.strerror or e}; the turns "
                               "recorded before this one are in it") from None
        self.seen = _digest(text.encode("utf-8"))

    def _check_unchanged(self, unwritten: str) -> None:
        """ChangedOutside when the file's bytes are not those last read or written (edited,
        another file copied or moved over it, removed). Another recorder cannot have written
        it (the lock); a program that writes it between this check and the rename is not
        seen."""
        try:
            now: bytes | None = read_bounded(self.path, str(self.path), self.max_bytes,
                                             files_only=True)
        except (LogFormatError, OSError, ValueError):
            now = None
        if now is not None and _digest(now) == self.seen:
            return
        how = "removed or made unreadable" if now is None else "changed on disk"
        raise ChangedOutside(f"{self.path} was {how} since grinivil record read it (edited, "
                             "or another file written over it): nothing was written, so "
                             f"that what it holds now is not lost; {unwritten}\nRun grinivil "
                             f"record {self.path} again to go on from what the file holds.")

    def scores(self) -> list[Score]:
        return final_scores(self.game)

    def player_named(self, typed: str) -> str:
        """The player a claim names, in any case (`anna` is Anna); CannotRecord (exit 2) for
        a name no player has."""
        names = [p.name for p in self.game.state.players]
        found = {n.casefold(): n for n in names}.get(typed.casefold())
        if found is None:
            raise CannotRecord(f"'{typed}' is not a player{hint(typed, names)}", 2)
        return found

    def end(self, claimed: dict[str, int], winner: str | None = None) -> str:
        """The final scores the table counted (every player's, names in any case) and the
        winner (by default the one claimed the most, when one is), checked against the rules
        and written after the turns (`final_scores`, `winner`); CannotRecord (exit 1) when a
        claim disagrees, with what the rules give."""
        names = [p.name for p in self.game.state.players]
        scores = {self.player_named(n): v for n, v in claimed.items()}
        missing = [n for n in names if n not in scores]
        if missing:
            raise CannotRecord(f"the final scores of every player: {', '.join(missing)} "
                               "missing", 2)
        if winner is None:
            best = max(scores.values())
            top = [n for n, v in scores.items() if v == best]
            if len(top) > 1:
                raise CannotRecord(f"{' and '.join(top)} tie on {best}: add winner NAME (the "
                                   "tie-break the table applied)", 2)
            winner = top[0]
        winner = {n.casefold(): n for n in names}.get(winner.casefold(), winner)
        try:
            self._check_unchanged("the final scores were not written")
            self.table.answer(FinalClaims(scores, winner))
        except IllegalMove as e:
            raise CannotRecord(f"{e.message} ({e.rule}); nothing is written", 1) from None
        self._write("the final scores were not written")
        return ", ".join(f"{n} {v}" for n, v in scores.items()) + \
            f", {winner} wins: as the rules give, recorded as the final claims."


def _renamed(log: dict[str, Any], names: list[str]) -> dict[str, Any]:
    old = [p["name"] for p in log["players"]]
    to = dict(zip(old, names, strict=True))
    log["players"] = [{**p, "name": to[p["name"]]} for p in log["players"]]
    log["setup"]["residents"] = {to[k]: v for k, v in log["setup"]["residents"].items()}
    return log
