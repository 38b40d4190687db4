"""The package's shape (issue 29): no import circles, nothing imports up a layer, no module
of the engine or the chooser grows past about 500 lines.

The contracts are import-linter's, in pyproject.toml (`[tool.importlinter]`): the layers of the
package, the layers of the rules inside `engine/` and of the chooser inside `choose/`, and no
circle between the modules of any package. None lets an import through (`ignore_imports`):
`KNOWN` below keeps it so, and a new circle or upward import fails here.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
ENGINE = TOP / "grinivil_cli" / "engine"
CHOOSER = TOP / "grinivil_cli" / "choose"

# The imports each contract still lets through: none since issue 29 (a new circle or upward
# import fails, even if someone adds it to a contract's `ignore_imports`).
KNOWN: dict[str, set[str]] = {"acyclic": set(), "layers": set(), "engine": set(), "choose": set()}
# About 500 lines at most for a module of the rules or of the chooser (which issue 29 took out of
# the engine, split by family as records/ and actions/ are).
MAX_LINES = 500


def contracts() -> dict[str, dict[str, object]]:
    config = tomllib.loads((TOP / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_the_import_contracts_hold() -> None:
    """`lint-imports` (import-linter) on the package: every contract kept."""
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache", "--config", "pyproject.toml"], cwd=TOP,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_the_contracts_let_through_no_new_import() -> None:
    """A contract's exceptions are today's, or fewer: a circle or an upward import added since
    fails, even if someone adds it to the list."""
    found = contracts()
    assert set(found) == set(KNOWN)
    for key, contract in found.items():
        ignored = set(contract.get("ignore_imports", []))  # type: ignore[call-overload]
        assert ignored <= KNOWN[key], sorted(ignored - KNOWN[key])


def test_no_engine_module_grows_past_its_size() -> None:
    """About 500 lines at most for a module of the rules or of the chooser."""
    paths = sorted(ENGINE.rglob("*.py")) + sorted(CHOOSER.rglob("*.py"))
    assert len(paths) > 40  # both packages found
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{path.relative_to(TOP)}: {lines} lines, at most {MAX_LINES}"


def test_the_architecture_names_every_package_and_root_module() -> None:
    """docs/architecture.md draws the package: every package of grinivil_cli (`table/`) and
    every module at its root (`cli.py`) is named there, so a newcomer finds each in one step;
    the root keeps the entry points only."""
    doc = (TOP / "docs" / "architecture.md").read_text(encoding="utf-8")
    package = TOP / "grinivil_cli"
    packages = sorted(p.name for p in package.iterdir() if (p / "__init__.py").is_file())
    modules = sorted(p.name for p in package.glob("*.py") if p.name != "__init__.py")
    assert modules == ["__main__.py", "cli.py", "entry.py", "errors.py", "start.py"]
    missing = [f"{name}/" for name in packages if f"{name}/" not in doc] + \
        [name for name in modules if name not in doc]
    assert missing == []
    for path in sorted((package / "engine").glob("*.py")):
        if path.name != "__init__.py":
            assert path.name in doc, f"engine/{path.name} is not in docs/architecture.md"
    for path in sorted(CHOOSER.rglob("*.py")):
        if path.name != "__init__.py":
            assert path.name in doc, f"{path.relative_to(package)} is not in docs/architecture.md"
