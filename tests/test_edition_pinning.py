"""A log pins the edition data it was recorded with (issue 32): `new`, `record`, `serve` and
`simulate` write `edition_digest` beside `edition`, and a log is judged with the kept version
of its edition that has those data (`standard@1`: the data before issue 16 recalibrated nine
resident cards and the starting money), saying so; a log whose data no edition at hand has is
judged with the one it names, and the report says that too. A log that pins nothing is judged
as before.

The case that made this issue: in the 2-player sample Anna sells a House at turn 11 whose
resident, Greta, wishes for a Cafe within distance 2. Since issue 16 the Cafe is among Greta's
optional features (the sale is legal); in the data before it, among her mandatory ones, so the
sale breaks R-SELL-05 ("no Cafe has been started")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from grinivil_cli.edition.digest import data_digest
from grinivil_cli.edition.load import bundled_editions, load_edition, versions_of

from clikit import words

TOP = Path(__file__).resolve().parent.parent
SAMPLES = TOP / "samples"
STANDARD = TOP / "grinivil_cli" / "editions" / "standard.yaml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def pinned_to(tmp_path: Path, digest: str | None, edition: str = "standard") -> Path:
    """The 2-player sample naming `edition` and pinning `digest` (none: no digest)."""
    text = (SAMPLES / "game-2p.yaml").read_text()
    current = load_edition("standard").digest
    assert f"\nedition: standard\nedition_digest: {current}\n" in text
    line = f"edition_digest: {digest}\n" if digest else ""
    log = tmp_path / "game.yaml"
    log.write_text(text.replace(f"\nedition: standard\nedition_digest: {current}\n",
                                f"\nedition: {edition}\n{line}"))
    return log


def test_the_kept_version_has_the_data_before_the_recalibration() -> None:
    """standard@1: 50 G to start (70 today, AMB-SETUP-04) and Greta's Cafe mandatory (optional
    today); its digest differs from today's, and it is the standard edition's one kept
    version."""
    now, then = load_edition("standard"), load_edition("standard@1")
    assert (then.starting_money, now.starting_money) == (50, 70)
    greta = {ed.name: ed.residents["greta"] for ed in (now, then)}
    assert [f.building for f in greta["standard@1"].mandatory] == ["cafe"]
    assert [f.building for f in greta["standard"].mandatory] == []
    assert "cafe" in [f.building for f in greta["standard"].optional]
    assert then.digest != now.digest and len(now.digest) == 12
    assert "standard@1" in bundled_editions() and versions_of("standard") == ["standard@1"]


def test_the_digest_is_of_the_data_not_of_their_words_or_layout(tmp_path: Path) -> None:
    """A copy with another title, its sources reworded and its comments gone has the same
    digest; one Buying Price changed (the bottom concrete hole of the 2-3 player Market, 9 G)
    gives another."""
    data: dict[str, Any] = yaml.safe_load(STANDARD.read_text())
    same = json.loads(json.dumps(data))
    same["title"] = "Our club's box"
    same["sources"] = {k: "checked against our box" for k in same["sources"]}
    for card in same["residents"].values():
        card["source"] = "our box"
    assert data_digest(same) == data_digest(data) == load_edition("standard").digest
    changed = json.loads(json.dumps(data))
    market = changed["markets"][0]
    assert market["players"] == [2, 3] and market["sections"]["concrete"][0]["buy"] == 9
    market["sections"]["concrete"][0]["buy"] = 10
    assert data_digest(changed) != data_digest(data)


def test_a_log_is_judged_with_the_data_it_pins(tmp_path: Path) -> None:
    then = load_edition("standard@1").digest
    result = run("validate", str(pinned_to(tmp_path, then)))
    assert result.returncode == 1, result.stdout
    lines = result.stdout.splitlines()  # the note first (a sentence, wrapped), the finding
    assert lines[-1].endswith("turn 11, Anna, Sell the House: R-SELL-05: Greta requires a "
                              "finished, usable Cafe within distance 2 of the House; no Cafe "
                              "has been started.")
    assert words(" ".join(lines[:-1])).endswith(
        f"edition: judged with standard@1, the data the log was recorded with ({then}); the "
        "log names standard, whose data have changed since (grinivil edition diff standard@1 "
        "standard says what differs)")


def test_a_log_pinning_nothing_or_todays_data_is_judged_as_before(tmp_path: Path) -> None:
    for digest in (None, load_edition("standard").digest):
        result = run("validate", "--format", "json", str(pinned_to(tmp_path, digest)))
        assert result.returncode == 0, result.stdout
        report = json.loads(result.stdout)["files"][0]
        assert report["status"] == "legal" and "edition" not in report


def test_data_no_edition_has_are_reported_not_judged_in_silence(tmp_path: Path) -> None:
    now = load_edition("standard").digest
    result = run("validate", "--format", "json", str(pinned_to(tmp_path, "0123456789ab")))
    report = json.loads(result.stdout)["files"][0]
    assert report["status"] == "legal"  # judged with today's data, and it says so
    assert report["edition"] == {
        "name": "standard", "digest": now,
        "note": f"edition: the log was recorded with edition data 0123456789ab, which no "
                f"edition at hand has; judged with standard ({now}), whose data differ: give "
                "the edition file it was recorded with (--edition FILE) to judge it as "
                "recorded"}


def test_a_log_may_name_the_kept_version(tmp_path: Path) -> None:
    result = run("validate", str(pinned_to(tmp_path, None, edition="standard@1")))
    assert result.returncode == 1 and "R-SELL-05" in result.stdout
    assert "edition:" not in result.stdout  # named plainly: nothing to say


@pytest.mark.parametrize("how", ["new", "record", "simulate"])
def test_the_logs_the_tool_writes_pin_their_data(tmp_path: Path, how: str) -> None:
    log = tmp_path / "game.yaml"
    if how == "new":
        args = ["new", "--names", "Anna,Bruno", "-o", str(log)]
    elif how == "record":
        answers = tmp_path / "none.txt"
        answers.write_text("")
        args = ["record", str(log), "--deal", "3", "--players", "2", "--answers", str(answers)]
    else:
        args = ["simulate", "--players", "2", "--seed", "1", "-o", str(log)]
    result = run(*args)
    assert result.returncode == 0, result.stdout + result.stderr
    data = yaml.safe_load(log.read_text())
    assert (data["edition"], data["edition_digest"]) == ("standard",
                                                         load_edition("standard").digest)


def test_an_edition_given_on_the_command_line_is_used_and_the_difference_said(
        tmp_path: Path) -> None:
    """`--edition standard@1` for a log that pins today's data: judged with what was asked
    (R-SELL-05 at turn 11, as in the data before the recalibration), and the report says
    whose data the log pins."""
    now, then = load_edition("standard").digest, load_edition("standard@1").digest
    result = run("validate", "--edition", "standard@1", str(SAMPLES / "game-2p.yaml"))
    assert result.returncode == 1 and "R-SELL-05" in result.stdout
    assert f"edition: the log was recorded with edition data {now} (standard's); judged with " \
        f"standard@1 ({then}), whose data differ (without --edition it is judged with " \
        "standard)" in words(result.stdout)


def test_a_log_naming_a_clubs_edition_says_where_its_file_is_looked_for(tmp_path: Path) -> None:
    """A game recorded with `--edition my-box.yaml` names `my-box`; validated without it and
    with no `my-box.yaml` beside it, the message says where the file was looked for and how
    else to give it (exit 2), at the log's `edition` line (line 4). Read from standard input
    (no folder), it says to give the file."""
    log = pinned_to(tmp_path, None, edition="my-box")
    result = run("validate", str(log))
    assert result.returncode == 2
    assert f"{log}:4:10: edition my-box: unknown edition 'my-box' (bundled: standard, " \
        "standard@1); an edition of your own is read from my-box.yaml beside the log (there " \
        f"is no {tmp_path / 'my-box.yaml'}), or given with --edition FILE" in result.stdout
    piped = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate", "-"],
                           input=log.read_text(), capture_output=True, text=True, timeout=300)
    assert piped.returncode == 2
    assert "<stdin>:4:10: edition my-box: unknown edition 'my-box' (bundled: standard, " \
        "standard@1); an edition of your own is given with --edition FILE (--edition " \
        "my-box.yaml)" in piped.stdout


GRETA = "greta"


def clubs_box(folder: Path, name: str = "my-box") -> Path:
    """A club's edition beside the logs: standard's data with Greta's Cafe mandatory again
    (as in standard@1, the starting money left at today's 70)."""
    text = STANDARD.read_text(encoding="utf-8")
    greta = text.index("\n  greta:")
    mandatory = text.index("    mandatory: []", greta)
    optional = text.index("    optional:\n", greta)
    cafe = next(line for line in text[optional:].splitlines()[1:] if "building: cafe" in line)
    assert mandatory < optional < text.index("\n  hana:")
    text = (text[:mandatory] + "    mandatory:\n" + cafe + "\n" + text[optional:].replace(
        cafe + "\n", "", 1))
    box = folder / f"{name}.yaml"
    box.write_text(text, encoding="utf-8")
    assert [f.building for f in load_edition(str(box)).residents[GRETA].mandatory] == ["cafe"]
    return box


def test_an_edition_beside_the_log_is_read_from_there(tmp_path: Path) -> None:
    """A log naming `my-box` is judged with `my-box.yaml` in its own folder, without
    --edition: the 2-player sample's sale at turn 11 breaks R-SELL-05 with the club's Greta
    (her Cafe mandatory), and the file is not looked for anywhere else (the folder the command
    runs in holds another `my-box.yaml`, with standard's data, which would make it legal)."""
    games = tmp_path / "games"
    games.mkdir()
    clubs_box(games)
    pinned_to(games, None, edition="my-box")
    (tmp_path / "my-box.yaml").write_text(STANDARD.read_text(encoding="utf-8"),
                                          encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", "validate",
                             "--format", "json", "games/game.yaml"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=300)
    report = json.loads(result.stdout)
    assert result.returncode == 1, result.stdout
    assert report["files"][0]["error"]["rule"] == "R-SELL-05"
    assert report["files"][0]["error"]["turn"] == 11


def test_an_edition_beside_the_log_with_a_mistake_is_reported_at_its_line(
        tmp_path: Path) -> None:
    """The edition file beside the log is checked as --edition checks one: a count over the
    Components list is reported with the edition file's line (exit 2)."""
    box = clubs_box(tmp_path)
    text = box.read_text(encoding="utf-8")
    box.write_text(text.replace("\ntrees: 50\n", "\ntrees: 51\n", 1), encoding="utf-8")
    line = text.splitlines().index("trees: 50") + 1
    log = pinned_to(tmp_path, None, edition="my-box")
    result = run("validate", str(log))
    assert result.returncode == 2
    assert f"{log}:4:10: edition my-box: {box}:{line}:8: trees: 51; the rulebook's " \
        "Components list has 50" in result.stdout


def test_a_copy_with_the_same_data_judges_without_a_word(tmp_path: Path) -> None:
    """`--edition my-box.yaml`, a club's copy not yet corrected (the same data as standard's,
    another title): the sample is judged as recorded and nothing is said of its edition (the
    data the log pins are the copy's, and standard's have not changed)."""
    copy = tmp_path / "my-box.yaml"
    assert run("edition", "new", "-o", str(copy)).returncode == 0
    result = run("validate", "--edition", str(copy), str(SAMPLES / "game-2p.yaml"))
    assert result.returncode == 0, result.stdout
    assert "edition:" not in result.stdout
