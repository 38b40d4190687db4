"""Validation speed of this tree against an older commit's, measured side by side.

    python bench/side_by_side.py 13b97e8                 # 10 alternating rounds
    python bench/side_by_side.py 13b97e8 --instructions  # also count instructions (valgrind)

The machine's speed moves by up to 2x from one minute to the next, so two trees are compared
only in the same minutes: a fresh process of each in turn, `--rounds` times, each timing
`load_game(keep_snapshots=False)` over the samples and the PyYAML C parse of the same texts
(best of `--repeat`). The least time of each tree over the rounds is the figure to compare
(noise only ever adds time). With `--instructions`, valgrind (callgrind) also counts the CPU
instructions one validation of the samples takes in each tree, a figure noise does not move
(it does not see what memory costs, which times do).

The older commit is checked out in a temporary git worktree and run with PYTHONPATH on it (a
module it lacks would be imported from this tree's editable install: the old code imports
none).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(str(p) for p in (ROOT / "samples").glob("*.yaml"))

CHILD = """
import sys, time, yaml
try:
    from grinivil_cli.table.loading import load_game
except ImportError:  # a tree before issue 29's layout
    from grinivil_cli.loading import load_game
samples, repeat = sys.argv[1:-1], int(sys.argv[-1])
texts = [open(p, encoding="utf-8").read() for p in samples]
def best(fn):
    least = float("inf")
    for _ in range(repeat):
        t = time.perf_counter(); fn(); least = min(least, time.perf_counter() - t)
    return least
v = best(lambda: [load_game(p, keep_snapshots=False) for p in samples])
c = best(lambda: [yaml.load(t, Loader=yaml.CSafeLoader) for t in texts])
print(v, c)
"""

COUNTED = """
import sys, yaml
try:
    from grinivil_cli.table.loading import load_game
except ImportError:  # a tree before issue 29's layout
    from grinivil_cli.loading import load_game
samples, what, n = sys.argv[1:-2], sys.argv[-2], int(sys.argv[-1])
texts = [open(p, encoding="utf-8").read() for p in samples]
load_game(samples[0], keep_snapshots=False)  # imports and the edition, counted in both runs
yaml.load(texts[0], Loader=yaml.CSafeLoader)
for _ in range(n):
    if what == "validate":
        for p in samples:
            load_game(p, keep_snapshots=False)
    else:
        for t in texts:
            yaml.load(t, Loader=yaml.CSafeLoader)
"""


def timed(tree: str | None, repeat: int) -> tuple[float, float]:
    """(validate, parse) seconds, best of `repeat`, in a fresh process on `tree`."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if tree:
        env["PYTHONPATH"] = tree
    out = subprocess.run([sys.executable, "-c", CHILD, *SAMPLES, str(repeat)], env=env,
                         check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), float(out[1])


def instructions(tree: str | None, what: str, n: int) -> int:
    """CPU instructions of a process doing `what` n times (callgrind's 'Collected')."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if tree:
        env["PYTHONPATH"] = tree
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", COUNTED, *SAMPLES, what, str(n)], env=env,
                         check=True, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise SystemExit(f"valgrind said nothing countable:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_run(tree: str | None, what: str) -> int:
    """Instructions of one run over the samples: two runs less none, halved."""
    return (instructions(tree, what, 2) - instructions(tree, what, 0)) // 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit", help="the older commit (any git revision)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=15, help="best of N in each process")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions with valgrind (a few minutes)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="grinivil-side-"))
    old = work / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old),
                    args.commit], check=True, capture_output=True)
    try:
        trees = {f"{args.commit} (older)": str(old), "this tree": None}
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        for i in range(args.rounds):
            for name, tree in trees.items():
                times[name].append(timed(tree, args.repeat))
            print(f"round {i + 1}/{args.rounds}", file=sys.stderr)
        print(f"{len(SAMPLES)} samples, {args.rounds} alternating rounds, best of "
              f"{args.repeat} in each")
        print(f"{'tree':<22} {'validate s':>10} {'C parse s':>10} {'ratio':>6} "
              f"{'median ratio':>12}")
        for name, found in times.items():
            v = min(t[0] for t in found)
            c = min(t[1] for t in found)
            ratios = sorted(a / b for a, b in found)
            print(f"{name:<22} {v:10.4f} {c:10.4f} {v / c:6.2f} {ratios[len(ratios) // 2]:12.2f}")
        if args.instructions:
            parse = per_run(None, "parse")
            print(f"\ninstructions of one run (callgrind); the C parse: {parse / 1e6:,.0f} M")
            for name, tree in trees.items():
                n = per_run(tree, "validate")
                print(f"{name:<22} {n / 1e6:10,.0f} M  {n / parse:5.2f}x the parse")
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                       check=False, capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
