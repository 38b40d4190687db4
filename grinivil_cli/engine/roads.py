"""Road Construction and the Bonus Road Track (rulebook: Road Construction & Bonus Road Track)."""

from __future__ import annotations

from ..errors import IllegalMove, Path
from . import townland
from .exploring import explore
from .game import Game
from .records import BuildRoad, ConnectedRoad, RoadBonus
from .state import PlayerState

ROAD_CONCRETE = 2  # R-RDB-01
ROAD_TRACK_TREES = 6  # R-RDB-06


def complete_road(g: Game, p: PlayerState, road: str, path: Path, *, pay_concrete: bool,
                  rule: str) -> None:
    """Lay a Completed Road token over a Construction Road (R-RDB-01..03, R-ROAD-08)."""
    town = g.state.townland
    stage = townland.road_stage(g.ed, town, road) if road in townland.ROADS else "none"
    if stage != "construction":
        open_roads = ", ".join(townland.construction_roads(g.ed, town)) or "none"
        section = townland.section_of_access_road(road)
        if section is not None:  # R-ROAD-06: an Access Road is completed, part of a section
            raise IllegalMove("R-RDB-03", f"{road} is an Access Road: it is part of the Road "
                              f"Section {section}, always completed, and takes no road token; "
                              f"the Construction Roads now are {open_roads}.", path)
        what = {"none": "is not on the table", "half": "is a Half-road",
                "completed": "is already completed"}[stage]
        raise IllegalMove("R-RDB-03" if stage != "none" else "R-RDB-02",
                          f"{road} {what}; the Construction Roads now are {open_roads}.", path)
    if g.state.supply.road_tokens < 1:
        raise IllegalMove(rule if rule != "R-A08B-01" else "R-A08B-05",
                          f"all {g.ed.road_tokens} road tokens are on the table; none is left.",
                          path)
    if pay_concrete:
        g.discard_to_pouch(p, {"concrete": ROAD_CONCRETE}, f"the Road {road}", rule, path)
    g.state.supply.road_tokens -= 1
    town.road_tokens.add(road)


def advance_road_track(g: Game, p: PlayerState, parent: BuildRoad | ConnectedRoad) -> int:
    """Move one space on the Bonus Road Track and collect every reward there (R-RDB-04..06,
    AMB-RDB-01/02); `parent.road_bonus` holds the choices. Returns Repeat Actions earned."""
    bonus = parent.road_bonus or RoadBonus(at=parent.at / "road_bonus")
    declined = bonus.declined  # every reward of the space is optional (AMB-RDB-03)
    g.ledger.record(g.state, p, "road_track", 1, "one space up the Bonus Road Track", "R-RDB-04",
                    "road track")
    track = g.ed.road_track
    if p.road_track > len(track) or declined:
        _no_unexpected_choice(bonus, p.road_track > len(track))
        return 0
    repeats = 0
    kinds = {r.kind for r in track[p.road_track - 1]}
    for reward in track[p.road_track - 1]:
        cause = f"Bonus Road Track space {p.road_track}"
        if reward.kind == "vp":
            g.gain_vp(p, reward.amount, cause, "R-RDB-06")
        elif reward.kind == "money":
            g.earn(p, reward.amount, cause, "R-RDB-06")
        elif reward.kind == "trees":
            g.take_trees(p, reward.amount or ROAD_TRACK_TREES, cause, "R-RDB-06")
        elif reward.kind == "warehouse":
            g.take_small_warehouse(p, cause, "R-RDB-06")
        elif reward.kind == "explore" and bonus.explore is not None:
            explore(g, p, bonus.explore, owner=p, cause=cause, rule="R-RDB-06")
        elif reward.kind == "repeat":
            repeats += 1
    for choice in ("explore", "repeat"):
        if getattr(bonus, choice) is not None and choice not in kinds:
            # R-RDB-04: the rewards received are those of the new space
            raise IllegalMove("R-RDB-04", f"space {p.road_track} of the Bonus Road Track has "
                              f"no '{choice}' reward.", bonus.at(choice))
    return repeats


def _no_unexpected_choice(bonus: RoadBonus, past_end: bool) -> None:
    for choice in ("explore", "repeat"):
        if past_end and getattr(bonus, choice) is not None:
            raise IllegalMove("R-RDB-04", "the Bonus Road Track has no space left: no reward "
                              "(AMB-RDB-01).", bonus.at(choice))
