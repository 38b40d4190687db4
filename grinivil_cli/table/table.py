"""A game in progress, one decision at a time: the one way a front end makes a turn (issue 29).

A `Table` holds a legal log that is not over (its text, as written, and the table after its
last whole turn) and the turn being made. `decision` is the next decision of that turn with
its exact options (`grinivil_cli/choose`: every option leads to a legal turn, and every legal
turn is reached through them); `answer(value)` takes one, or raises the `IllegalMove` the
rules give for it and leaves the table as it was; the answer that completes the turn plays it
for real and returns what it changed (`TurnDone`). `back()` takes the last answer back,
`undo()` the last whole turn; `log()` is the log's text with the turns made, written as
`grinivil simulate` writes them. The terminal recorder (`recorder/console.py`, answer by
answer) and the bots (`sim/arena.py`, a whole turn at a time: `push`) make their turns
through it; neither judges a move itself.

Nothing here reads or writes a file: a front end that keeps the log on disk (`recorder/`)
writes `log()` itself, whole, after each turn.
"""

from __future__ import annotations

import copy
import os
import random
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base.shown import file_named, tagged
from ..choose import Decision, Partial, Search, TileChoice, tile_choices, turn_search
from ..edition.load import load_edition
from ..edition.model import Edition
from ..engine.actions import NAMES
from ..engine.game import Game
from ..engine.ledger import Entry
from ..engine.replay import CLAIM, Replay, Snapshot, play_written, replay
from ..engine.scoring import final_scores, record_final_scores
from ..errors import IllegalMove, LogFormatError
from ..logfile.loaded import Loaded
from ..logfile.writer import log_to_yaml
from ..logfile.yamlsafe import DEFAULT_MAX_BYTES, load_yaml_text, read_bounded
from . import answers
from .deal import check_options, random_setup
from .loading import TEXT_AS_PATH, Readable, checked, folder_of, read_open
from .logtext import FINAL, LogText, NotContinuable
from .story import UNITS, turn_story

# the decisions each player answers for themselves, by their name in the path
ASKED_OF_EACH = ("bids", "pledges", "excess", "sudden_death", "big_town")
# those made in secret and shown at once, as closed hands open at a table: an Auction's bids
# (R-A05-02, R-A05-03) and a Crowdfunding's pledges (R-A52P-02, R-A52P-04)
SEALED = ("bids", "pledges")


@dataclass(repr=False)
class NotAnOption(IllegalMove):
    """A value no decision of this kind takes here, and no rule the search met explains why
    (a value of another field, a name the table does not know): its decision's own rule."""


class NotPlayable(ValueError):
    """A log a table cannot go on with: not legal (`illegal`), or its text cannot take more
    turns (the message says which, and where)."""

    def __init__(self, message: str, *, illegal: bool = False) -> None:
        super().__init__(message)
        self.illegal = illegal


@dataclass(frozen=True, repr=False)
class TurnDone:
    """A turn played: its number (from 1), its record as the log writes it, the ledger's
    entries it made, and what it changed in words (a line a player, each with its rule)."""

    number: int
    record: dict[str, Any]
    entries: tuple[Entry, ...]
    summary: str

    def __repr__(self) -> str:
        return tagged("TurnDone", f"turn {self.number} ({self.record.get('player')}, "
                      f"{self.record.get('tile')}): {len(self.entries)} ledger entries")


@dataclass(frozen=True)
class Claims:
    """What the table says the players hold after the last turn (`{player: {"money": n,
    "vp": n}}`, any of the two): an answer at the first decision of a turn, checked against
    the rules at once and written with the last turn (`claims`)."""

    held: dict[str, dict[str, int]]


@dataclass(frozen=True)
class FinalClaims:
    """The final scores and the winner the table counted: the answer once the game is over,
    checked against the rules and written after the turns (`final_scores`, `winner`)."""

    scores: dict[str, int]
    winner: str


@dataclass(frozen=True)
class Note:
    """A comment written with the turn being made (`note`), at any of its decisions; None
    takes it away."""

    text: str | None


@dataclass
class _Turn:
    """The turn being made: its search (the exact options of each decision), the record so
    far, the record before each answer (for `back`) and its note."""

    search: Search
    partial: Partial
    answered: list[Partial] = field(default_factory=list)
    note: str | None = None


class Table:
    """A game in progress (see the module's docstring). Made from a log's text
    (`Table.from_text`) or a log already read (`Table.from_loaded`)."""

    def __init__(self, edition: Edition, text: LogText, replayed: Replay,
                 last: dict[str, Any] | None, source: str = "<log>") -> None:
        self.edition = edition
        self.source = source  # the log's file, or what its text is called (`<dealt>`)
        self._text = text
        self._replayed = replayed
        self._turn: _Turn | None = None
        self._last = last  # the record of the last turn played, as the log holds it

    # --- making one ---------------------------------------------------------------------------

    @classmethod
    def from_log(cls, source: str | os.PathLike[str] | Readable, *,
                 edition: str | None = None) -> Table:
        """The game of a log: `source` is a file's path or a file open for reading, as
        `grinivil.read_log` takes it (the log's text: `from_text`). A file named is read once,
        bounded (a device or a FIFO is refused). Text with a line break in it is still read
        as the log's text, with a DeprecationWarning, until 0.3."""
        if isinstance(source, str) and "\n" in source:
            warnings.warn(TEXT_AS_PATH.format(call="Table.from_log", instead="Table.from_text"),
                          DeprecationWarning, stacklevel=2)
            return cls.from_text(source, "<text>", edition=edition)
        if not isinstance(source, (str, os.PathLike)):
            if not callable(getattr(source, "read", None)):
                raise TypeError(f"Table.from_log takes a path or a file open for reading, not "
                                f"{type(source).__name__} (the log's text: Table.from_text)")
            data, name, beside = read_open(source)
            return cls._from_data(data, name, edition, beside=beside)
        path = Path(source)
        try:
            return cls.read(path, edition)[0]
        except OSError as e:
            raise NotPlayable(f"{path}: {e.strerror or e}") from None

    @classmethod
    def read(cls, path: Path, edition: str | None = None,
             max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[Table, bytes]:
        """The game of the log file at `path`, read once and bounded (a device or a FIFO is
        refused), and the bytes read (the recorder compares the file with them before it
        writes). Raises OSError, LogFormatError and NotPlayable."""
        data = read_bounded(path, str(path), max_bytes, files_only=True)
        return cls._from_data(data, str(path), edition, max_bytes, beside=folder_of(path)), data

    @classmethod
    def _from_data(cls, data: str | bytes, name: str, edition: str | None = None,
                   max_bytes: int = DEFAULT_MAX_BYTES, *, beside: Path | None = None) -> Table:
        """The game of a log's text or bytes read from a file (named `name`, `beside`: its
        folder, as `loading.checked` takes it)."""
        loaded, ed = checked(load_yaml_text(data, name, max_bytes=max_bytes), edition,
                             beside=beside)
        # the text as the file holds it (a BOM kept); its UTF-8 was checked by the reader
        text = data if isinstance(data, str) else data.decode("utf-8")
        return cls.from_loaded(loaded, ed, text)

    @classmethod
    def deal(cls, players: int, seed: int, options: dict[str, Any] | None = None, *,
             edition: str = "standard", title: str | None = None) -> Table:
        """A new game: the setup dealt at random from `seed` (`grinivil record --deal`) for
        `players` players (2 to 6) with the variants of `options` (`{"big_town": True}`...),
        and no turn played yet."""
        ed = load_edition(edition)
        log = random_setup(ed, players, random.Random(seed), check_options(options))
        log["title"] = title or f"{players}-player game"
        return cls.from_text(log_to_yaml(log), "<dealt>", edition=edition)

    @classmethod
    def from_text(cls, text: str, name: str = "<log>", *, edition: str | None = None) -> Table:
        """The game of the log `text` (YAML), after its last whole turn. Raises
        `LogFormatError` when it cannot be read, `NotPlayable` when it breaks a rule, is
        over, or cannot take more turns at its end."""
        loaded, ed = checked(load_yaml_text(text, name), edition)
        return cls.from_loaded(loaded, ed, text)

    @classmethod
    def from_loaded(cls, loaded: Loaded, edition: Edition, text: str) -> Table:
        """The game of a log read already (`text`: the log's text, as the file holds it)."""
        try:
            log = LogText.of(text, loaded)
        except NotContinuable as e:
            raise NotPlayable(f"{loaded.source}: {e}") from None
        r = playable(edition, loaded, loaded.source)
        if log.ended and not r.finished:
            raise NotPlayable(f"{loaded.source}: the log's final claims ({', '.join(FINAL)}) "
                              f"follow turn {log.turns}, but the game is not over: take them "
                              "out of the log to record its next turns", illegal=True)
        turns = loaded.data.get("turns") or []
        return cls(edition, log, r, copy.deepcopy(turns[-1]) if turns else None,
                   loaded.source)

    def __repr__(self) -> str:
        """One line, cheap (no search is run for it): the turns played, who is on turn, and
        the turn being made as far as it is answered."""
        if self.over:
            state = f"{self.turns} turns, the game is over"
        else:
            state = f"turn {self.turns + 1}, {self.player} to play"
            made = {k: v for k, v in self.made.items() if k != "player"} \
                if self._turn is not None else {}
            if made:
                state += f", answered so far {made}"
        return tagged("Table", f"{file_named(self.source)}: {state}")

    # --- what is on the table -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The table after the last whole turn (the turn being made is not on it)."""
        assert self._replayed.game is not None
        return self._replayed.game

    @property
    def turns(self) -> int:
        """The turns played."""
        return self._text.turns

    @property
    def over(self) -> bool:
        """Whether the game has ended (no decision is left)."""
        return self._replayed.finished

    @property
    def snapshot(self) -> Snapshot:
        """The table after the last whole turn, as a replay's snapshot (to draw it)."""
        g = self.game
        last = self._last or {}
        return Snapshot(self.turns, last.get("player"), last.get("tile"), g.state,
                        len(g.ledger.entries))

    @property
    def ended(self) -> bool:
        """Whether the game's final claims (`final_scores`, `winner`) are written: nothing but
        `undo` follows them."""
        return self._text.ended

    @property
    def player(self) -> str:
        """The player on turn."""
        g = self.game
        return g.state.players[g.state.current].name

    @property
    def last(self) -> dict[str, Any] | None:
        """The record of the last turn played, as the log holds it (None before the first)."""
        return self._last

    @property
    def findings(self) -> list[IllegalMove]:
        """The claims of the log read that disagree with the rules (its moves are legal)."""
        return list(self._replayed.findings)

    def log(self) -> str:
        """The log's text with every turn played, as a file would hold it."""
        return self._text.text

    # --- the turn being made ------------------------------------------------------------------

    def _current(self) -> _Turn:
        if self._turn is None:
            self._turn = _Turn(turn_search(self.game), Partial({"player": self.player}))
        return self._turn

    @property
    def made(self) -> dict[str, Any]:
        """The turn being made, as far as it is answered (the log's keys)."""
        return self._current().partial.record() if not self.over else {}

    @property
    def decision(self) -> Decision | None:
        """The next decision of the turn being made, with its exact options (None when the
        game is over)."""
        if self.over:
            return None
        t = self._current()
        d = t.search.decision(t.partial)
        if d is None:  # not reached from the options offered: an engine bug if ever seen
            why = t.search.probe(t.partial).error
            raise RuntimeError("no legal way on from the answers given"
                               + (f" ({why.rule}: {why.message})" if why else ""))
        return d

    @property
    def answered(self) -> int:
        """The answers given in the turn being made (`back` takes the last one back)."""
        return len(self._current().answered) if not self.over else 0

    @property
    def domain(self) -> Decision | None:
        """The next decision with every value of its kind the table knows (a tile of the
        ring, a site of the townland, a card of the Display...), those the rules refuse here
        included: to read what a person names before `answer` judges it."""
        return None if self.over else _domain(self._current())

    @property
    def who(self) -> str | None:
        """Who answers the next decision: the player on turn; the player a part of an
        Action asks (a bid, a pledge, excess cubes, a Sudden-death or Big Town choice); None
        for what the table draws or rolls (an outcome)."""
        d = self.domain
        if d is None or d.kind == "outcome":
            return None
        path = d.path
        if path[0] in ASKED_OF_EACH and len(path) > 1 and isinstance(path[1], str):
            return path[1]
        return self.player

    @property
    def default(self) -> Any:
        """The value an empty answer gives the next decision (leaving an optional field
        out, ending a list, 0, or the one option there is), or `answers.NO_DEFAULT`."""
        d = self.decision
        return answers.NO_DEFAULT if d is None else answers.default(d)

    def tiles(self) -> list[TileChoice]:
        """Every tile of the ring for the player on turn, in ring order: whether some legal
        turn chooses it, and if not, why (the rule and its numbers)."""
        return tile_choices(self.game, self._current().search)

    def sealed(self) -> list[Decision]:
        """The secret decisions that come next, every player's (an Auction's bids, a
        Crowdfunding's pledges), in the order the log writes them, each with its exact options,
        found before any is answered: what one player bids in secret does not change what
        another may (R-A05-02, R-A52P-02), so each is found after the others' first options.
        Empty when the next decision is not one of them."""
        if self.over:
            return []
        t = self._current()
        out: list[Decision] = []
        partial = t.partial
        d = t.search.decision(partial)
        while d is not None and d.path[0] in SEALED and len(d.path) == 2:
            out.append(d)
            partial = partial.choose(d, _any_option(d))
            if t.search.probe(partial).done:
                break
            d = t.search.decision(partial)
        return out

    def answer_sealed(self, values: dict[str, Any]) -> TurnDone | None:
        """Every secret decision of `sealed()` at once, by player (the hands opened
        together), each judged as `answer` judges it, in the log's order. When one is refused,
        those before it are taken back and its `IllegalMove` raised (the table unchanged);
        ValueError when `values` does not name each of them."""
        wanted = [str(d.path[1]) for d in self.sealed()]
        if sorted(wanted) != sorted(values):
            raise ValueError(f"the secret answers of {', '.join(wanted) or 'nobody'} are "
                             f"wanted, not of {', '.join(values) or 'nobody'}")
        given = 0
        try:
            for name in wanted:
                done = self.answer(values[name])
                given += 1
                if done is not None:
                    return done
        except IllegalMove:
            for _ in range(given):
                self.back()
            raise
        return None

    def refusal(self, value: Any) -> IllegalMove | None:
        """Why the rules refuse `value` for the next decision (the `IllegalMove` that
        `answer` would raise), the table unchanged; None when they take it."""
        d = self.domain
        if d is None:
            return _over()
        t = self._current()
        return None if self._takes(t, value) else self._refusal(t, d, value)

    def answer(self, value: Any) -> TurnDone | None:
        """Take `value` for the next decision (as `decision.options` give it; a number in
        one of `decision.ranges` for a count). Raises the `IllegalMove` the rules give for a
        value no legal turn takes here, the table unchanged. When the answer completes the
        turn, the turn is played and what it changed comes back; otherwise None."""
        if isinstance(value, Claims):
            self._claim(value)
            return None
        if isinstance(value, FinalClaims):
            self._end(value)
            return None
        if isinstance(value, Note):
            if self.over:
                raise IllegalMove("R-END-07", "the game is over: no turn is left to note.")
            self._current().note = value.text
            return None
        if self.over:
            raise _over()
        d = self.domain
        if d is None:  # not reached from the options offered: an engine bug if ever seen
            raise RuntimeError("no legal way on from the answers given")
        t = self._current()
        if not self._takes(t, value):
            raise self._refusal(t, d, value)
        t.answered.append(t.partial)
        t.partial = t.partial.choose(d, value)
        if not t.search.probe(t.partial).done:
            return None
        return self._play(t)

    def push(self, record: dict[str, Any]) -> TurnDone:
        """Play a whole turn made elsewhere (a bot's, a program's: a turn record with the
        log's keys), judged as a log's turn is. Raises its `IllegalMove`, the table
        unchanged; ValueError while a turn is being answered."""
        if self.over:
            raise _over()
        if self._turn is not None and self._turn.answered:
            raise ValueError("a turn is being answered: take its answers back first")
        g = self.game
        size = len(g.ledger.entries)
        error = play_written(g, record, self.turns, claims=False)
        if error is not None:
            raise error
        return self._played(record, size)

    def back(self) -> None:
        """Take the last answer of the turn being made back. ValueError at its first
        decision (`undo` takes the last whole turn back)."""
        t = self._current()
        if not t.answered:
            raise ValueError("nothing is answered in this turn yet")
        t.partial = t.answered.pop()

    def undo(self) -> None:
        """Take the last whole turn back (and whatever the turn being made had answered).
        ValueError when no turn is played."""
        if self._text.turns == 0:
            raise ValueError("no turn is played yet")
        log = self._text.copy()
        text = log.without_last()
        loaded = load_yaml_text(text, "<log>")
        self._replayed = replay(self.edition, loaded, keep_snapshots=False, claims=True)
        self._text = log
        self._turn = None
        turns = loaded.data.get("turns") or []
        self._last = copy.deepcopy(turns[-1]) if turns else None

    # --- inside -------------------------------------------------------------------------------

    def _claim(self, claims: Claims) -> None:
        """Claims after the last turn: each checked, then written with that turn."""
        if self._last is None or self.ended:
            raise IllegalMove(CLAIM, "claims are made after a turn: none is played yet"
                              if self._last is None else "the game's final claims are made: "
                              "nothing follows them.")
        if self._turn is not None and self._turn.answered:
            raise IllegalMove(CLAIM, "claims are made between turns: this turn is being made "
                              "(take its answers back first).")
        g = self.game
        names = [p.name for p in g.state.players]
        for name, held in claims.held.items():
            if name not in names:
                raise IllegalMove(CLAIM, f"'{name}' is not a player.", ("claims", name))
            for what, told in held.items():
                if what not in ("money", "vp"):
                    raise IllegalMove(CLAIM, f"a claim is of money or vp, not '{what}'.",
                                      ("claims", name, what))
                actual = getattr(g.state.player(name), what)
                if actual != told:
                    raise IllegalMove(CLAIM, f"{name} has {actual} {UNITS[what]} after turn "
                                      f"{self.turns} by the rules; the claim says {told}.",
                                      ("claims", name, what))
        record = copy.deepcopy(self._last)
        written = record.setdefault("claims", {})
        for name, held in claims.held.items():
            written.setdefault(name, {}).update(held)
        self._text.without_last()
        self._text.append(record)
        self._last = record

    def _end(self, final: FinalClaims) -> None:
        """The final claims, once the game is over: checked, then written after the turns."""
        if not self.over or self.ended:
            raise IllegalMove(CLAIM, "the final scores are claimed once, when the game is over.",
                              ("final_scores",))
        scores = {s.player: s.total for s in self._replayed.scores or []}
        for name, told in final.scores.items():
            if scores.get(name) != told:
                raise IllegalMove(CLAIM, f"{name} scores {scores.get(name)} by the rules; the "
                                  f"claim says {told}.", ("final_scores", name))
        best = self._replayed.scores[0].player if self._replayed.scores else None
        if best != final.winner:
            raise IllegalMove(CLAIM, f"the winner by the rules is {best}, not {final.winner}.",
                              ("winner",))
        self._text.end({"final_scores": dict(final.scores), "winner": final.winner})

    @staticmethod
    def _takes(t: _Turn, value: Any) -> bool:
        """Whether `value` is an option of the next decision: a value of its kind with which
        some legal turn goes on (what `decision` lists, found for this value alone)."""
        d = _domain(t)
        return d is not None and d.allows(value) and \
            t.search.completable(t.partial.choose(d, value), 1)

    def _refusal(self, t: _Turn, d: Decision, value: Any) -> IllegalMove:
        """The rule a value not among the options breaks, found as the search finds it (the
        dead end that got furthest), or the decision's own rule."""
        try:
            _, why = t.search.attempt(t.partial.choose(d, value))
        except (TypeError, ValueError, LogFormatError):  # not even a value of the field's type
            why = None
        if why is not None:
            return why
        return NotAnOption(d.rule, f"{value!r} is not one of the options of {d.what} "
                           f"({'.'.join(map(str, d.path))}).", d.path)

    def _play(self, t: _Turn) -> TurnDone:
        g = self.game
        record = t.partial.record()
        if t.note:
            record["note"] = t.note
        size = len(g.ledger.entries)
        number = self.turns + 1
        error = play_written(g, record, number - 1, claims=False)
        if error is not None:  # the options offered were legal: an engine bug if ever seen
            raise RuntimeError(f"turn {number} was refused by the rules after its decisions "
                               f"were offered as legal: {error.rule}: {error.message}")
        return self._played(record, size)

    def _played(self, record: dict[str, Any], size: int) -> TurnDone:
        """The turn `record`, played on the table (its ledger `size` entries long before):
        written to the log's text, and what it changed."""
        g = self.game
        number = self.turns + 1
        self._text.append(copy.deepcopy(record))
        self._last = record
        self._turn = None
        if self.over:  # the game ended with this turn: final scoring, as a replay makes it
            self._replayed.scores = final_scores(g)
            record_final_scores(g, self._replayed.scores)
        entries = tuple(g.ledger.entries[size:])
        return TurnDone(number, record, entries, summary(record, list(entries)))


def _any_option(d: Decision) -> Any:
    """An option of `d` (its default, else its first), to find what comes after it."""
    default = answers.default(d)
    if default is not answers.NO_DEFAULT:
        return default
    return d.options[0] if d.options else d.ranges[0][0]


def _domain(t: _Turn) -> Decision | None:
    """The next decision of `t` with every candidate of its kind, unjudged."""
    raw = t.search.probe(t.partial).raw
    if raw is None:
        return None
    return Decision(raw.path, raw.kind, raw.what, raw.rule, options=raw.candidates,
                    ranges=raw.ranges, zero_omits=raw.zero_omits)


def playable(edition: Edition, loaded: Loaded, source: str) -> Replay:
    """The replay of a log to go on with: legal to its last turn (a wrong claim is
    bookkeeping, not a move); `NotPlayable` names the first illegal move and where."""
    r = replay(edition, loaded, keep_snapshots=False, claims=True)
    moves = [e for e in r.findings if e.rule != CLAIM]
    if moves:
        found = moves[0]
        where = f"{found.position}: " if found.position else f"{source}: "
        raise NotPlayable(f"{where}turn {found.turn}: {found.rule}: {found.message} (the log "
                          "must be legal to be continued: fix it, or take the turn out)",
                          illegal=True)
    return r


def summary(record: dict[str, Any], entries: list[Entry]) -> str:
    """What a turn changed: its player and action, then a line a player from the ledger, each
    change with its rule (`story.turn_story`)."""
    tile = str(record.get("tile", ""))
    head = f"{record.get('player')}, {NAMES.get(tile, tile)}"
    if record.get("declined"):
        head += " (declined)"
    lines = turn_story(entries, record) or ["nothing changed hands."]
    return head + "".join(f"\n  {line}" for line in lines)


def _over() -> IllegalMove:
    """What a turn or an answer after the end of the game breaks."""
    return IllegalMove("R-END-07", "the game is over (every token is on the Starting Tile): no "
                       "turn is left to make.")
