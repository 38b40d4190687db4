"""GameState.copy is a full, independent copy: every later change to the copy leaves the
original as it was (the replay relies on it to make turns atomic and snapshots stable)."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

from grinivil_cli.engine.replay import replay
from grinivil_cli.engine.state import GameState
from grinivil_cli.logfile.yamlsafe import load_yaml_file

from gamekit import edition


def mutable_parts(obj: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every list, dict and set reachable from the state (the edition aside)."""
    out: list[tuple[str, Any]] = []
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if f.name != "edition":
                out += mutable_parts(getattr(obj, f.name), f"{path}.{f.name}")
    elif isinstance(obj, (list, dict, set)):
        out.append((path, obj))
        items = obj.values() if isinstance(obj, dict) else obj
        for i, item in enumerate(items):
            out += mutable_parts(item, f"{path}[{i}]")
    return out


def late_state() -> GameState:
    loaded = load_yaml_file(Path(__file__).parent.parent / "samples" / "game-3p.yaml")
    r = replay(edition(), loaded)
    return r.snapshots[-1].state


def test_copy_equals_a_deep_copy_and_shares_no_mutable_part() -> None:
    state = late_state()
    clone = state.copy()
    assert clone == copy.deepcopy(state)
    original = {id(obj) for _, obj in mutable_parts(state)}
    shared = [path for path, obj in mutable_parts(clone) if id(obj) in original]
    assert shared == []
    assert clone.edition is state.edition
