"""What a regular install ships: `pyproject.toml` finds the packages by their `__init__.py`
(setuptools' `packages.find`), so a folder of modules without one would be missing from a
wheel while an editable install (CI's) still imports it. The release files (issue 33): the
sdist and the wheel built as a release is, checked by twine, carrying the data the commands
read, the licence and the version written in one place."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import grinivil_cli

TOP = Path(__file__).parent.parent
PACKAGE = TOP / "grinivil_cli"


def test_every_folder_of_modules_is_a_package() -> None:
    folders = {p.parent for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    missing = sorted(str(f.relative_to(PACKAGE.parent)) for f in folders
                     if not (f / "__init__.py").exists())
    assert missing == []


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel, built from this tree as a release is (`python -m build`, with
    the setuptools of the environment: no download)."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                           str(out), str(TOP)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


def test_the_release_files_pass_twine_check(built: Path) -> None:
    """One sdist and one wheel, named with the version written in `grinivil_cli/__init__.py`,
    whose metadata PyPI would take (`twine check`: the README renders as its description)."""
    names = sorted(p.name for p in built.iterdir())
    v = grinivil_cli.__version__
    assert names == [f"grinivil-{v}-py3-none-any.whl", f"grinivil-{v}.tar.gz"]
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict",
                           *(str(p) for p in sorted(built.iterdir()))],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


def test_the_wheel_carries_what_the_commands_read(built: Path) -> None:
    """The data files every command reads at run time (editions, schemas, the rule reference,
    the served page and its script and style) and the licence, with the metadata naming the
    version and the licence; no test, bench or sample in it."""
    wheel = next(built.glob("*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        info = f"grinivil-{grinivil_cli.__version__}.dist-info"
        metadata = z.read(f"{info}/METADATA").decode("utf-8")
    for name in ("editions/standard.yaml", "editions/standard@1.yaml",
                 "schemas/game-log.schema.json", "schemas/edition.schema.json",
                 "rules/reference.yaml", "serve/templates/page.html", "serve/static/serve.js",
                 "serve/static/serve.css", "render/templates/catalogue.html",
                 "viewer/templates/viewer.html", "viewer/static/viewer.css",
                 "viewer/static/viewer.js", "season/templates/report.html",
                 "season/static/report.css", "season/static/report.js"):
        assert f"grinivil_cli/{name}" in names, name
    assert any(n.startswith(f"{info}/") and n.endswith("LICENSE") for n in names)
    assert f"\nVersion: {grinivil_cli.__version__}\n" in metadata
    assert "MIT" in metadata
    assert not [n for n in names if n.startswith(("tests/", "bench/", "samples/", "tools/"))]
