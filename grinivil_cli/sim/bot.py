"""Simple bots that play legal games: their policy picks among the candidate moves the engine
generates (grinivil_cli/engine/moves.py and makers.py), with sensible weights; the engine
decides which are legal (the engine is the only judge of legality)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from ..engine import makers, moves, ring
from ..engine.game import Game
from ..engine.state import PlayerState
from ..engine.tiles import ring_tile_of

Move = dict[str, Any]

WEIGHTS = {
    "build-floor": 10, "build-floor-premium": 5, "buy-resources": 7,
    "buy-resources-discount": 7, "sell-house": 9, "explore": 3, "build-road": 4,
    "new-resident": 2, "plant-trees": 3, "buy-trees": 2, "auction": 2, "sell-resources": 2,
    "convert": 2, "subsidy": 3, "buy-warehouse": 1, "import": 2, "optimization": 2,
    "replanting": 1, "forced-trade": 1, "architect": 1, "engineer": 1, "builder": 1,
    "ecologist": 1, "banker": 2, "merchant": 1, "follower": 1, "manager": 1, "crowdfunding": 3,
}
# Each player keeps one leaning for the whole game, drawn when first on turn: the actions it
# favours, by how much (so that some players build up the Bonus Road Track, others trade...).
PERSONAS: dict[str, dict[str, float]] = {
    "balanced": {},
    "builder": {"build-floor": 1.5, "build-floor-premium": 1.5, "architect": 2, "builder": 2},
    "roads": {"build-road": 4, "explore": 2, "engineer": 2},
    "trader": {"auction": 3, "forced-trade": 4, "sell-resources": 2, "merchant": 2, "import": 2},
    "green": {"plant-trees": 3, "buy-trees": 2, "replanting": 3, "ecologist": 2},
}
FOLLOW_CHANCE = 0.5  # how often a bot with a Worker on the Follower tries to follow (#51P)
DECLINE_CHANCE = 0.005  # how often a bot is not willing to do the action it chose (R-TAR-10)
BUY_TIME_CHANCE, BUY_TIME_MONEY = 0.15, 40  # how often a bot this rich buys a Time Unit
LAST_ROUND_CROSSING = 0.05  # weight of a tile whose choosing move would end the bot's game
TARGETS_FOR = {"buy-resources": 2, "buy-resources-discount": 2, "build-floor": 4,
               "build-floor-premium": 4}  # how many target Floors an action considers
MAX_CANDIDATES = 10  # candidate records tried per action


class Bot:
    """Proposes moves for the player on turn, best-weighted first."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.personas: dict[str, str] = {}  # player -> key of PERSONAS

    def leaning(self, p: PlayerState, action: str) -> float:
        """The player's persona's liking for the action (drawn on their first turn)."""
        if p.name not in self.personas:
            self.personas[p.name] = self.rng.choice(sorted(PERSONAS))
        return PERSONAS[self.personas[p.name]].get(action, 1.0)

    def candidates(self, g: Game, p: PlayerState) -> Iterator[Move]:
        """Candidate turns in the order to try them; the caller keeps the first legal one."""
        yield from self.follow(g, p)
        actions = self.order(g, p)
        if actions and self.rng.random() < DECLINE_CHANCE:
            yield {"tile": actions[0], "declined": True}
        for action in actions:
            for move in self.moves_for(g, p, action):
                move.setdefault("tile", action)
                if p.money >= BUY_TIME_MONEY and self.rng.random() < BUY_TIME_CHANCE:
                    yield {**copy.deepcopy(move), "buy_time": 1}  # refused when mandatory
                yield move

    def follow(self, g: Game, p: PlayerState) -> Iterator[Move]:
        """#51P: sometimes perform the previous player's chosen action without moving; the
        engine says which actions may be followed and judges whether they are legal."""
        halves = moves.follow_actions(g, p)
        if not halves:
            return
        if self.rng.random() >= FOLLOW_CHANCE:
            return
        for action in halves:
            for move in self.moves_for(g, p, action):
                move.setdefault("tile", action)
                move["follow"] = True
                yield move

    def order(self, g: Game, p: PlayerState) -> list[str]:
        """Actions on the ring in a weighted random order."""
        names = sorted(a for a in WEIGHTS if a in moves.ring_actions(g))
        weights = {a: WEIGHTS[a] * self.leaning(p, a) * self.need(g, p, a)
                   * self.last_round(g, p, a) for a in names}
        keyed = sorted(names, key=lambda a: -self.rng.random() ** (1.0 / max(weights[a], 0.01)))
        return keyed

    def need(self, g: Game, p: PlayerState, action: str) -> float:
        """Situational weight: build when holding cubes, buy when short, money when poor."""
        cubes = p.total_cubes()
        free = g.free_workers(p)
        if action.startswith("build-floor"):
            return 3.0 if cubes >= 3 else 0.3
        if action.startswith("buy-resources"):
            return 2.0 if cubes < 3 and p.money > 15 else 0.5
        if action in ("subsidy", "convert", "sell-resources", "banker"):
            return 3.0 if p.money < 15 else 0.5
        if action == "sell-house":
            return 5.0
        if action == "build-road":  # 2 Concrete a road; the Bonus Road Track pays more and more
            return 2.5 if p.cubes["concrete"] >= 2 else 0.3
        if action == "new-resident":
            return 1.0 if len(p.residents) < 2 else 0.1
        if action in ("architect", "engineer", "builder", "ecologist", "banker", "merchant",
                      "follower", "manager"):
            return 1.0 if free >= 2 else 0.05
        return 1.0

    def last_round(self, g: Game, p: PlayerState, action: str) -> float:
        """In the Sudden-death Round, a choosing move that completes the TAR ends the bot's game
        without the action (R-END-01/02): such tiles come last, to play the round out."""
        if not g.state.sudden_death:
            return 1.0
        target = g.state.ring.position_of(ring_tile_of(action))
        if target is None:
            return 1.0
        crossing = ring.Move.forward(p.position, ring.steps_to(p.position, target)).laps > 0
        return LAST_ROUND_CROSSING if crossing else 1.0

    def targets(self, g: Game, p: PlayerState) -> list[tuple[str, dict[str, int]]]:
        """Floors worth building next, best first: where our Worker already stands, then
        unfinished buildings, then new sites while a spare Worker remains."""
        out: list[tuple[int, float, str, dict[str, int]]] = []
        free = g.free_workers(p)
        for site, cost, new in makers.floor_targets(g, p):
            if new:
                if free >= 2:
                    out.append((2, self.rng.random(), site, cost))
                continue
            rank = 0 if p.name in g.state.townland.buildings[site].workers else 1
            out.append((rank, self.rng.random(), site, cost))
        out.sort()
        return [(site, cost) for _, _, site, cost in out]

    def moves_for(self, g: Game, p: PlayerState, action: str) -> list[Move]:
        """A few concrete records for one action, generated by the engine (aimed at our
        preferred Floors for the actions that build or buy for one)."""
        wanted = TARGETS_FOR.get(action)
        targets = self.targets(g, p)[:wanted] if wanted else None
        return moves.moves_for(g, p, action, self.rng, targets)[:MAX_CANDIDATES]
