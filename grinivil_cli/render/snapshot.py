"""One snapshot as one SVG, 1200 px wide.

    +--------------------------------------------------------------------------+
    | caption: turn, player, action, what it did                               |
    +-------------------------------------+------------------------------------+
    |                                     | Starting Tile                      |
    |   Townland: Center, Inner ring,     |   Time Action Ring (20 tiles)      |
    |   Outer ring, roads, buildings,     |     around the Market, dice,       |
    |   trees, owners, explorable slots   |     pouch and supply               |
    |                                     | Resident Display, Residents pile   |
    +-------------------------------------+------------------------------------+
    | players panel: one row per player                                       |
    | legend                                                                   |
    +--------------------------------------------------------------------------+
"""

from __future__ import annotations

from typing import Any

from ..engine.replay import Snapshot
from ..engine.state import GameState
from .canvas import Canvas
from .caption import caption, description
from .defs import CELL, define_common
from .geometry import R_OUTER
from .legend import draw_legend, legend_height
from .market import draw_market
from .panel import RESIDENTS_HEIGHT, draw_players, draw_residents, panel_height
from .ring import START, RingBox, draw_ring
from .scene import Scene, make_scene
from .style import HIGHLIGHT_EDGE, shorten, text_width
from .townland import draw_townland

WIDTH = 1200
HEADER = 62.0
TOWN_R = R_OUTER + 6
TOWN_X, TOWN_Y = 8 + TOWN_R, HEADER + TOWN_R
RING_BOX = RingBox(x=WIDTH - 10 - 6 * CELL, y=HEADER + START + 10)
RESIDENTS_Y = RING_BOX.y + 6 * CELL + 16
PANEL_Y = max(HEADER + 2 * TOWN_R, RESIDENTS_Y + RESIDENTS_HEIGHT) + 22


def snapshot_svg(snapshot: Snapshot, *, log_turn: dict[str, Any] | None,
                 previous: GameState | None, title: str, ids: bool = False,
                 story: tuple[str, ...] = (), final: bool = False,
                 private: bool = False) -> str:
    """The SVG of the table after one turn (turn 0: the setup). `log_turn` is the turn's log
    entry, `previous` the state before it (for what changed); the same input gives the same
    bytes. `ids`: the ids of the sites and Planting Spots written beside them, of the slots
    where a Land Tile can be explored (in the place of their plain names) and of the
    Construction Roads on them. `story`: the turn in words (`story.turn_story`), written
    under the legend; with `final`, the final scoring's (`story.final_story`), the snapshot
    being the table after the last turn. `private`: each player's money and the resident
    cards in their portfolio are not drawn (R-GEN-07, R-RESI-01), for a screen the whole table
    sees (`grinivil serve`)."""
    scene = make_scene(snapshot.state, None if final else previous, turn=snapshot.turn,
                       player=None if final else snapshot.player, action=snapshot.action,
                       log_turn=None if final else log_turn, title=title, ids=ids,
                       story=story, final=final, private=private)
    return draw(scene)


STORY_SIZE, STORY_LINE = 12.0, 17.0  # the turn in words under the legend


def story_lines(scene: Scene) -> list[str]:
    """The sentences of `scene.story`, each wrapped by words to the width of the picture."""
    out: list[str] = []
    for sentence in scene.story:
        line = ""
        for word in sentence.split(" "):
            wider = f"{line} {word}" if line else word
            if line and text_width(wider, STORY_SIZE) > WIDTH - 40:
                out.append(line)
                wider = "    " + word
            line = wider
        out.append(line)
    return out


def draw_story(c: Canvas, scene: Scene, y: float) -> None:
    """'What happened' (or the final scoring) in words, from `y` down."""
    g = c.g(None, "story")
    c.text(g, 16, y + 12, "Final scoring" if scene.final else "What happened", cls="heading",
           font_size="12")
    for i, line in enumerate(story_lines(scene)):
        c.text(g, 16, y + 12 + STORY_LINE * (i + 1), line, font_size=str(int(STORY_SIZE)))


def story_height(scene: Scene) -> float:
    return 12 + STORY_LINE * len(story_lines(scene)) + 10 if scene.story else 0.0


def draw(scene: Scene) -> str:
    legend_y = PANEL_Y + panel_height(len(scene.state.players)) + 16
    story_y = legend_y + legend_height(scene) + 12
    height = int(story_y + story_height(scene))
    c = Canvas(WIDTH, height, title=f"{scene.title}: {caption(scene)[0]}",
               desc=description(scene))
    define_common(c)
    c.rect(c.dwg, 0, 0, WIDTH, height, fill="#ffffff", cls="background")
    _header(c, scene)
    draw_townland(c, c.dwg, scene, TOWN_X, TOWN_Y)
    draw_ring(c, c.dwg, scene, RING_BOX)
    mx, my, side = RING_BOX.inner()
    draw_market(c, c.dwg, scene, mx, my, side)
    draw_residents(c, c.dwg, scene, RING_BOX.x, RESIDENTS_Y)
    draw_players(c, c.dwg, scene, 14, PANEL_Y)
    draw_legend(c, c.dwg, scene, 14, legend_y)
    if scene.story:
        draw_story(c, scene, story_y)
    return c.to_string()


def _header(c: Canvas, scene: Scene) -> None:
    g = c.g(None, "caption")
    head, detail = caption(scene)
    c.text(g, 16, 30, shorten(head, 70), cls="caption")
    c.text(g, 16, 51, shorten(detail, 120) if detail else "", cls="subcaption")
    c.text(g, WIDTH - 16, 30, shorten(scene.title, 60), cls="subcaption", text_anchor="end")
    if scene.changes.any_townland():
        c.text(g, WIDTH - 16, 51, "changes of this turn are outlined in yellow",
               cls="small", fill=HIGHLIGHT_EDGE, text_anchor="end")
