"""The legend: who is who (colour and letter), and what each kind of piece looks like."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.state import MUNICIPALITY
from .buildings import BLOCK_W, TOKEN_H, token_width
from .canvas import Canvas, Node
from .defs import piece
from .roads import draw_stage
from .scene import Scene
from .style import (
    FAMILY_FILL,
    FAMILY_INK,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    INK,
    ROOF,
    SMALL,
    Look,
    fit,
    text_width,
)

Sample = Callable[[Canvas, Node, float, float], None]
LINE_H = 26.0
WIDTH = 1180.0


def legend_height(scene: Scene) -> float:
    return 24 + LINE_H * len(_lines(scene))


def draw_legend(c: Canvas, parent: Node, scene: Scene, x: float, y: float) -> None:
    g = c.g(parent, "legend")
    c.text(g, x, y + 12, "Legend", cls="heading", font_size="12")
    for i, items in enumerate(_lines(scene)):
        ix = x
        for label, width, sample in items:
            sample(c, g, ix, y + 24 + LINE_H * i + 11)
            c.text(g, ix + 36, y + 24 + LINE_H * i + 15, label, cls="small")
            ix += width


def _lines(scene: Scene) -> list[list[tuple[str, float, Sample]]]:
    """Legend items, wrapped into lines that fit the width."""
    people = _people(scene)
    lines: list[list[tuple[str, float, Sample]]] = [[]]
    used = 0.0
    for label, sample in [*people, *ITEMS]:
        width = 36 + text_width(label, SMALL) + 18  # the label starts 36 on (class "small")
        if used + width > WIDTH and lines[-1]:
            lines.append([])
            used = 0.0
        lines[-1].append((label, width, sample))
        used += width
    return lines


def _people(scene: Scene) -> list[tuple[str, Sample]]:
    s = scene.state
    people = [scene.look(p.name) for p in s.players]
    town = s.townland
    if s.municipality or MUNICIPALITY in town.owners.values() or any(
            MUNICIPALITY in b.blocks for b in town.buildings.values()):
        people.append(scene.look(MUNICIPALITY))
    return [(fit(look.name, 150, SMALL), _person(look)) for look in people]  # 40 characters


def _person(look: Look) -> Sample:
    def draw(c: Canvas, g: Node, x: float, y: float) -> None:
        c.rect(g, x + 1, y - 9, 22, 18, rx=3, fill=look.fill, stroke=INK, stroke_width="1.2")
        c.text(g, x + 12, y + 0.5, look.letter, cls="letter", font_size="11", fill=look.ink)
    return draw


def _road(stage: str) -> Sample:
    def draw(c: Canvas, g: Node, x: float, y: float) -> None:
        draw_stage(c, g, (x, y), (x + 24, y), stage)
    return draw


def _token(side: str, family: str, label: str) -> Sample:
    def draw(c: Canvas, g: Node, x: float, y: float) -> None:
        c.rect(g, x + 12 - BLOCK_W / 2, y, BLOCK_W, 6, fill="#9e9e9e", stroke=INK,
               stroke_width="0.8")
        width = token_width(label)
        tx, ty = x + 12 - width / 2, y - TOKEN_H
        if side == "under-construction":
            c.rect(g, tx, ty, width, TOKEN_H, rx=2, fill="url(#stripes)",
                   stroke=FAMILY_FILL[family], stroke_width="2")
            ink = INK
        else:
            c.rect(g, tx, ty, width, TOKEN_H, rx=2, fill=FAMILY_FILL[family], stroke=INK,
                   stroke_width="0.9")
            ink = FAMILY_INK[family]
        c.text(g, x + 12, ty + TOKEN_H / 2 + 0.5, label, cls="letter", font_size=str(SMALL),
               fill=ink)
    return draw


def _roof(c: Canvas, g: Node, x: float, y: float) -> None:
    c.rect(g, x + 12 - BLOCK_W / 2, y - 2, BLOCK_W, 8, fill="#9e9e9e", stroke=INK,
           stroke_width="0.8")
    c.polygon(g, [(x - 4, y - 2), (x + 12, y - 14), (x + 28, y - 2)], fill=ROOF,
              stroke="#7a1208", stroke_width="1")


def _use(ident: str, size: float = 16) -> Sample:
    def draw(c: Canvas, g: Node, x: float, y: float) -> None:
        c.use(g, piece(c, ident), x + 12 - size / 2, y - size / 2, size, size, fill="#bdbdbd")
    return draw


def _changed(c: Canvas, g: Node, x: float, y: float) -> None:
    c.rect(g, x, y - 8, 24, 16, rx=5, fill=HIGHLIGHT, stroke=HIGHLIGHT_EDGE, stroke_width="1.5")


def _path(c: Canvas, g: Node, x: float, y: float) -> None:
    c.line(g, (x, y), (x + 24, y), stroke=INK, stroke_width="7")
    c.line(g, (x, y), (x + 24, y), stroke="#bdbdbd", stroke_width="4")


def _slot(c: Canvas, g: Node, x: float, y: float) -> None:
    c.rect(g, x, y - 8, 24, 16, fill="#f7f9f2", stroke="#b9c4a6", stroke_width="1.2",
           stroke_dasharray="5 4")


def _marker(c: Canvas, g: Node, x: float, y: float) -> None:
    c.rect(g, x + 4, y - 8, 16, 16, rx=3, fill="#bdbdbd", stroke="#222222", stroke_width="1.6")


def _occupied(c: Canvas, g: Node, x: float, y: float) -> None:
    c.circle(g, x + 12, y, 8, fill="#c62828", stroke="#5b0f0f", stroke_width="1")
    c.rect(g, x + 7, y - 1.5, 10, 3, fill="#ffffff")


def _prices(c: Canvas, g: Node, x: float, y: float) -> None:
    c.text(g, x + 6, y + 4, "9", cls="buy", font_size="11", text_anchor="middle")
    c.text(g, x + 19, y + 4, "7", cls="sell", font_size="11", text_anchor="middle")


ITEMS: list[tuple[str, Sample]] = [
    ("half-road", _road("half")), ("construction road", _road("construction")),
    ("completed road", _road("completed")),
    ("under construction", _token("under-construction", "commerce", "Pub")),
    ("finished (blue Commerce, yellow Public)", _token("finished", "commerce", "Pub")),
    ("House for sale", _token("for-sale", "house", "SALE")), ("sold House (roof)", _roof),
    ("Worker", _use("worker", 20)), ("tree", _use("tree")), ("planting spot", _use("spot")),
    ("residential site", _use("site-residential")),
    ("non-residential site", _use("site-nonresidential")),
    ("municipal site", _use("municipal", 11)), ("site bonus", _use("bonus", 12)),
    ("parcel owner", _marker), ("may be explored", _slot), ("changed this turn", _changed),
    ("move (solid), time shift (dashed)", _path), ("'Occupied' token", _occupied),
    ("buying / selling price", _prices),
]
