"""The Market inside the ring: for each resource its holes from the bottom row up (each row
with its Buying Price in red and Selling Price in yellow), the cubes in them; the Conversion Die
(D4), the Import die (D6) when rolled this turn, and what is left in the pouch and supply."""

from __future__ import annotations

from typing import Any

from ..edition.model import RESOURCES, Hole
from ..engine.game import plural
from .canvas import Canvas, Node
from .panel import delta
from .scene import Scene, repeats
from .style import INK, RESOURCE_FILL, SMALL, text_width, wrap_to

HOLE = 15.0  # distance between two holes
ROW = 19.0


def rows_of(holes: tuple[Hole, ...], width: int = 4) -> list[list[Hole]]:
    """Holes grouped into rows of equal prices (at most `width` each), bottom row first."""
    rows: list[list[Hole]] = []
    for hole in holes:
        if rows and rows[-1][-1] == hole and len(rows[-1]) < width:
            rows[-1].append(hole)
        else:
            rows.append([hole])
    return rows


def draw_market(c: Canvas, parent: Node, scene: Scene, x: float, y: float, side: float) -> None:
    s = scene.state
    g = c.g(parent, "market")
    c.rect(g, x, y, side, side, rx=10, fill="#f4efe4", stroke="#b3a58a", stroke_width="1.2")
    market = s.edition.market_for(len(s.players))
    players = f"{market.players[0]}-{market.players[-1]} players"
    c.text(g, x + 12, y + 20, "Market", cls="heading")
    c.text(g, x + 72, y + 20, f"{players} side", cls="small muted")
    width = (side - 16) / len(RESOURCES)
    bottom = y + 54 + ROW * max(len(rows_of(market.sections[r])) for r in RESOURCES)
    for i, resource in enumerate(RESOURCES):
        sx = x + 8 + i * width
        _section(c, g, resource, market.sections[resource], s.market[resource], sx, y + 44,
                 bottom)
        before = scene.previous.market.get(resource) if scene.previous is not None else None
        label = f"{resource} {s.market[resource]}"
        end = sx + 18 + text_width(label, 11, bold=True)
        if end + 18 <= sx + width:  # the change beside the count, or above it: never on the
            delta(c, g, end, y + 44, s.market[resource], before)  # next section's square
        else:
            delta(c, g, sx + 16, y + 32, s.market[resource], before)
    _dice(c, g, scene, x + 14, bottom + 18)
    _supply(c, g, scene, x + 12, y + side - 13 * SUPPLY_LINES + 2, side - 24)


def _section(c: Canvas, g: Node, resource: str, holes: tuple[Hole, ...], cubes: int,
             x: float, top: float, bottom: float) -> None:
    """One resource section: rows bottom-up, price labels on the left, cubes in the holes
    filled from the bottom row up."""
    sec = c.g(g, f"market-section {resource}", data_cubes=str(cubes))
    c.title(sec, f"{resource}: {cubes} of {len(holes)} holes filled")
    rows = rows_of(holes)
    c.rect(sec, x + 2, top - 9, 10, 10, rx=1.5, fill=RESOURCE_FILL[resource], stroke=INK,
           stroke_width="0.8")
    c.text(sec, x + 16, top, f"{resource} {cubes}", font_size="11", font_weight="bold")
    filled = 0
    for r, row in enumerate(rows):
        ry = bottom - ROW * r - ROW / 2
        c.text(sec, x + 7, ry + 4, str(row[0].buy), cls="buy", font_size="11",
               text_anchor="middle")
        c.text(sec, x + 25, ry + 4, str(row[0].sell), cls="sell", font_size="11",
               text_anchor="middle")
        for i in range(len(row)):
            hx = x + 41 + i * HOLE
            c.circle(sec, hx, ry, 6.5, fill="#ffffff", stroke="#9c8f74", stroke_width="1")
            if filled < cubes:
                c.rect(sec, hx - 5, ry - 5, 10, 10, rx=1.5, cls=f"cube {resource}",
                       fill=RESOURCE_FILL[resource], stroke=INK, stroke_width="0.9")
            filled += 1


def _dice(c: Canvas, g: Node, scene: Scene, x: float, y: float) -> None:
    """The Conversion Die (a D4 showing the rate) and, when Import was used this turn, the D6."""
    rate = scene.state.ring.conversion_rate
    d4 = c.g(g, "die d4", data_value=str(rate))
    c.polygon(d4, [(x + 16, y), (x + 32, y + 28), (x, y + 28)], fill="#ffffff", stroke=INK,
              stroke_width="1.4", stroke_linejoin="round")
    c.text(d4, x + 16, y + 21, str(rate), cls="letter", font_size="12")
    c.text(d4, x + 40, y + 12, "Conversion rate", cls="small")
    c.text(d4, x + 40, y + 25, f"D4: {rate} G per VP", cls="small muted")
    roll = _import_roll(scene.log_turn)
    if roll is None:
        return
    d6 = c.g(g, "die d6", data_value=str(roll))
    c.rect(d6, x + 150, y, 28, 28, rx=5, fill="#ffffff", stroke=INK, stroke_width="1.4")
    c.text(d6, x + 164, y + 14.5, str(roll), cls="letter", font_size="13")
    c.text(d6, x + 184, y + 12, "Import roll", cls="small")
    c.text(d6, x + 184, y + 25, f"D6: {roll}", cls="small muted")


def _import_roll(rec: dict[str, Any] | None) -> int | None:
    """The D6 rolled for Import in this turn (or in one of its Repeat Actions)."""
    for r in [rec, *repeats(rec)] if rec is not None else []:
        if r.get("tile") == "import" and isinstance(r.get("roll"), int):
            return int(r["roll"])
    return None


SUPPLY_LINES = 4  # the pouch, and the supply wrapped to the Market's width


def _supply(c: Canvas, g: Node, scene: Scene, x: float, y: float, width: float) -> None:
    sup = scene.state.supply
    pouch = ", ".join(f"{sup.pouch[r]} {r}" for r in RESOURCES)
    text = (f"Supply: {plural(sup.trees, 'tree')}, {plural(sup.road_tokens, 'road')}, "
            f"{plural(sup.small_warehouses, 'small warehouse')}, "
            f"{plural(sup.orange_blocks, 'orange block')}, "
            f"{plural(sup.roof_blocks, 'roof')}; tiles left: {len(sup.inner_stack)} inner, "
            f"{len(sup.outer_stack)} outer")
    lines = [f"Pouch: {pouch}", *wrap_to(text, width, SMALL)]
    for i, line in enumerate(lines):
        c.text(g, x, y + 13 * i, line, cls="small muted")
