"""Answers as people type them, and the options of a decision as people read them.

One decision of a turn (`choose.Decision`) is answered by one line: an option's word
(`buy-resources`, `I3.s2`, `yes`), any unique beginning of it (`buy-r`), a number for a count,
the cubes of a draw by their names or initials (`concrete wood wood steel`, `c w w s`, `cwws`,
in any order), `-` to leave an optional field out, `.` to end a list, or nothing at all for the
decision's default (`default`). `answer_for` writes the answer that gives a value, the way back
(a recorded game turned into the answers that record it again).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..choose import END, MISSING, OMIT, Decision
from ..edition.model import RESOURCES, Edition
from ..engine.actions import NAMES
from ..engine.game import Game
from ..engine.records import PENDING, Sentinel
from ..engine.tiles import DUAL_TILE, ring_tile_of
from ..logfile.suggest import did_you_mean

NO_DEFAULT: Any = Sentinel("NO_DEFAULT")  # no default: the decision needs a word
# decisions taken at their default without a question (carry the Action out, buy no time):
# a different value is given beside any answer of the turn, `declined=yes` (or `decline`),
# `buy_time=2`
QUIET = ("declined", "buy_time")
LEAVE_OUT = ("-", "no", "none", "skip", "n")
END_LIST = (".", "done", "end")
YES = ("yes", "y")
# a number answered: ASCII digits only (`int` also takes '٣', '1_0' and '+1'; `str.isdigit`
# takes '²' and '①'), and few enough of them (`int` of 5,000 digits raises)
NUMBER = re.compile("-?[0-9]{1,9}")
SHOWN = 40  # characters of an answer quoted in a message


def number(text: str) -> int | None:
    """The whole number `text` is in ASCII digits (a sign allowed), else None."""
    return int(text) if NUMBER.fullmatch(text) else None


def quoted(text: str, marks: bool = True) -> str:
    """An answer quoted in a message ('…'), shortened past SHOWN characters."""
    if len(text) <= SHOWN:
        return f"'{text}'" if marks else text
    short = f"{text[:20]}…"
    return f"'{short}' ({len(text):,} characters)" if marks else \
        f"{short} ({len(text):,} characters)"


def split_extras(text: str) -> tuple[str, dict[str, str]]:
    """An answer and the values it gives beside it for the quiet decisions of the turn
    (`QUIET`): 'buy-resources decline buy_time=1' -> ('buy-resources', {declined: yes,
    buy_time: 1})."""
    words, extras = [], {}
    for word in text.split():
        key, sep, value = word.partition("=")
        if sep and key.lower() in QUIET:
            extras[key.lower()] = value
        elif word.lower() == "decline":
            extras["declined"] = "yes"
        else:
            words.append(word)
    return " ".join(words), extras


def cube_counts(text: str) -> dict[str, int] | None:
    """Cubes answered by names or initials ('c w w', 'wood steel', 'cww', 'none') as counts
    of every resource; None when the answer is not cubes."""
    words = text.lower().replace(",", " ").split()
    if words == ["none"]:
        return dict.fromkeys(RESOURCES, 0)
    if len(words) == 1 and len(words[0]) > 1 and all(
            ch in {r[0] for r in RESOURCES} for ch in words[0]):
        words = list(words[0])
    if not words:
        return None
    counts = dict.fromkeys(RESOURCES, 0)
    for word in words:
        resource = _resource(word)
        if resource is None:
            return None
        counts[resource] += 1
    return counts


def _resource(word: str) -> str | None:
    """The Resource a word names by its name or any beginning of it (`c`, `conc`)."""
    found = [r for r in RESOURCES if r.startswith(word)]
    return found[0] if len(found) == 1 else None


COUNTED = re.compile(r"(\d{1,3})\s*([a-z]+)")  # `2c`, `2 concrete`: cubes by how many


def counted_cubes(text: str) -> str | None:
    """Cubes written with their numbers (`2c 1w`, `2 concrete, 1 wood`), which an answer
    does not take (a letter a cube is one way to say them, and a number alone is a count):
    the same cubes a letter a cube (`ccw`), to say how they are answered; None otherwise."""
    words = text.lower().replace(",", " ")
    counts = dict.fromkeys(RESOURCES, 0)
    end = 0
    for found in COUNTED.finditer(words):
        resource = _resource(found[2])
        if words[end:found.start()].strip() or resource is None:
            return None
        counts[resource] += int(found[1])
        end = found.end()
    if end == 0 or words[end:].strip() or not 0 < sum(counts.values()) <= 99:
        return None
    return "".join(r[0] * n for r, n in counts.items())


class NotAnOption(ValueError):
    """An answer that names no option of the decision (the message says why, with a hint)."""


def option_text(value: Any) -> str:
    """An option as it is answered (and shown among the choices)."""
    if value is OMIT:
        return "-"
    if value is END:
        return "."
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        if all(isinstance(v, dict) and not v for v in value):  # Repeat Actions: how many
            return str(len(value))
        return " ".join(option_text(v) for v in value) if value else "none"
    if isinstance(value, dict):
        if not value:  # a mapping whose parts are decided next (the final sale): do it
            return "yes"
        return " ".join(k if v in ({}, PENDING, [], None) else f"{k}={option_text(v)}"
                        for k, v in value.items())
    return str(value)


# what leaving a field out means at the table, where it is not "nothing"
OMITTED = {"declined": "carry it out", "follow": "choose a tile as usual",
           "repeat": "none", "final_sale": "no sale", "roll_first": "roll after converting",
           "associated": "none", "give": "pay for it", "road_bonus": "take the rewards"}


def option_label(value: Any, decision: Decision | None = None) -> str:
    """An option as a person reads it in a list of choices; leaving a field out in the
    words of the decision it is (`OMITTED`: carrying an Action out, taking a Site Bonus)."""
    if value is OMIT:
        return f"- ({omitted(decision)})"
    if value is END:
        return ". (no more)"
    return option_text(value)


def omitted(decision: Decision | None) -> str:
    """What leaving the decision's field out means: a Site Bonus of VPs, Grinies, Trees or a
    Repeat Action is taken unless declined (R-SBON-02); one that asks for a choice is not
    taken without it."""
    if decision is None or not decision.path:
        return "leave it out"
    key = str(decision.path[-1])
    if key == "site_bonus":
        taken = all(o is OMIT or o == "declined" for o in decision.options)
        return "take the bonus" if taken else "leave it out"
    return OMITTED.get(key, "leave it out")


def default(decision: Decision) -> Any:
    """The value an empty answer gives: leaving the field out (not an outcome's: Import's die
    left out is a decline, never a default), ending the list, 0 of a count that allows it, or
    the one option there is; NO_DEFAULT when the decision needs a word."""
    if decision.kind == "count":
        if any(lo <= 0 <= hi for lo, hi in decision.ranges):
            return 0
        if len(decision.ranges) == 1 and decision.ranges[0][0] == decision.ranges[0][1]:
            return decision.ranges[0][0]
        return NO_DEFAULT
    for quiet in (OMIT, END):
        if decision.kind == "outcome" and quiet is OMIT:
            continue  # what the table drew is typed: an empty answer never skips the die
        if any(o is quiet for o in decision.options):
            return quiet
    if len(decision.options) == 1:
        return decision.options[0]
    return NO_DEFAULT


def forced(decision: Decision) -> bool:
    """Whether the decision has one possible value only (it is taken without asking)."""
    if decision.kind == "count":
        return len(decision.ranges) == 1 and decision.ranges[0][0] == decision.ranges[0][1]
    return len(decision.options) == 1


def unasked(decision: Decision) -> Any:
    """The value a decision takes without a question, as every front end makes a turn
    (`record`, `serve`): its one possible value, or a quiet one's default (`QUIET`: carrying
    the action out, buying no time); NO_DEFAULT when it is asked (the tile always is)."""
    if decision.path == ("tile",):
        return NO_DEFAULT
    if forced(decision):
        return decision.options[0] if decision.kind != "count" else decision.ranges[0][0]
    if str(decision.path[-1]) in QUIET:
        return default(decision)
    return NO_DEFAULT


def parse(decision: Decision, text: str) -> Any:
    """The value an answer gives at `decision`; NotAnOption when it names none."""
    answer = " ".join(text.strip().split())
    if not answer:
        value = default(decision)
        if value is NO_DEFAULT:
            raise NotAnOption(f"an answer is needed: {choices_text(decision)}")
        return value
    if decision.kind == "count":
        return _count(decision, answer)
    options = decision.options
    lowered = answer.lower()
    if lowered in LEAVE_OUT and any(o is OMIT for o in options):
        return OMIT
    if lowered in END_LIST and any(o is END for o in options):
        return END
    if lowered in YES and any(o is True for o in options):
        return True
    texts = [option_text(o).lower() for o in options]
    if lowered in texts:
        return options[texts.index(lowered)]
    drawn = _as_cubes(decision, lowered)
    if drawn is not None:
        return drawn
    begun = [o for o, t in zip(options, texts, strict=True) if t.startswith(lowered)]
    if len(begun) == 1:
        return begun[0]
    words = [option_text(o) for o in options]
    if len(begun) > 1:
        raise NotAnOption(f"{quoted(answer)} begins {len(begun)} options: "
                          f"{', '.join(option_text(o) for o in begun)}")
    letters = counted_cubes(answer) if _cube_lists(decision) else None
    if letters is not None:
        raise NotAnOption(f"{quoted(answer)}: the cubes are named a letter a cube, as they "
                          f"came out: '{letters}'")
    close = did_you_mean(answer, words)
    hint = f"; did you mean '{close}'?" if close else ""
    raise NotAnOption(f"{quoted(answer)} is not an option of {choices_text(decision)}{hint}")


def _count(decision: Decision, answer: str) -> int:
    value = number(answer)
    if value is None:
        letters = counted_cubes(answer) if str(decision.path[-1]) in RESOURCES else None
        if letters is not None:  # `2c 1w` at `concrete bought`
            raise NotAnOption(f"{quoted(answer)}: answer how many {decision.path[-1]} "
                              f"({choices_text(decision).split(': ', 1)[-1]}), or the cubes a "
                              f"letter a cube: '{letters}'")
        raise NotAnOption(f"{quoted(answer)} is not a number: {choices_text(decision)}")
    if not decision.allows(value):
        raise NotAnOption(f"{value} is not allowed: {choices_text(decision)}")
    return value


def _as_cubes(decision: Decision, answer: str) -> list[str] | None:
    """A draw of cubes answered by names or initials, in any order: the option with those
    cubes (the options list each draw once, in the order of RESOURCES)."""
    lists = _cube_lists(decision)
    counts = cube_counts(answer) if lists else None
    if counts is None:
        return None
    return next((o for o in lists if Counter(o) == Counter(counts)), None)


def _cube_lists(decision: Decision) -> list[list[str]]:
    """The options of a decision that are draws of cubes (lists of Resources)."""
    return [o for o in decision.options if isinstance(o, list) and o
            and all(isinstance(c, str) and c in RESOURCES for c in o)]


def choices_text(decision: Decision, limit: int = 12) -> str:
    """'the options are a, b, c' (a count: its bounds), shortened past `limit`; a draw of
    cubes: how it is answered (its options are every mix of its cubes)."""
    if decision.kind == "count":
        parts = [str(lo) if lo == hi else f"{lo} to {hi}" for lo, hi in decision.ranges]
        return f"{decision.what}: {', '.join(parts) if parts else 'none'}"
    draws = _cube_lists(decision)
    if len(draws) > 1 and len(draws) == len(decision.options):
        mixed = next((o for o in draws if len(set(o)) == len(RESOURCES)), draws[0])
        key = ", ".join(f"{r[0]} {r}" for r in RESOURCES)
        return f"{decision.what}: the {len(mixed)} cubes a letter a cube, as they came out " \
               f"({key}: '{''.join(c[0] for c in mixed)}')"
    labels = [option_label(o, decision) for o in decision.options]
    more = f", ... ({len(labels)} in all)" if len(labels) > limit else ""
    return f"{decision.what}: {', '.join(labels[:limit]) if labels else 'none'}{more}"


def answer_for(decision: Decision, value: Any) -> str:
    """The answer that gives `value` at `decision`: empty for the default, else the option's
    text (for the way back from a recorded turn to its answers)."""
    if decision.kind == "count":
        return "" if default(decision) == value else str(value)
    if default(decision) is not NO_DEFAULT and same(default(decision), value):
        return ""
    return option_text(value)


def same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


# --- the Action Tile, as the table names it --------------------------------------------------

HALVES = {"explore": "a", "build-road": "b"}  # #08's halves as the tile prints them (R-A08-01)
# `#05` the printed number, `@5` the ring position, `5` either where both name the same tile
TILE_NUMBER = re.compile(r"(?P<mark>[#@]?)0*(?P<n>[0-9]{1,3})(?P<suffix>[abp]?)", re.I)


def printed_number(ed: Edition, action: str) -> str:
    """The number printed on an action's tile: '05', '51P'; #08's halves '08a' (Explore
    Land) and '08b' (Build a Road)."""
    info = ed.action_tiles.get(ring_tile_of(action))
    return "" if info is None else info.number + HALVES.get(action, "")


def tile_words(g: Game, action: str) -> str:
    """A tile as the table reads it: 'Auction (#05, ring position 2)'."""
    position = g.state.ring.position_of(ring_tile_of(action))
    where = f", ring position {position}" if position is not None else ""
    return f"{NAMES.get(action, action)} (#{printed_number(g.ed, action)}{where})"


def ring_actions(g: Game) -> list[str]:
    """Every action of the ring, in ring order, #08 as its two halves."""
    out: list[str] = []
    for t in g.state.ring.tiles:
        out += ["explore", "build-road"] if t == DUAL_TILE else [t]
    return out


def tile_answer(g: Game, d: Decision, text: str) -> Any:
    """The tile an answer names by a number or a name, among `d.options`: the printed number
    (`#05`, `#8a`, `#51P`), the ring position (`@5`), a bare number where the printed number
    and the ring position name the same tile (or only one of them names a tile), or the
    tile's name or a unique beginning of it (`auction`, `sell the`). MISSING when the answer
    is none of these (the option's own word is read by `parse`); NotAnOption when it names
    no tile of the ring, two, or a tile this decision does not offer. Numbers are judged
    over every tile of the ring, not only those offered: `5` for the printed #05 must not
    pick the tile at position 5 because #05 cannot be chosen."""
    answer = " ".join(text.strip().split())
    ring = ring_actions(g)
    found = TILE_NUMBER.fullmatch(answer)
    if found is None and re.fullmatch(r"[#@]?[0-9]+[abp]?", answer, re.I):
        raise NotAnOption(f"{quoted(answer)} is not a ring position (@1 to "
                          f"@{len(g.state.ring.tiles)}) nor a number printed on a tile (#05)")
    if found is not None:
        named = _numbered(g, ring, answer, found)
    else:
        lowered = answer.lower()
        names = {a: NAMES.get(a, a).lower() for a in ring}
        named = [a for a in ring if names[a] == lowered] or \
            [a for a in ring if names[a].startswith(lowered) and len(lowered) >= 3]
        if not named:
            return MISSING
        if len(named) > 1:
            raise NotAnOption(f"{quoted(answer)} begins {len(named)} tiles: "
                              f"{', '.join(tile_words(g, a) for a in named)}")
    action = named[0]
    if action not in d.options:
        raise NotAnOption(f"{tile_words(g, action)} is not eligible here")
    return action


def _numbered(g: Game, ring: list[str], answer: str, found: re.Match[str]) -> list[str]:
    """The tile a number names (one), or NotAnOption saying why not."""
    n, suffix, mark = int(found["n"]), found["suffix"].lower(), found["mark"]
    at_position = [a for a in ring if g.state.ring.position_of(ring_tile_of(a)) == n]

    def printed() -> list[str]:
        out = []
        for a in ring:
            number = printed_number(g.ed, a).lower()
            digits = number.rstrip("abp")
            if not digits.isdigit() or int(digits) != n:
                continue
            if suffix and not number.endswith(suffix):
                continue
            out.append(a)
        return out

    if mark == "@" or (not mark and not suffix and at_position and not printed()):
        if suffix or not at_position:
            raise NotAnOption(f"{quoted(answer)}: the ring's positions are 1 to "
                              f"{len(g.state.ring.tiles)}")
        named = at_position
    else:
        named = printed()
        if not mark and not suffix and at_position and set(at_position) != set(named):
            raise NotAnOption(
                f"{quoted(answer)} could be {' or '.join(tile_words(g, a) for a in named)} by "
                f"its printed number, or {' or '.join(tile_words(g, a) for a in at_position)} "
                f"by its place on the ring: answer #{n:02d} or @{n}")
        if not named:
            raise NotAnOption(f"{quoted(answer)}: no tile of this ring is numbered #{n:02d}"
                              f"{suffix}")
    if len(named) > 1:  # #08: Explore Land (#08a) or Build a Road (#08b)
        raise NotAnOption(f"{quoted(answer)} is {' or '.join(tile_words(g, a) for a in named)}"
                          f": name one (#{printed_number(g.ed, named[0])} or "
                          f"#{printed_number(g.ed, named[1])})")
    return named


# --- answers that say what they answer -----------------------------------------------------

# the word an answers file names a decision by, where the log's key is not the table's word
LABEL_WORDS = {"bids": "bid", "pledges": "pledge", "drawn": "lot", "refills": "refill",
               "spots": "spot", "municipal_tokens": "token", "land_tile": "land",
               "buy_time": "time", "roll_first": "roll first", "vp_to_money": "vps to money",
               "money_to_vp": "money to vps", "site_bonus": "site bonus",
               "road_bonus": "road bonus", "final_sale": "final sale",
               "sudden_death": "sudden death", "big_town": "big town",
               "additional_floor": "additional floor", "connected_road": "connected road",
               "sell_house": "sell house"}
# `bid Bruno: 0`, `site: I4.s2`, `cubes: c w`: the label before the first colon (a value's
# JSON begins with `{` or `[`, a note is a command of its own)
LABELLED = re.compile(r"\s*(?P<label>[A-Za-z_][\w .-]*?)\s*:(?P<value>.*)")


def label(d: Decision, whole: bool = False) -> str:
    """How an answer names the decision it answers: the keys of its path in the table's
    words, a list's elements counted from 1 (`bid Bruno`, `cubes concrete`, `refill 1`, `spot
    2`, `site`); `whole`: the mapping a count belongs to (`cubes`), for cubes named at
    once. A list's element is named by its place: a line missing from a list of Spots is
    refused, not read as a shorter list."""
    path = d.path[:-1] if whole else d.path
    return " ".join(str(k + 1) if isinstance(k, int) else LABEL_WORDS.get(k, k) for k in path)


def labelled(text: str) -> tuple[str, str] | None:
    """An answer's label (lower case, single spaces, a dotted path as words) and its value,
    if it names what it answers."""
    found = LABELLED.fullmatch(text)
    if found is None:
        return None
    return _norm(" ".join(LABEL_WORDS.get(w, w) for w in found["label"].split())), \
        found["value"].strip()


def _norm(words: str) -> str:
    """A label compared: lower case, dots as spaces (`bids.Bruno`, a name `Ann.a`)."""
    return " ".join(words.replace(".", " ").lower().split())


def labels_of(d: Decision) -> tuple[str, ...]:
    """The labels that name `d` (lower case): its own, and for a count of a mapping of cubes
    the mapping's too (its cubes may be named at once: `cubes: c c w`)."""
    own = _norm(label(d))
    if d.kind == "count" and str(d.path[-1]) in RESOURCES and len(d.path) > 1:
        return own, _norm(label(d, whole=True))
    return (own,)
