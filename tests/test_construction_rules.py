"""Construction in play (catalogue section 5; tiles #03 and #04): floors, building tokens, the
Worker at the site, the Participation Fee, the Site Bonuses and Additional Site Actions, the
Associated Build Actions and the fourth Worker; worked examples EX-03, EX-15, EX-22, EX-24, EX-30.

Every position starts from `gamekit.new_game` (standard edition, 50 Grinies each): C holds C1,
I0 holds I01, I1 holds I02, O1 holds O01, R1 is completed; orange Blocks on C.s5 (Bank), O1.s1
(House) and O1.s2 (Pub). Costs and VPs below are the standard edition's player-aid data:

    House     floor 1: 2 concrete + 1 wood, 2 VP     floor 2: 1 concrete + 1 wood + 1 steel, 3 VP
    Bus Stop  floor 1: 1 concrete + 1 steel, 2 VP    floor 2: 1 concrete + 1 wood, 2 VP
    Cafe      floor 1: 1 concrete + 2 wood, 3 VP
    Church    floor 1: 3 concrete + 1 wood, 4 VP     floor 2: 2 concrete + 2 wood, 4 VP
              floor 3: 2 wood + 1 steel, 5 VP
    Cultural Venue floor 1: 2 concrete + 1 wood + 1 steel, 5 VP

Ring positions (gamekit's ring): build-floor 6, explore-build-road 8, buy-trees 10, subsidy 12,
build-floor-premium 16, architect 17. A token on the Starting Tile (0) that chooses tile k moves
k steps, so after a Build action it stands on k + (cubes spent on the Floor).
"""

from __future__ import annotations

from typing import Any

import pytest

from grinivil_cli.engine.game import Game
from grinivil_cli.engine.state import MUNICIPALITY, Building
from grinivil_cli.errors import IllegalMove
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.logfile.schema import check_log

from gamekit import (
    base_log,
    give,
    lay,
    living,
    new_game,
    play,
    player,
    refused,
    total_cubes,
    turn,
)

START_MONEY = 50  # gamekit's setup.money


# --- arranging positions --------------------------------------------------------------------








def building(g: Game, site: str, key: str, *builders: str, by_action: bool = True) -> Building:
    """Arrange a building whose Floors were built by `builders` (bottom up); each player
    builder has a Worker at the site, as the rules leave it while the building is unfinished."""
    floors = len(g.ed.buildings[key].floors)
    workers = []
    for who in builders:
        if who != MUNICIPALITY:
            player(g, who).blocks -= 1
            if who not in workers:
                workers.append(who)
    b = Building(site=site, building=key, floors=floors, blocks=list(builders),
                 by_build_action=[by_action and x != MUNICIPALITY for x in builders],
                 workers=workers)
    g.state.supply.tokens[key] -= 1
    g.state.townland.buildings[site] = b
    return b




def rules_of(g: Game, name: str, what: str) -> list[str]:
    return [e.rule for e in g.ledger.entries if e.player == name and e.what == what]


# --- first floor, upper floor (R-BLD-*, R-SITE-*, R-A03-*) ----------------------------------


def test_first_floor_house_r_bld_01_05_07_08_r_site_01_r_a03_02_03_04() -> None:
    """R-BLD-01, R-BLD-03, R-BLD-05, R-BLD-07, R-BLD-08, R-SITE-01, R-SITE-03, R-WRK-03,
    R-A03-02, R-A03-03, R-A03-04, R-RES-03, AMB-BLD-04 (a): a House (brown token, 2 Floors) on
    the ring site I0.s1 of a Municipal parcel: the edition's player-aid cost 2 concrete + 1 wood
    goes to the pouch, 2 VP, one Block, the token construction side up, a Worker next to the
    site, no fee; 3 cubes = 3 TU."""
    assert new_game(2).ed.buildings["house"].floors[0].cost == {"concrete": 2, "wood": 1}
    g = new_game(2)
    before = total_cubes(g)
    pouch = dict(g.state.supply.pouch)
    houses = g.state.supply.tokens["house"]
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="I0.s1", building="house")
    a = player(g, "Anna")
    b = g.state.townland.buildings["I0.s1"]
    assert (b.building, b.floors, b.blocks, b.workers) == ("house", 2, ["Anna"], ["Anna"])
    assert not b.finished  # one Floor of two: still construction side up
    assert a.cubes == {"concrete": 0, "wood": 0, "steel": 0}
    assert g.state.supply.pouch["concrete"] == pouch["concrete"]  # given 2, discarded 2
    assert total_cubes(g) == before
    assert (a.vp, a.money, a.blocks) == (2, START_MONEY, 14 - 1)  # 2 VP, no fee, 14 - 1 Blocks
    assert g.state.supply.tokens["house"] == houses - 1
    assert g.free_workers(a) == 3 - 1
    assert a.position == 6 + 3  # Build Floor tile at 6, then 1 TU per cube spent


def test_first_floor_public_three_floors_r_bld_01_02_03() -> None:
    """R-BLD-01, R-BLD-02, R-BLD-03, R-SITE-01: a Public building (Church, yellow token) on a
    Non-residential site has 3 Floors; floor 1 costs 3 concrete + 1 wood for 4 VP, 4 TU."""
    g = new_game(2)
    give(g, "Anna", concrete=3, wood=1)
    turn(g, "Anna", tile="build-floor", site="C.s6", building="church")
    b = g.state.townland.buildings["C.s6"]
    assert (b.building, b.floors, b.blocks) == ("church", 3, ["Anna"])
    assert g.ed.buildings["church"].family == "public"
    assert player(g, "Anna").vp == 4
    assert player(g, "Anna").position == 6 + 4


@pytest.mark.parametrize("site", ["C.s6", "C.s7", "I0.s3", "O1.s3"])
def test_every_nonresidential_site_alike_r_site_02(site: str) -> None:
    """R-SITE-02, R-SITE-01: the central s6/s7, an Inner site on R1 and O1's Access Road site
    all take a Commerce building the same way: Bus Stop floor 1 = 1 concrete + 1 steel, 2 VP."""
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=1)
    turn(g, "Anna", tile="build-floor", site=site, building="bus-stop")
    assert g.state.townland.buildings[site].blocks == ["Anna"]
    assert player(g, "Anna").vp == 2
    assert player(g, "Anna").position == 6 + 2


def test_token_family_must_match_site_kind_r_site_01() -> None:
    """R-SITE-01, R-BLD-01: no House on a Non-residential site, no Commerce on a Residential
    site; the message names the site kind and the building."""
    g = new_game(2)
    give(g, "Anna", concrete=3, wood=2, steel=1)
    e = refused(g, "Anna", "R-SITE-01", tile="build-floor", site="C.s6", building="house")
    assert "nonresidential" in e.message and "House (house)" in e.message
    e = refused(g, "Anna", "R-SITE-01", tile="build-floor", site="C.s1", building="cafe")
    assert "residential" in e.message and "Cafe (commerce)" in e.message
    assert "C.s1" not in g.state.townland.buildings and player(g, "Anna").vp == 0


def test_first_floor_needs_a_usable_road_r_bld_08_r_road_02() -> None:
    """R-BLD-08, R-ROAD-02, R-ROAD-03: I0.s2 hangs on R0, a Half-road (I7 is empty): no first
    Floor there, by the narrowest rule, the Half-road's (R-ROAD-02: "you cannot build on sites
    attached to it"); the message names the road and its stage."""
    g = new_game(2)
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-ROAD-02", tile="build-floor", site="I0.s2", building="house")
    assert "R0, a Half-road" in e.message


def test_first_floor_on_a_construction_road_r_road_04() -> None:
    """R-ROAD-04, AMB-ROAD-01: with I2 placed, R2 joins into a Construction Road; the House site
    I1.s2 on it can be built (and finished), but the House is not usable: selling it right
    after finishing it is illegal (R-SELL-03, R-BLD-12)."""
    g = new_game(2)
    lay(g, "I2", "I08")
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="I1.s2", building="house")
    assert g.state.townland.buildings["I1.s2"].blocks == ["Anna"]
    g.state.supply.display.remove("boris")
    player(g, "Anna").residents.append("boris")  # no mandatory feature: only the road counts
    give(g, "Anna", concrete=1, wood=1, steel=1)
    e = refused(g, "Anna", "R-SELL-03", tile="build-floor", site="I1.s2",
                associated={"sell_house": {"resident": "boris"}})
    assert "R2" in e.message and "not a Completed Road" in e.message


def test_site_must_exist_and_first_floor_names_building_r_bld_08_r_site_04() -> None:
    """R-BLD-08, R-SITE-04: an unknown site, a slot without a tile, and an empty site without
    a 'building' are refused."""
    g = new_game(2)
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-BLD-08", tile="build-floor", site="I0.s9", building="house")
    assert "no such Building Site" in e.message and "I0.s1" in e.message
    e = refused(g, "Anna", "R-BLD-08", tile="build-floor", site="I5.s1", building="house")
    assert "no tile is placed at I5" in e.message
    e = refused(g, "Anna", "R-BLD-08", tile="build-floor", site="I0.s1")
    assert "I0.s1 is empty" in e.message


def test_upper_floor_by_another_player_r_bld_04_06_09_10() -> None:
    """R-BLD-04, R-BLD-06, R-BLD-09, R-BLD-10, R-WRK-03, R-SITE-04, AMB-BLD-05 (a): Bruno builds
    floor 2 of Anna's House: his Block goes on top, floor 2's cost (1+1+1) and 3 VP, his own
    Worker joins Anna's, and the House is finished ('FOR SALE'); finishing it brings nothing
    more (no completion bonus, still 3 Workers each). Naming another building is refused."""
    g = new_game(2)
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="I0.s1", building="house")
    give(g, "Bruno", concrete=1, wood=1, steel=1)
    e = refused(g, "Bruno", "R-BLD-09", tile="build-floor", site="I0.s1", building="cafe")
    assert "holds a House, not a Cafe" in e.message
    turn(g, "Bruno", tile="build-floor", site="I0.s1")
    b = g.state.townland.buildings["I0.s1"]
    assert b.blocks == ["Anna", "Bruno"] and b.workers == ["Anna", "Bruno"]
    assert b.finished
    assert player(g, "Bruno").vp == 3 and player(g, "Anna").vp == 2
    assert player(g, "Bruno").cubes == {"concrete": 0, "wood": 0, "steel": 0}
    assert player(g, "Bruno").position == 6 + 3
    assert (player(g, "Anna").workers, player(g, "Bruno").workers) == (3, 3)


def test_finished_building_takes_no_floor_r_bld_11() -> None:
    """R-BLD-11: a finished House gets no third Floor."""
    g = new_game(2)
    building(g, "I0.s1", "house", "Anna", "Bruno")
    give(g, "Anna", concrete=1, wood=1, steel=1)
    e = refused(g, "Anna", "R-BLD-11", tile="build-floor", site="I0.s1")
    assert "House at I0.s1 is finished" in e.message


def test_floor_needs_its_resources_r_bld_07() -> None:
    """R-BLD-07, R-A03-03: without the printed cubes the Floor cannot be built; the message
    states what is needed and what is held. Logged cubes must match the printed cost."""
    g = new_game(2)
    give(g, "Anna", concrete=1, wood=1)
    e = refused(g, "Anna", "R-BLD-07", tile="build-floor", site="I0.s1", building="house")
    assert "needs 2 concrete, 1 wood" in e.message and "holds 1 concrete, 1 wood" in e.message
    give(g, "Anna", concrete=1, steel=1)
    e = refused(g, "Anna", "R-BLD-07", tile="build-floor", site="I0.s1", building="house",
                cubes={"concrete": 2, "steel": 1})
    assert "needs 2 concrete, 1 wood" in e.message and "2 concrete, 1 steel" in e.message


def test_building_tokens_amb_bld_01() -> None:
    """AMB-BLD-01 (a), R-GEN-09: the builder picks any token of the site's family left in the
    supply: the one Pub token is on the orange Block at O1.s2, so no Pub can be started; the 12
    House tokens allow a second House (11 -> 9 after two)."""
    g = new_game(2)
    assert g.state.supply.tokens["pub"] == 0
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-GEN-09", tile="build-floor", site="C.s6", building="pub")
    assert "no Pub Building Token is left" in e.message
    turn(g, "Anna", tile="build-floor", site="C.s1", building="house")
    give(g, "Bruno", concrete=2, wood=1)
    turn(g, "Bruno", tile="build-floor", site="C.s2", building="house")
    assert g.state.supply.tokens["house"] == 12 - 1 - 2


# --- Workers (R-WRK-*) ----------------------------------------------------------------------


def test_no_free_worker_no_build_r_wrk_02_r_a03_01_amb_wrk_01() -> None:
    """R-WRK-02, R-A03-01, R-A04-04, R-WRK-05, AMB-WRK-01 (a): Anna's 3 Workers stand at two
    sites and on the Architect tile: she cannot choose #03 or #04, not even for a building
    where her Worker already stands."""
    g = new_game(2)
    building(g, "I0.s1", "house", "Anna")
    building(g, "C.s6", "cafe", "Anna")
    g.state.ring.ability_workers[17] = "Anna"
    assert g.state.ring.tile_at(17) == "architect"
    give(g, "Anna", concrete=1, wood=1, steel=1)
    e = refused(g, "Anna", "R-WRK-02", tile="build-floor", site="I0.s1")
    assert "no free Worker" in e.message
    refused(g, "Anna", "R-WRK-02", tile="build-floor-premium", site="I0.s1")
    assert g.state.ring.tile_at(6) == "build-floor"  # the Initial tiles' fixed corners
    assert g.state.ring.tile_at(16) == "build-floor-premium"


def test_ability_tile_needs_a_free_worker_r_wrk_06() -> None:
    """R-WRK-06, R-WRK-05: with every Worker employed at sites, no Ability Tile can be taken."""
    g = new_game(2)
    for site in ("I0.s1", "C.s1", "C.s2"):
        building(g, site, "house", "Anna")
    e = refused(g, "Anna", "R-WRK-06", tile="architect")
    assert "no free Worker" in e.message


def test_unemployed_workers_for_subsidy_r_wrk_05() -> None:
    """R-WRK-05: a Worker at a site and one on an Ability Tile are employed; Subsidy pays
    3 + 3 x 1 unemployed = 6 Grinies."""
    g = new_game(2)
    building(g, "I0.s1", "house", "Anna")
    g.state.ring.ability_workers[17] = "Anna"
    turn(g, "Anna", tile="subsidy")
    assert player(g, "Anna").money == START_MONEY + 6


def test_worker_leaves_only_finished_building_at_completion_r_wrk_04() -> None:
    """R-WRK-04, R-WRK-05, R-WRK-01: Anna (token on 19) chooses Build Floor (6) and completes
    the TAR on the way: 5 tax + 3 x 2 employed Workers = 11 Grinies; then her Worker leaves the
    finished House at C.s1 (Bruno's stays: his round is not over) but stays at the unfinished
    one at I0.s1, which she now finishes: the Worker stays there until her next completion."""
    g = new_game(2)
    building(g, "C.s1", "house", "Anna", "Bruno")
    building(g, "I0.s1", "house", "Anna")
    a = player(g, "Anna")
    g.state.current = 0
    a.position = 19
    give(g, "Anna", concrete=1, wood=1, steel=1)
    market_wood = g.state.market["wood"]
    play(g, player="Anna", tile="build-floor", site="I0.s1",
         refills=[["wood", "wood", "steel", "concrete"]])
    assert a.money == START_MONEY - 5 - 3 * 2
    assert g.state.townland.buildings["C.s1"].workers == ["Bruno"]
    assert g.state.townland.buildings["I0.s1"].finished
    assert g.state.townland.buildings["I0.s1"].workers == ["Anna"]
    assert g.state.market["wood"] == market_wood + 2
    assert a.position == 6 + 3 and a.vp == 3


# --- Participation Fee (R-FEE-*, EX-03, EX-15) ----------------------------------------------


@pytest.mark.parametrize("residents, fee", [(0, 5), (1, 8), (2, 11), (3, 14), (4, 17),
                                            (5, 20), (6, 20), (7, 20)])
def test_fee_table_r_fee_03_ex_15(residents: int, fee: int) -> None:
    """R-FEE-01, R-FEE-02, R-FEE-03, R-OWN-02, EX-15: 5 + 3 per Resident living in Grinivil,
    at most 20: 0->5, 1->8, 2->11, 3->14, 4->17, 5->20, 6+->20, paid to the parcel's owner."""
    g = new_game(2)
    g.state.townland.owners["I0"] = "Bruno"
    living(g, residents)
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="I0.s1", building="house")
    assert player(g, "Anna").money == START_MONEY - fee
    assert player(g, "Bruno").money == START_MONEY + fee
    assert rules_of(g, "Anna", "money") == ["R-FEE-03"]


def test_participation_fee_ex_03_and_fourth_worker_r_bld_13() -> None:
    """EX-03, R-FEE-01, R-FEE-02, R-FEE-03, R-FEE-04, R-FEE-05, R-BLD-13, R-WRK-01, AMB-BLD-03:
    David builds the 3rd Floor of the Church on Rudi's parcel with 2 residents living in
    Grinivil (here: Anna on Bruno's I0, Floors 1-2 by Bruno and Clara): before the Floor she pays
    Bruno 5 + 3 x 2 = 11. The Church is finished: all three Build-action builders get their
    fourth Worker (3 -> 4)."""
    g = new_game(3)
    g.state.townland.owners["I0"] = "Bruno"
    building(g, "I0.s3", "church", "Bruno", "Clara")
    living(g, 2)
    give(g, "Anna", wood=2, steel=1)
    turn(g, "Anna", tile="build-floor", site="I0.s3")
    a, b, c = (player(g, n) for n in ("Anna", "Bruno", "Clara"))
    assert a.money == START_MONEY - 11 and b.money == START_MONEY + 11
    assert c.money == START_MONEY
    fee = [e for e in g.ledger.entries if e.rule == "R-FEE-03"]
    assert [(e.player, e.amount, e.counterparty) for e in fee] == [("Anna", -11, "Bruno"),
                                                                  ("Bruno", 11, "Anna")]
    assert "5 + 3 x 2 residents" in fee[0].cause
    assert a.vp == 5  # Church floor 3
    assert g.state.townland.buildings["I0.s3"].finished
    assert [(p.workers, p.fourth_worker) for p in (a, b, c)] == [(4, True)] * 3
    assert rules_of(g, "Bruno", "workers") == ["R-BLD-13"]


def test_fourth_worker_only_for_build_action_floors_amb_bld_03() -> None:
    """AMB-BLD-03 (a), R-BLD-13, R-MUNI-09: Floors placed by the Municipality and by a player
    not through a Build Floor action (Clara's, arranged as a Crowdfunding Block) earn no
    Worker; Anna, who finishes the Church with #03, gets hers."""
    g = new_game(3)
    b = building(g, "C.s6", "church", MUNICIPALITY, "Clara", by_action=False)
    assert b.by_build_action == [False, False]
    give(g, "Anna", wood=2, steel=1)
    turn(g, "Anna", tile="build-floor", site="C.s6")
    assert player(g, "Anna").workers == 4
    assert (player(g, "Clara").workers, player(g, "Clara").fourth_worker) == (3, False)


def test_fourth_worker_through_additional_floor_amb_bld_03() -> None:
    """AMB-BLD-03 (a), R-ABA-03, R-BLD-13: the Additional Floor counts as a Build Floor action:
    Anna builds floors 2 and 3 of Bruno's Church (25 G; 4 + 5 VP) and both get the Worker."""
    g = new_game(2)
    building(g, "C.s6", "church", "Bruno")
    give(g, "Anna", concrete=2, wood=4, steel=1)  # floor 2: 2c+2w; floor 3: 2w+1s
    turn(g, "Anna", tile="build-floor", site="C.s6",
         associated={"additional_floor": {}})
    a = player(g, "Anna")
    assert (a.money, a.vp) == (START_MONEY - 25, 4 + 5)
    assert g.state.townland.buildings["C.s6"].blocks == ["Bruno", "Anna", "Anna"]
    assert a.workers == 4 and player(g, "Bruno").workers == 4
    assert a.position == 6 + 4  # only floor 2's 4 cubes count (AMB-ABA-01)


def test_fee_municipal_parcel_and_own_parcel_r_fee_02_r_muni_03() -> None:
    """R-FEE-02, R-MUNI-03, R-OWN-02: no fee on a Municipal parcel (C) nor on your own (I0)."""
    g = new_game(2)
    living(g, 3)
    g.state.townland.owners["I0"] = "Anna"
    give(g, "Anna", concrete=4, wood=2)
    turn(g, "Anna", tile="build-floor", site="C.s1", building="house")
    turn(g, "Anna", tile="build-floor", site="I0.s1", building="house")
    assert player(g, "Anna").money == START_MONEY
    assert player(g, "Bruno").money == START_MONEY
    assert "R-FEE-03" not in rules_of(g, "Anna", "money")


def test_fee_once_per_building_r_fee_04() -> None:
    """R-FEE-04, R-FEE-01: Anna already has a Block in the House on Bruno's parcel: her next
    Floor costs no fee; Bruno, the owner, pays none for his either."""
    g = new_game(2)
    g.state.townland.owners["C"] = "Bruno"
    living(g, 1)
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="C.s1", building="house")
    assert player(g, "Anna").money == START_MONEY - 8  # 5 + 3 x 1
    give(g, "Anna", concrete=1, wood=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="C.s1")
    assert player(g, "Anna").money == START_MONEY - 8
    give(g, "Bruno", concrete=3, wood=1)
    turn(g, "Bruno", tile="build-floor", site="C.s6", building="church")
    assert player(g, "Bruno").money == START_MONEY + 8


def test_fee_on_municipal_block_of_a_players_parcel_r_fee_01() -> None:
    """R-FEE-01, R-FEE-02: the orange House at O1.s1 stands on a parcel arranged as Bruno's;
    Anna has no Block in it: her floor 2 costs her 5 + 3 x 0 = 5, paid to Bruno."""
    g = new_game(2)
    g.state.townland.owners["O1"] = "Bruno"
    give(g, "Anna", concrete=1, wood=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="O1.s1")
    assert g.state.townland.buildings["O1.s1"].blocks == [MUNICIPALITY, "Anna"]
    assert (player(g, "Anna").money, player(g, "Bruno").money) == (45, 55)


def test_fee_unpaid_is_illegal_r_fee_05() -> None:
    """R-FEE-05, R-FEE-03, R-A03-03: the fee is paid first; with 10 Grinies against a fee of
    5 + 3 x 2 = 11 the Build action is illegal and the message carries both numbers."""
    g = new_game(2)
    g.state.townland.owners["I0"] = "Bruno"
    living(g, 2)
    player(g, "Anna").money = 10
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-FEE-03", tile="build-floor", site="I0.s1", building="house")
    assert "is 11 Grinies; Anna holds 10" in e.message and "5 + 3 x 2" in e.message
    assert player(g, "Bruno").money == START_MONEY


def test_crowdfunding_is_not_in_play_r_fee_06_amb_fee_01_amb_aba_03() -> None:
    """R-FEE-06, AMB-FEE-01, AMB-ABA-03: Crowdfunding (#52P) and Follower (#51P) are promo
    tiles the engine does not support: a ring holding one is refused at setup, so no
    Crowdfunding fee and no Follower-copied Build can arise."""
    for promo in ("crowdfunding", "follower"):
        ring = list(base_log(2)["setup"]["ring"])
        ring[ring.index("banker")] = promo
        with pytest.raises(IllegalMove) as e:
            new_game(2, ring=ring)
        assert e.value.rule == "R-SETUP-21" and f"'{promo}' is a promo tile" in e.value.message


# --- #04 Build Floor at a premium -----------------------------------------------------------


def test_build_floor_premium_r_a04_01_02_03() -> None:
    """R-A04-01, R-A04-02, R-A04-03: #04 costs 3 Grinies more than #03, builds the same Floor
    (2 VP), 1 TU per cube (16 + 3 = 19), and allows an Associated Build Action."""
    g = new_game(2)
    give(g, "Anna", concrete=3, wood=2, steel=1)
    turn(g, "Anna", tile="build-floor-premium", site="I0.s1", building="house",
         associated={"additional_floor": {}})
    a = player(g, "Anna")
    assert a.money == START_MONEY - 3 - 25
    assert a.vp == 2 + 3
    assert a.position == 16 + 3
    assert g.state.townland.buildings["I0.s1"].blocks == ["Anna", "Anna"]
    assert [e.amount for e in g.ledger.entries if e.rule == "R-A04-01"] == [-3]


def test_build_floor_premium_unpaid_r_a04_01() -> None:
    """R-A04-01: with 2 Grinies the premium of 3 cannot be paid."""
    g = new_game(2)
    player(g, "Anna").money = 2
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-A04-01", tile="build-floor-premium", site="I0.s1",
                building="house")
    assert "3 Grinies; Anna holds 2" in e.message


# --- Site Bonus and Additional Site Actions (R-SBON-*, R-SACT-*) ----------------------------


def test_vp_site_bonus_r_sbon_01_04() -> None:
    """R-SBON-01, R-SBON-04, R-SITE-05, AMB-SBON-03: I1.s3 (I02, on R1) prints a 2-VP bonus:
    Bus Stop 2 VP + bonus 2 VP = 4, collected automatically."""
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="I1.s3", building="bus-stop")
    assert player(g, "Anna").vp == 2 + 2
    assert rules_of(g, "Anna", "vp") == ["R-BLD-07", "R-SBON-04"]


def test_site_bonus_is_optional_r_sbon_02() -> None:
    """R-SBON-02: the bonus may be declined: only the Floor's 2 VP."""
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="I1.s3", building="bus-stop",
         site_bonus="declined")
    assert player(g, "Anna").vp == 2


def test_money_site_bonus_r_sbon_04() -> None:
    """R-SBON-04: I03's s2 (right road = R0 when laid at I7) prints 5 Grinies."""
    g = new_game(2)
    lay(g, "I7", "I03")
    give(g, "Anna", concrete=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="I7.s2", building="bus-stop")
    assert player(g, "Anna").money == START_MONEY + 5


def test_wrong_bonus_kind_and_upper_floor_bonus_r_sbon_01() -> None:
    """R-SBON-01: the log's choice must be the site's bonus kind; only the first Floor collects
    it, so an upper Floor (even on a Municipal building, AMB-MUNI-02 (a), AMB-SBON-01) cannot."""
    g = new_game(2)
    lay(g, "I7", "I03")
    give(g, "Anna", concrete=1, steel=1)
    e = refused(g, "Anna", "R-SBON-01", tile="build-floor", site="I7.s2", building="bus-stop",
                site_bonus={"plant": ["I7.p1"]})
    assert "'money', not 'plant'" in e.message
    give(g, "Anna", wood=1)
    e = refused(g, "Anna", "R-SBON-01", tile="build-floor", site="O1.s1",
                site_bonus={"choice": "wood"})
    assert "only the first Floor" in e.message
    e = refused(g, "Anna", "R-SBON-01", tile="build-floor", site="C.s6", building="bus-stop",
                site_bonus={"choice": "wood"})
    assert "C.s6 has no Building Site Bonus" in e.message
    e = refused(g, "Anna", "R-SBON-01", tile="build-floor", site="I7.s2", building="bus-stop",
                site_bonus="repeat")
    assert "'money', not 'repeat'" in e.message


def test_trees_site_bonus_r_sbon_05_amb_sbon_02() -> None:
    """R-SBON-05, AMB-SBON-02: I08's ring site s1 gives 2 Trees from the supply (2 -> 4); with
    a single Tree left in the supply, the bonus takes that one."""
    g = new_game(2)
    lay(g, "I4", "I08")
    supply = g.state.supply.trees
    give(g, "Anna", concrete=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="I4.s1", building="bus-stop")
    assert player(g, "Anna").trees == 2 + 2
    assert g.state.supply.trees == supply - 2
    g2 = new_game(2)
    lay(g2, "I4", "I08")
    g2.state.supply.trees = 1
    give(g2, "Anna", concrete=1, steel=1)
    turn(g2, "Anna", tile="build-floor", site="I4.s1", building="bus-stop")
    assert player(g2, "Anna").trees == 3 and g2.state.supply.trees == 0


def test_resources_site_bonus_r_sbon_03() -> None:
    """R-SBON-03: I1.s1 (I02's ring site) gives 1 cube of your choice, or 2 random ones, from
    the pouch; the log must record exactly 2 random cubes."""
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=1)
    pouch = dict(g.state.supply.pouch)
    turn(g, "Anna", tile="build-floor", site="I1.s1", building="bus-stop",
         site_bonus={"choice": "steel"})
    assert player(g, "Anna").cubes == {"concrete": 0, "wood": 0, "steel": 1}
    assert g.state.supply.pouch["steel"] == pouch["steel"] + 1 - 1  # discarded 1, drew 1
    g = new_game(2)
    give(g, "Anna", concrete=1, steel=1)
    e = refused(g, "Anna", "R-SBON-03", tile="build-floor", site="I1.s1", building="bus-stop",
                site_bonus={"random": ["wood"]})
    assert "draws 2 random Resources; the log records 1" in e.message
    turn(g, "Anna", tile="build-floor", site="I1.s1", building="bus-stop",
         site_bonus={"random": ["wood", "concrete"]})
    assert player(g, "Anna").cubes == {"concrete": 1, "wood": 1, "steel": 0}


def test_plant_site_action_ex_30_r_sact_01_02() -> None:
    """EX-30, R-SACT-01, R-SACT-02, R-PLANT-05, R-PLANT-06: I04 laid at I7 puts its plant
    site s3 on R0 (Construction). Anna plants 3 Trees in one sector: +3 VP (1 each, not the #10
    table), and no extra time: House 3 cubes -> 6 + 3 = 9."""
    g = new_game(2)
    lay(g, "I7", "I04")
    a = player(g, "Anna")
    a.trees = 3
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="I7.s3", building="house",
         site_bonus={"plant": ["I7.p1", "I7.p2", "I7.p3"]})
    assert (a.vp, a.money, a.trees) == (2 + 3, START_MONEY, 0)
    assert {"I7.p1", "I7.p2", "I7.p3"} <= g.state.townland.trees
    assert a.position == 6 + 3


def test_plant_site_action_limits_ex_30_r_plant_01_02_07() -> None:
    """EX-30, R-SACT-02, R-PLANT-01, R-PLANT-02, R-PLANT-06, R-PLANT-07: with O08 at O0 the
    sector of I7 also holds O0's left half (zone borders do not cut): 4 Trees there are one
    too many; I7 and I0 are split by the road R0; 3 Trees need 3 in the Portfolio; a Tree
    already standing on a spot blocks it (R-PLANT-05). I7 + O0 together are fine."""
    g = new_game(2)
    lay(g, "I7", "I04")
    lay(g, "O0", "O08")
    player(g, "Anna").trees = 4
    g.state.supply.trees -= 2
    give(g, "Anna", concrete=2, wood=1)
    kw: dict[str, Any] = {"tile": "build-floor", "site": "I7.s3", "building": "house"}
    e = refused(g, "Anna", "R-SACT-02", **kw,
                site_bonus={"plant": ["I7.p1", "I7.p2", "I7.p3", "O0.p1"]})
    assert "at most 3 Trees" in e.message and "plants 4" in e.message
    e = refused(g, "Anna", "R-PLANT-07", **kw, site_bonus={"plant": ["I7.p1", "I0.p1"]})
    assert "I0.p1 is not in the Planting Sector of I7.p1" in e.message
    g.state.townland.trees.add("I7.p2")
    e = refused(g, "Anna", "R-PLANT-05", **kw, site_bonus={"plant": ["I7.p1", "I7.p2"]})
    assert "I7.p2" in e.message
    player(g, "Anna").trees = 1  # a refused turn puts back a copy of the state: fetch again
    e = refused(g, "Anna", "R-PLANT-06", **kw, site_bonus={"plant": ["I7.p1", "O0.p1"]})
    assert "plants 2 Trees but has 1" in e.message
    player(g, "Anna").trees = 2
    turn(g, "Anna", **kw, site_bonus={"plant": ["I7.p1", "O0.p1"]})
    assert (player(g, "Anna").vp, player(g, "Anna").trees) == (2 + 2, 0)


def test_road_site_action_r_sact_03_amb_sact_01() -> None:
    """R-SACT-03, AMB-SACT-01, R-RDB-07: I06's ring site s1 lets Anna complete any
    Construction Road (R2, joined by I06 at I2) for free: no concrete, no Bonus Road Track step,
    but one road token (11 -> 10). A completed road cannot be chosen; no token, no road."""
    g = new_game(2)
    lay(g, "I2", "I06")
    tokens = g.state.supply.road_tokens
    give(g, "Anna", concrete=1, steel=1)
    e = refused(g, "Anna", "R-RDB-03", tile="build-floor", site="I2.s1", building="bus-stop",
                site_bonus={"road": "R1"})
    assert "R1 is already completed" in e.message and "R2" in e.message
    turn(g, "Anna", tile="build-floor", site="I2.s1", building="bus-stop",
         site_bonus={"road": "R2"})
    a = player(g, "Anna")
    assert "R2" in g.state.townland.road_tokens
    assert g.state.supply.road_tokens == tokens - 1
    assert a.road_track == 0 and (a.vp, a.money) == (2, START_MONEY)
    assert a.cubes == {"concrete": 0, "wood": 0, "steel": 0}
    g = new_game(2)
    lay(g, "I2", "I06")
    g.state.supply.road_tokens = 0
    give(g, "Anna", concrete=1, steel=1)
    refused(g, "Anna", "R-SACT-03", tile="build-floor", site="I2.s1", building="bus-stop",
            site_bonus={"road": "R2"})


def test_explore_site_action_r_sact_04_r_expl_07() -> None:
    """R-SACT-04, R-EXPL-01, R-EXPL-07, R-ZONE-04, R-MUNI-04, R-MUNI-06: I07's site s3 (on R0
    with I07 at I7) adds a Land Tile free, without VP or ownership: I03 at I2 is Municipal, and
    its Municipal House site I2.s1 (ring) gets an orange Block with a House token; the
    Municipality pays no fee to itself."""
    g = new_game(2)
    lay(g, "I7", "I07")
    orange = g.state.supply.orange_blocks
    give(g, "Anna", concrete=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="I7.s3", building="bus-stop",
         site_bonus={"explore": {"slot": "I2", "land_tile": "I03"}})
    a = player(g, "Anna")
    town = g.state.townland
    assert town.tiles["I2"] == "I03" and town.owners["I2"] == MUNICIPALITY
    assert (a.money, a.vp, a.markers) == (START_MONEY, 2, 5)
    assert town.buildings["I2.s1"].blocks == [MUNICIPALITY]
    assert town.buildings["I2.s1"].building == "house"
    assert g.state.supply.orange_blocks == orange - 1
    assert a.position == 6 + 2


def test_repeat_site_action_r_sact_05() -> None:
    """R-SACT-05, AMB-TURN-01 (a): I04's site s2 (on R2 with I04 at I2) earns a Repeat Action,
    taken at the end of the turn as a full action: Bus Stop (6 + 2 = 8), then Buy Trees at 10
    (2 Trees for 2 Grinies, 1 TU -> 11). Recording more Repeat Actions than earned is illegal."""
    g = new_game(2)
    lay(g, "I2", "I04")
    give(g, "Anna", concrete=1, steel=1)
    kw: dict[str, Any] = {"tile": "build-floor", "site": "I2.s2", "building": "bus-stop",
                          "site_bonus": "repeat"}
    e = refused(g, "Anna", "R-SACT-05", **kw,
                repeat=[{"tile": "buy-trees", "trees": 2}, {"tile": "subsidy"}])
    assert "2 Repeat Actions are recorded but 1 was earned" in e.message
    turn(g, "Anna", **kw, repeat=[{"tile": "buy-trees", "trees": 2}])
    a = player(g, "Anna")
    assert (a.trees, a.money, a.position) == (4, START_MONEY - 2, 11)


def test_no_repeat_without_bonus_r_sact_05() -> None:
    """R-SACT-05: a plain Build Floor earns no Repeat Action."""
    g = new_game(2)
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-SACT-05", tile="build-floor", site="I0.s1", building="house",
                repeat=[{"tile": "subsidy"}])
    assert "1 Repeat Action is recorded but 0 were earned" in e.message


# --- Associated Build Actions (R-ABA-*, EX-22) ----------------------------------------------


def test_additional_floor_ex_22_r_aba_03_06() -> None:
    """EX-22, R-ABA-03, R-ABA-06, AMB-ABA-01 (a), R-BLD-05: Additional Floor: 25 Grinies and
    floor 2's cubes, both Floors' VPs (2 + 3); the time is floor 1's 3 cubes only."""
    g = new_game(2)
    give(g, "Anna", concrete=3, wood=2, steel=1)
    turn(g, "Anna", tile="build-floor", site="I0.s1", building="house",
         associated={"additional_floor": {}})
    a = player(g, "Anna")
    assert (a.money, a.vp, a.blocks) == (START_MONEY - 25, 5, 14 - 2)
    assert a.cubes == {"concrete": 0, "wood": 0, "steel": 0}
    assert g.state.townland.buildings["I0.s1"].finished
    assert a.position == 6 + 3


def test_additional_floor_costs_must_be_payable_r_aba_07() -> None:
    """R-ABA-07, R-ABA-03: with 24 Grinies the Additional Floor is refused (25); without floor
    2's cubes too (both R-ABA-07, the cost of the Associated Build Action); and a House
    finished by the main Floor takes no Additional Floor."""
    g = new_game(2)
    player(g, "Anna").money = 24
    give(g, "Anna", concrete=3, wood=2, steel=1)
    kw: dict[str, Any] = {"tile": "build-floor", "site": "I0.s1", "building": "house",
                          "associated": {"additional_floor": {}}}
    e = refused(g, "Anna", "R-ABA-07", **kw)
    assert "25 Grinies; Anna holds 24" in e.message
    player(g, "Anna").money = START_MONEY
    player(g, "Anna").cubes["steel"] = 0
    g.state.supply.pouch["steel"] += 1
    e = refused(g, "Anna", "R-ABA-07", **kw)
    assert "the cubes of the next Floor; Anna holds 1 concrete, 1 wood" in e.message
    building(g, "C.s1", "house", "Bruno")
    give(g, "Anna", steel=1)
    e = refused(g, "Anna", "R-BLD-11", tile="build-floor", site="C.s1",
                associated={"additional_floor": {}})
    assert "finished" in e.message


def test_connected_road_ex_22_r_aba_04_r_rdb_07() -> None:
    """EX-22, R-ABA-04, R-RDB-04, R-RDB-07, AMB-ABA-02: after a House floor on I1.s2 (R2, a
    Construction Road once I2 is placed), Connected Road costs 10 Grinies and 2 concrete,
    completes R2 and moves Anna to space 1 of the Bonus Road Track (+3 Grinies): 50 - 10 + 3."""
    g = new_game(2)
    lay(g, "I2", "I08")
    give(g, "Anna", concrete=4, wood=1)
    turn(g, "Anna", tile="build-floor", site="I1.s2", building="house",
         associated={"connected_road": {"road": "R2"}})
    a = player(g, "Anna")
    assert (a.money, a.road_track, a.vp) == (START_MONEY - 10 + 3, 1, 2)
    assert a.cubes == {"concrete": 0, "wood": 0, "steel": 0}
    assert "R2" in g.state.townland.road_tokens
    assert a.position == 6 + 3  # the road's 2 concrete add no time (R-ABA-06)


def test_connected_road_must_be_the_sites_road_amb_aba_02() -> None:
    """AMB-ABA-02, R-ABA-04, R-ABA-07: only the site's own Construction Road: not R1 for I1.s2,
    not the completed ring for C.s1, and the 2 concrete must be there."""
    g = new_game(2)
    lay(g, "I2", "I08")
    give(g, "Anna", concrete=3, wood=1)
    e = refused(g, "Anna", "R-ABA-04", tile="build-floor", site="I1.s2", building="house",
                associated={"connected_road": {"road": "R1"}})
    assert "Connected Road of I1.s2 is R2, not R1" in e.message
    e = refused(g, "Anna", "R-ABA-07", tile="build-floor", site="I1.s2", building="house",
                associated={"connected_road": {}})
    assert "needs 2 concrete for the Road; Anna holds 1 concrete" in e.message
    e = refused(g, "Anna", "R-RDB-03", tile="build-floor", site="C.s1", building="house",
                associated={"connected_road": {}})
    assert "ring is already completed" in e.message
    player(g, "Anna").money = 9
    give(g, "Anna", concrete=1)
    e = refused(g, "Anna", "R-ABA-07", tile="build-floor", site="I1.s2", building="house",
                associated={"connected_road": {}})
    assert "10 Grinies; Anna holds 9" in e.message


def test_site_bonus_before_associated_action_r_aba_08() -> None:
    """R-ABA-08, R-TURN-04/05: the Site Bonus comes first: I06 at I7 puts its resources site
    s3 on R0; the concrete chosen as bonus completes the 2 concrete of the Connected Road."""
    g = new_game(2)
    lay(g, "I7", "I06")
    give(g, "Anna", concrete=2, steel=1)  # Bus Stop 1c + 1s, leaves 1 concrete
    turn(g, "Anna", tile="build-floor", site="I7.s3", building="bus-stop",
         site_bonus={"choice": "concrete"}, associated={"connected_road": {"road": "R0"}})
    assert "R0" in g.state.townland.road_tokens
    assert player(g, "Anna").cubes["concrete"] == 0


def test_only_one_associated_action_r_aba_02() -> None:
    """R-ABA-02, EX-22: at most one of the three Associated Build Actions."""
    g = new_game(2)
    lay(g, "I2", "I08")
    give(g, "Anna", concrete=5, wood=2, steel=1)
    e = refused(g, "Anna", "R-ABA-02", tile="build-floor", site="I1.s2", building="house",
                associated={"additional_floor": {}, "connected_road": {"road": "R2"}})
    assert "at most one" in e.message


def test_sell_the_house_associated_ex_22_r_aba_05_r_muni_10() -> None:
    """EX-22, R-ABA-05, R-MUNI-10, R-MUNI-03: Anna finishes the orange House at O1.s1 (Municipal
    parcel: no fee) and sells it at once to Boris: 15 Grinies for the action, 15 compensation
    to the Municipality (the bank), then Boris's 6 VP + 5 Grinies: 50 - 15 - 15 + 5 = 25;
    VP 3 (floor 2) + 6 = 9; the Pile grows to 1."""
    g = new_game(2)
    a = player(g, "Anna")
    g.state.supply.display.remove("boris")
    a.residents.append("boris")
    give(g, "Anna", concrete=1, wood=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="O1.s1",
         associated={"sell_house": {"resident": "boris"}})
    assert (a.money, a.vp) == (START_MONEY - 15 - 15 + 5, 3 + 6)
    assert g.state.supply.pile == ["boris"] and "boris" not in a.residents
    assert g.state.townland.buildings["O1.s1"].sold
    comp = [e for e in g.ledger.entries if e.rule == "R-SELL-06"]
    assert [(e.amount, e.counterparty) for e in comp] == [(-15, MUNICIPALITY)]
    assert [e.amount for e in g.ledger.entries if e.rule == "R-ABA-05"] == [-15]


def test_sell_the_house_only_after_finishing_floor_r_aba_05() -> None:
    """R-ABA-05, R-ABA-07: Sell the House follows only the Floor that finishes a House; its 15
    Grinies and the Compensation owed must be payable."""
    g = new_game(2)
    g.state.supply.display.remove("boris")
    player(g, "Anna").residents.append("boris")
    give(g, "Anna", concrete=2, wood=1)
    e = refused(g, "Anna", "R-ABA-05", tile="build-floor", site="C.s1", building="house",
                associated={"sell_house": {"resident": "boris"}})
    assert "finishes a House" in e.message
    player(g, "Anna").money = 14
    give(g, "Anna", concrete=1, wood=1, steel=1)
    e = refused(g, "Anna", "R-ABA-07", tile="build-floor", site="O1.s1",
                associated={"sell_house": {"resident": "boris"}})
    assert "30 Grinies (15 Grinies and 15 of Compensation" in e.message
    assert "Anna holds 14" in e.message


def test_associated_action_only_after_a_build_r_aba_01() -> None:
    """R-ABA-01: an Associated Build Action belongs to a #03/#04 turn only: the log's schema
    refuses 'associated' in an Explore turn and accepts it in a Build Floor turn."""
    log = base_log(2)
    log["turns"] = [
        {"player": "Anna", "tile": "explore", "slot": "I2", "land_tile": "I03",
         "associated": {"additional_floor": {}}},
        {"player": "Bruno", "tile": "build-floor", "site": "I0.s1", "building": "house",
         "associated": {"additional_floor": {}}},
    ]
    problems = check_log(Loaded("game.yaml", log))
    assert [p.path for p in problems] == [("turns", 0, "associated")]
    assert "belongs to 'build-floor' or 'build-floor-premium'" in problems[0].message


# --- fourth Worker at 20 VP (R-VP-08, EX-24) ------------------------------------------------


def test_fourth_worker_at_20_vp_ex_24_r_vp_08() -> None:
    """EX-24, R-VP-08, R-WRK-01, AMB-VP-02: 18 -> 21 VP (a Cafe floor, 3 VP) gives the fourth
    Worker once; a later gain gives no fifth. 17 -> 19 gives nothing, 18 -> 20 gives it."""
    g = new_game(2)
    a = player(g, "Anna")
    a.vp = 18
    give(g, "Anna", concrete=1, wood=2)
    turn(g, "Anna", tile="build-floor", site="C.s6", building="cafe")
    assert (a.vp, a.workers, a.fourth_worker) == (21, 4, True)
    give(g, "Anna", concrete=2, wood=1)
    turn(g, "Anna", tile="build-floor", site="C.s1", building="house")
    assert (a.vp, a.workers) == (23, 4)
    assert rules_of(g, "Anna", "workers") == ["R-VP-08"]
    b = player(g, "Bruno")
    b.vp = 17
    give(g, "Bruno", concrete=2, wood=1)
    turn(g, "Bruno", tile="build-floor", site="C.s2", building="house")
    assert (b.vp, b.workers) == (19, 3)
    b.vp = 18  # exactly field 20: the fourth Worker
    give(g, "Bruno", concrete=2, wood=1)
    turn(g, "Bruno", tile="build-floor", site="I0.s1", building="house")
    assert (b.vp, b.workers) == (20, 4)


def test_plus_fifty_ring_ex_24_r_vp_09_amb_vp_03() -> None:
    """EX-24, R-VP-09, AMB-VP-03: 48 -> 53 VP (Cultural Venue floor 1, 5 VP): the score is the
    number 53 = one '+50' ring with the marker on field 3; no second fourth Worker."""
    g = new_game(2)
    a = player(g, "Anna")
    a.vp, a.workers, a.fourth_worker = 48, 4, True
    give(g, "Anna", concrete=2, wood=1, steel=1)
    turn(g, "Anna", tile="build-floor", site="C.s7", building="cultural-venue")
    assert divmod(a.vp, 50) == (1, 3)
    assert a.workers == 4 and rules_of(g, "Anna", "workers") == []


def test_public_building_after_20_vp_gives_no_fifth_worker_r_wrk_01() -> None:
    """R-WRK-01, R-BLD-13: the fourth Worker comes once: Anna already has it at 25 VP and
    finishes a Church: still 4 Workers; Bruno, its other Build-action builder, gets his."""
    g = new_game(2)
    a = player(g, "Anna")
    a.vp, a.workers, a.fourth_worker = 25, 4, True
    building(g, "C.s6", "church", "Bruno", "Bruno")
    give(g, "Anna", wood=2, steel=1)
    turn(g, "Anna", tile="build-floor", site="C.s6")
    assert a.workers == 4 and player(g, "Bruno").workers == 4
    assert rules_of(g, "Anna", "workers") == []
