"""Market, Reserve and Warehouses (rulebook: Market & Resource Reserve; Warehouses).

A Market section is filled from the bottom row (highest value) up, and a buyer takes the topmost
cube (AMB-MKT-01 (a)), so the filled holes of a section are always its lowest ones: the state is
just a count per resource.
"""

from __future__ import annotations

import functools
import itertools

from ..edition.model import RESOURCES, Hole
from ..errors import IllegalMove, IncompleteRecord, Path
from .game import Game, describe_cubes, plural
from .state import PlayerState

BIG_WAREHOUSE = (4, 2, 2)  # R-WH-01
SMALL_WAREHOUSE = 2  # R-WH-02


def holes(g: Game, resource: str) -> tuple[Hole, ...]:
    """The holes of a Market section, bottom row first (side by player count, R-SETUP-09)."""
    return g.ed.market_for(len(g.state.players)).sections[resource]


def buying_prices(g: Game, counts: dict[str, int], rule: str, path: Path = ()) -> list[int]:
    """The Buying Price of each cube bought, topmost first (R-MKT-02, R-MKT-04)."""
    prices: list[int] = []
    for r in RESOURCES:
        n, have = counts.get(r, 0), g.state.market[r]
        if n > have:
            raise IllegalMove(rule, f"{n} {r} cannot be bought: the Market holds {have} {r}.",
                              path)
        section = holes(g, r)
        prices += [section[have - 1 - i].buy for i in range(n)]
    return prices


def take_from_market(g: Game, p: PlayerState, counts: dict[str, int], cause: str,
                     rule: str) -> None:
    """Move bought cubes from the Market into the player's Warehouses."""
    for r in RESOURCES:
        n = counts.get(r, 0)
        g.state.market[r] -= n
        g.ledger.record(g.state, p, r, n, cause, rule, "market")


def sell_to_market(g: Game, p: PlayerState, counts: dict[str, int], rule: str,
                   path: Path = ()) -> int:
    """Sell cubes into the lowest empty holes; returns the Selling Prices' total (R-MKT-03)."""
    total = 0
    for r in RESOURCES:
        n = counts.get(r, 0)
        if n > p.cubes[r]:
            raise IllegalMove("R-A06-01", f"{p.name} cannot sell {describe_cubes(counts)}: "
                              f"they hold {describe_cubes(p.cubes)}.", path)
        section, have = holes(g, r), g.state.market[r]
        if have + n > len(section):
            raise IllegalMove("R-A06-03", f"the Market's {r} section has {len(section) - have} "
                              f"empty holes; {n} {r} cannot be sold into it.", path)
        total += sum(section[have + i].sell for i in range(n))
    for r in RESOURCES:
        n = counts.get(r, 0)
        g.state.market[r] += n
        g.ledger.record(g.state, p, r, -n, "sold to the Market", rule, "market")
    return total


def place_on_market(g: Game, counts: dict[str, int]) -> dict[str, int]:
    """Cubes put on the Market fill it bottom up; those that do not fit go to the Reserve
    (R-MKT-05, R-MKT-06). Returns what went to the Reserve."""
    back: dict[str, int] = {}
    for r in RESOURCES:
        n = counts.get(r, 0)
        if not n:
            continue
        room = len(holes(g, r)) - g.state.market[r]
        placed = min(n, room)
        g.state.market[r] += placed
        if n > placed:
            g.state.supply.pouch[r] += n - placed
            back[r] = n - placed
    return back


def refills_that_decide(draws: tuple[list[str], ...], *, buying: bool) -> tuple[list[str], ...]:
    """Of the refills a TAR completion may draw for the Market (`draws`, R-RND-05), those
    that decide whether the player can then buy from the Market (#01, #02: `buying`) or sell
    into it (#06): for each Resource, the first draw holding the most of it (buying) or the
    fewest (selling), in the order of `draws`. If some purchase or sale is legal after any
    draw, one is after these.

    Cubes fill a section from the bottom up (R-MKT-05), so a draw with more of a Resource
    leaves as many of it on the Market or more, and fewer empty holes; the holes' Buying
    Prices fall going up (checked when the edition is read), so its topmost cube costs the
    same or less. A legal purchase holds some Resource; that one cube alone is a legal
    purchase after the draw with the most of it: on the Market, as cheap or cheaper, with
    Engineer's 3 off each and #02's 3 off the total alike (both down to 0), and fewer cubes
    to store (R-WH-03). A legal sale holds some Resource; one cube of it alone is a legal
    sale after the draw with the fewest: as many empty holes or more (R-A06-03), and the
    player's cubes are not drawn. Neither Action reads the pouch."""
    chosen: set[int] = set()
    for r in RESOURCES:
        amount = [d.count(r) for d in draws]
        if amount:
            chosen.add(amount.index(max(amount) if buying else min(amount)))
    return tuple(draws[i] for i in sorted(chosen))  # in the order drawn: the same search


# --- Warehouses ------------------------------------------------------------------------------

def sections(p: PlayerState) -> list[int]:
    """The player's Warehouse Sections: the Big Warehouse and each Small one (R-WH-01/02)."""
    return list(BIG_WAREHOUSE) + [SMALL_WAREHOUSE] * p.small_warehouses


def fits(p: PlayerState, cubes: dict[str, int]) -> bool:
    """Can these cubes be stored, one type per Section (R-WH-03)?"""
    return _fits(p.small_warehouses, tuple(cubes.values()))


@functools.lru_cache(maxsize=4096)
def _fits(small_warehouses: int, counts: tuple[int, ...]) -> bool:
    """`fits` for a number of Small Warehouses and the cube counts (cached: the same few cases
    come up every turn, so the key is made as cheaply as possible)."""
    need = sorted((n for n in counts if n > 0), reverse=True)
    if not need:
        return True
    secs = sorted(list(BIG_WAREHOUSE) + [SMALL_WAREHOUSE] * small_warehouses, reverse=True)
    return _assign(secs, need)


def _assign(secs: list[int], need: list[int]) -> bool:
    """Backtracking: give each resource type whole Sections until its cubes fit."""
    if not need:
        return True
    first, rest = need[0], need[1:]
    # try every subset of sections (few sections: at most 3 + 12) greedily by size
    return _cover(secs, first, rest, 0)


def _cover(secs: list[int], left: int, rest: list[int], start: int) -> bool:
    if left <= 0:
        return _assign(secs, rest)
    for i in range(start, len(secs)):
        if i > start and secs[i] == secs[i - 1]:
            continue  # same-size sections are interchangeable
        chosen = secs[i]
        remaining = secs[:i] + secs[i + 1:]
        if _cover(remaining, left - chosen, rest, i):
            return True
    return False


def storage(p: PlayerState) -> str:
    """The player's Warehouses in words: 'the Big Warehouse (Sections of 4, 2 and 2) and 1
    Small Warehouse (2 places)' (R-WH-01, R-WH-02)."""
    big = ", ".join(map(str, BIG_WAREHOUSE[:-1])) + f" and {BIG_WAREHOUSE[-1]}"
    out = f"the Big Warehouse (Sections of {big})"
    if p.small_warehouses:
        out += (f" and {plural(p.small_warehouses, 'Small Warehouse')} "
                f"({SMALL_WAREHOUSE} places each)")
    return out


def why_not_stored(p: PlayerState, cubes: dict[str, int]) -> str:
    """Why these cubes do not fit the player's Warehouses, with the numbers (R-WH-03)."""
    secs = sections(p)
    total, kinds = sum(cubes.values()), sum(1 for n in cubes.values() if n > 0)
    if total > sum(secs):
        return f"{total} cubes, and the Sections hold {sum(secs)} in all"
    if kinds > len(secs):
        return (f"{kinds} Resource types need {kinds} Sections, one type per Section (R-WH-03), "
                f"and there are {len(secs)}")
    return ("one Resource type per Section (R-WH-03), and no way of giving each type whole "
            f"Sections holds {describe_cubes(cubes)}")


def fewest_more(p: PlayerState, cubes: dict[str, int]) -> int:
    """The fewest further cubes to give up so that the rest fits (R-WH-06)."""
    best = sum(cubes.values())
    counts = [cubes[r] for r in RESOURCES]
    for kept in itertools.product(*(range(n + 1) for n in counts)):
        less = sum(counts) - sum(kept)
        if less < best and _fits(p.small_warehouses, kept):
            best = less
    return best


def check_excess(g: Game, p: PlayerState, excess: dict[str, int], path: Path) -> None:
    """At the end of the turn, exactly the cubes that cannot be stored go to the Market
    (R-WH-06): what is kept must fit, and no cube given up could have been kept."""
    for r, n in excess.items():
        if n > p.cubes[r]:
            raise IllegalMove("R-WH-06", f"{p.name} gives up {n} {r} as excess but holds "
                              f"{p.cubes[r]} {r}.", path)
    kept = {r: p.cubes[r] - excess.get(r, 0) for r in RESOURCES}
    if not fits(p, kept) and any(excess.values()):
        given = describe_cubes({r: excess.get(r, 0) for r in RESOURCES})
        raise IllegalMove("R-WH-06", f"{p.name} gives up {given} as excess and keeps "
                          f"{describe_cubes(kept)}, which does not fit {storage(p)}: "
                          f"{why_not_stored(p, kept)}; at least "
                          f"{plural(fewest_more(p, kept), 'more cube')} must go to the "
                          "Market.", path)
    if not fits(p, kept):
        raise IncompleteRecord("R-WH-06", f"{p.name} holds {describe_cubes(p.cubes)} at the "
                               f"end of the turn, more than their Warehouses ({sections(p)}) "
                               "store; the log must record the excess cubes that go to the "
                               "Market.", path)
    for r in RESOURCES:
        if excess.get(r, 0) and fits(p, {**kept, r: kept[r] + 1}):
            raise IllegalMove("R-WH-06", f"{p.name} could store another {r}; only cubes that "
                              f"do not fit in the Warehouses go to the Market.", path)
