"""Exploring, ownership and the Municipality in play (catalogue sections 3.1, 3.6-3.8; tile
#08a; worked example EX-31).

Positions start from `gamekit.new_game` (standard edition, 50 Grinies each, 5 Ownership Markers
each): C holds C1, I0 holds I01, I1 holds I02, O1 holds O01, all four Municipal; R1 is completed;
orange Blocks on C.s5, O1.s1, O1.s2 (14 - 3 = 11 left). The stacks hold the other 6 Inner tiles
(I03..I08) and 7 Outer tiles (O02..O08). Explore is a half of the dual tile at ring position 8.

Municipal sites of the standard tiles used here: I01.s4 (Non-residential, left road), I03.s1
(Residential, ring), I05.s4 (Non-residential, right road), O04.s1 (Non-residential, printed
Completed Road).
"""

from __future__ import annotations

from typing import Any

from grinivil_cli.engine import townland
from grinivil_cli.engine.state import MUNICIPALITY

from gamekit import give, lay, living, new_game, player, refused, turn

START_MONEY = 50










# --- setup: zones and ownership (R-ZONE-*) --------------------------------------------------


def test_land_area_after_setup_r_zone_01_to_06() -> None:
    """R-ZONE-01, R-ZONE-02, R-ZONE-03, R-ZONE-04, R-ZONE-06, AMB-ZONE-01, R-SETUP-01: the 17
    tiles are 1 Center + 8 Inner + 8 Outer; 4 are on the table (C, I0, I1, O1), each one parcel
    with exactly one owner, the Municipality; the rest wait in two stacks (6 Inner, 7 Outer)."""
    g = new_game(2)
    zones = [t.zone for t in g.ed.land_tiles.values()]
    assert (zones.count("center"), zones.count("inner"), zones.count("outer")) == (1, 8, 8)
    town = g.state.townland
    assert town.tiles == {"C": "C1", "I0": "I01", "I1": "I02", "O1": "O01"}
    assert town.owners == dict.fromkeys(town.tiles, MUNICIPALITY)
    assert len(g.state.supply.inner_stack) == 6 and len(g.state.supply.outer_stack) == 7


# --- #08a Explore Land (R-A08A-*, R-EXPL-*, EX-31) ------------------------------------------


def test_explore_land_ex_31_r_a08a_01_to_06() -> None:
    """EX-31, R-A08A-01, R-A08A-02, R-A08A-03, R-A08A-04, R-A08A-05, R-A08A-06, R-EXPL-02,
    R-EXPL-05, R-EXPL-06, R-ZONE-05, R-MUNI-04, R-MUNI-06, R-MUNI-07, R-OWN-02, R-A08-01,
    AMB-EXPL-03: Anna pays 10, places I03 at I2, scores 3 VP and marks the parcel (markers
    5 -> 4); the tile has no facing (AMB-EXPL-03 (a)): its right road is I2's right edge R3,
    its ring site lies on the ring. I03's Municipal House site s1 (ring) gets an orange Block
    with a House token, and with 3 residents living in Grinivil the Municipality pays her
    5 + 3 x 3 = 14: 50 - 10 + 14 = 54. Fixed 1 TU: 8 + 1 = 9."""
    g = new_game(2)
    living(g, 3)
    orange, houses = g.state.supply.orange_blocks, g.state.supply.tokens["house"]
    turn(g, "Anna", tile="explore", slot="I2", land_tile="I03")
    a = player(g, "Anna")
    town = g.state.townland
    assert town.tiles["I2"] == "I03" and town.owners["I2"] == "Anna"
    assert "I03" not in g.state.supply.inner_stack
    assert townland.site_road(g.ed, town, "I2.s2") == "R3"
    assert townland.site_road(g.ed, town, "I2.s1") == "ring"
    assert (a.money, a.vp, a.markers) == (START_MONEY - 10 + 14, 3, 4)
    b = town.buildings["I2.s1"]
    assert (b.building, b.blocks, b.workers) == ("house", [MUNICIPALITY], [])
    assert g.state.supply.orange_blocks == orange - 1
    assert g.state.supply.tokens["house"] == houses - 1
    fee = [(e.amount, e.rule) for e in g.ledger.entries if e.rule == "R-MUNI-07"]
    assert fee == [(14, "R-MUNI-07")]
    assert a.position == 8 + 1


def test_explore_needs_ten_grinies_r_a08a_01() -> None:
    """R-A08A-01: with 9 Grinies Anna cannot explore; the message has both numbers."""
    g = new_game(2)
    player(g, "Anna").money = 9
    e = refused(g, "Anna", "R-A08A-01", tile="explore", slot="I2", land_tile="I03")
    assert "10 Grinies; Anna holds 9" in e.message
    assert "I2" not in g.state.townland.tiles


def test_any_empty_inner_slot_amb_expl_01() -> None:
    """R-EXPL-02, AMB-EXPL-01 (a): I5 touches no placed Inner tile, only the Center: legal."""
    g = new_game(2)
    turn(g, "Anna", tile="explore", slot="I5", land_tile="I04")
    assert g.state.townland.tiles["I5"] == "I04"


def test_occupied_or_unknown_slot_r_expl_02() -> None:
    """R-EXPL-02: I0 already holds a tile, and 'I8' is no slot; the message lists the open
    slots (the six empty Inner ones; no Outer slot: only R1 is completed and O1 is taken)."""
    g = new_game(2)
    e = refused(g, "Anna", "R-EXPL-02", tile="explore", slot="I0", land_tile="I03")
    assert "I0 already holds a tile" in e.message
    assert "the slots open now are I2, I3, I4, I5, I6, I7." in e.message
    e = refused(g, "Anna", "R-EXPL-02", tile="explore", slot="I8", land_tile="I03")
    assert "not a slot of the Land Area" in e.message


def test_tile_must_come_from_the_zone_stack_r_expl_05() -> None:
    """R-EXPL-05: an Outer tile cannot be drawn for an Inner slot, nor a tile already placed."""
    g = new_game(2)
    e = refused(g, "Anna", "R-EXPL-05", tile="explore", slot="I2", land_tile="O02")
    assert "O02 is not in the Inner Zone stack" in e.message and "I03" in e.message
    e = refused(g, "Anna", "R-EXPL-05", tile="explore", slot="I2", land_tile="I01")
    assert "I01 is not in the Inner Zone stack" in e.message


def test_empty_stack_amb_expl_04_r_a08a_07() -> None:
    """AMB-EXPL-04, R-A08A-07, R-EXPL-05: with the Inner stack empty and no Outer slot open
    (after setup only O1 is behind a Completed Road, and it holds 1A), no slot can take a tile:
    Explore Land cannot be chosen, declined or not. Once R0 is completed (I7 placed, a token
    on R0) O0 is open: Explore Land can be chosen, but an Inner slot has no tile left."""
    g = new_game(2)
    g.state.supply.inner_stack.clear()
    e = refused(g, "Anna", "R-A08A-07", tile="explore", slot="I2", land_tile="I03")
    assert "Explore Land cannot be chosen" in e.message
    refused(g, "Anna", "R-A08A-07", tile="explore", declined=True)
    g.state.townland.tiles["I7"] = "I03"
    g.state.townland.owners["I7"] = "Municipality"
    g.state.townland.road_tokens.add("R0")
    e = refused(g, "Anna", "R-EXPL-05", tile="explore", slot="I2", land_tile="I04")
    assert "left: none" in e.message
    assert player(g, "Anna").money == START_MONEY


def test_outer_slot_needs_a_completed_radial_road_r_expl_03_04() -> None:
    """R-EXPL-03, R-EXPL-04, R-ROAD-05: O4 opens only when R4 is completed: with I3 and I4
    placed, R4 is a Construction Road and O4 is refused; with its token O4 can be explored,
    although no Outer tile touches it (O3 and O5 are empty)."""
    g = new_game(2)
    lay(g, "I3", "I05")
    lay(g, "I4", "I06")
    e = refused(g, "Anna", "R-EXPL-03", tile="explore", slot="O4", land_tile="O02")
    assert "O4 is not reachable" in e.message and "Completed Road" in e.message
    g.state.townland.road_tokens.add("R4")
    turn(g, "Anna", tile="explore", slot="O4", land_tile="O02")
    town = g.state.townland
    assert town.tiles["O4"] == "O02" and town.owners["O4"] == "Anna"
    assert "O3" not in town.tiles and "O5" not in town.tiles
    assert player(g, "Anna").vp == 3


def test_outer_road_does_not_open_the_next_outer_slot_amb_expl_02() -> None:
    """AMB-EXPL-02 (a): O07 at O2 has a printed Completed Road, but O3 needs R3 completed."""
    g = new_game(2)
    lay(g, "I2", "I08")
    g.state.townland.road_tokens.add("R2")
    lay(g, "O2", "O07")
    assert townland.road_stage(g.ed, g.state.townland, "O2.road") == "completed"
    e = refused(g, "Anna", "R-EXPL-03", tile="explore", slot="O3", land_tile="O02")
    assert "O3 is not reachable" in e.message


def test_no_marker_left_municipal_parcel_r_expl_08_amb_a08a_01() -> None:
    """R-EXPL-08, R-A08A-04, AMB-A08A-01, R-ZONE-04: with no Ownership Marker left Anna still
    explores (10 G, 3 VP), and the Municipality owns the parcel."""
    g = new_game(2)
    player(g, "Anna").markers = 0
    turn(g, "Anna", tile="explore", slot="I5", land_tile="I04")
    a = player(g, "Anna")
    assert g.state.townland.owners["I5"] == MUNICIPALITY
    assert (a.money, a.vp, a.markers) == (START_MONEY - 10, 3, 0)


def test_new_tile_extends_planting_sector_r_plant_03() -> None:
    """R-PLANT-03, R-PLANT-02, AMB-PLANT-01, R-SACT-02: with I04 at I7 and R0 completed, O0 is
    open. Before it is explored, O0.p1 is no Planting Spot; once Anna explores O05 there, its
    left half joins I7's sector (wedge 7), and the plant site I7.s3 plants I7.p1 and O0.p1
    together: House 2 VP + 2 Trees x 1 VP (on top of Explore's 3 VP)."""
    g = new_game(2)
    lay(g, "I7", "I04")
    g.state.townland.road_tokens.add("R0")
    give(g, "Anna", concrete=2, wood=1)
    kw: dict[str, Any] = {"tile": "build-floor", "site": "I7.s3", "building": "house",
                          "site_bonus": {"plant": ["I7.p1", "O0.p1"]}}
    e = refused(g, "Anna", "R-SACT-02", **kw)
    assert "O0.p1 is not a Planting Spot on the table" in e.message
    turn(g, "Anna", tile="explore", slot="O0", land_tile="O05")
    assert g.ed.land_tiles["O05"].spot("p1").side == "left"  # type: ignore[union-attr]
    turn(g, "Anna", **kw)
    assert {"I7.p1", "O0.p1"} <= g.state.townland.trees
    assert (player(g, "Anna").vp, player(g, "Anna").trees) == (3 + 2 + 2, 0)


def test_ownership_marker_stays_r_own_01_02() -> None:
    """R-OWN-01, R-OWN-02, R-FEE-01: Anna's marker on I2 stays when she explores again (I5),
    and Bruno, building on I2, pays her the fee 5 + 3 x 0 = 5."""
    g = new_game(2)
    turn(g, "Anna", tile="explore", slot="I2", land_tile="I04")
    turn(g, "Anna", tile="explore", slot="I5", land_tile="I05")
    town = g.state.townland
    assert (town.owners["I2"], town.owners["I5"]) == ("Anna", "Anna")
    assert player(g, "Anna").markers == 3
    give(g, "Bruno", concrete=1, steel=1)
    turn(g, "Bruno", tile="build-floor", site="I2.s1", building="bus-stop")
    assert player(g, "Bruno").money == START_MONEY - 5
    assert player(g, "Anna").money == START_MONEY - 10 - 10 + 5
    assert town.owners["I2"] == "Anna"


# --- Municipal placement (R-MUNI-*, R-EXPL-09) ----------------------------------------------


def test_half_road_joined_places_orange_block_r_expl_09_amb_muni_01() -> None:
    """R-EXPL-09, R-MUNI-04, AMB-MUNI-01 (b), R-MUNI-05, R-MUNI-09, R-ZONE-04: I08 at I7 joins
    R0's halves; I0.s4 (I01's Municipal site on R0) becomes buildable and gets an orange Block
    with the token the log names; I0 is Municipal, so nobody is paid. The orange Block earns no
    VP and places no Worker."""
    g = new_game(2)
    turn(g, "Anna", tile="explore", slot="I7", land_tile="I08",
         municipal_tokens={"I0.s4": "school"})
    b = g.state.townland.buildings["I0.s4"]
    assert (b.building, b.blocks, b.by_build_action, b.workers) == (
        "school", [MUNICIPALITY], [False], [])
    assert g.state.supply.tokens["school"] == 0
    a, br = player(g, "Anna"), player(g, "Bruno")
    assert (a.money, a.vp) == (START_MONEY - 10, 3)
    assert (br.money, br.vp) == (START_MONEY, 0)
    assert not [e for e in g.ledger.entries if e.rule == "R-MUNI-07"]


def test_orange_block_on_another_players_parcel_r_muni_07() -> None:
    """R-MUNI-07, R-MUNI-05, R-OWN-02: the same placement with I0 owned by Bruno: Bruno, the
    owner, chose a Public token (Church), and the Municipality pays him 5 + 3 x 1 = 8."""
    g = new_game(2)
    g.state.townland.owners["I0"] = "Bruno"
    living(g, 1)
    turn(g, "Anna", tile="explore", slot="I7", land_tile="I08",
         municipal_tokens={"I0.s4": "church"})
    assert g.state.townland.buildings["I0.s4"].building == "church"
    assert player(g, "Bruno").money == START_MONEY + 8
    assert player(g, "Anna").money == START_MONEY - 10


def test_two_municipal_sites_at_once_r_muni_04_07() -> None:
    """R-MUNI-04, R-MUNI-07, EX-15: I05 at I7 makes both I0.s4 and I7.s4 (both on R0)
    buildable; two orange Blocks (11 -> 9). Anna, owner of I7, gets one fee of 5 + 3 x 2 = 11;
    I0 is Municipal: no fee for it."""
    g = new_game(2)
    living(g, 2)
    turn(g, "Anna", tile="explore", slot="I7", land_tile="I05",
         municipal_tokens={"I0.s4": "school", "I7.s4": "police"})
    town = g.state.townland
    assert town.buildings["I0.s4"].building == "school"
    assert town.buildings["I7.s4"].building == "police"
    assert g.state.supply.orange_blocks == 11 - 2
    assert player(g, "Anna").money == START_MONEY - 10 + 11


def test_municipal_token_must_be_recorded_and_fit_r_muni_05() -> None:
    """R-MUNI-05: a Non-residential Municipal site needs its token in the log, and it must be
    Commerce or Public, not a House; R-MUNI-04: a token for a site that got no Block is
    refused."""
    g = new_game(2)
    e = refused(g, "Anna", "R-MUNI-05", tile="explore", slot="I7", land_tile="I08")
    assert "I0.s4" in e.message and "municipal_tokens" in e.message
    e = refused(g, "Anna", "R-MUNI-05", tile="explore", slot="I7", land_tile="I08",
                municipal_tokens={"I0.s4": "house"})
    assert "Commerce or Public" in e.message
    e = refused(g, "Anna", "R-MUNI-04", tile="explore", slot="I7", land_tile="I08",
                municipal_tokens={"I0.s4": "school", "C.s6": "cafe"})
    assert "no orange Block was placed on C.s6" in e.message


def test_municipal_house_site_takes_a_house_token_r_muni_06() -> None:
    """R-MUNI-06: I03's Municipal Residential site s1 always gets a brown House token; a log
    recording another token for it is refused."""
    g = new_game(2)
    e = refused(g, "Anna", "R-MUNI-06", tile="explore", slot="I2", land_tile="I03",
                municipal_tokens={"I2.s1": "school"})
    assert "I2.s1" in e.message and "House" in e.message
    assert g.state.supply.tokens["school"] == 1
    turn(g, "Anna", tile="explore", slot="I2", land_tile="I03",
         municipal_tokens={"I2.s1": "house"})
    assert g.state.townland.buildings["I2.s1"].building == "house"


def test_outer_tile_with_completed_road_places_orange_block_amb_muni_01() -> None:
    """AMB-MUNI-01 (b), R-MUNI-05, R-MUNI-07: O04 at O2 brings its own printed Completed Road;
    its Municipal site s1 gets an orange Block with the token Anna (the owner) chose, and she
    is paid 5 + 3 x 0 = 5: 50 - 10 + 5 = 45."""
    g = new_game(2)
    lay(g, "I2", "I08")
    g.state.townland.road_tokens.add("R2")
    turn(g, "Anna", tile="explore", slot="O2", land_tile="O04",
         municipal_tokens={"O2.s1": "garden-center"})
    assert g.state.townland.buildings["O2.s1"].blocks == [MUNICIPALITY]
    assert player(g, "Anna").money == START_MONEY - 10 + 5


def test_no_orange_block_left_r_muni_08() -> None:
    """R-MUNI-08: with no orange Block left the Municipality stops building: nothing on I2.s1,
    no fee to the explorer."""
    g = new_game(2)
    g.state.supply.orange_blocks = 0
    turn(g, "Anna", tile="explore", slot="I2", land_tile="I03")
    assert "I2.s1" not in g.state.townland.buildings
    assert player(g, "Anna").money == START_MONEY - 10


def test_no_orange_block_left_no_token_recorded_r_muni_08() -> None:
    """R-MUNI-08, R-MUNI-04: with no orange Block left, a token recorded for I0.s4 has no Block
    to go on and is refused like any other token without a Block."""
    g = new_game(2)
    g.state.supply.orange_blocks = 0
    e = refused(g, "Anna", "R-MUNI-04", tile="explore", slot="I7", land_tile="I08",
                municipal_tokens={"I0.s4": "school"})
    assert "no orange Block was placed on I0.s4" in e.message


def test_six_players_no_municipality_r_muni_11() -> None:
    """R-MUNI-11, R-SETUP-07: with 6 players there is no Municipality: no orange Block at setup
    and none on I03's Municipal House site when it is explored; no fee is paid."""
    g = new_game(6)
    assert g.state.townland.buildings == {}
    turn(g, "Anna", tile="explore", slot="I2", land_tile="I03")
    assert g.state.townland.buildings == {}
    assert player(g, "Anna").money == START_MONEY - 10


def test_municipal_building_takes_no_site_bonus_amb_muni_02() -> None:
    """AMB-MUNI-02 (a), AMB-SBON-01, R-MUNI-09: the Municipality's first Floor collects nothing,
    and a player's later Floor on it is not a first Floor: Anna's floor 2 on the orange House at
    I2.s1 (on her own parcel: no fee) scores floor 2's 3 VP only."""
    g = new_game(2)
    turn(g, "Anna", tile="explore", slot="I2", land_tile="I03")
    give(g, "Anna", concrete=1, wood=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="I2.s1")
    a = player(g, "Anna")
    assert g.state.townland.buildings["I2.s1"].blocks == [MUNICIPALITY, "Anna"]
    assert (a.vp, a.money) == (3 + 3, START_MONEY - 10 + 5)
