"""Start-up time of the command, measured side by side with what it cannot be faster than.

    python bench/startup.py [--rounds 10]

Each figure is the least wall time of `--rounds` fresh processes, taken in alternation (this
machine's speed moves from one second to the next): `grinivil validate` of a small log (the
illegal sample r-gen-02, 4 turns), Python parsing the same YAML with libyaml, an empty Python,
and the imports alone (typer; the whole command module). Issue 15's target: the validation
under 0.15 s.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
LOG = TOP / "samples" / "illegal" / "r-gen-02-turn-out-of-order.yaml"
TARGET = 0.15

COMMANDS = {
    "grinivil validate (4-turn log)": [sys.executable, "-m", "grinivil_cli", "validate",
                                       str(LOG)],
    "Python + libyaml parse of it": [sys.executable, "-c", "import yaml; yaml.load(open("
                                     f"{str(LOG)!r}), Loader=yaml.CSafeLoader)"],
    "empty Python": [sys.executable, "-c", "pass"],
    "import typer": [sys.executable, "-c", "import typer"],
    "import grinivil_cli.cli": [sys.executable, "-c", "import grinivil_cli.cli"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    least = dict.fromkeys(COMMANDS, float("inf"))
    for _ in range(args.rounds):
        for name, command in COMMANDS.items():
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=False, cwd=TOP)
            least[name] = min(least[name], time.perf_counter() - start)
    for name, seconds in least.items():
        print(f"{name:<34} {seconds:6.3f} s")
    took = least["grinivil validate (4-turn log)"]
    print(f"\nvalidate: {took / least['Python + libyaml parse of it']:.1f}x the parse; target "
          f"{TARGET} s: {'PASS' if took < TARGET else 'FAIL'}")


if __name__ == "__main__":
    main()
