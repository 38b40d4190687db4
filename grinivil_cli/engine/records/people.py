"""Records of the action tiles about residents, money and Workers: #11 New Resident, #12 Sell
the House, #13 Convert, #17 Subsidy (and #07 Buy Warehouse: `NoFields`), and the Ability Tiles
#19-#24, #51P, #53P (`AbilityTile`).

One record per action family (*Action fields by tile*): each reads its fields from the turn's
(or Repeat Action's) own mapping: its `at` is that mapping's, and its keys are ordered with the
turn's (`Turn.keys`). See the package's docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .base import NOWHERE, At, Record, _make
from .fields import _Fields, _write
from .parts import Sale


@dataclass(frozen=True, kw_only=True)
class NoFields(Record):
    """#07 `buy-warehouse`, #17 `subsidy`: the action has no fields."""

    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> NoFields:
        return _make(cls, at=f.at)

    def write(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, kw_only=True)
class AbilityTile(Record):
    """#19-#24 (`architect`, `engineer`, `builder`, `ecologist`, `banker`, `merchant`), #51P
    `follower`, #53P `manager`: a Worker is placed; no fields."""

    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> AbilityTile:
        return _make(cls, at=f.at)

    def write(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, kw_only=True)
class NewResident(Record):
    """#11 `new-resident`: `take` (a display card), then `refill` (the card drawn to the
    display) or `give` (a portfolio card, 10 G)."""

    take: str | None = None
    refill: str | None = None
    give: str | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> NewResident:
        return _make(cls, take=f.text("take"), refill=f.text("refill"), give=f.text("give"),
                     at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), take=self.take, refill=self.refill, give=self.give)


@dataclass(frozen=True, kw_only=True)
class SellHouse(Record):
    """#12 `sell-house`: `house` (site), `resident`, `features` ({building: site}) (`sale`,
    the shape of every sale; read from the turn's mapping, its `keys` are the turn's)."""

    sale: Sale
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> SellHouse:
        return _make(cls, sale=Sale.read(f), at=f.at)

    def write(self) -> dict[str, Any]:
        return self.sale.write()


@dataclass(frozen=True, kw_only=True)
class Convert(Record):
    """#13 `convert`: `vp_to_money` or `money_to_vp` (1-5), `roll` (the new rate), `roll_first`
    (absent: rolled after converting, R-VP-03)."""

    vp_to_money: int | None = None
    money_to_vp: int | None = None
    roll: int | None = None
    roll_first: bool | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Convert:
        return _make(cls, vp_to_money=f.integer("vp_to_money"),
                     money_to_vp=f.integer("money_to_vp"), roll=f.integer("roll"),
                     roll_first=f.flag("roll_first"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), vp_to_money=self.vp_to_money, money_to_vp=self.money_to_vp,
                      roll=self.roll, roll_first=self.roll_first)
