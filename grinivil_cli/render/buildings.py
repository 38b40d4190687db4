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
from .style import FAMILY_FILL, FAMILY_INK, HIGHLIGHT, HIGHLIGHT_EDGE, INK, ROOF, SMALL, text_width

BLOCK_W, BLOCK_H = 24.0, 12.0  # a Building Block, with the builder's letter
TOKEN_W, TOKEN_H = 28.0, 13.5  # a Building Token (at least as wide as its letters)
WORKER = 20.0  # a Worker standing by a site, with its player's letter
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


def token_width(label: str) -> float:
    """A Building Token just wide enough for its label (neighbouring sites stand close)."""
    return max(TOKEN_W, text_width(label, SMALL, bold=True) + 6)


def token_label(kind: BuildingType, side: str) -> str:
    return "SALE" if side == "for-sale" else short_name(kind)


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
    places = stack_places(scene)
    for site_id in sorted(places, key=lambda k: (-places[k][1], places[k][0], k)):
        # the lower buildings first: a tall one's Token may still reach up to the site above
        # it, whose Blocks (and their builders' letters) are then drawn over the Token
        x, y = places[site_id]
        b = s.townland.buildings[site_id]
        kind = s.edition.buildings[b.building]
        g = c.g(parent, building_classes(b, kind), data_site=site_id)
        c.title(g, _tooltip(site_id, b, kind))
        top = y + 6 - BLOCK_H * max(1, len(b.blocks))
        if site_id in scene.changes.sites:
            width = token_width(token_label(kind, token_side(b, kind)))
            c.rect(g, x - width / 2 - 4, top - TOKEN_H - 5, width + 8,
                   y + 12 - top + TOKEN_H, rx=6, cls="changed", fill=HIGHLIGHT,
                   stroke=HIGHLIGHT_EDGE, stroke_width="1.5")
        _blocks(c, g, scene, b, x, y + 6)
        if b.sold:
            c.polygon(g, [(x - 16, top), (x, top - 13), (x + 16, top)], cls="roof",
                      fill=ROOF, stroke="#7a1208", stroke_width="1")
        else:
            _token(c, g, kind, token_side(b, kind), x, top)
        _workers(c, g, scene, b, x + BLOCK_W / 2 + 1, y + 6)


PASSES = 4  # rounds of moving stacks apart (one move can make another overlap)
MAX_SHIFT = 10.0  # how far a stack may stand aside from its site


def stack_places(scene: Scene) -> dict[str, tuple[float, float]]:
    """Where each building's stack stands: on its site, or moved aside (at most `MAX_SHIFT`
    each way) when its Blocks and Token would cover a neighbouring building's (the Center's
    sites stand close together and a House may have four Floors). Stacks move sideways
    first, in a few rounds; two that still cover each other then, the upper one steps up."""
    s = scene.state
    sites = {k: _place(scene, k) for k in sorted(s.townland.buildings)}
    places = dict(sites)
    boxes = {k: _box(scene, k, *places[k]) for k in places}
    keys = list(places)
    for _ in range(PASSES):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                across, down = _overlap(boxes[a], boxes[b])
                if across <= 0 or down <= 0:
                    continue
                push = across / 2 + 1
                left, right = (a, b) if places[a][0] <= places[b][0] else (b, a)
                for key, dx in ((left, -push), (right, push)):
                    x, y = places[key]
                    home = sites[key][0]
                    nx = min(home + MAX_SHIFT, max(home - MAX_SHIFT, x + dx))
                    if nx != x:
                        moved = True
                    places[key] = (nx, y)
                    boxes[key] = _box(scene, key, nx, y)
        if not moved:
            break
    for i, a in enumerate(keys):  # still covering each other: the upper one steps up
        for b in keys[i + 1:]:
            across, down = _overlap(boxes[a], boxes[b])
            if across <= 2 or down <= 0:
                continue
            upper = a if places[a][1] <= places[b][1] else b
            x, y = places[upper]
            rise = min(MAX_SHIFT, down + 1, y - sites[upper][1] + MAX_SHIFT)
            places[upper] = (x, y - rise)
            boxes[upper] = _box(scene, upper, x, y - rise)
    return places


Box = tuple[float, float, float, float]  # left, top, right, bottom


def _overlap(p: Box, q: Box) -> tuple[float, float]:
    """How far two outlines cover each other across and down (not at all: 0 or less)."""
    return min(p[2], q[2]) - max(p[0], q[0]), min(p[3], q[3]) - max(p[1], q[1])


def _box(scene: Scene, site_id: str, x: float, y: float) -> Box:
    """The stack's outline (left, top, right, bottom): Blocks and Token, without Workers."""
    b = scene.state.townland.buildings[site_id]
    kind = scene.state.edition.buildings[b.building]
    half = max(BLOCK_W, token_width(token_label(kind, token_side(b, kind)))) / 2
    return (x - half, y + 6 - BLOCK_H * max(1, len(b.blocks)) - TOKEN_H, x + half, y + 6)


def _place(scene: Scene, site_id: str) -> tuple[float, float]:
    s = scene.state
    slot, _ = split_id(site_id)
    site = site_spec(s.edition, s.townland, site_id)
    return tile_point(zone_of(slot), 0 if slot == "C" else int(slot[1:]), site.x, site.y)


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
        c.text(g, x, y + BLOCK_H / 2 + 0.5, look.letter, cls="letter", font_size=str(SMALL),
               fill=look.ink)


def _token(c: Canvas, g: Node, kind: BuildingType, side: str, x: float, top: float) -> None:
    colour = FAMILY_FILL[kind.family]
    y = top - TOKEN_H
    label = token_label(kind, side)
    width = token_width(label)
    if side == "under-construction":
        c.rect(g, x - width / 2, y, width, TOKEN_H, rx=2, cls=f"btoken {side}",
               fill="url(#stripes)", stroke=colour, stroke_width="2")
        ink = INK
    else:
        c.rect(g, x - width / 2, y, width, TOKEN_H, rx=2, cls=f"btoken {side}",
               fill=colour, stroke="#1e1e1e", stroke_width="0.9")
        ink = FAMILY_INK[kind.family]
    c.text(g, x, y + TOKEN_H / 2 + 0.5, label, cls="letter", font_size=str(SMALL), fill=ink)


def _workers(c: Canvas, g: Node, scene: Scene, b: Building, x: float, bottom: float) -> None:
    for i, name in enumerate(b.workers):
        look = scene.look(name)
        wy = bottom - WORKER / 2 - (WORKER + 1) * i  # the Worker's middle
        c.use(g, piece(c, "worker"), x, wy - WORKER / 2, WORKER, WORKER,
              cls=f"worker {look.css}", fill=look.fill)
        c.text(g, x + WORKER / 2, wy + 2.5, look.letter, cls="letter", font_size=str(SMALL),
               fill=look.ink)
