"""The domain of every decision of a turn: for each field of the log, every value the rules
could accept in the state of the table when they read it (`engine/choices.py` judges which of
them are legal, with the replay).

A domain proposes; it never decides legality. It may propose too much (a site the player
cannot pay the Participation Fee for: the search finds no legal record through it), never too
little: a value it leaves out is never offered. So each domain is the widest set the rulebook
allows for the field: the sites on the table, the tokens in the supply, the cubes in the pouch.
The fields are the log's (`docs/log-format.md`); one function per field, in the order of the
turn.

| field | decision | domain |
|---|---|---|
| `tile` | the Action Tile chosen (R-TAR-02) | the tiles on the ring (#08 as its two halves) |
| `follow` | perform the previous player's Action (#51P) | with a Worker on the Follower |
| `refills` | the cubes drawn for the Market at TAR completion (R-RND-05) | the pouch |
| `merchant` | the Merchant's random Resource (R-A24-01) | the pouch |
| `declined` | not carry out the Action (R-TAR-10) | yes or no |
| action fields | see each function | |
| `buy_time` | Time Units bought (R-TBUY-01) | 0 to what the money pays for |
| `repeat` | Repeat Actions taken (R-SACT-05) | 0 to 3 |
| `final_sale` | the last House sale (R-END-03) | when the player's game ends |
| `excess` | the cubes that do not fit (R-WH-06) | exactly what the rule allows |
| `sudden_death`, `big_town` | each player's choice (R-SD-03, R-VAR-BIG-01) | the two options |
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable
from typing import Any

from ..edition.model import RESOURCES
from ..errors import IllegalMove
from . import townland
from .abilities import (
    architect_any_resources,
    builder_fewer_resources,
    follower_active,
    merchant_active,
)
from .actions import BEFORE_THE_DECLINE
from .actions.promo import CROWDFUNDING_FAMILIES
from .actions.trade import AUCTION_CUBES, MIN_BID, TRADE_PRICE, purchase_price
from .choices import END, OMIT, Ask, Domain, Raw
from .construction import FAMILY_OF_SITE, participation_fee, ways_to_discard
from .game import Game, describe_cubes, plural
from .market import check_excess, fits, holes, refills_that_decide
from .records import PENDING
from .residents import qualifying
from .ring import REFILL, TIME_UNIT_PRICE
from .state import MUNICIPALITY, PlayerState
from .tiles import ABILITY_TILES, BUILD_TILES, DUAL_TILE, MERCHANT_KEY, ring_tile_of
from .trees import MAX_PLANT, MAX_SITE_PLANT

MAX_REPEATS = 3  # more Repeat Actions than one action can earn (a site bonus, a road space)
MAX_BUY_TIME = 20  # more Time Units than any action costs
MAX_LIST = {"spots": MAX_PLANT, "plant": MAX_SITE_PLANT, "items": 3, "moves": 3, "trades": 3}
IMPORT_OFFER = ("tree", "concrete", "wood", "steel")  # 2 Trees, 1 of each cube (R-A14-02)
MIN_PLEDGE = 30  # R-A52P-02 (actions/promo.py)
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
    is copied, not changed, `choices.put`.)"""
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


# --- the turn --------------------------------------------------------------------------------

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
    if raw is None or raw.any_one or not SHORTCUTS:
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
    if raw is None or not SHORTCUTS or ask.tile not in BLIND_TO_THE_MERCHANT:
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
    if raw is None or not SHORTCUTS or ask.tile != "convert" or not raw.candidates:
        return raw
    if ask.action.get("roll_first") is not True:
        return raw.but(any_one=True)
    return raw.but(enough=(min(raw.candidates),))


def converted_at_the_choice(ask: Ask) -> Raw:
    """`vp_to_money`, `money_to_vp`: 1 VP or none (`enough`). An amount of 2 or more is legal
    only when 1 is (no more VPs than held, R-VP-02; no more bought than the money pays for;
    never both ways), and meets the same decisions as 1, its dead ends as far."""
    raw = (vp_to_money if ask.key == "vp_to_money" else money_to_vp)(ask)
    if not SHORTCUTS:
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


# --- Resources ---------------------------------------------------------------------------------

def cubes(ask: Ask) -> Raw | None:
    """Cubes, one Resource after the other: bought from the Market (#01, #02: what each
    section holds, R-MKT-04), sold into it (#06: what the player holds), or spent on a Floor
    when the Architect or the Builder leaves the choice (R-A19-01, R-A21-01: what the player
    holds; otherwise the printed cost, no decision)."""
    g, p, t = ask.g, player(ask), ask.tile
    if isinstance(ask.value, list):
        return None  # written as a list of names: decided
    chosen = ask.value if isinstance(ask.value, dict) else {}
    todo = [r for r in RESOURCES if r not in chosen]
    if not todo:
        return None
    r = todo[0]
    if t in ("buy-resources", "buy-resources-discount") and ask.parent is None:
        return cubes_bought(ask, chosen, r, discount=t == "buy-resources-discount")
    if t == "sell-resources" and ask.parent is None:
        if not chosen and not any(p.cubes[x] and g.state.market[x] < len(holes(g, x))
                                  for x in RESOURCES):
            # no cube at all (R-A06-01), or only cubes whose sections are full (R-A06-03)
            return Raw(ask.path + (r,), "count", f"{r} sold", "R-A06-01", why_none=(
                f"{p.name} holds {describe_cubes(p.cubes)}: no Resource the Market has an empty "
                "hole for."), why_rule="R-A06-03" if any(p.cubes.values()) else "R-A06-01")
        room = len(holes(g, r)) - g.state.market[r]
        return count(ask, f"{r} sold", "R-A06-01", 0, min(p.cubes[r], room), scan="monotone",
                     path=ask.path + (r,))
    if t in BUILD_TILES:
        return cubes_spent(ask, chosen, r)
    return None


def cubes_spent(ask: Ask, chosen: dict[str, int], r: str) -> Raw | None:
    """The cubes discarded for a Floor when the Architect or the Builder leaves the choice:
    every way the rule accepts (`construction.floor_cubes`: R-BLD-07, R-A19-01, R-A21-01)
    with the cubes the player holds, one Resource after the other; otherwise the printed
    cost, no decision."""
    g, p = ask.g, player(ask)
    if not (architect_any_resources(g, p) or builder_fewer_resources(g, p)):
        return None
    b = g.state.townland.buildings.get(str(ask.action.get("site")))
    if b is None or b.finished:
        return None
    btype = g.ed.buildings[b.building]
    floor = len(b.blocks)
    legal = [c for c in ways_to_discard(g, p, btype, floor)
             if all(c[k] == n for k, n in chosen.items())]
    values = sorted({c[r] for c in legal})
    return Raw(ask.path + (r,), "count", f"{r} spent on Floor {floor + 1} of the "
               f"{btype.name}", "R-BLD-07", ranges=tuple((v, v) for v in values))


def cubes_bought(ask: Ask, chosen: dict[str, int], r: str, *, discount: bool) -> Raw:
    """#01, #02: as many cubes of `r` as the section holds and the money pays for, with what
    is bought already (`trade.purchase_price`: R-MKT-04, R-A20-01, R-A02-03); none at all
    when not even one cube of any Resource can be paid for."""
    g, p = ask.g, player(ask)

    def affordable(counts: dict[str, int]) -> bool:
        return purchase_price(g, p, counts, discount=discount)[0] <= p.money

    # each tile's own rule: #02's cost and effect are its own (R-A02-02, R-A02-03)
    cost, effect = ("R-A02-03", "R-A02-02") if discount else ("R-A01-03", "R-A01-02")
    if not chosen and not any(g.state.market[x] and affordable({x: 1}) for x in RESOURCES):
        return Raw(ask.path + (r,), "count", f"{r} bought", cost, why_none=(
            f"{p.name} holds {grinies(p.money)}: not the price of any cube on the Market."))
    most = 0
    while most < g.state.market[r] and affordable({**chosen, r: most + 1}):
        most += 1
    return count(ask, f"{r} bought", effect, 0, most, path=ask.path + (r,))


def auction_bids(ask: Ask) -> Raw | None:
    """Secret bids, one player after the other (the Initiator first): the Initiator 10 to all
    they hold (R-A05-02), any other player still playing nothing or 10 to all they hold; a
    penalised Initiator takes no part (R-TAR-12). Legal bids form an interval: both ends are
    judged."""
    g, p = ask.g, player(ask)
    chosen = ask.value if isinstance(ask.value, dict) else {}
    penalised = ask.action.get("declined") is True
    order = [q for q in seats_from(g, p) if not q.finished and not (penalised and q is p)]
    todo = [q for q in order if q.name not in chosen]
    if not todo:
        return None
    q = todo[0]
    initiator = q is p
    raw = count(ask, f"{q.name}'s bid", "R-A05-02", MIN_BID, q.money, scan="ends",
                path=ask.path + (q.name,), also_zero=not initiator)
    return raw.but(why_none=f"{q.name} holds {grinies(q.money)}: the Initiator bids at "
                   f"least {MIN_BID}.")


def seats_from(g: object, p: PlayerState) -> list[PlayerState]:
    """`p`, then the others clockwise (the order of the log's players)."""
    players = g.state.players  # type: ignore[attr-defined]
    i = players.index(p)
    return [players[(i + k) % len(players)] for k in range(len(players))]


def drawn(ask: Ask) -> Raw | None:
    """The 5 random cubes of the Auction (R-A05-01)."""
    if not ask.outcome:
        return None
    raw = drawn_from_pouch(ask, AUCTION_CUBES, "the Auction's 5 random Resources", "R-A05-01")
    return raw.but(any_one=True)  # the lot changes no judgement of the bids


def choice(ask: Ask) -> Raw:
    """A Resource of the player's choice from the pouch: Optimization (R-A15-01), the
    Resources site bonus (R-SBON-03)."""
    pouch = ask.g.state.supply.pouch
    rule = "R-SBON-03" if ask.parent == "site_bonus" else "R-A15-01"
    return one_of(ask, "the Resource chosen", rule, [r for r in RESOURCES if pouch[r]])


def random(ask: Ask) -> Raw | None:
    """Random cubes from the pouch: 2 for the Resources site bonus (R-SBON-03), one per Small
    Warehouse for Optimization (R-A15-01)."""
    if not ask.outcome:
        return None
    if ask.parent == "site_bonus":
        return drawn_from_pouch(ask, 2, "the 2 random Resources of the bonus", "R-SBON-03")
    return drawn_from_pouch(ask, player(ask).small_warehouses,
                            "the random Resources (one per Small Warehouse)", "R-A15-01")


def items(ask: Ask) -> Raw | None:
    """#14 Import: 1 to 3 of the offer (2 Trees, a Concrete, a Wood, a Steel) (R-A14-02);
    a multiset, offered in the order of the offer."""
    made = ask.value if isinstance(ask.value, list) else []
    rolled = ask.holder.get("roll")
    prices = ask.g.ed.import_prices
    price = prices[rolled - 1] if isinstance(rolled, int) and 1 <= rolled <= len(prices) else 0
    most = min(MAX_LIST["items"], player(ask).money // price) if price else MAX_LIST["items"]
    if not made and not most:
        return Raw(ask.path + (0,), "one-of", "an item imported", "R-A14-03", why_none=(
            f"{player(ask).name} holds {grinies(player(ask).money)}: an item costs {price} at "
            f"the roll {rolled}."))
    if ask.path in ask.partial.ended or len(made) >= most:  # no more than the money pays for
        return None
    last = IMPORT_OFFER.index(made[-1]) if made and made[-1] in IMPORT_OFFER else 0
    values = IMPORT_OFFER[last:]
    return Raw(ask.path + (len(made),), "one-of", "an item imported", "R-A14-02",
               values + ((END,) if made else ()))


def roll(ask: Ask) -> Raw | None:
    """A die: the Conversion Die's new rate 5-8 (R-VP-01), the D6 of Import (R-A14-01) and of
    Crowdfunding (R-A52P-04)."""
    if not ask.outcome:
        return None
    if ask.tile == "convert":
        return Raw(ask.path, "outcome", "the Conversion Die's new rate", "R-VP-03",
                   (5, 6, 7, 8))
    if ask.tile == "import":  # read before the decline: left out, declined before rolling
        return Raw(ask.path, "outcome", "the D6 rolled", "R-A14-01", (*range(1, 7), OMIT))
    return Raw(ask.path, "outcome", "the D6 rolled", "R-A52P-04", tuple(range(1, 7)))


def trades(ask: Ask) -> Raw | None:
    """#18 Forced Trade: 1 to 3 trades, each with an opponent still playing, a cube given and
    one taken (R-A18-01)."""
    g, p = ask.g, player(ask)
    made = ask.value if isinstance(ask.value, list) else []
    last = made[-1] if made else None
    held = cubes_after_trades(g, p, made[:-1] if isinstance(last, dict) else made)
    if isinstance(last, dict) and "give" not in last:
        return Raw(ask.path + (len(made) - 1, "give"), "one-of", "the Resource given",
                   "R-A18-01", tuple(r for r in RESOURCES if held[p.name][r]),
                   why_none=f"{p.name} holds no cube to give.")
    if isinstance(last, dict) and "get" not in last:
        other = g.state.player(last["with"])
        return Raw(ask.path + (len(made) - 1, "get"), "one-of", f"the Resource taken from "
                   f"{other.name}", "R-A18-01",
                   tuple(r for r in RESOURCES if held[other.name][r]),
                   why_none=f"{other.name} holds no cube to trade.")
    most = min(MAX_LIST["trades"], max(0, p.money) // TRADE_PRICE)  # 2 G a cube (R-A18-03)
    if ask.path in ask.partial.ended or (made and len(made) >= most):
        return None
    opponents = [q.name for q in g.state.players if q is not p and not q.finished]
    if not made and not most:  # the swap is judged before its price (`trade.forced_trade`)
        rule, why = no_swap(g, p, opponents)
        return Raw(ask.path + (0, "with"), "one-of", "the opponent traded with", rule,
                   why_none=why or f"{p.name} holds {grinies(p.money)}: a trade costs "
                   f"{TRADE_PRICE}.")
    return Raw(ask.path + (len(made), "with"), "one-of", "the opponent traded with",
               "R-A18-01", tuple(opponents) + ((END,) if made else ()))


def no_swap(g: Game, p: PlayerState, opponents: list[str]) -> tuple[str, str]:
    """The narrowest rule a first trade would break before its price: no opponent still
    playing holds a Resource other than one `p` can give (R-A18-01), or every such swap would
    overfill the opponent's Warehouses (R-A18-02); R-A18-03 and no reason when some swap
    could be made but not paid for."""
    swaps = [(q, give, get) for q in (g.state.player(n) for n in opponents)
             for give in RESOURCES if p.cubes[give] for get in RESOURCES
             if get != give and q.cubes[get]]
    if not swaps:
        return "R-A18-01", (f"{p.name} and the opponents still playing hold no two different "
                            "Resources to change one for the other.")
    if all(not fits(q, {**q.cubes, give: q.cubes[give] + 1, get: q.cubes[get] - 1})
           for q, give, get in swaps):
        return "R-A18-02", ("no opponent's Warehouses can store the cube they would be "
                            "given.")
    return "R-A18-03", ""


def cubes_after_trades(g: Game, p: PlayerState, made: list[Any]) -> dict[str, dict[str, int]]:
    """Each player's cubes after the trades `made` (complete ones), one after the other as the
    rules make them: the options of a later trade are those of the table the earlier ones
    left, a cube received in one given on in the next."""
    # docs/rulings.md AMB-A18-02 (a ruling of this project's: no entry of the catalogue)
    held = {q.name: dict(q.cubes) for q in g.state.players}
    for t in made:
        if not isinstance(t, dict):
            continue
        other, give, get = t.get("with"), t.get("give"), t.get("get")
        if other in held and other != p.name and give in RESOURCES and get in RESOURCES:
            held[p.name][give] -= 1
            held[other][give] += 1
            held[other][get] -= 1
            held[p.name][get] += 1
    return held


def accepted(ask: Ask) -> Raw | None:
    """#18: each partner's acceptance, one after the other; they must accept (R-A18-01,
    AMB-A18-01 (a)), which the log may say or leave out."""
    made = ask.holder.get("trades")
    partners = sorted({str(t.get("with")) for t in made if isinstance(t, dict)}) \
        if isinstance(made, list) else []
    todo = [name for name in partners if not ask.decided(name)]
    if not todo:
        return None
    return Raw(ask.path + (todo[0],), "one-of", f"{todo[0]} accepts the trade", "R-A18-01",
               (OMIT, True))


# --- the Land --------------------------------------------------------------------------------

def slot(ask: Ask) -> Raw:
    """The slot explored: an empty slot of the Land Area that can take a tile, with a tile left
    in its zone's stack (R-EXPL-02..04, AMB-EXPL-04)."""
    g = ask.g
    supply = g.state.supply
    open_slots = [s for s in townland.explorable_slots(g.ed, g.state.townland)
                  if (supply.inner_stack if s.startswith("I") else supply.outer_stack)]
    return one_of(ask, "the slot explored", "R-EXPL-02", open_slots)


def land_tile(ask: Ask) -> Raw | None:
    """The Land Tile revealed from the zone's stack (R-EXPL-05)."""
    if not ask.outcome:
        return None
    where = str(ask.holder.get("slot", ""))
    supply = ask.g.state.supply
    stack = supply.inner_stack if where.startswith("I") else supply.outer_stack
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


# --- building ---------------------------------------------------------------------------------

def site(ask: Ask) -> Raw:
    """The Building Site: the next Floor of an unfinished building, or a first Floor on an
    empty site on a Construction or Completed Road (R-BLD-08, R-BLD-09), for which the player
    holds the cubes (R-BLD-07); Crowdfunding, an empty one (R-A52P-01)."""
    g = ask.g
    town = g.state.townland
    empty = sorted(s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings)
    if ask.tile == "crowdfunding":
        empty = [s for s in empty if townland.site_spec(g.ed, town, s).kind == "nonresidential"]
        raw = one_of(ask, "the Building Site", "R-A52P-01", empty)
        return raw.but(why_none="no empty Non-residential site is on a Construction or "
                       "Completed Road.")
    p = player(ask)
    unfinished = [s for s, b in town.buildings.items() if not b.finished]
    started = [s for s in unfinished if ways_to_discard(
        g, p, g.ed.buildings[town.buildings[s].building], len(town.buildings[s].blocks))]
    # `tokens_for(ask, s, False)` and `tokens_for(ask, s, True)` of each empty site, the
    # tokens of each kind of site found once (a search asks this in every replay of a Build)
    keys = supply_tokens(g)
    of_kind: dict[str | None, tuple[list[str], list[str]]] = {}
    payable = Payable(ask)
    with_token, empty_payable = [], []
    for s in empty:
        try:
            kind: str | None = townland.site_spec(g.ed, town, s).kind
        except KeyError:
            kind = None
        found = of_kind.get(kind)
        if found is None:
            mine = keys if kind is None else \
                [k for k in keys if g.ed.buildings[k].family in FAMILY_OF_SITE[kind]]
            found = of_kind[kind] = (mine, mine if kind is None else
                                     [k for k in mine if payable(k)])
        if found[0]:
            with_token.append(s)
            if found[1]:
                empty_payable.append(s)
    empty = empty_payable
    rule = "R-A04-02" if ask.tile == "build-floor-premium" else "R-A03-02"
    raw = one_of(ask, "the Building Site", rule, sorted(started + empty))
    if unfinished or with_token:  # a Floor to build, but not the cubes for it
        return raw.but(why_rule="R-BLD-07", why_none=f"{p.name} holds "
                       f"{describe_cubes(p.cubes)}: not the cubes of any Floor that can be "
                       "built now.")
    if not empty and not unfinished:
        waiting = [s for s in townland.all_sites(g.ed, town) if s not in town.buildings]
        if waiting and all(townland.site_road_stage(g.ed, town, s) == "half" for s in waiting):
            return raw.but(why_rule="R-ROAD-02", why_none="no building is unfinished and "
                           "every empty site hangs on a Half-road, which cannot be used: a "
                           "first Floor needs a Construction or Completed Road.")
    return raw.but(why_rule="R-BLD-08", why_none="no building is unfinished and no empty "
                   "site with a Building Token left for it is on a Construction or Completed "
                   "Road.")


def building(ask: Ask) -> Raw | None:
    """The Building Token placed on an empty site: one in the supply (R-GEN-09), of the site's
    family (R-SITE-01; Crowdfunding: Commerce or Public, R-A52P-01), ●●●●+ ones with 4 or more
    players (R-SETUP-04), whose first Floor the player holds the cubes for (R-BLD-07)."""
    g = ask.g
    where = ask.holder.get("site")
    if ask.tile in BUILD_TILES and where in g.state.townland.buildings:
        b = g.state.townland.buildings[where]
        if b.blocks:  # read again after the first Floor: already decided (`site`)
            return None
    rule = "R-A52P-01" if ask.tile == "crowdfunding" else "R-BLD-08"
    raw = one_of(ask, "the Building Token", rule, tokens_for(ask, where, ask.tile in BUILD_TILES))
    p = player(ask)
    alike = bool(cannot_pledge(ask, raw) if ask.tile == "crowdfunding" else
                 cannot_pay_the_fee(ask, raw, where) if ask.tile in BUILD_TILES else ())
    return raw.but(why_none=f"no Building Token left for {where} is one whose first "
                   f"Floor {p.name} holds the cubes for ({describe_cubes(p.cubes)}).",
                   alike=alike)


def site_at_the_choice(ask: Ask) -> Raw:
    """`site`, for a search of whether the Action can be carried out after some draw
    (`AT_THE_CHOICE`): #52P's first site when the Initiator cannot pledge (`cannot_pledge`)."""
    raw = site(ask)
    if ask.tile != "crowdfunding":
        return raw
    return raw.but(enough=cannot_pledge(ask, raw))


def building_at_the_choice(ask: Ask) -> Raw | None:
    """`building`, for a search of whether the Action can be carried out after some draw
    (`AT_THE_CHOICE`): #52P's first token when the Initiator cannot pledge (`cannot_pledge`),
    #03's and #04's when the player cannot pay the Participation Fee (`cannot_pay_the_fee`).
    (Not in the search of a turn: the planner bots count its replays, issue 16.)"""
    raw = building(ask)
    if raw is None:
        return raw
    if ask.tile == "crowdfunding":
        return raw.but(enough=cannot_pledge(ask, raw))
    if ask.tile in BUILD_TILES:
        return raw.but(enough=cannot_pay_the_fee(ask, raw, ask.holder.get("site")))
    return raw


def cannot_pay_the_fee(ask: Ask, raw: Raw, where: object) -> tuple[Any, ...]:
    """#03, #04: the token of a first Floor on another player's Parcel when the player cannot
    pay the Participation Fee (R-FEE-03): the first is `enough` (`Raw.enough`). The fee is paid
    right after the token is placed (`construction.build_floor`: `start_building`, then
    `pay_participation_fee`, nothing in between changing the money), the same for every token
    (the owner's, by the residents living); each token the domain proposes is one
    `start_building` accepts. So every record through every token dies there, after as many
    decisions and with the same message: the first token finds it first, where the search
    tried all of them (issue 28: 15 replays a site). The tokens are `alike` (`Raw.alike`)
    then; the first is `enough` in the searches of `AT_THE_CHOICE`."""
    g, p = ask.g, player(ask)
    if not SHORTCUTS or not raw.candidates or ask.parent is not None or \
            where in g.state.townland.buildings:
        return ()
    owner = g.state.townland.owners.get(str(where).split(".")[0], MUNICIPALITY)
    if owner in (p.name, MUNICIPALITY) or p.money >= participation_fee(
            g.state.residents_living()):
        return ()
    return raw.candidates[:1]


def cannot_pledge(ask: Ask, raw: Raw) -> tuple[Any, ...]:
    """#52P, the site and the token of an Initiator who cannot pledge (R-A52P-02): the first
    of each is `enough` (`Raw.enough`). The Initiator's pledge, 30 Grinies or more, is the
    first read after them (`pledges`) and nothing before it changes the Initiator's money
    (`start_crowdfunded_building` places the token); each site and token the domains propose
    is one `start_crowdfunded_building` accepts. So with less than 30 Grinies every record
    through every site and token dies at the pledge, after as many decisions: the first
    site and token find the same dead end first, with the same rule and message, where the
    search tried every site with every token (issue 28: 90 replays a tile list). The tokens
    are `alike` (`Raw.alike`) then, in every search; the first of each is `enough` in the
    searches of `AT_THE_CHOICE` (not in the search of a turn, whose replays the planner bots
    count, issue 16)."""
    if not SHORTCUTS or not raw.candidates or player(ask).money >= MIN_PLEDGE:
        return ()
    return raw.candidates[:1]


def tokens_for(ask: Ask, where: object, held: bool,
               payable: Payable | None = None) -> list[str]:
    """The Building Tokens for an empty site: in the supply (R-GEN-09), of the site's family
    (R-SITE-01; Crowdfunding: Commerce or Public, R-A52P-01), ●●●●+ ones with 4 or more players
    (R-SETUP-04); with `held`, only those whose first Floor the player holds the cubes for
    (R-BLD-07; `payable` remembers it for each token)."""
    g = ask.g
    keys = supply_tokens(g)
    if ask.tile == "crowdfunding":
        return [k for k in keys if g.ed.buildings[k].family in CROWDFUNDING_FAMILIES]
    try:
        kind = townland.site_spec(g.ed, g.state.townland, str(where)).kind
    except KeyError:
        return keys
    keys = [k for k in keys if g.ed.buildings[k].family in FAMILY_OF_SITE[kind]]
    if held:
        payable = Payable(ask) if payable is None else payable
        keys = [k for k in keys if payable(k)]
    return keys


def supply_tokens(g: Game) -> list[str]:
    """The Building Tokens left in the supply (R-GEN-09), ●●●●+ ones with 4 or more players
    (R-SETUP-04), sorted."""
    return sorted(k for k, n in g.state.supply.tokens.items() if n > 0
                  and (g.state.four_plus or not g.ed.buildings[k].four_plus))


class Payable:
    """Which tokens' first Floor the player on turn holds the cubes for (R-BLD-07), found once
    each in one domain's call, with what the answer reads of the player (`first_floor_held`)."""

    def __init__(self, ask: Ask) -> None:
        g, p = ask.g, player(ask)
        self.g, self.p = g, p
        self.held = (architect_any_resources(g, p), builder_fewer_resources(g, p),
                     tuple(p.cubes[r] for r in RESOURCES))
        self.known: dict[str, bool] = {}

    def __call__(self, key: str) -> bool:
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = first_floor_held(self.g, self.p, self.g.ed.buildings[key],
                                                       self.held)
        return found


def first_floor_held(g: Game, p: PlayerState, btype: Any, held: Any) -> bool:
    """`construction.ways_to_discard` finds a way to pay the first Floor of `btype`: it reads
    the Floor's cost, the Architect and the Builder (#19, #21) and the cubes held (`held`), so
    the answer is kept by them (the domains of a Build ask it for every token in every
    replay)."""
    cost = btype.floors[0].cost
    key = (tuple(cost.get(r, 0) for r in RESOURCES), held)
    found = _FIRST_FLOOR.get(key)
    if found is None:
        if len(_FIRST_FLOOR) > 4096:
            _FIRST_FLOOR.clear()
        found = _FIRST_FLOOR[key] = bool(ways_to_discard(g, p, btype, 0))
    return found


_FIRST_FLOOR: dict[tuple[Any, ...], bool] = {}  # `first_floor_held`'s answers


def site_bonus(ask: Ask) -> Raw | None:
    """The Building Site Bonus of a first Floor, taken or declined (R-SBON-01..05,
    R-SACT-01..05): VPs, Grinies, Trees and a Repeat Action are taken unless declined; the
    others are taken by recording the choice."""
    g, p = ask.g, player(ask)
    where = str(ask.action.get("site"))
    b = g.state.townland.buildings.get(where)
    if b is None or b.blocks != [p.name]:
        return None  # not a first Floor: no bonus (R-SBON-01)
    bonus = townland.site_spec(g.ed, g.state.townland, where).bonus
    if bonus is None:
        return None
    options: list[object] = ["declined"]
    if bonus.kind == "resources":
        options += [{"choice": PENDING}, {"random": PENDING}]
    elif bonus.kind == "plant":
        options.append({"plant": PENDING})
    elif bonus.kind == "road":
        options.append({"road": PENDING})
    elif bonus.kind == "explore":
        options.append({"explore": {}})
    return one_of(ask, f"the Building Site Bonus ({bonus.kind})", "R-SBON-02", options,
                  optional=True)


def associated(ask: Ask) -> Raw:
    """At most one Associated Build Action (R-ABA-01..05)."""
    return one_of(ask, "the Associated Build Action", "R-ABA-02",
                  [{"additional_floor": {}}, {"connected_road": {}}, {"sell_house": {}}],
                  optional=True)


def pledges(ask: Ask) -> Raw | None:
    """#52P: secret pledges, the Initiator first: 30 to all the Initiator holds, nothing or 30
    to all they hold for the others still playing (R-A52P-02). An interval: both ends
    judged."""
    g, p = ask.g, player(ask)
    chosen = ask.value if isinstance(ask.value, dict) else {}
    todo = [q for q in seats_from(g, p) if not q.finished and q.name not in chosen]
    if not todo:
        return None
    q = todo[0]
    return count(ask, f"{q.name}'s pledge", "R-A52P-02", MIN_PLEDGE, q.money, scan="ends",
                 path=ask.path + (q.name,), also_zero=q is not p)


# --- people -----------------------------------------------------------------------------------

def take(ask: Ask) -> Raw:
    """#11: a Resident Card on the Display (R-A11-01)."""
    return one_of(ask, "the Resident taken from the Display", "R-A11-01",
                  list(ask.g.state.supply.display))


def give(ask: Ask) -> Raw:
    """#11 option 2: a Resident of the Portfolio given in exchange, for 10 Grinies
    (R-A11-02)."""
    return one_of(ask, "the Resident given in exchange (10 Grinies)", "R-A11-02",
                  list(player(ask).residents), optional=True)


def refill(ask: Ask) -> Raw | None:
    """The card drawn from the pile to refill the Display (R-A11-01)."""
    if not ask.outcome:
        return None
    return Raw(ask.path, "outcome", "the Resident drawn to refill the Display", "R-A11-01",
               tuple(sorted(ask.g.state.supply.deck)), any_one=True)  # the last step of #11


def house(ask: Ask) -> Raw:
    """The House sold: a finished, unsold House the player built a Floor of (R-SELL-02..04,
    R-SELL-12)."""
    g, p = ask.g, player(ask)
    mine = {s: b for s, b in g.state.townland.buildings.items()
            if b.building == "house" and p.name in b.blocks}
    sites = sorted(s for s, b in mine.items() if b.finished and not b.sold)
    rule = "R-END-03" if ask.parent == "final_sale" else "R-A12-01"
    raw = one_of(ask, "the House sold", rule, sites)
    if mine and all(b.sold for b in mine.values()):  # the narrowest rule: a roof on each
        return raw.but(why_rule="R-SELL-12", why_none=(
            f"every House {p.name} built a Floor of is sold already "
            f"({', '.join(sorted(mine))})."))
    if mine and all(b.sold or not b.finished for b in mine.values()):
        return raw.but(why_rule="R-SELL-02", why_none=(
            f"no House {p.name} built a Floor of is finished and unsold "
            f"({', '.join(sorted(mine))})."))
    return raw.but(why_none=f"{p.name} has no finished, unsold House they built a Floor of.")


def resident(ask: Ask) -> Raw:
    """The Resident moving in, from the Portfolio (R-SELL-01)."""
    return one_of(ask, "the Resident moving in", "R-SELL-01", list(player(ask).residents))


def features(ask: Ask) -> Raw | None:
    """The building that meets a feature of the Resident, when two or more do (R-SELL-10,
    AMB-SELL-01)."""
    if not isinstance(ask.item, str):
        return None
    g = ask.g
    holder = ask.holder
    where = holder.get("house") or ask.action.get("site")
    card = g.ed.residents.get(str(holder.get("resident")))
    if card is None or where is None:
        return None
    for f in card.mandatory + card.optional:
        if f.building == ask.item:
            found = sorted(b.site for b in qualifying(g, str(where), f))
            return Raw(ask.path, "one-of", f"the {g.ed.buildings[f.building].name} that meets "
                       "the feature", "R-SELL-10", tuple(found))
    return None


def vp_to_money(ask: Ask) -> Raw:
    """#13 Convert: 1 to 5 VPs into money at the Conversion Rate (R-VP-02, R-VP-05), or none
    (0: the other way, or nothing with 0 VPs, R-VP-06); 1 VP first, the way a search most
    often completes (monotone: more VPs than held fail with more)."""
    return Raw(ask.path, "count", "VPs converted into money", "R-VP-02",
               ranges=((1, 5), (0, 0)), scan="monotone", zero_omits=True)


def money_to_vp(ask: Ask) -> Raw:
    """#13 Convert: money into 1 to 5 VPs at the Conversion Rate (R-VP-02, R-VP-05), or none;
    monotone: more VPs than the money pays for fail with more."""
    return Raw(ask.path, "count", "VPs bought with money", "R-VP-02",
               ranges=((1, 5), (0, 0)), scan="monotone", zero_omits=True)


def roll_first(ask: Ask) -> Raw:
    """#13: the Conversion Die rolled before converting, or after (R-VP-03)."""
    return one_of(ask, "roll the Conversion Die before converting", "R-VP-03", [True],
                  optional=True)


DOMAINS: dict[str, Domain] = {
    "tile": tile, "follow": follow, "refills": refills, MERCHANT_KEY: merchant,
    "declined": declined, "buy_time": buy_time, "repeat": repeat, "final_sale": final_sale,
    "excess": excess, "sudden_death": sudden_death, "big_town": big_town,
    "cubes": cubes, "bids": auction_bids, "drawn": drawn, "choice": choice, "random": random,
    "items": items, "roll": roll, "trades": trades, "accepted": accepted,
    "slot": slot, "land_tile": land_tile, "municipal_tokens": municipal_tokens, "road": road,
    "road_bonus": road_bonus, "trees": trees, "spots": spots, "plant": plant, "moves": moves,
    "site": site, "building": building, "site_bonus": site_bonus, "associated": associated,
    "pledges": pledges,
    "take": take, "give": give, "refill": refill, "house": house, "resident": resident,
    "features": features, "vp_to_money": vp_to_money, "money_to_vp": money_to_vp,
    "roll_first": roll_first,
}

# The domains of a search from the table before a choosing move that draws: can the player
# carry the Action out after some draw (`choices.choosable`, `able_at_the_choice`)? A refill
# before #01, #02 or #06 is judged by the draws that decide a purchase or a sale
# (`market.refills_that_decide`: 3 where the pouch allows 15); nothing after the Action can
# fail (`declined`), so they decide the whole turn too. The search of a turn tries each.
# Issue 28, item 8: the draws an Action is blind to (`refills_at_the_choice`,
# `merchant_at_the_choice`), Convert's faces and amounts (`roll_at_the_choice`,
# `converted_at_the_choice`), a site and a token where every one dies alike (`cannot_pledge`,
# `cannot_pay_the_fee`) are tried once. These searches are not the search of a turn: their
# replays are not counted in its `probes`, the planner bots' budget (issue 16), which no
# shortcut may change. Each finds the answer and its reason that trying every candidate finds
# (`SHORTCUTS` off: the reference of tests/test_decision_speed_equivalence.py).
AT_THE_CHOICE: dict[str, Domain] = {**DOMAINS, "refills": refills_at_the_choice,
                                     MERCHANT_KEY: merchant_at_the_choice,
                                     "site": site_at_the_choice,
                                     "building": building_at_the_choice,
                                     "roll": roll_at_the_choice,
                                     "vp_to_money": converted_at_the_choice,
                                     "money_to_vp": converted_at_the_choice}

__all__ = ["AT_THE_CHOICE", "DOMAINS", "fits"]
