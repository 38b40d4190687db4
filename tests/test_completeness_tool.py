"""tools/completeness.py's own report: a simulated game the bots cannot finish is reported as
not played and the run still ends with its summary (a 150-game run once ended in a traceback
at its last line, its totals lost)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli.table.deal import SimulationError

TOOL = Path(__file__).resolve().parent.parent / "tools" / "completeness.py"


def load_tool(monkeypatch: pytest.MonkeyPatch) -> Any:
    spec = importlib.util.spec_from_file_location("completeness_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


def test_games_the_bots_cannot_finish_are_reported_and_the_summary_printed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool(monkeypatch)

    def stalled(edition: Any, players: int, seed: int, options: Any = None) -> Any:
        raise SimulationError(f"the bots found no end to the game of seed {seed} in 3000 "
                              "turns; try another seed")

    monkeypatch.setattr(tool, "simulate", stalled)
    status = tool.main(["--games", "2", "--players", "2", "--seed", "54"])
    out = capsys.readouterr().out
    assert "simulated games checked: 0 of 2 (2 not played)" in out
    assert "2p/54" in out and "2p/55" in out
    assert status == 0  # nothing was offered wrongly: a bots' failing is not the domains'
