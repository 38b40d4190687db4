"""The illegal sample logs in samples/illegal: each one replays to exactly the rule it names.

Every `samples/illegal/*.yaml` starts with `# Breaks <rule id>: <why>`; its last turn (or its
setup) breaks that rule, and the validator must stop there with that rule id, a position inside
the file and a message. The samples cover, among others: R-SETUP-11 and R-SETUP-19 (setup),
R-TAR-05, R-A16-05, R-A18-04, R-WRK-02, R-TBUY-02 (Time Action Ring), R-MKT-04, R-A06-03
(Market), R-WH-06 (Warehouses), R-FEE-03, R-SITE-01 (construction), R-ROAD-02 (a Half-road),
R-RDB-03 (roads), R-EXPL-03 (exploring), R-SELL-03, R-SELL-05 (residents), R-VP-02 (convert),
R-A05-02 (auction), R-PLANT-07 (trees), R-GEN-02 (turn order), R-RND-05 (refills) and CLAIM (a
claim that disagrees).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from grinivil_cli.table.loading import load_game

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "samples" / "illegal"
FILES = sorted(SAMPLES.glob("*.yaml"))
HEADER = re.compile(r"^# Breaks (R-[A-Z0-9]+-\d+|CLAIM): \S.*$")
SCHEMA_LINE = "# yaml-language-server: $schema=../../schemas/game-log.schema.json"
CLI_SAMPLE = "r-fee-03-fee-unaffordable.yaml"  # R-FEE-03, raised at a turn


def named_rule(path: Path) -> str:
    """The rule id named by the sample's first comment line (`# Breaks R-XXX-NN: ...`)."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = HEADER.match(first)
    assert match, f"{path.name}: the first line must be '# Breaks R-XXX-NN: <why>', not {first!r}"
    return match.group(1)


def area(rule: str) -> str:
    """The area of a rule id: the middle part (R-FEE-03 -> FEE); CLAIM is its own area."""
    parts = rule.split("-")
    return parts[1] if len(parts) == 3 else rule


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_sample_breaks_the_rule_it_names(path: Path) -> None:
    """The replay stops with the rule id of the first line (e.g. R-FEE-03, R-WH-06, CLAIM),
    at a line and column inside the file, with a message, at the log's last turn (or its
    setup for R-SETUP-11 / R-SETUP-19)."""
    rule = named_rule(path)
    game = load_game(path)
    error = game.replay.error
    assert error is not None, f"{path.name}: replays as legal, expected {rule}"
    assert error.rule == rule, f"{path.name}: expected {rule}, got {error.rule}: {error.message}"
    assert error.message.strip(), f"{path.name}: {rule} without a message"
    assert error.position is not None, f"{path.name}: {rule} without a position"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert 1 <= error.position.line <= len(lines), f"{path.name}: line {error.position.line}"
    assert 1 <= error.position.col <= len(lines[error.position.line - 1]) + 1, (
        f"{path.name}: column {error.position.col} of line {error.position.line}")
    turns = game.loaded.data.get("turns") or []
    if error.turn is None:  # a setup rule: the log is broken before its first turn
        assert rule.startswith("R-SETUP-"), f"{path.name}: {rule} outside a turn"
    else:  # one illegal move, and it is the last turn of the log
        assert error.turn == len(turns), (
            f"{path.name}: {rule} at turn {error.turn}, but the log has {len(turns)} turns")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_sample_header_and_file_name(path: Path) -> None:
    """`# Breaks R-XXX-NN: ...` then the schema comment; the file name starts with the rule id
    in lower case (r-fee-03-... for R-FEE-03, claim-... for CLAIM)."""
    rule = named_rule(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[1] == SCHEMA_LINE, f"{path.name}: the second line must be {SCHEMA_LINE!r}"
    assert path.name.startswith(rule.lower() + "-"), (
        f"{path.name}: the file name must start with {rule.lower()}-")


def test_enough_samples_over_enough_areas() -> None:
    """At least 15 samples, over at least 8 areas (SETUP, TAR, MKT, WH, FEE, SELL, ...)."""
    rules = [named_rule(p) for p in FILES]
    areas = {area(r) for r in rules}
    assert len(FILES) >= 15, f"only {len(FILES)} samples in {SAMPLES}"
    assert len(areas) >= 8, f"only {len(areas)} areas: {sorted(areas)}"


def test_cli_reports_the_illegal_move() -> None:
    """`grinivil validate` on the R-FEE-03 sample exits 1 and prints
    `file:line:col: turn N, Player, Action: R-FEE-03: message`, as the library locates it."""
    path = SAMPLES / CLI_SAMPLE
    error = load_game(path).replay.error
    assert error is not None and error.position is not None
    run = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=REPO, check=False)
    assert run.returncode == 1, run.stdout + run.stderr
    pattern = re.compile(
        rf"^{re.escape(str(path))}:(\d+):(\d+): turn (\d+), (\w+), ([^:]+): "
        rf"(R-[A-Z0-9]+-\d+): (.+)$", re.MULTILINE)
    match = pattern.search(run.stdout)
    assert match, f"unexpected output: {run.stdout!r}"
    line, col, turn, player, action, rule, message = match.groups()
    assert rule == "R-FEE-03" == error.rule
    assert (int(line), int(col)) == (error.position.line, error.position.col)
    assert (int(turn), player, action) == (error.turn, error.player, error.action)
    assert message == error.message
