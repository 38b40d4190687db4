"""The Action Tiles by kind, as the rules group them (rulebook: Time Action Ring Setup; Action
Tiles Overview), and the Time Cost of an action (rulebook: Action Time Cost).

The tiles' rules live elsewhere: each action in `actions/`, the abilities in `abilities.py`, the
'occupied' token in `occupied.py`; this module only names the groups they share.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..edition.model import Edition

ABILITY_TILES = ("architect", "engineer", "builder", "ecologist", "banker", "merchant",
                 "follower", "manager")  # #19-#24, #51P, #53P (R-ABIL-01)
RESTRICTED_TILES = {"replanting": "R-A16-05", "forced-trade": "R-A18-04"}  # #16, #18
BUILD_TILES = ("build-floor", "build-floor-premium")  # #03, #04 (R-A03-01, R-A04-04)
DUAL_TILE = "explore-build-road"  # #08: Explore Land (#08a) or Build a Road (#08b) (R-A08-01)
MERCHANT_KEY = "merchant"  # the log field of the Merchant's random Resource (#24)


def ring_tile_of(action: str) -> str:
    """The ring tile an action is chosen on: both halves of #08 are on the dual tile."""
    return DUAL_TILE if action in ("explore", "build-road") else action


def tile_name(ed: Edition, tile: str) -> str:
    """The Action Tile's name as printed in the edition (e.g. 'Architect')."""
    info = ed.action_tiles.get(tile)
    return info.name if info is not None else tile


@dataclass(frozen=True)
class TimeCost:
    """Time Units of an action; mandatory ones cannot be bought down (R-TIME-04)."""

    units: int
    mandatory: bool = False
