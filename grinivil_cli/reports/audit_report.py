"""The audit and the ledger as text tables, Markdown (for forum threads) or JSON."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from ..base.terminal import markdown_table, markdown_text
from ..base.width import text_table, wrap
from ..engine.game import plural
from ..engine.ledger import Entry
from ..engine.state import MUNICIPALITY
from .audit import Audit, lost_to_municipality

SOURCE_ORDER = ["VPs from floors built", "VPs from houses sold", "commerce rewards",
                "VPs from trees planted", "replanting", "exploring", "site bonuses",
                "Bonus Road Track", "VPs from auctions", "conversions", "penalties", "other"]


def table(headers: list[str], rows: list[list[Any]], markdown: bool, width: int | None = None,
          flip: int | None = None) -> str:
    """A table in plain text (aligned columns, in `width` columns: `base.width.text_table`)
    or Markdown (pipes), every cell shown as written: control characters escaped, and in
    Markdown its special characters too (a `|` in a name keeps its cell)."""
    if markdown:
        return markdown_table(headers, rows)
    return text_table(headers, rows, width, flip=flip)


def score_rows(a: Audit) -> tuple[list[str], list[list[Any]]]:
    """The headers and rows of the final score table (`score_table`), for any format."""
    used = [s for s in SOURCE_ORDER if any(a.sources[p].get(s) for p in a.sources)]
    headers = ["rank", "player"] + used + ["Scoreboard", "VPs for money", "Public",
                                           "unsold residents", "total"]
    rows = []
    for s in a.scores:
        src = a.sources[s.player]
        rows.append([s.rank, s.player] + [src.get(k, 0) for k in used]
                    + [s.track_vp, f"+{s.money_vp}", f"+{s.public_vp}",
                       f"{s.unsold} (-{10 * s.unsold})" if s.unsold else "0", s.total])
    return headers, rows


def score_table(a: Audit, markdown: bool, width: int | None = None) -> str:
    """Per player: VPs by source, money, Public buildings, unsold residents, total, rank (as
    text too wide for `width`: a column per player, a row per source)."""
    return table(*score_rows(a), markdown, width, flip=1)


def prose(text: str, markdown: bool, width: int | None = None) -> str:
    """A paragraph: in Markdown its names cannot link, emphasise or start a heading; as text,
    its lines wrapped at `width` columns."""
    return markdown_text(text, paragraph=True) if markdown else wrap(text, width)


PUBLIC_HEADERS = ["Public building", "desired by", "reward", "split by blocks"]
NO_PUBLIC = "No finished, usable Public building: no Public rewards."


def public_rows(a: Audit) -> tuple[list[list[Any]], str]:
    """The rows of the Public buildings table (`public_table`) and the note under it (the
    Municipality's lost shares; empty when none)."""
    rows = []
    for p in a.public:
        desires = " + ".join(f"{v} ({card})" for card, v in p.desired_by) or "nobody"
        split = ", ".join(f"{who} {blocks} block{'s' if blocks > 1 else ''}: {vp}"
                          + (" (lost)" if who == MUNICIPALITY else "")
                          for who, blocks, vp in p.shares)
        rows.append([f"{p.building} ({p.site})", desires, p.total, split])
    lost = sum(lost_to_municipality(p) for p in a.public)
    return rows, (f"The Municipality's shares ({plural(lost, 'VP')}) are lost (R-MUNI-02)."
                  if lost else "")


def public_table(a: Audit, markdown: bool, width: int | None = None) -> str:
    if not a.public:
        return prose(NO_PUBLIC, markdown, width)
    rows, lost = public_rows(a)
    note = "\n\n" + prose(lost, markdown, width) if lost else ""
    return table(PUBLIC_HEADERS, rows, markdown, width) + note


def claims_text(a: Audit, markdown: bool, width: int | None = None) -> str:
    if a.agrees:
        return prose("Every claim in the log agrees with the rules.", markdown, width)
    d = a.divergences[0]
    here = [x for x in a.divergences if x.turn == d.turn]
    when = "at final scoring" if d.what in ("final score", "winner") else f"after turn {d.turn}"
    heads = []
    for x in here:
        where = f" (line {x.line})" if x.line else ""
        if x.what == "winner":
            heads.append(f"{when}{where}, the log claims {x.claimed} won; by the rules the "
                         f"winner is {x.actual}.")
            continue
        unit = {"money": ("Grinie", "Grinies")}.get(x.what, ("VP", "VPs"))
        what = " as final score" if x.what == "final score" else ""
        claimed = plural(x.claimed, *unit) if isinstance(x.claimed, int) else \
            f"{x.claimed} {unit[1]}"
        heads.append(f"{when}{where}, the log claims {x.player} has {claimed}"
                     f"{what}; the rules give {x.actual}.")
    head = "First divergence: " + "\n".join(heads)
    names = " and ".join(sorted({x.player for x in here}))
    since = ("setup" if a.first_agreeing_turn == 0 else f"turn {a.first_agreeing_turn}, the "
             "last turn where every claim agreed")
    rows = [[e.turn, e.player, e.what, f"{e.amount:+d}", e.total, e.cause, e.rule]
            for e in a.entries_since]
    later = len(a.divergences) - len(here)
    more = (f"\n\n{later} later claim{'s' if later > 1 else ''} also disagree"
            f"{'s' if later == 1 else ''}.") if later else ""
    return (prose(f"{head}\n\nLedger entries of {names} since {since}:", markdown, width)
            + "\n\n" + table(["turn", "player", "what", "change", "total", "cause", "rule"],
                             rows, markdown, width) + prose(more, markdown, width))


def audit_text(a: Audit, title: str, markdown: bool, variants: str = "",
               width: int | None = None) -> str:
    """The audit for people: as text in `width` columns (None: natural), or Markdown."""
    h = "## " if markdown else ""
    head = f"{h}Audit of {markdown_text(title) if markdown else title}" + (
        "\n\n" + prose(f"Variants: {variants}", markdown, width) if variants else "")
    return "\n\n".join([head, score_table(a, markdown, width),
                        prose(a.tie_break, markdown, width), f"{h}Public buildings",
                        public_table(a, markdown, width), f"{h}Claims",
                        claims_text(a, markdown, width)])


def audit_json(a: Audit, path: str, variants: str = "") -> dict[str, Any]:
    return {
        "file": path, "status": "agrees" if a.agrees else "disagrees", "variants": variants,
        "exit": 0 if a.agrees else 1,
        "scores": [{"player": s.player, "rank": s.rank, "total": s.total,
                    "scoreboard": s.track_vp, "money": s.money_vp, "public": s.public_vp,
                    "unsold_residents": s.unsold, "sources": a.sources[s.player]}
                   for s in a.scores],
        "tie_break": a.tie_break,
        "public": [{"site": p.site, "building": p.building, "reward": p.total,
                    "desired_by": [{"resident": c, "vp": v} for c, v in p.desired_by],
                    "shares": [{"participant": w, "blocks": b, "vp": v}
                               for w, b, v in p.shares]} for p in a.public],
        "divergences": [asdict(d) for d in a.divergences],
        "entries_since_agreement": [e._asdict() for e in a.entries_since],
    }


def ledger_rows(entries: list[Entry]) -> list[list[Any]]:
    return [[e.turn, e.player, e.what, f"{e.amount:+d}", e.total, e.cause, e.rule,
             e.counterparty] for e in entries]


LEDGER_HEADERS = ["turn", "player", "what", "change", "total", "cause", "rule", "with"]
