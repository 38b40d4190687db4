"""How do the bots play? Simulate N games per player count and measure them (issue 16).

Usage: python tools/bot_stats.py [--games N] [--players 2,3,4,5,6] [--bot simple|planner]
                                 [--mixed] [--seed S] [--jobs J] [--budget REPLAYS]
                                 [--edition NAME|FILE] [--json FILE] [--quiet]

N games (seeds S, S+1, ...; default 200 from seed 1) for each player count, every seat played
by `--bot` (`simple`: `grinivil simulate`'s bot, the same games it writes; `planner`: the
lookahead bot of grinivil_cli/sim/planner.py). `--mixed`: one planner against simple bots in
every game, its seat rotated (seed modulo the player count), measuring its win rate. Each game
is played from the engine's exact options, every turn judged again by the replay.

Per player count it prints: the winner's score (median, 10th-90th percentile, mean), every
player's mean score, the share of residents sold (houses sold / (houses sold + residents left
unsold at the end): of those that stayed in a Portfolio), roads completed per game, Bonus Road
Track spaces reached per player (mean, max), game length in turns (per game, per player), the
time per game, and the share of each tile among the tiles chosen. With `--mixed`, the same
figures by bot kind and the planner's win rate (a shared first place counts as a win, and is
also reported apart). `--jobs J` plays the games in J processes (multiprocessing).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parent.parent
if str(TOP) not in sys.path:  # runnable from a checkout without `pip install -e .`
    sys.path.insert(0, str(TOP))

from grinivil_cli.edition.load import load_edition  # noqa: E402
from grinivil_cli.sim.arena import BOTS, PLANNER, SIMPLE, GameStats, play  # noqa: E402
from grinivil_cli.table.deal import SimulationError  # noqa: E402

# players, seed, seat kinds, budget (None: the planner's own), and optionally the edition
Job = tuple[Any, ...]


def seats_for(players: int, seed: int, bot: str, mixed: bool) -> tuple[str, ...]:
    """The bot kind of each seat: all `bot`, or (mixed) one planner at seat seed % players."""
    if not mixed:
        return (bot,) * players
    return tuple(PLANNER if i == seed % players else SIMPLE for i in range(players))


def run_one(job: Job) -> GameStats | None:
    """One game's stats; None when the bots found no end to it (`SimulationError`)."""
    players, seed, kinds, budget = job[:4]
    edition = job[4] if len(job) > 4 else "standard"
    try:
        _, stats = play(_edition(edition), players, seed, list(kinds), budget=budget)
    except SimulationError:
        return None
    return stats


_ED: dict[str, Any] = {}


def _edition(name: str = "standard") -> Any:
    """The edition (bundled name or YAML file), loaded once per process."""
    if name not in _ED:
        _ED[name] = load_edition(name)
    return _ED[name]


def run_all(jobs: Sequence[Job], processes: int) -> Iterator[GameStats | None]:
    """Each game's stats, in the order of `jobs`."""
    if processes <= 1:
        yield from map(run_one, jobs)
        return
    with multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(
            processes) as pool:
        yield from pool.imap(run_one, jobs, chunksize=1)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1), linear between the nearest ranks."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def summary(games: list[GameStats], kind: str | None = None) -> dict[str, Any]:
    """The measures of a list of games of one player count (of the seats of bot `kind` only,
    where a measure is per player; None: every seat)."""

    def seats(g: GameStats) -> Iterable[str]:
        return [n for n, k in zip(g.names, g.seats, strict=True) if kind is None or k == kind]

    winning = [g.winning_score for g in games]
    scores = [g.scores[n] for g in games for n in seats(g)]
    sold = sum(g.sold[n] for g in games for n in seats(g))
    unsold = sum(g.unsold[n] for g in games for n in seats(g))
    track = [g.road_track[n] for g in games for n in seats(g)]
    tiles: Counter[str] = Counter()
    for g in games:
        tiles.update(g.tiles)
    chosen = sum(tiles.values()) or 1
    out: dict[str, Any] = {
        "games": len(games),
        "winner_score_median": statistics.median(winning) if winning else None,
        "winner_score_p10": percentile(winning, 0.1),
        "winner_score_p90": percentile(winning, 0.9),
        "winner_score_mean": statistics.fmean(winning) if winning else None,
        "winner_score_min": min(winning, default=None),
        "winner_score_max": max(winning, default=None),
        "score_mean": statistics.fmean(scores) if scores else None,
        "houses_sold": sold,
        "residents_unsold": unsold,
        "residents_sold_share": sold / (sold + unsold) if sold + unsold else None,
        "roads_per_game": statistics.fmean(g.roads for g in games) if games else None,
        "road_track_mean": statistics.fmean(track) if track else None,
        "road_track_max": max(track, default=None),
        "turns_median": statistics.median(g.turns for g in games) if games else None,
        "turns_per_player_mean": statistics.fmean(
            g.turns / g.players for g in games) if games else None,
        "seconds_mean": statistics.fmean(g.seconds for g in games) if games else None,
        "seconds_max": max((g.seconds for g in games), default=None),
        "cpu_seconds_mean": statistics.fmean(g.cpu_seconds for g in games) if games else None,
        "cpu_seconds_max": max((g.cpu_seconds for g in games), default=None),
        "tile_share": {t: n / chosen for t, n in tiles.most_common()},
    }
    if kind is not None:
        thought = [g.seconds_of[n] for g in games for n in seats(g)]
        out["seconds_per_seat_mean"] = statistics.fmean(thought) if thought else None
    return out


def win_rates(games: list[GameStats]) -> dict[str, Any]:
    """How often the planner's seat came first (alone, or sharing first place)."""
    wins = shared = 0
    for g in games:
        planner = [n for n, k in zip(g.names, g.seats, strict=True) if k == PLANNER]
        if any(n in g.winners for n in planner):
            wins += 1
            shared += len(g.winners) > 1
    n = len(games) or 1
    return {"planner_wins": wins, "planner_win_rate": wins / n, "of_which_shared": shared,
            "planner_sole_win_rate": (wins - shared) / n}


def fmt(value: Any, digits: int = 1) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def print_summary(players: int, s: dict[str, Any], title: str, tiles: bool = True) -> None:
    print(f"\n{players} players, {title}: {s['games']} games")
    print(f"  winner's score: median {fmt(s['winner_score_median'])}, 10-90% "
          f"{fmt(s['winner_score_p10'])}..{fmt(s['winner_score_p90'])}, mean "
          f"{fmt(s['winner_score_mean'])}, range {s['winner_score_min']}..{s['winner_score_max']}")
    print(f"  mean score of a player: {fmt(s['score_mean'])}")
    share = s["residents_sold_share"]
    print(f"  residents sold: {s['houses_sold']} of {s['houses_sold'] + s['residents_unsold']} "
          f"({fmt(None if share is None else 100 * share)}%)")
    print(f"  roads completed per game: {fmt(s['roads_per_game'])}; Bonus Road Track spaces "
          f"per player: mean {fmt(s['road_track_mean'], 2)}, max {s['road_track_max']}")
    print(f"  turns per game: median {fmt(s['turns_median'])}, per player "
          f"{fmt(s['turns_per_player_mean'])}; seconds per game: mean "
          f"{fmt(s['seconds_mean'], 2)}, max {fmt(s['seconds_max'], 2)} (processor time: mean "
          f"{fmt(s['cpu_seconds_mean'], 2)}, max {fmt(s['cpu_seconds_max'], 2)})")
    if "seconds_per_seat_mean" in s:
        print(f"  thinking time per seat of this kind: {fmt(s['seconds_per_seat_mean'], 2)} s")
    if tiles:
        shares = ", ".join(f"{t} {100 * v:.1f}%" for t, v in s["tile_share"].items())
        print(f"  tiles chosen: {shares}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", default="2,3,4,5,6", help="player counts, e.g. 4 or 2,4")
    parser.add_argument("--bot", choices=BOTS, default=SIMPLE)
    parser.add_argument("--mixed", action="store_true",
                        help="one planner against simple bots, its seat rotated")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--budget", type=int, default=None,
                        help="the planner's budget per turn, in replays (default: planner.BUDGET)")
    parser.add_argument("--edition", default="standard",
                        help="a bundled edition's name or an edition YAML file")
    parser.add_argument("--json", type=Path, default=None, help="write the measures here")
    parser.add_argument("--quiet", action="store_true", help="no tile shares")
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    report: dict[str, Any] = {"command": " ".join(["python tools/bot_stats.py", *(
        argv if argv is not None else sys.argv[1:])]), "date": time.strftime("%Y-%m-%d"),
        "by_players": {}}
    started = time.perf_counter()
    for n in counts:
        jobs: list[Job] = [(n, seed, seats_for(n, seed, args.bot, args.mixed), args.budget,
                            args.edition) for seed in range(args.seed, args.seed + args.games)]
        played = list(run_all(jobs, args.jobs))
        games = [g for g in played if g is not None]
        unfinished = [job[1] for job, g in zip(jobs, played, strict=True) if g is None]
        entry: dict[str, Any] = {"all": summary(games), "unfinished_seeds": unfinished}
        if unfinished:
            print(f"\n{n} players: {len(unfinished)} games without an end (seeds "
                  f"{', '.join(map(str, unfinished))}): left out")
        title = "one planner vs simple bots" if args.mixed else f"all {args.bot}"
        print_summary(n, entry["all"], title, tiles=not args.quiet)
        if args.mixed:
            entry["planner"] = summary(games, PLANNER)
            entry["simple"] = summary(games, SIMPLE)
            entry.update(win_rates(games))
            print_summary(n, entry["planner"], "the planner's seats", tiles=False)
            print_summary(n, entry["simple"], "the simple bots' seats", tiles=False)
            print(f"  planner wins {entry['planner_wins']} of {len(games)} "
                  f"({100 * entry['planner_win_rate']:.1f}%; {entry['of_which_shared']} shared "
                  f"first places)")
        entry["games_list"] = [asdict(g) for g in games]
        report["by_players"][str(n)] = entry
    report["seconds"] = time.perf_counter() - started
    print(f"\n{time.perf_counter() - started:.1f} s")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
