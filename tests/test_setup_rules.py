"""General rules and Setup (catalogue sections 1 and 2: R-GEN, R-SETUP), with EX-26 and EX-27.

gamekit.base_log(n) is a legal setup: Inner tiles I01 (slot I0) and I02 (slot I1), Municipal
tokens bank on C.s5 and pub on O1.s2, the Market at 6 cubes per player (5 with 5-6 players), the
display paula, milan, agata, boris, cyril, two cards per player, the 16 variable tiles of
gamekit.RING, Conversion Rate 6, 50 G each.
"""

from __future__ import annotations

from typing import Any

import pytest

from grinivil_cli.engine.market import holes
from grinivil_cli.engine.setup import set_up
from grinivil_cli.engine.state import MUNICIPALITY
from grinivil_cli.errors import IllegalMove

from gamekit import RING, base_log, edition, give, illegal, new_game, play, player, total_cubes

CUBES = {"concrete": 43, "wood": 28, "steel": 23}


def setup_error(rule: str, n: int = 2, log: dict[str, Any] | None = None,
                **setup: Any) -> IllegalMove:
    """Set up a game that must break `rule`."""
    with pytest.raises(IllegalMove) as info:
        set_up(edition(), log if log is not None else base_log(n, **setup))
    assert info.value.rule == rule, f"expected {rule}, got {info.value.rule}: {info.value}"
    return info.value


# --- general -------------------------------------------------------------------------------------

def test_two_to_six_players_each_with_their_own_colour() -> None:
    """R-GEN-01, R-SETUP-14: 2 to 6 players; colours are different, and orange belongs to a
    sixth player only."""
    for n in range(2, 7):
        assert len(new_game(n).state.players) == n
    assert new_game(6).state.player("Filip").colour == "orange"
    log = base_log(3)
    log["players"][2]["colour"] = "brown"
    e = setup_error("R-GEN-01", log=log)
    assert "Clara and Anna both play brown" in e.message
    log = base_log(5)
    log["players"][4]["colour"] = "orange"
    e = setup_error("R-SETUP-14", log=log)
    assert "only a sixth player" in e.message


def test_limited_pieces_stop_an_action() -> None:
    """R-GEN-09, AMB-GEN-03 (a): Building Blocks and Building Tokens are finite: with no Block
    left, or the only Bank token already on the Municipal C.s5, no Floor can be built."""
    g = new_game(2)
    give(g, "Anna", concrete=2, steel=2)  # Floor 1 of a Bank or a Shopping Center
    turn = dict(player="Anna", tile="build-floor", site="C.s6")
    e = illegal(g, "R-GEN-09", **turn, building="bank")
    assert "no Bank Building Token is left" in e.message
    player(g, "Anna").blocks = 0
    e = illegal(g, "R-GEN-09", **turn, building="shopping-center")
    assert "Anna has no Building Block left" in e.message


def test_payments_go_to_the_bank() -> None:
    """R-GEN-08, AMB-GEN-02 (a): a price (#07's 10 G) leaves play; no player receives it, and
    the bank has no balance to run out of."""
    g = new_game(2)
    play(g, player="Anna", tile="buy-warehouse")
    paid = [(x.player, x.amount, x.counterparty) for x in g.ledger.entries if x.what == "money"]
    assert paid == [("Anna", -10, "bank")]
    assert player(g, "Bruno").money == 50


# --- general setup -------------------------------------------------------------------------------

def test_starting_tiles_and_the_setup_road() -> None:
    """R-SETUP-01, R-SETUP-02, R-SETUP-13, AMB-SETUP-01: the Center (1B) at C, the two drawn
    Inner tiles at I0 and I1, the entrance tile (1A) at O1, all Municipal; the road token 1E on
    R1 is one of the 12 (11 left); 6 Inner and 7 Outer tiles stay in the stacks."""
    g = new_game(2)
    town, supply = g.state.townland, g.state.supply
    assert town.tiles == {"C": "C1", "I0": "I01", "I1": "I02", "O1": "O01"}
    assert set(town.owners.values()) == {MUNICIPALITY}
    assert town.road_tokens == {"R1"} and supply.road_tokens == 11
    assert sorted(supply.inner_stack) == ["I03", "I04", "I05", "I06", "I07", "I08"]
    assert len(supply.outer_stack) == 7 and "O01" not in supply.outer_stack
    e = setup_error("R-SETUP-01", inner_tiles=["I01", "I01"])
    assert "two different Inner Land Tiles" in e.message
    setup_error("R-SETUP-01", inner_tiles=["I01", "O02"])
    setup_error("R-SETUP-01", inner_tiles=["I01"])


def test_municipal_blocks_at_setup() -> None:
    """R-SETUP-03, R-SETUP-04, R-SETUP-05, R-SETUP-06, AMB-SETUP-02 (c): orange Blocks on the
    Municipal sites on usable roads: C.s5 (2B, the Bank drawn), O1.s2 (Pub drawn), O1.s1 (a
    House, no token needed); none on I0.s4, whose road R0 is a Half-road. ●●●●+ tokens are out
    of a 2-3 player game."""
    g = new_game(2)
    built = {site: (b.building, b.blocks) for site, b in g.state.townland.buildings.items()}
    assert built == {"C.s5": ("bank", [MUNICIPALITY]), "O1.s2": ("pub", [MUNICIPALITY]),
                     "O1.s1": ("house", [MUNICIPALITY])}
    supply = g.state.supply
    assert supply.orange_blocks == 14 - 3
    assert (supply.tokens["bank"], supply.tokens["pub"], supply.tokens["house"]) == (0, 0, 11)
    e = setup_error("R-MUNI-05", municipal_tokens={"O1.s2": "pub"})
    assert "C.s5" in e.message
    e = setup_error("R-MUNI-04", municipal_tokens={"C.s5": "bank", "O1.s2": "pub",
                                                   "I0.s4": "school"})
    assert "I0.s4" in e.message
    assert supply.tokens["bowling"] == 0 and new_game(4).state.supply.tokens["bowling"] == 1
    e = setup_error("R-SETUP-04", municipal_tokens={"C.s5": "bowling", "O1.s2": "pub"})
    assert "Bowling tokens are marked ●●●●+ and are not used with 2-3 players" in e.message
    g4 = set_up(edition(), base_log(4, municipal_tokens={"C.s5": "bowling", "O1.s2": "pub"}))
    assert g4.state.townland.buildings["C.s5"].building == "bowling"


def test_six_players_skip_the_municipal_setup() -> None:
    """R-SETUP-07, R-SETUP-14: with 6 players there is no Municipal placement and the orange
    Blocks belong to the sixth player."""
    g = new_game(6)
    assert g.state.townland.buildings == {}
    assert g.state.supply.orange_blocks == 0 and not g.state.municipality


def test_six_players_record_no_municipal_tokens() -> None:
    """R-SETUP-07: no orange Block is placed with 6 players, so a Municipal token recorded for
    C.s5 describes a placement that did not happen."""
    setup_error("R-MUNI-04", n=6, municipal_tokens={"C.s5": "bank"})


def test_resident_display_and_hands() -> None:
    """R-SETUP-08, R-SETUP-15: 5 cards face up, 2 hidden cards per player, all different, the
    ●●●●+ cards removed with 2-3 players (24 of 29 cards left)."""
    g = new_game(2)
    supply = g.state.supply
    assert supply.display == ["paula", "milan", "agata", "boris", "cyril"]
    assert player(g, "Anna").residents == ["dana", "emil"]
    assert len(supply.deck) == 29 - 5 - 5 - 2 * 2
    assert len(new_game(4).state.supply.deck) == 29 - 5 - 4 * 2
    e = setup_error("R-SETUP-08", display=["paula", "milan", "agata", "boris"])
    assert "5 cards" in e.message and "lists 4" in e.message
    e = setup_error("R-SETUP-08", display=["paula", "milan", "agata", "boris", "dana"])
    assert "'dana' is dealt twice" in e.message
    e = setup_error("R-SETUP-08", display=["paula", "milan", "agata", "boris", "xenia"])
    assert "●●●●+" in e.message
    set_up(edition(), base_log(4, display=["paula", "milan", "agata", "boris", "xenia"]))
    e = setup_error("R-SETUP-15", residents={"Anna": ["dana"], "Bruno": ["filip", "greta"]})
    assert "Anna is dealt 2" in e.message


def test_market_side_by_player_count() -> None:
    """R-SETUP-09, AMB-MKT-02: the 2-3p side (12 concrete holes) for 2 and 3 players, the 4-6p
    side (20) for 4 to 6; the next concrete costs the price of the topmost filled hole (3p,
    8 cubes: 5 G; 4p, 10 cubes: 6 G)."""
    for n, size in ((2, 12), (3, 12), (4, 20), (5, 20), (6, 20)):
        assert len(holes(new_game(n), "concrete")) == size
    g = new_game(3)
    play(g, player="Anna", tile="buy-resources", cubes={"concrete": 1})
    assert player(g, "Anna").money == 50 - 5
    g = new_game(4)
    play(g, player="Anna", tile="buy-resources", cubes={"concrete": 1})
    assert player(g, "Anna").money == 50 - 6


def test_starting_market_stock_ex26() -> None:
    """EX-26, R-SETUP-10, R-SETUP-11, R-SETUP-12, AMB-SETUP-03: all 94 cubes start in the
    pouch, 6 per player (5 per player with 5-6) are placed: 12/18/24/25/30, none beyond a
    section's holes; the rest stay in the pouch."""
    for n, stock in ((2, 12), (3, 18), (4, 24), (5, 25), (6, 30)):
        g = new_game(n)
        assert sum(g.state.market.values()) == stock
        assert sum(g.state.supply.pouch.values()) == 94 - stock
        assert total_cubes(g) == CUBES
    e = setup_error("R-SETUP-11", market={"concrete": 5, "wood": 4, "steel": 2})
    assert "12 cubes for 2 players" in e.message and "(11)" in e.message
    e = setup_error("R-SETUP-12", market={"concrete": 2, "wood": 10, "steel": 0})
    assert "9 holes" in e.message and "10 wood" in e.message


def test_starting_portfolio_ex27() -> None:
    """EX-27, R-SETUP-15, R-SETUP-16, R-SETUP-17, AMB-SETUP-04 (c), AMB-SETUP-06, AMB-SETUP-07:
    14/12/10/9/9 Blocks, 3 Workers, 1 Big Warehouse, 2 Trees, 5 Ownership Markers, the
    log's money (the edition's when it is left out), 0 VP, no cubes, no Small Warehouse,
    on the Starting Tile; the supply keeps 50 - 2n Trees and 12 Small Warehouses."""
    for n, blocks in ((2, 14), (3, 12), (4, 10), (5, 9), (6, 9)):
        g = new_game(n)
        for p in g.state.players:
            assert (p.blocks, p.workers, p.trees, p.markers) == (blocks, 3, 2, 5)
            assert (p.money, p.vp, p.total_cubes(), p.small_warehouses) == (50, 0, 0, 0)
            assert (p.position, p.road_track, p.fourth_worker) == (0, 0, False)
        assert g.state.supply.trees == 50 - 2 * n
        assert g.state.supply.small_warehouses == 12
        assert (g.state.supply.roof_blocks, g.state.supply.occupied_tokens) == (14, 3)
    assert [p.money for p in new_game(2, money=33).state.players] == [33, 33]
    log = base_log(2)
    del log["setup"]["money"]
    g = set_up(edition(), log)
    assert [p.money for p in g.state.players] == [edition().starting_money] * 2


# --- the Time Action Ring ------------------------------------------------------------------------

def test_ring_of_twenty_tiles_with_fixed_corners() -> None:
    """R-SETUP-18, R-SETUP-20, R-SETUP-21, R-SETUP-22, R-TAR-01, AMB-SETUP-08, AMB-SETUP-09:
    #01-#04 in their corners 1, 6, 11, 16; the 16 variable tiles fill r1-r16 in log order; the
    D4's first roll is the Conversion Rate."""
    g = new_game(2)
    ring = g.state.ring
    assert len(ring.tiles) == 20
    assert {pos: ring.tile_at(pos) for pos in (1, 6, 11, 16)} == {
        1: "buy-resources", 6: "build-floor", 11: "buy-resources-discount",
        16: "build-floor-premium"}
    assert [t for pos, t in enumerate(ring.tiles, 1) if pos not in (1, 6, 11, 16)] == RING
    assert ring.conversion_rate == 6
    e = setup_error("R-SETUP-20", ring=RING[:15])
    assert "16 variable tiles" in e.message and "lists 15" in e.message
    e = setup_error("R-SETUP-21", ring=RING[:15] + ["build-floor"])
    assert "Initial tile" in e.message
    e = setup_error("R-SETUP-21", ring=RING[:15] + ["auction"])
    assert "listed twice" in e.message
    setup_error("R-SETUP-21", ring=RING[:15] + ["town-hall"])
    e = setup_error("R-VP-01", conversion_rate=9)
    assert "5 to 8" in e.message
    log = base_log(2)
    del log["setup"]["conversion_rate"]
    setup_error("R-SETUP-22", log=log)


def test_seven_pink_tiles_and_every_other_tile() -> None:
    """R-SETUP-19, R-SETUP-20, AMB-SETUP-08 (a), AMB-SETUP-10: exactly 7 pink tiles (#14-#24)
    and all 9 others (#05-#13); promo tiles are not supported."""
    pink = [t for t in RING if edition().action_tiles[t].pink]
    assert len(pink) == 7
    eight = ["engineer" if t == "auction" else t for t in RING]
    e = setup_error("R-SETUP-19", ring=eight)
    assert "7 pink tiles" in e.message and "has 8" in e.message
    e = setup_error("R-SETUP-21", ring=["follower" if t == "import" else t for t in RING])
    assert "promo tile" in e.message


def test_tokens_start_on_the_starting_tile() -> None:
    """R-SETUP-24, AMB-SETUP-11 (a), R-SETUP-23: the Starting Tile is the lap boundary, not a
    step: the first move 0 -> 5 completes nothing (no Taxes); #14's D6 is rolled in the turn,
    not at setup."""
    g = new_game(2)
    play(g, player="Anna", tile="buy-warehouse")
    assert (player(g, "Anna").position, player(g, "Anna").money) == (6, 40)
    play(g, player="Bruno", tile="import", roll=6, items=["steel"])  # D6 face 6: 6 G an item
    assert player(g, "Bruno").money == 50 - 6
    assert [p.position for p in g.state.players] == [6, 5]


def test_conversion_rate_bounds_ex14() -> None:
    """EX-14, R-SETUP-22, R-VP-01: the D4 rate is 5, 6, 7 or 8 Grinies a VP, at setup and on
    every later roll."""
    for rate in (5, 6, 7, 8):
        assert new_game(2, conversion_rate=rate).state.ring.conversion_rate == rate
    for rate in (4, 9):
        e = setup_error("R-VP-01", conversion_rate=rate)
        assert f"says {rate}" in e.message
    g = new_game(2)
    player(g, "Anna").vp = 1
    e = illegal(g, "R-VP-01", player="Anna", tile="convert", vp_to_money=1, roll=4)
    assert "rolls 4" in e.message
    play(g, player="Anna", tile="convert", vp_to_money=1, roll=8)
    assert (player(g, "Anna").money, g.state.ring.conversion_rate) == (50 + 6, 8)
