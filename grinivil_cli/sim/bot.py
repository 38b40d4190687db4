"""Simple bots that play legal games by making each turn decision by decision, from the exact
options the engine offers (`grinivil_cli/choose`): the rules say which decision comes next and
which values are legal; the bot's policy only says which legal value it likes best.

At every decision the bot ranks the domain's candidates by its policy (`Bot.prefer`, one rule
of thumb per log field) and takes the first that has a legal completion (`Search.completable`,
the replay being the judge), so it never proposes anything illegal and never needs a second
try; a random outcome (cubes drawn, a die, a Land Tile, a card) is drawn with its odds
(`Raw.weights`: the pouch's cubes are drawn blind) among the values that can still be drawn.
The policy is the simple one of the first bots: a weighted random choice of tile, with a
persona per player and a few situational needs; build where a Worker already stands; buy the
cubes of the Floor in view; take a bonus when it is offered. Bots that play like people are
issue 16.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from ..choose import (
    END,
    OMIT,
    Partial,
    Raw,
    Search,
    SearchCapped,
    turn_search,
    witnesses,
)
from ..choose.domains.common import MAX_REPEATS
from ..edition.model import RESOURCES
from ..engine import townland, turnstate
from ..engine.actions.promo import MIN_PLEDGE
from ..engine.actions.trade import MIN_BID
from ..engine.game import Game
from ..engine.roads import ROAD_CONCRETE
from ..engine.state import PlayerState
from ..engine.tiles import BUILD_TILES, ring_tile_of

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
FOLLOW_CHANCE = 0.5  # how often a bot with a Worker on the Follower follows (#51P)
DECLINE_CHANCE = 0.005  # how often a bot is not willing to do the action it chose (R-TAR-10)
BUY_TIME_CHANCE, BUY_TIME_MONEY = 0.15, 40  # how often a bot this rich buys a Time Unit
LAST_ROUND_CROSSING = 0.05  # weight of a tile whose choosing move would end the bot's game
ASSOCIATED_CHANCE = 0.8  # how often a bot tries an Associated Build Action after a Floor
TWO_FLOORS_CHANCE = 0.3  # how often a bot buys the cubes of the next two Floors at once
BID_CHANCE = 0.35  # how often another player bids at an Auction
SPEND = 0.3  # the share of its money a bidding bot spends at most
MORE_CHANCE = 0.5  # how often a bot adds one more element to a list (spots, items, trades)
BUYING_TILES = ("buy-resources", "buy-resources-discount")


class Bot:
    """Makes the turns of the players on turn, one decision at a time."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.personas: dict[str, str] = {}  # player -> key of PERSONAS
        self.strict = True  # the bot's refusals hold (`refused`)
        self.two_floors = False  # this turn, cubes are bought for the next two Floors

    # --- a whole turn ---------------------------------------------------------------------

    def turn(self, g: Game, number: int) -> dict[str, Any]:
        """The record of turn `number` for the player on turn, made decision by decision
        (`make`). Declining is tried only when nothing can be carried out, or on the bot's
        own whim: the search need not judge a decline after every action it cannot do."""
        p = g.state.players[g.state.current]
        search = turn_search(g, number)
        liked: dict[str, list[Any]] = {}
        whim = self.rng.random() < DECLINE_CHANCE
        self.two_floors = self.rng.random() < TWO_FLOORS_CHANCE
        plain = Partial({"player": p.name})
        carry_out = Partial(plain.data, frozenset({("declined",), *(
            ("repeat", i, "declined") for i in range(MAX_REPEATS))}))
        # the bot's refusals hold unless nothing else can be done (then anything legal goes)
        tries = [(plain, True), (plain, False)] if whim else \
            [(carry_out, True), (plain, True), (plain, False)]
        for start, self.strict in tries:
            liked.clear()
            try:
                made = self.make(g, p, search, start, liked)
            except SearchCapped:
                continue
            if made is not None:
                return made.record()
        raise RuntimeError(f"turn {number}: {p.name} has no legal move")

    def make(self, g: Game, p: PlayerState, search: Search, partial: Partial,
             liked: dict[str, list[Any]]) -> Partial | None:
        """A complete legal record continuing `partial`, the bot's liking at each decision;
        None when there is none. A tile is taken only once the search knows its action can be
        done (`Search.completable`, the quick way: shortest records first); inside it, the
        bot's first choice is taken without asking and, when it leads nowhere, the next one
        the search knows to be possible. So the usual turn costs one replay a decision."""
        r = search.probe(partial)
        if r.done:
            return partial
        raw = r.raw
        if raw is None:
            return None
        values = self.options(g, p, partial, raw, liked)
        first = raw.key != "tile"
        for value in values:
            nxt = partial.choose(raw, value)
            if first:  # the bot's first choice, unchecked
                first = False
                made = self.make(g, p, search, nxt, liked)
            elif search.completable(nxt, 1):
                made = self.make(g, p, search, nxt, liked)
            else:
                continue
            if made is not None:
                return made
        return None

    def options(self, g: Game, p: PlayerState, partial: Partial, raw: Raw,
                liked: dict[str, list[Any]]) -> list[Any]:
        """A decision's values in the order the bot tries them: its liking, then every other
        value the domain proposes; the same order each time the search comes back to this
        decision. An outcome's values come in the order they are drawn, by their odds; when
        nothing legal follows the first, the next is taken (a bias of the simulator, in a rare
        dead end: the table itself cannot draw again; issue 16's bots should decline there)."""
        key = partial.key()
        found = liked.get(key)
        if found is None:
            first = self.drawn(raw) if raw.kind == "outcome" else \
                self.prefer(g, p, raw, partial)
            found, seen = [], set()
            proposed = None if raw.kind == "count" else {repr(v) for v in raw.candidates}
            refused = self.refused(g, p, raw, partial) if self.strict else set()
            for value in [*first, *witnesses(raw)]:
                if repr(value) in refused:
                    continue
                written = repr(value)  # the type's too: True is not 1
                if written in seen or not (allowed(raw, value) if proposed is None
                                           else written in proposed):
                    continue
                seen.add(written)
                found.append(value)
            liked[key] = found
        return found

    def drawn(self, raw: Raw) -> list[Any]:
        """An outcome's values in the order they are drawn (each by its odds)."""
        return drawing_order(raw, self.rng)

    # --- the policy: one rule of thumb per log field ----------------------------------------

    def prefer(self, g: Game, p: PlayerState, raw: Raw, partial: Partial) -> list[Any]:
        """The values the bot likes, best first (others are taken only when these cannot be
        completed)."""
        key = raw.key
        options = [v for v in raw.candidates if v is not END and v is not OMIT]
        tile = str(partial.value_at(raw.path[:2] + ("tile",)) if raw.path[:1] == ("repeat",)
                   else partial.data.get("tile"))  # the action this decision belongs to
        chance = self.rng.random()
        if key == "tile":
            return self.order(g, p, options)
        if key == "follow":
            return [True, OMIT] if chance < FOLLOW_CHANCE else [OMIT]
        if key == "declined":  # the turn's whim (`turn`): declining is not tried otherwise
            return [True, OMIT]
        if key == "buy_time":
            rich = p.money >= BUY_TIME_MONEY and chance < BUY_TIME_CHANCE
            return [1, 0] if rich else [0]
        if key in ("repeat", "final_sale", "site_bonus", "road_bonus"):
            taken = sorted(options, key=lambda v: -len(v) if isinstance(v, list) else 0)
            taken = [v for v in taken if v != "declined"]
            if key in ("site_bonus", "road_bonus"):
                self.rng.shuffle(taken)
            return [*taken, OMIT]
        if key == "associated":
            self.rng.shuffle(options)
            return [*options, OMIT] if chance < ASSOCIATED_CHANCE else [OMIT]
        if key == "site":
            return self.sites(g, p, options, tile)
        if key == "cubes":
            return self.cubes(g, p, raw, partial, tile)
        if key == "bids":
            return self.bid(g, p, raw, MIN_BID)
        if key == "pledges":
            return self.bid(g, p, raw, MIN_PLEDGE)
        if key in ("excess", "vp_to_money", "money_to_vp"):
            return list(counts(raw))  # the fewest first
        if key in ("spots", "plant", "items", "moves", "trades") and END in raw.candidates:
            self.rng.shuffle(options)
            made = list_made(partial, raw)
            return [*options, END] if not made or chance < MORE_CHANCE else [END, *options]
        if key == "give":
            return [OMIT]  # take a card for free
        if key == "accepted":
            return [OMIT]  # partners accept (R-A18-01)
        if key == "trees":
            return self.rng.sample([1, 2, 3], 3)
        if raw.kind == "count":
            values = list(counts(raw))
            self.rng.shuffle(values)
            return values
        self.rng.shuffle(options)
        return options

    def refused(self, g: Game, p: PlayerState, raw: Raw, partial: Partial) -> set[str]:
        """What the bot will not do while it can do something else (the values' `repr`): a
        new building with its last free Worker (it would have none left for the next Floors
        of those it works on, whose Workers come back only when they are finished)."""
        if raw.key == "site" and g.free_workers(p) < 2 and partial.data.get("tile") in \
                BUILD_TILES:
            town = g.state.townland
            return {repr(v) for v in raw.candidates if v not in town.buildings}
        return set()

    def leaning(self, p: PlayerState, action: str) -> float:
        """The player's persona's liking for the action (drawn on their first turn)."""
        if p.name not in self.personas:
            self.personas[p.name] = self.rng.choice(sorted(PERSONAS))
        return PERSONAS[self.personas[p.name]].get(action, 1.0)

    def order(self, g: Game, p: PlayerState, actions: Iterable[str]) -> list[str]:
        """The actions on the ring in a weighted random order."""
        names = sorted(set(actions))
        weights = {a: WEIGHTS.get(a, 1) * self.leaning(p, a) * self.need(g, p, a)
                   * self.last_round(g, p, a) for a in names}
        return sorted(names, key=lambda a: -self.rng.random() ** (1.0 / max(weights[a], 0.01)))

    def need(self, g: Game, p: PlayerState, action: str) -> float:
        """Situational weight: build when holding cubes, buy when short, money when poor."""
        cubes = p.total_cubes()
        free = g.free_workers(p)
        if action in BUILD_TILES:
            return 3.0 if cubes >= 3 else 0.3
        if action in BUYING_TILES:
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
        move = turnstate.Move.forward(p.position, turnstate.steps_to(p.position, target))
        crossing = move.laps > 0
        return LAST_ROUND_CROSSING if crossing else 1.0

    def sites(self, g: Game, p: PlayerState, options: list[Any], tile: str) -> list[Any]:
        """Where to build: where our Worker already stands, then unfinished buildings, then new
        sites while a spare Worker remains (a House on a Residential site, anything else on
        the others)."""
        town = g.state.townland
        free = g.free_workers(p)

        def rank(site: Any) -> tuple[int, float]:
            b = town.buildings.get(str(site))
            if b is None:
                return (2 if free >= 2 or tile == "crowdfunding" else 3, self.rng.random())
            return (0 if p.name in b.workers else 1, self.rng.random())

        return sorted(options, key=rank)

    def cubes(self, g: Game, p: PlayerState, raw: Raw, partial: Partial,
              tile: str) -> list[Any]:
        """Cubes of one Resource: bought, those the next Floor in view needs (or one more of
        the cheapest); sold, a few of what is held; spent (Architect, Builder), the printed
        cost's."""
        resource = str(raw.path[-1])
        values = list(counts(raw))
        if tile in BUYING_TILES:
            wanted = self.wanted(g, p).get(resource, 0)
            return [wanted, *values] if wanted else values
        if tile == "sell-resources":
            self.rng.shuffle(values)
            return [v for v in values if v] + [0]
        return values

    def wanted(self, g: Game, p: PlayerState) -> dict[str, int]:
        """The cubes missing for the next Floor of the building in view (where our Worker
        stands, else an unfinished one, else a first Floor of a House or a Pub)."""
        town = g.state.townland
        targets = []
        for site, b in sorted(town.buildings.items()):
            if not b.finished:
                cost = g.ed.buildings[b.building].floors[len(b.blocks)].cost
                targets.append((0 if p.name in b.workers else 1, site, cost))
        for site in sorted(townland.buildable_sites(g.ed, town) - set(town.buildings)):
            kind = townland.site_spec(g.ed, town, site).kind
            key = "house" if kind == "residential" else "pub"
            targets.append((2, site, g.ed.buildings[key].floors[0].cost))
        if not targets:
            return {}
        _, site, cost = min(targets)
        started = town.buildings.get(site)
        want = dict(cost)
        if self.two_floors and started is not None and len(started.blocks) + 1 < started.floors:
            # both next Floors, to build the second as the Additional Floor (R-ABA-03)
            after = g.ed.buildings[started.building].floors[len(started.blocks) + 1].cost
            want = {r: want.get(r, 0) + after.get(r, 0) for r in RESOURCES}
        if self.personas.get(p.name) == "roads":  # 2 Concrete a road (R-A08B-01)
            want["concrete"] = max(want.get("concrete", 0), ROAD_CONCRETE)
        return {r: max(0, want.get(r, 0) - p.cubes[r]) for r in RESOURCES}

    def bid(self, g: Game, p: PlayerState, raw: Raw, least: int) -> list[Any]:
        """The Initiator's bid or pledge: the least it may; another player's: nothing, or now
        and then a little more than the least."""
        name = str(raw.path[-1])
        if name == p.name:
            return [least]
        q = g.state.player(name)
        if self.rng.random() < BID_CHANCE and q.money > least:
            return [min(q.money, least + self.rng.randrange(int(q.money * SPEND) + 1)), 0]
        return [0]


def drawing_order(raw: Raw, rng: random.Random) -> list[Any]:
    """An outcome's values in the order `rng` draws them without putting back, each by its
    odds (`Raw.weights`; even odds when the outcome has none). A choice offered beside the
    outcome (OMIT: Import declined before its die is rolled) is not drawn: chance never takes
    it (the bot comes to it last, as a witness, when no face can be carried out)."""
    drawable = [i for i, v in enumerate(raw.candidates) if v is not OMIT and v is not END]
    values = [raw.candidates[i] for i in drawable]
    weights = [raw.weights[i] for i in drawable] if raw.weights else [1.0] * len(values)
    out = []
    while values:
        i = rng.choices(range(len(values)), weights=weights)[0]
        out.append(values.pop(i))
        weights.pop(i)
    return out


def counts(raw: Raw) -> Iterator[int]:
    """A count's values, the least first."""
    for lo, hi in raw.ranges:
        yield from range(lo, hi + 1) if hi - lo < 50 else (lo, hi)


def allowed(raw: Raw, value: Any) -> bool:
    """Whether a value is one the decision's domain proposes."""
    if raw.kind == "count":
        return isinstance(value, int) and any(lo <= value <= hi for lo, hi in raw.ranges)
    return any(value is v or (type(value) is type(v) and value == v) for v in raw.candidates)


def list_made(partial: Partial, raw: Raw) -> list[Any]:
    """The elements of the list a decision adds to, made so far."""
    i = max((j for j, k in enumerate(raw.path) if isinstance(k, int)), default=None)
    made = partial.value_at(raw.path[:i]) if i is not None else None
    return made if isinstance(made, list) else []
