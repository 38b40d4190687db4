"""Comparing two editions' YAML data value by value, for `diff.py` and `diffwords.py`: which
values differ (by path), records compared key by key, and values in words.

Data is compared as the digest sees it (`digest.py`: as JSON), so 1 is not `true` and 1 is not
1.0; `MISSING` stands for a key or an item one side does not have.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

MISSING: Any = object()  # a key or an item one side does not have
FLAGS = {"four_plus": ("the ●●●●+ mark removed", "the ●●●●+ mark added"),
         "municipal": ("no longer Municipal", "now Municipal"),
         "access": ("its Access Road removed", "an Access Road added"),
         "entrance": ("no longer the entrance tile", "now the entrance tile (1A)"),
         "pink": ("no longer pink", "now pink"),
         "promo": ("no longer a promo tile", "now a promo tile")}  # a yes/no field: (no, yes)

Key = str | int
Found = Iterator[tuple[str, str]]  # (dotted path, the difference in words)
Words = Mapping[str, tuple[str, Callable[[Any], str]]]  # a record's field: its label, and its
# value in words


def same(a: Any, b: Any) -> bool:
    """Equal as data."""
    if a is b:
        return True
    try:
        return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True,
                                                                        default=str)
    except TypeError:  # keys of different types: not from a YAML file, whose keys are text
        return bool(a == b)


def keys(a: Any, b: Any) -> list[Any]:
    """The keys of two mappings in file order: the first one's, then those only the second has."""
    first = list(a) if isinstance(a, Mapping) else []
    return first + [k for k in (b if isinstance(b, Mapping) else []) if k not in first]


def item(values: Any, i: int) -> Any:
    """Item `i` of a list, or MISSING."""
    return values[i] if isinstance(values, list) and i < len(values) else MISSING


def length(values: Any) -> int:
    return len(values) if isinstance(values, list) else 0


def mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def dotted(*path: Key) -> str:
    """`residents.greta.optional[0]` for a path."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


def leaves(a: Any, b: Any, *path: Key) -> Iterator[tuple[tuple[Key, ...], Any, Any]]:
    """Every value that differs below `path`: (its path, old, new), MISSING where a side has
    none; mappings key by key, lists item by item."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in keys(a, b):
            yield from leaves(a.get(key, MISSING), b.get(key, MISSING), *path, key)
    elif isinstance(a, list) and isinstance(b, list):
        for i in range(max(len(a), len(b))):
            yield from leaves(item(a, i), item(b, i), *path, i)
    elif not same(a, b):
        yield path, a, b


def words(value: Any) -> str:
    """A value as a person reads it."""
    if value is MISSING:
        return "(none)"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {words(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(words(v) for v in value) + "]"
    return str(value)


def generic(a: Any, b: Any, *path: Key, label: str = "") -> Found:
    """The fallback for a value no words are known for: `label path: old -> new` (the path
    below `path`; the whole path without a label)."""
    for where, x, y in leaves(a, b, *path):
        shown = dotted(*where[len(path):]) if label else dotted(*where)
        head = f"{label}: {shown}" if label and shown else label or shown
        yield dotted(*where), f"{head}: {words(x)} -> {words(y)}"


def records(a: Any, b: Any, path: tuple[Key, ...], label: Callable[[Any], str],
            described: Callable[[Any], str],
            changed: Callable[[Any, Any], Iterator[str]]) -> Found:
    """A mapping of records compared record by record: `LABEL added (what it is)`, `removed`,
    or `LABEL: a change` for each change `changed` finds."""
    a, b = mapping(a), mapping(b)
    for key in keys(a, b):
        x, y = a.get(key, MISSING), b.get(key, MISSING)
        where = dotted(*path, key)
        if x is MISSING:
            yield where, f"{label(key)} added ({described(y)})"
        elif y is MISSING:
            yield where, f"{label(key)} removed ({described(x)})"
        elif not same(x, y):
            yield from ((where, f"{label(key)}: {text}") for text in changed(x, y))


def fields(x: Any, y: Any, told: Words, skip: tuple[str, ...] = ()) -> Iterator[str]:
    """`label old -> new` in words for each field of a record that differs (a yes/no field of FLAGS
    as what became of it; a field `told` does not know as `key: old -> new`)."""
    x, y = mapping(x), mapping(y)
    for key in keys(x, y):
        old, new = x.get(key, MISSING), y.get(key, MISSING)
        if key in skip or same(old, new):
            continue
        if key in FLAGS and all(v is MISSING or isinstance(v, bool) for v in (old, new)):
            yield FLAGS[key][new is True]  # a flag left out is false
        elif key in told:
            label, tell = told[key]
            yield f"{label} {tell(old)} -> {tell(new)}".lstrip()
        else:
            yield from (text for _, text in generic(old, new, key))


class Names:
    """What a person calls a building, a card, a tile: the new edition's name, else the old's,
    else its key."""

    def __init__(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
        self.editions = (new, old)

    def _record(self, section: str, key: Any) -> Mapping[str, Any]:
        for data in self.editions:
            record = mapping(mapping(data.get(section)).get(key))
            if record:
                return record
        return {}

    def _name(self, section: str, key: Any) -> str:
        name = self._record(section, key).get("name")
        return name if isinstance(name, str) else str(key)

    def building(self, key: Any) -> str:
        """`Cafe`."""
        return self._name("buildings", key)

    def resident(self, key: Any) -> str:
        """`Greta`."""
        return self._name("residents", key)

    def tile(self, key: Any) -> str:
        """`#05 Auction (single-bid)`."""
        number = self._record("action_tiles", key).get("number")
        name = self._name("action_tiles", key)
        return f"#{number} {name}" if number is not None else name

    def land_tile(self, key: Any) -> str:
        """`I03 Brickworks`."""
        return f"{key} {self._name('land_tiles', key)}"
