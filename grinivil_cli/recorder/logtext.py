"""The text of a log being recorded: turns appended at its end, the last one taken back, and
nothing else of the file touched (its comments, its layout: a recorded log diffs cleanly).

A log is continued only when its `turns` are its last section (a finished log has its final
claims after them). Each turn is written as `grinivil simulate` writes one (`sim/writer.py`:
short mappings inline, others in block style), at the indentation of the log's own turns.
Where each turn begins is noted once, from the places of the log read (`Loaded.positions`),
then kept up to date as turns are added and taken back: the text is not read again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..logfile.loaded import Loaded
from ..sim.writer import turn_yaml


class NotContinuable(ValueError):
    """A log whose text cannot take more turns at its end (the message says why)."""


@dataclass
class LogText:
    text: str
    turns_line: int  # the line of the `turns` key
    starts: list[int]  # the line each turn begins on
    indent: int  # of the `-` of each turn

    @classmethod
    def of(cls, text: str, loaded: Loaded) -> LogText:
        data = loaded.data
        keys = list(data)
        if "turns" not in data:
            raise NotContinuable("the log has no 'turns' section to record turns into")
        after = keys[keys.index("turns") + 1:]
        if after:
            raise NotContinuable(f"'turns' is not the last section of the log "
                                 f"({', '.join(after)} come after it): turns are recorded at "
                                 "the end of the file")
        turns = data.get("turns") or []
        starts = [loaded.positions[("turns", i)][0] for i in range(len(turns))]
        indent = 0
        if starts:
            line = text.splitlines()[starts[0] - 1]
            indent = len(line) - len(line.lstrip(" "))
        return cls(text if text.endswith("\n") else text + "\n",
                   loaded.key_positions[("turns",)][0], starts, indent)

    @property
    def turns(self) -> int:
        return len(self.starts)

    def append(self, record: dict[str, Any]) -> str:
        """The text with the turn `record` added at its end (kept as the text)."""
        text = self.text
        if not self.starts:  # `turns: []`: its first turn opens the block
            lines = text.splitlines(keepends=True)
            lines[self.turns_line - 1] = "turns:\n"
            text = "".join(lines)
        start = text.count("\n") + 1
        pad = " " * self.indent
        self.text = text + "".join(pad + line
                                   for line in turn_yaml(record).splitlines(keepends=True))
        self.starts.append(start)
        return self.text

    def without_last(self) -> str:
        """The text with its last turn taken out, from the line it begins on to the end (kept
        as the text)."""
        if not self.starts:
            raise NotContinuable("the log has no turn to take back")
        lines = self.text.splitlines(keepends=True)[:self.starts.pop() - 1]
        if not self.starts:  # no turn left: an empty list again
            lines = lines[:self.turns_line - 1] + ["turns: []\n"]
        self.text = "".join(lines)
        return self.text
