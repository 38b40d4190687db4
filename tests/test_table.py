"""The `Table` (issue 29): a game in progress made decision by decision, the one way a front end
makes a turn. A whole sample game is played again through `Table.answer` alone, from its setup,
and gives the sample's own text back, byte for byte: every recorded value is among the options
the table offers, in the order it asks for them, and the log it writes is the log the simulator
wrote. A refused answer names its rule and leaves the table as it was; `back` and `undo` take
answers and turns back."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from grinivil_cli.choose import (
    END,
    MISSING,
    OMIT,
    Decision,
    in_offered_form,
    matches,
    recorded_value,
)
from grinivil_cli.errors import IllegalMove
from grinivil_cli.recorder.transcript import header_text
from grinivil_cli.table import Claims, FinalClaims, Table, answers

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def offered(d: Decision, turn: dict[str, Any]) -> Any:
    """The option of `d` the recorded `turn` takes (as `choices.walk` finds it)."""
    value = recorded_value(d, turn)
    if d.kind == "count":
        return value
    return next((o for o in d.options if matches(o, value)), MISSING)


def play_through(table: Table, turns: list[dict[str, Any]]) -> Counter[str]:
    """Every recorded turn answered to the table, decision by decision; the decisions asked,
    by their first key ("outcome" for the draws)."""
    asked: Counter[str] = Counter()
    players = [p.name for p in table.game.state.players]
    for number, turn in enumerate(turns, 1):
        recorded = in_offered_form(turn)
        done = None
        while done is None:
            d = table.decision
            assert d is not None, f"turn {number}: the game is over early"
            value = offered(d, recorded)
            assert value is not MISSING, (number, d.path, recorded_value(d, recorded))
            asked[d.path[0] if d.kind != "outcome" else "outcome"] += 1
            if d.kind == "outcome":  # the table draws: nobody decides
                assert table.who is None
            elif d.path[0] in ("bids", "pledges", "excess", "sudden_death", "big_town"):
                assert table.who == d.path[1] in players  # each player for themselves
            else:
                assert table.who == turn["player"]
            done = table.answer(value)
        assert done.number == number
        if "claims" in turn:
            table.answer(Claims(turn["claims"]))
    return asked


@pytest.mark.parametrize("name", ["game-2p.yaml", "variants/promo-tiles-4p.yaml"])
def test_a_sample_played_through_answers_is_the_sample(name: str) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    table = Table.from_text(header_text(text), name)
    assert table.turns == 0 and table.player == data["players"][0]["name"]
    asked = play_through(table, data["turns"])
    assert asked["tile"] == len(data["turns"]) and asked["outcome"] > 0
    assert table.over and table.decision is None
    table.answer(FinalClaims(data["final_scores"], data["winner"]))
    assert table.log() == text
    for late in (lambda: table.answer("subsidy"), lambda: table.push(data["turns"][-1])):
        with pytest.raises(IllegalMove) as e:  # R-END-07: every token on the Starting Tile
            late()
        assert e.value.rule == "R-END-07"
    assert table.log() == text


def fresh() -> Table:
    text = (SAMPLES / "game-2p.yaml").read_text(encoding="utf-8")
    return Table.from_text(header_text(text), "game-2p.yaml")


def test_a_refused_answer_names_its_rule_and_changes_nothing() -> None:
    """The first decision is the tile; a tile not on the ring is R-TAR-02."""
    table = fresh()
    before = (table.log(), table.made, table.decision)
    with pytest.raises(IllegalMove) as e:
        table.answer("no-such-tile")
    assert e.value.rule == "R-TAR-02"
    assert (table.log(), table.made, table.decision) == before


def test_refusal_asks_the_rules_without_answering() -> None:
    """R-A12-01: at the first turn nobody has a House to sell; Buy Resources is taken. After
    the 2-player sample's last turn, R-END-07: no turn is left (as `answer` says)."""
    table = fresh()
    before = (table.log(), table.made, table.decision)
    refused = table.refusal("sell-house")
    assert refused is not None and refused.rule == "R-A12-01"
    assert refused.message == "Anna has no finished, unsold House they built a Floor of."
    assert table.refusal("buy-resources") is None
    assert (table.log(), table.made, table.decision) == before
    over = Table.from_log(SAMPLES / "game-2p.yaml")
    assert over.over
    ended = over.refusal("subsidy")
    assert ended is not None and ended.rule == "R-END-07"
    with pytest.raises(IllegalMove) as e:
        over.answer("subsidy")
    assert (e.value.rule, e.value.message) == (ended.rule, ended.message)


def test_cubes_written_with_their_numbers_are_said_a_letter_a_cube() -> None:
    """`2c 1w` is how a person writes 2 concrete and 1 wood; an answer names cubes a letter a
    cube (`ccw`: a number alone is a count), so it is refused with the cubes written as an
    answer takes them, never read as something else. At Anna's Buy Resources (the 2-player
    sample's first turn: at most 3 concrete) and at the Auction's lot of 5."""
    assert answers.counted_cubes("2c 1w") == "ccw"
    assert answers.counted_cubes("2 concrete, 1 wood") == "ccw"
    assert answers.counted_cubes("1s 2c") == "ccs"  # in the Market's order
    for other in ("ccw", "2", "10 12", "2x", "2c x", "9999c", "0c", "c2", "#5 2c"):
        assert answers.counted_cubes(other) is None, other
    table = fresh()
    table.answer("buy-resources")
    table.answer(OMIT)  # carried out
    cubes = table.decision
    assert cubes is not None and cubes.path == ("cubes", "concrete")
    with pytest.raises(answers.NotAnOption) as e:
        answers.parse(cubes, "2c 1w")
    assert str(e.value) == "'2c 1w': answer how many concrete (0 to 3), or the cubes a letter a " \
        "cube: 'ccw'"
    assert answers.parse(cubes, "2") == 2
    table = fresh()
    table.answer("auction")
    table.answer(OMIT)
    lot = table.decision
    assert lot is not None and lot.path == ("drawn",)
    with pytest.raises(answers.NotAnOption) as e:
        answers.parse(lot, "2c 2w 1s")
    assert str(e.value) == "'2c 2w 1s': the cubes are named a letter a cube, as they came " \
        "out: 'ccwws'"
    assert answers.parse(lot, "ccwws") == ["concrete", "concrete", "wood", "wood", "steel"]
    with pytest.raises(answers.NotAnOption) as e:  # how a draw is answered, not its 21 mixes
        answers.parse(lot, "")
    assert str(e.value) == "an answer is needed: the Auction's 5 random Resources: the 5 " \
        "cubes a letter a cube, as they came out (c concrete, w wood, s steel: 'cccws')"


def test_back_takes_the_last_answer_back_and_undo_the_last_turn() -> None:
    table = fresh()
    start = table.log()
    first = table.decision
    assert first is not None and first.path == ("tile",)
    tile = next(o for o in first.options if o not in (OMIT, END))
    table.answer(tile)
    assert table.made.get("tile") == tile
    table.back()
    assert "tile" not in table.made and table.decision == first
    with pytest.raises(ValueError):
        table.back()
    done = None
    while done is None:
        d = table.decision
        assert d is not None
        done = table.answer(d.options[0] if d.options else d.ranges[0][0])
    assert table.turns == 1 and table.log() != start
    table.undo()
    assert table.turns == 0 and table.log() == start and table.decision == first


def test_a_claim_that_disagrees_is_refused_and_changes_nothing() -> None:
    """Claims come after a turn, and one that disagrees with the rules is refused (CLAIM)."""
    table = fresh()
    with pytest.raises(IllegalMove) as e:
        table.answer(Claims({"Anna": {"money": 1}}))
    assert e.value.rule == "CLAIM" and "none is played yet" in e.value.message
    done = None
    while done is None:
        d = table.decision
        assert d is not None
        done = table.answer(d.options[0] if d.options else d.ranges[0][0])
    text = table.log()
    money = table.game.state.player("Anna").money
    with pytest.raises(IllegalMove) as e:
        table.answer(Claims({"Anna": {"money": money + 1}}))
    assert e.value.rule == "CLAIM" and f"the claim says {money + 1}" in e.value.message
    assert table.log() == text
    table.answer(Claims({"Anna": {"money": money}}))
    assert table.log().endswith(f"  claims:\n    Anna: {{money: {money}}}\n")


@pytest.mark.parametrize("name,after", [("game-3p.yaml", 40), ("variants/promo-tiles-4p.yaml", 45)])
def test_moves_lists_what_the_table_offers(tmp_path: Path, name: str, after: int) -> None:
    """`grinivil moves` looks at any turn of any log (finished, or with an illegal move later),
    which a Table, a game to go on with, does not open; it asks the chooser the Table asks
    (`tile_choices`, `line`). After turn `after` of the sample, the tiles `moves` lists are
    the Table's (eligible or not, with the same rule), and the first decision of each
    eligible tile has the options the Table offers once that tile is answered."""
    from test_moves_cli import moves_json

    from grinivil_cli.reports.moves_report import as_json

    text = (SAMPLES / name).read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    table = Table.from_text(header_text(text), name)
    play_through(table, data["turns"][:after])
    cut = tmp_path / "cut.yaml"
    cut.write_text(table.log(), encoding="utf-8")
    listed = moves_json(cut)
    assert listed["turn"] == after and listed["player"] == table.player
    tiles = table.tiles()
    assert [(t["tile"], t["eligible"], t.get("rule")) for t in listed["tiles"]] == [
        (t.tile, t.eligible, t.why.rule if t.why and not t.eligible else None) for t in tiles]
    eligible = [t.tile for t in tiles if t.eligible]
    assert len(eligible) >= 5
    for tile in eligible:
        first = moves_json(cut, "--tile", tile)["decisions"]
        if table.answer(tile) is not None:  # the tile alone made a whole turn
            assert first == []
            table.undo()
            continue
        d = table.decision
        assert d is not None and first
        assert first[0]["path"] == list(d.path)
        assert first[0].get("options") == ([as_json(o) for o in d.options]
                                           if d.kind != "count" else None)
        assert first[0].get("ranges") == ([list(r) for r in d.ranges]
                                          if d.kind == "count" else None)
        table.back()


def test_r_a05_02_the_secret_bids_are_asked_of_everyone_at_once() -> None:
    """R-A05-02, R-A05-08: at turn 2 of the 4-player sample Bruno calls the Auction; its lot
    drawn (concrete, wood, wood, wood, steel), every player's secret bid is listed at once,
    in seating order from the Initiator: Bruno must bid at least 10 (the Initiator), the
    others nothing or 10 up to what they hold: 70 G each but Anna, who paid 22 G for a
    concrete and two wood at turn 1 (70 - 22 = 48). Given together, Bruno's 10 against three
    empty hands wins the lot: 70 - 10 = 60 G and 1 VP (R-A05-05). A refused bid (Clara's 5)
    takes back those given before it and changes nothing."""
    table = Table.from_log(SAMPLES / "game-4p.yaml")
    while table.turns > 1:
        table.undo()
    paid = [e for e in table.game.ledger.entries if e.turn == 1 and e.rule == "R-A01-03"]
    assert [(e.player, e.amount) for e in paid] == [("Anna", -22)]
    assert table.sealed() == []
    table.answer("auction")
    table.answer(OMIT)  # carried out
    table.answer(["concrete", "wood", "wood", "wood", "steel"])
    sealed = table.sealed()
    assert [(d.path, d.ranges) for d in sealed] == [
        (("bids", "Bruno"), ((10, 70),)), (("bids", "Clara"), ((0, 0), (10, 70))),
        (("bids", "David"), ((0, 0), (10, 70))), (("bids", "Anna"), ((0, 0), (10, 48)))]
    answered = table.answered
    with pytest.raises(IllegalMove) as refused:
        table.answer_sealed({"Bruno": 10, "Clara": 5, "David": 0, "Anna": 0})
    assert refused.value.rule.startswith("R-A05")
    assert table.answered == answered and len(table.sealed()) == 4
    with pytest.raises(ValueError, match="Bruno, Clara, David, Anna are wanted"):
        table.answer_sealed({"Bruno": 10})
    assert table.answer_sealed({"Bruno": 10, "Clara": 0, "David": 0, "Anna": 0}) is None
    assert table.decision is not None and table.decision.path == ("buy_time",)
    assert table.decision.ranges == ((0, 0),)  # R-A05-07: no time to buy after an Auction
    assert table.answer(0) is None
    assert table.decision is not None and table.decision.options == (OMIT,)  # no Repeat
    done = table.answer(OMIT)
    assert done is not None and done.record["bids"] == {"Bruno": 10}
    bruno = table.game.state.player("Bruno")
    assert (bruno.money, bruno.vp) == (60, 1)
