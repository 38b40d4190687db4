"""Records of the action tiles about Resources: #01, #02 Buy Resources, #05 Auction, #06 Sell
Resources, #14 Import, #15 Optimization, #18 Forced Trade (#07 Buy Warehouse has no fields:
`people.NoFields`).

One record per action family (*Action fields by tile*): each reads its fields from the turn's
(or Repeat Action's) own mapping: its `at` is that mapping's, and its keys are ordered with the
turn's (`Turn.keys`). See the package's docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...edition.model import RESOURCES
from .base import _MAKING, NOWHERE, At, Record, UnreadableTurn, _make
from .fields import (
    Cubes,
    Entries,
    _cube,
    _dict,
    _Fields,
    _flag,
    _integer,
    _list,
    _ordered,
    _text,
    _write,
)


@dataclass(frozen=True, kw_only=True)
class BuyResources(Record):
    """#01 `buy-resources`, #02 `buy-resources-discount`: `cubes`, from the top of each Market
    section."""

    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> BuyResources:
        return _make(cls, cubes=f.cubes("cubes"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


@dataclass(frozen=True, kw_only=True)
class Auction(Record):
    """#05 `auction`: the 5 cubes `drawn`, the `bids` ({player: amount}; absent: every hand
    empty). A declined Auction still records both (R-TAR-12)."""

    drawn: Cubes | None = None
    bids: Entries[int] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Auction:
        return _make(cls, drawn=f.cubes("drawn"), bids=f.entries("bids", _integer), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), drawn=self.drawn, bids=_dict(self.bids))


@dataclass(frozen=True, kw_only=True)
class SellResources(Record):
    """#06 `sell-resources`: `cubes`."""

    cubes: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> SellResources:
        return _make(cls, cubes=f.cubes("cubes"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), cubes=self.cubes)


IMPORT_ITEMS = ("tree", *RESOURCES)


def _import_item(value: object, at: At) -> str:
    item = _text(value, at)
    if item not in IMPORT_ITEMS:
        raise UnreadableTurn(at, f"expected an import item ({', '.join(IMPORT_ITEMS)}), "
                             f"found '{item}'")
    return item


@dataclass(frozen=True, kw_only=True)
class Import(Record):
    """#14 `import`: `roll` (the D6 face), `items` (of `tree`, `concrete`, `wood`, `steel`)."""

    roll: int | None = None
    items: tuple[str, ...] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Import:
        return _make(cls, roll=f.integer("roll"),
                   items=f.value("items", lambda v, at: _list(v, at, _import_item)), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), roll=self.roll, items=self.items)


@dataclass(frozen=True, kw_only=True)
class Optimization(Record):
    """#15 `optimization`: `choice` (a cube), `random` (one cube per Small Warehouse)."""

    choice: str | None = None
    random: Cubes | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Optimization:
        return _make(cls, choice=f.value("choice", _cube), random=f.cubes("random"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), choice=self.choice, random=self.random)


@dataclass(frozen=True, kw_only=True)
class Trade(Record):
    """One trade of #18: `{with: player, give: cube, get: cube}` (`with_`: a keyword)."""

    with_: str
    give: str
    get: str
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, value: object, at: At) -> Trade | None:
        f = _Fields(value, at, "a trade ({with, give, get})")
        partner, give, get = f.text("with"), f.value("give", _cube), f.value("get", _cube)
        f.done("a trade")
        if partner is None or give is None or get is None:
            if _MAKING.get():
                return None  # being made: the rules read it only when it is
            raise UnreadableTurn(at, "a trade needs 'with', 'give' and 'get'")
        return _make(cls, with_=partner, give=give, get=get, keys=f.keys, at=at)

    def write(self) -> dict[str, Any]:
        return _ordered({"with": self.with_, "give": self.give, "get": self.get}, self.keys)


@dataclass(frozen=True, kw_only=True)
class ForcedTrade(Record):
    """#18 `forced-trade`: `trades`, `accepted` ({player: true}; absent: they accepted)."""

    trades: tuple[Trade, ...] | None = None
    accepted: Entries[bool] | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> ForcedTrade:
        return _make(cls, trades=f.value("trades", lambda v, at: _list(v, at, Trade.read)),
                   accepted=f.entries("accepted", _flag), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), trades=self.trades, accepted=_dict(self.accepted))
