"""Action tiles about residents, money and Workers: #11 New Resident, #12 Sell the House,
#13 Convert, #17 Subsidy, and the Ability Tiles #19-#24."""

from __future__ import annotations

from ...errors import IllegalMove, IncompleteRecord
from ..game import Game, plural, required
from ..records import Convert, NewResident, NoFields, SellHouse, Step
from ..residents import new_resident, sell_house
from ..state import PlayerState
from ..tiles import TimeCost
from ..turnstate import TurnContext

MAX_CONVERT = 5  # R-VP-02
ZERO_VP_CONVERT = 15  # R-VP-06
RATES = (5, 6, 7, 8)  # R-VP-01
SUBSIDY = 3  # R-A17-01


def add_resident(g: Game, p: PlayerState, move: NewResident, ctx: TurnContext) -> TimeCost:
    """#11 New Resident; 1 TU (R-A11-01..04)."""
    new_resident(g, p, move)
    return TimeCost(1)


def sell_the_house(g: Game, p: PlayerState, move: SellHouse, ctx: TurnContext) -> TimeCost:
    """#12: sell one House; no extra time (R-A12-01..04, AMB-A12-01)."""
    sale = move.sale
    house = required(sale.house, sale, "house", "the House sold", "R-A12-01")
    resident = required(sale.resident, sale, "resident", "the Resident moving in", "R-A12-01")
    sell_house(g, p, house, resident, sale, sale.at("house"), "R-A12-03")
    return TimeCost(0)


def vp_before_selecting(p: PlayerState, ctx: TurnContext) -> int:
    """"you have at least 1 VP before selecting this action": the VPs before the choosing move,
    whose Taxes may cost one (R-VP-05, R-VP-06, R-RND-07)."""
    return p.vp if ctx.vp_before_choice is None else ctx.vp_before_choice


def convert(g: Game, p: PlayerState, move: Convert, ctx: TurnContext) -> TimeCost:
    """Exchange 1-5 VPs for money or back at the Conversion Rate; roll the D4 once, before or
    after; 15 Grinies and no roll for a player who had 0 VPs before selecting it, at least 1 VP
    converted by one who had some, even if the choosing move's Taxes took it (R-VP-01..06,
    R-A13-01..04, AMB-VP-01). Read in the table's order: when to roll, the roll if first (the
    rate it sets prices the amount), the amount, the roll if after."""
    ring = g.state.ring
    if vp_before_selecting(p, ctx) == 0:
        check_nothing_converted(g, p, move)
        g.earn(p, ZERO_VP_CONVERT, "Convert with 0 VPs", "R-VP-06")
        return TimeCost(0)
    first = move.roll_first is True  # R-VP-03: the new rate applies now
    roll = rolled(g, move) if first else None
    to_money, to_vp = amount_converted(p, move, ctx)
    if roll is None:
        roll = rolled(g, move)  # after converting: the old rate applies now
    rate = roll if first else ring.conversion_rate
    if to_money:
        if to_money > p.vp:
            raise IllegalMove("R-VP-02", f"{p.name} converts {plural(to_money, 'VP')} but "
                              f"has {p.vp}.",
                              move.at("vp_to_money"))
        g.lose_vp(p, to_money, f"converted at {rate}", "R-VP-02")
        g.earn(p, to_money * rate, f"converted {plural(to_money, 'VP')} at {rate}", "R-VP-02")
    else:
        g.pay(p, to_vp * rate, f"{plural(to_vp, 'VP')} at the Conversion Rate {rate}", "R-VP-02",
              move.at("money_to_vp"))
        g.gain_vp(p, to_vp, f"converted at {rate}", "R-VP-02")
    ring.conversion_rate = roll
    return TimeCost(0)


def check_nothing_converted(g: Game, p: PlayerState, move: Convert) -> None:
    """R-VP-06: a player with 0 VPs before selecting Convert gets 15 Grinies; nothing is
    converted and the Die is not rolled, so each of these recorded is an error, not a
    question."""
    plain = g.reader.peek(move)
    for key in ("roll_first", "vp_to_money", "money_to_vp", "roll"):  # the table's order
        if getattr(plain, key) is not None:
            raise IllegalMove("R-VP-06", f"{p.name} had 0 VPs before selecting Convert: it "
                              "gives 15 Grinies, nothing is converted and the Die is not "
                              f"rolled (the log records '{key}').", move.at(key))


def convert_roll_before_the_decline(g: Game, p: PlayerState, step: Step,
                                    ctx: TurnContext) -> None:
    """#13: a player who rolls the Conversion Die first sees the new rate before converting,
    so a decline may follow that roll: it records `roll_first` and the roll, and the face
    stays on the table for everybody (R-VP-03, R-VP-04, R-TAR-10; a declined Convert without
    rolling first records nothing). With 0 VPs before selecting it there is no roll
    (R-VP-06)."""
    # AMB-A13-01 in docs/rulings.md: the decline after the roll
    move = step.action
    assert isinstance(move, Convert)
    if vp_before_selecting(p, ctx) == 0:
        check_nothing_converted(g, p, move)
        return
    if move.roll_first is not True:
        plain = g.reader.peek(move)
        unused = [k for k in ("roll_first", "roll") if getattr(plain, k) is not None]
        if g.reader.peek(step).declined is True and unused:
            raise IllegalMove("R-TAR-10", "Convert is declined without rolling the Die first, "
                              "so nothing of it is recorded; the log records "
                              f"{', '.join(repr(k) for k in unused)}.", move.at(unused[0]))
        return
    g.state.ring.conversion_rate = rolled(g, move)  # R-VP-04: the new face, shared now


def rolled(g: Game, move: Convert) -> int:
    """The Conversion Die's new face, 5 to 8 (R-VP-01, R-VP-03)."""
    roll: int = required(g.outcome(move, "roll", lambda c: c.choice(RATES)), move, "roll",
                         "the Conversion Die's new rate", "R-VP-03")
    if roll not in RATES:
        raise IllegalMove("R-VP-01", f"the Conversion Rate is 5 to 8; the log rolls {roll}.",
                          move.at("roll"))
    return roll


def amount_converted(p: PlayerState, move: Convert, ctx: TurnContext) -> tuple[int, int]:
    """The VPs converted into money and bought with money: one of them, 1 to 5 (R-VP-02,
    R-VP-05)."""
    recorded_to_money, recorded_to_vp = move.vp_to_money, move.money_to_vp
    if recorded_to_money is not None and recorded_to_vp is not None:
        raise IllegalMove("R-VP-02", "Convert exchanges VPs for money or money for VPs, not "
                          "both: the log records 'vp_to_money' and 'money_to_vp'.",
                          move.at("money_to_vp"))
    had = plural(vp_before_selecting(p, ctx), "VP")
    if recorded_to_money is None and recorded_to_vp is None:
        raise IncompleteRecord("R-VP-05", f"{p.name} had {had} before selecting Convert, so at "
                               "least 1 VP is converted: the log must record one of "
                               "'vp_to_money' and 'money_to_vp' (1 to 5).",
                               move.at("vp_to_money"), field="vp_to_money")
    to_money, to_vp = recorded_to_money or 0, recorded_to_vp or 0
    if not (to_money or to_vp):
        key = "vp_to_money" if recorded_to_money is not None else "money_to_vp"
        raise IllegalMove("R-VP-05", f"{p.name} had {had} before selecting Convert, so at least "
                          "1 VP is converted; the log converts 0.", move.at(key))
    amount = to_money or to_vp
    if not 1 <= amount <= MAX_CONVERT:
        raise IllegalMove("R-VP-02", f"1 to {MAX_CONVERT} VPs are converted; the log converts "
                          f"{amount}.", move.at("vp_to_money" if to_money else "money_to_vp"))
    return to_money, to_vp


def subsidy(g: Game, p: PlayerState, move: NoFields, ctx: TurnContext) -> TimeCost:
    """3 Grinies plus 3 per unemployed Worker; 2 mandatory TU (R-A17-01/02)."""
    free = g.free_workers(p)
    g.earn(p, SUBSIDY + SUBSIDY * free, f"Subsidy with {plural(free, 'unemployed Worker')}",
           "R-A17-01")
    return TimeCost(2, mandatory=True)


# --- what must be left to choose these Actions (turn.check_available) --------------------------

def a_card_on_display(g: Game, p: PlayerState, step: Step) -> None:
    """#11: a Resident Card is chosen from the Resident Display: not when it is empty
    (R-A11-01, AMB-RESI-02)."""
    if not g.state.supply.display:
        raise IllegalMove("R-A11-01", "the Resident Display is empty: New Resident cannot be "
                          "chosen.", step.at("tile"))
