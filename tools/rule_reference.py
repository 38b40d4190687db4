"""Check, or rewrite, the computed fields of the rule reference (grinivil_cli/rules/reference.yaml).

Usage: python tools/rule_reference.py [--write]

Each entry of the reference has two hand-written fields, `says` and `chapter`, and computed ones,
which this tool derives from the repository:
- `rulings` (rule entries): the AMB ids of docs/rulings.md that touch the rule. A section
  `### AMB-X-NN: ...` touches every R id written in it; a section `### R-X-NN: ...` (a ruling on a
  rule that has no AMB id) relates every AMB id written in it to R-X-NN; and a bullet `- AMB-X-NN:
  ...` of *Decisions the code takes without naming the id* touches the R ids written in it.
- `rules` and `rulings` (AMB entries): the R ids its section touches, and the other AMB ids the
  section cites.
- `tests`: the test functions (`tests/FILE.py::test_name`, `::Class::test_name` for methods) whose
  name or docstring names the id, as tools/rule_coverage.py reads them: a name names `R-FEE-03` when
  `test_r_fee_03_...` holds it between underscores; a docstring, when it holds the id itself.
- `raised`: whether grinivil_cli/ can print the id: it appears in a string literal of the package's
  Python code (comments do not count) or in a data file it ships (editions/, schemas/); the
  reference itself (grinivil_cli/rules/) does not count. Written only when false.

Without --write the tool compares these fields with the file and exits 1 listing every
difference; with --write it rewrites the file, keeping the header comment, the order of the
entries and their `says` and `chapter`. An entry is added or removed by hand.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

TOP = Path(__file__).resolve().parent.parent
REFERENCE = Path("grinivil_cli") / "rules" / "reference.yaml"
# an id: R-FEE-03, R-A08A-01, R-VAR-6P-01, AMB-TAR-01 (rule_coverage.py's RULE, with AMB ids and
# the variants' three-part areas)
ID = re.compile(r"\b(?:R|AMB)-[A-Z0-9]+(?:-[A-Z0-9]+)*?-[0-9]+\b")
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
COMPUTED = ("rulings", "rules", "tests", "raised")
UNNAMED = "Decisions the code takes without naming the id"


def ids_in(text: str) -> list[str]:
    """The ids written in `text`, first occurrence first, each once."""
    return list(dict.fromkeys(ID.findall(text)))


# --- docs/rulings.md ------------------------------------------------------------------------

def ruling_links(rulings_md: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(rule id -> AMB ids touching it, AMB id -> other AMB ids its section cites)."""
    touches: dict[str, set[str]] = {}
    cites: dict[str, set[str]] = {}

    def link(amb: str, text: str) -> None:
        for found in ids_in(text):
            if found.startswith("R-"):
                touches.setdefault(found, set()).add(amb)
            elif found != amb:
                cites.setdefault(amb, set()).add(found)

    sections: list[tuple[str, list[str]]] = []  # (level-3 heading or "", the lines below it)
    chapter = ""
    for line in rulings_md.splitlines():
        heading = HEADING.match(line)
        if heading:
            level, title = len(heading.group(1)), heading.group(2)
            chapter = title if level <= 2 else chapter
            sections.append((title if level == 3 else "", []))
        elif sections:
            sections[-1][1].append(line)
        if chapter.startswith(UNNAMED) and line.startswith("- "):
            first = ID.match(line, 2)
            if first and first.group(0).startswith("AMB-"):
                link(first.group(0), line)
    for title, lines in sections:
        head = ID.match(title)
        if not head:
            continue
        body = title + "\n" + "\n".join(lines)
        if head.group(0).startswith("AMB-"):
            link(head.group(0), body)
        else:
            for amb in ids_in(body):
                if amb.startswith("AMB-"):
                    touches.setdefault(head.group(0), set()).add(amb)
    return touches, cites


# --- tests/ ---------------------------------------------------------------------------------

def test_functions(path: Path) -> Iterable[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(pytest's name after the file, function) for every test function of one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if function and node.name.startswith("test"):
            yield node.name, node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if (isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                        and item.name.startswith("test")):
                    yield f"{node.name}::{item.name}", item


def naming_tests(top: Path, known: Iterable[str]) -> dict[str, list[str]]:
    """id -> the tests naming it, in file then line order."""
    spelled = {"_" + i.lower().replace("-", "_") + "_": i for i in known}
    named: dict[str, list[str]] = {}
    for path in sorted((top / "tests").rglob("test_*.py")):
        where = path.relative_to(top).as_posix()
        for name, function in test_functions(path):
            ids = set(ids_in(ast.get_docstring(function) or ""))
            padded = "_" + function.name.lower() + "_"
            ids |= {i for s, i in spelled.items() if s in padded}
            for found in ids:
                named.setdefault(found, []).append(f"{where}::{name}")
    return named


# --- grinivil_cli/ --------------------------------------------------------------------------

def printable_ids(top: Path) -> set[str]:
    """The ids grinivil_cli/ can print: in its string literals and in its shipped data files."""
    package = top / "grinivil_cli"
    found: set[str] = set()
    for path in package.rglob("*"):
        inside = path.relative_to(package).parts
        if not path.is_file() or inside[0] == "rules" or "__pycache__" in inside:
            continue
        if path.suffix == ".py":
            source = path.read_text(encoding="utf-8")
            for token in tokenize.generate_tokens(io.StringIO(source).readline):
                if token.type == tokenize.STRING or token.type == getattr(
                        tokenize, "FSTRING_MIDDLE", -1):
                    found |= set(ID.findall(token.string))
        elif path.suffix in {".yaml", ".yml", ".json"}:
            found |= set(ID.findall(path.read_text(encoding="utf-8")))
    return found


# --- the reference --------------------------------------------------------------------------

def load(top: Path) -> tuple[str, dict[str, dict[str, Any]]]:
    """(the file's header comment, its entries in file order)."""
    text = (top / REFERENCE).read_text(encoding="utf-8")
    header = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            header.append(line)
        else:
            break
    entries = yaml.safe_load(text) or {}
    if not isinstance(entries, dict):
        raise SystemExit(f"{REFERENCE}: not a mapping of ids")
    return "\n".join(header).rstrip() + "\n", entries


def computed(top: Path, ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The computed fields of each id, as the file should hold them."""
    touches, cites = ruling_links((top / "docs" / "rulings.md").read_text(encoding="utf-8"))
    tests = naming_tests(top, ids)
    printable = printable_ids(top)
    order = {i: n for n, i in enumerate(ids)}

    def ordered(found: Iterable[str]) -> list[str]:
        return sorted(found, key=lambda i: (order.get(i, len(order)), i))

    touched: dict[str, set[str]] = {}
    for rule, ambs in touches.items():
        for amb in ambs:
            touched.setdefault(amb, set()).add(rule)
    fields: dict[str, dict[str, Any]] = {}
    for entry_id in ids:
        if entry_id.startswith("AMB-"):
            values: dict[str, Any] = {"rules": ordered(touched.get(entry_id, ())),
                                      "rulings": ordered(cites.get(entry_id, ()))}
        else:
            values = {"rulings": ordered(touches.get(entry_id, ()))}
        values["tests"] = tests.get(entry_id, [])
        values["raised"] = entry_id in printable
        fields[entry_id] = values
    return fields


def differences(top: Path = TOP) -> list[str]:
    """One line per computed field the file does not hold as the repository says, and per id
    grinivil_cli/ prints that has no entry. Empty when the reference is current."""
    _, entries = load(top)
    ids = list(entries)
    found: list[str] = []
    for entry_id in sorted(printable_ids(top) - set(ids)):
        found.append(f"{entry_id}: printed by grinivil_cli/ but has no entry")
    for entry_id, values in computed(top, ids).items():
        entry = entries[entry_id] or {}
        for key, value in values.items():
            held = entry.get(key, True if key == "raised" else [])
            if held != value:
                found.append(f"{entry_id}: {key} is {held!r}, should be {value!r}")
    return found


class _Folded(str):
    """A `says` text: written folded (`>-`), so it reads as prose whatever its punctuation."""


class _Flow(list[str]):
    """A list of ids: written on one line, `[AMB-TAR-01, AMB-TAR-06]`."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Folded, lambda d, v: d.represent_scalar(
    "tag:yaml.org,2002:str", str(v), style=">"))
_Dumper.add_representer(_Flow, lambda d, v: d.represent_sequence(
    "tag:yaml.org,2002:seq", list(v), flow_style=True))


def dump_entry(entry_id: str, entry: dict[str, Any]) -> str:
    """One entry as YAML: hand-written fields first, then the computed ones."""
    ordered: dict[str, Any] = {k: entry[k] for k in ("chapter", "says") if k in entry}
    if "says" in ordered:
        ordered["says"] = _Folded(" ".join(str(ordered["says"]).split()))
    ordered |= {k: v for k, v in entry.items() if k not in ordered and k not in COMPUTED}
    for key in ("rules", "rulings"):
        if key in entry:
            ordered[key] = _Flow(entry[key])
    if "tests" in entry:
        ordered["tests"] = entry["tests"] or _Flow()
    if entry.get("raised") is False:
        ordered["raised"] = False
    return yaml.dump({entry_id: ordered}, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     width=88, default_flow_style=False)


def write(top: Path = TOP) -> int:
    """Rewrite the computed fields; the number of entries that changed."""
    header, entries = load(top)
    changed = 0
    blocks = []
    for entry_id, values in computed(top, list(entries)).items():
        entry = dict(entries[entry_id] or {})
        before = dict(entry)
        entry.update(values)
        if not entry_id.startswith("AMB-"):
            entry.pop("rules", None)
        changed += entry != {**before, "raised": before.get("raised", True)}
        blocks.append(dump_entry(entry_id, entry))
    (top / REFERENCE).write_text(header + "\n" + "\n".join(blocks), encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="rewrite the computed fields instead of checking them")
    args = parser.parse_args(argv)
    if args.write:
        changed = write(TOP)
        print(f"rule_reference: {changed} entries updated in {REFERENCE}")
        missing = [d for d in differences(TOP) if "has no entry" in d]
        for line in missing:
            print(line, file=sys.stderr)
        return 1 if missing else 0
    found = differences(TOP)
    for line in found:
        print(line)
    if found:
        print(f"rule_reference: {len(found)} differences; `python tools/rule_reference.py "
              "--write` updates the computed fields", file=sys.stderr)
        return 1
    print(f"rule_reference: {REFERENCE} is current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
