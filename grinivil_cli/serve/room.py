"""The game a `grinivil serve` serves: one `Recording` (the log, its lock, the `Table`) shared
by every page, and what each page may see and do.

Every answer goes through the `Table` as `record`'s do, so the rules judge a tap as they judge a
typed answer. Each change (an answer, `back`, `undo`, a claim, a note, a secret answer) makes
a new `version`; a page answers the question of a version, and an answer to an older one is
refused ("the table moved on"): of two pages answering the same question, the first wins.

Secret answers (an Auction's bids, a Crowdfunding's pledges: `Table.sealed`) are held here,
each player's from their own phone (or the table's screen, passed round), and given to the
table together once everyone's is in, as closed hands open at once. Until then a page is told
who has answered, never what, and a phone only its own answer (`state`). A secret answer
names the round of secret questions it answers (`round`: the version they were first asked
at, kept while answers come in), so a bid typed for an Auction taken back never lands on the
next one; the other answers come in meanwhile without refusing it.

Everything runs on the server's one event loop: a change is made whole before the next
request is read, and the log is written whole after every turn (`Recording`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from ..choose import END, OMIT, Decision
from ..engine.actions import NAMES
from ..engine.tiles import ring_tile_of
from ..errors import IllegalMove
from ..logfile.yamlsafe import load_yaml_text
from ..recorder.console import claimed, last_turn
from ..recorder.session import CannotRecord, Recording, note_refused
from ..render.snapshot import snapshot_svg
from ..table import Note, TurnDone, answers
from ..table.story import final_story
from ..table.table import SEALED, NotAnOption

TILE = ("tile",)


class Refused(Exception):
    """An answer a page gave that is not taken: `status` 409 (the table moved on), 422 (the
    rules or the table refuse it), 403 (not this page's to give); the message says why."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Room:
    rec: Recording
    version: int = 0
    board: int = 0  # the board's version: a new one with every turn played or taken back
    sealed: dict[str, Any] = field(default_factory=dict)  # secret answers given, by player
    said: list[str] = field(default_factory=list)  # the last thing the table did, in words
    # the turn being made, as `record` makes it (`recorder/console.make_turn`): a decision
    # with one possible value is taken without a question, a quiet one (`answers.QUIET`:
    # declining, buying time) at its default unless the page gave it with the tile; one whose
    # value given so is refused is asked
    later: dict[str, Any] = field(default_factory=dict)  # quiet values given with the tile
    asking: set[tuple[Any, ...]] = field(default_factory=set)  # asked after all
    asked: list[int] = field(default_factory=list)  # the answers before each question asked
    _listeners: set[asyncio.Queue[int]] = field(default_factory=set)
    _moves: tuple[int, list[str]] = (-1, [])
    _question: tuple[int, dict[str, Any]] = (-1, {})
    _round: int | None = None  # the version the secret questions asked now were first asked at

    def __post_init__(self) -> None:
        self._new_round()

    # --- who is told -------------------------------------------------------------------------

    def listen(self) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=16)
        self._listeners.add(queue)
        return queue

    def leave(self, queue: asyncio.Queue[int]) -> None:
        self._listeners.discard(queue)

    def _changed(self, *said: str, same_question: bool = False) -> None:
        """A new version, told to every page; `same_question`: the secret questions asked,
        if any, are still the ones asked before (an answer given, a claim, a note)."""
        self.version += 1
        if not same_question:
            self._round = None
        self._new_round()
        self.said = list(said)
        for queue in list(self._listeners):
            if queue.full():  # a page that stopped reading: it reloads the state when back
                continue
            queue.put_nowait(self.version)

    # --- what a page sees --------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.rec.game.state.players]

    def seat_of(self, seat: str | None) -> str | None:
        """The player a phone's page belongs to (None: the table's screen)."""
        if seat is None or seat == "":
            return None
        found = {n.casefold(): n for n in self.players}.get(seat.casefold())
        if found is None:
            raise Refused(f"'{seat}' is not a player of this game", 404)
        return found

    def state(self, seat: str | None) -> dict[str, Any]:
        """What the page of `seat` (a player's phone; None: the table's screen) shows now. A
        secret answer is in it only on its own player's phone."""
        table = self.rec.table
        g = table.game
        out: dict[str, Any] = {
            "version": self.version, "seat": seat, "title": str(self.rec.path.name),
            "turns": table.turns, "over": table.over, "ended": table.ended,
            # money and the cards in a portfolio are secret (R-GEN-07, R-RESI-01): each
            # player's only on their own phone
            "players": [{"name": p.name, "colour": p.colour, "vp": p.vp,
                         **({"money": p.money, "residents": [
                             _card(g, k) for k in p.residents]} if p.name == seat else {})}
                        for p in g.state.players],
            "board": self.board, "said": self.said,
            "answered": len(self.asked) if not table.over else 0,  # for `back`
            "last": f"turn {table.turns}: {last_turn(self.rec)}" if table.turns else "",
            "moves": self.moves(),
        }
        if table.over:
            out["scores"] = [{"player": s.player, "total": s.total, "rank": s.rank}
                             for s in sorted(self.rec.scores(), key=lambda s: s.rank)]
            return out
        out["player"] = table.player
        out["turn"] = table.turns + 1
        out["made"] = self.made()
        sealed = self._sealed()
        if sealed:
            out["sealed"] = self.sealed_state(sealed, seat)
            return out
        if self._question[0] != self.version:  # the same for every page: found once a version
            d = table.decision
            assert d is not None
            self._question = (self.version, question(self.rec, d, table.who))
        out["question"] = self._question[1]
        return out

    def _new_round(self) -> None:
        if not self._secret_asked():
            self._round = None
        elif self._round is None:
            self._round = self.version

    def _secret_asked(self) -> bool:
        """Whether the next decision is a secret one (no search: its options are not found)."""
        table = self.rec.table
        d = None if table.over else table.decision
        return d is not None and d.path[0] in SEALED

    def _sealed(self) -> list[Decision]:
        """`Table.sealed()`, asked only when the next decision is a secret one."""
        return self.rec.table.sealed() if self._secret_asked() else []

    def made(self) -> list[str]:
        """The answers of the turn being made, in words (`bids: Anna 23, Bruno 31`)."""
        record = self.rec.table.made
        return [f"{key}: {_words(value)}" for key, value in record.items() if key != "player"]

    def moves(self) -> list[str]:
        """Every turn recorded, a line each (its player and action), the latest first: read
        from the log's text once a turn played or taken back."""
        if self._moves[0] != self.board:
            data = load_yaml_text(self.rec.table.log(), str(self.rec.path)).data
            turns = data.get("turns") or []
            self._moves = (self.board, [
                f"{i + 1}. {t.get('player')}, {NAMES.get(str(t.get('tile')), t.get('tile'))}"
                + (" (declined)" if t.get("declined") else "")
                for i, t in reversed(list(enumerate(turns))) if isinstance(t, dict)])
        return self._moves[1]

    def sealed_state(self, sealed: list[Decision], seat: str | None) -> dict[str, Any]:
        first = sealed[0]
        kind = "bid" if first.path[0] == "bids" else "pledge"
        out: dict[str, Any] = {"kind": kind, "what": first.what, "rule": first.rule,
                               "round": self._round,
                               "players": [{"name": str(d.path[1]),
                                            "done": str(d.path[1]) in self.sealed}
                                           for d in sealed]}
        for d in sealed:
            name = str(d.path[1])
            if seat is None or seat == name:
                mine = {"name": name, "ranges": [list(r) for r in d.ranges],
                        "what": d.what}
                if seat == name and name in self.sealed:  # only ever to its own phone
                    mine["value"] = self.sealed[name]
                out.setdefault("mine", []).append(mine)
        return out

    def board_svg(self) -> str:
        """The table after its last whole turn, drawn as `render --ids` draws it."""
        table = self.rec.table
        snap = table.snapshot
        if table.over:  # the final scoring, itemised, as the viewer's last frame shows it
            story = tuple(final_story(self.rec.scores()))
            return snapshot_svg(snap, log_turn=table.last, previous=None,
                                title=str(self.rec.path.name), story=story, final=True)
        return snapshot_svg(snap, log_turn=table.last, previous=None,
                            title=str(self.rec.path.name), ids=True, private=True)

    # --- what a page does --------------------------------------------------------------------

    def _fresh(self, version: int) -> None:
        if version != self.version:
            raise Refused("the table moved on (another page answered first): here is the "
                          "question now", 409)

    def _allowed(self, seat: str | None, who: str | None) -> None:
        if seat is not None and who != seat:
            raise Refused(f"this question is {who or 'the table'}'s to answer, not {seat}'s",
                          403)

    def answer(self, version: int, seat: str | None, choice: int | None = None,
               count: int | None = None, extras: dict[str, Any] | None = None) -> None:
        """The option `choice` (its index) or the number `count` for the question of
        `version`; with the tile, `extras`: the quiet decisions' values (`declined`,
        `buy_time`)."""
        self._fresh(version)
        table = self.rec.table
        if table.over:
            raise Refused("the game is over", 409)
        if self._secret_asked():
            raise Refused("the secret answers are asked now: each player gives their own", 409)
        d = table.decision
        assert d is not None
        self._allowed(seat, table.who)
        if d.kind == "count":
            if count is None:
                raise Refused(f"{d.what} takes a number")
            value: Any = count
        else:
            options = tile_options(self.rec) if d.path == TILE else list(d.options)
            if choice is None or not 0 <= choice < len(options):
                raise Refused(f"{d.what}: no such option")
            value = options[choice]
        quiet = {k: v for k, v in (extras or {}).items() if k in answers.QUIET}
        if d.path != TILE and quiet:
            raise Refused("declining and buying time are given with the tile")
        before = table.answered
        try:
            done = table.answer(value)
        except NotAnOption:
            raise Refused(f"{answers.option_text(value)}: not an option of {d.what}") from None
        except IllegalMove as e:
            raise Refused(f"{answers.option_text(value)}: {e.rule}: {e.message}") from None
        self.asked.append(before)
        said = [f"= {answers.tile_words(table.game, str(value))}"] if d.path == TILE else []
        if d.path == TILE:
            self.later = quiet
        if done is None:
            done = self._settle(said)
        self._after(done, said)

    def _settle(self, said: list[str]) -> TurnDone | None:
        """The decisions taken without a question, up to the next question (or the turn's
        end: what it changed)."""
        table = self.rec.table
        while not table.over and not self._secret_asked():
            d = table.decision
            assert d is not None
            key = str(d.path[-1])
            if d.path in self.asking:
                return None
            value = self.later.pop(key) if key in self.later else answers.unasked(d)
            if value is answers.NO_DEFAULT:
                return None
            try:
                done = table.answer(value)
            except IllegalMove as e:  # `buy_time` refused: asked now, not dropped in silence
                self.asking.add(d.path)
                said.append(f"{answers.option_text(value)}: {e.rule}: {e.message} (asked now)")
                return None
            if done is not None:
                return done
        return None

    def _after(self, done: TurnDone | None, said: list[str]) -> None:
        if done is not None:
            self._new_turn()
            try:
                self.rec.played(done)
            except CannotRecord as e:
                self._changed(f"turn {done.number} was not written: {e}")
                raise Refused(str(e), 500) from None
            self.board += 1
            said.append(f"turn {done.number}: {done.summary}")
            if self.rec.table.over:
                said.append("The game is over.")
        self._changed(*said)

    def _new_turn(self) -> None:
        self.later.clear()
        self.asking.clear()
        self.asked.clear()

    def seal(self, seat: str | None, player: str, count: int, round_: int) -> None:
        """`player`'s secret answer (from their phone, or the table's screen) to the secret
        questions of `round_`; when it is the last one wanted, all are given to the table at
        once."""
        table = self.rec.table
        sealed = {str(d.path[1]): d for d in self._sealed()}
        name = self.seat_of(player)
        if name is None or name not in sealed:
            raise Refused("no secret answer of yours is asked now", 409)
        self._allowed(seat, name)
        if round_ != self._round:
            kind = "bid" if sealed[name].path[0] == "bids" else "pledge"
            raise Refused(f"this {kind} was given for secret {kind}s asked earlier (the table "
                          f"has moved on since): here are the ones asked now; give your {kind} "
                          "again", 409)
        d = sealed[name]
        if not d.allows(count):
            raise Refused(f"{count}: {d.what} takes {answers.choices_text(d).split(': ', 1)[-1]}"
                          f" ({d.rule})")
        self.sealed[name] = count
        if set(self.sealed) >= set(sealed):
            values = {n: self.sealed[n] for n in sealed}
            self.sealed.clear()
            before = table.answered
            try:
                done = table.answer_sealed(values)
            except IllegalMove as e:
                self._changed(f"the secret answers were refused: {e.rule}: {e.message}")
                raise Refused(f"{e.rule}: {e.message}") from None
            self.asked.append(before)
            said = [f"shown at once: {', '.join(f'{n} {v}' for n, v in values.items())}"]
            if done is None:
                done = self._settle(said)
            self._after(done, said)
        else:
            self._changed(f"{name} has given a secret answer", same_question=True)

    def back(self, version: int, seat: str | None) -> None:
        """The last answer taken back (with those taken without a question after it), or the
        secret answers given so far. A phone takes back only in its own player's question."""
        self._fresh(version)
        table = self.rec.table
        if seat is not None:
            if self._secret_asked():
                raise Refused("the secret answers are taken back on the table's screen (a "
                              "bid of your own is changed by giving it again)", 403)
            self._allowed(seat, None if table.over else table.who)
        if self.sealed:
            self.sealed.clear()
            self._changed("the secret answers given were taken back")  # asked again
            return
        if not self.asked:
            raise Refused("this is the turn's first question (undo takes the last turn "
                          "back)", 409)
        to = self.asked.pop()
        while table.answered > to:  # with the answers taken without a question after it
            table.back()
        if table.answered == 0:
            self._new_turn()
        self._changed("one answer taken back")

    def undo(self, version: int, seat: str | None) -> None:
        self._fresh(version)
        if seat is not None:
            raise Refused("undo is the table's screen's", 403)
        if self.rec.turns == 0:
            raise Refused("no turn to take back", 409)
        what = f"turn {self.rec.turns} ({last_turn(self.rec, changes=False)})"
        self.sealed.clear()
        self._new_turn()
        try:
            self.rec.undo()
        except CannotRecord as e:
            raise Refused(str(e), 500) from None
        self.board += 1
        self._changed(f"{what} taken back")

    def claim(self, version: int, seat: str | None, text: str) -> None:
        """`score Anna 12 Bruno 9` (or `money ...`) after the last turn, or the final scores
        once the game is over."""
        self._fresh(version)
        if seat is not None:
            raise Refused("claims are made on the table's screen", 403)
        try:
            said = claimed(text)
            if self.rec.table.over:
                told = self.rec.end(said.get("vp", {}))
                self._changed(told, same_question=True)
                return
            if self.rec.table.answered:
                raise Refused("claims are made between turns: take this turn's answers back "
                              "first", 409)
            lines = [self.rec.claim(what, amounts) for what, amounts in said.items()]
        except CannotRecord as e:
            raise Refused(str(e)) from None
        self._changed(*lines, same_question=True)

    def note(self, version: int, seat: str | None, text: str) -> None:
        """A note written with the turn being made."""
        self._fresh(version)
        if seat is not None:
            raise Refused("notes are written on the table's screen", 403)
        typed = text.strip() or None
        why = note_refused(typed) if typed else None
        if why is not None:
            raise Refused(why)
        self.rec.table.answer(Note(typed))
        self._changed(f"the turn's note: {typed}" if typed else "no note", same_question=True)


def _card(g: Any, key: str) -> str:
    """A resident card's name."""
    card = g.ed.residents.get(key)
    return str(card.name) if card is not None else key


def _words(value: Any) -> str:
    """A value of a turn record in words: a mapping by its keys and values, a list by its
    items, anything else as an answer names it."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items())
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "; ".join(_words(v) for v in value)
    return answers.option_text(value)


def tile_options(rec: Recording) -> list[str]:
    """Every tile of the ring, in ring order: the tile question's options as a page lists them
    (the ineligible ones too, to say why)."""
    return [c.tile for c in rec.table.tiles()]


def question(rec: Recording, d: Decision, who: str | None) -> dict[str, Any]:
    """The next question as a page asks it: its words, its options (each with its label, and
    its cubes or its place on the board where it has one), its bounds, its default."""
    g = rec.game
    out: dict[str, Any] = {"path": ".".join(map(str, d.path)), "label": answers.label(d),
                           "what": d.what, "rule": d.rule, "kind": d.kind, "who": who}
    default = answers.default(d)
    if d.path == TILE:
        ring = g.state.ring
        tiles = rec.table.tiles()
        out["options"] = [{
            "i": i, "label": answers.tile_words(g, c.tile), "tile": c.tile,
            "name": NAMES.get(c.tile, c.tile),
            "number": f"#{answers.printed_number(g.ed, c.tile)}",
            "position": ring.position_of(ring_tile_of(c.tile)),
            "eligible": c.eligible,
            "why": None if c.why is None else f"{c.why.rule}: {c.why.message}"}
            for i, c in enumerate(tiles)]
        return out
    if d.kind == "count":
        out["ranges"] = [list(r) for r in d.ranges]
        out["default"] = default if isinstance(default, int) else None
        return out
    options = []
    for i, o in enumerate(d.options):
        text = answers.option_text(o)
        option: dict[str, Any] = {"i": i, "label": answers.option_label(o, d), "text": text}
        cubes = answers.cube_counts(text) if o not in (OMIT, END) else None
        if cubes is not None and isinstance(o, (list, dict)):
            option["cubes"] = cubes
        options.append(option)
    out["options"] = options
    out["default"] = next((i for i, o in enumerate(d.options)
                           if default is not answers.NO_DEFAULT and answers.same(o, default)),
                          None)
    return out
