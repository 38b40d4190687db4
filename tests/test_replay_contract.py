"""The replay's contract (docs/architecture.md): the rules read the log and never write into it
(only `Game.outcome`, the simulator's hook, does); a refused turn leaves no trace; each
Ability Tile and the 'occupied' token have one home (`engine/abilities.py`,
`engine/occupied.py`)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from grinivil_cli.engine.replay import play_written, replay
from grinivil_cli.engine.tiles import ABILITY_TILES
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.sim.simulate import simulate
from grinivil_cli.table.loading import load_game, read_log

from gamekit import give, new_game, player

REPO = Path(__file__).resolve().parent.parent
ENGINE = REPO / "grinivil_cli" / "engine"
LOGS = sorted(REPO.glob("samples/**/*.yaml"))


@pytest.mark.parametrize("path", LOGS, ids=[str(p.relative_to(REPO / "samples")) for p in LOGS])
def test_a_replay_never_writes_into_the_log(path: Path) -> None:
    """Every sample, legal or not, strict and lenient: the log's data is the same after the
    replay as before (no rule sets a recorded value; a replay has no Chance)."""
    loaded, ed = read_log(path)
    before = copy.deepcopy(loaded.data)
    replay(ed, loaded)
    replay(ed, loaded, lenient=True, keep_snapshots=False)
    assert loaded.data == before


def test_a_refused_turn_leaves_the_state_and_the_ledger_as_they_were() -> None:
    """R-A07-01: Anna cannot pay the 10 Grinies of a Small Warehouse after buying Trees and
    time; the state after the refused turn equals the state before it, and the ledger too."""
    g = new_game(2, money=12)
    give(g, "Anna", concrete=1)
    before, size = g.state.copy(), len(g.ledger.entries)
    error = play_written(g, {"player": "Anna", "tile": "buy-warehouse", "buy_time": 1}, 0)
    assert error is not None and error.rule == "R-TBUY-01"
    assert g.state == before and len(g.ledger.entries) == size
    assert player(g, "Anna").money == 12


def engine_sources() -> dict[str, str]:
    return {str(p.relative_to(ENGINE)): p.read_text(encoding="utf-8")
            for p in ENGINE.rglob("*.py")}


def test_each_ability_has_one_home() -> None:
    """R-ABIL-01..06, #19-#24, #51P, #53P: no engine module but abilities.py (and tiles.py,
    which names the group, and the action table) asks whether a Worker stands on an Ability
    Tile or names an Ability Tile's key."""
    homes = {"abilities.py", "tiles.py", "actions/__init__.py"}
    for name, text in engine_sources().items():
        if name in homes:
            continue
        for tile in ABILITY_TILES:
            assert f'"{tile}"' not in text, f"{name} names the Ability Tile '{tile}'"
        assert "has_worker_on(" not in text or name == "abilities.py", name


def test_the_occupied_token_has_one_home() -> None:
    """R-A16-04, R-A16-05, R-A18-04: only occupied.py changes `ring.occupied` (state.py copies
    it)."""
    change = re.compile(r"\.occupied(\[[^\]]+\]\s*=|\.pop|\.clear|\.update|\s*=[^=])")
    for name, text in engine_sources().items():
        if name in ("occupied.py", "state.py"):
            continue
        assert not change.search(text), f"{name} changes the 'occupied' tokens"


def test_only_the_outcome_hook_writes_into_a_record() -> None:
    """Random outcomes and simulated decisions go through `Game.outcome`: no other engine code
    assigns into a log record's data."""
    write = re.compile(r"\.data(\[[^\]]+\]\s*=[^=]|\.setdefault|\.update|\.pop)")
    for name, text in engine_sources().items():
        body = text
        if name == "game.py":  # the hook itself
            body = text[:text.index("def outcome")] + text[text.index("def pouch_draw"):]
        assert not write.search(body), f"{name} writes into a log record"


def test_the_simulator_writes_what_it_drew_and_the_log_replays_the_same() -> None:
    """A simulated game's log, replayed, gives the same final state (the hook wrote every
    outcome into the record)."""
    game = load_game(REPO / "samples" / "game-2p.yaml")
    assert game.replay.error is None
    log = simulate(game.edition, 2, 5)
    r = replay(game.edition, Loaded("<sim>", log))
    assert r.error is None and r.finished
    assert {s.player: s.total for s in r.scores or []} == log["final_scores"]
