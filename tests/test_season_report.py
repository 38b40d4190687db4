"""`grinivil report LOGS... -o report.html`: one page for a tournament or a season. The numbers
asserted here come from the sample logs by other routes (`grinivil audit`, the logs' own
comments, the sums below), not from the report's output."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli.season.report import standings

from clikit import words

TOP = Path(__file__).parent.parent
SAMPLES = TOP / "samples"
GAME_4P = "samples/game-4p.yaml"
GAME_2P = "samples/game-2p.yaml"
CLAIMS = "samples/claims/missed-participation-fee.yaml"
ILLEGAL = "samples/illegal/r-a05-02-initiator-bid-nine.yaml"


def run(*args: str, cwd: Path = TOP) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "report", *args],
                            capture_output=True, text=True, cwd=cwd, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def report_json(*args: str) -> tuple[dict[str, Any], int]:
    result = run(*args, "--format", "json")
    return json.loads(result.stdout), result.returncode


@pytest.fixture(scope="module")
def season() -> tuple[dict[str, Any], int]:
    """The 4-player and 2-player samples and the claims sample, in that order."""
    return report_json(GAME_4P, GAME_2P, CLAIMS)


def test_the_4p_sample_has_the_audited_final_scores(season: tuple[dict[str, Any], int]) -> None:
    """`grinivil audit samples/game-4p.yaml` and the log's own `final_scores` give Bruno 68,
    Clara 58, Anna 57, David 50 (the planner's game, seed 1; 132 turns). The last claims (after
    turn 130, Bruno's final Sell the House with nothing to sell) and the log's sites give two
    of them by hand; turns 131-132 (Clara builds on her own parcel I4, David finishes) change
    neither, and the game ends before a finished player's turn is skipped (which pays 5 G):
    Bruno 52 on the Scoreboard + 1 for money (12 Grinies, 1 VP per full 10) + 15 Public (his
    Post Office at O1.s3, all 3 of its floors his: Hana 3 + Olga 12 in the Pile, shared by
    blocks, 15 x 3/3) - 0 (he sold Cyril and Zdenek, whom he took for Ursula) = 68; Anna
    40 + 2 (26 Grinies) + 15 Public (the Retirement Facility at C.s5 and the Church at I7.s4,
    each an orange block and 2 floors of hers: Jana's 5 x 2/3 = 3 rounded down, Cyril 10 +
    Jana 8 = 18 x 2/3 = 12; the Municipality's thirds are lost) - 0 (she sold Viktor and
    Jana, whom she took for Xenia) = 57."""
    payload, _ = season
    game = payload["games"][0]
    assert game["file"] == GAME_4P and game["status"] == "legal" and game["result"] == "legal"
    assert [(s["player"], s["total"]) for s in game["scores"]] == [
        ("Bruno", 68), ("Clara", 58), ("Anna", 57), ("David", 50)]
    bruno, anna = game["scores"][0], game["scores"][2]
    assert (bruno["scoreboard"], bruno["money"], bruno["public"], bruno["unsold_residents"]) == (
        52, 1, 15, 0)
    assert (anna["scoreboard"], anna["money"], anna["public"], anna["unsold_residents"]) == (
        40, 2, 15, 0)
    assert game["winners"] == ["Bruno"] and not game["decided_by_tie_break"]
    assert game["turns"] == 132
    page = run(GAME_4P).stdout
    assert "Bruno 68, Clara 58, Anna 57, David 50" in page
    assert '<a href="#game-1">samples/game-4p.yaml</a>' in page and 'id="game-1"' in page


def test_standings_over_three_samples_computed_by_hand(
        season: tuple[dict[str, Any], int]) -> None:
    """Final scores by `grinivil audit` (each the log's own `final_scores`): game-4p Bruno 68,
    Clara 58, Anna 57, David 50; game-2p Anna 76, Bruno 70. The claims sample is the earlier,
    pre-planner game-3p (its own `setup.money: 50`, not regenerated with the samples) with
    one wrong claim, so its scores are its own: Clara 23, Anna 23 (Clara wins the tie on
    unplanted Trees, 8 to 3), Bruno 14. Wins: Anna 1 (game-2p), Bruno 1 (game-4p), Clara 1
    (the claims sample), David 0. Averages: Anna (57+76+23)/3 = 156/3 = 52.0; Bruno
    (68+70+14)/3 = 152/3 = 50.67 -> 50.7; Clara (58+23)/2 = 40.5; David 50/1 = 50.0. Best:
    Anna 76, Bruno 70, Clara 58, David 50. Sorted by wins, then average: Anna, Bruno, Clara
    (one win each), then David (no win, though his average is above Clara's)."""
    payload, code = season
    rows = [(r["player"], r["played"], r["scored"], r["wins"], r["average"], r["best"])
            for r in payload["standings"]]
    assert rows == [("Anna", 3, 3, 1, 52.0, 76), ("Bruno", 3, 3, 1, 50.7, 70),
                    ("Clara", 2, 2, 1, 40.5, 58), ("David", 1, 1, 0, 50.0, 50)]
    assert code == 1  # the claims sample's finding
    markdown = run(GAME_4P, GAME_2P, CLAIMS, "--format", "markdown").stdout
    assert "| Anna | 3 | 3 | 1 | 52.0 | 76 |" in markdown
    assert "| Bruno | 3 | 3 | 1 | 50.7 | 70 |" in markdown


def test_the_claims_sample_is_listed_with_its_claim_finding_and_exit_1(
        season: tuple[dict[str, Any], int]) -> None:
    """The sample's header: after turn 160 the table claims Anna has 10 Grinies, the rules
    give 2 (the 8 Grinies Participation Fee is missed); `Anna: {money: 10` is on line 714,
    the 10 at column 19. The claim does not stop the replay: the game is scored, and the
    tie on 23 VPs is broken by Trees (R-SCORE-07)."""
    payload, code = season
    game = payload["games"][2]
    assert code == 1 and game["exit"] == 1
    assert game["status"] == "claims" and game["result"] == "1 claim finding"
    assert [(f["where"], f["rule"], f["turn"], f["player"]) for f in game["findings"]] == [
        (f"{CLAIMS}:714:19", "CLAIM", 160, "Anna")]
    assert "rules; the log claims 10" in game["findings"][0]["message"]
    assert [f["game"] for f in payload["findings"]] == [3]
    assert game["winners"] == ["Clara"] and game["decided_by_tie_break"]
    assert "R-SCORE-07" in game["tie_break"]
    page = run(CLAIMS).stdout
    assert f"{CLAIMS}:714:19" in page and "1 claim finding" in page


def test_an_illegal_sample_is_listed_with_its_rule() -> None:
    """The log's 5th turn is Anna's auction with a bid of 9 (its comment: the Minimum Bid
    is 10, R-A05-02); the replay stops there, so there is no final scoring and the players
    count as played, not scored."""
    payload, code = report_json(ILLEGAL)
    game = payload["games"][0]
    assert code == 1
    assert game["status"] == "illegal" and game["result"] == "illegal at turn 5 (R-A05-02)"
    assert game["scores"] == [] and game["winners"] == []
    assert [(f["rule"], f["turn"], f["where"]) for f in game["findings"]] == [
        ("R-A05-02", 5, f"{ILLEGAL}:33:18")]
    assert [(r["player"], r["played"], r["scored"], r["average"]) for r in payload["standings"]
            ] == [("Anna", 1, 0, None), ("Bruno", 1, 0, None)]


def test_an_unreadable_log_is_a_row_with_its_problem_and_exit_2(tmp_path: Path) -> None:
    """A broken YAML file: the report is still written, with the legal game and the broken
    one (its problem at line 1), and the command exits 2, the worst of the two. game-2p's
    final scores (`grinivil audit`, the log's `final_scores`): Anna 76, Bruno 70."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("players: [Anna\n", encoding="utf-8")  # unclosed: 1:15
    out = tmp_path / "report.html"
    result = run(GAME_2P, str(broken), "-o", str(out))
    assert result.returncode == 2
    assert f"{broken}:" in result.stderr and "unreadable" in result.stderr
    page = out.read_text(encoding="utf-8")
    assert "unreadable (1 problem)" in page and "Anna 76, Bruno 70" in page
    assert "report of 2 games: 1 legal, 1 unreadable written to" in words(result.stdout)
    payload, code = report_json(GAME_2P, str(broken))
    assert code == 2
    assert payload["games"][1]["findings"][0]["rule"] == "unreadable"
    assert payload["games"][1]["findings"][0]["line"] == 1
    assert [r["player"] for r in payload["standings"]] == ["Anna", "Bruno"]


def test_a_missing_file_gives_a_clear_message_and_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    result = run(str(missing), "-o", str(tmp_path / "r.html"))
    assert result.returncode == 2
    assert f"'{missing}': no such file" in result.stderr


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "A|B `x` <b>",
                                  "[x](http://e.example) *b* &amp;"])
def test_a_hostile_player_name_is_escaped_in_html_and_markdown(tmp_path: Path,
                                                              name: str) -> None:
    """The 2-player sample with Anna renamed: the name is shown as written, never markup,
    and in Markdown it keeps its cell (every row of the games table has 6 cells)."""
    text = (SAMPLES / "game-2p.yaml").read_text(encoding="utf-8")
    log = tmp_path / "hostile.yaml"
    log.write_text(text.replace("Anna", json.dumps(name)), encoding="utf-8")  # YAML-quoted
    payload, code = report_json(str(log))
    assert code == 0, payload
    assert payload["games"][0]["players"][0] == name
    page = run(str(log)).stdout
    assert "<script>alert" not in page and "<b>" not in page
    assert html.escape(name) in page
    markdown = run(str(log), "--format", "markdown").stdout
    games = markdown.split("## Games\n\n")[1].split("\n\n")[0].splitlines()
    for row in games:
        assert len(re.findall(r"(?<!\\)\|", row)) == 7, row  # 6 cells
    assert "<script>" not in markdown and "<b>" not in markdown and "[x](http" not in markdown


def test_the_same_logs_give_byte_identical_reports(tmp_path: Path) -> None:
    """Twice, and with one process or two: the same bytes, in every format."""
    logs = [GAME_4P, GAME_2P, CLAIMS, ILLEGAL]
    for fmt in ("html", "markdown", "json"):
        first, second = tmp_path / f"a.{fmt}", tmp_path / f"b.{fmt}"
        run(*logs, "--format", fmt, "-o", str(first))
        run(*logs, "--format", fmt, "-o", str(second), "--jobs", "2")
        assert first.read_bytes() == second.read_bytes(), fmt


def test_output_into_a_missing_folder_fails_cleanly(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "report.html"
    result = run(GAME_2P, "-o", str(target))
    assert result.returncode == 2
    assert "does not exist" in result.stderr
    assert not target.parent.exists() and list(tmp_path.iterdir()) == []


def test_a_wrong_format_is_a_usage_error() -> None:
    result = run(GAME_2P, "--format", "pdf")
    assert result.returncode == 2 and "html, markdown or json" in result.stderr


def test_every_sample_is_a_row_with_validates_status() -> None:
    """Over the whole samples folder: one row per log (as `validate` lists them), each with
    the status `validate` gives (`claims` when every finding is a claim)."""
    payload, code = report_json("samples")
    logs = sorted(p for p in SAMPLES.rglob("*") if p.suffix == ".yaml")
    assert [g["file"] for g in payload["games"]] == [str(p.relative_to(TOP)) for p in logs]
    validated = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", "samples",
                                "--format", "json", "--jobs", "2"], capture_output=True,
                               text=True, cwd=TOP, timeout=300)
    statuses = [f["status"] for f in json.loads(validated.stdout)["files"]]
    assert [g["status"] for g in payload["games"]] == statuses
    assert "claims" in statuses and "illegal" in statuses
    assert code == validated.returncode == 1
    assert [g["number"] for g in payload["games"]] == list(range(1, len(logs) + 1))


def test_viewer_pages_are_written_and_linked(tmp_path: Path) -> None:
    """--viewers: a page per replayable game, linked relative to the report's folder."""
    out = tmp_path / "report.html"
    result = run(ILLEGAL, "-o", str(out), "--viewers", str(tmp_path / "viewers"))
    assert result.returncode == 1
    page = tmp_path / "viewers" / "001-r-a05-02-initiator-bid-nine.html"
    assert page.is_file() and "<html" in page.read_text(encoding="utf-8")
    assert 'href="viewers/001-r-a05-02-initiator-bid-nine.html"' in out.read_text("utf-8")


def test_players_sharing_first_place_each_get_a_win() -> None:
    """Two scored games: A and B share first place with 20 in the first (each a win), C
    wins the second with 30 against A's 10; B did not finish the second. A: 2 played, 2
    scored, 1 win, (20+10)/2 = 15.0; B: 2 played, 1 scored, 1 win, 20.0; C: 1 win, 30.0."""
    def game(players: list[str], scores: list[tuple[str, int, int]]) -> dict[str, Any]:
        return {"status": "legal", "players": players,
                "scores": [{"player": p, "total": t, "rank": r} for p, t, r in scores]}

    rows = standings([game(["A", "B"], [("A", 20, 1), ("B", 20, 1)]),
                      game(["A", "B", "C"], [("C", 30, 1), ("A", 10, 2)])])
    assert [(r["player"], r["played"], r["scored"], r["wins"], r["average"]) for r in rows] == [
        ("C", 1, 1, 1, 30.0), ("B", 2, 1, 1, 20.0), ("A", 2, 2, 1, 15.0)]
