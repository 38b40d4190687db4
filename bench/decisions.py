"""The "decision options" benchmark: how long the exact options of one decision take to list.

    python bench/decisions.py                       # every sample and variant sample, every turn
    python bench/decisions.py --logs game-6p promo-tiles-4p      # some of them (by name)
    python bench/decisions.py --sample 40 --seed 1  # 40 turns of each log, drawn by the seed
    python bench/decisions.py --passes 3            # best of 3 passes per decision

Along each recorded game (samples/game-*.yaml and samples/variants/*.yaml; run.py's part:
samples/game-6p.yaml), the table is put back before every turn and `choices.remake` makes the
recorded turn again decision by decision, as the completeness check does
(tools/completeness.py); every `Search.decision` call (the options of one decision, its search
included) is timed, with the replays (`probes`) it made. The first decision of a turn is the
tile (the eligible tiles: one search per tile of the ring), the expensive one; it is reported
apart. So is the tile list `grinivil moves` and the recorder's help show (`tile_choices`, every
tile with why not, on a search of its own, the answers kept across searches dropped first as
in a fresh process). Positions where the player on turn has a Worker on the Merchant (#24),
and those of the last round, are counted apart too. The reference, timed in the same run, is
one plain replay of the recorded turn (`play_written` on a copy of the table, best of 3): a
decision's time in replays of its turn reads the same on a slower machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from grinivil_cli import choose as choices
from grinivil_cli.base import collector
from grinivil_cli.engine.abilities import merchant_active
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.replay import play_written
from grinivil_cli.table.loading import load_game

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
LOG = SAMPLES / "game-6p.yaml"
LOGS = sorted(SAMPLES.glob("game-*.yaml")) + sorted((SAMPLES / "variants").glob("*.yaml"))
TARGET_MS = 20.0  # issue 12, issue 28 item 8: the options of any decision in under 20 ms
# the clock: wall time (what a user waits), or this process's processor time (`--clock cpu`:
# other processes on a shared machine weigh less)
CLOCK: list[Callable[[], float]] = [time.perf_counter]


@dataclass
class Timed:
    """One decision's options, timed."""

    turn: int
    index: int  # 0: the turn's first decision
    path: str
    seconds: float
    probes: int  # replays the search made for it (the cached ones not counted)
    replays: int = 0  # every replay made for it, the searches of its own included (`choosable`)


@dataclass
class Turn:
    number: int
    tile: str
    seconds: float  # remake, whole
    replay: float  # one plain replay of the recorded turn (best of 3)
    decisions: list[Timed] = field(default_factory=list)
    merchant: bool = False  # the player on turn has a Worker on the Merchant (#24)
    last_round: bool = False  # the Sudden-death Round (the last round) is under way
    tile_list: float = 0.0  # `tile_choices` on a search of its own (0: not timed)


def put_back(g: Game, snap: Any, entries: list[Any]) -> None:
    """The table as it was at `snap`: the state copied, the ledger cut to its size then."""
    g.state = snap.state.copy()
    g.ledger.entries[:] = entries[:snap.ledger_size]
    del g.findings[:]


def plain_replay(g: Game, snap: Any, entries: list[Any], turn: dict[str, Any],
                 number: int) -> float:
    best = float("inf")
    for _ in range(3):
        put_back(g, snap, entries)
        start = CLOCK[0]()
        play_written(g, turn, number - 1, claims=False, rollback=False)
        best = min(best, CLOCK[0]() - start)
    return best


def measure(path: Path = LOG, progress: Callable[[str], None] | None = None,
            passes: int = 1, turns: Collection[int] | None = None,
            tile_lists: bool = False) -> list[Turn]:
    """Every turn of the game at `path` (or those numbered in `turns`), made again with each
    decision timed (and, with `tile_lists`, its tile list); with several passes, each time is
    the best of the passes (the same decisions each pass: a search is deterministic), so a
    burst of load from another process weighs less."""
    best = one_pass(path, progress, turns, tile_lists)
    for n in range(1, passes):
        if progress:
            progress(f"decisions: {path.name}, pass {n + 1} of {passes}")
        for mine, other in zip(best, one_pass(path, progress, turns, tile_lists), strict=True):
            assert [d.path for d in mine.decisions] == [d.path for d in other.decisions]
            mine.seconds, mine.replay = min(mine.seconds, other.seconds), \
                min(mine.replay, other.replay)
            mine.tile_list = min(mine.tile_list, other.tile_list)
            for a, b in zip(mine.decisions, other.decisions, strict=True):
                a.seconds = min(a.seconds, b.seconds)
    return best


REPLAYS = [0]  # every replay of every search, the searches within a replay's rules included


def counted(run: choices.Runner) -> choices.Runner:
    def replay(partial: choices.Partial) -> choices.Result:
        REPLAYS[0] += 1
        return run(partial)
    return replay


def counting(init: Callable[..., None]) -> Callable[..., None]:
    """`Search.__init__` whose search counts its replays into REPLAYS."""
    def made(self: choices.Search, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.run = counted(self.run)
    return made


def one_pass(path: Path, progress: Callable[[str], None] | None,
             turns: Collection[int] | None = None, tile_lists: bool = False) -> list[Turn]:
    choices.forget()  # no answer kept from an earlier pass
    game = load_game(path)
    r = game.replay
    g = r.game
    assert g is not None and r.error is None, f"{path}: {r.error}"
    entries = list(g.ledger.entries)
    log_turns: list[dict[str, Any]] = game.loaded.data.get("turns") or []
    out: list[Turn] = []
    init = choices.Search.__init__
    choices.Search.__init__ = counting(init)  # type: ignore[method-assign]
    try:
        with collector.spared():  # as `grinivil moves` searches: no collection walks the game
            make_turns(g, r, entries, log_turns, out, progress, turns, tile_lists, path.name)
    finally:
        choices.Search.__init__ = init  # type: ignore[method-assign]
    put_back(g, r.snapshots[-1], entries)
    return out


def make_turns(g: Game, r: Any, entries: list[Any], log_turns: list[dict[str, Any]],
               out: list[Turn], progress: Callable[[str], None] | None,
               turns: Collection[int] | None = None, tile_lists: bool = False,
               name: str = "") -> None:
    for i in range(r.played):
        number, turn, snap = i + 1, log_turns[i], r.snapshots[i]
        if turns is not None and number not in turns:
            continue
        reference = plain_replay(g, snap, entries, turn, number)
        put_back(g, snap, entries)
        p = g.state.players[g.state.current]
        found = Turn(number, str(turn.get("tile")), 0.0, reference,
                     merchant=merchant_active(g, p), last_round=g.state.sudden_death)
        if tile_lists:  # as `grinivil moves` lists them, in a fresh process
            choices.forget()
            start = CLOCK[0]()
            choices.tile_choices(g)
            found.tile_list = CLOCK[0]() - start
            put_back(g, snap, entries)
        choices.forget()  # no answer kept from the tile list
        search = choices.turn_search(g, number)
        decide = search.decision

        def timed(partial: choices.Partial,
                  decide: Callable[[choices.Partial], choices.Decision | None] = decide,
                  search: choices.Search = search,
                  found: Turn = found, number: int = number) -> choices.Decision | None:
            probes, replays = search.probes, REPLAYS[0]
            start = CLOCK[0]()
            d = decide(partial)
            spent = CLOCK[0]() - start
            where = "/".join(map(str, d.path)) if d is not None else "-"
            found.decisions.append(Timed(number, len(found.decisions), where, spent,
                                         search.probes - probes, REPLAYS[0] - replays))
            return d

        search.decision = timed  # type: ignore[method-assign]
        start = CLOCK[0]()
        choices.remake(g, turn, number, search)  # NotOffered or SearchCapped: a failure
        found.seconds = CLOCK[0]() - start
        del search.decision  # the timer refers to the search: a cycle the collector would free
        out.append(found)
        if progress and len(out) % 50 == 0:
            progress(f"decisions: {name} turn {number} of {r.played}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


@dataclass
class Summary:
    turns: list[Turn]

    @property
    def decisions(self) -> list[Timed]:
        return [d for t in self.turns for d in t.decisions]

    def first(self) -> list[Timed]:
        return [t.decisions[0] for t in self.turns if t.decisions]

    def later(self) -> list[Timed]:
        return [d for t in self.turns for d in t.decisions[1:]]

    def over(self, limit: float) -> list[Timed]:
        return [d for d in self.decisions if d.seconds > limit]


def spread(values: list[float]) -> tuple[float, float, float]:
    """median, 90th centile, worst"""
    values = sorted(values)
    return (statistics.median(values), values[min(len(values) - 1, int(len(values) * 0.9))],
            values[-1])


def centile(values: list[float], q: float) -> float:
    """The `q` centile (nearest rank) of `values`."""
    values = sorted(values)
    return values[min(len(values) - 1, max(0, int(len(values) * q / 100 + 0.999999) - 1))]


# --- every sample: the report ----------------------------------------------------------------

@dataclass
class Line:
    """One group of timings of one log: count, median, 99th centile, worst and where, over
    the target."""

    count: int = 0
    median_ms: float = 0.0
    p99_ms: float = 0.0
    worst_ms: float = 0.0
    worst_at: str = ""  # turn, decision path, tile
    over: int = 0


def line_of(pairs: list[tuple[float, str]], limit_ms: float = TARGET_MS) -> Line:
    if not pairs:
        return Line()
    secs = [s * 1000 for s, _ in pairs]
    worst = max(pairs, key=lambda sw: sw[0])
    return Line(len(secs), statistics.median(secs), centile(secs, 99), worst[0] * 1000,
                worst[1], sum(s > limit_ms for s in secs))


@dataclass
class LogReport:
    log: str
    turns: int
    seconds: float  # the log's whole measure
    replay_ms: float  # the reference: a plain replay of a turn, median
    every: Line
    tile: Line  # the first decision of each turn
    others: Line
    tile_list: Line  # `tile_choices`
    merchant: Line  # every decision at a Merchant position (the tile list included)
    last_round: Line  # every decision of the last round (the tile list included)
    slowest: list[tuple[float, str]] = field(default_factory=list)  # ms, where (tile lists too)


def report_of(name: str, turns: list[Turn], seconds: float, slow: int = 0) -> LogReport:
    def at(t: Turn, d: Timed) -> str:
        return f"turn {t.number} {d.path} ({t.tile})"

    every = [(d.seconds, at(t, d)) for t in turns for d in t.decisions]
    tiles = [(t.decisions[0].seconds, at(t, t.decisions[0])) for t in turns if t.decisions]
    others = [(d.seconds, at(t, d)) for t in turns for d in t.decisions[1:]]
    lists = [(t.tile_list, f"turn {t.number} tile list") for t in turns if t.tile_list]
    merchant = [(d.seconds, at(t, d)) for t in turns if t.merchant for d in t.decisions] + \
        [(t.tile_list, f"turn {t.number} tile list") for t in turns if t.merchant and t.tile_list]
    last = [(d.seconds, at(t, d)) for t in turns if t.last_round for d in t.decisions] + \
        [(t.tile_list, f"turn {t.number} tile list") for t in turns
         if t.last_round and t.tile_list]
    slowest = sorted(((s * 1000, w) for s, w in every + lists), reverse=True)[:slow]
    return LogReport(name, len(turns), seconds,
                     statistics.median(t.replay for t in turns) * 1000 if turns else 0.0,
                     line_of(every), line_of(tiles), line_of(others), line_of(lists),
                     line_of(merchant), line_of(last), slowest)


def pick(logs: list[str] | None) -> list[Path]:
    """The logs named (a sample's name with or without .yaml, or a path); every one if none."""
    if not logs:
        return LOGS
    out = []
    for name in logs:
        path = Path(name)
        if not path.exists():
            found = [p for p in LOGS if p.stem == Path(name).stem]
            if not found:
                raise SystemExit(f"no sample log named {name!r}")
            path = found[0]
        out.append(path)
    return out


def sampled(path: Path, size: int, seed: int) -> set[int] | None:
    """`size` turn numbers of the log, drawn by `seed` (None: every turn)."""
    if size <= 0:
        return None
    played = load_game(path).replay.played
    return set(random.Random(f"{seed}:{path.name}").sample(range(1, played + 1),
                                                           min(size, played)))


def row(name: str, x: Line) -> str:
    if not x.count:
        return f"  {name:<22} {0:6d}"
    return (f"  {name:<22} {x.count:6d} {x.median_ms:8.1f} {x.p99_ms:8.1f} {x.worst_ms:8.1f} "
            f"{x.over:6d}  {x.worst_at}")


def say_report(r: LogReport, out: Callable[[str], None]) -> None:
    out(f"{r.log}: {r.turns} turns in {r.seconds:.0f} s; a plain replay of a turn "
        f"{r.replay_ms:.2f} ms (median, the reference)")
    out(f"  {'':<22} {'count':>6} {'median':>8} {'p99':>8} {'worst':>8} {'>20ms':>6}  "
        "worst at")
    out(row("every decision", r.every))
    out(row("  the tile", r.tile))
    out(row("  the others", r.others))
    out(row("tile list (moves)", r.tile_list))
    out(row("at the Merchant", r.merchant))
    out(row("in the last round", r.last_round))
    for ms, where in r.slowest:
        out(f"    {ms:6.1f} ms  {where}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="decision options along the sample logs")
    parser.add_argument("--logs", nargs="+", metavar="LOG",
                        help="sample logs by name (game-6p, promo-tiles-4p...) or path; "
                             "default: every sample and variant sample")
    parser.add_argument("--passes", type=int, default=1,
                        help="passes over each log, best of them per decision")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="time N turns of each log, drawn by --seed (0: every turn)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall time (default), or this process's processor time")
    parser.add_argument("--no-tile-lists", action="store_true",
                        help="do not time `tile_choices` (grinivil moves' tile list)")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="list the N slowest timings of each log")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the reports as JSON")
    args = parser.parse_args(argv)
    logs = pick(args.logs)
    CLOCK[0] = time.perf_counter if args.clock == "wall" else time.process_time

    def say(message: str = "") -> None:
        print(message, flush=True)

    def progress(message: str) -> None:
        print(f"  .. {message}", file=sys.stderr, flush=True)

    one, five, _ = os.getloadavg()
    say(f"decisions: {len(logs)} logs, {args.passes} pass(es), {args.clock} clock, "
        f"{'every turn' if args.sample <= 0 else f'{args.sample} turns each (seed {args.seed})'}"
        f"; load average {one:.2f} (1 min), {five:.2f} (5 min) at the start")
    reports, start = [], time.perf_counter()
    for path in logs:
        begun = time.perf_counter()
        turns = measure(path, progress, args.passes, sampled(path, args.sample, args.seed),
                        tile_lists=not args.no_tile_lists)
        reports.append(report_of(path.stem, turns, time.perf_counter() - begun, args.slowest))
        say_report(reports[-1], say)
    say()
    say(f"{'log':<30} {'turns':>5} {'dec.':>6} {'median':>7} {'p99':>7} {'worst':>7} "
        f"{'>20ms':>5} {'tile med':>8} {'tile max':>8} {'list max':>8} {'replay':>7}")
    for r in reports:
        e = r.every
        say(f"{r.log:<30} {r.turns:5d} {e.count:6d} {e.median_ms:7.1f} {e.p99_ms:7.1f} "
            f"{e.worst_ms:7.1f} {e.over + r.tile_list.over:5d} {r.tile.median_ms:8.1f} "
            f"{r.tile.worst_ms:8.1f} {r.tile_list.worst_ms:8.1f} {r.replay_ms:7.2f}")
    worst = max(reports, key=lambda r: max(r.every.worst_ms, r.tile_list.worst_ms))
    over = sum(r.every.over + r.tile_list.over for r in reports)
    w = max((worst.every, worst.tile_list), key=lambda x: x.worst_ms)
    say(f"\nworst {w.worst_ms:.1f} ms ({worst.log}, {w.worst_at}); {over} timings over "
        f"{TARGET_MS:g} ms: {'PASS' if over == 0 else 'FAIL'}")
    one, five, _ = os.getloadavg()
    say(f"{time.perf_counter() - start:.0f} s in all; load average {one:.2f} (1 min), "
        f"{five:.2f} (5 min) at the end")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in reports], indent=1))


if __name__ == "__main__":
    main()
