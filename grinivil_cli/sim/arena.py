"""Games between bots of different kinds, one kind per seat, with what each game measured.

`play` is the game loop of `grinivil simulate` (`simulate.simulate` calls it) with a bot chosen
per seat (`BOTS`: `simple`, the fast bot of `bot.py`; `planner`, the lookahead bot of
`planner.py`): the setup drawn from the seed, every turn made from the engine's exact options
and played for real by the replay; the simple seats share one `Bot`. Besides the log it
returns a `GameStats`: the final scores, each player's houses sold, residents left unsold,
Bonus Road Track spaces, the roads completed, the tiles chosen and the turns played
(`tools/bot_stats.py` sums them).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..edition.model import Edition
from ..engine.game import Game
from ..engine.scoring import final_scores
from ..errors import IllegalMove
from ..logfile.writer import log_to_yaml
from ..logfile.yamlsafe import load_yaml_text
from ..table import Table
from ..table.deal import SimulationError, check_options, random_setup
from .bot import Bot

MAX_TURNS = 3000
CLAIM_EVERY = 10

SIMPLE, PLANNER = "simple", "planner"
BOTS = (SIMPLE, PLANNER)


@dataclass
class GameStats:
    """What one game measured (per player: by name)."""

    players: int
    seed: int
    seats: list[str]  # the bot kind of each seat, in seat order
    names: list[str]
    scores: dict[str, int]
    winners: list[str]  # the players ranked first (ties share it)
    sold: dict[str, int]  # houses sold (residents moved in from the player's Portfolio)
    unsold: dict[str, int]  # residents left in the Portfolio at the end
    road_track: dict[str, int]  # Bonus Road Track spaces reached
    roads: int  # roads completed during the game (road tokens placed)
    tiles: dict[str, int]  # tile chosen -> times (the turn's own action, Repeat Actions too)
    turns: int  # turns in the log
    turns_of: dict[str, int]  # turns each player took
    seconds: float  # time to play the game
    seconds_of: dict[str, float] = field(default_factory=dict)  # time each seat's bot thought
    cpu_seconds: float = 0.0  # processor time of the game (the load of the machine aside)

    @property
    def winning_score(self) -> int:
        return max(self.scores.values())


class Seats:
    """The bot of each seat: one `Bot` shared by the simple seats (as `simulate` has it)."""

    def __init__(self, rng: random.Random, kinds: Sequence[str], names: Sequence[str],
                 budget: int | None = None) -> None:
        self.by_name: dict[str, Bot] = {}
        simple: Bot | None = None
        for name, kind in zip(names, kinds, strict=True):
            if kind == SIMPLE:
                simple = simple or Bot(rng)
                self.by_name[name] = simple
            elif kind == PLANNER:
                from .planner import Planner
                self.by_name[name] = Planner(rng) if budget is None else Planner(rng, budget)
            else:
                raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}")

    def of(self, g: Game) -> Bot:
        return self.by_name[g.state.players[g.state.current].name]


def seat_kinds(bot: str | Sequence[str], players: int) -> list[str]:
    """A bot kind for every seat: one name for all, or one per seat."""
    kinds = [bot] * players if isinstance(bot, str) else list(bot)
    if len(kinds) != players:
        raise ValueError(f"{len(kinds)} bots named for {players} players")
    for k in kinds:
        if k not in BOTS:
            raise ValueError(f"unknown bot {k!r}; known: {', '.join(BOTS)}")
    return kinds


def play(edition: Edition, players: int, seed: int, bot: str | Sequence[str] = SIMPLE,
         options: dict[str, Any] | None = None,
         budget: int | None = None) -> tuple[dict[str, Any], GameStats]:
    """A complete legal game log with a bot kind per seat (`bot`: one for all, or a list in
    seat order), and what it measured. Same seed, kinds and options: same log."""
    start, cpu = time.perf_counter(), time.process_time()
    kinds = seat_kinds(bot, players)
    rng = random.Random(seed)
    log = random_setup(edition, players, rng, check_options(options))
    table = new_table(edition, log)
    g = table.game
    names = [p.name for p in g.state.players]
    seats = Seats(rng, kinds, names, budget)
    turns: list[dict[str, Any]] = log["turns"]
    roads_before = len(g.state.townland.road_tokens)
    sold = dict.fromkeys(names, 0)
    thought = dict.fromkeys(names, 0.0)
    while not all(p.finished for p in g.state.players):
        if len(turns) >= MAX_TURNS:
            raise SimulationError(f"the bots found no end to the game of seed {seed} in "
                                  f"{MAX_TURNS} turns; try another seed")
        name = g.state.players[g.state.current].name
        living = len(g.state.supply.pile)
        t0 = time.perf_counter()
        turns.append(take_turn(table, seats.of(g)))
        thought[name] += time.perf_counter() - t0
        sold[name] += len(g.state.supply.pile) - living
        if len(turns) % CLAIM_EVERY == 0:
            turns[-1]["claims"] = {p.name: {"money": p.money, "vp": p.vp}
                                   for p in g.state.players}
    scores = final_scores(g)
    log["final_scores"] = {s.player: s.total for s in sorted(scores, key=lambda s: s.player)}
    log["winner"] = scores[0].player
    tiles: Counter[str] = Counter()
    for t in turns:
        for action in [t, *(t.get("repeat") or [])]:
            if isinstance(action, dict) and action.get("tile"):
                tiles[str(action["tile"])] += 1
    stats = GameStats(
        players=players, seed=seed, seats=kinds, names=names,
        scores={s.player: s.total for s in scores},
        winners=[s.player for s in scores if s.rank == 1],
        sold=sold, unsold={p.name: len(p.residents) for p in g.state.players},
        road_track={p.name: p.road_track for p in g.state.players},
        roads=len(g.state.townland.road_tokens) - roads_before,
        tiles=dict(tiles), turns=len(turns),
        turns_of=dict(Counter(str(t["player"]) for t in turns)),
        seconds=time.perf_counter() - start, seconds_of=thought,
        cpu_seconds=time.process_time() - cpu)
    return log, stats


def new_table(edition: Edition, log: dict[str, Any]) -> Table:
    """The table of a dealt setup (`log`, with no turn), for the bots to play on."""
    text = log_to_yaml(log)
    return Table.from_loaded(load_yaml_text(text, "<dealt>"), edition, text)


def take_turn(table: Table, bot: Bot) -> dict[str, Any]:
    """The next turn, made by `bot` decision by decision from the exact options (`Bot.turn`),
    then played on the table: the engine judges it again."""
    number = table.turns + 1
    record = bot.turn(table.game, number)
    try:
        table.push(record)
    except IllegalMove as error:  # a value offered as legal was not: a bug of the domains
        raise SimulationError(f"turn {number}: the record made from the options offered "
                              f"is refused: {error.rule}: {error.message}") from None
    return record
