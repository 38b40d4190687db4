"""The result of reading a YAML file: plain data plus where every value and key stood."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base.shown import file_named, tagged
from ..errors import Path, Position

Places = dict[Path, tuple[int, int]]


class Loaded:
    """Plain Python data (dict with str keys in file order, list, str, int, float, bool, None)
    and the 1-based (line, col) of every value (`positions`) and of every mapping key
    (`key_positions`, indexed by the path of the value the key names).

    Places are needed only to report a problem, and a log read without one never asks for
    them: a file read by `yamlsafe` gives `place`, which finds them by reading the text again,
    once, when they are first asked for (`yamlsafe.places`). Reading the places with the data
    took a third of the reading and most of a loaded log's memory."""

    __slots__ = ("source", "data", "_positions", "_key_positions", "_place")

    def __init__(self, source: str, data: Any, positions: Places | None = None,
                 key_positions: Places | None = None, *,
                 place: Callable[[], tuple[Places, Places]] | None = None) -> None:
        self.source = source
        self.data = data
        self._positions = positions if positions is not None or place else {}
        self._key_positions = key_positions if key_positions is not None or place else {}
        self._place = place

    def _placed(self) -> tuple[Places, Places]:
        if self._positions is None or self._key_positions is None:
            assert self._place is not None  # set whenever the places are left to find
            self._positions, self._key_positions = self._place()
            self._place = None
        return self._positions, self._key_positions

    @property
    def positions(self) -> Places:
        return self._placed()[0]

    @property
    def key_positions(self) -> Places:
        return self._placed()[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Loaded):
            return NotImplemented
        return (self.source, self.data, self.positions, self.key_positions) == (
            other.source, other.data, other.positions, other.key_positions)

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def __repr__(self) -> str:
        """One line: the source and what its data are (the data are `data`)."""
        data = self.data
        if isinstance(data, dict):
            turns = data.get("turns")
            what = f"{len(data)} keys" + (f", {len(turns)} turns" if isinstance(turns, list)
                                           else "")
        else:
            what = type(data).__name__
        return tagged("Loaded", f"{file_named(self.source)}: {what}")

    def position(self, path: Path, *, key: bool = False) -> Position | None:
        """The position of the value at `path` (or of its key), else of the nearest parent."""
        positions, key_positions = self._placed()
        table = key_positions if key else positions
        p = tuple(path)
        while True:
            if p in table:
                line, col = table[p]
                return Position(self.source, line, col)
            if not p:
                return None
            p = p[:-1]
            table = positions
