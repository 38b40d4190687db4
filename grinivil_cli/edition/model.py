"""The edition: all component data the rulebook does not print (catalogue section 16).

Every record is immutable. Values the rulebook does not state carry `stated=False` in the YAML
file (`source: reconstructed`), so a person can check them against their copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..base.shown import tagged

RESOURCES: tuple[str, ...] = ("concrete", "wood", "steel")

Zone = Literal["center", "inner", "outer"]
SiteKind = Literal["residential", "nonresidential"]
SiteRoad = Literal["left", "right", "ring", "road", "access"]
SpotSide = Literal["land", "left", "right"]
Family = Literal["house", "commerce", "public"]
Split = Literal["full", "participants", "blocks"]
BonusKind = Literal["resources", "vp", "money", "trees", "plant", "road", "explore", "repeat"]
RoadRewardKind = Literal["warehouse", "trees", "explore", "repeat", "vp", "money"]


@dataclass(frozen=True)
class Hole:
    """One cut-out hole of a Market section: Buying Price (red) and Selling Price (yellow)."""

    buy: int
    sell: int


@dataclass(frozen=True)
class MarketSide:
    """One side of the Market board: for each resource, its holes from the bottom row up."""

    players: tuple[int, ...]
    sections: dict[str, tuple[Hole, ...]]


@dataclass(frozen=True)
class Floor:
    """One Floor of a building type: the Resources it needs and the VPs it gives."""

    cost: dict[str, int]
    vp: int


@dataclass(frozen=True)
class BuildingType:
    key: str
    name: str
    family: Family
    floors: tuple[Floor, ...]
    tokens: int  # how many Building Tokens of this type exist
    four_plus: bool  # token marked ●●●●+ (left out with 2-3 players)


@dataclass(frozen=True)
class SiteBonus:
    kind: BonusKind
    amount: int = 0  # VPs or Grinies for `vp` / `money`; unused otherwise


@dataclass(frozen=True)
class Site:
    key: str  # local key on its tile, e.g. "s2"; the global id is "<slot>.<key>"
    kind: SiteKind
    road: SiteRoad
    municipal: bool
    bonus: SiteBonus | None
    side: SpotSide = "land"  # the land the site stands on: `left`/`right` half of an Outer tile
    x: float = 0.0  # drawing position in tile coordinates (0..1)
    y: float = 0.0


@dataclass(frozen=True)
class Spot:
    key: str  # local key, e.g. "p1"
    side: SpotSide  # `land` on Center and Inner tiles; `left`/`right` half of an Outer tile
    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class LandTile:
    key: str
    name: str
    zone: Zone
    sites: tuple[Site, ...]
    spots: tuple[Spot, ...]
    road: Literal["construction", "completed"] | None = None  # Outer tiles: the main road's stage
    access: bool = False  # Outer tiles: has a short Access Road (always completed)
    entrance: bool = False  # the entrance tile 1A

    def site(self, key: str) -> Site | None:
        return next((s for s in self.sites if s.key == key), None)

    def spot(self, key: str) -> Spot | None:
        return next((s for s in self.spots if s.key == key), None)


@dataclass(frozen=True)
class Reward:
    vp: int = 0
    money: int = 0
    split: Split = "full"


@dataclass(frozen=True)
class Feature:
    """A Commerce building a resident requires (mandatory) or desires (optional)."""

    building: str
    max_distance: int | None
    reward: Reward


@dataclass(frozen=True)
class ResidentCard:
    key: str
    name: str
    primary_vp: int
    primary_money: int
    per_tree: int  # Grinies per tree in the House's Planting Sector
    per_tree_cap: int | None  # cap on the per-tree part (the value in parentheses)
    min_trees: int  # mandatory: at least this many trees in the sector (0 = none)
    mandatory: tuple[Feature, ...]
    optional: tuple[Feature, ...]
    public: dict[str, int]  # desired Public building -> VP reward at final scoring
    four_plus: bool


@dataclass(frozen=True)
class RoadReward:
    kind: RoadRewardKind
    amount: int = 0  # VPs, Grinies or trees


@dataclass(frozen=True)
class ActionTileInfo:
    key: str
    number: str  # "01".."24", "08a"/"08b" share tile "08", "51P".."53P"
    name: str
    pink: bool
    promo: bool = False


@dataclass(frozen=True, repr=False)
class Edition:
    name: str
    cubes: dict[str, int]  # the 94 Resource Cubes by type
    trees: int
    small_warehouses: int
    road_tokens: int
    ownership_markers: int  # per player
    orange_blocks: int
    roof_blocks: int
    occupied_tokens: int
    starting_money: int
    markets: tuple[MarketSide, ...]
    buildings: dict[str, BuildingType]
    land_tiles: dict[str, LandTile]
    residents: dict[str, ResidentCard]
    road_track: tuple[tuple[RoadReward, ...], ...]  # spaces 1..n; each space's rewards
    action_tiles: dict[str, ActionTileInfo]  # by tile key (`explore`/`build-road` both on "08")
    ring_corners: dict[int, str]  # ring position (1..20) -> Initial tile key
    import_prices: tuple[int, ...]  # D6 face 1..6 -> price per item (#14)
    extra: dict[str, str] = field(default_factory=dict)
    # the 16 variable tiles of the Beginners Ring, r1..r16 (R-VAR-BEG-02); () when not given
    beginners_ring: tuple[str, ...] = ()
    digest: str = ""  # of its data (`edition/digest.py`): what a log pins

    def __repr__(self) -> str:
        """One line (its data are read from its fields: the default `repr` wrote 33 kB)."""
        digest = f" ({self.digest})" if self.digest else ""
        return tagged("Edition", f"{self.name}{digest}: {len(self.land_tiles)} Land Tiles, "
                      f"{len(self.residents)} resident cards, {len(self.buildings)} building "
                      f"types, {len(self.action_tiles)} Action Tiles")

    def market_for(self, players: int) -> MarketSide:
        for side in self.markets:
            if players in side.players:
                return side
        raise KeyError(players)
