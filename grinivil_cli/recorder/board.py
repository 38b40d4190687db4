"""What `board` prints under the state tables: the ids an answer of `grinivil record` can name
now, as the log writes them, where the questions of a turn ask for one: the free Building
Sites a first Floor can be built on (`site: I4.s2`), the free Planting Spots (`spot 1: I4.p3`),
the slots where a Land Tile can be explored (`slot: I3`, `O4`) and the Construction Roads a
road can be built on (`road: R2`, `O4.road`). The same ids are written on the table's drawing
(`snapshot_svg(..., ids=True)`).

The lists are the table's, not one player's: whether a player holds the cubes, the Trees or
the Grinies for the answer is asked when it is given. Every list comes from the engine's
townland functions (`engine/townland.py`), as the chooser's domains take them."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import townland
from ..engine.exploring import slots_to_explore
from ..engine.game import Game

WIDTH = 96  # columns of the section
INDENT = "    "  # a wrapped line's


def answer_ids(g: Game, width: int = WIDTH) -> str:
    """The section, lines at most `width` columns (an id is never cut): a heading, then one
    entry for each kind of id, `none` when nothing can be named."""
    ed, town = g.ed, g.state.townland
    return "\n".join([
        "Ids an answer can name now:",
        *_entry("Free Building Sites on a Construction or Completed Road, by slot",
                free_sites(g), width),
        *_entry("Free Planting Spots, by Planting Sector (one action plants in one sector)",
                free_spots(g), width),
        *_entry("Slots to explore", _one_group(open_slots(g)), width),
        *_entry("Construction Roads to build a road on",
                _one_group(townland.construction_roads(ed, town)), width),
    ])


def free_sites(g: Game) -> list[list[str]]:
    """The empty Building Sites on a Construction or Completed Road, where a first Floor can
    be built (R-BLD-08: not on a Half-road, R-ROAD-02), grouped by slot, in slot order (C,
    I0..I7, O0..O7) and the tile's order."""
    ed, town = g.ed, g.state.townland
    buildable = townland.buildable_sites(ed, town)
    return _grouped([s for s in townland.all_sites(ed, town)
                     if s in buildable and s not in town.buildings],
                    lambda site: townland.split_id(site)[0])


def free_spots(g: Game) -> list[list[str]]:
    """The Planting Spots with no Tree (R-PLANT-05), grouped by Planting Sector, the
    continuous land between roads where one planting puts all its Trees (R-PLANT-01,
    R-PLANT-07); sectors in the engine's order (by their first slot), spots by slot then the
    tile's order."""
    ed, town = g.ed, g.state.townland
    sectors = townland.planting_sectors(ed, town)
    free = [s for s in townland.all_spots(ed, town) if s not in town.trees]
    return [group for sector in sectors if (group := [s for s in free if s in sector])]


def open_slots(g: Game) -> list[str]:
    """The empty slots where a Land Tile can be explored: an Inner slot always, an Outer slot
    behind a Completed Road (R-EXPL-02..04), with a tile left in the zone's stack to draw
    (AMB-EXPL-04); in slot order."""
    return slots_to_explore(g.ed, g.state)


def _one_group(ids: list[str]) -> list[list[str]]:
    return [ids] if ids else []


def _grouped(ids: list[str], key: Callable[[str], str]) -> list[list[str]]:
    """`ids` cut into runs of the same `key(id)`, in their order."""
    groups: list[list[str]] = []
    for i in ids:
        if groups and key(groups[-1][0]) == key(i):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def _entry(head: str, groups: list[list[str]], width: int) -> list[str]:
    """`  head: a, b; c` wrapped to `width` columns, the lines after the first indented: the
    ids of a group joined by `, `, the groups by `; `. A group that does not fit in what is
    left of a line begins the next one; one longer than a line is cut between its ids."""
    words = f"{head}:".split()
    lines = ["  " + words[0]]
    for word in words[1:]:
        _put(lines, word, width)
    if not groups:
        _put(lines, "none", width)
    for n, group in enumerate(groups):
        words = [f"{i}," for i in group[:-1]] + [group[-1] + (";" if n < len(groups) - 1
                                                               else "")]
        whole = " ".join(words)
        if len(lines[-1]) + 1 + len(whole) > width and len(INDENT) + len(whole) <= width:
            lines.append(INDENT + whole)
            continue
        for word in words:
            _put(lines, word, width)
    return lines


def _put(lines: list[str], word: str, width: int) -> None:
    """`word` after the last line, or on a new line (indented) when it would pass `width`."""
    if len(lines[-1]) + 1 + len(word) > width:
        lines.append(INDENT + word)
    else:
        lines[-1] += " " + word
