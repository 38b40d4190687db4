"""The audit of a scoring dispute: where every VP and Grinie came from, the final score table,
each Public building's reward and its split, and the first turn where a claim of the table
disagrees with the rules, with the ledger entries that explain it. Reads the replay only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import townland
from ..engine.ledger import Entry
from ..engine.replay import Replay, Snapshot
from ..engine.scoring import FINAL, Score
from ..engine.state import MUNICIPALITY, GameState
from ..table.loading import Game
from ..table.story import explain_tie

# What a VP entry's rule says about its source (the rulebook's words).
# A source named by what it counts (floors, houses, trees, auctions) says that it holds VPs.
SOURCES = {
    "R-BLD-07": "VPs from floors built", "R-SELL-09": "VPs from houses sold",
    "R-SELL-10": "commerce rewards", "R-A10-02": "VPs from trees planted",
    "R-SACT-02": "VPs from trees planted", "R-A16-03": "replanting",
    "R-RDB-06": "Bonus Road Track", "R-A08A-03": "exploring", "R-SBON-04": "site bonuses",
    "R-A05-05": "VPs from auctions", "R-VP-02": "conversions", "R-TAR-10": "penalties",
    "R-TAR-11": "penalties", "R-RND-07": "penalties",
}


@dataclass
class Divergence:
    """A claim of the table that the rules do not bear out."""

    turn: int
    player: str
    what: str  # "money", "vp" or "final score" or "winner"
    claimed: Any
    actual: Any
    line: int | None = None
    col: int | None = None


@dataclass
class PublicShare:
    site: str
    building: str
    desired_by: list[tuple[str, int]]  # (resident card, VPs)
    shares: list[tuple[str, int, int]]  # (participant, blocks, VPs; the Municipality's is lost)

    @property
    def total(self) -> int:
        return sum(v for _, v in self.desired_by)


@dataclass
class Audit:
    scores: list[Score]
    sources: dict[str, dict[str, int]]  # player -> source -> VPs
    public: list[PublicShare]
    tie_break: str
    divergences: list[Divergence] = field(default_factory=list)
    first_agreeing_turn: int = 0  # the last turn before the first divergence where all agreed
    entries_since: list[Entry] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.divergences


def vp_sources(entries: list[Entry], players: list[str]) -> dict[str, dict[str, int]]:
    """Each player's VPs on the Scoreboard, by source."""
    out: dict[str, dict[str, int]] = {p: {} for p in players}
    for e in entries:
        if e.what == "vp" and e.player in out:
            source = SOURCES.get(e.rule, "other")
            out[e.player][source] = out[e.player].get(source, 0) + e.amount
    return out


def public_shares(state: GameState) -> list[PublicShare]:
    """Each finished, usable Public building: who desired it and how it was split by Blocks
    (R-SCORE-03, R-SPLIT-05, R-MUNI-02)."""
    ed, town = state.edition, state.townland
    out = []
    for site in sorted(town.buildings):
        b = town.buildings[site]
        if ed.buildings[b.building].family != "public" or not b.finished:
            continue
        if not townland.is_usable(ed, town, site):
            continue
        desired = [(card, ed.residents[card].public[b.building]) for card in state.supply.pile
                   if b.building in ed.residents[card].public]
        total = sum(v for _, v in desired)
        shares = [(who, b.blocks.count(who), total * b.blocks.count(who) // len(b.blocks))
                  for who in b.participants()]
        out.append(PublicShare(site, ed.buildings[b.building].name, desired, shares))
    return out


def claim_divergences(game: Game) -> list[Divergence]:
    """Every claim in the log compared with the state after its turn."""
    r, loaded = game.replay, game.loaded
    by_turn = {s.turn: s for s in r.snapshots}
    out: list[Divergence] = []
    for i, turn in enumerate(loaded.data.get("turns") or []):
        snap = by_turn.get(i + 1)
        if snap is None:
            break
        for name, claim in (turn.get("claims") or {}).items():
            for what in ("money", "vp"):
                if what in claim and claim[what] != getattr(snap.state.player(name), what):
                    pos = loaded.position(("turns", i, "claims", name, what))
                    out.append(Divergence(i + 1, name, what, claim[what],
                                          getattr(snap.state.player(name), what),
                                          pos.line if pos else None, pos.col if pos else None))
    if r.scores is not None:
        actual = {s.player: s.total for s in r.scores}
        for name, claimed in (loaded.data.get("final_scores") or {}).items():
            if actual.get(name) != claimed:
                pos = loaded.position(("final_scores", name))
                out.append(Divergence(r.played, name, FINAL, claimed, actual.get(name),
                                      pos.line if pos else None, pos.col if pos else None))
        winners = [s.player for s in r.scores if s.rank == 1]
        claimed_winner = loaded.data.get("winner")
        if claimed_winner is not None and claimed_winner not in winners:
            pos = loaded.position(("winner",))
            out.append(Divergence(r.played, claimed_winner, "winner", claimed_winner,
                                  " and ".join(winners), pos.line if pos else None,
                                  pos.col if pos else None))
    return out


def final_scoring(r: Replay) -> Audit:
    """The final scores of a finished replay itemised, without its claims (which need the
    snapshots: a replay without them, as `validate` and `report` make, has this part)."""
    assert r.game is not None and r.scores is not None
    state = r.game.state
    names = [p.name for p in state.players]
    return Audit(scores=r.scores, sources=vp_sources(r.ledger.entries, names),
                 public=public_shares(state), tie_break=explain_tie(r.scores))


def audit(game: Game) -> Audit:
    """The whole audit of a replayed (finished) game."""
    r: Replay = game.replay
    result = final_scoring(r)
    result.divergences = claim_divergences(game)
    if result.divergences:
        first = result.divergences[0].turn
        claimed_turns = [i + 1 for i, t in enumerate(game.loaded.data.get("turns") or [])
                         if t.get("claims") and i + 1 < first]
        result.first_agreeing_turn = max(claimed_turns, default=0)
        start = snapshot_at(r, result.first_agreeing_turn).ledger_size
        here = [d for d in result.divergences if d.turn == first]
        final = any(d.what in (FINAL, "winner") for d in here)
        end = len(r.ledger.entries) if final else snapshot_at(r, first).ledger_size
        who = {d.player for d in here}
        kinds = {d.what for d in here}
        wanted = {"money"} if kinds == {"money"} else {"vp"} if kinds == {"vp"} else None
        result.entries_since = [e for e in r.ledger.entries[start:end] if e.player in who
                                and (wanted is None or e.what in wanted)]
    return result


def snapshot_at(r: Replay, turn: int) -> Snapshot:
    return next(s for s in r.snapshots if s.turn == turn)


def lost_to_municipality(share: PublicShare) -> int:
    return sum(v for who, _, v in share.shares if who == MUNICIPALITY)
