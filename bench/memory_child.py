"""Run by bench/run.py in a fresh process: validate one log and print, as JSON, this process's
peak resident memory and how much of it validating the log added.

    python bench/memory_child.py PATH {validate|show|breakdown}

validate:  load_game(path, keep_snapshots=False), as `grinivil validate` does.
show:      load_game(path, keep_snapshots=True), as `grinivil show` does (a state per turn).
breakdown: validate under tracemalloc (slower); the Python heap still held when load_game
           returns, by the source file that allocated it, largest first.

The peak is the kernel's high-water mark of this process's resident set, VmHWM in
/proc/self/status. Not `ru_maxrss` (getrusage RUSAGE_SELF, or RUSAGE_CHILDREN in the parent):
Linux carries into it the resident size of the parent's memory that the child shared between
fork and exec, so a child of a 100 MiB parent reports at least 100 MiB. The rise is measured
from the resident size just before `load_game`, after resetting the high-water mark (`5` into
/proc/self/clear_refs), so a transient peak while importing cannot hide it; where that reset is
refused the rise is counted from the imports' peak. Without /proc, ru_maxrss is the fallback.
"""

from __future__ import annotations

import json
import resource
import sys
import time
import tracemalloc

from grinivil_cli.table.loading import load_game


def status_kib(field: str) -> int | None:
    """A memory figure of this process from /proc/self/status (VmHWM, VmRSS), in KiB."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def peak_kib() -> int:
    hwm = status_kib("VmHWM")
    return hwm if hwm is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def current_kib() -> int:
    rss = status_kib("VmRSS")
    return rss if rss is not None else peak_kib()


def reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
    except OSError:
        return False
    return True


def main() -> None:
    path, mode = sys.argv[1], sys.argv[2]
    if mode not in ("validate", "show", "breakdown"):
        raise SystemExit(f"unknown mode {mode!r}: validate, show or breakdown")
    if mode == "breakdown":
        breakdown(path)
        return
    imports_peak = peak_kib()
    before = current_kib() if reset_peak() else imports_peak
    start = time.perf_counter()
    game = load_game(path, keep_snapshots=mode == "show")
    seconds = time.perf_counter() - start
    if game.replay.error is not None:
        raise SystemExit(f"{path}: not legal: {game.replay.error}")
    load_peak = peak_kib()
    print(json.dumps({"turns": game.replay.played, "seconds": seconds,
                      "snapshots": len(game.replay.snapshots),
                      "peak_kib": max(imports_peak, load_peak), "imports_peak_kib": imports_peak,
                      "rise_kib": max(load_peak - before, 0)}))


def breakdown(path: str, top: int = 6) -> None:
    tracemalloc.start()
    game = load_game(path, keep_snapshots=False)
    held, peak = tracemalloc.get_traced_memory()
    stats = tracemalloc.take_snapshot().statistics("filename")
    print(json.dumps({"turns": game.replay.played, "held_kib": held // 1024,
                      "peak_kib": peak // 1024,
                      "by_file": [[s.traceback[0].filename, s.size // 1024, s.count]
                                  for s in stats[:top]]}))


if __name__ == "__main__":
    main()
