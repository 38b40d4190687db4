"""The domains of the Resources: cubes bought, spent and sold, Auction bids, the draws of a
card, Import's items and roll, Forced Trade's trades and answers."""

from __future__ import annotations

from typing import Any

from ...edition.model import RESOURCES
from ...engine.abilities import (
    architect_any_resources,
    builder_fewer_resources,
)
from ...engine.actions.trade import AUCTION_CUBES, MIN_BID, TRADE_PRICE, purchase_price
from ...engine.construction import ways_to_discard
from ...engine.game import Game, describe_cubes
from ...engine.market import fits, holes
from ...engine.state import PlayerState
from ...engine.tiles import BUILD_TILES
from ..record import END, OMIT, Ask, Raw
from .common import (
    IMPORT_OFFER,
    MAX_LIST,
    count,
    drawn_from_pouch,
    grinies,
    one_of,
    player,
)


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
