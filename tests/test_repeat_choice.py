"""Issue 28, item 8: a Repeat Action's decisions are made with fewer replays of the turn, and
nothing else changes.

A replay of a turn being made goes on through the decisions a search would try first (the
first site, the first draw, leaving a field out: `choose.probe.Probe.first_value`) instead of
stopping at each. A Repeat Action's own fields were not taken so (its record is an element of
the list `repeat`), so every decision of a Repeat Action cost a replay of the whole turn, the
first action with it: the slowest decisions of the samples were a Repeat Action's tile. They
are taken now (`probe.IN_A_REPEAT`); the search counts each value so decided as the replay it
spares when it first asks for the record after it (`Search.spare`), because the planner bots
measure their search in replays (issue 16) and their games, the samples, must not change.

Checked on every recorded turn of the samples that takes a Repeat Action, and on a table built
by hand: the options of every decision and the replays counted are the same as with the
Repeat Action's fields left to the search (`IN_A_REPEAT` off), and fewer replays are made."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from grinivil_cli import choose
from grinivil_cli.choose import probe
from grinivil_cli.choose.search import Search
from grinivil_cli.edition.model import RESOURCES
from grinivil_cli.engine.market import holes
from grinivil_cli.table.loading import load_game

from gamekit import give, lay, new_game

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
LOGS = ("game-3p.yaml", "game-4p.yaml", "game-6p.yaml", "variants/promo-tiles-4p.yaml")


@contextmanager
def replays_made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every replay the searches made (those of `Search.probe`, not the ones counted)."""
    made = [0]
    probe_once = Search.probe

    def counted(self: Search, partial: choose.Partial) -> choose.Result:
        before = self.cache.get(partial.key())
        if before is None:
            made[0] += 1
        return probe_once(self, partial)

    with monkeypatch.context() as m:
        m.setattr(Search, "probe", counted)
        yield made


def remade(name: str) -> list[tuple[int, list[Any], int]]:
    """Each recorded turn with a Repeat Action made again decision by decision: its number,
    every decision's path, options and value taken, and the replays its search counted."""
    game = load_game(SAMPLES / name)
    r = game.replay
    g = r.game
    assert g is not None and r.error is None
    entries = list(g.ledger.entries)
    turns: list[dict[str, Any]] = game.loaded.data.get("turns") or []
    out = []
    for i, turn in enumerate(turns):
        if not turn.get("repeat"):
            continue
        snap = r.snapshots[i]
        g.state = snap.state.copy()
        g.ledger.entries[:] = entries[:snap.ledger_size]
        del g.findings[:]
        choose.forget()
        search = choose.turn_search(g, i + 1)
        _, steps = choose.remake(g, turn, i + 1, search)
        out.append((i + 1, [(d.path, d.kind, d.options, d.ranges, v) for d, v in steps],
                    search.probes))
    return out


@pytest.mark.parametrize("name", LOGS)
def test_a_recorded_repeat_action_offers_the_same_options(monkeypatch: pytest.MonkeyPatch,
                                                          name: str) -> None:
    """Every recorded turn of the sample that takes a Repeat Action: the same options at
    every decision and the same replays counted, with the Repeat Action's fields taken on
    the way and without; no more replays made with (fewer where a Repeat Action has a value
    to decide on the way: `test_a_repeat_actions_tile_no_draw_lets_one_perform`)."""
    with replays_made(monkeypatch) as made:
        taken = remade(name)
    made_taken = made[0]
    monkeypatch.setattr(probe, "IN_A_REPEAT", False)
    with replays_made(monkeypatch) as made:
        left = remade(name)
    assert len(taken) == len(left) >= 1  # each of these samples takes one
    assert taken == left
    assert made_taken <= made[0], (made_taken, made[0])


def repeat_tiles() -> tuple[tuple[Any, ...], int, tuple[bool, Any]]:
    """The kit's first turn (Anna at the Starting Tile, 50 G): Build Floor (#03, position 6)
    of a Bus Stop on I04's site s2 at I2 (1 Concrete, 1 Steel), whose Site Bonus earns a
    Repeat Action; every section of the Market full. The Repeat Action's tile options, the
    replays the search counted for them, and whether Sell Resources can be taken there."""
    g = new_game(2)
    lay(g, "I2", "I04")
    give(g, "Anna", concrete=1, steel=1)
    for r in RESOURCES:  # every hole of the Market filled from the pouch
        n = len(holes(g, r))
        g.state.supply.pouch[r] -= n - g.state.market[r]
        g.state.market[r] = n
    choose.forget()
    search = choose.turn_search(g)
    made = choose.Partial({"player": "Anna", "tile": "build-floor", "site": "I2.s2",
                           "building": "bus-stop", "site_bonus": "repeat"})
    while True:  # on to the Repeat Actions, the first option of each decision before
        d = search.decision(made)
        assert d is not None
        if d.path == ("repeat",):
            made = made.choose(d, [{}])
            break
        made = made.choose(d, d.options[0] if d.kind != "count" else d.ranges[0][0])
    before = search.probes
    d = search.decision(made)
    assert d is not None and d.path == ("repeat", 0, "tile")
    return d.options, search.probes - before, search.attempt(made.choose(d, "sell-resources"))


def test_a_repeat_actions_tile_no_draw_lets_one_perform(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-SACT-05, R-RND-05, R-A06-03: after the Bus Stop (6 + 2 Time Units: the token at 8),
    Sell Resources (position 4) as the Repeat Action laps the ring: 4 cubes are drawn for a
    Market whose every section is full already, so it is full after any draw, and nothing can
    be sold (R-A06-03). Not offered, for that rule; Buy Trees, Subsidy and Convert are. The
    same options and replays counted with the Repeat Action's fields taken on the way and
    without; fewer replays made with."""
    with replays_made(monkeypatch) as made:
        options, counted, (ok, why) = repeat_tiles()
    made_taken = made[0]
    assert "sell-resources" not in options
    assert {"buy-trees", "subsidy", "convert"} <= set(options)
    assert not ok and why is not None and why.rule == "R-A06-03"
    monkeypatch.setattr(probe, "IN_A_REPEAT", False)
    with replays_made(monkeypatch) as made:
        options_left, counted_left, (ok_left, why_left) = repeat_tiles()
    assert (options_left, counted_left) == (options, counted)
    assert not ok_left and why_left is not None and why_left.rule == "R-A06-03"
    assert made_taken < made[0], (made_taken, made[0])
