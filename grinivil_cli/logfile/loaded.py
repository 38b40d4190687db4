"""The result of reading a YAML file: plain data plus where every value and key stood."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Path, Position


@dataclass
class Loaded:
    """Plain Python data (dict with str keys in file order, list, str, int, float, bool, None)
    and the 1-based (line, col) of every value (`positions`) and of every mapping key
    (`key_positions`, indexed by the path of the value the key names)."""

    source: str
    data: Any
    positions: dict[Path, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def position(self, path: Path, *, key: bool = False) -> Position | None:
        """The position of the value at `path` (or of its key), else of the nearest parent."""
        table = self.key_positions if key else self.positions
        p = tuple(path)
        while True:
            if p in table:
                line, col = table[p]
                return Position(self.source, line, col)
            if not p:
                return None
            p = p[:-1]
            table = self.positions
