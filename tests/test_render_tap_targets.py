"""Tap targets on the drawing with ids (`snapshot_svg(..., ids=True)`), for a page at the table
where a person answers a question by tapping the board: each thing an answer can name is one
element carrying its id as the log writes it.

On game-2p replayed to turns 0 (the setup), 33 (slots I4, I5, I7 to explore, R2 and R3
Construction Roads, a Worker on position 19) and 65 (an Outer slot, O7, to explore, and the
Construction Road O6.road), the ids computed by the engine (`recorder/board.py`, the ring's
tiles) are checked against a real XML parse of the drawing:

* every Building Site on the table has exactly one element with its `data-site` (a free one
  its site group, a built one its building's group), every free site listed by `free_sites`
  among them; every Planting Spot one `data-spot` (`free_spots` among them); each slot of
  `open_slots` one `data-slot`, and no other slot; each road of `construction_roads` one
  `data-road`;
* the ring: one element for each position 1..N (`data-position`), its `data-tile` the actions
  chosen on the tile there as the log names them (`ring_actions`, `ring.position_of`): the
  dual tile #08 lists both, `explore build-road`;
* small pieces take taps on an invisible area larger than them (a disc of radius 11 around a
  site or a spot, a band 26 px wide along a Construction Road, the whole 88-px ring tile), and
  the id labels written over them let taps through;
* without ids the drawing holds none of this: no `data-spot`, `data-slot`, `data-tile`,
  `data-position`, no invisible area, and only the `data-site` of buildings and the
  `data-road` of drawn Road Sections it always had; with ids, the same input gives the same
  bytes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from grinivil_cli.engine import townland
from grinivil_cli.engine.game import Game
from grinivil_cli.engine.ledger import Ledger
from grinivil_cli.engine.tiles import ring_tile_of
from grinivil_cli.recorder.board import free_sites, free_spots, open_slots
from grinivil_cli.render.snapshot import snapshot_svg
from grinivil_cli.table.answers import ring_actions
from grinivil_cli.table.loading import Game as LoadedGame
from grinivil_cli.table.loading import load_game

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SVG = "{http://www.w3.org/2000/svg}"
TURNS = [0, 33, 65]
TAP_ATTRIBUTES = ("data-site", "data-spot", "data-slot", "data-road", "data-tile",
                  "data-position")


@cache
def game2() -> LoadedGame:
    return load_game(SAMPLES / "game-2p.yaml")


def engine_game(turn: int) -> Game:
    """The engine's game at the snapshot after `turn`, for `recorder/board.py`'s lists."""
    return Game(game2().replay.snapshots[turn].state, Ledger())


@cache
def svg_text(turn: int, ids: bool) -> str:
    """The snapshot after `turn` as `render` draws it (with the turn's log entry and the
    state before it, so the acting player's path and the changes are drawn too)."""
    game = game2()
    snaps = game.replay.snapshots
    rec = game.loaded.data["turns"][turn - 1] if turn else None
    return snapshot_svg(snaps[turn], log_turn=rec,
                        previous=snaps[turn - 1].state if turn else None, title="game-2p",
                        ids=ids)


def carrying(root: ET.Element, attribute: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get(attribute) is not None]


def values(root: ET.Element, attribute: str) -> list[str]:
    return [str(e.get(attribute)) for e in carrying(root, attribute)]


def one(root: ET.Element, attribute: str, value: str) -> ET.Element:
    found = [e for e in carrying(root, attribute) if e.get(attribute) == value]
    assert len(found) == 1, f"{attribute}={value!r}: {len(found)} elements"
    return found[0]


def classes(e: ET.Element) -> list[str]:
    return (e.get("class") or "").split()


def hits(e: ET.Element, tag: str) -> list[ET.Element]:
    """The invisible tap areas drawn inside `e`."""
    return [h for h in e.iter(f"{SVG}{tag}") if "hit" in classes(h)]


def flat(groups: list[list[str]]) -> list[str]:
    return [i for group in groups for i in group]


@pytest.mark.parametrize("turn", TURNS)
def test_every_site_and_spot_has_one_tap_target(turn: int) -> None:
    """Every Building Site on the table, free or built on, has exactly one `data-site`; every
    Planting Spot one `data-spot`; the free ones `recorder/board.py` lists are among them."""
    g = engine_game(turn)
    ed, town = g.ed, g.state.townland
    root = ET.fromstring(svg_text(turn, True))
    sites, spots = townland.all_sites(ed, town), townland.all_spots(ed, town)
    assert sorted(values(root, "data-site")) == sorted(sites)
    assert sorted(values(root, "data-spot")) == sorted(spots)
    free, unplanted = flat(free_sites(g)), flat(free_spots(g))
    assert free and unplanted
    assert set(free) <= set(sites) and set(unplanted) <= set(spots)
    for site in sites:
        target = one(root, "data-site", site)
        expected = "building" if site in town.buildings else "site"
        assert expected in classes(target), (site, classes(target))
    for site in free:
        assert site not in town.buildings
        assert site in classes(one(root, "data-site", site))
    for spot in spots:
        target = one(root, "data-spot", spot)
        piece = next(e for e in target.iter(f"{SVG}use") if spot in classes(e))
        assert ("tree" if spot in town.trees else "spot") in classes(piece)


@pytest.mark.parametrize("turn", TURNS)
def test_every_slot_to_explore_and_construction_road_has_one_tap_target(turn: int) -> None:
    """`data-slot` on exactly the slots `open_slots` lists, each once, holding the slot's
    explorable parcel; `data-road` once on each Construction Road."""
    g = engine_game(turn)
    root = ET.fromstring(svg_text(turn, True))
    slots = open_slots(g)
    assert slots
    assert values(root, "data-slot") == slots
    for slot in slots:
        parcel = [e for e in one(root, "data-slot", slot).iter(f"{SVG}use")
                  if "explorable" in classes(e)]
        assert len(parcel) == 1 and slot in classes(parcel[0])
    roads = townland.construction_roads(g.ed, g.state.townland)
    for road in roads:
        target = one(root, "data-road", road)
        assert classes(target) == ["road", road.replace(".", "-"), "construction"]
    if turn:
        assert roads


@pytest.mark.parametrize("turn", TURNS)
def test_each_ring_position_has_one_tap_target_naming_its_actions(turn: int) -> None:
    """Positions 1..N, each once; `data-tile` the actions chosen there as the log names them,
    from the engine's ring (`ring_actions`, `ring.position_of`)."""
    g = engine_game(turn)
    ring = g.state.ring
    expected: dict[int, list[str]] = {}
    for action in ring_actions(g):
        pos = ring.position_of(ring_tile_of(action))
        assert pos is not None
        expected.setdefault(pos, []).append(action)
    root = ET.fromstring(svg_text(turn, True))
    positions = values(root, "data-position")
    assert sorted(positions, key=int) == [str(n) for n in range(1, len(ring.tiles) + 1)]
    assert len(positions) == len(ring.tiles) == 20
    drawn = {int(e.get("data-position") or 0): (e.get("data-tile") or "").split()
             for e in carrying(root, "data-position")}
    assert drawn == expected
    assert ["explore", "build-road"] in drawn.values()
    assert len(carrying(root, "data-tile")) == len(ring.tiles)


@pytest.mark.parametrize("turn", [33])
def test_pieces_on_a_ring_tile_are_inside_its_tap_target(turn: int) -> None:
    """Turn 33: Bruno's Worker stands on position 19 and the Player Tokens on their tiles;
    a tap on them finds the tile's group (they are drawn in it)."""
    state = engine_game(turn).state
    assert state.ring.ability_workers == {19: "Bruno"}
    root = ET.fromstring(svg_text(turn, True))
    target = one(root, "data-position", "19")
    assert [e for e in target.iter() if "worker" in classes(e)]
    for player in state.players:
        if player.position:
            tile = one(root, "data-position", str(player.position))
            assert [e for e in tile.iter() if "token" in classes(e)], player.name


@pytest.mark.parametrize("turn", TURNS)
def test_small_pieces_take_taps_on_a_larger_invisible_area(turn: int) -> None:
    """A disc of radius 11 around each free site and each spot (centred on the piece), a band
    26 px wide along each Construction Road, the whole tile on the ring: invisible and taking
    pointer events; the id labels written over them let taps through."""
    g = engine_game(turn)
    root = ET.fromstring(svg_text(turn, True))
    town = g.state.townland
    for site in [s for s in townland.all_sites(g.ed, town) if s not in town.buildings]:
        _disc_around_piece(one(root, "data-site", site), site)
    for spot in townland.all_spots(g.ed, town):
        _disc_around_piece(one(root, "data-spot", spot), spot)
    for road in townland.construction_roads(g.ed, town):
        [band] = hits(one(root, "data-road", road), "line")
        assert float(band.get("stroke-width") or 0) == 26
        assert band.get("stroke-opacity") == "0" and band.get("pointer-events") == "stroke"
    for pos in range(1, len(g.state.ring.tiles) + 1):
        [area] = hits(one(root, "data-position", str(pos)), "rect")
        assert (area.get("width"), area.get("height")) == ("88", "88")
        assert area.get("fill-opacity") == "0" and area.get("pointer-events") == "all"
    [labels] = [e for e in root.iter(f"{SVG}g") if classes(e) == ["ids"]]
    assert labels.get("pointer-events") == "none"


def _disc_around_piece(target: ET.Element, ident: str) -> None:
    [disc] = hits(target, "circle")
    assert disc.get("r") == "11"
    assert disc.get("fill-opacity") == "0" and disc.get("pointer-events") == "all"
    piece = next(e for e in target.iter(f"{SVG}use"))
    x = float(piece.get("x") or 0) + float(piece.get("width") or 0) / 2
    y = float(piece.get("y") or 0) + float(piece.get("height") or 0) / 2
    assert abs(float(disc.get("cx") or 0) - x) <= 1, ident
    assert abs(float(disc.get("cy") or 0) - y) <= 1.5, ident


@pytest.mark.parametrize("turn", TURNS)
def test_without_ids_none_of_the_tap_targets_is_drawn(turn: int) -> None:
    """ids False: no `data-spot`, `data-slot`, `data-tile`, `data-position` nor invisible
    area; `data-site` only on the buildings and `data-road` only on the drawn Road Sections,
    as always; the ids drawing differs from it."""
    g = engine_game(turn)
    town = g.state.townland
    plain = svg_text(turn, False)
    root = ET.fromstring(plain)
    for attribute in ("data-spot", "data-slot", "data-tile", "data-position"):
        assert carrying(root, attribute) == [], attribute
        assert f"{attribute}=" not in plain
    assert [e for e in root.iter() if "hit" in classes(e)] == []
    assert sorted(values(root, "data-site")) == sorted(town.buildings)
    assert all("building" in classes(e) for e in carrying(root, "data-site"))
    assert sorted(values(root, "data-road")) == sorted(
        r for r in townland.ROADS if townland.road_stage(g.ed, town, r) != "none")
    assert plain != svg_text(turn, True)


def test_the_same_input_gives_the_same_bytes() -> None:
    """The drawing with ids, made twice from the same snapshot, is the same text."""
    first = svg_text(33, True)
    svg_text.cache_clear()
    assert svg_text(33, True) == first
    assert all(f"{attribute}=" in first for attribute in TAP_ATTRIBUTES)
