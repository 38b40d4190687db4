"""The bundled sample games replay as legal, end finished with the scores they claim, and keep
every invariant after every turn; so do games the bots play (R-SCORE-01..09, R-END-07)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grinivil_cli.edition.load import load_edition
from grinivil_cli.engine.replay import replay
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.sim.simulate import simulate
from grinivil_cli.table.loading import load_game

from invariants import check_replay

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.yaml"))


def test_there_are_complete_samples_for_two_to_six_players() -> None:
    """R-GEN-01, R-VAR-6P-01..04: the sixth player plays orange and there is no Municipality."""
    games = {len(g.replay.snapshots[0].state.players): g for g in map(load_game, SAMPLES)}
    assert {2, 3, 4, 5, 6} <= set(games)
    six = games[6].replay.snapshots[-1].state
    assert six.players[5].colour == "orange" and not six.municipality
    assert all("Municipality" not in b.blocks for b in six.townland.buildings.values())


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_game_is_legal_finished_and_scored_as_claimed(path: Path) -> None:
    """R-END-07, R-SCORE-01..06: the game is over and the claimed final scores are the rules'."""
    game = load_game(path)
    r = game.replay
    assert r.error is None, str(r.error)
    assert r.finished and r.scores is not None
    claimed = game.loaded.data["final_scores"]
    assert {s.player: s.total for s in r.scores} == claimed
    check_replay(r)


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5), (5, 6)])
def test_simulated_game_replays_with_every_invariant(players: int, seed: int) -> None:
    """A bot game, replayed from its log alone, is legal and keeps every invariant."""
    ed = load_edition("standard")
    log = simulate(ed, players, seed)
    r = replay(ed, Loaded("simulated", log))
    assert r.error is None, str(r.error)
    assert r.finished
    check_replay(r)


def test_simulation_is_deterministic() -> None:
    ed = load_edition("standard")
    assert simulate(ed, 3, 11) == simulate(ed, 3, 11)
