"""`grinivil simulate`: a complete, legal game log played by bots, every random outcome drawn
from one seeded generator and recorded. The same seed gives the same log."""

from __future__ import annotations

import random
from typing import Any

from ..edition.model import RESOURCES, Edition
from ..engine import townland
from ..engine.game import Game, Rec
from ..engine.replay import play_one
from ..engine.scoring import final_scores
from ..engine.setup import BLOCKS, MARKET_CUBES_PER_PLAYER, SETUP_SLOTS, set_up
from ..engine.state import Townland
from .bot import Bot
from .chance import SeededChance

NAMES = ["Anna", "Bruno", "Clara", "David", "Emma", "Filip"]
COLOURS = ["brown", "grey", "beige", "white", "black", "orange"]
MAX_TURNS = 3000
CLAIM_EVERY = 10


class SimulationError(Exception):
    """The bots could not finish a game (a bug in the bots or the engine)."""


def simulate(edition: Edition, players: int, seed: int) -> dict[str, Any]:
    """A complete legal game log for `players` players (2 to 6; the sixth plays orange and
    there is no Municipality)."""
    rng = random.Random(seed)
    log = random_setup(edition, players, rng)
    g = set_up(edition, log)
    g.chance = SeededChance(rng)
    bot = Bot(rng)
    turns: list[dict[str, Any]] = log["turns"]
    while not all(p.finished for p in g.state.players):
        if len(turns) >= MAX_TURNS:
            raise SimulationError(f"seed {seed}: no end after {MAX_TURNS} turns")
        turns.append(take_turn(g, bot, len(turns)))
        if len(turns) % CLAIM_EVERY == 0:
            turns[-1]["claims"] = {p.name: {"money": p.money, "vp": p.vp}
                                   for p in g.state.players}
    scores = final_scores(g)
    log["final_scores"] = {s.player: s.total for s in sorted(scores, key=lambda s: s.player)}
    log["winner"] = scores[0].player
    return log


def take_turn(g: Game, bot: Bot, index: int) -> dict[str, Any]:
    """The first legal candidate; a House sold at the very end when possible; else decline."""
    p = g.state.players[g.state.current]
    for move in list(bot.candidates(g, p)) + declines(g):
        record = {"player": p.name, "tile": move.pop("tile"), **move}
        move["tile"] = record["tile"]
        backup, size = g.state.copy(), len(g.ledger.entries)
        if play_one(g, Rec(record, ("turns", index)), index + 1) is not None:
            continue
        if g.state.player(p.name).finished and not record.get("final_sale"):
            sold = final_sale(g, bot, record, backup, size, index)
            if sold is not None:
                return sold
        return record
    raise SimulationError(f"turn {index + 1}: {p.name} has no legal move")


def final_sale(g: Game, bot: Bot, record: dict[str, Any], backup: Any, size: int,
               index: int) -> dict[str, Any] | None:
    """Replay the finishing turn with the last House sale, if one is legal (R-END-03)."""
    after, after_size = g.state, list(g.ledger.entries)
    name = record["player"]
    for sale in bot._sell_house(g, backup.player(name)):
        g.state = backup.copy()
        del g.ledger.entries[size:]
        trial = {**record, "final_sale": sale}
        if play_one(g, Rec(trial, ("turns", index)), index + 1) is None:
            return trial
    g.state = after
    g.ledger.entries[:] = after_size
    return None


def declines(g: Game) -> list[dict[str, Any]]:
    """Moves of last resort: a bare tile (legal when it needs no fields, or when the choosing
    move ends the player's game in the last round), then declining it (2 VP penalty)."""
    keys = [t if t != "explore-build-road" else "explore" for t in g.state.ring.tiles]
    return [{"tile": t} for t in keys] + [{"tile": t, "declined": True} for t in keys]


def random_setup(edition: Edition, n: int, rng: random.Random) -> dict[str, Any]:
    """A legal random setup: tiles, Municipal tokens, Market, residents, ring, Conversion Die."""
    inner = sorted(k for k, t in edition.land_tiles.items() if t.zone == "inner")
    drawn = rng.sample(inner, 2)
    cards = sorted(k for k, c in edition.residents.items() if n >= 4 or not c.four_plus)
    rng.shuffle(cards)
    display, cards = cards[:5], cards[5:]
    dealt = {NAMES[i]: [cards.pop(), cards.pop()] for i in range(n)}
    corners = set(edition.ring_corners.values())
    plain = sorted(k for k, t in edition.action_tiles.items()
                   if not t.pink and not t.promo and k not in corners)
    pink = sorted(k for k, t in edition.action_tiles.items() if t.pink and not t.promo)
    ring = plain + rng.sample(pink, 7)
    rng.shuffle(ring)
    return {
        "format": "grinivil-log/1",
        "edition": edition.name,
        "title": f"Simulated {n}-player game",
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(n)],
        "setup": {
            "money": edition.starting_money,
            "inner_tiles": drawn,
            "municipal_tokens": municipal_tokens(edition, drawn, rng, n),
            "market": market_stock(edition, n, rng),
            "display": display,
            "residents": dealt,
            "ring": ring,
            "conversion_rate": rng.choice([5, 6, 7, 8]),
        },
        "turns": [],
    }


def municipal_tokens(edition: Edition, drawn: list[str], rng: random.Random,
                     n: int) -> dict[str, str]:
    """A random Commerce or Public token for each Municipal Non-residential site reachable at
    setup (R-SETUP-03/04)."""
    if n >= 6:
        return {}
    town = Townland()
    center = next(k for k, t in edition.land_tiles.items() if t.zone == "center")
    entrance = next(k for k, t in edition.land_tiles.items() if t.entrance)
    town.tiles = {"C": center, SETUP_SLOTS[0]: drawn[0], SETUP_SLOTS[1]: drawn[1], "O1": entrance}
    town.road_tokens = {"R1"}
    pool = sorted(k for k, b in edition.buildings.items()
                  if b.family != "house" and (n >= 4 or not b.four_plus))
    out = {}
    for site in sorted(townland.buildable_sites(edition, town)):
        spec = townland.site_spec(edition, town, site)
        if spec.municipal and spec.kind == "nonresidential":
            out[site] = pool.pop(rng.randrange(len(pool)))
    return out


def market_stock(edition: Edition, n: int, rng: random.Random) -> dict[str, int]:
    """Cubes drawn for the Market, redrawing when a section is full (R-SETUP-11/12)."""
    side = edition.market_for(n)
    pouch = dict(edition.cubes)
    stock = {r: 0 for r in RESOURCES}
    while sum(stock.values()) < MARKET_CUBES_PER_PLAYER[n] * n:
        bag = [r for r in RESOURCES for _ in range(pouch[r])]
        r = rng.choice(bag)
        if stock[r] < len(side.sections[r]):
            stock[r] += 1
            pouch[r] -= 1
    return stock


__all__ = ["BLOCKS", "SimulationError", "simulate"]
