"""The floors CI installs are pyproject.toml's (issue 33): `.ci/floors.txt` pins each runtime
dependency at the lowest version `[project] dependencies` allows, with the same Python markers,
and nothing else. A floor raised in one file and not the other would test a version users
never get, or let users install one never tested."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

TOP = Path(__file__).resolve().parent.parent


def declared() -> dict[tuple[str, str], Version]:
    """pyproject.toml's dependencies: (name, marker) -> the version of its `>=`, its only bound."""
    project = tomllib.loads((TOP / "pyproject.toml").read_text())["project"]
    floors = {}
    for line in project["dependencies"]:
        requirement = Requirement(line)
        (bound,) = requirement.specifier  # one bound: a floor and no ceiling
        assert bound.operator == ">=", line
        key = (canonicalize_name(requirement.name), str(requirement.marker or ""))
        assert key not in floors, line
        floors[key] = Version(bound.version)
    return floors


def pinned() -> dict[tuple[str, str], Version]:
    """.ci/floors.txt's pins: (name, marker) -> the version of its `==`."""
    pins = {}
    for line in (TOP / ".ci" / "floors.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        requirement = Requirement(line)
        (pin,) = requirement.specifier
        assert pin.operator == "==", line
        key = (canonicalize_name(requirement.name), str(requirement.marker or ""))
        assert key not in pins, line
        pins[key] = Version(pin.version)
    return pins


def test_floors_file_pins_every_declared_floor_and_nothing_else() -> None:
    floors, pins = declared(), pinned()
    assert ("typer", "") in floors and ('pyyaml', 'python_version >= "3.13"') in floors
    assert pins == floors


def test_each_python_gets_one_floor_of_each_dependency() -> None:
    """The markers of a dependency split the Pythons the classifiers name: each of 3.11-3.13
    installs exactly one floor of it."""
    floors = declared()
    names = {name for name, _ in floors}
    for python in ("3.11", "3.12", "3.13"):
        for name in names:
            chosen = [marker for (n, marker) in floors if n == name and (
                not marker or Requirement(f"x; {marker}").marker.evaluate(  # type: ignore[union-attr]
                    {"python_version": python}))]
            assert len(chosen) == 1, (python, name, chosen)


def test_classifiers_name_the_pythons_the_smoke_tests_run_on() -> None:
    project = tomllib.loads((TOP / "pyproject.toml").read_text())["project"]
    versions = {c.rsplit(" :: ", 1)[1] for c in project["classifiers"]
                if c.startswith("Programming Language :: Python :: 3.")}
    assert versions == {"3.11", "3.12", "3.13"}
    assert project["requires-python"] == ">=3.11"
    run = (TOP / ".ci" / "run").read_text()  # `for version in 3.12 3.13; do`: the others
    (others,) = re.findall(r"^ *for version in ([0-9. ]+); do$", run, re.MULTILINE)
    assert set(others.split()) == versions - {"3.11"}
