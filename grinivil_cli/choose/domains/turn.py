"""The domains of the turn's own fields, in the order of the turn: the tile, following (#51P),
the draws of the choosing move (refills, the Merchant's cube) and those judged at the choice
(R-TAR-06), declining, Time Units bought, Repeat Actions, the final sale, excess cubes and the
last round's choices."""

from __future__ import annotations

import itertools
from typing import Any

from ...edition.model import RESOURCES
from ...engine.abilities import (
    follower_active,
    merchant_active,
)
from ...engine.actions import BEFORE_THE_DECLINE
from ...engine.market import check_excess, refills_that_decide
from ...engine.ring import REFILL, TIME_UNIT_PRICE
from ...engine.tiles import ABILITY_TILES, DUAL_TILE, MERCHANT_KEY, ring_tile_of
from ...errors import IllegalMove
from ..record import Ask, Raw
from . import common
from .common import (
    MAX_BUY_TIME,
    MAX_REPEATS,
    count,
    drawn_from_pouch,
    one_of,
    player,
)
from .people import money_to_vp, vp_to_money
from .resources import roll


def tile(ask: Ask) -> Raw:
    """The Action Tiles on the ring in ring order, the dual tile as Explore Land and Build a
    Road (R-TAR-02, R-A08-01)."""
    keys: list[str] = []
    for t in ask.g.state.ring.tiles:
        keys += ["explore", "build-road"] if t == DUAL_TILE else [t]
    return one_of(ask, "the Action Tile", "R-TAR-02", keys)


def follow(ask: Ask) -> Raw | None:
    """#51P: with a Worker on the Follower, the previous player's chosen tile may be followed
    (R-A51P-02); not in a Repeat Action (R-A51P-06)."""
    g, last = ask.g, ask.g.state.last_tile
    if ask.in_repeat or last is None or not follower_active(g, ask.p):
        return None
    if ring_tile_of(ask.tile) != ring_tile_of(last):
        return None
    return one_of(ask, "follow the previous player's Action (#51P)", "R-A51P-02", [True],
                  optional=True)


def refills(ask: Ask) -> Raw | None:
    """The 4 cubes (or what the pouch holds) drawn for the Market at TAR completion
    (R-RND-05)."""
    if not ask.outcome:
        return None
    raw = drawn_from_pouch(ask, REFILL, "the Resources drawn for the Market", "R-RND-05")
    blind = ask.tile in BLIND_TO_THE_MARKET and not merchant_active(ask.g, ask.p)
    return raw.but(any_one=blind)


def refills_at_the_choice(ask: Ask) -> Raw | None:
    """`refills`, for a search of whether the Action can be carried out after some draw
    (`AT_THE_CHOICE`). An Action blind to the Market, for a player whose Merchant draws next
    (the only reason its refills are not `any_one`), is decided by what the refill leaves the
    Merchant to draw: the kinds of cube left in the pouch. One refill of each such set is
    enough (issue 28: the tile list at a Merchant position tried every refill, 0.3-0.4 s).
    So is one refill of each set of counts Import reads (`TAKEN_FROM_THE_POUCH`)."""
    raw = refills(ask)
    if raw is None or raw.any_one or not common.SHORTCUTS:
        return raw
    # the Merchant's cube decides nothing for these (`merchant_at_the_choice`): their
    # refills are judged as without it
    merchant = merchant_active(ask.g, ask.p) and ask.tile not in BLIND_TO_THE_MERCHANT
    if ask.tile in BLIND_TO_THE_MARKET and not merchant:
        return raw.but(any_one=True)
    if (ask.tile in BLIND_TO_THE_MARKET and merchant) or ask.tile in TAKEN_FROM_THE_POUCH:
        return raw.but(enough=one_refill_per_pouch(
            ask, raw, TAKEN_FROM_THE_POUCH.get(ask.tile, 0) + merchant))
    if ask.tile not in DECIDED_BY_THE_MARKET or merchant:
        return raw
    return raw.but(enough=refills_that_decide(
        raw.candidates, buying=DECIDED_BY_THE_MARKET[ask.tile] == "buying"))


def one_refill_per_pouch(ask: Ask, raw: Raw, most: int) -> tuple[Any, ...]:
    """The first refill of each pouch it leaves, each Resource counted up to `most` (what the
    draws after it take of one Resource at most: the Merchant's cube, Import's), in the order
    of the refills. An Action that reads neither the Market nor the pouch but through those
    draws sees two refills that leave the same counts alike (and after the Merchant's cube, the
    same cubes held): the same records, with the same rules and messages, so the first of each
    finds the answer and the reason the search found trying each. The choosing move completes
    the TAR once at most (a move of at most one lap): one refill."""
    pouch = ask.g.state.supply.pouch
    first: dict[tuple[int, ...], Any] = {}
    for drawn in raw.candidates:
        left = tuple(min(most, pouch[r] - list(drawn).count(r)) for r in RESOURCES)
        first.setdefault(left, drawn)
    return tuple(first.values())


# The Actions that read the pouch (and neither the Market nor what the refill changes besides)
# taking at most this many cubes of one Resource from it: for them a refill at the choice is
# judged by what it leaves of each Resource, up to that (`one_refill_per_pouch`). #14 Import
# draws 1 cube of each kind bought (R-A14-02): only whether a kind is left matters; its check
# (`an_item_to_import`) reads the pouch's total, which every refill leaves the same.
TAKEN_FROM_THE_POUCH = {"import": 1}


def merchant_at_the_choice(ask: Ask) -> Raw | None:
    """`merchant`, for a search of whether the Action can be carried out after some draw
    (`AT_THE_CHOICE`): for an Action blind to it, one Resource is tried (`any_one`)."""
    raw = merchant(ask)
    if raw is None or not common.SHORTCUTS or ask.tile not in BLIND_TO_THE_MERCHANT:
        return raw
    return raw.but(any_one=True)


# The Actions that read neither the player's cubes nor the pouch (in their check, their rules
# and their domains), the only things the Merchant's cube (#24) changes: for them, which
# Resource it drew decides nothing (the records, rules and messages after each are the same),
# nor which refill the choosing move drew but through the Market (#01, #02: judged as without
# the Merchant, `market.refills_that_decide`). A refill never empties the pouch unless it is the
# only one (it holds 4 cubes or fewer), so after every refill the Merchant draws, or after none.
# Not in it: the Actions that spend, sell, store or draw cubes (#03, #04, #05, #06, #08a/b with
# their bonuses, #14, #15, #18), and the others, not checked (#10, #16).
BLIND_TO_THE_MERCHANT = frozenset({
    "buy-resources", "buy-resources-discount", "buy-trees", "buy-warehouse", "new-resident",
    "sell-house", "convert", "subsidy", "crowdfunding", *ABILITY_TILES})


# #13 Convert, for a search of whether the Action can be carried out after some draw
# (`AT_THE_CHOICE`): the Action is the last thing such a search judges (or nothing after it can
# fail, `declined`: Convert earns no Repeat Action, its Time Shift reads no rate), so what a
# face or an amount changes afterwards (the new rate, the money) decides nothing.

def roll_at_the_choice(ask: Ask) -> Raw | None:
    """`roll`. Rolled after converting (not `roll_first`), the face is read after the amount
    and only becomes the new rate (R-VP-03: the old rate prices this conversion): every face
    gives the same records, rules and messages, so one is tried (`any_one`). Rolled first, it
    prices VPs bought with money (the lowest rate the cheapest) and nothing else: the lowest
    face completes the Action when any does, and every face meets the same decisions, so its
    dead ends are as far as any (`enough`)."""
    raw = roll(ask)
    if raw is None or not common.SHORTCUTS or ask.tile != "convert" or not raw.candidates:
        return raw
    if ask.action.get("roll_first") is not True:
        return raw.but(any_one=True)
    return raw.but(enough=(min(raw.candidates),))


def converted_at_the_choice(ask: Ask) -> Raw:
    """`vp_to_money`, `money_to_vp`: 1 VP or none (`enough`). An amount of 2 or more is legal
    only when 1 is (no more VPs than held, R-VP-02; no more bought than the money pays for;
    never both ways), and meets the same decisions as 1, its dead ends as far."""
    raw = (vp_to_money if ask.key == "vp_to_money" else money_to_vp)(ask)
    if not common.SHORTCUTS:
        return raw
    return raw.but(enough=(1, 0))


# The Actions whose legality the Market decides, by buying from it or selling into it
DECIDED_BY_THE_MARKET = {"buy-resources": "buying", "buy-resources-discount": "buying",
                         "sell-resources": "selling"}


# The actions whose legality neither the Market nor the Reserve pouch's mix decides (their cubes
# come from the player's Warehouses, their other needs from the supply and the table; a
# Resources site bonus is optional): for them, which cubes a TAR completion drew for the Market
# decides nothing, so a search for some legal record tries one refill (`Raw.any_one`), unless
# the player's Merchant is about to draw from the pouch. The Auction (#05) is one: it draws 5
# cubes, or what the pouch holds, and every refill leaves the pouch the same number; which
# cubes the lot holds decides no bid (R-A05-02). Not in it: #01, #02 (the Market), #14, #15
# (the kinds left in the pouch), #06 (the Market's empty holes).
BLIND_TO_THE_MARKET = frozenset({
    "build-floor", "build-floor-premium", "auction", "explore", "build-road", "buy-trees",
    "plant-trees", "new-resident", "sell-house", "convert", "subsidy", "buy-warehouse",
    "replanting", "forced-trade", "crowdfunding", *ABILITY_TILES})


def merchant(ask: Ask) -> Raw | None:
    """#24: the random Resource the Merchant draws (R-A24-01)."""
    if not ask.outcome:
        return None
    pouch = ask.g.state.supply.pouch
    return Raw(ask.path, "outcome", "the Merchant's random Resource", "R-A24-01",
               tuple(r for r in RESOURCES if pouch[r]),
               weights=tuple(float(pouch[r]) for r in RESOURCES if pouch[r]))


def declined(ask: Ask) -> Raw:
    """Carry out the Action, or not: the 2-VP penalty (R-TAR-10), for a player able to carry
    it out (R-TAR-06, AMB-TAR-01 (a)), judged at the choice. Unless the choosing move drew
    at random (a refill, the Merchant: then a bad draw may leave declining the only legal
    way, `turn.drew_badly`), declining is legal exactly when carrying out is (nothing after
    the action can fail: time bought and Repeat Actions may be left out, and the excess cubes
    and Sudden-death choices always have a legal value), and a search for some complete
    record need not try both (`any_one`). An Action whose first outcome was left out (Import
    declined before its die is rolled, AMB-A14-03) can only be declined."""
    raw = one_of(ask, "decline the Action (2 VP penalty)", "R-TAR-10", [True], optional=True)
    first = BEFORE_THE_DECLINE.get(ask.tile)  # the Action's own first die, rolled already
    if first is not None and first.only_declined and any(
            ask.path[:-1] + (k,) in ask.partial.omitted
            for k in first.fields):  # not rolled: declined before it
        return raw.but(candidates=(True,), any_one=False)
    drew = bool(ask.action.get("refills")) or MERCHANT_KEY in ask.action or (
        first is not None and "roll" in ask.action)
    return raw.but(any_one=not drew)


def buy_time(ask: Ask) -> Raw:
    """Time Units bought at 3 Grinies each, down to 0 (R-TBUY-01); monotone: a number that
    fails (more than the action costs, or than the money pays for) fails with more."""
    most = min(MAX_BUY_TIME, max(0, player(ask).money) // TIME_UNIT_PRICE)
    return count(ask, "Time Units bought (3 Grinies each)", "R-TBUY-01", 0, most,
                 scan="monotone", zero_omits=True)


def repeat(ask: Ask) -> Raw | None:
    """Repeat Actions taken: at most as many as earned (R-SACT-05), each a whole action whose
    decisions follow. (A Bonus Road Track space's `repeat` is earned with the space: no
    decision, R-RDB-06.)"""
    if ask.parent == "road_bonus":
        return None
    return one_of(ask, "Repeat Actions taken", "R-SACT-05",
                  [[{} for _ in range(n)] for n in range(1, MAX_REPEATS + 1)], optional=True)


def final_sale(ask: Ask) -> Raw | None:
    """The last House sale on the Starting Tile, once the player's game ends (R-END-03)."""
    if not player(ask).finished:
        return None
    return one_of(ask, "the final House sale", "R-END-03", [{}], optional=True)


def excess(ask: Ask) -> Raw | None:
    """The cubes a player gives up at the end of the turn, one Resource after the other:
    exactly those the Warehouses cannot store (R-WH-06, judged by `market.check_excess`)."""
    if not ask.outcome or not isinstance(ask.item, str):
        return None
    q = ask.g.state.player(ask.item)
    chosen = ask.value if isinstance(ask.value, dict) else {}
    todo = [r for r in RESOURCES if r not in chosen]
    if not todo:
        return None
    # which excesses `check_excess` accepts depends on the cubes held and the Warehouses
    # only: kept (each player's is asked once per Resource, in every replay of a search)
    key = (q.small_warehouses, tuple(q.cubes[r] for r in RESOURCES))
    legal = _EXCESS.get(key)
    if legal is None:
        legal = []
        for given in itertools.product(*(range(q.cubes[r] + 1) for r in RESOURCES)):
            counts = dict(zip(RESOURCES, given, strict=True))
            try:
                check_excess(ask.g, q, counts, ())
            except IllegalMove:
                continue
            legal.append(counts)
        if len(_EXCESS) > 4096:
            _EXCESS.clear()
        _EXCESS[key] = legal
    r = todo[0]
    values = sorted({c[r] for c in legal if all(c[k] == chosen[k] for k in chosen)})
    return Raw(ask.path + (r,), "count", f"{r} {q.name} gives up as excess", "R-WH-06",
               ranges=tuple((v, v) for v in values))


_EXCESS: dict[tuple[int, tuple[int, ...]], list[dict[str, int]]] = {}  # `excess`'s answers


def sudden_death(ask: Ask) -> Raw | None:
    """Each player's choice when the Sudden-death Round begins (R-SD-03)."""
    if not ask.outcome or ask.item is None:
        return None
    return Raw(ask.path, "one-of", f"{ask.item}'s Sudden-death choice", "R-SD-03",
               ("stay", "start-tile"))


def big_town(ask: Ask) -> Raw | None:
    """Big Town: an extra Block, or the Sudden-death Round (R-VAR-BIG-01)."""
    if not ask.outcome:
        return None
    return Raw(ask.path, "one-of", "the Big Town decision", "R-VAR-BIG-01",
               ("extra-block", "sudden-death"))
