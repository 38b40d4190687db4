"""A turn in words, from the ledger: what each player gained and lost, each change with its
cause and the rule behind it, and the cubes a TAR completion drew for the Market; and the final
scoring in words. The recorder says it after every turn; the viewer shows it beside the board;
`render` writes it under each snapshot.

    Anna: Taxes at TAR completion -5 G (R-RND-03); Subsidy with 3 unemployed Workers +12 G
    (R-A17-01).
    Market refill: concrete, concrete, wood, steel (R-RND-05).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.game import plural
from ..engine.ledger import Entry
from ..engine.scoring import UNSOLD_RESIDENT, Score

UNITS = {"money": "G", "vp": "VP"}


def amount(e: Entry) -> str:
    """'+12 G', '-2 VP', '+1 wood', '-1 employed workers'."""
    unit = UNITS.get(e.what)
    return f"{e.amount:+d} {unit}" if unit else f"{e.amount:+d} {e.what}"


def turn_story(entries: Iterable[Entry], record: dict[str, Any] | None) -> list[str]:
    """One sentence a player whose table changed, in the order they first changed, and one
    for the Market refills the turn recorded."""
    by_player: dict[str, list[str]] = {}
    for e in entries:
        by_player.setdefault(e.player, []).append(f"{e.cause} {amount(e)} ({e.rule})")
    out = [f"{who}: {'; '.join(items)}." for who, items in by_player.items()]
    refills = (record or {}).get("refills") or []
    if refills:
        groups = "; ".join(", ".join(map(str, group)) for group in refills)
        out.append(f"{plural(len(refills), 'Market refill')}: {groups} (R-RND-05).")
    return out


def final_story(scores: list[Score]) -> list[str]:
    """The final scoring in words, a player each in rank order (R-SCORE-01..05), then how the
    winner was decided (R-SCORE-06..09: `explain_tie`)."""
    out = []
    for s in scores:
        parts = [f"{s.track_vp} on the Scoreboard", f"+ {s.money_vp} for money, 1 VP per 10 "
                 "Grinies (R-SCORE-02)"]
        if s.public_vp:
            parts.append(f"+ {s.public_vp} from Public buildings (R-SCORE-03)")
        if s.unsold:
            parts.append(f"- {UNSOLD_RESIDENT * s.unsold} for {s.unsold} unsold "
                         f"resident{'s' * (s.unsold != 1)} (R-SCORE-05)")
        out.append(f"{s.rank}. {s.player}: {' '.join(parts)} = {s.total} VP.")
    return out + [explain_tie(scores)]


def explain_tie(scores: list[Score]) -> str:
    """How the winner was decided: most VPs, then unplanted trees, then money (R-SCORE-06..09)."""
    top = [s for s in scores if s.total == scores[0].total]
    if len(top) == 1:
        return f"{scores[0].player} wins with {plural(scores[0].total, 'VP')}."
    names = " and ".join(s.player for s in top)
    trees = {s.player: s.trees for s in top}
    if len(set(trees.values())) > 1:
        best = max(top, key=lambda s: s.trees)
        return (f"{names} tie on {plural(top[0].total, 'VP')}; {best.player} has the most "
                f"unplanted Trees ({', '.join(f'{p} {n}' for p, n in trees.items())}) and "
                "wins (R-SCORE-07).")
    money = {s.player: s.money_left for s in top}
    if len(set(money.values())) > 1:
        best = max(top, key=lambda s: s.money_left)
        return (f"{names} tie on {plural(top[0].total, 'VP')} and on Trees; {best.player} has "
                "the most money left after conversion "
                f"({', '.join(f'{p} {n}' for p, n in money.items())}) and wins (R-SCORE-08).")
    return f"{names} tie on VPs, Trees and money and share first place (R-SCORE-09)."
