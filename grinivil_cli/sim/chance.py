"""Seeded random outcomes for simulated games: cubes drawn from the pouch, dice, cards, tiles."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..edition.model import RESOURCES
from ..engine.game import Game
from ..engine.market import fits
from ..engine.state import PlayerState


class SeededChance:
    """The simulator's dice and pouch: every outcome it draws is written into the log."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def cubes(self, pouch: dict[str, int], n: int) -> list[str]:
        """n cubes drawn blind from the pouch."""
        bag = [r for r in RESOURCES for _ in range(pouch.get(r, 0))]
        self.rng.shuffle(bag)
        return bag[:n]

    def choice(self, options: Sequence[Any]) -> Any:
        return self.rng.choice(list(options))

    def excess(self, g: Game, p: PlayerState) -> dict[str, int]:
        """The fewest cubes to give up so that the rest fit the Warehouses (R-WH-06)."""
        have = p.cubes
        best: tuple[int, ...] | None = None
        for kc in range(have["concrete"], -1, -1):
            for kw in range(have["wood"], -1, -1):
                for ks in range(have["steel"], -1, -1):
                    kept = (kc, kw, ks)
                    if best is not None and sum(kept) <= sum(best):
                        continue
                    if fits(p, dict(zip(RESOURCES, kept, strict=True))):
                        best = kept
        assert best is not None
        return {r: have[r] - k for r, k in zip(RESOURCES, best, strict=True) if have[r] - k}
