"""--lenient: a log with several mistakes is reported in one pass; every finding after the first
is marked as following an earlier one (issue: Lenient replay)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml

from grinivil_cli.table.loading import load_game

FEE = Path(__file__).parent.parent / "samples" / "illegal" / "r-fee-03-fee-unaffordable.yaml"


def two_mistakes(tmp_path: Path) -> Path:
    """The R-FEE-03 sample with a wrong claim added before the unaffordable fee, and a turn
    after it that is legal only if the fee was applied as recorded."""
    text = FEE.read_text(encoding="utf-8").replace("Anna: {money: 63, vp: 3}",
                                                   "Anna: {money: 60, vp: 3}")
    path = tmp_path / "two.yaml"
    path.write_text(text + "  - player: Anna\n    tile: subsidy\n", encoding="utf-8")
    return path


def test_strict_replay_goes_past_a_claim_and_stops_at_the_first_illegal_move(
        tmp_path: Path) -> None:
    """CLAIM at turn 3 (Anna has 63, not 60) is a finding of bookkeeping: turn 3 stands and
    the replay goes on; the unaffordable fee of turn 4 (R-FEE-03) stops it."""
    r = load_game(two_mistakes(tmp_path)).replay
    assert [(e.turn, e.rule) for e in r.findings] == [(3, "CLAIM"), (4, "R-FEE-03")]
    assert r.played == 3
    assert r.error is not None and r.error.rule == "CLAIM"  # the first finding


def test_lenient_replay_carries_on_and_applies_payments_as_recorded(tmp_path: Path) -> None:
    """CLAIM at turn 3 (Anna has 63, not 60); R-FEE-03 at turn 4: Bruno pays the 5 Grinies
    he does not have and is left at 4 - 5 = -1; Anna's Subsidy at turn 5 is legal."""
    r = load_game(two_mistakes(tmp_path), lenient=True).replay
    assert [(e.turn, e.rule) for e in r.findings] == [(3, "CLAIM"), (4, "R-FEE-03")]
    assert r.played == 5
    after_fee = r.snapshots[4].state
    assert after_fee.player("Bruno").money == -1
    assert after_fee.player("Anna").money == 63 + 5


def test_cli_marks_later_findings(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", "--lenient",
                             str(two_mistakes(tmp_path))], capture_output=True, text=True)
    assert result.returncode == 1
    lines = result.stdout.strip().splitlines()
    assert "CLAIM" in lines[0] and "follows an earlier finding" not in lines[0]
    assert "R-FEE-03" in lines[1] and lines[1].endswith("(follows an earlier finding)")


def test_a_misplaced_tree_is_planted_anyway() -> None:
    """R-PLANT-07: leniently, Trees planted across two sectors are all placed, and the move is
    a finding (strictly it stops the replay)."""
    from grinivil_cli.engine.replay import play_written

    from gamekit import new_game

    g = new_game(2)
    g.lenient = True
    turn = {"player": "Anna", "tile": "plant-trees", "spots": ["C.p1", "I0.p1"]}
    assert play_written(g, turn, 0) is None
    assert [e.rule for e in g.findings] == ["R-PLANT-07"]
    assert {"C.p1", "I0.p1"} <= g.state.townland.trees


def audit_cli(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "audit", *args],
                            capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def test_lenient_audit_of_illegal_unfinished_log_exits_1_with_one_json_document(
        tmp_path: Path) -> None:
    """The log breaks a rule (exit 1) before any final score exists: the finding is listed,
    then why there is nothing to audit; with --format json, all of it is one document. (The
    audit compares claims itself, so the wrong claim is no finding of the replay.)"""
    log = two_mistakes(tmp_path)
    result = audit_cli("--lenient", str(log))
    assert result.returncode == 1
    assert "R-FEE-03" in result.stdout and "CLAIM" not in result.stdout
    assert "the game is not over (Anna, Bruno still playing)" in result.stderr
    result = audit_cli("--lenient", "--format", "json", str(log))
    assert result.returncode == 1
    payload = json.loads(result.stdout)  # exactly one JSON document
    assert (payload["status"], payload["exit"]) == ("unfinished", 1)
    assert [f["rule"] for f in payload["validation"]["findings"]] == ["R-FEE-03"]


def test_audit_of_a_legal_unfinished_log_is_exit_2_and_json_when_asked(tmp_path: Path) -> None:
    log = tmp_path / "cut.yaml"
    data = yaml.safe_load((FEE.parent.parent / "game-2p.yaml").read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:10]
    del data["final_scores"], data["winner"]
    log.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = audit_cli("--format", "json", str(log))
    assert result.returncode == 2
    payload = json.loads(result.stdout)
    assert (payload["status"], payload["exit"]) == ("unfinished", 2)
    assert "the game is not over (Anna, Bruno still playing)" in payload["text"]


def test_lenient_audit_of_an_illegal_setup_exits_1() -> None:
    setup = FEE.parent / "r-setup-11-market-stock-five-players.yaml"
    result = audit_cli("--lenient", str(setup))
    assert result.returncode == 1
    assert "R-SETUP-11" in result.stdout and "could not be set up" in result.stderr
