"""Records: the shared parts of actions, read by several families (`Explore`, `RoadBonus`,
`Sale`). See the package's docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .base import NOWHERE, At, Record, _make
from .fields import Entries, _dict, _Fields, _text, _write

# --- Shared parts of actions ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Explore(Record):
    """#08a `explore` (and the `explore` of a site bonus or a Bonus Road Track space): the slot,
    the land tile drawn, the Building Tokens drawn for its Municipal sites ({site: building})."""

    slot: str | None = None
    land_tile: str | None = None
    municipal_tokens: Entries[str] | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Explore:
        return _make(cls, slot=f.text("slot"), land_tile=f.text("land_tile"),
                   municipal_tokens=f.entries("municipal_tokens", _text), keys=f.keys, at=f.at)

    @classmethod
    def read_spec(cls, value: object, at: At) -> Explore:
        """A nested exploration (`{slot, land_tile, municipal_tokens}`)."""
        f = _Fields(value, at, "an exploration")
        spec = cls.read(f)
        f.done("an exploration")
        return spec

    def write(self) -> dict[str, Any]:
        return _write(self.keys, slot=self.slot, land_tile=self.land_tile,
                      municipal_tokens=_dict(self.municipal_tokens))


@dataclass(frozen=True, kw_only=True)
class RoadBonus(Record):
    """`road_bonus` (*Bonus Road Track*): `declined` (the word: all rewards declined), or the
    rewards that need a decision: `explore` and `repeat`."""

    NOT_READ: ClassVar[frozenset[str]] = Record.NOT_READ | {"declined"}  # the word
    declined: bool = False
    explore: Explore | None = None
    repeat: bool | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> RoadBonus:
        if value == "declined":
            return _make(cls, declined=True, at=at)
        f = _Fields(value, at, "a road bonus ('declined' or {explore, repeat})")
        bonus = _make(cls, explore=f.value("explore", Explore.read_spec), repeat=f.flag("repeat"),
                    keys=f.keys, at=at)
        f.done("a road bonus")
        return bonus

    def write(self) -> str | dict[str, Any]:
        if self.declined:
            return "declined"
        return _write(self.keys, explore=self.explore, repeat=self.repeat)


@dataclass(frozen=True, kw_only=True)
class Sale(Record):
    """A House sold: `sell-house` (#12), `final_sale`, `associated.sell_house`. `house` is
    None in an associated sale (the House just built); `features`: {building: site}."""

    house: str | None = None
    resident: str | None = None
    features: Entries[str] | None = None
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields, *, house: bool = True) -> Sale:
        return _make(cls, house=f.text("house") if house else None, resident=f.text("resident"),
                   features=f.entries("features", _text), keys=f.keys, at=f.at)

    @classmethod
    def read_final(cls, value: object, at: At) -> Sale:
        f = _Fields(value, at, "a final sale")
        sale = cls.read(f)
        f.done("a final sale")
        return sale

    def write(self) -> dict[str, Any]:
        return _write(self.keys, house=self.house, resident=self.resident,
                      features=_dict(self.features))
