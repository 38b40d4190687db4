"""`grinivil edition show`'s page (issue 32): every component of an edition drawn as it lies
on the table, on one self-contained, printable HTML page a club lays beside its box. Each
Land Tile upright with its ids, each resident card as a card, the buildings, both Markets,
the Bonus Road Track, the action tiles and the ring, the Import die, the counts; every
record or count the rulebook does not print (`source: reconstructed`) marked, with what to
check, and counted at the top (as many as `grinivil edition check` reports).

The page is a pure function of the edition's data (the same file gives the same bytes): the
file's order, no date, every name escaped by Jinja2's autoescaping (a club's file is read as
text, never as markup), the drawings inline with their ids prefixed (`inline.py`), no script
and nothing fetched.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..edition.check import Checked
from ..edition.model import Edition, LandTile
from . import cardwords as words
from .components import action_tile_drawing, legend_drawings, market_drawing, ring_drawing
from .defs import time_cost_words
from .inline import inline_svg, svg_css
from .marks import Marks, Shown
from .tiledraw import site_words, tile_drawing

TEMPLATES = Path(__file__).parent / "templates"

# The counts, in the order of the rulebook's Components list: (key, what, unit)
COUNTS = (("trees", "Trees", ""), ("small_warehouses", "Small Warehouses", ""),
          ("road_tokens", "Completed Road tokens", ""),
          ("ownership_markers", "Ownership Markers", "per player"),
          ("orange_blocks", "orange Building Blocks (the Municipality's)", ""),
          ("roof_blocks", "Roof Blocks", ""), ("occupied_tokens", "'Occupied' tokens", ""),
          ("starting_money", "Starting money", "G per player"))


@dataclass(frozen=True)
class Drawn:
    """A component's view on the page: its note (None when it has none), what the page prints
    of it (`fields`), and its drawing."""

    shown: Shown | None
    fields: dict[str, Any]
    svg: Markup = Markup("")


def catalogue_html(checked: Checked) -> str:
    """The catalogue page of a correct edition (`check_edition`'s result)."""
    assert checked.edition is not None and isinstance(checked.data, dict)
    edition, data = checked.edition, checked.data
    marks = Marks.of(data)
    sections = {  # in the page's order, which the list of values to check follows
        "tiles": _tiles(edition, marks),
        "residents": _residents(edition, marks),
        "buildings": _buildings(edition, marks),
        "markets": _markets(edition, marks),
        "track": _track(edition, marks),
        "actions": _actions(edition, marks),
        "ring": _ring(edition, marks),
        "dice": _dice(edition, marks),
        "counts": _counts(edition, data, marks),
    }
    left = marks.left()
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(
        default=True, default_for_string=True), trim_blocks=True, lstrip_blocks=True,
        undefined=StrictUndefined, keep_trailing_newline=True)
    legend = [(text, Markup(inline_svg(c, f"legend-{i}-", label=text)))
              for i, (text, c) in enumerate(legend_drawings())]
    return env.get_template("catalogue.html").render(
        title=str(data.get("title") or f"Edition {checked.name}"), name=checked.name,
        source=checked.source, digest=edition.digest, to_check=marks.to_check(), left=left,
        svg_css=Markup(svg_css()), legend=legend, four_plus=words.FOUR_PLUS, **sections)


def _counts(edition: Edition, data: dict[str, Any], marks: Marks) -> list[Drawn]:
    """The Resource Cubes by type (a record), then each count with its note."""
    cubes = ", ".join(f"{n} {r}" for r, n in edition.cubes.items())
    total = sum(edition.cubes.values())
    out = [Drawn(marks.take("cubes", "Resource Cubes"),
                 {"what": "Resource Cubes", "value": f"{total} ({cubes})"})]
    for key, what, unit in COUNTS:
        value = data.get(key)
        out.append(Drawn(marks.take(key, what), {"what": what,
                                                 "value": f"{value} {unit}".strip()}))
    return out


def _tiles(edition: Edition, marks: Marks) -> list[tuple[str, list[Drawn]]]:
    """The Land Tiles by zone, each drawn upright with its sites, spots, roads and ids."""
    zones = (("center", "The Center"), ("inner", "Inner tiles"), ("outer", "Outer tiles"))
    return [(heading, [_tile(edition, tile, marks) for tile in edition.land_tiles.values()
                       if tile.zone == zone]) for zone, heading in zones]


def _tile(edition: Edition, tile: LandTile, marks: Marks) -> Drawn:
    label = f"Land tile {tile.key} {tile.name}"
    sites = [{"key": s.key, "kind": "residential" if s.kind == "residential"
              else "non-residential", "road": words.SITE_ROADS.get(s.road, s.road),
              "municipal": s.municipal, "bonus": words.bonus_words(s.bonus),
              "words": site_words(s)} for s in tile.sites]
    zone = "entrance tile (1A)" if tile.entrance else words.ZONES[tile.zone]
    svg = inline_svg(tile_drawing(tile), f"tile-{tile.key}-",
                     label=f"{tile.key} {tile.name}, drawn upright")
    return Drawn(marks.take(f"land_tiles.{tile.key}", label),
                 {"key": tile.key, "name": tile.name, "zone": zone, "sites": sites,
                  "spots": [s.key for s in tile.spots], "roads": words.roads_words(tile),
                  "placed": words.placed_words(tile)}, Markup(svg))


def _residents(edition: Edition, marks: Marks) -> list[Drawn]:
    out = []
    for card in edition.residents.values():
        out.append(Drawn(marks.take(f"residents.{card.key}", f"Resident card {card.name}"), {
            "key": card.key, "name": card.name, "four_plus": card.four_plus,
            "primary": words.primary_words(card), "trees": words.trees_words(card),
            "mandatory": [words.want(edition, f) for f in card.mandatory],
            "optional": [words.want(edition, f) for f in card.optional],
            "public": [(_building_name(edition, b), b, vp) for b, vp in card.public.items()]}))
    return out


def _building_name(edition: Edition, key: str) -> str:
    building = edition.buildings.get(key)
    return building.name if building is not None else key


def _buildings(edition: Edition, marks: Marks) -> list[Drawn]:
    return [Drawn(marks.take(f"buildings.{b.key}", f"Building {b.name}"), {
        "key": b.key, "name": b.name, "family": b.family, "tokens": b.tokens,
        "four_plus": b.four_plus,
        "floors": [(i + 1, words.floor_cost(f), f.vp) for i, f in enumerate(b.floors)]})
        for b in edition.buildings.values()]


def _markets(edition: Edition, marks: Marks) -> list[Drawn]:
    out = []
    for i, side in enumerate(edition.markets):
        players = f"{side.players[0]}-{side.players[-1]} players" if side.players else ""
        svg = inline_svg(market_drawing(side), f"market-{i}-", label=f"Market, {players}")
        out.append(Drawn(marks.take(f"markets.{i}", f"Market, {players} side"),
                         {"players": players,
                          "holes": {r: len(h) for r, h in side.sections.items()}},
                         Markup(svg)))
    return out


def _track(edition: Edition, marks: Marks) -> Drawn:
    spaces = [(n + 1, [words.road_reward_words(r) for r in rewards])
              for n, rewards in enumerate(edition.road_track)]
    return Drawn(marks.take("road_track", "Bonus Road Track"), {"spaces": spaces})


def _actions(edition: Edition, marks: Marks) -> list[Drawn]:
    corners = {key: pos for pos, key in edition.ring_corners.items()}
    out = []
    for key, info in edition.action_tiles.items():
        svg = inline_svg(action_tile_drawing(info, key), f"action-{key}-",
                         label=f"#{info.number} {info.name}")
        out.append(Drawn(marks.take(f"action_tiles.{key}", f"Action tile #{info.number} "
                                    f"{info.name}"), {
            "key": key, "number": info.number, "name": info.name, "pink": info.pink,
            "promo": info.promo, "cost": time_cost_words(key), "corner": corners.get(key)},
            Markup(svg)))
    return out


def _ring(edition: Edition, marks: Marks) -> dict[str, Any]:
    """The ring drawing, the corners (a count) and the Beginners Ring (a count)."""
    def named(key: str) -> str:
        info = edition.action_tiles.get(key)
        return f"#{info.number} {info.name}" if info is not None else key

    variable = [p for p in range(1, 21) if p not in edition.ring_corners]
    corners = [(pos, key, named(key)) for pos, key in sorted(edition.ring_corners.items())]
    beginners = [(f"r{i + 1}", pos, key, named(key))
                 for i, (pos, key) in enumerate(zip(variable, edition.beginners_ring,
                                                    strict=False))]
    svg = Markup(inline_svg(ring_drawing(edition), "ring-", label="Time Action Ring"))
    return {"svg": svg,
            "corners": Drawn(marks.take("ring_corners", "Initial Action Tiles' corners"),
                             {"rows": corners}),
            "beginners": Drawn(marks.take("beginners_ring", "Beginners Ring"),
                               {"rows": beginners})}


def _dice(edition: Edition, marks: Marks) -> Drawn:
    faces = "\u2680\u2681\u2682\u2683\u2684\u2685"
    rows = [(i + 1, faces[i] if i < 6 else "", price)
            for i, price in enumerate(edition.import_prices)]
    return Drawn(marks.take("import_prices", "Import die (D6) prices"), {"rows": rows})
