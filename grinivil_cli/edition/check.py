"""Checking an edition file as a club corrects it (`grinivil edition check`, issue 32): every
problem the loader finds, with its place, told apart from a file that cannot be read at all.

The steps are the loader's own (`load.py`: the bounded reader, the YAML reader, the schema,
the cross-checks, the model), so a file `check` passes is one `--edition` takes, and a bundled
edition is checked as a file is (the loader trusts those without checking them again). A file
whose YAML reads but whose data is wrong (a key written twice included) is a mistake to correct
(exit 1); one that is not YAML at all, or cannot be read, is unreadable (exit 2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

import yaml

from ..base.packagedata import files
from ..errors import LogFormatError, Problem
from ..errors import Path as ErrorPath
from ..logfile.yamlsafe import EDITION_MAX_BYTES, STDIN, load_yaml_text, read_bounded
from .load import PACKAGE, bundled_editions, edition_from_data, edition_problems, load_edition
from .model import Edition

RECONSTRUCTED = "reconstructed"  # in a `source` note: a value the rulebook does not print


@dataclass
class Checked:
    """One edition checked: its data and model, or every problem found (`unreadable`: the
    file could not be read as YAML, rather than holding a mistake)."""

    name: str  # as it was given: a bundled edition's name or a path
    source: str  # as the messages name its file
    problems: list[Problem] = field(default_factory=list)
    unreadable: bool = False
    warnings: list[Problem] = field(default_factory=list)  # worth a look; the data are usable
    data: Any = None
    edition: Edition | None = None

    @property
    def ok(self) -> bool:
        return self.edition is not None


def edition_source(name_or_path: str) -> tuple[str, bytes]:
    """The name its messages give an edition, and its bytes: a bundled edition by its name,
    else the file at that path; LogFormatError with the loader's own words (an unknown name
    with a "did you mean", no such file...) when there is none to read."""
    if name_or_path in bundled_editions():
        resource = files(PACKAGE) / "editions" / f"{name_or_path}.yaml"
        return f"{PACKAGE}/editions/{name_or_path}.yaml", resource.read_bytes()
    path = "./-" if name_or_path == STDIN else name_or_path  # a file, never standard input
    try:
        return name_or_path, read_bounded(path, name_or_path, EDITION_MAX_BYTES,
                                          what="edition", files_only=True)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        load_edition(name_or_path)  # raises the loader's LogFormatError, which says why
        raise LogFormatError([Problem(f"cannot read the edition: {exc}")]) from exc


def check_edition(name_or_path: str) -> Checked:
    """Read and check one edition (a bundled name or a file) as `load_edition` does, every
    problem kept with its place; a bundled edition is checked too."""
    try:
        source, text = edition_source(name_or_path)
    except LogFormatError as e:
        return Checked(name_or_path, name_or_path, e.problems, unreadable=True)
    try:
        loaded = load_yaml_text(text, source, max_bytes=EDITION_MAX_BYTES, what="edition")
    except LogFormatError as e:
        return Checked(name_or_path, source, e.problems, unreadable=not _reads_as_yaml(text))
    problems = edition_problems(loaded.data)
    if problems:
        placed = [Problem(p.message, loaded.position(p.path), p.path) for p in problems]
        return Checked(name_or_path, source, placed, data=loaded.data)
    stem = name_or_path if name_or_path in bundled_editions() else FilePath(name_or_path).stem
    edition = edition_from_data(loaded.data, name=stem)
    warnings = [Problem(f"worth a look: {text}", loaded.position(path), path)
                for path, text in market_rows(loaded.data)]
    return Checked(name_or_path, source, data=loaded.data, edition=edition, warnings=warnings)


def market_rows(data: Any) -> Iterator[tuple[ErrorPath, str]]:
    """A Market row with a hole more or less than the other rows of its side (AMB-MKT-02:
    the rulebook prints no layout): the rows are the runs of holes of equal prices, from the
    bottom up, and a side's row width the length most of its runs have (3 holes on the
    standard 2-3 player side, 4 on the 4-6). A run that is not a whole number of rows is
    said, at its first hole: a hole left out while copying the Market, or one too many. Not
    a mistake the loader refuses: a real Market may have a short row (docs/rulings.md)."""
    for i, side in enumerate(data["markets"]):
        runs: list[tuple[str, int, int]] = []  # (resource, index of its first hole, length)
        for resource, holes in side["sections"].items():
            for j, hole in enumerate(holes):
                if j and hole == holes[j - 1]:
                    runs[-1] = (resource, runs[-1][1], runs[-1][2] + 1)
                else:
                    runs.append((resource, j, 1))
        lengths = Counter(n for _, _, n in runs)
        width = max(lengths, key=lambda n: (lengths[n], n))
        if width < 2:
            continue
        players = side["players"]
        label = f"{players[0]}-{players[-1]}" if len(players) > 1 else f"{players[0]}"
        for resource, first, n in runs:
            if n % width:
                hole = side["sections"][resource][first]
                row = sum(1 for r, f, _ in runs if r == resource and f <= first)
                yield (("markets", i, "sections", resource, first),
                       f"{resource} row {row} from the bottom (buy {hole['buy']}, sell "
                       f"{hole['sell']}) has {n} hole{'s' * (n != 1)}; the other rows of the "
                       f"{label} player side have {width}: a hole left out, or one too many?")


def _reads_as_yaml(text: bytes) -> bool:
    """Whether `text` is UTF-8 and YAML by PyYAML's parser (its events only: nothing is built
    and no alias expanded), with something in it: what the safe reader refused in it is then
    a value or a key written as the format does not allow (a key twice, a tag), not a file
    that cannot be read."""
    try:
        decoded = text.decode("utf-8")
        loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        nodes = sum(1 for event in yaml.parse(decoded, Loader=loader)
                    if isinstance(event, yaml.NodeEvent))
    except (UnicodeDecodeError, yaml.YAMLError):
        return False
    return nodes > 0


def reconstructed(data: Any) -> int:
    """How many records (a `source` note) and counts (an entry of `sources`) say their values
    are reconstructed, in whole or in part: what a person holding the box checks."""
    notes = data.get("sources", {}) if isinstance(data, dict) else {}
    count = sum(1 for note in notes.values() if RECONSTRUCTED in str(note))
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if RECONSTRUCTED in str(value.get("source", "")):
                count += 1
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return count


def counts(edition: Edition) -> dict[str, int]:
    """The components of an edition counted, for the line that says it is correct."""
    return {"land tiles": len(edition.land_tiles), "resident cards": len(edition.residents),
            "building types": len(edition.buildings), "action tiles": len(edition.action_tiles),
            "Market sides": len(edition.markets),
            "Bonus Road Track spaces": len(edition.road_track)}


def ok_line(checked: Checked) -> str:
    """`FILE: ok (17 land tiles, ...; 95 records reconstructed ...)` for a correct edition."""
    assert checked.edition is not None
    found = ", ".join(f"{n} {what}" for what, n in counts(checked.edition).items())
    return (f"{checked.name}: ok ({found}; {reconstructed(checked.data)} records and counts "
            "reconstructed, to check against your box)")


def problem_lines(checked: Checked, warnings: bool = False) -> list[str]:
    """Each problem (or warning) as a line, `file:line:col: message` (the file named when it
    has no place)."""
    return [str(p) if p.position else f"{checked.name}: {p.message}"
            for p in (checked.warnings if warnings else checked.problems)]
