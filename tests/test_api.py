"""The Python API (`import grinivil`, docs/api.md): its documented examples run as tests,
from the repository's top folder, and what they show checked against the command line."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

import grinivil
import grinivil.svg

TOP = Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS


@pytest.mark.parametrize("module", [grinivil, grinivil.svg], ids=lambda m: m.__name__)
def test_the_docstring_examples_run(module: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TOP)
    result = doctest.testmod(module, optionflags=FLAGS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_the_examples_of_docs_api_md_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TOP)
    result = doctest.testfile(str(TOP / "docs" / "api.md"), module_relative=False,
                              optionflags=FLAGS)
    assert result.attempted >= 15 and result.failed == 0


def test_moves_are_the_command_lines_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    """`grinivil.moves(state)` after turn 10 of the 2-player sample gives, tile by tile, the
    answers and rules of `grinivil moves LOG --turn 10 --format json`."""
    monkeypatch.chdir(TOP)
    game = grinivil.read_log("samples/game-2p.yaml")
    api = [(c.tile, c.eligible, c.why.rule if c.why else None)
           for c in grinivil.moves(game.position(10).state)]
    cli = subprocess.run([sys.executable, "-m", "grinivil_cli", "moves", "samples/game-2p.yaml",
                          "--turn", "10", "--format", "json"], capture_output=True, text=True,
                         timeout=120)
    tiles = json.loads(cli.stdout)["tiles"]
    assert api == [(t["tile"], t["eligible"], t.get("rule")) for t in tiles]


def test_positions_are_every_turn_and_read_log_takes_text(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """One position per turn replayed and the setup; the same log read from its text gives
    the same scores; a turn past the end is an IndexError."""
    monkeypatch.chdir(TOP)
    game = grinivil.read_log("samples/game-3p.yaml")
    turns = [p.turn for p in game.positions()]
    assert turns == list(range(game.turns + 1))
    text = (TOP / "samples" / "game-3p.yaml").read_text(encoding="utf-8")
    again = grinivil.read_log(text)
    assert again.source == "<text>"
    assert [(s.player, s.total) for s in again.scores or []] == [
        (s.player, s.total) for s in game.scores or []]
    with pytest.raises(IndexError):
        game.position(game.turns + 1)
