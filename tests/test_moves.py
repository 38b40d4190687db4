"""The judge and the bots agree: a turn the bots make from the exact options (grinivil_cli/sim/
bot.py) is accepted by `moves.is_legal` and by `play_one` on a fresh copy of the position, and
the dry run of `is_legal` leaves the state and the ledger as they were, whatever it judges."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from grinivil_cli.engine.game import Game
from grinivil_cli.engine.ledger import Ledger
from grinivil_cli.engine.moves import is_legal
from grinivil_cli.engine.replay import play_written
from grinivil_cli.sim.bot import Bot
from grinivil_cli.table.loading import load_game

SAMPLES = Path(__file__).parent.parent / "samples"
POSITIONS = [("game-2p.yaml", 1), ("game-2p.yaml", 37), ("game-4p.yaml", 12),
             ("game-4p.yaml", 90), ("variants/promo-tiles-4p.yaml", 60)]


def position(name: str, turn: int) -> Game:
    """The table of a sample game after `turn` turns (a replay snapshot)."""
    replayed = load_game(SAMPLES / name).replay
    g = replayed.game
    assert g is not None
    snap = replayed.snapshots[turn]
    g.state = snap.state.copy()
    del g.ledger.entries[snap.ledger_size:]
    return g


def fresh(g: Game) -> Game:
    """A copy of the table that shares nothing with `g`."""
    ledger = Ledger()
    ledger.entries = list(g.ledger.entries)
    return Game(state=g.state.copy(), ledger=ledger)


@pytest.mark.parametrize(("name", "turn"), POSITIONS)
def test_the_turns_the_bots_make_are_legal_for_the_judge(name: str, turn: int) -> None:
    """Ten bots (ten seeds) make the next turn: each is complete (the replay reads every field
    it needs) and legal by `is_legal` and by `play_written` on a fresh copy."""
    g = position(name, turn)
    p = g.state.players[g.state.current]
    made = [Bot(random.Random(seed)).turn(g, turn + 1) for seed in range(10)]
    assert len({repr(m) for m in made}) > 1, "the bots' choices vary with their seeds"
    for move in made:
        assert move["player"] == p.name
        assert is_legal(g, copy.deepcopy(move), turn) is None, move
        error = play_written(fresh(g), copy.deepcopy(move), turn)
        assert error is None, f"{move} made from the options, refused by play_one: {error}"


@pytest.mark.parametrize(("name", "turn"), POSITIONS)
def test_is_legal_leaves_state_and_ledger_unchanged(name: str, turn: int) -> None:
    """Legal turns (the bots') and illegal ones (each tile of the ring bare, and declined)
    are judged on a copy: the table and its ledger are as they were."""
    g = position(name, turn)
    live = g.state
    before, size = g.state.copy(), len(g.ledger.entries)
    tiles = [t if t != "explore-build-road" else "explore" for t in g.state.ring.tiles]
    moves = [Bot(random.Random(seed)).turn(g, turn + 1) for seed in range(3)]
    moves += [{"tile": t} for t in tiles] + [{"tile": t, "declined": True} for t in tiles]
    verdicts = []
    for move in moves:
        verdicts.append(is_legal(g, move, turn))
        assert g.state is live
        assert g.state == before
        assert len(g.ledger.entries) == size
    assert any(v is None for v in verdicts)
    assert any(v is not None for v in verdicts), "some of these moves break a rule"
