"""Townland topology (rulebook "Grinivil Townland", catalogue section 3), computed from the tiles.

Nothing here is stored: slots, road stages, Road Sections, distance, Planting Sectors and the
slots open to exploring are all derived from `Townland.tiles` and `Townland.road_tokens`, following
the townland model of docs/architecture.md. Every function is pure.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Literal

from ..edition.board import INNER as INNER
from ..edition.board import OUTER as OUTER
from ..edition.board import SLOTS as SLOTS
from ..edition.board import N as N
from ..edition.board import zone_of as zone_of
from ..edition.model import Edition, LandTile, Site, Spot, SpotSide
from .state import Townland

RoadStage = Literal["none", "half", "construction", "completed"]
Region = tuple[str, SpotSide]  # a patch of land: (slot, "land" | "left" | "right")

RADIALS: tuple[str, ...] = tuple(f"R{k}" for k in range(N))
# The Road Sections (R-ROAD-07), each named after the one road a road token can complete on it:
# the Center ring, the radial roads, and each Outer tile's section `Ok.road`, its main road.
# An Outer tile's short Access Road (A) is part of that tile's section, not a section of its own.
ROADS: tuple[str, ...] = ("ring", *RADIALS, *(f"O{k}.road" for k in range(N)))


# --- slots and ids --------------------------------------------------------------------------


def slot_index(slot: str) -> int:
    """The index k of an Inner slot `Ik` or an Outer slot `Ok` (R-ZONE-01)."""
    if slot not in SLOTS or slot == "C":
        raise KeyError(slot)
    return int(slot[1:])


def split_id(global_id: str) -> tuple[str, str]:
    """Split a site or spot id `<slot>.<key>` into slot and local key (R-ZONE-02)."""
    slot, dot, key = global_id.partition(".")
    if slot not in SLOTS or not dot or not key:
        raise KeyError(global_id)
    return slot, key


def tile_at(edition: Edition, town: Townland, slot: str) -> LandTile | None:
    """The Land Tile placed at a slot, or None when the slot is empty (R-ZONE-02)."""
    if slot not in SLOTS:
        raise KeyError(slot)
    key = town.tiles.get(slot)
    return None if key is None else edition.land_tiles[key]


def _placed(town: Townland, slot: str) -> bool:
    return slot in town.tiles


# --- roads ----------------------------------------------------------------------------------


def road_stage(edition: Edition, town: Townland, road: str) -> RoadStage:
    """The structural stage of a Road Section: none, half, construction, completed (R-ROAD-01);
    for an Outer tile's section `Ok.road` the stage of its main road (its Access Road is always
    completed, `site_road_stage`)."""
    if road not in ROADS:
        raise KeyError(road)
    if road == "ring":  # R-ROAD-07: the Center's circular road, printed completed
        return "completed" if _placed(town, "C") else "none"
    if road in RADIALS:  # R-ROAD-03, AMB-ROAD-01 (yes): two Half-roads join
        k = int(road[1:])
        placed = _placed(town, f"I{(k - 1) % N}") + _placed(town, f"I{k}")
        if placed == 0:
            return "none"
        if placed == 1:
            return "half"
        return "completed" if road in town.road_tokens else "construction"  # R-ROAD-08
    tile = tile_at(edition, town, road.partition(".")[0])
    if tile is None or tile.road is None:
        return "none"
    if tile.road == "completed" or road in town.road_tokens:  # R-ROAD-08
        return "completed"
    return "construction"


def construction_roads(edition: Edition, town: Townland) -> list[str]:
    """Roads a road token can complete: construction roads only (R-RDB-02/03)."""
    return [r for r in ROADS if road_stage(edition, town, r) == "construction"]


def section_of_access_road(road: str) -> str | None:
    """The Road Section `Ok.road` that an Access Road id `Ok.access` names a part of, or None
    for any other id: an Outer tile's Access Road lies in the tile's one section (R-ROAD-06/07).
    Logs name the section (`Ok.road`); this serves the message that says so."""
    slot, _, part = road.partition(".")
    return f"{slot}.road" if part == "access" and slot in OUTER else None


def adjacent_sections(road: str) -> tuple[str, ...]:
    """Road Sections touching a section: ring-Rk, Rk-Ok.road (AMB-DIST-02, R-ROAD-07)."""
    if road not in ROADS:
        raise KeyError(road)
    if road == "ring":
        return RADIALS
    if road in RADIALS:
        return ("ring", f"O{road[1:]}.road")
    return (f"R{road[1:].partition('.')[0]}",)


# --- sites and spots ------------------------------------------------------------------------


def _tile_for(edition: Edition, town: Townland, global_id: str) -> tuple[str, str, LandTile]:
    slot, key = split_id(global_id)
    tile = tile_at(edition, town, slot)
    if tile is None:
        raise KeyError(global_id)
    return slot, key, tile


def site_spec(edition: Edition, town: Townland, site_id: str) -> Site:
    """The printed Building Site behind a global site id such as `I3.s2` (R-SITE-03)."""
    _, key, tile = _tile_for(edition, town, site_id)
    site = tile.site(key)
    if site is None:
        raise KeyError(site_id)
    return site


def spot_spec(edition: Edition, town: Townland, spot_id: str) -> Spot:
    """The printed Planting Spot behind a global spot id such as `I3.p1` (R-PLANT-05)."""
    _, key, tile = _tile_for(edition, town, spot_id)
    spot = tile.spot(key)
    if spot is None:
        raise KeyError(spot_id)
    return spot


def placed_tiles(edition: Edition, town: Townland) -> Iterator[tuple[str, LandTile]]:
    """(slot, Land Tile) of every placed tile, by slot (C, I0..I7, O0..O7)."""
    for slot in SLOTS:
        tile = tile_at(edition, town, slot)
        if tile is not None:
            yield slot, tile


def all_sites(edition: Edition, town: Townland) -> list[str]:
    """Every Building Site on the table, by slot (C, I0..I7, O0..O7) then tile order (R-SITE-03)."""
    return [f"{slot}.{s.key}" for slot, tile in placed_tiles(edition, town) for s in tile.sites]


def all_spots(edition: Edition, town: Townland) -> list[str]:
    """Every Planting Spot on the table, by slot then tile order (R-PLANT-05)."""
    return [f"{slot}.{p.key}" for slot, tile in placed_tiles(edition, town) for p in tile.spots]


def site_road(edition: Edition, town: Townland, site_id: str) -> str:
    """The one Road Section a Building Site is connected to (R-SITE-03, R-ROAD-07): on an Outer
    tile `Ok.road`, whether the site lies on the main road or on the tile's Access Road."""
    slot, _ = split_id(site_id)
    road = site_spec(edition, town, site_id).road
    zone = zone_of(slot)
    if road == "ring" and zone != "outer":
        return "ring"
    if zone == "inner" and road in ("left", "right"):
        k = slot_index(slot)
        return f"R{k}" if road == "left" else f"R{(k + 1) % N}"
    if zone == "outer" and road in ("road", "access"):
        return f"{slot}.road"
    raise ValueError(f"site {site_id}: a {zone} tile has no road {road!r}")


def on_access_road(edition: Edition, town: Townland, site_id: str) -> bool:
    """The site lies on its Outer tile's short Access Road (A), not on the main road (R-ROAD-06)."""
    return site_spec(edition, town, site_id).road == "access"


def site_road_stage(edition: Edition, town: Townland, site_id: str) -> RoadStage:
    """The stage of the road a site lies on: the short Access Road (A) "is considered completed"
    (R-ROAD-06), whatever the stage of its section's main road; any other site has its Road
    Section's stage (R-SITE-03)."""
    if on_access_road(edition, town, site_id):
        slot, _ = split_id(site_id)
        tile = tile_at(edition, town, slot)
        return "completed" if tile is not None and tile.access else "none"
    return road_stage(edition, town, site_road(edition, town, site_id))


def connected_road(edition: Edition, town: Townland, site_id: str) -> str:
    """The road a Connected Road completes for a site: the Construction Road of the site's Road
    Section, on an Outer tile its main road `Ok.road`, for a site on the Access Road too; the
    Access Road itself is completed and takes no token (R-ABA-04, AMB-ABA-02, R-RDB-02/03)."""
    return site_road(edition, town, site_id)


def is_buildable(edition: Edition, town: Townland, site_id: str) -> bool:
    """A site's road is a construction or completed road (R-BLD-08, R-ROAD-02/04/06)."""
    return site_road_stage(edition, town, site_id) in ("construction", "completed")


def is_usable(edition: Edition, town: Townland, site_id: str) -> bool:
    """A site's road is completed, so its building is usable (R-BLD-12, R-ROAD-05); a site on an
    Access Road is usable while its section's main road is still a Construction Road (R-ROAD-06,
    docs/rulings.md)."""
    return site_road_stage(edition, town, site_id) == "completed"


_BUILDABLE: dict[tuple[int, tuple[tuple[str, str], ...], frozenset[str]],
                 tuple[Edition, frozenset[str]]] = {}


def buildable_sites(edition: Edition, town: Townland) -> set[str]:
    """Every site on a construction or completed road (R-BLD-08, R-MUNI-04); they change only
    when a tile or a road token is placed, so they are computed once per layout."""
    key = (id(edition), tuple(sorted(town.tiles.items())), frozenset(town.road_tokens))
    cached = _BUILDABLE.get(key)
    if cached is not None and cached[0] is edition:
        return set(cached[1])
    if len(_BUILDABLE) > 512:
        _BUILDABLE.clear()
    found = frozenset(s for s in all_sites(edition, town) if is_buildable(edition, town, s))
    _BUILDABLE[key] = (edition, found)
    return set(found)


def newly_buildable(edition: Edition, before: Townland, after: Townland) -> list[str]:
    """Sites buildable after a placement but not before, in site order (R-MUNI-04, AMB-MUNI-01)."""
    was, now = buildable_sites(edition, before), buildable_sites(edition, after)
    return [s for s in all_sites(edition, after) if s in now and s not in was]


# --- distance -------------------------------------------------------------------------------


def section_distance(edition: Edition, town: Townland, start: str, goal: str) -> int | None:
    """Sections crossed or entered from `start` to `goal` over completed sections only, `start`
    not counted (R-DIST-01, AMB-DIST-01 (c)); None without such a route."""
    if road_stage(edition, town, start) != "completed":
        return None
    if road_stage(edition, town, goal) != "completed":
        return None
    seen = {start: 0}
    queue = deque([start])
    while queue:
        road = queue.popleft()
        if road == goal:
            return seen[road]
        for nxt in adjacent_sections(road):
            if nxt not in seen and road_stage(edition, town, nxt) == "completed":
                seen[nxt] = seen[road] + 1
                queue.append(nxt)
    return None


def distance(edition: Edition, town: Townland, site_a: str, site_b: str) -> int | None:
    """Distance between two sites: the Road Sections crossed or entered between their sections
    over completed roads only (R-DIST-01/02, AMB-DIST-01 (c)); None without such a route.

    Both sites must lie on completed roads. Two sites of one section are at distance 0
    (R-DIST-02). A route leaves a section along its road, so a site on an Access Road whose
    main road is still a Construction Road reaches no other section (R-ROAD-04)."""
    if not (is_usable(edition, town, site_a) and is_usable(edition, town, site_b)):
        return None
    a = site_road(edition, town, site_a)
    b = site_road(edition, town, site_b)
    return 0 if a == b else section_distance(edition, town, a, b)


# --- Planting Sectors -----------------------------------------------------------------------


def _regions(edition: Edition, town: Townland) -> list[Region]:
    regions: list[Region] = []
    for slot, _ in placed_tiles(edition, town):
        if zone_of(slot) == "outer":
            regions += [(slot, "left"), (slot, "right")]
        else:
            regions.append((slot, "land"))
    return regions


def _region_of(slot: str, side: SpotSide, what: str) -> Region:
    if zone_of(slot) != "outer":
        return (slot, "land")
    if side == "land":
        raise ValueError(f"{what}: an Outer tile's land is its left or right half")
    return (slot, side)


SectorMap = tuple[list[frozenset[str]], dict[Region, int]]
_SECTORS: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[Edition, SectorMap]] = {}


def _sector_map(edition: Edition, town: Townland) -> SectorMap:
    """The Planting Sectors of the placed tiles; they change only when a tile is placed, so
    they are computed once per layout (callers must not change the result)."""
    key = (id(edition), tuple(sorted(town.tiles.items())))
    cached = _SECTORS.get(key)
    if cached is not None and cached[0] is edition:
        return cached[1]
    if len(_SECTORS) > 512:
        _SECTORS.clear()
    result = _compute_sector_map(edition, town)
    _SECTORS[key] = (edition, result)
    return result


def _compute_sector_map(edition: Edition, town: Townland) -> SectorMap:
    """Union-find over the (slot, side) regions of the placed tiles (R-PLANT-01..04)."""
    regions = _regions(edition, town)
    parent: dict[Region, Region] = {r: r for r in regions}

    def find(r: Region) -> Region:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    def union(a: Region, b: Region) -> None:
        if a in parent and b in parent:
            ra, rb = find(a), find(b)
            if ra != rb:  # keep the earlier region as root: deterministic order
                first, second = sorted((ra, rb), key=regions.index)
                parent[second] = first

    for k in range(N):  # the wedge between Rk and R(k+1); the Center stays alone (R-PLANT-04)
        wedge: list[Region] = [(f"I{k}", "land"), (f"O{k}", "right"), (f"O{(k + 1) % N}", "left")]
        union(wedge[0], wedge[1])  # R-PLANT-02: zone borders do not cut
        union(wedge[1], wedge[2])  # R-PLANT-02: Outer/Outer borders do not cut
        union(wedge[0], wedge[2])

    roots: list[Region] = []
    index: dict[Region, int] = {}
    for r in regions:
        root = find(r)
        if root not in roots:
            roots.append(root)
        index[r] = roots.index(root)
    spots: list[set[str]] = [set() for _ in roots]
    for spot_id in all_spots(edition, town):
        slot, _ = split_id(spot_id)
        region = _region_of(slot, spot_spec(edition, town, spot_id).side, spot_id)
        spots[index[region]].add(spot_id)
    return [frozenset(s) for s in spots], index


def planting_sectors(edition: Edition, town: Townland) -> list[frozenset[str]]:
    """Planting Sectors as sets of spot ids, ordered by their first region (R-PLANT-01..04)."""
    return list(_sector_map(edition, town)[0])


def sector_of_spot(edition: Edition, town: Townland, spot_id: str) -> frozenset[str]:
    """The Planting Sector (its spot ids) a Planting Spot lies in (R-PLANT-01, R-PLANT-07)."""
    slot, _ = split_id(spot_id)
    region = _region_of(slot, spot_spec(edition, town, spot_id).side, spot_id)
    sectors, index = _sector_map(edition, town)
    return sectors[index[region]]


def sector_of_site(edition: Edition, town: Townland, site_id: str) -> frozenset[str]:
    """The Planting Sector of the land a site stands on, `Site.side` (R-PLANT-01, R-PLANT-08)."""
    slot, _ = split_id(site_id)
    region = _region_of(slot, site_spec(edition, town, site_id).side, site_id)
    sectors, index = _sector_map(edition, town)
    return sectors[index[region]]


# --- exploring ------------------------------------------------------------------------------


def explorable_slots(edition: Edition, town: Townland) -> list[str]:
    """Empty Inner slots; empty `Ok` behind a completed `Rk` (R-EXPL-02..04, AMB-EXPL-01/02 a)."""
    # Whether a tile is left in the stack is the caller's business (AMB-EXPL-04).
    inner = [s for s in INNER if not _placed(town, s)]
    outer = [
        s
        for s in OUTER
        if not _placed(town, s) and road_stage(edition, town, f"R{s[1:]}") == "completed"
    ]
    return inner + outer
