"""What the tests of the commands share: the command run as a user runs it (a process of its
own, 100 columns, no colour; a traceback is never an answer), and the browser the page tests
drive (Debian's chromium through Playwright, the module skipped with why when it is missing)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

# chromium's flags for a test: no sandbox (root in CI), no GPU, nothing fetched in the back
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def grinivil(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`grinivil ARGS` in a process of its own, its output as text."""
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, cwd=cwd, timeout=120,
                            env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1"})
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def words(text: str) -> str:
    """`text` with its line breaks and runs of spaces as one space: what a command says as
    prose is wrapped to the terminal's width (between words), and a test reads the words."""
    return " ".join(text.split())


def chromium_or_skip(what: str) -> tuple[str, ModuleType]:
    """Debian's chromium and Playwright's sync API, or the calling test module skipped, saying
    `what` the tests drive with them."""
    path = shutil.which("chromium")
    if path is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium): the browser "
                    f"tests of {what} drive it", allow_module_level=True)
    api = pytest.importorskip("playwright.sync_api",
                              reason="playwright (the Python package) is not installed")
    return path, api
