"""Construction: Floors, the Participation Fee, the Worker at the site, the fourth Worker
(rulebook: Construction; Floor Construction)."""

from __future__ import annotations

import itertools

from ..edition.model import RESOURCES, BuildingType
from ..errors import IllegalMove, IncompleteRecord, Path
from . import abilities, townland
from .game import Game, describe_cubes, plural
from .records import AdditionalFloor, BuildFloor, Cubes
from .state import MUNICIPALITY, Building, PlayerState

FEE_BASE, FEE_PER_RESIDENT, FEE_MAX = 5, 3, 20  # R-FEE-03
FAMILY_OF_SITE = {"residential": ("house",), "nonresidential": ("commerce", "public")}


def participation_fee(residents_living: int) -> int:
    """5 Grinies plus 3 per Resident living in Grinivil, at most 20 (R-FEE-03)."""
    return min(FEE_BASE + FEE_PER_RESIDENT * residents_living, FEE_MAX)


def check_site(g: Game, site: str, rule: str, path: Path) -> None:
    """The site exists on a placed tile."""
    try:
        townland.site_spec(g.ed, g.state.townland, site)
    except KeyError:
        slot = site.split(".")[0]
        tile = g.state.townland.tiles.get(slot)
        known = ""
        if tile is not None:
            keys = ", ".join(f"{slot}.{s.key}" for s in g.ed.land_tiles[tile].sites)
            known = f" (the tile at {slot} has {keys})" if keys else ""
        where = f"no tile is placed at {slot}" if tile is None else "no such Building Site"
        raise IllegalMove(rule, f"{site}: {where}{known}.", path) from None


def building_type(g: Game, key: str) -> BuildingType:
    return g.ed.buildings[key]


def start_building(g: Game, p: PlayerState, site: str, key: str | None,
                   move: BuildFloor | AdditionalFloor) -> Building:
    """First Floor: an empty site on a Construction or Completed Road, a Building Token of the
    site's kind (R-BLD-08, R-SITE-01, R-SITE-04, R-ROAD-02)."""
    town = g.state.townland
    spec = townland.site_spec(g.ed, town, site)
    if not townland.is_buildable(g.ed, town, site):
        road = townland.site_road(g.ed, town, site)
        stage = townland.road_stage(g.ed, town, road)
        if stage == "half":  # "you cannot build on sites attached to it" (R-ROAD-02)
            raise IllegalMove("R-ROAD-02", f"{site} hangs on {road}, a Half-road, which cannot "
                              "be used: a first Floor needs a Construction or Completed Road.",
                              move.at("site"))
        raise IllegalMove("R-BLD-08", f"{site} hangs on {road}, a {stage} road; a first Floor "
                          "needs a Construction or Completed Road.", move.at("site"))
    if key is None:
        raise IncompleteRecord("R-BLD-08", f"{site} is empty: the log must name the building "
                               "started there ('building').", move.at("building"))
    btype = building_type(g, key)
    if btype.family not in FAMILY_OF_SITE[spec.kind]:
        raise IllegalMove("R-SITE-01", f"{site} is a {spec.kind} site; a {btype.name} "
                          f"({btype.family}) cannot be built there.", move.at("building"))
    return place_building_token(g, site, key, move.at("building"))


def place_building_token(g: Game, site: str, key: str, path: Path) -> Building:
    """Take the Building Token from the supply and start the building at `site`: ●●●●+ tokens
    only with 4 or more players (R-SETUP-04, AMB-SETUP-02), none when none is left
    (R-GEN-09)."""
    btype = building_type(g, key)
    if btype.four_plus and not g.state.four_plus:
        raise IllegalMove("R-SETUP-04", f"{btype.name} tokens are marked ●●●●+ and are not "
                          "used with 2-3 players.", path)
    if g.state.supply.tokens.get(key, 0) < 1:
        raise IllegalMove("R-GEN-09", f"no {btype.name} Building Token is left in the supply.",
                          path)
    g.state.supply.tokens[key] -= 1
    building = Building(site=site, building=key, floors=len(btype.floors))
    g.state.townland.buildings[site] = building
    return building


def floor_cubes(g: Game, p: PlayerState, btype: BuildingType, floor: int, given: Cubes | None,
                path: Path) -> dict[str, int]:
    """The cubes discarded for a Floor: as printed, any types with Architect (R-A19-01), one
    fewer with Builder (R-A21-01, AMB-A21-01)."""
    cost = btype.floors[floor].cost
    architect = abilities.architect_any_resources(g, p)  # #19
    fewer = abilities.builder_fewer_resources(g, p)  # #21
    builder = fewer > 0
    count = sum(cost.values()) - fewer
    if given is None:
        single_type = sum(1 for n in cost.values() if n) == 1
        if architect or (builder and not single_type):
            raise IncompleteRecord("R-BLD-07", f"with {'Architect' if architect else 'Builder'} "
                                   "the choice of cubes is the builder's: the log must record "
                                   "'cubes'.", path, field="cubes")
        spent = dict(cost)
        if builder:
            only = next(r for r, n in cost.items() if n)
            spent[only] -= fewer
        return {r: spent.get(r, 0) for r in RESOURCES}
    spent = given.counts()
    full = sum(cost.values())
    if sum(spent.values()) not in (full, count):  # Builder *can* discard one less
        or_fewer = f", or {count} with the Builder" if builder else ""
        raise IllegalMove("R-BLD-07", f"Floor {floor + 1} of the {btype.name} needs {full} "
                          f"cubes ({describe_cubes(cost)}){or_fewer}; the log records "
                          f"{describe_cubes(spent)}.", path)
    if not architect and any(spent[r] > cost.get(r, 0) for r in RESOURCES):
        raise IllegalMove("R-BLD-07", f"Floor {floor + 1} of the {btype.name} needs "
                          f"{describe_cubes(cost)}; {describe_cubes(spent)} do not match "
                          "(only Architect allows other Resources).", path)
    return spent


def ways_to_discard(g: Game, p: PlayerState, btype: BuildingType,
                    floor: int) -> list[dict[str, int]]:
    """Every set of cubes `p` holds that `floor_cubes` accepts for the Floor (the printed cost,
    or the choices the Architect and the Builder leave, R-BLD-07, R-A19-01, R-A21-01)."""
    architect = abilities.architect_any_resources(g, p)
    fewer = abilities.builder_fewer_resources(g, p)
    if not (architect or fewer):
        printed = floor_cubes(g, p, btype, floor, None, ())  # no choice: the printed cost
        return [printed] if all(p.cubes[r] >= n for r, n in printed.items()) else []
    # the answer depends on these only (`floor_cubes` reads the abilities, the cost, the
    # cubes): kept, since the search of a turn asks it for every site in every replay
    cost = btype.floors[floor].cost
    key = (tuple(cost.get(r, 0) for r in RESOURCES), architect, fewer,
           tuple(p.cubes[r] for r in RESOURCES))
    found = _WAYS.get(key)
    if found is not None:
        return list(found)
    out = []
    for held in itertools.product(*(range(p.cubes[r] + 1) for r in RESOURCES)):
        spent = dict(zip(RESOURCES, held, strict=True))
        try:
            floor_cubes(g, p, btype, floor, Cubes.counted(spent), ())
        except IllegalMove:
            continue
        out.append(spent)
    if len(_WAYS) > 4096:
        _WAYS.clear()
    _WAYS[key] = tuple(out)
    return out


_WAYS: dict[tuple[object, ...], tuple[dict[str, int], ...]] = {}  # `ways_to_discard` answers


def pay_participation_fee(g: Game, p: PlayerState, building: Building, path: Path) -> None:
    """Building on a site where you have no Block yet, on another player's Parcel, costs the
    Participation Fee to that owner; nothing on a Municipal Parcel (R-FEE-01..05, R-MUNI-03)."""
    if p.name in building.blocks:
        return
    owner = g.state.townland.owners.get(building.site.split(".")[0], MUNICIPALITY)
    if owner in (p.name, MUNICIPALITY):
        return
    living = g.state.residents_living()
    fee = participation_fee(living)
    how = (f"({FEE_BASE} + {FEE_PER_RESIDENT} x {plural(living, 'resident')}"
           f"{', max 20' if fee == FEE_MAX else ''})")
    g.pay(p, fee, f"the Participation Fee to {owner} {how}", "R-FEE-03", path,
          to=owner, received=f"the Participation Fee from {p.name} {how}")


def build_floor(g: Game, p: PlayerState, move: BuildFloor | AdditionalFloor, site: str, *,
                by_build_action: bool) -> int:
    """Build one Floor at `site` (R-BLD-05..10): fee, cubes (the record's `cubes`, read when
    they are discarded), Block, Token (a Build Floor's `building`), VPs, Worker. Returns the
    number of cubes spent (the Build action's Time Units, R-A03-04)."""
    town = g.state.townland
    check_site(g, site, "R-BLD-08", move.at("site"))
    building = town.buildings.get(site)
    new = building is None
    if building is not None:
        if building.finished:
            raise IllegalMove("R-BLD-11", f"the {g.ed.buildings[building.building].name} at "
                              f"{site} is finished; no Floor can be added.", move.at("site"))
        named = move.building if isinstance(move, BuildFloor) else None
        if named is not None and named != building.building:
            raise IllegalMove("R-BLD-09", f"{site} holds a "
                              f"{g.ed.buildings[building.building].name}, not a "
                              f"{g.ed.buildings[named].name}.", move.at("building"))
    else:
        building = start_building(g, p, site, move.building if isinstance(move, BuildFloor)
                                  else None, move)
    btype = building_type(g, building.building)
    floor = len(building.blocks)
    pay_participation_fee(g, p, building, move.at("site"))
    cubes = move.cubes
    spent = floor_cubes(g, p, btype, floor, cubes, move.at("cubes"))
    g.discard_to_pouch(p, spent, f"Floor {floor + 1} of the {btype.name}", "R-BLD-07",
                       move.at("cubes") if cubes is not None else move.path)
    if p.blocks < 1:
        raise IllegalMove("R-GEN-09", f"{p.name} has no Building Block left.", move.path)
    g.ledger.record(g.state, p, "blocks", -1, f"Floor {floor + 1} of the {btype.name} at "
                    f"{site}", "R-BLD-08" if new else "R-BLD-09", site)
    building.blocks.append(p.name)
    building.by_build_action.append(by_build_action)
    g.gain_vp(p, btype.floors[floor].vp, f"Floor {floor + 1} of the {btype.name}", "R-BLD-07")
    place_worker_at_site(g, p, building, move.path)
    if building.finished and btype.family == "public":
        give_public_builders_fourth_worker(g, building)
    return sum(spent.values())


def place_worker_at_site(g: Game, p: PlayerState, building: Building, path: Path) -> None:
    """A Worker from the Portfolio goes next to the site unless one is there (R-BLD-10)."""
    if p.name in building.workers:
        return
    if g.free_workers(p) < 1:
        raise IllegalMove("R-BLD-10", f"{p.name} has no free Worker to place at "
                          f"{building.site}.", path)
    building.workers.append(p.name)
    g.worker_moved(p, 1, f"Worker placed at {building.site}", "R-BLD-08")


def give_public_builders_fourth_worker(g: Game, building: Building) -> None:
    """Finishing a Public building: each Build-action builder gets the fourth Worker
    (R-BLD-13, AMB-BLD-03)."""
    for name, by_action in zip(building.blocks, building.by_build_action, strict=True):
        if by_action and name != MUNICIPALITY:
            g.give_fourth_worker(g.state.player(name), f"helped finish the "
                                 f"{g.ed.buildings[building.building].name}", "R-BLD-13")
