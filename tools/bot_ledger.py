"""Where the points and the money of one bot game go (issue 16): the game played by bots
(`grinivil_cli/sim/arena.py`), replayed, and each player's VPs and Grinies summed by cause
from the replay's ledger, with the final score's parts.

Usage: python tools/bot_ledger.py [--players 4] [--seed 3] [--bot planner|simple|mixed]
                                  [--edition FILE]
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
if str(TOP) not in sys.path:
    sys.path.insert(0, str(TOP))

from grinivil_cli.edition.load import load_edition  # noqa: E402
from grinivil_cli.engine.replay import replay  # noqa: E402
from grinivil_cli.logfile.loaded import Loaded  # noqa: E402
from grinivil_cli.sim.arena import PLANNER, SIMPLE, play  # noqa: E402


def cause_of(text: str) -> str:
    """A ledger cause without its particulars (numbers, names in quotes)."""
    text = re.sub(r"\d+", "#", text)
    return re.sub(r"'[^']*'", "'…'", text)[:70]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--bot", default=PLANNER, choices=(PLANNER, SIMPLE, "mixed"))
    parser.add_argument("--edition", default="standard", help="edition name or YAML file")
    args = parser.parse_args(argv)
    ed = load_edition(args.edition)
    kinds = [PLANNER if i == args.seed % args.players else SIMPLE
             for i in range(args.players)] if args.bot == "mixed" else args.bot
    log, stats = play(ed, args.players, args.seed, kinds)
    r = replay(ed, Loaded("simulated", copy.deepcopy(log)))
    assert r.game is not None and r.error is None, r.error
    g = r.game
    print(f"seed {args.seed}, {args.players} players, seats {stats.seats}: {stats.turns} turns, "
          f"{stats.seconds:.1f} s; final {stats.scores}")
    tiles: dict[str, Counter[str]] = defaultdict(Counter)
    for t in log["turns"]:
        for a in [t, *(t.get("repeat") or [])]:
            if isinstance(a, dict) and a.get("tile"):
                tiles[str(t["player"])][str(a["tile"])] += 1
    for p in g.state.players:
        money: Counter[str] = Counter()
        vp: Counter[str] = Counter()
        for e in g.ledger.for_player(p.name):
            if e.what == "money":
                money[cause_of(e.cause)] += e.amount
            elif e.what == "vp":
                vp[cause_of(e.cause)] += e.amount
        print(f"\n{p.name}: score {stats.scores[p.name]} (VP {p.vp}, money {p.money}, "
              f"sold {stats.sold[p.name]}, unsold {stats.unsold[p.name]}, road track "
              f"{p.road_track}, blocks left {p.blocks}, turns {stats.turns_of[p.name]})")
        print("  VPs:   " + "; ".join(f"{c} {n:+d}" for c, n in vp.most_common()))
        print("  money: " + "; ".join(f"{c} {n:+d}" for c, n in
                                      sorted(money.items(), key=lambda x: -abs(x[1]))))
        print("  tiles: " + ", ".join(f"{t} {n}" for t, n in tiles[p.name].most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
