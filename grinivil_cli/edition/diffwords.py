"""Each section of an edition's data compared in the words of the game, for `diff.py`: a
building's Floors, a resident card's features and desires, a land tile's sites and spots, a
Market section's holes, the ring, the Bonus Road Track, the Import die.

Each `tell_*` takes what the two editions call things (`Names`) and the section's old and new
data, and yields (dotted path, words) for each difference.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator, Mapping
from typing import Any

from .compare import (
    MISSING,
    Found,
    Names,
    Words,
    dotted,
    fields,
    generic,
    item,
    keys,
    leaves,
    length,
    mapping,
    records,
    same,
    words,
)
from .model import RESOURCES

PARTS = ("mandatory", "optional")
SPLITS = {"full": "", "participants": " shared by the participants", "blocks": " by Blocks"}
REWARDS = {"warehouse": "a Small Warehouse", "explore": "explore", "repeat": "a Repeat Action"}


# --- buildings -----------------------------------------------------------------------------


def _cost(cost: Any) -> str:
    """`2 concrete, 1 wood`."""
    cost = mapping(cost)
    order = [r for r in RESOURCES if r in cost] + [r for r in cost if r not in RESOURCES]
    return ", ".join(f"{cost[r]} {r}" for r in order) or "nothing"


def _floor(floor: Any) -> str:
    """`costs 2 concrete, 1 wood, 3 VP`."""
    return f"costs {_cost(mapping(floor).get('cost'))}, {mapping(floor).get('vp')} VP"


BUILDING_WORDS: Words = {"name": ("name", words), "family": ("family", words),
                         "tokens": ("tokens", words)}


def tell_buildings(names: Names, a: Any, b: Any) -> Found:
    """`Pub: Floor 2 costs 1 wood, 1 steel, 3 VP -> costs 2 wood, 1 steel, 4 VP`."""
    def described(b: Any) -> str:
        return (f"a {b.get('family')} building, {length(b.get('floors'))} Floors, "
                f"{b.get('tokens')} tokens")

    def changed(x: Any, y: Any) -> Iterator[str]:
        yield from fields(x, y, BUILDING_WORDS, skip=("floors",))
        old, new = x.get("floors"), y.get("floors")
        for i in range(max(length(old), length(new))):
            f, g = item(old, i), item(new, i)
            if f is MISSING or g is MISSING:
                what = "added" if f is MISSING else "removed"
                yield f"Floor {i + 1} {what} ({_floor(g if f is MISSING else f)})"
            elif not same(f, g):
                yield f"Floor {i + 1} {_floor(f)} -> {_floor(g)}"

    yield from records(a, b, ("buildings",), names.building, described, changed)


# --- resident cards --------------------------------------------------------------------------


def _reward(reward: Any) -> str:
    """`4 VP`, `28 G shared by the participants`."""
    reward = mapping(reward)
    parts = [f"{reward[k]} {unit}" for k, unit in (("vp", "VP"), ("money", "G")) if k in reward]
    return " and ".join(parts or ["nothing"]) + SPLITS.get(str(reward.get("split")), "")


def _distance(value: Any) -> str:
    return "any" if value is None else words(value)


def _feature(feature: Any) -> str:
    """`max distance 2: 4 VP`."""
    feature = mapping(feature)
    return f"max distance {_distance(feature.get('max_distance'))}: " \
           f"{_reward(feature.get('reward'))}"


RESIDENT_WORDS: Words = {
    "name": ("name", words), "primary_vp": ("primary reward", lambda v: f"{v} VP"),
    "primary_money": ("primary reward", lambda v: f"{v} G"),
    "per_tree": ("per tree", lambda v: f"{v} G"),
    "per_tree_cap": ("cap on the Grinies per tree", lambda v: "none" if v is None else f"{v} G"),
    "min_trees": ("trees needed", words)}
FEATURE_WORDS: Words = {"max_distance": ("max distance", _distance),
                        "reward": ("reward", _reward)}


def tell_residents(names: Names, a: Any, b: Any) -> Found:
    """`Greta: the Cafe moved from the mandatory to the optional features`, and every other
    change of a card."""
    def described(card: Any) -> str:
        return f"primary reward {card.get('primary_vp')} VP, {card.get('primary_money')} G"

    def changed(x: Any, y: Any) -> Iterator[str]:
        yield from fields(x, y, RESIDENT_WORDS, skip=(*PARTS, "public"))
        yield from _features(names, x, y)
        yield from _desires(names, x.get("public"), y.get("public"))

    yield from records(a, b, ("residents",), names.resident, described, changed)


def _by_building(card: Mapping[str, Any]) -> dict[Any, tuple[str, Any]] | None:
    """A card's features by building: (mandatory or optional, the feature); None when a
    building is named twice (the parts are then compared as lists)."""
    out: dict[Any, tuple[str, Any]] = {}
    for part in PARTS:
        for feature in card.get(part) or []:
            building = mapping(feature).get("building")
            if building is None or building in out:
                return None
            out[building] = (part, feature)
    return out


def _features(names: Names, x: Mapping[str, Any], y: Mapping[str, Any]) -> Iterator[str]:
    """A card's Commerce features by building: moved between the mandatory and the optional
    ones, added, removed, changed, reordered."""
    old, new = _by_building(x), _by_building(y)
    if old is None or new is None:
        for part in PARTS:
            yield from (text for _, text in generic(x.get(part), y.get(part), part))
        return
    for building in keys(old, new):
        shown = f"the {names.building(building)}"
        if building not in new:
            part, f = old[building]
            yield f"{shown} removed from the {part} features ({_feature(f)})"
        elif building not in old:
            part, g = new[building]
            yield f"{shown} added to the {part} features ({_feature(g)})"
        else:
            (was, f), (now, g) = old[building], new[building]
            changes = "; ".join(fields(f, g, FEATURE_WORDS, skip=("building",)))
            if was != now:
                more = f" ({changes})" if changes else ""
                yield f"{shown} moved from the {was} to the {now} features{more}"
            elif changes:
                yield f"{shown}'s {changes}"
    for part in PARTS:
        before = [b for b, (p, _) in old.items() if p == part and new.get(b, ("",))[0] == part]
        after = [b for b, (p, _) in new.items() if p == part and old.get(b, ("",))[0] == part]
        if before != after:
            yield (f"the {part} features reordered: {', '.join(map(names.building, before))} "
                   f"-> {', '.join(map(names.building, after))}")


def _desires(names: Names, x: Any, y: Any) -> Iterator[str]:
    """A card's Public buildings: `desires the Post Office for 9 VP -> 12 VP`, `now desires`,
    `no longer desires`."""
    x, y = mapping(x), mapping(y)
    for building in keys(x, y):
        shown = f"the {names.building(building)}"
        if building not in y:
            yield f"no longer desires {shown} ({x[building]} VP)"
        elif building not in x:
            yield f"now desires {shown} ({y[building]} VP)"
        elif not same(x[building], y[building]):
            yield f"desires {shown} for {x[building]} VP -> {y[building]} VP"


# --- land tiles ------------------------------------------------------------------------------


def _bonus(bonus: Any) -> str:
    """`5 G`, `2 VP`, `trees`: a site bonus or a Road Track reward."""
    kind, amount = mapping(bonus).get("kind"), mapping(bonus).get("amount")
    if kind == "vp":
        return f"{amount} VP"
    if kind == "money":
        return f"{amount} G"
    if kind == "trees" and amount is not None:
        return f"{amount} trees"
    return REWARDS.get(str(kind), str(kind))


def _at(place: Any) -> str:
    return f"({words(mapping(place).get('x'))}, {words(mapping(place).get('y'))})"


def _site(site: Any) -> str:
    """`residential, on the ring road, Municipal, bonus 5 G, drawn at (0.5, 0.1)`."""
    site = mapping(site)
    out = [str(site.get("kind")), f"on the {site.get('road')} road"]
    if site.get("municipal"):
        out.append("Municipal")
    if "side" in site:
        out.append(f"{site['side']} side")
    if "bonus" in site:
        out.append(f"bonus {_bonus(site['bonus'])}")
    return ", ".join([*out, f"drawn at {_at(site)}"])


def _spot(spot: Any) -> str:
    side = mapping(spot).get("side")
    return f"{side} side, drawn at {_at(spot)}" if side else f"drawn at {_at(spot)}"


SITE_WORDS: Words = {"kind": ("", words), "road": ("road", words),
                     "bonus": ("bonus", lambda v: "none" if v is MISSING else _bonus(v)),
                     "side": ("side", lambda v: "land" if v is MISSING else words(v))}
TILE_WORDS: Words = {"name": ("name", words), "zone": ("zone", words),
                     "road": ("main road", words)}


def _placed(x: Any, y: Any) -> Iterator[str]:
    """A site's or a spot's changes, where it is drawn said once."""
    yield from fields(x, y, SITE_WORDS, skip=("x", "y"))
    if not (same(x.get("x"), y.get("x")) and same(x.get("y"), y.get("y"))):
        yield f"drawn at {_at(x)} -> {_at(y)}"


def tell_land_tiles(names: Names, a: Any, b: Any) -> Found:
    """`I01 Orchard: site s2: bonus trees -> bonus 3 G`, a site or a spot added or removed."""
    def described(tile: Any) -> str:
        return (f"{tile.get('zone')}, {len(mapping(tile.get('sites')))} sites, "
                f"{len(mapping(tile.get('spots')))} planting spots")

    def changed(x: Any, y: Any) -> Iterator[str]:
        yield from fields(x, y, TILE_WORDS, skip=("sites", "spots"))
        yield from (text for _, text in records(x.get("sites"), y.get("sites"), (),
                                                lambda k: f"site {k}", _site, _placed))
        yield from (text for _, text in records(x.get("spots"), y.get("spots"), (),
                                                lambda k: f"planting spot {k}", _spot, _placed))

    yield from records(a, b, ("land_tiles",), names.land_tile, described, changed)


# --- Markets ---------------------------------------------------------------------------------


def _players(side: Any) -> str:
    """`2-3 players`."""
    players = sorted(mapping(side).get("players") or [])
    if len(players) > 1 and players == list(range(players[0], players[-1] + 1)):
        return f"{players[0]}-{players[-1]} players"
    return f"{', '.join(map(str, players))} players"


def _hole(hole: Any) -> str:
    return f"buy {mapping(hole).get('buy')}, sell {mapping(hole).get('sell')}"


def tell_markets(names: Names, a: Any, b: Any) -> Found:
    """Each side's prices by section and hole (holes counted from the bottom row up):
    `Market (2-3 players): concrete hole 4 from the bottom: buy 7, sell 5 -> buy 8, sell 6`."""
    for i in range(max(length(a), length(b))):
        x, y = item(a, i), item(b, i)
        if x is MISSING or y is MISSING:
            side, what = (y, "added") if x is MISSING else (x, "removed")
            yield dotted("markets", i), f"the Market side for {_players(side)} {what}"
            continue
        label = f"Market ({_players(x)})"
        if not same(x.get("players"), y.get("players")):
            yield dotted("markets", i, "players"), f"{label}: for {_players(x)} -> {_players(y)}"
        xs, ys = mapping(x.get("sections")), mapping(y.get("sections"))
        for resource in keys(xs, ys):
            for text in _holes(xs.get(resource) or [], ys.get(resource) or []):
                yield dotted("markets", i, "sections", resource), f"{label}: {resource} {text}"
        old, new = ({k: v for k, v in mapping(s).items() if k not in ("players", "sections")}
                    for s in (x, y))
        yield from generic(old, new, "markets", i, label=label)


def _holes(old: list[Any], new: list[Any]) -> Iterator[str]:
    """A section's holes compared as a sequence: a hole removed or added is said once, not as
    every hole above it changed."""
    if len(old) != len(new):
        yield f"{len(old)} holes -> {len(new)}"
    keyed = ([json.dumps(h, sort_keys=True) for h in old],
             [json.dumps(h, sort_keys=True) for h in new])
    matcher = difflib.SequenceMatcher(None, *keyed, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        pairs = min(i2 - i1, j2 - j1)
        for k in range(pairs):
            yield (f"hole {i1 + k + 1} from the bottom: {_hole(old[i1 + k])} -> "
                   f"{_hole(new[j1 + k])}")
        for k in range(i1 + pairs, i2):
            yield f"hole {k + 1} from the bottom removed ({_hole(old[k])})"
        for k in range(j1 + pairs, j2):
            yield f"hole {k + 1} from the bottom added ({_hole(new[k])})"


# --- the ring, the Bonus Road Track, the Import die ------------------------------------------


def tell_action_tiles(names: Names, a: Any, b: Any) -> Found:
    """`#05 Auction (single-bid): now pink`, a tile added or removed."""
    def described(tile: Any) -> str:
        return ", ".join(["pink" if tile.get("pink") else "not pink"]
                         + ["a promo tile"] * bool(tile.get("promo")))

    told: Words = {"number": ("number", lambda v: f"#{v}"), "name": ("name", words)}
    yield from records(a, b, ("action_tiles",), names.tile, described,
                       lambda x, y: fields(x, y, told))


def _tile(names: Names, key: Any) -> str:
    return "no tile" if key is MISSING else names.tile(key)


def tell_ring_corners(names: Names, a: Any, b: Any) -> Found:
    """`ring position 1: #01 Buy Resources -> #04 Build Floor (at a premium)`."""
    for path, x, y in leaves(a, b, "ring_corners"):
        yield dotted(*path), f"ring position {path[-1]}: {_tile(names, x)} -> {_tile(names, y)}"


def tell_beginners_ring(names: Names, a: Any, b: Any) -> Found:
    """`Beginners Ring r1: #09 Buy Trees (for planting) -> #17 Subsidy (for unemployed)`."""
    for i in range(max(length(a), length(b))):
        x, y = item(a, i), item(b, i)
        if not same(x, y):
            yield (dotted("beginners_ring", i),
                   f"Beginners Ring r{i + 1}: {_tile(names, x)} -> {_tile(names, y)}")


def _space(rewards: Any) -> str:
    """`3 VP and 3 G`: a space of the Bonus Road Track."""
    if rewards is MISSING:
        return "(no space)"
    return " and ".join(_bonus(r) for r in rewards or []) or "nothing"


def tell_road_track(names: Names, a: Any, b: Any) -> Found:
    """`Bonus Road Track space 6: 3 VP and 3 G -> 3 VP and 5 G`."""
    for i in range(max(length(a), length(b))):
        x, y = item(a, i), item(b, i)
        if not same(x, y):
            yield dotted("road_track", i), f"space {i + 1}: {_space(x)} -> {_space(y)}"


def tell_import_prices(names: Names, a: Any, b: Any) -> Found:
    """`Import (#14) die, face 3: 3 G -> 4 G`."""
    def price(v: Any) -> str:
        return "(no face)" if v is MISSING else f"{v} G"

    for i in range(max(length(a), length(b))):
        x, y = item(a, i), item(b, i)
        if not same(x, y):
            yield (dotted("import_prices", i),
                   f"Import (#14) die, face {i + 1}: {price(x)} -> {price(y)}")
