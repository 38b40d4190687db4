"""The replay loop: setup, then every turn in log order, yielding the state after each one.

A turn is atomic: it is applied to the live state, and if it breaks a rule the state and the
ledger are put back as they were before it, so every snapshot is a legal position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base.shown import tagged
from ..edition.model import Edition
from ..errors import IllegalMove, LogFormatError, Position, Problem
from ..logfile.loaded import Loaded
from . import endgame
from .actions import NAMES
from .endgame import next_player
from .game import Game, plural
from .ledger import Ledger
from .records import Header, Turn, UnreadableTurn, parse_turn, parse_turns
from .scoring import Score, final_scores, record_final_scores
from .setup import set_up
from .state import GameState
from .turn import play_turn

CLAIM = "CLAIM"  # the rule id of a claim that disagrees with the rules


@dataclass(repr=False)
class Snapshot:
    """The table after a turn of a replay (0: the setup): who played it, the tile chosen, the
    state, and how many ledger entries the replay had made by then."""

    turn: int  # 0 is the setup
    player: str | None
    action: str | None
    state: GameState
    ledger_size: int

    def __repr__(self) -> str:
        if self.player is None:
            return f"<Snapshot turn {self.turn} (the setup)>" if self.turn == 0 \
                else f"<Snapshot turn {self.turn}>"
        return tagged("Snapshot", f"turn {self.turn} ({self.player}, "
                      f"{NAMES.get(self.action or '', self.action)})")


@dataclass(repr=False)
class Replay:
    game: Game | None
    snapshots: list[Snapshot] = field(default_factory=list)
    error: IllegalMove | None = None  # the first finding
    findings: list[IllegalMove] = field(default_factory=list)  # every finding (--lenient)
    scores: list[Score] | None = None
    played: int = 0  # turns of the log replayed legally

    @property
    def finished(self) -> bool:
        return self.game is not None and all(p.finished for p in self.game.state.players)

    @property
    def ledger(self) -> Ledger:
        return self.game.ledger if self.game else Ledger()

    def __repr__(self) -> str:
        found = "legal" if self.error is None else \
            f"{plural(len(self.findings) or 1, 'finding')}, the first {self.error.rule}"
        return tagged("Replay", f"{self.played} turns replayed, {found}, "
                      f"{len(self.snapshots)} snapshots kept")


def replay(edition: Edition, loaded: Loaded, *, keep_snapshots: bool = True,
           claims: bool = True, lenient: bool = False) -> Replay:
    """Replay a schema-checked log; stop at the first illegal move. With `claims`, a claim
    that disagrees with the rules is a finding and the replay goes on (the table's
    bookkeeping, not a move: the turn stands). The audit replays without claims and compares
    them itself. With `lenient`, carry on: a payment that cannot be made is applied as
    recorded, a move that cannot be applied at all is skipped, and every finding is kept."""
    log: dict[str, Any] = loaded.data
    try:  # the header and each turn read once into their typed records, which the rules take
        header, turns = Header.read(log), parse_turns(log)
    except UnreadableTurn as e:
        raise LogFormatError([Problem(p.message, loaded.position(p.path), p.path)
                              for p in e.problems]) from None
    result = Replay(game=None)
    try:
        g = set_up(edition, header)
    except IllegalMove as e:
        result.error = locate(e, loaded, None, None, "setup")
        return result
    result.game = g
    g.lenient = lenient
    result.snapshots.append(Snapshot(0, None, None, g.state.copy() if keep_snapshots
                                     else g.state, 0))
    for i, turn in enumerate(turns):
        error = play_one(g, turn, i + 1, claims=claims,
                         before=result.snapshots[-1].state if keep_snapshots else None,
                         rollback=keep_snapshots or lenient)
        if g.findings or error is not None:
            where = (loaded, i + 1, turn.player, turn.tile)
            result.findings += [locate(e, *where) for e in g.findings]
            g.findings.clear()
            if error is not None:
                result.findings.append(locate(error, *where))
            result.error = result.findings[0]
            if error is not None:
                if not lenient:
                    return result
                next_player(g)  # the turn is skipped; the table played on
        result.played = i + 1
        if keep_snapshots:
            result.snapshots.append(Snapshot(i + 1, turn.player, turn.tile,
                                             g.state.copy(), len(g.ledger.entries)))
    if result.finished:
        result.scores = final_scores(g)
        record_final_scores(g, result.scores)
        error = check_final_claims(log, result.scores) if claims else None
        if error is not None:
            result.findings.append(locate(error, loaded, None, None, None))
    elif claims and ("final_scores" in log or "winner" in log):
        playing = [p.name for p in g.state.players if not p.finished]
        result.findings.append(locate(IllegalMove(
            CLAIM, f"the log claims final scores, but the game is not over: "
            f"{', '.join(playing)} still playing.", ("final_scores",)), loaded, None, None, None))
    result.error = result.findings[0] if result.findings else None
    return result


def play_one(g: Game, move: Turn, number: int, *, claims: bool = True,
             before: GameState | None = None, rollback: bool = True,
             writing: dict[str, Any] | None = None) -> IllegalMove | None:
    """Play one turn atomically; return the rule it breaks, if any. `before`, when given, is a
    copy of the state before the turn that the caller keeps anyway (the last snapshot): a copy
    of it restores the state, so no backup is made on every turn. Without `rollback` (a replay
    that stops at the first error), a broken turn is not undone. `writing`: the log mapping a
    simulator is writing for this turn, where its Chance writes the outcomes it draws."""
    state = g.state
    over = endgame.game_over(g, move)
    if over is not None:
        return over
    p = state.players[state.current]
    if move.player != p.name:
        if state.sudden_death and state.triggered_at == state.turn:
            return IllegalMove("R-SD-07", f"the last round starts with {p.name}, the player "
                               f"clockwise from {state.triggered_by}, who triggered it; the log "
                               f"names {move.player}.", move.at("player"))
        return IllegalMove("R-GEN-02", f"it is {p.name}'s turn (players take turns clockwise"
                           f"{', skipping those who have finished' if state.sudden_death else ''}"
                           f"); the log names {move.player}.", move.at("player"))
    backup = state.copy() if before is None and rollback else None
    size = len(g.ledger.entries)
    g.writing, g.writing_at = writing, move.path
    try:
        state.turn = number
        play_turn(g, p, move)
        next_player(g)  # finished players skipped on the way are paid before claims are read
        if claims:
            try:
                check_claims(g, move)
            except IllegalMove as e:  # bookkeeping, not a move: the game goes on
                g.findings.append(e)  # the turn itself was legal: keep it
    except IllegalMove as e:
        if rollback:
            g.state = backup if backup is not None else (before or state).copy()
            del g.ledger.entries[size:]
        return e
    finally:
        g.writing, g.writing_at = None, ()
    return None


def play_written(g: Game, record: dict[str, Any], index: int, *, claims: bool = True,
                 before: GameState | None = None,
                 rollback: bool = True) -> IllegalMove | None:
    """Play a turn record being written (by the simulator, `moves.is_legal`): read into its
    typed record as the log's turn `index` (from 0), the outcomes a Chance draws written into
    `record`."""
    return play_one(g, parse_turn(record, ("turns", index)), index + 1, claims=claims,
                    before=before, rollback=rollback, writing=record)


def check_claims(g: Game, move: Turn) -> None:
    """Money and VPs the table believed after this turn must match the rules."""
    for claim in move.claims or ():
        try:
            p = g.state.player(claim.player)
        except KeyError:
            raise IllegalMove(CLAIM, f"'{claim.player}' is not a player.",
                              move.at("claims")) from None
        for what, unit in (("money", "Grinies"), ("vp", "VPs")):
            claimed = getattr(claim, what)
            if claimed is not None and claimed != getattr(p, what):
                raise IllegalMove(CLAIM, f"{claim.player} has {getattr(p, what)} {unit} after "
                                  f"this turn by the rules; the log claims {claimed}.",
                                  claim.at(what))


def check_final_claims(log: dict[str, Any], scores: list[Score]) -> IllegalMove | None:
    """Claimed final scores and winner against the computed ones (R-SCORE-01..09)."""
    by_name = {s.player: s for s in scores}
    for name, claimed in (log.get("final_scores") or {}).items():
        s = by_name.get(name)
        if s is None:
            return IllegalMove(CLAIM, f"'{name}' is not a player.", ("final_scores", name))
        if s.total != claimed:
            return IllegalMove(CLAIM, f"{name}'s final score is {s.total} by the rules "
                               f"({s.track_vp} on the Scoreboard + {s.money_vp} for money + "
                               f"{s.public_vp} Public buildings - {10 * s.unsold} for "
                               f"{plural(s.unsold, 'unsold resident')}); the log claims "
                               f"{claimed}.",
                               ("final_scores", name))
    if "winner" in log:
        winners = [s.player for s in scores if s.rank == 1]
        if log["winner"] not in winners:
            return IllegalMove(CLAIM, f"the winner is {' and '.join(winners)} by the rules; the "
                               f"log claims {log['winner']}.", ("winner",))
    return None


def locate(e: IllegalMove, loaded: Loaded, turn: int | None, player: str | None,
           action: str | None) -> IllegalMove:
    """Fill in where the illegal move stands in the log."""
    e.turn, e.player = turn, player
    e.action = NAMES.get(action or "", action) if action else None
    e.position = loaded.position(e.path)
    key = loaded.key_positions.get(tuple(e.path)) if e.path else None
    if key is not None and e.position is not None and key[0] < e.position.line:
        # a block list or mapping as a whole: its key, not its first entry (only a value that
        # has a key of its own: a turn, an element of a list, has none)
        e.position = Position(e.position.file, *key)
    return e
