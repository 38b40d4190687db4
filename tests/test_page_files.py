"""The pages' templates, style sheets and scripts are package files (issue 33): plain files a
linter reads, shipped by `[tool.setuptools.package-data]`. Each style sheet parses as CSS
(tinycss2, which cairosvg brings), each script as JavaScript (`node --check`, when Node.js is
installed); the viewer's and the report's, written inside their page, hold no `</` (it would
end their `<style>` or `<script>` early), and every one begins with a comment saying what it
is for."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest

TOP = Path(__file__).parent.parent
PACKAGE = TOP / "grinivil_cli"
STATIC = sorted(PACKAGE.glob("*/static/*"))
CSS = [p for p in STATIC if p.suffix == ".css"]
JS = [p for p in STATIC if p.suffix == ".js"]
INLINED = ("viewer", "season")  # the packages whose pages carry their files inside them


def name(path: Path) -> str:
    return str(path.relative_to(PACKAGE))


def test_the_pages_files_are_there() -> None:
    assert {"viewer/static/viewer.css", "viewer/static/viewer.js", "season/static/report.css",
            "season/static/report.js"} <= {name(p) for p in STATIC}
    assert (PACKAGE / "viewer" / "templates" / "viewer.html").is_file()
    assert (PACKAGE / "season" / "templates" / "report.html").is_file()


def test_every_template_and_static_file_is_package_data() -> None:
    """A file that no glob of `[tool.setuptools.package-data]` names is left out of the wheel:
    an editable install would still find it, a user's install would not."""
    config = tomllib.loads((TOP / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["grinivil_cli"]
    shipped = {p for g in globs for p in PACKAGE.glob(g)}
    files = [p for p in sorted(PACKAGE.glob("*/templates/*")) + STATIC if p.is_file()]
    assert [name(p) for p in files if p not in shipped] == []


@pytest.mark.parametrize("path", STATIC, ids=name)
def test_each_file_says_what_it_is_for(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("/* " if path.suffix == ".css" else "// "), name(path)
    if path.parent.parent.name in INLINED:
        assert "</" not in text, f"{name(path)}: a '</' would end the element it is written in"


def _css_errors(nodes: list[Any]) -> list[str]:
    """The parse errors among `nodes` (tinycss2's), in rules and declarations, at any depth."""
    import tinycss2

    errors: list[str] = []
    for node in nodes:
        if node.type == "error":
            errors.append(f"{node.source_line}:{node.source_column}: {node.message}")
        elif node.type == "qualified-rule":
            errors += _css_errors(tinycss2.parse_blocks_contents(node.content))
        elif node.type == "at-rule" and node.content is not None:
            errors += _css_errors(tinycss2.parse_rule_list(node.content))
    return errors


@pytest.mark.parametrize("path", CSS, ids=name)
def test_each_style_sheet_parses(path: Path) -> None:
    tinycss2 = pytest.importorskip("tinycss2", reason="tinycss2 comes with cairosvg ([test])")
    rules = tinycss2.parse_stylesheet(path.read_text(encoding="utf-8"), skip_comments=True,
                                      skip_whitespace=True)
    assert _css_errors(rules) == []


@pytest.mark.parametrize("path", JS, ids=name)
def test_each_script_parses(path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (apt-get install nodejs): `node --check` reads "
                    "the scripts")
    done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
