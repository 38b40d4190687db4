"""Where an edition's values come from, record by record, for the catalogue a club lays beside
its box (`grinivil edition show`, issue 32): each record (a `source` note) and each count (an
entry of `sources`) with its note, and what of it the rulebook does not print, to check.

A note is reconstructed exactly when `edition.check.reconstructed` counts it, so the page marks
as many values as `grinivil edition check` reports.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..edition.check import RECONSTRUCTED

RULEBOOK = "rulebook:"


@dataclass(frozen=True)
class Note:
    """Where one record's or count's values come from, as its file says."""

    path: str  # its place in the file, keys joined with dots: `land_tiles.I01`, `markets.0`
    source: str  # the note as written

    @property
    def reconstructed(self) -> bool:
        """Whether some of its values are not printed in the rulebook (a person checks them)."""
        return RECONSTRUCTED in self.source

    @property
    def rulebook(self) -> str:
        """Where in the rulebook its printed values are (empty when none is)."""
        if not self.source.startswith(RULEBOOK):
            return ""
        printed, _, _ = self.source[len(RULEBOOK):].partition(f"; {RECONSTRUCTED}")
        return printed.strip()

    @property
    def check(self) -> str:
        """What to check against the box: the note's reconstructed part (`holes and prices`),
        `every value` when the whole record is reconstructed; empty when nothing is."""
        if not self.reconstructed:
            return ""
        if self.source.startswith(RULEBOOK):
            _, _, rest = self.source.partition(RECONSTRUCTED)
            return rest.lstrip(":").strip() or "some values"
        if not self.source.startswith(RECONSTRUCTED):
            return self.source  # not a note the schema allows: shown whole
        return "every value"

    @property
    def aside(self) -> str:
        """What a wholly reconstructed record's note adds (`recalibrated for issue 16...`)."""
        if not self.reconstructed or not self.source.startswith(RECONSTRUCTED):
            return ""
        return self.source[len(RECONSTRUCTED):].lstrip(":").strip()


def notes_of(data: Any) -> list[Note]:
    """Every note of an edition's data, the counts' (`sources`) first, then each record's in
    the file's order (a record inside another after it)."""
    sources = data.get("sources", {}) if isinstance(data, dict) else {}
    notes = [Note(str(key), str(note)) for key, note in sources.items()] \
        if isinstance(sources, dict) else []
    return notes + list(_records(data, ()))


def _records(value: Any, path: tuple[str, ...]) -> Iterator[Note]:
    """The notes of the records in `value` (dicts with a `source`), depth first."""
    if isinstance(value, dict):
        if path and "source" in value:
            yield Note(".".join(path), str(value["source"]))
        for key, inner in value.items():
            if path or key != "sources":
                yield from _records(inner, (*path, str(key)))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _records(inner, (*path, str(i)))


@dataclass(frozen=True)
class Shown:
    """A note where the page shows it: the anchor the list of values to check links to, and
    the words naming the component (`Land tile I01 Orchard`)."""

    note: Note
    anchor: str
    label: str


@dataclass
class Marks:
    """The notes of an edition as the page takes them, component by component, so that every
    note is shown once and the ones no section showed are listed at the end."""

    notes: dict[str, Note]
    shown: list[Shown] = field(default_factory=list)

    @classmethod
    def of(cls, data: Any) -> Marks:
        return cls({note.path: note for note in notes_of(data)})

    def take(self, path: str, label: str) -> Shown | None:
        """The note at `path` shown for the component `label`, or None when it has none (or it
        was shown already)."""
        note = self.notes.get(path)
        if note is None or any(s.note.path == path for s in self.shown):
            return None
        shown = Shown(note, f"note-{len(self.shown) + 1}", label)
        self.shown.append(shown)
        return shown

    def left(self) -> list[Shown]:
        """The notes no section took (a record of a kind the page does not draw), shown at
        the end, each with its path."""
        taken = {s.note.path for s in self.shown}
        return [s for s in (self.take(path, path) for path in self.notes if path not in taken)
                if s is not None]

    def to_check(self) -> list[Shown]:
        """The reconstructed notes in the page's order."""
        return [s for s in self.shown if s.note.reconstructed]
