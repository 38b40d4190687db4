"""The Sudden-death Round and the End of Game (catalogue sections 10 and 11: R-SD, R-END), with
EX-28.

Ring positions of the kit's standard ring: 1 buy-resources, 6 build-floor, 10 buy-trees,
12 subsidy, 17 architect, 19 banker, 20 convert (see tests/test_ring_rules.py for all 20).
Every player starts with 50 G, 0 VP, 3 Workers, 14 Blocks, on the Starting Tile (position 0).
"""

from __future__ import annotations

from grinivil_cli.engine.game import Game

from gamekit import RING, building, give, illegal, new_game, play, player

# positions: 3 engineer, 7 builder, 9 buy-trees, 10 ecologist, 14 merchant, 17 architect
ABIL_RING = ["auction", "engineer", "sell-resources", "buy-warehouse", "builder",
             "explore-build-road", "buy-trees", "ecologist", "subsidy", "plant-trees",
             "merchant", "new-resident", "architect", "sell-house", "banker", "convert"]
SUBSIDY_LAST = [("convert" if t == "subsidy" else "subsidy" if t == "convert" else t)
                for t in RING]  # 12 convert, 20 subsidy




def last_round(g: Game) -> None:
    """Arrange: the Sudden-death Round has begun."""
    g.state.sudden_death = True


# --- the Sudden-death trigger --------------------------------------------------------------------

def test_sudden_death_begins_after_a_turn_ending_with_two_blocks() -> None:
    """R-SD-01, R-SD-03, R-SD-04, R-SD-05, R-SD-06, R-SD-07, AMB-SD-01, AMB-SD-02, R-TURN-08:
    Anna's Floor leaves her 2 Blocks; each player chooses, Anna first, then counter-clockwise.
    Bruno moves to the Starting Tile: his Worker at the finished House and the one on the
    Ability Tile he passes come back, the one behind his token and the one at the unfinished
    building stay; no Taxes, Wages or refill. The last round begins with Bruno."""
    g = new_game(3, ring=ABIL_RING)
    anna, bruno, clara = (player(g, n) for n in ("Anna", "Bruno", "Clara"))
    anna.blocks = 3
    give(g, "Anna", concrete=2, wood=1)  # House Floor 1: 2 concrete + 1 wood
    bruno.position, clara.position = 10, 7
    bruno.workers, bruno.fourth_worker = 4, True
    g.state.ring.ability_workers.update({3: "Bruno", 17: "Bruno"})  # engineer, architect
    building(g, "C.s2", "house", ["Bruno", "Clara"], ["Bruno", "Clara"])  # finished
    building(g, "C.s7", "school", ["Bruno"], ["Bruno"])  # unfinished (2 Floors)
    turn = dict(player="Anna", tile="build-floor", site="C.s1", building="house")
    e = illegal(g, "R-SD-03", **turn)
    assert "2 Building Blocks" in e.message and "{Anna: stay or start-tile}" in e.message
    e = illegal(g, "R-SD-03", **turn, sudden_death={"Anna": "stay"})
    assert "{Clara:" in e.message  # counter-clockwise from Anna: Clara, then Bruno
    e = illegal(g, "R-SD-03", **turn, sudden_death={"Anna": "stay", "Clara": "stay"})
    assert "{Bruno:" in e.message
    e = illegal(g, "R-SD-03", **turn,
                sudden_death={"Anna": "stay", "Bruno": "start-tile", "Clara": "stay",
                              "Zoe": "stay"})
    assert "'Zoe' is not a player" in e.message
    play(g, **turn, sudden_death={"Anna": "stay", "Bruno": "start-tile", "Clara": "stay"})
    anna, bruno, clara = (player(g, n) for n in ("Anna", "Bruno", "Clara"))
    assert g.state.sudden_death
    assert (anna.blocks, anna.position) == (2, 6 + 3)
    assert (bruno.position, bruno.money) == (0, 50)
    assert clara.position == 7
    assert g.state.ring.ability_workers == {3: "Bruno"}
    town = g.state.townland.buildings
    assert town["C.s2"].workers == ["Clara"] and town["C.s7"].workers == ["Bruno"]
    assert g.state.market == {"concrete": 8, "wood": 6, "steel": 4}  # 3p start, no refill
    e = illegal(g, "R-SD-07", player="Clara", tile="convert")
    assert "the last round starts with Bruno, the player clockwise from Anna" in e.message
    # option B gives Bruno the whole ring: 0 -> 20 does not finish him
    play(g, player="Bruno", tile="convert")
    bruno = player(g, "Bruno")
    assert (bruno.position, bruno.finished, bruno.money) == (20, False, 65)


def test_sudden_death_is_triggered_once_and_only_at_two_blocks_or_fewer() -> None:
    """R-SD-01, R-SD-02: 3 Blocks after the turn: no trigger, and recording choices is
    illegal; once begun, it is never triggered again."""
    g = new_game(2)
    player(g, "Anna").blocks = 4
    give(g, "Anna", concrete=2, wood=1)
    turn = dict(player="Anna", tile="build-floor", site="C.s1", building="house")
    e = illegal(g, "R-SD-01", **turn, sudden_death={"Anna": "stay", "Bruno": "stay"})
    assert "not triggered" in e.message and "3 Building Blocks" in e.message
    play(g, **turn)
    assert not g.state.sudden_death
    player(g, "Bruno").blocks = 2
    play(g, player="Bruno", tile="convert", sudden_death={"Anna": "stay", "Bruno": "stay"})
    assert g.state.sudden_death
    player(g, "Anna").blocks = 1
    e = illegal(g, "R-SD-01", player="Anna", tile="buy-trees", trees=1,
                sudden_death={"Anna": "stay", "Bruno": "stay"})
    assert "already begun" in e.message
    play(g, player="Anna", tile="buy-trees", trees=1)
    assert player(g, "Anna").position == 11


# --- finishing -----------------------------------------------------------------------------------

def test_last_round_choosing_move_across_the_boundary_ends_the_game() -> None:
    """R-END-01, R-END-02, R-END-04, R-SD-08, AMB-END-03: in the last round the choosing move
    18 -> 1 crosses the boundary: the token is parked on the Starting Tile, the action is not
    carried out, Taxes and Wages are paid once more, and the Market is not refilled."""
    g = new_game(2)
    last_round(g)
    player(g, "Anna").position = 18
    done = building(g, "C.s1", "house", ["Anna", "Bruno"], ["Anna", "Bruno"])
    turn = dict(player="Anna", tile="buy-resources")
    e = illegal(g, "R-END-02", **turn, cubes={"concrete": 1})
    assert "without the action" in e.message and "cubes" in e.message
    e = illegal(g, "R-RND-05", **turn, refills=[["wood"] * 4])
    assert "completed 0 times" in e.message
    play(g, **turn)
    anna = player(g, "Anna")
    assert (anna.finished, anna.position, anna.total_cubes()) == (True, 0, 0)
    assert anna.money == 50 - 5 - 3  # Taxes, Wages for the Worker at C.s1
    assert g.state.market == {"concrete": 5, "wood": 4, "steel": 3}
    assert g.state.supply.pouch == {"concrete": 38, "wood": 24, "steel": 20}
    assert done.workers == ["Anna", "Bruno"]


def test_last_round_time_shift_across_the_boundary_ends_after_the_action() -> None:
    """R-END-01, R-END-04, R-TAR-16: Subsidy (20) is done (+12), then its 2 TU shift crosses
    the boundary: the token stops on the Starting Tile and Taxes are paid; no refill."""
    g = new_game(2, ring=SUBSIDY_LAST)
    last_round(g)
    player(g, "Anna").position = 19
    illegal(g, "R-RND-05", player="Anna", tile="subsidy", refills=[["steel"] * 4])
    play(g, player="Anna", tile="subsidy")
    anna = player(g, "Anna")
    assert (anna.finished, anna.position, anna.money) == (True, 0, 50 + 12 - 5)
    assert g.state.market == {"concrete": 5, "wood": 4, "steel": 3}


def test_final_sale_on_the_starting_tile_then_taxes() -> None:
    """R-END-03, AMB-END-01, R-END-04: the finished House on C.s1 (Anna and Bruno) goes to Boris
    from Anna's Portfolio: 15 G compensation to Bruno, 6 VP + 5 G (no trees counted, no 15 G
    fee); then 5 G Taxes and 3 G Wages: 50 - 15 + 5 - 5 - 3 = 32."""
    g = new_game(2, display=["paula", "milan", "agata", "cyril", "dana"],
                 residents={"Anna": ["boris", "emil"], "Bruno": ["filip", "greta"]})
    building(g, "C.s1", "house", ["Anna", "Bruno"], ["Anna", "Bruno"])
    e = illegal(g, "R-END-03", player="Anna", tile="convert",
                final_sale={"house": "C.s1", "resident": "boris"})
    assert "has not finished" in e.message
    last_round(g)
    player(g, "Anna").position = 20
    turn = dict(player="Anna", tile="buy-resources")
    e = illegal(g, "R-SELL-01", **turn, final_sale={"house": "C.s1", "resident": "paula"})
    assert "'paula' is not in Anna's Portfolio" in e.message
    play(g, **turn, final_sale={"house": "C.s1", "resident": "boris"})
    anna, bruno = player(g, "Anna"), player(g, "Bruno")
    house = g.state.townland.buildings["C.s1"]
    assert (anna.money, anna.vp, bruno.money) == (32, 6, 65)
    assert house.sold and g.state.supply.pile == ["boris"] and anna.residents == ["emil"]


def test_final_taxes_short_cost_one_vp() -> None:
    """AMB-END-02, R-END-04, R-RND-07: 4 G at the end against 5 G Taxes: 0 G and -1 VP."""
    g = new_game(2, money=4)
    last_round(g)
    player(g, "Anna").position = 20
    player(g, "Anna").vp = 3
    play(g, player="Anna", tile="buy-resources")
    anna = player(g, "Anna")
    assert (anna.finished, anna.money, anna.vp) == (True, 0, 2)


def test_finished_players_are_skipped_and_paid_five_grinies() -> None:
    """EX-28, R-END-05, R-END-06, R-END-07, R-GEN-02: Anna finishes first and is skipped 3 times
    (+15 G); a finished player takes no part in another player's Auction or Forced Trade; the
    game is over once every token is on the Starting Tile."""
    g = new_game(3)
    last_round(g)
    player(g, "Anna").position = 20
    play(g, player="Anna", tile="buy-resources")  # 20 -> 1: finished, 50 - 5 Taxes = 45
    play(g, player="Bruno", tile="buy-trees", trees=1)  # 0 -> 10 -> 11: 49
    e = illegal(g, "R-A05-08", player="Clara", tile="auction",
                drawn=["wood", "wood", "steel", "steel", "concrete"],
                bids={"Clara": 10, "Anna": 12})
    assert "Anna has finished" in e.message
    give(g, "Clara", concrete=1)
    give(g, "Anna", wood=1)
    e = illegal(g, "R-A18-06", player="Clara", tile="forced-trade", accepted={"Anna": True},
                trades=[{"with": "Anna", "give": "concrete", "get": "wood"}])
    assert "Anna has finished" in e.message
    play(g, player="Clara", tile="buy-trees", trees=1)  # 49; Anna skipped: 50
    e = illegal(g, "R-GEN-02", player="Anna", tile="convert")
    assert "it is Bruno's turn" in e.message and "skipping" in e.message
    play(g, player="Bruno", tile="convert")  # 11 -> 20: 49 + 15 = 64
    play(g, player="Clara", tile="subsidy")  # 11 -> 12 -> 14: 49 + 12 = 61; Anna: 55
    play(g, player="Bruno", tile="buy-resources")  # 20 -> 1: finished, 64 - 5 = 59
    play(g, player="Clara", tile="convert")  # 14 -> 20: 76; Anna: 60, Bruno: 64
    play(g, player="Clara", tile="buy-resources")  # finished: 71; nobody left to skip
    money = {n: player(g, n).money for n in ("Anna", "Bruno", "Clara")}
    assert money == {"Anna": 45 + 3 * 5, "Bruno": 59 + 5, "Clara": 76 - 5}
    skips = [x.player for x in g.ledger.entries if x.rule == "R-END-06"]
    assert skips == ["Anna", "Anna", "Anna", "Bruno"]
    assert all(player(g, n).finished and player(g, n).position == 0
               for n in ("Anna", "Bruno", "Clara"))
    e = illegal(g, "R-END-07", player="Anna", tile="convert")
    assert "game is over" in e.message
