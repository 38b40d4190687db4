"""Issue 30, items 6 and 8: an answers file that ends in the middle of a turn is an error that
keeps the whole turns; claims of the score track and of money on one line, names in any case;
`restart` begins the turn again, `undo` takes the last whole turn back (a terminal asks
first: tests/test_record_terminal.py); a recording taken up again says which turn was last.

The game is dealt from seed 7 for 3 players (Anna, Bruno, Clara, 70 G each; ring position 1
is Buy Resources #01, 4 Convert #13, 5 Subsidy #17). Subsidy with the 3 unemployed Workers of
the start gives 3 x 4 = 12 G (R-A17-01): Anna 70 -> 82 G."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from test_record import SAMPLES, answers_file, dealt, invoke
from test_record_hostile import turns_of

from grinivil_cli.recorder.console import Script, Stop, record
from grinivil_cli.recorder.session import Recording
from grinivil_cli.table.loading import load_game


def test_answers_that_end_in_the_middle_of_a_turn_are_an_error(tmp_path: Path) -> None:
    """Turns 1 and 2 whole; turn 3 (Clara, Buy Resources) has its tile and no cubes: exit 2,
    the file named, the two whole turns kept and turn 3 not recorded."""
    log = dealt(tmp_path)
    path = answers_file(tmp_path, "@5", "#13", "1")
    result = invoke("record", str(log), "--answers", str(path))
    assert result.exit_code == 2, result.output
    assert (f"{path}: the answers end in the middle of turn 3 (1 of its answers given): turn 3 "
            "is not recorded") in result.output
    assert [t["tile"] for t in turns_of(log)] == ["subsidy", "convert"]


def test_answers_that_end_between_turns_are_not(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "@5", "#13")))
    assert result.exit_code == 0, result.output
    assert "2 whole turns recorded; run the same command to go on" in result.output


def test_score_and_money_claimed_on_one_line_in_any_case(tmp_path: Path) -> None:
    """After turn 1 (Anna, Subsidy): Anna 0 VP and 82 G, Bruno 0 VP and 70 G, as the table
    says them on one line with the names typed in lower and upper case: recorded as turn 1's
    claims, by the players' own names."""
    log = dealt(tmp_path)
    path = answers_file(tmp_path, "@5", "score anna 0 BRUNO 0 money Anna 82 bruno 70")
    result = invoke("record", str(log), "--answers", str(path))
    assert result.exit_code == 0, result.output
    assert "Anna 0 VP, Bruno 0 VP: as the rules give after turn 1" in result.output
    assert "Anna 82 G, Bruno 70 G: as the rules give after turn 1" in result.output
    assert turns_of(log)[0]["claims"] == {"Anna": {"vp": 0, "money": 82},
                                          "Bruno": {"vp": 0, "money": 70}}


def test_a_claim_line_that_is_not_names_and_numbers_is_refused(tmp_path: Path) -> None:
    log = dealt(tmp_path)
    path = answers_file(tmp_path, "@5", "score Anna 0 money")
    result = invoke("record", str(log), "--answers", str(path))
    assert result.exit_code == 2, result.output
    assert "after score or money, a name and a number each" in result.output
    assert "claims" not in turns_of(log)[0]


def test_restart_begins_the_turn_again(tmp_path: Path) -> None:
    """Buy Resources chosen (its cubes asked next), then `restart`: the turn is asked from its
    tile again, and Subsidy is recorded instead."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "1", "restart", "@5")))
    assert result.exit_code == 0, result.output
    assert "turn 1 begins again" in result.output
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]


def test_undo_in_an_answers_file_and_the_last_turn_shown_on_resuming(tmp_path: Path) -> None:
    """A file says what it means: `undo` takes turn 1 back without a question; Convert is then
    turn 1. Run again, the recorder names the last turn recorded, with what it changed
    (Convert with 0 VPs gives 15 G: R-VP-06)."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "@5", "undo", "conv")))
    assert result.exit_code == 0, result.output
    assert "turn 1 taken back; Anna is on turn (turn 1)" in result.output
    assert turns_of(log) == [{"player": "Anna", "tile": "convert"}]
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path)))
    assert result.exit_code == 0, result.output
    assert ("the last turn recorded: turn 1: Anna, Convert: Anna: Convert with 0 VPs +15 G "
            "(R-VP-06).") in result.output


def test_the_setup_corrected_with_back_and_its_market_given_as_cubes(tmp_path: Path) -> None:
    """R-SETUP-11, R-GEN-01: the 2-player sample's setup dealt at the table again: `?` at the
    first name lists the question (it is not a name), a wrong second name is taken back with
    `back` and answered again, and the Market's cubes are given at once by their initials
    (the sample's 12: its concrete, wood and steel counts as c, w and s); the setup written
    is the sample's."""
    import yaml
    from test_record import SAMPLES, setup_answers

    sample = SAMPLES / "game-2p.yaml"
    log_data = yaml.safe_load(sample.read_text(encoding="utf-8"))
    said = setup_answers(sample)
    n = len(log_data["players"])
    market_at = 1 + 2 * n + 1 + 2 + len(log_data["setup"]["municipal_tokens"])
    market = log_data["setup"]["market"]
    cubes = "".join(r[0] * market.get(r, 0) for r in ("concrete", "wood", "steel"))
    assert len(cubes) == 12 and said[market_at:market_at + 3] == [
        str(market.get(r, 0)) for r in ("concrete", "wood", "steel")]
    lines = [said[0], "?", said[1], said[2] + "x", "back", said[2], *said[3:market_at],
             cubes, *said[market_at + 3:]]
    log = tmp_path / "club.yaml"
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, *lines)))
    assert result.exit_code == 0, result.output[-2000:]
    assert "player 1 in seating order" in result.output  # what `?` says
    written = yaml.safe_load(log.read_text(encoding="utf-8"))
    assert written["players"] == log_data["players"]
    assert written["setup"] == log_data["setup"]


def test_a_market_of_the_wrong_size_is_refused_with_its_rule(tmp_path: Path) -> None:
    """R-SETUP-11: 2 players draw 12 cubes for the Market; 11 initials are refused (exit 1
    from a file), nothing written."""
    answers_list = ["2", "Anna", "Bruno", "", "", "", "I01", "I04", "sports-facility",
                    "shopping-center", "ccccwwwwsss"]
    log = tmp_path / "club.yaml"
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, *answers_list)))
    assert result.exit_code == 1, result.output
    assert "R-SETUP-11: the Market takes 12 cubes with 2 players" in result.output
    assert "'ccccwwwwsss' is 11" in result.output
    assert not log.exists()


def test_a_whole_turn_on_one_line(tmp_path: Path) -> None:
    """R-A01-02, R-A01-03: '1 cw' is Buy Resources (#01 at position 1) and its cubes, a
    concrete and a wood (5 + 8 = 13 G: Anna 70 -> 57 G), each word the answer of the next
    question the turn asks; then Bruno's '@5' alone."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "1 cw", "@5")))
    assert result.exit_code == 0, result.output
    assert "concrete bought (cubes concrete) 0 to 7> cw" in result.output  # how it was read
    assert turns_of(log) == [
        {"player": "Anna", "tile": "buy-resources", "cubes": {"concrete": 1, "wood": 1}},
        {"player": "Bruno", "tile": "subsidy"}]


def test_words_left_over_on_a_one_line_turn_record_nothing(tmp_path: Path) -> None:
    """Subsidy asks nothing after its tile: the '7' of '@5 7' answers no question, so the
    turn is not recorded (exit 2 from a file)."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "@5 7")))
    assert result.exit_code == 2, result.output
    assert "turn 1: '7' given, but the turn has no such decision left" in result.output
    assert turns_of(log) == []


def test_a_tile_named_in_several_words_is_one_answer(tmp_path: Path) -> None:
    """R-A12-01: 'sell the house' names Sell the House as a whole (not 'sell' and two more
    answers): the rules refuse it at the first turn."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "sell the house")))
    assert result.exit_code == 1, result.output
    assert "sell-house: R-A12-01" in result.output


def finished_sample(tmp_path: Path) -> tuple[Path, list[str], dict[str, object]]:
    """The 2-player sample's setup with no turn, its answers (one a question), and the sample
    as read (its final scores and winner after the turns)."""
    import yaml
    from test_record import SAMPLES

    from grinivil_cli.recorder.transcript import header_text, transcript

    sample = SAMPLES / "game-2p.yaml"
    game = load_game(sample)
    r = game.replay
    assert r.game is not None
    said = [a for t in transcript(r.game, r, game.loaded.data["turns"]) for a in t.answers]
    log = tmp_path / "again.yaml"
    log.write_text(header_text(sample.read_text(encoding="utf-8")))
    return log, said, yaml.safe_load(sample.read_text(encoding="utf-8"))


def test_the_final_scores_recorded_as_claims_once_the_game_is_over(tmp_path: Path) -> None:
    """R-END-07, R-SCORE-*: the sample's last turn ends the game; its final scores as the
    table counted them (the sample's own `final_scores`), typed with the names in lower case,
    are checked against the rules and written after the turns with the winner (the highest
    claimed score)."""
    log, said, data = finished_sample(tmp_path)
    scores = data["final_scores"]
    line = "score " + " ".join(f"{n.lower()} {v}" for n, v in scores.items())
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, *said, line)))
    assert result.exit_code == 0, result.output[-2000:]
    assert "recorded as the final claims" in result.output
    written = load_game(log).loaded.data
    assert written["final_scores"] == scores and written["winner"] == data["winner"]


def test_a_wrong_final_score_is_refused_and_the_last_turn_taken_back(tmp_path: Path) -> None:
    """A final score one more than the rules give is refused (exit 1 from a file); run again,
    `undo` at the end takes the last turn back and its answers record it again."""
    log, said, data = finished_sample(tmp_path)
    scores = dict(data["final_scores"])
    first = next(iter(scores))
    scores[first] += 1
    line = "score " + " ".join(f"{n} {v}" for n, v in scores.items())
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, *said, line)))
    assert result.exit_code == 1, result.output[-2000:]
    assert f"{first} scores {scores[first] - 1} by the rules; the claim says {scores[first]}" \
        in result.output
    assert "final_scores" not in load_game(log).loaded.data
    turns = load_game(log).loaded.data["turns"]
    last = turns[-1]
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "undo")))
    assert result.exit_code == 0, result.output[-2000:]  # the answers end between turns
    assert load_game(log).loaded.data["turns"] == turns[:-1]
    assert last["player"] in result.output


class AtATable(Script):
    """Answers from a list, refusals said and the question asked again, as at a terminal."""

    def __init__(self, path: Path) -> None:
        self.said: list[str] = []
        super().__init__(path, self.said.append)

    def refuse(self, message: str, code: int) -> None:
        self.said.append(f"  {message}")


def test_r_tbuy_02_time_refused_beside_an_answer_is_asked_not_dropped(tmp_path: Path) -> None:
    """R-TBUY-02: Subsidy's 2 Time Units are mandatory, so `subsidy buy_time=9` cannot buy
    time. At a terminal the refusal is said and the time bought is asked (not taken at its
    default of 0 in silence, which would record a turn the table did not say); from a file it
    stops at that line (exit 1)."""
    log = dealt(tmp_path)
    path = answers_file(tmp_path, "subsidy buy_time=9", "0")
    console = AtATable(path)
    rec = Recording.open(log)
    try:
        with pytest.raises(Stop):  # the answers end at turn 2's first question
            record(rec, console, lambda r: "")
    finally:
        rec.close()
    refusal = next(i for i, line in enumerate(console.said) if "R-TBUY-02" in line)
    assert console.said[refusal] == "  9: R-TBUY-02: the 2 Time Units of this action are " \
        "mandatory; time cannot be bought. (asked now)"
    assert console.said[refusal + 1].startswith("turn 1, Anna: Time Units bought")
    assert console.said[refusal + 1].endswith("> 0")
    assert turns_of(log) == [{"player": "Anna", "tile": "subsidy"}]
    log.unlink()
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers",
                    str(answers_file(tmp_path, "subsidy buy_time=9", "0")))
    assert result.exit_code == 1, result.output
    assert "answers.txt:1: 9: R-TBUY-02" in result.output
    assert turns_of(log) == []


def test_a_question_with_more_options_than_its_prompt_lists_them_before_it(
        tmp_path: Path) -> None:
    """Issue 30, item 8: a question of more than 12 options listed them only behind `?`. At
    turn 39 of the 2-player sample Anna builds a Floor at I6.s1, one of 18 Building Sites the
    rules leave her (R-A03-01): the 18 are listed on a line before the question, wrapped to the
    terminal; the 4 cubes drawn to refill the Market (`cccs`, R-RND-05) are not listed (there
    are 15 draws of 4 cubes: they are named by initials)."""
    data = yaml.safe_load((SAMPLES / "game-2p.yaml").read_text())
    assert data["turns"][38] == {"player": "Anna", "tile": "build-floor", "refills": [
        ["concrete", "concrete", "concrete", "steel"]], "site": "I6.s1"}
    data["turns"] = data["turns"][:38]
    del data["final_scores"], data["winner"]
    log = tmp_path / "game.yaml"
    log.write_text(yaml.safe_dump(data, sort_keys=False))
    console = AtATable(answers_file(tmp_path, "build-floor", "cccs", "I6.s1"))
    console.shows_tiles = True
    console.width = 60
    rec = Recording.open(log)
    try:
        with pytest.raises(Stop):
            record(rec, console, lambda r: "")
    finally:
        rec.close()
    site = next(i for i, line in enumerate(console.said) if "(site)" in line)
    assert console.said[site].endswith("(site)> I6.s1") and "{" not in console.said[site]
    listed = console.said[site - 1]
    assert listed.startswith("  options: ")
    assert all(len(line) <= 60 for line in listed.split("\n"))
    ids = " ".join(listed.split()).removeprefix("options: ").split(", ")
    assert len(ids) == 18 and "I6.s1" in ids and all(".s" in i for i in ids)
    assert not any(line.lstrip().startswith("options: concrete") for line in console.said)
    assert len(turns_of(log)) == 39
