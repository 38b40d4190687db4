"""Static artwork, defined once per document as `<symbol>` and placed with `<use>`: pieces
(trees, Workers, sites, spots), parcel shapes, action tiles, the Starting Tile, and the stripes of
a Building Token's construction side."""

from __future__ import annotations

from ..edition.model import ActionTileInfo
from .canvas import Canvas, Node
from .geometry import R_CENTER, R_INNER, R_OUTER, SECTOR, sector_path
from .style import INK, MUNICIPAL_FILL, SMALL, fit, text_width, wrap_to

BOARD = R_OUTER + 6.0  # half the side of the box the parcel symbols are drawn in
CELL = 88.0  # side of an action tile on the ring

# The Time Cost printed on each action tile (rulebook, Action Time Cost and Action Tiles
# Overview): Time Units, per what (a cube, 3 cubes, a tree, 3 trees) when they are counted, and
# whether they are mandatory (printed in red: no Time Buying) or no extra cost (green).
TIME_COST: dict[str, tuple[str, str | None, bool]] = {
    "buy-resources": ("1/3", "cube", False), "buy-resources-discount": ("1/3", "cube", False),
    "build-floor": ("1/", "cube", False), "build-floor-premium": ("1/", "cube", False),
    "auction": ("0", None, False), "sell-resources": ("0", None, False),
    "buy-warehouse": ("1", None, False), "explore-build-road": ("1 | 2", None, False),
    "buy-trees": ("1", None, False), "plant-trees": ("1/3", "tree", False),
    "new-resident": ("1", None, False), "sell-house": ("0", None, False),
    "convert": ("0", None, False), "import": ("2", None, False),
    "optimization": ("2", None, False), "replanting": ("1/", "tree", False),
    "subsidy": ("2", None, True), "forced-trade": ("0", None, False),
    "architect": ("0", None, False), "engineer": ("0", None, False),
    "builder": ("0", None, False), "ecologist": ("0", None, False),
    "banker": ("0", None, False), "merchant": ("0", None, False),
    "follower": ("0", None, False), "crowdfunding": ("3", None, True),
    "manager": ("0", None, False),
}
COST_INK = {"fixed": "#c62828", "none": "#2e7d32", "units": "#455a64"}


def time_cost_words(key: str) -> str:
    """The Time Cost of an action tile in words (the tile's tooltip)."""
    units, per, fixed = TIME_COST.get(key, ("?", None, False))
    if per is not None:
        count = "3 " + per + "s" if units.endswith("3") else "1 " + per
        return f"Time Cost: 1 Time Unit per {count}"
    if units == "0":
        return "no extra Time Cost"
    if " | " in units:
        a, b = units.split(" | ")
        return f"Time Cost: {a} or {b} Time Units (one per action)"
    plural = "" if units == "1" else "s"
    return f"Time Cost: {units} Time Unit{plural}" + (" (mandatory)" if fixed else "")
PARCEL_FILL = {"center": "#e4edcf", "inner": "#d8e8bf", "outer": "#c9e0a8"}
PARCEL_EDGE = "#6d7f4f"


def define_common(c: Canvas) -> None:
    """The stripes of a Building Token's construction side."""
    stripes = c.dwg.pattern(id="stripes", size=("6", "6"), patternUnits="userSpaceOnUse",
                            patternTransform="rotate(45)")
    stripes.add(c.dwg.rect(insert=("0", "0"), size=("6", "6"), fill="#ffffff"))
    stripes.add(c.dwg.rect(insert=("0", "0"), size=("3", "6"), fill="#f2b632"))
    c.dwg.defs.add(stripes)


def piece(c: Canvas, ident: str) -> str:
    """Define a small piece symbol on first use; return its id."""
    sym = c.symbol(ident, PIECE_BOX.get(ident, (-8, -8, 16, 16)))
    if sym is not None:
        PIECES[ident](c, sym)
    return ident


def _tree(c: Canvas, s: Node) -> None:
    c.rect(s, -1.5, 2, 3, 6, fill="#6b4423")
    c.circle(s, 0, -1.5, 6, fill="#2f8f3a", stroke="#1b5e24", stroke_width="1")
    c.circle(s, -1.8, -3.2, 1.8, fill="#5cb85c")


def _spot(c: Canvas, s: Node) -> None:
    c.circle(s, 0, 0, 4.5, fill="#eef5e0", stroke="#6c8f3c", stroke_width="1",
             stroke_dasharray="2 1.5")


def _worker(c: Canvas, s: Node) -> None:
    c.path(s, "M0,-7.6 a2.9,2.9 0 1 0 0.01,0 Z M-2.6,-3.4 L2.6,-3.4 L6.8,-0.8 L6,1.8 "
           "L3,0.6 L4.6,7.6 L1,7.6 L0,3.8 L-1,7.6 L-4.6,7.6 L-3,0.6 L-6,1.8 L-6.8,-0.8 Z",
           stroke=INK, stroke_width="1", stroke_linejoin="round")


def _site_res(c: Canvas, s: Node) -> None:
    c.polygon(s, [(-9, -2), (0, -9), (9, -2), (9, 7), (-9, 7)], fill="#f7f2e4",
              stroke="#8c7b5c", stroke_width="1.2")


def _site_non(c: Canvas, s: Node) -> None:
    c.rect(s, -10, -7, 20, 14, rx=2, fill="#f7f2e4", stroke="#8c7b5c", stroke_width="1.2")


def _muni(c: Canvas, s: Node) -> None:
    """A small orange disc with a dark ring: too small for a letter, told by its colour and
    its place at a site's corner (the legend names it)."""
    c.circle(s, 0, 0, 5, fill=MUNICIPAL_FILL, stroke=INK, stroke_width="1.2")
    c.circle(s, 0, 0, 1.8, fill=INK)


def _bonus(c: Canvas, s: Node) -> None:
    star = [(0, -5), (1.5, -1.6), (5, -1.5), (2.3, 0.8), (3.1, 4.5), (0, 2.5), (-3.1, 4.5),
            (-2.3, 0.8), (-5, -1.5), (-1.5, -1.6)]
    c.polygon(s, star, fill="#ffd21f", stroke="#8a6d00", stroke_width="0.8")


def _hourglass(c: Canvas, s: Node) -> None:
    c.path(s, "M-3,-4 L3,-4 L0,0 L3,4 L-3,4 L0,0 Z", fill="#cfd8dc", stroke="#455a64",
           stroke_width="0.9")


PIECES = {"tree": _tree, "spot": _spot, "worker": _worker, "site-residential": _site_res,
          "site-nonresidential": _site_non, "municipal": _muni,
          "bonus": _bonus, "hourglass": _hourglass}
PIECE_BOX: dict[str, tuple[float, float, float, float]] = {"tree": (-7, -8, 14, 16)}


def parcel(c: Canvas, zone: str, *, empty: bool = False) -> str:
    """The parcel shape of a zone (Inner/Outer drawn at k = 0, rotated into place)."""
    ident = f"slot-{zone}" if empty else f"parcel-{zone}"
    sym = c.symbol(ident, (-BOARD, -BOARD, 2 * BOARD, 2 * BOARD))
    if sym is None:
        return ident
    if zone == "center":
        c.circle(sym, 0, 0, R_CENTER, fill=PARCEL_FILL["center"], stroke=PARCEL_EDGE,
                 stroke_width="1.5")
        return ident
    d = (sector_path(0, SECTOR, R_CENTER, R_INNER) if zone == "inner"
         else sector_path(-SECTOR / 2, SECTOR / 2, R_INNER, R_OUTER))
    if empty:
        c.path(sym, d, fill="#f7f9f2", stroke="#b9c4a6", stroke_width="1.2",
               stroke_dasharray="5 4")
    else:
        c.path(sym, d, fill=PARCEL_FILL[zone], stroke=PARCEL_EDGE, stroke_width="1.5")
    return ident


def action_tile(c: Canvas, info: ActionTileInfo | None, key: str) -> str:
    """An action tile as printed: number, Time Cost, name; pink border where the edition
    says so. The lower part is left free for the pieces on it. No text under `SMALL`."""
    ident = f"tile-{key}"
    sym = c.symbol(ident, (0, 0, CELL, CELL))
    if sym is None:
        return ident
    pink = info is not None and info.pink
    c.rect(sym, 2, 2, CELL - 4, CELL - 4, rx=6, fill="#fffdf7",
           stroke="#d9488f" if pink else "#8f8f8f", stroke_width="2.5" if pink else "1.2")
    c.text(sym, 7, 16, f"#{info.number}" if info is not None else "", cls="muted",
           font_size=str(SMALL), font_weight="bold")
    _time_cost(c, sym, key, CELL - 7, 16)
    _tile_name(c, sym, info.name if info is not None else key)
    return ident


def _time_cost(c: Canvas, sym: Node, key: str, right: float, y: float) -> None:
    """The hourglass, the Time Units and the pictogram of what they are counted by (a cube,
    a tree), right-aligned at `right`: red when mandatory, green when no extra cost."""
    units, per, fixed = TIME_COST.get(key, ("?", None, False))
    ink = COST_INK["fixed" if fixed else "none" if units == "0" else "units"]
    x = right
    if per is not None:
        x -= 8
        if per == "cube":
            c.rect(sym, x, y - 7.5, 7.5, 7.5, rx=1, fill="#b4b4b4", stroke=INK,
                   stroke_width="0.8")
        else:
            c.use(sym, piece(c, "tree"), x - 0.5, y - 9.5, 8.5, 10)
        x -= 1.5
    c.text(sym, x, y, units, text_anchor="end", font_size=str(SMALL), font_weight="bold",
           fill=ink)
    x -= text_width(units, SMALL, bold=True) + 7.5
    c.use(sym, piece(c, "hourglass"), x, y - 8.5, 7, 9)


NAME_WIDTH = CELL - 8  # the room for a tile's name, inside its border
NAME_LINES = 3  # lines of name and parenthesis above the pieces standing on the tile
LINE = 12.0


def tile_name_lines(name: str) -> tuple[list[str], bool, str]:
    """A tile's name wrapped to the tile at `SMALL` size: (lines, bold, the words in
    parentheses). Bold when it fits in three lines without cutting a word, else book."""
    main, _, sub = name.partition(" (")
    for bold in (True, False):
        lines = wrap_to(main, NAME_WIDTH, SMALL, bold=bold)
        if len(lines) <= NAME_LINES and all(
                text_width(line, SMALL, bold=bold) <= NAME_WIDTH for line in lines):
            return lines, bold, sub.removesuffix(")")
    return lines[:NAME_LINES], False, sub.removesuffix(")")


def subtitle_lines(sub: str, room: int) -> list[str]:
    """The words in parentheses in the `room` lines left under the name, the last line cut
    with an ellipsis when they do not fit (the tile's tooltip has them whole)."""
    lines = wrap_to(sub, NAME_WIDTH, SMALL) if room > 0 else []
    if len(lines) > room:
        lines = lines[:room - 1] + [fit(" ".join(lines[room - 1:]), NAME_WIDTH, SMALL)]
    return lines


def _tile_name(c: Canvas, sym: Node, name: str) -> None:
    """The name (bold when it fits), then the words in parentheses in the lines left."""
    lines, bold, sub = tile_name_lines(name)
    y = 31.0
    for line in lines:
        c.text(sym, CELL / 2, y, line, text_anchor="middle", font_size=str(SMALL),
               font_weight="bold" if bold else "normal")
        y += LINE
    for line in subtitle_lines(sub, NAME_LINES - len(lines)):
        c.text(sym, CELL / 2, y, line, cls="muted", text_anchor="middle",
               font_size=str(SMALL))
        y += LINE


def starting_tile(c: Canvas, side: float) -> str:
    sym = c.symbol("starting-tile", (0, 0, side, side))
    if sym is not None:
        c.rect(sym, 2, 2, side - 4, side - 4, rx=8, fill="#e3ecf2", stroke="#37474f",
               stroke_width="2")
        c.text(sym, side / 2, 16, "START", text_anchor="middle", font_size=str(SMALL),
               font_weight="bold", fill="#37474f")
    return "starting-tile"
