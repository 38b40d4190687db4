"""The promo tile #52P Crowdfunding (Building Construction).

The other promo tiles, #51P Follower and #53P Manager, are Ability Tiles: they live in
`engine/abilities.py` with the others.
"""

from __future__ import annotations

from ...errors import IllegalMove, IncompleteRecord
from .. import townland
from ..construction import (
    FEE_BASE,
    FEE_PER_RESIDENT,
    check_site,
    participation_fee,
    place_building_token,
)
from ..game import Game, plural, required
from ..records import Crowdfunding, Step
from ..state import MUNICIPALITY, Building, PlayerState
from ..tiles import TimeCost
from ..turnstate import TurnContext
from .trade import counterclockwise_from

MIN_PLEDGE = 30  # R-A52P-02
MUNICIPAL_PLEDGE = 30  # R-A52P-03
CROWDFUNDING_TIME = 3  # R-A52P-11
CROWDFUNDING_FAMILIES = ("commerce", "public")  # blue and yellow tokens (R-A52P-01)


# --- #52P Crowdfunding ---------------------------------------------------------------------

def crowdfunding(g: Game, p: PlayerState, move: Crowdfunding, ctx: TurnContext) -> TimeCost:
    """A Commerce or Public building started on an empty Non-residential site and built by the
    pledgers: secret pledges of at least 30 Grinies (to the bank), the Municipality's 30 + the
    Conversion Rate + a D6 rolled after the reveal; the largest human pledge places the first
    Block, then the others by pledge (the Municipality first on a tie and as many Floors as it
    has Blocks; a human 1 Block); no cubes, Workers, VPs or site bonus; pledges back to those
    who place no Block; each provider pays the Participation Fee; 3 mandatory TU
    (R-A52P-01..11, AMB-A52P-01..04, AMB-FEE-01 (a))."""
    site = required(move.site, move, "site", "the Building Site", "R-A52P-01")
    key = required(move.building, move, "building", "the Building Token chosen", "R-A52P-01")
    building = start_crowdfunded_building(g, p, site, key, move)
    pledges = read_pledges(g, p, move)
    municipal = municipal_pledge(g, move)
    for name, amount in pledges.items():  # revealed together, paid to the bank (AMB-A52P-01)
        g.pay(g.state.player(name), amount, f"Crowdfunding pledge of {amount} Grinies",
              "R-A52P-02", move.at("pledges", name))
    providers = block_providers(g, p, building, pledges, municipal, move)
    for name in providers:
        place_crowdfunded_block(g, building, name, move)
    for name, amount in pledges.items():
        if name not in providers:
            g.earn(g.state.player(name), amount, "Crowdfunding pledge back (no Block placed)",
                   "R-A52P-09")
    return TimeCost(CROWDFUNDING_TIME, mandatory=True)


def start_crowdfunded_building(g: Game, p: PlayerState, site: str, key: str,
                               move: Crowdfunding) -> Building:
    """The initiator's Commerce or Public token on an empty Non-residential site on a
    Construction or Completed Road (R-A52P-01, AMB-A52P-03)."""
    town = g.state.townland
    check_site(g, site, "R-A52P-01", move.at("site"))
    spec = townland.site_spec(g.ed, town, site)
    if spec.kind != "nonresidential":
        raise IllegalMove("R-A52P-01", f"{site} is a {spec.kind} site; Crowdfunding builds on a "
                          "Non-residential site.", move.at("site"))
    if site in town.buildings:
        raise IllegalMove("R-A52P-01", f"{site} is not empty: a "
                          f"{g.ed.buildings[town.buildings[site].building].name} stands there.",
                          move.at("site"))
    if not townland.is_buildable(g.ed, town, site):
        road = townland.site_road(g.ed, town, site)
        raise IllegalMove("R-A52P-01", f"{site} hangs on {road}, a "
                          f"{townland.road_stage(g.ed, town, road)} road; it needs a "
                          "Construction or Completed Road.", move.at("site"))
    btype = g.ed.buildings.get(key)
    if btype is None or btype.family not in CROWDFUNDING_FAMILIES:
        raise IllegalMove("R-A52P-01", f"Crowdfunding builds a Commerce or Public building "
                          f"(blue or yellow token); '{key}' is not one.", move.at("building"))
    return place_building_token(g, site, key, move.at("building"))


def read_pledges(g: Game, p: PlayerState, move: Crowdfunding) -> dict[str, int]:
    """Pledges of at least 30 Grinies, within the pledger's money, by players still playing;
    the initiator's is required (R-A52P-02); 0 or absent: no pledge."""
    recorded = move.pledges
    pledges: dict[str, int] = {}
    names = [q.name for q in g.state.players]
    for entry in recorded or ():
        name, amount = entry.key, entry.value
        path = move.at("pledges", name)
        if name not in names:
            raise IllegalMove("R-A52P-02", f"'{name}' is not a player.", path)
        if amount == 0:
            continue
        q = g.state.player(name)
        if q.finished:
            raise IllegalMove("R-A52P-02", f"{name} has finished the game and cannot pledge.",
                              path)
        if amount < MIN_PLEDGE:
            raise IllegalMove("R-A52P-02", f"a pledge is at least {MIN_PLEDGE} Grinies; {name} "
                              f"pledges {amount}.", path)
        if amount > q.money:
            raise IllegalMove("R-A52P-02", f"{name} pledges {amount} Grinies but holds "
                              f"{q.money}.", path)
        pledges[name] = amount
    if p.name not in pledges:
        raise IllegalMove("R-A52P-02", f"the Initiator must pledge at least {MIN_PLEDGE} "
                          f"Grinies; the log records no pledge by {p.name}.", move.at("pledges")
                          if recorded is not None else move.path)
    return pledges


def municipal_pledge(g: Game, move: Crowdfunding) -> int | None:
    """The Municipality joins with at least 1 orange Block, never with 6 players: 30 + the
    current Conversion Rate (5-8) + the D6 rolled after the reveal (R-A52P-03, R-A52P-04,
    R-MUNI-08, AMB-A52P-02). None when it does not join."""
    joins = g.state.municipality and g.state.supply.orange_blocks > 0
    roll: int | None = g.outcome(move, "roll", lambda c: c.choice(range(1, 7))) if joins \
        else move.roll
    if not joins:
        if roll is not None:
            raise IllegalMove("R-A52P-03", "the Municipality does not take part (no orange "
                              "Block left, or a 6-player game): no D6 is rolled.",
                              move.at("roll"))
        return None
    if roll is None:
        raise IncompleteRecord("R-A52P-04", "the Municipality takes part: the log must record "
                               "the D6 rolled after the reveal ('roll').", move.at("roll"))
    if roll not in range(1, 7):
        raise IllegalMove("R-A52P-04", f"a D6 shows 1 to 6; the log says {roll}.",
                          move.at("roll"))
    return MUNICIPAL_PLEDGE + g.state.ring.conversion_rate + roll


def block_providers(g: Game, p: PlayerState, building: Building, pledges: dict[str, int],
                    municipal: int | None, move: Crowdfunding) -> list[str]:
    """Who places each Floor, bottom up: the human with the largest pledge who has a Block,
    then the others by pledge, the Municipality first on a tie and then filling Floors while
    its Blocks last, humans tied as at an Auction (counterclockwise from the initiator);
    a human places 1 Block at most (R-A52P-05..07, AMB-A52P-04)."""
    seat = {name: i for i, name in enumerate(counterclockwise_from(g, p.name))}
    humans = sorted((name for name in pledges if g.state.player(name).blocks > 0),
                    key=lambda name: (-pledges[name], seat[name]))
    if not humans:
        raise IllegalMove("R-A52P-05", "no human pledger has a Building Block left to place "
                          "the first Block.", move.at("pledges"))
    order: list[tuple[int, int, int, str]] = [(-pledges[n], 1, seat[n], n) for n in humans[1:]]
    if municipal is not None:
        order.append((-municipal, 0, 0, MUNICIPALITY))
    providers = [humans[0]]
    orange = g.state.supply.orange_blocks
    for *_, name in sorted(order):
        free = building.floors - len(providers)
        if free <= 0:
            break
        if name == MUNICIPALITY:
            providers += [MUNICIPALITY] * min(free, orange)
        else:
            providers.append(name)
    return providers


def place_crowdfunded_block(g: Game, building: Building, name: str,
                            move: Crowdfunding) -> None:
    """One Floor: the provider's Block (or an orange one), after the Participation Fee to the
    land owner where it applies; the Municipality pays it once per building, from the bank;
    no cubes, no Worker, no VPs, no site bonus, no fourth Worker (R-A52P-08, R-A52P-10,
    R-FEE-06, AMB-FEE-01 (a), AMB-SBON-01, AMB-BLD-03)."""
    btype = g.ed.buildings[building.building]
    floor = len(building.blocks)
    cause = f"Floor {floor + 1} of the {btype.name} at {building.site} (Crowdfunding)"
    pay_crowdfunding_fee(g, building, name, move)
    if name == MUNICIPALITY:
        g.state.supply.orange_blocks -= 1
    else:
        q = g.state.player(name)
        g.ledger.record(g.state, q, "blocks", -1, cause, "R-A52P-06", building.site)
    building.blocks.append(name)
    building.by_build_action.append(False)


def pay_crowdfunding_fee(g: Game, building: Building, name: str,
                         move: Crowdfunding) -> None:
    """The Participation Fee to the Parcel's owner for a provider without a Block there yet;
    nothing on a Municipal Parcel or on the provider's own (R-A52P-10, R-FEE-01..05,
    AMB-FEE-01 (a))."""
    if name in building.blocks:
        return
    owner = g.state.townland.owners.get(building.site.split(".")[0], MUNICIPALITY)
    if owner in (name, MUNICIPALITY):
        return
    living = g.state.residents_living()
    fee = participation_fee(living)
    how = f"({FEE_BASE} + {FEE_PER_RESIDENT} x {plural(living, 'resident')})"
    if name == MUNICIPALITY:
        g.earn(g.state.player(owner), fee, f"Participation Fee from the Municipality for its "
               f"Crowdfunding Blocks at {building.site}", "R-A52P-10")
        return
    g.pay(g.state.player(name), fee, f"the Participation Fee to {owner} {how}", "R-A52P-10",
          move.at("pledges", name), to=owner,
          received=f"the Participation Fee from {name} {how}")


def a_site_to_crowdfund(g: Game, p: PlayerState, step: Step) -> None:
    """#52P: an empty Non-residential site on a Construction or Completed Road, and a Commerce
    or Public Building Token left for it (R-A52P-01, R-GEN-09)."""
    town = g.state.townland
    sites = [s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings
             and townland.site_spec(g.ed, town, s).kind == "nonresidential"]
    tokens = [k for k, n in g.state.supply.tokens.items() if n > 0
              and g.ed.buildings[k].family in CROWDFUNDING_FAMILIES
              and (g.state.four_plus or not g.ed.buildings[k].four_plus)]
    if not sites or not tokens:
        what = "no empty Non-residential site is on a Construction or Completed Road" \
            if not sites else "no Commerce or Public Building Token is left"
        raise IllegalMove("R-A52P-01", f"{what}: Crowdfunding cannot be chosen.",
                          step.at("tile"))
