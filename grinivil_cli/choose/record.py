"""A record being made: the values decided so far (`Partial`), a decision as its domain proposes
it (`Raw`) and as it is offered (`Decision`), and what a domain is asked (`Ask`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from ..base.shown import listed, tagged
from ..engine.game import Game
from ..engine.records import (
    PENDING,
    Sentinel,
)
from ..engine.state import PlayerState
from ..engine.tiles import MERCHANT_KEY
from ..errors import Path

if TYPE_CHECKING:
    pass


OMIT = Sentinel("OMIT")  # leave the field out of the record (an optional decision not taken)
END = Sentinel("END")  # end a list (no more Trees to plant, trades to make...)
MISSING = Sentinel("MISSING")  # nothing at this path yet

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


@dataclass(frozen=True, repr=False)
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

    def __repr__(self) -> str:
        """One line: where, what, its rule and the first options (`options` has them all)."""
        where = ".".join(str(k) for k in self.path)
        if self.kind == "count":
            shown = ", ".join(f"{lo} to {hi}" if lo != hi else str(lo) for lo, hi in self.ranges)
        else:
            shown = listed((repr(o) for o in self.options), 70)
        return tagged("Decision", f"{where}: {self.what} ({self.rule}), {self.kind}: {shown}")


def same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


# the fields whose value is a list or mapping made by several decisions (its domain says when
# it is complete), and the random outcomes and simulator decisions read through Game.outcome
CONTAINER_KEYS = frozenset({"cubes", "bids", "pledges", "spots", "plant", "items", "moves",
                            "trades", "excess", "accepted"})
COUNT_MAPPINGS = frozenset({"cubes", "bids", "pledges", "excess"})
OUTCOME_KEYS = frozenset({"land_tile", "municipal_tokens", MERCHANT_KEY, "refills", "drawn",
                          "random", "roll", "refill", "excess", "sudden_death", "big_town"})


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
