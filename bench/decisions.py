"""The "decision options" benchmark: how long the exact options of one decision take to list.

Along one recorded game (samples/game-6p.yaml by default), the table is put back before every
turn and `choices.remake` makes the recorded turn again decision by decision, as the completeness
check does (tools/completeness.py); every `Search.decision` call (the options of one decision,
its search included) is timed, with the replays (`probes`) it made. The first decision of a
turn is the tile (the eligible tiles: one search per tile of the ring), the expensive one; it is
reported apart. The reference, timed in the same run, is one plain replay of the recorded turn
(`play_written` on a copy of the table, best of 3): a decision's time in replays of its turn
reads the same on a slower machine.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grinivil_cli.base import collector
from grinivil_cli.engine import choices
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.replay import play_written
from grinivil_cli.table.loading import load_game

LOG = Path(__file__).resolve().parent.parent / "samples" / "game-6p.yaml"
TARGET_MS = 20.0  # issue 12: the options of any decision in under 20 ms


@dataclass
class Timed:
    """One decision's options, timed."""

    turn: int
    index: int  # 0: the turn's first decision
    path: str
    seconds: float
    probes: int  # replays the search made for it (the cached ones not counted)
    replays: int = 0  # every replay made for it, the searches of its own included (`choosable`)


@dataclass
class Turn:
    number: int
    tile: str
    seconds: float  # remake, whole
    replay: float  # one plain replay of the recorded turn (best of 3)
    decisions: list[Timed] = field(default_factory=list)


def put_back(g: Game, snap: Any, entries: list[Any]) -> None:
    """The table as it was at `snap`: the state copied, the ledger cut to its size then."""
    g.state = snap.state.copy()
    g.ledger.entries[:] = entries[:snap.ledger_size]
    del g.findings[:]


def plain_replay(g: Game, snap: Any, entries: list[Any], turn: dict[str, Any],
                 number: int) -> float:
    best = float("inf")
    for _ in range(3):
        put_back(g, snap, entries)
        start = time.perf_counter()
        play_written(g, turn, number - 1, claims=False, rollback=False)
        best = min(best, time.perf_counter() - start)
    return best


def measure(path: Path = LOG, progress: Callable[[str], None] | None = None,
            passes: int = 1) -> list[Turn]:
    """Every turn of the game at `path`, made again with each decision timed; with several
    passes, each time is the best of the passes (the same decisions each pass: a search is
    deterministic), so a burst of load from another process weighs less."""
    best = one_pass(path, progress)
    for n in range(1, passes):
        if progress:
            progress(f"decisions: pass {n + 1} of {passes}")
        for mine, other in zip(best, one_pass(path, progress), strict=True):
            assert [d.path for d in mine.decisions] == [d.path for d in other.decisions]
            mine.seconds, mine.replay = min(mine.seconds, other.seconds), \
                min(mine.replay, other.replay)
            for a, b in zip(mine.decisions, other.decisions, strict=True):
                a.seconds = min(a.seconds, b.seconds)
    return best


REPLAYS = [0]  # every replay of every search, the searches within a replay's rules included


def counted(run: choices.Runner) -> choices.Runner:
    def replay(partial: choices.Partial) -> choices.Result:
        REPLAYS[0] += 1
        return run(partial)
    return replay


def counting(init: Callable[..., None]) -> Callable[..., None]:
    """`Search.__init__` whose search counts its replays into REPLAYS."""
    def made(self: choices.Search, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.run = counted(self.run)
    return made


def one_pass(path: Path, progress: Callable[[str], None] | None) -> list[Turn]:
    choices.forget()  # no answer kept from an earlier pass
    game = load_game(path)
    r = game.replay
    g = r.game
    assert g is not None and r.error is None
    entries = list(g.ledger.entries)
    log_turns: list[dict[str, Any]] = game.loaded.data.get("turns") or []
    out: list[Turn] = []
    init = choices.Search.__init__
    choices.Search.__init__ = counting(init)  # type: ignore[method-assign]
    try:
        with collector.spared():  # as `grinivil moves` searches: no collection walks the game
            make_turns(g, r, entries, log_turns, out, progress)
    finally:
        choices.Search.__init__ = init  # type: ignore[method-assign]
    put_back(g, r.snapshots[-1], entries)
    return out


def make_turns(g: Game, r: Any, entries: list[Any], log_turns: list[dict[str, Any]],
               out: list[Turn], progress: Callable[[str], None] | None) -> None:
    for i in range(r.played):
        number, turn, snap = i + 1, log_turns[i], r.snapshots[i]
        reference = plain_replay(g, snap, entries, turn, number)
        put_back(g, snap, entries)
        search = choices.turn_search(g, number)
        found = Turn(number, str(turn.get("tile")), 0.0, reference)
        decide = search.decision

        def timed(partial: choices.Partial,
                  decide: Callable[[choices.Partial], choices.Decision | None] = decide,
                  search: choices.Search = search,
                  found: Turn = found, number: int = number) -> choices.Decision | None:
            probes, replays = search.probes, REPLAYS[0]
            start = time.perf_counter()
            d = decide(partial)
            spent = time.perf_counter() - start
            where = "/".join(map(str, d.path)) if d is not None else "-"
            found.decisions.append(Timed(number, len(found.decisions), where, spent,
                                         search.probes - probes, REPLAYS[0] - replays))
            return d

        search.decision = timed  # type: ignore[method-assign]
        start = time.perf_counter()
        choices.remake(g, turn, number, search)  # NotOffered or SearchCapped: a failure
        found.seconds = time.perf_counter() - start
        del search.decision  # the timer refers to the search: a cycle the collector would free
        out.append(found)
        if progress and number % 50 == 0:
            progress(f"decisions: turn {number} of {r.played}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


@dataclass
class Summary:
    turns: list[Turn]

    @property
    def decisions(self) -> list[Timed]:
        return [d for t in self.turns for d in t.decisions]

    def first(self) -> list[Timed]:
        return [t.decisions[0] for t in self.turns if t.decisions]

    def later(self) -> list[Timed]:
        return [d for t in self.turns for d in t.decisions[1:]]

    def over(self, limit: float) -> list[Timed]:
        return [d for d in self.decisions if d.seconds > limit]


def spread(values: list[float]) -> tuple[float, float, float]:
    """median, 90th centile, worst"""
    values = sorted(values)
    return (statistics.median(values), values[min(len(values) - 1, int(len(values) * 0.9))],
            values[-1])
