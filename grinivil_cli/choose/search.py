"""The search: whether some complete legal record continues a record being made
(`Search.completable`), each of its replays judged by the rules (`Runner`), and the exact
options of the next decision (`Search.decision`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import IllegalMove, Path
from .record import END, MISSING, OMIT, Decision, Partial, Raw, list_path

if TYPE_CHECKING:
    pass


MAX_PROBES = 20_000  # replays one search may make before it stops (`SearchCapped`)

class SearchCapped(Exception):
    """A search needed more replays than MAX_PROBES: its answer is unknown."""

# --- the search ----------------------------------------------------------------------------------

@dataclass
class Result:
    """What one probe found: the record is complete and legal (`done`), breaks a rule whatever
    comes next (`error`), or needs a decision (`raw`)."""

    done: bool = False
    error: IllegalMove | None = None
    raw: Raw | None = None
    # the decisions the replay met and took on the way, each with the record before it, and
    # the record with them all (`made`), whose result this is: `Search.probe` answers for each
    taken: tuple[tuple[Raw, Partial], ...] = ()
    made: Partial | None = None
    # the error holds for every record that makes the decisions taken before this one the
    # same (`taken[dead_from:]` and `made` are all dead): a tile none of whose draws lets the
    # player perform it (`Probe.unchoosable`)
    dead_from: int | None = None


Runner = Callable[[Partial], Result]


@dataclass
class Search:
    """The exact options of the decisions of one record being made, judged by `run` (a replay
    of the turn, or of one action, on a copy of the table)."""

    run: Runner
    root: Path = ()  # the path of the record in the log
    probes: int = 0
    cache: dict[str, Result] = field(default_factory=dict)
    known: dict[str, bool] = field(default_factory=dict)
    deepest: tuple[int, IllegalMove | None] = (-1, None)  # the dead end with most decisions
    spared: set[str] = field(default_factory=set)  # `spare`: known, not counted yet

    def probe(self, partial: Partial) -> Result:
        key = partial.key()
        found = self.cache.get(key)
        if found is None:
            self.count()
            found = self.run(partial)
            if found.taken:  # the replays of the decisions taken on the way, made by this one
                assert found.made is not None
                self.spare(found)
                dead = len(found.taken) if found.dead_from is None else found.dead_from
                for i, (raw, before) in enumerate(found.taken):
                    self.cache[before.key()] = Result(raw=raw) if i < dead else \
                        Result(error=found.error)
                self.cache[found.made.key()] = Result(found.done, found.error, found.raw, (),
                                                      None, found.dead_from)
                found = self.cache[key]
            else:
                self.cache[key] = found
        elif key in self.spared:
            self.spared.discard(key)
            self.count()
        return found

    def spare(self, found: Result) -> None:
        """The records after the values a replay decided on the way inside a Repeat Action
        (`Probe.first_value`): each is counted as a replay when the search first asks for it,
        as the replay a search made there before they were taken on the way was (the planner
        bots measure their search in replays, issue 16: their games do not change)."""
        assert found.made is not None
        after = [before for _, before in found.taken[1:]] + [found.made]
        for (raw, before), made in zip(found.taken, after, strict=True):
            # a value decided (a field left out or a list ended was taken there before)
            if made.data is not before.data and in_a_repeat(raw.path) and \
                    made.key() not in self.cache:
                self.spared.add(made.key())

    def count(self) -> None:
        """One more replay (`SearchCapped` past MAX_PROBES)."""
        self.probes += 1
        if self.probes > MAX_PROBES:
            raise SearchCapped(f"more than {MAX_PROBES} replays")

    def children(self, partial: Partial, raw: Raw, values: Iterable[Any]) -> Iterator[Partial]:
        """`partial` with each value decided at `raw`, in order. At a decision whose values are
        `alike`, once the first has met an end right after it (its result a broken rule, or a
        decision without candidates: no decision taken on the way), the others meet the same:
        their results are that one, without a replay. Each still counts as one (`probes`),
        as its replay would have: the planner bots measure their search in replays (issue 16),
        and a search so stops where it stopped before (MAX_PROBES)."""
        first: Result | None = None
        for i, v in enumerate(values):
            child = partial.choose(raw, v)
            if first is not None:
                key = child.key()
                if key not in self.cache:
                    self.count()
                    self.cache[key] = first
                elif key in self.spared:
                    self.spared.discard(key)
                    self.count()
            yield child
            if i == 0 and raw.alike:
                found = self.cache.get(child.key())
                if found is not None and not found.done and found.dead_from is None and (
                        found.error is not None or (found.raw is not None and next(
                            witnesses(found.raw), MISSING) is MISSING)):
                    first = found

    def completable(self, partial: Partial, depth: int = 0) -> bool:
        """Whether some complete legal record continues `partial`."""
        key = partial.key()
        if key in self.known:
            return self.known[key]
        r = self.probe(partial)
        if r.done:
            ok = True
        elif r.raw is None:
            if depth > self.deepest[0]:
                self.deepest = (depth, r.error)
            ok = False
        elif self.dead_list(partial, r.raw, depth):
            ok = False
        else:
            tried = list(witnesses(r.raw))
            if not tried and depth > self.deepest[0]:
                raw = r.raw
                why = raw.why_none or f"nothing is possible for {raw.what}."
                self.deepest = (depth, IllegalMove(raw.why_rule or raw.rule, why,
                                                   self.root + raw.path))
            ok = any(self.completable(child, depth + 1)
                     for child in self.children(partial, r.raw, tried))
        self.known[key] = ok
        return ok

    def dead_list(self, partial: Partial, raw: Raw, depth: int) -> bool:
        """At the decision of a new element of a list: whether the elements made so far break a
        rule already. The rules judge a list's elements in order, each by the elements before
        it, and read the list only once it is complete; so the list ended here is judged, and
        an error inside one of its elements holds for every longer list too."""
        if END not in raw.candidates:
            return False
        lp = list_path(raw.path)
        made = partial.value_at(lp)
        if not isinstance(made, list) or raw.path[len(lp)] != len(made):
            return False
        r = self.probe(Partial(partial.data, partial.omitted, partial.ended | {lp}))
        where = self.root_of(r.error)
        if where is None or len(where) <= len(lp) or where[:len(lp)] != lp:
            return False
        j = where[len(lp)]
        if not (isinstance(j, int) and j < len(made)):
            return False
        if depth > self.deepest[0]:
            self.deepest = (depth, r.error)
        return True

    def root_of(self, error: IllegalMove | None) -> Path | None:
        """An error's path inside the record, or None."""
        if error is None or tuple(error.path[:len(self.root)]) != self.root:
            return None
        return tuple(error.path[len(self.root):])

    def decision(self, partial: Partial) -> Decision | None:
        """The next decision of `partial` with its exact options; None when the record is
        complete (and legal) or dead (`attempt` says why). The options of a random outcome
        are everything that can be drawn, whatever follows: the table does not choose its
        draws (a draw after which the action cannot be completed leaves the decisions after
        it without options; one of the choosing move is declined: `able_at_the_choice`)."""
        r = self.probe(partial)
        if r.raw is None:
            return None
        raw = r.raw
        if raw.kind == "count":
            return Decision(raw.path, raw.kind, raw.what, raw.rule,
                            ranges=tuple(self._legal_ranges(partial, raw)),
                            zero_omits=raw.zero_omits)
        if raw.kind == "outcome":  # what can be drawn: chance is not a choice; not drawing
            # at all (OMIT: declining before the roll, AMB-A14-03 (a)) is, and is judged
            return Decision(raw.path, raw.kind, raw.what, raw.rule, options=tuple(
                v for v in raw.candidates
                if v is not OMIT or self.completable(partial.choose(raw, v), 1)))
        options = tuple(v for v, child in zip(raw.candidates, self.children(
            partial, raw, raw.candidates), strict=True) if self.completable(child, 1))
        return Decision(raw.path, raw.kind, raw.what, raw.rule, options=options)

    def _legal_ranges(self, partial: Partial, raw: Raw) -> Iterator[tuple[int, int]]:
        def ok(n: int) -> bool:
            return self.completable(partial.choose(raw, n), 1)

        for lo, hi in raw.ranges:
            if raw.scan == "ends" and hi - lo > 1:
                a, b = ok(lo), ok(hi)
                if a and b:
                    yield lo, hi
                elif a or b:  # an interval by its rule: bisect for the boundary
                    good, bad = (lo, hi) if a else (hi, lo)
                    while abs(bad - good) > 1:
                        mid = (good + bad) // 2
                        good, bad = (mid, bad) if ok(mid) else (good, mid)
                    yield (lo, good) if a else (good, hi)
                continue
            start = None
            for n in range(lo, hi + 1):
                if ok(n):
                    start = n if start is None else start
                    continue
                if start is not None:
                    yield start, n - 1
                    start = None
                    if raw.scan == "monotone":
                        break
            else:
                if start is not None:
                    yield start, hi

    def attempt(self, partial: Partial) -> tuple[bool, IllegalMove | None]:
        """Whether some complete legal record continues `partial`, and if none does, why: the
        rule broken at the dead end that got furthest (most decisions made)."""
        self.deepest, known = (-1, None), self.known
        self.known = {}  # found again (the replays are cached): the reason is found on the way
        try:
            if self.completable(partial):
                return True, None
            return False, self.deepest[1]
        finally:
            self.known = {**known, **self.known}

def witnesses(raw: Raw) -> Iterator[Any]:
    """The values tried, in order, when looking for one complete record: every candidate (the
    end of a list first: a shorter record has fewer ways to break a rule); for a count, its
    values (both ends only of a range whose legal values form an interval)."""
    if raw.kind != "count":
        if raw.enough:
            yield from raw.enough
            return
        if raw.any_one:
            yield from raw.candidates[:1]
            return
        if END in raw.candidates:  # the shortest list first
            yield END
        yield from (v for v in raw.candidates if v is not END)
        return
    if raw.enough:
        yield from raw.enough
        return
    for lo, hi in raw.ranges:
        if raw.scan == "ends":
            yield from (lo, hi) if hi != lo else (lo,)
        else:
            yield from range(lo, hi + 1)


def in_a_repeat(path: Path) -> bool:
    """Whether a decision is one of a Repeat Action's (an element of `repeat`)."""
    return any(k == "repeat" and i + 1 < len(path) and isinstance(path[i + 1], int)
               for i, k in enumerate(path))
