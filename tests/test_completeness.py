"""The completeness test of the decision domains (issue 12; perft-like, as python-chess checks
its move generator against its judge): every turn of every bundled game is reachable through
the decisions of `grinivil_cli/choose`, each recorded value being among the options its
decision offers (nothing legal is left out); every option offered at the first decisions of a
turn has a completion that the replay itself accepts (nothing illegal is offered); and the last
turn of every illegal sample is not reachable (its broken value is not offered).

The search for the exact options of every decision of every turn is the tool's
(tools/completeness.py, also over simulated games); here each recorded value is checked (it is
a candidate of its decision and has a legal completion), and all the options of the first
decision (the tiles) are found for every 25th turn of three games.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grinivil_cli.choose import (
    END,
    OMIT,
    NotOffered,
    Partial,
    line,
    remake,
    turn_search,
    unused_values,
)
from grinivil_cli.engine.moves import is_legal
from grinivil_cli.table.loading import load_game

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
GAMES = sorted(SAMPLES.glob("game-*.yaml")) + sorted((SAMPLES / "variants").glob("*.yaml"))
ILLEGAL = sorted((SAMPLES / "illegal").glob("r-*.yaml")) + sorted(
    (SAMPLES / "variants" / "illegal").glob("*.yaml"))
EVERY = 25  # every 25th turn: each tile offered is completed and judged by the replay
OPTION_GAMES = [SAMPLES / "game-2p.yaml", SAMPLES / "game-6p.yaml",
                SAMPLES / "variants" / "promo-tiles-4p.yaml"]


def tables(path: Path):  # type: ignore[no-untyped-def]
    """(game, number, turn record) for each turn of a log, the table put before the turn."""
    game = load_game(path)
    g = game.replay.game
    assert g is not None
    turns = game.loaded.data["turns"]
    for i, snap in enumerate(game.replay.snapshots[:-1]):
        g.state = snap.state.copy()
        del g.ledger.entries[snap.ledger_size:]
        yield g, i + 1, turns[i]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_recorded_turn_is_reachable_through_the_decisions(path: Path) -> None:
    """Each turn of a legal game, made again decision by decision: each recorded value is a
    candidate of its decision with a legal completion, every recorded value is taken by a
    decision, and the record made is legal."""
    checked = 0
    for g, number, turn in tables(path):
        try:
            partial, steps = remake(g, turn, number, exact=False)
        except NotOffered as e:
            raise AssertionError(f"{path.name} turn {number}: {e}") from None
        assert not unused_values(turn, steps), (number, unused_values(turn, steps))
        before = len(g.ledger.entries)
        assert is_legal(g, partial.record(), number - 1) is None
        assert len(g.ledger.entries) == before
        assert steps and steps[0][0].path == ("tile",)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("path", OPTION_GAMES, ids=lambda p: p.name)
def test_every_tile_offered_has_a_completion_the_replay_accepts(path: Path) -> None:
    """For every 25th turn: each eligible tile has a completion (the first option of every
    later decision) that `moves.is_legal`, the replay without a probe, accepts; the tile the
    log chose is among them, and each tile not offered has a reason."""
    for g, number, turn in tables(path):
        if number % EVERY:
            continue
        search = turn_search(g, number)
        start = Partial({"player": turn["player"]})
        tiles = search.decision(start)
        assert tiles is not None and tiles.path == ("tile",)
        assert turn["tile"] in tiles.options
        for tile in tiles.options:
            steps, made, broken = line(search, start.choose(tiles, tile), {})
            assert broken is None and search.probe(made).done, (number, tile, made.data)
            error = is_legal(g, made.record(), number - 1)
            assert error is None, (path.name, number, tile, str(error))
        raw = search.probe(start).raw
        assert raw is not None
        for tile in set(raw.candidates) - set(tiles.options):
            ok, why = search.attempt(start.choose(raw, tile))
            assert not ok and why is not None and why.rule.startswith("R-"), (number, tile)


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_the_illegal_move_of_each_illegal_sample_is_not_offered(path: Path) -> None:
    """The last turn of an illegal sample breaks the rule its name gives: made again decision
    by decision, one of its values is not among the options, or is never asked for."""
    game = load_game(path)
    g = game.replay.game
    assert game.replay.error is not None
    if g is None:
        pytest.skip("the log breaks a rule of the setup, not of a turn")
    played = game.replay.played
    turns = game.loaded.data.get("turns") or []
    if played >= len(turns):
        pytest.skip("the log breaks a rule of the setup or a claim, not of a turn")
    snap = game.replay.snapshots[-1]
    g.state = snap.state.copy()
    turn = turns[played]
    try:
        _, steps = remake(g, turn, played + 1, exact=False)
    except NotOffered:
        return
    assert unused_values(turn, steps), "the illegal turn was made again"


def test_sentinels_read_as_the_log_writes_them() -> None:
    """Leaving a field out and ending a list are options, not values of the log."""
    assert OMIT is not END and repr(OMIT) == "OMIT" and repr(END) == "END"


LOOKAHEAD_EVERY = 6  # every 6th turn of the games below, made twice


@pytest.mark.parametrize("path", [SAMPLES / "game-6p.yaml", SAMPLES / "game-3p.yaml",
                                  SAMPLES / "variants" / "promo-tiles-4p.yaml"],
                         ids=lambda p: p.name)
def test_a_replay_taking_decisions_on_the_way_changes_no_answer(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`choices.LOOKAHEAD` (a replay goes on with the value a search tries first, the record
    read again) only saves replays: every 6th turn made again decision by decision offers the
    same options at each decision with it and without it, and every tile of the ring gets the
    same answer and the same reason (rule, message, place)."""
    from grinivil_cli.choose import probe, tile_choices

    def answers() -> list[object]:
        out: list[object] = []
        for g, number, turn in tables(path):
            if number % LOOKAHEAD_EVERY:
                continue
            search = turn_search(g, number)
            _, steps = remake(g, turn, number, search)
            out.append([(d.path, d.kind, d.options, d.ranges, v) for d, v in steps])
            out.append([(t.tile, t.eligible, t.followed, t.why and (t.why.rule, t.why.message,
                                                                   tuple(t.why.path)))
                        for t in tile_choices(g, turn_search(g, number))])
        return out

    with_it = answers()
    monkeypatch.setattr(probe, "LOOKAHEAD", False)
    assert answers() == with_it and len(with_it) >= 40
