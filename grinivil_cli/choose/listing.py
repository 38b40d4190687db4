"""What `grinivil moves` shows: the tiles with why each other one is not eligible
(`tile_choices`) and a line of play through the decisions of a move (`line`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..base.shown import tagged
from ..engine.game import Game
from ..errors import IllegalMove
from .record import MISSING, OMIT, Decision, Partial
from .search import Search, witnesses
from .turns import turn_search

if TYPE_CHECKING:
    pass


# --- what `grinivil moves` shows ---------------------------------------------------------------

@dataclass(frozen=True, repr=False)
class TileChoice:
    """One tile of the ring for the player on turn: whether some legal turn chooses it (or
    follows it, #51P), and if not, why (the rule the attempt that got furthest broke)."""

    tile: str
    eligible: bool
    why: IllegalMove | None
    followed: bool = False  # legal only as a Follower, without moving

    def __repr__(self) -> str:
        if self.eligible:
            follower = " as a Follower" if self.followed else ""
            return tagged("TileChoice", f"{self.tile}: eligible{follower}")
        why = f", {self.why.rule}: {self.why.message}" if self.why else ""
        return tagged("TileChoice", f"{self.tile}: not eligible{why}")


REASONS = {"R-TAR-05": "a Worker stands on it", "R-A16-05": "occupied", "R-A18-04": "occupied",
           "R-WRK-02": "no free Worker", "R-TAR-02": "not on the ring"}


def reason(error: IllegalMove | None) -> str:
    """The kind of reason a tile is not eligible, in words: a Worker on it, occupied, no free
    Worker, nothing left for it (the supply, the Reserve, the Market), or not able to carry it
    out (money, VPs, Resources...)."""
    if error is None:
        return "no way of carrying it out"
    if error.rule in REASONS:
        return REASONS[error.rule]
    if "cannot be chosen" in error.message:
        return "nothing left for it"
    return "cannot carry it out"


def tile_choices(g: Game, search: Search | None = None) -> list[TileChoice]:
    """Every action of the ring (in ring order, #08 as its two halves) for the player on
    turn: eligible when some complete legal turn chooses it."""
    search = search if search is not None else turn_search(g)
    start = Partial({"player": g.state.players[g.state.current].name})
    r = search.probe(start)
    if r.raw is None or r.raw.path != ("tile",):
        return []
    out = []
    for t in r.raw.candidates:
        chosen = start.choose(r.raw, t)
        ok, why = search.attempt(chosen)
        nxt = search.probe(chosen).raw
        followed = ok and nxt is not None and nxt.path == ("follow",) and not \
            search.completable(chosen.choose(nxt, OMIT))
        out.append(TileChoice(str(t), ok, why, followed))
    return out


@dataclass(frozen=True)
class Step:
    """A decision along a line of play, the value taken, and whether the user set it."""

    decision: Decision
    value: Any
    given: bool


def line(search: Search, start: Partial, given: dict[str, Any], limit: int = 200, *,
         take: Callable[[Decision, Any], Any] | None = None,
         ) -> tuple[list[Step], Partial, IllegalMove | None]:
    """The decisions of a move from `start`, each taking the value `given` for its path (by
    its text, the keys joined by dots, so that a key holding a dot is found as written;
    `take` reads a given value at its decision), or else its first option (leaving an
    optional field out first; of a random outcome, the first draw after which the move can
    be completed); the steps, the record made, and the rule a given value breaks (the line
    stops at a value given that is not among the options: None when no rule is found)."""
    steps: list[Step] = []
    partial = start
    for _ in range(limit):
        if search.probe(partial).done:
            return steps, partial, None
        d = search.decision(partial)
        if d is None:
            return steps, partial, search.probe(partial).error
        at = ".".join(str(k) for k in d.path)
        if at in given:
            value = given[at] if take is None else take(d, given[at])
            steps.append(Step(d, value, True))
            if not d.allows(value):  # judged by the rules; a draw not among those that
                if d.kind == "outcome":  # can be drawn is judged by none: it cannot happen
                    return steps, partial, None
                _, why = search.attempt(partial.choose(d, value))
                return steps, partial, why
        elif d.empty:  # nothing is possible here
            steps.append(Step(d, MISSING, False))
            raw = search.probe(partial).raw
            used = {".".join(str(k) for k in s.decision.path) for s in steps}
            later = [p for p in given if p not in used]
            if raw is None or not later or not list(witnesses(raw)):
                return steps, partial, None
            partial = partial.choose(raw, next(witnesses(raw)))  # on to the values given
            continue
        else:
            value = d.options[0] if d.kind != "count" else d.ranges[0][0]
            if d.kind == "outcome":  # a draw after which the move can be completed
                value = next((o for o in d.options
                              if search.completable(partial.choose(d, o), 1)), value)
            steps.append(Step(d, value, False))
        partial = partial.choose(d, value)
    return steps, partial, None
