"""What a turn carries while it is played: the turn as it began (`Turn`: the Workers in the
Portfolio, the 'occupied' tokens to take back), what one action consumes of its record
(`TurnContext`), and a Player Token's forward move on the ring (`Move`, `steps_to`). Below the
rules that use them (the ring, the Ability Tiles, the end of the game, the actions)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IncompleteRecord, Path
from . import occupied
from .game import Game
from .records import Cubes, Step
from .records import Turn as TurnRecord
from .state import RING_SIZE, STARTING_TILE, GameState, PlayerState


@dataclass
class Turn:
    """What holds for a whole turn, Repeat Actions included, evaluated once at its beginning
    ("at the beginning of your turn"): the Workers in the Portfolio (R-WRK-02) and the
    'occupied' tokens the player takes back on this turn (R-A16-04)."""

    record: TurnRecord  # the turn's record, which holds what belongs to the end of the turn
    free_workers: int
    occupied_to_take_back: list[int] = field(default_factory=list)

    @classmethod
    def begin(cls, g: Game, p: PlayerState, record: TurnRecord) -> Turn:
        return cls(record, g.free_workers(p), occupied.tokens_to_take_back(g, p))


@dataclass
class TurnContext:
    """What one action (the turn's, or a Repeat Action's: `step`) consumes from its record as
    it goes, and what held before its tile was selected."""

    step: Step
    vp_before_choice: int | None = None  # VPs "before selecting this action" (R-VP-05/06)
    turn: Turn | None = None
    # the table before the choosing move, kept for a declined action when the move or step 2
    # draws at random (a TAR completion's refill, the Merchant): eligibility (b) is judged at
    # the choice, before the draws (R-TAR-06, `choose.able_at_the_choice`)
    before_choice: GameState | None = None
    refills_used: int = 0
    repeats_earned: int = 0
    finished_now: bool = False

    def next_refill(self, drawn: Cubes | None) -> tuple[Path, list[str]]:
        """The next refill group of the record (`drawn`, read as an outcome): its path and
        cubes."""
        i = self.refills_used
        self.refills_used += 1
        if drawn is None:
            raise IncompleteRecord("R-RND-05", "the TAR was completed: the log must record the "
                                   "Resources drawn for the Market in 'refills' (4, or what the "
                                   "pouch holds; [] when it is empty).",
                                   self.step.at("refills", i), field="refills")
        return self.step.at("refills", i), drawn.as_list()


@dataclass
class Move:
    """A forward move of a Player Token: the positions it enters, in order."""

    start: int
    steps: int
    entered: list[int] = field(default_factory=list)
    laps: int = 0  # TAR completions (crossings of the Starting Tile)

    @classmethod
    def forward(cls, start: int, steps: int) -> Move:
        entered = [(start + i) % RING_SIZE + 1 for i in range(steps)]
        # position 1 is entered from 20 (a lap) or, on the first step, from the Starting Tile
        laps = entered.count(1) - (start == STARTING_TILE and steps > 0)
        return cls(start, steps, entered, laps)

    @property
    def end(self) -> int:
        return self.entered[-1] if self.entered else self.start

    def before_boundary(self) -> list[int]:
        """Positions entered before the first crossing of the Starting Tile."""
        out: list[int] = []
        prev = self.start
        for pos in self.entered:
            if prev == RING_SIZE and pos == 1:
                break
            out.append(pos)
            prev = pos
        return out


def steps_to(start: int, target: int) -> int:
    """Tiles to move forward from `start` to `target`; the same tile is a full lap (R-TAR-03)."""
    if start == STARTING_TILE:
        return target
    return (target - start) % RING_SIZE or RING_SIZE
