"""The exact legal choices of a turn, one decision at a time.

A turn is a sequence of decisions (the tile, whether to follow, the Building Site, the Building
Token, the cubes of each Resource, the site bonus, ...), each written at one place of the turn's
record. The rules themselves say which decision comes next: a record being made is replayed
with a `Probe` on it (`records.probed`), and the first field the rules read that is not decided
yet stops the replay right there, in the state of the table at that moment. Its domain (every
candidate value, from `engine/domains.py`) is then judged: a candidate is an option when some
complete record through it is legal, which a depth-first search over the next decisions finds
(`Search.completable`), the replay being the judge at every step. So the options are exact:
nothing legal is left out (the domains propose every value the rules could accept) and nothing
illegal is offered (each option has a legal completion, found and judged by the replay). A
random outcome is offered whole: everything that can still be drawn.

A probe that breaks a rule before reading any undecided field is dead for every completion,
since the rules read a field before they use it: that is what keeps the search small. And a
replay does not stop at every decision: where it can, it takes the value the search would try
first there and goes on, the record read again with it (`Probe.first_value`), so one replay
answers for the records a search would otherwise replay one decision at a time.
Random outcomes (cubes drawn, die faces, Land Tiles, cards) are decisions too, of kind
`outcome`; when a search looks for some complete record, "some" means "for some outcome", as
the rulebook's "able to perform the Action" does (AMB-A14-03 (a): a roll the player cannot pay
for is the 2-VP penalty, not an ineligible tile).

`able` and `able_at_the_choice` answer R-TAR-06 for a declined action (it must be one the player
was able to perform when choosing it: AMB-TAR-01 (a)); `Search` answers the questions of whole
turns (`grinivil moves`, the completeness test, the recorder to come). The last part of the
module makes a recorded turn again decision by decision (`remake`), and lists what `grinivil
moves` shows (`tile_choices`, `line`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from ..errors import IllegalMove, IncompleteRecord, Path
from .game import Game
from .reading import VIEWS
from .records import PENDING, Record, Sentinel, parse_partial, probe_of, probed, refresh, unprobed
from .records import Step as StepRecord
from .state import GameState, PlayerState
from .tiles import MERCHANT_KEY

if TYPE_CHECKING:
    from .ring import Turn


OMIT = Sentinel("OMIT")  # leave the field out of the record (an optional decision not taken)
END = Sentinel("END")  # end a list (no more Trees to plant, trades to make...)
MISSING = Sentinel("MISSING")  # nothing at this path yet

MAX_PROBES = 20_000  # replays one search may make before it stops (`SearchCapped`)
LOOKAHEAD = True  # a replay takes on the way the value a search tries first (`first_value`)


class SearchCapped(Exception):
    """A search needed more replays than MAX_PROBES: its answer is unknown."""


@dataclass(frozen=True)
class Raw:
    """A decision as its domain proposes it: every value the rules could accept, not judged yet.

    `kind` is `one-of` (tiles, sites, tokens, resources, spots...), `count` (bids, pledges,
    Trees, cubes of one Resource, VPs converted, Time Units bought) or `outcome` (a random
    outcome to record). A count's candidates are `ranges`; `scan` says how they are judged:
    `each` value in turn, `monotone` (the legal values are an interval: stop at the first that
    fails after one that did not) or `ends` (a range far too long to judge value by value
    whose legal values are an interval by its rule, e.g. a bid of 10 to all one holds: both
    ends are judged, and the boundary found by bisection when one fails). `zero_omits`: 0 is
    written by leaving the field out. `any_one`: an outcome on whose value nothing judged
    later in the turn depends (the Auction's lot, the card refilling the Display), or a
    decision whose other values are legal exactly when the first is (declining: R-TAR-06), so
    a search for some complete record tries the first value only. `enough`: the candidates
    (or, for a count, the values) such a search needs to try, when the others can make no
    record legal that these cannot (a refill judged for #01, #02 or #06 alone:
    `market.refills_that_decide`) and, where the search's reason matters, none of them a dead
    end further than those of the first ones (`Search.attempt`: the same reason found)."""

    path: Path
    kind: str
    what: str
    rule: str
    candidates: tuple[Any, ...] = ()
    ranges: tuple[tuple[int, int], ...] = ()
    scan: str = "each"
    zero_omits: bool = False
    any_one: bool = False
    enough: tuple[Any, ...] = ()
    why_none: str = ""  # why there is no candidate at all, when there is none
    # the narrowest rule whose condition failed when there is none (else `rule`, the rule of
    # the decision): a Floor's cubes (R-BLD-07) for the Building Site of #03 (R-A03-02)
    why_rule: str = ""
    key: str = ""  # the log field whose domain proposed it (set by the probe)
    weights: tuple[float, ...] = ()  # an outcome's: how likely each candidate is (none: alike)
    # every candidate meets the end the first one meets, when that end comes right after it (a
    # broken rule, or a decision without candidates, no decision between): the search takes
    # that end for the others without replaying them (`Search.children`)
    alike: bool = False

    def of(self, key: str) -> Raw:
        """The same decision, proposed by the domain of `key` (`dataclasses.replace`, without
        its cost: a search asks thousands of domains)."""
        made: Raw = object.__new__(Raw)
        made.__dict__.update(self.__dict__)
        made.__dict__["key"] = key
        return made

    def but(self, **changes: Any) -> Raw:
        """The same decision with `changes` (`dataclasses.replace`, without its cost: the
        domains make several in every replay)."""
        unknown = changes.keys() - RAW_FIELDS
        if unknown:
            raise TypeError(f"Raw has no field {sorted(unknown)[0]!r}")
        made: Raw = object.__new__(Raw)
        made.__dict__.update(self.__dict__)
        made.__dict__.update(changes)
        return made


RAW_FIELDS = frozenset(f.name for f in fields(Raw))


@dataclass(frozen=True)
class Decision:
    """The next decision of a move and its exact options (`options` for one-of and outcome,
    `ranges` for a count, both ends included). `OMIT` among the options: the field may be
    left out; `END`: the list may end here."""

    path: Path
    kind: str
    what: str
    rule: str
    options: tuple[Any, ...] = ()
    ranges: tuple[tuple[int, int], ...] = ()
    zero_omits: bool = False  # a count of 0 is written by leaving the field out

    def allows(self, value: Any) -> bool:
        if self.kind == "count" and isinstance(value, int) and not isinstance(value, bool):
            return any(lo <= value <= hi for lo, hi in self.ranges)
        return any(same(value, o) for o in self.options)

    @property
    def empty(self) -> bool:
        return not self.options and not self.ranges


def same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


# --- a record being made ---------------------------------------------------------------------

@dataclass(frozen=True)
class Partial:
    """A turn record being made: the values decided so far (`data`, a turn record with the
    log's keys), the optional fields decided to be left out, and the lists ended."""

    data: dict[str, Any]
    omitted: frozenset[Path] = frozenset()
    ended: frozenset[Path] = frozenset()

    def value_at(self, path: Path) -> Any:
        node: Any = self.data
        for k in path:
            if isinstance(node, dict) and isinstance(k, str) and k in node:
                node = node[k]
            elif isinstance(node, list) and isinstance(k, int) and k < len(node):
                node = node[k]
            else:
                return MISSING
        return node

    def choose(self, decision: Decision | Raw, value: Any) -> Partial:
        """The record with `value` decided at the decision's path."""
        path = decision.path
        if value is END:
            return Partial(self.data, self.omitted, self.ended | {list_path(path)})
        if value is OMIT or (value == 0 and decision.zero_omits and not isinstance(value, bool)):
            return Partial(self.data, self.omitted | {path}, self.ended)
        return Partial(put(self.data, path, value), self.omitted, self.ended)

    def key(self) -> str:
        """The record as text, for the search's caches (made once: a record is not changed)."""
        found: str | None = self.__dict__.get("_key")
        if found is None:
            found = self.__dict__["_key"] = repr((self.data, sorted(self.omitted, key=repr),
                                                  sorted(self.ended, key=repr)))
        return found

    def record(self) -> dict[str, Any]:
        """The record as the log writes it: nothing pending, counts of 0 left out."""
        out: dict[str, Any] = clean(self.data)
        return out


def put(node: Any, path: Path, value: Any) -> Any:
    """A copy of the record `node` with `value` at `path` (a missing mapping or list on the
    way made, an index past a list's end appended): the mappings and lists along the path
    copied, the rest shared. A record being made is never changed in place (each decision
    makes a new one), so this is all a choice needs to copy."""
    k, rest = path[0], path[1:]
    out: Any
    if isinstance(node, list):
        out = list(node)
        child = out[k] if isinstance(k, int) and k < len(out) else MISSING
    else:
        out = dict(node) if isinstance(node, dict) else {}
        child = out.get(k, MISSING)
    if rest:
        if child is MISSING or child is PENDING:
            child = [] if isinstance(rest[0], int) else {}
        value = put(child, rest, value)
    if isinstance(out, list) and isinstance(k, int) and k >= len(out):
        out.append(value)
    else:
        out[k] = value
    return out


def list_path(path: Path) -> Path:
    """The path of the list a path of one of its elements lies in."""
    for i in range(len(path) - 1, -1, -1):
        if isinstance(path[i], int):
            return path[:i]
    return path


def clean(value: Any, counts: bool = False) -> Any:
    """A value as the log writes it: no PENDING part; in a mapping of counts (cubes, bids,
    pledges, excess), no entry of 0."""
    if isinstance(value, dict):
        out = {k: clean(v, k in COUNT_MAPPINGS or (counts and isinstance(v, dict)))
               for k, v in value.items()
               if v is not PENDING and not (counts and v == 0 and not isinstance(v, bool))}
        return {k: v for k, v in out.items()  # a mapping of counts all 0 records nothing
                if not (k in COUNT_MAPPINGS and v == {} and value[k] != {})}
    if isinstance(value, list):
        return [clean(v) for v in value if v is not PENDING]
    return value


# --- the probe: which field do the rules read next? --------------------------------------------

class Undecided(Exception):  # noqa: N818 (not an error: the next decision)
    """The rules read a field not decided yet: the next decision, proposed by its domain."""

    def __init__(self, raw: Raw) -> None:
        super().__init__(raw.path)
        self.raw = raw


@dataclass
class Ask:
    """What a domain is asked: the field the rules read (`key`, at `path` in the turn record,
    `item` for an entry of a mapping or list of outcomes), in the state of the table when they
    read it."""

    g: Game
    p: PlayerState  # the player on turn
    path: Path
    key: str
    item: str | int | None
    value: Any  # what is decided there so far (MISSING, PENDING, or a list or mapping begun)
    partial: Partial
    outcome: bool  # read as a random outcome (`Game.outcome`), not as a field

    @property
    def holder(self) -> dict[str, Any]:
        """The mapping of the record that holds `key`."""
        base = self.path[:-1] if self.item is None else self.path[:-2]
        found = self.partial.value_at(base)
        return found if isinstance(found, dict) else {}

    @property
    def parent(self) -> str | None:
        """The key of the mapping that holds `key` (`site_bonus`, `connected_road`...)."""
        base = self.path[:-1] if self.item is None else self.path[:-2]
        names = [k for k in base if isinstance(k, str) and k != "repeat"]
        return names[-1] if names else None

    @property
    def action(self) -> dict[str, Any]:
        """The action record `key` belongs to: the turn's, or a Repeat Action's."""
        i = max((j for j, k in enumerate(self.path) if k == "repeat" and j + 1 < len(self.path)
                 and isinstance(self.path[j + 1], int)), default=None)
        found = self.partial.data if i is None else self.partial.value_at(self.path[:i + 2])
        return found if isinstance(found, dict) else {}

    def decided(self, entry: str) -> bool:
        """Whether the entry `entry` of the mapping being made here is decided (a value, or
        left out)."""
        return (isinstance(self.value, dict) and entry in self.value) or \
            self.path + (entry,) in self.partial.omitted

    @property
    def tile(self) -> str:
        return str(self.action.get("tile"))

    @property
    def in_repeat(self) -> bool:
        return "repeat" in self.path[:-1]


Domain = Callable[[Ask], Raw | None]


class Probe:
    """Put on a record being made: stops the rules at the first field not decided yet."""

    def __init__(self, g: Game, p: PlayerState, partial: Partial, root: Path,
                 domains: dict[str, Domain], table: dict[Any, Any] | None = None) -> None:
        self.g, self.p, self.partial, self.root, self.domains = g, p, partial, root, domains
        self.settled: set[Path] = set()  # fields read already that are decided or left out
        # what the rules found of the table the whole search starts from (the same for each
        # of its replays: `choosable` of a tile), kept by the search's runner; None: nothing
        self.table = table
        # the decisions met and taken on the way, each with the value a search tries first
        # (`first_value`): the replays a search would make next, made by this one
        # (`Search.probe` keeps them)
        self.lookahead = LOOKAHEAD
        self.taken: list[tuple[Raw, Partial]] = []  # each with the record before it
        self.parse: Callable[[dict[str, Any]], Record] | None = None
        self.view: Record | None = None
        # a tile chosen whose choosing move draws, not yet judged by `choosable`: judged if this
        # replay fails (`at_the_choice`): the player's name, the tile, the action's record, the
        # turn, the decisions taken before the choice, and the table before it, if kept
        self.choice: tuple[str, str, StepRecord, Turn, int, GameState | None] | None = None

    def record(self, parse: Callable[[dict[str, Any]], Record]) -> Any:
        """The record being made, read through this probe; `parse` reads it from the values
        decided (again, when this replay takes a decision on the way)."""
        self.parse = parse
        self.view = probed(parse(self.partial.data), self)
        return self.view

    def read(self, path: Path, key: str, item: str | int | None = None, *,
             outcome: bool = False) -> bool:
        return self.ask(path, key, item, outcome=outcome)

    def choosing(self, g: Game, p: PlayerState, action: str, step: StepRecord,
                 before: GameState | None, turn: Turn) -> IllegalMove | None:
        return at_the_choice(g, p, action, step, before, turn)  # `reading.VIEWS`

    def ask(self, full: Path, key: str, item: str | int | None, *, outcome: bool) -> bool:
        """Raise Undecided at the first field the rules read that is not decided yet, unless
        this replay can take the value a search tries first there (`first_value`: then it
        does, and goes on); True when the field is settled (decided, left out, or not a
        decision), False for a mapping or list the rules read whole once complete."""
        if full in self.settled:
            return True
        domain = self.domains.get(key)
        if domain is None:
            return True
        path = full[len(self.root):]
        value = self.partial.value_at(path)
        if value is not MISSING and value is not PENDING and key not in CONTAINER_KEYS:
            self.settled.add(full)
            return True  # decided
        omitted = self.partial.omitted
        if omitted:
            for n in range(1, len(path) + 1):
                if path[:n] in omitted:
                    self.settled.add(full)
                    return True  # left out, or inside what is left out
        p = self.g.state.players[self.g.state.current]
        raw = domain(Ask(self.g, p, path, key, item, value, self.partial, outcome))
        taken = False
        while raw is not None:
            raw = raw.of(key)
            first = self.first_value(raw) if self.lookahead else MISSING
            if first is MISSING:
                if taken:
                    self.refresh()
                raise Undecided(raw)
            # this replay goes on as the search's next one would: with the value it tries first
            self.taken.append((raw, self.partial))
            self.partial = self.partial.choose(raw, first)
            taken = taken or (first is not OMIT and first is not END)
            if key not in CONTAINER_KEYS:
                if taken:
                    self.refresh()
                self.settled.add(full)
                return True
            # a mapping or list made by several decisions: its next one, or complete (None)
            raw = domain(Ask(self.g, p, path, key, item, self.partial.value_at(path),
                             self.partial, outcome))
        if taken:
            self.refresh()
        return False

    def first_value(self, raw: Raw) -> Any:
        """The value a search for some complete record tries first at this decision
        (`witnesses`), when this replay can take it on the way; else MISSING. It can leave
        the field out (the record reads its default) or end a list; decide a plain value of
        a field of the record (a site, a token, a count, a resident...), an entry of a
        mapping of counts (cubes, bids, excess...) or a random outcome (read through
        `Game.outcome`), the record then read again (`refresh`). Not an element of a list
        (the rules may hold the list), a value made of several decisions, or the tile."""
        value = next(witnesses(raw), MISSING)
        if value is MISSING or value is OMIT or value is END:
            return value
        if raw.kind == "count" and value == 0 and raw.zero_omits:
            return OMIT
        if self.parse is None or raw.key == "tile":
            return MISSING
        outcome = raw.key in OUTCOME_KEYS
        inner = raw.path[:-1] if outcome and isinstance(raw.path[-1], int) else raw.path
        if any(isinstance(k, int) for k in inner):
            return MISSING
        if not outcome and not isinstance(value, (str, int)):
            return MISSING
        return value

    def refresh(self) -> None:
        """The record read again with the values taken (`records.refresh`)."""
        if self.parse is not None and self.view is not None:
            refresh(self.view, self.parse(self.partial.data))

    def unchoosable(self, start: GameState, number: int) -> IllegalMove | None:
        """After this replay failed: why no draw of the choosing move lets the player perform
        the Action chosen (`choosable`), if none does; the table before the choice is the one
        the replay started from (`start`, of turn `number`) unless it was kept. Nothing
        changes the table between the start of a turn and its choosing move."""
        if self.choice is None:
            return None
        name, action, step, turn, _, before = self.choice
        if before is None:
            before = start.copy()
            before.turn = number
        return choosable(self.g, self.g.state.player(name), action, step, before, turn)

    def result(self, *, done: bool = False, error: IllegalMove | None = None,
               raw: Raw | None = None, whole: bool = False) -> Result:
        """What this probe found, with the decisions it took on the way (the replay is over).
        A search keeps it: the error keeps its message and place, not its traceback, whose
        frames would keep the whole replay's table alive (and, as cycles, busy the garbage
        collector)."""
        if error is not None:
            error.__traceback__ = error.__context__ = error.__cause__ = None
        self.view = self.parse = None  # the record read through this probe refers to it
        dead = self.choice[4] if whole and self.choice is not None else None
        return Result(done, error, raw, tuple(self.taken), self.partial, dead)


# the fields whose value is a list or mapping made by several decisions (its domain says when
# it is complete), and the random outcomes and simulator decisions read through Game.outcome
CONTAINER_KEYS = frozenset({"cubes", "bids", "pledges", "spots", "plant", "items", "moves",
                            "trades", "excess", "accepted"})
COUNT_MAPPINGS = frozenset({"cubes", "bids", "pledges", "excess"})
OUTCOME_KEYS = frozenset({"land_tile", "municipal_tokens", MERCHANT_KEY, "refills", "drawn",
                          "random", "roll", "refill", "excess", "sudden_death", "big_town"})


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

    def probe(self, partial: Partial) -> Result:
        key = partial.key()
        found = self.cache.get(key)
        if found is None:
            self.count()
            found = self.run(partial)
            if found.taken:  # the replays of the decisions taken on the way, made by this one
                assert found.made is not None
                dead = len(found.taken) if found.dead_from is None else found.dead_from
                for i, (raw, before) in enumerate(found.taken):
                    self.cache[before.key()] = Result(raw=raw) if i < dead else \
                        Result(error=found.error)
                self.cache[found.made.key()] = Result(found.done, found.error, found.raw, (),
                                                      None, found.dead_from)
                found = self.cache[key]
            else:
                self.cache[key] = found
        return found

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


def able(g: Game, p: PlayerState, action: str, step: StepRecord,
         vp_before_choice: int | None) -> IllegalMove | None:
    """R-TAR-06 (b), "a Player is able to perform the selected Action": None when some complete
    legal record of `action` exists for `p` in the table as it is now (after the choosing move
    and the step-2 benefits, where the action would begin), for some random outcome; else the
    rule the attempt that got furthest broke. A search stopped by MAX_PROBES counts as able
    (nothing is refused on a doubt)."""
    from .actions import ACTIONS
    from .domains import DOMAINS
    from .ring import TurnContext

    def perform(s: StepRecord) -> object:
        return ACTIONS[action](g, g.state.player(p.name), s.action,
                               TurnContext(s, vp_before_choice=vp_before_choice))

    search = Search(action_runner(g, p, action, perform, step.path, DOMAINS), step.path)
    try:
        ok, why = search.attempt(Partial({"tile": action}))
    except SearchCapped:
        return None
    if ok:
        return None
    return why or IllegalMove("R-TAR-06", "no way of performing it is left.", step.path)


def able_at_the_choice(g: Game, p: PlayerState, action: str, step: StepRecord, before: GameState,
                       turn: Turn) -> bool:
    """R-TAR-06 judged at the choice, before the random draws of the choosing move and of
    step 2 (a TAR completion's refill, the Merchant's cube): whether, from the table `before`
    the choosing move, some draw lets the player carry the action out. A player who chose an
    eligible tile and drew badly takes the penalty (as after an Import roll, AMB-A14-03 (a)).
    In a turn being made, a tile the search knows already (`choosable`, asked when an earlier
    replay failed) is answered by it: carrying the Action out after some draw is performing
    it (nothing after it can fail: `domains.declined`), and the table before the choosing
    move is the one the turn starts from."""
    from .domains import SHORTCUTS

    probe = probe_of(step)
    if SHORTCUTS and step is turn.record and isinstance(probe, Probe) and \
            probe.table is not None and action in probe.table:
        return probe.table[action] is None
    return _at_the_choice(g, p, action, step, before, turn, only_the_action=False)[0]


def choosable(g: Game, p: PlayerState, action: str, step: StepRecord, before: GameState,
              turn: Turn) -> IllegalMove | None:
    """For a turn being made (the search), a tile whose choosing move draws at random: None
    when, for some draw, the player can perform the Action (from the table `before` the
    choosing move); else why not (the rule the attempt that got furthest broke). When none
    can, no legal turn chooses the tile (R-TAR-06): carrying it out needs the Action performed
    for the draw made, and declining it needs the player able to perform it, after the draw
    (`able`) or at the choice (`able_at_the_choice`, whose every success performs the Action
    too). So the search need not try every draw to find that out, one by one (the tile's
    options are the same: `tests/test_choices.py`). The answer is kept for the table the
    search starts from (`Probe.table`: the same for each of its replays)."""
    probe = probe_of(step)
    table = probe.table if isinstance(probe, Probe) else None
    if table is not None and action in table:
        known: IllegalMove | None = table[action]
        return known
    turn = replace(turn, record=unprobed(turn.record))  # only the action's record is made here
    found, why = _at_the_choice(g, p, action, step, before, turn, only_the_action=True,
                                keep=table is None)
    if found:
        why = None
    elif why is None:
        why = IllegalMove("R-TAR-06", f"{p.name} could not perform the Action, whatever the "
                              "draws of the choosing move.", step.path)
    if table is not None:
        table[action] = why
    return why


def at_the_choice(g: Game, p: PlayerState, action: str, step: StepRecord,
                  before: GameState | None, turn: Turn) -> IllegalMove | None:
    """Where a turn being made chooses a tile whose choosing move draws at random: why the
    tile cannot be chosen whatever the draws (`choosable`), if the search knows it already.
    Else the search of a turn judges it only if this replay fails (`Probe.unchoosable`): a
    replay that carries the Action out has shown that some draw lets the player perform it,
    and most do. `before`: the table before the choosing move, if kept."""
    probe = probe_of(step)
    if isinstance(probe, Probe) and probe.table is not None:
        if action in probe.table:
            known: IllegalMove | None = probe.table[action]
            return known
        # the turn's record as it is now: what a failing replay decides after the choice
        # (a final sale, excess cubes...) is no part of the question
        probe.choice = (p.name, action, step, replace(turn, record=unprobed(turn.record)),
                        len(probe.taken), before)
        return None
    return choosable(g, p, action, step, before or g.state, turn)


def _at_the_choice(g: Game, p: PlayerState, action: str, step: StepRecord, before: GameState,
                   turn: Turn, *, only_the_action: bool,
                   keep: bool = True) -> tuple[bool, IllegalMove | None]:
    """Whether some draw of the choosing move and of step 2 lets the player carry the action
    out from the table `before` (`only_the_action`: perform the Action itself, the Time Shift
    and Repeat Actions after it not judged), and if none does, why not; kept once found
    (`keep`: across searches; a caller that keeps it itself spares the table's fingerprint)."""
    from .domains import AT_THE_CHOICE
    from .turn import play_action

    key = (id(g.ed), fingerprint(before), action, p.name, turn.free_workers,
           tuple(turn.occupied_to_take_back), step.path, only_the_action) if keep else None
    known = _AT_THE_CHOICE.get(key) if key is not None else None
    if known is not None:
        return known

    def run(partial: Partial) -> Result:
        with quiet(g, before):
            probe = Probe(g, p, partial, step.path, AT_THE_CHOICE)
            try:
                play_action(g, g.state.player(p.name),
                            probe.record(lambda d: parse_partial(d, step.path, step=True)), turn,
                            only_the_action=only_the_action)
            except Undecided as u:
                return probe.result(raw=u.raw)
            except IllegalMove as e:
                return judged(probe, e)
            return probe.result(done=True)

    search = Search(run, step.path)
    try:  # carrying it out, not declining again
        found = search.attempt(Partial({"tile": action}, frozenset({("declined",)})))
    except SearchCapped:
        found = (True, None)
    if key is not None:
        if len(_AT_THE_CHOICE) > 4096:
            _AT_THE_CHOICE.clear()
        _AT_THE_CHOICE[key] = found
    return found


# a search of the turns of one table asks `able_at_the_choice` once for every draw it tries:
# the answer depends on the table before the draws only, so it is kept (with why not)
_AT_THE_CHOICE: dict[tuple[Any, ...], tuple[bool, IllegalMove | None]] = {}


def forget() -> None:
    """Drop the answers kept across searches (a benchmark's passes start equal)."""
    _AT_THE_CHOICE.clear()


def fingerprint(state: GameState) -> str:
    """The state as text, the edition left out (equal text, equal state)."""
    return repr((state.players, state.ring, state.townland, state.supply, state.market,
                 state.municipality, state.four_plus, state.turn, state.current,
                 state.sudden_death, state.last_tile, state.options))


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


# --- runners: a whole turn, or one action in the middle of a turn -------------------------------

@contextmanager
def quiet(g: Game, state: GameState | None = None) -> Iterator[Game]:
    """The table made ready for a probe: a copy of the state (or of `state`), no Chance
    (every outcome is a decision), strict (a finding is an error), its records read through
    their probes (`VIEWS`), the ledger and findings put back after."""
    saved = (g.state, g.chance, g.lenient, g.reader, len(g.ledger.entries), len(g.findings))
    g.state = (g.state if state is None else state).copy()
    g.chance, g.lenient, g.reader = None, False, VIEWS
    try:
        yield g
    finally:
        g.state, g.chance, g.lenient, g.reader, size, found = saved
        del g.ledger.entries[size:]
        del g.findings[found:]


def turn_search(g: Game, number: int | None = None,
                domains: dict[str, Domain] | None = None) -> Search:
    """The search of the next turn (by default: the turn after the last one played, for the
    player on turn)."""
    from .domains import DOMAINS

    n = g.state.turn + 1 if number is None else number
    return Search(turn_runner(g, n, DOMAINS if domains is None else domains), ("turns", n - 1))


def turn_runner(g: Game, number: int, domains: dict[str, Domain]) -> Runner:
    """Judge a turn record being made: replay it as turn `number` on a copy of the table."""
    from .replay import play_one  # the replay plays turns; it imports the rules that use this

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


def action_runner(g: Game, p: PlayerState, action: str, perform: Callable[[StepRecord], object],
                  path: Path, domains: dict[str, Domain]) -> Runner:
    """Judge an action record being made: perform it (`perform`, the action's function) on a
    copy of the table as it is now, in the middle of the turn."""

    def run(partial: Partial) -> Result:
        with quiet(g):
            probe = Probe(g, p, partial, path, domains)
            try:
                perform(probe.record(lambda d: parse_partial(d, path, step=True)))
            except Undecided as u:
                return probe.result(raw=u.raw)
            except IllegalMove as e:
                return judged(probe, e)
            return probe.result(done=True)

    return run


def judged(probe: Probe, error: IllegalMove | None) -> Result:
    """A finished probe: legal, or a broken rule; a field the rules require and no read asked
    for (an `IncompleteRecord` raised where the need is found) is asked of its domain now, the
    table still as it was when the rule found it missing."""
    if error is None:
        return probe.result(done=True)
    if isinstance(error, IncompleteRecord):
        probe.lookahead = False  # the replay has stopped: the decision is asked, not taken
        raw = incomplete_decision(probe, error)
        if raw is not None:
            return probe.result(raw=raw)
    return probe.result(error=error)


def incomplete_decision(probe: Probe, error: IncompleteRecord) -> Raw | None:
    """The decision an `IncompleteRecord` names: its deepest key with a domain."""
    full = error.path
    if tuple(full[:len(probe.root)]) != probe.root:
        return None
    path = tuple(full[len(probe.root):])
    if path in probe.partial.omitted:
        return None
    for i in range(len(path) - 1, -1, -1):
        key = path[i]
        if isinstance(key, str) and key in probe.domains:
            item = path[i + 1] if i + 1 < len(path) else None
            try:
                probe.ask(probe.root + path[:i + 1] + ((item,) if item is not None else ()),
                          key, item if isinstance(item, (str, int)) else None, outcome=True)
            except Undecided as u:
                return u.raw
            return None
    return None


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
    from ..edition.model import RESOURCES
    from .game import cube_counts, cube_list

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


# --- what `grinivil moves` shows ---------------------------------------------------------------

@dataclass(frozen=True)
class TileChoice:
    """One tile of the ring for the player on turn: whether some legal turn chooses it (or
    follows it, #51P), and if not, why (the rule the attempt that got furthest broke)."""

    tile: str
    eligible: bool
    why: IllegalMove | None
    followed: bool = False  # legal only as a Follower, without moving


REASONS = {"R-TAR-05": "a Worker stands on it", "R-A16-05": "occupied", "R-A18-04": "occupied",
           "R-WRK-02": "no free Worker", "R-TAR-02": "not on the ring"}


def reason(error: IllegalMove | None) -> str:
    """The kind of reason a tile is not eligible, in words: a Worker on it, occupied, no free
    Worker, nothing left for it (the supply, the Reserve, the Market), or not able to carry it
    out (money, VPs, Resources...)."""
    if error is None:
        return "no way of carrying it out"
    if error.rule in REASONS:
        return REASONS[error.rule]
    if "cannot be chosen" in error.message:
        return "nothing left for it"
    return "cannot carry it out"


def tile_choices(g: Game, search: Search | None = None) -> list[TileChoice]:
    """Every action of the ring (in ring order, #08 as its two halves) for the player on
    turn: eligible when some complete legal turn chooses it."""
    search = search if search is not None else turn_search(g)
    start = Partial({"player": g.state.players[g.state.current].name})
    r = search.probe(start)
    if r.raw is None or r.raw.path != ("tile",):
        return []
    out = []
    for t in r.raw.candidates:
        chosen = start.choose(r.raw, t)
        ok, why = search.attempt(chosen)
        nxt = search.probe(chosen).raw
        followed = ok and nxt is not None and nxt.path == ("follow",) and not \
            search.completable(chosen.choose(nxt, OMIT))
        out.append(TileChoice(str(t), ok, why, followed))
    return out


@dataclass(frozen=True)
class Step:
    """A decision along a line of play, the value taken, and whether the user set it."""

    decision: Decision
    value: Any
    given: bool


def line(search: Search, start: Partial, given: dict[str, Any], limit: int = 200, *,
         take: Callable[[Decision, Any], Any] | None = None,
         ) -> tuple[list[Step], Partial, IllegalMove | None]:
    """The decisions of a move from `start`, each taking the value `given` for its path (by
    its text, the keys joined by dots, so that a key holding a dot is found as written;
    `take` reads a given value at its decision), or else its first option (leaving an
    optional field out first; of a random outcome, the first draw after which the move can
    be completed); the steps, the record made, and the rule a given value breaks (the line
    stops at a value given that is not among the options: None when no rule is found)."""
    steps: list[Step] = []
    partial = start
    for _ in range(limit):
        if search.probe(partial).done:
            return steps, partial, None
        d = search.decision(partial)
        if d is None:
            return steps, partial, search.probe(partial).error
        at = ".".join(str(k) for k in d.path)
        if at in given:
            value = given[at] if take is None else take(d, given[at])
            steps.append(Step(d, value, True))
            if not d.allows(value):  # judged by the rules; a draw not among those that
                if d.kind == "outcome":  # can be drawn is judged by none: it cannot happen
                    return steps, partial, None
                _, why = search.attempt(partial.choose(d, value))
                return steps, partial, why
        elif d.empty:  # nothing is possible here
            steps.append(Step(d, MISSING, False))
            raw = search.probe(partial).raw
            used = {".".join(str(k) for k in s.decision.path) for s in steps}
            later = [p for p in given if p not in used]
            if raw is None or not later or not list(witnesses(raw)):
                return steps, partial, None
            partial = partial.choose(raw, next(witnesses(raw)))  # on to the values given
            continue
        else:
            value = d.options[0] if d.kind != "count" else d.ranges[0][0]
            if d.kind == "outcome":  # a draw after which the move can be completed
                value = next((o for o in d.options
                              if search.completable(partial.choose(d, o), 1)), value)
            steps.append(Step(d, value, False))
        partial = partial.choose(d, value)
    return steps, partial, None
