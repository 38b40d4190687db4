"""The domains of building: the Building Site and Token, the Site Bonus, the Associated Build
Action and Crowdfunding's pledges (with the shortcuts judged at the choice)."""

from __future__ import annotations

from typing import Any

from ...edition.model import RESOURCES
from ...engine import townland
from ...engine.abilities import (
    architect_any_resources,
    builder_fewer_resources,
)
from ...engine.actions.promo import CROWDFUNDING_FAMILIES
from ...engine.construction import FAMILY_OF_SITE, participation_fee, ways_to_discard
from ...engine.game import Game, describe_cubes
from ...engine.records import PENDING
from ...engine.state import MUNICIPALITY, PlayerState
from ...engine.tiles import BUILD_TILES
from ..record import Ask, Raw
from . import common
from .common import (
    MIN_PLEDGE,
    count,
    one_of,
    player,
)
from .resources import seats_from


def site(ask: Ask) -> Raw:
    """The Building Site: the next Floor of an unfinished building, or a first Floor on an
    empty site on a Construction or Completed Road (R-BLD-08, R-BLD-09), for which the player
    holds the cubes (R-BLD-07); Crowdfunding, an empty one (R-A52P-01)."""
    g = ask.g
    town = g.state.townland
    empty = sorted(s for s in townland.buildable_sites(g.ed, town) if s not in town.buildings)
    if ask.tile == "crowdfunding":
        empty = [s for s in empty if townland.site_spec(g.ed, town, s).kind == "nonresidential"]
        raw = one_of(ask, "the Building Site", "R-A52P-01", empty)
        return raw.but(why_none="no empty Non-residential site is on a Construction or "
                       "Completed Road.")
    p = player(ask)
    unfinished = [s for s, b in town.buildings.items() if not b.finished]
    started = [s for s in unfinished if ways_to_discard(
        g, p, g.ed.buildings[town.buildings[s].building], len(town.buildings[s].blocks))]
    # `tokens_for(ask, s, False)` and `tokens_for(ask, s, True)` of each empty site, the
    # tokens of each kind of site found once (a search asks this in every replay of a Build)
    keys = supply_tokens(g)
    of_kind: dict[str | None, tuple[list[str], list[str]]] = {}
    payable = Payable(ask)
    with_token, empty_payable = [], []
    for s in empty:
        try:
            kind: str | None = townland.site_spec(g.ed, town, s).kind
        except KeyError:
            kind = None
        found = of_kind.get(kind)
        if found is None:
            mine = keys if kind is None else \
                [k for k in keys if g.ed.buildings[k].family in FAMILY_OF_SITE[kind]]
            found = of_kind[kind] = (mine, mine if kind is None else
                                     [k for k in mine if payable(k)])
        if found[0]:
            with_token.append(s)
            if found[1]:
                empty_payable.append(s)
    empty = empty_payable
    rule = "R-A04-02" if ask.tile == "build-floor-premium" else "R-A03-02"
    raw = one_of(ask, "the Building Site", rule, sorted(started + empty))
    if unfinished or with_token:  # a Floor to build, but not the cubes for it
        return raw.but(why_rule="R-BLD-07", why_none=f"{p.name} holds "
                       f"{describe_cubes(p.cubes)}: not the cubes of any Floor that can be "
                       "built now.")
    if not empty and not unfinished:
        waiting = [s for s in townland.all_sites(g.ed, town) if s not in town.buildings]
        if waiting and all(townland.site_road_stage(g.ed, town, s) == "half" for s in waiting):
            return raw.but(why_rule="R-ROAD-02", why_none="no building is unfinished and "
                           "every empty site hangs on a Half-road, which cannot be used: a "
                           "first Floor needs a Construction or Completed Road.")
    return raw.but(why_rule="R-BLD-08", why_none="no building is unfinished and no empty "
                   "site with a Building Token left for it is on a Construction or Completed "
                   "Road.")


def building(ask: Ask) -> Raw | None:
    """The Building Token placed on an empty site: one in the supply (R-GEN-09), of the site's
    family (R-SITE-01; Crowdfunding: Commerce or Public, R-A52P-01), ●●●●+ ones with 4 or more
    players (R-SETUP-04), whose first Floor the player holds the cubes for (R-BLD-07)."""
    g = ask.g
    where = ask.holder.get("site")
    if ask.tile in BUILD_TILES and where in g.state.townland.buildings:
        b = g.state.townland.buildings[where]
        if b.blocks:  # read again after the first Floor: already decided (`site`)
            return None
    rule = "R-A52P-01" if ask.tile == "crowdfunding" else "R-BLD-08"
    raw = one_of(ask, "the Building Token", rule, tokens_for(ask, where, ask.tile in BUILD_TILES))
    p = player(ask)
    alike = bool(cannot_pledge(ask, raw) if ask.tile == "crowdfunding" else
                 cannot_pay_the_fee(ask, raw, where) if ask.tile in BUILD_TILES else ())
    return raw.but(why_none=f"no Building Token left for {where} is one whose first "
                   f"Floor {p.name} holds the cubes for ({describe_cubes(p.cubes)}).",
                   alike=alike)


def site_at_the_choice(ask: Ask) -> Raw:
    """`site`, for a search of whether the Action can be carried out after some draw
    (`AT_THE_CHOICE`): #52P's first site when the Initiator cannot pledge (`cannot_pledge`)."""
    raw = site(ask)
    if ask.tile != "crowdfunding":
        return raw
    return raw.but(enough=cannot_pledge(ask, raw))


def building_at_the_choice(ask: Ask) -> Raw | None:
    """`building`, for a search of whether the Action can be carried out after some draw
    (`AT_THE_CHOICE`): #52P's first token when the Initiator cannot pledge (`cannot_pledge`),
    #03's and #04's when the player cannot pay the Participation Fee (`cannot_pay_the_fee`).
    (Not in the search of a turn: the planner bots count its replays, issue 16.)"""
    raw = building(ask)
    if raw is None:
        return raw
    if ask.tile == "crowdfunding":
        return raw.but(enough=cannot_pledge(ask, raw))
    if ask.tile in BUILD_TILES:
        return raw.but(enough=cannot_pay_the_fee(ask, raw, ask.holder.get("site")))
    return raw


def cannot_pay_the_fee(ask: Ask, raw: Raw, where: object) -> tuple[Any, ...]:
    """#03, #04: the token of a first Floor on another player's Parcel when the player cannot
    pay the Participation Fee (R-FEE-03): the first is `enough` (`Raw.enough`). The fee is paid
    right after the token is placed (`construction.build_floor`: `start_building`, then
    `pay_participation_fee`, nothing in between changing the money), the same for every token
    (the owner's, by the residents living); each token the domain proposes is one
    `start_building` accepts. So every record through every token dies there, after as many
    decisions and with the same message: the first token finds it first, where the search
    tried all of them (issue 28: 15 replays a site). The tokens are `alike` (`Raw.alike`)
    then; the first is `enough` in the searches of `AT_THE_CHOICE`."""
    g, p = ask.g, player(ask)
    if not common.SHORTCUTS or not raw.candidates or ask.parent is not None or \
            where in g.state.townland.buildings:
        return ()
    owner = g.state.townland.owners.get(str(where).split(".")[0], MUNICIPALITY)
    if owner in (p.name, MUNICIPALITY) or p.money >= participation_fee(
            g.state.residents_living()):
        return ()
    return raw.candidates[:1]


def cannot_pledge(ask: Ask, raw: Raw) -> tuple[Any, ...]:
    """#52P, the site and the token of an Initiator who cannot pledge (R-A52P-02): the first
    of each is `enough` (`Raw.enough`). The Initiator's pledge, 30 Grinies or more, is the
    first read after them (`pledges`) and nothing before it changes the Initiator's money
    (`start_crowdfunded_building` places the token); each site and token the domains propose
    is one `start_crowdfunded_building` accepts. So with less than 30 Grinies every record
    through every site and token dies at the pledge, after as many decisions: the first
    site and token find the same dead end first, with the same rule and message, where the
    search tried every site with every token (issue 28: 90 replays a tile list). The tokens
    are `alike` (`Raw.alike`) then, in every search; the first of each is `enough` in the
    searches of `AT_THE_CHOICE` (not in the search of a turn, whose replays the planner bots
    count, issue 16)."""
    if not common.SHORTCUTS or not raw.candidates or player(ask).money >= MIN_PLEDGE:
        return ()
    return raw.candidates[:1]


def tokens_for(ask: Ask, where: object, held: bool,
               payable: Payable | None = None) -> list[str]:
    """The Building Tokens for an empty site: in the supply (R-GEN-09), of the site's family
    (R-SITE-01; Crowdfunding: Commerce or Public, R-A52P-01), ●●●●+ ones with 4 or more players
    (R-SETUP-04); with `held`, only those whose first Floor the player holds the cubes for
    (R-BLD-07; `payable` remembers it for each token)."""
    g = ask.g
    keys = supply_tokens(g)
    if ask.tile == "crowdfunding":
        return [k for k in keys if g.ed.buildings[k].family in CROWDFUNDING_FAMILIES]
    try:
        kind = townland.site_spec(g.ed, g.state.townland, str(where)).kind
    except KeyError:
        return keys
    keys = [k for k in keys if g.ed.buildings[k].family in FAMILY_OF_SITE[kind]]
    if held:
        payable = Payable(ask) if payable is None else payable
        keys = [k for k in keys if payable(k)]
    return keys


def supply_tokens(g: Game) -> list[str]:
    """The Building Tokens left in the supply (R-GEN-09), ●●●●+ ones with 4 or more players
    (R-SETUP-04), sorted."""
    return sorted(k for k, n in g.state.supply.tokens.items() if n > 0
                  and (g.state.four_plus or not g.ed.buildings[k].four_plus))


class Payable:
    """Which tokens' first Floor the player on turn holds the cubes for (R-BLD-07), found once
    each in one domain's call, with what the answer reads of the player (`first_floor_held`)."""

    def __init__(self, ask: Ask) -> None:
        g, p = ask.g, player(ask)
        self.g, self.p = g, p
        self.held = (architect_any_resources(g, p), builder_fewer_resources(g, p),
                     tuple(p.cubes[r] for r in RESOURCES))
        self.known: dict[str, bool] = {}

    def __call__(self, key: str) -> bool:
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = first_floor_held(self.g, self.p, self.g.ed.buildings[key],
                                                       self.held)
        return found


def first_floor_held(g: Game, p: PlayerState, btype: Any, held: Any) -> bool:
    """`construction.ways_to_discard` finds a way to pay the first Floor of `btype`: it reads
    the Floor's cost, the Architect and the Builder (#19, #21) and the cubes held (`held`), so
    the answer is kept by them (the domains of a Build ask it for every token in every
    replay)."""
    cost = btype.floors[0].cost
    key = (tuple(cost.get(r, 0) for r in RESOURCES), held)
    found = _FIRST_FLOOR.get(key)
    if found is None:
        if len(_FIRST_FLOOR) > 4096:
            _FIRST_FLOOR.clear()
        found = _FIRST_FLOOR[key] = bool(ways_to_discard(g, p, btype, 0))
    return found


_FIRST_FLOOR: dict[tuple[Any, ...], bool] = {}  # `first_floor_held`'s answers


def site_bonus(ask: Ask) -> Raw | None:
    """The Building Site Bonus of a first Floor, taken or declined (R-SBON-01..05,
    R-SACT-01..05): VPs, Grinies, Trees and a Repeat Action are taken unless declined; the
    others are taken by recording the choice."""
    g, p = ask.g, player(ask)
    where = str(ask.action.get("site"))
    b = g.state.townland.buildings.get(where)
    if b is None or b.blocks != [p.name]:
        return None  # not a first Floor: no bonus (R-SBON-01)
    bonus = townland.site_spec(g.ed, g.state.townland, where).bonus
    if bonus is None:
        return None
    options: list[object] = ["declined"]
    if bonus.kind == "resources":
        options += [{"choice": PENDING}, {"random": PENDING}]
    elif bonus.kind == "plant":
        options.append({"plant": PENDING})
    elif bonus.kind == "road":
        options.append({"road": PENDING})
    elif bonus.kind == "explore":
        options.append({"explore": {}})
    return one_of(ask, f"the Building Site Bonus ({bonus.kind})", "R-SBON-02", options,
                  optional=True)


def associated(ask: Ask) -> Raw:
    """At most one Associated Build Action (R-ABA-01..05)."""
    return one_of(ask, "the Associated Build Action", "R-ABA-02",
                  [{"additional_floor": {}}, {"connected_road": {}}, {"sell_house": {}}],
                  optional=True)


def pledges(ask: Ask) -> Raw | None:
    """#52P: secret pledges, the Initiator first: 30 to all the Initiator holds, nothing or 30
    to all they hold for the others still playing (R-A52P-02). An interval: both ends
    judged."""
    g, p = ask.g, player(ask)
    chosen = ask.value if isinstance(ask.value, dict) else {}
    todo = [q for q in seats_from(g, p) if not q.finished and q.name not in chosen]
    if not todo:
        return None
    q = todo[0]
    raw = count(ask, f"{q.name}'s pledge", "R-A52P-02", MIN_PLEDGE, q.money, scan="ends",
                path=ask.path + (q.name,), also_zero=q is not p)
    return raw if raw.ranges else raw.but(why_none=(
        f"{q.name} holds {common.grinies(q.money)}: the Initiator pledges at least "
        f"{MIN_PLEDGE} Grinies."))
