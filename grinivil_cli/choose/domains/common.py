"""What every domain uses: the bounds the rulebook leaves open, the switch of the searches'
shortcuts, and the helpers that propose a decision (`one_of`, `count`, the pouch's draws)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable

from ...edition.model import RESOURCES
from ...engine.actions.promo import MIN_PLEDGE as MIN_PLEDGE  # R-A52P-02, the rules' number
from ...engine.game import plural
from ...engine.records import IMPORT_ITEMS
from ...engine.state import PlayerState
from ...engine.trees import MAX_PLANT, MAX_SITE_PLANT
from ..record import OMIT, Ask, Raw

MAX_REPEATS = 3  # more Repeat Actions than one action can earn (a site bonus, a road space)
MAX_BUY_TIME = 20  # more Time Units than any action costs
MAX_LIST = {"spots": MAX_PLANT, "plant": MAX_SITE_PLANT, "items": 3, "moves": 3, "trades": 3}
IMPORT_OFFER = IMPORT_ITEMS  # the kinds of the offer, in order (its counts: R-A14-02, the rules')
# The searches' shortcuts that leave out records which can change no answer (`Raw.enough`,
# `Raw.any_one` where the rules decide it, below): off, every candidate is tried (the slow
# reference of tests/test_decision_speed_equivalence.py)
SHORTCUTS = True


def multisets(counts: dict[str, int], n: int) -> list[list[str]]:
    """Every way to draw `n` cubes from `counts` (by Resource, in the order of RESOURCES)."""
    out = []
    for combo in itertools.combinations_with_replacement(RESOURCES, n):
        if all(combo.count(r) <= counts.get(r, 0) for r in RESOURCES):
            out.append(list(combo))
    return out


def drawn_from_pouch(ask: Ask, n: int, what: str, rule: str) -> Raw:
    """`n` cubes drawn blind from the pouch (all it holds, when fewer): every multiset, each
    as likely as the ways of drawing it."""
    pouch = ask.g.state.supply.pouch
    drawn, weights = _draws(tuple(pouch[r] for r in RESOURCES), n)
    return Raw(ask.path, "outcome", what, rule, drawn, weights=weights)


@functools.lru_cache(maxsize=1024)
def _draws(held: tuple[int, ...], n: int) -> tuple[tuple[list[str], ...], tuple[float, ...]]:
    """`drawn_from_pouch` for a pouch holding `held` (by Resource): the same few pouches come
    up in every replay of a search. (The lists drawn are never changed: a record being made
    is copied, not changed, `choose.put`.)"""
    pouch = dict(zip(RESOURCES, held, strict=True))
    n = min(n, sum(held))
    drawn = tuple(multisets(pouch, n))
    return drawn, tuple(
        float(math.prod(math.comb(pouch[r], d.count(r)) for r in RESOURCES)) for d in drawn)


def grinies(n: int) -> str:
    return plural(n, "Grinie", "Grinies")


def one_of(ask: Ask, what: str, rule: str, values: Iterable[object], *,
           optional: bool = False) -> Raw:
    values = tuple(values)
    return Raw(ask.path, "one-of", what, rule, ((OMIT,) if optional else ()) + values)


def count(ask: Ask, what: str, rule: str, lo: int, hi: int, *, scan: str = "each",
          zero_omits: bool = False, path: tuple[str | int, ...] | None = None,
          also_zero: bool = False) -> Raw:
    ranges: tuple[tuple[int, int], ...] = ((0, 0),) if also_zero else ()
    if hi >= lo:
        ranges += ((lo, hi),)
    return Raw(path if path is not None else ask.path, "count", what, rule, ranges=ranges,
               scan=scan, zero_omits=zero_omits)


def player(ask: Ask) -> PlayerState:
    return ask.p
