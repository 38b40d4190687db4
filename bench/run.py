"""Benchmarks, measured side by side in one run (machines are noisy: compare ratios).

    python bench/run.py                      # everything: ~3.5 minutes on 2 cores once the
                                             # logs are cached under bench/.cache/ (the first
                                             # run makes them: ~2 minutes more); decisions
                                             # takes ~1.5 of them (2 passes)
    python bench/run.py --only validation    # or chess, batch, memory, decisions, render, report
                                             # (several allowed)
    python bench/run.py --skip batch memory

validation: turns per second of `load_game` (safe YAML with positions, schema, names, replay)
    against PyYAML's C loader alone parsing the same files (the physical limit of a YAML tool);
    the time split by stage, and a cProfile summary of the top functions.
chess:  a peer for scale: python-chess reading PGN games and replaying their moves (moves per
    second); needs the optional extra `pip install -e '.[bench]'`, skipped without it.
batch:  `validate_many` with jobs=2 against jobs=1 over 1,000 simulated games (cached), with
    the CPU time each used (so a busy machine shows as such).
memory: peak resident memory (VmHWM) of a fresh process validating one long unfinished log
    (cached) of growing length, with and without the per-turn snapshots that `show` keeps.
decisions: the exact options of every decision of every turn of samples/game-6p.yaml, made again
    by `choices.remake` (each `Search.decision` call timed): per decision (median, worst; the
    first decision of a turn, the eligible tiles, apart) and per turn, against the issue's
    20 ms worst case; a plain replay of the turn as the reference (bench/decisions.py, which
    run alone measures every sample and variant sample, the tile lists too:
    `python bench/decisions.py`).
render: `snapshot_svg` per snapshot of samples/game-4p.yaml (every snapshot) against a plain
    svgwrite drawing of as many elements of the same kinds (text, rect, circle, line), serialised,
    in the same run; the whole game's `grinivil render` time (load + files) against its target;
    the time split (scene, svgwrite drawing, serialising) and by library; and, when cairosvg is
    installed, what `--png` adds per snapshot.
report: `grinivil report` (the CLI, in a child process: start-up included) over 500 of the
    simulated games of batch, with --jobs 1 and --jobs 2, an HTML page written; the wall time
    against the issue's "500 logs in well under a minute".

Other processes on the machine skew every figure (ratios less so, the batch speed-up most): the
load average is printed at the start and the end.

docs/performance.md holds the figures of a full run and the targets.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import chess_peer
import decisions
import games
import svgwrite  # type: ignore[import-untyped]
import yaml

from grinivil_cli.render import canvas, render_game, snapshot_svg
from grinivil_cli.render.files import game_title
from grinivil_cli.render.png import PngUnavailable, png_converter
from grinivil_cli.render.scene import Scene, make_scene
from grinivil_cli.render.snapshot import WIDTH, draw
from grinivil_cli.table import loading
from grinivil_cli.table.loading import DEFAULT_MAX_BYTES, Game, load_game
from grinivil_cli.validate.batch import validate_many

BENCH = Path(__file__).resolve().parent
SAMPLES = sorted((BENCH.parent / "samples").glob("*.yaml"))
PARTS = ("validation", "chess", "batch", "memory", "decisions", "render", "report")
RENDER_LOG = BENCH.parent / "samples" / "game-4p.yaml"
TARGET_RENDER_SECONDS = 5.0  # "a full 4-player game renders in a few seconds on 2 cores"
PNG_EVERY = 10  # --png is timed on every 10th snapshot (cairosvg takes ~0.2 s a picture)
DEFAULT_GAMES = 1000
TARGET_PARSE_RATIO = 2.0  # validation at half the parse speed or better
TARGET_SPEEDUP = 1.7  # jobs=2 against jobs=1 on 2 cores
TARGET_PEAK_MB = 200.0
REPORT_GAMES = 500
TARGET_REPORT_SECONDS = 60.0  # "500 logs in well under a minute on this machine"
MIB = 1024 * 1024


@dataclass
class Row:
    """One line of the summary table."""

    name: str
    measured: str
    reference: str = ""
    ratio: str = ""
    target: str = ""
    result: str = ""


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def say(message: str = "") -> None:
    print(message, flush=True)


def progress(message: str) -> None:
    print(f"  .. {message}", file=sys.stderr, flush=True)


# --- 1. validation against the YAML parse -------------------------------------------------------
def bench_validation(repeat: int, top: int) -> tuple[list[Row], tuple[float, float]]:
    """The rows, and validate's turns and bytes per second (no snapshots) for the peer."""
    texts = [p.read_text(encoding="utf-8") for p in SAMPLES]
    turns = sum(load_game(p, keep_snapshots=False).replay.played for p in SAMPLES)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    parse = best_of(repeat, lambda: [yaml.load(t, Loader=loader) for t in texts])
    full = best_of(repeat, lambda: [load_game(p) for p in SAMPLES])
    fast = best_of(repeat, lambda: [load_game(p, keep_snapshots=False) for p in SAMPLES])
    say(f"== validation: {len(SAMPLES)} sample games, {turns} turns, best of {repeat}")
    say(f"{'measure':<44} {'seconds':>8} {'turns/s':>9} {'x parse':>8}")
    for name, t in ((f"PyYAML {loader.__name__}, parse only", parse),
                    ("validate (no snapshots: `validate`)", fast),
                    ("validate (with snapshots: `show`/`render`)", full)):
        say(f"{name:<44} {t:8.3f} {turns / t:9.0f} {t / parse:8.1f}")
    stages = stage_times(repeat)
    if stages:
        total = sum(stages.values())
        say(f"\n{'stage of validate (no snapshots)':<44} {'seconds':>8} {'share':>9} "
            f"{'x parse':>8}")
        for name, t in stages.items():
            say(f"{name:<44} {t:8.3f} {t / total:9.0%} {t / parse:8.1f}")
    if top:
        profile_summary(top, fast)
    else:
        say()
    ratio = fast / parse
    return [
        Row("validate (no snapshots) vs YAML C parse", f"{turns / fast:,.0f} turns/s",
            f"{turns / parse:,.0f} turns/s", f"{ratio:.1f}x slower",
            f"<= {TARGET_PARSE_RATIO:g}x", verdict(ratio <= TARGET_PARSE_RATIO)),
        Row("validate (snapshots, `show`) vs YAML C parse", f"{turns / full:,.0f} turns/s",
            f"{turns / parse:,.0f} turns/s", f"{full / parse:.1f}x slower", "(info)", ""),
    ], (turns / fast, sum(len(t.encode()) for t in texts) / fast)


def stage_times(repeat: int) -> dict[str, float] | None:
    """validate's own steps, timed apart (best of `repeat`, summed over the samples): the
    functions `loading.read_log` and `loading.load_game` call, in their order."""
    names = ("load_yaml_file", "check_log", "load_edition", "check_references", "replay")
    if not all(hasattr(loading, n) for n in names):
        say("(stage split unavailable: grinivil_cli/table/loading.py no longer calls "
            f"{', '.join(n for n in names if not hasattr(loading, n))})")
        return None
    step = {n: getattr(loading, n) for n in names}
    best: dict[str, float] = {}
    for _ in range(repeat):
        sums = dict.fromkeys(("read YAML (safe loader, positions)", "JSON-schema check",
                              "edition (cached)", "names check", "replay (rules engine)"), 0.0)
        for path in SAMPLES:
            t0 = time.perf_counter()
            loaded = step["load_yaml_file"](path, max_bytes=DEFAULT_MAX_BYTES,
                                            display_name=str(path))
            t1 = time.perf_counter()
            step["check_log"](loaded)
            t2 = time.perf_counter()
            ed = step["load_edition"](loaded.data.get("edition") or "standard")
            t3 = time.perf_counter()
            step["check_references"](loaded, ed)
            t4 = time.perf_counter()
            step["replay"](ed, loaded, keep_snapshots=False)
            t5 = time.perf_counter()
            for key, t in zip(sums, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
                sums[key] += t
        best = {k: min(v, best.get(k, v)) for k, v in sums.items()}
    return best


def short(filename: str) -> str:
    """A profiled file's name without the folders everyone knows."""
    for marker in ("site-packages/", f"{BENCH.parent}/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return re.sub(r"^.*/lib/python3\.\d+/", "", filename)


def area(filename: str) -> str:
    """What a profiled function belongs to: a library, a grinivil package, or C builtins."""
    if filename.startswith("~") or filename.startswith("<"):
        return "builtins and C code (called by the others)"
    path = short(filename)
    parts = path.split("/")
    if "site-packages/" in filename:
        return parts[0].removesuffix(".py")
    if parts[0] == "grinivil_cli":
        return "/".join(parts[:2]).removesuffix(".py")
    return "Python standard library"


def profile_summary(top: int, unprofiled: float) -> None:
    """cProfile of validate (no snapshots) over the samples: top functions by own time, and
    own time added up by library/package."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(2):
        for path in SAMPLES:
            load_game(path, keep_snapshots=False)
    profiler.disable()
    stats = pstats.Stats(profiler)
    entries = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for _, _, tt, _, _ in entries.values())
    say(f"\ncProfile of validate (no snapshots), samples x2: {total:.2f} s "
        f"({total / (2 * unprofiled):.1f}x the unprofiled time: shares, not seconds, count)")
    say(f"{'own s':>7} {'share':>6} {'cum s':>7} {'calls':>9}  function")
    ranked = sorted(entries.items(), key=lambda kv: -kv[1][2])
    for (filename, line, func), (_, calls, tt, ct, _) in ranked[:top]:
        where = f"{short(filename)}:{line}" if line else filename
        say(f"{tt:7.3f} {tt / total:6.1%} {ct:7.3f} {calls:9d}  {func} ({where})")
    say(f"\n{'cum s':>7} {'share':>6} {'calls':>9}  grinivil functions by cumulative time")
    ours = [(k, v) for k, v in entries.items() if short(k[0]).startswith("grinivil_cli/")
            and not k[0].endswith("loading.py")]
    for (filename, line, func), (_, calls, _, ct, _) in sorted(ours, key=lambda kv: -kv[1][3])[
            :top]:
        say(f"{ct:7.3f} {ct / total:6.1%} {calls:9d}  {func} ({short(filename)}:{line})")
    by_area: dict[str, float] = {}
    for (filename, _, _), (_, _, tt, _, _) in entries.items():
        by_area[area(filename)] = by_area.get(area(filename), 0.0) + tt
    say(f"\n{'own s':>7} {'share':>6}  by library / package")
    for name, tt in sorted(by_area.items(), key=lambda kv: -kv[1])[:8]:
        say(f"{tt:7.3f} {tt / total:6.1%}  {name}")
    say()


# --- 2. the python-chess peer -------------------------------------------------------------------
def bench_chess(repeat: int, count: int, grinivil: tuple[float, float] | None) -> list[Row]:
    """python-chess's moves per second; against grinivil's validate, when measured."""
    chess = chess_peer.load_chess()
    if chess is None:
        say("== chess: SKIPPED: python-chess is not installed "
            "(pip install -e '.[bench]' installs it)\n")
        return [Row("python-chess PGN read + replay", "skipped: `chess` not installed",
                    result="SKIP")]
    pgns = chess_peer.make_pgns(count)
    moves = chess_peer.replay_pgns(pgns)
    t = best_of(repeat, lambda: chess_peer.replay_pgns(pgns))
    size = sum(len(p.encode()) for p in pgns)
    say(f"== chess: python-chess {chess.__version__}, {count} random legal games, {moves} moves, "
        f"{size / 1024:.0f} KiB of PGN, best of {repeat}")
    say(f"read_game + replay on a Board: {t:.3f} s, {moves / t:,.0f} moves/s, "
        f"{size / t / 1024:,.0f} KiB/s of PGN")
    row = Row("python-chess read_game + replay (peer)", f"{moves / t:,.0f} moves/s")
    if grinivil:
        turns_per_s, bytes_per_s = grinivil
        say(f"grinivil validate (no snapshots), samples: {turns_per_s:,.0f} turns/s, "
            f"{bytes_per_s / 1024:,.0f} KiB/s of YAML; python-chess: "
            f"{moves / t / turns_per_s:.1f}x as many moves as grinivil turns, "
            f"{size / t / bytes_per_s:.2f}x as many bytes")
        row.reference = f"{turns_per_s:,.0f} grinivil turns/s"
        row.ratio = f"{moves / t / turns_per_s:.1f}x grinivil"
        row.target = "(reference)"
        rows = [row, Row("  the same per byte of log (peer)", f"{size / t / 1024:,.0f} KiB/s PGN",
                         f"{bytes_per_s / 1024:,.0f} KiB/s YAML",
                         f"{size / t / bytes_per_s:.2f}x grinivil", "(reference)")]
    else:
        rows = [row]
    say()
    return rows


# --- 3. batch: jobs=2 against jobs=1 ------------------------------------------------------------
def bench_batch(count: int, gen_jobs: int) -> list[Row]:
    paths = games.simulated_games(count, gen_jobs, progress)
    size = sum(p.stat().st_size for p in paths)

    cpu: dict[int, float] = {}

    def run(jobs: int) -> tuple[float, list[dict[str, Any]]]:
        """Wall time and reports; CPU seconds of this process and its workers into `cpu`."""
        before = cpu_seconds()
        start = time.perf_counter()
        results = list(validate_many(paths, edition=None, max_bytes=DEFAULT_MAX_BYTES,
                                     jobs=jobs))
        wall = time.perf_counter() - start
        cpu[jobs] = cpu_seconds() - before  # workers counted once the pool has joined them
        return wall, results

    t1, results = run(1)
    bad = [Path(r["file"]) for r in results if r["status"] != "legal"]
    if bad:  # cached before a change of rules: make them again and measure again
        say(f"({len(bad)} cached games are no longer legal, e.g. {bad[0]}: making them again)")
        games.forget(bad)
        paths = games.simulated_games(count, gen_jobs, progress)
        t1, results = run(1)
    t2, results2 = run(2)
    turns = sum(int(r.get("turns", 0)) for r in results)
    bad = [Path(r["file"]) for r in results + results2 if r["status"] != "legal"]
    speedup = t1 / t2
    say(f"== batch: validate_many over {len(paths)} simulated games, {turns} turns, "
        f"{size / MIB:.1f} MiB, {os.cpu_count()} CPUs")
    for jobs, t in ((1, t1), (2, t2)):
        say(f"jobs={jobs}: {t:6.1f} s  {turns / t:7,.0f} turns/s  {len(paths) / t:5.1f} files/s"
            f"  {cpu[jobs]:6.1f} CPU s ({cpu[jobs] / t:.2f} CPUs busy)")
    say(f"speed-up {speedup:.2f}x (ideal 2.00x); CPU work with 2 jobs: {cpu[2] / cpu[1]:.2f}x "
        f"that of 1 job, so on 2 idle cores at most {2 * cpu[1] / cpu[2]:.2f}x; {load()}")
    if bad:
        say(f"WARNING: {len(bad)} results not legal, e.g. {bad[0]}")
    notes = games.rejected(paths)
    if notes:
        say(f"note: making these games, {len(notes)} seeds were replaced (see "
            f"{paths[0].parent / games.REJECTED}), e.g.\n  {notes[-1]}")
    say()
    return [Row(f"batch --jobs 2 vs --jobs 1 ({len(paths)} games)",
                f"{turns / t2:,.0f} turns/s", f"{turns / t1:,.0f} turns/s",
                f"{speedup:.2f}x faster", f">= {TARGET_SPEEDUP:g}x",
                verdict(speedup >= TARGET_SPEEDUP and not bad))]


def cpu_seconds() -> float:
    """User + system CPU time of this process and of its children that have ended."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


# --- 4. memory of one long log ------------------------------------------------------------------
def child_peak(path: Path, mode: str) -> dict[str, Any]:
    """Validate `path` in a fresh process (bench/memory_child.py); what it measured."""
    out = subprocess.run([sys.executable, str(BENCH / "memory_child.py"), str(path), mode],
                         check=False, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"bench/memory_child.py {path} {mode} failed:\n{out.stderr.strip()}")
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def bench_memory(lengths: list[int]) -> list[Row]:
    lengths = sorted(lengths)
    longest = games.long_log(lengths[-1], progress)
    logs = {n: longest if n == lengths[-1] else games.truncated_log(longest, n)
            for n in lengths}
    say("== memory: one fresh process per row validates the first N turns of one unfinished "
        "log; peak = its VmHWM, rise = what load_game added to it")
    say(f"{'mode':<10} {'turns':>6} {'log MiB':>8} {'seconds':>8} {'peak MiB':>9} "
        f"{'rise MiB':>9} {'KiB/turn':>9}")
    rows: list[Row] = []
    for mode in ("validate", "show"):
        rise: dict[int, float] = {}
        peak: dict[int, float] = {}
        imports = 0.0
        for n in lengths:
            r = child_peak(logs[n], mode)
            peak[n], rise[n] = r["peak_kib"] / 1024, max(r["rise_kib"] / 1024, 0.01)
            imports = r["imports_peak_kib"] / 1024
            say(f"{mode:<10} {n:6d} {logs[n].stat().st_size / MIB:8.2f} {r['seconds']:8.1f} "
                f"{peak[n]:9.1f} {rise[n]:9.1f} {rise[n] * 1024 / n:9.1f}")
        lo, hi = lengths[0], lengths[-1]
        growth, log_growth = rise[hi] / rise[lo], hi / lo
        say(f"{mode}: {log_growth:g}x the turns -> {growth:.2f}x the rise "
            f"(Python and imports: {imports:.0f} MiB)")
        label = "validate, keep_snapshots=False" if mode == "validate" else \
            "show, keep_snapshots=True"
        rows.append(Row(f"peak RSS, {hi:,} turns ({label})", f"{peak[hi]:.0f} MiB",
                        f"{imports:.0f} MiB imports", f"+{rise[hi] * 1024 / hi:.1f} KiB/turn",
                        f"< {TARGET_PEAK_MB:g} MiB", verdict(peak[hi] < TARGET_PEAK_MB)))
        rows.append(Row(f"  growth {lo:,} -> {hi:,} turns ({mode})", f"{growth:.2f}x rise",
                        f"{log_growth:g}x turns", f"{growth / log_growth:.2f}x the log",
                        "<= 1x the log (5%)", verdict(growth <= log_growth * 1.05)))
    heap = child_peak(longest, "breakdown")
    say(f"\nPython heap (tracemalloc) held after validating {lengths[-1]:,} turns: "
        f"{heap['held_kib'] / 1024:.1f} MiB (peak {heap['peak_kib'] / 1024:.1f} MiB), "
        "by the file that allocated it:")
    for filename, kib, count in heap["by_file"]:
        say(f"{kib / 1024:7.1f} MiB {count:8,d} blocks  {short(filename)}")
    say()
    return rows


# --- 5. decision options: the exact options of each decision of a recorded turn -----------------
def bench_decisions(passes: int, top: int) -> list[Row]:
    log = decisions.LOG
    start = time.perf_counter()
    turns = decisions.measure(log, progress, passes)
    whole = time.perf_counter() - start
    summary = decisions.Summary(turns)
    every, first, later = summary.decisions, summary.first(), summary.later()
    limit = decisions.TARGET_MS / 1000
    replay_median = statistics.median(t.replay for t in turns)
    say(f"== decisions: {log.name}, {len(turns)} turns made again by choices.remake, "
        f"{len(every)} decisions, best of {passes} passes per decision ({whole:.0f} s); one "
        f"plain replay of a turn: median {replay_median * 1e6:.0f} us (the reference)")
    say(f"{'decisions':<34} {'count':>6} {'median':>9} {'90%':>9} {'worst':>9} "
        f"{'> 20 ms':>8} {'probes/med':>10} {'all/med':>8}")

    def line(name: str, found: list[decisions.Timed] | list[decisions.Turn]) -> None:
        secs = [d.seconds for d in found]
        med, c90, worst = decisions.spread(secs)
        probes = [d.probes for d in found if isinstance(d, decisions.Timed)]
        every_replay = [d.replays for d in found if isinstance(d, decisions.Timed)]
        over = sum(s > limit for s in secs)
        say(f"{name:<34} {len(found):6d} {med * 1000:8.1f}m {c90 * 1000:8.1f}m "
            f"{worst * 1000:8.1f}m {over:8d} "
            f"{statistics.median(probes) if probes else '':>10} "
            f"{statistics.median(every_replay) if every_replay else '':>8}")

    line("every decision", every)
    line("  first of a turn (the tile)", first)
    line("  the others", later)
    by_key: dict[str, list[decisions.Timed]] = {}
    for d in later:
        by_key.setdefault(d.path.split("/")[0], []).append(d)
    for key, found in sorted(by_key.items(), key=lambda kv: -max(d.seconds for d in kv[1])):
        line(f"    {key}", found)
    line("whole turns (remake)", turns)
    say(f"\nthe 8 slowest decisions ({'turn':>4} {'#':>2} path, ms, replays of the search, "
        "all replays):")
    for d in sorted(every, key=lambda d: -d.seconds)[:8]:
        say(f"  turn {d.turn:4d} #{d.index:<2d} {d.path:<22} {d.seconds * 1000:8.1f} ms "
            f"{d.probes:6d} replays {d.replays:6d} in all")
    if top:
        slow = max(turns, key=lambda t: t.seconds)
        profile_turn(log, slow.number, top)
    say()
    _, _, worst = decisions.spread([d.seconds for d in every])
    f_med, _, f_worst = decisions.spread([d.seconds for d in first])
    l_med, _, l_worst = decisions.spread([d.seconds for d in later])
    t_med, _, t_worst = decisions.spread([t.seconds for t in turns])
    target = f"worst < {decisions.TARGET_MS:g} ms"
    return [
        Row(f"decision options, {log.name}: every decision ({len(every):,})",
            f"median {statistics.median(d.seconds for d in every) * 1000:.1f} ms, "
            f"worst {worst * 1000:.0f} ms", f"turn replay {replay_median * 1e3:.2f} ms",
            f"worst {worst / limit:.0f}x the target", target, verdict(worst < limit)),
        Row(f"  first decision of a turn: the tile ({len(first)})",
            f"median {f_med * 1000:.0f} ms, worst {f_worst * 1000:.0f} ms", "",
            f"{sum(d.seconds > limit for d in first)}/{len(first)} over 20 ms", target,
            verdict(f_worst < limit)),
        Row(f"  the other decisions ({len(later):,})",
            f"median {l_med * 1000:.1f} ms, worst {l_worst * 1000:.0f} ms", "",
            f"{sum(d.seconds > limit for d in later)}/{len(later)} over 20 ms", target,
            verdict(l_worst < limit)),
        Row(f"  per turn, all its decisions ({len(turns)})",
            f"median {t_med * 1000:.0f} ms, worst {t_worst * 1000:.0f} ms", "", "", "(info)",
            ""),
    ]


def profile_turn(log: Path, number: int, top: int) -> None:
    """cProfile of `remake` of one turn: where a search's time goes."""
    from grinivil_cli import choose as choices

    game = load_game(log)
    r = game.replay
    g = r.game
    assert g is not None
    snap = r.snapshots[number - 1]
    g.state = snap.state.copy()
    del g.ledger.entries[snap.ledger_size:]
    turn = (game.loaded.data.get("turns") or [])[number - 1]
    profiler = cProfile.Profile()
    profiler.enable()
    choices.remake(g, turn, number)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = sum(tt for _, _, tt, _, _ in stats.stats.values())  # type: ignore[attr-defined]
    say(f"\ncProfile of remake, turn {number} (the slowest), own time, top {top}:")
    say(f"{'own s':>7} {'share':>6} {'calls':>9}  function")
    entries = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
    for (filename, lineno, fn), (_, calls, tt, _, _) in entries[:top]:
        say(f"{tt:7.3f} {tt / total:6.1%} {calls:9d}  {short(filename)}:{lineno} {fn}")


# --- 6. render: SVG snapshots against plain svgwrite ------------------------------------------
SnapshotArgs = tuple[Any, dict[str, Any] | None, Any, str]  # snapshot, log turn, previous, title


def snapshot_args(game: Game) -> list[SnapshotArgs]:
    """What `render_game` passes to `snapshot_svg` for every snapshot, in order."""
    log_turns: list[Any] = game.loaded.data.get("turns") or []
    snaps = game.replay.snapshots
    title = game_title(game)
    out: list[SnapshotArgs] = []
    for i, snap in enumerate(snaps):
        rec = log_turns[snap.turn - 1] if 0 < snap.turn <= len(log_turns) else None
        out.append((snap, rec if isinstance(rec, dict) else None,
                    snaps[i - 1].state if i > 0 else None, title))
    return out


def render_svg(args: SnapshotArgs) -> str:
    snap, rec, previous, title = args
    return snapshot_svg(snap, log_turn=rec, previous=previous, title=title)


def scene_of(args: SnapshotArgs) -> Scene:
    snap, rec, previous, title = args
    return make_scene(snap.state, previous, turn=snap.turn, player=snap.player,
                      action=snap.action, log_turn=rec, title=title)


# Every element of a snapshot counts as one simple shape of the plain drawing: the elements
# that hold text (text, title, desc, style) as <text>, circles as <circle>, the drawn lines
# (line, polyline, polygon, path) as <line>, everything else (rect, use, g, symbol, ...) as <rect>.
PLAIN_KIND = {"text": "text", "title": "text", "desc": "text", "style": "text",
              "circle": "circle", "line": "line", "polyline": "line", "polygon": "line",
              "path": "line"}


def element_kinds(svg: str) -> dict[str, int]:
    """How many elements of each plain kind the snapshot has (the root <svg> not counted)."""
    counts = dict.fromkeys(("text", "rect", "circle", "line"), 0)
    for node in ET.fromstring(svg).iter():
        tag = node.tag.rsplit("}", 1)[-1]
        if tag != "svg":
            counts[PLAIN_KIND.get(tag, "rect")] += 1
    return counts


def plain_svg(counts: dict[str, int], height: int = 1100) -> str:
    """The reference: a flat svgwrite drawing (debug off) of `counts` simple shapes, each with
    a position, a size, a colour and a class like the snapshot's, serialised by svgwrite."""
    dwg = svgwrite.Drawing(size=(f"{WIDTH}px", f"{height}px"), profile="full", debug=False)
    for i in range(counts["rect"]):
        dwg.add(dwg.rect(insert=(f"{i % 97 * 12}", f"{i % 89 * 12}"), size=("30", "18"),
                         fill="#c8d6e5", stroke="#222f3e", class_="tile"))
    for i in range(counts["circle"]):
        dwg.add(dwg.circle(center=(f"{i % 97 * 12}", f"{i % 89 * 12}"), r="6",
                           fill="#10ac84", class_="token"))
    for i in range(counts["line"]):
        dwg.add(dwg.line(start=(f"{i % 97 * 12}", "0"), end=("0", f"{i % 89 * 12}"),
                         stroke="#576574", class_="road"))
    for i in range(counts["text"]):
        dwg.add(dwg.text(f"label {i}", insert=(f"{i % 97 * 12}", f"{i % 89 * 12}"),
                         class_="small"))
    return str(dwg.tostring())


def best_interleaved(repeat: int, *fns: Callable[[], object]) -> list[float]:
    """best_of for several functions run in turn within each round, so that a burst of load
    from another process weighs on all of them alike."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def stage_split(jobs: list[SnapshotArgs], repeat: int) -> dict[str, float]:
    """Seconds for all snapshots (best of `repeat` each): the scene (what changed, looks), the
    svgwrite drawing, and serialising (`Canvas.to_string`: svgwrite's get_xml, indent, tostring)."""
    original = canvas.Canvas.to_string
    spent = [0.0]

    def timed(self: canvas.Canvas) -> str:
        start = time.perf_counter()
        text = original(self)
        spent[0] += time.perf_counter() - start
        return text

    best: dict[str, float] = {}
    with mock.patch.object(canvas.Canvas, "to_string", timed):
        for _ in range(repeat):
            spent[0] = 0.0
            t0 = time.perf_counter()
            scenes = [scene_of(j) for j in jobs]
            t1 = time.perf_counter()
            for scene in scenes:
                draw(scene)
            t2 = time.perf_counter()
            found = {"scene (changes, looks)": t1 - t0,
                     "drawing (grinivil render + svgwrite elements)": t2 - t1 - spent[0],
                     "serialising (get_xml, ET.indent, tostring)": spent[0]}
            best = {k: min(v, best.get(k, v)) for k, v in found.items()}
    return best


def render_profile(jobs: list[SnapshotArgs], unprofiled: float) -> None:
    """cProfile of one pass of `snapshot_svg` over the snapshots: own time by library."""
    profiler = cProfile.Profile()
    profiler.enable()
    for j in jobs:
        render_svg(j)
    profiler.disable()
    entries = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(tt for _, _, tt, _, _ in entries.values())
    by_area: dict[str, float] = {}
    for (filename, _, _), (_, _, tt, _, _) in entries.items():
        by_area[area(filename)] = by_area.get(area(filename), 0.0) + tt
    say(f"\ncProfile of one pass: {total:.2f} s ({total / unprofiled:.1f}x the unprofiled "
        "time: shares count)")
    say(f"{'own s':>7} {'share':>6}  by library / package")
    for name, tt in sorted(by_area.items(), key=lambda kv: -kv[1])[:8]:
        say(f"{tt:7.3f} {tt / total:6.1%}  {name}")


def bench_render(repeat: int, top: int) -> list[Row]:
    game = load_game(RENDER_LOG)
    jobs = snapshot_args(game)
    n = len(jobs)
    counts = [element_kinds(render_svg(j)) for j in jobs]
    elements = sum(sum(c.values()) for c in counts)
    plain, ours = best_interleaved(repeat, lambda: [plain_svg(c) for c in counts],
                                   lambda: [render_svg(j) for j in jobs])
    load_s = best_of(repeat, lambda: load_game(RENDER_LOG))
    with tempfile.TemporaryDirectory() as out:
        files_s = best_of(repeat, lambda: render_game(game, out))
    total = load_s + files_s
    kinds = {k: sum(c[k] for c in counts) / n for k in counts[0]}
    say(f"== render: {RENDER_LOG.name}, {n} snapshots, {elements / n:.0f} elements per snapshot "
        f"({', '.join(f'{v:.0f} {k}' for k, v in kinds.items())} in the plain drawing), "
        f"best of {repeat}")
    say(f"{'measure':<52} {'seconds':>8} {'ms/snap':>8} {'x plain':>8}")
    for name, t in (("plain svgwrite, same elements, tostring()", plain),
                    ("snapshot_svg (in memory)", ours),
                    ("render_game (+ atomic writes of the files)", files_s)):
        say(f"{name:<52} {t:8.3f} {t / n * 1000:8.2f} {t / plain:8.1f}")
    say(f"the whole game as `grinivil render` does it: load_game {load_s:.2f} s + render_game "
        f"{files_s:.2f} s = {total:.2f} s (target <= {TARGET_RENDER_SECONDS:g} s; one process: "
        "the second core is idle)")
    stages = stage_split(jobs, repeat)
    whole = sum(stages.values())
    say(f"\n{'stage of snapshot_svg':<52} {'seconds':>8} {'share':>8} {'x plain':>8}")
    for name, t in stages.items():
        say(f"{name:<52} {t:8.3f} {t / whole:8.0%} {t / plain:8.1f}")
    if top:
        render_profile(jobs, ours)
    rows = [
        Row(f"render {RENDER_LOG.name} vs plain svgwrite", f"{ours / n * 1000:.1f} ms/snapshot",
            f"{plain / n * 1000:.1f} ms/snapshot", f"{ours / plain:.1f}x slower", "(info)", ""),
        Row(f"  whole game: load + {n} SVG files", f"{total:.2f} s", "", "",
            f"<= {TARGET_RENDER_SECONDS:g} s", verdict(total <= TARGET_RENDER_SECONDS)),
    ]
    try:
        to_png = png_converter()
    except PngUnavailable:
        say("\n--png: SKIPPED: cairosvg is not installed (pip install -e '.[png]')\n")
        return [*rows, Row("  --png (cairosvg)", "skipped: cairosvg not installed",
                           result="SKIP")]
    svgs = [render_svg(j) for j in jobs[::PNG_EVERY]]
    start = time.perf_counter()
    for svg in svgs:
        to_png(svg)
    png = (time.perf_counter() - start) / len(svgs)
    say(f"\n--png: cairosvg, {WIDTH} px wide, {len(svgs)} snapshots (every {PNG_EVERY}th), once: "
        f"{png * 1000:.0f} ms per picture, {png / (ours / n):.1f}x the SVG; the whole game with "
        f"--png about {total + png * n:.0f} s\n")
    return [*rows, Row("  --png: cairosvg to PNG, per snapshot", f"{png * 1000:.0f} ms",
                       f"{ours / n * 1000:.1f} ms SVG", f"{png / (ours / n):.1f}x the SVG",
                       "(info)", "")]


# --- report: `grinivil report` over 500 simulated games ---------------------------------------
def bench_report(count: int, gen_jobs: int) -> list[Row]:
    paths = games.simulated_games(count, gen_jobs, progress)
    turns = 0
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        say(f"== report: `grinivil report` over {len(paths)} simulated games (the CLI, start-up "
            f"included), HTML written")
        for jobs in (1, 2):
            out = Path(folder) / f"report-{jobs}.html"
            before = cpu_seconds()
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "grinivil_cli", "report", *map(str, paths),
                                   "-o", str(out), "--jobs", str(jobs)],
                                  capture_output=True, text=True)
            wall = time.perf_counter() - start
            cpu = cpu_seconds() - before
            ok = done.returncode == 0 and f"{len(paths)} games: {len(paths)} legal" in done.stdout
            if not ok:
                say(f"WARNING: exit {done.returncode}: {(done.stdout + done.stderr)[-300:]}")
            if not turns:
                turns = sum(int(n) for n in re.findall(r"(\d+) turns replayed",
                                                       out.read_text("utf-8")) if ok)
            size = out.stat().st_size / MIB if out.exists() else 0.0
            say(f"jobs={jobs}: {wall:6.1f} s  {len(paths) / wall:5.1f} logs/s  "
                f"{turns / wall:7,.0f} turns/s  {cpu:6.1f} CPU s  report {size:.1f} MiB")
            rows.append(Row(f"report --jobs {jobs} ({len(paths)} games)", f"{wall:.1f} s",
                            f"{len(paths) / wall:.1f} logs/s", "",
                            f"{REPORT_GAMES} logs < {TARGET_REPORT_SECONDS:g} s",
                            verdict(ok and wall * REPORT_GAMES / len(paths)
                                    < TARGET_REPORT_SECONDS)))
    say(f"{load()}\n")
    return rows


# --- the run ------------------------------------------------------------------------------------
def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, "
            f"PyYAML {yaml.__version__} (C loader: {hasattr(yaml, 'CSafeLoader')})")


def load() -> str:
    """The load average: other processes on the machine skew every figure, ratios less so."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def table(rows: list[Row]) -> str:
    head = Row("benchmark", "measured", "reference", "ratio", "target", "result")
    cols = ("name", "measured", "reference", "ratio", "target", "result")
    widths = [max(len(getattr(r, c)) for r in [head, *rows]) for c in cols]
    lines = []
    for i, r in enumerate([head, *rows]):
        lines.append("  ".join(getattr(r, c).ljust(w) for c, w in zip(cols, widths, strict=True))
                     .rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description="grinivil benchmarks (ratios side by side)")
    parser.add_argument("--only", nargs="+", choices=PARTS, metavar="PART",
                        help=f"run only these parts ({', '.join(PARTS)})")
    parser.add_argument("--skip", nargs="+", choices=PARTS, metavar="PART", default=[],
                        help="run everything but these parts")
    parser.add_argument("--repeat", type=int, default=5,
                        help="best of N (validation, chess, render)")
    parser.add_argument("--decision-passes", type=int, default=2,
                        help="decisions: passes over the game, best of them per decision "
                             "(about 40 s each)")
    parser.add_argument("--profile-top", type=int, default=12,
                        help="functions in the cProfile summary (0: no profile)")
    parser.add_argument("--chess-games", type=int, default=100,
                        help="random PGN games for the python-chess peer")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"simulated games for batch (default {DEFAULT_GAMES})")
    parser.add_argument("--gen-jobs", type=int, default=os.cpu_count() or 1,
                        help="processes that generate missing simulated games")
    parser.add_argument("--lengths", type=int, nargs="+", default=[2_500, 5_000, 10_000],
                        metavar="TURNS", help="long-log lengths for memory")
    args = parser.parse_args()
    parts = [p for p in (args.only or PARTS) if p not in args.skip]
    start = time.perf_counter()
    say(f"grinivil benchmarks: {', '.join(parts)}")
    say(f"machine: {machine()}")
    say(f"{load()} at the start{'' if os.getloadavg()[0] < 0.5 else ': the machine is busy'}\n")
    rows: list[Row] = []
    grinivil: tuple[float, float] | None = None
    if "validation" in parts:
        found, grinivil = bench_validation(args.repeat, args.profile_top)
        rows += found
    if "chess" in parts:
        rows += bench_chess(args.repeat, args.chess_games, grinivil)
    if "batch" in parts:
        rows += bench_batch(args.games, args.gen_jobs)
    if "memory" in parts:
        rows += bench_memory(args.lengths)
    if "decisions" in parts:
        rows += bench_decisions(args.decision_passes, args.profile_top)
    if "render" in parts:
        rows += bench_render(args.repeat, args.profile_top)
    if "report" in parts:
        rows += bench_report(min(args.games, REPORT_GAMES), args.gen_jobs)
    say(table(rows))
    say(f"\n{time.perf_counter() - start:.0f} s in all; {load()} at the end")


if __name__ == "__main__":
    main()
