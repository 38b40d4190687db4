"""The digest of an edition's data: what a log pins so that its verdict never changes because
the edition at hand changed (issue 32).

Twelve hex digits of SHA-256 over the data as canonical JSON (keys sorted, no spaces), without
the words about the data that change no verdict: the edition's `title`, its `sources` and each
record's `source` (and, being YAML comments, its comments). Two files that judge every log the
same way have the same digest however they are laid out; a changed price, card, tile or count
changes it.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

DIGEST = re.compile(r"[0-9a-f]{12}")  # as a log writes it: `edition_digest: 3f2a9c0d41be`
NOTES = frozenset({"title", "sources"})  # top-level keys that only describe the data


def data_digest(data: Any) -> str:
    """The digest of an edition's data (a mapping read from its YAML file)."""
    canonical = json.dumps(_without_notes(data, top=True), sort_keys=True,
                           separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]


def _without_notes(value: Any, *, top: bool = False) -> Any:
    if isinstance(value, dict):
        return {str(k): _without_notes(v) for k, v in value.items()
                if k != "source" and not (top and k in NOTES)}
    if isinstance(value, list):
        return [_without_notes(v) for v in value]
    return value
