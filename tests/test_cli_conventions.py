"""The conventions a Python command-line user expects (issue 15): `--version`, `-h`, shell
completion, help texts that read as sentences at 80 columns and name their values, flags shown
as flags."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import yaml

import grinivil as api
import grinivil_cli

from clikit import words


def grinivil(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-m", "grinivil_cli", *args], capture_output=True,
                            text=True, timeout=120,
                            env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1", **(env or {})})
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_prints_the_installed_version(flag: str) -> None:
    """The version, written in one place (`grinivil_cli.__version__`), is the installed
    package's (pyproject.toml reads it) and the API's; exit 0."""
    result = grinivil(flag)
    assert result.returncode == 0
    assert result.stdout == f"grinivil {grinivil_cli.__version__}\n"
    assert version("grinivil") == grinivil_cli.__version__ == api.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", grinivil_cli.__version__)


def test_h_is_help_for_the_program_and_each_command() -> None:
    top, short = grinivil("--help"), grinivil("-h")
    assert top.returncode == short.returncode == 0 and top.stdout == short.stdout
    assert "validate" in top.stdout and "report" in top.stdout
    long_, short = grinivil("validate", "--help"), grinivil("validate", "-h")
    assert long_.returncode == short.returncode == 0 and long_.stdout == short.stdout


def option_line(help_text: str, option: str) -> str:
    return next(line for line in help_text.splitlines() if f" {option} " in line)


def test_flags_take_no_value_and_options_name_theirs() -> None:
    """`--lenient` is a flag: no value placeholder beside it (a `<bool>` there made people
    write `--lenient true`, read as a file name); `--jobs` takes N, `--edition` a name or a
    file, and the logs are LOG, several."""
    text = grinivil("validate", "-h").stdout
    lenient = option_line(text, "--lenient")
    assert "<bool>" not in lenient and "true" not in lenient.lower().split("carry")[0]
    assert " N " in option_line(text, "--jobs")
    assert "NAME|FILE" in option_line(text, "--edition")
    assert "BYTES" in option_line(text, "--max-size")
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "LOG" in usage  # `LOG` at typer 0.16 (the floor), `{LOG}...` at 0.29
    assert "Replay each log" in text
    for command, flag in (("render", "--png"), ("render", "--ids"), ("audit", "--lenient")):
        assert "<bool>" not in option_line(grinivil(command, "-h").stdout, flag), (command, flag)


def test_help_texts_are_sentences_reflowed_to_the_width() -> None:
    """A docstring's line breaks are not the help's: at 80 columns the summary of `validate`
    reads "... 1 at the first illegal move or disagreeing claim ..." on one line, where the
    docstring breaks after "first"."""
    text = grinivil("--help").stdout
    assert "1 at the first illegal move or disagreeing claim" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_shell_completion_completes_commands_and_options() -> None:
    """Completion is on: the shell's completion protocol (what `--install-completion` sets
    up) answers `grinivil val<TAB>` with `validate` and `grinivil validate --le<TAB>` with
    `--lenient`."""
    def complete(words: str) -> list[str]:
        result = grinivil(env={"_GRINIVIL_COMPLETE": "complete_bash", "COMP_WORDS": words,
                               "COMP_CWORD": str(len(words.split()) - 1)})
        assert result.returncode == 0, result.stderr
        return result.stdout.split()

    assert complete("grinivil val") == ["validate"]
    assert complete("grinivil validate --le") == ["--lenient"]
    assert "--install-completion" in grinivil("--help").stdout  # (it detects the shell it
    # runs under: not testable here, where the tests run without one)


# --- validating many logs: what is taken, in which order, and what is printed ----------------

TOP = Path(__file__).resolve().parent.parent
SAMPLES = TOP / "samples"
GAME = SAMPLES / "game-2p.yaml"
ILLEGAL = SAMPLES / "illegal" / "r-gen-02-turn-out-of-order.yaml"


def copy_log(path: Path, source: Path = GAME) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def jsonl(*args: str) -> tuple[list[dict[str, Any]], dict[str, Any], int]:
    result = grinivil("validate", "--format", "jsonl", *args)
    *records, last = [json.loads(line) for line in result.stdout.splitlines()]
    return records, last["summary"], result.returncode


def test_a_folder_is_read_in_natural_order_without_its_hidden_folders(tmp_path: Path) -> None:
    """sim-2-9, sim-2-10, sim-2-15, sim-2-100 in that order (numbers as numbers, not text:
    10 < 100 < 15); `.git/` and a hidden file are skipped in a folder, a hidden file named on
    the command line is not."""
    for n in (100, 15, 10, 9):
        copy_log(tmp_path / "games" / f"sim-2-{n}.yaml")
    copy_log(tmp_path / "games" / ".git" / "copy.yaml")
    hidden = copy_log(tmp_path / "games" / ".draft.yaml")
    records, summary, code = jsonl(str(tmp_path / "games"))
    assert [Path(r["file"]).name for r in records] == [
        "sim-2-9.yaml", "sim-2-10.yaml", "sim-2-15.yaml", "sim-2-100.yaml"]
    assert summary["files"] == 4 and summary["legal"] == 4 and code == 0
    records, _, _ = jsonl(str(hidden))
    assert [Path(r["file"]).name for r in records] == [".draft.yaml"]


def test_exclude_skips_matching_files_and_folders(tmp_path: Path) -> None:
    """`--exclude 'old*'` (repeatable) skips the folder `old/` and `old-1.yaml` found in the
    folder, as ruff's and black's `--exclude` do; a file named on the command line is taken."""
    copy_log(tmp_path / "t" / "final.yaml")
    old = copy_log(tmp_path / "t" / "old-1.yaml")
    copy_log(tmp_path / "t" / "old" / "a.yaml")
    copy_log(tmp_path / "t" / "draft" / "b.yaml")
    records, _, _ = jsonl(str(tmp_path / "t"), "--exclude", "old*", "--exclude", "draft")
    assert [Path(r["file"]).name for r in records] == ["final.yaml"]
    records, _, _ = jsonl(str(old), "--exclude", "old*")
    assert [Path(r["file"]).name for r in records] == ["old-1.yaml"]


def test_yaml_files_that_are_not_logs_are_skipped_and_counted(tmp_path: Path) -> None:
    """A `docker-compose.yaml` in a folder of logs has none of a log's keys: it is not
    reported as an unreadable log but skipped, counted and named in the summary (exit 0);
    named on the command line it is read, and unreadable (exit 2)."""
    copy_log(tmp_path / "club" / "game.yaml")
    compose = tmp_path / "club" / "docker-compose.yaml"
    compose.write_text("services:\n  web:\n    image: nginx\n", encoding="utf-8")
    records, summary, code = jsonl(str(tmp_path / "club"))
    assert [Path(r["file"]).name for r in records] == ["game.yaml"]
    assert summary["skipped"] == 1 and code == 0
    text = grinivil("validate", str(tmp_path / "club"))
    assert text.returncode == 0
    assert ("1 YAML file skipped, not Grinivil logs (none of a log's keys: format, players, "
            "setup, turns): docker-compose.yaml") in text.stdout
    assert grinivil("validate", str(compose)).returncode == 2


def test_quiet_prints_only_the_findings(tmp_path: Path) -> None:
    """With a legal and an illegal log, `--quiet` prints the illegal move (file:line:col, its
    rule) and nothing about the legal one: no table, no summary; the exit code is 1."""
    legal = copy_log(tmp_path / "legal.yaml")
    result = grinivil("validate", "--quiet", str(legal), str(ILLEGAL))
    assert result.returncode == 1
    assert "R-GEN-02" in result.stdout and ILLEGAL.name in result.stdout
    assert "legal.yaml" not in result.stdout and "files:" not in result.stdout
    assert grinivil("validate", "-q", str(legal)).stdout == ""


def test_an_unfinished_log_is_flagged_in_the_table_and_the_summary(tmp_path: Path) -> None:
    """A legal log that ends before its game does (the 2-player sample cut after 10 turns) is
    legal, but the table says it is unfinished and who is still playing, and the count says
    how many of the legal ones are."""
    data = yaml.safe_load(GAME.read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:10]
    del data["final_scores"], data["winner"]
    cut = tmp_path / "cut.yaml"
    cut.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    whole = copy_log(tmp_path / "whole.yaml")
    result = grinivil("validate", str(whole), str(cut))
    assert result.returncode == 0
    row = next(line for line in result.stdout.splitlines()
               if line.startswith(f"{cut} "))  # the table row, not the report "{cut}: ..."
    assert row.split()[1:] == ["legal", "10", "turns,", "unfinished", "(Anna,", "Bruno",
                               "still", "playing)"]
    assert "2 files: 2 legal (1 unfinished)" in result.stdout
    _, summary, _ = jsonl(str(whole), str(cut))
    assert summary["unfinished"] == 1


def test_json_is_one_document_and_jsonl_a_record_a_line(tmp_path: Path) -> None:
    """`--format json` prints one JSON document that `json.load` reads: every file's report
    and the summary (counts and exit code); `--format jsonl` streams the same reports, one a
    line, and the summary record last."""
    legal = copy_log(tmp_path / "a.yaml")
    result = grinivil("validate", "--format", "json", str(legal), str(ILLEGAL))
    document = json.loads(result.stdout)
    assert [Path(f["file"]).name for f in document["files"]] == ["a.yaml", ILLEGAL.name]
    assert document["summary"] == {"files": 2, "legal": 1, "claims": 0, "illegal": 1,
                                   "unreadable": 0,
                                   "error": 0, "unfinished": 0, "skipped": 0, "exit": 1}
    assert result.returncode == 1
    records, summary, code = jsonl(str(legal), str(ILLEGAL))
    assert records == document["files"] and summary == document["summary"] and code == 1


def test_rule_explains_an_id_and_validate_points_at_it() -> None:
    """R-FEE-03 (the Participation Fee: 5 G + 3 G per resident living in Grinivil, at most
    20 G): `grinivil rule R-FEE-03` says so with its chapter (exit 0), a family lists its ids,
    an unknown id is exit 2 with a "did you mean"; `validate` of a log breaking R-FEE-03 ends
    with the hint, once."""
    text = grinivil("rule", "R-FEE-03")
    assert text.returncode == 0
    assert "Floor Construction" in text.stdout
    assert all(n in text.stdout for n in ("5 G", "3 G", "20 G"))
    family = grinivil("rule", "fee")
    assert family.returncode == 0
    assert [f"R-FEE-0{i}" in family.stdout for i in range(1, 5)] == [True] * 4
    unknown = grinivil("rule", "R-FE-03")
    assert unknown.returncode == 2 and "did you mean 'R-FEE-03'?" in unknown.stderr
    illegal = SAMPLES / "illegal" / "r-fee-03-fee-unaffordable.yaml"
    result = grinivil("validate", str(illegal), str(illegal.with_name("r-a05-02-initiator-"
                                                                      "bid-nine.yaml")))
    assert result.returncode == 1
    assert result.stderr.count("grinivil rule") == 1
    assert "grinivil rule R-FEE-03" in result.stderr


def test_every_sample_names_a_schema_an_editor_can_open() -> None:
    """The `# yaml-language-server: $schema=...` line of every sample is a path, relative to
    the sample, of the log schema in this repository (an address that does not resolve gave
    editors nothing to complete from); the schema's land-tile example is a tile of the
    edition (`I03`, where it said `L03`, which no edition has)."""
    schema = (TOP / "schemas" / "game-log.schema.json").resolve()
    samples = sorted((TOP / "samples").rglob("*.yaml"))
    assert len(samples) > 40
    for sample in samples:
        head = sample.read_text(encoding="utf-8").splitlines()[:3]
        line = next(x for x in head if "yaml-language-server: $schema=" in x)
        target = line.split("$schema=", 1)[1].strip()
        assert (sample.parent / target).resolve() == schema, sample
    from grinivil_cli.edition.load import load_edition

    examples = json.loads(schema.read_text(encoding="utf-8"))["$defs"]["landTile"]["examples"]
    assert examples and set(examples) <= set(load_edition("standard").land_tiles)


def test_the_pre_commit_hook_validates_the_staged_logs_and_skips_other_yaml(
        tmp_path: Path) -> None:
    """.pre-commit-hooks.yaml, run as pre-commit runs a `language: python` hook: its `entry`
    (the installed `grinivil` command) with every staged file of its `types` (YAML) as
    arguments. A legal log and a `docker-compose.yaml` pass silently (exit 0: the compose
    file is skipped, not reported as an unreadable log); an illegal log fails the commit
    (exit 1) with its finding."""
    hooks = yaml.safe_load((TOP / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "grinivil-validate")
    assert hook["language"] == "python" and hook["types"] == ["yaml"]
    command, *flags = hook["entry"].split()
    assert command == "grinivil"
    legal = copy_log(tmp_path / "logs" / "game.yaml")
    compose = tmp_path / "docker-compose.yaml"
    compose.write_text("services:\n  web:\n    image: nginx\n", encoding="utf-8")

    def commit(*files: Path) -> subprocess.CompletedProcess[str]:
        exe = Path(sys.executable).parent / command  # the venv's console script
        return subprocess.run([str(exe), *flags, *map(str, files)], capture_output=True,
                              text=True, timeout=120)

    clean = commit(legal, compose)
    assert (clean.returncode, clean.stdout) == (0, "")
    broken = commit(legal, compose, ILLEGAL)
    assert broken.returncode == 1
    assert "R-GEN-02" in broken.stdout and "game.yaml" not in broken.stdout


def test_show_json_is_typed_and_lists_every_site_and_spot() -> None:
    """`show --format json` after turn 4 of the 2-player sample (Bruno, Build Floor on O1.s1,
    the second Floor of the Municipality's House there, finishing it): numbers are numbers,
    the workers and the ring position are objects, the portfolio a list; every Building Site
    and Planting Spot of the four placed land tiles is listed with its id, the empty ones
    included (their ids are the names a log uses), and the header names the turn's action."""
    result = grinivil("show", str(GAME), "--turn", "4", "--format", "json")
    assert result.returncode == 0
    state = json.loads(result.stdout)
    assert (state["turn"], state["player"], state["action"]) == (4, "Bruno", "build-floor")
    bruno = next(p for p in state["players"] if p["player"] == "Bruno")
    assert isinstance(bruno["money"], int) and isinstance(bruno["vp"], int)
    total = bruno["workers"]["free"] + bruno["workers"]["employed"]
    assert bruno["workers"]["employed"] == 1 and total == 3  # his Worker on the House
    assert isinstance(bruno["portfolio"], list) and isinstance(bruno["ring"]["position"], int)
    sites = {x["site"]: x["building"] for x in state["sites"]}
    assert sites["O1.s1"] == "house" and sites["I0.s1"] is None
    assert {x["slot"] for x in state["tiles"]} == {s.split(".")[0] for s in sites}
    spots = {x["spot"]: x["tree"] for x in state["spots"]}
    assert spots and not any(spots.values())  # nobody has planted yet
    house = next(b for b in state["buildings"] if b["site"] == "O1.s1")
    assert (house["floors_built"], house["floors"], house["state"]) == (2, 2, "finished")
    assert house["blocks"] == ["Municipality", "Bruno"]
    text = grinivil("show", str(GAME), "--turn", "4").stdout
    assert text.startswith("State after turn 4 (Bruno, Build Floor)")
    assert "Empty Building Sites: C.s1, C.s2" in text


def test_card_and_building_names_are_read_in_any_case_and_as_printed(tmp_path: Path) -> None:
    """The 2-player sample with its resident cards written as printed on the cards (`Petra`,
    `EMIL`) and its buildings by their printed names (`House`, `Pub`: one word each): the same
    game (legal, Anna 76 and Bruno 70, the log's final scores); a misspelt card is still a
    format problem with a "did you mean" (exit 2)."""
    from grinivil_cli.edition.load import load_edition

    edition = load_edition("standard")
    text = GAME.read_text(encoding="utf-8")
    text = text.replace("[petra, emil]", "[Petra, EMIL]").replace(
        "display: [greta,", "display: [Greta,")
    text = text.replace("building: house", f"building: {edition.buildings['house'].name}")
    text = text.replace("building: pub", f"building: {edition.buildings['pub'].name}")
    assert "[Petra, EMIL]" in text and "display: [Greta," in text
    assert "building: house" not in text and "building: Pub" in text
    log = tmp_path / "printed.yaml"
    log.write_text(text, encoding="utf-8")
    result = grinivil("validate", str(log))
    assert result.returncode == 0, result.stdout
    assert "final scores: 1. Anna 76, 2. Bruno 70" in result.stdout
    log.write_text(text.replace("[Petra,", "[Ptera,"), encoding="utf-8")
    typo = grinivil("validate", str(log))
    assert typo.returncode == 2 and "'Ptera' is not a resident card; did you mean 'petra'?" \
        in typo.stdout


def test_schema_for_an_edition_names_what_an_editor_completes(tmp_path: Path) -> None:
    """`grinivil schema --edition standard`: the log schema with the edition's resident cards,
    buildings and land tiles as enums (29, 19 and 17 in the standard edition: its data file)
    and every Building Site and Planting Spot id a land tile can have in each slot; every
    sample is valid against it, a misspelt card is not; an unknown edition is exit 2."""
    from jsonschema import Draft202012Validator

    from grinivil_cli.edition.load import load_edition

    result = grinivil("schema", "--edition", "standard")
    assert result.returncode == 0
    schema = json.loads(result.stdout)
    edition = load_edition("standard")
    defs = schema["$defs"]
    assert defs["resident"]["enum"] == sorted(edition.residents)
    assert defs["building"]["enum"] == sorted(edition.buildings)
    assert defs["landTile"]["enum"] == sorted(edition.land_tiles)
    assert (len(edition.residents), len(edition.buildings), len(edition.land_tiles)) == (
        29, 19, 17)
    assert "I3.s2" in defs["site"]["enum"] and "I3.p1" in defs["spot"]["enum"]
    validator = Draft202012Validator(schema)
    for sample in sorted(SAMPLES.glob("game-*.yaml")):
        data = yaml.safe_load(sample.read_text(encoding="utf-8"))
        assert not list(validator.iter_errors(data)), sample
    data["setup"]["display"][0] = "gretta"
    assert list(validator.iter_errors(data))
    assert grinivil("schema", "--edition", "nosuch").returncode == 2


def test_new_writes_a_legal_setup_that_says_where_each_value_comes_from(
        tmp_path: Path) -> None:
    """`grinivil new --names Anna,Bruno,Clara -o FILE`: a 3-player log with those names in
    seating order and a legal setup dealt from the seed (the same seed, the same setup), a
    comment above each setup value naming its step of the rulebook's Setup, a `$schema` path
    that resolves from the file's folder to the log schema, no turn yet (legal, unfinished),
    and `grinivil record` can go on from it. An existing file, or fewer than 2 names, is a
    usage error (exit 2)."""
    from grinivil_cli.recorder.session import Recording

    out = tmp_path / "club" / "game.yaml"
    out.parent.mkdir()
    result = grinivil("new", "--names", "Anna,Bruno,Clara", "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert [p["name"] for p in data["players"]] == ["Anna", "Bruno", "Clara"]
    assert data["turns"] == []
    for step in ("# Setup 1: the two Inner Land Tiles", "# Setup 3: the five resident cards",
                 "# Setup 5: the cubes drawn for the Market", "# Time Action Ring Setup"):
        assert step in text
    assert text.splitlines()[0] == "# yaml-language-server: $schema=game-log.schema.json"
    target = out.parent / "game-log.schema.json"
    assert f"`grinivil schema -o {target}` writes it there." in words(result.stdout)
    assert grinivil("schema", "-o", str(target)).returncode == 0
    assert json.loads(target.read_text(encoding="utf-8"))["$id"].endswith(
        "game-log.schema.json")
    second = grinivil("new", "--names", "Anna,Bruno", "-o", str(out.parent / "two.yaml"))
    assert second.returncode == 0 and "$schema" not in second.stdout  # found beside it now
    check = grinivil("validate", str(out))
    assert check.returncode == 0 and "(0 turns)" in check.stdout
    again = tmp_path / "again.yaml"
    assert grinivil("new", "--names", "Anna,Bruno,Clara", "-o", str(again)).returncode == 0
    assert yaml.safe_load(again.read_text(encoding="utf-8"))["setup"] == data["setup"]
    assert Recording.open(out).turns == 0  # `grinivil record` goes on from it
    assert grinivil("new", "--names", "Anna,Bruno", "-o", str(out)).returncode == 2
    assert grinivil("new", "--names", "Anna", "-o", str(tmp_path / "x.yaml")).returncode == 2


def test_a_misspelt_key_a_wrong_type_and_a_misspelt_card_are_reported_in_one_run(
        tmp_path: Path) -> None:
    """The 2-player sample with three mistakes: `mony` for `money` (a key), `six` for the
    Conversion Die (a type; the sample's is 8) and `ptera` for the card `petra` (a name). One
    run reports all three, in the order of the log, each with its place (it took three runs:
    the names were judged only once the schema was satisfied); exit 2."""
    text = GAME.read_text(encoding="utf-8")
    text = text.replace("  money: 70\n", "  mony: 70\n", 1)
    text = text.replace("conversion_rate: 8\n", "conversion_rate: six\n", 1)
    text = text.replace("[petra, emil]", "[ptera, emil]")
    assert all(word in text for word in ("mony: 70", "conversion_rate: six", "[ptera, emil]"))
    log = tmp_path / "three.yaml"
    log.write_text(text, encoding="utf-8")
    result = grinivil("validate", str(log))
    assert result.returncode == 2
    lines = [line.split(": ", 1)[1] for line in result.stdout.splitlines()
             if line.startswith(str(log))]
    assert lines == ["unknown key 'mony' in the setup; did you mean 'money'?",
                     "'ptera' is not a resident card; did you mean 'petra'?",
                     "expected a whole number, found text 'six'"]


def test_validate_on_a_dask_cluster_gives_the_reports_of_one_process() -> None:
    """`--dask local` (a Dask cluster of this machine's cores, started for the run; an address
    `tcp://host:8786` names an existing one): the same reports, in the same order, and the
    same exit code as one process; with --jobs it is a usage error."""
    pytest.importorskip("distributed")
    logs = [str(p) for p in sorted(SAMPLES.glob("game-*.yaml"))] + [str(ILLEGAL)]
    one = grinivil("validate", "--format", "jsonl", *logs)
    dask = grinivil("validate", "--format", "jsonl", "--dask", "local", *logs)
    assert dask.returncode == one.returncode == 1
    assert dask.stdout == one.stdout
    both = grinivil("validate", "--dask", "local", "--jobs", "2", *logs)
    assert both.returncode == 2 and "not with --jobs" in both.stderr


def test_a_log_started_by_record_names_the_nearest_schema_not_the_installed_one(
        tmp_path: Path) -> None:
    """`grinivil record --deal` starts a log whose `$schema` comment is a path from the log's
    folder to the nearest copy of the log schema in that folder or above it (`NAME` or
    `schemas/NAME`: a club's repository, this project's samples), else the name itself,
    beside the log: never a path into the installed package (issue 33: a log pointed into
    someone's virtual environment)."""
    from grinivil_cli.recorder.session import Recording

    out = tmp_path / "club" / "2026" / "game.yaml"
    out.parent.mkdir(parents=True)
    Recording.deal(out, 2, 7).close()
    assert out.read_text(encoding="utf-8").splitlines()[0] == \
        "# yaml-language-server: $schema=game-log.schema.json"
    (tmp_path / "club" / "schemas").mkdir()
    (tmp_path / "club" / "schemas" / "game-log.schema.json").write_text("{}")
    again = out.with_name("again.yaml")
    Recording.deal(again, 2, 7).close()
    first = again.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schemas/game-log.schema.json"
    assert (again.parent / "../schemas/game-log.schema.json").is_file()


def test_simulate_bot_planner_writes_a_legal_game_its_header_reproduces(tmp_path: Path) -> None:
    """`simulate --bot planner` (issue 16): a finished legal game whose header names the
    command with `--bot planner`; that command run again gives the same bytes; the log is
    the one `arena.play` makes with a planner in every seat. A misspelt bot: exit 2 and a
    "did you mean"."""
    from grinivil_cli.edition.load import load_edition
    from grinivil_cli.logfile.writer import log_to_yaml
    from grinivil_cli.sim.arena import play

    out = tmp_path / "p.yaml"
    made = grinivil("simulate", "--players", "2", "--seed", "3", "--bot", "planner", "-o",
                    str(out))
    assert made.returncode == 0, made.stderr
    text = out.read_text(encoding="utf-8")
    schema, header, body = text.split("\n", 2)
    assert header.endswith("(grinivil simulate --players 2 --seed 3 --bot planner).")
    assert schema == "# yaml-language-server: $schema=game-log.schema.json"  # none above
    again = grinivil("simulate", "--players", "2", "--seed", "3", "--bot", "planner")
    assert again.stdout.split("\n", 1)[1] == text.split("\n", 1)[1]
    log, _ = play(load_edition("standard"), 2, 3, "planner")
    assert log_to_yaml(log, " --players 2 --seed 3 --bot planner").split("\n", 2)[2] == body
    checked = grinivil("validate", str(out))
    assert checked.returncode == 0, checked.stdout
    assert set(yaml.safe_load(text)["final_scores"]) == {p["name"] for p in log["players"]}

    wrong = grinivil("simulate", "--bot", "plnner")
    assert wrong.returncode == 2
    assert "--bot must be simple or planner, not 'plnner'; did you mean 'planner'?" in \
        wrong.stderr
