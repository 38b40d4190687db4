"""The `grinivil` command as a person uses it: exit codes 0 / 1 / 2, messages with
file:line:col, never a traceback, JSON for programs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

TOP = Path(__file__).parent.parent
SAMPLE = TOP / "samples" / "game-2p.yaml"


def run(*args: str, cwd: Path | None = None, columns: int = 80
        ) -> subprocess.CompletedProcess[str]:
    """`grinivil ARGS` in a process of its own, its text in `columns` columns."""
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, cwd=cwd, timeout=120,
                            env={**os.environ, "COLUMNS": str(columns)})
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_a_legal_sample_exits_0_with_its_final_scores() -> None:
    """The 2-player sample: 114 turns; its `final_scores: {Anna: 76, Bruno: 70}` (Anna 76 on
    the Scoreboard; Bruno 68 and 2 for the Public buildings he helped build)."""
    result = run("validate", str(SAMPLE))
    assert result.returncode == 0
    assert "legal (114 turns)" in result.stdout
    assert "final scores: 1. Anna 76, 2. Bruno 70" in result.stdout


def test_json_output_for_programs() -> None:
    result = run("validate", "--format", "json", str(SAMPLE))
    payload = json.loads(result.stdout)["files"][0]
    assert payload["status"] == "legal" and payload["exit"] == 0
    assert {s["player"]: s["total"] for s in payload["scores"]} == {"Anna": 76, "Bruno": 70}


def test_an_illegal_move_exits_1_with_rule_turn_player_and_position(tmp_path: Path) -> None:
    """R-GEN-02: the log names the wrong player; the message points at the line."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("- player: Anna")
                 or line.startswith("- {player: Anna"))
    lines[first] = lines[first].replace("Anna", "Bruno", 1)
    path = write(tmp_path, "wrong-player.yaml", "\n".join(lines) + "\n")
    result = run("validate", str(path))
    assert result.returncode == 1
    assert f"{path}:{first + 1}:" in result.stdout
    assert "turn 1, Bruno" in result.stdout and "R-GEN-02" in result.stdout
    assert "it is Anna's turn" in result.stdout


@pytest.mark.parametrize("name,content,expected", [
    ("malformed.yaml", "players: [Anna\nsetup: {", "malformed.yaml:"),
    ("empty.yaml", "", "empty"),
    ("binary.yaml", b"format: x\x00\x01\x02", "binary.yaml:1:"),
    ("latin1.yaml", "title: caf\xe9\n".encode("latin-1"), "UTF-8"),
    ("dupes.yaml", "format: grinivil-log/1\nformat: grinivil-log/1\n", "duplicate key 'format'"),
    ("tags.yaml", "format: !!python/object:os.system x\n", "tag"),
])
def test_unreadable_input_exits_2_with_a_clear_message(tmp_path: Path, name: str,
                                                       content: str | bytes,
                                                       expected: str) -> None:
    path = write(tmp_path, name, content)
    result = run("validate", str(path))
    assert result.returncode == 2
    assert expected in result.stdout + result.stderr


def test_billion_laughs_is_refused_fast(tmp_path: Path) -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        refs = ",".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    path = write(tmp_path, "laughs.yaml", "\n".join(lines) + "\n")
    result = run("validate", str(path))
    assert result.returncode == 2
    assert "alias" in result.stdout


def test_missing_file_and_directory_exit_2(tmp_path: Path) -> None:
    missing = run("validate", str(tmp_path / "nope.yaml"))
    assert missing.returncode == 2 and "nope.yaml" in missing.stdout
    folder = run("validate", str(tmp_path))
    assert folder.returncode == 2 and "folder" in (folder.stdout + folder.stderr).lower() or \
        "directory" in (folder.stdout + folder.stderr).lower()


def test_over_large_file_is_refused_and_the_limit_can_be_raised(tmp_path: Path) -> None:
    big = SAMPLE.read_text(encoding="utf-8")
    path = write(tmp_path, "big.yaml", big)
    small = run("validate", "--max-size", "1000", str(path))
    assert small.returncode == 2 and "--max-size" in small.stdout
    assert run("validate", "--max-size", str(10 * len(big)), str(path)).returncode == 0


def test_every_format_problem_is_reported_at_once_with_did_you_mean(tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace("tile: subsidy", "tile: subsidi", 1)
    text = text.replace("  money: 70", "  monye: 70", 1)
    assert "monye" in text
    path = write(tmp_path, "typos.yaml", text)
    result = run("validate", str(path))
    assert result.returncode == 2
    assert "did you mean 'subsidy'?" in result.stdout
    assert "did you mean 'money'?" in result.stdout
    assert len(result.stdout.strip().splitlines()) >= 2


def test_unknown_names_get_did_you_mean(tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace("- player: Anna", "- player: Ana", 1)
    path = write(tmp_path, "name.yaml", text)
    result = run("validate", str(path))
    assert result.returncode == 2
    assert "'Ana' is not a player; did you mean 'Anna'?" in result.stdout


def test_usage_error_exits_2() -> None:
    assert run("validate", "--format", "xml", str(SAMPLE)).returncode == 2
    assert run("frobnicate").returncode == 2


def test_show_prints_the_state_after_a_turn() -> None:
    """R-GEN-07: money is secret at the table, but the validator sees it through the log and
    shows it to the person checking the game (70 Grinies each after setup: the log's
    `money: 70`). In 80 columns the players table has a column per player, in 200 a row."""
    result = run("show", str(SAMPLE), "--turn", "0")
    lines = result.stdout.splitlines()
    assert next(line for line in lines if line.startswith("player ")).split() == [
        "player", "Anna", "Bruno"]
    assert next(line for line in lines if line.startswith("money ")).split() == [
        "money", "70", "70"]
    wide = run("show", str(SAMPLE), "--turn", "0", columns=200).stdout.splitlines()
    anna = next(line for line in wide if line.startswith("Anna "))
    assert anna.split()[1] == "70"
    assert result.returncode == 0
    assert "State after setup" in result.stdout
    assert "Anna" in result.stdout and "Market:" in result.stdout
    assert run("show", str(SAMPLE), "--turn", "9999").returncode == 2


def test_show_at_the_end_of_an_illegal_log_says_why_the_replay_stops() -> None:
    """The last state before the illegal move, and the move on stderr (exit 1); with --format
    json both are in the one document; an earlier turn is shown without it (exit 0)."""
    illegal = TOP / "samples" / "illegal" / "r-fee-03-fee-unaffordable.yaml"
    result = run("show", str(illegal))
    assert result.returncode == 1
    assert "State after turn 3" in result.stdout and "R-FEE-03" not in result.stdout
    assert result.stderr.startswith(f"{illegal}:40:11: turn 4, Bruno, Build Floor: R-FEE-03")
    result = run("show", str(illegal), "--format", "json")
    payload = json.loads(result.stdout)
    assert result.returncode == 1 and payload["turn"] == 3
    assert payload["validation"]["error"]["rule"] == "R-FEE-03" and result.stderr == ""
    result = run("show", str(illegal), "--turn", "2")
    assert result.returncode == 0 and result.stderr == ""


def test_schema_prints_the_log_schema() -> None:
    result = run("schema")
    assert json.loads(result.stdout)["$schema"].endswith("2020-12/schema")


def test_simulate_is_byte_identical_for_a_seed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert run("simulate", "--players", "2", "--seed", "5", "-o", str(a)).returncode == 0
    assert run("simulate", "--players", "2", "--seed", "5", "-o", str(b)).returncode == 0
    assert a.read_bytes() == b.read_bytes()
    assert run("validate", str(a)).returncode == 0


def test_batch_directories_globs_and_jobs_keep_the_input_order(tmp_path: Path) -> None:
    """Directories and globs expand (sorted); with --jobs 2 the output order is the same; one
    broken file does not stop the others; the worst exit code wins."""
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in ("b.yaml", "a.yaml"):
        (folder / name).write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "c.yaml").write_text("format: grinivil-log/1\nplayers: [\n", encoding="utf-8")
    illegal = TOP / "samples" / "illegal" / "r-gen-02-turn-out-of-order.yaml"
    one = run("validate", "--format", "jsonl", str(folder), str(illegal))
    two = run("validate", "--format", "jsonl", "--jobs", "2", str(folder / "*.yaml"),
              str(illegal))
    assert one.stdout == two.stdout
    *lines, last = [json.loads(line) for line in one.stdout.splitlines()]
    assert last == {"summary": {"files": 4, "legal": 2, "claims": 0, "illegal": 1, "unreadable": 1,
                                "error": 0, "unfinished": 0, "skipped": 0, "exit": 2}}
    assert [Path(x["file"]).name for x in lines] == ["a.yaml", "b.yaml", "c.yaml", illegal.name]
    assert [x["status"] for x in lines] == ["legal", "legal", "unreadable", "illegal"]
    assert one.returncode == two.returncode == 2
    text = run("validate", str(folder))
    assert "3 files: 2 legal, 1 unreadable" in text.stdout


def test_a_game_the_bots_cannot_finish_is_a_clean_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    """No unfinished log is written: the message names the seed and the turn limit."""
    from typer.testing import CliRunner

    from grinivil_cli.cli import app
    from grinivil_cli.sim import arena

    monkeypatch.setattr(arena, "MAX_TURNS", 10)
    out = tmp_path / "g.yaml"
    result = CliRunner().invoke(app, ["simulate", "--players", "2", "--seed", "1", "-o", str(out)])
    assert result.exit_code == 2
    assert "the bots found no end to the game of seed 1 in 10 turns" in result.output
    assert not out.exists()


def run_with_input(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, input=text, timeout=120)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def test_a_log_on_standard_input_is_read_from_dash_and_named_stdin() -> None:
    """`-` reads standard input (once, in the main process even with --jobs 2); messages name
    it <stdin> with the line and column, as for a file."""
    turns = len(yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))["turns"])
    result = run_with_input(SAMPLE.read_text(encoding="utf-8"), "validate", "-")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == f"<stdin>: legal ({turns} turns)"
    illegal = TOP / "samples" / "illegal" / "r-fee-03-fee-unaffordable.yaml"
    result = run_with_input(illegal.read_text(encoding="utf-8"), "validate", "-", str(SAMPLE),
                            "--jobs", "2")
    assert result.returncode == 1
    assert result.stdout.startswith("<stdin>:40:11: turn 4, Bruno, Build Floor: R-FEE-03: ")
    assert f"{SAMPLE}: legal" in result.stdout
    result = run_with_input(SAMPLE.read_text(encoding="utf-8"), "validate", "-",
                            "--max-size", "1000")
    assert result.returncode == 2 and "'<stdin>' is too big to be a log" in result.stdout
    result = run_with_input(SAMPLE.read_text(encoding="utf-8"), "audit", "-")
    assert result.returncode == 0 and result.stdout.startswith("Audit of <stdin>")


@pytest.mark.parametrize("name,message", [
    ("Municipality", "'Municipality' cannot be a player's name: grinivil uses it for the "
                     "Municipality"),
    ("bank", "'bank' cannot be a player's name: grinivil uses it for the bank"),
    ('"An\\nna"', "a player's name cannot hold control characters ('An\\nna' has U+000A)"),
    ('"\\e[31mAnna"', "a player's name cannot hold control characters"),
])
def test_reserved_or_garbling_player_names_are_refused_where_they_are_given(
        tmp_path: Path, name: str, message: str) -> None:
    """The engine pays the bank and the Municipality under those names, so a player called so
    would be mixed up with them; control characters would garble every message."""
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace("- {name: Anna, colour: brown}", f"- {{name: {name}, colour: brown}}")
    result = run("validate", str(write(tmp_path, "names.yaml", text)))
    assert result.returncode == 2
    assert any(line.startswith(f"{tmp_path / 'names.yaml'}:8:10: {message}")
               for line in result.stdout.splitlines()), result.stdout


def test_an_unknown_pledger_is_a_name_problem_with_did_you_mean(tmp_path: Path) -> None:
    """The promo-tiles sample's first Crowdfunding (#52P): David's, for a Shopping Center on
    C.s6, pledged by David (30), Anna (38) and Clara (51). With Anna misspelt `Ana` among the
    pledgers the name is reported at its place (column 24 of the `pledges` line: 12 characters
    of `  pledges: {` and 11 of `David: 30, ` before it) with a "did you mean" (exit 2), and
    nothing of the replay is judged."""
    promo = TOP / "samples" / "variants" / "promo-tiles-4p.yaml"
    lines = promo.read_text(encoding="utf-8").splitlines(keepends=True)
    line = lines.index("  pledges: {David: 30, Anna: 38, Clara: 51}\n") + 1
    assert lines[line - 5:line - 3] == ["- player: David\n", "  tile: crowdfunding\n"]
    assert not any("tile: crowdfunding" in x for x in lines[:line - 4])  # the first one
    lines[line - 1] = "  pledges: {David: 30, Ana: 38, Clara: 51}\n"
    result = run("validate", str(write(tmp_path, "pledge.yaml", "".join(lines))))
    assert result.returncode == 2
    assert f":{line}:24: 'Ana' is not a player; did you mean 'Anna'?" in result.stdout


@pytest.mark.parametrize("old,new,where", [
    ("    Anna: [petra, emil]\n", "", ":16:3: setup: R-SETUP-15: Anna is dealt 2"),
    ("{C.s5: bank, O1.s2: church}", "{C.s5: bank}",
     ":13:21: setup: R-MUNI-05: an orange Block goes on the Municipal site O1.s2"),
])
def test_a_setup_problem_points_at_the_entry_that_lacks_something(
        tmp_path: Path, old: str, new: str, where: str) -> None:
    """A block mapping as a whole is pointed at by its key (`residents:`), not by its first
    entry (another player's line); a missing Municipal token at `municipal_tokens`."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert old in text
    result = run("validate", str(write(tmp_path, "setup.yaml", text.replace(old, new, 1))))
    assert result.returncode == 1, result.stdout
    assert result.stdout.startswith(f"{tmp_path / 'setup.yaml'}{where}"), result.stdout


def test_an_unknown_edition_named_by_the_log_is_pointed_at(tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace("edition: standard", "edition: standart")
    result = run("validate", str(write(tmp_path, "ed.yaml", text)))
    assert result.returncode == 2
    assert result.stdout.startswith(f"{tmp_path / 'ed.yaml'}:4:10: edition standart: unknown "
                                    "edition 'standart'; did you mean 'standard'?")
    result = run("validate", "--edition", "nosuch", str(SAMPLE))
    assert result.returncode == 2 and "unknown edition 'nosuch'" in result.stdout


def test_globs_and_folders_say_what_they_found(tmp_path: Path) -> None:
    """A glob matching folders validates the logs in them, as a folder named does; an empty
    folder and a glob matching nothing are each reported as such (exit 2)."""
    for name in ("a", "b"):
        (tmp_path / "logs" / name).mkdir(parents=True)
        (tmp_path / "logs" / name / "g.yaml").write_text(SAMPLE.read_text(encoding="utf-8"),
                                                          encoding="utf-8")
    (tmp_path / "empty").mkdir()
    result = run("validate", str(tmp_path / "logs" / "*"))
    assert result.returncode == 0 and "2 files: 2 legal" in result.stdout
    result = run("validate", str(tmp_path / "empty"), str(tmp_path / "none*.yaml"))
    assert result.returncode == 2
    assert f"'{tmp_path / 'empty'}' is a folder with no log (.yaml or .yml) in it" in result.stdout
    assert f"'{tmp_path / 'none*.yaml'}' matches no file" in result.stdout


def test_an_edition_that_cannot_be_read_says_why(tmp_path: Path) -> None:
    """A folder, a missing file and an empty name: exit 2 with the reason in words."""
    (tmp_path / "d").mkdir()
    for edition, why in ((str(tmp_path / "d"), "it is a folder, not an edition file"),
                         (str(tmp_path / "none.yaml"), "no such file"),
                         ("", "the edition is empty: give a bundled edition's name")):
        result = run("validate", "--edition", edition, str(SAMPLE))
        assert result.returncode == 2, edition
        assert why in result.stdout and "Errno" not in result.stdout, result.stdout
