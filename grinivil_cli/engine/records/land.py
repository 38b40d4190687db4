"""Records of the action tiles about the Land: #08a Explore Land, #08b Build a Road, #09 Buy
Trees, #10 Plant Trees, #16 Replanting.

One record per action family (*Action fields by tile*): each reads its fields from the turn's
(or Repeat Action's) own mapping: its `at` is that mapping's, and its keys are ordered with the
turn's (`Turn.keys`). See the package's docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .base import _MAKING, NOWHERE, At, Record, UnreadableTurn, _make
from .fields import _Fields, _list, _ordered, _write
from .parts import Explore, RoadBonus


@dataclass(frozen=True, kw_only=True)
class ExploreLand(Record):
    """#08a `explore`: `slot`, `land_tile`, `municipal_tokens` (`explore`, the same shape as
    a bonus's exploration; read from the turn's mapping, its `keys` are the turn's)."""

    NOT_READ: ClassVar[frozenset[str]] = Record.NOT_READ | {"explore"}  # the turn's fields
    explore: Explore
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> ExploreLand:
        return _make(cls, explore=Explore.read(f), at=f.at)

    def write(self) -> dict[str, Any]:
        return self.explore.write()


@dataclass(frozen=True, kw_only=True)
class BuildRoad(Record):
    """#08b `build-road`: `road`, `road_bonus` (*Bonus Road Track*)."""

    road: str | None = None
    road_bonus: RoadBonus | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuildRoad:
        return _make(cls, road=f.text("road"), road_bonus=f.value("road_bonus", RoadBonus.read),
                   at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), road=self.road, road_bonus=self.road_bonus)


@dataclass(frozen=True, kw_only=True)
class BuyTrees(Record):
    """#09 `buy-trees`: `trees`, how many."""

    trees: int | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuyTrees:
        return _make(cls, trees=f.integer("trees"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), trees=self.trees)


@dataclass(frozen=True, kw_only=True)
class PlantTrees(Record):
    """#10 `plant-trees`: `spots`, the planting spots."""

    spots: tuple[str, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> PlantTrees:
        return _make(cls, spots=f.texts("spots"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), spots=self.spots)


@dataclass(frozen=True, kw_only=True)
class TreeMove(Record):
    """One move of #16: `{from: spot or supply, to: spot}` (`from_`: `from` is a keyword)."""

    from_: str
    to: str
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> TreeMove | None:
        f = _Fields(value, at, "a tree moved ({from, to})")
        source, to = f.text("from"), f.text("to")
        f.done("a tree moved")
        if source is None or to is None:
            if _MAKING.get():
                return None  # being made: the rules read it only when it is
            raise UnreadableTurn(at, "a tree moved needs 'from' and 'to'")
        return _make(cls, from_=source, to=to, keys=f.keys, at=at)

    def write(self) -> dict[str, Any]:
        return _ordered({"from": self.from_, "to": self.to}, self.keys)


@dataclass(frozen=True, kw_only=True)
class Replanting(Record):
    """#16 `replanting`: `moves`."""

    moves: tuple[TreeMove, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Replanting:
        return _make(cls, moves=f.value("moves", lambda v, at: _list(v, at, TreeMove.read)),
                     at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), moves=self.moves)
