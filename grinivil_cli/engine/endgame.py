"""The Sudden-death Round and the End of Game, in one place (rulebook: Sudden-Death Round (Last
Round); End of Game; Big Town).

- the trigger, after a whole turn: 2 Building Blocks or fewer (`check_sudden_death`), with Big
  Town's extra Block (`big_town_triggers`, `make_up_blocks`), and each player's choice to stay or
  to move to the Starting Tile (`move_to_starting_tile`);
- in the last round, completing the TAR ends the player's game on the Starting Tile
  (`ring.ends_the_last_round`, in the ring's moves), with the last House sale and the final
  Taxes and Wages (`finish_player`);
- a finished player is skipped and paid 5 Grinies each time (`next_player`,
  `pay_skipped_player`), and no turn follows once everybody has finished (`game_over`).
Final scoring is `scoring.py`.
"""

from __future__ import annotations

from ..errors import IllegalMove, IncompleteRecord
from . import occupied, ring
from .abilities import take_back_passed_workers
from .game import Game, plural, required
from .records import Turn
from .residents import sell_house
from .state import RING_SIZE, STARTING_TILE, PlayerState

SUDDEN_DEATH_BLOCKS = 2  # R-SD-01
SKIP_PAYMENT = 5  # R-END-06


def finish_player(g: Game, p: PlayerState, move: Turn) -> None:
    """Last round: the token ends on the Starting Tile; the last House sale, then Taxes and
    Wages one last time, no refill (R-END-01..04, AMB-END-01/02)."""
    p.finished = True
    p.position = STARTING_TILE
    occupied.take_back_all(g, p)  # no next turn to take it back on (R-A16-04)
    sale = move.final_sale
    if sale is not None:
        house = required(sale.house, sale, "house", "the House sold", "R-END-03")
        resident = required(sale.resident, sale, "resident", "the Resident moving in",
                            "R-END-03")
        sell_house(g, p, house, resident, sale, sale.path, "R-END-03")
    paid_tax = g.pay_all_you_can(p, ring.TAX, "final Taxes", "R-END-04")
    wages = ring.WAGE * g.employed_workers(p)
    paid_wages = g.pay_all_you_can(p, wages, "final Wages", "R-END-04")
    if not (paid_tax and paid_wages):
        g.lose_vp(p, 1, "could not pay the final Taxes and Wages", "R-RND-07")


def check_sudden_death(g: Game, p: PlayerState, move: Turn) -> None:
    """2 Building Blocks or fewer after the whole turn starts the Sudden-death Round; each
    player chooses to stay or to move to the Starting Tile (R-SD-01..07, AMB-SD-01 (a)).
    With Big Town the player may take an extra Block instead (R-VAR-BIG-01..04)."""
    big = g.state.options.big_town
    if g.state.sudden_death or p.blocks > SUDDEN_DEATH_BLOCKS:
        for key, rule in (("sudden_death", "R-SD-01"), ("big_town", "R-VAR-BIG-01")):
            if getattr(move, key) is not None:
                why = ("has already begun" if g.state.sudden_death
                       else f"is not triggered: {p.name} has {plural(p.blocks, 'Building Block')}")
                raise IllegalMove(rule, f"the Sudden-death Round {why}.", move.at(key))
        return
    if move.big_town is not None and not big:
        raise IllegalMove("R-VAR-BIG-01", "'big_town' is recorded, but the log's options do "
                          "not play Big Town.", move.at("big_town"))
    if big and not big_town_triggers(g, p, move):
        if move.sudden_death is not None:
            raise IllegalMove("R-VAR-BIG-01", f"{p.name} took an extra Building Block: the "
                              "Sudden-death Round is not triggered.", move.at("sudden_death"))
        return
    g.state.sudden_death = True
    g.state.triggered_by = p.name  # the last round starts clockwise from them (R-SD-07)
    g.state.triggered_at = g.state.turn
    names = [q.name for q in g.state.players]
    for entry in move.sudden_death or ():
        if entry.key not in names:
            raise IllegalMove("R-SD-03", f"'{entry.key}' is not a player.",
                              move.at("sudden_death", entry.key))
    i = names.index(p.name)
    for k in range(len(names)):  # the trigger first, then counter-clockwise (R-SD-03)
        q = g.state.players[(i - k) % len(names)]
        choice = g.outcome(move, "sudden_death", lambda c: c.choice(["stay", "start-tile"]),
                           item=q.name)
        if choice not in ("stay", "start-tile"):
            kind = IncompleteRecord if choice is None else IllegalMove
            raise kind("R-SD-03", f"{p.name} has {plural(p.blocks, 'Building Block')}: the "
                       "Sudden-death "
                       "Round begins, and the log must record each player's choice "
                       f"('sudden_death: {{{q.name}: stay or start-tile}}').",
                       move.at("sudden_death", q.name))
        if choice == "start-tile":
            move_to_starting_tile(g, q)


def big_town_triggers(g: Game, p: PlayerState, move: Turn) -> bool:
    """Big Town, for a player ending a turn with 2 Blocks or fewer (AMB-VAR-03): True when the
    Sudden-death Round begins. Without an extra Block yet, the player chooses (the log's
    `big_town`): an extra Block and the game goes on, or the Sudden-death Round, before which
    every player without an extra Block gets one, unless nobody has taken one yet
    (R-VAR-BIG-01, R-VAR-BIG-02). With one already, it begins automatically and the others make
    up their Block (R-VAR-BIG-03). With 2 players the extra Blocks come from an unused colour
    (R-VAR-BIG-04): only the count matters here."""
    players = g.state.players
    if p.extra_block:
        if move.big_town is not None:
            raise IllegalMove("R-VAR-BIG-03", f"{p.name} already took an extra Building Block: "
                              f"with {p.blocks} the Sudden-death Round begins automatically, "
                              "without a decision.", move.at("big_town"))
        make_up_blocks(g, "R-VAR-BIG-03")
        return True
    first = not any(q.extra_block for q in players)
    rule = "R-VAR-BIG-01" if first else "R-VAR-BIG-02"
    decision = g.outcome(move, "big_town", lambda c: c.choice(["extra-block", "sudden-death"]))
    if decision not in ("extra-block", "sudden-death"):
        kind = IncompleteRecord if decision is None else IllegalMove
        raise kind(rule, f"Big Town: {p.name} ends the turn with "
                   f"{plural(p.blocks, 'Building Block')} and "
                   "has no extra Block: the log must record the decision ('big_town: "
                   "extra-block' or 'big_town: sudden-death').", move.at("big_town"))
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
    ring.return_workers_from_finished_buildings(g, q, "R-SD-05")


def pay_skipped_player(g: Game, q: PlayerState) -> None:
    """A finished player gets 5 Grinies each time their turn is skipped (R-END-06)."""
    g.earn(q, SKIP_PAYMENT, "turn skipped after finishing", "R-END-06")


def next_player(g: Game) -> None:
    """The next player clockwise; finished players are skipped and paid (R-GEN-02, R-END-06)."""
    state = g.state
    n = len(state.players)
    for _ in range(n):
        state.current = (state.current + 1) % n
        q = state.players[state.current]
        if not q.finished:
            return
        if all(p.finished for p in state.players):
            return
        pay_skipped_player(g, q)


def game_over(g: Game, move: Turn) -> IllegalMove | None:
    """Once every player has finished, the game is over: a further turn is one too many
    (R-END-07)."""
    if all(p.finished for p in g.state.players):
        return IllegalMove("R-END-07", "every player has finished: the game is over, and this "
                           "turn is one too many.", move.path)
    return None
