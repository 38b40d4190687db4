"""The log schema bundled with the package (schemas/game-log.schema.json), read once: below
the checks that use it (`schema.py` explains what it refuses, `fastcheck.py` only answers
whether a log is valid)."""

from __future__ import annotations

import json
from typing import Any

from ..base.packagedata import files


def _load_schema() -> dict[str, Any]:
    """The log schema bundled with the package."""
    resource = files("grinivil_cli") / "schemas" / "game-log.schema.json"
    schema: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return schema


LOG_SCHEMA: dict[str, Any] = _load_schema()
