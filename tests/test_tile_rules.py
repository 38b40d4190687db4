"""Action tiles #05 Auction, #09 Buy Trees, #10 Plant Trees, #11 New Resident, #14 Import,
#15 Optimization, #16 Replanting, #18 Forced Trade, and planting in play (catalogue 3.5:
R-PLANT-05..08; 14: R-A05, R-A09, R-A10, R-A11, R-A14, R-A15, R-A16, R-A18; EX-08, EX-09, EX-19,
EX-21). #12 and #13 are in test_resident_rules.py and test_scoring_rules.py.

Every number asserted is derived by hand from the rulebook and the standard edition; the
derivation is in the comment next to it. gamekit's ring (positions 1..20): 2 auction, 3 import,
7 optimization, 9 replanting, 10 buy-trees, 12 subsidy, 13 plant-trees, 14 forced-trade,
15 new-resident; tokens start on the Starting Tile (0), every player with 50 G and 2 Trees.

Planting Sectors after setup (docs/architecture.md): the Center (C.p1, C.p2); wedge 0 = I0's land
+ O1's left half (I0.p1-p5, O1.p1-p2); wedge 1 = I1's land + O1's right half (I1.p1-p3,
O1.p3-p4).
"""

from __future__ import annotations

import pytest

from grinivil_cli.engine.game import Game
from grinivil_cli.engine.state import MUNICIPALITY

from gamekit import edition, give, illegal, new_game, play, total_cubes


def money(g: Game) -> dict[str, int]:
    return {p.name: p.money for p in g.state.players}


def wide_wedge0(g: Game) -> None:
    """Arrange I08 at I7, a road token on R0 and O04 at O0: wedge 0 gains O0.p3-p5 (10 spots)."""
    town, supply = g.state.townland, g.state.supply
    for slot, tile, stack in (("I7", "I08", supply.inner_stack),
                              ("O0", "O04", supply.outer_stack)):
        stack.remove(tile)
        town.tiles[slot] = tile
        town.owners[slot] = MUNICIPALITY
        if slot == "I7":
            town.road_tokens.add("R0")


WEDGE0 = ["I0.p1", "I0.p2", "I0.p3", "I0.p4", "I0.p5", "O1.p1", "O1.p2", "O0.p3", "O0.p4",
          "O0.p5"]


# --- #05 Auction -----------------------------------------------------------------------------

LOT = ["concrete", "concrete", "wood", "steel", "steel"]


def test_ex21_tie_goes_counterclockwise_from_the_initiator() -> None:
    """EX-21, R-A05-01, R-A05-02, R-A05-03, R-A05-04, R-A05-05, R-A05-06, R-A05-07, AMB-A05-01:
    clockwise Anna, Bruno, Clara, David. Anna (Initiator) bids 10, Bruno 25, Clara 25, David
    nothing. Counter-clockwise from Anna come David, Clara, Bruno: Clara wins, pays 25 to the
    bank, takes the 5 cubes and 1 VP; Anna gets 25 // 2 = 12 from the bank; no time shift."""
    g = new_game(4)
    before = total_cubes(g)
    pouch = dict(g.state.supply.pouch)
    play(g, player="Anna", tile="auction", drawn=LOT,
         bids={"Anna": 10, "Bruno": 25, "Clara": 25, "David": 0})
    clara = g.state.player("Clara")
    assert money(g) == {"Anna": 62, "Bruno": 50, "Clara": 25, "David": 50}
    assert clara.vp == 1 and g.state.player("Bruno").vp == 0
    assert clara.cubes == {"concrete": 2, "wood": 1, "steel": 2}
    assert g.state.supply.pouch == {"concrete": pouch["concrete"] - 2,
                                    "wood": pouch["wood"] - 1, "steel": pouch["steel"] - 2}
    assert total_cubes(g) == before
    assert g.state.player("Anna").position == 2  # R-A05-07: no extra time


def test_auction_tie_nearest_counterclockwise_is_not_clockwise() -> None:
    """R-A05-04: Bruno (1 seat clockwise) and David (1 seat counter-clockwise) tie at 30: David
    wins. Anna gets 30 // 2 = 15."""
    g = new_game(4)
    play(g, player="Anna", tile="auction", drawn=LOT,
         bids={"Anna": 10, "Bruno": 30, "David": 30})
    assert money(g) == {"Anna": 65, "Bruno": 50, "Clara": 50, "David": 20}
    assert g.state.player("David").vp == 1


def test_ex21_initiator_wins_a_tie() -> None:
    """EX-21, R-A05-04: had Anna bid 25 too she would win: she pays 25, gets the cubes and 1 VP,
    no compensation."""
    g = new_game(4)
    play(g, player="Anna", tile="auction", drawn=LOT,
         bids={"Anna": 25, "Bruno": 25, "Clara": 25})
    assert money(g) == {"Anna": 25, "Bruno": 50, "Clara": 50, "David": 50}
    assert g.state.player("Anna").vp == 1
    assert g.state.player("Anna").cubes == {"concrete": 2, "wood": 1, "steel": 2}


def test_highest_bid_wins() -> None:
    """R-A05-03, R-A05-06: Bruno's 31 beats Clara's 25; Anna gets 31 // 2 = 15 (rounded down)."""
    g = new_game(4)
    play(g, player="Anna", tile="auction", drawn=LOT,
         bids={"Anna": 10, "Bruno": 31, "Clara": 25})
    assert money(g) == {"Anna": 65, "Bruno": 19, "Clara": 50, "David": 50}


@pytest.mark.parametrize(("bids", "text"), [
    ({"Anna": 9, "Bruno": 20}, "bids 9"),  # EX-21: an initiator bid of 9 is illegal
    ({"Bruno": 20}, "bids 0"),  # the Initiator must bid
    ({"Anna": 10, "Bruno": 5}, "Bruno bids 5"),  # Minimum Bid 10 (or an empty hand)
    ({"Anna": 10, "Bruno": 60}, "bids 60 Grinies but holds 50"),  # AMB-A05-02
])
def test_illegal_bids(bids: dict[str, int], text: str) -> None:
    """R-A05-02, AMB-A05-02: the Minimum Bid is 10, the Initiator must bid, nobody bids more
    than they hold; the state is left as it was."""
    g = new_game(4)
    e = illegal(g, "R-A05-02", player="Anna", tile="auction", drawn=LOT, bids=bids)
    assert text in e.message
    assert money(g) == {"Anna": 50, "Bruno": 50, "Clara": 50, "David": 50}


def test_initiator_must_afford_the_minimum_bid() -> None:
    """R-A05-08: Anna holds 9 G; her bid of 10 is more than she has."""
    g = new_game(4)
    g.state.player("Anna").money = 9
    e = illegal(g, "R-A05-02", player="Anna", tile="auction", drawn=LOT, bids={"Anna": 10})
    assert "bids 10 Grinies but holds 9" in e.message


def test_finished_player_cannot_bid() -> None:
    """R-A05-08, R-END-05: Clara has finished the game."""
    g = new_game(4)
    g.state.player("Clara").finished = True
    e = illegal(g, "R-A05-08", player="Anna", tile="auction", drawn=LOT,
                bids={"Anna": 10, "Clara": 20})
    assert "Clara" in e.message


def test_auction_draws_five_cubes() -> None:
    """R-A05-01: 5 random Resources; the log records 4 (message: 5 and 4). With only 3 cubes
    left in the pouch, 3 are drawn."""
    g = new_game(4)
    e = illegal(g, "R-A05-01", player="Anna", tile="auction", drawn=LOT[:4],
                bids={"Anna": 10})
    assert "draws 5" in e.message and "records 4" in e.message
    g.state.supply.pouch = {"concrete": 2, "wood": 1, "steel": 0}
    play(g, player="Anna", tile="auction", drawn=["concrete", "wood", "concrete"],
         bids={"Anna": 10})
    assert g.state.player("Anna").cubes == {"concrete": 2, "wood": 1, "steel": 0}
    assert g.state.supply.pouch == {"concrete": 0, "wood": 0, "steel": 0}


def test_auction_winner_puts_excess_on_the_market() -> None:
    """R-A05-05, R-WH-06, AMB-WH-02 (a): Clara's Big Warehouse (4+2+2) is full (4 concrete,
    2 wood, 2 steel); she wins 5 concrete, which must go to the Market at the end of the turn:
    the 4-6p concrete section goes from 10 to 15 cubes."""
    g = new_game(4)
    give(g, "Clara", concrete=4, wood=2, steel=2)
    lot = ["concrete"] * 5
    turn = {"player": "Anna", "tile": "auction", "drawn": lot,
            "bids": {"Anna": 10, "Clara": 20}}
    e = illegal(g, "R-WH-06", **turn)
    assert "Clara" in e.message
    play(g, **turn, excess={"Clara": {"concrete": 5}})
    assert g.state.player("Clara").cubes == {"concrete": 4, "wood": 2, "steel": 2}
    assert g.state.market["concrete"] == 15
    assert money(g) == {"Anna": 60, "Bruno": 50, "Clara": 30, "David": 50}


# --- #09 Buy Trees ---------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "price"), [(1, 1), (3, 3), (4, 8), (6, 12)])
def test_ex19_tree_prices(n: int, price: int) -> None:
    """EX-19, R-A09-01, R-A09-02, R-A09-03, R-A09-04: 1-3 Trees at 1 G each, 4-6 Trees at 2 G
    each; into the Portfolio (2 + n), none planted; 1 TU (position 10 -> 11). The 2-player
    supply holds 50 - 2 x 2 = 46 Trees."""
    g = new_game(2)
    play(g, player="Anna", tile="buy-trees", trees=n)
    anna = g.state.player("Anna")
    assert (anna.money, anna.trees, anna.position) == (50 - price, 2 + n, 11)
    assert g.state.supply.trees == 46 - n
    assert g.state.townland.trees == set()


@pytest.mark.parametrize("n", [0, 7])
def test_ex19_buy_one_to_six(n: int) -> None:
    """EX-19, R-A09-01: 7 Trees (or none) cannot be bought."""
    g = new_game(2)
    e = illegal(g, "R-A09-01", player="Anna", tile="buy-trees", trees=n)
    assert f"buys {n}" in e.message


def test_buy_trees_limited_by_the_supply() -> None:
    """R-A09-05, R-GEN-04: 2 Trees left; 3 cannot be bought, 2 can (2 G)."""
    g = new_game(2)
    g.state.supply.trees = 2
    e = illegal(g, "R-A09-05", player="Anna", tile="buy-trees", trees=3)
    assert "only 2 Trees" in e.message
    play(g, player="Anna", tile="buy-trees", trees=2)
    assert (g.state.player("Anna").trees, g.state.supply.trees) == (4, 0)


def test_buy_trees_money_short() -> None:
    """R-A09-02: 6 Trees cost 12 G; Anna holds 11."""
    g = new_game(2)
    g.state.player("Anna").money = 11
    e = illegal(g, "R-A09-02", player="Anna", tile="buy-trees", trees=6)
    assert "12 Grinies" in e.message and "holds 11" in e.message


# --- #10 Plant Trees and planting in play ---------------------------------------------------


def test_ex08_plant_two_trees() -> None:
    """EX-08, R-A10-02, R-A10-03, R-PLANT-06: 2 Trees from the Portfolio: 5 + 5 = 10 G, 0 VP,
    ceil(2 / 3) = 1 TU (position 13 -> 14)."""
    g = new_game(2)
    play(g, player="Anna", tile="plant-trees", spots=["I1.p1", "I1.p2"])
    anna = g.state.player("Anna")
    assert (anna.money, anna.vp, anna.trees, anna.position) == (60, 0, 0, 14)
    assert g.state.townland.trees == {"I1.p1", "I1.p2"}


def test_ex09_plant_eight_trees() -> None:
    """EX-09, R-A10-01, R-A10-02, R-A10-03, R-PLANT-07: 8 Trees in wedge 0: 3 x 5 = 15 G and
    4 x 2 + 1 x 3 = 11 VP; ceil(8 / 3) = 3 TU (position 13 -> 16)."""
    g = new_game(2)
    wide_wedge0(g)
    g.state.player("Anna").trees = 8
    play(g, player="Anna", tile="plant-trees", spots=WEDGE0[:8])
    anna = g.state.player("Anna")
    assert (anna.money, anna.vp, anna.trees, anna.position) == (65, 11, 0, 16)


def test_ex09_plant_nine_trees_and_no_tenth() -> None:
    """EX-09, R-A10-01, R-A10-02: a 9th Tree adds 3 VP: 15 G and 14 VP. A 10th is illegal
    (message: 9 and 10), although the sector has 10 free spots."""
    g = new_game(2)
    wide_wedge0(g)
    g.state.player("Anna").trees = 10
    e = illegal(g, "R-A10-01", player="Anna", tile="plant-trees", spots=WEDGE0)
    assert "at most 9" in e.message and "plants 10" in e.message
    play(g, player="Anna", tile="plant-trees", spots=WEDGE0[:9])
    assert (g.state.player("Anna").money, g.state.player("Anna").vp) == (65, 14)


def test_one_sector_per_action() -> None:
    """R-PLANT-07, R-A10-01: I0 (wedge 0) and I1 (wedge 1) are split by R1; O1's two halves by
    its main road. Trees of one action go into one sector."""
    g = new_game(2)
    e = illegal(g, "R-PLANT-07", player="Anna", tile="plant-trees", spots=["I0.p1", "I1.p1"])
    assert "I1.p1" in e.message and "I0.p1" in e.message
    illegal(g, "R-PLANT-07", player="Anna", tile="plant-trees", spots=["O1.p1", "O1.p3"])
    # zone borders do not cut: I0 with O1's left half is one sector
    play(g, player="Anna", tile="plant-trees", spots=["I0.p1", "O1.p1"])
    assert g.state.townland.trees == {"I0.p1", "O1.p1"}


def test_one_tree_per_spot() -> None:
    """R-PLANT-05: a spot holding a Tree, or named twice, takes no other; an unknown spot is
    rejected."""
    g = new_game(2)
    g.state.townland.trees.add("I1.p1")
    e = illegal(g, "R-PLANT-05", player="Anna", tile="plant-trees", spots=["I1.p1"])
    assert "I1.p1" in e.message
    illegal(g, "R-PLANT-05", player="Anna", tile="plant-trees", spots=["I1.p2", "I1.p2"])
    e = illegal(g, "R-A10-01", player="Anna", tile="plant-trees", spots=["I1.p9"])
    assert "I1.p9" in e.message


def test_only_trees_from_the_portfolio() -> None:
    """R-PLANT-06, R-A10-04: Anna has 2 Trees and plants 3: illegal (message: 3 and 2); with none
    left she cannot plant; nor can she plant nothing."""
    g = new_game(2)
    e = illegal(g, "R-PLANT-06", player="Anna", tile="plant-trees",
                spots=["I1.p1", "I1.p2", "I1.p3"])
    assert "plants 3 Trees but has 2" in e.message
    g.state.player("Anna").trees = 0
    e = illegal(g, "R-PLANT-06", player="Anna", tile="plant-trees", spots=["I1.p1"])
    assert "has 0" in e.message
    illegal(g, "R-A10-01", player="Anna", tile="plant-trees", spots=[])


def test_planted_trees_belong_to_no_one() -> None:
    """R-PLANT-08: after planting, the Trees are on the spots, out of Anna's Portfolio; nothing
    about them records Anna (the sector counts them for any House there)."""
    g = new_game(2)
    play(g, player="Anna", tile="plant-trees", spots=["C.p1", "C.p2"])
    assert g.state.player("Anna").trees == 0
    assert g.state.townland.trees == {"C.p1", "C.p2"}


# --- #11 New Resident ------------------------------------------------------------------------


def test_new_resident_take_and_refill() -> None:
    """R-A11-01, R-A11-03, R-RESI-02, AMB-RESI-01: Anna takes Milan for free; the Display is
    refilled in Milan's slot with Hana from the deck; 1 TU (position 15 -> 16). Anna now holds
    3 cards (no limit)."""
    g = new_game(2)
    deck = len(g.state.supply.deck)
    play(g, player="Anna", tile="new-resident", take="milan", refill="hana")
    anna = g.state.player("Anna")
    assert anna.residents == ["dana", "emil", "milan"]
    assert g.state.supply.display == ["paula", "hana", "agata", "boris", "cyril"]
    assert len(g.state.supply.deck) == deck - 1 and "hana" not in g.state.supply.deck
    assert (anna.money, anna.position) == (50, 16)


def test_new_resident_refill_must_come_from_the_deck() -> None:
    """R-A11-01: the refill must be a card not yet seen (Filip was dealt to Bruno), and must be
    recorded; the card taken must lie on the Display."""
    g = new_game(2)
    illegal(g, "R-A11-01", player="Anna", tile="new-resident", take="milan", refill="filip")
    illegal(g, "R-A11-01", player="Anna", tile="new-resident", take="milan")
    e = illegal(g, "R-A11-01", player="Anna", tile="new-resident", take="hana", refill="ivan")
    assert "hana" in e.message and "paula" in e.message


def test_new_resident_swap_for_ten() -> None:
    """R-A11-02, R-A11-04: Anna swaps Dana for Milan: 10 G; Dana takes Milan's Display slot; the
    deck is untouched."""
    g = new_game(2)
    deck = list(g.state.supply.deck)
    play(g, player="Anna", tile="new-resident", take="milan", give="dana")
    anna = g.state.player("Anna")
    assert anna.residents == ["emil", "milan"]
    assert g.state.supply.display == ["paula", "dana", "agata", "boris", "cyril"]
    assert g.state.supply.deck == deck
    assert anna.money == 40


def test_new_resident_swap_conditions() -> None:
    """R-A11-04, R-A11-02: the given card must be Anna's (Filip is Bruno's); with 5 G she cannot
    pay the 10 (the engine files the money under the cost rule R-A11-02)."""
    g = new_game(2)
    e = illegal(g, "R-A11-04", player="Anna", tile="new-resident", take="milan", give="filip")
    assert "filip" in e.message
    g.state.player("Anna").money = 5
    e = illegal(g, "R-A11-02", player="Anna", tile="new-resident", take="milan", give="dana")
    assert "10 Grinies" in e.message and "holds 5" in e.message


def test_new_resident_with_an_empty_deck() -> None:
    """AMB-RESI-02: with the deck empty the Display shrinks to 4; recording a refill is illegal."""
    g = new_game(2)
    g.state.supply.deck = []
    e = illegal(g, "R-A11-01", player="Anna", tile="new-resident", take="milan", refill="hana")
    assert "empty" in e.message
    play(g, player="Anna", tile="new-resident", take="milan")
    assert g.state.supply.display == ["paula", "agata", "boris", "cyril"]


# --- #14 Import ------------------------------------------------------------------------------


def test_import_buys_at_the_d6_price() -> None:
    """R-A14-01, R-A14-02, R-A14-03, R-A14-04, AMB-A14-02, AMB-A14-04: D6 face 4 -> 4 G per item
    (edition table 2, 3, 3, 4, 5, 6); 2 Trees + 1 Steel = 3 x 4 = 12 G; the Trees come from the
    supply, the Steel from the pouch; 2 TU (position 3 -> 5)."""
    g = new_game(2)
    pouch, supply = dict(g.state.supply.pouch), g.state.supply.trees
    play(g, player="Anna", tile="import", roll=4, items=["tree", "tree", "steel"])
    anna = g.state.player("Anna")
    assert (anna.money, anna.trees, anna.cubes["steel"], anna.position) == (38, 4, 1, 5)
    assert g.state.supply.trees == supply - 2
    assert g.state.supply.pouch["steel"] == pouch["steel"] - 1


def test_import_cheapest_face() -> None:
    """R-A14-03: face 1 -> 2 G per item: 1 Concrete costs 2 G."""
    g = new_game(2)
    play(g, player="Anna", tile="import", roll=1, items=["concrete"])
    assert (g.state.player("Anna").money, g.state.player("Anna").cubes["concrete"]) == (48, 1)


@pytest.mark.parametrize("items", [
    [],  # at least 1
    ["tree", "tree", "wood", "steel"],  # at most 3
    ["concrete", "concrete"],  # 1 Concrete on offer
    ["tree", "tree", "tree"],  # 2 Trees on offer
])
def test_import_offer(items: list[str]) -> None:
    """R-A14-02: 1 to 3 of the 5 items Tree, Tree, Concrete, Wood, Steel, each once."""
    g = new_game(2)
    illegal(g, "R-A14-02", player="Anna", tile="import", roll=2, items=items)
    assert g.state.player("Anna").money == 50


def test_import_money_short() -> None:
    """R-A14-03: face 6 -> 6 G; 3 items = 18 G; Anna holds 10."""
    g = new_game(2)
    g.state.player("Anna").money = 10
    e = illegal(g, "R-A14-03", player="Anna", tile="import", roll=6,
                items=["concrete", "wood", "steel"])
    assert "18 Grinies" in e.message and "holds 10" in e.message


def test_import_declined_after_the_roll_costs_two_vp() -> None:
    """AMB-A14-03 (a), R-TAR-10: unable (or unwilling) to buy after the roll: 2 VP penalty,
    no time shift."""
    g = new_game(2)
    g.state.player("Anna").vp = 5
    play(g, player="Anna", tile="import", declined=True)
    anna = g.state.player("Anna")
    assert (anna.vp, anna.money, anna.position) == (3, 50, 3)


def test_import_unavailable_items() -> None:
    """AMB-A14-02, R-GEN-04: 1 Tree left in the supply: 2 cannot be imported; no Steel in the
    pouch: none can be imported."""
    g = new_game(2)
    g.state.supply.trees = 1
    illegal(g, "R-GEN-04", player="Anna", tile="import", roll=2, items=["tree", "tree"])
    g.state.supply.pouch["steel"] = 0
    e = illegal(g, "R-A14-02", player="Anna", tile="import", roll=2, items=["steel"])
    assert "only 0 steel" in e.message


@pytest.mark.parametrize("roll", [0, 7])
def test_import_roll_is_a_d6_face(roll: int) -> None:
    """R-A14-01: the D6 shows 1 to 6; a face 0 or 7 in the log is illegal."""
    g = new_game(2)
    e = illegal(g, "R-A14-01", player="Anna", tile="import", roll=roll, items=["wood"])
    assert str(roll) in e.message


def test_import_is_a_pink_tile() -> None:
    """R-A14-05: Import is pink (it needs the D6)."""
    assert edition().action_tiles["import"].pink


# --- #15 Optimization ------------------------------------------------------------------------


def test_optimization_without_small_warehouses() -> None:
    """R-A15-01, R-A15-02, R-A15-03: 1 Resource of Anna's choice, nothing random (0 Small
    Warehouses), free, 2 TU (position 7 -> 9)."""
    g = new_game(2)
    pouch = dict(g.state.supply.pouch)
    play(g, player="Anna", tile="optimization", choice="wood")
    anna = g.state.player("Anna")
    assert (anna.cubes, anna.money, anna.position) == (
        {"concrete": 0, "wood": 1, "steel": 0}, 50, 9)
    assert g.state.supply.pouch["wood"] == pouch["wood"] - 1


def test_optimization_one_random_per_small_warehouse() -> None:
    """R-A15-01: 2 Small Warehouses -> the choice (steel) + 2 random cubes."""
    g = new_game(2)
    g.state.player("Anna").small_warehouses = 2
    e = illegal(g, "R-A15-01", player="Anna", tile="optimization", choice="steel",
                random=["wood"])
    assert "2 Small Warehouses" in e.message and "records 1" in e.message
    play(g, player="Anna", tile="optimization", choice="steel", random=["concrete", "wood"])
    assert g.state.player("Anna").cubes == {"concrete": 1, "wood": 1, "steel": 1}


def test_optimization_random_cubes_need_small_warehouses() -> None:
    """R-A15-01: without a Small Warehouse nothing random is drawn; the chosen type must be in
    the pouch."""
    g = new_game(2)
    e = illegal(g, "R-A15-01", player="Anna", tile="optimization", choice="steel",
                random=["wood"])
    assert "0 Small Warehouses" in e.message
    g.state.supply.pouch["steel"] = 0
    e = illegal(g, "R-A15-01", player="Anna", tile="optimization", choice="steel")
    assert "only 0 steel" in e.message


# --- #16 Replanting --------------------------------------------------------------------------


def test_replanting_moves_and_supply() -> None:
    """R-A16-01, R-A16-03, R-A16-04, R-A16-06, R-PLANT-06: one Tree moves from I0.p1 (wedge 0) to
    I1.p1 (wedge 1), one comes from the supply to C.p1 (the Center): sectors do not matter.
    Flat 1 VP, 2 TU (position 9 -> 11), the tile is 'occupied' by Anna; her Portfolio keeps its
    2 Trees."""
    g = new_game(2)
    g.state.townland.trees = {"I0.p1", "I0.p2"}
    supply = g.state.supply.trees
    play(g, player="Anna", tile="replanting",
         moves=[{"from": "I0.p1", "to": "I1.p1"}, {"from": "supply", "to": "C.p1"}])
    anna = g.state.player("Anna")
    assert g.state.townland.trees == {"I0.p2", "I1.p1", "C.p1"}
    assert g.state.supply.trees == supply - 1
    assert (anna.vp, anna.trees, anna.position) == (1, 2, 11)
    assert g.state.ring.occupied == {9: "Anna"}


def test_replanting_occupied_token() -> None:
    """R-A16-05, AMB-A16-01 (a): while occupied nobody may choose Replanting: not Bruno, not Anna
    on her next turn (the token comes back after that turn's choice); then Bruno may."""
    g = new_game(2)
    g.state.townland.trees = {"I0.p1"}
    play(g, player="Anna", tile="replanting", moves=[{"from": "I0.p1", "to": "I0.p2"}])
    e = illegal(g, "R-A16-05", player="Bruno", tile="replanting",
                moves=[{"from": "supply", "to": "I1.p1"}])
    assert "Anna" in e.message
    play(g, player="Bruno", tile="buy-warehouse")  # 0 -> 5, 1 TU -> 6
    illegal(g, "R-A16-05", player="Anna", tile="replanting",
            moves=[{"from": "supply", "to": "I1.p1"}])
    play(g, player="Anna", tile="subsidy")  # the token comes back
    assert g.state.ring.occupied == {}
    play(g, player="Bruno", tile="replanting", moves=[{"from": "supply", "to": "I1.p1"}])
    assert g.state.ring.occupied == {9: "Bruno"}
    assert g.state.player("Bruno").vp == 1


def test_replanting_not_from_the_portfolio() -> None:
    """R-A16-02: Trees from the Portfolio cannot be replanted."""
    g = new_game(2)
    e = illegal(g, "R-A16-02", player="Anna", tile="replanting",
                moves=[{"from": "portfolio", "to": "I1.p1"}])
    assert "Portfolio" in e.message


@pytest.mark.parametrize("n", [0, 4])
def test_replanting_one_to_three(n: int) -> None:
    """R-A16-01, AMB-A16-02: 1 to 3 Trees; 0 or 4 moves are illegal."""
    g = new_game(2)
    moves = [{"from": "supply", "to": s} for s in ["I0.p1", "I0.p2", "I0.p3", "I0.p4"][:n]]
    e = illegal(g, "R-A16-01", player="Anna", tile="replanting", moves=moves)
    assert f"moves {n}" in e.message


def test_replanting_needs_a_tree_and_a_free_spot() -> None:
    """R-A16-01, R-PLANT-05, R-GEN-04: no Tree stands on I0.p3; I0.p2 is taken; the supply is
    empty."""
    g = new_game(2)
    g.state.townland.trees = {"I0.p1", "I0.p2"}
    e = illegal(g, "R-A16-01", player="Anna", tile="replanting",
                moves=[{"from": "I0.p3", "to": "I1.p1"}])
    assert "I0.p3" in e.message
    illegal(g, "R-PLANT-05", player="Anna", tile="replanting",
            moves=[{"from": "I0.p1", "to": "I0.p2"}])
    g.state.supply.trees = 0
    illegal(g, "R-GEN-04", player="Anna", tile="replanting",
            moves=[{"from": "supply", "to": "I1.p1"}])


def test_replanting_moves_to_a_new_spot() -> None:
    """R-A16-01: replanting moves a Tree "to new Spots": I0.p1 back to I0.p1 is no move (it
    would score the flat 1 VP for nothing)."""
    g = new_game(2)
    g.state.townland.trees = {"I0.p1"}
    e = illegal(g, "R-A16-01", player="Anna", tile="replanting",
                moves=[{"from": "I0.p1", "to": "I0.p1"}])
    assert "I0.p1" in e.message
    assert g.state.player("Anna").vp == 0


# --- #18 Forced Trade ------------------------------------------------------------------------


def test_forced_trade_swap_pays_two_per_cube() -> None:
    """R-A18-01, R-A18-03, R-A18-04, R-A18-05, AMB-A18-01 (a): Anna gives Bruno 1 wood for 1
    steel (Bruno accepts) and pays him 2 G; no time shift (position 14); the tile is occupied."""
    g = new_game(3)
    give(g, "Anna", wood=2)
    give(g, "Bruno", steel=1)
    play(g, player="Anna", tile="forced-trade", trades=[{"with": "Bruno", "give": "wood",
                                                         "get": "steel"}],
         accepted={"Bruno": True})
    assert g.state.player("Anna").cubes == {"concrete": 0, "wood": 1, "steel": 1}
    assert g.state.player("Bruno").cubes == {"concrete": 0, "wood": 1, "steel": 0}
    assert money(g) == {"Anna": 48, "Bruno": 52, "Clara": 50}
    assert g.state.player("Anna").position == 14
    assert g.state.ring.occupied == {14: "Anna"}
    e = illegal(g, "R-A18-04", player="Bruno", tile="forced-trade",
                trades=[{"with": "Anna", "give": "wood", "get": "steel"}],
                accepted={"Anna": True})
    assert "occupied" in e.message


def test_forced_trade_with_two_opponents() -> None:
    """R-A18-01, R-A18-03: 1 cube with Bruno, 2 with Clara: 2 G to Bruno, 4 G to Clara."""
    g = new_game(3)
    give(g, "Anna", wood=3)
    give(g, "Bruno", steel=1)
    give(g, "Clara", concrete=2)
    play(g, player="Anna", tile="forced-trade", trades=[
        {"with": "Bruno", "give": "wood", "get": "steel"},
        {"with": "Clara", "give": "wood", "get": "concrete"},
        {"with": "Clara", "give": "wood", "get": "concrete"},
    ], accepted={"Bruno": True, "Clara": True})
    assert money(g) == {"Anna": 44, "Bruno": 52, "Clara": 54}
    assert g.state.player("Anna").cubes == {"concrete": 2, "wood": 0, "steel": 1}
    assert g.state.player("Clara").cubes == {"concrete": 0, "wood": 2, "steel": 0}


def test_forced_trade_needs_consent() -> None:
    """R-A18-01, AMB-A18-01: the opponent must accept, so a refusal is illegal; a trade written
    without `accepted` is accepted."""
    g = new_game(3)
    give(g, "Anna", wood=1)
    give(g, "Bruno", steel=1)
    trade = [{"with": "Bruno", "give": "wood", "get": "steel"}]
    e = illegal(g, "R-A18-01", player="Anna", tile="forced-trade", trades=trade,
                accepted={"Bruno": False})
    assert "must accept" in e.message and "Bruno cannot refuse" in e.message
    play(g, player="Anna", tile="forced-trade", trades=trade)
    assert g.state.player("Bruno").cubes == {"concrete": 0, "wood": 1, "steel": 0}


def test_forced_trade_capacity() -> None:
    """R-A18-02: Bruno's Big Warehouse holds 4 concrete, 2 wood, 2 steel: a steel for a concrete
    would leave him 3 steel, which no section takes. With 1 steel only (3 concrete, 2 wood,
    2 steel after the swap) it fits."""
    g = new_game(3)
    give(g, "Anna", steel=1)
    give(g, "Bruno", concrete=4, wood=2, steel=2)
    turn = {"player": "Anna", "tile": "forced-trade",
            "trades": [{"with": "Bruno", "give": "steel", "get": "concrete"}],
            "accepted": {"Bruno": True}}
    e = illegal(g, "R-A18-02", **turn)
    assert "Bruno" in e.message and "steel" in e.message
    g.state.player("Bruno").cubes["steel"] = 1
    g.state.supply.pouch["steel"] += 1
    play(g, **turn)
    assert g.state.player("Bruno").cubes == {"concrete": 3, "wood": 2, "steel": 2}


def test_forced_trade_partners_and_counts() -> None:
    """R-A18-01, R-A18-06: not with oneself, not with a finished player, 1 to 3 Resources,
    only cubes the partners hold."""
    g = new_game(3)
    give(g, "Anna", wood=3)
    give(g, "Bruno", steel=3)
    acc = {"accepted": {"Bruno": True, "Clara": True, "Anna": True}}
    one = {"with": "Bruno", "give": "wood", "get": "steel"}
    e = illegal(g, "R-A18-01", player="Anna", tile="forced-trade",
                trades=[{"with": "Anna", "give": "wood", "get": "steel"}], **acc)
    assert "not an opponent" in e.message
    e = illegal(g, "R-A18-01", player="Anna", tile="forced-trade", trades=[one] * 4, **acc)
    assert "trades 4" in e.message
    e = illegal(g, "R-A18-01", player="Anna", tile="forced-trade",
                trades=[{"with": "Bruno", "give": "concrete", "get": "steel"}], **acc)
    assert "Anna holds no concrete" in e.message
    g.state.player("Clara").finished = True
    illegal(g, "R-A18-06", player="Anna", tile="forced-trade",
            trades=[{"with": "Clara", "give": "wood", "get": "steel"}], **acc)


def test_forced_trade_money_short() -> None:
    """R-A18-03: Anna holds 1 G; the trade costs 2."""
    g = new_game(3)
    give(g, "Anna", wood=1)
    give(g, "Bruno", steel=1)
    g.state.player("Anna").money = 1
    e = illegal(g, "R-A18-03", player="Anna", tile="forced-trade",
                trades=[{"with": "Bruno", "give": "wood", "get": "steel"}],
                accepted={"Bruno": True})
    assert "2 Grinies" in e.message and "holds 1" in e.message


def test_forced_trade_active_player_overflow() -> None:
    """AMB-A18-01, R-WH-06: only the partner's capacity is checked. Anna's Big Warehouse is full
    (4 concrete, 2 wood, 2 steel); a wood for a steel leaves her 3 steel for a 2-cube section:
    the 1 steel that does not fit goes to the Market at the end of the turn (2-3p steel section
    of the 3-player Market: 4 -> 5 cubes)."""
    g = new_game(3)
    give(g, "Anna", concrete=4, wood=2, steel=2)
    give(g, "Bruno", steel=1)
    turn = {"player": "Anna", "tile": "forced-trade",
            "trades": [{"with": "Bruno", "give": "wood", "get": "steel"}],
            "accepted": {"Bruno": True}}
    illegal(g, "R-WH-06", **turn)
    play(g, **turn, excess={"Anna": {"steel": 1}})
    assert g.state.player("Anna").cubes == {"concrete": 4, "wood": 1, "steel": 2}
    assert g.state.market["steel"] == 5
