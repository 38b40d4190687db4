"""Start-up time of the command, measured side by side with what it cannot be faster than.

    python bench/startup.py [--rounds 10] [--before TREE] [--no-bytecode-cache]

Each figure is the least wall time of `--rounds` fresh processes, taken in alternation (this
machine's speed moves from one second to the next): `grinivil validate` of a small log (the
illegal sample r-gen-02, 4 turns), Python parsing the same YAML with libyaml, an empty Python,
and the imports alone (typer; the typer application, which every other command imports).
`--before TREE`: also the same validation by the code of TREE (a checkout of an earlier commit,
e.g. `git worktree add /tmp/before HEAD`), in the same rounds. Issue 15's target: the
validation under 0.15 s; issue 33's: within 3x the parse (docs/performance.md, section 9: run it
from an environment the wheel is installed in, outside the checkout, to measure what users run).

Python's compiled modules (`.pyc`) are kept, as an installed package has them: in a folder of
this run's (PYTHONPYCACHEPREFIX), filled by one untimed run of each command, so nothing is
written into the tree. `--no-bytecode-cache` measures instead with PYTHONDONTWRITEBYTECODE
(grinivil's own modules compiled from their source by every process, the installed packages'
`.pyc` used), as a checkout run with that variable set does.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
LOG = TOP / "samples" / "illegal" / "r-gen-02-turn-out-of-order.yaml"
TARGET = 0.15
RATIO = 3  # issue 33: within 3x the bare parse
VALIDATE = "grinivil validate (4-turn log)"
BEFORE = "grinivil validate, code of --before"
PARSE = "Python + libyaml parse of it"
VALIDATION = [sys.executable, "-m", "grinivil_cli", "validate", str(LOG)]

COMMANDS: dict[str, list[str]] = {
    VALIDATE: VALIDATION,
    PARSE: [sys.executable, "-c", "import yaml; yaml.load(open("
            f"{str(LOG)!r}), Loader=yaml.CSafeLoader)"],
    "empty Python": [sys.executable, "-c", "pass"],
    "import typer": [sys.executable, "-c", "import typer"],
    "import grinivil_cli.cli": [sys.executable, "-c", "import grinivil_cli.cli"],
}


def environment(work: Path, bytecode: bool) -> dict[str, str]:
    """The processes' environment: the .pyc kept in `work` (or not written at all); for the
    code of an earlier tree that kept a start-up cache (issue 15, dropped in issue 27), a cache
    folder of this run's."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",
                                                              "PYTHONPYCACHEPREFIX")}
    if bytecode:
        env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["GRINIVIL_CACHE_DIR"] = str(work / "cache")
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--before", type=Path, metavar="TREE",
                        help="also time the validation by the code of this checkout")
    parser.add_argument("--no-bytecode-cache", dest="bytecode", action="store_false",
                        help="do not keep compiled modules (PYTHONDONTWRITEBYTECODE)")
    args = parser.parse_args()
    commands = dict(COMMANDS)
    with tempfile.TemporaryDirectory(prefix="grinivil-startup-") as folder:
        work = Path(folder)
        env = environment(work, args.bytecode)
        where: dict[str, tuple[Path, dict[str, str]]] = dict.fromkeys(
            commands, (TOP, env))
        if args.before is not None:
            tree = args.before.resolve()
            commands[BEFORE] = VALIDATION
            where[BEFORE] = (tree, {**env, "PYTHONPATH": str(tree),
                                    "GRINIVIL_CACHE_DIR": str(work / "before-cache")})
            check = subprocess.run([sys.executable, "-c", "import grinivil_cli; print("
                                    "grinivil_cli.__file__)"], capture_output=True, text=True,
                                   cwd=tree, env=where[BEFORE][1], check=True)
            assert check.stdout.startswith(str(tree)), check.stdout  # its code, not ours
        for name, command in commands.items():  # untimed: the .pyc (and an earlier tree's cache)
            subprocess.run(command, capture_output=True, check=False, cwd=where[name][0],
                           env=where[name][1])
        least = dict.fromkeys(commands, float("inf"))
        for _ in range(args.rounds):
            for name, command in commands.items():
                cwd, run_env = where[name]
                start = time.perf_counter()
                subprocess.run(command, capture_output=True, check=False, cwd=cwd,
                               env=run_env)
                least[name] = min(least[name], time.perf_counter() - start)
    for name, seconds in least.items():
        print(f"{name:<36} {seconds:6.3f} s")
    took = least[VALIDATE]
    ratio = took / least[PARSE]
    print(f"\n.pyc {'kept' if args.bytecode else 'not written (PYTHONDONTWRITEBYTECODE)'}; "
          f"validate: {ratio:.1f}x the parse, target {RATIO}x: "
          f"{'PASS' if ratio <= RATIO else 'FAIL'}; target {TARGET} s: "
          f"{'PASS' if took < TARGET else 'FAIL'}")


if __name__ == "__main__":
    main()
