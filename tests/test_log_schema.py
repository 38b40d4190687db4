"""The log schema and its check: every error becomes a problem a person can act on."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path as FilePath
from typing import Any

from jsonschema import Draft202012Validator

from grinivil_cli.errors import Path, Position, Problem
from grinivil_cli.logfile.loaded import Loaded
from grinivil_cli.logfile.schema import LOG_SCHEMA, check_log

REPO = FilePath(__file__).resolve().parent.parent

RING = ["auction", "sell-resources", "buy-warehouse", "explore-build-road", "buy-trees",
        "plant-trees", "new-resident", "sell-house", "convert", "import", "optimization",
        "replanting", "subsidy", "forced-trade", "architect", "engineer"]

VALID: dict[str, Any] = {
    "format": "grinivil-log/1",
    "edition": "standard",
    "title": "Club night 2026-11-20",
    "players": [{"name": "Anna", "colour": "brown"}, {"name": "Bruno", "colour": "grey"}],
    "setup": {
        "money": 20,
        "inner_tiles": ["L03", "L07"],
        "municipal_tokens": {"C.s6": "bank"},
        "market": {"concrete": 5, "wood": 4, "steel": 3},
        "display": ["paula", "r07", "r12", "r03", "r21"],
        "residents": {"Anna": ["r01", "r02"], "Bruno": ["r05", "r09"]},
        "ring": RING,
        "conversion_rate": 6,
    },
    "turns": [
        {"player": "Anna", "tile": "buy-resources", "cubes": {"concrete": 2}, "buy_time": 1,
         "refills": [["wood", "steel", "concrete", "wood"]], "claims": {"Anna": {"money": 12}}},
        {"player": "Bruno", "tile": "build-floor", "site": "I3.s2", "building": "house",
         "cubes": ["wood", "wood", "concrete"], "site_bonus": "repeat",
         "associated": {"connected_road": {"road": "R3", "road_bonus": {"repeat": True}}},
         "repeat": [{"tile": "buy-trees", "trees": 2}]},
        {"player": "Anna", "tile": "explore", "slot": "I5", "land_tile": "L09",
         "municipal_tokens": {"I5.s1": "church"}, "note": "a lucky draw"},
        {"player": "Bruno", "tile": "auction", "declined": True},
    ],
    "final_scores": {"Anna": 87, "Bruno": 75},
    "winner": "Anna",
}


def loaded(data: Any) -> Loaded:
    """A Loaded whose every entry sits on its own line, in document order, as a YAML file would."""
    result = Loaded("game.yaml", data, positions={(): (1, 1)})
    lines = itertools.count(1)

    def walk(node: Any, path: Path, col: int) -> None:
        if not isinstance(node, dict | list):
            return
        for key, value in node.items() if isinstance(node, dict) else enumerate(node):
            child, line = (*path, key), next(lines)
            if isinstance(node, dict):
                result.key_positions[child] = (line, col)
                result.positions[child] = (line, col + len(str(key)) + 2)
            else:
                result.positions[child] = (line, col + 2)
            walk(value, child, col + 2)

    walk(data, (), 1)
    return result


def log(**changes: Any) -> dict[str, Any]:
    """The valid log with some top-level entries replaced."""
    data = copy.deepcopy(VALID)
    data.update(changes)
    return data


def with_turn(turn: dict[str, Any]) -> dict[str, Any]:
    """The valid log with one more turn at the end."""
    data = log()
    data["turns"].append(turn)
    return data


def messages(data: Any) -> list[str]:
    """The messages of the problems found in `data`."""
    return [p.message for p in check_log(loaded(data))]


def test_valid_log_has_no_problems() -> None:
    assert check_log(loaded(VALID)) == []


def test_schema_is_valid_draft_2020_12() -> None:
    Draft202012Validator.check_schema(LOG_SCHEMA)
    assert LOG_SCHEMA["$id"] == "https://grinivil.example/schemas/game-log.schema.json"
    assert LOG_SCHEMA["title"]


def test_top_level_symlink_is_the_package_schema() -> None:
    link = REPO / "schemas" / "game-log.schema.json"
    assert link.is_symlink()
    assert link.resolve() == REPO / "grinivil_cli" / "schemas" / "game-log.schema.json"


def _undescribed(node: Any, where: str) -> list[str]:
    """The places in a schema where a property (or a map's value) has no description."""
    found: list[str] = []
    if isinstance(node, list):
        for i, item in enumerate(node):
            found += _undescribed(item, f"{where}/{i}")
    elif isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            if "description" not in sub:
                found.append(f"{where}/properties/{name}")
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and "description" not in extra:
            found.append(f"{where}/additionalProperties")
        for key, value in node.items():
            found += _undescribed(value, f"{where}/{key}")
    return found


def test_every_property_has_a_description() -> None:
    assert _undescribed(LOG_SCHEMA, "#") == []


def test_unknown_key_points_at_the_key_with_did_you_mean() -> None:
    data = with_turn({"player": "Anna", "tile": "buy-resources", "cubse": {"wood": 1}})
    source = loaded(data)
    source.key_positions[("turns", 4, "cubse")] = (40, 5)
    source.positions[("turns", 4, "cubse")] = (40, 12)
    problems = check_log(source)
    assert [str(p) for p in problems] == [
        "game.yaml:40:5: unknown key 'cubse' in a 'buy-resources' turn; did you mean 'cubes'?",
    ]
    assert problems[0].path == ("turns", 4, "cubse")


def test_misspelt_tile_with_did_you_mean() -> None:
    data = with_turn({"player": "Anna", "tile": "by-resources", "cubes": {"wood": 1}})
    problems = check_log(loaded(data))
    assert [p.message for p in problems] == [
        "'by-resources' is not a tile; did you mean 'buy-resources'?",
    ]
    assert problems[0].path == ("turns", 4, "tile")


def test_wrong_type_message() -> None:
    data = with_turn({"player": "Anna", "tile": "subsidy", "buy_time": "twelve"})
    assert messages(data) == ["expected a whole number, found text 'twelve'"]


def test_field_of_another_tile_is_unknown_for_this_tile() -> None:
    data = with_turn({"player": "Anna", "tile": "build-road", "road": "R4", "trees": 2})
    assert messages(data) == [
        "unknown key 'trees' in a 'build-road' turn ('trees' belongs to a 'buy-trees' turn)",
    ]


def test_missing_required() -> None:
    assert messages(with_turn({"player": "Anna"})) == ["a turn needs 'tile'"]
    # An action's own fields are the engine's to require, with the rule's id: in the last
    # round a tile chosen to finish the game is written without them (R-END-02).
    assert messages(with_turn({"player": "Anna", "tile": "build-road"})) == []
    data = log()
    del data["setup"]
    assert messages(data) == ["the log needs 'setup'"]


def test_declined_action_needs_no_fields() -> None:
    assert messages(with_turn({"player": "Anna", "tile": "build-road", "declined": True})) == []


def test_misspelt_required_key_is_reported_once() -> None:
    assert messages(with_turn({"player": "Anna", "til": "subsidy"})) == [
        "unknown key 'til' in a turn; did you mean 'tile'?",
    ]


def test_several_problems_at_once_in_file_order() -> None:
    data = {"titel": "x", **log()}
    data["setup"]["conversion_rate"] = "six"
    data["turns"][0]["tile"] = "by-resources"
    data["turns"][2]["slot"] = "I9"
    problems = check_log(loaded(data))
    assert [p.message for p in problems] == [
        "unknown key 'titel' in the log; did you mean 'title'?",
        "expected a whole number, found text 'six'",
        "'by-resources' is not a tile; did you mean 'buy-resources'?",
        "'I9' is not a slot (written like 'I3', 'O5' or 'C')",
    ]
    lines = [p.position.line for p in problems if isinstance(p.position, Position)]
    assert lines == sorted(lines) and len(lines) == 4


def test_cube_counts_and_lists_both_accepted() -> None:
    for cubes in (["wood", "wood", "steel"], {"wood": 2, "steel": 1}, [], {}):
        data = with_turn({"player": "Anna", "tile": "sell-resources", "cubes": cubes})
        assert messages(data) == [], cubes


def test_bad_cubes_in_either_form() -> None:
    turn: dict[str, Any] = {"player": "Anna", "tile": "sell-resources", "cubes": ["wood", "stone"]}
    assert messages(with_turn(turn)) == ["'stone' is not a cube; did you mean 'steel'?"]
    turn["cubes"] = {"wood": -1, "stone": 2}
    assert messages(with_turn(turn)) == [
        "expected 0 or more, found -1",
        "unknown key 'stone' in 'cubes'; did you mean 'steel'?",
    ]
    turn["cubes"] = "wood"
    assert messages(with_turn(turn)) == ["expected a list or a mapping, found text 'wood'"]


def test_failed_branch_reports_the_inner_error_only() -> None:
    data = with_turn({"player": "Anna", "tile": "build-floor", "site": "I3-s2"})
    assert messages(data) == [
        "'I3-s2' is not a building site (written like 'I3.s2' or 'C.s5')",
    ]


def test_alternatives_are_explained() -> None:
    turn: dict[str, Any] = {"player": "Anna", "tile": "build-floor", "site": "I3.s2",
                            "site_bonus": "declinde"}
    assert messages(with_turn(turn)) == [
        "expected 'repeat', 'declined' or a mapping, found text 'declinde'; "
        "did you mean 'declined'?",
    ]
    turn = {"player": "Anna", "tile": "new-resident", "take": "paula"}
    assert messages(with_turn(turn)) == []  # the pile may be empty: the engine decides
    turn.update(refill="r30", give="r01")
    assert messages(with_turn(turn)) == []  # option 1 or option 2 is the rules' (R-A11-02)


def test_bad_mapping_key_points_at_the_key() -> None:
    data = log()
    data["setup"]["municipal_tokens"] = {"C-s6": "bank"}
    problems = check_log(loaded(data))
    assert [p.message for p in problems] == [
        "'C-s6' is not a building site (written like 'I3.s2' or 'C.s5')",
    ]
    key_path = ("setup", "municipal_tokens", "C-s6")
    assert problems[0].path == key_path
    position = loaded(data).key_positions[key_path]
    assert problems[0].position == Position("game.yaml", *position)


def test_repeat_action_is_a_turn_without_player() -> None:
    data = log()
    data["turns"][1]["repeat"] = [{"player": "Bruno", "tile": "buy-trees", "trees": -1}]
    assert messages(data) == [
        "unknown key 'player' in a 'buy-trees' repeat action",
        "expected 0 or more, found -1",
    ]


def test_duplicates_in_plain_words() -> None:
    data = log(options={"promo_tiles": ["follower", "manager", "follower"]})
    assert messages(data) == ["'follower' appears more than once in 'promo_tiles'"]


def test_the_numbers_of_the_rules_are_not_format_problems() -> None:
    """The schema reads; the rules count. One player, a ring with a tile twice, 3 Inner tiles,
    4 Display cards, a rate of 9, 4 trades, a D6 of 7, 7 Trees bought, 0 Trees bought are
    readable (R-GEN-01, R-SETUP-21, R-SETUP-01, R-SETUP-08, R-VP-01, R-A18-01, R-A14-01,
    R-A09-01 judge them: tests/test_schema_vs_rules.py)."""
    data = log(players=[{"name": "Anna", "colour": "brown"}])
    data["setup"].update(ring=[*RING[:-1], "auction"], inner_tiles=["L01", "L02", "L03"],
                         display=["paula", "r07", "r12", "r03"], conversion_rate=9)
    trade = {"with": "Bruno", "give": "wood", "get": "steel"}
    data["turns"] += [{"player": "Anna", "tile": "forced-trade", "trades": [trade] * 4},
                      {"player": "Anna", "tile": "import", "roll": 7, "items": []},
                      {"player": "Anna", "tile": "buy-trees", "trees": 7},
                      {"player": "Anna", "tile": "buy-trees", "trees": 0}]
    assert messages(data) == []


def test_no_duplicate_reports() -> None:
    data = with_turn({"player": "Anna", "tile": "buy-trees", "trees": -1, "monye": 1})
    problems = check_log(loaded(data))
    assert len({(p.path, p.message) for p in problems}) == len(problems) == 2


def test_problems_without_positions_still_reported() -> None:
    source = Loaded("game.yaml", {"format": "grinivil-log/1"})
    found: list[Problem] = check_log(source)
    assert [p.message for p in found] == [
        "the log needs 'players'",
        "the log needs 'setup'",
        "the log needs 'turns'",
    ]
    assert all(p.position is None for p in found)


def test_a_turn_that_is_not_a_mapping_is_one_problem() -> None:
    """Only the wrong type is reported (the 'not both' rules of #11 and #13 hold for mappings
    only: they used to add two false problems)."""
    for value, found in (("subsidy", "text 'subsidy'"), (5, "the number 5"), (None, "nothing")):
        data = log()
        data["turns"].append(value)
        assert messages(data) == [f"expected a mapping, found {found}"], value


def test_an_empty_associated_names_the_actions() -> None:
    data = with_turn({"player": "Anna", "tile": "build-floor", "site": "I0.s1",
                      "associated": {}})
    assert messages(data) == ["'associated' needs one of 'additional_floor', 'connected_road' "
                              "or 'sell_house'"]


def test_a_title_longer_than_200_characters_is_refused() -> None:
    """The title heads every snapshot: a 1 MB title made a 340 MB viewer page."""
    assert messages(log(title="T" * 200)) == []
    assert messages(log(title="T" * 201)) == [
        f"expected text of at most 200 characters, found 201 ('{'T' * 37}...')"]


def test_a_misspelt_tile_name_is_unreadable_but_an_initial_tile_is_a_name() -> None:
    """The ring, the Personalized TAR picks and the promo tiles name action tiles of the box: a
    misspelt one is a format problem with a did-you-mean; an Initial, a non-pink or a non-promo
    tile is a name, judged by the rules (R-SETUP-21, R-VAR-PERS-01, R-SETUP-19)."""
    data = log()
    data["setup"]["ring"] = [*RING[:-1], "auctoin"]
    assert messages(data) == ["'auctoin' is not an action tile; did you mean 'auction'?"]
    data["setup"]["ring"] = [*RING[:-1], "buy-resources"]
    data["options"] = {"personalized_tar": [{"player": "Anna", "include": "build-floor"}]}
    assert messages(data) == []
    data["options"] = {"promo_tiles": ["banker"]}  # a tile, not a promo tile (R-SETUP-19)
    assert messages(data) == []
    data["options"] = {"promo_tiles": ["folower"]}
    assert messages(data) == ["'folower' is not an action tile; did you mean 'follower'?"]
