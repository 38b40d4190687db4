"""A long differential campaign: the fast schema check against jsonschema on random mutants.

Usage: python tools/fastcheck_campaign.py [--mutants N] [--seed S] [--places P] [--turns T]
Each mutant is a log of the corpus of tests/test_fastcheck.py (samples, illegal samples, two
synthetic logs) cut to at most T consecutive turns and changed in 1 to P places; mutant i depends
only on (S, i). Prints "N checked, K disagreements" and each disagreement; exit status 1 when
there is any.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parent.parent
for folder in (TOP, TOP / "tests"):  # runnable from a checkout without `pip install -e .`
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from test_fastcheck import CORPUS, VALIDATOR, agree, make_mutant  # noqa: E402


def _arguments() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--places", type=int, default=3, help="at most this many changes")
    parser.add_argument("--turns", type=int, default=4, help="at most this many turns kept")
    return parser.parse_args()


def _mutant(seed: int, index: int, places: int, turns: int) -> tuple[Any, str]:
    """Mutant `index` of the campaign `seed`."""
    rng = random.Random(f"{seed}:{index}")
    log = CORPUS[rng.randrange(len(CORPUS))]
    return make_mutant(log, rng, rng.randint(1, places), turns)


def main() -> int:
    """Run the campaign; 1 when the two checks ever disagree."""
    args = _arguments()
    start = time.perf_counter()
    disagreements = valid = 0
    for index in range(args.mutants):
        mutant, what = _mutant(args.seed, index, args.places, args.turns)
        expected = VALIDATOR.is_valid(mutant)
        valid += expected
        if not agree(mutant):  # valid to the fast check where jsonschema says invalid
            disagreements += 1
            print(f"mutant {index}: jsonschema says {expected}; {what}")
            print(json.dumps(mutant, default=repr)[:2000])
    seconds = time.perf_counter() - start
    print(f"{args.mutants} checked, {disagreements} disagreements")
    print(f"({valid} valid, {args.mutants - valid} invalid; seed {args.seed}, {seconds:.0f} s)")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
