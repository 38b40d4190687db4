"""The Time Action Ring and the Player's Turn (catalogue sections 9 and 14: R-TAR, R-TURN, R-TIME,
R-TBUY, R-RND, #17 Subsidy, the ability tiles R-ABIL and #19-#24), with EX-07, EX-17, EX-18,
EX-23, EX-29 and EX-33.

Ring positions of the kit's standard ring (gamekit.RING; corners from editions/standard.yaml):
 1 buy-resources   2 auction      3 import        4 sell-resources  5 buy-warehouse
 6 build-floor     7 optimization 8 explore-build-road 9 replanting 10 buy-trees
11 buy-resources-discount 12 subsidy 13 plant-trees 14 forced-trade 15 new-resident
16 build-floor-premium 17 architect 18 sell-house 19 banker 20 convert
Position 0 is the Starting Tile: the lap boundary between 20 and 1, not a step (AMB-SETUP-11).

Standard 2-3p Market (bottom hole first): concrete buy 9,9,9,7,7,7,5,5,5,4,4,4 / sell
7,7,7,5,5,5,3,3,3,2,2,2; wood buy 10,10,10,8,8,8,6,6,6 / sell 8,8,8,6,6,6,4,4,4; steel buy
12,12,12,9,9,9,7,7,7 / sell 10,10,10,7,7,7,5,5,5. The kit's 2p Market holds 5 concrete, 4 wood and
3 steel; every player starts with 50 G, 0 VP, 3 Workers, 2 Trees, 14 Blocks.
"""

from __future__ import annotations

import pytest

from grinivil_cli.engine.game import Game
from grinivil_cli.engine.records import parse_turn
from grinivil_cli.engine.ring import Move, TurnContext, move_token, steps_to

from gamekit import RING, building, give, illegal, new_game, play, player, total_cubes

CUBES = {"concrete": 43, "wood": 28, "steel": 23}

# Ability tiles on the ring instead of import, optimization, replanting, forced-trade (still 7
# pink tiles). Positions: 2 auction, 3 engineer, 4 sell-resources, 5 buy-warehouse,
# 7 builder, 8 explore-build-road, 9 buy-trees, 10 ecologist, 12 subsidy, 13 plant-trees,
# 14 merchant, 15 new-resident, 17 architect, 18 sell-house, 19 banker, 20 convert.
ABIL_RING = ["auction", "engineer", "sell-resources", "buy-warehouse", "builder",
             "explore-build-road", "buy-trees", "ecologist", "subsidy", "plant-trees",
             "merchant", "new-resident", "architect", "sell-house", "banker", "convert"]


def swapped(a: str, b: str) -> list[str]:
    """The kit's ring with two variable tiles swapped."""
    ring = list(RING)
    i, j = ring.index(a), ring.index(b)
    ring[i], ring[j] = ring[j], ring[i]
    return ring


SUBSIDY_LAST = swapped("subsidy", "convert")  # 12 convert, 20 subsidy
IMPORT_LAST = swapped("import", "convert")  # 3 convert, 20 import


def at(g: Game, name: str, position: int) -> None:
    player(g, name).position = position


def worker_on(g: Game, tile: str, name: str) -> int:
    """Arrange: `name`'s Worker stands on an Ability Tile."""
    pos = g.state.ring.position_of(tile)
    assert pos is not None
    g.state.ring.ability_workers[pos] = name
    return pos




def place_i04_at_i2(g: Game) -> None:
    """Arrange: Inner tile I04 at slot I2 (Municipal Parcel), so the radial road R2 between
    I1 and I2 is a Construction Road; I04 has no Municipal site."""
    g.state.townland.tiles["I2"] = "I04"
    g.state.townland.owners["I2"] = "Municipality"
    g.state.supply.inner_stack.remove("I04")


REFILL = [["concrete", "concrete", "steel", "steel"]]


# --- turn order, rounds, movement ----------------------------------------------------------------

def test_turns_go_clockwise_from_the_first_listed_player() -> None:
    """R-GEN-02, AMB-SETUP-05: the first player listed begins, then clockwise (list order)."""
    g = new_game(3)
    e = illegal(g, "R-GEN-02", player="Bruno", tile="convert")
    assert "it is Anna's turn" in e.message and "Bruno" in e.message
    play(g, player="Anna", tile="convert")  # 0 VP: 15 G (R-VP-06), no time
    e = illegal(g, "R-GEN-02", player="Clara", tile="convert")
    assert "it is Bruno's turn" in e.message
    play(g, player="Bruno", tile="convert")
    play(g, player="Clara", tile="convert")
    illegal(g, "R-GEN-02", player="Bruno", tile="buy-trees", trees=1)
    play(g, player="Anna", tile="buy-trees", trees=1, refills=REFILL)
    # Anna: 50 + 15 (Convert at 20) - 5 (Taxes: 20 -> 10 crosses the boundary) - 1 (1 Tree)
    assert player(g, "Anna").money == 59


def test_each_player_completes_their_own_round() -> None:
    """R-GEN-03, R-RND-01, R-RND-03, R-RND-05, R-RND-08, R-TAR-08, R-TURN-01, R-GEN-08:
    only the player whose token crosses the Starting Tile pays Taxes and refills the Market;
    the money goes to the bank."""
    g = new_game(2)
    at(g, "Anna", 19)
    turn = dict(player="Anna", tile="buy-warehouse")
    # 19 -> 20 -> (boundary) 1 .. 5: one TAR completion, so 4 cubes must be recorded
    e = illegal(g, "R-RND-05", **turn)
    assert "refills" in e.message
    e = illegal(g, "R-RND-05", **turn, refills=[["wood", "wood", "steel"]])
    # the pouch holds 94 - 12 on the Market = 82
    assert "4 Resources" in e.message and "82" in e.message and "records 3" in e.message
    e = illegal(g, "R-RND-05", **turn, refills=[["wood"] * 4, ["steel"] * 4])
    assert "2 Market refills" in e.message and "completed 1 time." in e.message
    play(g, **turn, refills=[["wood", "wood", "steel", "concrete"]])
    anna, bruno = player(g, "Anna"), player(g, "Bruno")
    assert anna.money == 50 - 5 - 10  # Taxes, then the Small Warehouse (no Workers employed)
    assert anna.position == 6  # #07 costs 1 TU
    assert g.state.market == {"concrete": 5 + 1, "wood": 4 + 2, "steel": 3 + 1}
    assert g.state.supply.pouch == {"concrete": 43 - 5 - 1, "wood": 28 - 4 - 2,
                                    "steel": 23 - 3 - 1}
    tax = [x for x in g.ledger.entries if x.rule == "R-RND-03"]
    assert [(x.player, x.amount, x.counterparty) for x in tax] == [("Anna", -5, "bank")]
    assert bruno.money == 50 and bruno.position == 0
    # Bruno's move 0 -> 5 completes nothing: no Taxes, and a recorded refill is invented
    e = illegal(g, "R-RND-05", player="Bruno", tile="buy-warehouse", refills=[["wood"] * 4])
    assert "completed 0 times" in e.message
    play(g, player="Bruno", tile="buy-warehouse")
    assert player(g, "Bruno").money == 50 - 10
    assert total_cubes(g) == CUBES


def test_tokens_only_move_forward_so_an_earlier_tile_costs_a_lap() -> None:
    """R-TAR-04, R-TAR-02, R-RND-03: from 6, Sell Resources (4) is 18 tiles ahead, across the
    Starting Tile."""
    g = new_game(2)
    at(g, "Anna", 6)
    give(g, "Anna", steel=1)
    play(g, player="Anna", tile="sell-resources", cubes={"steel": 1}, refills=REFILL)
    anna = player(g, "Anna")
    # refill: steel 3 + 2 = 5 cubes, so the sold steel fills hole 6 (sell 7): 50 - 5 + 7
    assert anna.money == 52
    assert anna.position == 4
    assert g.state.market["steel"] == 6


def test_a_tile_not_on_the_ring_cannot_be_chosen() -> None:
    """R-TAR-02, R-SETUP-19: only the 20 tiles of this game's ring can be chosen."""
    g = new_game(2)
    e = illegal(g, "R-TAR-02", player="Anna", tile="merchant")
    assert "'merchant' is not on this game's Time Action Ring" in e.message


@pytest.mark.parametrize("start,steps,entered,laps", [
    (0, 3, [1, 2, 3], 0),  # from the Starting Tile onto the ring: no lap yet
    (0, 20, list(range(1, 21)), 0),
    (0, 21, [*range(1, 21), 1], 1),
    (18, 4, [19, 20, 1, 2], 1),  # 20 -> 1 crosses the Starting Tile boundary
    (20, 1, [1], 1),
    (5, 0, [], 0),
])
def test_a_forward_move_enters_each_tile_and_counts_the_laps(
        start: int, steps: int, entered: list[int], laps: int) -> None:
    """R-TAR-01, R-RND-01: a lap is completed when the token moves from the last tile (20)
    across the Starting Tile boundary to the first; leaving the Starting Tile itself is none."""
    move = Move.forward(start, steps)
    assert (move.entered, move.laps) == (entered, laps)
    assert move.end == (entered[-1] if entered else start)


def test_full_lap_onto_the_same_tile() -> None:
    """EX-33, R-TAR-03, R-TAR-07, R-RND-01, R-A17-01: a token on tile k choosing tile k travels
    20 tiles and completes exactly one lap; two tokens may share a tile."""
    for k in range(1, 21):
        move = Move.forward(k, steps_to(k, k))
        assert (move.steps, move.laps, move.end) == (20, 1, k)
    g = new_game(2)
    at(g, "Anna", 12)
    at(g, "Bruno", 12)
    illegal(g, "R-RND-05", player="Anna", tile="subsidy")  # the lap needs its refill
    play(g, player="Anna", tile="subsidy", refills=REFILL)
    anna = player(g, "Anna")
    # 50 - 5 Taxes + Subsidy 3 + 3 x 3 unemployed Workers = 57; shift 2 mandatory TU
    assert anna.money == 57
    assert anna.position == 14
    assert player(g, "Bruno").position == 12


def test_round_completion_pays_taxes_then_wages_then_workers_come_back() -> None:
    """EX-17, R-RND-02, R-RND-04, R-RND-06, R-RND-09, R-ABIL-06, R-TAR-08: 3 employed
    Workers (2 at sites, 1 on an Ability Tile), 30 G: -5 tax, -9 wages, 4 cubes to the Market,
    then the Worker at the finished building comes back; the Ability Tile's Worker stays."""
    g = new_game(2, money=30)
    at(g, "Anna", 18)
    worker_on(g, "architect", "Anna")  # position 17, behind the token: not passed
    done = building(g, "C.s1", "house", ["Anna", "Bruno"], ["Anna", "Bruno"])
    open_ = building(g, "C.s2", "house", ["Anna"], ["Anna"])
    give(g, "Anna", wood=1)
    anna = player(g, "Anna")
    assert g.employed_workers(anna) == 3
    # 18 -> 19, 20, (boundary) 1, 2, 3, 4; the refill adds no wood, so wood stays at 4 cubes
    play(g, player="Anna", tile="sell-resources", cubes={"wood": 1}, refills=REFILL)
    money = [(x.rule, x.amount) for x in g.ledger.for_player("Anna") if x.what == "money"]
    # 30 - 5 - 9 = 16; then the wood sold into hole 5 of wood (sell 6): 22
    assert money == [("R-RND-03", -5), ("R-RND-04", -9), ("R-A06-02", 6)]
    assert anna.money == 22
    assert done.workers == ["Bruno"] and open_.workers == ["Anna"]
    assert g.state.ring.ability_workers == {17: "Anna"}
    assert g.employed_workers(anna) == 2 and g.free_workers(anna) == 1
    assert g.state.market == {"concrete": 7, "wood": 5, "steel": 5}


def test_short_of_money_at_completion_pays_all_and_one_vp_once() -> None:
    """EX-17, R-RND-07, AMB-RND-01: 10 G against 5 tax + 9 wages: pay 10, 0 G left, and 1 VP
    (once per completion, although both tax and wages went short)."""
    g = new_game(2, money=10)
    at(g, "Anna", 18)
    worker_on(g, "architect", "Anna")
    building(g, "C.s1", "house", ["Anna", "Bruno"], ["Anna", "Bruno"])
    building(g, "C.s2", "house", ["Anna"], ["Anna"])
    player(g, "Anna").vp = 3
    give(g, "Anna", wood=1)
    play(g, player="Anna", tile="sell-resources", cubes={"wood": 1}, refills=REFILL)
    anna = player(g, "Anna")
    money = [(x.rule, x.amount) for x in g.ledger.for_player("Anna") if x.what == "money"]
    # Taxes 5 paid in full, then 5 of the 9 G wages; then the wood sold for 6
    assert money == [("R-RND-03", -5), ("R-RND-04", -5), ("R-A06-02", 6)]
    assert (anna.vp, anna.money) == (3 - 1, 0 + 6)


def test_passed_ability_worker_comes_back_before_the_wages() -> None:
    """AMB-TAR-04 (b), R-TAR-08, R-TAR-15, R-ABIL-03: a Worker on an Ability Tile entered after
    the boundary is taken back before the completion steps, so no wage is paid for it."""
    g = new_game(2, ring=ABIL_RING)
    at(g, "Anna", 18)
    worker_on(g, "engineer", "Anna")  # position 3
    give(g, "Anna", wood=1)
    play(g, player="Anna", tile="sell-resources", cubes={"wood": 1}, refills=REFILL)
    # 18 -> 19, 20, 1 (completion), 2, 3 (Worker back), 4; 50 - 5 tax - 0 wages + 6 (wood)
    assert player(g, "Anna").money == 51
    assert g.state.ring.ability_workers == {}


def test_time_shift_completes_the_round_after_the_action() -> None:
    """R-TAR-13, R-TAR-16, R-TURN-07, R-A17-02: the action is done before the time shift, and a
    completion in the shift comes after it: Subsidy's 12 G pays the Taxes, no VP is lost."""
    g = new_game(2, ring=SUBSIDY_LAST, money=0)
    at(g, "Anna", 19)
    player(g, "Anna").vp = 1
    e = illegal(g, "R-RND-05", player="Anna", tile="subsidy")  # 20 -> 1, 2: a completion
    assert "refills" in e.message
    play(g, player="Anna", tile="subsidy", refills=REFILL)
    anna = player(g, "Anna")
    assert (anna.money, anna.vp, anna.position) == (0 + 12 - 5, 1, 2)


def test_two_completions_in_one_turn() -> None:
    """R-TAR-16, R-RND-08, AMB-RND-02: a full lap to the same tile and a shift across the
    boundary again: Taxes twice, one refill group each, in order."""
    g = new_game(2, ring=SUBSIDY_LAST)
    at(g, "Anna", 20)
    illegal(g, "R-RND-05", player="Anna", tile="subsidy", refills=[["wood"] * 4])
    play(g, player="Anna", tile="subsidy", refills=[["concrete"] * 4, ["wood"] * 4])
    anna = player(g, "Anna")
    assert anna.money == 50 - 5 + 12 - 5
    assert anna.position == 2
    assert g.state.market == {"concrete": 9, "wood": 8, "steel": 3}
    # one shift longer than the ring (41 tiles from 19): 19 -> 20 -> 1 (lap) ... 20 -> 1 (lap)
    # ... 20; AMB-RND-02: the completion steps run twice
    move = Move.forward(19, 41)
    assert (move.laps, move.end) == (2, 20)
    g = new_game(2)
    anna = player(g, "Anna")
    anna.position = 19
    ctx = TurnContext(parse_turn({"player": "Anna", "tile": "subsidy",
                                  "refills": [["steel"] * 4, ["wood"] * 4]}, ("turns", 0)))
    move_token(g, anna, 41, ctx, include_end=True)
    assert (anna.money, anna.position, ctx.refills_used) == (50 - 5 - 5, 20, 2)
    assert g.state.market == {"concrete": 5, "wood": 8, "steel": 7}


# --- time cost and time buying -------------------------------------------------------------------

def test_time_buying_lowers_the_shift_at_three_grinies_a_unit() -> None:
    """EX-18, R-TBUY-01, R-TIME-02, R-SETUP-23: Import (fixed 2 TU), 2 units bought: 6 G, no
    shift. The D6 is not rolled at setup: the turn records its roll (face 1: 2 G an item)."""
    g = new_game(2)
    turn = dict(player="Anna", tile="import", roll=1, items=["concrete"])
    e = illegal(g, "R-TBUY-01", **turn, buy_time=3)
    assert "costs 2 Time Units" in e.message and "3 cannot be bought" in e.message
    play(g, **turn, buy_time=2)
    anna = player(g, "Anna")
    assert (anna.money, anna.position, anna.cubes["concrete"]) == (50 - 2 - 6, 3, 1)
    g = new_game(2, money=7)
    e = illegal(g, "R-TBUY-01", **turn, buy_time=2)
    assert "6 Grinies" in e.message and "holds 5" in e.message  # 7 - 2 for the item


def test_time_buying_never_shortens_the_choosing_move() -> None:
    """R-TBUY-03, R-A07-04: 0 -> 5 is the choosing move; only #07's 1 TU shift is bought."""
    g = new_game(2)
    play(g, player="Anna", tile="buy-warehouse", buy_time=1)
    anna = player(g, "Anna")
    assert (anna.money, anna.position) == (50 - 10 - 3, 5)


def test_time_can_be_bought_for_buy_resources() -> None:
    """AMB-TIME-02, R-TIME-07, R-A01-04: 4 concrete cost ceil(4/3) = 2 TU, not mandatory."""
    g = new_game(2)
    play(g, player="Anna", tile="buy-resources", cubes={"concrete": 4}, buy_time=1)
    anna = player(g, "Anna")
    # concrete holding 5: holes 5, 4, 3, 2 -> 7 + 7 + 9 + 9 = 32; 1 TU bought: 3 G
    assert anna.money == 50 - 32 - 3
    assert anna.position == 1 + 1


def test_build_time_per_cube_can_be_bought_down() -> None:
    """EX-07, EX-18, R-TIME-05, R-RES-03: a Floor spending 4 cubes costs 4 TU; 3 bought cost 9 G
    and leave a shift of 1. (EX-18's 5-cube Floor does not exist in the standard edition: every
    Floor costs 2 to 4 cubes.) Spent cubes go back to the pouch."""
    turn = dict(player="Anna", tile="build-floor", site="C.s6", building="shopping-center")
    g = new_game(2)
    give(g, "Anna", concrete=2, steel=2)  # Shopping Center Floor 1: 2 concrete + 2 steel, 5 VP
    play(g, **turn)
    assert player(g, "Anna").position == 6 + 4
    assert player(g, "Anna").vp == 5
    assert g.state.supply.pouch == {"concrete": 38, "wood": 24, "steel": 20}
    g = new_game(2)
    give(g, "Anna", concrete=2, steel=2)
    play(g, **turn, buy_time=3)
    anna = player(g, "Anna")
    assert (anna.money, anna.position) == (50 - 9, 6 + 1)


def test_mandatory_time_cannot_be_bought() -> None:
    """EX-18, R-TBUY-02, R-TIME-04, R-A17-02: Subsidy's 2 TU are mandatory."""
    g = new_game(2)
    e = illegal(g, "R-TBUY-02", player="Anna", tile="subsidy", buy_time=1)
    assert "2 Time Units" in e.message and "mandatory" in e.message


def test_time_bought_before_the_shift_avoids_its_completion() -> None:
    """AMB-TBUY-01: bought time is paid before the shift, so buying it all keeps the token on
    20: no Taxes, no refill; buying 1 of 2 TU crosses the boundary once."""
    turn = dict(player="Anna", tile="import", roll=1, items=["wood"])
    g = new_game(2, ring=IMPORT_LAST)
    at(g, "Anna", 19)
    play(g, **turn, buy_time=2)
    assert (player(g, "Anna").money, player(g, "Anna").position) == (50 - 2 - 6, 20)
    g = new_game(2, ring=IMPORT_LAST)
    at(g, "Anna", 19)
    illegal(g, "R-RND-05", **turn, buy_time=1)
    play(g, **turn, buy_time=1, refills=REFILL)
    assert (player(g, "Anna").money, player(g, "Anna").position) == (50 - 2 - 3 - 5, 1)


def test_time_cost_kinds() -> None:
    """EX-07, R-TIME-01, R-TIME-03, R-TIME-06, R-TIME-08, R-ABIL-05: trees in sets of 3
    (5 planted: 2 TU), the dual tile's two costs (Explore 1, Build a Road 2), 1 TU per Tree
    replanted, no extra time for Sell Resources and for placing a Worker."""
    g = new_game(2)
    player(g, "Anna").trees = 5
    spots = [f"I0.p{i}" for i in range(1, 6)]
    play(g, player="Anna", tile="plant-trees", spots=spots)
    anna = player(g, "Anna")
    # 5 Trees: 3 x 5 G, then 2 x 2 VP (#10); ceil(5/3) = 2 TU from 13
    assert (anna.money, anna.vp, anna.position) == (50 + 15, 4, 15)

    g = new_game(2)
    play(g, player="Anna", tile="explore", slot="I2", land_tile="I04")
    assert player(g, "Anna").position == 8 + 1
    g = new_game(2)
    place_i04_at_i2(g)
    give(g, "Anna", concrete=2)
    play(g, player="Anna", tile="build-road", road="R2")
    assert player(g, "Anna").position == 8 + 2

    g = new_game(2)
    moves = [{"from": "supply", "to": "I0.p1"}, {"from": "supply", "to": "I0.p2"}]
    play(g, player="Anna", tile="replanting", moves=moves)
    assert (player(g, "Anna").position, player(g, "Anna").vp) == (9 + 2, 1)

    g = new_game(2)
    give(g, "Anna", steel=1)
    play(g, player="Anna", tile="sell-resources", cubes={"steel": 1})
    play(g, player="Bruno", tile="architect")
    assert player(g, "Anna").position == 4 and player(g, "Bruno").position == 17


# --- the 2 VP penalty ----------------------------------------------------------------------------

def test_declined_action_costs_two_vp_and_no_time_shift() -> None:
    """EX-29, R-TAR-09, R-TAR-10, AMB-TAR-02 (a): 7 VP, the action not carried out: 5 VP; the
    token stays on the chosen tile (#07 would cost 1 TU)."""
    g = new_game(2)
    player(g, "Anna").vp = 7
    play(g, player="Anna", tile="buy-warehouse", declined=True)
    anna = player(g, "Anna")
    assert (anna.vp, anna.money, anna.small_warehouses, anna.position) == (5, 50, 0, 5)
    assert g.state.supply.small_warehouses == 12


def test_declined_with_fewer_than_two_vp_loses_points_money_and_cubes() -> None:
    """EX-29, R-TAR-11, AMB-TAR-03: 1 VP, 12 G, 3 cubes: all gone (cubes to the pouch); the
    Trees stay."""
    g = new_game(2, money=12)
    player(g, "Anna").vp = 1
    give(g, "Anna", concrete=2, steel=1)
    play(g, player="Anna", tile="buy-warehouse", declined=True)
    anna = player(g, "Anna")
    assert (anna.vp, anna.money, anna.total_cubes(), anna.trees) == (0, 0, 0, 2)
    assert g.state.supply.pouch == {"concrete": 38, "wood": 24, "steel": 20}
    assert total_cubes(g) == CUBES


def test_r_tar_06_an_action_the_player_cannot_perform_cannot_be_declined() -> None:
    """R-TAR-06, AMB-TAR-01 (a), R-TAR-05: with 3 G, carrying out #07 (10 G) is an illegal move,
    and so is declining it: a player not able to perform an Action cannot choose it. With 10 G
    she is able, so declining is the 2 VP penalty (5 - 2 = 3 VP, the 10 G kept). A tile that
    fails eligibility (a) stays illegal declined."""
    g = new_game(2, money=3)
    player(g, "Anna").vp = 5
    e = illegal(g, "R-A07-01", player="Anna", tile="buy-warehouse")
    assert "10 Grinies" in e.message and "holds 3" in e.message
    e = illegal(g, "R-TAR-06", player="Anna", tile="buy-warehouse", declined=True)
    assert "a Small Warehouse is 10 Grinies; Anna holds 3 (R-A07-01)" in e.message
    worker_on(g, "architect", "Bruno")
    e = illegal(g, "R-TAR-05", player="Anna", tile="architect", declined=True)
    assert "Bruno's Worker" in e.message
    player(g, "Anna").money = 10
    play(g, player="Anna", tile="buy-warehouse", declined=True)
    assert (player(g, "Anna").vp, player(g, "Anna").money) == (3, 10)


def empty_market_and_anna_behind_buy_resources(g: Game, money: int) -> None:
    """The Market's cubes back in the pouch; Anna (5 VP) on position 2, so that choosing Buy
    Resources (position 1) completes the TAR: 5 Grinies of Taxes, 4 cubes drawn for the
    Market."""
    for r in g.state.market:
        g.state.supply.pouch[r] += g.state.market[r]
        g.state.market[r] = 0
    anna = player(g, "Anna")
    anna.money, anna.vp, anna.position = money, 5, g.state.ring.position_of("buy-resources") + 1


def test_r_tar_06_eligibility_is_judged_at_the_choice_before_the_refill() -> None:
    """R-TAR-06, AMB-TAR-01 (a), AMB-A14-03 (a): Anna (12 G) chooses Buy Resources, the lap
    costs 5 Taxes (7 G left) and draws 4 Steel for the empty Market: the topmost Steel costs
    9 (the Steel section of the 2-3 player Market costs 12, 12, 12, 9, ... from the bottom),
    so she cannot buy; but 4 Concrete would have put a 7 on top, which she
    could pay: she chose an eligible tile and drew badly, so declining is the 2 VP penalty.
    With 8 G (3 after the Taxes) no draw lets her buy (4 G is the cheapest top cube, the top
    row of Concrete, reached only with 10 cubes), so the tile was not eligible."""
    g = new_game(2)
    empty_market_and_anna_behind_buy_resources(g, 12)
    steel = [["steel"] * 4]
    e = illegal(g, "R-A01-03", player="Anna", tile="buy-resources", refills=steel,
                cubes={"steel": 1})
    assert "Anna holds 7" in e.message
    play(g, player="Anna", tile="buy-resources", refills=steel, declined=True)
    assert (player(g, "Anna").vp, player(g, "Anna").money) == (3, 7)
    g = new_game(2)
    empty_market_and_anna_behind_buy_resources(g, 8)
    e = illegal(g, "R-TAR-06", player="Anna", tile="buy-resources", refills=steel,
                declined=True)
    assert "could not have carried it out" in e.message


def test_declined_auction_goes_ahead_without_the_initiator() -> None:
    """R-TAR-12: Anna calls the Auction but does not carry it out: she loses 2 VP, and the
    Auction is completed without her: Bruno's bid of 10 wins the 5 cubes and 1 VP."""
    g = new_game(2)
    player(g, "Anna").vp = 4
    lot = ["wood", "wood", "steel", "concrete", "concrete"]
    play(g, player="Anna", tile="auction", declined=True, drawn=lot, bids={"Bruno": 10})
    bruno = player(g, "Bruno")
    assert player(g, "Anna").vp == 2
    assert (bruno.money, bruno.vp, bruno.total_cubes()) == (40, 1, 5)


# --- eligibility ---------------------------------------------------------------------------------

def test_an_ability_tile_with_any_worker_is_not_eligible() -> None:
    """R-TAR-05, R-ABIL-02: another player's Worker, or your own, blocks the tile."""
    g = new_game(2)
    worker_on(g, "architect", "Bruno")
    e = illegal(g, "R-TAR-05", player="Anna", tile="architect")
    assert "Bruno's Worker stands on the Ability Tile Architect" in e.message
    g.state.ring.ability_workers[17] = "Anna"
    e = illegal(g, "R-TAR-05", player="Anna", tile="architect")
    assert "Anna's Worker" in e.message


def test_an_occupied_restricted_tile_is_not_eligible() -> None:
    """R-TAR-05, R-A18-04, AMB-A16-01: after Anna's Forced Trade the tile is 'occupied' for
    everyone, Anna too on her next choice; the token comes back once she has chosen."""
    g = new_game(2)
    give(g, "Anna", concrete=1)
    give(g, "Bruno", wood=1)
    play(g, player="Anna", tile="forced-trade", accepted={"Bruno": True},
         trades=[{"with": "Bruno", "give": "concrete", "get": "wood"}])
    assert (player(g, "Anna").money, player(g, "Bruno").money) == (48, 52)
    assert g.state.ring.occupied == {14: "Anna"}
    e = illegal(g, "R-A18-04", player="Bruno", tile="forced-trade")
    assert "occupied" in e.message and "Anna" in e.message
    play(g, player="Bruno", tile="convert")
    illegal(g, "R-A18-04", player="Anna", tile="forced-trade")
    play(g, player="Anna", tile="convert")
    assert g.state.ring.occupied == {}


def test_build_needs_a_free_worker_at_the_start_of_the_turn() -> None:
    """R-WRK-02, AMB-WRK-01 (a), EX-23, R-A17-01, R-ABIL-06: all 3 Workers employed (2 sites,
    1 Ability Tile): no Build, even on a building where her Worker stands; Subsidy pays 3 G."""
    g = new_game(2)
    worker_on(g, "architect", "Anna")
    building(g, "C.s1", "house", ["Anna"], ["Anna"])
    building(g, "C.s2", "house", ["Anna"], ["Anna"])
    give(g, "Anna", concrete=1, wood=1, steel=1)
    e = illegal(g, "R-WRK-02", player="Anna", tile="build-floor", site="C.s1")
    assert "no free Worker" in e.message
    play(g, player="Anna", tile="subsidy")
    assert (player(g, "Anna").money, player(g, "Anna").position) == (50 + 3, 14)


def test_subsidy_counts_unemployed_workers() -> None:
    """EX-23, R-A17-01, R-A17-02, R-WRK-05: 2 unemployed Workers (the third on an Ability
    Tile): 3 + 2 x 3 = 9 G; exactly 2 TU."""
    g = new_game(2)
    worker_on(g, "architect", "Anna")
    play(g, player="Anna", tile="subsidy")
    assert (player(g, "Anna").money, player(g, "Anna").position) == (59, 14)


def test_time_shift_may_end_on_any_tile() -> None:
    """R-TAR-14: the shift ends on the Ecologist tile where Bruno's Worker stands."""
    g = new_game(2, ring=ABIL_RING)
    worker_on(g, "ecologist", "Bruno")
    play(g, player="Anna", tile="buy-trees", trees=1)
    assert player(g, "Anna").position == 10
    assert g.state.ring.ability_workers == {10: "Bruno"}
    assert player(g, "Anna").trees == 3  # Bruno's Ecologist gives Anna nothing


# --- steps of the turn ---------------------------------------------------------------------------

def test_benefits_come_before_the_action_costs() -> None:
    """R-TURN-01, R-TURN-02, R-TURN-03, AMB-TAR-06 (b), R-A23-01: the Banker's 3 G (step 2)
    help pay #07 (step 3): 7 + 3 = 10."""
    g = new_game(2, money=7)
    worker_on(g, "banker", "Anna")
    play(g, player="Anna", tile="buy-warehouse")
    assert (player(g, "Anna").money, player(g, "Anna").small_warehouses) == (0, 1)


def test_costs_are_paid_after_the_completion_of_the_choosing_move() -> None:
    """AMB-TAR-06 (b), R-TURN-01, R-TURN-03: 14 G, the move to #07 crosses the boundary:
    Taxes first (9 G left), so the 10 G Warehouse cannot be paid."""
    g = new_game(2, money=14)
    at(g, "Anna", 19)
    e = illegal(g, "R-A07-01", player="Anna", tile="buy-warehouse", refills=REFILL)
    assert "10 Grinies" in e.message and "holds 9" in e.message


def test_site_bonus_repeat_action_is_a_whole_turn_at_the_end() -> None:
    """R-TURN-04, R-TURN-08, AMB-TURN-01 (a): the first Floor on I2.s2 (bonus: Repeat Action)
    earns a Repeat Action, played at the end of the turn with a move and its own time shift."""
    g = new_game(2)
    place_i04_at_i2(g)
    give(g, "Anna", concrete=1, steel=1)  # Bus Stop Floor 1: 1 concrete + 1 steel, 2 VP
    turn = dict(player="Anna", tile="build-floor", site="I2.s2", building="bus-stop",
                site_bonus="repeat")
    e = illegal(g, "R-SACT-05", **turn, repeat=[{"tile": "buy-trees", "trees": 1},
                                               {"tile": "convert"}])
    assert "2 Repeat Actions" in e.message and "1 was earned" in e.message
    play(g, **turn, repeat=[{"tile": "buy-trees", "trees": 1}])
    anna = player(g, "Anna")
    # build at 6, shift 2 cubes -> 8; repeat: 8 -> 10 (Buy Trees, 1 G), shift 1 -> 11
    assert (anna.position, anna.money, anna.trees, anna.vp) == (11, 49, 3, 2)


def test_one_associated_build_action_after_the_floor() -> None:
    """R-TURN-05, R-TIME-05: Build Floor 1 of a House on C.s1, then the Additional Floor for
    25 G; the time is the primary Floor's 3 cubes (AMB-ABA-01)."""
    g = new_game(2)
    give(g, "Anna", concrete=3, wood=2, steel=1)
    play(g, player="Anna", tile="build-floor", site="C.s1", building="house",
         associated={"additional_floor": {"cubes": {"concrete": 1, "wood": 1, "steel": 1}}})
    anna = player(g, "Anna")
    assert (anna.money, anna.vp, anna.blocks, anna.position) == (50 - 25, 2 + 3, 12, 9)
    assert g.state.townland.buildings["C.s1"].finished


def test_road_built_with_the_tile_advances_the_road_track() -> None:
    """R-TURN-06: the road R2 (2 concrete) moves Anna to space 1 of the Bonus Road Track
    (3 G in the standard edition)."""
    g = new_game(2)
    place_i04_at_i2(g)
    give(g, "Anna", concrete=2)
    play(g, player="Anna", tile="build-road", road="R2")
    anna = player(g, "Anna")
    assert (anna.road_track, anna.money, anna.cubes["concrete"]) == (1, 53, 0)


# --- ability tiles -------------------------------------------------------------------------------

def test_placing_a_worker_is_the_action_and_pays_nothing_that_turn() -> None:
    """R-ABIL-01, R-ABIL-05, R-A23-01, R-A23-02, AMB-TURN-03, AMB-TAR-05, R-WRK-06: the
    Banker's Worker is placed with no time shift and pays nothing on that turn; it pays 3 G on
    the next choice, and stays although the token starts on its tile."""
    g = new_game(2)
    play(g, player="Anna", tile="banker")
    anna = player(g, "Anna")
    assert (anna.position, anna.money, g.free_workers(anna)) == (19, 50, 2)
    assert g.state.ring.ability_workers == {19: "Anna"}
    play(g, player="Bruno", tile="convert")
    play(g, player="Anna", tile="convert")
    anna = player(g, "Anna")
    assert anna.money == 50 + 3 + 15
    assert g.state.ring.ability_workers == {19: "Anna"}
    assert player(g, "Bruno").money == 50 + 15  # only the Worker's owner is paid

    g = new_game(2)
    worker_on(g, "banker", "Anna")
    building(g, "C.s1", "house", ["Anna"], ["Anna"])
    building(g, "C.s2", "house", ["Anna"], ["Anna"])
    e = illegal(g, "R-WRK-06", player="Anna", tile="architect")
    assert "no free Worker" in e.message


def test_passing_the_ability_tile_returns_the_worker() -> None:
    """R-ABIL-03, R-TAR-15, AMB-ABIL-01 (a), AMB-TURN-02: 18 -> 20 passes the Banker (19): the
    Worker comes back in step 1 and pays nothing."""
    g = new_game(2)
    at(g, "Anna", 18)
    worker_on(g, "banker", "Anna")
    play(g, player="Anna", tile="convert")
    anna = player(g, "Anna")
    assert (anna.money, g.free_workers(anna)) == (65, 3)
    assert g.state.ring.ability_workers == {}


def test_time_shift_ending_on_your_ability_tile_returns_the_worker() -> None:
    """R-TAR-15, R-A22-01, R-A22-02: Ecologist gives a Tree when Buy Trees (9) is chosen; the
    1 TU shift ends on the Ecologist tile (10), and the Worker comes back."""
    g = new_game(2, ring=ABIL_RING)
    worker_on(g, "ecologist", "Anna")
    play(g, player="Anna", tile="buy-trees", trees=1)
    anna = player(g, "Anna")
    assert (anna.trees, anna.money, anna.position) == (2 + 1 + 1, 49, 10)
    assert g.state.supply.trees == 50 - 2 * 2 - 2
    assert g.state.ring.ability_workers == {}


def test_abilities_combine_and_pay_at_each_choice() -> None:
    """R-ABIL-04, R-TURN-02, R-A22-01, R-A23-01, R-A24-01, R-A24-02, R-RES-02: Ecologist,
    Merchant and Banker together: 1 Tree, 1 random cube (recorded), 3 G."""
    g = new_game(2, ring=ABIL_RING)
    for tile in ("ecologist", "merchant", "banker"):
        worker_on(g, tile, "Anna")
    turn = dict(player="Anna", tile="buy-trees", trees=1)
    e = illegal(g, "R-A24-01", **turn)
    assert "must record it ('merchant')" in e.message
    play(g, **turn, merchant="steel")
    anna = player(g, "Anna")
    assert (anna.money, anna.trees, anna.cubes["steel"]) == (50 + 3 - 1, 4, 1)
    assert g.state.supply.pouch["steel"] == 23 - 3 - 1
    assert g.state.ring.ability_workers == {14: "Anna", 19: "Anna"}  # Ecologist passed
    e = illegal(g, "R-A24-01", player="Bruno", tile="convert", merchant="wood")
    assert "Bruno has no Worker on the Merchant tile" in e.message


def test_merchant_and_ecologist_with_an_empty_supply() -> None:
    """R-GEN-04, R-GEN-05, R-GEN-06, AMB-GEN-01, R-A24-01: no cube in the pouch and no Tree in
    the supply: nothing is drawn, and recording a drawn cube is illegal."""
    g = new_game(2, ring=ABIL_RING)
    worker_on(g, "ecologist", "Anna")
    worker_on(g, "merchant", "Anna")
    g.state.supply.pouch = {"concrete": 0, "wood": 0, "steel": 0}
    g.state.supply.trees = 0
    e = illegal(g, "R-A24-01", player="Anna", tile="buy-warehouse", merchant="wood")
    assert "pouch is empty" in e.message
    play(g, player="Anna", tile="buy-warehouse")  # 0 -> 5: neither Worker is passed
    anna = player(g, "Anna")
    assert (anna.trees, anna.total_cubes(), anna.money) == (2, 0, 40)
    assert g.state.ring.ability_workers == {10: "Anna", 14: "Anna"}


def test_architect_lets_any_cubes_pay_for_a_floor() -> None:
    """R-A19-01, R-A19-02, AMB-A19-01: with the Architect, House Floor 1 (2 concrete + 1 wood)
    is paid with 3 steel; the number of cubes stays 3 (and 3 TU)."""
    g = new_game(2)
    worker_on(g, "architect", "Anna")
    give(g, "Anna", steel=3)
    turn = dict(player="Anna", tile="build-floor", site="C.s1", building="house")
    e = illegal(g, "R-BLD-07", **turn, cubes={"steel": 2})
    assert "needs 3 cubes" in e.message
    play(g, **turn, cubes={"steel": 3})
    anna = player(g, "Anna")
    assert (anna.vp, anna.position, anna.cubes["steel"]) == (2, 9, 0)
    give(g, "Bruno", steel=3)
    e = illegal(g, "R-BLD-07", player="Bruno", tile="build-floor", site="C.s2",
                building="house", cubes={"steel": 3})
    assert "only Architect" in e.message


def test_builder_discards_one_cube_fewer() -> None:
    """R-A21-01, R-A21-02, AMB-A21-01, AMB-TIME-03, R-ABIL-04: with the Builder, House Floor 1
    takes 2 of its 3 cubes (the builder chooses, so the log records them) and 2 TU; with
    Architect as well, 2 cubes of any type."""
    g = new_game(2, ring=ABIL_RING)
    worker_on(g, "builder", "Anna")
    give(g, "Anna", concrete=2, wood=1)
    turn = dict(player="Anna", tile="build-floor", site="C.s1", building="house")
    e = illegal(g, "R-BLD-07", **turn)
    assert "must record 'cubes'" in e.message
    play(g, **turn, cubes={"concrete": 2})
    anna = player(g, "Anna")
    # 6 -> 7 (the Builder's tile: Worker back) -> 8
    assert (anna.position, anna.cubes["wood"], anna.vp) == (8, 1, 2)
    assert g.state.ring.ability_workers == {}
    g = new_game(2, ring=ABIL_RING)
    worker_on(g, "builder", "Anna")
    worker_on(g, "architect", "Anna")
    give(g, "Anna", steel=2)
    play(g, **turn, cubes={"steel": 2})
    assert player(g, "Anna").cubes["steel"] == 0
