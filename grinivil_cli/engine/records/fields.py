"""Records: the shared shapes (`Cubes`, `Entry`) and the reading and writing of one mapping's
fields (`_Fields`, the readers `_text`, `_integer`, ... and the writers `_write`, ...). See the
package's docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from ...edition.model import RESOURCES
from .base import NOWHERE, At, UnreadableTurn, _make

T = TypeVar("T")
V = TypeVar("V")


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
