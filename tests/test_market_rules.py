"""Resources, the Market and the Warehouses (catalogue section 4: R-RES, R-MKT, R-WH) and the
tiles #01 Buy Resources, #02 Buy Resources (with discount), #06 Sell Resources, #07 Buy Warehouse
and #20 Engineer, with EX-01, EX-02 and EX-20.

Standard 2-3p Market (editions/standard.yaml), holes from the bottom row up; a section holding n
cubes sells its next cube for holes[n-1].buy and buys one into holes[n].sell:
  concrete (12): buy 9 9 9 7 7 7 5 5 5 4 4 4   sell 7 7 7 5 5 5 3 3 3 2 2 2
  wood (9):      buy 10 10 10 8 8 8 6 6 6     sell 8 8 8 6 6 6 4 4 4
  steel (9):     buy 12 12 12 9 9 9 7 7 7     sell 10 10 10 7 7 7 5 5 5
The kit's 2p Market starts with 5 concrete, 4 wood and 3 steel; players start with 50 G.
Ring: 1 buy-resources, 4 sell-resources, 5 buy-warehouse, 11 buy-resources-discount.
"""

from __future__ import annotations

from typing import Any

from grinivil_cli.edition.model import RESOURCES
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.market import BIG_WAREHOUSE, SMALL_WAREHOUSE, fits, holes
from grinivil_cli.engine.state import PlayerState

from gamekit import give, illegal, new_game, play, player, total_cubes

CUBES = {"concrete": 43, "wood": 28, "steel": 23}
# engineer at 3 instead of import (still 7 pink tiles)
ENGINEER_RING = ["auction", "engineer", "sell-resources", "buy-warehouse", "optimization",
                 "explore-build-road", "replanting", "buy-trees", "subsidy", "plant-trees",
                 "forced-trade", "new-resident", "architect", "sell-house", "banker", "convert"]


def set_market(g: Game, **counts: int) -> None:
    """Arrange: Market sections holding these counts; the cubes come from / go to the pouch."""
    for r, n in counts.items():
        g.state.supply.pouch[r] -= n - g.state.market[r]
        g.state.market[r] = n


def engineer(g: Game, name: str) -> None:
    """Arrange: `name`'s Worker on the Engineer tile (position 3 of ENGINEER_RING)."""
    g.state.ring.ability_workers[3] = name


# --- Resources and the Market layout -------------------------------------------------------------

def test_three_resource_types_and_the_cube_split() -> None:
    """R-RES-01, AMB-RES-01, R-MKT-01, AMB-MKT-02: concrete, wood and steel; 94 cubes split
    43/28/23 by the edition; one Market section per type with a buy and a sell price per hole,
    bottom rows worth more."""
    g = new_game(2)
    assert RESOURCES == ("concrete", "wood", "steel")
    assert g.ed.cubes == CUBES and total_cubes(g) == CUBES
    for r in RESOURCES:
        section = holes(g, r)
        assert section[0].buy >= section[-1].buy and section[0].sell >= section[-1].sell
        assert all(h.buy > h.sell for h in section)
    assert [len(holes(g, r)) for r in RESOURCES] == [12, 9, 9]


def test_buying_three_concrete_ex01() -> None:
    """EX-01, R-MKT-02, R-A01-02, R-A01-03, R-A01-04, AMB-MKT-01 (a): concrete holding 10:
    the buyer takes the topmost cubes, holes 10, 9, 8: 4 + 5 + 5 = 14 G; ceil(3/3) = 1 TU."""
    g = new_game(2)
    set_market(g, concrete=10)
    play(g, player="Anna", tile="buy-resources", cubes={"concrete": 3})
    anna = player(g, "Anna")
    assert (anna.money, anna.cubes["concrete"]) == (50 - 14, 3)
    assert g.state.market["concrete"] == 7
    assert anna.position == 1 + 1
    assert total_cubes(g) == CUBES


def test_buying_more_than_the_market_holds_or_can_be_paid() -> None:
    """R-MKT-04, R-A01-05, R-A01-03, R-A01-02, R-GEN-06, R-TAR-06: a section cannot sell more
    cubes than it holds (none from an empty one); the price must be paid in full; at least one
    cube is bought."""
    g = new_game(2, money=13)
    set_market(g, concrete=10, steel=0)
    e = illegal(g, "R-MKT-04", player="Anna", tile="buy-resources", cubes={"wood": 5})
    assert "5 wood cannot be bought: the Market holds 4 wood" in e.message
    e = illegal(g, "R-MKT-04", player="Anna", tile="buy-resources", cubes={"steel": 1})
    assert "holds 0 steel" in e.message
    e = illegal(g, "R-A01-03", player="Anna", tile="buy-resources", cubes={"concrete": 3})
    assert "14 Grinies" in e.message and "holds 13" in e.message and "4+5+5" in e.message
    e = illegal(g, "R-A01-02", player="Anna", tile="buy-resources", cubes={})
    assert "at least one" in e.message
    play(g, player="Anna", tile="buy-resources", cubes={"concrete": 2})
    assert player(g, "Anna").money == 13 - 4 - 5


def test_buying_with_the_discount_tile_ex20() -> None:
    """EX-20, R-A02-02, R-A02-03, R-A02-04, R-A02-01, R-A01-01: #02 (always position 11) takes 3 G
    off the total: 4 + 5 + 5 - 3 = 11; 4 cubes cost ceil(4/3) = 2 TU; #01 is always position 1."""
    g = new_game(2)
    assert g.state.ring.tile_at(1) == "buy-resources"
    assert g.state.ring.tile_at(11) == "buy-resources-discount"
    set_market(g, concrete=10)
    play(g, player="Anna", tile="buy-resources-discount", cubes={"concrete": 3})
    assert (player(g, "Anna").money, player(g, "Anna").position) == (50 - 11, 12)
    play(g, player="Bruno", tile="buy-resources-discount", cubes={"concrete": 3, "wood": 1})
    # concrete holding 7: holes 7, 6, 5 = 5 + 7 + 7; wood holding 4: hole 4 = 8; - 3
    assert (player(g, "Bruno").money, player(g, "Bruno").position) == (50 - 24, 13)
    g = new_game(2, money=10)
    set_market(g, concrete=10)
    e = illegal(g, "R-A02-03", player="Anna", tile="buy-resources-discount",
                cubes={"concrete": 3})
    assert "11 Grinies" in e.message and "holds 10" in e.message


def test_engineer_takes_three_off_each_cube_ex20() -> None:
    """EX-20, R-A20-01, R-A20-02, R-ABIL-04, AMB-A02-01: Engineer on 4 + 5 + 5: 1 + 2 + 2 = 5;
    Engineer and #02 together: max(5 - 3, 0) = 2; a single cube at 4 with both: 1 - 3 -> 0.
    Only the Worker's owner gets the discount."""
    g = new_game(2, ring=ENGINEER_RING)
    set_market(g, concrete=10)
    engineer(g, "Anna")
    play(g, player="Anna", tile="buy-resources", cubes={"concrete": 3})
    assert player(g, "Anna").money == 50 - 5
    # Bruno buys the next three (holes 7, 6, 5: 5 + 7 + 7) at full price
    play(g, player="Bruno", tile="buy-resources", cubes={"concrete": 3})
    assert player(g, "Bruno").money == 50 - 19

    for cubes, price in ((3, 2), (1, 0)):
        g = new_game(2, ring=ENGINEER_RING)
        set_market(g, concrete=10)
        engineer(g, "Anna")
        player(g, "Anna").position = 5  # 5 -> 11 does not pass the Engineer (3)
        play(g, player="Anna", tile="buy-resources-discount", cubes={"concrete": cubes})
        assert player(g, "Anna").money == 50 - price
    # 0 -> 11 passes the Engineer: the Worker comes back first, so only #02 applies (14 - 3)
    g = new_game(2, ring=ENGINEER_RING)
    set_market(g, concrete=10)
    engineer(g, "Anna")
    play(g, player="Anna", tile="buy-resources-discount", cubes={"concrete": 3})
    assert player(g, "Anna").money == 50 - 11


# --- selling -------------------------------------------------------------------------------------

def test_selling_four_cubes_ex02() -> None:
    """EX-02, R-MKT-03, R-MKT-05, R-A06-01, R-A06-02, R-A06-04, AMB-TIME-01 (a): concrete empty,
    wood holding 2: 3 concrete fill holes 1-3 (7 each), the wood fills hole 3 (8): 29 G; no
    extra time."""
    g = new_game(2)
    set_market(g, concrete=0, wood=2)
    give(g, "Anna", concrete=3, wood=1)
    play(g, player="Anna", tile="sell-resources", cubes={"concrete": 3, "wood": 1})
    anna = player(g, "Anna")
    assert (anna.money, anna.total_cubes(), anna.position) == (50 + 29, 0, 4)
    assert g.state.market == {"concrete": 3, "wood": 3, "steel": 3}
    assert total_cubes(g) == CUBES


def test_selling_needs_the_cubes_and_empty_holes() -> None:
    """R-A06-03, R-MKT-04, R-A06-01, R-A06-02: a full section accepts nothing; a player sells
    only cubes they hold, and at least one."""
    g = new_game(2)
    set_market(g, steel=8)
    give(g, "Anna", steel=2, wood=1)
    e = illegal(g, "R-A06-03", player="Anna", tile="sell-resources", cubes={"steel": 2})
    assert "1 empty holes" in e.message and "2 steel cannot be sold" in e.message
    e = illegal(g, "R-A06-01", player="Anna", tile="sell-resources", cubes={"wood": 2})
    assert "cannot sell 2 wood" in e.message and "1 wood" in e.message
    illegal(g, "R-A06-01", player="Anna", tile="sell-resources", cubes={})
    play(g, player="Anna", tile="sell-resources", cubes={"steel": 1})
    assert player(g, "Anna").money == 50 + 5  # hole 9 of steel sells for 5


# --- Warehouses ----------------------------------------------------------------------------------

def test_warehouse_sections_hold_one_type_each() -> None:
    """R-WH-01, R-WH-02, R-WH-03, R-WH-04: the Big Warehouse is 4 + 2 + 2, a Small one 2; one
    type per Section, several Sections per type, judged on the best arrangement of the cubes."""
    assert BIG_WAREHOUSE == (4, 2, 2) and SMALL_WAREHOUSE == 2
    p = PlayerState(name="Anna", colour="brown")
    assert fits(p, {"concrete": 4, "wood": 2, "steel": 2})
    assert fits(p, {"wood": 8})
    assert not fits(p, {"wood": 9})
    assert fits(p, {"wood": 5, "steel": 2})  # 4 + 2 for wood, 2 for steel
    assert not fits(p, {"wood": 5, "steel": 3})
    assert not fits(p, {"concrete": 1, "wood": 1, "steel": 1, "x": 1})  # 4 types, 3 Sections
    p.small_warehouses = 1
    assert fits(p, {"wood": 5, "steel": 3})  # 4 + 2 and 2 + 2
    assert fits(p, {"concrete": 2, "wood": 2, "steel": 2})


def test_buying_a_small_warehouse() -> None:
    """R-A07-01, R-A07-02, R-A07-04, R-WH-02: 10 G, one Small Warehouse, 1 TU."""
    g = new_game(2)
    play(g, player="Anna", tile="buy-warehouse")
    anna = player(g, "Anna")
    assert (anna.money, anna.small_warehouses, anna.position) == (40, 1, 6)
    assert g.state.supply.small_warehouses == 11


def test_small_warehouses_run_out() -> None:
    """R-A07-03, R-WH-07, R-GEN-04, R-GEN-09: 12 Small Warehouses; with none left #07 cannot be
    chosen; with 9 G it cannot be paid."""
    g = new_game(2)
    assert g.state.supply.small_warehouses == 12
    g.state.supply.small_warehouses = 0
    e = illegal(g, "R-A07-03", player="Anna", tile="buy-warehouse")
    assert "no Small Warehouse is left" in e.message
    g = new_game(2, money=9)
    e = illegal(g, "R-A07-01", player="Anna", tile="buy-warehouse")
    assert "10 Grinies" in e.message and "holds 9" in e.message


def test_excess_cubes_go_to_the_market_at_the_end_of_the_turn() -> None:
    """R-WH-05, R-WH-06, AMB-WH-01: Anna may buy a 9th wood (8 fit: 4 + 2 + 2); at the end of
    the turn the one that does not fit goes onto the Market, without payment."""
    g = new_game(2)
    give(g, "Anna", wood=8)
    turn = dict(player="Anna", tile="buy-resources", cubes={"wood": 1})
    e = illegal(g, "R-WH-06", **turn)
    assert "[4, 2, 2]" in e.message and "9 wood" in e.message
    e = illegal(g, "R-WH-06", **turn, excess={"Anna": {"wood": 2}})
    assert "could store another wood" in e.message
    e = illegal(g, "R-WH-06", **turn, excess={"Anna": {"steel": 1}})
    assert "holds 0 steel" in e.message
    play(g, **turn, excess={"Anna": {"wood": 1}})
    anna = player(g, "Anna")
    # wood holding 4: the bought cube from hole 4 costs 8; the excess cube goes back to hole 4
    assert (anna.money, anna.cubes["wood"]) == (50 - 8, 8)
    assert g.state.market["wood"] == 4
    assert total_cubes(g) == CUBES


def test_excess_beyond_the_market_goes_to_the_reserve() -> None:
    """R-WH-06, R-MKT-06, AMB-WH-02 (a): Bruno, not on turn, holds 9 wood: his excess is settled
    at the end of Anna's turn; the wood section is full, so the cube goes to the pouch."""
    g = new_game(2)
    set_market(g, wood=9)
    give(g, "Bruno", wood=9)
    illegal(g, "R-WH-06", player="Anna", tile="buy-warehouse")
    play(g, player="Anna", tile="buy-warehouse", excess={"Bruno": {"wood": 1}})
    assert player(g, "Bruno").cubes["wood"] == 8
    assert g.state.market["wood"] == 9
    assert g.state.supply.pouch["wood"] == 28 - 9 - 9 + 1
    assert total_cubes(g) == CUBES
    e = illegal(g, "R-WH-06", player="Bruno", tile="buy-warehouse", excess={"Zoe": {"wood": 1}})
    assert "'Zoe' is not a player" in e.message


def test_refill_fills_from_the_bottom_and_overflow_goes_to_the_reserve() -> None:
    """R-MKT-05, R-MKT-06, R-RND-05: 4 refill cubes: 2 concrete into a full section go back to
    the pouch; 2 wood fill the next holes, so the next wood sold gets hole 7's price (4)."""
    g = new_game(2)
    set_market(g, concrete=12, wood=4)
    player(g, "Anna").position = 19
    give(g, "Anna", wood=1)
    play(g, player="Anna", tile="sell-resources", cubes={"wood": 1},
         refills=[["concrete", "concrete", "wood", "wood"]])
    assert g.state.market == {"concrete": 12, "wood": 7, "steel": 3}
    assert player(g, "Anna").money == 50 - 5 + 4
    assert total_cubes(g) == CUBES


def test_refill_takes_what_the_pouch_still_holds() -> None:
    """R-GEN-05, AMB-GEN-01 (a), R-RND-05: with 2 cubes left in the pouch, the refill is those 2;
    a recorded cube that is not in the pouch is illegal."""
    g = new_game(2)
    g.state.supply.pouch = {"concrete": 2, "wood": 0, "steel": 0}
    player(g, "Anna").position = 19
    turn = dict(player="Anna", tile="buy-warehouse")
    e = illegal(g, "R-RND-05", **turn, refills=[["concrete"] * 4])
    assert "2 Resources" in e.message and "pouch holds 2" in e.message
    e = illegal(g, "R-GEN-05", **turn, refills=[["wood", "wood"]])
    assert "holds only 0 wood" in e.message
    play(g, **turn, refills=[["concrete", "concrete"]])
    assert g.state.market["concrete"] == 7 and g.state.supply.pouch["concrete"] == 0


def test_random_and_chosen_resources_come_from_the_pouch() -> None:
    """R-RES-02, R-RES-03: Optimization takes 1 cube of the player's choice and 1 random cube
    per Small Warehouse (recorded as drawn); cubes spent on a Floor go back into the pouch."""
    g = new_game(2)
    player(g, "Anna").small_warehouses = 1
    e = illegal(g, "R-A15-01", player="Anna", tile="optimization", choice="steel")
    assert "1 random Resources" in e.message
    play(g, player="Anna", tile="optimization", choice="steel", random=["wood"])
    anna = player(g, "Anna")
    assert (anna.cubes["steel"], anna.cubes["wood"]) == (1, 1)
    assert g.state.supply.pouch == {"concrete": 38, "wood": 23, "steel": 19}
    give(g, "Bruno", concrete=2, wood=1)
    play(g, player="Bruno", tile="build-floor", site="C.s1", building="house")
    assert g.state.supply.pouch == {"concrete": 38, "wood": 23, "steel": 19}
    assert player(g, "Bruno").total_cubes() == 0


def test_cubes_are_conserved_over_several_turns() -> None:
    """R-SETUP-10, R-RND-05, R-RES-03, R-WH-06, R-MKT-06: buying, Optimization, building,
    selling, refills and excess only move the 94 cubes between pouch, Market and Warehouses:
    43/28/23 after every turn, with 2, 3 and 4 players."""
    for n in (2, 3, 4):
        g = new_game(n)
        first, second, *others = [p.name for p in g.state.players]
        turns: list[dict[str, Any]] = [
            dict(player=first, tile="buy-resources", cubes={"concrete": 2, "wood": 1}),
            dict(player=second, tile="optimization", choice="steel"),  # 0 -> 7 -> 9
            *[dict(player=o, tile="convert") for o in others],  # 0 -> 20
            dict(player=first, tile="build-floor", site="C.s1", building="house"),
            # 9 -> 4 across the boundary; 9 wood given below: 1 does not fit
            dict(player=second, tile="sell-resources", cubes={"steel": 1},
                 refills=[["wood", "steel", "concrete", "concrete"]],
                 excess={second: {"wood": 1}}),
            *[dict(player=o, tile="convert", refills=[["steel", "steel", "wood", "concrete"]])
              for o in others],  # 20 -> 20: a full lap
        ]
        for turn in turns:
            if turn["tile"] == "sell-resources":
                give(g, second, wood=9)
            play(g, **turn)
            assert total_cubes(g) == CUBES, (n, turn)
        assert player(g, second).cubes == {"concrete": 0, "wood": 8, "steel": 0}
