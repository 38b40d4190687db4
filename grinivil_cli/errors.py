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

    def __repr__(self) -> str:
        """One line: how many problems, and the first (`problems` has them all)."""
        n = len(self.problems)
        first = "" if not n else f": {_cut(str(self.problems[0]), 150)}" if n == 1 \
            else f", the first: {_cut(str(self.problems[0]), 140)}"
        return f"<{type(self).__name__}: {n} problem{'' if n == 1 else 's'}{first}>"


@dataclass(repr=False)
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

    def __repr__(self) -> str:
        """One line: the rule, where in the game, and the message (cut to keep it short; the
        whole is `message`, and `str()` adds the position in the log)."""
        where = "".join(f", {k}={v!r}" for k, v in (("turn", self.turn), ("player", self.player))
                        if v is not None)
        head = f"{type(self).__name__}(rule={self.rule!r}{where}, message="
        return f"{head}{_cut(self.message, 196 - len(head))!r})"

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


def _cut(text: str, width: int) -> str:
    """`text` on one line, cut to `width` characters with '...' (what `base.shown.cut` does:
    the errors stand beside `base`, not on it)."""
    line = " ".join(text.split())
    return line if len(line) <= width else line[:max(0, width - 3)] + "..."


def _rebuild(cls: type[IllegalMove], fields: dict[str, object]) -> IllegalMove:
    error = cls.__new__(cls)
    Exception.__init__(error, fields.get("message", ""))
    error.__dict__.update(fields)
    return error
