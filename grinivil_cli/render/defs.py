"""Static artwork, defined once per document as `<symbol>` and placed with `<use>`: pieces
(trees, Workers, sites, spots), parcel shapes, action tiles, the Starting Tile, and the stripes of
a Building Token's construction side."""

from __future__ import annotations

from ..edition.model import ActionTileInfo
from .canvas import Canvas, Node
from .geometry import R_CENTER, R_INNER, R_OUTER, SECTOR, sector_path
from .style import INK, MUNICIPAL_FILL, shorten, text_width, wrap

BOARD = R_OUTER + 6.0  # half the side of the box the parcel symbols are drawn in
CELL = 80.0  # side of an action tile on the ring

# Time cost printed on each action tile (rulebook, Action Tiles Overview).
TIME_COST: dict[str, str] = {
    "buy-resources": "1/3 cubes", "buy-resources-discount": "1/3 cubes",
    "build-floor": "1/cube", "build-floor-premium": "1/cube", "auction": "0",
    "sell-resources": "0", "buy-warehouse": "1", "explore-build-road": "1 | 2",
    "buy-trees": "1", "plant-trees": "1/3 trees", "new-resident": "1", "sell-house": "0",
    "convert": "0", "import": "2", "optimization": "2", "replanting": "1/tree",
    "subsidy": "2 fixed", "forced-trade": "0", "architect": "0", "engineer": "0",
    "builder": "0", "ecologist": "0", "banker": "0", "merchant": "0", "follower": "0",
    "crowdfunding": "3 fixed", "manager": "0",
}
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
    c.circle(s, 0, 0, 4.5, fill=MUNICIPAL_FILL, stroke=INK, stroke_width="0.8")
    c.text(s, 0, 0.3, "m", cls="letter", font_size="7")


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
    """An action tile as printed: number, time cost, name; pink border where the edition
    says so. The lower part is left free for the pieces on it."""
    ident = f"tile-{key}"
    sym = c.symbol(ident, (0, 0, CELL, CELL))
    if sym is None:
        return ident
    pink = info is not None and info.pink
    c.rect(sym, 2, 2, CELL - 4, CELL - 4, rx=6, fill="#fffdf7",
           stroke="#d9488f" if pink else "#8f8f8f", stroke_width="2.5" if pink else "1.2")
    c.text(sym, 7, 14, f"#{info.number}" if info is not None else "", cls="small muted",
           font_size="7.5", font_weight="bold")
    cost = TIME_COST.get(key, "?")
    c.text(sym, 74, 14, cost, cls="muted", text_anchor="end", font_size="7")
    c.use(sym, piece(c, "hourglass"), 73 - text_width(cost, 7) - 8, 7, 7, 8)
    _tile_name(c, sym, info.name if info is not None else key)
    return ident


def _tile_name(c: Canvas, sym: Node, name: str) -> None:
    """The name in bold (up to three lines), the words in parentheses below when room is left."""
    main, _, sub = name.partition(" (")
    lines = wrap(main, 12)
    size = 10.5 if len(lines) <= 2 else 9.5
    y = 28.0
    for line in lines[:3]:
        c.text(sym, CELL / 2, y, line, text_anchor="middle", font_size=str(size),
               font_weight="bold")
        y += size + 1.5
    if len(lines) < 3 and sub:
        c.text(sym, CELL / 2, y, shorten(sub.rstrip(")"), 17), cls="muted",
               text_anchor="middle", font_size="8.5")


def starting_tile(c: Canvas, side: float) -> str:
    sym = c.symbol("starting-tile", (0, 0, side, side))
    if sym is not None:
        c.rect(sym, 2, 2, side - 4, side - 4, rx=8, fill="#e3ecf2", stroke="#37474f",
               stroke_width="2")
        c.text(sym, side / 2, 13, "START", text_anchor="middle", font_size="8.5",
               font_weight="bold", fill="#37474f")
    return "starting-tile"
