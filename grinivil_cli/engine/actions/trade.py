"""Action tiles about Resources: #01, #02, #05 Auction, #06, #07, #14 Import, #15 Optimization,
#18 Forced Trade."""

from __future__ import annotations

from math import ceil

from ...edition.model import RESOURCES
from ...errors import IllegalMove, Path
from ..abilities import engineer_price
from ..game import Game, cube_counts, describe_cubes, plural, required
from ..market import buying_prices, fits, holes, sell_to_market, take_from_market
from ..occupied import place_occupied_token
from ..records import (
    Auction,
    BuyResources,
    Cubes,
    ForcedTrade,
    Import,
    NoFields,
    Optimization,
    SellResources,
    Step,
    value_of,
)
from ..state import PlayerState
from ..tiles import TimeCost
from ..turnstate import TurnContext

DISCOUNT = 3  # R-A02-03
WAREHOUSE_PRICE = 10  # R-A07-01
AUCTION_CUBES, MIN_BID = 5, 10  # R-A05-01/02
TRADE_PRICE = 2  # R-A18-03


def buy_resources(g: Game, p: PlayerState, move: BuyResources, ctx: TurnContext, *,
                  discount: bool) -> TimeCost:
    """Buy any cubes from the Market; Engineer takes 3 off each cube, #02 3 off the total
    (R-A01-02..05, R-A02-02..04, R-A20-01, AMB-A02-01)."""
    rule = "R-A02-02" if discount else "R-A01-02"
    counts = (move.cubes or Cubes()).counts()
    n = sum(counts.values())
    if n < 1:
        raise IllegalMove(rule, "at least one Resource must be bought.", move.at("cubes"))
    total, prices = purchase_price(g, p, counts, discount=discount, path=move.at("cubes"))
    shown = "+".join(str(x) for x in prices)
    g.pay(p, total, f"the Buying Price of {describe_cubes(counts)} ({shown}"
          f"{' - 3' if discount else ''})", "R-A02-03" if discount else "R-A01-03",
          move.at("cubes"), to="bank")
    take_from_market(g, p, counts, "bought on the Market", rule)
    return TimeCost(ceil(n / 3))


def purchase_price(g: Game, p: PlayerState, counts: dict[str, int], *, discount: bool,
                   path: Path = ()) -> tuple[int, list[int]]:
    """What `p` pays for `counts` bought on the Market, and each cube's price: the Buying
    Prices (R-MKT-04), 3 off each with the Engineer (R-A20-01), 3 off the total with #02
    (R-A02-03, AMB-A02-01)."""
    prices = [engineer_price(g, p, x)  # #20 Engineer: 3 off each cube
              for x in buying_prices(g, counts, "R-MKT-04", path)]
    total = sum(prices)
    if discount:
        total = max(0, total - DISCOUNT)
    return total, prices


def sell_resources(g: Game, p: PlayerState, move: SellResources, ctx: TurnContext) -> TimeCost:
    """Sell any cubes into empty holes for their Selling Price; no extra time (R-A06-01..04,
    AMB-TIME-01 (a))."""
    counts = (move.cubes or Cubes()).counts()
    if sum(counts.values()) < 1:
        raise IllegalMove("R-A06-01", "at least one Resource must be sold.", move.at("cubes"))
    total = sell_to_market(g, p, counts, "R-A06-02", move.at("cubes"))
    g.earn(p, total, f"sold {describe_cubes(counts)}", "R-A06-02")
    return TimeCost(0)


def buy_warehouse(g: Game, p: PlayerState, move: NoFields, ctx: TurnContext) -> TimeCost:
    """A Small Warehouse for 10 Grinies, while any is left (R-A07-01..04)."""
    g.pay(p, WAREHOUSE_PRICE, "a Small Warehouse", "R-A07-01", move.path)
    g.take_small_warehouse(p, "bought a Small Warehouse", "R-A07-02")
    return TimeCost(1)


def auction(g: Game, p: PlayerState, move: Auction, ctx: TurnContext, *,
            penalised: bool = False) -> TimeCost:
    """5 random cubes, secret bids (min 10, initiator must bid), ties to the initiator then
    counter-clockwise; the winner pays, takes the cubes and 1 VP; a losing initiator gets half
    the highest bid (R-A05-01..08, AMB-A05-01/02). A penalised initiator takes no part and the
    others complete it if anyone bids (R-TAR-12)."""
    if penalised and not any(e.value for e in move.bids or ()
                             if e.key != p.name):  # empty hands (0) are no bids
        if move.drawn is not None and move.drawn.total():
            raise IllegalMove("R-TAR-12", "nobody else bids: the Auction is not held, so "
                              "nothing is recorded in 'drawn'.", move.at("drawn"))
        if value_of(move.bids, p.name):
            raise IllegalMove("R-TAR-12", f"{p.name} does not carry out the Auction and takes "
                              "no part in it.", move.at("bids", p.name))
        return TimeCost(0)
    expected = min(AUCTION_CUBES, sum(g.state.supply.pouch.values()))  # never 0 (R-GEN-06)
    drawn = g.pouch_draw(move, "drawn", expected)
    if len(drawn) != expected:
        raise IllegalMove("R-A05-01", f"the Auction draws {expected} random Resources; the log "
                          f"records {len(drawn)}.", move.at("drawn"))
    bids: dict[str, int] = {e.key: e.value for e in move.bids or ()}
    for name, bid in bids.items():
        check_bid(g, p, name, bid, move)
    if penalised and bids.get(p.name):
        raise IllegalMove("R-TAR-12", f"{p.name} does not carry out the Auction and takes no "
                          "part in it.", move.at("bids", p.name))
    if not penalised and bids.get(p.name, 0) < MIN_BID:
        raise IllegalMove("R-A05-02", f"the Initiator must bid at least {MIN_BID} Grinies; "
                          f"{p.name} bids {bids.get(p.name, 0)}.", move.at("bids"))
    counts = cube_counts(drawn)
    g.draw_from_pouch(None, counts, "Auction lot", "R-A05-01", move.at("drawn"))
    top = max(bids.values())
    winner = next(name for name in counterclockwise_from(g, p.name) if bids.get(name) == top)
    w = g.state.player(winner)
    g.pay(w, top, "winning bid at the Auction", "R-A05-05", move.at("bids", winner))
    for r in RESOURCES:
        g.ledger.record(g.state, w, r, counts[r], "won at the Auction", "R-A05-05", "pouch")
    g.gain_vp(w, 1, "won the Auction", "R-A05-05")
    if winner != p.name and not penalised:
        g.earn(p, top // 2, f"half the highest bid ({top}) as the Auction's Initiator",
               "R-A05-06")
    return TimeCost(0)


def check_bid(g: Game, p: PlayerState, name: str, bid: int, move: Auction) -> None:
    """A bid is 0 (empty hand) or at least 10, within the bidder's money, by an active player
    (R-A05-02, R-A05-08, AMB-A05-02)."""
    try:
        bidder = g.state.player(name)
    except KeyError:
        raise IllegalMove("R-A05-02", f"'{name}' is not a player.", move.at("bids")) from None
    if bid and bidder.finished:
        raise IllegalMove("R-A05-08", f"{name} has finished the game and cannot bid.",
                          move.at("bids", name))
    if 0 < bid < MIN_BID:
        raise IllegalMove("R-A05-02", f"the Minimum Bid is {MIN_BID} Grinies; {name} bids "
                          f"{bid}.", move.at("bids", name))
    if bid > bidder.money:
        raise IllegalMove("R-A05-02", f"{name} bids {bid} Grinies but holds {bidder.money}.",
                          move.at("bids", name))


def counterclockwise_from(g: Game, name: str) -> list[str]:
    """The initiator, then the players counter-clockwise from them (R-A05-04)."""
    names = [q.name for q in g.state.players]
    i = names.index(name)
    return [names[(i - k) % len(names)] for k in range(len(names))]


def import_items(g: Game, p: PlayerState, move: Import, ctx: TurnContext) -> TimeCost:
    """Roll the D6, buy 1-3 of Tree, Tree, Concrete, Wood, Steel at its price (R-A14-01..04,
    AMB-A14-01..04)."""
    roll: int = required(roll_the_d6(g, move), move, "roll", "the D6 roll", "R-A14-01")
    items = list(move.items or ())
    if not 1 <= len(items) <= 3:
        raise IllegalMove("R-A14-02", f"1 to 3 items are bought; the log buys {len(items)}.",
                          move.at("items"))
    trees = items.count("tree")
    cubes = cube_counts([i for i in items if i != "tree"])
    if trees > 2 or any(n > 1 for n in cubes.values()):
        raise IllegalMove("R-A14-02", "the offer is 2 Trees, 1 Concrete, 1 Wood and 1 Steel: "
                          f"{', '.join(items)} is not in it.", move.at("items"))
    if trees > g.state.supply.trees:
        raise IllegalMove("R-GEN-04", "not enough Trees are left in the supply.",
                          move.at("items"))
    price = g.ed.import_prices[roll - 1]
    g.pay(p, price * len(items), f"{len(items)} imported items at {price} (D6 {roll})",
          "R-A14-03", move.at("items"))
    g.draw_from_pouch(p, cubes, "imported", "R-A14-02", move.at("items"))
    if trees:
        g.take_trees(p, trees, "imported", "R-A14-02", partial=False)
    return TimeCost(2)


def roll_the_d6(g: Game, move: Import) -> int | None:
    """#14 "Roll the D6 Die…buy 1 to 3 items": the face rolled, if any, 1 to 6 (R-A14-01)."""
    roll: int | None = g.outcome(move, "roll", lambda c: c.choice(range(1, 7)))
    if roll is not None and not 1 <= roll <= len(g.ed.import_prices):
        raise IllegalMove("R-A14-01", f"the D6 shows 1 to {len(g.ed.import_prices)}; the log "
                          f"rolls {roll}.", move.at("roll"))
    return roll


def import_roll_before_the_decline(g: Game, p: PlayerState, step: Step,
                                   ctx: TurnContext) -> None:
    """#14: the D6 is rolled before the player knows the price, so a decline comes after the
    roll it may follow, and records it (R-A14-01, R-TAR-10, AMB-A14-03 (a)); one
    declined before rolling records none (a simulated decline draws none)."""
    if g.chance is not None and g.reader.peek(step).declined is True:
        return
    move = step.action
    assert isinstance(move, Import)
    roll_the_d6(g, move)


def optimization(g: Game, p: PlayerState, move: Optimization, ctx: TurnContext) -> TimeCost:
    """1 Resource of your choice plus 1 random one per Small Warehouse (R-A15-01..03)."""
    choice = required(move.choice, move, "choice", "the Resource chosen", "R-A15-01")
    g.draw_from_pouch(p, cube_counts([choice]), "Optimization: chosen", "R-A15-01",
                      move.at("choice"))
    expected = min(p.small_warehouses, sum(g.state.supply.pouch.values()))
    drawn = g.pouch_draw(move, "random", expected) if expected \
        else (move.random or Cubes()).as_list()
    if len(drawn) != expected:
        raise IllegalMove("R-A15-01", f"{p.name} has "
                          f"{plural(p.small_warehouses, 'Small Warehouse')}: "
                          f"{expected} random Resources are drawn; the log records "
                          f"{len(drawn)}.", move.at("random"))
    g.draw_from_pouch(p, cube_counts(drawn), "Optimization: random", "R-A15-01",
                      move.at("random"))
    return TimeCost(2)


def forced_trade(g: Game, p: PlayerState, move: ForcedTrade, ctx: TurnContext) -> TimeCost:
    """Swap 1-3 cubes one for one with opponents, who must accept (a partner left out of
    `accepted` has accepted; a refusal is illegal), 2 Grinies per cube traded, only what fits
    their Warehouses; the 'occupied' token (R-A18-01..06, AMB-A18-01 (a))."""
    trades = move.trades or ()
    if not 1 <= len(trades) <= 3:
        raise IllegalMove("R-A18-01", f"1 to 3 Resources are traded; the log trades "
                          f"{len(trades)}.", move.at("trades"))
    for t in trades:
        path = t.path
        other = g.state.player(t.with_) if t.with_ in [q.name for q in g.state.players] \
            else None
        if other is None or other is p:
            raise IllegalMove("R-A18-01", f"'{t.with_}' is not an opponent.", path)
        if other.finished:
            raise IllegalMove("R-A18-06", f"{other.name} has finished the game.", path)
        give, get = t.give, t.get
        if give == get:
            raise IllegalMove("R-A18-01", f"a trade changes one Resource for another; {give} for "
                              f"{get} changes nothing.", path)
        if p.cubes[give] < 1 or other.cubes[get] < 1:
            who, r = (p, give) if p.cubes[give] < 1 else (other, get)
            raise IllegalMove("R-A18-01", f"{who.name} holds no {r} to trade.", path)
        after = dict(other.cubes)
        after[give] += 1
        after[get] -= 1
        if not fits(other, after):
            raise IllegalMove("R-A18-02", f"{other.name}'s Warehouses cannot store another "
                              f"{give}.", path)
        g.ledger.record(g.state, p, give, -1, f"Forced Trade with {other.name}", "R-A18-01",
                        other.name)
        g.ledger.record(g.state, other, give, 1, f"Forced Trade with {p.name}", "R-A18-01",
                        p.name)
        g.ledger.record(g.state, other, get, -1, f"Forced Trade with {p.name}", "R-A18-01",
                        p.name)
        g.ledger.record(g.state, p, get, 1, f"Forced Trade with {other.name}", "R-A18-01",
                        other.name)
        g.pay(p, TRADE_PRICE, f"Forced Trade with {other.name}", "R-A18-03", path,
              to=other.name, received=f"Forced Trade with {p.name}")
    partners = {t.with_ for t in trades}
    accepted = move.accepted or ()  # read after the trades: each is judged by itself
    for name in sorted(partners):
        if value_of(accepted, name) is False:
            raise IllegalMove("R-A18-01", f"the selected opponents must accept the trade: "
                              f"{name} cannot refuse it (the log records "
                              f"'accepted: {{{name}: false}}').", move.at("accepted", name))
    for entry in accepted:  # nothing recorded is dropped
        if entry.key not in partners:
            raise IllegalMove("R-A18-01", f"'{entry.key}' is not a partner of this Forced Trade "
                              f"(the trades are with {', '.join(sorted(partners))}): nothing of "
                              "theirs is to accept.", move.at("accepted", entry.key))
    place_occupied_token(g, p, "forced-trade")
    return TimeCost(0)


# --- what must be left to choose these Actions (turn.check_available) --------------------------

def a_cube_in_the_market(g: Game, p: PlayerState, step: Step) -> None:
    """#01, #02: "You can't buy from an empty Market" (R-GEN-06, R-A01-05)."""
    if sum(g.state.market.values()) == 0:
        raise IllegalMove("R-GEN-06", "the Market is empty: Buy Resources cannot be chosen.",
                          step.at("tile"))


def a_hole_in_the_market(g: Game, p: PlayerState, step: Step) -> None:
    """#06: "you cannot sell if the Market is full" (R-MKT-04, R-A06-03)."""
    if all(g.state.market[r] >= len(holes(g, r)) for r in RESOURCES):
        raise IllegalMove("R-A06-03", "every section of the Market is full: Sell Resources "
                          "cannot be chosen.", step.at("tile"))


def a_cube_in_the_pouch(g: Game, p: PlayerState, step: Step) -> None:
    """#05 Auction, #15 Optimization take cubes from the Reserve: not with an empty pouch
    (R-GEN-06)."""
    if sum(g.state.supply.pouch.values()) == 0:
        raise IllegalMove("R-GEN-06", f"the Reserve pouch is empty: "
                          f"{'an Auction' if step.tile == 'auction' else 'Optimization'} "
                          "cannot be chosen.", step.at("tile"))


def a_small_warehouse_left(g: Game, p: PlayerState, step: Step) -> None:
    """#07: "You cannot use this Action if there are no Small Warehouses available" (R-A07-03,
    R-GEN-04)."""
    if g.state.supply.small_warehouses < 1:
        raise IllegalMove("R-A07-03", "no Small Warehouse is left: Buy Warehouse cannot be "
                          "chosen.", step.at("tile"))


def an_item_to_import(g: Game, p: PlayerState, step: Step) -> None:
    """#14: the offer is 2 Trees from the supply and a Concrete, a Wood and a Steel from the
    Reserve (AMB-A14-02): with neither a Tree nor a cube left there is nothing to import
    (R-GEN-04, R-GEN-06)."""
    if g.state.supply.trees == 0 and sum(g.state.supply.pouch.values()) == 0:
        raise IllegalMove("R-GEN-06", "no Tree is left in the supply and the Reserve pouch is "
                          "empty: Import cannot be chosen.", step.at("tile"))


def an_opponent_to_trade_with(g: Game, p: PlayerState, step: Step) -> None:
    """#18: a Forced Trade needs an opponent still in the game (R-A18-06)."""
    if all(q.finished for q in g.state.players if q is not p):
        raise IllegalMove("R-A18-06", "every opponent has finished the game: Forced Trade "
                          "cannot be chosen.", step.at("tile"))
