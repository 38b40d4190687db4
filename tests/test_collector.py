"""The garbage collector around loading and searching (grinivil_cli/base/collector.py): paused
while a log is read and replayed, kept from the table during a search's replay, and left as
it was found after both."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli.base import collector
from grinivil_cli.engine import replay as replay_module
from grinivil_cli.table.loading import load_game

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


def tracked(x: object) -> bool:
    """Whether the collector's generations hold `x` (a frozen object is in none of them)."""
    return any(o is x for o in gc.get_objects())


def test_spared_blocks_freeze_what_was_there_nest_and_leave_nothing_frozen() -> None:
    before: list[object] = []  # a container, so the collector tracks it
    assert tracked(before)
    frozen = gc.get_freeze_count()  # 0, but 375 on Python 3.12.1 after any collection
    with collector.spared():
        assert not tracked(before) and gc.get_freeze_count() > frozen + 1000  # modules...
        made: list[object] = []
        assert tracked(made)  # made inside: collected as usual
        with collector.spared():  # nested: freezes nothing more
            assert tracked(made)
        assert tracked(made)
    assert gc.get_freeze_count() == frozen and tracked(before)


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_the_garbage_made_in_a_spared_block_is_collected() -> None:
    """A search's replays make cyclic garbage (an error keeps its traceback, whose frames keep
    their locals): collected during the block and at its end, not piled up (a freeze per
    replay once kept gigabytes of it)."""
    dead: list[weakref.ref[Node]] = []
    with collector.spared():
        for _ in range(1000):
            a, b = Node(), Node()
            a.other, b.other = b, a  # a cycle: only the collector frees it
            dead.append(weakref.ref(a))
        del a, b
    assert all(ref() is None for ref in dead)
