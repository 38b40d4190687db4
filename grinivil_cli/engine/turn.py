"""The Player's Turn, steps 1 to 7, Repeat Actions, and the end-of-turn checks (rulebook:
Player's Turn; Sudden-Death Round; End of Game)."""

from __future__ import annotations

from ..edition.model import RESOURCES
from ..errors import IllegalMove
from .actions import ACTIONS
from .actions.promo import FOLLOW_TIME, follows
from .actions.trade import auction
from .game import Game, Rec, cube_counts, plural
from .market import check_excess, fits, place_on_market
from .residents import sell_house
from .ring import (
    TAX,
    WAGE,
    TimeCost,
    TurnContext,
    check_all_refills_used,
    check_eligible,
    collect_ability_benefits,
    move_token,
    penalty,
    return_workers_from_finished_buildings,
    shift_time,
    steps_to,
    take_back_passed_workers,
)
from .state import RING_SIZE, STARTING_TILE, PlayerState

SUDDEN_DEATH_BLOCKS = 2  # R-SD-01
SKIP_PAYMENT = 5  # R-END-06
TURN_KEYS = {"player", "tile", "claims", "note", "final_sale", "refills", "sudden_death",
             "excess", "turn", "follow", "big_town"}


def play_turn(g: Game, p: PlayerState, rec: Rec) -> None:
    """A whole turn: the action with its Repeat Actions, then excess cubes and the Sudden-death
    trigger (R-TURN-08)."""
    occupied_before = [pos for pos, who in g.state.ring.occupied.items() if who == p.name]
    play_action(g, p, rec, turn=rec, release=occupied_before)
    if rec.has("final_sale") and not p.finished:
        raise IllegalMove("R-END-03", f"{p.name} has not finished: the final sale is made only "
                          "on the Starting Tile at the end of the last round.",
                          rec.at("final_sale"))
    settle_excess_cubes(g, rec)
    check_sudden_death(g, p, rec)


def play_action(g: Game, p: PlayerState, rec: Rec, *, turn: Rec,
                release: list[int] | None = None) -> None:
    """Steps 1-7 for one action (a turn's, or a Repeat Action's: AMB-TURN-01 (a)); `turn`
    is the whole turn's record, which holds what belongs to the end of the turn."""
    if rec is not turn:
        for key in ("claims", "excess", "sudden_death", "final_sale"):
            if rec.has(key):
                raise IllegalMove("R-TURN-08", f"'{key}' belongs to the turn, not to a Repeat "
                                  "Action: write it beside the turn's 'tile'.", rec.at(key))
    ctx = TurnContext(rec)
    action = str(rec.get("tile"))
    following = follows(g, p, rec, turn)  # #51P: the token stays, no choosing move
    if not following:
        target = check_eligible(g, p, action, rec)
        move_token(g, p, steps_to(p.position, target), ctx, include_end=True)
    if rec is turn:  # the tile chosen at the start of the turn, for a Follower (AMB-A51P-01)
        g.state.last_tile = None if following else action
    for pos in release or []:  # the 'occupied' token comes back after the choice (AMB-A16-01)
        g.state.ring.occupied.pop(pos, None)
    if ctx.finished_now:
        unused = sorted(k for k in rec.data if k not in TURN_KEYS)
        if unused:
            raise IllegalMove("R-END-02", f"{p.name}'s token completed the TAR in the last "
                              "round while choosing, so the turn ended without the action; "
                              f"the log still records {', '.join(unused)}.", rec.at(unused[0]))
        check_all_refills_used(ctx)  # no refill at the end of the game (R-END-04)
        finish_player(g, p, turn)
        return
    if not following:  # following is not choosing an action (AMB-A51P-02 (a))
        collect_ability_benefits(g, p, rec)
    if rec.get("declined") is True:
        penalty(g, p)
        cost = TimeCost(0)  # AMB-TAR-02 (a)
        if action == "auction":  # completed without the penalised player (R-TAR-12)
            auction(g, p, rec, ctx, penalised=True)
    else:
        cost = ACTIONS[action](g, p, rec, ctx)
        if following:
            cost = TimeCost(FOLLOW_TIME, mandatory=True)  # R-A51P-05
    shift_time(g, p, cost, ctx)
    if ctx.finished_now:
        check_all_refills_used(ctx)  # no refill at the end of the game (R-END-04)
        if rec.get("repeat"):
            raise IllegalMove("R-END-01", f"{p.name}'s token completed the TAR in the last "
                              "round: the turn ends there, and no Repeat Action is taken.",
                              rec.at("repeat"))
        finish_player(g, p, turn)
        return
    check_all_refills_used(ctx)
    repeats = list(rec.get("repeat") or [])
    if len(repeats) > ctx.repeats_earned:
        raise IllegalMove("R-SACT-05", f"{plural(len(repeats), 'Repeat Action')} "
                          f"{'is' if len(repeats) == 1 else 'are'} recorded but "
                          f"{ctx.repeats_earned} {'was' if ctx.repeats_earned == 1 else 'were'} "
                          "earned in this action.",
                          rec.at("repeat", ctx.repeats_earned))
    for i, sub in enumerate(repeats):
        if p.finished:
            raise IllegalMove("R-END-01", f"{p.name}'s game ended during this turn; the Repeat "
                              "Action cannot be taken.", rec.at("repeat", i))
        play_action(g, p, Rec(sub, rec.at("repeat", i)), turn=turn)


def finish_player(g: Game, p: PlayerState, rec: Rec) -> None:
    """Last round: the token ends on the Starting Tile; the last House sale, then Taxes and
    Wages one last time, no refill (R-END-01..04, AMB-END-01/02)."""
    p.finished = True
    p.position = STARTING_TILE
    for pos in [pos for pos, who in g.state.ring.occupied.items() if who == p.name]:
        del g.state.ring.occupied[pos]  # no next turn to take it back on (R-A16-04)
    sale = rec.sub("final_sale")
    if rec.has("final_sale"):
        house = sale.require("house", "the House sold", "R-END-03")
        resident = sale.require("resident", "the Resident moving in", "R-END-03")
        sell_house(g, p, house, resident, sale, sale.path, "R-END-03")
    paid_tax = g.pay_all_you_can(p, TAX, "final Taxes", "R-END-04")
    wages = WAGE * g.employed_workers(p)
    paid_wages = g.pay_all_you_can(p, wages, "final Wages", "R-END-04")
    if not (paid_tax and paid_wages):
        g.lose_vp(p, 1, "could not pay the final Taxes and Wages", "R-RND-07")


def settle_excess_cubes(g: Game, rec: Rec) -> None:
    """Cubes that do not fit a player's Warehouses go to the Market at the end of the turn,
    without payment (R-WH-06, AMB-WH-01, AMB-WH-02 (a))."""
    recorded = rec.get("excess") or {}
    for name in recorded:
        if name not in [q.name for q in g.state.players]:
            raise IllegalMove("R-WH-06", f"'{name}' is not a player.", rec.at("excess"))
    for q in g.state.players:
        if q.name not in recorded and fits(q, q.cubes):
            continue  # nothing to give up (the usual case)
        if g.chance is not None and q.name not in recorded:
            recorded = rec.data.setdefault("excess", {})
            recorded[q.name] = g.chance.excess(g, q)
        excess = cube_counts(recorded.get(q.name) or {})
        check_excess(g, q, excess, rec.at("excess", q.name) if q.name in recorded
                     else rec.path)
        for r in RESOURCES:
            g.ledger.record(g.state, q, r, -excess[r], "excess cubes to the Market",
                            "R-WH-06", "market")
        place_on_market(g, excess)


def check_sudden_death(g: Game, p: PlayerState, rec: Rec) -> None:
    """2 Building Blocks or fewer after the whole turn starts the Sudden-death Round; each
    player chooses to stay or to move to the Starting Tile (R-SD-01..07, AMB-SD-01 (a)).
    With Big Town the player may take an extra Block instead (R-VAR-BIG-01..04)."""
    big = bool(g.state.options.get("big_town"))
    if g.state.sudden_death or p.blocks > SUDDEN_DEATH_BLOCKS:
        for key, rule in (("sudden_death", "R-SD-01"), ("big_town", "R-VAR-BIG-01")):
            if rec.has(key):
                why = ("has already begun" if g.state.sudden_death
                       else f"is not triggered: {p.name} has {p.blocks} Building Blocks")
                raise IllegalMove(rule, f"the Sudden-death Round {why}.", rec.at(key))
        return
    if rec.has("big_town") and not big:
        raise IllegalMove("R-VAR-BIG-01", "'big_town' is recorded, but the log's options do "
                          "not play Big Town.", rec.at("big_town"))
    if big and not big_town_triggers(g, p, rec):
        if rec.has("sudden_death"):
            raise IllegalMove("R-VAR-BIG-01", f"{p.name} took an extra Building Block: the "
                              "Sudden-death Round is not triggered.", rec.at("sudden_death"))
        return
    g.state.sudden_death = True
    choices = rec.get("sudden_death") or {}
    names = [q.name for q in g.state.players]
    for name in choices:
        if name not in names:
            raise IllegalMove("R-SD-03", f"'{name}' is not a player.",
                              rec.at("sudden_death", name))
    i = names.index(p.name)
    for k in range(len(names)):  # the trigger first, then counter-clockwise (R-SD-03)
        q = g.state.players[(i - k) % len(names)]
        if g.chance is not None and q.name not in choices:
            choices = rec.data.setdefault("sudden_death", choices)
            choices[q.name] = g.chance.choice(["stay", "start-tile"])
        choice = choices.get(q.name)
        if choice not in ("stay", "start-tile"):
            raise IllegalMove("R-SD-03", f"{p.name} has {p.blocks} Building Blocks: the "
                              "Sudden-death Round begins, and the log must record each "
                              f"player's choice ('sudden_death: {{{q.name}: stay or "
                              "start-tile}').", rec.at("sudden_death") if choices else rec.path)
        if choice == "start-tile":
            move_to_starting_tile(g, q)


def big_town_triggers(g: Game, p: PlayerState, rec: Rec) -> bool:
    """Big Town, for a player ending a turn with 2 Blocks or fewer (AMB-VAR-03): True when the
    Sudden-death Round begins. Without an extra Block yet, the player chooses (the log's
    `big_town`): an extra Block and the game goes on, or the Sudden-death Round, before which
    every player without an extra Block gets one, unless nobody has taken one yet
    (R-VAR-BIG-01, R-VAR-BIG-02). With one already, it begins automatically and the others make
    up their Block (R-VAR-BIG-03). With 2 players the extra Blocks come from an unused colour
    (R-VAR-BIG-04): only the count matters here."""
    players = g.state.players
    if p.extra_block:
        if rec.has("big_town"):
            raise IllegalMove("R-VAR-BIG-03", f"{p.name} already took an extra Building Block: "
                              f"with {p.blocks} the Sudden-death Round begins automatically, "
                              "without a decision.", rec.at("big_town"))
        make_up_blocks(g, "R-VAR-BIG-03")
        return True
    first = not any(q.extra_block for q in players)
    rule = "R-VAR-BIG-01" if first else "R-VAR-BIG-02"
    if g.chance is not None and not rec.has("big_town"):
        rec.data["big_town"] = g.chance.choice(["extra-block", "sudden-death"])
    decision = rec.get("big_town")
    if decision not in ("extra-block", "sudden-death"):
        raise IllegalMove(rule, f"Big Town: {p.name} ends the turn with {p.blocks} Building "
                          "Blocks and has no extra Block: the log must record the decision "
                          "('big_town: extra-block' or 'big_town: sudden-death').", rec.path)
    if decision == "extra-block":
        p.extra_block = True
        g.ledger.record(g.state, p, "blocks", 1, "Big Town: extra Building Block", rule)
        return False
    if not first:
        make_up_blocks(g, rule)
    return True


def make_up_blocks(g: Game, rule: str) -> None:
    """Every player still without an extra Block gets one (R-VAR-BIG-02, R-VAR-BIG-03)."""
    for q in g.state.players:
        if not q.extra_block:
            q.extra_block = True
            g.ledger.record(g.state, q, "blocks", 1, "Big Town: extra Building Block made up",
                            rule)


def move_to_starting_tile(g: Game, q: PlayerState) -> None:
    """Option B: forward to the Starting Tile; Workers back from finished buildings and from
    Ability Tiles passed; no Taxes, Wages or refill (R-SD-05, R-SD-06, AMB-SD-02)."""
    if q.position != STARTING_TILE:
        take_back_passed_workers(g, q, list(range(q.position + 1, RING_SIZE + 1)))
    q.position = STARTING_TILE
    return_workers_from_finished_buildings(g, q, "R-SD-05")


def pay_skipped_player(g: Game, q: PlayerState) -> None:
    """A finished player gets 5 Grinies each time their turn is skipped (R-END-06)."""
    g.earn(q, SKIP_PAYMENT, "turn skipped after finishing", "R-END-06")
