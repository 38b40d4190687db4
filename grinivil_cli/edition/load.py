"""Loading an edition: read its YAML file, check it (schema, then cross-checks), build the model.

The bundled editions live in `grinivil_cli/editions/<name>.yaml`; their schema is
`grinivil_cli/schemas/edition.schema.json`.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any

from ..base.packagedata import files
from ..errors import LogFormatError, Path, Problem
from ..logfile.suggest import hint
from ..logfile.yamlsafe import EDITION_MAX_BYTES, load_yaml_text, read_bounded
from .digest import data_digest
from .model import (
    RESOURCES,
    ActionTileInfo,
    BuildingType,
    Edition,
    Feature,
    Floor,
    Hole,
    LandTile,
    MarketSide,
    ResidentCard,
    Reward,
    RoadReward,
    Site,
    SiteBonus,
    Spot,
)

DEFAULT_EDITION = "standard"
# An edition as a log names it (the log schema's pattern): a name, never a path; an edition
# that is not bundled is read from NAME.yaml in the log's own folder
EDITION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(@[0-9]{1,4})?")
PACKAGE = "grinivil_cli"

# Component counts printed in the rulebook's Components list (catalogue section 17).
COMPONENT_COUNTS: dict[str, int] = {
    "trees": 50,
    "small_warehouses": 12,
    "road_tokens": 12,
    "roof_blocks": 14,
    "occupied_tokens": 3,
    "ownership_markers": 5,
}
CUBES_TOTAL = 94
RESIDENT_CARDS = 29
BUILDING_TOKENS = 30
ZONE_TILES: dict[str, int] = {"center": 1, "inner": 8, "outer": 8}  # R-ZONE-01
FAMILY_TYPES: dict[str, int] = {"house": 1, "commerce": 12, "public": 6}  # R-BLD-02
FAMILY_FLOORS: dict[str, int] = {"house": 2, "commerce": 2, "public": 3}  # R-BLD-03
BIG_WAREHOUSE: tuple[int, ...] = (4, 2, 2)  # R-WH-01
STARTING_STOCK: dict[int, int] = {2: 12, 3: 18, 4: 24, 5: 25, 6: 30}  # R-SETUP-11
INITIAL_TILES: frozenset[str] = frozenset({"01", "02", "03", "04"})  # R-SETUP-18
PINK_DRAWN = 7  # R-SETUP-19
NON_PINK_VARIABLE = 9  # R-SETUP-20: 16 variable tiles = 7 pink + 9 others
RING_SIZE = 20
ROAD_TREES = 6  # Bonus Road Track: "Collect 6 Trees"
SITE_ROADS: dict[str, frozenset[str]] = {
    "center": frozenset({"ring"}),
    "inner": frozenset({"left", "right", "ring"}),
    "outer": frozenset({"road", "access"}),
}
AMOUNT_KINDS = frozenset({"vp", "money"})

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


# --- reading -------------------------------------------------------------------------------


def _exists(name: str) -> bool:
    """Whether a file or folder is at `name` (False for a name no file can have: too long, a
    NUL: reading it says why when it looks like a path)."""
    try:
        return os.path.lexists(name)
    except (OSError, ValueError):
        return False


def _package_dir() -> Traversable:
    """The `grinivil_cli` package folder, holding `editions/` and `schemas/`."""
    return files(PACKAGE)


def _read_bytes(path: Traversable, source: str) -> bytes:
    """The bytes of one edition file: a file through the bounded reader (a regular file of at
    most EDITION_MAX_BYTES: a FIFO or a device is refused), a bundled resource read up to the
    same limit; LogFormatError when it cannot be read."""
    try:
        if isinstance(path, FilePath):
            return read_bounded(path, source, EDITION_MAX_BYTES, what="edition",
                                files_only=True)
        with path.open("rb") as handle:
            return handle.read(EDITION_MAX_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise _cannot_read(exc) from exc


def _cannot_read(exc: OSError | ValueError) -> LogFormatError:
    if isinstance(exc, OSError) and exc.errno == errno.ENAMETOOLONG and exc.filename:
        from ..base.output import name_too_long

        return LogFormatError([Problem(f"cannot read the edition: "
                                       f"{name_too_long(exc.filename).strerror}")])
    why = ("it is a folder, not an edition file" if isinstance(exc, IsADirectoryError)
           else "no such file" if isinstance(exc, FileNotFoundError)
           else "permission denied" if isinstance(exc, PermissionError)
           else getattr(exc, "strerror", None) or str(exc))
    return LogFormatError([Problem(f"cannot read the edition: {why}")])


@functools.lru_cache(maxsize=1)
def edition_schema() -> dict[str, Any]:
    """The edition JSON Schema bundled with the package (`grinivil edition schema` writes
    it; not to be changed: it is cached)."""
    text = (_package_dir() / "schemas" / "edition.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@functools.lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    """A validator for the edition schema (jsonschema imported only for an edition file that
    is checked: not for the bundled one, start-up time)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(edition_schema())


@functools.lru_cache(maxsize=1)
def bundled_editions() -> tuple[str, ...]:
    """The names of the editions bundled with the package."""
    folder = _package_dir() / "editions"
    names = (e.name[: -len(".yaml")] for e in folder.iterdir() if e.name.endswith(".yaml"))
    return tuple(sorted(names))


def versions_of(name: str) -> list[str]:
    """The kept versions of a bundled edition (`standard@1`, `standard@2`...), the latest
    first: the data a log recorded before an upgrade may pin (`edition_digest`)."""
    family = name.split("@", 1)[0]
    kept = [n for n in bundled_editions() if n.startswith(f"{family}@")]
    return sorted(kept, key=lambda n: -int(n.split("@", 1)[1]) if n.split("@", 1)[1].isdigit()
                  else 0)


def holding(name: str, digest: str) -> str | None:
    """The bundled edition of `name`'s family (`standard`, `standard@1`...) whose data have
    `digest` (`edition/digest.py`), or None."""
    family = name.split("@", 1)[0]
    bundled = bundled_editions()
    return next((n for n in (family, *versions_of(family)) if n in bundled
                 and _bundled(n).digest == digest), None)


def load_edition(name_or_path: str | None = None, *, bundled_only: bool = False,
                 beside: FilePath | None = None) -> Edition:
    """The bundled edition `name_or_path` (default `standard`) or the edition file at that path
    (not with `bundled_only`: a log names editions, never files; files come from --edition).
    `beside`: the folder of the log naming it, where an edition that is not bundled is looked
    for as `NAME.yaml` (a name as the log format allows it: no path, docs/log-format.md)."""
    if name_or_path == "":
        raise LogFormatError([Problem("the edition is empty: give a bundled edition's name "
                                      f"({', '.join(bundled_editions())}) or a file")])
    name = name_or_path or DEFAULT_EDITION
    if name in bundled_editions():
        return _bundled(name)
    looks_like_path = name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name
    if not bundled_only and (looks_like_path or _exists(name)):
        path = FilePath(name)
        return _load(path, source=str(path), name=path.stem)
    if bundled_only and beside is not None and EDITION_NAME.fullmatch(name):
        path = beside / f"{name}.yaml"
        if _exists(str(path)):
            return _load(path, source=str(path), name=name)
    known = bundled_editions()
    suggested = hint(name, known)
    own = f"{name}.yaml" if EDITION_NAME.fullmatch(name) else "FILE"
    if suggested or not bundled_only:
        file = ""
    elif beside is not None and own != "FILE":
        file = (f"; an edition of your own is read from {own} beside the log (there is no "
                f"{beside / own}), or given with --edition FILE")
    else:
        file = f"; an edition of your own is given with --edition FILE (--edition {own})"
    raise LogFormatError(
        [Problem(f"unknown edition '{name}'{suggested} (bundled: {', '.join(known)}){file}")]
    )


def refused_name(name: object) -> str | None:
    """Why an edition cannot be named in a log a command writes (`new`, `record`, `serve`,
    `simulate`): an edition file's name (`my box.yaml`, `box.v2.yaml`) is its name in the log,
    and a log names an edition by letters, digits, `-` and `_`; None when it can be."""
    if not isinstance(name, str) or EDITION_NAME.fullmatch(name):
        return None
    better = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-_") or "my-box"
    return (f"a log names its edition by its file's name, and '{name}' cannot be one (letters, "
            f"digits, - and _ only): rename the edition file {name}.yaml to {better}.yaml")


@functools.lru_cache(maxsize=8)
def _bundled(name: str) -> Edition:
    """A bundled edition, read once. It ships with the package and is not checked again on
    every run: the schema check alone took a third of a small log's validation
    (tests/test_edition.py checks it with the schema and the cross-checks).
    Nothing of it is kept between runs: building it takes about 10 ms, and a kept copy would
    be something read from outside the package at every start (issue 27)."""
    source = f"{PACKAGE}/editions/{name}.yaml"
    text = _read_bytes(_package_dir() / "editions" / f"{name}.yaml", source)
    return _built(text, source=source, name=name, checked=True)


def _load(path: Traversable, *, source: str, name: str, checked: bool = False) -> Edition:
    """Read, check (unless `checked` already: a bundled edition) and build one edition file;
    raise LogFormatError with every problem."""
    return _built(_read_bytes(path, source), source=source, name=name, checked=checked)


def _built(text: bytes, *, source: str, name: str, checked: bool = False) -> Edition:
    """Check (unless `checked`) and build the edition file `source` of bytes `text`."""
    try:
        loaded = load_yaml_text(text, source, max_bytes=EDITION_MAX_BYTES, what="edition")
    except (OSError, ValueError) as exc:
        raise _cannot_read(exc) from exc
    data = loaded.data
    problems = [] if checked else edition_problems(data)
    if problems:
        raise LogFormatError(
            [Problem(p.message, loaded.position(p.path), p.path) for p in problems]
        )
    return edition_from_data(data, name=name)


# --- checking ------------------------------------------------------------------------------


def check_edition_data(data: Any) -> list[str]:
    """Every problem of edition data (schema first, then cross-checks) as readable strings."""
    return [p.message for p in edition_problems(data)]


def edition_problems(data: Any) -> list[Problem]:
    """Every problem of edition data: schema errors, or (if none) the cross-check findings."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.path])
    problems = [p for e in errors for p in _schema_problems(e)]
    if problems:
        return problems
    return [_problem(path, text) for path, text in _cross_checks(data)]


def _problem(path: Path, text: str) -> Problem:
    """A Problem whose message starts with the dotted path."""
    return Problem(f"{_dotted(path)}: {text}", path=path)


def _dotted(path: Sequence[str | int]) -> str:
    """`buildings.pub.floors[0].cost` for a path; `(top level)` for the root."""
    out = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def _kind_of(value: Any) -> str:
    """A readable name of a YAML value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _schema_problems(error: ValidationError) -> list[Problem]:
    """One schema error as Problems (one per unknown key)."""
    path: Path = tuple(error.absolute_path)
    keyword = error.validator
    value = error.validator_value
    instance = error.instance
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if keyword == "additionalProperties" and isinstance(instance, Mapping):
        known = list(schema.get("properties", {}))
        return [
            _problem((*path, key), f"unknown key '{key}'{hint(str(key), known)}")
            for key in instance
            if key not in known
        ]
    if "propertyNames" in error.absolute_schema_path:
        return [_problem(path, f"key {instance!r} is not a valid name (pattern {value})")]
    if keyword == "required":
        return [_problem(path, f"missing key {error.message.split(' is a ')[0]}")]
    if keyword == "type":
        expected = " or ".join(value) if isinstance(value, list) else str(value)
        return [_problem(path, f"expected {expected}, found {_kind_of(instance)}")]
    if keyword == "enum" and isinstance(value, list):
        options = [str(v) for v in value]
        text = f"{instance!r} is not one of {', '.join(options)}{hint(str(instance), options)}"
        return [_problem(path, text)]
    counted = ("minProperties", "maxProperties", "minItems", "maxItems")
    if keyword in counted and isinstance(instance, Mapping | list):
        what = "entries" if keyword.endswith("Properties") else "items"
        bound = "at least" if keyword.startswith("min") else "at most"
        return [_problem(path, f"expected {bound} {value} {what}, found {len(instance)}")]
    message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
    return [_problem(path, message)]


def _cross_checks(data: Any) -> Iterator[tuple[Path, str]]:
    """Semantic checks the schema cannot express (data is already schema-valid)."""
    yield from _check_components(data)
    yield from _check_markets(data["markets"])
    yield from _check_buildings(data["buildings"])
    yield from _check_tiles(data["land_tiles"])
    yield from _check_residents(data["residents"], data["buildings"])
    yield from _check_road_track(data["road_track"])
    yield from _check_action_tiles(data["action_tiles"], data["ring_corners"])
    if "beginners_ring" in data:
        yield from _check_beginners_ring(data)


def _check_components(data: Any) -> Iterator[tuple[Path, str]]:
    """Component counts of the rulebook's Components list."""
    total = sum(data["cubes"][r] for r in RESOURCES)
    if total != CUBES_TOTAL:
        yield ("cubes",), f"the cubes add up to {total}; the rulebook has {CUBES_TOTAL} (43+28+23)"
    for key, expected in COMPONENT_COUNTS.items():
        if data[key] != expected:
            yield (key,), f"{data[key]}; the rulebook's Components list has {expected}"


def _check_markets(markets: list[Any]) -> Iterator[tuple[Path, str]]:
    """One side per player count; prices fall going up; room for the starting stock."""
    used: dict[int, int] = {}
    for i, side in enumerate(markets):
        for n in side["players"]:
            if n in used:
                yield ("markets", i, "players"), f"{n} players already use side {used[n]}"
            used[n] = i
        capacity = sum(len(holes) for holes in side["sections"].values())
        stock = max(STARTING_STOCK[n] for n in side["players"])
        if capacity <= stock:
            yield (
                ("markets", i, "sections"),
                f"{capacity} holes cannot take a starting stock of {stock} cubes (R-SETUP-11)",
            )
        for resource, holes in side["sections"].items():
            for j, hole in enumerate(holes):
                where: Path = ("markets", i, "sections", resource, j)
                if hole["sell"] >= hole["buy"]:
                    yield where, f"sells at {hole['sell']}, not below its buying price"
                below = holes[j - 1] if j else None
                if below and (hole["buy"] > below["buy"] or hole["sell"] > below["sell"]):
                    yield where, "worth more than the hole below it; bottom rows are worth more"
    for n in sorted(set(STARTING_STOCK) - set(used)):
        yield ("markets",), f"no Market side for {n} players (R-SETUP-09)"


def _fits_big_warehouse(cost: Mapping[str, int]) -> bool:
    """Whether the cubes fit a Big Warehouse (sections 4+2+2, one type per section)."""
    counts = sorted(cost.values(), reverse=True)
    if len(counts) > len(BIG_WAREHOUSE):
        return False
    return all(c <= cap for c, cap in zip(counts, BIG_WAREHOUSE, strict=False))


def _check_buildings(buildings: Mapping[str, Any]) -> Iterator[tuple[Path, str]]:
    """19 types (1 House, 12 Commerce, 6 Public), Floors per family, payable Floors, 30 tokens."""
    families = Counter(b["family"] for b in buildings.values())
    for family, expected in FAMILY_TYPES.items():
        if families[family] != expected:
            yield ("buildings",), f"{families[family]} {family} types; the rulebook has {expected}"
    house = buildings.get("house")
    if house is None or house["family"] != "house":
        yield ("buildings",), "the House must have the key 'house' and family 'house'"
    tokens = sum(b["tokens"] for b in buildings.values())
    if tokens != BUILDING_TOKENS:
        yield ("buildings",), f"{tokens} Building Tokens; the rulebook has {BUILDING_TOKENS}"
    for key, b in buildings.items():
        floors = FAMILY_FLOORS[b["family"]]
        if len(b["floors"]) != floors:
            yield (
                ("buildings", key, "floors"),
                f"{len(b['floors'])} Floors; a {b['family']} building has {floors} (R-BLD-03)",
            )
        for j, floor in enumerate(b["floors"]):
            if not _fits_big_warehouse(floor["cost"]):
                yield (
                    ("buildings", key, "floors", j, "cost"),
                    "does not fit a starting Big Warehouse (sections 4+2+2, R-WH-01)",
                )


def _check_tiles(tiles: Mapping[str, Any]) -> Iterator[tuple[Path, str]]:
    """1+8+8 tiles, one entrance, roads and sides as the townland model allows."""
    zones = Counter(t["zone"] for t in tiles.values())
    for zone, expected in ZONE_TILES.items():
        if zones[zone] != expected:
            yield ("land_tiles",), f"{zones[zone]} {zone} tiles; the Land Area has {expected}"
    entrances = [k for k, t in tiles.items() if t.get("entrance", False)]
    if len(entrances) != 1:
        yield ("land_tiles",), f"{len(entrances)} entrance tiles; exactly one must be tile 1A"
    for key, tile in tiles.items():
        yield from _check_tile(key, tile)


def _check_tile(key: str, tile: Mapping[str, Any]) -> Iterator[tuple[Path, str]]:
    """One land tile against the townland model (docs/architecture.md)."""
    zone = tile["zone"]
    here: Path = ("land_tiles", key)
    outer = zone == "outer"
    sides = {"left", "right"} if outer else {"land"}
    if outer and "road" not in tile:
        yield here, "an Outer tile needs `road` (construction or completed)"
    for field in ("road", "access"):
        if not outer and field in tile:
            yield (*here, field), "only Outer tiles have a main road or an Access Road"
    if tile.get("entrance", False):
        if not outer:
            yield (*here, "entrance"), "the entrance tile 1A must be an Outer tile"
        elif tile.get("road") != "completed":
            yield (*here, "road"), "the entrance tile's main road must be completed"
    for site_key, site in tile["sites"].items():
        where: Path = (*here, "sites", site_key)
        if site["road"] not in SITE_ROADS[zone]:
            article = "an" if zone[0] in "aeiou" else "a"
            yield (*where, "road"), f"{article} {zone} site cannot hang on road '{site['road']}'"
        if site["road"] == "access" and not tile.get("access", False):
            yield (*where, "road"), "the tile has no Access Road (`access: true`)"
        if site.get("side", "land") not in sides:
            yield (*where, "side"), f"side must be {' or '.join(sorted(sides))} on {zone} tiles"
        bonus = site.get("bonus")
        if bonus is not None:
            amount = bonus.get("amount", 0)
            if bonus["kind"] in AMOUNT_KINDS and amount < 1:
                yield (*where, "bonus"), f"a {bonus['kind']} bonus needs an amount"
            if bonus["kind"] not in AMOUNT_KINDS and amount:
                yield (*where, "bonus", "amount"), f"a {bonus['kind']} bonus takes no amount"
    for spot_key, spot in tile["spots"].items():
        if spot.get("side", "land") not in sides:
            yield (
                (*here, "spots", spot_key, "side"),
                f"side must be {' or '.join(sorted(sides))} on {zone} tiles",
            )
    if zone == "center":
        if len(tile["spots"]) != 2:
            yield (*here, "spots"), "the Center ring encloses 2 Planting Spots (R-PLANT-04)"
        if not any(
            s["kind"] == "nonresidential" and s.get("municipal", False)
            for s in tile["sites"].values()
        ):
            yield (*here, "sites"), "the Center needs its Municipal central site (Setup 2B)"


def _check_residents(
    residents: Mapping[str, Any], buildings: Mapping[str, Any]
) -> Iterator[tuple[Path, str]]:
    """29 cards; features name Commerce buildings, desires name Public buildings."""
    if len(residents) != RESIDENT_CARDS:
        yield ("residents",), f"{len(residents)} cards; the rulebook has {RESIDENT_CARDS}"
    for key, card in residents.items():
        here: Path = ("residents", key)
        for part in ("mandatory", "optional"):
            for j, feature in enumerate(card[part]):
                where: Path = (*here, part, j, "building")
                building = buildings.get(feature["building"])
                if building is None:
                    yield where, _unknown_building(feature["building"], buildings)
                elif building["family"] != "commerce":
                    yield where, f"'{feature['building']}' is not a Commerce building"
                elif part == "mandatory" and building["four_plus"] and not card["four_plus"]:
                    yield (
                        where,
                        (
                            f"'{feature['building']}' is ●●●●+ but the card is not, so it could "
                            "not be sold with 2-3 players"
                        ),
                    )
        for name in card["public"]:
            building = buildings.get(name)
            if building is None:
                yield (*here, "public", name), _unknown_building(name, buildings)
            elif building["family"] != "public":
                yield (*here, "public", name), f"'{name}' is not a Public building"


def _unknown_building(name: str, buildings: Mapping[str, Any]) -> str:
    """'unknown building' with a did-you-mean."""
    return f"unknown building '{name}'{hint(name, list(buildings))}"


def _check_road_track(track: list[Any]) -> Iterator[tuple[Path, str]]:
    """Tree rewards are 6 trees; VP and money rewards have an amount; others none."""
    for i, space in enumerate(track):
        for j, reward in enumerate(space):
            where: Path = ("road_track", i, j)
            kind, amount = reward["kind"], reward.get("amount", 0)
            if kind == "trees" and amount != ROAD_TREES:
                yield where, f"a trees reward gives {ROAD_TREES} trees"
            elif kind in AMOUNT_KINDS and amount < 1:
                yield where, f"a {kind} reward needs an amount"
            elif kind not in AMOUNT_KINDS and kind != "trees" and amount:
                yield where, f"a {kind} reward takes no amount"


def _check_action_tiles(
    tiles: Mapping[str, Any], corners: Mapping[Any, Any]
) -> Iterator[tuple[Path, str]]:
    """Unique numbers; #01-#04 in four ring corners; 9 non-pink and at least 7 pink to draw."""
    numbers = Counter(t["number"] for t in tiles.values())
    for key, tile in tiles.items():
        if numbers[tile["number"]] > 1:
            yield ("action_tiles", key, "number"), f"number {tile['number']} is used twice"
        if tile["number"].endswith("P") != tile.get("promo", False):
            yield ("action_tiles", key), "promo tiles (and only they) have numbers ending in P"
    positions: set[int] = set()
    for position, tile_key in corners.items():
        where: Path = ("ring_corners", position)
        number = int(position) if str(position).isdigit() else 0
        if not 1 <= number <= RING_SIZE or number in positions:
            yield where, f"ring positions are 1..{RING_SIZE}, each used once"
        positions.add(number)
        tile = tiles.get(tile_key)
        if tile is None or tile["number"] not in INITIAL_TILES:
            yield where, f"'{tile_key}' is not an Initial Action Tile (#01-#04)"
    if sorted(set(corners.values())) != sorted(corners.values()):
        yield ("ring_corners",), "an Initial Action Tile stands in two corners"
    variable = [t for k, t in tiles.items() if k not in set(corners.values())]
    others = [t for t in variable if not t["pink"] and not t.get("promo", False)]
    pink = [t for t in variable if t["pink"] and not t.get("promo", False)]
    if len(others) != NON_PINK_VARIABLE:
        yield (
            ("action_tiles",),
            f"{len(others)} non-pink variable tiles; 7 pink + {NON_PINK_VARIABLE} must make the "
            "16 variable tiles (R-SETUP-20)",
        )
    if len(pink) < PINK_DRAWN:
        yield ("action_tiles",), f"{len(pink)} pink tiles; setup draws {PINK_DRAWN} (R-SETUP-19)"


def _check_beginners_ring(data: Any) -> Iterator[tuple[Path, str]]:
    """The Beginners Ring is a legal ring: 16 different variable tiles, every non-pink one and
    7 pink ones, no promo tile (R-VAR-BEG-02, R-SETUP-19/20)."""
    tiles, corners = data["action_tiles"], set(data["ring_corners"].values())
    ring = list(data["beginners_ring"])
    for i, key in enumerate(ring):
        tile = tiles.get(key)
        if tile is None or key in corners or tile.get("promo", False) or ring.index(key) != i:
            yield ("beginners_ring", i), f"'{key}' is not a variable, non-promo tile used once"
    pink = [k for k in ring if k in tiles and tiles[k]["pink"]]
    if len(pink) != PINK_DRAWN:
        yield ("beginners_ring",), f"{len(pink)} pink tiles; the ring holds {PINK_DRAWN}"
    missing = [k for k, t in tiles.items() if k not in corners and not t["pink"]
               and not t.get("promo", False) and k not in ring]
    if missing:
        yield ("beginners_ring",), f"every non-pink variable tile is on it; missing {missing}"


# --- building the model --------------------------------------------------------------------


def edition_from_data(data: Any, *, name: str) -> Edition:
    """Build the Edition from schema-checked data."""
    title = data.get("title")
    return Edition(
        name=name,
        cubes={r: data["cubes"][r] for r in RESOURCES},
        trees=data["trees"],
        small_warehouses=data["small_warehouses"],
        road_tokens=data["road_tokens"],
        ownership_markers=data["ownership_markers"],
        orange_blocks=data["orange_blocks"],
        roof_blocks=data["roof_blocks"],
        occupied_tokens=data["occupied_tokens"],
        starting_money=data["starting_money"],
        markets=tuple(_market(side) for side in data["markets"]),
        buildings={k: _building(k, b) for k, b in data["buildings"].items()},
        land_tiles={k: _land_tile(k, t) for k, t in data["land_tiles"].items()},
        residents={k: _resident(k, r) for k, r in data["residents"].items()},
        road_track=tuple(
            tuple(RoadReward(r["kind"], r.get("amount", 0)) for r in space)
            for space in data["road_track"]
        ),
        action_tiles={k: _action_tile(k, t) for k, t in data["action_tiles"].items()},
        ring_corners={int(pos): tile for pos, tile in data["ring_corners"].items()},
        import_prices=tuple(data["import_prices"]),
        extra={"title": title} if isinstance(title, str) else {},
        beginners_ring=tuple(data.get("beginners_ring") or ()),
        digest=data_digest(data),
    )


def _market(side: Any) -> MarketSide:
    """One Market side."""
    return MarketSide(
        players=tuple(side["players"]),
        sections={
            r: tuple(Hole(h["buy"], h["sell"]) for h in side["sections"][r]) for r in RESOURCES
        },
    )


def _building(key: str, b: Any) -> BuildingType:
    """One building type."""
    return BuildingType(
        key=key,
        name=b["name"],
        family=b["family"],
        floors=tuple(Floor(dict(f["cost"]), f["vp"]) for f in b["floors"]),
        tokens=b["tokens"],
        four_plus=b["four_plus"],
    )


def _land_tile(key: str, t: Any) -> LandTile:
    """One land tile with its sites and planting spots."""
    sites = tuple(
        Site(
            key=k,
            kind=s["kind"],
            road=s["road"],
            municipal=s.get("municipal", False),
            bonus=_bonus(s.get("bonus")),
            side=s.get("side", "land"),
            x=float(s["x"]),
            y=float(s["y"]),
        )
        for k, s in t["sites"].items()
    )
    spots = tuple(
        Spot(key=k, side=p.get("side", "land"), x=float(p["x"]), y=float(p["y"]))
        for k, p in t["spots"].items()
    )
    return LandTile(
        key=key,
        name=t["name"],
        zone=t["zone"],
        sites=sites,
        spots=spots,
        road=t.get("road"),
        access=t.get("access", False),
        entrance=t.get("entrance", False),
    )


def _bonus(b: Any) -> SiteBonus | None:
    """A site bonus, or None."""
    return None if b is None else SiteBonus(b["kind"], b.get("amount", 0))


def _resident(key: str, r: Any) -> ResidentCard:
    """One resident card."""
    return ResidentCard(
        key=key,
        name=r["name"],
        primary_vp=r["primary_vp"],
        primary_money=r["primary_money"],
        per_tree=r["per_tree"],
        per_tree_cap=r["per_tree_cap"],
        min_trees=r["min_trees"],
        mandatory=tuple(_feature(f) for f in r["mandatory"]),
        optional=tuple(_feature(f) for f in r["optional"]),
        public=dict(r["public"]),
        four_plus=r["four_plus"],
    )


def _feature(f: Any) -> Feature:
    """One mandatory or optional Commerce feature."""
    reward = f["reward"]
    return Feature(
        building=f["building"],
        max_distance=f["max_distance"],
        reward=Reward(reward.get("vp", 0), reward.get("money", 0), reward["split"]),
    )


def _action_tile(key: str, t: Any) -> ActionTileInfo:
    """One action tile."""
    return ActionTileInfo(
        key=key, number=t["number"], name=t["name"], pink=t["pink"], promo=t.get("promo", False)
    )
