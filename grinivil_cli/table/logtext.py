"""The text of a log being recorded: turns appended at its end, the last one taken back, and
nothing else of the file touched (its comments, its layout, its line endings: a recorded log
diffs cleanly).

A log is continued only when its `turns` are its last section, or followed by the game's final
claims alone (`final_scores`, `winner`: a finished game, whose last turn can be taken back with
them). Each turn is written as `grinivil simulate` writes one (`logfile/writer.py`:
short mappings inline, others in block style), at the indentation of the log's own turns.
Where each turn begins is noted once, from the places of the log read (`Loaded.positions`),
then kept up to date as turns are added and taken back: the text is not read again.

A line is what YAML calls one (`logfile/lines.py`), here as in `Loaded.positions`: a line
number found by the reader is the same line when the text is cut (`str.splitlines` also
breaks at U+000B, U+000C and U+001C-U+001E, and `count("\n")` misses a lone CR, U+0085,
U+2028 and U+2029: a claim after a note holding U+2028 once cut Bruno's turn out).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..logfile.lines import LINE_BREAK, ends_a_line, line_break_of, line_breaks, lines
from ..logfile.loaded import Loaded
from ..logfile.writer import mapping_yaml, turn_yaml

FINAL = ("final_scores", "winner")  # the final claims: the only sections after the turns

__all__ = ["FINAL", "LINE_BREAK", "LogText", "NotContinuable", "ends_a_line", "line_break_of",
           "line_breaks", "lines"]


class NotContinuable(ValueError):
    """A log whose text cannot take more turns at its end (the message says why)."""


@dataclass
class LogText:
    text: str
    turns_line: int  # the line of the `turns` key
    starts: list[int]  # the line each turn begins on
    indent: int  # of the `-` of each turn
    newline: str = "\n"  # the line break of the log's own lines, for the lines written
    ended: bool = False  # the final claims follow the turns: no turn can be added

    @classmethod
    def of(cls, text: str, loaded: Loaded) -> LogText:
        data = loaded.data
        keys = list(data)
        if "turns" not in data:
            raise NotContinuable("the log has no 'turns' section to record turns into")
        after = keys[keys.index("turns") + 1:]
        if after and not set(after) <= set(FINAL):
            raise NotContinuable(f"'turns' is not the last section of the log "
                                 f"({', '.join(after)} come after it): turns are recorded at "
                                 "the end of the file, followed by the final claims alone "
                                 f"({', '.join(FINAL)})")
        turns = data.get("turns") or []
        starts = [loaded.positions[("turns", i)][0] for i in range(len(turns))]
        every = lines(text)
        indent = 0
        if starts:
            line = every[starts[0] - 1]
            indent = len(line) - len(line.lstrip(" "))
        first = line_break_of(every[0]) if every else ""
        newline = first if first in ("\n", "\r\n", "\r") else "\n"
        return cls(text if ends_a_line(text) else text + newline,
                   loaded.key_positions[("turns",)][0], starts, indent, newline,
                   ended=bool(after))

    @property
    def turns(self) -> int:
        return len(self.starts)

    def copy(self) -> LogText:
        """A copy to change (the text is kept when the file is written, dropped if not)."""
        return replace(self, starts=list(self.starts))

    def append(self, record: dict[str, Any]) -> str:
        """The text with the turn `record` added at its end (kept as the text)."""
        if self.ended:
            raise NotContinuable("the game's final claims are written: no turn follows them")
        text = self.text
        if not self.starts:  # `turns: []`: its first turn opens the block
            every = lines(text)
            every[self.turns_line - 1] = "turns:" + self.newline
            text = "".join(every)
        start = line_breaks(text) + 1
        pad = " " * self.indent
        turn = "".join(pad + line for line in lines(turn_yaml(record)))
        self.text = text + (turn.replace("\n", self.newline) if self.newline != "\n" else turn)
        self.starts.append(start)
        return self.text

    def end(self, values: dict[str, Any]) -> str:
        """The text with the game's final claims (`final_scores`, `winner`) after its turns
        (kept as the text): no turn can follow them."""
        if self.ended:
            raise NotContinuable("the game's final claims are written already")
        text = "".join(lines(mapping_yaml(values)))
        self.text += text.replace("\n", self.newline) if self.newline != "\n" else text
        self.ended = True
        return self.text

    def without_last(self) -> str:
        """The text with its last turn taken out, from the line it begins on to the end, with
        the final claims after it if any (kept as the text)."""
        if not self.starts:
            raise NotContinuable("the log has no turn to take back")
        every = lines(self.text)[:self.starts.pop() - 1]
        if not self.starts:  # no turn left: an empty list again
            every = every[:self.turns_line - 1] + ["turns: []" + self.newline]
        self.text = "".join(every)
        self.ended = False
        return self.text
