"""The players panel (one row per player: money, VPs, Blocks, Workers, trees, Warehouses with
their cubes, residents in the Portfolio, Bonus Road Track) and the residents: the Display and
the Residents of Grinivil pile."""

from __future__ import annotations

from ..edition.model import RESOURCES
from ..engine.market import BIG_WAREHOUSE, SMALL_WAREHOUSE
from ..engine.state import GameState, PlayerState
from .canvas import Canvas, Node
from .defs import piece
from .scene import Scene
from .style import (
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    INK,
    MUTED,
    RESOURCE_FILL,
    SMALL,
    Look,
    fit,
    wrap,
    wrap_to,
)

ROW_H = 50.0
WAREHOUSE_WIDTH = 234.0
COLUMNS = (("Player", 0), ("Money / VP", 196), ("Blocks", 292), ("Workers", 360),
           ("Trees", 478), ("Warehouses", 548), ("Residents in portfolio", 790),
           ("Bonus Road Track", 990))


def panel_height(players: int) -> float:
    return 26 + ROW_H * players


def draw_players(c: Canvas, parent: Node, scene: Scene, x: float, y: float) -> None:
    g = c.g(parent, "players")
    for title, dx in COLUMNS:
        c.text(g, x + dx, y + 14, title, cls="small muted", font_weight="bold")
    c.line(g, (x, y + 20), (x + 1180, y + 20), stroke="#cccccc", stroke_width="1")
    for i, p in enumerate(scene.state.players):
        _row(c, g, scene, p, x, y + 26 + ROW_H * i, i)


def _row(c: Canvas, g: Node, scene: Scene, p: PlayerState, x: float, y: float, i: int) -> None:
    look = scene.look(p.name)
    row = c.g(g, f"player-row {look.css}")
    if p.name == scene.player:
        c.rect(row, x - 6, y - 2, 1192, ROW_H - 4, rx=6, cls="acting", fill="#fff6cc",
               stroke=HIGHLIGHT, stroke_width="1.5")
    elif i % 2:
        c.rect(row, x - 6, y - 2, 1192, ROW_H - 4, rx=6, fill="#f6f6f3")
    c.circle(row, x + 12, y + 16, 11, fill=look.fill, stroke=INK, stroke_width="1.6")
    c.text(row, x + 12, y + 16.5, look.letter, cls="letter", font_size="11", fill=look.ink)
    name = fit(p.name, 150, 13, bold=True)  # the Money column starts 166 px on
    shown = c.text(row, x + 30, y + 15, name, font_size="13", font_weight="bold")
    if name != p.name:
        c.title(shown, p.name)
    c.text(row, x + 30, y + 31, _status(scene.state, p), cls="small muted")
    _money(c, row, scene, p, x + 196, y)
    c.rect(row, x + 292, y + 9, 14, 10, fill=look.fill, stroke=INK, stroke_width="0.9")
    c.text(row, x + 312, y + 19, str(p.blocks), cls="num")
    before = _before(scene, p)
    delta(c, row, x + 334, y + 19, p.blocks, before.blocks if before else None)
    c.text(row, x + 292, y + 36, "left", cls="small muted")
    _workers(c, row, scene, p, look, x + 360, y)
    c.use(row, piece(c, "tree"), x + 478, y + 5, 14, 16)
    c.text(row, x + 497, y + 19, str(p.trees), cls="num")
    delta(c, row, x + 516, y + 19, p.trees, before.trees if before else None)
    c.text(row, x + 478, y + 36, "to plant", cls="small muted")
    _warehouses(c, row, p, x + 548, y + 6)
    _portfolio(c, row, scene, p, x + 790, y)
    _road_track(c, row, scene, p, look, x + 990, y)


def _status(s: GameState, p: PlayerState) -> str:
    parts = []
    if p.finished:
        parts.append("finished")
    elif s.players[s.current] is p:
        parts.append("plays next")
    parts.append(f"{p.markers} markers left")
    return " \u00b7 ".join(parts)


def delta(c: Canvas, g: Node, x: float, y: float, new: int, old: int | None) -> None:
    """A change this turn, in small print: +5 in green, \u22123 in red."""
    if old is not None and old != new:
        cls = "delta delta-up" if new > old else "delta delta-down"
        c.text(g, x, y, f"{new - old:+d}".replace("-", "\u2212"), cls=cls)


def _before(scene: Scene, p: PlayerState) -> PlayerState | None:
    if scene.previous is None:
        return None
    try:
        return scene.previous.player(p.name)
    except KeyError:
        return None


def _money(c: Canvas, g: Node, scene: Scene, p: PlayerState, x: float, y: float) -> None:
    before = _before(scene, p)
    for dy, value, unit, old in ((19, p.money, "G", before.money if before else None),
                                 (38, p.vp, "VP", before.vp if before else None)):
        if unit == "G" and scene.private:  # R-GEN-07: money is secret during play
            c.text(g, x, y + dy, "secret", cls="small muted")
            continue
        c.text(g, x, y + dy, f"{value} {unit}", cls="num", font_size="14")
        delta(c, g, x + 60, y + dy, value, old)


def _workers(c: Canvas, g: Node, scene: Scene, p: PlayerState, look: Look, x: float,
             y: float) -> None:
    """Free Workers filled in the player's colour, employed ones hollow."""
    s = scene.state
    employed = sum(p.name in b.workers for b in s.townland.buildings.values()) + sum(
        who == p.name for who in s.ring.ability_workers.values())
    free = p.workers - employed
    for i in range(p.workers):
        fill = look.fill if i < free else "#ffffff"
        c.use(g, piece(c, "worker"), x + 16 * i, y + 4, 15, 16,
              cls="worker " + ("free" if i < free else "employed"), fill=fill,
              opacity="1" if i < free else "0.55")
    c.text(g, x, y + 36, f"{free} free \u00b7 {employed} employed", cls="small muted")


def warehouse_sections(p: PlayerState) -> list[tuple[int, str | None, int]]:
    """Each Warehouse Section (capacity, resource stored, cubes in it): one resource per
    section, the most plentiful resource in the biggest sections first."""
    sections = [*BIG_WAREHOUSE, *[SMALL_WAREHOUSE] * p.small_warehouses]
    out: list[tuple[int, str | None, int]] = [(cap, None, 0) for cap in sections]
    order = sorted(RESOURCES, key=lambda r: (-p.cubes[r], RESOURCES.index(r)))
    free = sorted(range(len(sections)), key=lambda i: (-sections[i], i))
    for resource in order:
        left = p.cubes[resource]
        while left > 0 and free:
            i = free.pop(0)
            put = min(left, sections[i])
            out[i] = (sections[i], resource, put)
            left -= put
    return out


def _warehouses(c: Canvas, g: Node, p: PlayerState, x: float, y: float) -> None:
    """The Big Warehouse's three Sections, then each Small Warehouse, with their cubes (the
    slots get narrower when many Small Warehouses must fit in the column)."""
    sections = warehouse_sections(p)
    gaps = 6.0 * (len(sections) + 1) + 3 * len(sections)
    slot = min(10.0, (WAREHOUSE_WIDTH - gaps) / sum(cap for cap, _, _ in sections))
    wx = x
    stored = 0
    for i, (cap, resource, n) in enumerate(sections):
        if i == len(BIG_WAREHOUSE):
            wx += 6  # the Small Warehouses stand apart from the Big one
        c.rect(g, wx, y, cap * slot + 3, 14, rx=2, cls="warehouse-section", fill="#ffffff",
               stroke="#8a8a8a", stroke_width="1")
        for j in range(n):
            c.rect(g, wx + 2 + slot * j, y + 2, slot - 1, 10, rx=1, cls=f"cube {resource}",
                   fill=RESOURCE_FILL[resource or "concrete"], stroke=INK, stroke_width="0.7")
        stored += n
        wx += cap * slot + 9
    counts = ", ".join(f"{p.cubes[r]} {r}" for r in RESOURCES if p.cubes[r]) or "empty"
    extra = p.total_cubes() - stored
    c.text(g, x, y + 30, counts + (f" ({extra} do not fit)" if extra > 0 else ""),
           cls="small muted")


def _portfolio(c: Canvas, g: Node, scene: Scene, p: PlayerState, x: float, y: float) -> None:
    names = [_resident(scene, key) for key in p.residents]
    if scene.private and names:  # R-RESI-01: the cards in a portfolio are hidden
        names = [f"{len(names)} card{'s' * (len(names) != 1)}, hidden"]
    lines = wrap(", ".join(names), 34) or ["none"]
    for i, line in enumerate(lines[:2]):
        c.text(g, x, y + 16 + 14 * i, line, font_size="11.5")


def _resident(scene: Scene, key: str) -> str:
    card = scene.state.edition.residents.get(key)
    return card.name if card is not None else key


def _road_track(c: Canvas, g: Node, scene: Scene, p: PlayerState, look: Look, x: float,
                y: float) -> None:
    spaces = len(scene.state.edition.road_track)
    for i in range(1, spaces + 1):
        reached = i <= p.road_track
        c.rect(g, x + 13 * (i - 1), y + 8, 11, 11, rx=2,
               fill=look.fill if reached else "#ffffff", stroke=INK if reached else "#aaaaaa",
               stroke_width="0.8")
    c.text(g, x, y + 36, f"space {p.road_track} of {spaces}", cls="small muted")


RESIDENTS_HEIGHT = 110.0  # the Display's cards and two lines of the pile's names
CARD_W, CARD_STEP = 98.0, 105.6  # five cards the width of the ring


def draw_residents(c: Canvas, parent: Node, scene: Scene, x: float, y: float) -> None:
    """The five face-up cards of the Display and the Residents of Grinivil pile."""
    s = scene.state
    g = c.g(parent, "residents")
    c.text(g, x, y + 12, "Resident Display", cls="heading", font_size="12")
    old = scene.previous.supply.display if scene.previous is not None else s.supply.display
    for i, key in enumerate(s.supply.display):
        card = s.edition.residents.get(key)
        cx = x + CARD_STEP * i
        new = key not in old
        node = c.g(g, f"resident-card {key}" + (" changed" if new else ""))
        c.rect(node, cx, y + 20, CARD_W, 36, rx=4, fill="#fff6cc" if new else "#ffffff",
               stroke=HIGHLIGHT_EDGE if new else "#9e9e9e", stroke_width="1.5" if new else "1")
        c.text(node, cx + 6, y + 35, fit(card.name if card else key, CARD_W - 10, 11,
                                         bold=True), font_size="11", font_weight="bold")
        if card is not None:
            c.text(node, cx + 6, y + 50, f"{card.primary_vp} VP \u00b7 {card.primary_money} G",
                   cls="small muted")
    pile = [_resident(scene, k) for k in s.supply.pile]
    c.text(g, x, y + 74, f"Residents of Grinivil: {len(pile)}", cls="heading", font_size="12")
    was = len(scene.previous.supply.pile) if scene.previous is not None else None
    delta(c, g, x + 190, y + 74, len(pile), was)
    text = ", ".join(pile) if pile else "nobody has moved in yet"
    for i, line in enumerate(wrap_to(text, 4 * CARD_STEP + CARD_W, SMALL)[:2]):
        c.text(g, x, y + 92 + 14 * i, line, cls="small", fill=MUTED)
