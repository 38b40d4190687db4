"""Final scoring and the tie-breaks (rulebook: Scoring)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.shown import tagged
from . import townland
from .game import Game, plural
from .ledger import Entry
from .residents import share
from .state import MUNICIPALITY, GameState

GRINIES_PER_VP = 10  # R-VP-07, R-SCORE-02
UNSOLD_RESIDENT = 10  # R-SCORE-05


@dataclass(repr=False)
class Score:
    """A player's final score: its parts (R-SCORE-01..05), the tie-breaks, the place."""

    player: str
    track_vp: int  # (a) VPs on the Scoreboard
    money_vp: int  # (b) 1 per 10 Grinies
    public_vp: int  # (c) Public building rewards
    public_detail: list[tuple[str, int]] = field(default_factory=list)  # (building site, VPs)
    unsold: int = 0  # (d) residents still in the Portfolio
    trees: int = 0  # first tie-break
    money_left: int = 0  # second tie-break (AMB-SCORE-01 (a))
    rank: int = 0

    @property
    def total(self) -> int:
        return self.track_vp + self.money_vp + self.public_vp - UNSOLD_RESIDENT * self.unsold

    def __repr__(self) -> str:
        unsold = f" - {UNSOLD_RESIDENT} x {self.unsold} unsold" if self.unsold else ""
        return tagged("Score", f"{self.player}: {self.total} VP, rank {self.rank} "
                      f"({self.track_vp} track + {self.money_vp} money + {self.public_vp} "
                      f"public{unsold}; {self.trees} Trees, {self.money_left} G left)")


def public_rewards(g: Game) -> dict[str, list[tuple[str, int]]]:
    """For each finished, usable Public building, the rewards of every Pile card desiring it,
    shared by Blocks, rounded down; the Municipality's share is lost (R-SCORE-03/04,
    R-SPLIT-05)."""
    town = g.state.townland
    out: dict[str, list[tuple[str, int]]] = {p.name: [] for p in g.state.players}
    for site in sorted(town.buildings):
        b = town.buildings[site]
        if g.ed.buildings[b.building].family != "public" or not b.finished:
            continue
        if not townland.is_usable(g.ed, town, site):
            continue
        total = sum(g.ed.residents[c].public.get(b.building, 0) for c in g.state.supply.pile)
        for who in b.participants():
            if who != MUNICIPALITY and total:
                out[who].append((site, share(total, "blocks", b, who)))
    return out


def final_scores(g: Game) -> list[Score]:
    """Each player's score (R-SCORE-01..05), ranked: most VPs, then more unplanted Trees, then
    more money left after conversion; still tied players share the place (R-SCORE-06..09)."""
    publics = public_rewards(g)
    scores = []
    for p in g.state.players:
        detail = publics[p.name]
        scores.append(Score(player=p.name, track_vp=p.vp, money_vp=p.money // GRINIES_PER_VP,
                            public_vp=sum(v for _, v in detail), public_detail=detail,
                            unsold=len(p.residents), trees=p.trees,
                            money_left=p.money % GRINIES_PER_VP))
    ordered = sorted(scores, key=lambda s: (-s.total, -s.trees, -s.money_left))
    for i, s in enumerate(ordered):
        prev = ordered[i - 1] if i else None
        same = prev is not None and (prev.total, prev.trees, prev.money_left) == (
            s.total, s.trees, s.money_left)
        s.rank = prev.rank if same and prev is not None else i + 1
    return ordered


def projected_scores(g: Game, state: GameState) -> list[Score]:
    """What final scoring would give if the game ended at the table `state` (R-SCORE-01..05
    as they stand: the Scoreboard, money, the Public buildings finished and usable so far,
    the residents still unsold), ranked as `final_scores` ranks them. Nothing is changed."""
    kept = g.state
    g.state = state
    try:
        return final_scores(g)
    finally:
        g.state = kept


FINAL = "final score"


def record_final_scores(g: Game, scores: list[Score]) -> None:
    """Final scoring as ledger entries (what = 'final score'): the Scoreboard, money, each
    Public building's share, the unsold residents; they sum to each player's total."""
    turn = g.state.turn
    for s in sorted(scores, key=lambda s: g.state.index_of(s.player)):
        total = 0
        rows = [(s.track_vp, "VPs on the Scoreboard", "R-SCORE-01"),
                (s.money_vp, f"{plural(g.state.player(s.player).money, 'Grinie', 'Grinies')}, "
                 "1 VP per 10",
                 "R-SCORE-02")]
        town = g.state.townland
        rows += [(vp, f"the {g.ed.buildings[town.buildings[site].building].name} at {site}",
                  "R-SCORE-03") for site, vp in s.public_detail]
        rows += [(-UNSOLD_RESIDENT, f"unsold resident {card}", "R-SCORE-05")
                 for card in g.state.player(s.player).residents]
        for amount, cause, rule in rows:
            total += amount
            g.ledger.entries.append(Entry(turn, s.player, FINAL, amount, total, cause, rule))
