"""The bundled `standard` edition: schema, cross-checks, component counts, rulebook examples."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from grinivil_cli.edition.load import check_edition_data, load_edition
from grinivil_cli.edition.model import Edition, Hole
from grinivil_cli.errors import LogFormatError

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "grinivil_cli" / "schemas" / "edition.schema.json"


def raw_standard() -> Any:
    """The bundled standard.yaml as plain data."""
    return yaml.safe_load((ROOT / "grinivil_cli" / "editions" / "standard.yaml").read_text("utf-8"))


@pytest.fixture(scope="module")
def edition() -> Edition:
    """The bundled standard edition."""
    return load_edition("standard")


def buy_prices(holes: tuple[Hole, ...], filled: int, n: int) -> list[int]:
    """Prices of buying n cubes from a section holding `filled` cubes: topmost filled hole first."""
    return [holes[filled - 1 - i].buy for i in range(n)]


def sell_prices(holes: tuple[Hole, ...], filled: int, n: int) -> list[int]:
    """Prices of selling n cubes into a section holding `filled` cubes: lowest empty hole first."""
    return [holes[filled + i].sell for i in range(n)]


# --- loading and checking ------------------------------------------------------------------


def test_bundled_edition_loads_and_is_cached(edition: Edition) -> None:
    """The default edition is `standard`, read once (lru_cache)."""
    assert edition.name == "standard"
    assert load_edition(None) is edition
    assert load_edition() is edition


def test_bundled_edition_passes_schema_and_cross_checks() -> None:
    """standard.yaml is schema-valid and has no cross-check problems."""
    data = raw_standard()
    schema = json.loads(SCHEMA_PATH.read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    assert check_edition_data(data) == []


def test_schema_is_draft_2020_12_and_documented() -> None:
    """Every property has a description; every fixed-shape object forbids unknown keys."""
    schema = json.loads(SCHEMA_PATH.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if "properties" in node:
                assert node.get("additionalProperties") is False, where
                for key, sub in node["properties"].items():
                    assert "description" in sub, f"{where}.{key}"
            for key, sub in node.items():
                walk(sub, f"{where}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{where}[{i}]")

    walk(schema, "schema")


def test_top_level_schema_is_a_symlink_to_the_package_schema() -> None:
    """schemas/edition.schema.json points at grinivil_cli/schemas/edition.schema.json."""
    link = ROOT / "schemas" / "edition.schema.json"
    assert link.is_symlink()
    assert link.resolve() == SCHEMA_PATH.resolve()


def test_every_record_says_where_it_comes_from() -> None:
    """Each record carries `source: rulebook: ...` or `source: reconstructed...`."""
    data = raw_standard()
    records: list[Any] = [data["cubes"], *data["markets"]]
    for table in ("buildings", "land_tiles", "residents", "action_tiles"):
        records.extend(data[table].values())
    sources = [r["source"] for r in records] + list(data["sources"].values())
    assert all(s.startswith(("rulebook: ", "reconstructed")) for s in sources)
    assert "starting_money" in data["sources"]
    assert data["sources"]["starting_money"].startswith("reconstructed")


# --- component counts (catalogue section 17) -----------------------------------------------


def test_component_counts(edition: Edition) -> None:
    """R-GEN-09, R-WH-07: the rulebook's Components list."""
    assert edition.cubes == {"concrete": 43, "wood": 28, "steel": 23}
    assert sum(edition.cubes.values()) == 94
    assert edition.trees == 50
    assert edition.small_warehouses == 12
    assert edition.road_tokens == 12
    assert edition.ownership_markers == 5
    assert edition.orange_blocks == 14
    assert edition.roof_blocks == 14
    assert edition.occupied_tokens == 3
    assert len(edition.residents) == 29
    assert sum(b.tokens for b in edition.buildings.values()) == 30
    assert edition.buildings["house"].tokens == 12
    assert edition.starting_money > 0


def test_land_tiles_are_one_center_eight_inner_eight_outer(edition: Edition) -> None:
    """R-ZONE-01: 17 tiles = 1 Center + 8 Inner + 8 Outer; exactly one entrance tile 1A."""
    zones = Counter(t.zone for t in edition.land_tiles.values())
    assert zones == {"center": 1, "inner": 8, "outer": 8}
    assert set(edition.land_tiles) == {"C1"} | {f"I0{i}" for i in range(1, 9)} | {
        f"O0{i}" for i in range(1, 9)
    }
    entrances = [t for t in edition.land_tiles.values() if t.entrance]
    assert [t.key for t in entrances] == ["O01"]
    assert entrances[0].zone == "outer" and entrances[0].road == "completed"


def test_buildings_families_and_floors(edition: Edition) -> None:
    """R-BLD-02, R-BLD-03: 1 House + 12 Commerce + 6 Public; 2, 2 and 3 Floors."""
    families = Counter(b.family for b in edition.buildings.values())
    assert families == {"house": 1, "commerce": 12, "public": 6}
    floors = {"house": 2, "commerce": 2, "public": 3}
    for b in edition.buildings.values():
        assert len(b.floors) == floors[b.family], b.key
    four_plus = [b for b in edition.buildings.values() if b.four_plus]
    assert Counter(b.family for b in four_plus) == {"commerce": 2, "public": 1}


def test_every_floor_fits_a_starting_big_warehouse(edition: Edition) -> None:
    """R-WH-01: each Floor costs 2-4 mixed cubes storable in sections of 4+2+2."""
    for b in edition.buildings.values():
        for floor in b.floors:
            counts = sorted(floor.cost.values(), reverse=True)
            assert 2 <= sum(counts) <= 4, b.key
            assert len(counts) >= 2, b.key
            assert all(c <= cap for c, cap in zip(counts, (4, 2, 2), strict=False)), b.key


# --- Market (R-MKT-*, EX-01, EX-02) --------------------------------------------------------


def test_market_sides_cover_every_player_count(edition: Edition) -> None:
    """R-SETUP-09: the 2-3p side for 2-3 players, the 4-6p side for 4-6."""
    assert edition.market_for(2).players == (2, 3)
    assert edition.market_for(3) is edition.market_for(2)
    assert edition.market_for(4).players == (4, 5, 6)
    assert edition.market_for(6) is edition.market_for(4)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_market_holds_the_starting_stock(edition: Edition, players: int) -> None:
    """R-SETUP-11: 6 cubes per player (5 with 5-6 players) fit with room to spare."""
    stock = players * (5 if players >= 5 else 6)
    side = edition.market_for(players)
    assert sum(len(h) for h in side.sections.values()) > stock


def test_market_prices_fall_going_up(edition: Edition) -> None:
    """R-MKT-01: sell below buy in each hole; bottom rows are worth more."""
    for side in edition.markets:
        for holes in side.sections.values():
            assert all(h.sell < h.buy for h in holes)
            for lower, upper in zip(holes, holes[1:], strict=False):
                assert upper.buy <= lower.buy and upper.sell <= lower.sell


def test_ex01_bruno_buys_three_cubes_for_14(edition: Edition) -> None:
    """EX-01 (R-MKT-02, AMB-MKT-01 (a)): concrete holding 10 (2-3p) or 17 (4-6p): 4+5+5."""
    assert buy_prices(edition.market_for(2).sections["concrete"], 10, 3) == [4, 5, 5]
    assert buy_prices(edition.market_for(4).sections["concrete"], 17, 3) == [4, 5, 5]


@pytest.mark.parametrize("wood", [0, 1, 2])
def test_ex02_robin_sells_four_cubes_for_29(edition: Edition, wood: int) -> None:
    """EX-02 (R-MKT-03, R-MKT-05): 2-3p concrete empty, wood holding 0-2: 7+8+7+7."""
    side = edition.market_for(3)
    concrete = sell_prices(side.sections["concrete"], 0, 3)
    (wood_price,) = sell_prices(side.sections["wood"], wood, 1)
    assert concrete == [7, 7, 7] and wood_price == 8
    assert concrete[0] + wood_price + concrete[1] + concrete[2] == 29


def test_ex02_on_the_four_to_six_player_side(edition: Edition) -> None:
    """EX-02 also works on the 4-6p side: concrete holding 0-1, wood holding 0-3."""
    side = edition.market_for(5)
    assert sell_prices(side.sections["concrete"], 1, 3) == [7, 7, 7]
    assert sell_prices(side.sections["wood"], 3, 1) == [8]


# --- Residents (EX-04, EX-05, EX-10..EX-12) ------------------------------------------------


def test_paula_matches_the_rulebook(edition: Edition) -> None:
    """EX-05 (R-SELL-09, R-SPLIT-01/02): Paula's card as in the Selling the House example."""
    paula = edition.residents["paula"]
    assert (paula.primary_vp, paula.primary_money, paula.per_tree) == (5, 10, 3)
    assert paula.min_trees == 5
    assert [(f.building, f.max_distance) for f in paula.mandatory] == [("bus-stop", 2)]
    assert paula.mandatory[0].reward.vp == 3 and paula.mandatory[0].reward.split == "full"
    cafe, venue = paula.optional
    assert (cafe.building, cafe.max_distance, cafe.reward.vp, cafe.reward.split) == (
        "cafe",
        3,
        4,
        "full",
    )
    assert (venue.building, venue.max_distance) == ("cultural-venue", None)
    assert (venue.reward.money, venue.reward.split) == (28, "participants")
    assert not paula.four_plus
    # 8 trees: 10 + 8 x 3 = 34 Grinies, within the (reconstructed) cap.
    assert paula.per_tree_cap is not None and 8 * paula.per_tree <= paula.per_tree_cap
    assert paula.primary_money + 8 * paula.per_tree == 34


def test_sample_resident_card(edition: Edition) -> None:
    """EX-04 (R-RESI-04, R-DIST-03): 4 VP, 15 G + 2 G per tree (max 50), >= 3 trees, distance 2."""
    card = edition.residents["milan"]
    assert (card.primary_vp, card.primary_money, card.per_tree, card.per_tree_cap) == (4, 15, 2, 50)
    assert card.min_trees == 3 and card.per_tree_cap is not None
    (feature,) = card.mandatory
    assert edition.buildings[feature.building].family == "commerce"
    assert feature.max_distance == 2
    assert card.primary_money + min(30 * card.per_tree, card.per_tree_cap) == 65


def test_scoring_example_public_rewards(edition: Edition) -> None:
    """EX-10..EX-12 (R-SCORE-03): the Pile paula, dana, hana, milan, emil."""
    pile = [edition.residents[k] for k in ("paula", "dana", "hana", "milan", "emil")]

    def wanted(building: str) -> list[int]:
        return [card.public[building] for card in pile if building in card.public]

    assert sorted(wanted("post-office")) == [3, 9, 15]
    assert sorted(wanted("water-treatment-plant")) == [12, 15]
    assert wanted("hospital") == [6]


def test_residents_reference_the_right_families(edition: Edition) -> None:
    """R-RESI-*: features name Commerce buildings, desires Public; sales stay achievable."""
    for card in edition.residents.values():
        for f in card.mandatory + card.optional:
            assert edition.buildings[f.building].family == "commerce", card.key
        for b in card.public:
            assert edition.buildings[b].family == "public", card.key
        assert 0 <= card.min_trees <= 6 and len(card.mandatory) <= 2
        if not card.four_plus:
            assert not any(edition.buildings[f.building].four_plus for f in card.mandatory)
    assert sum(card.four_plus for card in edition.residents.values()) == 5


# --- Townland (docs/architecture.md) -------------------------------------------------------


def test_center_tile(edition: Edition) -> None:
    """R-PLANT-04, R-SETUP-04: ring sites; s5-s7 Non-residential, s5 Municipal (2B); 2 spots."""
    center = edition.land_tiles["C1"]
    assert {s.road for s in center.sites} == {"ring"}
    for key in ("s5", "s6", "s7"):
        site = center.site(key)
        assert site is not None and site.kind == "nonresidential"
    s5 = center.site("s5")
    assert s5 is not None and s5.municipal
    assert [s.key for s in center.sites if s.municipal] == ["s5"]
    assert len(center.spots) == 2 and {p.side for p in center.spots} == {"land"}


def test_entrance_tile_municipal_sites(edition: Edition) -> None:
    """R-SETUP-03/05: the entrance tile 1A has Municipal sites on its completed road."""
    entrance = edition.land_tiles["O01"]
    assert [(s.key, s.kind) for s in entrance.sites if s.municipal] == [
        ("s1", "residential"),
        ("s2", "nonresidential"),
    ]


def test_tile_contents_follow_the_townland_model(edition: Edition) -> None:
    """Site roads and sides by zone; spot counts; coordinates within the tile."""
    for tile in edition.land_tiles.values():
        points = [(s.x, s.y) for s in tile.sites] + [(p.x, p.y) for p in tile.spots]
        assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in points)
        if tile.zone == "inner":
            assert {s.road for s in tile.sites} <= {"left", "right", "ring"}
            assert {s.side for s in tile.sites} | {p.side for p in tile.spots} == {"land"}
            assert 3 <= len(tile.spots) <= 5
            assert tile.road is None and not tile.access
        if tile.zone == "outer":
            assert tile.road in ("construction", "completed")
            assert {s.road for s in tile.sites} <= ({"road", "access"} if tile.access else {"road"})
            assert {s.side for s in tile.sites} | {p.side for p in tile.spots} <= {"left", "right"}
            assert 2 <= len(tile.spots) <= 5
    sites = [s for t in edition.land_tiles.values() for s in t.sites]
    assert 45 <= len(sites) <= 55
    residential = sum(s.kind == "residential" for s in sites)
    assert len(sites) / 4 <= residential <= len(sites) / 2
    bonuses = {s.bonus.kind for s in sites if s.bonus is not None}
    assert bonuses == {"resources", "vp", "money", "trees", "plant", "road", "explore", "repeat"}


# --- Bonus Road Track, action tiles, dice --------------------------------------------------


def test_road_track(edition: Edition) -> None:
    """R-RDB-*: 12 spaces; tree rewards give 6 trees; every reward kind appears."""
    assert len(edition.road_track) == 12
    rewards = [r for space in edition.road_track for r in space]
    assert all(r.amount == 6 for r in rewards if r.kind == "trees")
    assert {r.kind for r in rewards} == {"warehouse", "trees", "explore", "repeat", "vp", "money"}


def test_action_tiles_and_ring_corners(edition: Edition) -> None:
    """AMB-SETUP-08, R-SETUP-18..20: #01-#04 in the corners, 9 non-pink + pink #14-#24, promos."""
    tiles = edition.action_tiles
    assert len(tiles) == 27
    assert edition.ring_corners == {
        1: "buy-resources",
        6: "build-floor",
        11: "buy-resources-discount",
        16: "build-floor-premium",
    }
    assert tiles["explore-build-road"].number == "08"
    pink = sorted(t.number for t in tiles.values() if t.pink)
    assert pink == [f"{n}" for n in range(14, 25)] + ["51P", "52P", "53P"]
    variable = [t for k, t in tiles.items() if k not in edition.ring_corners.values()]
    assert sum(not t.pink for t in variable) == 9
    assert {t.key for t in tiles.values() if t.promo} == {"follower", "crowdfunding", "manager"}


def test_import_prices(edition: Edition) -> None:
    """AMB-A14-01: one price per D6 face."""
    assert len(edition.import_prices) == 6
    assert all(p > 0 for p in edition.import_prices)


# --- broken editions -----------------------------------------------------------------------


def write(tmp_path: Path, data: Any) -> str:
    """Write edition data to a YAML file and return its path."""
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


def test_wrong_type_is_a_format_error(tmp_path: Path) -> None:
    """A value of the wrong type is reported with its path."""
    data = raw_standard()
    data["buildings"]["pub"]["floors"][0]["vp"] = "three"
    with pytest.raises(LogFormatError) as caught:
        load_edition(write(tmp_path, data))
    (problem,) = caught.value.problems
    assert "buildings.pub.floors[0].vp: expected integer" in problem.message
    assert problem.path == ("buildings", "pub", "floors", 0, "vp")


def test_unknown_key_is_a_format_error_with_a_suggestion(tmp_path: Path) -> None:
    """A misspelt key is reported with a did-you-mean."""
    data = raw_standard()
    data["residents"]["paula"]["min_tree"] = 5
    data["trees"] = -1
    with pytest.raises(LogFormatError) as caught:
        load_edition(write(tmp_path, data))
    messages = [p.message for p in caught.value.problems]
    assert any("residents.paula.min_tree: unknown key" in m and "min_trees" in m for m in messages)
    assert any(m.endswith("trees: -1 is less than the minimum of 0") for m in messages)


def test_cross_check_problems_are_all_reported(tmp_path: Path) -> None:
    """Semantic problems: unknown building, wrong family, cube total, entrance count."""
    data = raw_standard()
    data["residents"]["paula"]["mandatory"][0]["building"] = "bus-stp"
    data["residents"]["dana"]["public"] = {"cafe": 4}
    data["cubes"]["steel"] = 22
    data["land_tiles"]["O02"]["entrance"] = True
    problems = check_edition_data(copy.deepcopy(data))
    unknown = "unknown building 'bus-stp'; did you mean 'bus-stop'?"
    assert f"residents.paula.mandatory[0].building: {unknown}" in problems
    assert "residents.dana.public.cafe: 'cafe' is not a Public building" in problems
    assert any(p.startswith("cubes: the cubes add up to 93") for p in problems)
    assert any(p.startswith("land_tiles: 2 entrance tiles") for p in problems)
    with pytest.raises(LogFormatError) as caught:
        load_edition(write(tmp_path, data))
    assert len(caught.value.problems) == len(problems)


def test_unknown_edition_name() -> None:
    """An unknown bundled name suggests the closest one."""
    with pytest.raises(LogFormatError, match="did you mean 'standard'"):
        load_edition("standart")


def test_recalibrated_resident_cards_say_so_and_twelve_need_a_commerce_building() -> None:
    """AMB-RESI-03, AMB-SETUP-04 (issue 16): the standard edition's recalibration as
    docs/rulings.md states it. 12 of the 29 cards have a mandatory Commerce building. The 9
    cards whose building was moved to the optional features say so in `source:`, and they
    keep their Trees mandatory. The starting money is 70, and its source says it was 50."""
    from grinivil_cli.edition.load import load_edition

    ed = load_edition("standard")
    moved = {"cyril", "greta", "jana", "lucie", "petra", "tomas", "viktor", "zdenek", "ema"}
    assert len(ed.residents) == 29
    assert sum(1 for c in ed.residents.values() if c.mandatory) == 12
    data = yaml.safe_load((ROOT / "grinivil_cli" / "editions" / "standard.yaml").read_text("utf-8"))
    said = {k for k, v in data["residents"].items() if "recalibrated" in v["source"]}
    assert said == moved
    for key in moved:
        assert not ed.residents[key].mandatory and ed.residents[key].optional
    assert [ed.residents[k].min_trees for k in sorted(moved)] == [4, 2, 0, 4, 3, 2, 0, 0, 1]
    assert ed.starting_money == 70 and "from 50 to 70" in data["sources"]["starting_money"]
