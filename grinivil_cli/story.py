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

from .audit import explain_tie
from .engine.game import plural
from .engine.ledger import Entry
from .engine.scoring import UNSOLD_RESIDENT, Score

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
    winner was decided (R-SCORE-06..09: `audit.explain_tie`)."""
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
