"""The garbage collector around loading and searching (grinivil_cli/collector.py): paused
while a log is read and replayed, kept from the table during a search's replay, and left as
it was found after both."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli import collector
from grinivil_cli.engine import replay as replay_module
from grinivil_cli.loading import load_game

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "game-2p.yaml"


def test_no_collection_runs_while_a_log_is_read_and_replayed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    play_one = replay_module.play_one

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return play_one(*args, **kwargs)

    monkeypatch.setattr(replay_module, "play_one", watched)
    game = load_game(SAMPLE)
    assert game.replay.error is None and seen and not any(seen)
    assert gc.isenabled()


def test_a_collector_disabled_before_stays_disabled() -> None:
    gc.disable()
    try:
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_spared_blocks_nest_and_leave_nothing_frozen() -> None:
    before = object()
    with collector.spared():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with collector.spared():  # the inner block changes nothing
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen
        made = [object()]  # made inside: not frozen
        assert gc.get_freeze_count() == frozen and made
    assert gc.get_freeze_count() == 0 and before is not None
