"""Where the points and the money of one bot game go (issue 16): the game played by bots
(`grinivil_cli/sim/arena.py`), replayed, and each player's VPs and Grinies summed by cause
from the replay's ledger, with the final score's parts, and why each resident left unsold
was not sold (its best site and what that site lacked at the end).

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
from grinivil_cli.engine import townland  # noqa: E402
from grinivil_cli.engine.game import Game  # noqa: E402
from grinivil_cli.engine.replay import replay  # noqa: E402
from grinivil_cli.engine.residents import qualifying  # noqa: E402
from grinivil_cli.engine.state import PlayerState  # noqa: E402
from grinivil_cli.logfile.loaded import Loaded  # noqa: E402
from grinivil_cli.sim.arena import PLANNER, SIMPLE, play  # noqa: E402
from grinivil_cli.sim.planner import HousePlan, plan_sites, plan_worth  # noqa: E402


def cause_of(text: str) -> str:
    """A ledger cause without its particulars (numbers, names in quotes)."""
    text = re.sub(r"\d+", "#", text)
    return re.sub(r"'[^']*'", "'…'", text)[:70]


def unsold(g: Game, p: PlayerState) -> list[str]:
    """Each resident left in the Portfolio, its best site by the planner's `plan_worth` and
    what that site lacked at the end: the House's Floors, a mandatory Commerce building
    within reach, the road, the Trees."""
    out = []
    state, town = g.state, g.state.townland
    sites = plan_sites(g, state, p)
    for card in sorted(p.residents):
        worth, site = max(((plan_worth(g, state, p, HousePlan(card, s)), s) for s in sites),
                          default=(0.0, ""))
        if not site:
            out.append(f"{card}: no site")
            continue
        c = g.ed.residents[card]
        b = town.buildings.get(site)
        lacks = [f"Floors {len(b.blocks) if b else 0}/2"] if b is None or not b.finished else []
        lacks += [f"{f.building} within {f.max_distance}" for f in c.mandatory
                  if not qualifying(g, site, f)]
        if not townland.is_usable(g.ed, town, site):
            lacks.append("road")
        trees = len(town.trees & townland.sector_of_site(g.ed, town, site))
        if trees < c.min_trees:
            lacks.append(f"Trees {trees}/{c.min_trees}")
        out.append(f"{card}: best {site} ({worth:.1f}) lacks {', '.join(lacks) or 'nothing'}")
    return out


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
        for line in unsold(g, p):
            print("  unsold " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
