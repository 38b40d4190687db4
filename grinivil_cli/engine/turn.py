"""The Player's Turn, steps 1 to 7: what holds from the beginning of the turn, the choice, the
action or its decline, the Time Shift, Repeat Actions, and at the end of the turn the excess
cubes and the Sudden-death trigger (`endgame.py`) (rulebook: Player's Turn; Warehouses)."""

from __future__ import annotations

from collections.abc import Callable

from ..edition.model import RESOURCES
from ..errors import IllegalMove
from . import abilities, endgame, occupied
from .actions import ACTIONS, AVAILABLE, BEFORE_THE_DECLINE, NAMES, WITHOUT_THE_PENALISED
from .game import Chance, Game, plural
from .market import check_excess, fits, place_on_market
from .records import Cubes, Step
from .records import Turn as TurnRecord
from .ring import (
    check_all_refills_used,
    check_eligible,
    check_free_worker,
    completes_the_last_round,
    move_token,
    penalty,
    shift_time,
)
from .state import PlayerState
from .tiles import TimeCost
from .turnstate import Move, Turn, TurnContext, steps_to

TURN_KEYS = {"player", "tile", "claims", "note", "final_sale", "refills", "sudden_death",
             "excess", "follow", "big_town"}
# what a declined action may still record: the turn's own keys, the step-2 benefit, and what is
# judged by its own rule (time bought, Repeat Actions: none is earned)
DECLINED_KEYS = TURN_KEYS | abilities.BENEFIT_KEYS | {"declined", "buy_time", "repeat"}


def play_turn(g: Game, p: PlayerState, move: TurnRecord) -> None:
    """A whole turn: what holds from its beginning (R-WRK-02, R-A16-04), the action with its
    Repeat Actions, then excess cubes and the Sudden-death trigger (R-TURN-08)."""
    play_action(g, p, move, Turn.begin(g, p, move))
    if move.final_sale is not None and not p.finished:
        raise IllegalMove("R-END-03", f"{p.name} has not finished: the final sale is made only "
                          "on the Starting Tile at the end of the last round.",
                          move.at("final_sale"))
    settle_excess_cubes(g, move)
    endgame.check_sudden_death(g, p, move)


def recorded(g: Game, step: Step) -> list[str]:
    """The log keys a turn or a Repeat Action records, in the log's order (read without
    deciding anything)."""
    return list(g.reader.peek(step).write())


def play_action(g: Game, p: PlayerState, step: Step, turn: Turn, *,
                only_the_action: bool = False) -> None:
    """Steps 1-7 for one action (a turn's, or a Repeat Action's: AMB-TURN-01 (a)); `turn`
    holds what was true at the beginning of the turn and its record, which holds what belongs
    to the end of the turn. `only_the_action`: steps 1-6 only, the Action performed and no
    more (`choose.choosable`)."""
    first = step is turn.record
    if not first:
        for key, value in (("claims", step.claims), ("excess", step.excess),
                           ("sudden_death", step.sudden_death),
                           ("final_sale", step.final_sale)):
            if value is not None:
                raise IllegalMove("R-TURN-08", f"'{key}' belongs to the turn, not to a Repeat "
                                  "Action: write it beside the turn's 'tile'.", step.at(key))
    ctx = TurnContext(step, vp_before_choice=p.vp, turn=turn)
    action = step.tile
    following = abilities.follows(g, p, step, turn)  # #51P: the token stays, no choosing move
    if following:
        check_free_worker(p, action, step, turn, following=True)
    else:
        target = check_eligible(g, p, action, step, turn)
        steps = steps_to(p.position, target)
        # a decline is judged before the draws (`drew_badly`); a turn being made whose
        # `declined` is not decided yet stops where the rules read it, before they need this
        move = Move.forward(p.position, steps)  # no draw when it ends the player's game
        draws = not completes_the_last_round(g, move) and \
            bool(move.laps or abilities.merchant_active(g, p))
        if draws and g.reader.peek(step).declined is True:
            ctx.before_choice = g.state.copy()
        if draws and first:  # a turn being made may know the tile cannot be chosen
            why = g.reader.choosing(g, p, action, step, ctx.before_choice, turn)
            if why is not None:
                raise why
        move_token(g, p, steps, ctx, include_end=True)
    if first:  # the tile chosen at the start of the turn, for a Follower (AMB-A51P-01)
        g.state.last_tile = None if following else action
        occupied.take_back(g, turn.occupied_to_take_back)  # after the choice (AMB-A16-01)
    if ctx.finished_now:
        unused = sorted(k for k in recorded(g, step) if k not in TURN_KEYS)
        if unused:
            raise IllegalMove("R-END-02", f"{p.name}'s token completed the TAR in the last "
                              "round while choosing, so the turn ended without the action; "
                              f"the log still records {', '.join(unused)}.", step.at(unused[0]))
        check_all_refills_used(ctx)  # no refill at the end of the game (R-END-04)
        endgame.finish_player(g, p, turn.record)
        return
    if not following:  # following is not choosing an action (AMB-A51P-02 (a))
        abilities.collect_ability_benefits(g, p, step)
    try:
        check_available(g, p, action, step)
    except IllegalMove:
        if not drew_badly(g, p, action, step, ctx):
            raise
    rolled = BEFORE_THE_DECLINE.get(action)  # the die rolled before a decline
    if rolled is not None:  # (AMB-A14-03 (a), AMB-A13-01)
        rolled.read(g, p, step, ctx)
    if step.declined is True:
        cost = decline(g, p, action, step, ctx)
    else:
        cost = ACTIONS[action](g, p, step.action, ctx)
        if only_the_action:
            return
        if following:
            cost = abilities.follower_time()  # R-A51P-05
    shift_time(g, p, cost, ctx)
    if ctx.finished_now:
        check_all_refills_used(ctx)  # no refill at the end of the game (R-END-04)
        if step.repeat:
            raise IllegalMove("R-END-01", f"{p.name}'s token completed the TAR in the last "
                              "round: the turn ends there, and no Repeat Action is taken.",
                              step.at("repeat"))
        endgame.finish_player(g, p, turn.record)
        return
    check_all_refills_used(ctx)
    repeats = step.repeat or ()
    if len(repeats) > ctx.repeats_earned:
        raise IllegalMove("R-SACT-05", f"{plural(len(repeats), 'Repeat Action')} "
                          f"{'is' if len(repeats) == 1 else 'are'} recorded but "
                          f"{ctx.repeats_earned} {'was' if ctx.repeats_earned == 1 else 'were'} "
                          "earned in this action.",
                          step.at("repeat", ctx.repeats_earned))
    for i, repeated in enumerate(repeats):
        if p.finished:
            raise IllegalMove("R-END-01", f"{p.name}'s game ended during this turn; the Repeat "
                              "Action cannot be taken.", step.at("repeat", i))
        play_action(g, p, repeated, turn)


def check_available(g: Game, p: PlayerState, action: str, step: Step) -> None:
    """A tile whose Action needs what the supply, the Reserve, the Market or the table no
    longer has cannot be chosen, declined or not ("Once taken, it is no longer possible to
    choose an action to obtain them": R-GEN-04, R-GEN-06 and each tile's own rule, in
    `actions.AVAILABLE`). Judged when the Action is to be performed, after the choosing move,
    like its costs (AMB-TAR-06 (b))."""
    check = AVAILABLE.get(action)
    if check is not None:
        check(g, p, step)


def drew_badly(g: Game, p: PlayerState, action: str, step: Step, ctx: TurnContext) -> bool:
    """Whether a declined action that cannot be performed now could be, at the choice, before
    the random draws of the choosing move and of step 2 (R-TAR-06, AMB-TAR-01 (a)): then the
    tile was eligible when chosen, and declining it is the penalty, not an illegal move."""
    return step.declined is True and ctx.before_choice is not None and \
        ctx.turn is not None and g.ability.able_at_the_choice(g, p, action, step,
                                                            ctx.before_choice, ctx.turn)


def decline(g: Game, p: PlayerState, action: str, step: Step, ctx: TurnContext) -> TimeCost:
    """An Action chosen but not carried out, by a player able to perform it (R-TAR-06,
    `Game.ability`, AMB-TAR-01 (a)): the 2 VP penalty (R-TAR-10, R-TAR-11); an Action
    others take part in goes ahead without the penalised player (R-TAR-12,
    `actions.WITHOUT_THE_PENALISED`); no Time Shift (AMB-TAR-02 (a)). The log records none of
    the Action's own fields but the outcome it began with, if drawn before the decline
    (`actions.BEFORE_THE_DECLINE`, AMB-A14-03 (a)): a value the replay would not use is an error,
    not dropped."""
    go_ahead = WITHOUT_THE_PENALISED.get(action)
    first = BEFORE_THE_DECLINE.get(action)
    allowed = DECLINED_KEYS | (go_ahead.fields if go_ahead is not None else frozenset()) | \
        (first.fields if first is not None else frozenset())
    unused = [k for k in recorded(g, step) if k not in allowed]
    if unused:
        raise IllegalMove("R-TAR-10", f"{NAMES.get(action, action)} is declined (not carried "
                          f"out), so nothing of it is recorded; the log records "
                          f"{', '.join(repr(k) for k in unused)}.", step.at(unused[0]))
    cannot = g.ability.able(g, p, action, step, ctx.vp_before_choice)
    if cannot is not None and drew_badly(g, p, action, step, ctx):
        cannot = None  # able before the choosing move's draws: this draw is bad luck
    if cannot is not None:
        raise IllegalMove("R-TAR-06", f"{p.name} is declining {NAMES.get(action, action)}, but "
                          "could not have carried it out: "
                          f"{cannot.message.rstrip('.')} ({cannot.rule}). An Action the "
                          "player is not able to perform cannot be chosen, so it cannot be "
                          "declined either: the 2-VP penalty is for a player able to carry it "
                          "out who will not (AMB-TAR-01 (a)).", step.at("declined"))
    penalty(g, p)
    if go_ahead is not None:
        go_ahead.action(g, p, step.action, ctx)
    return TimeCost(0)


def settle_excess_cubes(g: Game, move: TurnRecord) -> None:
    """Cubes that do not fit a player's Warehouses go to the Market at the end of the turn,
    without payment (R-WH-06, AMB-WH-01, AMB-WH-02 (a))."""
    written = [e.key for e in move.excess or ()]
    for name in written:
        if name not in [q.name for q in g.state.players]:
            raise IllegalMove("R-WH-06", f"'{name}' is not a player.", move.at("excess"))
    for q in g.state.players:
        if q.name not in written and fits(q, q.cubes):
            continue  # nothing to give up (the usual case)
        given: Cubes | None = g.outcome(move, "excess", excess_drawn_for(g, q), item=q.name)
        excess = given.counts() if given is not None else Cubes().counts()
        check_excess(g, q, excess, move.at("excess", q.name))
        for r in RESOURCES:
            g.ledger.record(g.state, q, r, -excess[r], "excess cubes to the Market",
                            "R-WH-06", "market")
        place_on_market(g, excess)


def excess_drawn_for(g: Game, q: PlayerState) -> Callable[[Chance], dict[str, int]]:
    """The simulator's choice of the cubes `q` gives up (a replay reads them from the log)."""
    return lambda c: c.excess(g, q)


