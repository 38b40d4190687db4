"""The two kinds of error: the log is malformed (collected, all reported) and a move is illegal
(the first one stops the replay). Both point at a place in the log."""

from __future__ import annotations

from dataclasses import dataclass, field

Path = tuple[str | int, ...]


@dataclass
class Position:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class Problem:
    """One malformed-input finding: where, and what a person should know."""

    message: str
    position: Position | None = None
    path: Path = ()

    def __str__(self) -> str:
        where = f"{self.position}: " if self.position else ""
        return f"{where}{self.message}"


class LogFormatError(Exception):
    """The log cannot be read or does not follow the format. Carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass
class IllegalMove(Exception):
    """A move breaks a rule. `rule` is the catalogue id; `path` points into the log."""

    rule: str
    message: str
    path: Path = ()
    # filled in by the replay loop:
    turn: int | None = None
    player: str | None = None
    action: str | None = None
    position: Position | None = None
    context: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        Exception.__init__(self, self.message)

    def __str__(self) -> str:
        parts = []
        if self.position:
            parts.append(f"{self.position}: ")
        head = []
        if self.turn is not None:
            head.append(f"turn {self.turn}")
        if self.player:
            head.append(self.player)
        if self.action:
            head.append(self.action)
        if head:
            parts.append(", ".join(head) + ": ")
        parts.append(f"{self.rule}: {self.message}")
        return "".join(parts)
