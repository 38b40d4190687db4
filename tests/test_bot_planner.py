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
from grinivil_cli.logfile.writer import log_to_yaml
from grinivil_cli.sim.arena import GameStats, play, seat_kinds
from grinivil_cli.sim.simulate import simulate

import invariants

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
    return invariants.replayed(ED, log)


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


# --- the house plan (issue 16): a plan across turns, rebuilt when it cannot be carried out ---

def table(seed: int = 4, players: int = 4) -> Any:
    """A game just set up from the seed, as `arena.play` sets it up."""
    import random

    from grinivil_cli.engine.setup import set_up
    from grinivil_cli.table.deal import check_options, random_setup

    return set_up(ED, random_setup(ED, players, random.Random(seed), check_options(None)))


def test_plan_aims_at_a_resident_of_the_portfolio_and_a_residential_site() -> None:
    from grinivil_cli.engine import townland
    from grinivil_cli.sim.planner import choose_plan, plan_sites, plan_valid

    g = table()
    p = g.state.players[0]
    plan = choose_plan(g, g.state, p, None)
    assert plan is not None
    assert plan.resident in p.residents
    assert plan.site in plan_sites(g, g.state, p)
    assert plan_valid(g, g.state, p, plan)
    town = g.state.townland
    b = town.buildings.get(plan.site)
    assert (b is not None and b.building == "house") or \
        townland.site_spec(ED, town, plan.site).kind == "residential"
    assert choose_plan(g, g.state, p, plan) == plan  # kept while it holds


def test_plan_is_rebuilt_when_its_site_is_taken() -> None:
    from grinivil_cli.engine.state import Building
    from grinivil_cli.sim.planner import HousePlan, choose_plan, plan_valid

    g = table()
    p, other = g.state.players[0], g.state.players[1]
    plan = choose_plan(g, g.state, p, None)
    assert plan is not None
    state = g.state.copy()
    was = state.townland.buildings.get(plan.site)
    blocks = list(was.blocks) if was is not None else []
    state.townland.buildings[plan.site] = Building(plan.site, "house", 2,
                                                   blocks + [other.name] * (2 - len(blocks)))
    g.state = state
    q = state.player(p.name)
    assert not plan_valid(g, state, q, plan)  # another player's finished House
    again = choose_plan(g, state, q, plan)
    assert again is not None and again.site != plan.site
    # and when the resident has left the Portfolio
    gone = HousePlan("nobody", again.site)
    assert not plan_valid(g, state, q, gone)
    assert choose_plan(g, state, q, gone) != gone


def test_plan_next_step_builds_the_house_first() -> None:
    from grinivil_cli.engine.tiles import BUILD_TILES
    from grinivil_cli.sim.bot import BUYING_TILES
    from grinivil_cli.sim.planner import choose_plan, next_step

    g = table()
    p = g.state.players[0]
    plan = choose_plan(g, g.state, p, None)
    assert plan is not None
    tiles, target = next_step(g, g.state, p, plan)
    b = g.state.townland.buildings.get(plan.site)
    assert target == (plan.site, "house") and (b is None or not b.finished)
    assert tiles == frozenset((*BUYING_TILES, "auction"))  # no cubes at the start
    for r in p.cubes:
        p.cubes[r] = 4
    tiles, _ = next_step(g, g.state, p, plan)
    assert tiles == frozenset(BUILD_TILES)


def test_plan_steps_count_what_is_left_before_the_sale() -> None:
    """The steps `COMMIT` pays for (issue 16), counted by hand for Paula (the rulebook's card:
    at least 5 Trees, a Bus Stop within 2, both mandatory) on the empty Residential site I0.s3
    of seed 4's setup (on a Completed Road; its Planting Sector has 5 spots, none planted; no
    Bus Stop built), the player holding the 2 Trees of the setup and no cubes: the sale 1, two
    House Floors 2, the first Floor's cubes (2 concrete, 1 wood) not held 1, the Bus Stop's 2
    Floors, the Trees planted 1: 7. Holding 2 concrete of the 3 cubes takes 2/3 of a step
    off; holding no Tree adds one (buying them first)."""
    from grinivil_cli.engine import townland
    from grinivil_cli.sim.planner import HousePlan, plan_steps

    g = table()
    town = g.state.townland
    p = g.state.players[0]
    p.residents = ["paula", *p.residents[1:]]
    plan = HousePlan("paula", "I0.s3")
    assert "I0.s3" not in town.buildings and townland.is_usable(ED, town, "I0.s3")
    assert len(townland.sector_of_site(ED, town, "I0.s3")) == 5 and p.trees == 2
    assert not any(b.building == "bus-stop" for b in town.buildings.values())
    assert plan_steps(g, g.state, p, plan) == 7
    p.cubes["concrete"] = 2
    assert plan_steps(g, g.state, p, plan) == pytest.approx(7 - 2 / 3)
    p.trees = 0
    assert plan_steps(g, g.state, p, plan) == pytest.approx(8 - 2 / 3)
    assert plan_steps(g, g.state, p, HousePlan("emil", "I0.s3")) is None  # not in the Portfolio


def test_planner_plans_are_the_same_for_the_same_seed(
        planner_game: tuple[dict[str, Any], GameStats]) -> None:
    """The planner's choices (plans included) depend on the seed only: two games of the same
    seed made by two fresh planners are the same (the fixture's and this one)."""
    log, _ = planner_game
    again, _ = play(ED, 2, 1, "planner")
    assert log_to_yaml(again) == log_to_yaml(log)


def test_stats_tool_takes_an_edition_and_measures_processor_time(tmp_path: Path) -> None:
    tool = bot_stats()
    source = TOP / "grinivil_cli" / "editions" / "standard.yaml"
    copy_of = tmp_path / "edition.yaml"
    copy_of.write_text(source.read_text().replace("starting_money: 70", "starting_money: 90"))
    g = tool.run_one((3, 2, ("simple",) * 3, None, str(copy_of)))
    assert g is not None and g.cpu_seconds > 0
    plain = tool.run_one((3, 2, ("simple",) * 3, None))
    assert plain is not None and (plain.scores, plain.turns) != (g.scores, g.turns)


def test_ledger_tool_says_why_residents_are_unsold() -> None:
    """tools/bot_ledger.py names, for each resident in a Portfolio, its best site and what the
    site lacks (at the setup: every House still to be built)."""
    spec = importlib.util.spec_from_file_location("bot_ledger", TOP / "tools" / "bot_ledger.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    g = table()
    p = g.state.players[0]
    lines = tool.unsold(g, p)
    assert [line.split(":")[0] for line in lines] == sorted(p.residents)
    assert all("Floors" in line for line in lines if "no site" not in line)
