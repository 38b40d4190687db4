"""`grinivil moves LOG --turn N [--tile T] [--set PATH=VALUE ...] [--format json]` on the
bundled samples: the eligible tiles and why the others are not, a tile's decisions with their
exact options, exit codes 0 / 1 / 2.

A few runs go through a real process (exit codes, no traceback); the rest through Typer's
CliRunner, in-process, to keep the file fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from grinivil_cli.cli import app
from grinivil_cli.table.loading import load_game

TOP = Path(__file__).parent.parent
SAMPLES = TOP / "samples"
SAMPLE_2P = SAMPLES / "game-2p.yaml"


def run(*args: str, columns: int = 80) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=120, env={**os.environ, "COLUMNS": str(columns)})
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
    and JSON agree on which are eligible, and every ineligible one has a reason and a rule. In
    80 columns a tile's line too long goes on under its id; the JSON's text is unwrapped."""
    turns = log_turns(SAMPLE_2P)
    assert turns[10]["player"] == "Anna"
    text = run("moves", str(SAMPLE_2P), "--turn", "10")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == "After turn 10, Anna is on turn (turn 11). Tiles of the ring:"
    assert max(len(line) for line in lines) <= 80
    rows: list[str] = []
    for line in lines[1:-1]:
        if line.startswith(" " * 7):
            rows[-1] += " " + line.strip()
        else:
            rows.append(line)
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
        row = next(ln for ln in rows if ln.split()[1] == t["tile"])
        if t["eligible"]:
            assert row.endswith("eligible") and "not eligible" not in row
            assert "reason" not in t and "rule" not in t
        else:
            assert t["reason"] and t["rule"].startswith("R-") and t["message"]
            assert f"not eligible: {t['reason']} ({t['rule']}: " in row
    assert data["text"] == run("moves", str(SAMPLE_2P), "--turn", "10",
                               columns=1000).stdout.rstrip("\n")


def test_moves_names_the_ineligible_build_tiles_and_the_missing_road() -> None:
    """After turn 26 of the 2-player sample Anna is on turn holding 1 wood and 3 steel, the
    cubes of no Floor that can be built now (R-BLD-07, the edition's Floor costs): every first
    Floor costs concrete but the Playground's, which needs 2 wood; the Floors without concrete
    that these cubes pay for (the second of a Pub, Cafe or Pet Shop, the third of a Hospital)
    follow Floors not on the table; the buildings under construction (the Bank on C.s5, the
    Church on O1.s2, Anna's House on I1.s1) need concrete or 2 wood next. #03 and #04 are not
    eligible by R-BLD-07, the narrowest rule whose condition failed, as `validate` names it
    (issue 28; "cannot carry it out"); no Construction Road is on the
    table (the first, R2, comes with I2 at turn 28): Build a Road "cannot be chosen"
    (R-A08B-05, "nothing left for it")."""
    g = load_game(SAMPLE_2P).replay.snapshots[26].state
    assert g.players[g.current].name == "Anna"
    anna = g.player("Anna")
    assert anna.cubes == {"concrete": 0, "wood": 1, "steel": 3}
    assert {b.site: (b.building, len(b.blocks)) for b in g.townland.buildings.values()
            if not b.finished} == {"C.s5": ("bank", 1), "O1.s2": ("church", 2),
                                   "I1.s1": ("house", 1)}
    tiles = {t["tile"]: t for t in moves_json(SAMPLE_2P, "--turn", "26")["tiles"]}
    for tile in ("build-floor", "build-floor-premium"):
        assert not tiles[tile]["eligible"]
        assert tiles[tile]["rule"] == "R-BLD-07"
        assert tiles[tile]["reason"] == "cannot carry it out"
        assert "Anna holds 1 wood, 3 steel" in tiles[tile]["message"]
    road = tiles["build-road"]
    assert (road["eligible"], road["rule"], road["reason"]) == (
        False, "R-A08B-05", "nothing left for it")


@pytest.mark.parametrize(("name", "after", "tile", "owner", "on_turn"), [
    ("game-2p.yaml", 30, "banker", "Bruno", "Anna"),        # Bruno's turn 30 placed it
    ("game-4p.yaml", 126, "ecologist", "Bruno", "Clara"),   # Bruno's turn 126
    ("game-5p.yaml", 142, "ecologist", "Emma", "Clara"),    # Emma's turn 140
])  # (the player on turn still acts on the next turn: Anna 31, Clara 127 and 143 are no
#    finishing moves, which may name any tile of the ring: AMB-END-04, tests/test_reason_ids.py)
def test_an_ability_tile_with_a_worker_is_not_eligible(name: str, after: int, tile: str,
                                                       owner: str, on_turn: str) -> None:
    """R-TAR-05: in these samples, after the turn given, a Worker stands on an Ability Tile
    (the log's earlier turn placed it: the snapshot's ring says whose): the player on turn
    cannot choose it, reason "a Worker stands on it", naming the Worker's owner."""
    log = SAMPLES / name
    ring = load_game(log).replay.snapshots[after].state.ring
    position = ring.position_of(tile)
    assert position is not None and ring.ability_workers[position] == owner
    data = moves_json(log, "--turn", str(after))
    assert data["player"] == on_turn
    t = next(t for t in data["tiles"] if t["tile"] == tile)
    assert (t["eligible"], t["rule"], t["reason"]) == (False, "R-TAR-05", "a Worker stands on it")
    assert f"{owner}'s Worker" in t["message"]


def test_an_ability_tile_with_ones_own_worker_is_not_eligible_either() -> None:
    """R-TAR-05 ("your own worker included"): after turn 31 of the 2-player sample Bruno is on
    turn and his own Worker still stands on the Banker (his turn 30 placed it; his token is on
    it too, not past it)."""
    data = moves_json(SAMPLE_2P, "--turn", "31")
    assert data["player"] == "Bruno"
    t = next(t for t in data["tiles"] if t["tile"] == "banker")
    assert (t["eligible"], t["rule"]) == (False, "R-TAR-05")
    assert "Bruno's Worker" in t["message"]


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
    """The 2-player sample has 114 turns: after the last one (the default --turn) nobody is on
    turn; exit 0."""
    assert len(log_turns(SAMPLE_2P)) == 114
    result = invoke("moves", str(SAMPLE_2P))
    assert result.exit_code == 0
    assert result.stdout.strip() == "After turn 114 the game is over: nobody is on turn."
    data = moves_json(SAMPLE_2P, "--turn", "114")
    assert data == {"turn": 114, "over": True,
                    "text": "After turn 114 the game is over: nobody is on turn."}


# --- one tile's decisions ------------------------------------------------------------------------

def merchant_log(tmp_path: Path) -> Path:
    """The 2-player sample's first 107 turns; then Bruno places his Worker on the Merchant
    (turn 108, where the sample's Bruno took a Subsidy: the last round, his token goes from the
    Starting Tile to the Merchant on 3, no lap); then the sample's turn 109 (Anna's Subsidy,
    from 9 to 16, which Bruno's choice leaves as it was)."""
    with SAMPLE_2P.open(encoding="utf-8") as f:
        data = yaml.safe_load(f)
    turns = data["turns"]
    assert turns[107] == {"player": "Bruno", "tile": "subsidy"}
    assert turns[108] == {"player": "Anna", "tile": "subsidy"}
    data["turns"] = [*turns[:107], {"player": "Bruno", "tile": "merchant"}, turns[108]]
    del data["final_scores"], data["winner"]
    log = tmp_path / "merchant.yaml"
    log.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return log


def test_tile_shows_each_decision_with_its_options_and_a_legal_move(tmp_path: Path) -> None:
    """No sample has a player with a Worker on the Merchant buy Trees (the 2-player sample uses
    no Merchant), so the test plays the 2-player sample with Bruno on the Merchant at turn 108
    (`merchant_log`). --tile buy-trees after turn 109: Bruno on turn, his token on 3, Buy
    Trees on 5 (no lap, so no Taxes first), 29 Trees in the supply, 4 Grinies (the claim of
    turn 100 says 8; his laps at turns 102 and 106 cost 5 G Taxes and 3 G Wages each, for his
    one Worker on a building, the Bus Stop then the Cafe; his Subsidy at turn 104 paid 3 G + 3 G
    for each of his 3 unemployed Workers: 8 - 8 + 12 - 8 = 4); his Worker on the Merchant (3)
    draws a random Resource first (R-A24-01). Decisions `merchant` (an outcome), `declined`,
    then `trees`: 1-3 cost 1 G each, 4 cost 8 > 4 (R-A09-01/02): 1..3. The line of first
    options ends in a legal move that buys 1 Tree; --set trees=3 takes 3 (given) and is legal
    too, --set trees=4 breaks R-A09-02 (exit 1)."""
    log = merchant_log(tmp_path)
    state = load_game(log).replay.snapshots[109].state
    bruno = state.player("Bruno")
    assert (state.players[state.current].name, bruno.position, bruno.money) == ("Bruno", 3, 4)
    assert state.ring.ability_workers == {3: "Bruno"} and state.ring.tile_at(3) == "merchant"
    assert state.ring.position_of("buy-trees") == 5 and state.supply.trees == 29
    data = moves_json(log, "--turn", "109", "--tile", "buy-trees")
    assert (data["player"], data["tile"], data["eligible"]) == ("Bruno", "buy-trees", True)
    paths = [d["path"] for d in data["decisions"]]
    assert paths[:3] == [["merchant"], ["declined"], ["trees"]]
    assert data["decisions"][0]["kind"] == "outcome"
    trees = data["decisions"][2]
    assert (trees["kind"], trees["rule"], trees["ranges"]) == ("count", "R-A09-01", [[1, 3]])
    assert trees["taken"] == 1 and trees["given"] is False
    assert data["move"] == {"player": "Bruno", "tile": "buy-trees", "trees": 1,
                            "merchant": data["decisions"][0]["taken"]}
    text = invoke("moves", str(log), "--turn", "109", "--tile", "buy-trees")
    assert text.exit_code == 0
    assert "   options: 1 to 3" in text.stdout
    assert "The move is complete and legal:" in text.stdout
    data = moves_json(log, "--turn", "109", "--tile", "buy-trees", "--set", "trees=3")
    trees = next(d for d in data["decisions"] if d["path"] == ["trees"])
    assert (trees["taken"], trees["given"]) == (3, True)
    assert data["move"]["trees"] == 3
    result = invoke("moves", str(log), "--turn", "109", "--tile", "buy-trees", "--set",
                    "trees=4", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["broken"]["rule"] == "R-A09-02"


@pytest.mark.parametrize(("site", "rule", "words"), [
    ("I0.s2", "R-ROAD-02", "Half-road"),           # R0: no tile at I7 yet
    ("C.s9", "R-BLD-08", "no such Building Site"),
])
def test_an_illegal_site_given_exits_1_with_the_rule(site: str, rule: str, words: str) -> None:
    """After turn 8 of the 2-player sample Anna is on turn (the log's turn 9 builds a House
    on C.s1). --tile build-floor --set site=S with a site not offered: exit 1, the rule it
    breaks (R-ROAD-02: a Half-road cannot be used; R-BLD-08: no such site), and no move; the
    sites offered do not include it."""
    turn = log_turns(SAMPLE_2P)[8]
    assert (turn["player"], turn["tile"], turn["site"], turn["building"]) == (
        "Anna", "build-floor", "C.s1", "house")
    assert "I7" not in load_game(SAMPLE_2P).replay.snapshots[8].state.townland.tiles
    args = ("moves", str(SAMPLE_2P), "--turn", "8", "--tile", "build-floor", "--set",
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
    """R-SITE-01: C.s1 is residential; --set building=bank there after turn 8 of the 2-player
    sample (Anna on turn): exit 1, R-SITE-01; the only token offered is the House."""
    result = invoke("moves", str(SAMPLE_2P), "--turn", "8", "--tile", "build-floor",
                    "--set", "site=C.s1", "--set", "building=bank", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["broken"]["rule"] == "R-SITE-01"
    token = next(d for d in data["decisions"] if d["path"] == ["building"])
    assert token["options"] == ["house"]


# --- usage errors: exit 2 ------------------------------------------------------------------------

def test_a_turn_out_of_range_exits_2() -> None:
    result = run("moves", str(SAMPLE_2P), "--turn", "115")  # the sample has 114 turns
    assert result.returncode == 2
    assert "--turn must be between 0 and 114" in result.stderr
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
    """After turn 81 of the 3-player sample Anna holds 1 concrete and 1 steel, the cubes of no
    Floor that can be built now (R-BLD-07): of the edition's Floors only the Bus Stop's first
    costs no more, and no Bus Stop token is left in the supply (the one there was went with
    the orange block onto I4.s4 when her Explore of turn 76 connected it); each
    building under construction needs a wood or a second steel next. Build Floor is not
    eligible and no move is given (null); Subsidy (#17, on 13: no lap from her 5) has no
    decision of its own and its move is the bare tile, which the replay accepts."""
    log = SAMPLES / "game-3p.yaml"
    state = load_game(log).replay.snapshots[81].state
    anna = state.player("Anna")
    assert anna.cubes == {"concrete": 1, "wood": 0, "steel": 1}
    assert state.supply.tokens["bus-stop"] == 0
    assert {b.site: (b.building, len(b.blocks)) for b in state.townland.buildings.values()
            if not b.finished} == {"C.s5": ("hospital", 2), "O1.s2": ("water-treatment-plant", 1),
                                   "C.s7": ("church", 2), "I1.s4": ("school", 1),
                                   "I4.s4": ("bus-stop", 1), "I7.s2": ("garden-center", 1),
                                   "O5.s3": ("sports-facility", 1)}
    data = moves_json(log, "--turn", "81", "--tile", "build-floor")
    assert (data["player"], data["eligible"], data["move"]) == ("Anna", False, None)
    data = moves_json(log, "--turn", "81", "--tile", "subsidy")
    assert data["eligible"] is True
    assert data["move"] == {"player": "Anna", "tile": "subsidy"}


def test_a_count_given_beyond_its_range_names_the_rule_that_forbids_it() -> None:
    """R-A09-01/02: after turn 81 of the 3-player sample Anna, her token on 5, Buy Trees on 8
    (no lap), holds 6 Grinies (the claim of turn 80 says 6; turn 81 is Clara's Plant Trees,
    paying her nothing). She may buy 1 to 3 Trees (1 G each, 3 G); 4 Trees cost 2 G each,
    4 x 2 = 8 Grinies, more than she holds; 4 Trees break R-A09-02 (the price), 7 Trees
    R-A09-01 (1 to 6), each exit 1; 2 Trees make a complete legal move."""
    log = SAMPLES / "game-3p.yaml"
    state = load_game(log).replay.snapshots[81].state
    anna = state.player("Anna")
    assert (state.players[state.current].name, anna.position, anna.money) == ("Anna", 5, 6)
    assert state.ring.position_of("buy-trees") == 8
    data = moves_json(log, "--turn", "81", "--tile", "buy-trees")
    trees = next(d for d in data["decisions"] if d["path"] == ["trees"])
    assert trees["ranges"] == [[1, 3]]
    for n, rule in ((4, "R-A09-02"), (7, "R-A09-01")):
        result = invoke("moves", str(log), "--turn", "81", "--tile", "buy-trees", "--set",
                        f"trees={n}", "--format", "json")
        assert result.exit_code == 1
        assert json.loads(result.stdout)["broken"]["rule"] == rule
    data = moves_json(log, "--turn", "81", "--tile", "buy-trees", "--set", "trees=2")
    assert data["move"] == {"player": "Anna", "tile": "buy-trees", "trees": 2}


def test_a_value_given_for_no_decision_is_a_usage_error_with_a_did_you_mean() -> None:
    """--set tree=2 for Buy Trees (after turn 81 of the 3-player sample, Anna on turn) names no
    decision of the move (its count is `trees`): exit 2, the decisions listed, and a "did you
    mean"."""
    result = invoke("moves", str(SAMPLES / "game-3p.yaml"), "--turn", "81", "--tile",
                    "buy-trees", "--set", "tree=2")
    assert result.exit_code == 2
    assert "no decision of this move is at 'tree'" in result.stderr
    assert "did you mean 'trees'?" in result.stderr
