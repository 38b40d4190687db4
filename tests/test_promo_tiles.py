"""The promo tiles #51P Follower, #52P Crowdfunding and #53P Manager (catalogue 14.25-14.27:
R-A51P-*, R-A52P-*, R-A53P-*, AMB-A51P-*, AMB-A52P-*, AMB-A53P-01, AMB-FEE-01, AMB-ABA-03).

The games below put the promo tiles on the ring in place of three pink tiles (arranged on
`g.state.ring.tiles`): Manager at position 3 (for import), Follower at 7 (for optimization),
Crowdfunding at 17 (for architect). Other positions as in gamekit.RING: 5 buy-warehouse,
6 build-floor, 8 explore-build-road, 9 replanting, 12 subsidy, 19 banker. Every player starts
with 50 Grinies and 14 Building Blocks (2 players); the Conversion Rate is 6; 11 orange Blocks
are left after setup.
"""

from __future__ import annotations

from typing import Any

import pytest

from grinivil_cli.choose import tile_choices
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.records import Setup
from grinivil_cli.engine.setup import set_up_ring
from grinivil_cli.engine.state import MUNICIPALITY
from grinivil_cli.errors import IllegalMove

from gamekit import RING, base_log, edition, give, illegal, lay, new_game, play, player, turn

MANAGER, FOLLOWER, CROWDFUNDING = 3, 7, 17
PROMO_AT = {"import": "manager", "optimization": "follower", "architect": "crowdfunding"}


def promo_game(n: int = 2) -> Game:
    g = new_game(n)
    g.state.ring.tiles = [PROMO_AT.get(t, t) for t in g.state.ring.tiles]
    return g


def at(g: Game, name: str, position: int, *tiles: int) -> None:
    """Arrange: it is `name`'s turn, their token on `position`, their Workers on `tiles`."""
    g.state.current = g.state.index_of(name)
    player(g, name).position = position
    for pos in tiles:
        g.state.ring.ability_workers[pos] = name


# --- setup ---------------------------------------------------------------------------------

def ring_rec(ring: list[str]) -> Setup:
    return Setup.read(base_log(2, ring=ring)["setup"])


def test_promo_tiles_are_pink_tiles_when_in_play_amb_setup_10_r_setup_19() -> None:
    """AMB-SETUP-10, R-SETUP-19, R-SETUP-21: a promo tile named in options.promo_tiles may
    stand on the ring as one of the 7 pink tiles; one not named is refused; a promo tile on top
    of 7 pink tiles makes 8."""
    ring = [PROMO_AT.get(t, t) for t in RING]
    tiles = set_up_ring(edition(), ring_rec(ring),
                        promo_tiles={"manager", "follower", "crowdfunding"}).tiles
    assert (tiles[MANAGER - 1], tiles[FOLLOWER - 1], tiles[CROWDFUNDING - 1]) == (
        "manager", "follower", "crowdfunding")
    with pytest.raises(IllegalMove) as e:
        set_up_ring(edition(), ring_rec(ring), promo_tiles={"manager", "follower"})
    assert e.value.rule == "R-SETUP-21"
    assert "'crowdfunding' is a promo tile not in the game" in e.value.message
    eight = ["manager" if t == "auction" else t for t in RING]
    with pytest.raises(IllegalMove) as e:
        set_up_ring(edition(), ring_rec(eight), promo_tiles={"manager"})
    assert e.value.rule == "R-SETUP-19" and "has 8" in e.value.message


# --- #53P Manager --------------------------------------------------------------------------

def test_manager_places_a_worker_at_no_time_r_a53p_02() -> None:
    """R-A53P-02, R-ABIL-01: the Manager's action places a Worker; no time shift follows."""
    g = promo_game()
    turn(g, "Anna", tile="manager")
    anna = player(g, "Anna")
    assert g.state.ring.ability_workers == {MANAGER: "Anna"}
    assert (anna.position, anna.money, g.free_workers(anna)) == (MANAGER, 50, 2)


def test_manager_zero_time_cost_r_a53p_01() -> None:
    """R-A53P-01: with a Worker on the Manager, Buy Warehouse (1 TU) shifts nothing: Anna stays
    on 5 (Bruno, without one, goes on to 6); no time can be bought."""
    g = promo_game()
    at(g, "Anna", MANAGER, MANAGER)
    play(g, player="Anna", tile="buy-warehouse")
    assert (player(g, "Anna").position, player(g, "Anna").money) == (5, 40)
    turn(g, "Bruno", tile="buy-warehouse")
    assert player(g, "Bruno").position == 6
    g = promo_game()
    at(g, "Anna", MANAGER, MANAGER)
    e = illegal(g, "R-A53P-01", player="Anna", tile="buy-warehouse", buy_time=1)
    assert "zero Time Cost" in e.message


def test_manager_cancels_mandatory_time_amb_a53p_01() -> None:
    """AMB-A53P-01 (a): the Manager cancels mandatory Time Units too: Subsidy (mandatory 2)
    leaves Anna on 12; she gets 3 + 3 x 2 unemployed Workers = 9 Grinies."""
    g = promo_game()
    at(g, "Anna", MANAGER, MANAGER)
    play(g, player="Anna", tile="subsidy")
    assert (player(g, "Anna").position, player(g, "Anna").money) == (12, 59)


def test_manager_ends_when_the_token_passes_it_r_a53p_02() -> None:
    """R-A53P-02, R-ABIL-03: the ability lasts one round: moving 1 -> 5 passes the Manager on
    3, the Worker comes back, and Buy Warehouse's 1 TU shifts Anna to 6."""
    g = promo_game()
    at(g, "Anna", 1, MANAGER)
    play(g, player="Anna", tile="buy-warehouse")
    assert g.state.ring.ability_workers == {}
    assert player(g, "Anna").position == 6


def test_manager_combines_with_other_abilities_r_a53p_02() -> None:
    """R-A53P-02, R-ABIL-04: Manager and Banker together: 3 Grinies for choosing, 10 for the
    Warehouse, no time shift: 50 + 3 - 10 = 43 on position 5."""
    g = promo_game()
    at(g, "Anna", MANAGER, MANAGER, 19)
    play(g, player="Anna", tile="buy-warehouse")
    assert (player(g, "Anna").position, player(g, "Anna").money) == (5, 43)


# --- #51P Follower -------------------------------------------------------------------------

def test_follower_places_a_worker_at_no_time_r_a51p_01_r_a51p_07() -> None:
    """R-A51P-01, R-A51P-07: the Follower's action places a Worker; no time shift follows."""
    g = promo_game()
    turn(g, "Anna", tile="follower")
    assert g.state.ring.ability_workers == {FOLLOWER: "Anna"}
    assert (player(g, "Anna").position, player(g, "Anna").money) == (FOLLOWER, 50)


def follow_setup() -> Game:
    """Anna's Worker and token on the Follower; Bruno has just chosen Buy Warehouse from the
    Starting Tile (10 Grinies, 1 TU: 0 -> 5 -> 6)."""
    g = promo_game()
    at(g, "Anna", FOLLOWER, FOLLOWER)
    turn(g, "Bruno", tile="buy-warehouse")
    assert (player(g, "Bruno").position, g.state.last_tile) == (6, "buy-warehouse")
    return g


def test_following_the_previous_players_action_r_a51p_02_r_a51p_05() -> None:
    """R-A51P-02, R-A51P-05: Anna stays on 7 and buys a Warehouse too (10 Grinies); the shift is
    the mandatory 2 (not the tile's 1): 7 -> 9; time cannot be bought."""
    g = follow_setup()
    play(g, player="Anna", tile="buy-warehouse", follow=True)
    anna = player(g, "Anna")
    assert (anna.position, anna.money, anna.small_warehouses) == (9, 40, 1)
    assert g.state.last_tile is None  # the next player cannot follow a follower
    g = follow_setup()
    illegal(g, "R-TBUY-02", player="Anna", tile="buy-warehouse", follow=True, buy_time=1)


def test_following_needs_the_follower_and_the_same_tile_r_a51p_02() -> None:
    """R-A51P-02: only with a Worker on the Follower, and only the action of the tile the
    previous player chose."""
    g = follow_setup()
    del g.state.ring.ability_workers[FOLLOWER]
    e = illegal(g, "R-A51P-02", player="Anna", tile="buy-warehouse", follow=True)
    assert "no Worker on the Follower" in e.message
    g = follow_setup()
    e = illegal(g, "R-A51P-02", player="Anna", tile="subsidy", follow=True)
    assert "Bruno chose (Buy Warehouse (small))" in e.message


def test_nothing_to_follow_amb_a51p_01() -> None:
    """AMB-A51P-01: following is impossible when the previous player chose no tile (no turn
    yet, or they followed) or has finished the game."""
    g = promo_game()
    at(g, "Anna", FOLLOWER, FOLLOWER)
    e = illegal(g, "R-A51P-02", player="Anna", tile="buy-warehouse", follow=True)
    assert "AMB-A51P-01" in e.message
    g = promo_game(3)
    turn(g, "Bruno", tile="buy-warehouse")
    player(g, "Bruno").finished = True
    at(g, "Clara", FOLLOWER, FOLLOWER)
    e = illegal(g, "R-A51P-02", player="Clara", tile="buy-warehouse", follow=True)
    assert "Bruno has finished the game" in e.message


def test_follower_picks_the_half_of_the_dual_tile_r_a51p_03() -> None:
    """R-A51P-03: Bruno explores I2 (I03) from tile #08; Anna follows with the other half and
    builds the new Construction Road R2 (2 concrete); 7 -> 9."""
    g = promo_game()
    at(g, "Anna", FOLLOWER, FOLLOWER)
    turn(g, "Bruno", tile="explore", slot="I2", land_tile="I03")
    give(g, "Anna", concrete=2)
    play(g, player="Anna", tile="build-road", road="R2", follow=True)
    assert "R2" in g.state.townland.road_tokens
    assert (player(g, "Anna").position, player(g, "Anna").cubes["concrete"]) == (9, 0)


def test_no_following_an_ability_or_occupied_restricted_tile_r_a51p_04() -> None:
    """R-A51P-04: Bruno's Banker cannot be followed; nor a Replanting marked 'occupied'."""
    g = promo_game()
    at(g, "Anna", FOLLOWER, FOLLOWER)
    turn(g, "Bruno", tile="banker")
    e = illegal(g, "R-A51P-04", player="Anna", tile="banker", follow=True)
    assert "Ability Tile" in e.message
    g = promo_game()
    at(g, "Anna", FOLLOWER, FOLLOWER)
    g.state.last_tile = "replanting"
    g.state.ring.occupied[9] = "Bruno"
    e = illegal(g, "R-A51P-04", player="Anna", tile="replanting", follow=True,
                moves=[{"from": "supply", "to": "C.p1"}])
    assert "occupied" in e.message


def test_repeat_actions_follow_the_standard_procedure_r_a51p_06() -> None:
    """R-A51P-06: Anna follows Bruno's Build Floor with a Bus Stop on I2.s2 (I04, a Repeat
    site); the Repeat Action is a normal one: the token moves 9 -> 19 (Banker, 0 TU). A Repeat
    Action cannot itself follow."""
    def game() -> Game:
        g = promo_game()
        lay(g, "I2", "I04")
        at(g, "Anna", FOLLOWER, FOLLOWER)
        give(g, "Bruno", concrete=2, wood=1)
        turn(g, "Bruno", tile="build-floor", site="I0.s1", building="house")
        give(g, "Anna", concrete=1, steel=1)
        return g
    g = game()
    play(g, player="Anna", tile="build-floor", follow=True, site="I2.s2", building="bus-stop",
         site_bonus="repeat", repeat=[{"tile": "banker"}])
    assert player(g, "Anna").position == 19
    assert g.state.ring.ability_workers == {FOLLOWER: "Anna", 19: "Anna"}
    g = game()
    illegal(g, "R-A51P-02", player="Anna", tile="build-floor", follow=True, site="I2.s2",
            building="bus-stop", site_bonus="repeat",
            repeat=[{"tile": "build-floor", "follow": True, "site": "C.s1",
                     "building": "house"}])


def test_following_is_not_choosing_an_action_amb_a51p_02() -> None:
    """AMB-A51P-02 (a): following does not pay the Banker (Anna: 50 - 10 = 40) and the Merchant
    draws nothing."""
    g = follow_setup()
    g.state.ring.ability_workers[19] = "Anna"
    play(g, player="Anna", tile="buy-warehouse", follow=True)
    assert player(g, "Anna").money == 40
    g = follow_setup()
    illegal(g, "R-A24-01", player="Anna", tile="buy-warehouse", follow=True, merchant="wood")


def test_followed_build_takes_an_associated_action_amb_aba_03() -> None:
    """AMB-ABA-03 (a): following Bruno's Build Floor, Anna builds a House on C.s1 (2 VP) and its
    Additional Floor (25 Grinies, 3 VP): 25 Grinies and 5 VP left; 7 -> 9."""
    g = promo_game()
    at(g, "Anna", FOLLOWER, FOLLOWER)
    give(g, "Bruno", concrete=2, wood=1)
    turn(g, "Bruno", tile="build-floor", site="I0.s1", building="house")
    give(g, "Anna", concrete=3, wood=2, steel=1)
    play(g, player="Anna", tile="build-floor", follow=True, site="C.s1", building="house",
         associated={"additional_floor": {}})
    anna = player(g, "Anna")
    assert (anna.money, anna.vp, anna.position) == (25, 5, 9)
    assert g.state.townland.buildings["C.s1"].blocks == ["Anna", "Anna"]


# --- #52P Crowdfunding ---------------------------------------------------------------------

def crowdfund(g: Game, name: str, **fields: Any) -> None:
    turn(g, name, tile="crowdfunding", **fields)


def test_crowdfunding_municipality_completes_r_a52p_03_r_a52p_05_r_a52p_06() -> None:
    """R-A52P-03, R-A52P-05, R-A52P-06, R-A52P-08, R-A52P-09, R-A52P-11, AMB-A52P-01: a Hospital
    (3 Floors) on C.s6. Anna 40, Bruno 35, the Municipality 30 + 6 + 2 = 38: Anna places the
    first Block, the Municipality the other two; Bruno gets his 35 back. Anna: 50 - 40 = 10
    Grinies, 13 Blocks, 0 VP, no Worker placed, no cube spent; 17 + 3 = 20."""
    g = promo_game()
    anna_cubes = dict(player(g, "Anna").cubes)
    crowdfund(g, "Anna", site="C.s6", building="hospital", pledges={"Anna": 40, "Bruno": 35},
              roll=2)
    b = g.state.townland.buildings["C.s6"]
    assert b.blocks == ["Anna", MUNICIPALITY, MUNICIPALITY] and b.finished
    assert b.workers == [] and b.by_build_action == [False, False, False]
    anna, bruno = player(g, "Anna"), player(g, "Bruno")
    assert (anna.money, anna.blocks, anna.vp, anna.position) == (10, 13, 0, 20)
    assert anna.cubes == anna_cubes and not anna.fourth_worker and g.free_workers(anna) == 3
    assert (bruno.money, bruno.blocks) == (50, 14)
    assert g.state.supply.orange_blocks == 9


def test_crowdfunding_first_block_to_the_largest_human_pledge_r_a52p_05() -> None:
    """R-A52P-05, R-A52P-06: Bruno 45 beats the initiator's 40 and places the first Block; then
    Anna (40) before the Municipality (38), which fills the last Floor."""
    g = promo_game()
    crowdfund(g, "Anna", site="C.s6", building="hospital", pledges={"Anna": 40, "Bruno": 45},
              roll=2)
    assert g.state.townland.buildings["C.s6"].blocks == ["Bruno", "Anna", MUNICIPALITY]
    assert (player(g, "Anna").money, player(g, "Bruno").money) == (10, 5)


def test_crowdfunding_ties_r_a52p_07() -> None:
    """R-A52P-07: the Municipality (30 + 6 + 4 = 40) beats Bruno's 40 for the second Floor and
    fills both; between humans the Auction rule: Bruno and Clara tie at 40, Clara sits nearest
    counterclockwise from Anna and builds first; Anna ties at the top and wins it."""
    g = promo_game()
    crowdfund(g, "Anna", site="C.s6", building="hospital", pledges={"Anna": 45, "Bruno": 40},
              roll=4)
    assert g.state.townland.buildings["C.s6"].blocks == ["Anna", MUNICIPALITY, MUNICIPALITY]
    assert player(g, "Bruno").money == 50
    g = promo_game(3)
    g.state.supply.orange_blocks = 0
    crowdfund(g, "Anna", site="C.s6", building="bus-stop",
              pledges={"Anna": 30, "Bruno": 40, "Clara": 40})
    assert g.state.townland.buildings["C.s6"].blocks == ["Clara", "Bruno"]
    assert player(g, "Anna").money == 50  # no Block: refunded
    g = promo_game(3)
    g.state.supply.orange_blocks = 0
    crowdfund(g, "Anna", site="C.s6", building="bus-stop",
              pledges={"Anna": 40, "Bruno": 40, "Clara": 40})
    assert g.state.townland.buildings["C.s6"].blocks == ["Anna", "Clara"]


def test_crowdfunding_part_built_and_refunds_r_a52p_09_amb_a52p_04() -> None:
    """R-A52P-09, AMB-A52P-04: without the Municipality (no orange Block left) a Hospital gets
    only Anna's and Bruno's Blocks and stays part-built; a pledger without a Block left is paid
    back (Bruno: 50)."""
    g = promo_game()
    g.state.supply.orange_blocks = 0
    crowdfund(g, "Anna", site="C.s6", building="hospital", pledges={"Anna": 30, "Bruno": 30})
    b = g.state.townland.buildings["C.s6"]
    assert b.blocks == ["Anna", "Bruno"] and not b.finished
    g = promo_game()
    g.state.supply.orange_blocks = 0
    player(g, "Bruno").blocks = 0
    crowdfund(g, "Anna", site="C.s6", building="hospital", pledges={"Anna": 30, "Bruno": 45})
    assert g.state.townland.buildings["C.s6"].blocks == ["Anna"]
    assert (player(g, "Anna").money, player(g, "Bruno").money) == (20, 50)


def test_no_municipality_without_orange_blocks_or_with_6_players_r_a52p_03() -> None:
    """R-A52P-03, R-MUNI-08: with no orange Block left, or with 6 players, the Municipality does
    not join and no D6 is rolled."""
    g = promo_game()
    g.state.supply.orange_blocks = 0
    e = refused_crowdfunding(g, "R-A52P-03", site="C.s6", building="hospital",
                             pledges={"Anna": 30}, roll=3)
    assert "no D6 is rolled" in e.message
    g = promo_game(6)
    crowdfund(g, "Anna", site="C.s6", building="bus-stop", pledges={"Anna": 30, "Filip": 30})
    assert g.state.townland.buildings["C.s6"].blocks == ["Anna", "Filip"]


def refused_crowdfunding(g: Game, rule: str, **fields: Any) -> IllegalMove:
    g.state.current = 0
    player(g, "Anna").position = 0
    return illegal(g, rule, player="Anna", tile="crowdfunding", **fields)


def test_the_d6_is_recorded_after_the_reveal_r_a52p_04() -> None:
    """R-A52P-04: when the Municipality takes part, its D6 must be recorded."""
    g = promo_game()
    e = refused_crowdfunding(g, "R-A52P-04", site="C.s6", building="hospital",
                             pledges={"Anna": 30})
    assert "'roll'" in e.message


@pytest.mark.parametrize(("site", "building", "words"), [
    ("C.s1", "hospital", "residential site"),
    ("C.s5", "hospital", "not empty"),
    ("I0.s4", "hospital", "half road"),
    ("C.s6", "house", "not one"),
])
def test_crowdfunding_site_and_building_r_a52p_01(site: str, building: str, words: str) -> None:
    """R-A52P-01: an empty Non-residential site on a Construction or Completed Road, and a
    Commerce or Public building."""
    g = promo_game()
    e = refused_crowdfunding(g, "R-A52P-01", site=site, building=building,
                             pledges={"Anna": 30}, roll=1)
    assert words.lower() in e.message.lower()


@pytest.mark.parametrize(("pledges", "words"), [
    ({"Bruno": 30}, "Initiator must pledge"),
    ({"Anna": 29}, "at least 30"),
    ({"Anna": 51}, "holds 50"),
    ({"Anna": 30, "Bruno": 10}, "at least 30"),
])
def test_pledges_r_a52p_02(pledges: dict[str, int], words: str) -> None:
    """R-A52P-02: the initiator pledges at least 30 Grinies, others 30 or more, within their
    money."""
    g = promo_game()
    e = refused_crowdfunding(g, "R-A52P-02", site="C.s6", building="hospital", pledges=pledges,
                             roll=1)
    assert words in e.message


def test_no_human_block_for_the_first_floor_r_a52p_05() -> None:
    """R-A52P-05: the first Block is a human's; with none left among the pledgers the action is
    impossible."""
    g = promo_game()
    player(g, "Anna").blocks = 0
    refused_crowdfunding(g, "R-A52P-05", site="C.s6", building="hospital",
                         pledges={"Anna": 30}, roll=1)


def test_participation_fee_for_crowdfunding_r_a52p_10_amb_fee_01() -> None:
    """R-A52P-10, R-FEE-06, AMB-FEE-01 (a): on Bruno's parcel I2 (I03: I2.s3 on the
    Construction Road R2), Anna 40, Bruno 39, the Municipality 30 + 6 + 1 = 37: Anna pays Bruno
    the fee of 5 (0 residents), Bruno builds on his own parcel without a fee, the Municipality's
    Floor brings Bruno 5 from the bank. Anna 50 - 40 - 5 = 5; Bruno 50 - 39 + 5 + 5 = 21."""
    g = promo_game()
    lay(g, "I2", "I03", owner="Bruno")
    crowdfund(g, "Anna", site="I2.s3", building="hospital", pledges={"Anna": 40, "Bruno": 39},
              roll=1)
    assert g.state.townland.buildings["I2.s3"].blocks == ["Anna", "Bruno", MUNICIPALITY]
    assert (player(g, "Anna").money, player(g, "Bruno").money) == (5, 21)


def test_crowdfunding_mandatory_time_r_a52p_11() -> None:
    """R-A52P-11: the 3 Time Units are mandatory: no time can be bought."""
    g = promo_game()
    refused_crowdfunding(g, "R-TBUY-02", site="C.s6", building="hospital",
                         pledges={"Anna": 30}, roll=1, buy_time=1)


def test_crowdfunding_site_bonus_and_fourth_worker_amb_a52p_03() -> None:
    """AMB-A52P-03, AMB-SBON-01, AMB-BLD-03: no site bonus on a bonus site (I1.s3: 2 VP) and no
    fourth Worker for finishing a Public building by Crowdfunding."""
    g = promo_game()
    crowdfund(g, "Anna", site="I1.s3", building="hospital", pledges={"Anna": 30}, roll=1)
    assert g.state.townland.buildings["I1.s3"].finished
    assert (player(g, "Anna").vp, player(g, "Anna").fourth_worker) == (0, False)


def test_crowdfunding_an_initiator_short_of_the_minimum_pledge_says_so_r_a52p_02() -> None:
    """R-A52P-02: the Initiator pledges at least 30 Grinies. Anna holds 25: Crowdfunding is
    not eligible, and the list says why in the validator's rule (it said "nothing is possible
    for Anna's pledge")."""
    g = promo_game()
    player(g, "Anna").money = 25
    found = next(c for c in tile_choices(g) if c.tile == "crowdfunding")
    assert found.why is not None and found.why.rule == "R-A52P-02"
    assert found.why.message == ("Anna holds 25 Grinies: the Initiator pledges at least 30 "
                                 "Grinies.")
    illegal(g, "R-A52P-02", player="Anna", tile="crowdfunding", site="C.s6",
            building="hospital", pledges={"Anna": 25}, roll=2)
