"""One vocabulary across the commands (issue 33, item 7): `--players` is a number everywhere
and the names go in `--names`; `--format` says `text` wherever it says it; every `-h` names
its exit codes; a usage error is in our words (typer's, from pydantic, said "Input should be a
valid integer, unable to parse string as an integer"); `validate` does not call a log whose
moves are all legal "illegal" because a number it claims disagrees."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clikit import grinivil

TOP = Path(__file__).resolve().parent.parent
GAME = TOP / "samples" / "game-2p.yaml"
CLAIMS = TOP / "samples" / "claims" / "wrong-tree-reward.yaml"
ILLEGAL = TOP / "samples" / "illegal" / "r-fee-03-fee-unaffordable.yaml"
COMMANDS = [["validate"], ["show"], ["simulate"], ["audit"], ["ledger"], ["moves"], ["record"],
            ["serve"], ["new"], ["rule"], ["schema"], ["render"], ["viewer"], ["report"],
            ["edition", "new"], ["edition", "check"], ["edition", "diff"], ["edition", "show"],
            ["edition", "schema"]]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_help_names_the_exit_codes(command: list[str]) -> None:
    """`grinivil COMMAND -h` says what each exit code means (`Exit 0 ...`)."""
    result = grinivil(*command, "-h")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert re.search(r"Exit (0|the worst)", text), text


@pytest.mark.parametrize(("args", "said"), [
    (["validate", "--jobs", "x", str(GAME)],
     "Invalid value for '--jobs' / '-j': takes a whole number of 1 or more, not 'x'"),
    (["validate", "--jobs", "0", str(GAME)],
     "Invalid value for '--jobs' / '-j': takes a whole number of 1 or more, not 0"),
    (["show", str(GAME), "--turn", "-1"],
     "Invalid value for '--turn': takes a whole number of 0 or more, not -1"),
    (["validate", "--max-size", "1e6", str(GAME)],
     "Invalid value for '--max-size': takes a whole number of 1 or more, not '1e6'"),
    (["simulate", "--players", "7"],
     "Invalid value for '--players': takes a whole number from 2 to 6, not 7"),
    (["new", "-o", "x.yaml", "--players", "Anna,Bruno"],
     "Invalid value for '--players': takes a whole number from 2 to 6, not 'Anna,Bruno' "
     "(their names go in --names Anna,Bruno)"),
])
def test_a_usage_error_is_in_our_words(args: list[str], said: str, tmp_path: Path) -> None:
    """Exit 2, the option named and what it takes, never pydantic's words."""
    result = grinivil(*args, cwd=tmp_path)
    assert result.returncode == 2
    err = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.stderr).split())
    assert said in err, err
    assert "Input should be" not in result.stderr


def test_new_takes_names_and_players_is_a_number(tmp_path: Path) -> None:
    """`new --names Anna,Bruno,Clara` (3 players, in that order); `new --players 2` names them
    Anna and Bruno; both given must agree; neither is a usage error that says what to give."""
    named = grinivil("new", "-o", "a.yaml", "--names", "Anna,Bruno,Clara", cwd=tmp_path)
    assert named.returncode == 0, named.stderr
    assert "a new 3-player game (Anna, Bruno, Clara)" in named.stdout
    counted = grinivil("new", "-o", "b.yaml", "--players", "2", cwd=tmp_path)
    assert counted.returncode == 0 and "a new 2-player game (Anna, Bruno)" in counted.stdout
    both = grinivil("new", "-o", "c.yaml", "--players", "2", "--names", "A,B,C", cwd=tmp_path)
    assert both.returncode == 2 and "--players 2 but --names gives 3 names" in both.stderr
    neither = grinivil("new", "-o", "d.yaml", cwd=tmp_path)
    assert neither.returncode == 2 and "--names Anna,Bruno,Clara" in neither.stderr
    assert not (tmp_path / "c.yaml").exists() and not (tmp_path / "d.yaml").exists()


def test_record_deals_as_many_players_as_names(tmp_path: Path) -> None:
    """`record --deal 7 --names Ann,Ben` deals a 2-player game (the count from the names: it
    said "--names gives 2 names for 4 players" before)."""
    answers = tmp_path / "answers.txt"
    answers.write_text("")
    result = grinivil("record", "game.yaml", "--deal", "7", "--names", "Ann,Ben", "--answers",
                      str(answers), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "game.yaml: a new 2-player game dealt from seed 7." in result.stdout


def test_audit_and_ledger_say_text_as_the_others_do() -> None:
    """`--format text` is the tables (the default); `table`, the name before 0.2, still gives
    them with a word on standard error; another name is refused in the same words as
    everywhere."""
    text = grinivil("ledger", str(GAME), "--turns", "3", "--format", "text")
    default = grinivil("ledger", str(GAME), "--turns", "3")
    old = grinivil("ledger", str(GAME), "--turns", "3", "--format", "table")
    assert text.returncode == default.returncode == old.returncode == 0
    assert text.stdout == default.stdout == old.stdout
    assert "--format table is now --format text" in old.stderr
    wrong = grinivil("audit", str(GAME), "--format", "csv")
    assert wrong.returncode == 2
    assert "--format must be text, markdown or json, not 'csv'." in wrong.stderr
    assert "--format must be text or json, not 'csv'." in grinivil(
        "show", str(GAME), "--format", "csv").stderr
    assert "text, markdown or json" in " ".join(grinivil("audit", "-h").stdout.split())


def test_a_claim_that_disagrees_is_not_called_illegal() -> None:
    """A log whose moves are legal and whose claimed VPs disagree at turn 62 (Bruno has 16 by
    the rules, the log says 18) has the status `claims` (exit 1, as before), counted apart
    from illegal moves; an illegal move is still `illegal`."""
    result = grinivil("validate", str(GAME), str(CLAIMS), str(ILLEGAL))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert any(line.split()[:2] == [str(CLAIMS), "claims"] for line in lines)
    assert any(line.split()[:2] == [str(ILLEGAL), "illegal"] for line in lines)
    assert lines[-1] == "3 files: 1 legal, 1 with claims that disagree, 1 illegal"
    payload = json.loads(grinivil("validate", "--format", "json", str(CLAIMS),
                                  str(ILLEGAL)).stdout)
    assert [f["status"] for f in payload["files"]] == ["claims", "illegal"]
    assert payload["summary"]["claims"] == payload["summary"]["illegal"] == 1
    assert payload["files"][0]["error"]["rule"] == "CLAIM"
    assert payload["files"][0]["error"]["turn"] == 62


def test_report_quiet_prints_nothing_but_the_report(tmp_path: Path) -> None:
    """`report -q`: the page is written, nothing is printed (the closing line `report of 1
    game: 1 legal written to ...` is said without it); to standard output, the report alone
    and nothing on standard error."""
    out = tmp_path / "r.html"
    said = grinivil("report", str(GAME), "-o", str(out))
    assert said.returncode == 0 and said.stdout.startswith("report of 1 game: 1 legal")
    quiet = grinivil("report", "-q", str(GAME), "-o", str(out))
    assert quiet.returncode == 0 and quiet.stdout == quiet.stderr == "" and out.is_file()
    printed = grinivil("report", "--quiet", "--format", "json", str(GAME))
    assert printed.stderr == "" and json.loads(printed.stdout)["games"][0]["status"] == "legal"
