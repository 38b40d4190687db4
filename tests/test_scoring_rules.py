"""Money vs Victory Points, the Convert action and final scoring (catalogue sections 8 and 12:
R-VP, R-SCORE; tile #13: R-A13; worked examples EX-10..EX-13, EX-16, EX-24, EX-25).

Every number asserted is derived by hand from the rulebook and the standard edition; the
derivation is in the comment next to it. Convert (#13) is ring position 20 in gamekit's ring, so
a token on the Starting Tile reaches it without completing the TAR.
"""

from __future__ import annotations

from typing import Any

import pytest

from grinivil_cli.engine.game import Game
from grinivil_cli.engine.scoring import Score, final_scores, public_rewards, record_final_scores
from grinivil_cli.engine.setup import set_up
from grinivil_cli.engine.state import MUNICIPALITY, Building

from gamekit import base_log, edition, give, illegal, new_game, play

# The five players of the rulebook's scoring example, with their colours.
EX10_PLAYERS = [("Robin", "beige"), ("Val", "black"), ("Bruno", "brown"), ("David", "grey"),
                ("Rudi", "white")]
# The Pile of the example: Post Office 9 (paula) + 15 (dana) + 3 (hana); Water Treatment Plant
# 15 (milan) + 12 (emil); Hospital 6 (hana) - the standard edition's cards (standard.yaml).
EX10_PILE = ["paula", "dana", "hana", "milan", "emil"]


def game(players: list[tuple[str, str]], **setup: Any) -> Game:
    """A game after setup with named players; cards of the example Pile are kept out of the
    deal (the Display and the Portfolios hold other cards)."""
    spare = ["agata", "boris", "cyril", "filip", "greta", "ivan", "jana", "karel", "lucie",
             "marek", "nora", "otto", "petra", "radek", "sofie"]
    names = [n for n, _ in players]
    residents = {n: spare[5 + 2 * i: 7 + 2 * i] for i, n in enumerate(names)}
    log = base_log(len(players), residents=residents, display=spare[:5], **setup)
    log["players"] = [{"name": n, "colour": c} for n, c in players]
    return set_up(edition(), log)


def put(g: Game, site: str, building: str, *blocks: str) -> Building:
    """Arrange a building whose Floors were built by `blocks`, bottom up."""
    b = Building(site=site, building=building, floors=len(g.ed.buildings[building].floors),
                 blocks=list(blocks), by_build_action=[x != MUNICIPALITY for x in blocks])
    g.state.townland.buildings[site] = b
    g.state.supply.tokens[building] -= 1
    return b


def move_in(g: Game, cards: list[str]) -> None:
    """Arrange the Residents of Grinivil pile (the cards leave the deck)."""
    for c in cards:
        g.state.supply.deck.remove(c)
    g.state.supply.pile.extend(cards)


def scoring_example() -> Game:
    """EX-10..EX-12: the Pile of 5; the Post Office at C.s6 (Robin, Robin, Val), the Water
    Treatment Plant at C.s7 (Bruno, David, Rudi), the Hospital at I1.s1 (Robin, Bruno,
    Municipality). All three sites hang on the Center ring road, completed: all usable."""
    g = game(EX10_PLAYERS)
    move_in(g, EX10_PILE)
    put(g, "C.s6", "post-office", "Robin", "Robin", "Val")
    put(g, "C.s7", "water-treatment-plant", "Bruno", "David", "Rudi")
    put(g, "I1.s1", "hospital", "Robin", MUNICIPALITY, "Bruno")
    return g


def by_name(scores: list[Score]) -> dict[str, Score]:
    return {s.player: s for s in scores}


# --- final scoring: Public buildings ---------------------------------------------------------


def test_ex10_to_ex12_public_building_rewards() -> None:
    """EX-10, EX-11, EX-12, R-SCORE-03, R-SPLIT-05, R-MUNI-01, R-MUNI-02, R-RESI-08.

    Post Office: 9 + 15 + 3 = 27, by Block: Robin 27 x 2 // 3 = 18, Val 27 x 1 // 3 = 9.
    Water Treatment Plant: 15 + 12 = 27: Bruno, David, Rudi 9 each.
    Hospital: 6: Robin 2, Bruno 2, the Municipality's 2 are lost.
    Totals: Robin +20, Val +9, Bruno +11, David +9, Rudi +9."""
    g = scoring_example()
    rewards = public_rewards(g)
    assert rewards == {"Robin": [("C.s6", 18), ("I1.s1", 2)], "Val": [("C.s6", 9)],
                       "Bruno": [("C.s7", 9), ("I1.s1", 2)], "David": [("C.s7", 9)],
                       "Rudi": [("C.s7", 9)]}
    totals = {s.player: s.public_vp for s in final_scores(g)}
    assert totals == {"Robin": 20, "Val": 9, "Bruno": 11, "David": 9, "Rudi": 9}


def test_unfinished_or_unusable_public_building_pays_nothing() -> None:
    """R-SCORE-04, R-BLD-12: a Post Office with 2 of 3 Floors pays nothing; a finished one on
    R2 (a Construction Road once tile I03 lies at I2) pays nothing; completing R2 makes it pay
    27 x 3 // 3 = 27 to Val."""
    g = scoring_example()
    town = g.state.townland
    town.buildings["C.s6"].blocks.pop()
    assert public_rewards(g)["Robin"] == [("I1.s1", 2)]
    assert public_rewards(g)["Val"] == []
    del town.buildings["C.s6"]
    g.state.supply.inner_stack.remove("I03")
    town.tiles["I2"] = "I03"
    town.owners["I2"] = MUNICIPALITY
    g.state.supply.tokens["post-office"] += 1
    put(g, "I2.s3", "post-office", "Val", "Val", "Val")  # I03.s3 hangs on R2
    assert public_rewards(g)["Val"] == []
    town.road_tokens.add("R2")
    assert public_rewards(g)["Val"] == [("I2.s3", 27)]


def test_public_building_nobody_desires_pays_nothing() -> None:
    """R-SCORE-03: the Church is desired by no card in the Pile: its builders get nothing."""
    g = scoring_example()
    put(g, "I0.s3", "church", "Val", "Val", "Val")  # I01.s3 on R1: usable
    assert public_rewards(g)["Val"] == [("C.s6", 9)]


def test_two_copies_of_a_public_building_each_pay_in_full() -> None:
    """AMB-SCORE-03 (a) as the engine decides it: with a second Post Office token (a variant),
    each copy's builders share the whole 27 VP: Val (C.s6 alone) 27, Rudi (I1.s3 alone) 27."""
    g = game(EX10_PLAYERS)
    move_in(g, EX10_PILE)
    g.state.supply.tokens["post-office"] += 1
    put(g, "C.s6", "post-office", "Val", "Val", "Val")
    put(g, "I1.s3", "post-office", "Rudi", "Rudi", "Rudi")  # I02.s3 on R1, completed
    rewards = public_rewards(g)
    assert (rewards["Val"], rewards["Rudi"]) == ([("C.s6", 27)], [("I1.s3", 27)])


# --- final scoring: the tally -----------------------------------------------------------------


def test_ex25_final_tally() -> None:
    """EX-25, R-SCORE-01, R-SCORE-02, R-SCORE-05, R-VP-07, R-RESI-09: 40 VP, 57 G, no Public
    reward, 2 residents in the Portfolio: 40 + 57 // 10 - 2 x 10 = 40 + 5 - 20 = 25."""
    g = new_game(2)
    anna = g.state.player("Anna")
    anna.vp, anna.money = 40, 57
    assert len(anna.residents) == 2
    s = by_name(final_scores(g))["Anna"]
    assert (s.track_vp, s.money_vp, s.public_vp, s.unsold, s.total) == (40, 5, 0, 2, 25)


def test_r_score_02_the_ledger_says_one_grinie_and_many_grinies() -> None:
    """R-SCORE-02 in the ledger's words: Anna ends with 1 G ("1 Grinie, 1 VP per 10", worth 0),
    Bruno with 57 G ("57 Grinies", worth 5), as the rulebook writes "1 Grinie per Tree"."""
    g = new_game(2)
    g.state.player("Anna").money, g.state.player("Bruno").money = 1, 57
    record_final_scores(g, final_scores(g))
    said = {(e.player, e.cause, e.amount) for e in g.ledger.entries if e.rule == "R-SCORE-02"}
    assert said == {("Anna", "1 Grinie, 1 VP per 10", 0), ("Bruno", "57 Grinies, 1 VP per 10", 5)}


def test_final_tally_with_public_rewards() -> None:
    """R-SCORE-01, R-SCORE-02, R-SCORE-03, R-SCORE-05: in the scoring example, Robin has 30 VP,
    45 G and sold everyone (30 + 4 + 20 = 54); Bruno 12 VP, 9 G, 1 resident left
    (12 + 0 + 11 - 10 = 13)."""
    g = scoring_example()
    robin, bruno = g.state.player("Robin"), g.state.player("Bruno")
    robin.vp, robin.money, robin.residents = 30, 45, []
    bruno.vp, bruno.money, bruno.residents = 12, 9, ["marek"]
    scores = by_name(final_scores(g))
    assert scores["Robin"].total == 54
    assert scores["Bruno"].total == 13


def test_negative_final_score() -> None:
    """AMB-SCORE-04: totals may be negative: 3 VP, 9 G, 2 residents left: 3 + 0 - 20 = -17."""
    g = new_game(2)
    anna = g.state.player("Anna")
    anna.vp, anna.money = 3, 9
    assert by_name(final_scores(g))["Anna"].total == -17


def test_winner_has_the_most_points() -> None:
    """R-SCORE-06: Anna 30 + 5 - 20 = 15 beats Bruno 10 + 5 - 20 = -5."""
    g = new_game(2)
    g.state.player("Anna").vp = 30
    g.state.player("Bruno").vp = 10
    ranked = final_scores(g)
    assert [(s.player, s.total, s.rank) for s in ranked] == [("Anna", 15, 1), ("Bruno", -5, 2)]


def test_tie_break_unplanted_trees() -> None:
    """R-SCORE-07: both score 20 + 50 // 10 - 20 = 5; Bruno keeps 3 unplanted Trees, Anna 2:
    Bruno wins though Anna has more money left (9 vs 0)."""
    g = new_game(2)
    anna, bruno = g.state.player("Anna"), g.state.player("Bruno")
    anna.vp, anna.money, anna.trees = 20, 59, 2
    bruno.vp, bruno.money, bruno.trees = 20, 50, 3
    ranked = final_scores(g)
    assert [(s.player, s.total, s.rank) for s in ranked] == [("Bruno", 5, 1), ("Anna", 5, 2)]


def test_tie_break_money_left_after_conversion() -> None:
    """R-SCORE-08, AMB-SCORE-01 (a): equal totals and Trees; Anna 14 VP + 18 G -> 14 + 1 = 15,
    Bruno 10 VP + 57 G -> 10 + 5 = 15 (before -20). Money left after the 10:1 conversion:
    Anna 18 % 10 = 8, Bruno 57 % 10 = 7, so Anna wins (comparing all money, Bruno's 57 would)."""
    g = new_game(2)
    anna, bruno = g.state.player("Anna"), g.state.player("Bruno")
    anna.vp, anna.money = 14, 18
    bruno.vp, bruno.money = 10, 57
    ranked = final_scores(g)
    assert [(s.player, s.total, s.money_left, s.rank) for s in ranked] == [
        ("Anna", -5, 8, 1), ("Bruno", -5, 7, 2)]


def test_still_tied_players_share_the_place() -> None:
    """R-SCORE-09: same total (-5), Trees (2) and money left (3): both rank 1; Clara is 3rd."""
    g = new_game(3)
    for name, vp, cash in (("Anna", 14, 13), ("Bruno", 13, 23), ("Clara", 0, 0)):
        g.state.player(name).vp, g.state.player(name).money = vp, cash
    ranked = by_name(final_scores(g))
    assert (ranked["Anna"].rank, ranked["Bruno"].rank, ranked["Clara"].rank) == (1, 1, 3)


def test_plus_fifty_rings_are_only_display() -> None:
    """R-VP-09, R-SCORE-01, AMB-VP-03: converting 5 VP more at 48 VP passes field 49: the
    Scoreboard shows field 3 with a '+50' ring, i.e. 53 VP, all of which count at the end:
    53 + (50 - 5 x 6) // 10 - 20 = 53 + 2 - 20 = 35."""
    g = new_game(2)
    g.state.player("Anna").vp = 48
    play(g, player="Anna", tile="convert", money_to_vp=5, roll=7)
    assert g.state.player("Anna").vp == 53
    assert by_name(final_scores(g))["Anna"].total == 35


# --- Convert (#13) ---------------------------------------------------------------------------


def test_ex13_convert_with_zero_vp() -> None:
    """EX-13, R-VP-06, R-A13-03: 0 VP: +15 G, the Die is not rolled (rate stays 6), no VP,
    no time (the token stays on #13, position 20)."""
    g = new_game(2)
    play(g, player="Anna", tile="convert")
    anna = g.state.player("Anna")
    assert (anna.money, anna.vp, anna.position) == (65, 0, 20)
    assert g.state.ring.conversion_rate == 6


def test_zero_vp_cannot_roll_or_buy_vp() -> None:
    """R-VP-06, AMB-VP-01 (a): with 0 VP the 15 G are forced: buying VPs or rolling is illegal."""
    g = new_game(2)
    e = illegal(g, "R-VP-06", player="Anna", tile="convert", money_to_vp=1, roll=5)
    assert "0 VPs" in e.message and "15 Grinies" in e.message
    e = illegal(g, "R-VP-06", player="Anna", tile="convert", roll=5)
    assert "not rolled" in e.message


def test_ex16_convert_vp_to_money_rolling_after() -> None:
    """EX-16, R-VP-02, R-VP-03 (after), R-A13-01, R-A13-02, R-A13-04: rate 7, 3 VP -> 21 G at the
    old rate; the roll (5) is the next rate. 7 VP, 50 G -> 4 VP, 71 G; no time shift."""
    g = new_game(2)
    g.state.ring.conversion_rate = 7
    g.state.player("Anna").vp = 7
    play(g, player="Anna", tile="convert", vp_to_money=3, roll=5)
    anna = g.state.player("Anna")
    assert (anna.vp, anna.money, anna.position) == (4, 71, 20)
    assert g.state.ring.conversion_rate == 5


def test_convert_rolling_before_uses_the_new_rate() -> None:
    """R-VP-03 (before), R-A13-02: rate 6, roll 8 first, 2 VP -> 2 x 8 = 16 G (not 12)."""
    g = new_game(2)
    g.state.player("Anna").vp = 2
    play(g, player="Anna", tile="convert", vp_to_money=2, roll=8, roll_first=True)
    anna = g.state.player("Anna")
    assert (anna.vp, anna.money) == (0, 66)
    assert g.state.ring.conversion_rate == 8


def test_ex16_money_to_vp_and_the_shared_die() -> None:
    """EX-16, R-VP-02, R-VP-04, R-A13-03: Anna rolls 5 after converting 1 VP at rate 6 (+6 G);
    the Die stays on the table: Bruno, rolling after, buys 2 VP at Anna's 5: -10 G, +2 VP."""
    g = new_game(2)
    g.state.player("Anna").vp = 1
    g.state.player("Bruno").vp = 1
    play(g, player="Anna", tile="convert", vp_to_money=1, roll=5)
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (0, 56)
    play(g, player="Bruno", tile="convert", money_to_vp=2, roll=8)
    assert (g.state.player("Bruno").vp, g.state.player("Bruno").money) == (3, 40)
    assert g.state.ring.conversion_rate == 8


def test_convert_at_most_five() -> None:
    """EX-16, R-VP-02: converting 6 VP in one action is illegal; the message names 5 and 6."""
    g = new_game(2)
    g.state.player("Anna").vp = 10
    e = illegal(g, "R-VP-02", player="Anna", tile="convert", vp_to_money=6, roll=5)
    assert "1 to 5" in e.message and "6" in e.message
    e = illegal(g, "R-VP-02", player="Anna", tile="convert", money_to_vp=6, roll=5)
    assert "converts 6" in e.message


def test_convert_at_least_one() -> None:
    """EX-16, R-VP-05: with 3 VP on the track, Convert must exchange at least 1 VP."""
    g = new_game(2)
    g.state.player("Anna").vp = 3
    e = illegal(g, "R-VP-05", player="Anna", tile="convert", roll=5)
    assert "1 to 5" in e.message
    e = illegal(g, "R-VP-05", player="Anna", tile="convert", vp_to_money=0, roll=5)
    assert "the log converts 0" in e.message and e.path[-1] == "vp_to_money"


def test_convert_more_vp_than_held() -> None:
    """R-VP-02, R-VP-10: 3 VP cannot be converted as 4."""
    g = new_game(2)
    g.state.player("Anna").vp = 3
    e = illegal(g, "R-VP-02", player="Anna", tile="convert", vp_to_money=4, roll=5)
    assert "converts 4 VPs but has 3" in e.message


def test_convert_money_short() -> None:
    """R-VP-02, R-A13-03: 2 VP at rate 8 (rolled first) cost 16 G; Anna holds 10."""
    g = new_game(2)
    g.state.player("Anna").vp = 1
    g.state.player("Anna").money = 10
    e = illegal(g, "R-VP-02", player="Anna", tile="convert", money_to_vp=2, roll=8,
                roll_first=True)
    assert "16 Grinies" in e.message and "holds 10" in e.message


@pytest.mark.parametrize("rate", [4, 9])
def test_conversion_rate_is_five_to_eight(rate: int) -> None:
    """R-VP-01, EX-14, AMB-VP-04: the log records the rate itself; 4 and 9 are no D4 face."""
    g = new_game(2)
    g.state.player("Anna").vp = 1
    e = illegal(g, "R-VP-01", player="Anna", tile="convert", vp_to_money=1, roll=rate)
    assert str(rate) in e.message


def test_ex24_twenty_vp_brings_the_fourth_worker_once() -> None:
    """EX-24, R-VP-08, AMB-VP-02: 18 -> 21 VP (3 bought at rate 6 = 18 G) gives the 4th Worker;
    falling to 16 and climbing back over 20 gives none more."""
    g = new_game(2)
    anna = g.state.player("Anna")
    anna.vp = 18
    play(g, player="Anna", tile="convert", money_to_vp=3, roll=6)
    assert (anna.vp, anna.money, anna.workers, anna.fourth_worker) == (21, 32, 4, True)
    anna.vp = 16
    g.gain_vp(anna, 5, "back over 20", "R-VP-08")
    assert (anna.vp, anna.workers) == (21, 4)
    assert [e.amount for e in g.ledger.for_player("Anna") if e.what == "workers"] == [1]


def test_vp_never_below_zero() -> None:
    """R-VP-10, R-TAR-11: Anna with 1 VP declines Convert: the 2 VP penalty takes the 1 VP she
    has (not -1), and with it all her money and cubes."""
    g = new_game(2)
    give(g, "Anna", wood=2)
    g.state.player("Anna").vp = 1
    play(g, player="Anna", tile="convert", declined=True)
    anna = g.state.player("Anna")
    assert (anna.vp, anna.money, anna.total_cubes()) == (0, 0, 0)


def test_penalty_with_enough_vp() -> None:
    """R-VP-10, R-TAR-10: with 3 VP the declined action costs exactly 2 VP; money stays."""
    g = new_game(2)
    g.state.player("Anna").vp = 3
    play(g, player="Anna", tile="convert", declined=True)
    assert (g.state.player("Anna").vp, g.state.player("Anna").money) == (1, 50)
