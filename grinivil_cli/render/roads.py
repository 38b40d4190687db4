"""Roads in their three stages, each drawn its own way (and told apart without colour):
a half-road is a thin dashed line on the edge of its one Inner tile, a construction road a sand
band with two rows of dots, a completed road a solid grey road with a dashed centre line. One
group per Road Section (`data-road`); an Outer tile's short Access Road is drawn completed, in a
group of its own that names its tile's section (`data-section`), since it is no section itself.
With `ids`, a Construction Road's group also takes taps on an invisible band wider than the
road (`HIT_WIDTH`), for a page's script to tell which road was tapped."""

from __future__ import annotations

from ..edition.model import LandTile
from ..engine.townland import ROADS, N, RoadStage, placed_tiles, road_stage, zone_of
from .canvas import Canvas, Node, Point
from .geometry import (
    R_CENTER,
    R_INNER,
    R_OUTER,
    R_RING,
    SECTOR,
    offset,
    radial,
    shifted,
    tile_point,
)
from .scene import Scene
from .style import HIGHLIGHT, HIGHLIGHT_EDGE, num

WIDTH = 11.0
ASPHALT = "#666a6d"
SAND = "#ecdfbf"
DOTS = "#6b5b45"
HIT_WIDTH = 26.0  # the invisible band that takes a tap on a Construction Road (`ids`)


def draw_roads(c: Canvas, parent: Node, scene: Scene) -> None:
    s = scene.state
    for road in ROADS:
        stage = road_stage(s.edition, s.townland, road)
        if stage == "none":
            continue
        cls = f"road {road.replace('.', '-')} {stage}"
        g = c.g(parent, cls, data_road=road)
        c.title(g, f"road {road}: {stage}")
        if road == "ring":
            _ring(c, g, road in scene.changes.roads)
            continue
        a, b = _segment(scene, road, stage)
        if scene.ids and stage == "construction":  # R-RDB-02: a road an answer can name
            c.hit_line(g, a, b, HIT_WIDTH)
        if road in scene.changes.roads:
            changed = c.g(g, "changed")
            c.line(changed, a, b, stroke=HIGHLIGHT_EDGE, stroke_width="23",
                   stroke_linecap="round")
            c.line(changed, a, b, stroke=HIGHLIGHT, stroke_width="19", stroke_linecap="round")
        draw_stage(c, g, a, b, stage)
    for slot, tile in placed_tiles(s.edition, s.townland):
        if zone_of(slot) == "outer" and tile.access:  # R-ROAD-06: always completed
            section = f"{slot}.road"
            g = c.g(parent, "access-road completed", data_section=section)
            c.title(g, f"Access Road of {slot} (part of Road Section {section}): completed")
            a, b = _access(tile, int(slot[1:]))
            draw_stage(c, g, a, b, "completed")


def _segment(scene: Scene, road: str, stage: RoadStage) -> tuple[Point, Point]:
    """Where a Road Section's road runs: `Rk` between the Center and the Outer Zone, `Ok.road`
    (the main road) through its Outer tile."""
    if road.startswith("R"):
        k = int(road[1:])
        a, b = radial(k, R_CENTER, R_INNER)
        if stage != "half":
            return a, b
        left_placed = f"I{(k - 1) % N}" in scene.state.townland.tiles
        return shifted(a, b, SECTOR * k, -4.0 if left_placed else 4.0)
    return radial(int(road[1:].partition(".")[0]), R_INNER, R_OUTER)


def _access(tile: LandTile, k: int) -> tuple[Point, Point]:
    """An Access Road branches off the main road of the Outer tile at `Ok` and runs across the
    tile at the height of its sites, towards them."""
    sites = [site for site in tile.sites if site.road == "access"]
    y = sites[0].y if sites else 0.7
    x = sites[0].x if sites else 0.8
    end = x - 0.07 if x > 0.5 else x + 0.07
    return tile_point("outer", k, 0.5, y), tile_point("outer", k, end, y)


def draw_stage(c: Canvas, g: Node, a: Point, b: Point, stage: str) -> None:
    """One road between two points, drawn as its stage."""
    if stage == "completed":
        c.line(g, a, b, stroke=ASPHALT, stroke_width=num(WIDTH))
        c.line(g, a, b, stroke="#ffffff", stroke_width="1.2", stroke_dasharray="5 4")
    elif stage == "construction":
        c.line(g, a, b, stroke=SAND, stroke_width=num(WIDTH))
        for side in (-3.2, 3.2):
            p, q = offset(a, b, side)
            c.line(g, p, q, stroke=DOTS, stroke_width="2.6", stroke_linecap="round",
                   stroke_dasharray="0.1 5.5")
    else:
        c.line(g, a, b, stroke=SAND, stroke_width="4")
        c.line(g, a, b, stroke=DOTS, stroke_width="1.6", stroke_dasharray="5 3")


def _ring(c: Canvas, g: Node, changed: bool) -> None:
    if changed:
        c.circle(g, 0, 0, R_RING, cls="changed", fill="none", stroke=HIGHLIGHT_EDGE,
                 stroke_width="23")
        c.circle(g, 0, 0, R_RING, fill="none", stroke=HIGHLIGHT, stroke_width="19")
    c.circle(g, 0, 0, R_RING, fill="none", stroke=ASPHALT, stroke_width=num(WIDTH))
    c.circle(g, 0, 0, R_RING, fill="none", stroke="#ffffff", stroke_width="1.2",
             stroke_dasharray="5 4")
