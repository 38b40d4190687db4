"""The planner bot (issue 16, grinivil_cli/sim/planner.py) and the measuring tool
(tools/bot_stats.py): the planner's games, alone or mixed with the simple bots, are legal,
finished and scored as they claim when replayed from their logs alone, and the same seed gives
the same log; a game of simple bots played through `arena.play` is the one `grinivil
simulate` writes; the tool's figures are the games' own (not a test of strength)."""

from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli.edition.load import load_edition
from grinivil_cli.engine.replay import Replay, replay
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.sim.arena import GameStats, play, seat_kinds
from grinivil_cli.sim.simulate import simulate
from grinivil_cli.sim.writer import log_to_yaml

from invariants import check_replay

ED = load_edition("standard")
TOP = Path(__file__).resolve().parent.parent


def bot_stats() -> Any:
    spec = importlib.util.spec_from_file_location("bot_stats", TOP / "tools" / "bot_stats.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_stats"] = module
    spec.loader.exec_module(module)
    return module


def replayed(log: dict[str, Any]) -> Replay:
    """The game replayed from its log alone: legal, finished, scored as claimed."""
    r = replay(ED, Loaded("simulated", copy.deepcopy(log)))
    assert r.error is None, str(r.error)
    assert r.finished and r.scores is not None
    assert r.played == len(log["turns"])
    assert {s.player: s.total for s in r.scores} == log["final_scores"]
    assert log["winner"] in [s.player for s in r.scores if s.rank == 1]
    check_replay(r)
    return r


@pytest.fixture(scope="module")
def planner_game() -> tuple[dict[str, Any], GameStats]:
    return play(ED, 2, 1, "planner")


def test_planner_game_is_legal_finished_and_scored(
        planner_game: tuple[dict[str, Any], GameStats]) -> None:
    log, stats = planner_game
    r = replayed(log)
    assert r.scores is not None
    assert stats.scores == {s.player: s.total for s in r.scores}
    assert stats.turns == len(log["turns"])


def test_planner_game_is_the_same_for_the_same_seed(
        planner_game: tuple[dict[str, Any], GameStats]) -> None:
    log, _ = planner_game
    again = simulate(ED, 2, 1, bot_kind="planner")
    assert log_to_yaml(again) == log_to_yaml(log)


def test_mixed_game_is_legal_and_seats_are_kept() -> None:
    log, stats = play(ED, 3, 2, ["simple", "planner", "simple"])
    replayed(log)
    assert stats.seats == ["simple", "planner", "simple"]
    assert set(stats.seconds_of) == set(stats.names)


def test_simple_seats_play_the_simulated_game() -> None:
    """All seats simple: the game `grinivil simulate` writes for the seed, byte for byte."""
    log, _ = play(ED, 4, 3, "simple")
    assert log_to_yaml(log) == log_to_yaml(simulate(ED, 4, 3))


def test_seat_kinds() -> None:
    assert seat_kinds("planner", 3) == ["planner"] * 3
    with pytest.raises(ValueError):
        seat_kinds(["simple"], 2)
    with pytest.raises(ValueError):
        seat_kinds("clever", 2)


def test_stats_are_the_games_own() -> None:
    """The figures of tools/bot_stats.py for two fixed simple games, from the games
    themselves: scores, sales, residents, turns and tiles add up."""
    tool = bot_stats()
    games = [tool.run_one((4, seed, ("simple",) * 4, None)) for seed in (3, 5)]
    for g in games:
        log = simulate(ED, 4, g.seed)
        assert g.scores == log["final_scores"]
        assert g.turns == len(log["turns"]) == sum(g.turns_of.values())
        assert sum(g.tiles.values()) >= g.turns - sum(1 for t in log["turns"] if not t["tile"])
        r = replay(ED, Loaded("simulated", copy.deepcopy(log)))
        assert r.game is not None
        state = r.game.state
        assert sum(g.sold.values()) == len(state.supply.pile)
        assert g.unsold == {p.name: len(p.residents) for p in state.players}
        assert g.road_track == {p.name: p.road_track for p in state.players}
    s = tool.summary(games)
    assert s["games"] == 2
    assert s["winner_score_median"] == (games[0].winning_score + games[1].winning_score) / 2
    sold = sum(sum(g.sold.values()) for g in games)
    unsold = sum(sum(g.unsold.values()) for g in games)
    assert s["residents_sold_share"] == pytest.approx(sold / (sold + unsold))
    assert sum(s["tile_share"].values()) == pytest.approx(1.0)


def test_win_rate_counts_shared_first_places() -> None:
    tool = bot_stats()

    def game(winners: list[str]) -> GameStats:
        names = ["Anna", "Bruno"]
        return GameStats(players=2, seed=1, seats=["planner", "simple"], names=names,
                         scores=dict.fromkeys(names, 0), winners=winners,
                         sold=dict.fromkeys(names, 0), unsold=dict.fromkeys(names, 0),
                         road_track=dict.fromkeys(names, 0), roads=0, tiles={}, turns=2,
                         turns_of=dict.fromkeys(names, 1), seconds=0.0)

    rates = tool.win_rates([game(["Anna"]), game(["Bruno"]), game(["Anna", "Bruno"])])
    assert rates["planner_wins"] == 2 and rates["of_which_shared"] == 1
    assert rates["planner_win_rate"] == pytest.approx(2 / 3)
    assert rates["planner_sole_win_rate"] == pytest.approx(1 / 3)
    assert tool.seats_for(4, 6, "simple", True) == ("simple", "simple", "planner", "simple")
