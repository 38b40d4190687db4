"""The domains of the Land: Explore Land's slot and draws, Build a Road and its Bonus Road
Track, Plant Trees and Replanting."""

from __future__ import annotations

from typing import Any

from ...engine import townland
from ...engine.exploring import slots_to_explore, zone_stack
from ...engine.trees import MAX_PLANT, MAX_SITE_PLANT
from ..record import END, Ask, Raw
from .common import (
    MAX_LIST,
    count,
    one_of,
    player,
)


def slot(ask: Ask) -> Raw:
    """The slot explored: an empty slot of the Land Area that can take a tile, with a tile left
    in its zone's stack (R-EXPL-02..04, AMB-EXPL-04)."""
    return one_of(ask, "the slot explored", "R-EXPL-02", slots_to_explore(ask.g.ed, ask.g.state))


def land_tile(ask: Ask) -> Raw | None:
    """The Land Tile revealed from the zone's stack (R-EXPL-05)."""
    if not ask.outcome:
        return None
    where = str(ask.holder.get("slot", ""))
    stack = zone_stack(ask.g.state, where)
    return Raw(ask.path, "outcome", "the Land Tile revealed", "R-EXPL-05", tuple(sorted(stack)))


def municipal_tokens(ask: Ask) -> Raw | None:
    """The Building Token drawn for an orange Block on a Non-residential Municipal site
    (R-MUNI-05)."""
    if not ask.outcome or ask.item is None:
        return None
    g = ask.g
    keys = sorted(k for k, n in g.state.supply.tokens.items()
                  if n > 0 and g.ed.buildings[k].family != "house")
    return Raw(ask.path, "outcome", f"the Building Token drawn for {ask.item}", "R-MUNI-05",
               tuple(keys))


def road(ask: Ask) -> Raw | None:
    """The Construction Road completed: Build a Road (R-A08B-02), the Road site action
    (R-SACT-03); the Connected Road is the site's own (AMB-ABA-02): no decision."""
    if ask.parent == "connected_road":
        return None
    rule = "R-SACT-03" if ask.parent == "site_bonus" else "R-A08B-02"
    return one_of(ask, "the road completed", rule,
                  townland.construction_roads(ask.g.ed, ask.g.state.townland))


def road_bonus(ask: Ask) -> Raw | None:
    """The rewards of the next space of the Bonus Road Track, taken or declined (R-RDB-05);
    an exploration reward is taken by recording it (R-RDB-06)."""
    g, p = ask.g, player(ask)
    track = g.ed.road_track
    if p.road_track >= len(track):
        return None
    kinds = {r.kind for r in track[p.road_track]}
    options: list[object] = ["declined"]
    if "explore" in kinds:
        options.append({"explore": {}})
    return one_of(ask, "the rewards of the Bonus Road Track", "R-RDB-05", options,
                  optional=True)


def trees(ask: Ask) -> Raw:
    """#09: 1 to 6 Trees (R-A09-01); more is never cheaper (monotone)."""
    return count(ask, "Trees bought", "R-A09-01", 1, min(6, ask.g.state.supply.trees),
                 scan="monotone")


def spots(ask: Ask) -> Raw | None:
    """#10: 1 to 9 free Planting Spots of one sector, at most as many as the Trees in the
    Portfolio (R-A10-01, R-PLANT-05..07); a set, offered in ascending order."""
    return spots_of_one_sector(ask, "R-A10-01", MAX_PLANT)


def plant(ask: Ask) -> Raw | None:
    """The Plant site action: 1 to 3 free Planting Spots of one sector (R-SACT-02)."""
    return spots_of_one_sector(ask, "R-SACT-02", MAX_SITE_PLANT)


def spots_of_one_sector(ask: Ask, rule: str, most: int) -> Raw | None:
    """The next Spot of a planting: a free Spot (after the first, of its Planting Sector and
    after the last in ascending order), or the end; no more than the Trees held (R-PLANT-06,
    R-PLANT-07)."""
    made = ask.value if isinstance(ask.value, list) else []
    p = player(ask)
    if not made and not p.trees:
        return Raw(ask.path + (0,), "one-of", "a Planting Spot", "R-PLANT-06",
                   why_none=f"{p.name} has no Tree in their Portfolio to plant.")
    if ask.path in ask.partial.ended or len(made) >= min(most, p.trees):
        return None
    free = free_spots(ask)
    if made:
        g = ask.g
        try:
            sector = townland.sector_of_spot(g.ed, g.state.townland, str(made[0]))
        except KeyError:
            return None
        free = tuple(s for s in free if s in sector and s > str(made[-1]))
    return Raw(ask.path + (len(made),), "one-of", "a Planting Spot", rule,
               free + ((END,) if made else ()))


def free_spots(ask: Ask, trees: set[str] | None = None) -> tuple[str, ...]:
    """The Spots with no Tree: in the table, or where `trees` stand."""
    town = ask.g.state.townland
    standing = town.trees if trees is None else trees
    return tuple(sorted(s for s in townland.all_spots(ask.g.ed, town) if s not in standing))


def trees_after_moves(trees: set[str], made: list[Any]) -> set[str]:
    """Where Trees stand after the Replanting moves `made`, one after the other as the rules
    make them: a Tree moved may be moved again, a Spot emptied may take another. A move begun
    (its `to` not decided yet) has taken its Tree up."""
    # docs/rulings.md AMB-A16-03 (a ruling of this project's: no entry of the catalogue)
    standing = set(trees)
    for m in made:
        if not isinstance(m, dict):
            continue
        src, dst = m.get("from"), m.get("to")
        if isinstance(src, str) and src != "supply":
            standing.discard(src)
        if isinstance(dst, str):
            standing.add(dst)
    return standing


def moves(ask: Ask) -> Raw | None:
    """#16 Replanting: 1 to 3 Trees, each from a Spot or the general supply to a free Spot
    (R-A16-01, R-A16-02), each move from the table the moves before it left."""
    made = ask.value if isinstance(ask.value, list) else []
    town = ask.g.state.townland
    standing = trees_after_moves(town.trees, made)
    if made and isinstance(made[-1], dict) and "to" not in made[-1]:
        return Raw(ask.path + (len(made) - 1, "to"), "one-of", "the Spot the Tree goes to",
                   "R-A16-01", free_spots(ask, standing))
    if ask.path in ask.partial.ended or len(made) >= MAX_LIST["moves"]:
        return None
    sources = tuple(sorted(standing)) + ("supply",)
    return Raw(ask.path + (len(made), "from"), "one-of", "the Tree moved (a Spot, or the "
               "supply)", "R-A16-01", sources + ((END,) if made else ()))
