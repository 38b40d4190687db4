"""Invariants that hold after every turn of every legal game (checked on samples and simulated
games): the 94 cubes, the 50 trees and the Building Blocks are conserved, and the ledger
explains every change of every player's totals."""

from __future__ import annotations

import copy
from typing import Any

from grinivil_cli.edition.model import Edition
from grinivil_cli.engine.ledger import Ledger
from grinivil_cli.engine.replay import Replay, Snapshot, replay
from grinivil_cli.engine.state import GameState
from grinivil_cli.logfile.loaded import Loaded

TRACKED = ("money", "vp", "trees", "blocks", "concrete", "wood", "steel", "small_warehouses",
           "road_track", "markers")


def value(state: GameState, name: str, what: str) -> int:
    p = state.player(name)
    return p.cubes[what] if what in p.cubes else int(getattr(p, what))


def check_cubes(state: GameState) -> None:
    """R-RES-01, R-SETUP-10: pouch + Market + Warehouses = the edition's cubes, per type."""
    for r, total in state.edition.cubes.items():
        held = state.supply.pouch[r] + state.market[r] + sum(p.cubes[r] for p in state.players)
        assert held == total, f"turn {state.turn}: {held} {r} in play, {total} in the game"


def check_trees(state: GameState) -> None:
    """R-GEN-04: supply + Portfolios + planted = the edition's trees."""
    held = state.supply.trees + sum(p.trees for p in state.players) + len(state.townland.trees)
    assert held == state.edition.trees, f"turn {state.turn}: {held} trees"


def check_blocks(setup: GameState, state: GameState) -> None:
    """R-SETUP-15: every Building Block a player no longer holds stands in a building (a Big
    Town extra Block, R-VAR-BIG-01..03, is one more they were given)."""
    for p in state.players:
        placed = sum(b.blocks.count(p.name) for b in state.townland.buildings.values())
        start = setup.player(p.name).blocks + (1 if p.extra_block else 0)
        assert p.blocks + placed == start, f"turn {state.turn}: {p.name}'s blocks"


def check_ledger(setup: GameState, snap: Snapshot, ledger: Ledger) -> None:
    """Each player's totals = setup + the sum of their ledger entries so far; money between
    players nets to zero (every payment is recorded for payer and payee)."""
    entries = ledger.entries[:snap.ledger_size]
    names = [p.name for p in setup.players]
    for name in names:
        for what in TRACKED:
            moved = sum(e.amount for e in entries if e.player == name and e.what == what)
            assert value(setup, name, what) + moved == value(snap.state, name, what), (
                f"turn {snap.turn}: {name}'s {what} does not match the ledger")
    for name in names:  # Workers at sites and on Ability Tiles, as the ledger tells it
        moves = [e.amount for e in entries if e.player == name and e.what == "employed workers"]
        at_work = sum(name in b.workers for b in snap.state.townland.buildings.values()) + sum(
            who == name for who in snap.state.ring.ability_workers.values())
        assert sum(moves) == at_work, f"turn {snap.turn}: {name}'s employed Workers"
    between = sum(e.amount for e in entries if e.what == "money" and e.counterparty in names)
    assert between == 0, f"turn {snap.turn}: payments between players do not balance"
    # the general supply's Trees and Small Warehouses change only through the ledger
    from_supply = sum(e.amount for e in entries if e.what == "trees" and e.counterparty == "supply")
    replanted = sum(e.amount for e in entries if e.what == "supply trees")
    assert snap.state.supply.trees == setup.supply.trees - from_supply + replanted, (
        f"turn {snap.turn}: the general supply's Trees do not match the ledger")
    warehouses = sum(e.amount for e in entries if e.what == "small_warehouses")
    assert snap.state.supply.small_warehouses == setup.supply.small_warehouses - warehouses, (
        f"turn {snap.turn}: the Small Warehouses left do not match the ledger")


def check_replay(r: Replay) -> None:
    """Every invariant after every turn of a replay made with snapshots."""
    assert r.snapshots, "no snapshots"
    setup = r.snapshots[0].state
    for snap in r.snapshots:
        check_cubes(snap.state)
        check_trees(snap.state)
        check_blocks(setup, snap.state)
        check_ledger(setup, snap, r.ledger)


def replayed(edition: Edition, log: dict[str, Any]) -> Replay:
    """A simulated game replayed from its log alone: legal, finished, scored as claimed, and
    every invariant of `check_replay` held after every turn."""
    r = replay(edition, Loaded("simulated", copy.deepcopy(log)))
    assert r.error is None, str(r.error)
    assert r.finished and r.scores is not None
    assert r.played == len(log["turns"])
    assert {s.player: s.total for s in r.scores} == log["final_scores"]
    assert log["winner"] in [s.player for s in r.scores if s.rank == 1]
    check_replay(r)
    return r
