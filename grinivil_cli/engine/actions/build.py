"""#03 Build Floor and #04 Build Floor (at a premium), with the Building Site Bonus, the
Additional Site Actions and exactly one Associated Build Action (Player's Turn steps 3-5)."""

from __future__ import annotations

from ...errors import IllegalMove
from .. import townland
from ..construction import build_floor
from ..exploring import explore
from ..game import Game, Rec, cube_counts, cube_list
from ..residents import sell_house
from ..ring import TurnContext
from ..roads import advance_road_track, complete_road
from ..state import PlayerState
from ..tiles import TimeCost
from ..trees import plant_as_site_action

PREMIUM = 3  # R-A04-01
ADDITIONAL_FLOOR, CONNECTED_ROAD, SELL_THE_HOUSE = 25, 10, 15  # R-ABA-03..05


def build(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext, *, premium: bool) -> TimeCost:
    """Build one Floor; Time Cost 1 TU per cube spent on it (R-A03-02..04, R-A04-01..03)."""
    if premium:
        g.pay(p, PREMIUM, "the premium of Build Floor (#04)", "R-A04-01", rec.path)
    site = rec.require("site", "the Building Site", "R-A03-02")
    first = site not in g.state.townland.buildings
    spent = build_floor(g, p, rec, site, by_build_action=True, cubes_from=rec)
    if first:
        site_bonus(g, p, rec, ctx, site)
    elif rec.has("site_bonus"):
        raise IllegalMove("R-SBON-01", "only the first Floor on a site collects its bonus.",
                          rec.at("site_bonus"))
    associated_build_action(g, p, rec, ctx, site)
    return TimeCost(spent)


def site_bonus(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext, site: str) -> None:
    """Step 4: collect the Building Site Bonus or perform the Additional Site Action
    (R-SBON-01..05, R-SACT-01..05); all optional."""
    spec = townland.site_spec(g.ed, g.state.townland, site)
    choice = rec.get("site_bonus")
    bonus = spec.bonus
    if bonus is None:
        if choice is not None:
            raise IllegalMove("R-SBON-01", f"{site} has no Building Site Bonus.",
                              rec.at("site_bonus"))
        return
    if choice == "declined":
        return
    if isinstance(choice, str) and choice != bonus.kind:  # e.g. 'repeat' on a money site
        raise IllegalMove("R-SBON-01", f"the bonus of {site} is '{bonus.kind}', not "
                          f"'{choice}'.", rec.at("site_bonus"))
    sub, path, cause = rec.sub("site_bonus"), rec.at("site_bonus"), f"site bonus at {site}"
    kind = bonus.kind
    if isinstance(choice, dict) and kind not in choice and not (
            kind == "resources" and ("random" in choice or "choice" in choice)):
        raise IllegalMove("R-SBON-01", f"the bonus of {site} is '{kind}', not "
                          f"'{next(iter(choice))}'.", path)
    extra = [k for k in choice if k not in (("random", "choice") if kind == "resources"
                                            else (kind,))] if isinstance(choice, dict) else []
    if extra:  # a site has one bonus
        raise IllegalMove("R-SBON-01", f"{site} has one bonus, '{kind}'; the log also records "
                          f"'{extra[0]}'.", rec.at("site_bonus", extra[0]))
    if kind == "vp":
        g.gain_vp(p, bonus.amount, cause, "R-SBON-04")
    elif kind == "money":
        g.earn(p, bonus.amount, cause, "R-SBON-04")
    elif kind == "trees":
        g.take_trees(p, 2, cause, "R-SBON-05")
    elif kind == "resources" and choice is not None:
        resource_bonus(g, p, sub, cause)
    elif kind == "plant" and choice is not None:
        plant_as_site_action(g, p, list(sub.get("plant") or []), sub.at("plant"))
    elif kind == "road" and choice is not None:
        complete_road(g, p, str(sub.get("road")), sub.at("road"), pay_concrete=False,
                      rule="R-SACT-03")
    elif kind == "explore" and choice is not None:
        explore(g, p, sub.sub("explore"), owner=None, cause=cause, rule="R-SACT-04")
    elif kind == "repeat":
        ctx.repeats_earned += 1


def resource_bonus(g: Game, p: PlayerState, sub: Rec, cause: str) -> None:
    """2 random Resources, or 1 of your choice, from the pouch (R-SBON-03)."""
    if sub.has("choice") and sub.has("random"):
        raise IllegalMove("R-SBON-03", "the Resources bonus is 2 random Resources or 1 of your "
                          "choice, not both: the log records 'random' and 'choice'.",
                          sub.at("random"))
    if sub.has("choice"):
        g.draw_from_pouch(p, cube_counts([sub.get("choice")]), cause, "R-SBON-03",
                          sub.at("choice"))
        return
    drawn = cube_list(sub.get("random"))
    expected = min(2, sum(g.state.supply.pouch.values()))
    if len(drawn) != expected:
        raise IllegalMove("R-SBON-03", f"the bonus draws {expected} random Resources; the log "
                          f"records {len(drawn)}.", sub.at("random"))
    g.draw_from_pouch(p, cube_counts(drawn), cause, "R-SBON-03", sub.at("random"))


def associated_build_action(g: Game, p: PlayerState, rec: Rec, ctx: TurnContext,
                            site: str) -> None:
    """Step 5: at most one of Additional Floor (25), Connected Road (10), Sell the House (15)
    (R-ABA-01..07)."""
    chosen = rec.get("associated")
    if chosen is None:
        return
    if not isinstance(chosen, dict) or len(chosen) != 1:
        named = " and ".join(chosen) if isinstance(chosen, dict) and chosen else "none"
        raise IllegalMove("R-ABA-02", "at most one Associated Build Action follows a Build "
                          f"action; the log records {named}.", rec.at("associated"))
    sub = rec.sub("associated")
    kind = next(iter(chosen))
    inner = sub.sub(kind)
    if kind == "additional_floor":
        g.pay(p, ADDITIONAL_FLOOR, "Build Additional Floor", "R-ABA-03", inner.path)
        build_floor(g, p, Rec({"site": site}, inner.path), site, by_build_action=True,
                    cubes_from=inner)
    elif kind == "connected_road":
        road = townland.connected_road(g.ed, g.state.townland, site)
        named = inner.get("road", road)
        if named != road:
            part = isinstance(named, str) and townland.section_of_access_road(named) == road
            why = (f" (an Access Road is part of its tile's Road Section {road} and takes no "
                   "road token)") if part else ""
            raise IllegalMove("R-ABA-04", f"the Connected Road of {site} is {road}, not "
                              f"{named}{why}.", inner.at("road"))
        g.pay(p, CONNECTED_ROAD, "Build Connected Road", "R-ABA-04", inner.path)
        complete_road(g, p, road, inner.path, pay_concrete=True, rule="R-ABA-04")
        ctx.repeats_earned += advance_road_track(g, p, inner)
    elif kind == "sell_house":
        building = g.state.townland.buildings[site]
        if building.building != "house" or not building.finished:
            raise IllegalMove("R-ABA-05", "Sell the House follows only the Floor that "
                              "finishes a House.", inner.path)
        g.pay(p, SELL_THE_HOUSE, "Sell the House (associated)", "R-ABA-05", inner.path)
        resident = inner.require("resident", "the Resident moving in", "R-ABA-05")
        sell_house(g, p, site, resident, inner, inner.path, "R-ABA-05")
