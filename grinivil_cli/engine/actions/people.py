"""Action tiles about residents, money and Workers: #11 New Resident, #12 Sell the House,
#13 Convert, #17 Subsidy, and the Ability Tiles #19-#24."""

from __future__ import annotations

from ...errors import IllegalMove
from ..game import Game, Rec, plural
from ..residents import new_resident, sell_house
from ..ring import TimeCost, TurnContext
from ..state import PlayerState

MAX_CONVERT = 5  # R-VP-02
ZERO_VP_CONVERT = 15  # R-VP-06
RATES = (5, 6, 7, 8)  # R-VP-01
SUBSIDY = 3  # R-A17-01


def add_resident(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """#11 New Resident; 1 TU (R-A11-01..04)."""
    new_resident(g, p, rec)
    return TimeCost(1)


def sell_the_house(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """#12: sell one House; no extra time (R-A12-01..04, AMB-A12-01)."""
    house = rec.require("house", "the House sold", "R-A12-01")
    resident = rec.require("resident", "the Resident moving in", "R-A12-01")
    sell_house(g, p, house, resident, rec, rec.at("house"), "R-A12-03")
    return TimeCost(0)


def convert(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """Exchange 1-5 VPs for money or back at the Conversion Rate; roll the D4 once, before or
    after; 15 Grinies with 0 VP and no roll (R-VP-01..06, R-A13-01..04, AMB-VP-01)."""
    ring = g.state.ring
    if p.vp == 0:
        for key in ("vp_to_money", "money_to_vp", "roll"):
            if rec.has(key):
                raise IllegalMove("R-VP-06", f"{p.name} has 0 VPs: Convert gives 15 Grinies, "
                                  "nothing is converted and the Die is not rolled.", rec.at(key))
        g.earn(p, ZERO_VP_CONVERT, "Convert with 0 VPs", "R-VP-06")
        return TimeCost(0)
    to_money, to_vp = int(rec.get("vp_to_money", 0)), int(rec.get("money_to_vp", 0))
    if bool(to_money) == bool(to_vp):
        raise IllegalMove("R-VP-05", "Convert exchanges VPs for money or money for VPs: the "
                          "log must record one of 'vp_to_money' and 'money_to_vp' (1 to 5).",
                          rec.path)
    amount = to_money or to_vp
    if not 1 <= amount <= MAX_CONVERT:
        raise IllegalMove("R-VP-02", f"1 to {MAX_CONVERT} VPs are converted; the log converts "
                          f"{amount}.", rec.path)
    g.outcome(rec, "roll", lambda c: c.choice(RATES))
    roll = int(rec.require("roll", "the Conversion Die's new rate", "R-VP-03"))
    if roll not in RATES:
        raise IllegalMove("R-VP-01", f"the Conversion Rate is 5 to 8; the log rolls {roll}.",
                          rec.at("roll"))
    if rec.get("roll_first") is True:
        ring.conversion_rate = roll
    rate = ring.conversion_rate
    if to_money:
        if to_money > p.vp:
            raise IllegalMove("R-VP-02", f"{p.name} converts {to_money} VPs but has {p.vp}.",
                              rec.at("vp_to_money"))
        g.lose_vp(p, to_money, f"converted at {rate}", "R-VP-02")
        g.earn(p, to_money * rate, f"converted {to_money} VPs at {rate}", "R-VP-02")
    else:
        g.pay(p, to_vp * rate, f"{to_vp} VPs at the Conversion Rate {rate}", "R-VP-02",
              rec.at("money_to_vp"))
        g.gain_vp(p, to_vp, f"converted at {rate}", "R-VP-02")
    ring.conversion_rate = roll
    return TimeCost(0)


def subsidy(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """3 Grinies plus 3 per unemployed Worker; 2 mandatory TU (R-A17-01/02)."""
    free = g.free_workers(p)
    g.earn(p, SUBSIDY + SUBSIDY * free, f"Subsidy with {plural(free, 'unemployed Worker')}",
           "R-A17-01")
    return TimeCost(2, mandatory=True)


def place_ability_worker(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext) -> TimeCost:
    """An Ability Tile's action: place a Worker from the Portfolio on it; no extra time
    (R-ABIL-01, R-ABIL-05, R-WRK-06)."""
    if g.free_workers(p) < 1:
        raise IllegalMove("R-WRK-06", f"{p.name} has no free Worker to place on the Ability "
                          "Tile.", rec.at("tile"))
    g.state.ring.ability_workers[p.position] = p.name
    g.worker_moved(p, 1, f"Worker placed on {g.ed.action_tiles[rec.get('tile')].name}",
                   "R-ABIL-01")
    return TimeCost(0)
