"""What a regular install ships: `pyproject.toml` finds the packages by their `__init__.py`
(setuptools' `packages.find`), so a folder of modules without one would be missing from a
wheel while an editable install (CI's) still imports it."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "grinivil_cli"


def test_every_folder_of_modules_is_a_package() -> None:
    folders = {p.parent for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    missing = sorted(str(f.relative_to(PACKAGE.parent)) for f in folders
                     if not (f / "__init__.py").exists())
    assert missing == []
