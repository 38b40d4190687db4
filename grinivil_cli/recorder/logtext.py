"""The text of a log being recorded: turns appended at its end, the last one taken back, and
nothing else of the file touched (its comments, its layout: a recorded log diffs cleanly).

A log is continued only when its `turns` are its last section (a finished log has its final
claims after them). Each turn is written as `grinivil simulate` writes one (`sim/writer.py`:
short mappings inline, others in block style), at the indentation of the log's own turns.
"""

from __future__ import annotations

from typing import Any

from ..logfile.loaded import Loaded
from ..sim.writer import turn_yaml


class NotContinuable(ValueError):
    """A log whose text cannot take more turns at its end (the message says why)."""


def check_continuable(loaded: Loaded) -> None:
    data = loaded.data
    keys = list(data)
    if "turns" not in data:
        raise NotContinuable("the log has no 'turns' section to record turns into")
    after = keys[keys.index("turns") + 1:]
    if after:
        raise NotContinuable(f"'turns' is not the last section of the log ({', '.join(after)} "
                             "come after it): turns are recorded at the end of the file")


def indentation(text: str, loaded: Loaded) -> int:
    """The indentation of the `-` of the log's turns (0 when it has none)."""
    if not loaded.data.get("turns"):
        return 0
    place = loaded.positions.get(("turns", 0))
    if place is None:
        return 0
    line = text.splitlines()[place[0] - 1]
    return len(line) - len(line.lstrip(" "))


def append_turn(text: str, loaded: Loaded, record: dict[str, Any]) -> str:
    """`text` with the turn `record` added at its end."""
    if not text.endswith("\n"):
        text += "\n"
    if not loaded.data.get("turns"):  # `turns: []`: its first turn opens the block
        line_no = loaded.key_positions[("turns",)][0]
        lines = text.splitlines(keepends=True)
        lines[line_no - 1] = "turns:\n"
        text = "".join(lines)
    pad = " " * indentation(text, loaded)
    return text + "".join(pad + line for line in turn_yaml(record).splitlines(keepends=True))


def without_last_turn(text: str, loaded: Loaded) -> str:
    """`text` with its last turn taken out (from the line it begins on to the end)."""
    turns = loaded.data.get("turns") or []
    if not turns:
        raise NotContinuable("the log has no turn to take back")
    line_no = loaded.positions[("turns", len(turns) - 1)][0]
    lines = text.splitlines(keepends=True)[:line_no - 1]
    if len(turns) == 1:  # no turn left: an empty list again
        turns_line = loaded.key_positions[("turns",)][0]
        lines = lines[:turns_line - 1] + ["turns: []\n"]
    return "".join(lines)

