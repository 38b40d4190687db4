"""Typed moves: each turn of a log read once, after the schema check, into frozen records.

The rules take these records (`replay.replay` parses the turns, `setup.set_up` the setup); no
rule reads a log mapping. A reader with `docs/log-format.md` open finds here, in the order of
its sections:

* `At`: where a value stands in the log, as a path (("turns", 5, "site"));
* the shared shapes: `Cubes` (a list of names or a mapping of counts), `Entry` (one entry of a
  `{name: value}` mapping: bids, pledges, municipal_tokens, features, accepted, ...);
* one record per action family (*Action fields by tile*), each with its `read` and `write`, then
  `FAMILIES`, the tile keys they serve; *Building*'s `SiteBonus` and `Associated`; the *Bonus
  Road Track*'s `RoadBonus`;
* `Turn` and `RepeatAction` (*Turns*): what a turn and a Repeat Action record around the action;
* `parse_turn` and `write_turn`.

Positions. Every record keeps `at`, the path of the mapping (or the value) it was read from;
a field's own path is its record's `at` followed by the field's log key:
`(build.at / "site").path == ("turns", 5, "site")`, the path `IllegalMove.path` takes, and an
entry of a list or mapping keeps its own `at` (`move.spots` -> `at / "spots" / 0`; an `Entry`;
a `Trade`). The file, line and column are `Loaded.position(path)` (`At.position`): a path is
enough, and a record made without a log (by hand, by the simulator) has the empty path.

Absence. An optional field left out is `None`, never a default (*Optional fields: what absence
means*: `roll_first` absent means "rolled after", and that is the rules' to know). Every field of
an action is optional here: a `declined` turn records none, and a field the rules require is
judged by the rules (an IncompleteRecord at `at / key`), not by this module.

Shapes. `parse_turn` reads a turn the schema accepted. A shape the schema would refuse (a wrong
type, an unknown key, a field of another tile) raises `UnreadableTurn`, a LogFormatError naming
the path; what the schema reads and the rules judge (two site bonuses, both `refill` and
`give`, a roll of 9...) is read as written, for the rules to judge.

The round trip is exact: `write_turn(parse_turn(d, path)) == d` for every turn of every bundled
log, with the same key order and the same types, so the YAML text is the same. Nothing is
normalised; to keep it so, the records keep the form the log used:

* cubes written as a list keep the list (`Cubes.listed`, in the log's order), cubes written as
  counts keep the keys written, zero counts included (`Cubes.keys`);
* every mapping keeps the order its keys were written in (`keys`; a `Turn`'s keys include its
  action's fields); `{name: value}` mappings are tuples of `Entry` in the log's order;
* a site bonus or associated action mapping with several keys keeps all of them, in order.

Equality. `at`, `keys` and `Cubes.listed` are compare=False: two records of the same move are
equal wherever and however they were written. A record made by hand has no `keys`: it is
written in the order of docs/log-format.md.

Decisions. A turn being made decision by decision (`engine/choices.py`) is read by
`parse_partial` (its parts still to decide allowed) and given to the rules through `probed`:
the same record, each field read first asking the probe (`FieldProbe`), which stops the rules at
the first field not decided yet, in the state of the table at that moment. `Record.log_keys`
says which log key each attribute is read from, so the probe knows the field's path.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, cast

from ..edition.model import RESOURCES
from ..errors import LogFormatError, Path, Position, Problem
from ..logfile.loaded import Loaded
from .tiles import ABILITY_TILES, MERCHANT_KEY

T = TypeVar("T")
V = TypeVar("V")
R = TypeVar("R", bound="Record")
M = TypeVar("M")
_SET = object.__setattr__  # what a frozen record's own __setattr__ refuses, for its makers


# --- Where a value stands -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class At:
    """A value's place in the log: its path from the top of the document, as `IllegalMove.path`
    takes it (("turns", 5, "repeat", 0, "site")). Positions come from the Loaded document.
    Light: a record keeps one for each of its values."""

    path: Path = ()

    def __truediv__(self, key: str | int) -> At:
        """The place of a field (a log key) or an element (an index) inside this value."""
        made = object.__new__(At)
        _SET(made, "path", (*self.path, key))  # At((*self.path, key)), made faster
        return made

    def __call__(self, *keys: str | int) -> Path:
        """The path of a field or element inside this value, as an IllegalMove takes it:
        `move.at("site")`, `move.at("bids", name)`, `move.at()` (the value's own)."""
        return (*self.path, *keys)

    def position(self, loaded: Loaded) -> Position | None:
        """file:line:col of the value (of its nearest parent when it is not in the log)."""
        return loaded.position(self.path)


NOWHERE = At()  # a record made without a log
SETUP_AT = At(("setup",))


class UnreadableTurn(LogFormatError):
    """A turn of a shape the records cannot read (the schema refuses it: exit 2)."""

    def __init__(self, at: At, message: str) -> None:
        super().__init__([Problem(message, None, at.path)])
        self.path = at.path


# --- What every record is: its place, its fields, read by the rules -------------------------


class Sentinel:
    """A value of a decision being made that is not a value of the log (`engine/choices.py`)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self) -> str:
        return self.name


PENDING = Sentinel("PENDING")  # a part of an option decided by a later decision


class FieldProbe(Protocol):
    """What a record being made decision by decision asks before the rules read one of its
    fields (`choices.Probe`): `path`, the field's (with `item`, an entry of it)."""

    def read(self, path: Path, key: str, item: str | int | None = None, *,
             outcome: bool = False) -> bool:
        """Raises to stop the rules; True when the field is settled (decided, left out, or no
        decision at all): a later read of it need not ask again."""
        ...


class Record:
    """A record of the log: its place `at` (`move.at("site")` is the path of its field
    `site`), and the log key of each of its fields (`log_keys`).

    The rules read records as they are. A record being made decision by decision is read
    through `probed`: the same record, whose every field read first asks the probe, which
    stops the rules at the first field not decided yet."""

    __slots__ = ()
    at: At
    # fields that are not log keys of the record's own mapping: its place and written form,
    # the parts of a value (a site bonus's choices), an action read from the same mapping
    NOT_READ: ClassVar[frozenset[str]] = frozenset({"at", "keys", "listed", "action", "word",
                                                    "choices", "actions", "sale"})

    @property
    def path(self) -> Path:
        return self.at.path

    @classmethod
    def log_keys(cls) -> dict[str, str | None]:
        """attribute -> the log key it is read from; None: the record's own value (a site
        bonus choice, `{plant: [...]}`, is read at its key)."""
        found = _LOG_KEYS.get(cls)
        if found is None:
            fields = [f.name for f in dataclasses.fields(cast(Any, cls))
                      if f.name not in cls.NOT_READ]
            own = hasattr(cls, "KEY") and len(fields) == 1 and not hasattr(cls, "write")
            found = _LOG_KEYS[cls] = {name: None if own else _LOG_KEY.get(name, name)
                                      for name in fields}
        return found

    def field_of(self, key: str) -> str:
        """The attribute a log key is read into (a record of one value: that value's)."""
        cls = type(self)
        found = _FIELD_OF.get((cls, key))
        if found is None:
            keys = cls.log_keys()
            found = next((name for name, k in keys.items()
                          if k == key or (k is None and len(keys) == 1)), None)
            if found is None:
                raise KeyError(key)
            _FIELD_OF[cls, key] = found
        return found


_LOG_KEY = {"from_": "from", "with_": "with"}  # the other attributes are their log keys
_LOG_KEYS: dict[type, dict[str, str | None]] = {}
_FIELD_OF: dict[tuple[type, str], str] = {}  # (record class, log key) -> attribute
_VIEWS: dict[type, type] = {}
_VIEW_KEYS: dict[type, dict[str, str | None]] = {}  # a view's class -> its record's log keys
_PROBE = "_probe"
_PARTS = "_parts"
_SETTLED = "_settled"  # the fields of a probed record whose reads need not ask again
_UNASKED = frozenset({"__dict__", "at", "path", "__class__", "write"})  # read most, never asked


def probed(record: R, probe: FieldProbe) -> R:
    """`record` read through `probe`: each field read asks it first (its parts, records too,
    are read through it as well)."""
    cls = type(record)
    view = _VIEWS.get(cls)
    if view is None:
        view = _VIEWS[cls] = type(cls.__name__, (cls,), {"__getattribute__": _probed_read,
                                                         "__module__": cls.__module__})
        _VIEW_KEYS[view] = cls.log_keys()
    made: Any = object.__new__(view)
    made.__dict__.update(record.__dict__)
    made.__dict__[_PROBE] = probe
    return cast(R, made)


def probe_of(record: Record) -> FieldProbe | None:
    """The probe a record is read through, if any."""
    found: FieldProbe | None = record.__dict__.get(_PROBE)
    return found


def unprobed(record: R) -> R:
    """The record itself, read without asking (what the rules peek at, not decide on)."""
    if _PROBE not in record.__dict__:
        return record
    made: Any = object.__new__(type(record).__mro__[1])
    made.__dict__.update({k: v for k, v in record.__dict__.items() if k[0] != "_"})
    return cast(R, made)


def _probed_read(self: Record, name: str) -> Any:
    if name in _UNASKED or name[0] == "_":  # the most read, never asked: answered first
        return object.__getattribute__(self, name)
    keys = _VIEW_KEYS[type(self)]
    own = object.__getattribute__(self, "__dict__")
    probe: FieldProbe = own[_PROBE]
    if name in keys:
        settled: set[str] | None = own.get(_SETTLED)
        if settled is None or name not in settled:
            at: At = object.__getattribute__(self, "at")
            key = keys[name]
            if probe.read(at.path, str(at.path[-1])) if key is None else probe.read(at(key), key):
                if settled is None:
                    settled = own[_SETTLED] = set()
                settled.add(name)
        value = object.__getattribute__(self, name)  # after the read: it may decide it
    else:
        value = object.__getattribute__(self, name)
        if not isinstance(value, (Record, tuple)):
            return value  # its place, a method...
    if not isinstance(value, Record) and not (
            type(value) is tuple and value and isinstance(value[0], Record)):
        return value
    views = own.get(_PARTS)  # its parts read through the probe, made once
    if views is None:
        views = own[_PARTS] = {}
    found = views.get(name)
    if found is None:
        found = views[name] = probed(value, probe) if isinstance(value, Record) else \
            tuple(probed(v, probe) for v in value)
    return found


def refresh(view: Record, fresh: Record) -> None:
    """A probed record made again in place from `fresh`, the same record read anew with a
    value decided in the middle of a replay (`choices.Probe.ask`): its fields, and those of
    its parts already read through the probe, which the rules may hold. A part whose shape
    changed is made again when next read."""
    own = view.__dict__
    own.update(fresh.__dict__)
    parts: dict[str, Any] | None = own.get(_PARTS)
    if not parts:
        return
    for name, part in list(parts.items()):
        value = object.__getattribute__(fresh, name)
        if isinstance(part, Record):
            if isinstance(value, Record) and type(value) is type(part).__mro__[1]:
                refresh(part, value)
                continue
        elif type(value) is tuple and len(value) == len(part) and all(
                type(v) is type(p).__mro__[1] for v, p in zip(value, part, strict=True)):
            for v, p in zip(value, part, strict=True):
                refresh(p, v)
            continue
        del parts[name]


# a turn being made decision by decision is read with its parts still to decide (`partial`)
_MAKING: ContextVar[bool] = ContextVar("making", default=False)



def _make(cls: type[M], **fields: Any) -> M:
    """`cls(**fields)` for a record read from the log, made without the dataclass's
    `__init__` (reading a whole log makes tens of thousands of records: this is several times
    faster); the same record, frozen as any other. A field left out reads its default from the
    class, where the dataclass puts it (every field of a record has a plain default or none:
    no `default_factory`), so most of a turn's fields cost nothing."""
    made: Any = object.__new__(cls)
    made.__dict__.update(fields)
    return cast(M, made)


# --- Cubes and {name: value} entries ---------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Cubes:
    """Resource Cubes, written as a list (`[wood, wood, steel]`) or as counts (`{wood: 2,
    steel: 1}`): the counts, and the form written (`listed`: the names in the log's order, as
    `Cubes.of` makes them, or None for counts; `keys`: the count keys written, zeros
    included). `counts()` is `game.cube_counts`, `as_list()` `game.cube_list`."""

    concrete: int = 0
    wood: int = 0
    steel: int = 0
    listed: tuple[str, ...] | None = field(default=None, compare=False)
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @staticmethod
    def listed_counts(names: Iterable[str]) -> dict[str, int]:
        counts = dict.fromkeys(RESOURCES, 0)
        for name in names:
            counts[name] += 1
        return counts

    @classmethod
    def of(cls, names: Iterable[str], at: At = NOWHERE) -> Cubes:
        """Cubes written as a list of names."""
        listed = tuple(names)
        counts = cls.listed_counts(listed)
        return _make(cls, concrete=counts["concrete"], wood=counts["wood"], steel=counts["steel"],
                   listed=listed, at=at)

    @classmethod
    def counted(cls, counts: dict[str, int], at: At = NOWHERE) -> Cubes:
        """Cubes written as counts ({wood: 2, steel: 1})."""
        return _make(cls, concrete=counts.get("concrete", 0), wood=counts.get("wood", 0),
                   steel=counts.get("steel", 0), at=at)

    def counts(self) -> dict[str, int]:
        return {"concrete": self.concrete, "wood": self.wood, "steel": self.steel}

    def as_list(self) -> list[str]:
        if self.listed is not None:
            return list(self.listed)
        return [r for r, n in self.counts().items() for _ in range(n)]

    def total(self) -> int:
        return self.concrete + self.wood + self.steel

    @classmethod
    def read(cls, value: object, at: At) -> Cubes:
        if type(value) is list:  # the usual form: counted in one pass
            concrete = wood = steel = 0
            for v in value:
                if v == "concrete":
                    concrete += 1
                elif v == "wood":
                    wood += 1
                elif v == "steel":
                    steel += 1
                else:
                    return cls.of((_cube(v, at / i) for i, v in enumerate(value)), at)
            made: Any = object.__new__(cls)
            made.__dict__.update(concrete=concrete, wood=wood, steel=steel, listed=tuple(value),
                                 at=at)
            return cast(Cubes, made)
        if isinstance(value, list):
            return cls.of((_cube(v, at / i) for i, v in enumerate(value)), at)
        f = _Fields(value, at, "cubes (a list of names or a mapping of counts)")
        counts = f.integer("concrete"), f.integer("wood"), f.integer("steel")
        f.done("cube counts")
        for name, n in zip(RESOURCES, counts, strict=True):
            if n is not None and n < 0:  # as the schema says: a count is never negative
                raise UnreadableTurn(at / name, f"expected 0 or more, found {n}")
        return _make(cls, concrete=counts[0] or 0, wood=counts[1] or 0, steel=counts[2] or 0,
                     keys=f.keys, at=at)

    def write(self) -> list[str] | dict[str, int]:
        if self.listed is not None:
            return list(self.listed)
        counts = self.counts()
        written = {r: counts[r] for r in self.keys}
        return _ordered({r: n for r, n in counts.items() if n or r in written}, self.keys)


@dataclass(frozen=True)
class Entry(Generic[V]):
    """One entry of a `{name: value}` mapping (bids, pledges, accepted, excess, sudden_death,
    municipal_tokens, features): its key, its value and the value's place."""

    key: str
    value: V
    at: At = field(default=NOWHERE, compare=False)


Entries = tuple[Entry[V], ...]


def value_of(entries: Entries[V] | None, key: str) -> V | None:
    """The value of `key` in a mapping read as entries; None when it is not there."""
    return next((e.value for e in entries or () if e.key == key), None)


# --- Reading and writing the fields of one mapping ------------------------------------------


class _Fields:
    """A mapping of the log being read into a record: each field read once, with its path;
    `done` refuses the keys nobody read (the schema's `additionalProperties: false`)."""

    def __init__(self, data: object, at: At, what: str) -> None:
        if not isinstance(data, dict):
            raise UnreadableTurn(at, f"expected {what} as a mapping, found {_kind(data)}")
        self.data: dict[str, Any] = data
        self.at = at
        self.keys: tuple[str, ...] = tuple(data)
        self.read: set[str] = set()  # the keys of `data` read

    def value(self, key: str, read: Callable[[object, At], T]) -> T | None:
        """The field read by `read`, or None when the log leaves it out."""
        data = self.data
        if key not in data:
            return None
        self.read.add(key)
        return read(data[key], self.at / key)

    # the plain fields, read without making their place unless it is needed for an error

    def text(self, key: str) -> str | None:
        found = self.data.get(key)
        if type(found) is str:
            self.read.add(key)
            return found
        return self.value(key, _text)

    def integer(self, key: str) -> int | None:
        found = self.data.get(key)
        if type(found) is int:
            self.read.add(key)
            return found
        return self.value(key, _integer)

    def flag(self, key: str) -> bool | None:
        found = self.data.get(key)
        if type(found) is bool:
            self.read.add(key)
            return found
        return self.value(key, _flag)

    def texts(self, key: str) -> tuple[str, ...] | None:
        found = self.data.get(key)
        if type(found) is list and all(type(v) is str for v in found):
            self.read.add(key)
            return tuple(found)
        return self.value(key, _texts)

    def cubes(self, key: str) -> Cubes | None:
        return self.value(key, Cubes.read)

    def entries(self, key: str, read: Callable[[object, At], V]) -> Entries[V] | None:
        return self.value(key, lambda data, at: _entries(data, at, read))

    def done(self, what: str) -> None:
        if len(self.read) != len(self.data):
            key = next(k for k in self.data if k not in self.read)
            raise UnreadableTurn(self.at / key, f"'{key}' is not a field of {what}")


def _kind(value: object) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__)


def _text(value: object, at: At) -> str:
    if not isinstance(value, str):
        raise UnreadableTurn(at, f"expected text, found {_kind(value)}")
    return value


def _integer(value: object, at: At) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise UnreadableTurn(at, f"expected a whole number, found {_kind(value)}")
    return value


def _flag(value: object, at: At) -> bool:
    if not isinstance(value, bool):
        raise UnreadableTurn(at, f"expected true or false, found {_kind(value)}")
    return value


def _cube(value: object, at: At) -> str:
    name = _text(value, at)
    if name not in RESOURCES:
        raise UnreadableTurn(at, f"expected a cube ({', '.join(RESOURCES)}), found '{name}'")
    return name


def _list(value: object, at: At, read: Callable[[object, At], T | None]) -> tuple[T, ...]:
    """The elements read; one being made (None) is not read yet."""
    if not isinstance(value, list):
        raise UnreadableTurn(at, f"expected a list, found {_kind(value)}")
    out = []
    for i, v in enumerate(value):
        x = read(v, at / i)
        if x is not None:
            out.append(x)
    return tuple(out)


def _texts(value: object, at: At) -> tuple[str, ...]:
    return _list(value, at, _text)


def _entries(value: object, at: At, read: Callable[[object, At], V]) -> Entries[V]:
    if not isinstance(value, dict):
        raise UnreadableTurn(at, f"expected a mapping, found {_kind(value)}")
    return tuple(_make(Entry, key=k, value=read(v, at / k), at=at / k) for k, v in value.items())


def _ordered(out: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """`out` with the keys the log wrote first, in its order, then the others as they are."""
    first = {k: out[k] for k in keys if k in out}
    return first | {k: v for k, v in out.items() if k not in first}


def _mapping(**fields: Any) -> dict[str, Any]:
    """The fields given that are not None (absent in the log), in the order given."""
    return {k: v for k, v in fields.items() if v is not None}


def _written(value: Any) -> Any:
    """A field's value as the log writes it: a tuple as a list, a record by its `write`."""
    if isinstance(value, tuple):
        return [_written(v) for v in value]
    if isinstance(value, dict):
        return {k: _written(v) for k, v in value.items()}
    write = getattr(value, "write", None)
    return write() if callable(write) else value


def _dict(entries: Entries[Any] | None) -> dict[str, Any] | None:
    """Entries back to their `{name: value}` mapping (an empty one stays `{}`)."""
    return None if entries is None else {e.key: e.value for e in entries}


def _write(keys: tuple[str, ...], **fields: Any) -> dict[str, Any]:
    """The fields given that are present (not None), as the log writes them, in the order
    given but with the log's own keys (`keys`) first, in its order."""
    return _ordered({k: _written(v) for k, v in _mapping(**fields).items()}, keys)


# --- Shared parts of actions ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Explore(Record):
    """#08a `explore` (and the `explore` of a site bonus or a Bonus Road Track space): the slot,
    the land tile drawn, the Building Tokens drawn for its Municipal sites ({site: building})."""

    slot: str | None = None
    land_tile: str | None = None
    municipal_tokens: Entries[str] | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Explore:
        return _make(cls, slot=f.text("slot"), land_tile=f.text("land_tile"),
                   municipal_tokens=f.entries("municipal_tokens", _text), keys=f.keys, at=f.at)

    @classmethod
    def read_spec(cls, value: object, at: At) -> Explore:
        """A nested exploration (`{slot, land_tile, municipal_tokens}`)."""
        f = _Fields(value, at, "an exploration")
        spec = cls.read(f)
        f.done("an exploration")
        return spec

    def write(self) -> dict[str, Any]:
        return _write(self.keys, slot=self.slot, land_tile=self.land_tile,
                      municipal_tokens=_dict(self.municipal_tokens))


@dataclass(frozen=True, kw_only=True)
class RoadBonus(Record):
    """`road_bonus` (*Bonus Road Track*): `declined` (the word: all rewards declined), or the
    rewards that need a decision: `explore` and `repeat`."""

    NOT_READ: ClassVar[frozenset[str]] = Record.NOT_READ | {"declined"}  # the word
    declined: bool = False
    explore: Explore | None = None
    repeat: bool | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> RoadBonus:
        if value == "declined":
            return _make(cls, declined=True, at=at)
        f = _Fields(value, at, "a road bonus ('declined' or {explore, repeat})")
        bonus = _make(cls, explore=f.value("explore", Explore.read_spec), repeat=f.flag("repeat"),
                    keys=f.keys, at=at)
        f.done("a road bonus")
        return bonus

    def write(self) -> str | dict[str, Any]:
        if self.declined:
            return "declined"
        return _write(self.keys, explore=self.explore, repeat=self.repeat)


@dataclass(frozen=True, kw_only=True)
class Sale(Record):
    """A House sold: `sell-house` (#12), `final_sale`, `associated.sell_house`. `house` is
    None in an associated sale (the House just built); `features`: {building: site}."""

    house: str | None = None
    resident: str | None = None
    features: Entries[str] | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields, *, house: bool = True) -> Sale:
        return _make(cls, house=f.text("house") if house else None, resident=f.text("resident"),
                   features=f.entries("features", _text), keys=f.keys, at=f.at)

    @classmethod
    def read_final(cls, value: object, at: At) -> Sale:
        f = _Fields(value, at, "a final sale")
        sale = cls.read(f)
        f.done("a final sale")
        return sale

    def write(self) -> dict[str, Any]:
        return _write(self.keys, house=self.house, resident=self.resident,
                      features=_dict(self.features))


# --- Building: site bonus and associated build action ---------------------------------------


@dataclass(frozen=True, kw_only=True)
class BonusRandom(Record):
    """Resources bonus: `{random: cubes}`, the 2 cubes drawn."""

    KEY: ClassVar[str] = "random"
    cubes: Cubes
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusChoice(Record):
    """Resources bonus: `{choice: cube}`, the cube chosen."""

    KEY: ClassVar[str] = "choice"
    cube: str
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusPlant(Record):
    """Plant bonus: `{plant: [spots]}`."""

    KEY: ClassVar[str] = "plant"
    spots: tuple[str, ...]
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusRoad(Record):
    """Road bonus: `{road: R4}`."""

    KEY: ClassVar[str] = "road"
    road: str
    at: At = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, kw_only=True)
class BonusExplore(Record):
    """Explore bonus: `{explore: {slot, land_tile, municipal_tokens}}`."""

    KEY: ClassVar[str] = "explore"
    explore: Explore
    at: At = field(default=NOWHERE, compare=False)


BonusChoiceRecord = BonusRandom | BonusChoice | BonusPlant | BonusRoad | BonusExplore


def _bonus_choice(key: str, value: object, at: At) -> BonusChoiceRecord:
    if value is PENDING and _MAKING.get():  # the kind of bonus chosen, its value not yet
        made = {"random": BonusRandom, "choice": BonusChoice, "plant": BonusPlant,
                "road": BonusRoad}[key]
        return cast(BonusChoiceRecord, made(**{f.name: value for f in dataclasses.fields(made)
                                               if f.name != "at"}, at=at))
    if key == "random":
        return _make(BonusRandom, cubes=Cubes.read(value, at), at=at)
    if key == "choice":
        return _make(BonusChoice, cube=_cube(value, at), at=at)
    if key == "plant":
        return _make(BonusPlant, spots=_texts(value, at), at=at)
    if key == "road":
        return _make(BonusRoad, road=_text(value, at), at=at)
    if key == "explore":
        return _make(BonusExplore, explore=Explore.read_spec(value, at), at=at)
    raise UnreadableTurn(at, f"'{key}' is not a site bonus choice (random, choice, plant, "
                         "road, explore)")


def _bonus_value(choice: BonusChoiceRecord) -> Any:
    if isinstance(choice, BonusRandom):
        return choice.cubes.write()
    if isinstance(choice, BonusChoice):
        return choice.cube
    if isinstance(choice, BonusPlant):
        return list(choice.spots)
    if isinstance(choice, BonusRoad):
        return choice.road
    return choice.explore.write()


@dataclass(frozen=True, kw_only=True)
class SiteBonus(Record):
    """`site_bonus` (*Building*): the word `repeat` or `declined`, or a mapping of choices
    (`choices`, in the log's order: one, unless the log breaks R-SBON-01 or R-SBON-03)."""

    word: Literal["repeat", "declined"] | None = None
    choices: tuple[BonusChoiceRecord, ...] = ()
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> SiteBonus:
        if value == "repeat":
            return _make(cls, word="repeat", at=at)
        if value == "declined":
            return _make(cls, word="declined", at=at)
        if not isinstance(value, dict):
            raise UnreadableTurn(at, "expected a site bonus: repeat, declined or a mapping "
                                 f"({{random: ...}}, {{plant: ...}}...), found {_kind(value)}")
        return _make(cls, choices=tuple(_bonus_choice(k, v, at / k) for k, v in value.items()),
                     at=at)

    def write(self) -> str | dict[str, Any]:
        if self.word is not None:
            return self.word
        return {c.KEY: _bonus_value(c) for c in self.choices}


@dataclass(frozen=True, kw_only=True)
class AdditionalFloor(Record):
    """`associated: {additional_floor: {cubes}}`: 25 G, one more floor (R-ABA-03)."""

    KEY: ClassVar[str] = "additional_floor"
    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class ConnectedRoad(Record):
    """`associated: {connected_road: {road, road_bonus}}`: 10 G + 2 concrete (R-ABA-04);
    `road` absent: the site's own Construction Road (AMB-ABA-02)."""

    KEY: ClassVar[str] = "connected_road"
    road: str | None = None
    road_bonus: RoadBonus | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        return _write(self.keys, road=self.road, road_bonus=self.road_bonus)


@dataclass(frozen=True, kw_only=True)
class AssociatedSale(Record):
    """`associated: {sell_house: {resident, features}}`: 15 G, the House just built is sold
    (R-ABA-05)."""

    KEY: ClassVar[str] = "sell_house"
    sale: Sale
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        return self.sale.write()


AssociatedAction = AdditionalFloor | ConnectedRoad | AssociatedSale


def _associated_action(key: str, value: object, at: At) -> AssociatedAction:
    what = f"an associated '{key}'"
    if key == "additional_floor":
        f = _Fields(value, at, what)
        action: AssociatedAction = _make(AdditionalFloor, cubes=f.cubes("cubes"), at=at)
    elif key == "connected_road":
        f = _Fields(value, at, what)
        action = _make(ConnectedRoad, road=f.text("road"), road_bonus=f.value("road_bonus",
                               RoadBonus.read), keys=f.keys, at=at)
    elif key == "sell_house":
        f = _Fields(value, at, what)
        action = _make(AssociatedSale, sale=Sale.read(f, house=False), at=at)
    else:
        raise UnreadableTurn(at, f"'{key}' is not an Associated Build Action "
                             "(additional_floor, connected_road, sell_house)")
    f.done(what)
    return action


@dataclass(frozen=True, kw_only=True)
class Associated(Record):
    """`associated` (*Building*): the Associated Build Actions in the log's order (one, unless
    the log breaks R-ABA-02)."""

    actions: tuple[AssociatedAction, ...] = ()
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Associated:
        if not isinstance(value, dict):
            raise UnreadableTurn(at, f"expected associated as a mapping, found {_kind(value)}")
        return _make(cls, actions=tuple(_associated_action(k, v, at / k) for k, v in value.items()),
                   at=at)

    def write(self) -> dict[str, Any]:
        return {a.KEY: a.write() for a in self.actions}


# --- One record per action family (*Action fields by tile*) ---------------------------------
#
# Each reads its fields from the turn's (or Repeat Action's) own mapping: its `at` is that
# mapping's, and its keys are ordered with the turn's (`Turn.keys`).


@dataclass(frozen=True, kw_only=True)
class BuyResources(Record):
    """#01 `buy-resources`, #02 `buy-resources-discount`: `cubes`, from the top of each Market
    section."""

    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuyResources:
        return _make(cls, cubes=f.cubes("cubes"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class BuildFloor(Record):
    """#03 `build-floor`, #04 `build-floor-premium` (*Building*): the site, the Building Token
    (first floor only), the cubes (when Architect or Builder leave a choice), the site bonus
    choice, the Associated Build Action."""

    site: str | None = None
    building: str | None = None
    cubes: Cubes | None = None
    site_bonus: SiteBonus | None = None
    associated: Associated | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuildFloor:
        return _make(cls, site=f.text("site"), building=f.text("building"), cubes=f.cubes("cubes"),
                   site_bonus=f.value("site_bonus", SiteBonus.read),
                   associated=f.value("associated", Associated.read), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), site=self.site, building=self.building, cubes=self.cubes,
                      site_bonus=self.site_bonus, associated=self.associated)


@dataclass(frozen=True, kw_only=True)
class Auction(Record):
    """#05 `auction`: the 5 cubes `drawn`, the `bids` ({player: amount}; absent: every hand
    empty). A declined Auction still records both (R-TAR-12)."""

    drawn: Cubes | None = None
    bids: Entries[int] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Auction:
        return _make(cls, drawn=f.cubes("drawn"), bids=f.entries("bids", _integer), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), drawn=self.drawn, bids=_dict(self.bids))


@dataclass(frozen=True, kw_only=True)
class SellResources(Record):
    """#06 `sell-resources`: `cubes`."""

    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> SellResources:
        return _make(cls, cubes=f.cubes("cubes"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class NoFields(Record):
    """#07 `buy-warehouse`, #17 `subsidy`: the action has no fields."""

    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> NoFields:
        return _make(cls, at=f.at)

    def write(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, kw_only=True)
class AbilityTile(Record):
    """#19-#24 (`architect`, `engineer`, `builder`, `ecologist`, `banker`, `merchant`), #51P
    `follower`, #53P `manager`: a Worker is placed; no fields."""

    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> AbilityTile:
        return _make(cls, at=f.at)

    def write(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, kw_only=True)
class ExploreLand(Record):
    """#08a `explore`: `slot`, `land_tile`, `municipal_tokens` (`explore`, the same shape as
    a bonus's exploration; read from the turn's mapping, its `keys` are the turn's)."""

    NOT_READ: ClassVar[frozenset[str]] = Record.NOT_READ | {"explore"}  # the turn's fields
    explore: Explore
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> ExploreLand:
        return _make(cls, explore=Explore.read(f), at=f.at)

    def write(self) -> dict[str, Any]:
        return self.explore.write()


@dataclass(frozen=True, kw_only=True)
class BuildRoad(Record):
    """#08b `build-road`: `road`, `road_bonus` (*Bonus Road Track*)."""

    road: str | None = None
    road_bonus: RoadBonus | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuildRoad:
        return _make(cls, road=f.text("road"), road_bonus=f.value("road_bonus", RoadBonus.read),
                   at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), road=self.road, road_bonus=self.road_bonus)


@dataclass(frozen=True, kw_only=True)
class BuyTrees(Record):
    """#09 `buy-trees`: `trees`, how many."""

    trees: int | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuyTrees:
        return _make(cls, trees=f.integer("trees"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), trees=self.trees)


@dataclass(frozen=True, kw_only=True)
class PlantTrees(Record):
    """#10 `plant-trees`: `spots`, the planting spots."""

    spots: tuple[str, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> PlantTrees:
        return _make(cls, spots=f.texts("spots"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), spots=self.spots)


@dataclass(frozen=True, kw_only=True)
class NewResident(Record):
    """#11 `new-resident`: `take` (a display card), then `refill` (the card drawn to the
    display) or `give` (a portfolio card, 10 G)."""

    take: str | None = None
    refill: str | None = None
    give: str | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> NewResident:
        return _make(cls, take=f.text("take"), refill=f.text("refill"), give=f.text("give"),
                     at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), take=self.take, refill=self.refill, give=self.give)


@dataclass(frozen=True, kw_only=True)
class SellHouse(Record):
    """#12 `sell-house`: `house` (site), `resident`, `features` ({building: site}) (`sale`,
    the shape of every sale; read from the turn's mapping, its `keys` are the turn's)."""

    sale: Sale
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> SellHouse:
        return _make(cls, sale=Sale.read(f), at=f.at)

    def write(self) -> dict[str, Any]:
        return self.sale.write()


@dataclass(frozen=True, kw_only=True)
class Convert(Record):
    """#13 `convert`: `vp_to_money` or `money_to_vp` (1-5), `roll` (the new rate), `roll_first`
    (absent: rolled after converting, R-VP-03)."""

    vp_to_money: int | None = None
    money_to_vp: int | None = None
    roll: int | None = None
    roll_first: bool | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Convert:
        return _make(cls, vp_to_money=f.integer("vp_to_money"),
                     money_to_vp=f.integer("money_to_vp"), roll=f.integer("roll"),
                     roll_first=f.flag("roll_first"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), vp_to_money=self.vp_to_money, money_to_vp=self.money_to_vp,
                      roll=self.roll, roll_first=self.roll_first)


IMPORT_ITEMS = ("tree", *RESOURCES)


def _import_item(value: object, at: At) -> str:
    item = _text(value, at)
    if item not in IMPORT_ITEMS:
        raise UnreadableTurn(at, f"expected an import item ({', '.join(IMPORT_ITEMS)}), "
                             f"found '{item}'")
    return item


@dataclass(frozen=True, kw_only=True)
class Import(Record):
    """#14 `import`: `roll` (the D6 face), `items` (of `tree`, `concrete`, `wood`, `steel`)."""

    roll: int | None = None
    items: tuple[str, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Import:
        return _make(cls, roll=f.integer("roll"),
                   items=f.value("items", lambda v, at: _list(v, at, _import_item)), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), roll=self.roll, items=self.items)


@dataclass(frozen=True, kw_only=True)
class Optimization(Record):
    """#15 `optimization`: `choice` (a cube), `random` (one cube per Small Warehouse)."""

    choice: str | None = None
    random: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Optimization:
        return _make(cls, choice=f.value("choice", _cube), random=f.cubes("random"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), choice=self.choice, random=self.random)


@dataclass(frozen=True, kw_only=True)
class TreeMove(Record):
    """One move of #16: `{from: spot or supply, to: spot}` (`from_`: `from` is a keyword)."""

    from_: str
    to: str
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> TreeMove | None:
        f = _Fields(value, at, "a tree moved ({from, to})")
        source, to = f.text("from"), f.text("to")
        f.done("a tree moved")
        if source is None or to is None:
            if _MAKING.get():
                return None  # being made: the rules read it only when it is
            raise UnreadableTurn(at, "a tree moved needs 'from' and 'to'")
        return _make(cls, from_=source, to=to, keys=f.keys, at=at)

    def write(self) -> dict[str, Any]:
        return _ordered({"from": self.from_, "to": self.to}, self.keys)


@dataclass(frozen=True, kw_only=True)
class Replanting(Record):
    """#16 `replanting`: `moves`."""

    moves: tuple[TreeMove, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Replanting:
        return _make(cls, moves=f.value("moves", lambda v, at: _list(v, at, TreeMove.read)),
                     at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), moves=self.moves)


@dataclass(frozen=True, kw_only=True)
class Trade(Record):
    """One trade of #18: `{with: player, give: cube, get: cube}` (`with_`: a keyword)."""

    with_: str
    give: str
    get: str
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Trade | None:
        f = _Fields(value, at, "a trade ({with, give, get})")
        partner, give, get = f.text("with"), f.value("give", _cube), f.value("get", _cube)
        f.done("a trade")
        if partner is None or give is None or get is None:
            if _MAKING.get():
                return None  # being made: the rules read it only when it is
            raise UnreadableTurn(at, "a trade needs 'with', 'give' and 'get'")
        return _make(cls, with_=partner, give=give, get=get, keys=f.keys, at=at)

    def write(self) -> dict[str, Any]:
        return _ordered({"with": self.with_, "give": self.give, "get": self.get}, self.keys)


@dataclass(frozen=True, kw_only=True)
class ForcedTrade(Record):
    """#18 `forced-trade`: `trades`, `accepted` ({player: true}; absent: they accepted)."""

    trades: tuple[Trade, ...] | None = None
    accepted: Entries[bool] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> ForcedTrade:
        return _make(cls, trades=f.value("trades", lambda v, at: _list(v, at, Trade.read)),
                   accepted=f.entries("accepted", _flag), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), trades=self.trades, accepted=_dict(self.accepted))


@dataclass(frozen=True, kw_only=True)
class Crowdfunding(Record):
    """#52P `crowdfunding`: `site`, `building`, `pledges` ({player: amount}), `roll` (the D6,
    when the Municipality joins)."""

    site: str | None = None
    building: str | None = None
    pledges: Entries[int] | None = None
    roll: int | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Crowdfunding:
        return _make(cls, site=f.text("site"), building=f.text("building"),
                   pledges=f.entries("pledges", _integer), roll=f.integer("roll"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), site=self.site, building=self.building, pledges=_dict(self.pledges),
                      roll=self.roll)


Action = (BuyResources | BuildFloor | Auction | SellResources | NoFields | ExploreLand
          | BuildRoad | BuyTrees | PlantTrees | NewResident | SellHouse | Convert | Import
          | Optimization | Replanting | ForcedTrade | AbilityTile | Crowdfunding)

# The record of each tile key a turn's `tile` names (docs/log-format.md, *Action fields by tile*).
FAMILIES: dict[str, Callable[[_Fields], Action]] = {
    "buy-resources": BuyResources.read,  # 01
    "buy-resources-discount": BuyResources.read,  # 02
    "build-floor": BuildFloor.read,  # 03
    "build-floor-premium": BuildFloor.read,  # 04
    "auction": Auction.read,  # 05
    "sell-resources": SellResources.read,  # 06
    "buy-warehouse": NoFields.read,  # 07
    "explore": ExploreLand.read,  # 08a
    "build-road": BuildRoad.read,  # 08b
    "buy-trees": BuyTrees.read,  # 09
    "plant-trees": PlantTrees.read,  # 10
    "new-resident": NewResident.read,  # 11
    "sell-house": SellHouse.read,  # 12
    "convert": Convert.read,  # 13
    "import": Import.read,  # 14
    "optimization": Optimization.read,  # 15
    "replanting": Replanting.read,  # 16
    "subsidy": NoFields.read,  # 17
    "forced-trade": ForcedTrade.read,  # 18
    "crowdfunding": Crowdfunding.read,  # 52P
    **{tile: AbilityTile.read for tile in ABILITY_TILES},  # 19-24, 51P, 53P
}


# --- The log's header: the players and the variants (*Setup*, *Game Variants*) ---------------


@dataclass(frozen=True, kw_only=True)
class Seat(Record):
    """One entry of `players`: a player's name and colour, in seating order (R-GEN-01 judges
    the colours, R-SETUP-14 orange)."""

    name: str
    colour: str
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Seat:
        f = _Fields(value, at, "a player")
        name, colour = f.text("name"), f.text("colour")
        f.done("a player")
        if name is None or colour is None:
            missing = "name" if name is None else "colour"
            raise UnreadableTurn(at, f"a player must have a '{missing}'")
        return _make(cls, name=name, colour=colour, at=at)

    def write(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour}


@dataclass(frozen=True, kw_only=True)
class Pick(Record):
    """One Personalized TAR pick: a player names a pink tile forced into the ring (`include`)
    or kept out of it (`exclude`); one of the two (R-VAR-PERS-01 judges a pick naming both or
    neither)."""

    player: str
    include: str | None = None
    exclude: str | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Pick:
        f = _Fields(value, at, "a Personalized TAR pick")
        player = f.text("player")
        pick = _make(cls, player=player, include=f.text("include"), exclude=f.text("exclude"),
                     keys=f.keys, at=at)
        f.done("a Personalized TAR pick")
        if player is None:
            raise UnreadableTurn(at, "a Personalized TAR pick must name its 'player'")
        return pick

    def write(self) -> dict[str, Any]:
        return _write(self.keys, player=self.player, include=self.include, exclude=self.exclude)


@dataclass(frozen=True, kw_only=True)
class Options(Record):
    """`options`: the variants played (the base game when the log leaves it out). The rules
    read them (the Quick and Long Games R-VAR-QUICK-01 / R-VAR-LONG-01, Big Town R-VAR-BIG-01,
    the Beginners Ring R-VAR-BEG-02, the Maximum Distance R-VAR-BEG-03, Personalized TAR
    R-VAR-PERS-01, the promo tiles R-SETUP-19); never changed after setup."""

    blocks: int = 0
    big_town: bool = False
    beginners_ring: bool = False
    ignore_max_distance: bool = False
    personalized_tar: tuple[Pick, ...] = ()
    promo_tiles: tuple[str, ...] = ()  # in the log's order (an error names its index)
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Options:
        if value is None:
            return _make(cls, at=at)
        f = _Fields(value, at, "the options")
        blocks, picks = f.integer("blocks"), f.value("personalized_tar", _picks)
        options = _make(cls, blocks=blocks or 0, big_town=bool(f.flag("big_town")),
                        beginners_ring=bool(f.flag("beginners_ring")),
                        ignore_max_distance=bool(f.flag("ignore_max_distance")),
                        personalized_tar=picks or (), promo_tiles=f.texts("promo_tiles") or (),
                        keys=f.keys, at=at)
        f.done("the options")
        return options

    @property
    def played(self) -> bool:
        """Whether the log names any option (a variant, or an option at its base value)."""
        return bool(self.keys)

    def write(self) -> dict[str, Any]:
        """The options as the log writes them: the keys it wrote, in its order."""
        return {k: _written(getattr(self, k)) for k in self.keys}


def _picks(value: object, at: At) -> tuple[Pick, ...]:
    return _list(value, at, Pick.read)


@dataclass(frozen=True, kw_only=True)
class Header(Record):
    """What a log says before its turns: the players (in seating order), the variants and the
    setup."""

    players: tuple[Seat, ...]
    options: Options
    setup: Setup
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, log: dict[str, Any]) -> Header:
        players = log.get("players")
        if not isinstance(players, list):
            raise UnreadableTurn(At(("players",)), f"expected the players as a list, found "
                                 f"{_kind(players)}")
        return _make(cls, players=_list(players, At(("players",)), Seat.read),
                     options=Options.read(log.get("options"), At(("options",))),
                     setup=Setup.read(log.get("setup")))


# --- The setup (*Setup*) -------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Setup(Record):
    """`setup`: what was placed and drawn before the first turn (the rules judge each: the
    Inner tiles R-SETUP-01, the Market R-SETUP-11, the Display R-SETUP-08, the residents dealt
    R-SETUP-15, the ring R-SETUP-18..21, the first Conversion Die roll R-VP-01)."""

    money: int | None = None
    inner_tiles: tuple[str, ...] | None = None
    municipal_tokens: Entries[str] | None = None
    market: Cubes | None = None
    display: tuple[str, ...] | None = None
    residents: Entries[tuple[str, ...]] | None = None  # {player: [card, card]}
    ring: tuple[str, ...] | None = None
    conversion_rate: int | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=SETUP_AT, compare=False)

    @classmethod
    def read(cls, value: object, at: At = SETUP_AT) -> Setup:
        f = _Fields({} if value is None else value, at, "the setup")
        setup = _make(cls, money=f.integer("money"), inner_tiles=f.texts("inner_tiles"),
                    municipal_tokens=f.entries("municipal_tokens", _text),
                    market=f.cubes("market"), display=f.texts("display"),
                    residents=f.entries("residents", _texts), ring=f.texts("ring"),
                    conversion_rate=f.integer("conversion_rate"), keys=f.keys, at=at)
        f.done("the setup")
        return setup

    def write(self) -> dict[str, Any]:
        return _write(self.keys, money=self.money, inner_tiles=self.inner_tiles,
                      municipal_tokens=_dict(self.municipal_tokens), market=self.market,
                      display=self.display,
                      residents=None if self.residents is None else {
                          e.key: list(e.value) for e in self.residents},
                      ring=self.ring, conversion_rate=self.conversion_rate)


# --- The turn (*Turns*) ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Claim(Record):
    """What the table believed about one player after the turn: `money`, `vp`, either or
    both."""

    player: str
    money: int | None = None
    vp: int | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, player: str, value: object, at: At) -> Claim:
        f = _Fields(value, at, "a claim ({money, vp})")
        claim = _make(cls, player=player, money=f.integer("money"), vp=f.integer("vp"), keys=f.keys,
                    at=at)
        f.done("a claim")
        return claim

    def write(self) -> dict[str, Any]:
        return _write(self.keys, money=self.money, vp=self.vp)


SUDDEN_DEATH = ("start-tile", "stay")
BIG_TOWN = ("extra-block", "sudden-death")
BigTown = Literal["extra-block", "sudden-death"] | None


def _one_of(names: tuple[str, ...]) -> Callable[[object, At], str]:
    known = frozenset(names)

    def read(value: object, at: At) -> str:
        name = _text(value, at)
        if name not in known:
            raise UnreadableTurn(at, f"expected one of {', '.join(names)}, found '{name}'")
        return name
    return read


_read_big_town = _one_of(BIG_TOWN)
_read_sudden_death = _one_of(SUDDEN_DEATH)
_read_tile = _one_of(tuple(FAMILIES))


def _claims(value: object, at: At) -> tuple[Claim, ...]:
    if not isinstance(value, dict):
        raise UnreadableTurn(at, f"expected claims as a mapping, found {_kind(value)}")
    return tuple(Claim.read(player, v, at / player) for player, v in value.items())


@dataclass(frozen=True, kw_only=True)
class Step(Record):
    """What a turn and a Repeat Action both record ("a turn without `player`"): the tile
    chosen, its action's fields (`action`, the record of the tile's family), the decline, the
    time bought, the refills and Merchant cube drawn, the Repeat Actions taken after it.

    `excess`, `sudden_death`, `final_sale`, `claims` belong to the turn; the schema reads them
    in a Repeat Action too, and R-TURN-08 refuses them there, so they are kept here."""

    tile: str
    action: Action
    follow: bool | None = None  # a Repeat Action's is refused by R-A51P-06
    declined: bool | None = None
    buy_time: int | None = None
    refills: tuple[Cubes, ...] | None = None
    merchant: str | None = None
    excess: Entries[Cubes] | None = None  # {player: cubes}
    repeat: tuple[RepeatAction, ...] | None = None
    sudden_death: Entries[str] | None = None  # {player: start-tile or stay}
    final_sale: Sale | None = None
    claims: tuple[Claim, ...] | None = None  # {player: {money, vp}}
    note: str | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    def write(self) -> dict[str, Any]:
        """Back to the log's mapping: the log's key order, else that of docs/log-format.md,
        *Turns*."""
        player, big_town = ((self.player, self.big_town) if isinstance(self, Turn)
                            else (None, None))
        out = _write((), player=player, tile=self.tile, follow=self.follow)
        out |= self.action.write()
        out |= _write((), buy_time=self.buy_time, refills=self.refills,
                      merchant=self.merchant, excess=_dict(self.excess), repeat=self.repeat,
                      big_town=big_town, sudden_death=_dict(self.sudden_death),
                      final_sale=self.final_sale, declined=self.declined,
                      claims=None if self.claims is None else {c.player: c for c in self.claims},
                      note=self.note)
        return _ordered(out, self.keys)


@dataclass(frozen=True, kw_only=True)
class RepeatAction(Step):
    """One entry of a turn's `repeat`: a whole action (AMB-TURN-01 (a))."""


@dataclass(frozen=True, kw_only=True)
class Turn(Step):
    """One turn of `turns`: the player, the Big Town decision, and what a Repeat Action
    records too."""

    player: str
    big_town: Literal["extra-block", "sudden-death"] | None = None


def _read_step(f: _Fields, what: str) -> dict[str, Any]:
    """The fields of `Step`, read from the turn's or Repeat Action's mapping `f` (the fields
    written only: most of a turn's are left out)."""
    tile = f.data.get("tile")
    if type(tile) is str and tile in FAMILIES:  # the usual case, read without its place
        f.read.add("tile")
    else:
        tile = f.value("tile", _read_tile)
    if tile is None and _MAKING.get():
        tile = ""  # not chosen yet: the rules read it first (`NoFields` until it is)
    elif tile is None:
        raise UnreadableTurn(f.at / "tile", f"{what} must name its 'tile'")
    out: dict[str, Any] = {"tile": tile, "action": FAMILIES[tile](f) if tile
                           else NoFields(at=f.at), "keys": f.keys, "at": f.at}
    if len(f.keys) > len(f.read):  # a field around the action (most turns have none)
        for key in f.keys:
            reader = _STEP_FIELDS.get(key)
            if reader is not None:
                out[key] = f.value(key, reader)
    return out


_STEP_FIELDS: dict[str, Callable[[object, At], Any]] = {
    "follow": _flag, "declined": _flag, "buy_time": _integer,
    "refills": lambda v, at: _list(v, at, Cubes.read),
    MERCHANT_KEY: _cube,
    "excess": lambda v, at: _entries(v, at, Cubes.read),
    "repeat": lambda v, at: _list(v, at, _repeat_action),
    "sudden_death": lambda v, at: _entries(v, at, _read_sudden_death),
    "final_sale": lambda v, at: Sale.read_final(v, at),
    "claims": lambda v, at: _claims(v, at), "note": _text,
}  # the fields of `Step` around its action, by their log keys (`merchant` is MERCHANT_KEY)


def _repeat_action(value: object, at: At) -> RepeatAction:
    f = _Fields(value, at, "a Repeat Action")
    step = _make(RepeatAction, **_read_step(f, "a Repeat Action"))
    if len(f.read) != len(f.data):
        f.done(f"a Repeat Action of '{step.tile}'")
    return step


def parse_turn(data: object, path: Path | At) -> Turn:
    """The typed record of one turn of a log the schema accepted (`data`, at `path`, e.g.
    ("turns", 5)); UnreadableTurn for a shape the schema refuses."""
    at = path if isinstance(path, At) else At(tuple(path))
    f = _Fields(data, at, "a turn")
    player = f.text("player")
    if player is None:
        raise UnreadableTurn(at / "player", "a turn must name its 'player'")
    fields = _read_step(f, "a turn")
    fields["player"] = player
    if "big_town" in f.data:
        fields["big_town"] = f.value("big_town", _read_big_town)
    turn: Turn = object.__new__(Turn)
    turn.__dict__.update(fields)  # as `_make` makes it, from the fields read
    if len(f.read) != len(f.data):
        f.done(f"a '{turn.tile}' turn")
    return turn


# the random outcomes read as cubes (`Game.outcome`: a simulator's draw is read as the log's)
_CUBE_OUTCOMES = frozenset({"drawn", "random", "refills", "excess"})


def outcome_value(key: str, value: object, at: At) -> Any:
    """A random outcome drawn by a simulator (`Game.outcome`), read as the record reads the
    log's: cubes as `Cubes`, the others as they are."""
    if value is None or key not in _CUBE_OUTCOMES:
        return value
    return Cubes.read(value, at)


def parse_partial(data: dict[str, Any], path: Path | At, *, step: bool = False) -> Turn:
    """The record of a turn being made decision by decision (`engine/choices.py`): what is
    decided so far, with its tile not chosen yet (""), a site bonus whose kind is chosen but
    not its value (PENDING), an element of a list begun (left out: the rules read a list when
    it is complete)."""
    token = _MAKING.set(True)
    try:
        if step:  # an action in the middle of a turn: read as a Repeat Action is
            at = path if isinstance(path, At) else At(tuple(path))
            return cast(Turn, _make(RepeatAction, **_read_step(_Fields(data, at, "an action"),
                                                        "an action")))
        return parse_turn(data, path)
    finally:
        _MAKING.reset(token)


def parse_turns(log: dict[str, Any]) -> list[Turn]:
    """Every turn of a log's data, each at ("turns", i)."""
    return [parse_turn(t, ("turns", i)) for i, t in enumerate(log.get("turns") or [])]


def write_turn(turn: Turn) -> dict[str, Any]:
    """The turn as the log writes it: `write_turn(parse_turn(d, path)) == d`, key order and
    forms included (see the module's docstring)."""
    return turn.write()
