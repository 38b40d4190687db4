"""Townland topology (catalogue section 3) on hand-made Land Tiles, not the bundled edition."""

from __future__ import annotations

from typing import Literal

import pytest

from grinivil_cli.edition.model import Edition, LandTile, Site, SiteRoad, Spot, SpotSide
from grinivil_cli.engine.state import Townland
from grinivil_cli.engine.townland import (
    ROADS,
    SLOTS,
    adjacent_sections,
    all_sites,
    all_spots,
    buildable_sites,
    connected_road,
    construction_roads,
    distance,
    explorable_slots,
    is_buildable,
    is_usable,
    newly_buildable,
    planting_sectors,
    road_stage,
    section_of_access_road,
    sector_of_site,
    sector_of_spot,
    site_road,
    site_road_stage,
    site_spec,
    slot_index,
    spot_spec,
    zone_of,
)

Printed = Literal["construction", "completed"]


def site(key: str, road: SiteRoad, side: SpotSide = "land", municipal: bool = False) -> Site:
    return Site(key, "residential", road, municipal, None, side)


def inner(key: str, spots: int = 1, municipal: str | None = None) -> LandTile:
    """An Inner tile: sites l (left road), r (right road), g (ring); `spots` land spots."""
    roads: tuple[tuple[str, SiteRoad], ...] = (("l", "left"), ("r", "right"), ("g", "ring"))
    sites = tuple(site(s, road, municipal=s == municipal) for s, road in roads)
    return LandTile(key, key, "inner", sites, tuple(Spot(f"p{i}", "land") for i in range(spots)))


def outer(key: str, road: Printed = "construction", access: bool = False) -> LandTile:
    """An Outer tile: site m on the main road (right half), a on the access road (left half)."""
    sites = (site("m", "road", "right"), site("a", "access", "left"))
    spots = (Spot("pl", "left"), Spot("pr", "right"))
    return LandTile(key, key, "outer", sites, spots, road=road, access=access)


CENTER = LandTile("1B", "Center", "center", (site("s5", "ring"), site("s6", "ring")),
                  (Spot("p1", "land"), Spot("p2", "land")))
TILES = [CENTER, outer("1A", "completed", access=True), outer("OC"), outer("OD", "completed"),
         outer("OA", access=True)] + [inner(f"i{n}") for n in range(8)]


def edition(*tiles: LandTile) -> Edition:
    """An Edition with only the Land Tiles filled in."""
    return Edition(
        name="test", cubes={}, trees=0, small_warehouses=0, road_tokens=0, ownership_markers=0,
        orange_blocks=0, roof_blocks=0, occupied_tokens=0, starting_money=0, markets=(),
        buildings={}, land_tiles={t.key: t for t in tiles or TILES}, residents={}, road_track=(),
        action_tiles={}, ring_corners={}, import_prices=(),
    )


ED = edition()


def town(tokens: tuple[str, ...] = (), **tiles: str) -> Townland:
    return Townland(tiles=dict(tiles), road_tokens=set(tokens))


def setup() -> Townland:
    """Setup: 1B at C, 1C/1D at I0/I1, road token on R1, entrance 1A at O1."""
    return town(("R1",), C="1B", I0="i0", I1="i1", O1="1A")


# --- slots (R-ZONE-01/02) -------------------------------------------------------------------


def test_slots_and_zones_r_zone_01_02() -> None:
    """R-ZONE-01/02: 1 Center, 8 Inner and 8 Outer slots."""
    assert len(SLOTS) == 17 and SLOTS[0] == "C" and SLOTS[1] == "I0" and SLOTS[9] == "O0"
    assert [zone_of(s) for s in ("C", "I7", "O3")] == ["center", "inner", "outer"]
    assert slot_index("I5") == 5 and slot_index("O0") == 0
    with pytest.raises(KeyError):
        zone_of("I8")
    with pytest.raises(KeyError):
        slot_index("C")


# --- road stages (R-ROAD-01..08) ------------------------------------------------------------


def test_radial_road_stages_r_road_01_03_08_amb_road_01() -> None:
    """R-ROAD-01/03/08, AMB-ROAD-01: R1 none, half, construction, completed by a token."""
    assert road_stage(ED, town(C="1B"), "R1") == "none"
    assert road_stage(ED, town(I1="i1"), "R1") == "half"
    assert road_stage(ED, town(I0="i0"), "R1") == "half"
    assert road_stage(ED, town(I0="i0", I1="i1"), "R1") == "construction"
    assert road_stage(ED, town(("R1",), I0="i0", I1="i1"), "R1") == "completed"
    assert road_stage(ED, town(("R0",), I0="i0"), "R0") == "half"  # token cannot skip a stage
    assert road_stage(ED, town(I7="i7", I0="i0"), "R0") == "construction"  # wraps mod 8


def test_ring_road_r_road_07() -> None:
    """R-ROAD-07: the Center's ring is one section, completed once the Center is placed."""
    assert road_stage(ED, town(C="1B"), "ring") == "completed"
    assert road_stage(ED, town(), "ring") == "none"


def test_outer_road_printed_and_token_r_road_06_08() -> None:
    """R-ROAD-06/08: printed construction vs completed, a token completes; the Access Road is
    completed but is no Road Section of its own (R-ROAD-07), so it has no section stage."""
    t = town(("O3.road",), O2="OC", O3="OC", O4="OD", O5="OA")
    assert road_stage(ED, t, "O2.road") == "construction"
    assert road_stage(ED, t, "O3.road") == "completed"
    assert road_stage(ED, t, "O4.road") == "completed"
    assert road_stage(ED, t, "O5.road") == "construction"  # OA: printed construction
    assert road_stage(ED, t, "O6.road") == "none"
    assert site_road_stage(ED, t, "O5.a") == "completed"  # R-ROAD-06
    assert site_road_stage(ED, t, "O5.m") == "construction"
    assert site_road_stage(ED, t, "O2.a") == "none"  # OC prints no Access Road
    for bad in ("R8", "O5.access"):
        with pytest.raises(KeyError):
            road_stage(ED, t, bad)


def test_construction_roads_r_rdb_02_03() -> None:
    """R-RDB-02/03: radial roads with both neighbours and no token, Outer printed construction."""
    t = town(("R1",), C="1B", I0="i0", I1="i1", I2="i2", I5="i5", O1="1A", O2="OC", O3="OD")
    assert construction_roads(ED, t) == ["R2", "O2.road"]


def test_adjacent_sections_amb_dist_02() -> None:
    """AMB-DIST-02, R-ROAD-07: ring-Rk, Rk-Ok.road; 1 + 8 + 8 = 17 Road Sections (an Outer
    tile's Access Road lies in its tile's section)."""
    assert adjacent_sections("ring") == tuple(f"R{k}" for k in range(8))
    assert adjacent_sections("R3") == ("ring", "O3.road")
    assert adjacent_sections("O3.road") == ("R3",)
    assert len(ROADS) == 17 and not any(r.endswith(".access") for r in ROADS)
    with pytest.raises(KeyError):
        adjacent_sections("O3.access")


def test_r_road_07_access_road_id_names_its_tiles_section() -> None:
    """R-ROAD-06/07: `Ok.access` is no Road Section; it names a part of `Ok.road`."""
    assert section_of_access_road("O3.access") == "O3.road"
    assert [section_of_access_road(r) for r in ("O3.road", "R3", "ring", "I3.access",
                                                  "O9.access", "access")] == [None] * 6


# --- sites (R-SITE-03, R-BLD-08/12) ---------------------------------------------------------


def test_site_roads_r_site_03() -> None:
    """R-SITE-03: every site hangs on exactly one Road Section."""
    t = town(C="1B", I3="i3", I7="i7", O3="1A")
    assert site_road(ED, t, "C.s5") == "ring"
    assert site_road(ED, t, "I3.l") == "R3"
    assert site_road(ED, t, "I3.r") == "R4"
    assert site_road(ED, t, "I7.r") == "R0"
    assert site_road(ED, t, "I3.g") == "ring"
    assert site_road(ED, t, "O3.m") == "O3.road"
    assert site_road(ED, t, "O3.a") == "O3.road"  # R-ROAD-07: the Access Road is in O3.road
    for bad in ("I3.zz", "I4.l", "X1.s1", "I3"):
        with pytest.raises(KeyError):
            site_road(ED, t, bad)


def test_site_and_spot_specs_and_order_r_site_03_r_plant_05() -> None:
    """R-SITE-03, R-PLANT-05: ids resolve to the printed data; stable slot-then-tile order."""
    t = town(O0="OC", I1="i1", C="1B")
    assert site_spec(ED, t, "I1.r").road == "right"
    assert spot_spec(ED, t, "O0.pl").side == "left"
    with pytest.raises(KeyError):
        spot_spec(ED, t, "O0.p9")
    assert all_sites(ED, t) == ["C.s5", "C.s6", "I1.l", "I1.r", "I1.g", "O0.m", "O0.a"]
    assert all_spots(ED, t) == ["C.p1", "C.p2", "I1.p0", "O0.pl", "O0.pr"]


def test_buildable_and_usable_r_road_02_04_05_r_bld_08_12() -> None:
    """R-ROAD-02/04/05, R-BLD-08/12: half no, construction buildable, completed usable."""
    t = town(("R1",), C="1B", I0="i0", I1="i1", I2="i2", O1="1A", O2="OC")
    assert not is_buildable(ED, t, "I0.l")  # R0: half
    assert is_buildable(ED, t, "I1.r") and not is_usable(ED, t, "I1.r")  # R2: construction
    assert is_buildable(ED, t, "I1.l") and is_usable(ED, t, "I1.l")  # R1: completed
    assert is_usable(ED, t, "C.s5") and is_usable(ED, t, "I0.g")  # ring
    assert is_buildable(ED, t, "O2.m") and not is_usable(ED, t, "O2.m")  # printed construction
    assert is_usable(ED, t, "O1.a")  # R-ROAD-06
    assert not is_buildable(ED, t, "O2.a")  # no access road printed on OC
    assert site_road(ED, t, "O2.a") == "O2.road"  # its section exists; its Access Road does not


def test_newly_buildable_r_muni_04_amb_muni_01() -> None:
    """R-MUNI-04, AMB-MUNI-01 (b): sites connected for the first time by a placement."""
    before = setup()
    after = town(("R1",), C="1B", I0="i0", I1="i1", I2="i2", O1="1A")
    assert "I0.l" not in buildable_sites(ED, before)
    assert newly_buildable(ED, before, after) == ["I1.r", "I2.l", "I2.g"]
    assert newly_buildable(ED, after, after) == []


# --- distance (R-DIST-01..03, AMB-DIST-01) --------------------------------------------------


def full() -> Townland:
    """Every Inner tile placed; R1, R2 and O2.road completed; O1 (1A), O2 with access, O3."""
    tiles = {f"I{k}": f"i{k}" for k in range(8)}
    return Townland(tiles={"C": "1B", **tiles, "O1": "1A", "O2": "OA", "O3": "OC"},
                    road_tokens={"R1", "R2", "O2.road", "R3"})


def test_distance_same_section_r_dist_01_02() -> None:
    """R-DIST-01/02: the starting section does not count, same section is 0."""
    t = full()
    assert distance(ED, t, "I0.r", "I1.l") == 0  # both on R1
    assert distance(ED, t, "C.s5", "I4.g") == 0  # both on the ring


def test_distance_via_ring_r_dist_02() -> None:
    """R-DIST-02: a radial road and the ring are neighbours (1); two radial roads are 2 apart."""
    t = full()
    assert distance(ED, t, "I1.l", "C.s6") == 1
    assert distance(ED, t, "I1.l", "I1.r") == 2  # R1 -> ring -> R2


def test_distance_through_outer_road_and_access_r_dist_01() -> None:
    """R-DIST-01/02, R-ROAD-07: the Access Road is part of its tile's section, so a site on it
    is where a site on the main road is: O2.m and O2.a are 0 apart; from R1: R1 -> ring (1) ->
    R2 (2) -> O2.road (3); 1A's roads are printed completed: O1.road -> R1 (1) -> ring (2) ->
    R2 (3) -> O2.road (4)."""
    t = full()
    assert distance(ED, t, "O2.m", "O2.a") == 0
    assert distance(ED, t, "I1.l", "O2.a") == 3 == distance(ED, t, "I1.l", "O2.m")
    assert distance(ED, t, "O1.a", "O2.m") == 4 == distance(ED, t, "O1.m", "O2.a")


def test_distance_not_through_construction_amb_dist_01() -> None:
    """AMB-DIST-01 (c): only completed sections carry a route; else None."""
    t = full()
    assert distance(ED, t, "I4.l", "C.s5") is None  # R4 is construction
    assert distance(ED, t, "O3.m", "I3.l") is None  # O3.road printed construction
    cut = Townland(tiles=dict(full().tiles), road_tokens={"O2.road", "R1"})
    assert distance(ED, cut, "O2.a", "C.s5") is None  # R2 construction: O2 is cut off
    assert distance(ED, cut, "O2.a", "O2.m") == 0


def test_r_dist_01_access_road_is_part_of_the_outer_section() -> None:
    """R-DIST-01, R-ROAD-07 ("Area zone borders define the Road Sections"): a route from the
    Center to a site on O1's Access Road crosses R1 and enters O1.road, the section of O1's
    whole tile: ring -> R1 (1) -> O1.road (2) = 2, not 3; from the other Inner road R0 of I0
    (R0 -> ring -> R1 -> O1.road) 3."""
    t = town(("R0", "R1"), C="1B", I7="i7", I0="i0", I1="i1", O1="1A")
    assert distance(ED, t, "C.s5", "O1.a") == 2 == distance(ED, t, "C.s5", "O1.m")
    assert distance(ED, t, "I0.g", "O1.a") == 2  # I0.g hangs on the ring
    assert distance(ED, t, "I0.r", "O1.a") == 1  # I0.r hangs on R1
    assert distance(ED, t, "I0.l", "O1.a") == 3  # I0.l hangs on R0
    assert distance(ED, t, "O1.a", "O1.m") == 0  # R-DIST-02: one section


def test_r_road_06_access_road_site_usable_while_main_road_is_construction() -> None:
    """R-ROAD-06, R-BLD-08, R-BLD-12, R-ROAD-04: OA at O2 prints its main road as a Construction
    Road and has an Access Road. The site on the Access Road is buildable and usable (the Access
    Road "is considered completed"); the site on the main road is buildable, not usable. Both
    belong to the section O2.road, whose road a token can complete (R-RDB-02)."""
    t = town(("R1", "R2"), C="1B", I0="i0", I1="i1", I2="i2", O1="1A", O2="OA")
    assert road_stage(ED, t, "O2.road") == "construction"
    assert is_buildable(ED, t, "O2.a") and is_usable(ED, t, "O2.a")
    assert is_buildable(ED, t, "O2.m") and not is_usable(ED, t, "O2.m")
    assert site_road(ED, t, "O2.a") == site_road(ED, t, "O2.m") == "O2.road"
    assert construction_roads(ED, t) == ["O2.road"]
    t.road_tokens.add("O2.road")  # R-ROAD-08
    assert is_usable(ED, t, "O2.a") and is_usable(ED, t, "O2.m")


def test_r_aba_04_connected_road_of_an_access_road_site_is_the_main_road() -> None:
    """R-ABA-04, AMB-ABA-02, R-RDB-02/03: the Connected Road of a site is the Construction Road
    of its section: on an Outer tile the main road, for a site on the Access Road too."""
    t = town(("R1", "R2"), C="1B", I0="i0", I1="i1", I2="i2", O1="1A", O2="OA")
    assert connected_road(ED, t, "O2.a") == connected_road(ED, t, "O2.m") == "O2.road"
    assert connected_road(ED, t, "O1.a") == "O1.road"  # printed completed: nothing to build
    assert connected_road(ED, t, "I1.r") == "R2" and connected_road(ED, t, "C.s5") == "ring"


def test_r_road_04_no_route_out_of_an_access_road_over_a_construction_main_road() -> None:
    """R-ROAD-04 (a Construction Road "doesn't allow passing through it"), AMB-DIST-01 (c),
    R-DIST-02: while O2's main road is a Construction Road, a site on its Access Road (usable)
    reaches no site outside the tile, nor the unusable site on the main road; another site on
    the same Access Road is 0 away. With a token on O2.road: O2.road -> R2 (1) -> ring (2)."""
    two = LandTile("OB", "OB", "outer", (site("m", "road", "right"), site("a", "access", "left"),
                                         site("b", "access", "left")), (), road="construction",
                   access=True)
    ed = edition(*TILES, two)
    t = town(("R1", "R2"), C="1B", I0="i0", I1="i1", I2="i2", O1="1A", O2="OB")
    assert distance(ed, t, "O2.a", "C.s5") is None
    assert distance(ed, t, "O2.a", "I2.l") is None  # I2.l on R2, completed
    assert distance(ed, t, "O2.a", "O1.a") is None
    assert distance(ed, t, "O2.a", "O2.m") is None  # O2.m is on the Construction Road
    assert distance(ed, t, "O2.a", "O2.b") == 0
    t.road_tokens.add("O2.road")
    assert distance(ed, t, "O2.a", "C.s5") == 2 == distance(ed, t, "O2.b", "C.s5")
    assert distance(ed, t, "O2.a", "O1.a") == 4  # O2.road -> R2 -> ring -> R1 -> O1.road
    assert distance(ed, t, "O2.a", "O2.m") == 0


# --- Planting Sectors (R-PLANT-01..05) ------------------------------------------------------


def test_inner_tile_alone_and_center_r_plant_01_04() -> None:
    """R-PLANT-01/04: an Inner tile alone is one sector; the Center is its own with 2 spots."""
    ed = edition(CENTER, inner("i0", spots=2))
    t = town(C="1B", I0="i0")
    assert planting_sectors(ed, t) == [frozenset({"C.p1", "C.p2"}), frozenset({"I0.p0", "I0.p1"})]
    assert sector_of_spot(ed, t, "C.p1") == frozenset({"C.p1", "C.p2"})
    assert sector_of_site(ed, t, "I0.g") == frozenset({"I0.p0", "I0.p1"})
    assert sector_of_site(ed, t, "C.s5") == frozenset({"C.p1", "C.p2"})


def test_inner_plus_outer_right_half_r_plant_02() -> None:
    """R-PLANT-02: Ik's land and the right half of Ok form one sector (zone border not cut)."""
    t = town(C="1B", I3="i3", O3="OC")
    assert sector_of_spot(ED, t, "I3.p0") == frozenset({"I3.p0", "O3.pr"})
    assert sector_of_site(ED, t, "O3.m") == frozenset({"I3.p0", "O3.pr"})  # m: right half


def test_outer_left_half_joins_previous_wedge_r_plant_02_03() -> None:
    """R-PLANT-02/03: O(k+1)'s left half joins Ik's wedge; a new tile merges sectors."""
    t = town(C="1B", I3="i3", O4="OC")
    assert sector_of_spot(ED, t, "I3.p0") == frozenset({"I3.p0", "O4.pl"})
    t = town(C="1B", I3="i3", O3="OC", O4="OD")  # Outer/Outer border does not cut
    assert sector_of_spot(ED, t, "O3.pr") == frozenset({"I3.p0", "O3.pr", "O4.pl"})


def test_outer_halves_split_by_road_and_access_not_r_plant_01_02() -> None:
    """R-PLANT-01/02: an Outer tile's main road splits it; its access road (A) does not."""
    t = town(C="1B", I2="i2", I3="i3", O3="OA")
    sectors = planting_sectors(ED, t)
    assert sectors == [frozenset({"C.p1", "C.p2"}), frozenset({"I2.p0", "O3.pl"}),
                       frozenset({"I3.p0", "O3.pr"})]
    assert sector_of_site(ED, t, "O3.a") == frozenset({"I2.p0", "O3.pl"})  # a: left half


def test_sector_without_spots_and_bad_side_r_plant_05() -> None:
    """R-PLANT-05: a sector may have no spots; an Outer spot must name its half."""
    ed = edition(CENTER, inner("i0", spots=0), LandTile("bad", "bad", "outer", (),
                                                        (Spot("p", "land"),), road="completed"))
    assert planting_sectors(ed, town(I0="i0")) == [frozenset()]
    with pytest.raises(ValueError):
        planting_sectors(ed, town(I0="i0", O0="bad"))


# --- exploring (R-EXPL-02..04, AMB-EXPL-01/02) ----------------------------------------------


def test_explorable_at_setup_r_expl_02_03_amb_expl_01_02() -> None:
    """R-EXPL-02/03, AMB-EXPL-01/02 (a): six empty Inner slots; O1 taken; O0/O2 behind halves."""
    assert explorable_slots(ED, setup()) == ["I2", "I3", "I4", "I5", "I6", "I7"]


def test_explorable_after_completing_r2_r_expl_03_04() -> None:
    """R-EXPL-03/04: a construction road does not open O2; a token on R2 does."""
    t = town(("R1",), C="1B", I0="i0", I1="i1", I2="i2", O1="1A")
    assert "O2" not in explorable_slots(ED, t)
    t.road_tokens.add("R2")
    assert explorable_slots(ED, t) == ["I3", "I4", "I5", "I6", "I7", "O2"]


def test_outer_road_does_not_open_neighbour_amb_expl_02() -> None:
    """AMB-EXPL-02 (a): a completed road on an Outer tile opens no Outer slot."""
    t = town(("R1", "O1.road"), C="1B", I0="i0", I1="i1", O1="OC")
    assert "O0" not in explorable_slots(ED, t) and "O2" not in explorable_slots(ED, t)
