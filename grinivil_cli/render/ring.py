"""The Time Action Ring: 20 action tiles clockwise on the border of a 6x6 square around the
Market, position 1 in the upper-left corner and the Starting Tile just outside it; Player Tokens,
Workers on ability tiles, 'Occupied' tokens, and the acting player's path this turn. With `ids`,
each tile is a tap target for a page's script (`data-tile`, `data-position`: `_tile_target`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import RING_SIZE, STARTING_TILE
from ..engine.tiles import DUAL_TILE, ring_tile_of
from .canvas import Canvas, Node, Point
from .defs import CELL, action_tile, piece, starting_tile, time_cost_words
from .scene import Scene, repeats
from .style import HIGHLIGHT, HIGHLIGHT_EDGE, INK, SMALL, Look

GUTTER = 16.0  # between the ring tiles and the Market: the acting player's path runs here
START = 74.0  # side of the Starting Tile (six Player Tokens in two rows)
PIECE_Y = CELL - 16  # the line of the pieces standing on a tile
TOKEN_R, TOKEN_STEP = 9.5, 20.0  # a Player Token's radius; two tokens side by side


@dataclass(frozen=True)
class RingBox:
    x: float  # upper-left corner of position 1
    y: float

    def cell(self, pos: int) -> Point:
        """Upper-left corner of the tile at ring position 1..20."""
        if pos <= 6:
            col, row = pos - 1, 0
        elif pos <= 11:
            col, row = 5, pos - 6
        elif pos <= 16:
            col, row = 5 - (pos - 11), 5
        else:
            col, row = 0, 5 - (pos - 16)
        return self.x + col * CELL, self.y + row * CELL

    def start(self) -> Point:
        return self.x - START - 2, self.y - START - 2

    def track(self, pos: int) -> Point:
        """Where the path passes a position: the tile's inner edge, in the gutter."""
        lo, hi = CELL + GUTTER / 2, 5 * CELL - GUTTER / 2
        if pos == STARTING_TILE:
            return self.x + lo, self.y + lo
        x, y = self.cell(pos)
        cx = min(max(x - self.x + CELL / 2, lo), hi)
        cy = min(max(y - self.y + CELL / 2, lo), hi)
        return self.x + cx, self.y + cy

    def inner(self) -> tuple[float, float, float]:
        """Upper-left corner and side of the Market area inside the ring."""
        return self.x + CELL + GUTTER, self.y + CELL + GUTTER, 4 * CELL - 2 * GUTTER


def draw_ring(c: Canvas, parent: Node, scene: Scene, box: RingBox) -> None:
    root = c.g(parent, "ring")
    s = scene.state
    sx, sy = box.start()
    c.use(root, starting_tile(c, START), sx, sy, START, START, cls="ring-tile starting-tile")
    c.text(root, sx - 6, sy + 32, "Starting", cls="small muted", text_anchor="end")
    c.text(root, sx - 6, sy + 45, "Tile", cls="small muted", text_anchor="end")
    for pos in range(1, RING_SIZE + 1):
        key = s.ring.tile_at(pos)
        x, y = box.cell(pos)
        node = c.use(root, action_tile(c, s.edition.action_tiles.get(key), key), x, y, CELL,
                     CELL, cls=f"ring-tile {key} pos-{pos}")
        c.title(node, _tile_title(scene, pos))
    _chosen(c, root, scene, box)
    draw_path(c, root, scene, box)
    for pos in range(1, RING_SIZE + 1):
        _tile_pieces(c, _tile_target(c, root, scene, box, pos), scene, box, pos)
    _tokens(c, root, scene, [p.name for p in s.players if p.position == STARTING_TILE],
            sx + 16, sy + START / 2 + 7, per_row=3)


def _tile_title(scene: Scene, pos: int) -> str:
    """The tooltip of the tile at a ring position: `position 3: #05 Auction; ...`."""
    key = scene.state.ring.tile_at(pos)
    info = scene.state.edition.action_tiles.get(key)
    name = f"#{info.number} {info.name}" if info is not None else key
    return f"position {pos}: {name}; {time_cost_words(key)}"


def tile_actions(key: str) -> list[str]:
    """The actions chosen on a ring tile, as the log names them: the tile's key, or both
    halves of the dual tile #08 (`explore`, `build-road`: R-A08-01)."""
    return ["explore", "build-road"] if key == DUAL_TILE else [key]


def _tile_target(c: Canvas, parent: Node, scene: Scene, box: RingBox, pos: int) -> Node:
    """With `ids`, the tap target of the tile at ring position `pos`, for the pieces on it
    to be drawn in: a group with `data-tile` (the tile's actions as the log names them,
    `auction`; the dual tile's two as a list, `explore build-road`, as `class` lists its
    names, for `[data-tile~="explore"]`) and `data-position` (1 to 20), and an invisible
    rectangle over the tile, so that a tap on the tile or on a piece on it finds the group.
    Without `ids`, `parent`."""
    if not scene.ids:
        return parent
    key = scene.state.ring.tile_at(pos)
    g = c.g(parent, data_tile=" ".join(tile_actions(key)), data_position=str(pos))
    c.title(g, _tile_title(scene, pos))
    x, y = box.cell(pos)
    c.hit_rect(g, x, y, CELL, CELL)
    return g


def _chosen(c: Canvas, parent: Node, scene: Scene, box: RingBox) -> None:
    """The tiles the acting player chose this turn, outlined."""
    for pos in chosen_positions(scene):
        x, y = box.cell(pos)
        c.rect(parent, x + 1, y + 1, CELL - 2, CELL - 2, rx=7, cls="changed chosen",
               fill="none", stroke=HIGHLIGHT_EDGE, stroke_width="3.5")


def chosen_positions(scene: Scene) -> list[int]:
    """Ring positions of the tiles chosen in the logged turn and its Repeat Actions."""
    if scene.log_turn is None:
        return []
    out: list[int] = []
    for rec in [scene.log_turn, *repeats(scene.log_turn)]:
        tile = rec.get("tile")
        pos = scene.state.ring.position_of(ring_tile_of(tile)) if isinstance(tile, str) \
            else None
        if pos is not None:
            out.append(pos)
    return out


def _tile_pieces(c: Canvas, parent: Node, scene: Scene, box: RingBox, pos: int) -> None:
    s = scene.state
    x, y = box.cell(pos)
    right, py = x + CELL - 17, y + PIECE_Y  # a Worker or an 'Occupied' token: at the right
    worker = s.ring.ability_workers.get(pos)
    if worker is not None:
        look = scene.look(worker)
        if pos in scene.changes.ring:
            c.circle(parent, right, py, 14, cls="changed", fill=HIGHLIGHT,
                     stroke=HIGHLIGHT_EDGE)
        c.use(parent, piece(c, "worker"), right - 12, py - 13, 24, 24,
              cls=f"worker ability {look.css}", fill=look.fill)
        c.text(parent, right, py + 3, look.letter, cls="letter", font_size=str(SMALL),
               fill=look.ink)
    occupier = s.ring.occupied.get(pos)
    if occupier is not None:
        g = c.g(parent, f"occupied {scene.look(occupier).css}")
        c.title(g, f"Occupied (token placed by {occupier})")
        if pos in scene.changes.ring:
            c.circle(g, right, py, 13, cls="changed", fill=HIGHLIGHT,
                     stroke=HIGHLIGHT_EDGE)
        c.circle(g, right, py, 10, fill="#c62828", stroke="#5b0f0f", stroke_width="1")
        c.rect(g, right - 6.5, py - 1.5, 13, 3, fill="#ffffff")
    names = [p.name for p in s.players if p.position == pos]
    _tokens(c, parent, scene, names, x + 12, py, per_row=3 if worker or occupier else 4)


def _tokens(c: Canvas, parent: Node, scene: Scene, names: list[str], x: float, y: float,
            per_row: int) -> None:
    """Player Tokens side by side (two rows when many), each with its letter."""
    rows = (len(names) + per_row - 1) // per_row
    for i, name in enumerate(names):
        row, col = divmod(i, per_row)
        ty = y - TOKEN_R * (rows - 1) + 2 * TOKEN_R * row
        _token(c, parent, scene.look(name), x + TOKEN_STEP * col, ty, name == scene.player)


def _token(c: Canvas, parent: Node, look: Look, x: float, y: float, acting: bool) -> None:
    g = c.g(parent, f"token {look.css}" + (" acting" if acting else ""))
    c.title(g, f"{look.name}'s Player Token")
    if acting:
        c.circle(g, x, y, TOKEN_R + 3, fill=HIGHLIGHT, stroke=HIGHLIGHT_EDGE,
                 stroke_width="1.5")
    c.circle(g, x, y, TOKEN_R, fill=look.fill, stroke=INK, stroke_width="1.6")
    c.text(g, x, y + 0.5, look.letter, cls="letter", font_size=str(SMALL), fill=look.ink)


# --- the acting player's path -------------------------------------------------------------


def forward(start: int, target: int, *, full_lap: bool) -> list[int]:
    """Positions entered moving forward from `start` to `target` (0: onto the Starting Tile).
    The same tile is a full lap when choosing a tile, no move when shifting time."""
    if target == STARTING_TILE:
        steps = RING_SIZE - start + 1 if start else 0
    elif start == STARTING_TILE:
        steps = target
    else:
        steps = (target - start) % RING_SIZE or (RING_SIZE if full_lap else 0)
    out: list[int] = []
    pos = start
    for _ in range(steps):
        pos = STARTING_TILE if (pos == RING_SIZE and target == STARTING_TILE) else \
            pos % RING_SIZE + 1
        out.append(pos)
    return out


def path_legs(scene: Scene) -> list[tuple[str, list[int]]]:
    """The acting player's moves this turn: to each chosen tile ('choose'), then the time
    shift to where the token stands now ('shift'); each leg starts where the last ended."""
    if scene.previous is None or scene.player is None:
        return []
    try:
        pos = scene.previous.player(scene.player).position
        end = scene.state.player(scene.player).position
    except KeyError:
        return []
    legs: list[tuple[str, list[int]]] = []
    for target in chosen_positions(scene):
        legs.append(("choose", [pos, *forward(pos, target, full_lap=True)]))
        pos = target
    legs.append(("shift", [pos, *forward(pos, end, full_lap=False)]))
    return [leg for leg in legs if len(leg[1]) > 1]


def draw_path(c: Canvas, parent: Node, scene: Scene, box: RingBox) -> None:
    legs = path_legs(scene)
    if not legs or scene.player is None:
        return
    look = scene.look(scene.player)
    g = c.g(parent, f"path {look.css}")
    c.title(g, f"{scene.player}'s moves this turn")
    pts_all: list[Point] = []
    for kind, positions in legs:
        pts = [box.track(p) for p in positions]
        pts_all += pts
        dash = {"stroke_dasharray": "7 5"} if kind == "shift" else {}
        c.polyline(g, pts, fill="none", stroke=INK, stroke_width="7", stroke_linejoin="round",
                   **dash)
        c.polyline(g, pts, cls=f"leg {kind}", fill="none", stroke=look.fill,
                   stroke_width="4", stroke_linejoin="round", **dash)
    start = pts_all[0]
    c.circle(g, start[0], start[1], 5, fill=look.fill, stroke=INK, stroke_width="1.6")
    _arrowhead(c, g, pts_all, look.fill)


def _arrowhead(c: Canvas, g: Node, pts: list[Point], fill: str) -> None:
    end = pts[-1]
    prev = next((p for p in reversed(pts[:-1]) if p != end), None)
    if prev is None:
        return
    dx, dy = end[0] - prev[0], end[1] - prev[1]
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    tip = (end[0] + ux * 6, end[1] + uy * 6)
    back = (end[0] - ux * 6, end[1] - uy * 6)
    c.polygon(g, [tip, (back[0] - uy * 7, back[1] + ux * 7), (back[0] + uy * 7, back[1] - ux * 7)],
              fill=fill, stroke=INK, stroke_width="1.5", stroke_linejoin="round")
