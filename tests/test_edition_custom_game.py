"""A club's own edition through every command (issue 32): three resident cards renamed (their
keys and printed names) and one Land Tile changed (its name, a site bonus, a planting spot
more), made with `grinivil edition new` and kept beside the logs. A short game is dealt and
recorded with it (`record --deal --answers`, the answers those of a game the bots played with
the same edition), then validated, shown, drawn, put in a viewer page and a report without
`--edition`: each command finds the edition beside the log, and shows its names.

The seed: `simulate --players 2 --seed 3` with this edition deals Inner tiles I04 and I05 and
gives Anna the renamed card `ruzena` (Paula's card before), so the changed tile is on the table
and the renamed card in a hand from the setup on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from grinivil_cli.recorder.transcript import transcript
from grinivil_cli.table.loading import load_game

from clikit import words

SEED, TURNS = "3", 12
RENAMED = {"paula": ("ruzena", "Paula", "Růžena"), "milan": ("matej", "Milan", "Matěj"),
           "agata": ("zofie", "Agata", "Žofie")}
TILE = "I04"  # `Market Row` in the standard edition


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def club_edition(games: Path) -> Path:
    """`games/club.yaml`: a copy of the standard edition with the three cards renamed and Land
    Tile I04 named `Cherry Garden`, its site s1 giving 7 G when built on, a spot p4 more."""
    made = run("edition", "new", "-o", "games/club.yaml", cwd=games.parent)
    assert made.returncode == 0, made.stderr
    path = games / "club.yaml"
    text = path.read_text(encoding="utf-8")
    for key, (new, name, printed) in RENAMED.items():
        old = f"\n  {key}:\n    name: {name}\n"
        assert text.count(old) == 1
        text = text.replace(old, f"\n  {new}:\n    name: {printed}\n")
    tile = text.index(f"\n  {TILE}:\n")
    end = text.index("\n  I05:\n")
    part = text[tile:end]
    changed = (part.replace("name: Market Row", "name: Cherry Garden")
               .replace("s1: {kind: nonresidential, road: ring, x: 0.50, y: 0.10}",
                        "s1: {kind: nonresidential, road: ring, bonus: {kind: money, amount: 7},"
                        " x: 0.50, y: 0.10}")
               .replace("      p3: {x: 0.45, y: 0.88}",
                        "      p3: {x: 0.45, y: 0.88}\n      p4: {x: 0.72, y: 0.35}"))
    assert changed.count("Cherry Garden") == 1 and "amount: 7" in changed and "p4:" in changed
    path.write_text(text[:tile] + changed + text[end:], encoding="utf-8")
    checked = run("edition", "check", "games/club.yaml", cwd=games.parent)
    assert checked.returncode == 0, checked.stdout
    return path


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding `games/club.yaml` and `games/game.yaml`: the first 12 turns of the
    bots' game recorded again through `record --deal 3 --answers`."""
    top = tmp_path_factory.mktemp("club")
    games = top / "games"
    games.mkdir()
    club_edition(games)
    played = run("simulate", "--players", "2", "--seed", SEED, "--edition", "games/club.yaml",
                 "-o", "bots.yaml", cwd=top)
    assert played.returncode == 0, played.stderr
    # the bots' log names the club's edition, read with --edition (it is not beside it)
    game = load_game(top / "bots.yaml", str(games / "club.yaml"))
    r = game.replay
    assert r.game is not None and r.error is None
    turns = game.loaded.data["turns"][:TURNS]
    said = [a for t in transcript(r.game, r, turns) for a in t.answers]
    (top / "answers.txt").write_text("".join(a + "\n" for a in said), encoding="utf-8")
    result = run("record", "games/game.yaml", "--deal", SEED, "--players", "2", "--edition",
                 "games/club.yaml", "--answers", "answers.txt", cwd=top)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    return top


def test_the_log_names_the_clubs_edition_and_pins_its_data(recorded: Path) -> None:
    """The recorded log names `club` (its file's name) with the digest of the club's data,
    deals the changed tile and the renamed card, and holds the 12 turns."""
    log = yaml.safe_load((recorded / "games" / "game.yaml").read_text(encoding="utf-8"))
    club = load_game(recorded / "bots.yaml", str(recorded / "games" / "club.yaml")).edition
    assert (log["edition"], log["edition_digest"]) == ("club", club.digest)
    assert TILE in log["setup"]["inner_tiles"]
    assert "ruzena" in log["setup"]["residents"]["Anna"]
    assert len(log["turns"]) == TURNS


def test_validate_finds_the_edition_beside_the_log(recorded: Path) -> None:
    """Without --edition: legal, 12 turns (with the standard edition the log's `ruzena` is an
    unknown card, exit 2). A folder of logs skips the edition file: not a log."""
    legal = run("validate", "games/game.yaml", cwd=recorded)
    assert legal.returncode == 0, legal.stdout
    assert f"games/game.yaml: legal ({TURNS} turns)" in legal.stdout
    standard = run("validate", "--edition", "standard", "games/game.yaml", cwd=recorded)
    assert standard.returncode == 2 and "ruzena" in standard.stdout
    folder = run("validate", "--format", "json", "games", cwd=recorded)
    report = json.loads(folder.stdout)
    assert folder.returncode == 0
    assert [f["file"] for f in report["files"]] == ["games/game.yaml"]


def test_show_names_the_changed_tile_and_the_renamed_cards(recorded: Path) -> None:
    """The setup's tables: the changed tile in the slot it was dealt to, with its name; Anna's
    portfolio with the renamed card's id, as a log and the recorder name it."""
    log = yaml.safe_load((recorded / "games" / "game.yaml").read_text(encoding="utf-8"))
    slot = f"I{log['setup']['inner_tiles'].index(TILE)}"
    shown = run("show", "games/game.yaml", "--turn", "0", "--format", "json", cwd=recorded)
    assert shown.returncode == 0, shown.stdout
    state = json.loads(shown.stdout)
    assert {"slot": slot, "land_tile": TILE, "name": "Cherry Garden",
            "owner": "Municipality"} in state["tiles"]
    anna = next(p for p in state["players"] if p["player"] == "Anna")
    assert "ruzena" in anna["portfolio"]
    text = run("show", "games/game.yaml", "--turn", "0", cwd=recorded).stdout
    assert any(line.split()[:4] == [slot, TILE, "Cherry", "Garden"]
               for line in text.splitlines())


def test_render_draws_the_changed_tile(recorded: Path) -> None:
    """The setup drawn: the changed tile named `Cherry Garden` in its parcel's tooltip, with
    its fourth planting spot and a bonus star on s1."""
    log = yaml.safe_load((recorded / "games" / "game.yaml").read_text(encoding="utf-8"))
    slot = f"I{log['setup']['inner_tiles'].index(TILE)}"
    drawn = run("render", "games/game.yaml", "--turn", "0", "-o", "out", cwd=recorded)
    assert drawn.returncode == 0, drawn.stderr
    svg = (recorded / "out" / "turn-000.svg").read_text(encoding="utf-8")
    assert f"{slot}: Cherry Garden ({TILE})" in svg
    assert f"spot {slot}.p4" in svg
    assert f"{slot}.s1: nonresidential site, bonus: money" in svg


def test_the_viewer_and_the_report_show_the_clubs_names(recorded: Path) -> None:
    """The viewer page and a report of the folder, both without --edition."""
    page = run("viewer", "games/game.yaml", "-o", "game.html", cwd=recorded)
    assert page.returncode == 0, page.stderr
    html = (recorded / "game.html").read_text(encoding="utf-8")
    assert "Cherry Garden" in html and "Růžena" in html
    made = run("report", "games", "--format", "json", cwd=recorded)
    assert made.returncode == 0, made.stdout
    games: list[dict[str, Any]] = json.loads(made.stdout)["games"]
    assert [(g["file"], g["status"]) for g in games] == [("games/game.yaml", "legal")]


def test_new_writes_a_log_that_finds_its_edition_and_says_where_it_looks(
        recorded: Path) -> None:
    """`new` with the club's file beside the new log: nothing more is said, and the log is
    legal without --edition. With the file elsewhere, `new` says where the commands will look
    for it (the log's folder) and how else to give it; an edition file whose name cannot be
    written in a log (`my box.yaml`) is refused before anything is written (exit 2)."""
    beside = run("new", "-o", "games/next.yaml", "--names", "Anna,Ben", "--edition",
                 "games/club.yaml", cwd=recorded)
    assert beside.returncode == 0, beside.stderr
    assert "look for" not in beside.stdout
    assert run("validate", "games/next.yaml", cwd=recorded).returncode == 0
    elsewhere = run("new", "-o", "other.yaml", "--names", "Anna,Ben", "--edition",
                    "games/club.yaml", cwd=recorded)
    assert elsewhere.returncode == 0, elsewhere.stderr
    assert ("other.yaml names the edition club: the commands that read it look for club.yaml "
            "in its folder (club.yaml); copy games/club.yaml there, or give --edition "
            "games/club.yaml each time.") in words(elsewhere.stdout)
    spaced = recorded / "games" / "my box.yaml"
    spaced.write_bytes((recorded / "games" / "club.yaml").read_bytes())
    refused = run("new", "-o", "spaced.yaml", "--names", "Anna,Ben", "--edition",
                  "games/my box.yaml", cwd=recorded)
    spaced.unlink()
    assert refused.returncode == 2
    assert "rename the edition file my box.yaml to my-box.yaml" in refused.stderr
    assert not (recorded / "spaced.yaml").exists()
