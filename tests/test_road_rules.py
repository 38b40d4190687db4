"""Roads in play (catalogue sections 3.3, 3.4 and 6; tile #08b): road stages, Build a Road, the
Bonus Road Track, and distance over Completed Roads when a House is sold.

Positions start from `gamekit.new_game` (standard edition, 50 Grinies each): C holds C1, I0
holds I01, I1 holds I02, O1 holds O01 (printed Completed Road and Access Road), R1 is completed
(11 road tokens left in the supply); R0 and R2 are Half-roads. Explore / Build a Road is the
dual tile at ring position 8; Build Floor is at 6; Buy Trees at 10.

The standard edition's Bonus Road Track, spaces 1..12:
    1: 3 G   2: 6 Trees   3: 2 VP   4: Small Warehouse   5: Land Tile   6: 3 VP + 3 G
    7: Repeat   8: 6 Trees + 1 VP   9: Small Warehouse + 5 G   10: Land Tile + 2 VP
    11: 4 VP   12: Repeat + 5 VP
"""

from __future__ import annotations

from typing import Any

import pytest

from grinivil_cli.engine import townland
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.state import MUNICIPALITY, Building
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.logfile.schema import check_log

from gamekit import base_log, building, give, lay, new_game, player, refused, total_cubes, turn

START_MONEY = 50








def stage(g: Game, road: str) -> str:
    return townland.road_stage(g.ed, g.state.townland, road)


def with_r2(g: Game) -> None:
    """I08 at I2: R2 becomes a Construction Road (two Half-roads join, AMB-ROAD-01)."""
    lay(g, "I2", "I08")


# --- Build a Road (#08b, R-RDB-*) -----------------------------------------------------------


def test_build_road_r_rdb_01_r_a08b_01_02_03_04() -> None:
    """R-RDB-01, R-RDB-04, R-ROAD-08, AMB-ROAD-01, R-A08-01, R-A08B-01, R-A08B-02, R-A08B-03,
    R-A08B-04, R-RES-03: I08 at
    I2 joins R2's halves; #08b discards 2 concrete to the pouch, lays a token (11 -> 10), the
    marker goes to space 1 (+3 Grinies), and the half costs a fixed 2 TU: 8 + 2 = 10."""
    g = new_game(2)
    with_r2(g)
    assert stage(g, "R2") == "construction"
    before = total_cubes(g)
    tokens = g.state.supply.road_tokens
    give(g, "Anna", concrete=2)
    turn(g, "Anna", tile="build-road", road="R2")
    a = player(g, "Anna")
    assert stage(g, "R2") == "completed" and "R2" in g.state.townland.road_tokens
    assert g.state.supply.road_tokens == tokens - 1 == 10
    assert a.cubes["concrete"] == 0 and total_cubes(g) == before
    assert (a.road_track, a.money, a.vp) == (1, START_MONEY + 3, 0)
    assert a.position == 8 + 2


def test_build_road_needs_two_concrete_r_a08b_01() -> None:
    """R-A08B-01, R-RDB-01: one concrete is not enough; the message says 2 and what is held."""
    g = new_game(2)
    with_r2(g)
    give(g, "Anna", concrete=1)
    e = refused(g, "Anna", "R-A08B-01", tile="build-road", road="R2")
    assert "needs 2 concrete; Anna holds 1 concrete" in e.message
    assert stage(g, "R2") == "construction"


@pytest.mark.parametrize("road, rule, words", [
    ("R0", "R-RDB-03", "R0 is a Half-road"),
    ("R1", "R-RDB-03", "R1 is already completed"),
    ("ring", "R-RDB-03", "ring is already completed"),
    ("O1.road", "R-RDB-03", "O1.road is already completed"),
    ("O1.access", "R-RDB-03", "O1.access is an Access Road: it is part of the Road Section "
                              "O1.road, always completed, and takes no road token"),
    ("R5", "R-RDB-02", "R5 is not on the table"),
    ("O3.road", "R-RDB-02", "O3.road is not on the table"),
])
def test_build_road_targets_r_rdb_02_03_r_road_02_05_06(road: str, rule: str,
                                                         words: str) -> None:
    """R-RDB-02, R-RDB-03, R-ROAD-01, R-ROAD-02, R-ROAD-03, R-ROAD-05, R-ROAD-06, R-ROAD-07:
    only a Construction Road takes a token: not a Half-road (R0), not a completed one (R1 with
    its setup token, the Center ring, O1's printed road and its Access Road, part of O1.road),
    not a road absent from the table. I08 at I2 makes R2 a Construction Road, so #08b can be
    chosen (R-A08B-05); the message lists the Construction Roads now open: R2."""
    g = new_game(2)
    with_r2(g)
    give(g, "Anna", concrete=2)
    e = refused(g, "Anna", rule, tile="build-road", road=road)
    assert words in e.message and "the Construction Roads now are R2." in e.message


def test_build_road_on_an_outer_parcel_r_rdb_02() -> None:
    """R-RDB-02, R-ROAD-08: an Outer tile's printed Construction Road (O02 at O2) takes a token;
    the marker moves on (space 2: 6 Trees, 2 -> 8)."""
    g = new_game(2)
    with_r2(g)
    g.state.townland.road_tokens.add("R2")
    lay(g, "O2", "O02")
    assert stage(g, "O2.road") == "construction"
    player(g, "Anna").road_track = 1
    give(g, "Anna", concrete=2)
    turn(g, "Anna", tile="build-road", road="O2.road")
    assert stage(g, "O2.road") == "completed"
    assert (player(g, "Anna").road_track, player(g, "Anna").trees) == (2, 8)


def test_no_road_token_left_r_a08b_05() -> None:
    """R-A08B-05, AMB-GEN-03 (a): with no road token in the supply no road is built."""
    g = new_game(2)
    with_r2(g)
    g.state.supply.road_tokens = 0
    give(g, "Anna", concrete=2)
    e = refused(g, "Anna", "R-A08B-05", tile="build-road", road="R2")
    assert "all 12 road tokens are on the table" in e.message


# --- Bonus Road Track (R-RDB-04..07, AMB-RDB-01/02) -----------------------------------------


@pytest.mark.parametrize("space, vp, money, trees, warehouses", [
    (1, 0, 3, 0, 0), (2, 0, 0, 6, 0), (3, 2, 0, 0, 0), (4, 0, 0, 0, 1), (6, 3, 3, 0, 0),
    (8, 1, 0, 6, 0), (9, 0, 5, 0, 1), (11, 4, 0, 0, 0),
])
def test_bonus_road_track_rewards_r_rdb_04_06(space: int, vp: int, money: int, trees: int,
                                              warehouses: int) -> None:
    """R-RDB-04, R-RDB-06, R-A08B-03: the marker advances one space and every reward printed
    there is collected (spaces 6, 8, 9 hold two): VP, Grinies, 6 Trees, a free Small
    Warehouse (taken from the supply of 12)."""
    g = new_game(2)
    with_r2(g)
    player(g, "Anna").road_track = space - 1
    give(g, "Anna", concrete=2)
    turn(g, "Anna", tile="build-road", road="R2")
    a = player(g, "Anna")
    assert a.road_track == space
    assert (a.vp, a.money, a.trees, a.small_warehouses) == (vp, START_MONEY + money, 2 + trees,
                                                            warehouses)
    assert g.state.supply.small_warehouses == 12 - warehouses
    assert g.state.supply.trees == 50 - 2 * 2 - trees


def test_bonus_road_track_declined_r_rdb_05() -> None:
    """R-RDB-05: the rewards are optional: declined, space 6 gives nothing (the marker still
    advances)."""
    g = new_game(2)
    with_r2(g)
    player(g, "Anna").road_track = 5
    give(g, "Anna", concrete=2)
    turn(g, "Anna", tile="build-road", road="R2", road_bonus="declined")
    a = player(g, "Anna")
    assert (a.road_track, a.vp, a.money) == (6, 0, START_MONEY)


def test_bonus_road_track_warehouse_supply_empty_amb_rdb_02() -> None:
    """AMB-RDB-02: with no Small Warehouse left, space 4's reward is lost."""
    g = new_game(2)
    with_r2(g)
    g.state.supply.small_warehouses = 0
    player(g, "Anna").road_track = 3
    give(g, "Anna", concrete=2)
    turn(g, "Anna", tile="build-road", road="R2")
    assert (player(g, "Anna").road_track, player(g, "Anna").small_warehouses) == (4, 0)


def test_bonus_road_track_past_the_end_amb_rdb_01() -> None:
    """AMB-RDB-01: past space 12 the marker gives nothing; a Land Tile there is refused."""
    g = new_game(2)
    with_r2(g)
    player(g, "Anna").road_track = 12
    give(g, "Anna", concrete=2)
    e = refused(g, "Anna", "R-RDB-04", tile="build-road", road="R2",
                road_bonus={"explore": {"slot": "I4", "land_tile": "I05"}})
    assert "no space left" in e.message
    turn(g, "Anna", tile="build-road", road="R2")
    a = player(g, "Anna")
    assert (a.vp, a.money, a.trees) == (0, START_MONEY, 2)


def test_bonus_road_track_land_tile_r_rdb_06_r_expl_06() -> None:
    """R-RDB-06, R-EXPL-01, R-EXPL-06, R-ZONE-05: space 5 adds a Land Tile free, without VP,
    and the builder marks the parcel (markers 5 -> 4). A space without a Land Tile (1) refuses
    one; the reward is optional (not recorded: no tile)."""
    g = new_game(2)
    with_r2(g)
    give(g, "Anna", concrete=2)
    e = refused(g, "Anna", "R-RDB-04", tile="build-road", road="R2",
                road_bonus={"explore": {"slot": "I4", "land_tile": "I05"}})
    assert "space 1 of the Bonus Road Track has no 'explore' reward" in e.message
    player(g, "Anna").road_track = 4
    turn(g, "Anna", tile="build-road", road="R2",
         road_bonus={"explore": {"slot": "I4", "land_tile": "I05"}})
    a = player(g, "Anna")
    town = g.state.townland
    assert town.tiles["I4"] == "I05" and town.owners["I4"] == "Anna"
    assert (a.markers, a.vp, a.money) == (4, 0, START_MONEY)
    g = new_game(2)
    with_r2(g)
    player(g, "Anna").road_track = 4
    give(g, "Anna", concrete=2)
    turn(g, "Anna", tile="build-road", road="R2")
    assert "I4" not in g.state.townland.tiles and player(g, "Anna").markers == 5


def test_bonus_road_track_repeat_r_rdb_06() -> None:
    """R-RDB-06, R-SACT-05, AMB-TURN-01 (a): space 7's Repeat Action is taken at the end of the
    turn as a full action: Build a Road (8 + 2 = 10), then Buy Trees, which is the tile the
    token stands on, so a full lap is needed: recorded refill, 5 tax, no wages; 3 Trees for 3."""
    g = new_game(2)
    with_r2(g)
    player(g, "Anna").road_track = 6
    give(g, "Anna", concrete=2)
    turn(g, "Anna", tile="build-road", road="R2",
         repeat=[{"tile": "buy-trees", "trees": 3,
                  "refills": [["wood", "wood", "steel", "steel"]]}])
    a = player(g, "Anna")
    assert (a.road_track, a.trees) == (7, 5)
    assert a.money == START_MONEY - 5 - 3
    assert a.position == 10 + 1


def test_repeat_only_where_the_track_has_one_r_rdb_06() -> None:
    """R-RDB-06, R-RDB-04: a Repeat recorded as a Road Bonus must be on the space reached (the
    rewards received are the new space's, R-RDB-04): space 1 has none; past the last space
    (AMB-RDB-01) there is none either."""
    g = new_game(2)
    with_r2(g)
    give(g, "Anna", concrete=2)
    e = refused(g, "Anna", "R-RDB-04", tile="build-road", road="R2",
                road_bonus={"repeat": True})
    assert "space 1 of the Bonus Road Track has no 'repeat' reward" in e.message
    player(g, "Anna").road_track = 12
    e = refused(g, "Anna", "R-RDB-04", tile="build-road", road="R2",
                road_bonus={"repeat": True})
    assert "no space left" in e.message


def test_connected_road_then_land_tile_beyond_it_r_rdb_07_r_aba_08() -> None:
    """R-RDB-07, R-ABA-04, R-ABA-08, R-RDB-06, R-EXPL-03, R-MUNI-07: the Connected Road
    completes R2 first, so the Road Bonus of space 5 can explore O2 behind it in the same turn;
    O04's Municipal site gets an orange Block on Anna's new parcel and the Municipality pays her
    5 + 3 x 0 = 5: 50 - 10 + 5 = 45, markers 5 -> 4, no VP for the Land Tile."""
    g = new_game(2)
    with_r2(g)
    player(g, "Anna").road_track = 4
    give(g, "Anna", concrete=4, wood=1)
    bonus = {"explore": {"slot": "O2", "land_tile": "O04",
                         "municipal_tokens": {"O2.s1": "school"}}}
    turn(g, "Anna", tile="build-floor", site="I1.s2", building="house",
         associated={"connected_road": {"road": "R2", "road_bonus": bonus}})
    a = player(g, "Anna")
    town = g.state.townland
    assert (town.tiles["O2"], town.owners["O2"]) == ("O04", "Anna")
    assert town.buildings["O2.s1"].blocks == [MUNICIPALITY]
    assert (a.money, a.vp, a.markers, a.road_track) == (45, 2, 4, 5)


def test_connected_road_advances_the_track_r_rdb_07() -> None:
    """R-RDB-07, R-ABA-04: the Connected Road of a Build action also moves the marker (space 3:
    2 VP), after the Floor's VP: 2 + 2 = 4; the Road Bonus is recorded inside it."""
    g = new_game(2)
    with_r2(g)
    player(g, "Anna").road_track = 2
    give(g, "Anna", concrete=4, wood=1)
    turn(g, "Anna", tile="build-floor", site="I1.s2", building="house",
         associated={"connected_road": {"road": "R2"}})
    a = player(g, "Anna")
    assert (a.road_track, a.vp, a.money) == (3, 2 + 2, START_MONEY - 10)


# --- road stages in play (R-ROAD-*) ---------------------------------------------------------


def test_half_road_blocks_building_and_exploring_r_road_02() -> None:
    """R-ROAD-02, R-ROAD-03: R0 is a Half-road: no building on I0.s2, no exploring beyond it
    (O0), no token on it."""
    g = new_game(2)
    assert stage(g, "R0") == "half" and stage(g, "R2") == "half"
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-ROAD-02", tile="build-floor", site="I0.s2", building="house")
    assert "a Half-road" in e.message
    e = refused(g, "Anna", "R-EXPL-03", tile="explore", slot="O0", land_tile="O02")
    assert "O0 is not reachable" in e.message


def test_construction_road_allows_building_not_exploring_r_road_04() -> None:
    """R-ROAD-04, R-ROAD-05, R-EXPL-03: with R2 a Construction Road, I1.s2 can be built but O2
    cannot be explored; once the token is laid (R-ROAD-08), O2 can."""
    g = new_game(2)
    with_r2(g)
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="I1.s2", building="house")
    e = refused(g, "Anna", "R-EXPL-03", tile="explore", slot="O2", land_tile="O02")
    assert "the slots open now are I3, I4, I5, I6, I7" in e.message
    g.state.townland.road_tokens.add("R2")
    turn(g, "Anna", tile="explore", slot="O2", land_tile="O02")
    assert g.state.townland.tiles["O2"] == "O02"


def test_access_road_is_completed_r_road_06() -> None:
    """R-ROAD-06, R-ABA-04, R-RDB-03: O1's Access Road counts as completed from the start: its
    site O1.s3 can be built. Its Connected Road is the road of its section, O1.road, printed
    completed on the entrance tile, so a Connected Road there is refused as already completed."""
    g = new_game(2)
    give(g, "Anna", concrete=3, steel=1)
    e = refused(g, "Anna", "R-RDB-03", tile="build-floor", site="O1.s3", building="bus-stop",
                associated={"connected_road": {}})
    assert "O1.road is already completed" in e.message
    turn(g, "Anna", tile="build-floor", site="O1.s3", building="bus-stop")
    assert g.state.townland.buildings["O1.s3"].blocks == ["Anna"]


# --- distance when a House is sold (R-DIST-*) -----------------------------------------------


def arrange_sale(g: Game, resident: str, house: str) -> None:
    """Anna holds `resident` and floor 1 of a House at `house`; she is given floor 2's cubes."""
    a = player(g, "Anna")
    if resident in g.state.supply.display:
        g.state.supply.display.remove(resident)
    else:
        g.state.supply.deck.remove(resident)
    a.residents.append(resident)
    a.blocks -= 1
    g.state.supply.tokens["house"] -= 1
    g.state.townland.buildings[house] = Building(site=house, building="house", floors=2,
                                                 blocks=["Anna"], by_build_action=[True],
                                                 workers=["Anna"])
    give(g, "Anna", concrete=1, wood=1, steel=1)


def finished_pub(g: Game, site: str, *builders: str) -> None:
    g.state.townland.buildings[site] = Building(site=site, building="pub", floors=2,
                                                blocks=list(builders),
                                                by_build_action=[True] * len(builders))


def test_distance_two_within_limit_r_dist_01_02_03_r_muni_01_02() -> None:
    """R-DIST-01, R-DIST-02, R-DIST-03, R-ROAD-07, R-MUNI-01, R-MUNI-02, R-PLANT-04, R-PLANT-08:
    Ivan needs a Pub within distance 2. The Pub at O1.s2 (Municipality + Bruno) is on O1.road;
    from the House on the ring (one section): ring -> R1 (1) -> O1.road (2) = 2, not more than 2:
    legal. Ivan pays Anna 5 VP and 12 + 1 Tree x 1 (a Tree on the Center's sector) = 13 G; the
    Pub's builders get 2 VP each in full mode: Bruno +2, the Municipality's 2 are lost."""
    g = new_game(2)
    finished_pub(g, "O1.s2", MUNICIPALITY, "Bruno")
    arrange_sale(g, "ivan", "C.s1")
    g.state.townland.trees.add("C.p1")
    assert townland.distance(g.ed, g.state.townland, "C.s1", "O1.s2") == 2
    turn(g, "Anna", tile="build-floor", site="C.s1",
         associated={"sell_house": {"resident": "ivan"}})
    a, b = player(g, "Anna"), player(g, "Bruno")
    assert (a.vp, a.money) == (3 + 5, START_MONEY - 15 + 13)
    assert (b.vp, b.money) == (2, START_MONEY)
    assert g.state.supply.pile == ["ivan"]


def test_unfinished_commerce_does_not_count_amb_bld_02() -> None:
    """AMB-BLD-02 (a), R-RESI-06: the orange Pub at O1.s2 has 1 Floor of 2: at distance 2 it
    would do, but unfinished it does not meet Ivan's mandatory Pub."""
    g = new_game(2)
    arrange_sale(g, "ivan", "C.s1")
    g.state.townland.trees.add("C.p1")
    assert not g.state.townland.buildings["O1.s2"].finished
    e = refused(g, "Anna", "R-SELL-05", tile="build-floor", site="C.s1",
                associated={"sell_house": {"resident": "ivan"}})
    assert "requires a finished, usable Pub within distance 2" in e.message


def test_distance_three_exceeds_limit_r_dist_03() -> None:
    """R-DIST-01, R-DIST-03: from a House on R2 (I1.s2, R2 completed) to the Pub on O1.road:
    R2 -> ring -> R1 -> O1.road = 3 > 2: Ivan's mandatory Pub is not met, no sale."""
    g = new_game(2)
    with_r2(g)
    g.state.townland.road_tokens.add("R2")
    finished_pub(g, "O1.s2", MUNICIPALITY, "Bruno")
    arrange_sale(g, "ivan", "I1.s2")
    g.state.townland.trees.add("I1.p1")
    e = refused(g, "Anna", "R-SELL-05", tile="build-floor", site="I1.s2",
                associated={"sell_house": {"resident": "ivan"}})
    assert "Pub within distance 2" in e.message


def test_distance_only_over_completed_roads_amb_dist_01() -> None:
    """AMB-DIST-01 (c), R-DIST-01, R-DIST-03, AMB-DIST-02, R-ROAD-04: a finished Pub on O2's
    Access Road (O03 at O2; the Access Road is completed, so the Pub is usable) is in the
    section O2.road: ring -> R2 -> O2.road = 2 sections from the ring once O2.road is completed.
    While O2.road is a Construction Road no route leaves the tile, so Agata (Pub within 3)
    cannot move in; with O2.road completed, 2 is within 3 and she does: 3 VP and 12 + 2 x 2
    Trees = 16 G for Anna, 3 VP (full) for Bruno's Pub."""
    g = new_game(2)
    with_r2(g)
    g.state.townland.road_tokens.add("R2")
    lay(g, "O2", "O03")
    finished_pub(g, "O2.s2", "Bruno", "Bruno")
    arrange_sale(g, "agata", "C.s1")
    g.state.townland.trees.update({"C.p1", "C.p2"})
    kw: dict[str, Any] = {"tile": "build-floor", "site": "C.s1",
                          "associated": {"sell_house": {"resident": "agata"}}}
    assert townland.distance(g.ed, g.state.townland, "C.s1", "O2.s2") is None
    e = refused(g, "Anna", "R-SELL-05", **kw)
    assert "Pub within distance 3" in e.message
    g.state.townland.road_tokens.add("O2.road")
    assert townland.distance(g.ed, g.state.townland, "C.s1", "O2.s2") == 2
    turn(g, "Anna", **kw)
    a, b = player(g, "Anna"), player(g, "Bruno")
    assert (a.vp, a.money) == (3 + 3, START_MONEY - 15 + 16)
    assert b.vp == 3


# --- Access Roads: part of their Outer tile's Road Section (R-ROAD-06/07) ---------------------


def house_floor_one(g: Game, house: str) -> None:
    """Anna holds floor 1 of a House at `house` (the Residents she was dealt stay hers: Dana,
    Emil); she is given floor 2's cubes."""
    a = player(g, "Anna")
    a.blocks -= 1
    g.state.supply.tokens["house"] -= 1
    building(g, house, "house", ["Anna"], ["Anna"])
    give(g, "Anna", concrete=1, wood=1, steel=1)


def finished(g: Game, site: str, key: str, *builders: str) -> None:
    """A finished building of `key` at `site`, every Floor by `builders` in turn."""
    floors = len(g.ed.buildings[key].floors)
    blocks = [builders[i % len(builders)] for i in range(floors)]
    building(g, site, key, blocks, [])
    g.state.supply.tokens[key] -= 1


def test_r_sell_05_commerce_on_an_access_road_at_the_maximum_distance() -> None:
    """R-DIST-01, R-DIST-03, R-ROAD-07, R-SELL-05, R-SELL-09, R-SPLIT-02: Dana needs a Shopping
    Center within distance 2. Bruno's finished Shopping Center stands at O1.s3, on O1's Access
    Road, which lies in the section O1.road. From Anna's House at C.s1 on the ring: ring -> R1
    (1) -> O1.road (2) = 2, the limit: legal (an Access Road of its own would make it 3).
    Anna: Floor 2 of the House 3 VP, Dana's primary 3 VP; 50 - 15 (Sell the House) + 15 + 0
    Trees x 1 = 50 G. Dana's 20 G are split by participants: Bruno alone, 20 G."""
    g = new_game(2)
    finished(g, "O1.s3", "shopping-center", "Bruno")
    house_floor_one(g, "C.s1")
    assert townland.distance(g.ed, g.state.townland, "C.s1", "O1.s3") == 2
    turn(g, "Anna", tile="build-floor", site="C.s1",
         associated={"sell_house": {"resident": "dana"}})
    a, b = player(g, "Anna"), player(g, "Bruno")
    assert (a.vp, a.money) == (3 + 3, START_MONEY - 15 + 15)
    assert (b.vp, b.money) == (0, START_MONEY + 20)
    assert g.state.supply.pile == ["dana"]


def test_r_sell_05_commerce_on_an_access_road_beyond_the_maximum_distance() -> None:
    """R-DIST-01, R-DIST-03, R-SELL-05: the same Shopping Center at O1.s3 from Anna's House at
    I1.s2 on R2 (R2 completed): R2 -> ring (1) -> R1 (2) -> O1.road (3) = 3 > 2: Dana's
    mandatory Shopping Center is not met, no sale."""
    g = new_game(2)
    with_r2(g)
    g.state.townland.road_tokens.add("R2")
    finished(g, "O1.s3", "shopping-center", "Bruno")
    house_floor_one(g, "I1.s2")
    assert townland.distance(g.ed, g.state.townland, "I1.s2", "O1.s3") == 3
    e = refused(g, "Anna", "R-SELL-05", tile="build-floor", site="I1.s2",
                associated={"sell_house": {"resident": "dana"}})
    assert "Shopping Center within distance 2" in e.message
    assert "the Shopping Center at O1.s3 is too far (distance 3 > 2)" in e.message


def test_r_aba_04_connected_road_from_access_road_site_completes_the_main_road() -> None:
    """R-ABA-04, AMB-ABA-02, R-BLD-08, R-ROAD-06, R-RDB-04, R-SBON-04: O03 at O2 (behind the
    completed R2) prints a Construction Road and an Access Road; its site O2.s2 lies on the
    Access Road, in the section O2.road. Anna builds a Bus Stop there (concrete + steel, 2 VP;
    site bonus 3 VP) and takes the Connected Road: 10 G and 2 concrete complete O2.road, the
    tile's main road (road tokens 11 -> 10), and her marker reaches space 1 (+3 G):
    50 - 10 + 3 = 43 G, 2 + 3 = 5 VP. The log names the road `O2.road` or omits it."""
    for named in ({"road": "O2.road"}, {}):
        g = new_game(2)
        with_r2(g)
        g.state.townland.road_tokens.add("R2")
        lay(g, "O2", "O03")
        assert stage(g, "O2.road") == "construction"
        give(g, "Anna", concrete=3, steel=1)
        turn(g, "Anna", tile="build-floor", site="O2.s2", building="bus-stop",
             associated={"connected_road": dict(named)})
        a = player(g, "Anna")
        assert stage(g, "O2.road") == "completed" and "O2.road" in g.state.townland.road_tokens
        assert g.state.supply.road_tokens == 10
        assert (a.money, a.vp, a.road_track, a.cubes["concrete"]) == (43, 5, 1, 0)


def test_r_aba_04_connected_road_names_the_section_not_the_access_road() -> None:
    """R-ABA-04, R-RDB-03: the Access Road is no road of its own: naming `O2.access` for the
    Connected Road of O2.s2 is refused with a message naming the section's road; so is a road
    token on it with #08b, while O2.road is the Construction Road open."""
    g = new_game(2)
    with_r2(g)
    g.state.townland.road_tokens.add("R2")
    lay(g, "O2", "O03")
    give(g, "Anna", concrete=3, steel=1)
    e = refused(g, "Anna", "R-ABA-04", tile="build-floor", site="O2.s2", building="bus-stop",
                associated={"connected_road": {"road": "O2.access"}})
    assert e.message == ("the Connected Road of O2.s2 is O2.road, not O2.access (an Access Road "
                         "is part of its tile's Road Section O2.road and takes no road token).")
    e = refused(g, "Anna", "R-RDB-03", tile="build-road", road="O2.access")
    assert "part of the Road Section O2.road" in e.message
    assert "the Construction Roads now are O2.road" in e.message


def test_r_rdb_03_a_log_names_no_access_road() -> None:
    """R-RDB-03, docs/log-format.md: a road in a log is `R0`..`R7` or `Ok.road`; `O1.access`
    is refused by the log check with a message, before any rule is judged."""
    log = base_log(2)
    connected = {"connected_road": {"road": "O1.access"}}
    log["turns"] = [{"player": "Anna", "tile": "build-floor", "site": "O1.s3",
                     "building": "bus-stop", "associated": connected},
                    {"player": "Bruno", "tile": "build-road", "road": "O1.access"}]
    problems = check_log(Loaded("game.yaml", log))
    assert [p.message for p in problems] == [
        "'O1.access' is not a road (written like 'R3' or 'O4.road')"] * 2


def test_r_sell_03_house_on_an_access_road_sells_before_the_main_road() -> None:
    """R-ROAD-06, R-SELL-03, R-BLD-12: O06 at O2 prints a Construction Road; its residential
    site O2.s1 lies on the Access Road, which "is considered completed", so the finished House
    there is connected to a Completed Road and sells. Boris has no mandatory feature (0 Trees):
    Anna gets Floor 2's 3 VP and Boris's 6 VP, 50 - 15 + 5 = 40 G."""
    g = new_game(2)
    with_r2(g)
    g.state.townland.road_tokens.add("R2")
    lay(g, "O2", "O06")
    assert stage(g, "O2.road") == "construction"
    arrange_sale(g, "boris", "O2.s1")
    turn(g, "Anna", tile="build-floor", site="O2.s1",
         associated={"sell_house": {"resident": "boris"}})
    a = player(g, "Anna")
    assert (a.vp, a.money) == (3 + 6, START_MONEY - 15 + 5)


def test_r_road_04_no_route_from_an_access_road_over_its_construction_main_road() -> None:
    """R-ROAD-04, AMB-DIST-01 (c), R-DIST-03: the House at O2.s1 (O06's Access Road) is usable,
    but a route out of its tile runs along O2's main road, a Construction Road: Ivan (Pub within
    2, at least 1 Tree) refuses though Bruno's Pub at C.s6 on the ring would be O2.road -> R2
    (1) -> ring (2) = 2 away. With a token on O2.road he moves in: Anna 3 + 5 VP and 50 - 15 +
    12 + 1 Tree x 1 = 48 G; Bruno's Pub 2 VP (full)."""
    g = new_game(2)
    with_r2(g)
    g.state.townland.road_tokens.add("R2")
    lay(g, "O2", "O06")
    finished(g, "C.s6", "pub", "Bruno")
    arrange_sale(g, "ivan", "O2.s1")
    g.state.townland.trees.add("O2.p1")  # O2's left half: the wedge of I1, as O2.s1
    kw: dict[str, Any] = {"tile": "build-floor", "site": "O2.s1",
                          "associated": {"sell_house": {"resident": "ivan"}}}
    assert townland.distance(g.ed, g.state.townland, "O2.s1", "C.s6") is None
    e = refused(g, "Anna", "R-SELL-05", **kw)
    assert "the Pub at C.s6 cannot be reached from the House over Completed Roads" in e.message
    g.state.townland.road_tokens.add("O2.road")
    assert townland.distance(g.ed, g.state.townland, "O2.s1", "C.s6") == 2
    turn(g, "Anna", **kw)
    a, b = player(g, "Anna"), player(g, "Bruno")
    assert (a.vp, a.money) == (3 + 5, START_MONEY - 15 + 12 + 1)
    assert b.vp == 2
