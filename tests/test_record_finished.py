"""A finished log reopened (issue 30): its final claims (`final_scores`, `winner`) may follow
its turns; `record` opens it at the game's end, where `undo` takes the final claims back with
the last turn, and the game goes on being recorded. Final claims before the game is over are
refused (R-END-07: the game ends when every token is on the Starting Tile)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from grinivil_cli.cli import app
from grinivil_cli.table import NotPlayable, Table
from grinivil_cli.table.loading import load_game

SAMPLE = Path(__file__).parent.parent / "samples" / "game-2p.yaml"


def invoke(*args: str) -> Any:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


def finished(tmp_path: Path) -> Path:
    """The 2-player sample: 114 turns, then `final_scores: {Anna: 76, Bruno: 70}` and
    `winner: Anna` (the sample's own final claims, which validate accepts)."""
    log = tmp_path / "game.yaml"
    shutil.copyfile(SAMPLE, log)
    data = yaml.safe_load(log.read_text())
    assert (len(data["turns"]), data["final_scores"], data["winner"]) == \
        (114, {"Anna": 76, "Bruno": 70}, "Anna")
    return log


def answers(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "answers.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return str(path)


def test_a_finished_log_opens_at_its_end_and_is_left_as_it_was(tmp_path: Path) -> None:
    log = finished(tmp_path)
    before = log.read_bytes()
    result = invoke("record", str(log), "--answers", answers(tmp_path))
    assert result.exit_code == 0, result.output
    assert "114 turns recorded; the game is over." in result.output
    assert "is on turn" not in result.output
    assert "Final scores: Anna 76, Bruno 70 (recorded as the log's final claims)" in \
        result.output
    assert log.read_bytes() == before


def test_undo_takes_the_final_claims_back_with_the_last_turn(tmp_path: Path) -> None:
    log = finished(tmp_path)
    result = invoke("record", str(log), "--answers", answers(tmp_path, "undo"))
    assert result.exit_code == 0, result.output
    assert "turn 114 taken back; Bruno is on turn (turn 114)." in result.output
    data = yaml.safe_load(log.read_text())
    assert len(data["turns"]) == 113
    assert "final_scores" not in data and "winner" not in data
    assert list(data)[-1] == "turns"
    game = load_game(log)
    assert game.replay.error is None and not game.replay.finished
    # the same turn recorded again ends the game again; its final scores can be claimed anew
    last = yaml.safe_load(SAMPLE.read_text())["turns"][-1]
    assert last == {"player": "Bruno", "tile": "sell-house"}
    result = invoke("record", str(log), "--answers",
                    answers(tmp_path, "sell the house", "score anna 76 bruno 70"))
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(log.read_text()) == yaml.safe_load(SAMPLE.read_text())


def test_the_final_scores_are_claimed_once(tmp_path: Path) -> None:
    log = finished(tmp_path)
    before = log.read_bytes()
    result = invoke("record", str(log), "--answers", answers(tmp_path, "score Anna 76 Bruno 70"))
    assert result.exit_code == 2
    assert "answers.txt:1: the final scores are recorded already; undo takes them back with " \
        "the last turn" in result.output
    assert log.read_bytes() == before


def test_final_claims_before_the_game_is_over_are_refused(tmp_path: Path) -> None:
    log = finished(tmp_path)
    text = log.read_text()
    cut = text.rindex("- {player: Bruno, tile: sell-house}\n")
    log.write_text(text[:cut] + text[cut:].split("\n", 1)[1])  # the last turn out
    result = invoke("record", str(log), "--answers", answers(tmp_path))
    assert result.exit_code == 1
    assert "the log's final claims (final_scores, winner) follow turn 113, but the game is " \
        "not over" in result.output


def test_the_table_of_a_finished_log() -> None:
    table = Table.from_log(SAMPLE)
    assert (table.turns, table.over, table.ended) == (114, True, True)
    table.undo()
    assert (table.turns, table.over, table.ended) == (113, False, False)
    assert table.player == "Bruno"
    with pytest.raises(NotPlayable, match="but the game is not over"):
        Table.from_text(SAMPLE.read_text().replace(
            "- {player: Bruno, tile: sell-house}\n", ""))
