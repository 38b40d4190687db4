"""Every test process (each xdist worker too) gives the `grinivil` command it starts a cache
folder of its own (`GRINIVIL_CACHE_DIR`, grinivil_cli/cache.py), removed at the end: no test
writes into the home folder, and the commands run after the first use a warm cache, as a
person's do."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_made: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    folder = tempfile.mkdtemp(prefix="grinivil-test-cache-")
    _made.append(folder)
    os.environ["GRINIVIL_CACHE_DIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _made:
        shutil.rmtree(folder, ignore_errors=True)
