"""Issue 30, item 1: the ids `grinivil record` asks for, shown by its `board` command: under
the state tables, the free Building Sites (by slot), the free Planting Spots (by Planting
Sector), the slots to explore and the Construction Roads to build a road on
(`recorder/board.py`); on the drawing beside the log (`snapshot_svg(..., ids=True)`), the
slot and road ids too, where they are. A drawing without ids writes none of them.

The position (`arranged`), derived by hand from the rulebook and the edition's tiles: the
setup (R-SETUP: C1 at C, I01 at I0, I02 at I1, O01 at O1, the road token on R1; orange Blocks
on C.s5, O1.s1, O1.s2), then I04 at I2, I06 at I3, I08 at I4, road tokens on R2 and R3, O02 at
O2, and Trees on I0.p1 and O1.p3. So:

* roads (R-ROAD-01..08): R0 a Half-road (I7 empty), R1, R2, R3 completed (tokens), R4 a
  Construction Road (I3 and I4 placed, no token), R5 a Half-road (I5 empty), R6, R7 none;
  O1.road completed (printed), O2.road a Construction Road (printed, no token). Roads to
  build on (R-RDB-02): R4 and O2.road.
* slots to explore (R-EXPL-02/03): the empty Inner slots I5, I6, I7; the Outer slots behind a
  Completed Road: O1 (R1), O2 (R2) are taken, O3 (R3) is empty; O4 is behind R4, not
  completed. So I5, I6, I7, O3 (3 Inner and 6 Outer tiles left in the stacks).
* free Building Sites (R-BLD-08: empty, on a Construction or Completed Road): on C every
  site is on the ring but C.s5 (the Bank); I0's `left` sites s2 and s4 are on R0, a
  Half-road (R-ROAD-02), s1 on the ring, s3 on R1; I1's s1 (ring), s2 (R2), s3 (R1); I2's
  s1 (ring), s2 (R2), s3 (R3); I3's s1 (ring), s2 (R3), s3 (R4); I4's s1 (ring), s2 and s4
  (R4), not s3 (R5, a Half-road); O1.s3 on the Access Road (R-ROAD-06), O1.s1 and O1.s2 are
  built; O2's s1 and s2 on its Construction Road.
* Planting Sectors (R-PLANT-01..04): the Center alone; the wedge R0-R1 is I0 with O1's left
  half; R1-R2 is I1, O1's right half and O2's left half; R2-R3 is I2 with O2's right half;
  I3 and I4 alone (O3, O4, O5 empty). Free spots: all but I0.p1 and O1.p3.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from math import hypot
from pathlib import Path

from test_record import answers_file, dealt, invoke

from grinivil_cli.engine.game import Game
from grinivil_cli.engine.ledger import Ledger
from grinivil_cli.engine.replay import Snapshot
from grinivil_cli.recorder.board import WIDTH, answer_ids
from grinivil_cli.render.snapshot import snapshot_svg
from grinivil_cli.table.loading import load_game

from gamekit import lay, new_game

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SVG = "{http://www.w3.org/2000/svg}"

SITES = [["C.s1", "C.s2", "C.s6", "C.s7"], ["I0.s1", "I0.s3"], ["I1.s1", "I1.s2", "I1.s3"],
         ["I2.s1", "I2.s2", "I2.s3"], ["I3.s1", "I3.s2", "I3.s3"], ["I4.s1", "I4.s2", "I4.s4"],
         ["O1.s3"], ["O2.s1", "O2.s2"]]
SPOTS = [["C.p1", "C.p2"], ["I0.p2", "I0.p3", "I0.p4", "I0.p5", "O1.p1", "O1.p2"],
         ["I1.p1", "I1.p2", "I1.p3", "O1.p4", "O2.p1", "O2.p2"],
         ["I2.p1", "I2.p2", "I2.p3", "O2.p3", "O2.p4"], ["I3.p1", "I3.p2", "I3.p3"],
         ["I4.p1", "I4.p2", "I4.p3", "I4.p4"]]
SLOTS = ["I5", "I6", "I7", "O3"]
ROADS = ["R4", "O2.road"]


def arranged() -> Game:
    """The position of the module's docstring."""
    g = new_game(2)
    lay(g, "I2", "I04")
    lay(g, "I3", "I06")
    lay(g, "I4", "I08")
    g.state.townland.road_tokens |= {"R2", "R3"}
    lay(g, "O2", "O02")
    g.state.townland.trees |= {"I0.p1", "O1.p3"}
    return g


def drawn(g: Game, ids: bool) -> str:
    snap = Snapshot(0, None, None, g.state, len(g.ledger.entries))
    return snapshot_svg(snap, log_turn=None, previous=None, title="board", ids=ids)


def labels(svg: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter(f"{SVG}text") if cls in (e.get("class") or "").split()]


def entries(text: str) -> dict[str, list[list[str]]]:
    """The section read back: each entry's groups of ids (`; ` between groups, `, ` within),
    its wrapped lines joined."""
    body = text.split("Ids an answer can name now:\n", 1)[1]
    out: dict[str, list[list[str]]] = {}
    for line in body.replace("\n    ", " ").splitlines():
        head, _, ids = line.strip().partition(": ")
        out[head] = [] if ids == "none" else [g.split(", ") for g in ids.split("; ")]
    return out


SITES_HEAD = "Free Building Sites on a Construction or Completed Road, by slot"
SPOTS_HEAD = "Free Planting Spots, by Planting Sector (one action plants in one sector)"
SLOTS_HEAD = "Slots to explore"
ROADS_HEAD = "Construction Roads to build a road on"


def test_the_text_lists_exactly_the_ids_an_answer_can_name() -> None:
    """The module docstring's position: 21 free sites in 8 slots (not I0.s2, I0.s4, I4.s3
    on Half-roads, nor the 3 built), 26 free spots (28 printed, 2 Trees) in 6 sectors, the
    slots I5, I6, I7, O3, the roads R4 and O2.road; no line over 96 columns."""
    text = answer_ids(arranged())
    assert entries(text) == {SITES_HEAD: SITES, SPOTS_HEAD: SPOTS, SLOTS_HEAD: [SLOTS],
                             ROADS_HEAD: [ROADS]}
    assert sum(map(len, SITES)) == 21 and sum(map(len, SPOTS)) == 26
    assert WIDTH == 96 and max(len(line) for line in text.splitlines()) <= 96
    assert text.splitlines() == [
        "Ids an answer can name now:",
        "  Free Building Sites on a Construction or Completed Road, by slot: C.s1, C.s2, C.s6,"
        " C.s7;",
        "    I0.s1, I0.s3; I1.s1, I1.s2, I1.s3; I2.s1, I2.s2, I2.s3; I3.s1, I3.s2, I3.s3;",
        "    I4.s1, I4.s2, I4.s4; O1.s3; O2.s1, O2.s2",
        "  Free Planting Spots, by Planting Sector (one action plants in one sector): C.p1, C.p2;",
        "    I0.p2, I0.p3, I0.p4, I0.p5, O1.p1, O1.p2; I1.p1, I1.p2, I1.p3, O1.p4, O2.p1, O2.p2;",
        "    I2.p1, I2.p2, I2.p3, O2.p3, O2.p4; I3.p1, I3.p2, I3.p3; I4.p1, I4.p2, I4.p3, I4.p4",
        "  Slots to explore: I5, I6, I7, O3",
        "  Construction Roads to build a road on: R4, O2.road",
    ]


def test_a_narrow_section_cuts_between_ids_a_group_begins_a_line() -> None:
    """At 40 columns, a slot's sites never straddle two lines when they fit on one, and no id
    is cut: the same groups read back."""
    text = answer_ids(arranged(), width=40)
    assert max(len(line) for line in text.splitlines()) <= 40
    assert entries(text)[SITES_HEAD] == SITES and entries(text)[SPOTS_HEAD] == SPOTS
    assert "    I2.p1, I2.p2, I2.p3, O2.p3, O2.p4;" in text.splitlines()


def test_an_empty_stack_closes_its_zone_and_a_road_token_its_road() -> None:
    """AMB-EXPL-04: with no Outer tile left, O3 is no slot to explore; a road token on R4
    (R-RDB-02) completes it: O2.road is the one road left, and R4's sites stay free (still
    buildable); O4, behind R4 now completed, has no tile to draw either."""
    g = arranged()
    g.state.supply.outer_stack.clear()
    g.state.townland.road_tokens.add("R4")
    found = entries(answer_ids(g))
    assert found[SLOTS_HEAD] == [["I5", "I6", "I7"]]
    assert found[ROADS_HEAD] == [["O2.road"]]
    assert found[SITES_HEAD] == SITES
    svg = drawn(g, ids=True)
    assert [e.text for e in labels(svg, "slot-id")] == ["I5", "I6", "I7"]
    assert [e.text for e in labels(svg, "road-id")] == ["O2.road"]


def test_nothing_to_name_reads_none() -> None:
    """Right after the setup no road can be built: R0 and R2 are Half-roads, R1 and O1's
    printed road completed (R-RDB-02)."""
    assert entries(answer_ids(new_game(2)))[ROADS_HEAD] == []
    assert "  Construction Roads to build a road on: none" in answer_ids(new_game(2))


def test_the_drawing_with_ids_names_the_slots_and_the_roads_where_they_are() -> None:
    """Each open slot's id once (in the place of its plain name), each Construction Road's
    once, as the log names them, with a halo under each; the site and spot ids as before.
    R4 lies at the model's angle 180 (page bearing 225 - 180 = 45: up and to the right), on
    the Inner Zone (radius 108 to 222), its text turned -45 degrees; O2.road at angle 90
    (bearing 135: down and to the right), across the Outer Zone (222 to 318), turned 45."""
    g = arranged()
    svg = drawn(g, ids=True)
    assert [e.text for e in labels(svg, "slot-id")] == SLOTS
    assert [e.text for e in labels(svg, "slot-id-halo")] == SLOTS
    assert [e.text for e in labels(svg, "road-id")] == ROADS
    assert [e.text for e in labels(svg, "road-id-halo")] == ROADS
    plain = [e.text for e in labels(svg, "id")]
    assert "I4.s3" in plain and "O2.p4" in plain and len(plain) == len(set(plain)) == 28 + 27
    assert not [e for e in ET.fromstring(svg).iter(f"{SVG}text")
                if e.get("fill") == "#8a9579" and e.text in SLOTS]
    where = {e.text: e for e in labels(svg, "road-id")}
    for road, (lo, hi), (sx, sy), turn in (("R4", (108, 222), (1, -1), "-45"),
                                           ("O2.road", (222, 318), (1, 1), "45")):
        e = where[road]
        cx, cy = (float(n) for n in str(e.get("transform")).split("(")[1][:-1].split()[1:])
        assert str(e.get("transform")).startswith(f"rotate({turn} ")
        assert abs(cx * sy - cy * sx) < 0.2 and cx * sx > 0  # on the road's line
        assert lo < hypot(cx, cy) < hi
        assert (float(str(e.get("x"))), float(str(e.get("y")))) == (cx, cy + 4)


def test_a_drawing_without_ids_holds_none_of_them_and_is_the_same_each_time() -> None:
    """`ids` False (every `render` without --ids): no id label of any kind, the open slots'
    plain names as before (grey, bold, 12); the same input, the same bytes, with ids too."""
    g = arranged()
    svg = drawn(g, ids=False)
    for cls in ("id", "slot-id", "road-id", "id-halo", "slot-id-halo", "road-id-halo"):
        assert labels(svg, cls) == []
    assert ">O2.road<" not in svg and ">R4<" not in svg
    names = [e.text for e in ET.fromstring(svg).iter(f"{SVG}text")
             if e.get("fill") == "#8a9579" and e.get("font-size") == "12"]
    assert names == SLOTS
    assert drawn(g, ids=False) == svg
    assert drawn(g, ids=True) == drawn(g, ids=True)


def test_the_text_and_the_drawing_agree_on_a_game_in_progress() -> None:
    """game-3p after turn 100: the slots and roads the text lists are the ones drawn, and
    every free site and spot listed has its id on the drawing."""
    game = load_game(SAMPLES / "game-3p.yaml")
    snap = game.replay.snapshots[100]
    found = entries(answer_ids(Game(snap.state, Ledger())))
    svg = snapshot_svg(snap, log_turn=None, previous=None, title="game-3p", ids=True)
    assert [e.text for e in labels(svg, "slot-id")] == sum(found[SLOTS_HEAD], [])
    assert [e.text for e in labels(svg, "road-id")] == sum(found[ROADS_HEAD], [])
    assert sum(found[ROADS_HEAD], []) == ["R0", "R2", "R4", "R6", "O3.road", "O5.road",
                                          "O7.road"]
    plain = {e.text for e in labels(svg, "id")}
    assert set(sum(found[SITES_HEAD] + found[SPOTS_HEAD], [])) <= plain


def test_board_prints_the_ids_and_draws_them_beside_the_log(tmp_path: Path) -> None:
    """`board` at the first question of a game just dealt (R-SETUP: C, I0, I1 and O1 placed,
    the token on R1): the slots to explore are I2 to I7 (O1 is taken, no other radial road is
    completed), no road can be built (R0 and R2 Half-roads, R1 and O1.road completed); the
    drawing beside the log names the same slots."""
    log = dealt(tmp_path)
    result = invoke("record", str(log), "--answers", str(answers_file(tmp_path, "board")))
    assert result.exit_code == 0, result.output
    assert "\nIds an answer can name now:\n" in result.output
    assert "\n  Slots to explore: I2, I3, I4, I5, I6, I7\n" in result.output
    assert "\n  Construction Roads to build a road on: none\n" in result.output
    assert result.output.index("Empty Planting Spots:") < result.output.index(
        "Ids an answer can name now:") < result.output.index("The table drawn:")
    svg = (tmp_path / "game-board.svg").read_text()
    assert [e.text for e in labels(svg, "slot-id")] == ["I2", "I3", "I4", "I5", "I6", "I7"]
    assert labels(svg, "road-id") == [] and labels(svg, "id")
