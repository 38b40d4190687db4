"""What a `repr` shows: one short line (issue 33). An object of the engine printed in a REPL or
in a list says what it is in a glance (`<GameState after turn 12: Filip to play; ...>`), never
its whole contents: a read game's default `repr` was 5.7 million characters, a state's 36 kB.
What the objects hold is read from their attributes."""

from __future__ import annotations

import os
from collections.abc import Iterable

LIMIT = 200  # characters of any `repr` of the package's objects (tests/test_api.py)


def cut(text: str, width: int) -> str:
    """`text` on one line, cut to `width` characters with '...' where it is longer."""
    line = " ".join(text.split())
    return line if len(line) <= width else line[:max(0, width - 3)] + "..."


def listed(items: Iterable[object], width: int) -> str:
    """Items joined by ', ' in at most about `width` characters: those that fit, then '...'
    and how many there are in all ('a, b, ... (21 in all)')."""
    shown: list[str] = []
    every = [str(i) for i in items]
    for item in every:
        if len(", ".join([*shown, item])) > width and shown:
            return f"{', '.join(shown)}, ... ({len(every)} in all)"
        shown.append(item)
    return ", ".join(shown)


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 Tree', '2 Trees', '0 Trees' ('1 Grinie', '5 Grinies' with `many`)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def file_named(source: object) -> str:
    """A log's file by its name alone (`game-4p.yaml`), as a one-line `repr` shows it: a long
    folder would push out what the line is for (the object's `source` holds the whole path).
    `<text>`, `<stdin>` as they are."""
    text = str(source)
    return text if text.startswith("<") else os.path.basename(text.rstrip("/\\")) or text


def tagged(name: str, what: str, limit: int = LIMIT) -> str:
    """`<name what>`, `what` cut so that the whole is at most `limit` characters."""
    return f"<{name} {cut(what, limit - len(name) - 3)}>"
