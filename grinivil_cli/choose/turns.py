"""A turn being made: the search of the next turn (`turn_search`), each replay a replay of the
whole turn on a copy of the table; and a recorded turn made again decision by decision
(`remake`), each recorded value checked to be among the options offered."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..edition.model import RESOURCES
from ..engine.game import Game, cube_counts, cube_list
from ..engine.records import (
    PENDING,
    parse_partial,
)
from ..engine.replay import play_one
from ..errors import Path
from .domains import DOMAINS
from .probe import Probe, judged, quiet
from .record import END, MISSING, OMIT, Decision, Domain, Partial, Raw, Undecided, same
from .search import Result, Runner, Search, witnesses

if TYPE_CHECKING:
    pass


def turn_search(g: Game, number: int | None = None,
                domains: dict[str, Domain] | None = None) -> Search:
    """The search of the next turn (by default: the turn after the last one played, for the
    player on turn)."""

    n = g.state.turn + 1 if number is None else number
    return Search(turn_runner(g, n, DOMAINS if domains is None else domains), ("turns", n - 1))


def turn_runner(g: Game, number: int, domains: dict[str, Domain]) -> Runner:
    """Judge a turn record being made: replay it as turn `number` on a copy of the table."""

    root: Path = ("turns", number - 1)
    table: dict[Any, Any] = {}  # every replay of this search starts from the same table

    def run(partial: Partial) -> Result:
        start = g.state
        with quiet(g):
            p = g.state.players[g.state.current]
            probe = Probe(g, p, partial, root, domains, table)
            try:
                error = play_one(g, probe.record(lambda d: parse_partial(d, root)), number,
                                 claims=False, rollback=False)
            except Undecided as u:
                if next(witnesses(u.raw), MISSING) is not MISSING:
                    return probe.result(raw=u.raw)
                why = probe.unchoosable(start, number)  # a decision without options
                return probe.result(raw=u.raw) if why is None else \
                    probe.result(error=why, whole=True)
            if error is not None:
                why = probe.unchoosable(start, number)
                if why is not None:
                    return probe.result(error=why, whole=True)
            return judged(probe, error)

    return run

# --- a recorded turn, decision by decision -------------------------------------------------------

class NotOffered(Exception):  # noqa: N818
    """A recorded value that is not among the options of its decision."""

    def __init__(self, decision: Decision | None, value: Any, why: str) -> None:
        super().__init__(why)
        self.decision, self.value = decision, value


def matches(option: Any, recorded: Any) -> bool:
    """Whether a recorded value is the option: equal, or of its shape where the option leaves
    parts to later decisions (PENDING, an empty mapping, a list of empty mappings)."""
    if option is PENDING:
        return True
    if isinstance(option, dict) and isinstance(recorded, dict):
        if not option:
            return True
        return option.keys() == recorded.keys() and all(
            matches(option[k], recorded[k]) for k in option)
    if isinstance(option, list) and isinstance(recorded, list):
        return len(option) == len(recorded) and all(
            matches(o, r) for o, r in zip(option, recorded, strict=True))
    return same(option, recorded)


def walk(search: Search, start: Partial, recorded: dict[str, Any],
         normal: Callable[[Decision, Any], Any], *,
         exact: bool | Callable[[Raw], bool] = True) -> tuple[Partial, list[tuple[Decision, Any]]]:
    """Make `recorded` again decision by decision from `start`, checking that each recorded
    value (`normal` reads it at the decision's path) is among the options offered; the
    complete record, and each decision with the value taken. With `exact`, all the options
    of each decision are found (each judged); without, only the recorded value is: it must be
    among the domain's candidates and have a legal completion (the options hold it then).
    `exact` may also say it decision by decision."""
    partial, steps = start, []  # type: tuple[Partial, list[tuple[Decision, Any]]]
    while True:
        r = search.probe(partial)
        if r.done:
            return partial, steps
        if r.raw is None:
            raise NotOffered(None, None, f"the record made so far breaks a rule: {r.error}")
        raw = r.raw
        judge_all = exact(raw) if callable(exact) else exact
        d = search.decision(partial) if judge_all else Decision(
            raw.path, raw.kind, raw.what, raw.rule, options=raw.candidates, ranges=raw.ranges,
            zero_omits=raw.zero_omits)
        assert d is not None
        value = normal(d, recorded)
        chosen = next((o for o in d.options if matches(o, value)), MISSING) \
            if d.kind != "count" else (value if d.allows(value) else MISSING)
        if chosen is not MISSING and not judge_all and \
                not search.completable(partial.choose(d, chosen), 1):
            chosen = MISSING
        if chosen is MISSING:
            options = d.options or d.ranges
            raise NotOffered(d, value, f"{'/'.join(map(str, d.path))}: the log records "
                             f"{value!r}; the {'options' if judge_all else 'candidates'} are "
                             f"{options}")
        steps.append((d, chosen))
        partial = partial.choose(d, chosen)

IMPORT_ORDER = ("tree", "concrete", "wood", "steel")  # #14's offer, the order its items come
CUBE_DRAWS = ("refills", "drawn", "random")  # outcomes that are cubes drawn from the pouch
SAME_AS_LEFT_OUT = {"site_bonus": "repeat", "road_bonus": {"repeat": True}}  # earned anyway


def in_offered_form(turn: dict[str, Any]) -> dict[str, Any]:
    """A recorded turn with its sets in the order the decisions offer them (Planting Spots
    ascending, Import's items in the order of the offer); nothing else changes."""
    out = copy.deepcopy(turn)

    def fix(r: Any) -> None:
        if not isinstance(r, dict):
            return
        if isinstance(r.get("spots"), list):
            r["spots"] = sorted(r["spots"], key=str)
        if isinstance(r.get("items"), list):
            r["items"] = sorted(r["items"], key=lambda i: IMPORT_ORDER.index(i)
                                if i in IMPORT_ORDER else len(IMPORT_ORDER))
        bonus = r.get("site_bonus")
        if isinstance(bonus, dict) and isinstance(bonus.get("plant"), list):
            bonus["plant"] = sorted(bonus["plant"], key=str)
        for sub in r.get("repeat") or []:
            fix(sub)

    fix(out)
    return out


def recorded_value(decision: Decision, turn: dict[str, Any]) -> Any:
    """The value a recorded turn gives a decision, in the form the decision offers it: a field
    left out is OMIT (a count of 0 for a count), the end of a list END, cubes as counts."""

    path = decision.path
    node: Any = turn
    for i, k in enumerate(path):
        if isinstance(node, dict) and k in node:
            node = node[k]
        elif isinstance(node, list) and isinstance(k, int) and k < len(node):
            node = node[k]
        elif any(isinstance(x, int) for x in path[i:]):
            return END
        else:
            return 0 if decision.kind == "count" else OMIT
        if (k in ("cubes", "excess") or (i > 0 and path[i - 1] == "excess")) \
                and isinstance(node, list):
            node = cube_counts(node)
    keys = [k for k in path if isinstance(k, str)]
    if keys and (keys[-1] in CUBE_DRAWS or (len(path) >= 2 and path[-2] == "refills")):
        return sorted(cube_list(node), key=RESOURCES.index)
    if node is False:
        return OMIT
    if keys and SAME_AS_LEFT_OUT.get(keys[-1], MISSING) == node:
        return OMIT
    if decision.kind == "count" and node is None:
        return 0
    return node


NOT_DECISIONS = frozenset({"player", "note", "claims"})  # what a turn records besides its moves


def unused_values(turn: dict[str, Any], steps: list[tuple[Decision, Any]]) -> list[Path]:
    """The values of a recorded turn no decision took (by their paths): a value the rules
    never read is one the decisions never offer, so a remade turn must use them all."""
    taken = [d.path for d, _ in steps]

    def leaves(value: Any, path: Path) -> Iterator[Path]:
        if isinstance(value, dict) and value:
            for k, v in value.items():
                yield from leaves(v, path + (k,))
        elif isinstance(value, list) and value:
            for i, v in enumerate(value):
                yield from leaves(v, path + (i,))
        else:
            yield path

    def covered(leaf: Path) -> bool:
        return any(leaf[:len(t)] == t or t[:len(leaf)] == leaf for t in taken)

    return [leaf for k, v in turn.items() if k not in NOT_DECISIONS
            for leaf in leaves(v, (k,)) if not covered(leaf)]


def remake(g: Game, turn: dict[str, Any], number: int, search: Search | None = None, *,
           exact: bool = True) -> tuple[Partial, list[tuple[Decision, Any]]]:
    """Make a recorded turn again, decision by decision, on the table before it (`g`), each
    recorded value checked to be among the options offered (`NotOffered` if not; `exact`: as
    `walk`). The completeness test of the decision domains (tests/test_completeness.py,
    tools/completeness.py)."""
    search = search if search is not None else turn_search(g, number)
    recorded = in_offered_form(turn)
    return walk(search, Partial({"player": recorded.get("player")}), recorded, recorded_value,
                exact=exact)
