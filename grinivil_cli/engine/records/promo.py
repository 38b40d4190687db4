"""Records of the promo tile #52P Crowdfunding (#51P Follower and #53P Manager are Ability
Tiles: `people.AbilityTile`).

One record per action family (*Action fields by tile*): each reads its fields from the turn's
(or Repeat Action's) own mapping: its `at` is that mapping's, and its keys are ordered with the
turn's (`Turn.keys`). See the package's docstring (`engine/records/__init__.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .base import NOWHERE, At, Record, _make
from .fields import Entries, _dict, _Fields, _integer, _write


@dataclass(frozen=True, kw_only=True)
class Crowdfunding(Record):
    """#52P `crowdfunding`: `site`, `building`, `pledges` ({player: amount}), `roll` (the D6,
    when the Municipality joins)."""

    site: str | None = None
    building: str | None = None
    pledges: Entries[int] | None = None
    roll: int | None = None
    at: At = field(default=NOWHERE, compare=False)

    @classmethod
    def read(cls, f: _Fields) -> Crowdfunding:
        return _make(cls, site=f.text("site"), building=f.text("building"),
                   pledges=f.entries("pledges", _integer), roll=f.integer("roll"), at=f.at)

    def write(self) -> dict[str, Any]:
        return _write((), site=self.site, building=self.building, pledges=_dict(self.pledges),
                      roll=self.roll)
