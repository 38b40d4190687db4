"""What differs between two editions, in words (`grinivil edition diff`, issue 32).

The YAML data of the two files is compared, not their text: comments and layout are no
difference, and neither are the notes that judge nothing (the `title`, the `sources` and each
record's `source`, which `digest.py` leaves out too): those are listed apart, and two editions
whose data are the same judge every log the same. Each known section is told in the words of
the game (`diffwords.py`), grouped as a person compares a box with the file: counts and money,
buildings, resident cards, land tiles, Markets, the ring, the Bonus Road Track, the dice. A
value of no known section falls back to `path: old -> new`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import diffwords as told
from .compare import MISSING, Found, Key, Names, dotted, generic, keys, leaves, same, words

GROUPS = ("Counts and money", "Buildings", "Resident cards", "Land tiles", "Markets",
          "Action tiles and the ring", "Bonus Road Track", "Dice tables", "Other")
COUNTS = {"trees": "trees", "small_warehouses": "Small Warehouses", "road_tokens": "road tokens",
          "ownership_markers": "Ownership Markers per player",
          "orange_blocks": "Building Blocks per player", "roof_blocks": "Roof Blocks",
          "occupied_tokens": "'Occupied' tokens", "starting_money": "starting money"}
NOTES = ("title", "sources")  # the top-level keys that describe the data (and `source`)
SECTIONS = {"buildings": (GROUPS[1], told.tell_buildings),
            "residents": (GROUPS[2], told.tell_residents),
            "land_tiles": (GROUPS[3], told.tell_land_tiles),
            "markets": (GROUPS[4], told.tell_markets),
            "action_tiles": (GROUPS[5], told.tell_action_tiles),
            "ring_corners": (GROUPS[5], told.tell_ring_corners),
            "beginners_ring": (GROUPS[5], told.tell_beginners_ring),
            "road_track": (GROUPS[6], told.tell_road_track),
            "import_prices": (GROUPS[7], told.tell_import_prices)}


@dataclass(frozen=True)
class Change:
    """One difference: its group, where it is in the data (dotted) and what it is in words."""

    group: str
    path: str
    text: str


@dataclass
class EditionDiff:
    """The differences of two editions' data (`changes`) and of their notes (`notes`: the
    title and where values come from)."""

    changes: list[Change] = field(default_factory=list)
    notes: list[Change] = field(default_factory=list)

    @property
    def same(self) -> bool:
        """The same data: every log is judged the same with either (whatever the notes say)."""
        return not self.changes


def diff_editions(old: Mapping[str, Any], new: Mapping[str, Any]) -> EditionDiff:
    """What changed from the edition data `old` to `new` (both read from checked files)."""
    out = EditionDiff(notes=list(_notes(old, new)))
    a, b = _without_sources(old), _without_sources(new)
    names = Names(a, b)
    for key in keys(a, b):
        x, y = a.get(key, MISSING), b.get(key, MISSING)
        if key in NOTES or same(x, y):
            continue
        if key in SECTIONS:
            group, tell = SECTIONS[key]
            found = tell(names, x, y)
        else:
            group = GROUPS[0] if key in COUNTS or key == "cubes" else GROUPS[-1]
            found = _counts(key, x, y)
        out.changes += [Change(group, path, text) for path, text in found]
    out.changes.sort(key=lambda c: GROUPS.index(c.group))  # in each group, in file order
    return out


def _counts(key: str, a: Any, b: Any) -> Found:
    """`starting money 50 -> 70`, `wood cubes 28 -> 29`; anything else `path: old -> new`."""
    if key == "cubes":
        for path, x, y in leaves(a, b, key):
            yield dotted(*path), f"{path[-1]} cubes {words(x)} -> {words(y)}"
    elif key in COUNTS and not isinstance(a, Mapping | list) and not isinstance(b, Mapping | list):
        yield key, f"{COUNTS[key]} {words(a)} -> {words(b)}"
    else:
        yield from generic(a, b, key)


# --- the notes, which judge nothing ----------------------------------------------------------


def _without_sources(value: Any) -> Any:
    """The data without the `source` note of each record."""
    if isinstance(value, Mapping):
        return {k: _without_sources(v) for k, v in value.items() if k != "source"}
    if isinstance(value, list):
        return [_without_sources(v) for v in value]
    return value


def _sources(value: Any, *path: Key) -> Iterator[tuple[str, Any]]:
    """(dotted path of a record, its `source` note) for every record."""
    if isinstance(value, Mapping):
        if "source" in value:
            yield dotted(*path), value["source"]
        for key, item in value.items():
            if key != "source":
                yield from _sources(item, *path, key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _sources(item, *path, i)


def _notes(old: Mapping[str, Any], new: Mapping[str, Any]) -> Iterator[Change]:
    """The title, and every entry of `sources` and `source` note that differs where both
    editions have it (a record added or removed is a change of the data)."""
    if not same(old.get("title"), new.get("title")):
        yield Change("Notes", "title",
                     f"title '{words(old.get('title'))}' -> '{words(new.get('title'))}'")
    for path, x, y in leaves(old.get("sources", {}), new.get("sources", {}), "sources"):
        if x is not MISSING and y is not MISSING:
            yield Change("Notes", dotted(*path), f"'{words(x)}' -> '{words(y)}'")
    a, b = dict(_sources(old)), dict(_sources(new))
    for where in a:
        if where in b and not same(a[where], b[where]):
            yield Change("Notes", f"{where}.source", f"'{words(a[where])}' -> '{words(b[where])}'")


# --- output ----------------------------------------------------------------------------------


def diff_text(old_name: str, new_name: str, diff: EditionDiff) -> str:
    """The differences for a terminal: a heading, each group's lines, then the notes (the
    title in full; where the values come from, by the records whose note differs)."""
    n = len(diff.changes)
    if diff.same:
        lines = [f"{old_name} -> {new_name}: the same data (every log is judged the same with "
                 "either)"]
    else:
        lines = [f"{old_name} -> {new_name}: {n} difference{'s' * (n != 1)} in the data"]
    for group in GROUPS:
        found = [c.text for c in diff.changes if c.group == group]
        if found:
            lines += [f"{group}:"] + [f"  {text}" for text in found]
    title = [c.text for c in diff.notes if c.path == "title"]
    sources = [c.path.removesuffix(".source") for c in diff.notes if c.path != "title"]
    if title or sources:
        lines.append("Notes (they judge nothing):")
        lines += [f"  {text}" for text in title]
    if sources:
        lines.append(f"  where the values come from (`source`, `sources`), in {len(sources)} "
                     f"place{'s' * (len(sources) != 1)}: {', '.join(sources)}")
    return "\n".join(lines)


def diff_json(old_name: str, new_name: str, diff: EditionDiff) -> dict[str, Any]:
    """The differences for programs: every change with its group and path, and the notes."""
    return {"a": old_name, "b": new_name, "same": diff.same, "exit": 0 if diff.same else 1,
            "changes": [vars(c) for c in diff.changes],
            "notes": [{"path": c.path, "text": c.text} for c in diff.notes]}
