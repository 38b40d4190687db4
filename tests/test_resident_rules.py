"""Residents, Selling the House and the reward split modes (catalogue section 7: R-RESI, R-SELL,
R-SPLIT; tile #12; worked examples EX-04, EX-05, EX-06).

Every number asserted is derived by hand from the rulebook and the standard edition's cards
(grinivil_cli/editions/standard.yaml); the derivation is in the comment next to it.

Townland after gamekit's setup (docs/architecture.md): C holds C1, I0 holds I01, I1 holds I02,
O1 holds O01 (entrance), R1 completed. Road Sections used below: `ring` (Center, completed),
`R1` (completed), `O1.road` (printed completed; O1's Access Road, with O1.s3, is part of it),
`R2` (construction once a tile lies at I2). Distances from a site on `ring`: R1 = 1,
O1.road = 2 (O1.s1, O1.s2 and O1.s3 alike).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from grinivil_cli.engine import townland
from grinivil_cli.engine.construction import participation_fee
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.residents import pay_primary_reward, share
from grinivil_cli.engine.scoring import public_rewards
from grinivil_cli.engine.setup import set_up
from grinivil_cli.engine.state import MUNICIPALITY, Building

from gamekit import base_log, edition, give, illegal, play

# The four players of the rulebook's Paula example, clockwise, with their rulebook colours.
EX05_PLAYERS = [("Bruno", "brown"), ("David", "grey"), ("Robin", "beige"), ("Rudi", "white")]


def game(players: list[tuple[str, str]], residents: dict[str, list[str]], display: list[str],
         **setup: Any) -> Game:
    """A game after setup with the players named as in the rulebook and chosen resident cards."""
    log = base_log(len(players), residents=residents, display=display, **setup)
    log["players"] = [{"name": n, "colour": c} for n, c in players]
    return set_up(edition(), log)


def two_players(anna: list[str], bruno: list[str] | None = None, **setup: Any) -> Game:
    """Anna and Bruno; the Display holds the cards nobody was dealt."""
    bruno = bruno or ["filip", "greta"]
    spare = ["paula", "milan", "agata", "boris", "cyril", "dana", "emil", "hana", "ivan"]
    display = [c for c in spare if c not in anna + bruno][:5]
    return game([("Anna", "brown"), ("Bruno", "grey")], {"Anna": anna, "Bruno": bruno},
                display, **setup)


def put(g: Game, site: str, building: str, *blocks: str, workers: tuple[str, ...] = ()) -> Building:
    """Arrange a building whose Floors were built by `blocks`, bottom up; its token leaves the
    supply."""
    b = Building(site=site, building=building, floors=len(g.ed.buildings[building].floors),
                 blocks=list(blocks), by_build_action=[x != MUNICIPALITY for x in blocks],
                 workers=list(workers))
    g.state.townland.buildings[site] = b
    g.state.supply.tokens[building] -= 1
    return b


def place_tile(g: Game, slot: str, tile: str) -> None:
    """Arrange a Land Tile on the table (taken from its stack, owned by the Municipality)."""
    town, supply = g.state.townland, g.state.supply
    (supply.inner_stack if slot.startswith("I") else supply.outer_stack).remove(tile)
    town.tiles[slot] = tile
    town.owners[slot] = MUNICIPALITY


def trees(g: Game, *spots: str) -> None:
    """Arrange planted Trees (from the general supply)."""
    g.state.townland.trees.update(spots)
    g.state.supply.trees -= len(spots)


# Wedge 0 (between R0 and R1) once I7, R0 and O0 are placed: I0.p1-p5 + O1.p1-p2 (O1's left
# half) + O0.p3-p5 (O0's right half, tile O04) = 10 Planting Spots.
WEDGE0 = ["I0.p1", "I0.p2", "I0.p3", "I0.p4", "I0.p5", "O1.p1", "O1.p2", "O0.p3", "O0.p4",
          "O0.p5"]


def wide_wedge0(g: Game) -> None:
    """I08 at I7 with a road token on R0 (so O0 may be explored), O04 at O0."""
    place_tile(g, "I7", "I08")
    g.state.townland.road_tokens.add("R0")
    place_tile(g, "O0", "O04")


def paula_town(*, cafe: bool = True) -> Game:
    """EX-05: the position of the rulebook's Paula example.

    * House at I0.s1 (on `ring`), Floors by Bruno and David; its sector is wedge 0.
    * 8 Trees in wedge 0.
    * Bus Stop at O1.s2 (on O1.road, distance 2 from `ring`): the Municipal site gets an orange
      Block with a Bus Stop token at setup, Robin built the 2nd Floor.
    * Cafe at O1.s3 (on O1's Access Road, in O1.road: distance 2), Floors by Rudi and Bruno.
    * Cultural Venue at I2.s3 (tile I03, on R2: a Construction Road, so not usable), Floors by
      Robin and Bruno.
    * Paula is in Bruno's Portfolio; everyone holds 50 Grinies and 0 VP.
    """
    g = game(EX05_PLAYERS,
             {"Bruno": ["paula", "filip"], "David": ["dana", "emil"],
              "Robin": ["hana", "ivan"], "Rudi": ["jana", "karel"]},
             ["petra", "milan", "agata", "boris", "cyril"],
             municipal_tokens={"C.s5": "bank", "O1.s2": "bus-stop"})
    town = g.state.townland
    wide_wedge0(g)
    place_tile(g, "I2", "I03")
    bus = town.buildings["O1.s2"]
    assert bus.blocks == [MUNICIPALITY] and bus.building == "bus-stop"
    bus.blocks.append("Robin")
    bus.by_build_action.append(True)
    put(g, "I0.s1", "house", "Bruno", "David", workers=("Bruno", "David"))
    if cafe:
        put(g, "O1.s3", "cafe", "Rudi", "Bruno")
    put(g, "I2.s3", "cultural-venue", "Robin", "Bruno")
    trees(g, *WEDGE0[:8])
    return g


def money(g: Game) -> dict[str, int]:
    return {p.name: p.money for p in g.state.players}


def vps(g: Game) -> dict[str, int]:
    return {p.name: p.vp for p in g.state.players}


# --- the cards ------------------------------------------------------------------------------


def test_each_player_is_dealt_two_residents() -> None:
    """R-RESI-01, R-SETUP-08: 2 hidden cards each, 5 on the Display; with 3 players the 5 cards
    marked ●●●●+ stay out, so the deck keeps 29 - 5 - 5 - 3 x 2 = 13 cards."""
    g = game([("Anna", "brown"), ("Bruno", "grey"), ("Clara", "beige")],
             {"Anna": ["dana", "emil"], "Bruno": ["filip", "greta"], "Clara": ["hana", "ivan"]},
             ["paula", "milan", "agata", "boris", "cyril"])
    assert [len(p.residents) for p in g.state.players] == [2, 2, 2]
    assert len(g.state.supply.display) == 5
    assert len(g.state.supply.deck) == 13
    assert not {"xenia", "zdenek", "olga", "leo", "ema"} & set(g.state.supply.deck)


def test_paula_and_sample_card_carry_the_rulebook_values() -> None:
    """R-RESI-03, R-RESI-04, EX-04, EX-05: the card fields as printed in the rulebook."""
    ed = edition()
    paula = ed.residents["paula"]
    assert (paula.primary_vp, paula.primary_money, paula.per_tree, paula.min_trees) == (5, 10,
                                                                                      3, 5)
    (bus,) = paula.mandatory
    assert (bus.building, bus.max_distance, bus.reward.vp, bus.reward.split) == (
        "bus-stop", 2, 3, "full")
    cafe, venue = paula.optional
    assert (cafe.building, cafe.max_distance, cafe.reward.vp, cafe.reward.split) == (
        "cafe", 3, 4, "full")
    assert (venue.building, venue.reward.money, venue.reward.split) == (
        "cultural-venue", 28, "participants")
    # the sample card: 4 VP, 15 G + 2 G per Tree (max 50), at least 3 Trees, distance 2
    milan = ed.residents["milan"]
    assert (milan.primary_vp, milan.primary_money, milan.per_tree, milan.per_tree_cap,
            milan.min_trees, milan.mandatory[0].max_distance) == (4, 15, 2, 50, 3, 2)


# --- EX-05: Paula moves in -----------------------------------------------------------------


def test_ex05_paula_moves_in_entry_by_entry() -> None:
    """EX-05: Bruno sells the House to Paula. R-SELL-01, R-SELL-02, R-SELL-03, R-SELL-04,
    R-SELL-05, R-SELL-06, R-SELL-07, R-SELL-08, R-SELL-09, R-SELL-10, R-A12-01, R-A12-02,
    R-A12-03, R-A12-04, R-SPLIT-01, R-SPLIT-04, R-MUNI-01, R-MUNI-02, R-RESI-05, R-RESI-06,
    R-DIST-03, R-BLD-12."""
    g = paula_town()
    town = g.state.townland
    assert townland.distance(g.ed, town, "I0.s1", "O1.s2") == 2  # = Paula's limit: fine
    assert townland.distance(g.ed, town, "I0.s1", "O1.s3") == 2  # < the Cafe's limit 3: fine
    assert not townland.is_usable(g.ed, town, "I2.s3")  # the Cultural Venue's R2
    tokens, roofs, size = g.state.supply.tokens["house"], g.state.supply.roof_blocks, \
        len(g.ledger.entries)

    play(g, player="Bruno", tile="sell-house", house="I0.s1", resident="paula")

    # 1. Compensation first: Bruno pays David 15 before anything is paid out.
    entries = g.ledger.entries[size:]
    first = entries[0]
    assert (first.player, first.what, first.amount, first.counterparty, first.rule) == (
        "Bruno", "money", -15, "David", "R-SELL-06")
    assert (entries[1].player, entries[1].amount) == ("David", 15)
    # 2. Token back to the supply, a red roof, Paula on the Pile, out of Bruno's Portfolio.
    house = town.buildings["I0.s1"]
    assert house.sold
    assert g.state.supply.tokens["house"] == tokens + 1
    assert g.state.supply.roof_blocks == roofs - 1
    assert g.state.supply.pile == ["paula"]
    assert g.state.player("Bruno").residents == ["filip"]
    assert house.workers == ["Bruno", "David"]  # R-SELL-07: Workers stay
    # 3-6. Bruno: primary 5 VP and 10 + 8 x 3 = 34 G, Cafe 4 VP (full); Robin: Bus Stop 3 VP
    # (the Municipality's 3 VP are lost); Rudi: Cafe 4 VP; Cultural Venue: nothing (R2 is a
    # Construction Road). Net: Bruno +9 VP and 50 - 15 + 34 = 69 G; David 50 + 15 = 65 G.
    assert vps(g) == {"Bruno": 9, "David": 0, "Robin": 3, "Rudi": 4}
    assert money(g) == {"Bruno": 69, "David": 65, "Robin": 50, "Rudi": 50}
    # R-A12-02/04: no fee besides the Compensation, no extra time: the token stays on #12.
    assert g.state.player("Bruno").position == g.state.ring.position_of("sell-house") == 18


def test_ex05_variant_cultural_venue_on_a_completed_road_pays_per_participant() -> None:
    """EX-05 variant, R-SPLIT-02, R-RESI-05: with R2 completed the Cultural Venue is usable;
    28 G are shared by its 2 participants: Robin and Bruno 28 // 2 = 14 G each."""
    g = paula_town()
    g.state.townland.road_tokens.add("R2")
    play(g, player="Bruno", tile="sell-house", house="I0.s1", resident="paula")
    # Bruno: 50 - 15 + 34 + 14 = 83; Robin 50 + 14 = 64
    assert money(g) == {"Bruno": 83, "David": 65, "Robin": 64, "Rudi": 50}
    assert vps(g) == {"Bruno": 9, "David": 0, "Robin": 3, "Rudi": 4}


def test_optional_feature_missing_does_not_block_the_sale() -> None:
    """R-RESI-05, R-SELL-10: without the Cafe the sale is still legal; only Rudi's and Bruno's
    Cafe rewards disappear: Bruno 5 VP, Rudi 0."""
    g = paula_town(cafe=False)
    play(g, player="Bruno", tile="sell-house", house="I0.s1", resident="paula")
    assert vps(g) == {"Bruno": 5, "David": 0, "Robin": 3, "Rudi": 0}
    assert money(g)["Bruno"] == 69


def test_compensation_cannot_be_paid() -> None:
    """R-SELL-06: with 10 G Bruno cannot pay David's 15 G; the message carries both numbers and
    nothing changes."""
    g = paula_town()
    g.state.player("Bruno").money = 10
    e = illegal(g, "R-SELL-06", player="Bruno", tile="sell-house", house="I0.s1",
                resident="paula")
    assert "15" in e.message and "10" in e.message and "David" in e.message
    assert g.state.supply.pile == [] and not g.state.townland.buildings["I0.s1"].sold
    assert g.state.player("Bruno").residents == ["paula", "filip"]


def test_sale_pays_no_public_reward_until_final_scoring() -> None:
    """R-SELL-11, R-RESI-08: Paula desires the Post Office (9 VP). A finished, usable Post
    Office built by Bruno pays nothing at the sale, and 9 VP at final scoring."""
    g = paula_town()
    put(g, "C.s6", "post-office", "Bruno", "Bruno", "Bruno")
    play(g, player="Bruno", tile="sell-house", house="I0.s1", resident="paula")
    assert g.state.player("Bruno").vp == 9  # 5 primary + 4 Cafe, not + 9
    assert public_rewards(g)["Bruno"] == [("C.s6", 9)]  # 9 x 3 // 3


def test_pile_raises_the_participation_fee() -> None:
    """R-SELL-08, R-FEE-03: each resident moved in adds 3 G to the fee: 5 before, 8 after."""
    g = paula_town()
    assert participation_fee(g.state.residents_living()) == 5
    play(g, player="Bruno", tile="sell-house", house="I0.s1", resident="paula")
    assert g.state.residents_living() == 1
    assert participation_fee(g.state.residents_living()) == 8


# --- conditions (a)-(d) ---------------------------------------------------------------------


def test_resident_must_be_in_the_sellers_portfolio() -> None:
    """R-SELL-01: Milan lies on the Display, not in Bruno's Portfolio."""
    g = paula_town()
    e = illegal(g, "R-SELL-01", player="Bruno", tile="sell-house", house="I0.s1",
                resident="milan")
    assert "milan" in e.message and "paula, filip" in e.message


def test_condition_a_house_finished() -> None:
    """R-SELL-02: the Municipal House at O1.s1 has its orange Floor only (1 of 2)."""
    g = two_players(["boris", "emil"])
    e = illegal(g, "R-SELL-02", player="Anna", tile="sell-house", house="O1.s1",
                resident="boris")
    assert "1 of 2 Floors" in e.message


def test_condition_a_needs_a_house() -> None:
    """R-SELL-02: the Bank at C.s5 is no House."""
    g = two_players(["boris", "emil"])
    e = illegal(g, "R-SELL-02", player="Anna", tile="sell-house", house="C.s5",
                resident="boris")
    assert "C.s5" in e.message


def test_condition_b_completed_road() -> None:
    """R-SELL-03, R-ROAD-04: a finished House at I1.s2 hangs on R2; with I03 at I2, R2 is a
    Construction Road: not sellable. Once R2 is completed Boris (no mandatory feature) moves in:
    6 VP and 5 G."""
    g = two_players(["boris", "emil"])
    place_tile(g, "I2", "I03")
    put(g, "I1.s2", "house", "Anna", "Anna")
    e = illegal(g, "R-SELL-03", player="Anna", tile="sell-house", house="I1.s2",
                resident="boris")
    assert "R2" in e.message and "I1.s2" in e.message
    g.state.townland.road_tokens.add("R2")
    play(g, player="Anna", tile="sell-house", house="I1.s2", resident="boris")
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (6, 55)


def test_condition_c_seller_built_a_floor() -> None:
    """R-SELL-04: Bruno built both Floors of the House at C.s1, so Anna cannot sell it."""
    g = two_players(["boris", "emil"])
    put(g, "C.s1", "house", "Bruno", "Bruno")
    e = illegal(g, "R-SELL-04", player="Anna", tile="sell-house", house="C.s1",
                resident="boris")
    assert "Anna" in e.message and "C.s1" in e.message


def test_condition_d_trees() -> None:
    """R-SELL-05, R-RESI-04, R-PLANT-08: Emil wants at least 6 Trees in the House's sector.
    With 5 the sale is illegal (message: 6 and 5); with a 6th it is legal and Emil pays
    5 VP and 8 + 6 x 3 = 26 G (cap 45 not reached)."""
    g = two_players(["boris", "emil"])
    put(g, "I0.s1", "house", "Anna", "Anna")
    trees(g, *WEDGE0[:5])
    e = illegal(g, "R-SELL-05", player="Anna", tile="sell-house", house="I0.s1",
                resident="emil")
    assert "at least 6 Trees" in e.message and "it has 5" in e.message
    trees(g, "O1.p1")
    play(g, player="Anna", tile="sell-house", house="I0.s1", resident="emil")
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (5, 76)


def test_trees_in_another_sector_do_not_count() -> None:
    """R-SELL-05, R-PLANT-08: Trees in wedge 1 (I1, O1's right half) are not in the sector of
    I0.s1 (wedge 0): 4 + 2 elsewhere still leaves 4 of the 6 Emil wants."""
    g = two_players(["boris", "emil"])
    put(g, "I0.s1", "house", "Anna", "Anna")
    trees(g, "I0.p1", "I0.p2", "I0.p3", "I0.p4", "I1.p1", "O1.p3")
    e = illegal(g, "R-SELL-05", player="Anna", tile="sell-house", house="I0.s1",
                resident="emil")
    assert "it has 4" in e.message


def test_trees_planted_by_another_player_count() -> None:
    """R-PLANT-08, R-A10-02: Anna plants 6 Trees in wedge 0 with #10 (3 x 5 = 15 G and
    3 x 2 = 6 VP); the Trees belong to no one, and Bruno's House at I0.s1 in that sector
    satisfies Emil: Bruno gets 5 VP and 8 + 6 x 3 = 26 G."""
    g = two_players(["boris", "dana"], ["emil", "greta"])
    put(g, "I0.s1", "house", "Bruno", "Bruno")
    g.state.player("Anna").trees = 6
    play(g, player="Anna", tile="plant-trees", spots=WEDGE0[:6])
    assert (g.state.player("Anna").money, g.state.player("Anna").vp) == (65, 6)
    play(g, player="Bruno", tile="sell-house", house="I0.s1", resident="emil")
    assert (g.state.player("Bruno").money, g.state.player("Bruno").vp) == (76, 5)


def milan_town(school_site: str, house: str = "I0.s1") -> Game:
    """EX-04: Milan (the sample card) in Anna's Portfolio, her House at `house` (I0.s1 on `ring`
    or I0.s2 on R0; both in wedge 0), 10 Trees in its sector, a finished School (Floors by
    Bruno) at `school_site`."""
    g = two_players(["milan", "emil"])
    wide_wedge0(g)
    put(g, house, "house", "Anna", "Anna")
    trees(g, *WEDGE0)
    if school_site == "O1.s2":  # the Municipal Pub of the setup makes way for the School
        del g.state.townland.buildings["O1.s2"]
        g.state.supply.tokens["pub"] += 1
    put(g, school_site, "school", "Bruno", "Bruno")
    return g


@pytest.mark.parametrize("school", ["O1.s2", "O1.s3"])
def test_ex04_required_commerce_at_exactly_the_maximum_distance(school: str) -> None:
    """EX-04 (b) and (d), R-DIST-01, R-DIST-03, R-ROAD-07, R-RESI-06, R-RESI-07, R-SPLIT-01: the
    School at O1.s2 (O1's main road) or at O1.s3 (O1's Access Road, in the same section O1.road)
    is at distance ring -> R1 -> O1.road = 2 = the limit: legal. Anna gets 4 VP and
    15 + min(10 x 2, 50) = 35 G; the School's builder Bruno gets Milan's 3 VP (full)."""
    g = milan_town(school)
    assert townland.distance(g.ed, g.state.townland, "I0.s1", school) == 2
    play(g, player="Anna", tile="sell-house", house="I0.s1", resident="milan")
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (4, 85)
    assert (g.state.player("Bruno").vp, g.state.player("Bruno").money) == (3, 50)


def test_ex04_required_commerce_beyond_the_maximum_distance() -> None:
    """EX-04 (d), R-DIST-03, R-SELL-05: from the House at I0.s2 (on R0, completed) the School at
    O1.s3 (O1's Access Road, in O1.road) is at distance R0 -> ring -> R1 -> O1.road = 3 > 2:
    the mandatory feature fails and the sale is illegal."""
    g = milan_town("O1.s3", house="I0.s2")
    assert townland.distance(g.ed, g.state.townland, "I0.s2", "O1.s3") == 3
    e = illegal(g, "R-SELL-05", player="Anna", tile="sell-house", house="I0.s2",
                resident="milan")
    assert "School within distance 2" in e.message


def test_ex04_too_few_trees() -> None:
    """EX-04 (a), R-SELL-05: with 2 Trees Milan (at least 3) refuses."""
    g = milan_town("O1.s2")
    g.state.townland.trees = set(WEDGE0[:2])
    e = illegal(g, "R-SELL-05", player="Anna", tile="sell-house", house="I0.s1",
                resident="milan")
    assert "at least 3 Trees" in e.message and "it has 2" in e.message


def test_ex04_per_tree_part_is_capped() -> None:
    """EX-04 (c), R-RESI-07, R-SELL-09: with 30 Trees (no sector on the table holds that many,
    so the reward function is called directly) Milan pays 4 VP and 15 + min(30 x 2, 50) = 65 G;
    with 10 Trees 15 + 20 = 35 G."""
    g = two_players(["milan", "emil"])
    anna, bruno = g.state.player("Anna"), g.state.player("Bruno")
    pay_primary_reward(g, anna, "milan", 30, "R-A12-03")
    assert (anna.vp, anna.money) == (4, 50 + 65)
    pay_primary_reward(g, bruno, "milan", 10, "R-A12-03")
    assert (bruno.vp, bruno.money) == (4, 50 + 35)


def test_per_tree_cap_binds_in_a_sale() -> None:
    """R-RESI-07: a variant of Emil whose per-tree part is capped at 12 G (the edition prints 45):
    6 Trees x 3 = 18 G is capped to 12, so Anna gets 8 + 12 = 20 G, not 26."""
    g = two_players(["boris", "emil"])
    ed = g.state.edition
    emil = dataclasses.replace(ed.residents["emil"], per_tree_cap=12)
    g.state.edition = dataclasses.replace(ed, residents={**ed.residents, "emil": emil})
    put(g, "I0.s1", "house", "Anna", "Anna")
    trees(g, *WEDGE0[:6])
    play(g, player="Anna", tile="sell-house", house="I0.s1", resident="emil")
    assert g.state.player("Anna").money == 70


def test_mandatory_commerce_must_be_finished() -> None:
    """R-RESI-06, AMB-BLD-02 (a): the Bus Stop at O1.s2 has only its orange Floor; Paula's
    mandatory Bus Stop is not met, though it is usable and at distance 2."""
    g = paula_town()
    bus = g.state.townland.buildings["O1.s2"]
    bus.blocks.pop()
    bus.by_build_action.pop()
    e = illegal(g, "R-SELL-05", player="Bruno", tile="sell-house", house="I0.s1",
                resident="paula")
    assert "Bus Stop within distance 2" in e.message


def test_mandatory_commerce_must_be_usable() -> None:
    """R-RESI-06, R-BLD-12: a finished Bus Stop at I2.s3 hangs on R2, a Construction Road: not
    usable, so it does not count (the one at O1.s2 is removed)."""
    g = paula_town()
    town = g.state.townland
    del town.buildings["O1.s2"]
    del town.buildings["I2.s3"]
    g.state.supply.tokens["bus-stop"] += 1
    put(g, "I2.s3", "bus-stop", "Robin", "Robin")
    e = illegal(g, "R-SELL-05", player="Bruno", tile="sell-house", house="I0.s1",
                resident="paula")
    assert "Bus Stop" in e.message


def test_already_sold_house() -> None:
    """R-SELL-12: a House with a roof cannot be sold again, not even by its co-builder."""
    g = two_players(["boris", "emil"])
    put(g, "C.s1", "house", "Anna", "Bruno")
    play(g, player="Anna", tile="sell-house", house="C.s1", resident="boris")
    e = illegal(g, "R-SELL-12", player="Bruno", tile="sell-house", house="C.s1",
                resident="greta")
    assert "already sold" in e.message


# --- compensation to the Municipality, the three ways to sell ------------------------------


def finish_municipal_house(**kw: Any) -> Game:
    """Anna builds the 2nd Floor of the Municipal House at O1.s1 (#03: 1 concrete, 1 wood,
    1 steel; 3 VP; no fee on a Municipal Parcel) with 6 Trees in its sector (wedge 0)."""
    g = two_players(["boris", "emil"])
    give(g, "Anna", concrete=1, wood=1, steel=1)
    trees(g, *WEDGE0[:6])
    play(g, player="Anna", tile="build-floor", site="O1.s1", **kw)
    return g


def test_compensation_to_the_municipality_goes_to_the_bank() -> None:
    """R-SELL-06, R-MUNI-10, R-A12-02: Anna sells the House the Municipality co-built to Emil
    with #12: 15 G to the bank, then 5 VP and 8 + 6 x 3 = 26 G. Anna: 50 - 15 + 26 = 61 G,
    3 + 5 = 8 VP; nobody receives the 15 (total money 100 -> 100 - 15 + 26 = 111)."""
    g = finish_municipal_house()
    assert g.state.townland.buildings["O1.s1"].blocks == [MUNICIPALITY, "Anna"]
    play(g, player="Bruno", tile="buy-trees", trees=1)  # Bruno pays 1 G
    size = len(g.ledger.entries)
    play(g, player="Anna", tile="sell-house", house="O1.s1", resident="emil")
    comp = g.ledger.entries[size]
    assert (comp.amount, comp.counterparty, comp.rule) == (-15, MUNICIPALITY, "R-SELL-06")
    assert (g.state.player("Anna").money, g.state.player("Anna").vp) == (61, 8)
    assert g.state.player("Bruno").money == 49
    assert sum(money(g).values()) == 111 - 1


def test_sell_as_associated_build_action_costs_15_more() -> None:
    """R-SELL-13, R-ABA-05, EX-22: the same sale right after building the 2nd Floor, as the
    associated action: 15 G fee + 15 G Compensation, then 26 G: Anna 50 - 30 + 26 = 46 G
    (15 less than with #12), 8 VP."""
    g = finish_municipal_house(associated={"sell_house": {"resident": "emil"}})
    assert g.state.townland.buildings["O1.s1"].sold
    assert (g.state.player("Anna").money, g.state.player("Anna").vp) == (46, 8)
    assert g.state.supply.pile == ["emil"]


def test_final_sale_on_the_starting_tile() -> None:
    """R-SELL-13, R-END-03, AMB-END-01: in the last round Anna's choice crosses the Starting
    Tile, so her game ends; she sells her House at C.s1 (co-built with Bruno) to Boris: 15 G
    Compensation to Bruno, no 15 G fee, 6 VP + 5 G; then final Taxes 5 (no Worker employed).
    Anna: 50 - 15 + 5 - 5 = 35 G; Bruno 65 G."""
    g = two_players(["boris", "emil"])
    put(g, "C.s1", "house", "Anna", "Bruno")
    g.state.sudden_death = True
    g.state.player("Anna").position = 19
    play(g, player="Anna", tile="buy-resources",
         final_sale={"house": "C.s1", "resident": "boris"})
    anna = g.state.player("Anna")
    assert anna.finished and anna.position == 0
    assert (anna.money, anna.vp) == (35, 6)
    assert g.state.player("Bruno").money == 65
    assert g.state.supply.pile == ["boris"]


# --- split modes ----------------------------------------------------------------------------


def _b(*blocks: str) -> Building:
    return Building(site="C.s6", building="post-office", floors=len(blocks), blocks=list(blocks))


@pytest.mark.parametrize(("amount", "split", "blocks", "who", "expected"), [
    (4, "full", ("A", "B"), "A", 4),  # EX-06: full, 2 participants: 4 each
    (4, "full", ("A", "B", "C"), "C", 4),  # full, 3 participants: still 4 each
    (28, "participants", ("A", "B"), "B", 14),  # 28 // 2
    (28, "participants", ("A", "B", "C"), "A", 9),  # 28 // 3 = 9 (9.33 rounded down)
    (28, "participants", ("A", "A", "B"), "A", 14),  # per participant, not per Block
    (9, "blocks", ("A", "A", "B"), "A", 6),  # 9 x 2 // 3
    (9, "blocks", ("A", "A", "B"), "B", 3),  # 9 x 1 // 3
    (10, "blocks", ("A", "A", "B"), "B", 3),  # 10 x 1 // 3 = 3 (3.33 rounded down)
    (6, "blocks", ("A", "B", MUNICIPALITY), "A", 2),  # the Municipality holds a Block
])
def test_ex06_split_modes(amount: int, split: str, blocks: tuple[str, ...], who: str,
                          expected: int) -> None:
    """EX-06, R-SPLIT-01 (full), R-SPLIT-02 (per participant), R-SPLIT-03 (per Block),
    R-SPLIT-04 (the Municipality is a participant)."""
    assert share(amount, split, _b(*blocks), who) == expected


def test_blocks_split_in_a_sale_loses_the_municipal_share() -> None:
    """R-SPLIT-03, R-SPLIT-04, R-MUNI-02: Karel requires a Bank within 3 (20 G per Block). The
    Municipal Bank at C.s5 gets Anna's 2nd Floor: [Municipality, Anna]. Anna's House at C.s1
    (distance 0). Anna: primary 7 VP and 5 + 0 x 1 = 5 G; Bank 20 x 1 // 2 = 10 G; the
    Municipality's 10 G are lost, nobody gets 20."""
    g = two_players(["karel", "emil"])
    bank = g.state.townland.buildings["C.s5"]
    bank.blocks.append("Anna")
    bank.by_build_action.append(True)
    put(g, "C.s1", "house", "Anna", "Anna")
    play(g, player="Anna", tile="sell-house", house="C.s1", resident="karel")
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (7, 65)
    assert g.state.player("Bruno").money == 50


def test_participants_split_counts_the_municipality() -> None:
    """R-SPLIT-02, R-SPLIT-04, AMB-SPLIT-01 (a): Agata requires a Pub within 3 (3 VP full) and
    desires a Bank (16 G per participant). Pub at O1.s2 (distance 2) and Bank at C.s5 are each
    [Municipality, Bruno]. Agata wants 2 Trees: the Center's 2 spots. Anna: 3 VP and
    12 + 2 x 2 = 16 G. Bruno: Pub 3 VP; Bank 16 // 2 = 8 G (the Municipality counts)."""
    g = two_players(["agata", "emil"])
    town = g.state.townland
    for site in ("O1.s2", "C.s5"):
        town.buildings[site].blocks.append("Bruno")
        town.buildings[site].by_build_action.append(True)
    put(g, "C.s1", "house", "Anna", "Anna")
    trees(g, "C.p1", "C.p2")
    play(g, player="Anna", tile="sell-house", house="C.s1", resident="agata")
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (3, 66)
    assert (g.state.player("Bruno").vp, g.state.player("Bruno").money) == (3, 58)


def test_two_qualifying_copies_the_seller_names_one() -> None:
    """AMB-SELL-01 (a), R-RESI-06: two Cafes (a variant with a second token) meet Greta's
    mandatory Cafe within 2 (4 VP, full). Without a name the sale is illegal; naming C.s7 pays
    its builder Anna, not Bruno (C.s6). Greta: 6 VP, 10 G. Anna: 6 + 4 = 10 VP."""
    g = two_players(["greta", "emil"], ["filip", "boris"])
    g.state.supply.tokens["cafe"] += 1
    put(g, "C.s1", "house", "Anna", "Anna")
    put(g, "C.s6", "cafe", "Bruno", "Bruno")
    put(g, "C.s7", "cafe", "Anna", "Anna")
    e = illegal(g, "R-SELL-10", player="Anna", tile="sell-house", house="C.s1",
                resident="greta")
    assert "2 buildings" in e.message
    e = illegal(g, "R-RESI-06", player="Anna", tile="sell-house", house="C.s1",
                resident="greta", features={"cafe": "O1.s3"})
    assert "O1.s3" in e.message
    play(g, player="Anna", tile="sell-house", house="C.s1", resident="greta",
         features={"cafe": "C.s7"})
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (10, 60)
    assert g.state.player("Bruno").vp == 0
