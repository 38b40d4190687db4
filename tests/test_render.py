"""SVG snapshots (`grinivil render`, issue 5): well-formed, deterministic, with semantic classes
that match the state, safe with any player name, written only inside the chosen directory.

Golden files: `tests/golden/*.svg` hold two snapshots byte for byte. When the drawing changes
on purpose, look at the new pictures, then refresh the files with

    GRINIVIL_UPDATE_GOLDEN=1 python -m pytest tests/test_render.py

and commit them with the change that explains them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from grinivil_cli.engine.townland import ROADS, road_stage
from grinivil_cli.render import file_name, render_game, snapshot_svg
from grinivil_cli.render.style import looks
from grinivil_cli.table.loading import Game, load_game

from gamekit import renamed_log

TOP = Path(__file__).parent.parent
SAMPLES = TOP / "samples"
GOLDEN = Path(__file__).parent / "golden"
SVG = "{http://www.w3.org/2000/svg}"
UPDATE = os.environ.get("GRINIVIL_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def game4() -> Game:
    return load_game(SAMPLES / "game-4p.yaml")


@pytest.fixture(scope="module")
def game3() -> Game:
    return load_game(SAMPLES / "game-3p.yaml")


def svg_of(game: Game, turn: int) -> str:
    snaps = game.replay.snapshots
    rec = game.loaded.data["turns"][turn - 1] if turn else None
    return snapshot_svg(snaps[turn], log_turn=rec,
                        previous=snaps[turn - 1].state if turn else None, title="test game")


def classed(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=300, env=env)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


# --- every snapshot ------------------------------------------------------------------------


def test_every_snapshot_of_a_game_is_well_formed_svg(game4: Game, tmp_path: Path) -> None:
    """The setup, each of the 132 turns, and the final scoring (a finished game)."""
    paths = render_game(game4, tmp_path)
    assert len(paths) == len(game4.replay.snapshots) + 1 == 134
    assert [p.name for p in paths[:2]] == ["turn-000.svg", "turn-001.svg"]
    assert paths[-1].name == "final-scoring.svg"
    for path in paths:
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG}svg" and root.get("width") == "1200px", path
        desc = root.find(f"{SVG}desc")
        assert desc is not None and desc.text and "Anna" in desc.text


def svg_texts(path: Path) -> list[str]:
    return [t.text or "" for t in ET.parse(path).getroot().iter(f"{SVG}text")]


def test_each_snapshot_says_its_turn_in_words_with_the_rules(game4: Game,
                                                              tmp_path: Path) -> None:
    """R-RND-03, R-A17-01, R-RND-05: under the picture of turn 21 of the 4-player sample
    (Anna, Subsidy, completing the TAR), the turn in words from the ledger: the Taxes (-5 G),
    the Subsidy for 3 unemployed Workers (3 + 3 x 3 = +12 G: 14 G after, from 7) and the 4
    cubes of the Market refill (the log's `refills`: concrete, concrete, wood, steel), each
    with its rule; the setup has no such block."""
    paths = render_game(game4, tmp_path, range(0, 22))
    setup, turn21 = svg_texts(paths[0]), svg_texts(paths[21])
    assert "What happened" not in setup
    i = turn21.index("What happened")
    assert turn21[i + 1:] == [
        "Anna: Taxes at TAR completion -5 G (R-RND-03); Subsidy with 3 unemployed Workers "
        "+12 G (R-A17-01).",
        "1 Market refill: concrete, concrete, wood, steel (R-RND-05)."]


def test_a_finished_game_ends_with_its_final_scoring(game4: Game, tmp_path: Path) -> None:
    """R-SCORE-01..06: the last picture is the final scoring: the table after turn 132 and,
    in words, each player's total as the audit itemises it, in the order of the log's audited
    `final_scores` (Bruno 68, Clara 58, Anna 57, David 50), the winner last. Bruno: 52 on
    the Scoreboard, 1 for his 12 G, 15 for his Post Office (tests/test_season_report.py
    derives it): 68; Anna: 40, 2 for her 26 G, 15 Public: 57. No one in the 4-player game
    keeps a resident; in the 5-player game David does (Milan, dealt at setup: he sold Marek,
    his other card, and took none), so his line takes 10 off for him. A render of other
    turns only, or of a game stopped by an illegal move, has none."""
    paths = render_game(game4, tmp_path / "all", range(126, 133))
    final = paths[-1]
    assert final.name == "final-scoring.svg"
    caption = next(g for g in ET.parse(final).getroot().iter(f"{SVG}g")
                   if g.get("class") == "caption")
    assert [t.text for t in caption.iter(f"{SVG}text")][:2] == [
        "Final scoring", "the table after turn 132; Bruno wins with 68 VPs."]
    texts = svg_texts(final)
    i = texts.index("Final scoring", texts.index("Final scoring") + 1)
    assert texts[i + 1].startswith("1. Bruno: 52 on the Scoreboard + 1 for money")
    assert "+ 15 from Public buildings (R-SCORE-03)" in texts[i + 1]
    assert texts[i + 1].endswith("= 68 VP.")
    assert [t.split(":")[0] for t in texts[i + 1:i + 5]] == ["1. Bruno", "2. Clara", "3. Anna",
                                                            "4. David"]
    assert texts[i + 3].startswith("3. Anna: 40 on the Scoreboard + 2 for money")
    assert "+ 15 from Public buildings (R-SCORE-03)" in texts[i + 3]
    assert texts[i + 3].endswith("= 57 VP.")
    assert not any("unsold" in t for t in texts)
    assert texts[-1] == "Bruno wins with 68 VPs."
    game5 = load_game(SAMPLES / "game-5p.yaml")
    last = len(game5.loaded.data["turns"])
    texts = svg_texts(render_game(game5, tmp_path / "5p", range(last, last + 1))[-1])
    david = next(t for t in texts if ". David: " in t)
    assert "- 10 for 1 unsold resident (R-SCORE-05)" in david
    assert [p.name for p in render_game(game4, tmp_path / "some", range(0, 3))] == [
        "turn-000.svg", "turn-001.svg", "turn-002.svg"]


def test_the_same_state_gives_the_same_bytes(game3: Game, tmp_path: Path) -> None:
    first = render_game(game3, tmp_path / "a", range(100, 130))
    second = render_game(game3, tmp_path / "b", range(100, 130))
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_no_hash_order_leaks_between_processes(tmp_path: Path) -> None:
    """Sets of the state (trees, road tokens) must not decide the order of anything drawn."""
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"seed{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = run("render", str(SAMPLES / "game-3p.yaml"), "-o", str(out), "--turns",
                     "118-126", env=env)
        assert result.returncode == 0, result.stderr
        outs.append(sorted(out.iterdir()))
    assert [p.name for p in outs[0]] == [f"turn-{n}.svg" for n in range(118, 127)]
    for a, b in zip(*outs, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


# --- semantic classes -------------------------------------------------------------------------


@pytest.mark.parametrize("turn", [0, 122, 152])
def test_one_building_element_per_building_with_its_side(game3: Game, turn: int) -> None:
    state = game3.replay.snapshots[turn].state
    root = ET.fromstring(svg_of(game3, turn))
    found = {e.get("data-site"): set((e.get("class") or "").split())
             for e in classed(root, "building")}
    assert len(classed(root, "building")) == len(state.townland.buildings) > 0
    assert set(found) == set(state.townland.buildings)
    for site, b in state.townland.buildings.items():
        family = state.edition.buildings[b.building].family
        assert family in found[site]
        assert ("finished" if b.finished else "under-construction") in found[site]
        if family == "house" and b.finished:
            assert ("sold" if b.sold else "for-sale") in found[site]


@pytest.mark.parametrize("turn", [0, 21, 75, 122, 152])
def test_road_classes_match_the_road_stages(game3: Game, turn: int) -> None:
    """Every road drawn with its stage; turn 75 (Clara's Build a Road completes R5, while R2
    and R6 are Construction Roads and R0, R3, R4, R7 half roads) has the three stages at once;
    from turn 77 (Bruno explores I7) no half road is left; 152 is the last turn."""
    state = game3.replay.snapshots[turn].state
    root = ET.fromstring(svg_of(game3, turn))
    drawn = {e.get("data-road"): (e.get("class") or "").split() for e in classed(root, "road")}
    expected = {r: road_stage(state.edition, state.townland, r) for r in ROADS}
    assert set(drawn) == {r for r, stage in expected.items() if stage != "none"}
    for road, classes in drawn.items():
        assert road is not None
        assert classes == ["road", road.replace(".", "-"), expected[road]]
    if turn == 75:  # the three stages at once
        assert {classes[-1] for classes in drawn.values()} == {"half", "construction",
                                                                "completed"}


@pytest.mark.parametrize("turn", [0, 122])
def test_access_roads_are_drawn_as_parts_of_their_sections_r_road_06_07(game3: Game,
                                                                          turn: int) -> None:
    """R-ROAD-06/07: each placed Outer tile with an Access Road shows it completed, in a group
    naming the tile's Road Section (no road group of its own: it is no section)."""
    state = game3.replay.snapshots[turn].state
    root = ET.fromstring(svg_of(game3, turn))
    drawn = [(e.get("data-section"), (e.get("class") or "").split())
             for e in classed(root, "access-road")]
    tiles = state.edition.land_tiles
    expected = [(f"{slot}.road", ["access-road", "completed"])
                for slot, key in sorted(state.townland.tiles.items())
                if slot.startswith("O") and tiles[key].access]
    assert drawn == expected and expected
    assert all(road in ROADS for road, _ in drawn)


def test_tokens_trees_and_the_acting_players_path(game4: Game) -> None:
    """Turn 118 of the 4-player sample: Bruno's Build a Road (#08b) lays a Completed Road on
    R5, a Construction Road after turn 117."""
    turn = 118
    assert game4.loaded.data["turns"][turn - 1]["road"] == "R5"
    state = game4.replay.snapshots[turn].state
    assert road_stage(state.edition, game4.replay.snapshots[turn - 1].state.townland,
                      "R5") == "construction"
    assert road_stage(state.edition, state.townland, "R5") == "completed"
    root = ET.fromstring(svg_of(game4, turn))
    who = looks(state.players)
    for p in state.players:
        tokens = classed(root, who[p.name].css)
        assert len([e for e in tokens if "token" in (e.get("class") or "").split()]) == 1
    assert len(classed(root, "tree")) == len(state.townland.trees)
    assert len(classed(root, "path")) == 1
    assert classed(root, "chosen"), "the chosen tile is outlined"
    road = next(e for e in classed(root, "road") if e.get("data-road") == "R5")
    assert classed(road, "changed"), "the road built this turn is highlighted"
    assert "Build a Road" in ET.tostring(root, encoding="unicode")


# --- names and paths -------------------------------------------------------------------------

ODD_NAMES = ['Ann <b>&amp; "Q"', "Žofie Dvořáková 李"]


def odd_log(tmp_path: Path, names: list[str]) -> Path:
    log = renamed_log(2, names, 'Club <night> & "friends"',
                      [{"player": names[0], "tile": "buy-trees", "trees": 2},
                       {"player": names[1], "tile": "buy-trees", "trees": 1}])
    path = tmp_path / "odd.yaml"
    path.write_text(yaml.safe_dump(log, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_player_names_are_escaped_and_shown_as_written(tmp_path: Path) -> None:
    game = load_game(odd_log(tmp_path, ODD_NAMES))
    assert game.replay.error is None
    for path in render_game(game, tmp_path / "out"):
        raw = path.read_text(encoding="utf-8")
        assert "<b>" not in raw and "<night>" not in raw
        root = ET.fromstring(raw)
        texts = {e.text for e in root.iter(f"{SVG}text")}
        assert set(ODD_NAMES) <= texts, path.name
        assert "Žofie" in (root.findtext(f"{SVG}desc") or "")


def test_output_stays_inside_the_directory(tmp_path: Path) -> None:
    game = load_game(odd_log(tmp_path, ["../../x", "/etc/passwd"]))
    out = tmp_path / "deep" / "out"
    out.parent.mkdir()  # the folder is created, not the folders above it (tests/test_outputs...)
    paths = render_game(game, out, range(0, 2))
    assert [p.name for p in paths] == ["turn-000.svg", "turn-001.svg"]
    assert sorted(p.name for p in out.iterdir()) == ["turn-000.svg", "turn-001.svg"]
    assert all(p.resolve().parent == out.resolve() for p in paths)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deep", "odd.yaml"]


def test_file_names_are_zero_padded_and_stable() -> None:
    assert file_name(7, 206) == "turn-007.svg"
    assert file_name(0, 12) == "turn-000.svg"
    assert file_name(42, 1200) == "turn-0042.svg"


# --- the command -----------------------------------------------------------------------------


def test_render_command_selects_turns(tmp_path: Path) -> None:
    result = run("render", str(SAMPLES / "game-2p.yaml"), "-o", str(tmp_path), "--turn", "7")
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["turn-007.svg"]
    assert "1 snapshot" in result.stdout


def test_render_command_exit_codes(tmp_path: Path) -> None:
    illegal = SAMPLES / "illegal" / "r-rdb-03-road-on-half-road.yaml"
    result = run("render", str(illegal), "-o", str(tmp_path / "ill"))
    assert result.returncode == 1
    assert "R-RDB-03" in result.stdout + result.stderr
    drawn = sorted(p.name for p in (tmp_path / "ill").iterdir())
    assert drawn and drawn[0] == "turn-000.svg"
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: grinivil-log/1\nplayers: 3\n", encoding="utf-8")
    assert run("render", str(bad), "-o", str(tmp_path / "b")).returncode == 2
    assert not (tmp_path / "b").exists()
    result = run("render", str(SAMPLES / "game-2p.yaml"), "-o", str(tmp_path / "c"),
                 "--turn", "9999")
    assert result.returncode == 2 and "--turn" in result.stderr
    result = run("render", str(SAMPLES / "game-2p.yaml"), "-o", str(tmp_path / "d"),
                 "--turns", "x-y")
    assert result.returncode == 2


def test_render_of_an_illegal_log_checks_the_turns_it_can_draw(tmp_path: Path) -> None:
    """The R-FEE-03 sample is legal for 3 turns: --turn 9 is a usage error (exit 2) naming the
    snapshots there are; a range reaching past them draws what exists and exits 1; an illegal
    setup draws nothing and says why (exit 1)."""
    illegal = SAMPLES / "illegal" / "r-fee-03-fee-unaffordable.yaml"
    result = run("render", str(illegal), "-o", str(tmp_path / "a"), "--turn", "9")
    assert result.returncode == 2
    assert "--turn must be between 0 and 3" in result.stderr
    assert "stops before the illegal turn 4" in result.stderr and not (tmp_path / "a").exists()
    result = run("render", str(illegal), "-o", str(tmp_path / "b"), "--turns", "2-9")
    assert result.returncode == 1 and "R-FEE-03" in result.stdout
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["turn-002.svg", "turn-003.svg"]
    setup = SAMPLES / "illegal" / "r-setup-11-market-stock-five-players.yaml"
    result = run("render", str(setup), "-o", str(tmp_path / "c"))
    assert result.returncode == 1 and "R-SETUP-11" in result.stdout
    assert not (tmp_path / "c").exists()


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert not installed")
def test_an_independent_renderer_draws_it(game3: Game, tmp_path: Path) -> None:
    svg = tmp_path / "t.svg"
    svg.write_text(svg_of(game3, 122), encoding="utf-8")
    png = tmp_path / "t.png"
    done = subprocess.run(["rsvg-convert", "-w", "1200", str(svg), "-o", str(png)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --- golden files ----------------------------------------------------------------------------


@pytest.mark.parametrize(("sample", "turn"), [("game-4p.yaml", 0), ("game-3p.yaml", 122)])
def test_golden_snapshots(sample: str, turn: int) -> None:
    game = load_game(SAMPLES / sample)
    snaps = game.replay.snapshots
    rec = game.loaded.data["turns"][turn - 1] if turn else None
    svg = snapshot_svg(snaps[turn], log_turn=rec,
                       previous=snaps[turn - 1].state if turn else None, title=sample)
    golden = GOLDEN / f"{sample.removesuffix('.yaml')}-turn-{turn:03d}.svg"
    if UPDATE:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(svg, encoding="utf-8", newline="\n")
    assert golden.exists(), f"{golden} is missing: GRINIVIL_UPDATE_GOLDEN=1 creates it"
    expected = golden.read_text(encoding="utf-8")
    assert svg == expected, (f"{golden.name} differs from the drawing; if the change is "
                             "intended, refresh with GRINIVIL_UPDATE_GOLDEN=1 (see the module "
                             "docstring)")


def test_ids_name_every_site_and_planting_spot_as_the_log_does(game4: Game,
                                                                tmp_path: Path) -> None:
    """`render --ids`: after the setup, the placed tiles are the Centre, the two Inner tiles
    dealt and the entrance (R-SETUP-01); every Building Site and Planting Spot printed on them
    (the edition's component data) is named beside it as the log names it (`C.s1`, `I0.p2`),
    once; without --ids no id is written. Later, an explored tile's ids come with it."""
    state = game4.replay.snapshots[0].state
    expected = sorted(f"{slot}.{x.key}" for slot, key in sorted(state.townland.tiles.items())
                      for x in (*state.edition.land_tiles[key].sites,
                                *state.edition.land_tiles[key].spots))
    assert len(state.townland.tiles) == 4 and len(expected) > 10
    result = run("render", str(SAMPLES / "game-4p.yaml"), "-o", str(tmp_path / "a"),
                 "--turn", "0", "--ids")
    assert result.returncode == 0, result.stderr
    root = ET.fromstring((tmp_path / "a" / "turn-000.svg").read_text())
    assert sorted(e.text or "" for e in classed(root, "id")) == expected
    plain = ET.fromstring(svg_of(game4, 0))
    assert classed(plain, "id") == []
    last = len(game4.replay.snapshots) - 1
    later = game4.replay.snapshots[last].state
    assert len(later.townland.tiles) > 4  # tiles were explored
    svg = snapshot_svg(game4.replay.snapshots[last], log_turn=None, previous=None,
                       title="test game", ids=True)
    named = {e.text for e in classed(ET.fromstring(svg), "id")}
    new = next(slot for slot in later.townland.tiles if slot not in state.townland.tiles)
    spec = later.edition.land_tiles[later.townland.tiles[new]]
    assert {f"{new}.{x.key}" for x in (*spec.sites, *spec.spots)} <= named
