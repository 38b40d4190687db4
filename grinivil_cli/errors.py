"""The kinds of error: the log is malformed (collected, all reported), a move is illegal (the
first one stops the replay), and, a kind of illegal move, a record that leaves out what the rules
need to know (`IncompleteRecord`, as python-chess tells a malformed move from an illegal one).
All of them point at a place in the log."""

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

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled whole, kind and fields (validate --jobs sends findings between processes)."""
        return (_rebuild, (type(self), dict(self.__dict__)))

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


class IncompleteRecord(IllegalMove):
    """The log leaves out a field the rules need to judge the move ("the log must record X"):
    `field` is its key, and `path` the path it would have (the position falls back to the
    mapping that should hold it). A recorder asks for exactly this field."""

    def __init__(self, rule: str, message: str, path: Path = (), *, field: str = "") -> None:
        super().__init__(rule, message, path)
        self.field = field or (str(path[-1]) if path else "")


def _rebuild(cls: type[IllegalMove], fields: dict[str, object]) -> IllegalMove:
    error = cls.__new__(cls)
    Exception.__init__(error, fields.get("message", ""))
    error.__dict__.update(fields)
    return error
