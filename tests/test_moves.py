"""The engine's legal-move generation (grinivil_cli/engine/moves.py) agrees with the validator:
every move `legal_moves` returns is accepted by `play_one` on a fresh copy of the position, and
the dry run of `is_legal` leaves the state and the ledger as they were."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from grinivil_cli.engine.game import Game, Rec
from grinivil_cli.engine.ledger import Ledger
from grinivil_cli.engine.moves import candidates, is_legal, legal_moves
from grinivil_cli.engine.replay import play_one
from grinivil_cli.loading import load_game
from grinivil_cli.sim.chance import SeededChance

SAMPLES = Path(__file__).parent.parent / "samples"
POSITIONS = [("game-2p.yaml", 1), ("game-2p.yaml", 37), ("game-4p.yaml", 12),
             ("game-4p.yaml", 90), ("variants/promo-tiles-4p.yaml", 60)]


def position(name: str, turn: int) -> Game:
    """The table of a sample game after `turn` turns (a replay snapshot), with seeded chance
    so that the moves that draw outcomes can be tried."""
    replayed = load_game(SAMPLES / name).replay
    g = replayed.game
    assert g is not None
    snap = replayed.snapshots[turn]
    g.state = snap.state.copy()
    del g.ledger.entries[snap.ledger_size:]
    g.chance = SeededChance(random.Random(turn))
    return g


def fresh(g: Game) -> Game:
    """A copy of the table that shares nothing with `g` (no chance: outcomes are recorded)."""
    ledger = Ledger()
    ledger.entries = list(g.ledger.entries)
    return Game(state=g.state.copy(), ledger=ledger)


@pytest.mark.parametrize(("name", "turn"), POSITIONS)
def test_every_legal_move_is_accepted_by_play_one(name: str, turn: int) -> None:
    g = position(name, turn)
    p = g.state.players[g.state.current]
    found = legal_moves(g, p, random.Random(turn))
    assert found, "a player on turn always has a legal move (at least declining)"
    assert any(not m.get("declined") for m in found)
    for move in found:
        assert move["player"] == p.name
        trial = fresh(g)
        error = play_one(trial, Rec(copy.deepcopy(move), ("turns", turn)), turn + 1)
        assert error is None, f"{move} judged legal, refused by play_one: {error}"


@pytest.mark.parametrize(("name", "turn"), POSITIONS)
def test_is_legal_leaves_state_and_ledger_unchanged(name: str, turn: int) -> None:
    g = position(name, turn)
    p = g.state.players[g.state.current]
    live = g.state
    before, size = g.state.copy(), len(g.ledger.entries)
    verdicts = []
    for move in candidates(g, p, random.Random(turn)):
        verdicts.append(is_legal(g, move))
        assert g.state is live
        assert g.state == before
        assert len(g.ledger.entries) == size
    assert any(v is None for v in verdicts)
    assert any(v is not None for v in verdicts), "some candidates break a rule"
