"""`grinivil moves LOG --turn N [--tile T] [--set PATH=VALUE ...] [--format json]` on the
bundled samples: the eligible tiles and why the others are not, a tile's decisions with their
exact options, exit codes 0 / 1 / 2.

A few runs go through a real process (exit codes, no traceback); the rest through Typer's
CliRunner, in-process, to keep the file fast.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from grinivil_cli.cli import app
from grinivil_cli.loading import load_game

TOP = Path(__file__).parent.parent
SAMPLES = TOP / "samples"
SAMPLE_2P = SAMPLES / "game-2p.yaml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=120)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def invoke(*args: str) -> Any:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


def moves_json(log: Path, *args: str) -> dict[str, Any]:
    result = invoke("moves", str(log), "--format", "json", *args)
    assert result.exit_code == 0, result.stdout + result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def log_turns(log: Path) -> list[dict[str, Any]]:
    with log.open(encoding="utf-8") as f:
        turns: list[dict[str, Any]] = yaml.safe_load(f)["turns"]
    return turns


# --- the tiles: text and JSON ---------------------------------------------------------------------

def test_moves_lists_every_tile_of_the_ring_in_text_and_json() -> None:
    """After turn 10 of the 2-player sample Anna is on turn (the players alternate, Anna first:
    turn 11 is hers, as the log's turn 11 says). The ring has 20 tiles, #08 shown as its two
    halves (Explore Land, Build a Road) at the same position: 21 lines, positions 1..20. Text
    and JSON agree on which are eligible, and every ineligible one has a reason and a rule."""
    turns = log_turns(SAMPLE_2P)
    assert turns[10]["player"] == "Anna"
    text = run("moves", str(SAMPLE_2P), "--turn", "10")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == "After turn 10, Anna is on turn (turn 11). Tiles of the ring:"
    data = moves_json(SAMPLE_2P, "--turn", "10")
    assert (data["turn"], data["player"]) == (10, "Anna")
    tiles = data["tiles"]
    assert len(tiles) == 21
    assert sorted({t["position"] for t in tiles}) == list(range(1, 21))
    halves = [t["tile"] for t in tiles if t["tile"] in ("explore", "build-road")]
    assert halves == ["explore", "build-road"]
    eligible = [t["tile"] for t in tiles if t["eligible"]]
    assert lines[-1] == f"{len(eligible)} of 21 eligible."
    for t in tiles:
        row = next(ln for ln in lines[1:-1] if ln.split()[1] == t["tile"])
        if t["eligible"]:
            assert row.endswith("eligible") and "not eligible" not in row
            assert "reason" not in t and "rule" not in t
        else:
            assert t["reason"] and t["rule"].startswith("R-") and t["message"]
            assert f"not eligible: {t['reason']} ({t['rule']}: " in row
    assert data["text"] == text.stdout.rstrip("\n")


def test_moves_names_the_ineligible_build_tiles_and_the_missing_road() -> None:
    """After turn 10 of the 2-player sample Anna holds 1 concrete (no Floor of the edition costs
    a single cube): #03 and #04 are not eligible, R-A03-02 / R-BLD-07 ("cannot carry it out");
    no Construction Road is on the table: Build a Road "cannot be chosen" (R-A08B-05, "nothing
    left for it")."""
    g = load_game(SAMPLE_2P).replay.snapshots[10].state
    anna = g.player("Anna")
    assert sum(anna.cubes.values()) == 1 and anna.cubes["concrete"] == 1
    tiles = {t["tile"]: t for t in moves_json(SAMPLE_2P, "--turn", "10")["tiles"]}
    for tile in ("build-floor", "build-floor-premium"):
        assert not tiles[tile]["eligible"]
        assert tiles[tile]["rule"] == "R-A03-02"
        assert tiles[tile]["reason"] == "cannot carry it out"
        assert "Anna holds 1 concrete" in tiles[tile]["message"]
    road = tiles["build-road"]
    assert (road["eligible"], road["rule"], road["reason"]) == (
        False, "R-A08B-05", "nothing left for it")


@pytest.mark.parametrize(("name", "after", "tile", "owner", "on_turn"), [
    ("game-2p.yaml", 15, "merchant", "Anna", "Bruno"),
    ("game-4p.yaml", 8, "architect", "David", "Anna"),
    ("game-5p.yaml", 179, "ecologist", "David", "Emma"),
])
def test_an_ability_tile_with_a_worker_is_not_eligible(name: str, after: int, tile: str,
                                                       owner: str, on_turn: str) -> None:
    """R-TAR-05: in these samples, after the turn given, a Worker stands on an Ability Tile
    (the log's earlier turn placed it: the snapshot's ring says whose): the player on turn
    cannot choose it, reason "a Worker stands on it", naming the Worker's owner."""
    log = SAMPLES / name
    ring = load_game(log).replay.snapshots[after].state.ring
    assert ring.ability_workers[ring.position_of(tile)] == owner
    data = moves_json(log, "--turn", str(after))
    assert data["player"] == on_turn
    t = next(t for t in data["tiles"] if t["tile"] == tile)
    assert (t["eligible"], t["rule"], t["reason"]) == (False, "R-TAR-05", "a Worker stands on it")
    assert f"{owner}'s Worker" in t["message"]


def test_an_ability_tile_with_ones_own_worker_is_not_eligible_either() -> None:
    """R-TAR-05 ("your own worker included"): after turn 16 of the 2-player sample Anna is on
    turn and her own Worker still stands on the Merchant."""
    data = moves_json(SAMPLE_2P, "--turn", "16")
    assert data["player"] == "Anna"
    t = next(t for t in data["tiles"] if t["tile"] == "merchant")
    assert (t["eligible"], t["rule"]) == (False, "R-TAR-05")
    assert "Anna's Worker" in t["message"]


@pytest.mark.parametrize("name", ["game-3p.yaml", "game-4p.yaml"])
def test_every_tile_the_log_chose_next_is_listed_as_eligible(name: str) -> None:
    """The samples are legal games: for 10 turns spread over each game (20 in all), the tile
    the log's next turn chose is listed as eligible after the turn before it, for the
    player who played it."""
    log = SAMPLES / name
    turns = log_turns(log)
    for after in range(0, len(turns) - 1, len(turns) // 10)[:10]:
        played = turns[after]
        data = moves_json(log, "--turn", str(after))
        assert data["player"] == played["player"], after
        t = next(t for t in data["tiles"] if t["tile"] == played["tile"])
        assert t["eligible"], (after, played, t)


def test_after_the_last_turn_the_game_is_over() -> None:
    """The 2-player sample has 167 turns: after the last one (the default --turn) nobody is on
    turn; exit 0."""
    result = invoke("moves", str(SAMPLE_2P))
    assert result.exit_code == 0
    assert result.stdout.strip() == "After turn 167 the game is over: nobody is on turn."
    data = moves_json(SAMPLE_2P, "--turn", "167")
    assert data == {"turn": 167, "over": True,
                    "text": "After turn 167 the game is over: nobody is on turn."}


# --- one tile's decisions ------------------------------------------------------------------------

def test_tile_shows_each_decision_with_its_options_and_a_legal_move() -> None:
    """--tile buy-trees after turn 18 of the 2-player sample: Anna on turn, her token on 6,
    Buy Trees on 8 (no lap, so no Taxes first), 9 Grinies, 41 Trees in the supply; her Worker
    on the Merchant (17, not passed) draws a random Resource first (R-A24-01). Decisions
    `merchant` (an outcome), `declined`, then `trees`: 1-3 cost 1 G each, 4 cost 8, 5 cost
    10 > 9 (R-A09-01/02): 1..4. The line of first options ends in a legal move that buys 1
    Tree; --set trees=4 takes 4 (given) and is legal too, --set trees=5 breaks R-A09-02
    (exit 1)."""
    state = load_game(SAMPLE_2P).replay.snapshots[18].state
    anna = state.player("Anna")
    assert (state.players[state.current].name, anna.position, anna.money) == ("Anna", 6, 9)
    assert state.ring.position_of("buy-trees") == 8 and state.supply.trees == 41
    data = moves_json(SAMPLE_2P, "--turn", "18", "--tile", "buy-trees")
    assert (data["tile"], data["eligible"]) == ("buy-trees", True)
    paths = [d["path"] for d in data["decisions"]]
    assert paths[:3] == [["merchant"], ["declined"], ["trees"]]
    assert data["decisions"][0]["kind"] == "outcome"
    trees = data["decisions"][2]
    assert (trees["kind"], trees["rule"], trees["ranges"]) == ("count", "R-A09-01", [[1, 4]])
    assert trees["taken"] == 1 and trees["given"] is False
    assert data["move"] == {"player": "Anna", "tile": "buy-trees", "trees": 1,
                            "merchant": data["decisions"][0]["taken"]}
    text = invoke("moves", str(SAMPLE_2P), "--turn", "18", "--tile", "buy-trees")
    assert text.exit_code == 0
    assert "   options: 1 to 4" in text.stdout
    assert "The move is complete and legal:" in text.stdout
    data = moves_json(SAMPLE_2P, "--turn", "18", "--tile", "buy-trees", "--set", "trees=4")
    trees = next(d for d in data["decisions"] if d["path"] == ["trees"])
    assert (trees["taken"], trees["given"]) == (4, True)
    assert data["move"]["trees"] == 4
    result = invoke("moves", str(SAMPLE_2P), "--turn", "18", "--tile", "buy-trees", "--set",
                    "trees=5", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["broken"]["rule"] == "R-A09-02"


@pytest.mark.parametrize(("site", "rule", "words"), [
    ("I0.s2", "R-BLD-08", "half road"),            # R0: no tile at I7 yet
    ("C.s9", "R-BLD-08", "no such Building Site"),
])
def test_an_illegal_site_given_exits_1_with_the_rule(site: str, rule: str, words: str) -> None:
    """After turn 23 of the 2-player sample Bruno is on turn (the log's turn 24 builds a House
    on C.s1). --tile build-floor --set site=S with a site not offered: exit 1, the rule it
    breaks (R-BLD-08: a first Floor needs a site on a Construction or Completed Road), and no
    move; the sites offered do not include it."""
    assert log_turns(SAMPLE_2P)[23]["player"] == "Bruno"
    args = ("moves", str(SAMPLE_2P), "--turn", "23", "--tile", "build-floor", "--set",
            f"site={site}")
    result = invoke(*args)
    assert result.exit_code == 1
    assert f"The value given breaks {rule}: " in result.stdout and words in result.stdout
    data = json.loads(invoke(*args, "--format", "json").stdout)
    assert data["broken"]["rule"] == rule and data["move"] is None
    offered = next(d for d in data["decisions"] if d["path"] == ["site"])
    assert site not in offered["options"] and "C.s1" in offered["options"]
    assert (offered["taken"], offered["given"]) == (site, True)


def test_a_token_of_the_wrong_family_exits_1_with_r_site_01() -> None:
    """R-SITE-01: C.s1 is residential; --set building=bank there: exit 1, R-SITE-01; the only
    token offered is the House."""
    result = invoke("moves", str(SAMPLE_2P), "--turn", "23", "--tile", "build-floor",
                    "--set", "site=C.s1", "--set", "building=bank", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["broken"]["rule"] == "R-SITE-01"
    token = next(d for d in data["decisions"] if d["path"] == ["building"])
    assert token["options"] == ["house"]


# --- usage errors: exit 2 ------------------------------------------------------------------------

def test_a_turn_out_of_range_exits_2() -> None:
    result = run("moves", str(SAMPLE_2P), "--turn", "168")
    assert result.returncode == 2
    assert "--turn must be between 0 and 167" in result.stderr
    assert invoke("moves", str(SAMPLE_2P), "--turn", "-1").exit_code == 2


def test_an_unknown_tile_exits_2_with_did_you_mean() -> None:
    result = run("moves", str(SAMPLE_2P), "--turn", "10", "--tile", "buy-tree")
    assert result.returncode == 2
    assert "'buy-tree' is not an action tile" in result.stderr
    assert "did you mean 'buy-trees'?" in result.stderr


@pytest.mark.parametrize(("args", "words"), [
    (["--set", "site=C.s1"], "--set needs --tile"),
    (["--tile", "build-floor", "--set", "site"], "--set takes PATH=VALUE, not 'site'"),
    (["--tile", "build-floor", "--set", "=C.s1"], "--set takes PATH=VALUE"),
    (["--tile", "build-floor", "--set", "site=["], "cannot be read as a value"),
])
def test_a_bad_set_exits_2(args: list[str], words: str) -> None:
    result = invoke("moves", str(SAMPLE_2P), "--turn", "10", *args)
    assert result.exit_code == 2
    assert words in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_sample_after_its_setup(n: int) -> None:
    """After the setup (turn 0) of each sample the first listed player is on turn, and at
    least one tile is eligible (Subsidy, for one, needs nothing)."""
    log = SAMPLES / f"game-{n}p.yaml"
    data = moves_json(log, "--turn", "0")
    with log.open(encoding="utf-8") as f:
        first = yaml.safe_load(f)["players"][0]["name"]
    assert data["player"] == first
    assert any(t["eligible"] for t in data["tiles"])


def test_the_move_of_a_tile_is_a_legal_record_or_null() -> None:
    """After turn 40 of the 3-player sample Bruno holds the cubes of no Floor (R-BLD-07): Build
    Floor is not eligible and no move is given (null); Subsidy (#17) has no decision of its own
    and its move is the bare tile, which the replay accepts."""
    log = SAMPLES / "game-3p.yaml"
    data = moves_json(log, "--turn", "40", "--tile", "build-floor")
    assert (data["player"], data["eligible"], data["move"]) == ("Bruno", False, None)
    data = moves_json(log, "--turn", "40", "--tile", "subsidy")
    assert data["eligible"] is True
    assert data["move"] == {"player": "Bruno", "tile": "subsidy"}


def test_a_count_given_beyond_its_range_names_the_rule_that_forbids_it() -> None:
    """R-A09-01/02: after turn 40 of the 3-player sample Bruno may buy 1 to 3 Trees (4 cost
    4 x 2 = 8 Grinies, more than he holds); 4 Trees break R-A09-02 (the price), 7 Trees R-A09-01
    (1 to 6), each exit 1; 2 Trees make a complete legal move."""
    log = SAMPLES / "game-3p.yaml"
    data = moves_json(log, "--turn", "40", "--tile", "buy-trees")
    trees = next(d for d in data["decisions"] if d["path"] == ["trees"])
    assert trees["ranges"] == [[1, 3]]
    for n, rule in ((4, "R-A09-02"), (7, "R-A09-01")):
        result = invoke("moves", str(log), "--turn", "40", "--tile", "buy-trees", "--set",
                        f"trees={n}", "--format", "json")
        assert result.exit_code == 1
        assert json.loads(result.stdout)["broken"]["rule"] == rule
    data = moves_json(log, "--turn", "40", "--tile", "buy-trees", "--set", "trees=2")
    assert data["move"] == {"player": "Bruno", "tile": "buy-trees", "trees": 2}


def test_a_value_given_for_no_decision_is_a_usage_error_with_a_did_you_mean() -> None:
    """--set tree=2 for Buy Trees names no decision of the move (its count is `trees`): exit 2,
    the decisions listed, and a "did you mean"."""
    result = invoke("moves", str(SAMPLES / "game-3p.yaml"), "--turn", "40", "--tile",
                    "buy-trees", "--set", "tree=2")
    assert result.exit_code == 2
    assert "no decision of this move is at 'tree'" in result.stderr
    assert "did you mean 'trees'?" in result.stderr
