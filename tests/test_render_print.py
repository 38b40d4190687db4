"""The snapshots' small print (issue 14, "readable everywhere"): no text of a snapshot is drawn
under `SMALL` units, the texts of the action tiles placed with `<use>` counted at their placed
size; every action tile's name fits its tile; buildings on close sites stand aside instead of
covering each other. The browser test (tests/test_viewer_browser.py) measures the same page
as drawn at 1200 px; these run without a browser, on every snapshot of a late game."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from grinivil_cli.render import snapshot_svg
from grinivil_cli.render.buildings import _box, _place, stack_places
from grinivil_cli.render.defs import NAME_LINES, NAME_WIDTH, subtitle_lines, tile_name_lines
from grinivil_cli.render.scene import make_scene
from grinivil_cli.render.style import CSS, SMALL, text_width
from grinivil_cli.table.loading import Game, load_game

SAMPLES = Path(__file__).parent.parent / "samples"
NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


@pytest.fixture(scope="module")
def game6() -> Game:
    return load_game(SAMPLES / "game-6p.yaml")


def css_sizes() -> dict[str, float]:
    """Font sizes the snapshot's style sheet gives its classes (`.small { font-size: ... }`)."""
    out: dict[str, float] = {}
    for rule in CSS.split("}"):
        name, _, body = rule.partition("{")
        if "font-size:" in body:
            size = body.split("font-size:")[1].split("px")[0]
            out[name.strip().lstrip(".")] = float(size)
    return out


def drawn_sizes(svg: str) -> list[tuple[float, str]]:
    """(size as drawn, text) of every text of the picture: a text's own font size, else its
    class's, else its parent's; inside a `<symbol>` scaled by the `<use>` that places it."""
    root = ET.fromstring(svg)
    classes = css_sizes()
    symbols = {s.get("id"): s for s in root.iter(NS + "symbol")}
    out: list[tuple[float, str]] = []

    def size_of(el: ET.Element, inherited: float) -> float:
        if el.get("font-size"):
            return float(el.get("font-size") or 0)
        for cls in (el.get("class") or "").split():
            if cls in classes:
                return classes[cls]
        return inherited

    def walk(el: ET.Element, scale: float, inherited: float) -> None:
        size = size_of(el, inherited)
        if el.tag == NS + "text" and (el.text or "").strip():
            out.append((size * scale, el.text or ""))
        if el.tag == NS + "use":
            sym = symbols.get((el.get(XLINK) or "#")[1:])
            if sym is not None:
                box = [float(v) for v in (sym.get("viewBox") or "0 0 1 1").split()]
                k = float(el.get("width") or box[2]) / box[2]
                for child in sym:
                    walk(child, scale * k, size)
        for child in el:
            if child.tag not in (NS + "defs", NS + "symbol"):
                walk(child, scale, size)

    walk(root, 1.0, 16.0)
    return out


def snapshot(game: Game, turn: int) -> str:
    snaps = game.replay.snapshots
    rec = game.loaded.data["turns"][turn - 1] if turn else None
    return snapshot_svg(snaps[turn], log_turn=rec,
                        previous=snaps[turn - 1].state if turn else None, title="print")


@pytest.mark.parametrize("part", [0, 1, 2, 3])
def test_no_text_is_drawn_under_the_smallest_print(game6: Game, part: int) -> None:
    """The 6-player sample at its setup (six Player Tokens on the Starting Tile), a third and
    two thirds through, and at its last turn (buildings of several Floors): every text, the
    action tiles' included, at 10.5 units or more, which the viewer draws at 10 px or more in
    a 1200 px window (scale 0.97)."""
    last = len(game6.replay.snapshots) - 1
    sizes = drawn_sizes(snapshot(game6, last * part // 3))
    tiles = [text for size, text in sizes if text.startswith("#")]
    assert len(tiles) >= 20  # the 20 tiles' numbers are counted, through their <use>
    assert [(size, text) for size, text in sizes if size < SMALL] == []


def test_every_action_tile_name_fits_its_tile(game6: Game) -> None:
    """Each action tile of the edition: its name in at most three lines (bold where that fits),
    each line within the tile; the words in parentheses in the lines left, whole or cut with
    an ellipsis; "Forced Trade (with other Player(s))" keeps its last parenthesis."""
    edition = game6.replay.snapshots[0].state.edition
    for key, info in edition.action_tiles.items():
        lines, bold, sub = tile_name_lines(info.name)
        assert 1 <= len(lines) <= NAME_LINES, key
        assert all(text_width(line, SMALL, bold=bold) <= NAME_WIDTH for line in lines), key
        for line in subtitle_lines(sub, NAME_LINES - len(lines)):
            assert text_width(line, SMALL) <= NAME_WIDTH, key
    lines, bold, sub = tile_name_lines("Forced Trade (with other Player(s))")
    assert (lines, bold, sub) == (["Forced Trade"], True, "with other Player(s)")
    assert subtitle_lines(sub, 2) == ["with other", "Player(s)"]
    assert subtitle_lines(sub, 1)[0].endswith("\u2026")
    assert tile_name_lines("Explore Land / Build a Road") == (
        ["Explore Land", "/ Build a", "Road"], True, "")


def test_stacks_on_close_sites_stand_aside(game6: Game) -> None:
    """Late in the 6-player game, no two buildings' stacks (Blocks and Token) overlap by more
    than a sliver, and none stands more than 10 units from its site."""
    snaps = game6.replay.snapshots
    state = snaps[-1].state
    scene = make_scene(state, snaps[-2].state, turn=len(snaps) - 1, player=None, action=None,
                       log_turn=None, title="t")
    places = stack_places(scene)
    assert len(places) >= 8
    for key, (x, y) in places.items():
        sx, sy = _place(scene, key)
        assert abs(x - sx) <= 10 and y == sy
    keys = sorted(places)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            al, at, ar, ab = _box(scene, a, *places[a])
            bl, bt, br, bb = _box(scene, b, *places[b])
            across = min(ar, br) - max(al, bl)
            down = min(ab, bb) - max(at, bt)
            assert across <= 2 or down <= 0, (a, b, across, down)


def test_stacks_too_close_for_a_sideways_step_step_up() -> None:
    """Turn 106 of the 2-player game: the Houses at I1.s4 and I2.s3 (two tiles' corner sites)
    would still cover each other after each stands 10 units aside (about 10 units across, 8.5
    down), so the upper one also steps up, by at most 10 units; the lower stays on its row."""
    game = load_game(SAMPLES / "game-2p.yaml")
    snaps = game.replay.snapshots
    scene = make_scene(snaps[106].state, snaps[105].state, turn=106, player=None, action=None,
                       log_turn=None, title="t")
    places = stack_places(scene)
    (ax, ay), (bx, by) = places["I1.s4"], places["I2.s3"]
    (asx, asy), (bsx, bsy) = _place(scene, "I1.s4"), _place(scene, "I2.s3")
    assert abs(ax - asx) == 10 and abs(bx - bsx) == 10  # sideways as far as they may go
    upper, lower = ("I1.s4", "I2.s3") if asy <= bsy else ("I2.s3", "I1.s4")
    assert 0 < _place(scene, upper)[1] - places[upper][1] <= 10
    assert places[lower][1] == _place(scene, lower)[1]
    al, at, ar, ab = _box(scene, "I1.s4", ax, ay)
    bl, bt, br, bb = _box(scene, "I2.s3", bx, by)
    assert min(ar, br) - max(al, bl) > 2 and min(ab, bb) - max(at, bt) <= 0
