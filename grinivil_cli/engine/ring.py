"""The Time Action Ring: choosing an Action Tile, moving forward, passing effects, TAR completion
(taxes, wages, market refill, workers back), Time Shifting and Time Buying (rulebook: The Game Is
On; Player's Turn)."""

from __future__ import annotations

from ..errors import IllegalMove
from . import abilities, occupied
from .abilities import take_back_passed_workers
from .game import Game, cube_counts, plural
from .market import place_on_market
from .records import Step
from .state import STARTING_TILE, PlayerState
from .tiles import BUILD_TILES, TimeCost, ring_tile_of, tile_name
from .turnstate import Move, Turn, steps_to
from .turnstate import TurnContext as TurnContext

TAX = 5  # R-RND-03
WAGE = 3  # R-RND-04
REFILL = 4  # R-RND-05
TIME_UNIT_PRICE = 3  # R-TBUY-01
PENALTY_VP = 2  # R-TAR-10


def completes_the_last_round(g: Game, move: Move) -> bool:
    """Whether `move` completes the TAR in the last round: the player's game ends there, with no
    Round Completion (R-END-01, R-END-04)."""
    return bool(g.state.sudden_death and move.laps)


def ends_the_last_round(g: Game, p: PlayerState, move: Move) -> bool:
    """In the last round, a move that completes the TAR ends on the Starting Tile: Workers on
    the Ability Tiles passed before it come back, and the player's turn ends there, whether the
    choosing move or the Time Shift crossed it (R-END-01, R-END-02). False outside the last
    round or when the move completes no lap."""
    if not completes_the_last_round(g, move):
        return False
    take_back_passed_workers(g, p, move.before_boundary())
    p.position = STARTING_TILE
    return True


def check_eligible(g: Game, p: PlayerState, action: str, step: Step, turn: Turn) -> int:
    """Eligibility (a) of the chosen tile (R-TAR-05, R-ABIL-02; an 'occupied' Restricted Tile,
    R-A16-05, R-A18-04) and the Build Worker rule, judged on the Workers of the beginning of
    the turn, so a Repeat Action is judged by them too (R-WRK-02). Returns the tile's ring
    position. A choosing move that completes the last round ends on the Starting Tile at once
    and its action is not carried out: nothing of the tile is judged, neither here nor what
    its action would need (docs/rulings.md, the finishing move)."""
    tile = ring_tile_of(action)
    ring = g.state.ring
    pos = ring.position_of(tile)
    if pos is None:
        raise IllegalMove("R-TAR-02", f"'{tile}' is not on this game's Time Action Ring.",
                          step.at("tile"))
    if completes_the_last_round(g, Move.forward(p.position, steps_to(p.position, pos))):
        return pos  # R-END-01, R-END-02, AMB-END-04: the player finishes, whatever the tile
    if pos in ring.ability_workers:
        raise IllegalMove("R-TAR-05", f"{ring.ability_workers[pos]}'s Worker stands on the "
                          f"Ability Tile {tile_name(g.ed, tile)}; nobody may choose it.",
                          step.at("tile"))
    occupied.check_not_occupied(g, tile, step.at("tile"))
    check_free_worker(p, action, step, turn)
    return pos


def check_free_worker(p: PlayerState, action: str, step: Step, turn: Turn, *,
                      following: bool = False) -> None:
    """"You cannot choose the Build Action if you do not have an available Worker in your
    Portfolio at the beginning of your turn" (R-WRK-02), nor follow one (#51P)."""
    if action in BUILD_TILES and turn.free_workers < 1:
        raise IllegalMove("R-WRK-02", f"{p.name} has no free Worker in their Portfolio at the "
                          "beginning of the turn, so cannot "
                          f"{'follow' if following else 'choose'} a Build Action.",
                          step.at("tile"))


def return_workers_from_finished_buildings(g: Game, p: PlayerState, rule: str) -> None:
    """Workers at finished buildings come back to the Portfolio (R-RND-06, R-SD-05)."""
    buildings = g.state.townland.buildings
    for site in sorted(s for s, b in buildings.items() if p.name in b.workers and b.finished):
        buildings[site].workers.remove(p.name)
        g.worker_moved(p, -1, f"Worker back from the finished building at {site}", rule)


def complete_tar(g: Game, p: PlayerState, ctx: TurnContext) -> None:
    """Round Completion steps in order: taxes, wages, 4 cubes to the Market, Workers back from
    finished buildings (R-RND-02..07); one VP lost once if money runs short (AMB-RND-01)."""
    paid_tax = g.pay_all_you_can(p, TAX, "Taxes at TAR completion", "R-RND-03")
    wages = WAGE * g.employed_workers(p)
    employed = plural(wages // WAGE, "employed Worker")
    paid_wages = g.pay_all_you_can(p, wages, f"Wages for {employed}",
                                   "R-RND-04")
    if not (paid_tax and paid_wages):
        g.lose_vp(p, 1, "could not pay Taxes and Wages in full", "R-RND-07")
    refill_market(g, ctx)
    return_workers_from_finished_buildings(g, p, "R-RND-06")


def refill_market(g: Game, ctx: TurnContext) -> None:
    """4 random Resources from the pouch go to the Market (R-RND-05, R-GEN-05)."""
    available = sum(g.state.supply.pouch.values())
    expected = min(REFILL, available)
    path, drawn = ctx.next_refill(g.outcome(
        ctx.step, "refills", lambda c: c.cubes(dict(g.state.supply.pouch), expected),
        item=ctx.refills_used))
    if len(drawn) != expected:
        raise IllegalMove("R-RND-05", f"{plural(expected, 'Resource')} "
                          f"{'is' if expected == 1 else 'are'} drawn for the Market at TAR "
                          f"completion (the pouch holds {available}); the log records "
                          f"{len(drawn)}.", path)
    counts = cube_counts(drawn)
    g.draw_from_pouch(None, counts, "Market refill at TAR completion", "R-GEN-05", path)
    place_on_market(g, counts)


def move_token(g: Game, p: PlayerState, steps: int, ctx: TurnContext,
               include_end: bool) -> None:
    """Move forward; passing effects first, then one TAR completion per lap (AMB-TAR-04 (b),
    AMB-RND-02). In the last round, completing the TAR ends the player's game (R-END-01)."""
    move = Move.forward(p.position, steps)
    if ends_the_last_round(g, p, move):
        ctx.finished_now = True
        return
    passed = move.entered if include_end else move.entered[:-1]
    take_back_passed_workers(g, p, passed)
    p.position = move.end
    for _ in range(move.laps):
        complete_tar(g, p, ctx)


def penalty(g: Game, p: PlayerState) -> None:
    """An action not carried out costs 2 VP; with fewer, all VPs, money and Resources go
    (R-TAR-10, R-TAR-11, AMB-TAR-03)."""
    if p.vp >= PENALTY_VP:
        g.lose_vp(p, PENALTY_VP, "action not carried out", "R-TAR-10")
        return
    g.lose_vp(p, p.vp, "action not carried out, fewer than 2 VPs", "R-TAR-11")
    g.pay_all_you_can(p, p.money, "action not carried out, fewer than 2 VPs", "R-TAR-11")
    lost = {r: n for r, n in p.cubes.items() if n}
    if lost:
        g.discard_to_pouch(p, lost, "action not carried out, fewer than 2 VPs", "R-TAR-11")


def shift_time(g: Game, p: PlayerState, cost: TimeCost, ctx: TurnContext) -> None:
    """Step 7: Time Buying at 3 Grinies per unit, then the Time Shift (R-TBUY-*, R-TAR-13/14).
    With a Worker on the Manager no action shifts time, mandatory costs included, so there is
    no time to buy (`abilities.manager_zero_time`)."""
    step = ctx.step
    bought = step.buy_time or 0
    if abilities.manager_zero_time(g, p):
        if bought:
            raise IllegalMove("R-A53P-01", f"{p.name}'s Worker is on the Manager: the action "
                              "has zero Time Cost, so no time can be bought.",
                              step.at("buy_time"))
        return
    if bought:
        if cost.mandatory:
            raise IllegalMove("R-TBUY-02", f"the {plural(cost.units, 'Time Unit')} of this "
                              f"action {'is' if cost.units == 1 else 'are'} mandatory; time "
                              "cannot be bought.", step.at("buy_time"))
        if bought > cost.units:
            raise IllegalMove("R-TBUY-01", f"the action costs {plural(cost.units, 'Time Unit')}; "
                              f"{bought} cannot be bought (down to 0 at most).",
                              step.at("buy_time"))
        g.pay(p, TIME_UNIT_PRICE * bought, f"buying {plural(bought, 'Time Unit')}", "R-TBUY-01",
              step.at("buy_time"))
    units = cost.units - bought
    if units:
        move_token(g, p, units, ctx, include_end=True)


def check_all_refills_used(ctx: TurnContext) -> None:
    """Every recorded refill group belongs to a TAR completion (nothing invented)."""
    groups = ctx.step.refills or ()
    if len(groups) > ctx.refills_used:
        raise IllegalMove("R-RND-05", f"the log records {plural(len(groups), 'Market refill')} "
                          f"in this turn, but the TAR was completed "
                          f"{plural(ctx.refills_used, 'time')}.",
                          ctx.step.at("refills", ctx.refills_used))

