"""What one snapshot shows, gathered before drawing: the state, who is who, and what this turn
changed (compared with the state before it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.state import MUNICIPALITY, Building, GameState
from ..engine.townland import ROADS, road_stage
from .style import Look, looks


@dataclass(frozen=True)
class Changes:
    """Pieces this turn added or changed (empty for the setup)."""

    slots: frozenset[str] = frozenset()  # newly placed land tiles
    owners: frozenset[str] = frozenset()  # slots whose owner changed
    roads: frozenset[str] = frozenset()  # roads whose stage changed
    sites: frozenset[str] = frozenset()  # buildings added or changed (blocks, roof, workers)
    trees_added: frozenset[str] = frozenset()
    trees_removed: frozenset[str] = frozenset()
    ring: frozenset[int] = frozenset()  # ring positions whose worker or occupied token changed

    def any_townland(self) -> bool:
        return bool(self.slots or self.owners or self.roads or self.sites or self.trees_added
                    or self.trees_removed)


@dataclass
class Scene:
    state: GameState
    previous: GameState | None
    turn: int
    player: str | None
    action: str | None
    log_turn: dict[str, Any] | None
    title: str
    looks: dict[str, Look] = field(default_factory=dict)
    changes: Changes = field(default_factory=Changes)
    # the ids of sites and Planting Spots written beside them, of the slots to explore and
    # of the Construction Roads on them (`--ids`, the recorder's `board`)
    ids: bool = False
    story: tuple[str, ...] = ()  # the turn in words (`story.turn_story`), under the legend
    final: bool = False  # the final scoring: the table after the last turn, `story` its words
    # each player's money and the resident cards in their portfolio not drawn (R-GEN-07,
    # R-RESI-01: secret during play): the picture for a screen every player sees
    private: bool = False

    def look(self, name: str) -> Look:
        return self.looks.get(name) or self.looks[MUNICIPALITY]


def make_scene(state: GameState, previous: GameState | None, *, turn: int, player: str | None,
               action: str | None, log_turn: dict[str, Any] | None, title: str,
               ids: bool = False, story: tuple[str, ...] = (), final: bool = False,
               private: bool = False) -> Scene:
    return Scene(state, previous, turn, player, action, log_turn, title,
                 looks=looks(state.players), changes=changes(previous, state), ids=ids,
                 story=story, final=final, private=private)


def changes(before: GameState | None, after: GameState) -> Changes:
    """What differs on the table between two states."""
    if before is None:
        return Changes()
    a, b = after.townland, before.townland
    ed = after.edition
    roads = {r for r in ROADS if road_stage(ed, a, r) != road_stage(ed, b, r)}
    sites = {s for s, bld in a.buildings.items() if s not in b.buildings
             or _building_key(bld) != _building_key(b.buildings[s])}
    ring = {pos for pos in range(1, len(after.ring.tiles) + 1)
            if after.ring.ability_workers.get(pos) != before.ring.ability_workers.get(pos)
            or after.ring.occupied.get(pos) != before.ring.occupied.get(pos)}
    return Changes(
        slots=frozenset(s for s in a.tiles if s not in b.tiles),
        owners=frozenset(s for s in a.owners if a.owners[s] != b.owners.get(s)),
        roads=frozenset(roads), sites=frozenset(sites),
        trees_added=frozenset(a.trees - b.trees), trees_removed=frozenset(b.trees - a.trees),
        ring=frozenset(ring))


def _building_key(b: Building) -> tuple[object, ...]:
    return (b.building, tuple(b.blocks), tuple(b.workers), b.sold)


def repeats(rec: dict[str, Any]) -> list[dict[str, Any]]:
    """The Repeat Actions recorded in a logged turn, nested ones included, in log order."""
    out: list[dict[str, Any]] = []
    listed = rec.get("repeat")
    for r in listed if isinstance(listed, list) else []:
        if isinstance(r, dict):
            out += [r, *repeats(r)]
    return out
