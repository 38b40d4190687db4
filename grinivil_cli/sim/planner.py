"""A stronger bot (issue 16): a one-move lookahead on the engine's exact legal choices.

Every turn the planner makes several complete candidate turns, each decision by decision from
the exact options (`grinivil_cli/choose`, the replay judging every step, as `bot.Bot` does): one
for each promising tile and, inside a turn, one for each of the few best values of the
decisions that shape it (the site, the Building Token, the Associated Build Action, the House
and the Resident of a sale, the card taken...), the other decisions taken by a fixed policy.
Each candidate is played on a copy of the table and the table after it is valued
(`evaluate`): the projected final score of `scoring.projected_scores` (Scoreboard VPs, money
/ 10, the Public buildings' shares, minus 10 per resident unsold), plus what is under way: the
residents in the Portfolio that a House of the player could take (how ready it is: floors,
road, Trees, the Commerce buildings required), the cubes and Trees held, the Public buildings
the player has Blocks in, money kept for the next purchases, minus the Taxes and Wages the
ring position is heading for, and the ring travel of the turn. The best candidate against the
opponents' values is played. Across turns each player keeps a house plan (`HousePlan`: a
resident and a site, made again when it can no longer be carried out), whose next step's tiles
are always among those valued and whose site, building and Planting Sector come first in the
policy (docs/bots.md).

Chance stays chance: a candidate's random outcomes (cubes drawn, a Land Tile, a die) are
samples; the turn played takes the chosen candidate's decisions up to the first outcome, draws
that outcome for real (with the game's generator, by its odds), and goes on with the
candidate only while the draws agree; otherwise it plans the rest of the turn again from the
table as drawn. The search is bounded by a number of replays per turn (`budget`), not by the
clock, so the same seed gives the same game on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..choose import END, OMIT, Partial, Raw, Search, SearchCapped, quiet, turn_search
from ..choose.domains.common import MAX_REPEATS
from ..edition.model import RESOURCES
from ..engine import townland
from ..engine.actions.trade import MIN_BID
from ..engine.game import Game
from ..engine.replay import play_written
from ..engine.residents import COMPENSATION, qualifying
from ..engine.scoring import projected_scores
from ..engine.state import MUNICIPALITY, RING_SIZE, STARTING_TILE, GameState, PlayerState
from ..engine.tiles import BUILD_TILES
from .bot import BUYING_TILES, WEIGHTS, Bot, counts, drawing_order, list_made

# the decisions a turn branches on (the others follow the policy), and how many values each
BRANCH = {"site": 3, "building": 3, "associated": 4, "house": 3, "resident": 4, "take": 5,
          "give": 3, "slot": 2, "road": 2, "money_to_vp": 2, "vp_to_money": 2}
EXCESS_WIDTH = 3  # values of each Resource the player gives up as excess that are valued
TILES = 6  # tiles valued each turn (the best by the prior)
SECOND_LOOK = 1  # candidates whose tile is looked at again, branching inside the turn
BUDGET = 50  # replays per turn the candidates may cost (then the best found is played)
CUBE = 0.65  # a cube held, in VPs (a Floor turns 3-4 cubes into 2-5 VPs and more)
CUBE_LATE = 0.3  # in the Sudden-death Round
USEFUL_CUBES = {"concrete": 4, "wood": 3, "steel": 3}  # cubes of a Resource worth CUBE
SPARE_CUBE = 0.25  # each one more
SCARCE = {"concrete": 0.0, "wood": 0.05, "steel": 0.1}  # fewer of them in the pouch
FREE_WORKER, STUCK = 1.0, 8.0  # a free Worker (up to 2); none, and none coming back
FALLBACK_TURNS = 100  # turns per player after which the planner plays as the simple bot
TREE = 0.35  # a Tree in the Portfolio (3 planted pay 15 Grinies, more pay VPs)
LIQUID, LIQUID_UP_TO = 0.05, 40  # each Grinie kept, up to this many, besides money / 10
OPPONENTS = 0.1  # weight of the opponents' mean value against the player's own
READY = 0.8  # a resident whose House is ready to be sold, as a share of a sale's worth
TRAVEL = 1.0  # the ring's Taxes and Wages of each step moved, counted this many times more
PLAN_KEEP = 0.7  # the plan is kept while its worth is at least this share of the best one's
COMMIT = 7.0  # VPs a turn earns the player on turn for each step of its house plan it makes
SECOND_COMMIT = 0.5  # the same for the second plan's steps, as a share of COMMIT


@dataclass(frozen=True)
class HousePlan:
    """A player's plan across turns: sell a House on `site` to `resident` (issue 16). Made at
    the beginning of each of the player's turns, kept while it can still be carried out and is
    worth nearly the best one, made again otherwise (the site taken, the resident gone)."""

    resident: str
    site: str


@dataclass
class Step:
    """One decision of a candidate turn: the record before it, the decision, the value."""

    before: Partial
    raw: Raw
    value: Any


class Planner(Bot):
    """A bot that plays, each turn, the best of its candidate turns by the value of the table
    after them (`evaluate`)."""

    def __init__(self, rng: random.Random, budget: int = BUDGET) -> None:
        super().__init__(rng)
        self.budget = int(budget)
        self.sampler = random.Random(rng.random())  # the candidates' sampled outcomes
        self.plans: dict[str, HousePlan] = {}  # player -> their house plan
        self.step_tiles: frozenset[str] = frozenset()  # the tiles of the plan's next step
        self.swap: tuple[str, str] | None = None  # a resident worth exchanging: (take, give)
        self.target: Target | None = None  # the site the plan builds on next, and what
        self.commitments: list[tuple[HousePlan, float, float]] = []  # plan, steps left, weight

    # --- a whole turn -----------------------------------------------------------------------

    def turn(self, g: Game, number: int) -> dict[str, Any]:
        p = g.state.players[g.state.current]
        if number > FALLBACK_TURNS * len(g.state.players):  # a game the planner cannot end
            return super().turn(g, number)
        search = turn_search(g, number)
        self.two_floors, self.strict = False, True
        plan = choose_plan(g, g.state, p, self.plans.get(p.name))
        if plan is None:
            self.plans.pop(p.name, None)
        else:
            self.plans[p.name] = plan
        self.step_tiles, self.target = next_step(g, g.state, p, plan)
        second = second_plan(g, g.state, p, plan)
        if second is not None and self.target is None:  # the other resident's House meanwhile
            more, self.target = next_step(g, g.state, p, second)
            self.step_tiles |= more
        self.commitments = []
        for aim, weight in ((plan, COMMIT), (second, COMMIT * SECOND_COMMIT)):
            steps = plan_steps(g, g.state, p, aim) if aim is not None else None
            if aim is not None and steps is not None:
                self.commitments.append((aim, steps, weight))
        self.swap = best_swap(g, g.state, p)
        if self.swap is not None:
            self.step_tiles |= {"new-resident"}
        start = Partial({"player": p.name}, frozenset({("declined",), *(
            ("repeat", i, "declined") for i in range(MAX_REPEATS))}))
        try:
            made = self.play(g, p, search, start, number, depth=0)
        except SearchCapped:
            made = None
        if made is not None:
            return made.record()
        return super().turn(g, number)  # declining, when nothing else is legal

    def play(self, g: Game, p: PlayerState, search: Search, partial: Partial, number: int,
             depth: int) -> Partial | None:
        """The turn played from `partial`: the best candidate's decisions, its outcomes drawn
        for real; planned again from where a draw differs from the candidate's sample."""
        best = self.best(g, p, search, partial, number)
        if best is None:
            return None
        _, steps = best
        for step in steps:
            if step.raw.kind != "outcome":
                partial = partial.choose(step.raw, step.value)
                continue
            drawn = self.fair_draw(search, partial, step.raw)
            if drawn is None:
                return None
            if repr(drawn) == repr(step.value):
                partial = partial.choose(step.raw, step.value)
                continue
            partial = partial.choose(step.raw, drawn)
            if depth >= 3:
                liked: dict[str, list[Any]] = {}
                return self.make(g, p, search, partial, liked)
            return self.play(g, p, search, partial, number, depth + 1)
        return partial

    def fair_draw(self, search: Search, partial: Partial, raw: Raw) -> Any:
        """An outcome drawn by its odds with the game's generator, among those after which
        the turn can be completed."""
        for value in self.drawn(raw):
            if search.completable(partial.choose(raw, value), 1):
                return value
        return None

    # --- the candidates ---------------------------------------------------------------------

    def best(self, g: Game, p: PlayerState, search: Search, partial: Partial,
             number: int) -> tuple[float, list[Step]] | None:
        """The candidate turn from `partial` with the best value, and its decisions: first
        one candidate for each of the best tiles by the prior (the policy making the rest of
        the turn), then, inside the tiles of the best candidates, one for each of the best
        values of the decisions of `BRANCH`, while the budget lasts."""
        liked: dict[str, list[Any]] = {}
        limit = search.probes + self.budget
        found: list[tuple[Partial, list[Step]]] = []
        self.expand(g, p, search, partial, [], found, liked, limit, branch=False)
        scored = self.scored(g, p, found, number)
        if not scored:
            return None
        scored.sort(key=lambda s: -s[0])
        first = scored[0]
        for _, steps in scored[:SECOND_LOOK]:
            if search.probes >= limit:
                break
            tile_at = next((i for i, st in enumerate(steps) if st.raw.key == "tile"), None)
            if tile_at is None:
                continue
            prefix = steps[:tile_at + 1]
            start = prefix[-1].before.choose(prefix[-1].raw, prefix[-1].value)
            more: list[tuple[Partial, list[Step]]] = []
            self.expand(g, p, search, start, prefix, more, liked, limit, branch=True)
            for v, st in self.scored(g, p, more, number):
                if v > first[0]:
                    first = (v, st)
        return first

    def scored(self, g: Game, p: PlayerState, found: list[tuple[Partial, list[Step]]],
               number: int) -> list[tuple[float, list[Step]]]:
        out = []
        for made, steps in found:
            value = self.value_after(g, p, made.record(), number)
            if value is not None:
                out.append((value, steps))
        return out

    def expand(self, g: Game, p: PlayerState, search: Search, partial: Partial,
               steps: list[Step], found: list[tuple[Partial, list[Step]]],
               liked: dict[str, list[Any]], limit: int, branch: bool) -> bool:
        """Complete `partial` in the ways worth valuing (at the tile, up to TILES ways; with
        `branch`, at the decisions of `BRANCH` too, while the budget lasts), each complete
        record appended to `found` with its decisions; whether one was."""
        r = search.probe(partial)
        if r.done:
            found.append((partial, steps))
            return True
        raw = r.raw
        if raw is None:
            return False
        if raw.kind == "outcome":
            values = self.sampled(raw)
            width = 1
        else:
            values = self.options(g, p, partial, raw, liked)
            width = TILES if raw.key == "tile" else 2 if raw.key == "follow" else \
                BRANCH.get(raw.key, 1) if branch else 1  # following (#51P) or not: both valued
            if raw.key == "excess" and str(raw.path[-2]) == p.name:
                width = EXCESS_WIDTH  # which cubes to keep: valued, not guessed
        made = 0
        checked = raw.key != "tile"  # the first value of a decision is tried unchecked
        for value in values:
            if made >= width or (made and search.probes >= limit):
                break
            nxt = partial.choose(raw, value)
            if checked:
                checked = False
            elif not search.completable(nxt, 1):
                continue
            if self.expand(g, p, search, nxt, [*steps, Step(partial, raw, value)], found,
                           liked, limit, branch):
                made += 1
        return made > 0

    def sampled(self, raw: Raw) -> list[Any]:
        """An outcome's values in a sampled order (by their odds), for a candidate: the
        planner's own generator, not the game's."""
        return drawing_order(raw, self.sampler)

    def value_after(self, g: Game, p: PlayerState, record: dict[str, Any],
                    number: int) -> float | None:
        """The value of the table after the turn `record`, for `p` against the others."""
        before = p.position
        with quiet(g):
            start = len(g.ledger.entries)
            if play_written(g, record, number - 1, claims=False, rollback=False) is not None:
                return None
            values = evaluate(g, g.state, self.plans)
            q = g.state.player(p.name)
            if not g.state.sudden_death and not q.finished:
                laps = sum(1 for e in g.ledger.entries[start:]
                           if e.player == p.name and e.rule == "R-RND-03")
                crossed = q.position < before
                moved = (q.position - before) % RING_SIZE + RING_SIZE * max(0, laps - crossed)
                values[p.name] -= TRAVEL * moved / RING_SIZE * lap_cost(g, q) / 10
            if not g.state.sudden_death:
                for plan, steps, weight in self.commitments:
                    left = plan_steps(g, g.state, q, plan)
                    if left is not None:
                        values[p.name] += weight * max(0.0, steps - left)
        mine = values.pop(p.name)
        others = list(values.values())
        return mine - OPPONENTS * (sum(others) / len(others) if others else 0.0)

    # --- the policy inside a turn -------------------------------------------------------------

    def prefer(self, g: Game, p: PlayerState, raw: Raw, partial: Partial) -> list[Any]:
        key = raw.key
        options = [v for v in raw.candidates if v is not END and v is not OMIT]
        if key == "tile":
            return self.order(g, p, options)
        if key == "sudden_death":
            return ["start-tile", "stay"]  # a whole ring for the last round
        if key == "big_town":
            return ["extra-block", "sudden-death"]
        if key == "buy_time":
            return [0]
        if key == "follow":
            return [OMIT, True]
        if key == "associated":
            return [*options, OMIT]
        if key in ("money_to_vp", "vp_to_money"):
            values = list(counts(raw))
            return sorted(values, key=lambda v: -v)  # the most first; the least is a branch
        if key in ("take", "give") and self.swap is not None:
            first = self.swap[0] if key == "take" else self.swap[1]
            return [first, *(o for o in options if o != first), OMIT]
        if key == "give":
            return [*options, OMIT]
        if key in ("house", "resident", "take"):
            return [*options, OMIT]
        if key == "bids" and str(raw.path[-1]) == p.name:
            return [MIN_BID]  # the others' bids are the simple bot's (they are not ours)
        plan = self.plans.get(p.name)
        if key == "site":
            tile = partial.data.get("tile")
            ordered = self.sites(g, p, options, str(tile))
            wanted = [t for t in (self.target[0] if self.target else None,
                                  plan.site if plan else None) if t in options]
            if tile in BUILD_TILES and wanted:
                ordered = [*dict.fromkeys(wanted), *(o for o in ordered if o not in wanted)]
            return ordered
        if key == "building" and self.target is not None and self.target[1] in options and \
                partial.value_at(raw.path[:-1] + ("site",)) == self.target[0]:
            return [self.target[1], *(o for o in options if o != self.target[1])]
        if key == "excess":  # the fewest, then the most (the player's own are branched on)
            values = list(counts(raw))
            return values[:1] + values[:0:-1]
        if key in ("spots", "plant"):
            return self.spots(g, p, raw, partial, plan)
        if key == "trees":
            return self.trees_bought(g, p)
        return super().prefer(g, p, raw, partial)

    def spots(self, g: Game, p: PlayerState, raw: Raw, partial: Partial,
              plan: HousePlan | None) -> list[Any]:
        """Planting Spots: the first in the plan's House's sector, else in the sector with the
        most free spots (more Trees at once pay more: R-A10-02); then as many as can be."""
        options = [v for v in raw.candidates if v is not END]
        if list_made(partial, raw):
            return [*options, END]
        town = g.state.townland
        target: frozenset[str] = frozenset()
        if plan is not None and plan.site in townland.all_sites(g.ed, town):
            target = townland.sector_of_site(g.ed, town, plan.site)
        free = set(options)

        def rank(spot: Any) -> tuple[int, int, str]:
            sector = townland.sector_of_spot(g.ed, town, str(spot))
            return (0 if spot in target else 1, -len(sector & free), str(spot))

        return sorted(options, key=rank)

    def trees_bought(self, g: Game, p: PlayerState) -> list[int]:
        """Trees bought (#09): enough for the largest free sector, 3 (1 Grinie each) at
        least."""
        town = g.state.townland
        free = {s for s in townland.all_spots(g.ed, town) if s not in town.trees}
        room = max((len(sec & free) for sec in townland.planting_sectors(g.ed, town)),
                   default=0)
        want = max(3, min(6, room - p.trees))
        return [want, *(n for n in (6, 5, 4, 3, 2, 1) if n != want)]

    def order(self, g: Game, p: PlayerState, actions: Iterable[str]) -> list[str]:
        """The tiles by a prior (no replay): the rule-of-thumb weights and needs of the simple
        bot, with no persona and no chance."""
        names = sorted(set(actions))
        weight = {a: WEIGHTS.get(a, 1) * self.need(g, p, a) * self.last_round(g, p, a)
                  * self.planner_need(g, p, a) for a in names}
        # the plan's next step is always among the tiles valued
        return sorted(names, key=lambda a: (a not in self.step_tiles, -weight[a]))

    def planner_need(self, g: Game, p: PlayerState, action: str) -> float:
        """What the planner adds to the simple bot's needs (the house plan's next step
        first)."""
        return self.own_need(g, p, action)

    def own_need(self, g: Game, p: PlayerState, action: str) -> float:
        if action == "explore":
            return 3.0 if p.money >= 15 and p.markers else 0.5
        if action == "new-resident":
            return 2.0 if len(p.residents) < 2 else 1.0
        if action == "convert":
            return 3.0 if g.state.sudden_death or p.money < 10 else 1.0
        if action in ("plant-trees",):
            return 2.0 if p.trees >= 2 else 0.2
        if action == "sell-house":
            return 3.0
        if action in BUILD_TILES:
            return 1.5
        return 1.0


# --- the value of a table ------------------------------------------------------------------

def evaluate(g: Game, state: GameState,
             plans: dict[str, HousePlan] | None = None) -> dict[str, float]:
    """Each player's value of the table `state`: the projected final score with fractions of
    money, and what is under way (a player's house plan, of `plans`, counted more)."""
    kept = g.state
    g.state = state
    try:
        scores = {s.player: s for s in projected_scores(g, state)}
        late = state.sudden_death
        out = {}
        for p in state.players:
            s = scores[p.name]
            value = float(s.total - s.money_vp) + p.money / 10
            if p.finished:
                out[p.name] = value
                continue
            value += cubes_worth(p, late)
            value += workers_worth(g, state, p)
            value += TREE * p.trees
            if not late:
                value += LIQUID * min(p.money, LIQUID_UP_TO)
            value += prospects(g, state, p, (plans or {}).get(p.name))
            value += public_prospects(g, state, p)
            value -= pending_tax(g, state, p)
            out[p.name] = value
        return out
    finally:
        g.state = kept


def cubes_worth(p: PlayerState, late: bool) -> float:
    """The cubes held, in VPs: those a few Floors need at CUBE each, more of one Resource at
    what the Market pays back (they only fill the Warehouses)."""
    worth = 0.0
    for r in RESOURCES:
        useful = min(p.cubes[r], USEFUL_CUBES[r])
        worth += (CUBE_LATE if late else CUBE) * useful + SPARE_CUBE * (p.cubes[r] - useful)
        worth += SCARCE[r] * p.cubes[r]
    return worth


def workers_worth(g: Game, state: GameState, p: PlayerState) -> float:
    """Free Workers, in VPs: without one a player cannot build (R-BLD-13); with every Worker
    on an unfinished building none comes back until someone else finishes it."""
    free = g.free_workers(p)
    if state.sudden_death:
        return 0.0
    worth = FREE_WORKER * min(free, 2)
    if free == 0:
        town = state.townland
        coming = any(p.name in b.workers and b.finished for b in town.buildings.values()) or \
            p.name in state.ring.ability_workers.values()
        if not coming:
            worth -= STUCK
    return worth


def pending_tax(g: Game, state: GameState, p: PlayerState) -> float:
    """The share of the next Taxes and Wages the ring position has run up, in VPs."""
    if p.position == STARTING_TILE:
        return 0.0
    return p.position / 20 * (5 + 3 * g.employed_workers(p)) / 10


def sale_worth(g: Game, card_key: str, trees: int) -> float:
    """What selling a House to the resident brings, in VPs: the 10 VPs not lost, its primary
    VPs and money, the required buildings' VP rewards when the player is among the builders
    (not counted)."""
    card = g.ed.residents[card_key]
    per_tree = card.per_tree * trees
    if card.per_tree_cap is not None:
        per_tree = min(per_tree, card.per_tree_cap)
    return 10 + card.primary_vp + (card.primary_money + per_tree) / 10


def prospects(g: Game, state: GameState, p: PlayerState,
              plan: HousePlan | None = None) -> float:
    """What the residents in the Portfolio are worth beyond the 10 VPs each one left unsold
    costs: each matched to a House of the player (one resident a House; a buildable empty
    Residential site counts as a House not started), by how ready the House is for that
    resident, times what the sale brings. The house plan's pair comes first, with the cubes
    and Trees held for its next steps."""
    if not p.residents:
        return 0.0
    town = state.townland
    houses = [s for s, b in town.buildings.items()
              if b.building == "house" and not b.sold and p.name in b.blocks]
    free = sorted(s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings
                  and townland.site_spec(g.ed, town, s).kind == "residential")
    candidates = houses + free[:6]
    late = state.sudden_death
    total = 0.0
    used_cards: set[str] = set()
    used_houses: set[str] = set()
    if plan is not None and plan.resident in p.residents and plan_valid(g, state, p, plan):
        ready, trees = readiness(g, state, plan.site, plan.resident, p, held=True)
        if late and ready < READY:
            ready *= 0.25  # little time is left to finish what is missing
        total += ready * sale_worth(g, plan.resident, trees)
        used_cards.add(plan.resident)
        used_houses.add(plan.site)
    pairs = []
    for card in p.residents:
        if card in used_cards:
            continue
        for h in candidates:
            if h in used_houses:
                continue
            ready, trees = readiness(g, state, h, card, p)
            if late and ready < READY:
                ready *= 0.25  # little time is left to finish what is missing
            pairs.append((ready * sale_worth(g, card, trees), card, h))
    pairs.sort(key=lambda x: -x[0])
    for worth, card, h in pairs:
        if card in used_cards or h in used_houses:
            continue
        used_cards.add(card)
        used_houses.add(h)
        total += worth
    return total


LEVELS = (0.3, 0.55, READY)  # readiness by the House's Floors: 0, 1, 2


def readiness(g: Game, state: GameState, site: str, card_key: str,
              p: PlayerState | None = None, held: bool = False) -> tuple[float, int]:
    """How ready a House (or an empty Residential site) is for a resident, 0..READY, and the
    Trees in its Planting Sector; less when `p` lacks the money for the Compensation of its
    co-builders (R-SELL-06). With `held`, the cubes `p` holds for the next Floor and the
    Trees in the Portfolio count as half done."""
    town = state.townland
    card = g.ed.residents[card_key]
    b = town.buildings.get(site)
    floors = min(len(b.blocks) if b is not None else 0, 2)
    ready = LEVELS[floors]
    if held and p is not None and floors < 2:
        cost = g.ed.buildings["house"].floors[floors].cost
        need = sum(cost.values()) or 1
        covered = sum(min(p.cubes[r], n) for r, n in cost.items()) / need
        ready += 0.5 * covered * (LEVELS[floors + 1] - ready)
    if p is not None and b is not None:
        owed = COMPENSATION * sum(1 for who in b.participants() if who != p.name)
        if p.money < owed:
            ready *= 0.75 + 0.15 * p.money / owed
    if not townland.is_usable(g.ed, town, site):
        ready *= 0.7
    sector = townland.sector_of_site(g.ed, town, site)
    trees = len(town.trees & sector)
    missing = card.min_trees - trees
    if missing > 0:
        if len(sector) < card.min_trees:
            return 0.0, trees
        if held and p is not None:
            ready *= 0.85 ** (missing - 0.5 * min(p.trees, missing))
        else:
            ready *= 0.85 ** missing
    for feature in card.mandatory:
        if qualifying(g, site, feature):
            continue
        started = [x for x in town.buildings.values() if x.building == feature.building]
        if started:
            x = started[0]
            d = townland.distance(g.ed, town, site, x.site)
            far = feature.max_distance is not None and d is not None and d > feature.max_distance
            ready *= 0.05 if far else (0.5 if x.finished else 0.3)
        elif state.supply.tokens.get(feature.building, 0) > 0:
            ready *= 0.15
        else:
            return 0.0, trees
    return ready, trees


def public_prospects(g: Game, state: GameState, p: PlayerState) -> float:
    """The player's share of the Public buildings they have Blocks in, as the residents still
    in Portfolios desire them (each such resident counted as half sold), and of the unfinished
    ones as the residents already living desire them (counted at half)."""
    town = state.townland
    total = 0.0
    waiting = [c for q in state.players for c in q.residents]
    for b in town.buildings.values():
        if g.ed.buildings[b.building].family != "public" or p.name not in b.blocks:
            continue
        mine = b.blocks.count(p.name) / b.floors
        hoped = sum(g.ed.residents[c].public.get(b.building, 0) for c in waiting) * 0.4
        if not b.finished or not townland.is_usable(g.ed, town, b.site):
            hoped += sum(g.ed.residents[c].public.get(b.building, 0)
                         for c in state.supply.pile) * 0.5
            hoped *= 0.5
        total += hoped * mine
    return total


def resources_held(p: PlayerState) -> dict[str, int]:
    return {r: p.cubes[r] for r in RESOURCES}


# --- the house plan ------------------------------------------------------------------------

def lap_cost(g: Game, p: PlayerState) -> int:
    """The Taxes and Wages of a TAR completion (R-RND-03/04)."""
    return 5 + 3 * g.employed_workers(p)


def plan_valid(g: Game, state: GameState, p: PlayerState, plan: HousePlan) -> bool:
    """Whether the plan can still be carried out: the resident in the Portfolio, the site
    empty and buildable, or a House not sold that the player has built on or can build on."""
    if plan.resident not in p.residents:
        return False
    town = state.townland
    b = town.buildings.get(plan.site)
    if b is None:
        return plan.site in townland.buildable_sites(g.ed, town)
    if b.building != "house" or b.sold:
        return False
    return p.name in b.blocks or not b.finished


def plan_sites(g: Game, state: GameState, p: PlayerState) -> list[str]:
    """The sites a house plan may aim at: the player's Houses not sold, the unfinished Houses
    of others (the Municipality's first), the buildable empty Residential sites."""
    town = state.townland
    out = []
    for site, b in sorted(town.buildings.items()):
        if b.building == "house" and not b.sold and (p.name in b.blocks or not b.finished):
            out.append(site)
    out += sorted(s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings
                  and townland.site_spec(g.ed, town, s).kind == "residential")
    return out


def plan_worth(g: Game, state: GameState, p: PlayerState, plan: HousePlan) -> float:
    """What aiming at the plan is worth: how ready it is times what the sale brings, less the
    Participation Fee of a site on another player's parcel, more for Floors of the player's
    own."""
    ready, trees = readiness(g, state, plan.site, plan.resident, p, held=True)
    worth = ready * sale_worth(g, plan.resident, trees)
    town = state.townland
    b = town.buildings.get(plan.site)
    slot = townland.split_id(plan.site)[0]
    owner = town.owners.get(slot)
    if (b is None or p.name not in b.blocks) and owner not in (None, p.name, MUNICIPALITY):
        worth -= min(20, 5 + 3 * len(state.supply.pile)) / 10
    if b is not None and p.name not in b.blocks:
        worth -= COMPENSATION / 10 * len(b.participants())
    return worth


def choose_plan(g: Game, state: GameState, p: PlayerState,
                current: HousePlan | None) -> HousePlan | None:
    """The player's house plan for this turn: `current` while it can be carried out and is
    worth at least PLAN_KEEP of the best; otherwise the best pair (resident, site)."""
    if not p.residents or p.finished:
        return None
    best: tuple[float, HousePlan] | None = None
    for site in plan_sites(g, state, p):
        for card in sorted(p.residents):
            plan = HousePlan(card, site)
            worth = plan_worth(g, state, p, plan)
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, plan)
    if best is None:
        return None
    if current is not None and plan_valid(g, state, p, current):
        kept = plan_worth(g, state, p, current)
        if kept > 0 and kept >= PLAN_KEEP * best[0]:
            return current
    return best[1]


Target = tuple[str, str]  # a site to build on and the building wanted there


def next_step(g: Game, state: GameState, p: PlayerState,
              plan: HousePlan | None) -> tuple[frozenset[str], Target | None]:
    """The tiles of the plan's next step, and the site to build on: the House's next Floor
    (its cubes bought first), a Commerce building its resident requires that is missing
    (the next Floor of one started within reach, or a new one on an empty site within
    reach), the road, the Trees its resident requires (bought first), then the sale."""
    if plan is None:
        return frozenset(), None
    town = state.townland
    b = town.buildings.get(plan.site)
    floors = len(b.blocks) if b is not None else 0
    if floors < 2:
        return build_step(g, p, "house", floors), (plan.site, "house")
    card = g.ed.residents[plan.resident]
    for feature in card.mandatory:
        if qualifying(g, plan.site, feature):
            continue
        target = commerce_site(g, state, plan.site, feature.building, feature.max_distance)
        if target is None:
            return frozenset(), None  # an exchange of residents, if any
        c = town.buildings.get(target)
        return build_step(g, p, feature.building, len(c.blocks) if c else 0), \
            (target, feature.building)
    if not townland.is_usable(g.ed, town, plan.site):
        return frozenset({"build-road"}), None
    sector = townland.sector_of_site(g.ed, town, plan.site)
    if len(town.trees & sector) < card.min_trees:
        return frozenset({"plant-trees"} if p.trees else {"buy-trees", "plant-trees"}), None
    return frozenset({"sell-house"}), None


def plan_steps(g: Game, state: GameState, p: PlayerState, plan: HousePlan) -> float | None:
    """The turns' worth of steps left before the plan's sale, as `next_step` orders them:
    each House Floor (and the cubes for the next one, by the share not yet held), the Floors
    of a required Commerce building missing, the road, the Trees (bought first when none are
    held), the sale; 0 once the resident has moved in, None when the plan cannot be carried
    out (it is made again next turn)."""
    if plan.resident not in p.residents:
        b = state.townland.buildings.get(plan.site)
        return 0.0 if b is not None and b.sold else None
    if not plan_valid(g, state, p, plan):
        return None
    town = state.townland
    b = town.buildings.get(plan.site)
    floors = min(len(b.blocks) if b is not None else 0, 2)
    steps = 1.0 + (2 - floors)  # the sale, and the Floors
    if floors < 2:
        cost = g.ed.buildings["house"].floors[floors].cost
        need = sum(cost.values()) or 1
        steps += 1 - sum(min(p.cubes[r], n) for r, n in cost.items()) / need
    card = g.ed.residents[plan.resident]
    for feature in card.mandatory:
        if qualifying(g, plan.site, feature):
            continue
        others = [x for x in town.buildings.values() if x.building == feature.building]
        built = len(others[0].blocks) if others else 0
        steps += len(g.ed.buildings[feature.building].floors) - built
    if not townland.is_usable(g.ed, town, plan.site):
        steps += 1
    sector = townland.sector_of_site(g.ed, town, plan.site)
    if len(town.trees & sector) < card.min_trees:
        steps += 1 if p.trees else 2
    return steps


def build_step(g: Game, p: PlayerState, building: str, floors: int) -> frozenset[str]:
    """Build the Floor when the cubes are held, else buy them."""
    cost = g.ed.buildings[building].floors[floors].cost
    if all(p.cubes[r] >= n for r, n in cost.items()):
        return frozenset(BUILD_TILES)
    return frozenset((*BUYING_TILES, "auction"))


def commerce_site(g: Game, state: GameState, house: str, building: str,
                  most: int | None) -> str | None:
    """Where the Commerce building a resident requires can be had within `most` of the
    House: an unfinished one of that type within reach, or an empty buildable
    Non-residential site within reach while its token is in the supply."""
    town = state.townland

    def near(site: str) -> bool:
        d = townland.distance(g.ed, town, house, site)
        return d is not None and (most is None or d <= most)

    for site, b in sorted(town.buildings.items()):
        if b.building == building:
            return site if not b.finished and near(site) else None
    if state.supply.tokens.get(building, 0) <= 0:
        return None
    empty = sorted(s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings
                   and townland.site_spec(g.ed, town, s).kind != "residential" and near(s))
    return empty[0] if empty else None


SWAP_GAIN = 2.0  # VPs an exchange of residents must bring (it costs 10 Grinies and a turn)


def resident_worth(g: Game, state: GameState, p: PlayerState, card: str,
                   sites: list[str]) -> float:
    """The best a resident could bring the player on one of `sites`."""
    return max((plan_worth(g, state, p, HousePlan(card, s)) for s in sites), default=0.0)


def second_plan(g: Game, state: GameState, p: PlayerState,
                plan: HousePlan | None) -> HousePlan | None:
    """The best plan for another resident on another site than `plan`'s."""
    if plan is None:
        return None
    best: tuple[float, HousePlan] | None = None
    for site in plan_sites(g, state, p):
        if site == plan.site:
            continue
        for card in sorted(set(p.residents) - {plan.resident}):
            other = HousePlan(card, site)
            worth = plan_worth(g, state, p, other)
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, other)
    return None if best is None else best[1]


def best_swap(g: Game, state: GameState, p: PlayerState) -> tuple[str, str] | None:
    """A resident of the Display worth exchanging for one of the player's (#11 option 2):
    (taken, given), when it brings SWAP_GAIN VPs or more; None otherwise."""
    if not p.residents or p.finished or p.money < 10 or not state.supply.display:
        return None
    sites = plan_sites(g, state, p)
    if not sites:
        return None
    mine = {c: resident_worth(g, state, p, c, sites) for c in sorted(p.residents)}
    give = min(mine, key=lambda c: mine[c])
    theirs = {c: resident_worth(g, state, p, c, sites) for c in sorted(set(state.supply.display))}
    take = max(theirs, key=lambda c: theirs[c])
    if theirs[take] - mine[give] < SWAP_GAIN:
        return None
    return take, give

