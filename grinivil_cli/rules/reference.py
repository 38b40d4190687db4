"""Look up the rule reference (reference.yaml beside this module): what a rule or ruling id means.

`entry("R-FEE-03")` gives one entry, `family("FEE")` every R-FEE-nn, `explain(query)` the text
`grinivil rule QUERY` prints with its exit status, `hint_for(id)` a one-line pointer to it for
error messages. The YAML's header documents its fields; tools/rule_reference.py keeps its
computed fields (rulings, rules, tests, raised) current.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from grinivil_cli.base.packagedata import files
from grinivil_cli.base.shown import plural
from grinivil_cli.logfile.suggest import did_you_mean

WIDTH = 80
INDENT = "  "

# The rulebook's chapter and section titles as it prints them, in its order. Every `chapter` of
# the reference is one of these, or several joined by "; ".
CHAPTERS: tuple[str, ...] = (
    "How to Learn the Game",
    "Components",
    "Icons & Symbols",
    "Buildings List",
    "Setup",
    "Time Action Ring Setup",
    "Grinivil Townland",
    "Grinivil Land Area Zones & Parcels",
    "Building Sites",
    "Roads & Road Sections",
    "Distance",
    "Planting Sector & Tree Planting",
    "Exploring the Land Area, Parcel Ownership",
    "Resources",
    "Market & Resource Reserve",
    "Warehouses",
    "Construction",
    "Buildings",
    "Floor Construction",
    "Road Construction & Bonus Road Track",
    "We're Moving In",
    "Residents",
    "Selling the House",
    "Money vs. Victory Points",
    "The Game Is On",
    "Time Action Ring (TAR)",
    "Action Time Cost",
    "Time Buying",
    "TAR Completion (New Round)",
    "Sudden-Death Round (Last Round)",
    "End of Game",
    "Scoring",
    "Game Variants",
    "Beginners Ring",
    "Big Town & Other Advanced Options",
    "Six-Player Game",
    "Quick Game",
    "Long Game",
    "Action Tiles Overview",
    "Player's Turn",
)

_NUMBERED = re.compile(r"^(.*-)([0-9]+)$")


@dataclass(frozen=True)
class Entry:
    """One id of the reference.

    `rulings`: for a rule, the AMB ids of docs/rulings.md that touch it; for a ruling (AMB id),
    the other rulings its section cites. `rules`: for a ruling, the rule ids it touches (empty for
    a rule). `tests`: `tests/FILE.py::test_name` of the tests that name the id. `raised`: whether
    the engine can print the id (false for a catalogue rule no message cites yet)."""

    id: str
    says: str
    chapter: str
    rulings: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()
    raised: bool = True

    @property
    def is_ruling(self) -> bool:
        return self.id.startswith("AMB-")

    @property
    def chapters(self) -> tuple[str, ...]:
        return tuple(part.strip() for part in self.chapter.split(";"))

    @property
    def first_sentence(self) -> str:
        head = re.split(r"(?<=[.!?])\s+(?=[A-Z(#])", self.says.strip(), maxsplit=1)[0]
        return head


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


@cache
def _text() -> str:
    return files("grinivil_cli.rules").joinpath("reference.yaml").read_text(encoding="utf-8")


_ID = re.compile(r"(?:R|AMB)-[A-Z0-9-]+")  # an entry's id, at the start of its line


@cache
def ids() -> frozenset[str]:
    """The ids of the entries, read from the file's top-level keys without parsing it (`known`
    looks for one id: `validate` asks once a run, it need not pay even for this)."""
    return frozenset(re.findall(rf"^({_ID.pattern}):", _text(), re.M))


@cache
def entries() -> dict[str, Entry]:
    """Every entry by id, in the file's order (rulebook order: see the file's header)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: ten times as fast
    raw = yaml.load(_text(), Loader=loader) or {}  # a safe loader, C or Python
    loaded: dict[str, Entry] = {}
    for entry_id, fields in raw.items():
        fields = fields or {}
        loaded[str(entry_id)] = Entry(
            id=str(entry_id), says=" ".join(str(fields.get("says", "")).split()),
            chapter=str(fields.get("chapter", "")), rulings=_strings(fields.get("rulings")),
            rules=_strings(fields.get("rules")), tests=_strings(fields.get("tests")),
            raised=bool(fields.get("raised", True)))
    return loaded


def normalise(rule_id: str) -> str:
    """Upper case, no spaces or underscores; a one-digit number padded (`r-fee-3` -> `R-FEE-03`)."""
    cleaned = rule_id.strip().upper().replace("_", "-").replace(" ", "-")
    numbered = _NUMBERED.match(cleaned)
    if numbered and len(numbered.group(2)) == 1:
        cleaned = f"{numbered.group(1)}0{numbered.group(2)}"
    return cleaned


def entry(rule_id: str) -> Entry | None:
    """The entry of `rule_id` (any case), or None."""
    return entries().get(normalise(rule_id))


def family(prefix: str) -> list[Entry]:
    """Every entry of one family in order: `FEE` or `R-FEE` gives R-FEE-01, R-FEE-02, ...;
    `AMB-TAR` the rulings AMB-TAR-nn; `VAR` every variant rule (R-VAR-BEG-01, ...). `A08` is tile
    #08's own rules only, not R-A08A-nn."""
    wanted = normalise(prefix).rstrip("-")
    if not wanted:
        return []
    if not wanted.startswith(("R-", "AMB-")):
        wanted = "R-" + wanted
    return [e for e in entries().values() if e.id.startswith(wanted + "-")]


def families() -> list[str]:
    """The family prefixes (`R-FEE`, `AMB-TAR`, `R-VAR`, ...) in file order."""
    found: dict[str, None] = {}
    for entry_id in entries():
        head, area = entry_id.split("-")[:2]
        found[f"{head}-{area}"] = None
    return list(found)


def hint_for(rule_id: str) -> str:
    """"Run `grinivil rule R-FEE-03` for the rule in full.", or "" for an id with no entry."""
    found = normalise(rule_id)
    return f"Run `grinivil rule {found}` for the rule in full." if known(found) else ""


def known(rule_id: str) -> bool:
    """Whether `rule_id` (normalised) is one of `ids()`: an id whose line begins the entry.
    Looked for as text, not by listing every id: `validate` asks once a run (start-up time)."""
    text = _text()
    return _ID.fullmatch(rule_id) is not None and (
        text.startswith(f"{rule_id}:") or f"\n{rule_id}:" in text)


def _wrap(text: str, indent: str = INDENT, first: str | None = None) -> list[str]:
    import textwrap

    return textwrap.wrap(text, WIDTH, initial_indent=indent if first is None else first,
                         subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False) or [indent.rstrip()]


def _listing(label: str, items: list[str]) -> list[str]:
    """`  Label:    first item` then the others aligned under it, each wrapped at WIDTH (a test
    name longer than the line is left whole)."""
    lines: list[str] = []
    head = f"{INDENT}{label:<10}"
    for n, item in enumerate(items):
        lines += _wrap(item, " " * len(head) + "  ", first=head if n == 0 else " " * len(head))
    return lines


def _tests(tests: list[str]) -> list[str]:
    """`  Tests:    N in M files`, then each file and under it its tests' names, each name
    whole on a line of its own (a name up to 76 characters fits in 80 columns, as a node id
    with its file would not: `FILE::NAME`)."""
    if not tests:
        return _listing("Tests:", ["no test names it yet"])
    by_file: dict[str, list[str]] = {}
    for node in tests:
        file, _, name = node.partition("::")
        by_file.setdefault(file, []).append(name)
    lines = _listing("Tests:", [f"{len(tests)} in {plural(len(by_file), 'file')}"])
    for file, names in by_file.items():
        lines += [f"{INDENT}{file}", *(f"{INDENT * 2}{name}" for name in names)]
    return lines


def _summary(rule_id: str) -> str:
    found = entry(rule_id)
    return f"{rule_id}: {found.first_sentence.removeprefix('Ruling: ')}" if found else rule_id


def _describe(found: Entry) -> str:
    kind = "ruling" if found.is_ruling else "rule"
    lines = [*_wrap(f"{found.id}  ({kind}; rulebook: {found.chapter})", first=""), ""]
    lines += _wrap(found.says)
    lines.append("")
    if found.is_ruling:
        lines += _listing("Rules:", [", ".join(found.rules) or "none named in docs/rulings.md"])
        lines += _listing("See also:", [_summary(r) for r in found.rulings] or ["no other ruling"])
    else:
        lines += _listing("Rulings:", [_summary(r) for r in found.rulings]
                          or ["none in docs/rulings.md"])
    lines += _tests(list(found.tests))
    if not found.raised:
        lines += ["", *_wrap("The engine cites this id in no message yet (a catalogue rule).")]
    return "\n".join(lines) + "\n"


def _describe_family(prefix: str, members: list[Entry]) -> str:
    width = max(len(m.id) for m in members)
    lines = [f"{prefix}: {len(members)} ids", ""]
    for member in members:
        lines += _wrap(member.first_sentence, INDENT + " " * (width + 2),
                       first=f"{INDENT}{member.id:<{width}}  ")
    lines += ["", f"`grinivil rule {members[0].id}` explains one of them."]
    return "\n".join(lines) + "\n"


def explain(query: str) -> tuple[str, int]:
    """(text to print, exit status) for `grinivil rule QUERY`: one id explained (0), a family
    listed (0: `FEE`, `R-FEE`, `AMB-TAR`), or an unknown id with a did-you-mean (2)."""
    found = entry(query)
    if found:
        return _describe(found), 0
    members = family(query)
    if members:
        prefix = normalise(query).rstrip("-")
        prefix = prefix if prefix.startswith(("R-", "AMB-")) else "R-" + prefix
        return _describe_family(prefix, members), 0
    asked = normalise(query)
    guess = did_you_mean(asked, [*entries(), *families()])
    text = f"no rule or ruling '{query.strip()}' in the rule reference"
    text += f"; did you mean '{guess}'?" if guess else ""
    text += ("\nRule ids look like R-FEE-03, rulings like AMB-TAR-01; a family (FEE, AMB-TAR) "
             "lists its ids.")
    return text + "\n", 2
