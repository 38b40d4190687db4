"""The rule reference (grinivil_cli/rules/reference.yaml, read by grinivil_cli/rules/reference.py).

Expected ids are derived from the repository itself, never listed by hand: the ids the engine can
print are found the way tools/rule_reference.py finds them (string literals of grinivil_cli/ and
its shipped data files, the reference itself left out); the catalogue's ids are read from
../shared/rules/catalogue.md when it is beside the repository (it is outside the project, so that
test is skipped without it). The numbers 5, 3 and 20 of R-FEE-03 are the rulebook's (Floor
Construction: "5 Grinies plus 3 Grinies for each Resident ... (max. total 20 Grinies)")."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from grinivil_cli.rules import reference

TOP = Path(__file__).resolve().parent.parent
CATALOGUE = TOP.parent / "shared" / "rules" / "catalogue.md"


def load_tool() -> Any:
    spec = importlib.util.spec_from_file_location("rule_reference_tool",
                                                  TOP / "tools" / "rule_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()


def test_every_id_the_engine_prints_has_an_entry_that_says_something() -> None:
    """Every id in a string literal or shipped data file of grinivil_cli/ (the tool's scan) has an
    entry with a non-empty `says` and `chapter`, and every chapter is a title the rulebook prints
    (reference.CHAPTERS)."""
    printed = TOOL.printable_ids(TOP)
    assert "R-FEE-03" in printed and "R-SETUP-11" in printed  # the scan finds the engine's ids
    entries = reference.entries()
    assert sorted(printed - set(entries)) == []
    for entry in entries.values():
        assert entry.says.strip() and entry.chapter.strip(), entry.id
        assert set(entry.chapters) <= set(reference.CHAPTERS), entry.id


def test_raised_marks_exactly_the_ids_the_engine_prints() -> None:
    """An entry is raised (the default) exactly when grinivil_cli/ prints its id."""
    printed = TOOL.printable_ids(TOP)
    entries = reference.entries()
    assert sorted(e.id for e in entries.values() if e.raised and e.id not in printed) == []
    assert sorted(e.id for e in entries.values() if not e.raised and e.id in printed) == []


@pytest.mark.skipif(not CATALOGUE.is_file(), reason="the rules catalogue is not beside the repo")
def test_every_catalogue_id_has_an_entry_and_every_entry_is_a_catalogue_id() -> None:
    """The catalogue's ids are its list items `- R-...:` and `- AMB-...:` (with a facet tag such
    as `(cost)` on the tiles' rules); the reference holds exactly those, in their order."""
    items = re.findall(r"^- ((?:R|AMB)-[A-Z0-9-]+?)(?: \([a-z/]+\))?:",
                       CATALOGUE.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert list(reference.entries()) == items


def test_rulings_tests_and_raised_are_current() -> None:
    """The computed fields equal what tools/rule_reference.py derives from docs/rulings.md, tests/
    and grinivil_cli/ (`python tools/rule_reference.py --write` updates them)."""
    assert TOOL.differences(TOP) == []


def test_the_tool_finds_a_test_by_its_name_and_by_its_docstring() -> None:
    """test_r_tar_06_... names R-TAR-06 in its name; this file's R-FEE-03 test names it in its
    docstring; AMB-TAR-01's section of docs/rulings.md names R-TAR-05."""
    tar = reference.entry("R-TAR-06")
    assert tar is not None and any("::test_r_tar_06_" in t for t in tar.tests)
    fee = reference.entry("R-FEE-03")
    assert fee is not None
    assert ("tests/test_rule_reference.py::test_explain_r_fee_03_gives_the_numbers_and_the_chapter"
            in fee.tests)
    ruling = reference.entry("AMB-TAR-01")
    assert ruling is not None and "R-TAR-05" in ruling.rules
    rule = reference.entry("R-TAR-05")
    assert rule is not None and "AMB-TAR-01" in rule.rulings


def test_explain_r_fee_03_gives_the_numbers_and_the_chapter() -> None:
    """R-FEE-03: the fee is 5 + 3 per resident, at most 20 (rulebook, Floor Construction)."""
    text, status = reference.explain("R-FEE-03")
    assert status == 0
    assert text.startswith("R-FEE-03")
    assert {"5", "3", "20"} <= set(re.findall(r"\d+", text))
    assert "Floor Construction" in text
    assert "Tests:" in text and "Rulings:" in text
    assert "  tests/test_rule_reference.py\n" in text  # the tests by file, each name whole:
    assert "\n    test_explain_r_fee_03_gives_the_numbers_and_the_chapter\n" in text
    assert all(len(line) <= reference.WIDTH for line in text.splitlines()
               if not line.startswith("    test_"))  # a test name is never broken


def test_every_test_name_fits_on_a_line_of_grinivil_rule() -> None:
    """`grinivil rule ID` shows each test naming the id whole, on a line of its own indented 4
    spaces, and the command fits 80 columns: a test function's name (a method's as pytest names
    it after the file, `Class::test_name`) is at most 76 characters. Read with `ast`, as
    tools/rule_reference.py reads them, from every file of tests/."""
    limit = reference.WIDTH - len("    ")
    names: list[str] = []
    for path in sorted((TOP / "tests").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.append(node.name)
            elif isinstance(node, ast.ClassDef):
                names += [f"{node.name}::{item.name}" for item in node.body
                          if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)]
    assert any(name.startswith("test_") for name in names)  # the files were read
    long = [f"{len(name)} {name}" for name in names
            if name.rpartition("::")[2].startswith("test") and len(name) > limit]
    assert long == [], f"test names longer than {limit} characters:\n" + "\n".join(long)


def test_every_rule_explained_fits_80_columns() -> None:
    """Every id and family `grinivil rule` explains: each line at most 80 columns (a ruling's
    heading named three chapters in 99)."""
    queries = sorted(reference.ids()) + reference.families()
    wide = [(q, line) for q in queries for line in reference.explain(q)[0].splitlines()
            if len(line) > reference.WIDTH]
    assert wide == []
    heading = reference.explain("AMB-A08A-01")[0].splitlines()[:2]
    assert heading == ["AMB-A08A-01  (ruling; rulebook: Action Tiles Overview; Exploring the "
                       "Land Area,", "  Parcel Ownership)"]


def test_explain_is_case_insensitive_and_pads_the_number() -> None:
    assert reference.explain("r-fee-3") == reference.explain("R-FEE-03")
    assert reference.entry("amb-tar-01") == reference.entry("AMB-TAR-01")


def test_explain_fee_lists_every_r_fee_id() -> None:
    """`fee` is the family R-FEE: every entry whose id starts with R-FEE-, in the file's order."""
    expected = [i for i in reference.entries() if i.startswith("R-FEE-")]
    assert len(expected) >= 3
    text, status = reference.explain("fee")
    assert status == 0
    assert [i for i in re.findall(r"R-FEE-\d+", text) if i in expected][:len(expected)] == expected
    assert [e.id for e in reference.family("R-FEE")] == expected
    assert [e.id for e in reference.family("fee")] == expected


def test_family_of_rulings_and_of_a_tile() -> None:
    assert [e.id for e in reference.family("AMB-TAR")] == [
        i for i in reference.entries() if i.startswith("AMB-TAR-")]
    assert all(e.id.startswith("R-A08-") for e in reference.family("A08"))  # not R-A08A-nn


def test_an_unknown_id_exits_2_with_a_suggestion() -> None:
    text, status = reference.explain("R-FE-03")
    assert status == 2
    assert "did you mean 'R-FEE-03'?" in text
    text, status = reference.explain("R-NOPE-99")
    assert status == 2 and "R-NOPE-99" in text


def test_an_ambiguity_says_what_the_project_decided() -> None:
    text, status = reference.explain("AMB-TAR-01")
    assert status == 0 and "ruling" in text and "Rules:" in text


def test_hint_for_points_at_the_command() -> None:
    assert reference.hint_for("r-fee-03") == "Run `grinivil rule R-FEE-03` for the rule in full."
    assert reference.hint_for("R-NOPE-99") == ""


def test_the_yaml_ships_in_the_package() -> None:
    """The file is read through importlib.resources (as an installed package reads it), and
    pyproject.toml's package-data names it, as it names editions/standard.yaml."""
    text = resources.files("grinivil_cli.rules").joinpath("reference.yaml").read_text(
        encoding="utf-8")
    assert len(yaml.safe_load(text)) == len(reference.entries())
    assert '"rules/*.yaml"' in (TOP / "pyproject.toml").read_text(encoding="utf-8")


def test_entries_are_frozen() -> None:
    entry = reference.entry("R-FEE-03")
    assert entry is not None
    with pytest.raises(AttributeError):
        entry.says = "changed"  # type: ignore[misc]
