"""Are the decision domains complete? The perft-like check of issue 12: make every recorded
turn again, decision by decision, and check that each recorded value is among the exact
options `grinivil_cli/choose` offers for its decision.

Usage: python tools/completeness.py [LOG ...] [--games N] [--players 2,3,4,5,6] [--seed S]
                                    [--option KEY=VALUE ...] [--time-limit SECONDS]
                                    [--show N]
For every turn of every game given (log files, and/or N games played by `grinivil simulate`'s
bots, 300 when no log file is given: game k plays the k-th player count of `--players` in
turn, seed S + k // (number of counts); `--option` as for `grinivil simulate`), the table
before the turn is put back from the replay's snapshot and `choices.remake` makes the recorded
turn again. Reports the turns checked, the decisions offered, every turn whose recorded value
was not offered (game, turn, path, value, options: the first `--show` in full), the searches
stopped by MAX_PROBES, and the time per turn (median, worst). `--time-limit` starts no new
simulated game after that many seconds (the log files are always all checked). Exit status 1
on any failure (a value not offered, a capped search, an engine error, a log that does not
replay), 0 otherwise.

A logged turn is legal (the replay accepted it), so each of its values must be an option of
its decision: a value not offered is a domain that leaves a legal value out (or a search that
misjudges one), the bug this check exists to find.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parent.parent
if str(TOP) not in sys.path:  # runnable from a checkout without `pip install -e .`
    sys.path.insert(0, str(TOP))

from grinivil_cli.base import collector  # noqa: E402
from grinivil_cli.choose import (  # noqa: E402
    MAX_PROBES,
    NotOffered,
    SearchCapped,
    remake,
)
from grinivil_cli.edition.load import load_edition  # noqa: E402
from grinivil_cli.engine.game import Game  # noqa: E402
from grinivil_cli.engine.replay import Replay, replay  # noqa: E402
from grinivil_cli.errors import IllegalMove, LogFormatError  # noqa: E402
from grinivil_cli.logfile.loaded import Loaded  # noqa: E402
from grinivil_cli.sim.simulate import simulate  # noqa: E402
from grinivil_cli.table.deal import SimulationError, check_options, parse_option  # noqa: E402
from grinivil_cli.table.loading import load_game  # noqa: E402

Record = dict[str, Any]
SHOW = 5  # failures printed in full
DEFAULT_GAMES = 300  # issue 12: simulated games checked when no log file is given
OPTIONS_SHOWN = 40  # options listed per failure, at most


@dataclass
class Failure:
    """A turn that could not be made again: a value not offered, a capped search, an error."""

    game: str
    turn: int
    player: str
    tile: str
    kind: str  # "not offered", "capped", "error"
    path: str = ""
    value: str = ""
    options: str = ""
    detail: str = ""

    def full(self) -> str:
        head = f"{self.game} turn {self.turn} ({self.player}, {self.tile}): {self.kind}"
        lines = [head]
        if self.path:
            lines.append(f"  path:    {self.path}")
        if self.kind == "not offered":
            lines.append(f"  value:   {self.value}")
            lines.append(f"  options: {self.options}")
        if self.detail:
            lines += [f"  {line}" for line in self.detail.splitlines()]
        return "\n".join(lines)

    def short(self) -> str:
        where = f" at {self.path}" if self.path else ""
        return f"{self.game} turn {self.turn} ({self.player}, {self.tile}): {self.kind}{where}"


@dataclass
class Totals:
    """What the check found over every game."""

    games: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: list[float] = field(default_factory=list)  # per turn checked
    worst: tuple[float, str] = (0.0, "")  # the slowest turn and where it was
    failures: list[Failure] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)  # games that did not replay
    unplayed: list[str] = field(default_factory=list)  # seeds the bots could not finish

    def capped(self) -> int:
        return sum(f.kind == "capped" for f in self.failures)

    def not_offered(self) -> int:
        return sum(f.kind == "not offered" for f in self.failures)

    def errors(self) -> int:
        return sum(f.kind == "error" for f in self.failures)


def options_text(decision: Any) -> str:
    if decision is None:
        return "(none: the record made so far is dead)"
    found = decision.options if decision.kind != "count" else decision.ranges
    shown = ", ".join(repr(o) for o in found[:OPTIONS_SHOWN])
    more = f", ... ({len(found)} in all)" if len(found) > OPTIONS_SHOWN else ""
    return f"[{shown}{more}] ({decision.kind}, {decision.what}, {decision.rule})"


def tables(r: Replay) -> Iterator[tuple[int, Game]]:
    """The game with the table put back as it was before each turn the replay played (turn
    numbers from 1): the state copied from the snapshot, the ledger cut to its size then."""
    g = r.game
    assert g is not None
    entries = list(g.ledger.entries)
    for i in range(r.played):
        snap = r.snapshots[i]
        g.state = snap.state.copy()
        g.ledger.entries[:] = entries[:snap.ledger_size]
        del g.findings[:]
        yield i + 1, g


def check_game(name: str, log: Record, r: Replay, totals: Totals) -> None:
    """Make every turn of one replayed game again, adding to `totals`."""
    totals.games += 1
    turns: list[Record] = log.get("turns") or []
    if r.game is None or r.error is not None or r.played != len(turns) \
            or len(r.snapshots) <= r.played:
        totals.broken.append(f"{name}: {r.error or f'{r.played} of {len(turns)} turns replayed'}")
        return
    with collector.spared():  # the searches' replays: no collection walks the game
        check_turns(name, turns, r, totals)


def check_turns(name: str, turns: list[Record], r: Replay, totals: Totals) -> None:
    for number, g in tables(r):
        turn = turns[number - 1]
        fail = Failure(name, number, str(turn.get("player")), str(turn.get("tile")), "")
        start = time.perf_counter()
        try:
            _, steps = remake(g, turn, number)
            totals.decisions += len(steps)
        except NotOffered as e:
            d = e.decision
            fail.kind, fail.value, fail.options = "not offered", repr(e.value), options_text(d)
            fail.path = "/".join(map(str, d.path)) if d is not None else ""
            fail.detail = "" if d is not None else str(e)
        except SearchCapped as e:
            fail.kind, fail.detail = "capped", f"{e} (MAX_PROBES = {MAX_PROBES})"
        except Exception:  # an engine crash is a finding too; keep checking the others
            fail.kind, fail.detail = "error", traceback.format_exc(limit=6).rstrip()
        spent = time.perf_counter() - start
        totals.turns += 1
        totals.seconds.append(spent)
        if spent > totals.worst[0]:
            totals.worst = (spent, f"{name} turn {number}")
        if fail.kind:
            totals.failures.append(fail)


def check_file(path: str, totals: Totals) -> None:
    try:
        game = load_game(path)
    except (LogFormatError, OSError) as e:
        totals.games += 1
        totals.broken.append(f"{path}: {e}")
        return
    check_game(path, game.loaded.data, game.replay, totals)


def check_simulated(players: int, seed: int, options: dict[str, Any] | None,
                    totals: Totals) -> None:
    name = f"simulated {players}p/{seed}"
    edition = load_edition("standard")
    log = simulate(edition, players, seed, options)
    r = replay(edition, Loaded(f"simulated-{players}p-{seed}", log))
    check_game(name, log, r, totals)


def report(totals: Totals, show: int, seconds: float) -> str:
    t = totals.seconds
    lines = [f"games: {totals.games}, turns checked: {totals.turns}, decisions offered and "
             f"matched: {totals.decisions}"]
    if t:
        lines.append(f"time per turn: median {statistics.median(t) * 1000:.0f} ms, mean "
                     f"{statistics.fmean(t) * 1000:.0f} ms, worst {totals.worst[0] * 1000:.0f} ms "
                     f"({totals.worst[1]}); {sum(t):.1f} s of remake in {seconds:.1f} s")
    lines.append(f"values not offered: {totals.not_offered()} turns; searches capped: "
                 f"{totals.capped()}; engine errors: {totals.errors()}; games that did not "
                 f"replay: {len(totals.broken)}")
    for f in totals.failures[:show]:
        lines += ["", f.full()]
    if len(totals.failures) > show:
        lines += ["", f"... and {len(totals.failures) - show} more:"]
        lines += [f"  {f.short()}" for f in totals.failures[show:]]
    if totals.broken:
        lines += ["", "games that did not replay:"] + [f"  {b}" for b in totals.broken]
    if totals.unplayed:  # a bot's failing, not the domains': reported, skipped
        lines += ["", "simulated games the bots could not finish (not checked):"] + [
            f"  {u}" for u in totals.unplayed]
    ok = not totals.failures and not totals.broken
    lines += ["", "OK: every recorded value was offered" if ok else "FAIL"]
    return "\n".join(lines)


def player_counts(text: str) -> list[int]:
    counts = [int(x) for x in text.split(",") if x.strip()]
    if not counts or any(not 2 <= n <= 6 for n in counts):
        raise argparse.ArgumentTypeError("player counts are 2 to 6, comma separated")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="*", metavar="LOG", help="game logs to check")
    parser.add_argument("--games", type=int, default=None,
                        help=f"simulated games to check, in all (default {DEFAULT_GAMES} "
                             "without log files, else 0)")
    parser.add_argument("--players", type=player_counts, default=[2, 3, 4, 5, 6],
                        help="player counts of the simulated games, e.g. 2,3,4 (default 2 to 6)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game variant of the simulated games, as `grinivil simulate "
                             "--option`")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="start no new simulated game after this many seconds")
    parser.add_argument("--show", type=int, default=SHOW,
                        help=f"failures printed in full (default {SHOW})")
    parser.add_argument("--progress", action="store_true",
                        help="a line per game on stderr")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = 0 if args.logs else DEFAULT_GAMES
    if args.games < 0:
        parser.error("--games is 0 or more")
    if not args.logs and not args.games:
        parser.error("give log files, --games N (N > 0), or both")
    options: dict[str, Any] = {}
    try:
        for text in args.option:
            options.update(parse_option(text))
        check_options(options)
    except ValueError as e:
        parser.error(str(e))
    totals = Totals()
    start = time.perf_counter()

    def note(what: str, before: int) -> None:
        if args.progress:
            print(f"  .. {what}: {totals.turns - before} turns, {len(totals.failures)} "
                  f"failures so far, {time.perf_counter() - start:.0f} s", file=sys.stderr,
                  flush=True)

    for path in args.logs:
        before = totals.turns
        check_file(path, totals)
        note(path, before)
    simulated = 0
    for k in range(args.games):
        if args.time_limit is not None and time.perf_counter() - start > args.time_limit:
            break
        players = args.players[k % len(args.players)]
        seed = args.seed + k // len(args.players)
        before = totals.turns
        try:
            check_simulated(players, seed, options or None, totals)
        except IllegalMove as e:  # e.g. an option the setup refuses
            parser.error(f"cannot play {players}p/{seed}: {e}")
        except SimulationError as e:  # the bots found no end: skipped, reported
            totals.unplayed.append(f"{players}p/{seed}: {e}")
            note(f"not played {players}p/{seed}", totals.turns)
            continue
        simulated += 1
        note(f"simulated {players}p/{seed}", before)
    if args.games:
        why = [f"{len(totals.unplayed)} not played"] if totals.unplayed else []
        if args.time_limit is not None and simulated + len(totals.unplayed) < args.games:
            why.append(f"time limit {args.time_limit:g} s")
        print(f"simulated games checked: {simulated} of {args.games}"
              + (f" ({'; '.join(why)})" if why else ""))
    print(report(totals, args.show, time.perf_counter() - start))
    return 1 if totals.failures or totals.broken else 0


if __name__ == "__main__":
    sys.exit(main())
