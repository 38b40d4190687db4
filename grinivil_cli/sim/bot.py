"""Simple bots that play legal games: they propose candidate moves with sensible weights and the
engine decides which are legal (the engine is the only judge of legality)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..edition.model import RESOURCES
from ..engine import townland
from ..engine.actions.promo import CROWDFUNDING_FAMILIES, MIN_PLEDGE
from ..engine.game import Game
from ..engine.ring import DUAL_TILE, has_worker_on, ring_tile_of
from ..engine.state import PlayerState

Move = dict[str, Any]

WEIGHTS = {
    "build-floor": 10, "build-floor-premium": 5, "buy-resources": 7,
    "buy-resources-discount": 7, "sell-house": 9, "explore": 3, "build-road": 4,
    "new-resident": 2, "plant-trees": 3, "buy-trees": 2, "auction": 2, "sell-resources": 2,
    "convert": 2, "subsidy": 3, "buy-warehouse": 1, "import": 2, "optimization": 2,
    "replanting": 1, "forced-trade": 1, "architect": 1, "engineer": 1, "builder": 1,
    "ecologist": 1, "banker": 2, "merchant": 1, "follower": 1, "manager": 1, "crowdfunding": 3,
}
FOLLOW_CHANCE = 0.5  # how often a bot with a Worker on the Follower tries to follow (#51P)


class Bot:
    """Proposes moves for the player on turn, best-weighted first."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def candidates(self, g: Game, p: PlayerState) -> Iterator[Move]:
        """Candidate turns in the order to try them; the caller keeps the first legal one."""
        yield from self.follow(g, p)
        actions = self.order(g, p)
        for action in actions:
            for move in self.moves_for(g, p, action):
                move.setdefault("tile", action)
                yield move

    def follow(self, g: Game, p: PlayerState) -> Iterator[Move]:
        """#51P: sometimes perform the previous player's chosen action without moving (either
        half of the dual tile); the engine judges whether it may be followed."""
        last = g.state.last_tile
        if last is None or not has_worker_on(g, p, "follower"):
            return
        if self.rng.random() >= FOLLOW_CHANCE:
            return
        halves = ["explore", "build-road"] if ring_tile_of(last) == DUAL_TILE else [last]
        for action in halves:
            for move in self.moves_for(g, p, action):
                move.setdefault("tile", action)
                move["follow"] = True
                yield move

    def order(self, g: Game, p: PlayerState) -> list[str]:
        """Actions on the ring in a weighted random order."""
        on_ring = {t for t in g.state.ring.tiles}
        names = sorted(a for a in WEIGHTS if a in on_ring
                       or (a in ("explore", "build-road") and "explore-build-road" in on_ring))
        weights = {a: WEIGHTS[a] * self.need(g, p, a) for a in names}
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
        if action == "new-resident":
            return 1.0 if len(p.residents) < 2 else 0.1
        if action in ("architect", "engineer", "builder", "ecologist", "banker", "merchant",
                      "follower", "manager"):
            return 1.0 if free >= 2 else 0.05
        return 1.0

    def targets(self, g: Game, p: PlayerState) -> list[tuple[str, dict[str, int]]]:
        """Floors worth building next, best first: where our Worker already stands, then
        unfinished buildings, then new sites while a spare Worker remains."""
        town = g.state.townland
        out: list[tuple[int, float, str, dict[str, int]]] = []
        free = g.free_workers(p)
        for site, b in town.buildings.items():
            if b.finished:
                continue
            cost = g.ed.buildings[b.building].floors[len(b.blocks)].cost
            rank = 0 if p.name in b.workers else 1
            out.append((rank, self.rng.random(), site, cost))
        if free >= 2:
            for site in sorted(townland.buildable_sites(g.ed, town)):
                if site not in town.buildings:
                    kind = townland.site_spec(g.ed, town, site).kind
                    key = "house" if kind == "residential" else "pub"
                    out.append((2, self.rng.random(), site,
                                g.ed.buildings[key].floors[0].cost))
        out.sort()
        return [(site, cost) for _, _, site, cost in out]

    def moves_for(self, g: Game, p: PlayerState, action: str) -> list[Move]:
        """A few concrete records for one action."""
        maker = getattr(self, "_" + action.replace("-", "_"), None)
        moves: list[Move] = maker(g, p) if maker else [{}]
        return moves[:6]

    # --- one method per action ----------------------------------------------------------------
    def _buy_resources(self, g: Game, p: PlayerState) -> list[Move]:
        out = []
        for _, cost in self.targets(g, p)[:2]:
            missing = {r: max(0, n - p.cubes[r]) for r, n in cost.items()}
            if sum(missing.values()):
                out.append({"cubes": {r: n for r, n in missing.items() if n}})
        for _ in range(2):
            counts = {r: self.rng.randint(0, min(2, g.state.market[r])) for r in RESOURCES}
            if sum(counts.values()):
                out.append({"cubes": {r: n for r, n in counts.items() if n}})
        return out

    _buy_resources_discount = _buy_resources

    def _build_floor(self, g: Game, p: PlayerState) -> list[Move]:
        town = g.state.townland
        out: list[Move] = []
        for site, _ in self.targets(g, p)[:4]:
            if site in town.buildings:
                out.append(self.with_extras(g, p, {"site": site}, site))
                continue
            kind = townland.site_spec(g.ed, town, site).kind
            families = ("house",) if kind == "residential" else ("commerce", "public")
            tokens = sorted(k for k, n in g.state.supply.tokens.items()
                            if n > 0 and g.ed.buildings[k].family in families)
            if tokens:
                move = {"site": site, "building": self.rng.choice(tokens)}
                out.append(self.with_extras(g, p, move, site, first=True))
        return out

    _build_floor_premium = _build_floor

    def with_extras(self, g: Game, p: PlayerState, move: Move, site: str,
                    first: bool = False) -> Move:
        """Sometimes a site bonus choice and an associated build action."""
        if first:
            spec = townland.site_spec(g.ed, g.state.townland, site)
            if spec.bonus is not None and spec.bonus.kind == "resources":
                move["site_bonus"] = {"choice": self.rng.choice(RESOURCES)}
            elif spec.bonus is not None and spec.bonus.kind == "road":
                roads = townland.construction_roads(g.ed, g.state.townland)
                if roads:
                    move["site_bonus"] = {"road": self.rng.choice(roads)}
        roll = self.rng.random()
        if roll < 0.15 and p.money > 40:
            move["associated"] = {"additional_floor": {}}
        elif roll < 0.25 and p.money > 20:
            move["associated"] = {"connected_road": {}}
        return move

    def _sell_house(self, g: Game, p: PlayerState) -> list[Move]:
        town = g.state.townland
        out = []
        for site, b in sorted(town.buildings.items()):
            if b.building == "house" and b.finished and not b.sold and p.name in b.blocks:
                for resident in p.residents:
                    out.append({"house": site, "resident": resident})
        return out

    def _explore(self, g: Game, p: PlayerState) -> list[Move]:
        slots = townland.explorable_slots(g.ed, g.state.townland)
        self.rng.shuffle(slots)
        return [{"slot": s} for s in slots[:3]]

    def _build_road(self, g: Game, p: PlayerState) -> list[Move]:
        roads = townland.construction_roads(g.ed, g.state.townland)
        self.rng.shuffle(roads)
        out: list[Move] = []
        for road in roads[:3]:
            move: Move = {"road": road}
            space = p.road_track
            if space < len(g.ed.road_track):
                kinds = {r.kind for r in g.ed.road_track[space]}
                slots = townland.explorable_slots(g.ed, g.state.townland)
                if "explore" in kinds and slots:
                    move["road_bonus"] = {"explore": {"slot": self.rng.choice(slots)}}
            out.append(move)
        return out

    def _new_resident(self, g: Game, p: PlayerState) -> list[Move]:
        display = list(g.state.supply.display)
        if not display:
            return []
        self.rng.shuffle(display)
        out: list[Move] = [{"take": c} for c in display[:2]]
        if p.residents and p.money > 30:
            out.append({"take": display[0], "give": self.rng.choice(p.residents)})
        return out

    def _plant_trees(self, g: Game, p: PlayerState) -> list[Move]:
        town = g.state.townland
        out = []
        for sector in townland.planting_sectors(g.ed, town):
            free = sorted(s for s in sector if s not in town.trees)
            n = min(len(free), p.trees, 9)
            if n:
                out.append({"spots": free[:n]})
        self.rng.shuffle(out)
        return out

    def _buy_trees(self, g: Game, p: PlayerState) -> list[Move]:
        return [{"trees": self.rng.randint(1, 6)}, {"trees": 3}]

    def _auction(self, g: Game, p: PlayerState) -> list[Move]:
        bids = {p.name: min(p.money, self.rng.randint(10, 20))}
        for q in g.state.players:
            if q is not p and not q.finished and q.money >= 10 and self.rng.random() < 0.5:
                bids[q.name] = self.rng.randint(10, min(q.money, 25))
        return [{"bids": bids}]

    def _sell_resources(self, g: Game, p: PlayerState) -> list[Move]:
        have = sorted((r for r in RESOURCES if p.cubes[r]), key=lambda r: -p.cubes[r])
        return [{"cubes": {r: min(3, p.cubes[r])}} for r in have] + [
            {"cubes": {r: 1}} for r in have]

    def _convert(self, g: Game, p: PlayerState) -> list[Move]:
        if p.vp == 0:
            return [{}]
        first = self.rng.random() < 0.5
        if p.money < 20:
            return [{"vp_to_money": min(p.vp, self.rng.randint(1, 3)), "roll_first": first}]
        return [{"money_to_vp": 1, "roll_first": first},
                {"vp_to_money": 1, "roll_first": first}]

    def _import(self, g: Game, p: PlayerState) -> list[Move]:
        offer = ["tree", "tree", "concrete", "wood", "steel"]
        self.rng.shuffle(offer)
        return [{"items": offer[:n]} for n in (3, 2, 1)]

    def _optimization(self, g: Game, p: PlayerState) -> list[Move]:
        return [{"choice": r} for r in RESOURCES]

    def _replanting(self, g: Game, p: PlayerState) -> list[Move]:
        town = g.state.townland
        free = sorted(s for s in townland.all_spots(g.ed, town) if s not in town.trees)
        if not free:
            return []
        return [{"moves": [{"from": "supply", "to": self.rng.choice(free)}]}]

    def _forced_trade(self, g: Game, p: PlayerState) -> list[Move]:
        out = []
        for q in g.state.players:
            if q is p or q.finished:
                continue
            for give in RESOURCES:
                for get in RESOURCES:
                    if give != get and p.cubes[give] and q.cubes[get]:
                        out.append({"trades": [{"with": q.name, "give": give, "get": get}],
                                    "accepted": {q.name: True}})
        self.rng.shuffle(out)
        return out

    def _crowdfunding(self, g: Game, p: PlayerState) -> list[Move]:
        """#52P: an empty Non-residential site, a Commerce or Public token, pledges of at
        least 30 within each pledger's money (some other players join)."""
        if p.money < MIN_PLEDGE or p.blocks < 1:
            return []
        town = g.state.townland
        sites = sorted(s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings
                       and townland.site_spec(g.ed, town, s).kind == "nonresidential")
        tokens = sorted(k for k, n in g.state.supply.tokens.items()
                        if n > 0 and g.ed.buildings[k].family in CROWDFUNDING_FAMILIES)
        if not sites or not tokens:
            return []
        out: list[Move] = []
        for site in self.rng.sample(sites, min(2, len(sites))):
            pledges = {p.name: self.rng.randint(MIN_PLEDGE, min(p.money, MIN_PLEDGE + 15))}
            for q in g.state.players:
                if (q is not p and not q.finished and q.blocks and q.money >= MIN_PLEDGE
                        and self.rng.random() < 0.5):
                    pledges[q.name] = self.rng.randint(MIN_PLEDGE, min(q.money, MIN_PLEDGE + 10))
            out.append({"site": site, "building": self.rng.choice(tokens), "pledges": pledges})
        return out
