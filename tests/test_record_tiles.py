"""Issue 30, item 2: a tile is answered by the number printed on it (`#05`), by its place on the
ring (`@5`), by a bare number where both name the same tile, or by its name; the recorder says
in words which tile an answer chose, and a bare number that could name two tiles is refused.

The game is dealt from seed 7 for 3 players (Anna, Bruno, Clara). Its ring, position by
position (the setup's `ring` after the four corners #01 at 1, #03 at 6, #02 at 11 and #04 at
16): 1 Buy Resources #01, 2 Sell the House #12, 3 Banker #23, 4 Convert #13, 5 Subsidy #17,
7 New Resident #11, 8 Import #14, 9 Auction #05, 10 Architect #19, 12 Merchant #24,
13 Replanting #16, 14 Buy Trees #09, 15 Sell Resources #06, 17 Buy Warehouse #07, 18 Plant
Trees #10, 19 Engineer #20, 20 Explore Land / Build a Road #08 (#08a, #08b)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_record import answers_file, dealt, invoke
from test_record_hostile import turns_of


def recorded(tmp_path: Path, *lines: str) -> tuple[int, str, list[dict[str, object]]]:
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, *lines)))
    return result.exit_code, result.output, turns_of(log)


@pytest.mark.parametrize("answer,words", [
    ("#05", "Auction (#05, ring position 9)"),
    ("#5", "Auction (#05, ring position 9)"),
    ("@5", "Subsidy (#17, ring position 5)"),
    ("#17", "Subsidy (#17, ring position 5)"),
    ("1", "Buy Resources (#01, ring position 1)"),  # #01 is at position 1
    ("#08a", "Explore Land (#08a, ring position 20)"),
    ("8a", "Explore Land (#08a, ring position 20)"),
    ("subs", "Subsidy (#17, ring position 5)"),
    ("Buy Trees", "Buy Trees (#09, ring position 14)"),
])
def test_a_tile_by_its_printed_number_its_place_or_its_name(tmp_path: Path, answer: str,
                                                            words: str) -> None:
    """Each answer chooses the tile derived above, and the recorder says which in words."""
    code, output, turns = recorded(tmp_path, answer)
    assert f"{answer}\n  = {words}\n" in output, output


def test_the_tile_chosen_is_the_one_recorded(tmp_path: Path) -> None:
    """R-A17-01: Subsidy by its place on the ring, then a comment line and Convert by its
    printed number: both turns recorded with the tiles' keys."""
    code, output, turns = recorded(tmp_path, "@5", "# Bruno next", "#13")
    assert code == 0, output
    assert [t["tile"] for t in turns] == ["subsidy", "convert"]


@pytest.mark.parametrize("answer,said", [
    # the printed #05 is the Auction at 9, position 5 holds Subsidy (#17): which one?
    ("5", "'5' could be Auction (#05, ring position 9) by its printed number, or Subsidy "
          "(#17, ring position 5) by its place on the ring: answer #05 or @5"),
    ("17", "'17' could be Subsidy (#17, ring position 5) by its printed number, or Buy "
           "Warehouse (#07, ring position 17) by its place on the ring: answer #17 or @17"),
    ("#8", "'#8' is Explore Land (#08a, ring position 20) or Build a Road (#08b, ring "
           "position 20): name one (#08a or #08b)"),
    ("#21", "'#21': no tile of this ring is numbered #21"),  # #21 Builder is not on it
    ("@21", "'@21': the ring's positions are 1 to 20"),
    ("99999", "'99999' is not a ring position (@1 to @20) nor a number printed on a tile"),
    ("buy", "'buy' begins 4 tiles: Buy Resources (#01, ring position 1), Buy Resources (with "
            "discount) (#02, ring position 11), Buy Trees (#09, ring position 14), Buy "
            "Warehouse (#07, ring position 17)"),
])
def test_a_number_or_name_that_names_no_single_tile_is_refused(tmp_path: Path, answer: str,
                                                               said: str) -> None:
    """Nothing is chosen for the user: the answer is refused (exit 2, an unreadable answer)
    with the tiles it could mean, and nothing is recorded."""
    code, output, turns = recorded(tmp_path, answer)
    assert code == 2, output
    assert said in output, output
    assert turns == []


def test_a_tile_named_that_the_rules_refuse_is_refused_by_its_rule(tmp_path: Path) -> None:
    """R-A12-01: 'sell the' begins the name of Sell the House (#12), which nobody can choose
    at the first turn (no House built): the rules say why (exit 1)."""
    code, output, turns = recorded(tmp_path, "sell the")
    assert code == 1, output
    assert "sell-house: R-A12-01: Anna has no finished, unsold House" in output
    assert turns == []
