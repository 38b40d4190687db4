"""Action tiles about Resources: #01, #02, #05 Auction, #06, #07, #14 Import, #15 Optimization,
#18 Forced Trade."""

from __future__ import annotations

from math import ceil

from ...edition.model import RESOURCES
from ...errors import IllegalMove
from ..game import Game, Rec, cube_counts, cube_list, describe_cubes
from ..market import buying_prices, fits, sell_to_market, take_from_market
from ..ring import TimeCost, TurnContext, has_worker_on
from ..state import PlayerState

ENGINEER_DISCOUNT = 3  # R-A20-01
DISCOUNT = 3  # R-A02-03
WAREHOUSE_PRICE = 10  # R-A07-01
AUCTION_CUBES, MIN_BID = 5, 10  # R-A05-01/02
TRADE_PRICE = 2  # R-A18-03


def buy_resources(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext, *,
                  discount: bool) -> TimeCost:
    """Buy any cubes from the Market; Engineer takes 3 off each cube, #02 3 off the total
    (R-A01-02..05, R-A02-02..04, R-A20-01, AMB-A02-01)."""
    rule = "R-A02-02" if discount else "R-A01-02"
    counts = cube_counts(rec.get("cubes"))
    n = sum(counts.values())
    if n < 1:
        raise IllegalMove(rule, "at least one Resource must be bought.", rec.at("cubes"))
    prices = buying_prices(g, counts, "R-MKT-04", rec.at("cubes"))
    if has_worker_on(g, p, "engineer"):
        prices = [max(0, x - ENGINEER_DISCOUNT) for x in prices]
    total = sum(prices)
    if discount:
        total = max(0, total - DISCOUNT)
    shown = "+".join(str(x) for x in prices)
    g.pay(p, total, f"the Buying Price of {describe_cubes(counts)} ({shown}"
          f"{' - 3' if discount else ''})", "R-A02-03" if discount else "R-A01-03",
          rec.at("cubes"), to="bank")
    take_from_market(g, p, counts, "bought on the Market", rule)
    return TimeCost(ceil(n / 3))


def sell_resources(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """Sell any cubes into empty holes for their Selling Price; no extra time (R-A06-01..04,
    AMB-TIME-01 (a))."""
    counts = cube_counts(rec.get("cubes"))
    if sum(counts.values()) < 1:
        raise IllegalMove("R-A06-01", "at least one Resource must be sold.", rec.at("cubes"))
    total = sell_to_market(g, p, counts, "R-A06-02", rec.at("cubes"))
    g.earn(p, total, f"sold {describe_cubes(counts)}", "R-A06-02")
    return TimeCost(0)


def buy_warehouse(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """A Small Warehouse for 10 Grinies, while any is left (R-A07-01..04)."""
    if g.state.supply.small_warehouses < 1:
        raise IllegalMove("R-A07-03", "no Small Warehouse is left.", rec.at("tile"))
    g.pay(p, WAREHOUSE_PRICE, "a Small Warehouse", "R-A07-01", rec.path)
    g.state.supply.small_warehouses -= 1
    g.ledger.record(g.state, p, "small_warehouses", 1, "bought a Small Warehouse", "R-A07-02",
                    "supply")
    return TimeCost(1)


def auction(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext, *,
            penalised: bool = False) -> TimeCost:
    """5 random cubes, secret bids (min 10, initiator must bid), ties to the initiator then
    counter-clockwise; the winner pays, takes the cubes and 1 VP; a losing initiator gets half
    the highest bid (R-A05-01..08, AMB-A05-01/02). A penalised initiator takes no part and the
    others complete it if anyone bids (R-TAR-12)."""
    if penalised and not any(int(v) for k, v in (rec.get("bids") or {}).items()
                             if k != p.name):
        for key in ("drawn", "bids"):
            if rec.has(key) and rec.get(key):
                raise IllegalMove("R-TAR-12", "nobody else bids: the Auction is not held, so "
                                  f"nothing is recorded in '{key}'.", rec.at(key))
        return TimeCost(0)
    expected = min(AUCTION_CUBES, sum(g.state.supply.pouch.values()))
    if expected == 0:
        raise IllegalMove("R-GEN-06", "the Reserve pouch is empty: an Auction cannot be called.",
                          rec.at("tile"))
    drawn = g.pouch_draw(rec, "drawn", expected)
    if len(drawn) != expected:
        raise IllegalMove("R-A05-01", f"the Auction draws {expected} random Resources; the log "
                          f"records {len(drawn)}.", rec.at("drawn"))
    bids: dict[str, int] = {k: int(v) for k, v in (rec.get("bids") or {}).items()}
    for name, bid in bids.items():
        check_bid(g, p, name, bid, rec)
    if penalised and bids.get(p.name):
        raise IllegalMove("R-TAR-12", f"{p.name} does not carry out the Auction and takes no "
                          "part in it.", rec.at("bids", p.name))
    if not penalised and bids.get(p.name, 0) < MIN_BID:
        raise IllegalMove("R-A05-02", f"the Initiator must bid at least {MIN_BID} Grinies; "
                          f"{p.name} bids {bids.get(p.name, 0)}.", rec.at("bids"))
    counts = cube_counts(drawn)
    g.draw_from_pouch(None, counts, "Auction lot", "R-A05-01", rec.at("drawn"))
    top = max(bids.values())
    winner = next(name for name in counterclockwise_from(g, p.name) if bids.get(name) == top)
    w = g.state.player(winner)
    g.pay(w, top, "winning bid at the Auction", "R-A05-05", rec.at("bids", winner))
    for r in RESOURCES:
        g.ledger.record(g.state, w, r, counts[r], "won at the Auction", "R-A05-05", "pouch")
    g.gain_vp(w, 1, "won the Auction", "R-A05-05")
    if winner != p.name and not penalised:
        g.earn(p, top // 2, f"half the highest bid ({top}) as the Auction's Initiator",
               "R-A05-06")
    return TimeCost(0)


def check_bid(g: Game, p: PlayerState, name: str, bid: int, rec: Rec) -> None:
    """A bid is 0 (empty hand) or at least 10, within the bidder's money, by an active player
    (R-A05-02, R-A05-08, AMB-A05-02)."""
    try:
        bidder = g.state.player(name)
    except KeyError:
        raise IllegalMove("R-A05-02", f"'{name}' is not a player.", rec.at("bids")) from None
    if bid and bidder.finished:
        raise IllegalMove("R-A05-08", f"{name} has finished the game and cannot bid.",
                          rec.at("bids", name))
    if 0 < bid < MIN_BID:
        raise IllegalMove("R-A05-02", f"the Minimum Bid is {MIN_BID} Grinies; {name} bids "
                          f"{bid}.", rec.at("bids", name))
    if bid > bidder.money:
        raise IllegalMove("R-A05-02", f"{name} bids {bid} Grinies but holds {bidder.money}.",
                          rec.at("bids", name))


def counterclockwise_from(g: Game, name: str) -> list[str]:
    """The initiator, then the players counter-clockwise from them (R-A05-04)."""
    names = [q.name for q in g.state.players]
    i = names.index(name)
    return [names[(i - k) % len(names)] for k in range(len(names))]


def import_items(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """Roll the D6, buy 1-3 of Tree, Tree, Concrete, Wood, Steel at its price (R-A14-01..04,
    AMB-A14-01..04)."""
    g.outcome(rec, "roll", lambda c: c.choice(range(1, 7)))
    roll = int(rec.require("roll", "the D6 roll", "R-A14-01"))
    if not 1 <= roll <= len(g.ed.import_prices):
        raise IllegalMove("R-A14-01", f"the D6 shows 1 to {len(g.ed.import_prices)}; the log "
                          f"rolls {roll}.", rec.at("roll"))
    items = list(rec.get("items") or [])
    if not 1 <= len(items) <= 3:
        raise IllegalMove("R-A14-02", f"1 to 3 items are bought; the log buys {len(items)}.",
                          rec.at("items"))
    trees = items.count("tree")
    cubes = cube_counts([i for i in items if i != "tree"])
    if trees > 2 or any(n > 1 for n in cubes.values()):
        raise IllegalMove("R-A14-02", "the offer is 2 Trees, 1 Concrete, 1 Wood and 1 Steel: "
                          f"{', '.join(items)} is not in it.", rec.at("items"))
    if trees > g.state.supply.trees:
        raise IllegalMove("R-GEN-04", "not enough Trees are left in the supply.",
                          rec.at("items"))
    price = g.ed.import_prices[roll - 1]
    g.pay(p, price * len(items), f"{len(items)} imported items at {price} (D6 {roll})",
          "R-A14-03", rec.at("items"))
    g.draw_from_pouch(p, cubes, "imported", "R-A14-02", rec.at("items"))
    if trees:
        g.take_trees(p, trees, "imported", "R-A14-02", partial=False)
    return TimeCost(2)


def optimization(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """1 Resource of your choice plus 1 random one per Small Warehouse (R-A15-01..03)."""
    choice = rec.require("choice", "the Resource chosen", "R-A15-01")
    g.draw_from_pouch(p, cube_counts([choice]), "Optimization: chosen", "R-A15-01",
                      rec.at("choice"))
    expected = min(p.small_warehouses, sum(g.state.supply.pouch.values()))
    drawn = g.pouch_draw(rec, "random", expected) if expected else cube_list(rec.get("random"))
    if len(drawn) != expected:
        raise IllegalMove("R-A15-01", f"{p.name} has {p.small_warehouses} Small Warehouses: "
                          f"{expected} random Resources are drawn; the log records "
                          f"{len(drawn)}.", rec.at("random"))
    g.draw_from_pouch(p, cube_counts(drawn), "Optimization: random", "R-A15-01",
                      rec.at("random"))
    return TimeCost(2)


def forced_trade(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """Swap 1-3 cubes one for one with consenting opponents, 2 Grinies per cube traded, only
    what fits their Warehouses; the 'occupied' token (R-A18-01..06, AMB-A18-01 (a))."""
    trades = list(rec.get("trades") or [])
    if not 1 <= len(trades) <= 3:
        raise IllegalMove("R-A18-01", f"1 to 3 Resources are traded; the log trades "
                          f"{len(trades)}.", rec.at("trades"))
    accepted = rec.get("accepted") or {}
    for i, t in enumerate(trades):
        path = rec.at("trades", i)
        other = g.state.player(t["with"]) if t["with"] in [q.name for q in g.state.players] \
            else None
        if other is None or other is p:
            raise IllegalMove("R-A18-01", f"'{t['with']}' is not an opponent.", path)
        if other.finished:
            raise IllegalMove("R-A18-06", f"{other.name} has finished the game.", path)
        if accepted.get(other.name) is not True:
            raise IllegalMove("R-A18-01", f"{other.name} must accept the trade (record "
                              f"'accepted: {{{other.name}: true}}').", rec.at("accepted"))
        give, get = t["give"], t["get"]
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
              to=other.name)
    place_occupied_token(g, p, "forced-trade")
    return TimeCost(0)


def place_occupied_token(g: Game, p: PlayerState, tile: str) -> None:
    """Mark a Restricted Tile 'occupied' until the player's next turn (R-A16-04, R-A18-04)."""
    pos = g.state.ring.position_of(tile)
    if pos is not None:
        g.state.ring.occupied[pos] = p.name

