"""One Land Tile drawn alone and upright, as it lies in the box (the catalogue of `grinivil
edition show`): its parcel in the board's shape and colours, its printed roads in their stage,
each Building Site (its kind, Municipal mark and bonus) and Planting Spot with its key, and a
dotted line from each site to the road it hangs on. An Inner or Outer tile is seen as one at
the bottom of the board (the inner edge up, x = 0 on the left: townland.py), the Center as its
disc; the pieces are the board's own (`defs.py`), at a size a person reads on paper."""

from __future__ import annotations

from dataclasses import dataclass
from math import atan2, cos, degrees, hypot, radians, sin

from ..edition.model import LandTile, Site, SiteBonus, Zone
from .canvas import Canvas, Node, Point
from .defs import PARCEL_EDGE, PARCEL_FILL, piece
from .geometry import R_CENTER, R_INNER, R_OUTER, R_RING, SECTOR, centre_point, polar
from .roads import ASPHALT, WIDTH, draw_stage
from .style import MUTED, num, text_width

SCALE: dict[str, float] = {"center": 1.45, "inner": 1.9, "outer": 1.6}  # px per board unit
PAD = 30.0  # around the tile: the words on its edges
SITE, SPOT, MARK = 24.0, 20.0, 13.0  # a site, a spot, a Municipal mark or bonus star (px)
KEY_FONT, WORD_FONT = "12", "10.5"
HALF_AT = 0.035  # where a half-road is drawn, inside its edge (tile coordinates)
LINK = "#7a6a4f"  # the dotted line from a site to its road
KEY_INK = "#1f2a44"

BONUS_SHORT = {"resources": "resources", "trees": "2 trees", "plant": "plant", "road": "road",
               "explore": "explore", "repeat": "repeat"}


def bonus_short(bonus: SiteBonus) -> str:
    """A site bonus as the drawing writes it beside its star: `2 VP`, `5 G`, `2 trees`."""
    if bonus.kind == "vp":
        return f"{bonus.amount} VP"
    if bonus.kind == "money":
        return f"{bonus.amount} G"
    return BONUS_SHORT.get(bonus.kind, bonus.kind)


def board_point(zone: Zone, x: float, y: float) -> Point:
    """A point of a tile (tile coordinates) on the board, the tile at the bottom of it."""
    if zone == "center":
        return centre_point(x, y)
    r0, r1 = (R_CENTER, R_INNER) if zone == "inner" else (R_INNER, R_OUTER)
    return polar(SECTOR * (0.5 + x), r0 + y * (r1 - r0))


@dataclass(frozen=True)
class Frame:
    """Where a tile's points fall on its own drawing."""

    zone: Zone
    left: float  # the board point drawn at (PAD, PAD)
    top: float
    scale: float
    width: int
    height: int

    @classmethod
    def of(cls, zone: Zone) -> Frame:
        scale = SCALE[zone]
        if zone == "center":
            box = (-R_CENTER, -R_CENTER, R_CENTER, R_CENTER)
        else:
            pts = _outline(zone)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = (min(xs), min(ys), max(xs), max(ys))
        width = round((box[2] - box[0]) * scale + 2 * PAD)
        height = round((box[3] - box[1]) * scale + 2 * PAD)
        return cls(zone, box[0], box[1], scale, width, height)

    def board(self, p: Point) -> Point:
        return ((p[0] - self.left) * self.scale + PAD, (p[1] - self.top) * self.scale + PAD)

    def at(self, x: float, y: float) -> Point:
        """A point given in tile coordinates (0..1), on the drawing."""
        return self.board(board_point(self.zone, x, y))


def _outline(zone: Zone, steps: int = 24) -> list[Point]:
    """The parcel's edge on the board: the inner edge left to right, the outer right to left."""
    top = [board_point(zone, i / steps, 0.0) for i in range(steps + 1)]
    bottom = [board_point(zone, 1 - i / steps, 1.0) for i in range(steps + 1)]
    return top + bottom


def tile_drawing(tile: LandTile) -> Canvas:
    """The tile drawn alone and upright, every site and spot with its key."""
    f = Frame.of(tile.zone)
    c = Canvas(f.width, f.height, f"{tile.key} {tile.name}",
               f"Land tile {tile.key} ({tile.zone}), drawn upright: sites "
               + ", ".join(s.key for s in tile.sites) + "; spots "
               + ", ".join(s.key for s in tile.spots))
    root = c.g(None, f"land-tile {tile.zone}", data_tile=tile.key)
    _parcel(c, c.g(root, "parcel"), tile, f)
    _roads(c, c.g(root, "roads"), tile, f)
    _edges(c, c.g(root, "edges"), tile, f)
    links = c.g(root, "links")
    for site in tile.sites:
        c.line(links, f.at(site.x, site.y), _road_point(tile, site, f), stroke=LINK,
               stroke_width="1.3", stroke_dasharray="2 2.5")
    for spot in tile.spots:
        x, y = f.at(spot.x, spot.y)
        g = c.g(root, "spot", data_key=spot.key)
        c.title(g, f"{spot.key}: Planting Spot")
        c.use(g, piece(c, "spot"), x - SPOT / 2, y - SPOT / 2, SPOT, SPOT)
        _key(c, g, x, y + SPOT / 2 + 11, spot.key)
    for site in tile.sites:
        _site(c, root, site, tile, f)
    return c


def _parcel(c: Canvas, g: Node, tile: LandTile, f: Frame) -> None:
    fill = PARCEL_FILL[tile.zone]
    if tile.zone == "center":
        x, y = f.board((0.0, 0.0))
        c.circle(g, x, y, R_CENTER * f.scale, fill=fill, stroke=PARCEL_EDGE, stroke_width="2")
        return
    c.polygon(g, [f.board(p) for p in _outline(tile.zone)], fill=fill, stroke=PARCEL_EDGE,
              stroke_width="2", stroke_linejoin="round")


def _roads(c: Canvas, g: Node, tile: LandTile, f: Frame) -> None:
    """The Center's ring road (completed), an Inner tile's two half-roads, an Outer tile's
    main road in its printed stage and its Access Road (always completed, R-ROAD-06)."""
    if tile.zone == "center":
        x, y = f.board((0.0, 0.0))
        c.circle(g, x, y, R_RING * f.scale, fill="none", stroke=ASPHALT,
                 stroke_width=num(WIDTH))
        c.circle(g, x, y, R_RING * f.scale, fill="none", stroke="#ffffff",
                 stroke_width="1.2", stroke_dasharray="5 4")
    elif tile.zone == "inner":
        for x in (HALF_AT, 1 - HALF_AT):
            draw_stage(c, g, f.at(x, 0.0), f.at(x, 1.0), "half")
    else:
        if tile.road is not None:
            draw_stage(c, g, f.at(0.5, 0.0), f.at(0.5, 1.0), tile.road)
        access = access_ends(tile)
        if access is not None:
            draw_stage(c, g, f.at(*access[0]), f.at(*access[1]), "completed")


def access_ends(tile: LandTile) -> tuple[Point, Point] | None:
    """Where an Outer tile's Access Road runs, in tile coordinates: off the main road at the
    height of its first site, towards it (as `roads.py` draws it on the board)."""
    if not tile.access:
        return None
    sites = [site for site in tile.sites if site.road == "access"]
    x, y = (sites[0].x, sites[0].y) if sites else (0.8, 0.7)
    return (0.5, y), (x - 0.07 if x > 0.5 else x + 0.07, y)


def _road_point(tile: LandTile, site: Site, f: Frame) -> Point:
    """The point of the road a site hangs on nearest to it, on the drawing."""
    if site.road == "ring" and tile.zone == "center":
        sx, sy = f.at(site.x, site.y)
        cx, cy = f.board((0.0, 0.0))
        r, d = R_RING * f.scale, hypot(sx - cx, sy - cy) or 1.0
        return cx + (sx - cx) * r / d, cy + (sy - cy) * r / d
    if site.road == "access":
        ends = access_ends(tile)
        if ends is not None:
            return f.at(*ends[1])
    x, y = {"ring": (site.x, 0.0), "left": (HALF_AT, site.y), "right": (1 - HALF_AT, site.y),
            "road": (0.5, site.y)}.get(site.road, (site.x, site.y))
    return f.at(x, y)


def _edges(c: Canvas, g: Node, tile: LandTile, f: Frame) -> None:
    """The words on the edges: which edge borders what, as the sites' roads name it."""
    if tile.zone == "center":
        x, y = f.board((0.0, 0.0))
        _word(c, g, x, y - R_RING * f.scale - 10, "ring road")
        return
    if tile.zone == "inner":
        _word(c, g, *f.at(0.5, -0.14), "inner edge: on the Center's ring road")
        _word(c, g, *f.at(0.5, 1.08), "outer edge")
        _along(c, g, f, -0.06, "left half-road")
        _along(c, g, f, 1.06, "right half-road")
        return
    stage = f"main road: {tile.road.capitalize()} Road" if tile.road else "main road"
    _word(c, g, *f.at(0.5, -0.16), f"inner edge ({stage})")
    _word(c, g, *f.at(0.22, 1.12), "left half")
    _word(c, g, *f.at(0.78, 1.12), "right half")


def _along(c: Canvas, g: Node, f: Frame, x: float, text: str) -> None:
    """Words along a radial edge, outside it at `x` (tile coordinates), never upside down."""
    (x0, y0), (x1, y1) = f.at(x, 0.0), f.at(x, 1.0)
    turn = degrees(atan2(y1 - y0, x1 - x0))
    turn = turn - 180 if turn > 90 else turn + 180 if turn <= -90 else turn
    mx, my = f.at(x, 0.5)
    _word(c, g, mx, my, text, transform=f"rotate({num(turn)} {num(mx)} {num(my)})")


def _word(c: Canvas, g: Node, x: float, y: float, text: str, **turned: str) -> None:
    c.text(g, x, y + 3.5, text, text_anchor="middle", font_size=WORD_FONT, fill=MUTED,
           font_style="italic", **turned)


def _key(c: Canvas, g: Node, x: float, y: float, key: str) -> None:
    """A site's or spot's key in bold on a white halo (drawn under it, as townland.py does)."""
    for halo in (True, False):
        c.text(g, x, y, key, cls="key-halo" if halo else "key", text_anchor="middle",
               font_size=KEY_FONT, font_weight="bold", fill="#ffffff" if halo else KEY_INK,
               **({"stroke": "#ffffff", "stroke_width": "3"} if halo else {}))


def _site(c: Canvas, parent: Node, site: Site, tile: LandTile, f: Frame) -> None:
    """A Building Site: house-shaped when residential, its Municipal mark at its lower left,
    its bonus star at its upper right with the bonus in words beside it, its key below."""
    x, y = f.at(site.x, site.y)
    g = c.g(parent, f"site {site.kind}", data_key=site.key)
    c.title(g, site_words(site))
    c.use(g, piece(c, f"site-{site.kind}"), x - SITE / 2, y - SITE / 2, SITE, SITE)
    if site.municipal:
        c.use(g, piece(c, "municipal"), x - SITE / 2 - 6, y + 1, MARK, MARK)
    if site.bonus is not None:
        c.use(g, piece(c, "bonus"), x + 6, y - SITE / 2 - 5, MARK, MARK)
        words = bonus_short(site.bonus)
        wx, wy, anchor = _bonus_place(site, words, tile, f)
        for halo in (True, False):
            c.text(g, wx, wy, words, text_anchor=anchor, font_size=WORD_FONT,
                   font_weight="bold", fill="#ffffff" if halo else "#6b5300",
                   **({"stroke": "#ffffff", "stroke_width": "3"} if halo else {}))
    _key(c, g, x, y + SITE / 2 + 12, site.key)


Box = tuple[float, float, float, float]  # left, top, right, bottom


def _bonus_place(site: Site, words: str, tile: LandTile, f: Frame) -> tuple[float, float, str]:
    """Where a site's bonus is written: beside its star, on the other side of the site, or
    under its key, whichever covers least of the tile's other pieces and keys and stays on
    the drawing (the first of those in that order on a tie)."""
    x, y = f.at(site.x, site.y)
    w = text_width(words, float(WORD_FONT), bold=True)
    sides = [(x + 20, y - 10, "start"), (x - 11, y - 10, "end")]
    places = (sides if site.x <= 0.6 else sides[::-1]) + [(x, y + SITE / 2 + 26, "middle")]
    printed = _printed(tile, f, site)
    outline = [f.board(p) for p in _outline(tile.zone)] if tile.zone != "center" else [
        f.board((R_CENTER * cos(radians(a)), R_CENTER * sin(radians(a))))
        for a in range(0, 360, 10)]

    def covered(place: tuple[float, float, str]) -> float:
        px, py, anchor = place
        left = px - w if anchor == "end" else px - w / 2 if anchor == "middle" else px
        box = (left, py - 9, left + w, py + 2)
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        out = 1e4 * sum(not _inside(p, outline) for p in corners)
        return out + sum(_overlap(box, b) for b in printed)

    return min(places, key=covered)


def _printed(tile: LandTile, f: Frame, site: Site) -> list[Box]:
    """The boxes of what the drawing prints but `site`'s bonus: pieces and keys."""
    out: list[Box] = []
    for other in tile.sites:
        if other is site:
            continue
        x, y = f.at(other.x, other.y)
        out.append((x - 13, y - 13, x + 13, y + 27))
        if other.bonus is not None:
            out.append((x + 6, y - 17, x + 19 + 40, y - 4))
    for spot in tile.spots:
        x, y = f.at(spot.x, spot.y)
        out.append((x - 10, y - 10, x + 10, y + 23))
    if tile.zone == "outer":  # the main road, straight down the middle
        (x0, y0), (x1, y1) = f.at(0.5, 0.0), f.at(0.5, 1.0)
        out.append((min(x0, x1) - WIDTH / 2, y0, max(x0, x1) + WIDTH / 2, y1))
    return out


def _inside(p: Point, polygon: list[Point]) -> bool:
    """Whether `p` lies inside `polygon` (even-odd rule)."""
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > p[1]) != (y1 > p[1]) and p[0] < x0 + (p[1] - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _overlap(a: Box, b: Box) -> float:
    return (max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
            * max(0.0, min(a[3], b[3]) - max(a[1], b[1])))


ROAD_WORDS = {"left": "the left half-road", "right": "the right half-road",
              "ring": "the ring road", "road": "the main road", "access": "the Access Road"}


def site_words(site: Site) -> str:
    """`s2: residential site on the left half-road, Municipal, bonus 2 trees`."""
    kind = "residential" if site.kind == "residential" else "non-residential"
    parts = [f"{site.key}: {kind} site on {ROAD_WORDS.get(site.road, site.road)}"]
    if site.municipal:
        parts.append("Municipal")
    if site.bonus is not None:
        parts.append(f"bonus {bonus_short(site.bonus)}")
    return ", ".join(parts)
