"""The edition's other components drawn for its catalogue (`grinivil edition show`): a Market
side as its grid of holes with their prices, the Time Action Ring with its Initial Tiles in the
corners and the Beginners Ring, one action tile as printed, and the legend's samples; with the
board's own artwork (`defs.py`, `roads.py`, `market.rows_of`, `ring.RingBox`)."""

from __future__ import annotations

from ..edition.model import RESOURCES, ActionTileInfo, Edition, Hole, MarketSide
from .canvas import Canvas, Node
from .defs import CELL, action_tile, piece, starting_tile
from .market import rows_of
from .ring import START, RingBox
from .roads import draw_stage
from .style import INK, MUTED, RESOURCE_FILL, text_width

COLUMN = 176.0  # a Market section's width
ROW = 26.0  # a row of holes
HOLE_R, HOLE_STEP = 9.0, 23.0
BUY_INK, SELL_INK = "#c62828", "#8a6200"


def market_drawing(side: MarketSide) -> Canvas:
    """One side of the Market board: for each resource its rows of holes, the bottom row (worth
    most, filled first) at the bottom, each row with its Buying and Selling Price and each hole
    numbered from the bottom row up, as the edition lists them."""
    rows = {r: rows_of(side.sections.get(r, ())) for r in RESOURCES}
    height = 74 + ROW * max((len(v) for v in rows.values()), default=1) + 30
    players = f"{side.players[0]}-{side.players[-1]}" if side.players else "?"
    c = Canvas(int(COLUMN * len(RESOURCES) + 16), int(height), f"Market, {players} players",
               "The Market side's holes with their Buying and Selling Prices, bottom row first")
    root = c.g(None, "market-side", data_players=players)
    bottom = height - 44
    for i, resource in enumerate(RESOURCES):
        _section(c, c.g(root, f"market-section {resource}"), resource, rows[resource],
                 8 + i * COLUMN, bottom)
    c.text(root, 12, height - 14, "Bottom row: worth most, filled first; a buyer takes the "
           "cube in the topmost filled hole.", font_size="11", fill=MUTED)
    return c


def _section(c: Canvas, g: Node, resource: str, rows: list[list[Hole]], x: float,
             bottom: float) -> None:
    holes = sum(len(row) for row in rows)
    c.rect(g, x + 4, 12, 13, 13, rx=2, fill=RESOURCE_FILL[resource], stroke=INK,
           stroke_width="0.9")
    c.text(g, x + 23, 23, resource, font_size="13", font_weight="bold")
    c.text(g, x + 23 + text_width(resource, 13, bold=True) + 6, 23, f"{holes} holes",
           font_size="11", fill=MUTED)
    c.text(g, x + 16, 48, "buy", font_size="11", fill=BUY_INK, text_anchor="middle",
           font_weight="bold")
    c.text(g, x + 46, 48, "sell", font_size="11", fill=SELL_INK, text_anchor="middle",
           font_weight="bold")
    number = 1
    for r, row in enumerate(rows):
        y = bottom - ROW * r - ROW / 2
        c.text(g, x + 16, y + 4.5, str(row[0].buy), font_size="13", fill=BUY_INK,
               text_anchor="middle", font_weight="bold")
        c.text(g, x + 46, y + 4.5, str(row[0].sell), font_size="13", fill=SELL_INK,
               text_anchor="middle", font_weight="bold")
        for i in range(len(row)):
            hx = x + 76 + i * HOLE_STEP
            c.circle(g, hx, y, HOLE_R, fill="#ffffff", stroke="#9c8f74", stroke_width="1.2")
            c.text(g, hx, y + 3.5, str(number), font_size="10", fill=MUTED,
                   text_anchor="middle")
            number += 1


def ring_drawing(edition: Edition) -> Canvas:
    """The Time Action Ring as it is laid for the Beginners Ring: the Starting Tile, the
    Initial Action Tiles in their corners and the 16 variable tiles r1..r16 in ring order (the
    variable places left empty, numbered, when the edition gives no Beginners Ring)."""
    box = RingBox(START + 10, START + 10)
    side = int(START + 20 + 6 * CELL)
    c = Canvas(side, side, "Time Action Ring", "The Initial Action Tiles in the corners and "
               "the Beginners Ring's 16 variable tiles in ring order")
    root = c.g(None, "ring")
    sx, sy = box.start()
    c.use(root, starting_tile(c, START), sx, sy, START, START, cls="starting-tile")
    variable = iter(edition.beginners_ring)
    r = 0
    for pos in range(1, 21):
        x, y = box.cell(pos)
        key = edition.ring_corners.get(pos)
        label = "Initial"
        if key is None:
            key, r = next(variable, ""), r + 1
            label = f"r{r}"
        if key:
            c.use(root, action_tile(c, edition.action_tiles.get(key), key), x, y, CELL, CELL,
                  cls=f"ring-tile pos-{pos}")
        else:
            c.rect(root, x + 2, y + 2, CELL - 4, CELL - 4, rx=6, fill="none", stroke=MUTED,
                   stroke_dasharray="4 3")
        c.text(root, x + 8, y + CELL - 9, str(pos), font_size="11", font_weight="bold",
               fill=INK)
        c.text(root, x + CELL - 8, y + CELL - 9, label, font_size="10.5", fill=MUTED,
               text_anchor="end")
    mx, my, inner = box.inner()
    lines = [("Time Action Ring", "15", "bold"), ("positions 1 to 20 clockwise", "11", ""),
             ("Initial Action Tiles in the corners", "11", ""),
             ("Beginners Ring: r1 to r16", "11", "")]
    for i, (text, size, weight) in enumerate(lines):
        c.text(root, mx + inner / 2, my + inner / 2 - 30 + 20 * i, text, font_size=size,
               text_anchor="middle", **({"font_weight": weight} if weight else {}))
    return c


def action_tile_drawing(info: ActionTileInfo, key: str) -> Canvas:
    """One action tile as printed: number, Time Cost, name; its border pink or grey."""
    c = Canvas(int(CELL), int(CELL), f"#{info.number} {info.name}", f"action tile {key}")
    c.use(c.g(None, "action-tile", data_tile=key), action_tile(c, info, key), 0, 0, CELL, CELL)
    return c


def legend_drawings() -> list[tuple[str, Canvas]]:
    """What each piece of the tiles' drawings is, with a sample of it drawn."""
    out: list[tuple[str, Canvas]] = []
    for words, ident, w in (("Residential Building Site", "site-residential", 24.0),
                            ("Non-residential Building Site", "site-nonresidential", 24.0),
                            ("Municipal mark", "municipal", 14.0),
                            ("site bonus (in words beside it)", "bonus", 14.0),
                            ("Planting Spot", "spot", 20.0)):
        c = Canvas(44, 30, words, words)
        c.use(c.g(None), piece(c, ident), 22 - w / 2, 15 - w / 2, w, w)
        out.append((words, c))
    for words, stage in (("half-road (an Inner tile's edge)", "half"),
                         ("Construction Road", "construction"),
                         ("Completed Road", "completed")):
        c = Canvas(44, 30, words, words)
        draw_stage(c, c.g(None), (4.0, 15.0), (40.0, 15.0), stage)
        out.append((words, c))
    c = Canvas(44, 30, "the road a site hangs on", "a dotted line from a site to its road")
    c.line(c.g(None), (4.0, 15.0), (40.0, 15.0), stroke="#7a6a4f", stroke_width="1.3",
           stroke_dasharray="2 2.5")
    out.append(("the road a site hangs on", c))
    return out

