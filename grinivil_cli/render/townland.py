"""The Townland: parcels in their zone positions, slots open to exploring, ownership, planting
spots and trees, building sites; roads and buildings come from their own modules.

With `ids`, what an answer can name is also a tap target for a page's script: each slot to
explore is a group with `data-slot="I3"`, each Planting Spot one with `data-spot="I4.p1"`,
each empty Building Site's group has `data-site="I4.s2"` (a building's group has it always:
`buildings.py`), spots and sites with an invisible disc around them (`HIT_R`); the ids
written on the table let taps through to them (`pointer-events="none"`)."""

from __future__ import annotations

from math import atan2, degrees, hypot

from ..edition.model import LandTile, Zone
from ..engine.exploring import slots_to_explore
from ..engine.state import MUNICIPALITY, GameState
from ..engine.townland import SLOTS, construction_roads, placed_tiles, zone_of
from .buildings import draw_buildings
from .canvas import Canvas, Node
from .defs import BOARD, parcel, piece
from .geometry import (
    R_CENTER,
    R_INNER,
    R_OUTER,
    SECTOR,
    page_rotation,
    polar,
    slot_anchor,
    slot_shape,
    tile_point,
)
from .roads import draw_roads
from .scene import Scene
from .style import HIGHLIGHT, HIGHLIGHT_EDGE, MUTED, SMALL, num, text_width

Point = tuple[float, float]
# Places for the owner's marker and the slot label, in tile coordinates; the two with most
# room around them (away from sites, buildings and spots) are taken.
PLACES: dict[str, tuple[Point, ...]] = {
    "inner": ((0.22, 0.92), (0.78, 0.92), (0.5, 0.93), (0.35, 0.62), (0.65, 0.62), (0.5, 0.3)),
    "outer": ((0.18, 0.9), (0.82, 0.9), (0.33, 0.93), (0.67, 0.93), (0.2, 0.12), (0.8, 0.12)),
}
# The radius of the invisible disc that takes a tap on a site or a spot (`ids`): a 22-px target
# for a 16-px piece, and no two discs overlap (the closest two centres on the table, the spots
# p1 and p2 of the bundled edition's I01, are 23.2 px apart).
HIT_R = 11.0


def draw_townland(c: Canvas, parent: Node, scene: Scene, cx: float, cy: float) -> None:
    """Everything on the table, centred on (cx, cy)."""
    root = c.g(parent, "townland", transform=f"translate({cx:.0f},{cy:.0f})")
    _explorable(c, c.g(root, "explorable"), scene)
    _parcels(c, c.g(root, "parcels"), scene)
    draw_roads(c, c.g(root, "roads"), scene)
    _labels(c, c.g(root, "labels"), scene)
    _ownership(c, c.g(root, "ownership"), scene)
    _spots(c, c.g(root, "planting"), scene)
    _sites(c, c.g(root, "sites"), scene)
    draw_buildings(c, c.g(root, "buildings"), scene)
    if scene.ids:  # above the tap targets, and letting taps through to them
        _ids(c, c.g(root, "ids", pointer_events="none"), scene)


def _rotate(slot: str) -> str:
    if slot == "C":
        return ""
    return f"rotate({page_rotation(SECTOR * int(slot[1:])):.0f})"


def _parcel_use(c: Canvas, parent: Node, slot: str, ident: str, cls: str) -> Node:
    transform = _rotate(slot)
    extra = {"transform": transform} if transform else {}
    return c.use(parent, ident, -BOARD, -BOARD, 2 * BOARD, 2 * BOARD, cls=cls, **extra)


def open_slots(state: GameState) -> list[str]:
    """The empty slots where a Land Tile may still be explored, with a tile left in their
    zone's stack to draw (R-EXPL-02..04, AMB-EXPL-04), in slot order."""
    return slots_to_explore(state.edition, state)


def _explorable(c: Canvas, parent: Node, scene: Scene) -> None:
    """Empty slots where a tile may still be explored (and a tile is left to draw); with
    `ids`, the slot's name is written by `_ids`, as an id, and each slot is a tap target
    (`data-slot`)."""
    for slot in open_slots(scene.state):
        zone = zone_of(slot)
        g = c.target(parent, scene.ids, data_slot=slot)
        _parcel_use(c, g, slot, parcel(c, zone, empty=True), f"slot explorable {slot}")
        x, y = slot_anchor(slot, 0.5, 0.5)
        if not scene.ids:
            c.text(g, x, y - 2, slot, text_anchor="middle", font_size="12",
                   fill="#8a9579", font_weight="bold")
        c.text(g, x, y + 12, "explore", text_anchor="middle", font_size=str(SMALL),
               fill="#8a9579")


def _parcels(c: Canvas, parent: Node, scene: Scene) -> None:
    s = scene.state
    for slot, tile in placed_tiles(s.edition, s.townland):
        owner = s.townland.owners.get(slot, MUNICIPALITY)
        cls = f"parcel {tile.zone} {slot} {scene.look(owner).css}"
        node = _parcel_use(c, parent, slot, parcel(c, tile.zone), cls)
        c.title(node, f"{slot}: {tile.name} ({tile.key}), owned by {owner}")
    for slot in SLOTS:
        if slot in scene.changes.slots:
            _outline(c, parent, slot)


def _labels(c: Canvas, parent: Node, scene: Scene) -> None:
    s = scene.state
    for slot, tile in placed_tiles(s.edition, s.townland):
        _slot_label(c, parent, slot, tile)


def _outline(c: Canvas, parent: Node, slot: str) -> None:
    """The parcel border of a tile placed this turn, highlighted."""
    if slot == "C":
        c.circle(parent, 0, 0, R_CENTER, cls="changed", fill="none", stroke=HIGHLIGHT,
                 stroke_width="6")
        return
    c.path(parent, slot_shape(slot), cls="changed", fill="none", stroke=HIGHLIGHT,
           stroke_width="6", stroke_linejoin="round")
    c.path(parent, slot_shape(slot), fill="none", stroke=HIGHLIGHT_EDGE, stroke_width="1.5",
           stroke_dasharray="6 4")


def _slot_label(c: Canvas, parent: Node, slot: str, tile: LandTile) -> None:
    if tile.zone == "center":
        return
    if tile.zone == "outer":
        x, y = polar(SECTOR * int(slot[1:]), R_OUTER + 9)
    else:
        x, y = free_places(slot, tile)[1]
    c.text(parent, x, y + 4, slot, cls="slot-label", text_anchor="middle", font_size="11",
           fill=MUTED, font_weight="bold")


def _ownership(c: Canvas, parent: Node, scene: Scene) -> None:
    """Ownership Markers: a player's letter on each parcel they own; an `M` for the
    Municipality's."""
    s = scene.state
    for slot in SLOTS:
        owner = s.townland.owners.get(slot)
        if owner is None or slot == "C" or slot not in s.townland.tiles:
            continue
        look = scene.look(owner)
        x, y = free_places(slot, s.edition.land_tiles[s.townland.tiles[slot]])[0]
        g = c.g(parent, f"marker {look.css}")
        c.title(g, f"{slot} owned by {owner}")
        if slot in scene.changes.owners:
            c.circle(g, x, y, 12, cls="changed", fill=HIGHLIGHT, stroke=HIGHLIGHT_EDGE)
        municipal = owner == MUNICIPALITY
        c.rect(g, x - 9, y - 9, 18, 18, rx=9 if municipal else 3, fill=look.fill,
               stroke="#222222", stroke_width="1" if municipal else "1.6")
        c.text(g, x, y + 0.5, look.letter, cls="letter", font_size="11", fill=look.ink)


def free_places(slot: str, tile: LandTile) -> list[Point]:
    """The candidate places of a tile, the roomiest first (ties keep the listed order)."""
    k = int(slot[1:])
    obstacles: list[Point] = []
    for site in tile.sites:
        x, y = tile_point(tile.zone, k, site.x, site.y)
        obstacles += [(x, y), (x, y - 14), (x, y - 26), (x + 16, y - 2)]
    obstacles += [tile_point(tile.zone, k, p.x, p.y) for p in tile.spots]
    places = [tile_point(tile.zone, k, x, y) for x, y in PLACES[tile.zone]]

    def room(p: Point) -> float:
        return round(min((hypot(p[0] - o[0], p[1] - o[1]) for o in obstacles), default=99.0), 1)

    return sorted(places, key=lambda p: -room(p))


def _spots(c: Canvas, parent: Node, scene: Scene) -> None:
    """Printed Planting Spots; a tree on each planted one. With `ids`, each spot (planted or
    not) is a tap target: a group with `data-spot` and an invisible disc."""
    s = scene.state
    ch = scene.changes
    for slot, tile in placed_tiles(s.edition, s.townland):
        for spot in tile.spots:
            ident = f"{slot}.{spot.key}"
            x, y = _at(tile.zone, slot, spot.x, spot.y)
            g = c.target(parent, scene.ids, data_spot=ident)
            if scene.ids:
                c.hit_circle(g, x, y, HIT_R)
            if ident in s.townland.trees:
                if ident in ch.trees_added:
                    c.circle(g, x, y, 9, cls="changed", fill=HIGHLIGHT, stroke=HIGHLIGHT_EDGE)
                node = c.use(g, piece(c, "tree"), x - 7, y - 9, 14, 16, cls=f"tree {ident}")
            else:
                node = c.use(g, piece(c, "spot"), x - 8, y - 8, 16, 16, cls=f"spot {ident}")
                if ident in ch.trees_removed:
                    c.circle(g, x, y, 8, cls="changed removed", fill="none",
                             stroke=HIGHLIGHT_EDGE, stroke_width="1.5", stroke_dasharray="3 2")
            c.title(node, ident)


def _ids(c: Canvas, parent: Node, scene: Scene) -> None:
    """The ids a recorded answer names, as the log names them, written where they are
    (`render --ids`, the recorder's `board`): every Building Site and Planting Spot of the
    placed tiles beside it (`site: I3.s2`, `spots: [I3.p1]`; class `id`), each empty slot
    where a Land Tile may still be explored in its middle (`slot: I5`; class `slot-id`), and
    each Construction Road a Completed Road Token may still be laid on, on the road
    (`road: R4`, `road: O2.road`; class `road-id`)."""
    s = scene.state
    for slot, tile in placed_tiles(s.edition, s.townland):
        for key, x, y in [(site.key, site.x, site.y) for site in tile.sites] + \
                [(spot.key, spot.x, spot.y) for spot in tile.spots]:
            px, py = _at(tile.zone, slot, x, y)
            _id_label(c, parent, px, py + 17, f"{slot}.{key}", "id", str(SMALL))
    for slot in open_slots(s):  # where `_explorable` writes the slot's name without ids
        x, y = slot_anchor(slot, 0.5, 0.5)
        _id_label(c, parent, x, y - 2, slot, "slot-id", "12")
    printed = _printed(scene)
    for road in construction_roads(s.edition, s.townland):  # R-RDB-02
        (x, y), turn = _road_id_place(road, printed)
        _id_label(c, parent, x, y + 4, road, "road-id", str(SMALL),
                  transform=f"rotate({num(turn)} {num(x)} {num(y)})")


Box = tuple[float, float, float, float]  # left, top, right, bottom


def _box(x: float, y: float, width: float, height: float) -> Box:
    """The box of that size centred on (x, y)."""
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def _road_id_place(road: str, printed: list[Box]) -> tuple[Point, float]:
    """Where the id of a Construction Road is written, on the road and along it, as a map
    names its streets: the label's middle and the turn of the text about it (degrees, never
    upside down). Of the places along the road (the middle first, then from its inner end
    outwards) the first whose label covers least of what is `printed` beside the road (the
    boxes of `_printed`), so the same table gives the same place."""
    k = int(road[1:].partition(".")[0])
    inner, outer = (R_CENTER, R_INNER) if road.startswith("R") else (R_INNER, R_OUTER)
    half = (text_width(road, SMALL, bold=True) + 4) / 2
    first, last = inner + half + 3, outer - half - 3
    radii = [(first + last) / 2, *(first + (last - first) * n / 12 for n in range(13))]
    # only the boxes the label's squares can reach (the others cover nothing: the same sums)
    (ax, ay), (bx, by) = polar(SECTOR * k, first - half), polar(SECTOR * k, last + half)
    reach = (min(ax, bx) - 4.5, min(ay, by) - 4.5, max(ax, bx) + 4.5, max(ay, by) + 4.5)
    printed = [b for b in printed if b[2] >= reach[0] and b[0] <= reach[2]
               and b[3] >= reach[1] and b[1] <= reach[3]]

    def covered(r: float) -> float:
        """The area of the printed boxes under the label centred at radius r, the label
        taken as squares of the text's height along the road."""
        steps = max(1, int(2 * half // 5))
        area = 0.0
        for n in range(steps + 1):
            a = _box(*polar(SECTOR * k, r - half + 2 * half * n / steps), 9, 9)
            area += sum(max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
                        * max(0.0, min(a[3], b[3]) - max(a[1], b[1])) for b in printed)
        return round(area, 1)

    r = min(radii, key=covered)
    (x0, y0), (x1, y1) = polar(SECTOR * k, inner), polar(SECTOR * k, outer)
    turn = degrees(atan2(y1 - y0, x1 - x0))
    turn = turn - 180 if turn > 90 else turn + 180 if turn <= -90 else turn
    return polar(SECTOR * k, r), turn


def _printed(scene: Scene) -> list[Box]:
    """The boxes of what the Townland prints on its tiles, roughly: each site (with the
    building on it, its Blocks above and a Worker beside), each spot, their ids below them,
    and the two places of each tile's owner's marker and name (`free_places`)."""
    s = scene.state
    out: list[Box] = []
    for slot, tile in placed_tiles(s.edition, s.townland):
        for site in tile.sites:
            x, y = _at(tile.zone, slot, site.x, site.y)
            built = f"{slot}.{site.key}" in s.townland.buildings
            out.append((x - 16, y - 34, x + 28, y + 9) if built else _box(x, y, 16, 16))
            out.append(_box(x, y + 13, text_width(f"{slot}.{site.key}", SMALL, bold=True), 14))
        for spot in tile.spots:
            x, y = _at(tile.zone, slot, spot.x, spot.y)
            out.append(_box(x, y, 16, 16))
            out.append(_box(x, y + 13, text_width(f"{slot}.{spot.key}", SMALL, bold=True), 14))
        if slot != "C":
            out += [_box(x, y, 20, 20) for x, y in free_places(slot, tile)[:2]]
    return out


def _id_label(c: Canvas, parent: Node, x: float, y: float, text: str, cls: str,
              size: str, **turned: str) -> None:
    """An id in bold dark ink on a white halo (drawn as a text of its own under it, which
    any SVG renderer shows), centred on x; the halo's class is `cls` + `-halo`. `turned`:
    a `transform` for both."""
    for halo in (True, False):
        c.text(parent, x, y, text, cls=f"{cls}-halo" if halo else cls, text_anchor="middle",
               font_size=size, font_weight="bold", fill="#ffffff" if halo else "#1f2a44",
               **({"stroke": "#ffffff", "stroke_width": "3"} if halo else {}), **turned)


def _at(zone: Zone, slot: str, x: float, y: float) -> Point:
    return tile_point(zone, 0 if slot == "C" else int(slot[1:]), x, y)


def _sites(c: Canvas, parent: Node, scene: Scene) -> None:
    """Printed Building Sites (residential ones house-shaped) with their municipal symbol
    and a star for a site bonus; sites with a building are drawn by the buildings. With
    `ids`, each site's group is a tap target: `data-site` and an invisible disc."""
    s = scene.state
    for slot, tile in placed_tiles(s.edition, s.townland):
        for site in tile.sites:
            ident = f"{slot}.{site.key}"
            if ident in s.townland.buildings:
                continue
            x, y = _at(tile.zone, slot, site.x, site.y)
            g = c.g(parent, f"site {site.kind} {ident}",
                    **({"data_site": ident} if scene.ids else {}))
            c.title(g, f"{ident}: {site.kind} site" + (", municipal" if site.municipal else "")
                    + (f", bonus: {site.bonus.kind}" if site.bonus else ""))
            if scene.ids:
                c.hit_circle(g, x, y, HIT_R)
            c.use(g, piece(c, f"site-{site.kind}"), x - 8, y - 8, 16, 16)
            if site.municipal:
                c.use(g, piece(c, "municipal"), x - 13, y - 1, 10, 10)
            if site.bonus is not None:
                c.use(g, piece(c, "bonus"), x + 4, y - 11, 10, 10)
