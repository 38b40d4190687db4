"""Conditions of the turn, judged when the rulebook says (fidelity round two, classes 3, 4, 6).

* "at the beginning of your turn" is evaluated once, at the beginning of the turn, and holds for
  its Repeat Actions too (R-WRK-02);
* "before selecting this action" is the position before the choosing move (R-VP-05, R-VP-06);
* "Once taken, it is no longer possible to choose an action to obtain them": a tile whose
  Action needs what the supply, the Reserve, the Market or the table no longer has cannot be
  chosen, declined or not (R-GEN-04, R-GEN-06, R-A07-03, R-A08A-07, R-A08B-05, R-A09-05,
  R-A10-04, R-A11-01, R-A06-03, R-A16-01, R-A18-06, R-A52P-01); a declined action records none of
  its fields (R-TAR-10);
* every change of a counted thing of the supply goes through the ledger (R-A16-01, R-RDB-04,
  R-A07-02).

Ring positions of gamekit.RING: 1 buy-resources, 2 auction, 3 import, 4 sell-resources,
5 buy-warehouse, 6 build-floor, 7 optimization, 8 explore-build-road, 9 replanting,
10 buy-trees, 11 buy-resources-discount, 12 subsidy, 13 plant-trees, 14 forced-trade,
15 new-resident, 16 build-floor-premium, 17 architect, 18 sell-house, 19 banker, 20 convert.
Every player starts with 50 Grinies (the kit's setup), 0 VP, 3 Workers, 2 Trees, 14 Blocks.
"""

from __future__ import annotations

from grinivil_cli.engine import townland
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.market import holes

from gamekit import (
    RING,
    building,
    give,
    illegal,
    new_game,
    play,
    player,
)

REFILL = [["concrete", "concrete", "steel", "steel"]]


def place_i04_at_i2(g: Game) -> None:
    """Arrange: Inner tile I04 at slot I2 (Municipal), so R2 (between I1 and I2) is a
    Construction Road; I04's site s2 hangs on R2 and carries a Repeat Action bonus."""
    state = g.state
    state.townland.tiles["I2"] = "I04"
    state.townland.owners["I2"] = "Municipality"
    state.supply.inner_stack.remove("I04")


# --- class 3: "at the beginning of your turn" ----------------------------------------------------

def test_r_wrk_02_a_repeat_build_is_judged_on_the_workers_the_turn_began_with() -> None:
    """R-WRK-02, R-SACT-05, R-BLD-09: Anna has one free Worker (two stand at unfinished Houses
    on C.s1 and C.s2). Floor 1 of a Bus Stop on I2.s2 (1 concrete + 1 steel, 2 VP) places it
    and earns the site's Repeat Action; the Repeat Build Floor (at a premium, #04 at 16) adds
    Floor 2 (1 concrete + 1 wood, 2 VP) where her Worker already stands: no new Worker needed,
    and she had a free Worker at the beginning of the turn, so it is legal.
    Token: 0 -> 6, shift 2 -> 8; repeat 8 -> 16, shift 2 -> 18. Money 50 - 3 (premium) = 47."""
    g = new_game(2)
    place_i04_at_i2(g)
    building(g, "C.s1", "house", ["Anna"], ["Anna"])
    building(g, "C.s2", "house", ["Anna"], ["Anna"])
    give(g, "Anna", concrete=2, steel=1, wood=1)
    play(g, player="Anna", tile="build-floor", site="I2.s2", building="bus-stop",
         site_bonus="repeat", repeat=[{"tile": "build-floor-premium", "site": "I2.s2"}])
    anna = player(g, "Anna")
    bus_stop = g.state.townland.buildings["I2.s2"]
    assert bus_stop.blocks == ["Anna", "Anna"] and bus_stop.finished
    assert (anna.position, anna.money, anna.vp, anna.blocks) == (18, 47, 4, 12)
    assert g.free_workers(anna) == 0


def test_r_bld_10_the_repeat_build_on_a_new_site_still_needs_a_worker_to_place() -> None:
    """R-WRK-02 lets Anna choose the Repeat Build (she had a free Worker at the beginning of
    the turn), but a first Floor on another site needs a Worker placed there: she has none
    left (R-BLD-10)."""
    g = new_game(2)
    place_i04_at_i2(g)
    building(g, "C.s1", "house", ["Anna"], ["Anna"])
    building(g, "C.s2", "house", ["Anna"], ["Anna"])
    give(g, "Anna", concrete=4, steel=2, wood=2)
    e = illegal(g, "R-BLD-10", player="Anna", tile="build-floor", site="I2.s2",
                building="bus-stop", site_bonus="repeat",
                repeat=[{"tile": "build-floor-premium", "site": "C.s6", "building": "school"}])
    assert "no free Worker to place at C.s6" in e.message
    assert e.path == ("turns", 0, "repeat", 0)


def test_r_wrk_02_a_worker_back_during_the_choosing_move_comes_too_late() -> None:
    """R-WRK-02, R-RND-06: all three of Anna's Workers are employed at the beginning of the turn
    (a finished House on C.s1, an unfinished one on C.s2, the Architect). Choosing Build Floor
    from position 18 completes the TAR, which would return the Worker from the finished House,
    but a free Worker was needed at the beginning of the turn."""
    g = new_game(2)
    building(g, "C.s1", "house", ["Anna", "Anna"], ["Anna"])
    building(g, "C.s2", "house", ["Anna"], ["Anna"])
    g.state.ring.ability_workers[17] = "Anna"
    player(g, "Anna").position = 18
    give(g, "Anna", concrete=2, wood=1)
    e = illegal(g, "R-WRK-02", player="Anna", tile="build-floor", site="C.s2", refills=REFILL)
    assert "at the beginning of the turn" in e.message


# --- class 6: "before selecting this action" -----------------------------------------------------

CONVERT_AT_12 = [t if t not in ("subsidy", "convert") else
                 {"subsidy": "convert", "convert": "subsidy"}[t] for t in RING]


def test_r_vp_05_the_vps_before_selecting_convert_count_not_those_after_taxes() -> None:
    """R-VP-05, R-VP-06, R-RND-07: Anna has 1 VP and 3 Grinies on position 15; choosing Convert
    (position 12) completes the TAR: she pays 3 of the 5 Grinies of Taxes and loses 1 VP. She
    had 1 VP before selecting Convert, so she must convert at least 1 VP: no 15 Grinies. With 0
    VPs and 0 Grinies left she cannot (1 VP to money: she has 0; money to 1 VP costs 6, or 5
    rolling first), so she is not able to perform Convert and cannot decline it either
    (R-TAR-06, AMB-TAR-01 (a)): the tile was not eligible for her."""
    g = new_game(2, money=3, ring=CONVERT_AT_12)
    anna = player(g, "Anna")
    anna.vp, anna.position = 1, 15
    e = illegal(g, "R-VP-05", player="Anna", tile="convert", refills=REFILL)
    assert "Anna had 1 VP before selecting Convert, so at least 1 VP is converted" in e.message
    assert "must record one of 'vp_to_money' and 'money_to_vp'" in e.message
    e = illegal(g, "R-VP-05", player="Anna", tile="convert", refills=REFILL, money_to_vp=0,
                roll=7)
    assert "the log converts 0" in e.message and e.path == ("turns", 0, "money_to_vp")
    e = illegal(g, "R-VP-02", player="Anna", tile="convert", refills=REFILL, vp_to_money=1,
                roll=7)
    assert "converts 1 VP but has 0" in e.message
    e = illegal(g, "R-VP-02", player="Anna", tile="convert", refills=REFILL, money_to_vp=1,
                roll=7)
    assert "6 Grinies" in e.message and "holds 0" in e.message
    e = illegal(g, "R-TAR-06", player="Anna", tile="convert", refills=REFILL, declined=True)
    assert "could not have carried it out" in e.message and "(R-VP-02)" in e.message
    assert "converts 1 VP but has 0" in e.message or "Anna holds 0" in e.message
    assert e.path == ("turns", 0, "declined")


def test_r_vp_06_zero_vps_before_selecting_gives_15_grinies() -> None:
    """R-VP-06: with 0 VP before selecting Convert (and after the lap's Taxes: 50 - 5 = 45),
    Convert gives 15 Grinies, no roll: 60."""
    g = new_game(2, ring=CONVERT_AT_12)
    player(g, "Anna").position = 15
    play(g, player="Anna", tile="convert", refills=REFILL)
    assert (player(g, "Anna").money, player(g, "Anna").vp) == (60, 0)
    e = illegal(g, "R-VP-06", player="Bruno", tile="convert", vp_to_money=1, roll=5)
    assert "had 0 VPs before selecting Convert" in e.message


# --- class 4: what must be left to choose a tile, declined or not -------------------------------

def test_r_a09_05_buy_trees_with_an_empty_supply_cannot_be_chosen_even_declined() -> None:
    """R-A09-05, R-GEN-04: "Once taken, it is no longer possible to choose an action to obtain
    them": with no Tree in the general supply, Buy Trees cannot be chosen, and declining it
    (the 2 VP penalty) is no way round."""
    g = new_game(2)
    g.state.supply.trees = 0
    player(g, "Anna").vp = 5
    e = illegal(g, "R-A09-05", player="Anna", tile="buy-trees", declined=True)
    assert "no Tree is left in the general supply" in e.message
    assert e.path == ("turns", 0, "tile")
    illegal(g, "R-A09-05", player="Anna", tile="buy-trees", trees=1)
    assert player(g, "Anna").vp == 5


def test_r_a07_03_buy_warehouse_with_none_left_cannot_be_chosen_even_declined() -> None:
    """R-A07-03, R-GEN-04: no Small Warehouse left."""
    g = new_game(2)
    g.state.supply.small_warehouses = 0
    illegal(g, "R-A07-03", player="Anna", tile="buy-warehouse", declined=True)
    illegal(g, "R-A07-03", player="Anna", tile="buy-warehouse")


def test_r_gen_06_an_empty_pouch_blocks_auction_optimization_and_import() -> None:
    """R-GEN-06: the Auction and Optimization take cubes from the Reserve; with an empty pouch
    (and, for Import, no Tree in the supply either) they cannot be chosen, declined or not."""
    g = new_game(2)
    g.state.supply.pouch = {"concrete": 0, "wood": 0, "steel": 0}
    e = illegal(g, "R-GEN-06", player="Anna", tile="auction", declined=True)
    assert "an Auction cannot be chosen" in e.message
    e = illegal(g, "R-GEN-06", player="Anna", tile="optimization", declined=True)
    assert "Optimization cannot be chosen" in e.message
    play(g, player="Anna", tile="import", roll=1, items=["tree"])  # a Tree is still there
    g.state.supply.trees = 0
    illegal(g, "R-GEN-06", player="Bruno", tile="import", declined=True)


def test_r_gen_06_an_empty_market_is_judged_after_the_choosing_move() -> None:
    """R-GEN-06, AMB-TAR-06 (b): with an empty Market Buy Resources cannot be chosen; but when
    the choosing move completes the TAR, the refill (2 concrete, 2 steel) comes first: Anna
    (on 15) pays 5 Taxes and buys the top concrete at 9 (the second hole, bottom first:
    9,9,...): 50 - 5 - 9 = 36; 1 TU: 1 -> 2."""
    g = new_game(2)
    g.state.supply.pouch = {r: n + g.state.market[r] for r, n in g.state.supply.pouch.items()}
    g.state.market = {"concrete": 0, "wood": 0, "steel": 0}
    e = illegal(g, "R-GEN-06", player="Anna", tile="buy-resources", declined=True)
    assert "the Market is empty" in e.message
    player(g, "Anna").position = 15
    play(g, player="Anna", tile="buy-resources", refills=REFILL, cubes={"concrete": 1})
    anna = player(g, "Anna")
    assert (anna.money, anna.cubes["concrete"], anna.position) == (36, 1, 2)
    assert g.state.market == {"concrete": 1, "wood": 0, "steel": 2}


def test_r_a06_03_a_full_market_cannot_be_sold_into() -> None:
    """R-A06-03, R-MKT-04: "you cannot sell if the Market is full"."""
    g = new_game(2)
    for r in g.state.market:
        g.state.market[r] = len(holes(g, r))
    give(g, "Anna", wood=1)
    e = illegal(g, "R-A06-03", player="Anna", tile="sell-resources", declined=True)
    assert "every section of the Market is full" in e.message


def test_r_a08b_05_build_a_road_needs_a_construction_road_and_a_token() -> None:
    """R-A08B-05: no road token left, or no Construction Road on the table."""
    g = new_game(2)
    g.state.supply.road_tokens = 0
    e = illegal(g, "R-A08B-05", player="Anna", tile="build-road", declined=True)
    assert "road tokens are on the table" in e.message
    g = new_game(2)
    place_i04_at_i2(g)
    town = g.state.townland
    assert townland.construction_roads(g.ed, town) == ["R2"]
    town.road_tokens.add("R2")
    e = illegal(g, "R-A08B-05", player="Anna", tile="build-road", declined=True)
    assert "no Construction Road" in e.message


def test_r_a08a_07_explore_needs_a_slot_with_a_tile_left() -> None:
    """R-A08A-07, AMB-EXPL-04: both Land Tile stacks empty: nothing to explore."""
    g = new_game(2)
    g.state.supply.inner_stack, g.state.supply.outer_stack = [], []
    illegal(g, "R-A08A-07", player="Anna", tile="explore", declined=True)


def test_r_a11_01_an_empty_display_has_no_card_to_take() -> None:
    """R-A11-01, AMB-RESI-02: the Resident Display is empty."""
    g = new_game(2)
    g.state.supply.display = []
    illegal(g, "R-A11-01", player="Anna", tile="new-resident", declined=True)


def test_r_a10_04_and_r_a16_01_trees_need_a_free_spot() -> None:
    """R-A10-04: every Planting Spot taken, no Plant Trees; R-A16-01: Replanting needs a Tree to
    move and a free Spot."""
    g = new_game(2)
    g.state.supply.trees = 0
    e = illegal(g, "R-A16-01", player="Anna", tile="replanting", declined=True)
    assert "no Tree is planted and none is left" in e.message
    town = g.state.townland  # a refused turn puts back a copy of the state
    town.trees.update(townland.all_spots(g.ed, town))
    e = illegal(g, "R-A10-04", player="Anna", tile="plant-trees", declined=True)
    assert "every Planting Spot on the table has a Tree" in e.message
    e = illegal(g, "R-A16-01", player="Anna", tile="replanting", declined=True)
    assert "every Planting Spot" in e.message


def test_r_a18_06_forced_trade_needs_an_opponent_still_playing() -> None:
    """R-A18-06: Bruno, the only opponent, has finished the game."""
    g = new_game(2)
    player(g, "Bruno").finished = True
    illegal(g, "R-A18-06", player="Anna", tile="forced-trade", declined=True)


def test_r_a52p_01_crowdfunding_needs_a_site_and_a_token() -> None:
    """R-A52P-01: with no Commerce or Public Building Token left, Crowdfunding (here at 17,
    instead of the Architect) cannot be chosen."""
    g = new_game(2)
    g.state.ring.tiles = ["crowdfunding" if t == "architect" else t for t in g.state.ring.tiles]
    for key, b in g.ed.buildings.items():
        if b.family != "house":
            g.state.supply.tokens[key] = 0
    e = illegal(g, "R-A52P-01", player="Anna", tile="crowdfunding", declined=True)
    assert "no Commerce or Public Building Token is left" in e.message


def test_r_tar_10_a_declined_action_records_none_of_its_fields() -> None:
    """R-TAR-10: a value the replay would not use is an error, not dropped: Buy Trees declined
    with `trees: 2`. The Auction's own fields are used when it goes ahead without the
    penalised player (R-TAR-12)."""
    g = new_game(2)
    player(g, "Anna").vp = 4
    e = illegal(g, "R-TAR-10", player="Anna", tile="buy-trees", declined=True, trees=2)
    assert "'trees'" in e.message and e.path == ("turns", 0, "trees")
    play(g, player="Anna", tile="buy-trees", declined=True)
    assert player(g, "Anna").vp == 2


# --- every counted change through the ledger -----------------------------------------------------

def test_r_a16_01_trees_replanted_from_the_supply_are_a_ledger_entry() -> None:
    """R-A16-01, R-A16-03: Anna replants 2 Trees from the general supply (50 - 4 in the
    Portfolios = 46, then 44): the ledger says so, with the supply's total."""
    g = new_game(2)
    size = len(g.ledger.entries)
    play(g, player="Anna", tile="replanting",
         moves=[{"from": "supply", "to": "C.p1"}, {"from": "supply", "to": "C.p2"}])
    assert g.state.supply.trees == 44
    moved = [e for e in g.ledger.entries[size:] if e.what == "supply trees"]
    assert [(e.player, e.amount, e.total, e.rule) for e in moved] == [
        ("Anna", -2, 44, "R-A16-01")]


def test_r_rdb_04_a_step_on_the_bonus_road_track_is_a_ledger_entry() -> None:
    """R-RDB-04, R-A08B-01: a Road built with #08b moves the token one space up the Bonus Road
    Track, through the ledger."""
    g = new_game(2)
    place_i04_at_i2(g)
    give(g, "Anna", concrete=2)
    road = "R2"
    size = len(g.ledger.entries)
    play(g, player="Anna", tile="build-road", road=road, road_bonus="declined")
    steps = [e for e in g.ledger.entries[size:] if e.what == "road_track"]
    assert [(e.player, e.amount, e.total, e.rule) for e in steps] == [
        ("Anna", 1, 1, "R-RDB-04")]
    assert player(g, "Anna").road_track == 1


def test_r_a07_02_a_bought_warehouse_leaves_the_supply_through_the_ledger() -> None:
    """R-A07-02: 12 Small Warehouses, one bought: 11 left, one entry."""
    g = new_game(2)
    play(g, player="Anna", tile="buy-warehouse")
    assert (g.state.supply.small_warehouses, player(g, "Anna").small_warehouses) == (11, 1)
    entries = [e for e in g.ledger.entries if e.what == "small_warehouses"]
    assert [(e.player, e.amount, e.counterparty) for e in entries] == [("Anna", 1, "supply")]


def test_r_a08a_04_an_ownership_marker_placed_is_a_ledger_entry() -> None:
    """R-A08A-04: exploring I2 (I03) marks the Parcel with one of Anna's 5 Ownership Markers:
    4 left, through the ledger."""
    g = new_game(2)
    play(g, player="Anna", tile="explore", slot="I2", land_tile="I03")
    entries = [e for e in g.ledger.entries if e.what == "markers"]
    assert [(e.player, e.amount, e.total, e.rule) for e in entries] == [
        ("Anna", -1, 4, "R-A08A-04")]
    assert g.state.townland.owners["I2"] == "Anna"
