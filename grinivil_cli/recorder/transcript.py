"""A recorded game turned back into the answers `grinivil record` would be given at the table:
each turn made again decision by decision (`choose.walk`, every value among the options
offered; the tile, always asked, judged by itself as `grinivil record` judges an answer read
from a file), one answer for each question the recorder asks (none for a decision with one
possible value), an empty line where the default is the value. Recording the answers again
gives the same game: the test of the recorder and the measure of its answers per turn
(bench/record.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..choose import (
    Decision,
    Partial,
    in_offered_form,
    recorded_value,
    turn_search,
    walk,
)
from ..edition.model import RESOURCES
from ..engine.game import Game
from ..engine.replay import Replay
from ..errors import Path
from ..table import answers
from ..table.logtext import lines


@dataclass(frozen=True)
class TurnAnswers:
    number: int
    player: str
    answers: tuple[str, ...]


def header_text(text: str) -> str:
    """The text of a log up to its turns, with no turn: `turns: []` (lines as YAML counts
    them, `logtext.lines`)."""
    every = lines(text)
    i = next(i for i, line in enumerate(every) if line.startswith("turns:"))
    return "".join(every[:i]) + "turns: []\n"


def transcript(g: Game, r: Replay, turns: list[dict[str, Any]], *,
               labelled: bool = False, one_line: bool = False) -> Iterator[TurnAnswers]:
    """The answers of every turn of a replayed log (`r`, with its snapshots; `g` its game);
    `labelled`: each naming the decision it answers (`bid Bruno: 0`), so that answers that
    drift (one missing, one too many) are refused, not read as another legal game;
    `one_line`: each turn on one line where its answers are one word each (`1 cw`)."""
    entries = list(g.ledger.entries)
    for i, turn in enumerate(turns):
        snap = r.snapshots[i]
        g.state = snap.state.copy()
        g.ledger.entries[:] = entries[:snap.ledger_size]
        del g.findings[:]
        search = turn_search(g, i + 1)
        _, steps = walk(search, Partial({"player": turn["player"]}), in_offered_form(turn),
                        recorded_value, exact=lambda raw: raw.path != ("tile",))
        said = said_for(steps, labelled)
        if one_line:
            said = on_one_line(g, steps, said)
        yield TurnAnswers(i + 1, str(turn["player"]), tuple(said))


def said_for(steps: list[tuple[Decision, Any]], labelled: bool = False) -> list[str]:
    """The answers of one turn's decisions, as the recorder asks them (`console.make_turn`):
    none for a decision with one possible value or a quiet one at its default (another value
    is given beside the answer before it, `buy_time=1`), and the cubes of a mapping of counts
    by their names at its first question (`wood wood steel`) when that saves answers."""
    said: list[str] = []
    skip: set[Path] = set()
    for j, (d, value) in enumerate(steps):
        key = str(d.path[-1])
        if d.path in skip:
            continue
        if quiet(d):
            if not answers.same(answers.default(d), value):
                said[-1] += f" {key}={answers.option_text(value)}"
            continue
        if forced(d):
            continue
        if d.kind == "count" and key in RESOURCES:
            rest = [(e, v) for e, v in steps[j:] if e.kind == "count"
                    and e.path[:-1] == d.path[:-1] and str(e.path[-1]) in RESOURCES]
            names = [str(e.path[-1]) for e, v in rest for _ in range(v)]
            if len(rest) > 1 and names:
                said.append(named(d, " ".join(names), labelled, whole=True))
                skip.update(e.path for e, _ in rest)
                continue
        said.append(named(d, answers.answer_for(d, value), labelled))
    return said


def quiet(d: Decision) -> bool:
    """A decision the recorder takes at its default without a question (another value is
    given beside the answer before it)."""
    return str(d.path[-1]) in answers.QUIET and answers.default(d) is not answers.NO_DEFAULT


def forced(d: Decision) -> bool:
    """A decision with one possible value, taken without a question (the tile is always
    asked)."""
    return answers.forced(d) and d.path != ("tile",)


def named(d: Decision, answer: str, labelled: bool, whole: bool = False) -> str:
    """`answer`, with the decision it answers named before it when `labelled`."""
    return f"{answers.label(d, whole)}: {answer}".rstrip() if labelled else answer


def on_one_line(g: Game, steps: list[tuple[Decision, Any]], said: list[str]) -> list[str]:
    """A turn's answers as one line (`console.make_turn`: the tile, then a word for each
    question asked), where each is one word, as short as a person would type it: the tile by
    a bare number where it names that tile alone, else its printed number (`#5` for #05); an option
    by its shortest unique beginning; an empty answer written out as its value, cubes by their
    initials (`wws`). Else the answers as they are, one a line."""
    asked = [(d, v) for d, v in steps if not quiet(d) and not forced(d)]
    tile, *extras = said[0].split()
    words = [" ".join([shortest_tile(g, asked[0][0], tile), *extras])]
    j = 1
    mapping: Path | None = None  # the cubes of a mapping named at once: its other counts
    for d, value in asked[1:]:
        cubes = d.kind == "count" and str(d.path[-1]) in RESOURCES
        if cubes and d.path[:-1] == mapping:
            continue
        mapping = None
        if j >= len(said):
            return said
        text = said[j]
        if cubes and text and answers.cube_counts(text) is not None:
            mapping = d.path[:-1]
            text = "".join(w[0] for w in text.split())  # `wood wood steel`: wws
        elif not text:
            text = str(value) if d.kind == "count" else answers.option_text(value)
        elif " " in text and answers.cube_counts(text) is not None:  # a draw: `ccwws`
            text = "".join(w[0] for w in text.split())
        elif d.kind == "one-of":
            text = shortest(d, text)
        if not text or " " in text:
            return said
        words.append(text)
        j += 1
    return [" ".join(words)] if j == len(said) else said


def shortest_tile(g: Game, d: Decision, tile: str) -> str:
    """The tile as few keystrokes name it: a bare number, or the printed number (`#5`)."""
    every = Decision(d.path, d.kind, d.what, d.rule, options=tuple(answers.ring_actions(g)))
    number = answers.printed_number(g.ed, tile)
    short = str(int(number.rstrip("abpABP"))) + number.lstrip("0123456789")  # 05 -> 5
    for word in (short, f"#{short}"):
        try:
            if answers.tile_answer(g, every, word) == tile:
                return word
        except answers.NotAnOption:
            continue
    return tile


def shortest(d: Decision, text: str) -> str:
    """An option's shortest beginning that `answers.parse` reads as that option alone."""
    try:
        value = answers.parse(d, text)
    except answers.NotAnOption:
        return text
    for n in range(1, len(text)):
        try:
            if answers.same(answers.parse(d, text[:n]), value):
                return text[:n]
        except answers.NotAnOption:
            continue
    return text
