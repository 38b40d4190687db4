"""The quick start of `grinivil validate` (grinivil_cli/entry.py, issue 15): a command line it
takes runs without typer and prints and exits exactly as the typer command does; any other
goes to typer."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from grinivil_cli import cli, entry
from grinivil_cli.base import terminal
from grinivil_cli.logfile.yamlsafe import DEFAULT_MAX_BYTES

TOP = Path(__file__).parent.parent
LEGAL = "samples/game-2p.yaml"
ILLEGAL = "samples/illegal/r-gen-02-turn-out-of-order.yaml"
FEE = "samples/illegal/r-fee-03-fee-unaffordable.yaml"
# the same entry point with the quick start turned off: typer parses every command line
TYPER_ONLY = ("import sys, grinivil_cli.entry as e; e.plain_validate = lambda argv: None; "
              "e.main()")


def run(code: list[str], args: list[str], stdin: str | None = None,
        env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = subprocess.run([sys.executable, *code, *args], capture_output=True, text=True,
                            cwd=TOP, input=stdin, timeout=120,
                            env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1", **(env or {})})
    return result.returncode, result.stdout, result.stderr


# --- which command lines the quick start takes -------------------------------------------------


@pytest.mark.parametrize(("argv", "taken"), [
    (["validate", "a.yaml"], {"logs": ["a.yaml"]}),
    (["validate", "-", "b.yml", ""], {"logs": ["-", "b.yml", ""]}),
    (["validate", "--format", "json", "a.yaml", "-q"],
     {"logs": ["a.yaml"], "fmt": "json", "quiet": True}),
    (["validate", "--format=jsonl", "--lenient", "a.yaml"],
     {"logs": ["a.yaml"], "fmt": "jsonl", "lenient": True}),
    (["validate", "-j", "2", "--max-size=1000", "a.yaml"],
     {"logs": ["a.yaml"], "jobs": 2, "max_size": 1000}),
    (["validate", "--exclude", "x*", "d", "--exclude=y", "--logs-only"],
     {"logs": ["d"], "exclude": ["x*", "y"], "logs_only": True}),
    (["validate", "--edition", "standard", "--dask", "local", "a.yaml"],
     {"logs": ["a.yaml"], "edition": "standard", "dask": "local"}),
    (["validate", "--format", "xml", "a.yaml"], {"logs": ["a.yaml"], "fmt": "xml"}),
])
def test_plain_command_lines_are_taken(argv: list[str], taken: dict[str, Any]) -> None:
    assert entry.plain_validate(argv) == taken


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["--version"], ["show", "a.yaml"], ["validat", "a.yaml"],
    ["validate"], ["validate", "-q"],  # no log: typer says LOG is missing
    ["validate", "--help", "a.yaml"], ["validate", "a.yaml", "-h"],
    ["validate", "--", "a.yaml"], ["validate", "-qj2", "a.yaml"], ["validate", "-j2", "a.yaml"],
    ["validate", "--jobs", "0", "a.yaml"], ["validate", "--jobs", "two", "a.yaml"],
    ["validate", "--max-size", "1e6", "a.yaml"], ["validate", "--max-size", "010", "a.yaml"],
    ["validate", "--max-size", "1_000", "a.yaml"], ["validate", "--jobs", "²", "a.yaml"],
    ["validate", "--jobs", "9" * 19, "a.yaml"],
    ["validate", "a.yaml", "--format"], ["validate", "--format", "-q", "a.yaml"],
    ["validate", "--format", "json", "--format", "text", "a.yaml"],
    ["validate", "-q", "--quiet", "a.yaml"], ["validate", "--lenient=yes", "a.yaml"],
    ["validate", "--no-lenient", "a.yaml"], ["validate", "--verbose", "a.yaml"],
    ["validate", "-x", "a.yaml"], ["validate", "-5.yaml"],
])
def test_other_command_lines_go_to_typer(argv: list[str]) -> None:
    assert entry.plain_validate(argv) is None


def test_a_completion_request_goes_to_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(entry.COMPLETE_VAR, "complete_bash")
    assert entry.plain_validate(["validate", "a.yaml"]) is None


def test_the_defaults_are_the_typer_commands() -> None:
    """What the quick start leaves out, `validating.run` takes as the typer command does."""
    import inspect

    from grinivil_cli.validate.run import run

    typer_defaults = {name: p.default for name, p in inspect.signature(cli.validate)
                      .parameters.items()}
    run_defaults = {name: p.default for name, p in inspect.signature(run).parameters.items()}
    assert typer_defaults == run_defaults
    assert run_defaults["max_size"] == DEFAULT_MAX_BYTES


def test_the_console_script_is_the_quick_entry_point() -> None:
    text = (TOP / "pyproject.toml").read_text(encoding="utf-8")
    assert 'grinivil = "grinivil_cli.start:main"' in text  # start.py, then entry.main


# --- the same results both ways --------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["validate", LEGAL],
    ["validate", ILLEGAL],
    ["validate", "--format", "json", ILLEGAL, LEGAL],
    ["validate", "--format=jsonl", LEGAL, FEE],
    ["validate", "-q", "samples/illegal"],
    ["validate", "samples/illegal/r-gen-0*.yaml", "samples/illegal/r-fee-*.yaml"],
    ["validate", "--exclude", "*fee*", "--exclude=r-a*", "samples/illegal"],
    ["validate", "--logs-only", ".pre-commit-hooks.yaml", LEGAL],
    ["validate", ".pre-commit-hooks.yaml"],
    ["validate", "missing.yaml", "nothing-*.yaml", "samples/claims"],
    ["validate", "--edition", "nope", LEGAL],
    ["validate", "--edition", "standard", "--max-size", "100", LEGAL],
    ["validate", "--format", "xml", LEGAL],
    ["validate", "--dask", "local", "-j", "2", LEGAL],
    ["validate", "-j", "2", ILLEGAL, LEGAL, FEE],
    ["validate", "--lenient", "--format", "json", FEE],
    ["validate", ""],
])
def test_the_quick_start_prints_and_exits_as_typer(args: list[str]) -> None:
    quick = run(["-m", "grinivil_cli"], args)
    assert quick == run(["-c", TYPER_ONLY], args)
    assert "Traceback" not in quick[1] + quick[2]


def test_standard_input_and_unsafe_names_the_same_both_ways(tmp_path: Path) -> None:
    text = (TOP / ILLEGAL).read_text(encoding="utf-8")
    quick = run(["-m", "grinivil_cli"], ["validate", "-"], stdin=text)
    assert quick == run(["-c", TYPER_ONLY], ["validate", "-"], stdin=text)
    assert quick[0] == 1 and "<stdin>:34:13" in quick[1]
    odd = tmp_path / "odd\x1b[31m\u202ename.yaml"
    odd.write_text(text.replace("Clara", "Cl\x1b]0;x\x07ara"), encoding="utf-8")
    quick = run(["-m", "grinivil_cli"], ["validate", str(odd)])
    assert quick == run(["-c", TYPER_ONLY], ["validate", str(odd)])
    assert "\x1b" not in quick[1] + quick[2] and "\u202e" not in quick[1] + quick[2]


def test_the_quick_start_imports_neither_typer_nor_pydantic(tmp_path: Path) -> None:
    seen = tmp_path / "modules.txt"
    code = ("import atexit, os, sys; atexit.register(lambda: open(os.environ['SEEN'], 'w')"
            ".write(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', "
            "'pydantic', 'rich', 'click', 'multiprocessing', 'jsonschema'))))); "
            "import grinivil_cli.entry as e; e.main()")
    assert run(["-c", code], ["validate", ILLEGAL], env={"SEEN": str(seen)})[0] == 1
    assert seen.read_text() == ""
    assert run(["-c", code], ["validate", "--help"], env={"SEEN": str(seen)})[0] == 0
    assert "typer" in seen.read_text().split()  # the check sees what typer imports


# --- terminal.echo is typer.echo --------------------------------------------------------------


def _written(echo: Any, stream: io.TextIOWrapper, text: str, err: bool, nl: bool,
             monkeypatch: pytest.MonkeyPatch) -> bytes:
    monkeypatch.setattr(sys, "stderr" if err else "stdout", stream)
    echo(text, err=err, nl=nl)
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue()


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
@pytest.mark.parametrize("text", ["plain", "", "é ✓ \x1b[31mred\x1b[0m", "two\nlines"])
@pytest.mark.parametrize(("err", "nl"), [(False, True), (True, True), (False, False)])
def test_echo_writes_what_typer_echo_writes(encoding: str, text: str, err: bool, nl: bool,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def stream() -> io.TextIOWrapper:
        return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="replace")

    ours = _written(terminal.echo, stream(), text, err, nl, monkeypatch)
    theirs = _written(typer.echo, stream(), text, err, nl, monkeypatch)
    assert ours == theirs


# --- start-up details -------------------------------------------------------------------------


def test_the_character_check_is_pyyamls_own_pattern() -> None:
    """yamlsafe's check of a log's characters is the pattern PyYAML's reader compiled (not
    compiled twice: 15 ms), and the set of characters it always was."""
    import re

    import yaml.reader

    from grinivil_cli.logfile.yamlsafe import _BAD_CHAR

    assert _BAD_CHAR is yaml.reader.Reader.NON_PRINTABLE
    before = re.compile(r"[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
    every = "".join(map(chr, range(0x110000)))
    assert _BAD_CHAR.findall(every) == before.findall(every)


def test_the_rule_hint_knows_the_ids_the_reference_lists() -> None:
    from grinivil_cli.rules import reference

    ids = reference.ids()
    assert len(ids) > 400
    assert all(reference.known(i) for i in ids)
    for other in ("R-GEN-99", "R-GEN-0", "XYZ", "", "R-", "R-GEN-02:", "fee"):
        assert not reference.known(other)
    assert reference.hint_for("r-gen-2") == "Run `grinivil rule R-GEN-02` for the rule in full."
