"""The package's self-contained HTML pages (`grinivil viewer`, `grinivil report`): a Jinja2
template shipped as a package file, autoescaped (a name from a log is always text, never
markup), with the page's style sheet and script read from the package's files and written
inside the page, which loads nothing.

A package's pages live in its `templates/` folder, their style sheets and scripts in its
`static/` folder (`[tool.setuptools.package-data]` ships both). Data a script reads goes in
through Jinja's `tojson` filter, inside `<script type="application/json">`: its `<`, `>`, `&`
and `'` written as JSON escapes, so that a `</script>` in a player's name cannot end the
element; its keys sorted, so that the same game gives the same bytes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from .terminal import safe_text

# `tojson`: sorted keys (the same bytes every time), the text as it is, nothing to spare
JSON_OPTIONS = {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":")}


@cache
def templates(folder: Path) -> Environment:
    """The templates of the package in `folder` (its `templates/`), autoescaped, with block
    tags that leave no blank lines and an undefined name an error; the filter `shown` writes
    a value on one line as a terminal shows it (`terminal.safe_text`: control and bidi
    characters escaped, a newline as `\\n`), before autoescaping."""
    env = Environment(loader=FileSystemLoader(folder / "templates"), autoescape=True,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                      undefined=StrictUndefined)
    env.policies["json.dumps_kwargs"] = JSON_OPTIONS
    env.filters["shown"] = safe_line
    return env


def safe_line(value: object) -> str:
    """`value` as text on one line, as a terminal shows it (the filter `shown`)."""
    return safe_text(str(value), newlines=False)


def static_text(folder: Path, name: str) -> Markup:
    """The style sheet or script `name` of the package in `folder` (its `static/`), to be
    written as it is inside the page's `<style>` or `<script>` (tests/test_page_files.py
    checks that none holds a `</`, which would end its element)."""
    return Markup((folder / "static" / name).read_text(encoding="utf-8"))
