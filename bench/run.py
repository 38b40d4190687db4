"""Benchmarks, measured side by side in one run (machines are noisy: compare ratios).

    python bench/run.py [--repeat N]

validation: turns per second of `load_game` (safe YAML with positions, schema, names, replay)
against PyYAML's C loader alone parsing the same files (the physical limit of a YAML tool).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import yaml

from grinivil_cli.loading import load_game

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.yaml"))


def best_of(repeat: int, fn: object) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description="grinivil benchmarks")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    texts = [p.read_text(encoding="utf-8") for p in SAMPLES]
    turns = sum(len(load_game(p).replay.snapshots) - 1 for p in SAMPLES)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    parse = best_of(args.repeat, lambda: [yaml.load(t, Loader=loader) for t in texts])
    full = best_of(args.repeat, lambda: [load_game(p) for p in SAMPLES])
    fast = best_of(args.repeat, lambda: [load_game(p, keep_snapshots=False) for p in SAMPLES])
    print(f"{len(SAMPLES)} sample games, {turns} turns, best of {args.repeat}")
    print(f"{'measure':<42} {'seconds':>8} {'turns/s':>9} {'x parse':>8}")
    for name, t in (("PyYAML C loader, parse only", parse),
                    ("validate (with snapshots for show/render)", full),
                    ("validate (no snapshots)", fast)):
        print(f"{name:<42} {t:8.3f} {turns / t:9.0f} {t / parse:8.1f}")


if __name__ == "__main__":
    main()
