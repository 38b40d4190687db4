"""#03 Build Floor and #04 Build Floor (at a premium), with the Building Site Bonus, the
Additional Site Actions and exactly one Associated Build Action (Player's Turn steps 3-5)."""

from __future__ import annotations

from typing import TypeVar

from ...errors import IllegalMove, Path
from .. import townland
from ..construction import build_floor, ways_to_discard
from ..exploring import explore
from ..game import Game, cube_counts, describe_cubes, required
from ..records import (
    AdditionalFloor,
    BonusChoice,
    BonusExplore,
    BonusPlant,
    BonusRandom,
    BonusRoad,
    BuildFloor,
    ConnectedRoad,
    Cubes,
    SiteBonus,
)
from ..residents import COMPENSATION, sell_house
from ..roads import ROAD_CONCRETE, advance_road_track, complete_road
from ..state import PlayerState
from ..tiles import TimeCost
from ..trees import plant_as_site_action
from ..turnstate import TurnContext

PREMIUM = 3  # R-A04-01
ADDITIONAL_FLOOR, CONNECTED_ROAD, SELL_THE_HOUSE = 25, 10, 15  # R-ABA-03..05
B = TypeVar("B")


def build(g: Game, p: PlayerState, move: BuildFloor, ctx: TurnContext, *,
          premium: bool) -> TimeCost:
    """Build one Floor; Time Cost 1 TU per cube spent on it (R-A03-02..04, R-A04-01..03)."""
    if premium:
        g.pay(p, PREMIUM, "the premium of Build Floor (#04)", "R-A04-01", move.path)
    site = required(move.site, move, "site", "the Building Site",
                    "R-A04-02" if premium else "R-A03-02")
    first = site not in g.state.townland.buildings
    spent = build_floor(g, p, move, site, by_build_action=True)
    if first:
        site_bonus(g, p, move, ctx, site)
    elif move.site_bonus is not None:
        raise IllegalMove("R-SBON-01", "only the first Floor on a site collects its bonus.",
                          move.at("site_bonus"))
    associated_build_action(g, p, move, ctx, site)
    return TimeCost(spent)


def site_bonus(g: Game, p: PlayerState, move: BuildFloor, ctx: TurnContext,
               site: str) -> None:
    """Step 4: collect the Building Site Bonus or perform the Additional Site Action
    (R-SBON-01..05, R-SACT-01..05); all optional."""
    spec = townland.site_spec(g.ed, g.state.townland, site)
    choice = move.site_bonus
    bonus = spec.bonus
    if bonus is None:
        if choice is not None:
            raise IllegalMove("R-SBON-01", f"{site} has no Building Site Bonus.",
                              move.at("site_bonus"))
        return
    if choice is not None and choice.word == "declined":
        return
    kind = bonus.kind
    if choice is not None and choice.word is not None and choice.word != kind:
        raise IllegalMove("R-SBON-01", f"the bonus of {site} is '{kind}', not "  # 'repeat'
                          f"'{choice.word}'.", move.at("site_bonus"))
    chosen = [c.KEY for c in choice.choices] if choice is not None else []
    taken = ("random", "choice") if kind == "resources" else (kind,)
    if choice is not None and choice.word is None and not set(chosen) & set(taken):
        named = f"'{chosen[0]}'" if chosen else "nothing"
        raise IllegalMove("R-SBON-01", f"the bonus of {site} is '{kind}', not {named}.",
                          move.at("site_bonus"))
    extra = [k for k in chosen if k not in taken]
    if extra:  # a site has one bonus
        raise IllegalMove("R-SBON-01", f"{site} has one bonus, '{kind}'; the log also records "
                          f"'{extra[0]}'.", move.at("site_bonus", extra[0]))
    cause = f"site bonus at {site}"
    if kind == "vp":
        g.gain_vp(p, bonus.amount, cause, "R-SBON-04")
    elif kind == "money":
        g.earn(p, bonus.amount, cause, "R-SBON-04")
    elif kind == "trees":
        g.take_trees(p, 2, cause, "R-SBON-05")
    elif kind == "repeat":
        ctx.repeats_earned += 1
    elif choice is None:
        return  # an Additional Site Action not taken
    elif kind == "resources":
        resource_bonus(g, p, choice, cause)
    elif kind == "plant":
        planted = _chosen(choice, BonusPlant)
        plant_as_site_action(g, p, list(planted.spots), planted.at())
    elif kind == "road":
        road = _chosen(choice, BonusRoad)
        complete_road(g, p, road.road, road.at(), pay_concrete=False, rule="R-SACT-03")
    elif kind == "explore":
        explore(g, p, _chosen(choice, BonusExplore).explore, owner=None, cause=cause,
                rule="R-SACT-04")


def _chosen(bonus: SiteBonus, kind: type[B]) -> B:
    """The choice of that kind the site bonus records (the one it has: checked before)."""
    return next(c for c in bonus.choices if isinstance(c, kind))


def resource_bonus(g: Game, p: PlayerState, bonus: SiteBonus, cause: str) -> None:
    """2 random Resources, or 1 of your choice, from the pouch (R-SBON-03)."""
    chosen = next((c for c in bonus.choices if isinstance(c, BonusChoice)), None)
    drawn_at = next((c for c in bonus.choices if isinstance(c, BonusRandom)), None)
    if chosen is not None and drawn_at is not None:
        raise IllegalMove("R-SBON-03", "the Resources bonus is 2 random Resources or 1 of your "
                          "choice, not both: the log records 'random' and 'choice'.",
                          drawn_at.at())
    if chosen is not None:
        g.draw_from_pouch(p, cube_counts([chosen.cube]), cause, "R-SBON-03", chosen.at())
        return
    pouch = g.state.supply.pouch
    expected = min(2, sum(pouch.values()))
    cubes: Cubes | None = None if drawn_at is None else g.outcome(
        drawn_at, "random", lambda c: c.cubes(dict(pouch), expected))
    drawn = cubes.as_list() if cubes is not None else []
    where = drawn_at.at() if drawn_at is not None else bonus.at("random")
    if len(drawn) != expected:
        raise IllegalMove("R-SBON-03", f"the bonus draws {expected} random Resources; the log "
                          f"records {len(drawn)}.", where)
    g.draw_from_pouch(p, cube_counts(drawn), cause, "R-SBON-03", where)


def associated_build_action(g: Game, p: PlayerState, move: BuildFloor, ctx: TurnContext,
                            site: str) -> None:
    """Step 5: at most one of Additional Floor (25), Connected Road (10), Sell the House (15)
    (R-ABA-01..07)."""
    chosen = move.associated
    if chosen is None:
        return
    if len(chosen.actions) != 1:
        named = " and ".join(a.KEY for a in chosen.actions) or "none"
        raise IllegalMove("R-ABA-02", "at most one Associated Build Action follows a Build "
                          f"action; the log records {named}.", move.at("associated"))
    inner = chosen.actions[0]
    if isinstance(inner, AdditionalFloor):
        check_payable(g, p, "Build Additional Floor", ADDITIONAL_FLOOR,
                      floor_cubes_held(g, p, site), inner.path)
        g.pay(p, ADDITIONAL_FLOOR, "Build Additional Floor", "R-ABA-03", inner.path)
        build_floor(g, p, inner, site, by_build_action=True)
    elif isinstance(inner, ConnectedRoad):
        road = townland.connected_road(g.ed, g.state.townland, site)
        named_road = inner.road if inner.road is not None else road
        if named_road != road:
            part = townland.section_of_access_road(named_road) == road
            why = (f" (an Access Road is part of its tile's Road Section {road} and takes no "
                   "road token)") if part else ""
            raise IllegalMove("R-ABA-04", f"the Connected Road of {site} is {road}, not "
                              f"{named_road}{why}.", inner.at("road"))
        if road in townland.ROADS and \
                townland.road_stage(g.ed, g.state.townland, road) == "construction":
            check_payable(g, p, "Build Connected Road", CONNECTED_ROAD,  # else R-RDB-02/03
                          p.cubes["concrete"] >= ROAD_CONCRETE, inner.path,
                          f"{ROAD_CONCRETE} concrete for the Road")
        g.pay(p, CONNECTED_ROAD, "Build Connected Road", "R-ABA-04", inner.path)
        complete_road(g, p, road, inner.path, pay_concrete=True, rule="R-ABA-04")
        ctx.repeats_earned += advance_road_track(g, p, inner)
    else:
        building = g.state.townland.buildings[site]
        if building.building != "house" or not building.finished:
            raise IllegalMove("R-ABA-05", "Sell the House follows only the Floor that "
                              "finishes a House.", inner.path)
        others = [o for o in building.participants() if o != p.name]
        check_payable(g, p, "Sell the House", SELL_THE_HOUSE + COMPENSATION * len(others),
                      True, inner.path, "", f" ({SELL_THE_HOUSE} Grinies and {COMPENSATION} of "
                      f"Compensation to each co-builder: {', '.join(others)})" if others else "")
        g.pay(p, SELL_THE_HOUSE, "Sell the House (associated)", "R-ABA-05", inner.path)
        sale = inner.sale
        resident = required(sale.resident, sale, "resident", "the Resident moving in",
                            "R-ABA-05")
        sell_house(g, p, site, resident, sale, inner.path, "R-ABA-05")


def floor_cubes_held(g: Game, p: PlayerState, site: str) -> bool:
    """Whether `p` holds the cubes of the next Floor at `site` (R-BLD-07; a finished building
    is judged by its own rule, R-BLD-11)."""
    b = g.state.townland.buildings.get(site)
    if b is None or b.finished:
        return True
    return bool(ways_to_discard(g, p, g.ed.buildings[b.building], len(b.blocks)))


def check_payable(g: Game, p: PlayerState, action: str, money: int, cubes: bool, path: Path,
                  cubes_named: str = "the cubes of the next Floor", how: str = "") -> None:
    """R-ABA-07: every cost of the Associated Build Action (its fee, resources and
    compensation) must be payable, otherwise it may not be taken."""
    if p.money < money:  # leniently applied as recorded, as any payment (`Game.pay`)
        g.soft(IllegalMove("R-ABA-07", f"{action} costs {money} Grinies{how}; {p.name} holds "
                           f"{p.money}: an Associated Build Action that cannot be paid may not "
                           "be taken.", path))
    if not cubes:
        raise IllegalMove("R-ABA-07", f"{action} needs {cubes_named}; {p.name} holds "
                          f"{describe_cubes(p.cubes)}: an Associated Build Action that cannot be "
                          "paid may not be taken.", path)
