"""`grinivil record`: the questions of each turn, asked at a terminal (prompt_toolkit: line
editing, completion of the options, history) or read from an answers file (`--answers`, one
answer a line), and the turns they make written to the log.

A turn may be given on one line: the tile, then a word for each question the turn asks, in
order (`1 cw`). At any question: an answer (see `answers.py`), `?` for the options and why the
others are not (the tiles of the ring with their reasons), `back` for the previous question,
`restart` to begin the turn again, `undo` to take the last whole turn back (a terminal asks
first), `board` for the table as it is, `note TEXT` for a comment written with the turn, `quit`
to stop (the log holds every whole turn); at a turn's first question, `score NAME N ...` and
`money NAME N ...` (on one line or two) for the table's claims after the last turn. A value the
rules refuse is answered with its rule and asked again (from a file: the recording stops
there, exit 1; an answer that names no option, or answers that end in a turn: exit 2).

An answers file is read once, bounded (`yamlsafe.read_bounded`: a FIFO is read to its end, a
device refused by its size), as UTF-8 with a leading BOM dropped, and split at newlines only
(LF or CRLF): a line separator pasted into a note (U+2028, U+2029, U+0085) is part of it. A
line of standard input is at most `ANSWER_MAX` characters.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..base.width import cell_width, wrap
from ..choose import MISSING, Decision, reason
from ..edition.model import RESOURCES
from ..engine.actions import NAMES
from ..engine.tiles import ring_tile_of
from ..errors import IllegalMove, LogFormatError
from ..errors import Path as LogPath
from ..logfile.suggest import did_you_mean
from ..logfile.yamlsafe import read_bounded
from ..table import Note, TurnDone, answers
from ..table.table import NotAnOption, summary
from .session import CannotRecord, ChangedOutside, Recording, note_refused

COMMANDS = ("?", "help", "back", "restart", "undo", "board", "quit", "note")
CLAIMS = {"score": "vp", "money": "money"}  # `score Anna 12 Bruno 9`: the table's track
ANSWERS_MAX_BYTES = 1024 * 1024  # an answers file (a long game's answers take about 10 KB)
ANSWER_MAX = 64 * 1024  # characters of a line of standard input (a note is at most 2,000)


def claimed(text: str) -> dict[str, dict[str, int]]:
    """`score Anna 12 Bruno 9 money Anna 35` as {"vp": {"Anna": 12, "Bruno": 9}, "money":
    {"Anna": 35}}: after `score` or `money`, a name and a number each."""
    out: dict[str, dict[str, int]] = {}
    words = text.split()
    what = ""
    i = 0
    while i < len(words):
        if words[i].lower() in CLAIMS:
            what = CLAIMS[words[i].lower()]
            out.setdefault(what, {})
            i += 1
            continue
        if not what or i + 1 >= len(words) or words[i + 1].lower() in CLAIMS:
            raise CannotRecord(f"{answers.quoted(text.strip())}: after score or money, a name "
                               "and a number each", 2)
        name, amount = words[i], words[i + 1]
        value = answers.number(amount)
        if value is None:
            raise CannotRecord(f"{answers.quoted(amount)} is not a number "
                               f"({answers.quoted(name, marks=False)}'s)", 2)
        out[what][name] = value
        i += 2
    if not out or not all(out.values()):
        raise CannotRecord(f"{answers.quoted(text.strip())}: after score or money, a name "
                           "and a number each", 2)
    return out


def answer_lines(data: bytes, source: str) -> list[str]:
    """The answers of an answers file's bytes: UTF-8, a leading BOM dropped, one a line, lines
    ended by LF or CRLF only (U+2028, U+2029, U+0085 and a lone CR are not line ends: a note
    pasted with one is one answer)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise CannotRecord(f"{source}:{line}: the answers file is not valid UTF-8 (byte "
                           f"0x{data[e.start]:02x}); save it as UTF-8", 2) from None
    text = text.removeprefix("\ufeff")
    found = text.split("\n")
    if found and found[-1] == "":
        found.pop()
    return [line.removesuffix("\r") for line in found]


def read_answers(path: Path) -> list[str]:
    """The answers of the file at `path`, read once through the bounded reader."""
    try:
        data = read_bounded(path, str(path), ANSWERS_MAX_BYTES, what="answers file")
    except LogFormatError as e:
        raise CannotRecord("\n".join(str(p) for p in e.problems), 2) from None
    except IsADirectoryError:
        raise CannotRecord(f"the answers file {path} is a folder", 2) from None
    except (OSError, ValueError) as e:
        raise CannotRecord(f"cannot read the answers file {path}: "
                           f"{getattr(e, 'strerror', None) or e}", 2) from None
    return answer_lines(data, str(path))


class Stop(Exception):
    """The user stops recording (quit, the end of the answers, Ctrl-D); `unfinished`: the
    turn whose answers were not all given (its number, and the answers given), if any."""

    def __init__(self, unfinished: tuple[int, int] | None = None) -> None:
        super().__init__()
        self.unfinished = unfinished


class Refused(Exception):
    """An answer refused while reading answers from a file: `code` 1 when the rules refuse
    the value, 2 when it names no option."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Question:
    """One question: who and what, the options' words (for completion), the default's."""

    title: str
    decision: Decision
    words: list[str]
    default: str  # the answer an empty line gives, as shown; "" when none
    braced: bool = False  # its options are listed in braces after it


class Console(Protocol):
    shows_tiles: bool  # the eligible tiles are found to be shown before the question

    @property
    def width(self) -> int:
        """The columns lists are wrapped to."""
        ...

    def ask(self, question: Question) -> str:
        """The next answer; Stop at the end of the answers or when the user leaves."""
        ...

    def say(self, text: str) -> None: ...

    def refuse(self, message: str, code: int) -> None:
        """An answer refused: said, and asked again (a terminal) or Refused (a file)."""
        ...

    def confirm(self, question: str) -> bool:
        """Whether the user means it (a terminal asks; a file said so already)."""
        ...


# a comment line of an answers file: `#` first, then anything but a digit (`#05` answers a
# tile by its printed number)
COMMENT = re.compile(r"\s*#(?![0-9])")


class Script:
    """Answers read from a file, one a line (`--answers`); `#` starts a comment line, unless
    a digit follows it (`#05`: a tile's printed number)."""

    shows_tiles = False
    width = 96  # a transcript reads the same everywhere

    def __init__(self, path: Path, out: Callable[[str], None]) -> None:
        self.path = path
        self.lines = read_answers(path)
        self.at = 0  # lines read
        self.out = out
        self.asked = 0  # answers taken

    def ask(self, question: Question) -> str:
        while self.at < len(self.lines):
            line = self.lines[self.at]
            self.at += 1
            if COMMENT.match(line):
                continue
            self.asked += 1
            self.out(f"{question.title}> {line}")
            return line
        raise Stop

    def say(self, text: str) -> None:
        self.out(text)

    def refuse(self, message: str, code: int) -> None:
        raise Refused(f"{self.path}:{self.at}: {message}", code)

    def confirm(self, question: str) -> bool:
        return True


class Terminal:
    """Questions at a terminal with prompt_toolkit (completion of the options, line editing,
    history); standard input that is not a terminal is read line by line without it."""

    shows_tiles = True

    def __init__(self, out: Callable[[str], None]) -> None:
        self.out = out
        self.session: Any = None
        if sys.stdin.isatty() and sys.stdout.isatty():
            from prompt_toolkit import PromptSession

            self.session = PromptSession()

    def ask(self, question: Question) -> str:
        shown = f" [{question.default}]" if question.default else ""
        prompt = f"{question.title}{shown}> "
        try:
            if self.session is None:
                self.out(prompt)
                line = sys.stdin.readline(ANSWER_MAX + 1)
                if not line:
                    raise Stop
                if len(line) > ANSWER_MAX:
                    raise Refused(f"standard input: a line of more than {ANSWER_MAX:,} "
                                  "characters is not an answer", 2)
                return line.rstrip("\n")
            from prompt_toolkit.completion import WordCompleter

            completer = WordCompleter([*question.words, *COMMANDS], ignore_case=True,
                                      sentence=True)
            while True:
                try:
                    text: str = self.session.prompt(prompt, completer=completer,
                                                    complete_while_typing=True)
                    return text
                except KeyboardInterrupt:  # Ctrl-C: leave only when the user says so
                    sure = self.session.prompt("Leave? The log holds every whole turn; the "
                                               "answers of this turn are not kept. [y/N] ")
                    if sure.strip().lower() in answers.YES:
                        raise Stop from None
        except (EOFError, KeyboardInterrupt):
            raise Stop from None

    @property
    def width(self) -> int:
        """The terminal's columns (asked each time: it may be resized), 40 at least."""
        return max(40, shutil.get_terminal_size((97, 24)).columns - 1)

    def say(self, text: str) -> None:
        self.out(wrap(text, self.width))  # between words: a path or an id is never broken

    def refuse(self, message: str, code: int) -> None:
        self.out(wrap(f"  {message}", self.width))

    def confirm(self, question: str) -> bool:
        try:
            if self.session is None:
                self.out(f"{question} [y/N] ")
                sure = sys.stdin.readline(ANSWER_MAX + 1)
            else:
                sure = self.session.prompt(f"{question} [y/N] ")
        except (EOFError, KeyboardInterrupt):
            return False
        return sure.strip().lower() in answers.YES


def record(rec: Recording, console: Console, show_board: Callable[[Recording, int], str]) -> None:
    """Record turns until the game is over or the user stops (Stop)."""
    if rec.removed:
        n = len(rec.removed)
        console.say(f"removed {n} temporary file{'s' * (n != 1)} left beside the log by a "
                    f"recorder that was stopped: {', '.join(rec.removed)}")
    console.say(f"{rec.path}: {plural_turns(rec.turns)} recorded; " + (
        "the game is over." if rec.finished else f"{rec.on_turn()} is on turn "
        f"(turn {rec.turns + 1})."))
    if rec.turns:
        console.say(f"  the last turn recorded: turn {rec.turns}: {last_turn(rec)}")
    claims = len(rec.table.findings)  # the log's claims that disagree (its moves are legal)
    if claims:
        console.say(f"  note: {claims} claim{'s' * (claims != 1)} of the log disagree"
                    f"{'s' * (claims == 1)} with the rules (grinivil validate lists "
                    f"{'them' if claims != 1 else 'it'}); recording goes on.")
    while True:
        while not rec.finished:
            made = make_turn(rec, console, show_board)
            if made is not None:
                console.say(f"turn {made.number}: {made.summary}")
        scores = rec.scores()
        console.say("The game is over. Final scores: " + ", ".join(
            f"{s.player} {s.total}" for s in sorted(scores, key=lambda s: s.rank)) +
            (" (recorded as the log's final claims)" if rec.table.ended else ""))
        if not game_over(rec, console):
            return


END = Decision(("final_scores",), "one-of", "the game is over", "R-END-07")


def game_over(rec: Recording, console: Console) -> bool:
    """The last question, once the game is over: the final scores the table counted, as
    claims (`score Anna 55 Bruno 48`, and `winner NAME` where two tie), checked against the
    rules and written after the turns; `undo` takes the last turn back (True: recording goes
    on); an empty answer or `quit` leaves."""
    ended = rec.table.ended  # the final claims are written: only undo takes them back
    q = Question("the game is over: undo takes the final scores and the last turn back, or "
                 "Enter to leave" if ended else "the game is over: score NAME N ... for the "
                 "final scores, undo, or Enter to leave", END, [], "")
    while True:
        try:
            text = console.ask(q)
        except Stop:
            return False
        word = first_word(text)
        if word in ("", "quit"):
            return False
        if word == "undo":
            what = f"turn {rec.turns} ({last_turn(rec, changes=False)})"
            if console.confirm(f"Take back the final scores and {what}?" if ended else
                               f"Take back {what}?"):
                left = rec.undo()
                console.say(f"turn {left + 1} taken back; {rec.on_turn()} is on turn "
                            f"(turn {left + 1}).")
                return True
            console.say("  nothing taken back")
            continue
        if word == "score" and ended:
            console.refuse("the final scores are recorded already; undo takes them back with "
                           "the last turn", 2)
            continue
        if word == "score":
            try:
                words = text.split()
                winner = None
                if "winner" in (w.lower() for w in words):
                    at = [w.lower() for w in words].index("winner")
                    winner = " ".join(words[at + 1:at + 2]) or None
                    words = words[:at]
                console.say("  " + rec.end(claimed(" ".join(words)).get("vp", {}), winner))
                return False
            except CannotRecord as e:
                console.refuse(str(e), e.code)
                continue
        console.refuse(f"{answers.quoted(text.strip())}: the game is over; score NAME N ... "
                       "records the final scores, undo takes the last turn back", 2)


def last_turn(rec: Recording, changes: bool = True) -> str:
    """The last turn of the log in words: its player and tile, and what it changed."""
    record = rec.last or {}
    entries = [e for e in rec.game.ledger.entries if e.turn == rec.turns]
    head, *lines = summary(record, entries).split("\n")
    return head + (": " + "; ".join(line.strip().rstrip(".") for line in lines) + "."
                   if lines and changes else "")


def plural_turns(n: int) -> str:
    return f"{n} turn{'' if n == 1 else 's'}"


def make_turn(rec: Recording, console: Console,
              show_board: Callable[[Recording, int], str]) -> TurnDone | None:
    """One turn, question by question, answered to the table (`table.Table`); the turn made
    (written to the log), or None when the user took a turn back. Decisions with one possible
    value are taken without a question, the quiet ones (`answers.QUIET`) at their default
    unless an answer gave them a value, and cubes answered by names at the first count of a
    mapping of cubes count for the rest."""
    table = rec.table
    asked: list[int] = []  # the answers given before each question asked, for `back`
    given: dict[LogPath, str] = {}  # answers given ahead, by the path of their decision
    later: dict[str, str] = {}  # values of the quiet decisions, by their key
    shown = False  # the eligible tiles were shown (once a turn)
    quietly: dict[str, tuple[Decision, Any]] = {}  # taken without a question, by label
    queued: list[str] = []  # the rest of a turn given on one line, a word a question
    asking: set[LogPath] = set()  # decisions whose answer given ahead was refused: asked now
    ahead_of: LogPath | None = None  # the decision an answer given ahead is answering

    def refuse(message: str, code: int) -> None:
        if queued:  # the rest of the line answered questions after this one: dropped
            queued.clear()
            message += " (the rest of the line is dropped: answer each question)"
        if ahead_of is not None:  # `buy_time=9` refused: asked, not its default in silence
            asking.add(ahead_of)
            message += " (asked now)"
        console.refuse(message, code)
    number = rec.turns + 1
    while True:
        every = table.domain
        if every is None:  # not reached from the options offered: an engine bug if ever seen
            raise CannotRecord(f"turn {number}: no legal way on from here", 1)
        tile = every.path == ("tile",)
        # the tile is always asked; its options are found only to be shown (a terminal): an
        # answer from a file is judged by itself (`Table.answer`)
        d = every if tile and not console.shows_tiles else table.decision
        assert d is not None
        key = str(d.path[-1])
        ahead = given.pop(d.path, None)
        if ahead is None and key in later:
            ahead = later.pop(key)
        ahead_of = d.path if ahead is not None else None
        value: Any = answers.NO_DEFAULT if ahead is not None or d.path in asking \
            else answers.unasked(d)
        if value is not answers.NO_DEFAULT:
            quietly[answers.labels_of(d)[0]] = (d, value)
            done = table.answer(value)
            if done is not None:
                return finish(rec, console, done, given, later, queued)
            continue
        at_terminal = console.shows_tiles
        q = question(rec, number, d, console.width if at_terminal else None,
                     listed=tile and at_terminal)  # the tiles' lines say the tiles
        if tile and ahead is None and at_terminal and not shown:
            console.say(tiles_line(rec, d, every.options, console.width))
            shown = True
        elif not tile and ahead is None and not queued and at_terminal and \
                d.kind != "count" and q.words and not q.braced and \
                answers.cube_counts(answers.option_text(d.options[0])) is None:
            # too many or too long for the prompt's braces (cubes drawn are named by
            # initials: not listed)
            console.say(options_line(d, console.width))
        try:
            if ahead is None and queued:  # the next word of a turn given on one line
                text = queued.pop(0)
                console.say(f"{q.title}> {text}")
            else:
                text = ahead if ahead is not None else console.ask(q)
        except Stop:  # the answers given for this turn are not recorded: say so
            raise Stop((number, len(asked)) if table.answered else None) from None
        found = answers.labelled(text) if ahead is None and first_word(text) not in \
            (*COMMANDS, *CLAIMS) else None
        if found is not None:  # `bid Bruno: 0`: it says what it answers
            name, text = found
            if name not in answers.labels_of(d):
                why = mislabelled(name, text, d, quietly)
                if why is not None:
                    refuse(why, 2)
                continue  # the answer of a decision taken without a question: it agrees
        word = text.strip().lower()
        first = word.split(" ", 1)[0] if word else ""
        if ahead is None and first == "note" and word not in (w.lower() for w in q.words):
            typed = text.strip()[len("note"):].strip() or None
            refused = note_refused(typed) if typed else None
            if refused is not None:  # the schema would refuse it: the log could not be read
                refuse(refused, 2)
                continue
            table.answer(Note(typed))
            console.say(f"  the turn's note: {typed}" if typed else "  no note")
            continue
        if ahead is None and first in CLAIMS and not asked and len(word.split()) > 1:
            try:
                for what, amounts in claimed(text).items():
                    console.say("  " + rec.claim(what, amounts))
            except ChangedOutside:
                raise
            except CannotRecord as e:
                refuse(str(e), e.code)
            continue
        if ahead is None and word in COMMANDS and word not in (w.lower() for w in q.words):
            if word in ("?", "help"):
                console.say(help_text(rec, d))
            elif word == "back":
                given.clear()
                later.clear()
                if asked:
                    back_to = asked.pop()
                    while table.answered > back_to:
                        table.back()
                else:
                    console.say("  this is the turn's first question (undo takes the last "
                                "turn back)")
            elif word == "restart":
                given.clear()
                later.clear()
                asking.clear()
                asked.clear()
                while table.answered:
                    table.back()
                console.say(f"  turn {number} begins again")
            elif word == "undo":
                if rec.turns == 0:
                    console.say("  no turn to take back")
                    continue
                what = f"turn {rec.turns} ({last_turn(rec, changes=False)})"
                if table.answered:
                    what += f" and the {table.answered} answer{'s' * (table.answered != 1)} " \
                        f"of turn {number}"
                if not console.confirm(f"Take back {what}?"):
                    console.say("  nothing taken back")
                    continue
                left = rec.undo()
                console.say(f"turn {left + 1} taken back; {rec.on_turn()} is on turn "
                            f"(turn {left + 1}).")
                return None
            elif word == "board":
                console.say(show_board(rec, console.width))
            else:
                raise Stop
            continue
        text, extras = answers.split_extras(text)
        if tile and ahead is None and len(text.split()) > 1 and names_no_tile(rec, every, text):
            text, *words = text.split()  # a whole turn on one line: `1 cw`, `#05 ccwws 10 0`
            queued[:] = words
        counts = answers.cube_counts(text) if d.kind == "count" and key in RESOURCES else None
        if counts is not None:  # cubes by name: this count, and the next ones of the mapping
            text = str(counts[key])
        try:
            value = value_of(rec, d, text)
        except answers.NotAnOption as e:
            value = named(rec, every, text)
            if value is None:
                refuse(str(e) + refused_near(rec, d, every, text), 2)
                continue
        before = table.answered
        try:
            done = table.answer(value)
        except NotAnOption:
            refuse(f"{value}: not eligible" if tile else
                           f"{answers.option_text(value)}: not an option here", 2)
            continue
        except IllegalMove as e:
            refuse(f"{answers.option_text(value)}: {e.rule}: {e.message}", 1)
            continue
        if tile:  # which tile the answer chose, in the table's words: `5` is not ambiguous
            console.say(f"  = {answers.tile_words(rec.game, str(value))}")
        later.update(extras)
        if counts is not None:
            for r in RESOURCES[RESOURCES.index(key) + 1:]:
                given[d.path[:-1] + (r,)] = str(counts[r])
        asked.append(before)
        if done is not None:
            return finish(rec, console, done, given, later, queued)


def names_no_tile(rec: Recording, every: Decision, text: str) -> bool:
    """Whether an answer of several words at the tile question names no tile as a whole
    (`sell the house` does): then its first word is the tile and the others answer the
    turn's next questions, one each."""
    try:
        value_of(rec, every, text)
    except answers.NotAnOption:
        return True
    return False


def first_word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0].lower() if words else ""


def mislabelled(name: str, value: str, d: Decision,
                quietly: dict[str, tuple[Decision, Any]]) -> str | None:
    """Why an answer that names another decision than the one asked is refused: an answer
    is missing before it, or one too many was given (the answers have drifted). None when it
    names a decision this turn took without a question (one possible value, or a quiet
    default) with that very value: it is read and passed over."""
    asked = f"{answers.label(d)}: {d.what}"
    if name in quietly:
        taken, value_taken = quietly[name]
        try:
            said = answers.parse(taken, value)
        except answers.NotAnOption:
            said = answers.NO_DEFAULT
        if answers.same(said, value_taken):
            return None
        return (f"'{name}: {value}' answers {taken.what}, which this turn took without a "
                f"question ({answers.option_label(value_taken, taken)}: the only value the "
                f"rules or the defaults leave); the question now is {asked}")
    return (f"'{name}: {value}' answers another question than the one asked ({asked}): an "
            "answer is missing before it, or one too many was given")


def finish(rec: Recording, console: Console, done: TurnDone, given: dict[LogPath, str],
           later: dict[str, str], queued: list[str] | None = None) -> TurnDone | None:
    """The turn the table played, written to the log; taken back instead when answers given
    ahead were left over, or words of a turn given on one line (nothing is recorded that the
    rules do not use)."""
    unused = [".".join(map(str, p)) for p, text in given.items() if text != "0"] + \
        list(later) + [f"'{word}'" for word in queued or ()]
    if unused:
        rec.table.undo()
        console.refuse(f"turn {done.number}: {', '.join(unused)} given, but the turn has no "
                       "such decision left (nothing is recorded that the rules do not use)", 2)
        return None
    return rec.played(done)


def question(rec: Recording, number: int, d: Decision, width: int | None = None,
             listed: bool = False) -> Question:
    """The question of decision `d`, its options in braces after it when they are few and
    the prompt then fits `width` (None: any width), and not `listed` on lines before it."""
    default = answers.default(d)
    shown = "" if default is answers.NO_DEFAULT else answers.option_label(default, d)
    # the name an answer may give before a colon (`cubes concrete: 2`): the question's own
    title = f"turn {number}, {rec.on_turn()}: {d.what} ({answers.label(d)})"
    if d.kind == "count":
        title += f" {answers.choices_text(d).split(': ', 1)[1]}"
        words: list[str] = []
    else:
        words = [answers.option_text(o) for o in d.options]
        braces = f" {{{', '.join(answers.option_label(o, d) for o in d.options)}}}"
        if not listed and len(words) <= SHOWN_IN_THE_PROMPT and (
                width is None or cell_width(f"{title}{braces}> ") < width):
            return Question(title + braces, d, words, shown, braced=True)
    return Question(title, d, words, shown)


SHOWN_IN_THE_PROMPT = 12  # options listed in a question's braces; more on a line before it


def options_line(d: Decision, width: int = 96) -> str:
    """The options of a decision with too many for its prompt, wrapped to `width` columns
    between options."""
    return wrap(f"  options: {', '.join(answers.option_label(o, d) for o in d.options)}",
                width, sep=", ")  # an option whole on its line


def tiles_line(rec: Recording, d: Decision, every: tuple[Any, ...], width: int = 96) -> str:
    """The eligible tiles, each by its printed number and its ring position, and the others
    ('?' says why not), wrapped to `width` columns between tiles (`#02 buy-resources-discount
    @11` never split)."""
    ring = rec.game.state.ring

    def at(tile: Any) -> str:
        return f"#{answers.printed_number(rec.game.ed, str(tile))} {tile} " \
            f"@{ring.position_of(ring_tile_of(str(tile)))}"

    eligible = ", ".join(at(t) for t in d.options)
    others = ", ".join(at(t) for t in every if t not in d.options)
    texts = [f"eligible: {eligible}"] + ([f"not eligible ('?' says why): {others}"]
                                         if others else [])
    return "\n".join(wrap(f"  {text}", width, sep=", ") for text in texts)  # a tile whole


def value_of(rec: Recording, d: Decision, text: str) -> Any:
    """The value an answer gives; a tile also by its printed number, its ring position or its
    name (`answers.tile_answer`)."""
    answer = text.strip()
    if d.path == ("tile",):
        if answer.isnumeric() and not answer.isascii():  # '²' and '①' are numeric too
            raise answers.NotAnOption(f"{answers.quoted(answer)} is not a number; a tile is "
                                      "answered by its name, its printed number (#05) or its "
                                      "ring position (@5)")
        found = answers.tile_answer(rec.game, d, answer)
        if found is not MISSING:
            return found
    return answers.parse(d, text)


def named(rec: Recording, every: Decision, text: str) -> Any:
    """The value an answer names among every value of the decision's kind (`Table.domain`,
    those the rules refuse here included), for the table to say why it refuses it; None when
    it names nothing the decision knows."""
    try:
        return value_of(rec, every, text)
    except answers.NotAnOption:
        return named_building(rec, every, text)


def refused_near(rec: Recording, d: Decision, every: Decision, text: str) -> str:
    """For an answer that names nothing: the value the rules refuse here that it comes close
    to, with why, when no option offered is close (`sel-house` where Sell the House is not
    eligible: '; did you mean 'sell-house'? not now: R-A12-01: ...'); else nothing."""
    offered = [answers.option_text(o) for o in d.options]
    if every is d or did_you_mean(text.strip(), offered) is not None:
        return ""  # the options' own did-you-mean is said (`answers.parse`)
    others = {answers.option_text(o): o for o in every.options}
    for word in offered:
        others.pop(word, None)
    close = did_you_mean(text.strip(), list(others))
    why = None if close is None else rec.table.refusal(others[close])
    if why is None:
        return ""
    return f"; did you mean '{close}'? not now: {why.rule}: {why.message}"


def named_building(rec: Recording, d: Decision, text: str) -> str | None:
    """A Building Token the answer names exactly, at a decision of Building Tokens whose
    candidates leave it out (a real site that cannot take it: R-SITE-01, R-GEN-09...), so
    that the rules say why; None otherwise."""
    buildings = rec.game.ed.buildings
    tokens = [o for o in d.options if isinstance(o, str)]
    if not tokens or any(o not in buildings for o in tokens):
        return None
    answer = text.strip().lower()
    for key, b in buildings.items():
        if answer in (key.lower(), b.name.lower()):
            return key
    return None


def help_text(rec: Recording, d: Decision) -> str:
    """The options of the question, and for the tile every tile of the ring with why not."""
    if d.path != ("tile",):
        return "  " + answers.choices_text(d, limit=1000) + \
            "\n  (an empty answer takes the default; back, restart, undo, board, quit)"
    lines = []
    ring = rec.game.state.ring
    for t in rec.table.tiles():
        pos = ring.position_of(ring_tile_of(t.tile))
        number = "#" + answers.printed_number(rec.game.ed, t.tile)
        what = "eligible" if t.eligible else f"not eligible: {reason(t.why)}" + (
            f" ({t.why.rule}: {t.why.message})" if t.why is not None else "")
        lines.append(f"  @{pos:<2} {number:<4} {t.tile:<24} {NAMES.get(t.tile, t.tile):<29} "
                     f"{what}")
    lines.append("  (a tile by its printed number (#05), its ring position (@2), its name or "
                 "any beginning of it; a bare number where both name the same tile; 'TILE "
                 "decline' chooses it and declines the Action: the 2-VP penalty, R-TAR-10)")
    return "\n".join(lines)

