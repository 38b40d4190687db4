"""Buildings on their sites: one Building Block per built Floor in its builder's colour (with
the builder's letter), the Building Token on top (its side: under construction, finished, for
sale), a red Roof on a sold House, and the Workers standing next to the site."""

from __future__ import annotations

from ..edition.model import BuildingType
from ..engine.state import Building
from ..engine.townland import site_spec, split_id, zone_of
from .canvas import Canvas, Node
from .defs import piece
from .geometry import tile_point
from .scene import Scene
from .style import FAMILY_FILL, FAMILY_INK, HIGHLIGHT, HIGHLIGHT_EDGE, INK, ROOF

BLOCK_W, BLOCK_H = 20.0, 8.0
TOKEN_W, TOKEN_H = 28.0, 11.0
SHORT: dict[str, str] = {
    "house": "H", "bus-stop": "Bus", "school": "Schl", "playground": "Play",
    "sports-facility": "Sport", "bowling": "Bowl", "cultural-venue": "Cult",
    "shopping-center": "Shop", "garden-center": "Gardn", "pet-shop": "Pets",
    "hospital": "Hosp", "church": "Chrch", "police": "Pol", "retirement-facility": "Retir",
    "post-office": "Post", "water-treatment-plant": "Water",
}


def short_name(kind: BuildingType) -> str:
    """The few letters written on a Building Token."""
    return SHORT.get(kind.key) or kind.name[:4]


def token_side(b: Building, kind: BuildingType) -> str:
    """The side of the Building Token: under construction, finished; a finished House shows
    'for sale' until it is sold (then its token is gone and a Roof is on it)."""
    if b.sold:
        return "sold"
    if not b.finished:
        return "under-construction"
    return "for-sale" if kind.family == "house" else "finished"


def building_classes(b: Building, kind: BuildingType) -> str:
    """`building house finished for-sale`, `building commerce pub under-construction`, ..."""
    parts = ["building", kind.family]
    if kind.key != kind.family:
        parts.append(kind.key)
    parts.append("finished" if b.finished else "under-construction")
    if kind.family == "house" and b.finished:
        parts.append("sold" if b.sold else "for-sale")
    return " ".join(parts)


def draw_buildings(c: Canvas, parent: Node, scene: Scene) -> None:
    s = scene.state
    for site_id in sorted(s.townland.buildings):
        b = s.townland.buildings[site_id]
        kind = s.edition.buildings[b.building]
        slot, _ = split_id(site_id)
        site = site_spec(s.edition, s.townland, site_id)
        zone = zone_of(slot)
        x, y = tile_point(zone, 0 if slot == "C" else int(slot[1:]), site.x, site.y)
        g = c.g(parent, building_classes(b, kind), data_site=site_id)
        c.title(g, _tooltip(site_id, b, kind))
        top = y + 6 - BLOCK_H * max(1, len(b.blocks))
        if site_id in scene.changes.sites:
            c.rect(g, x - 19, top - TOKEN_H - 5, 38, y + 12 - top + TOKEN_H, rx=6,
                   cls="changed", fill=HIGHLIGHT, stroke=HIGHLIGHT_EDGE, stroke_width="1.5")
        _blocks(c, g, scene, b, x, y + 6)
        if b.sold:
            c.polygon(g, [(x - 13, top), (x, top - 10), (x + 13, top)], cls="roof",
                      fill=ROOF, stroke="#7a1208", stroke_width="1")
        else:
            _token(c, g, kind, token_side(b, kind), x, top)
        _workers(c, g, scene, b, x + 12, y + 6)


def _tooltip(site_id: str, b: Building, kind: BuildingType) -> str:
    floors = f"{len(b.blocks)} of {b.floors} floors"
    by = ", ".join(b.blocks) or "nobody"
    state = "sold" if b.sold else "finished" if b.finished else "under construction"
    workers = f"; workers: {', '.join(b.workers)}" if b.workers else ""
    return f"{site_id}: {kind.name} ({kind.family}), {floors} by {by}, {state}{workers}"


def _blocks(c: Canvas, g: Node, scene: Scene, b: Building, x: float, bottom: float) -> None:
    for i, builder in enumerate(b.blocks):
        look = scene.look(builder)
        y = bottom - BLOCK_H * (i + 1)
        c.rect(g, x - BLOCK_W / 2, y, BLOCK_W, BLOCK_H, cls=f"block {look.css}",
               fill=look.fill, stroke="#1e1e1e", stroke_width="0.9")
        c.text(g, x, y + BLOCK_H / 2 + 0.3, look.letter, cls="letter", font_size="7",
               fill=look.ink)


def _token(c: Canvas, g: Node, kind: BuildingType, side: str, x: float, top: float) -> None:
    colour = FAMILY_FILL[kind.family]
    y = top - TOKEN_H
    label = "SALE" if side == "for-sale" else short_name(kind)
    if side == "under-construction":
        c.rect(g, x - TOKEN_W / 2, y, TOKEN_W, TOKEN_H, rx=2, cls=f"btoken {side}",
               fill="url(#stripes)", stroke=colour, stroke_width="2")
        ink = INK
    else:
        c.rect(g, x - TOKEN_W / 2, y, TOKEN_W, TOKEN_H, rx=2, cls=f"btoken {side}",
               fill=colour, stroke="#1e1e1e", stroke_width="0.9")
        ink = FAMILY_INK[kind.family]
    c.text(g, x, y + TOKEN_H / 2 + 0.3, label, cls="letter", font_size="7.5", fill=ink)


def _workers(c: Canvas, g: Node, scene: Scene, b: Building, x: float, bottom: float) -> None:
    for i, name in enumerate(b.workers):
        look = scene.look(name)
        wy = bottom - 8 - 13 * i
        c.use(g, piece(c, "worker"), x, wy - 7, 14, 14, cls=f"worker {look.css}",
              fill=look.fill)
        c.text(g, x + 7, wy + 3, look.letter, cls="letter", font_size="6.5", fill=look.ink)
