"""The fast schema check (grinivil_cli/logfile/fastcheck.py: jsonschema-rs) says exactly what
jsonschema says.

A differential test: on every sample log, every illegal sample, a synthetic log using the parts
of the format the samples leave out (repeat actions, declined turns, bonuses, and the rule breaks
the schema reads: four trades, a D6 of 9...), the same with a header and a setup only the rules
refuse, and thousands of mutants of those (one value, key or list entry changed),
`fastcheck.is_valid` must agree with `Draft202012Validator(LOG_SCHEMA).is_valid`.
tools/fastcheck_campaign.py runs longer campaigns.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from grinivil_cli.logfile import fastcheck
from grinivil_cli.logfile.schema import LOG_SCHEMA
from grinivil_cli.logfile.yamlsafe import load_yaml_file

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "samples").glob("*.yaml"))
ILLEGAL = sorted((REPO / "samples" / "illegal").glob("*.yaml"))
VALIDATOR = Draft202012Validator(LOG_SCHEMA)
Loc = tuple[Any, ...]  # keys and list indexes from the root of a log

SYNTHETIC_TURNS: list[dict[str, Any]] = [
    {"player": "Anna", "tile": "build-road", "road": "R3",
     "road_bonus": {"explore": {"slot": "O2", "land_tile": "L05",
                                "municipal_tokens": {"O2.s1": "bank"}}, "repeat": True},
     "repeat": [{"tile": "buy-trees", "trees": 2},
                {"tile": "build-road", "road": "O4.road", "road_bonus": "declined",
                 "repeat": [{"tile": "convert", "declined": True}]}]},
    {"player": "Bruno", "tile": "build-floor", "site": "I3.s2", "building": "house",
     "cubes": ["wood", "wood", "steel"], "site_bonus": {"road": "R4"},
     "associated": {"connected_road": {"road": "R2", "road_bonus": {"repeat": True}}},
     "repeat": [{"tile": "sell-resources", "cubes": {"wood": 1}}]},
    {"player": "Anna", "tile": "build-floor-premium", "declined": True},
    {"player": "Anna", "tile": "build-floor-premium", "site": "C.s5", "site_bonus": "repeat",
     "associated": {"sell_house": {"resident": "paula", "features": {"church": "I1.s4"}}}},
    {"player": "Bruno", "tile": "new-resident", "take": "paula", "give": "r07"},
    {"player": "Anna", "tile": "sell-house", "house": "I3.s2", "resident": "r01",
     "features": {"bus-stop": "O1.s2"}, "final_sale": {"house": "C.s5", "resident": "r02"},
     "sudden_death": {"Anna": "stay", "Bruno": "start-tile"}, "note": "free text",
     "excess": {"Anna": ["wood"]}, "merchant": "steel", "buy_time": 2},
    {"player": "Bruno", "tile": "manager"},
    {"player": "Anna", "tile": "explore", "slot": "O3", "land_tile": "L09",
     "municipal_tokens": {"O3.s1": "school"}},
    {"player": "Bruno", "tile": "replanting",
     "moves": [{"from": "supply", "to": "I3.p1"}, {"from": "portfolio", "to": "I3.p2"},
               {"from": "I2.p1", "to": "I3.p3"}]},
    {"player": "Anna", "tile": "import", "roll": 4, "items": ["tree", "steel"]},
    {"player": "Anna", "tile": "optimization", "choice": "wood", "random": {"steel": 1}},
    {"player": "Bruno", "tile": "auction", "declined": True, "bids": {"Anna": 3}},
    {"player": "Bruno", "tile": "build-floor", "site": "I4.s2",
     "site_bonus": {"plant": ["I4.p1", "I4.p2"]},
     "associated": {"additional_floor": {"cubes": {"concrete": 2}}}},
    {"player": "Anna", "tile": "build-floor", "site": "I4.s3",
     "site_bonus": {"random": ["wood", "concrete"]}},
    {"player": "Anna", "tile": "build-floor", "site": "I4.s4", "site_bonus": {"choice": "steel"}},
    {"player": "Anna", "tile": "build-floor", "site": "I4.s5",
     "site_bonus": {"explore": {"slot": "O6", "land_tile": "L11"}}},
    {"player": "Anna", "tile": "forced-trade",
     "trades": [{"with": "Bruno", "give": "wood", "get": "steel"}], "accepted": {"Bruno": False}},
    {"player": "Bruno", "tile": "convert", "roll": 6, "money_to_vp": 2, "roll_first": False},
    {"player": "Anna", "tile": "plant-trees", "declined": False, "spots": ["I3.p1"]},
    {"player": "Bruno", "tile": "crowdfunding", "claims": {"Bruno": {"money": 3, "vp": 0}}},
]
# Rule breaks the schema reads (their rules judge them: tests/test_schema_vs_rules.py).
SYNTHETIC_TURNS += [
    {"player": "Anna", "tile": "forced-trade",
     "trades": [{"with": "Bruno", "give": "wood", "get": "steel"}] * 4},
    {"player": "Anna", "tile": "forced-trade", "trades": []},
    {"player": "Bruno", "tile": "import", "roll": 9, "items": ["tree", "tree", "wood", "steel"]},
    {"player": "Bruno", "tile": "replanting", "moves": []},
    {"player": "Anna", "tile": "convert", "vp_to_money": 0, "money_to_vp": 7, "roll": 2},
    {"player": "Anna", "tile": "new-resident", "take": "paula", "refill": "r30", "give": "r01"},
    {"player": "Bruno", "tile": "buy-trees", "trees": 0},
    {"player": "Bruno", "tile": "plant-trees", "spots": []},
    {"player": "Anna", "tile": "build-floor", "site": "I4.s2",
     "site_bonus": {"plant": ["I4.p1", "I4.p2", "I4.p3", "I4.p4"], "road": "R2"},
     "associated": {"additional_floor": {}, "connected_road": {"road": "R2"}}},
    {"player": "Anna", "tile": "crowdfunding", "roll": 0, "pledges": {"Anna": 29}},
]


def _load(path: Path) -> Any:
    """The data of a YAML log, read as the CLI reads it."""
    return load_yaml_file(path).data


def _synthetic() -> dict[str, Any]:
    """The first sample log with SYNTHETIC_TURNS as its turns."""
    log: dict[str, Any] = copy.deepcopy(_load(SAMPLES[0]))
    log["turns"] = copy.deepcopy(SYNTHETIC_TURNS)
    return log


def _synthetic_setup() -> dict[str, Any]:
    """The synthetic log with a header and a setup the rules refuse but the schema reads."""
    log = _synthetic()
    log["players"] = log["players"][:1]
    log["options"] = {"blocks": 5, "personalized_tar": [{"player": "Anna"}],
                      "promo_tiles": ["banker"]}
    setup = log["setup"]
    setup["ring"] = [*setup["ring"][:14], "buy-resources", setup["ring"][0]]
    setup["display"] = setup["display"][:4]
    setup["inner_tiles"] = setup["inner_tiles"][:1] * 3
    setup["conversion_rate"] = 12
    return log


CORPUS: list[Any] = [_load(p) for p in SAMPLES + ILLEGAL] + [_synthetic(), _synthetic_setup()]


def _walk(value: Any, loc: Loc = ()) -> Iterator[tuple[Loc, Any]]:
    """Every value in `value` with its location, the root first."""
    yield loc, value
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _walk(sub, (*loc, key))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from _walk(sub, (*loc, index))


def _schema_words(node: Any, words: set[str]) -> set[str]:
    """Every string written in the schema: consts, enum values, examples, property names."""
    if isinstance(node, str):
        words.add(node)
    elif isinstance(node, list):
        for item in node:
            _schema_words(item, words)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in ("description", "title", "pattern", "$ref", "$id", "$schema"):
                words.add(key)
                _schema_words(value, words)
    return words


def _turn_keys() -> list[str]:
    """Every key a turn or repeat action of the corpus has."""
    return sorted({key for log in CORPUS for _, value in _walk(log)
                   if isinstance(value, dict) and "tile" in value for key in value})


def _seen_values() -> dict[str, list[Any]]:
    """For each key in the corpus, the values it has (for realistic added or swapped keys)."""
    seen: dict[str, list[Any]] = {}
    for log in CORPUS:
        for loc, value in _walk(log):
            if loc and isinstance(loc[-1], str):
                seen.setdefault(loc[-1], []).append(value)
    return seen


WORDS = sorted(_schema_words(LOG_SCHEMA, set()) | {"Anna", "Bruno", "Clara", "Zoe"})
SEEN = _seen_values()
KEYS = sorted(SEEN)
TURN_KEYS = _turn_keys()
TILES: list[str] = LOG_SCHEMA["$defs"]["tile"]["enum"]
TILE_FIELDS: dict[str, list[str]] = {  # the fields of each tile's `then` branch
    branch["if"]["properties"]["tile"]["const"]: sorted(branch["then"]["properties"])
    for branch in LOG_SCHEMA["$defs"]["action"]["allOf"]
}
SCALARS: list[Any] = [None, True, False, 0, 1, -1, 1.0, 0.0, 3.0, 0.5, 2, 5, 6, 8, 9, 40, -5,
                      2**64, 1e300, math.nan, math.inf, -math.inf, "", " ", "x", "1", "true",
                      "declined", "supply", "R3", "C.s5", "I3.p1", "L03", "wood", "Anna"]
SHAPES: list[Any] = [[], [1], ["wood"], ["wood", "wood"], {}, {"wood": 1}, {"": None},
                     {"declined": True}, {"repeat": True}, [{"tile": "subsidy"}]]


def _kind(value: Any) -> str:
    """The JSON type of a value (bool apart from numbers)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def _near_strings(text: str) -> list[str]:
    """Strings a typo away from `text`, and a few that probe `pattern` and length bounds."""
    return [text + "x", text[:-1], text.upper(), text.capitalize(), " " + text, text + "\n",
            text + "\u00e9", text.replace("-", "_"), text.replace(".", ""), text * 2,
            "x" * 40, "x" * 41, text[:1], text + ".road", "O9" + text[2:], "I" + text[1:]]


def _near_numbers(number: Any) -> list[Any]:
    """Numbers next to `number`, the same number in other types, and extremes."""
    return [number + 1, number - 1, -number, 0, -1, float(number), number + 0.5, 2**63,
            True, False, 1, 1.0, 0.0, str(number), math.nan, math.inf]


def _retyped(value: Any, rng: random.Random) -> Any:
    """Another JSON value of another type."""
    others = [v for v in SCALARS + SHAPES if _kind(v) != _kind(value)]
    return copy.deepcopy(rng.choice(others))


def _borrowed(key: Any, rng: random.Random) -> Any:
    """A value some log has for `key` (any key's, when none has it)."""
    pool = SEEN.get(key) if isinstance(key, str) else None
    return copy.deepcopy(rng.choice(pool or SEEN[rng.choice(KEYS)]))


def _nudged(value: Any, rng: random.Random) -> Any:
    """A near miss of a scalar: a typo, a neighbouring number, true for 1 and so on."""
    if isinstance(value, str):
        return rng.choice(_near_strings(value) if rng.random() < 0.7 else WORDS)
    if isinstance(value, bool):
        return rng.choice([not value, int(value), float(value), str(value).lower(), None])
    if isinstance(value, int | float) and math.isfinite(value):
        return rng.choice(_near_numbers(value))
    return _retyped(value, rng)


def _edit_mapping(mapping: dict[Any, Any], rng: random.Random) -> str:
    """Delete, add or rename one key of `mapping`; say what was done."""
    op = rng.choice(["delete", "add", "add", "rename"] if mapping else ["add"])
    key = rng.choice(list(mapping)) if mapping else None
    if op == "delete":
        del mapping[key]
        return f"delete {key!r}"
    if op == "rename":
        new = rng.choice(_near_strings(str(key)) + KEYS)
        mapping[new] = mapping.pop(key)
        return f"rename {key!r} to {new!r}"
    new = rng.choice(KEYS + WORDS)
    mapping[new] = _borrowed(new, rng) if rng.random() < 0.7 else _retyped(None, rng)
    return f"add {new!r}: {mapping[new]!r}"


def _edit_list(items: list[Any], rng: random.Random) -> str:
    """Duplicate, delete, append or empty: one change to a list; say what was done."""
    op = rng.choice(["duplicate", "delete", "append", "clear"] if items else ["append"])
    at = rng.randrange(len(items)) if items else 0
    if op == "duplicate":
        items.insert(rng.randrange(len(items) + 1), copy.deepcopy(items[at]))
    elif op == "delete":
        del items[at]
    elif op == "append":
        items.append(copy.deepcopy(rng.choice(items)) if items and rng.random() < 0.5
                     else _retyped(None, rng))
    else:
        items.clear()
    return op


def _replacement(loc: Loc, value: Any, rng: random.Random) -> Any:
    """A new value for the one at `loc`."""
    how: Callable[[], Any] = rng.choice([
        lambda: _retyped(value, rng),
        lambda: _nudged(value, rng),
        lambda: _borrowed(loc[-1], rng),
        lambda: rng.choice(WORDS),
    ])
    return how()


def _at(log: Any, loc: Loc) -> Any:
    """The value at `loc`."""
    for step in loc:
        log = log[step]
    return log


def _edit_turn(turn: dict[str, Any], rng: random.Random) -> str:
    """Another tile, a field of its tile or of any turn, or a declined flag: one turn change."""
    op = rng.choice(["tile", "own field", "any field", "declined"])
    if op == "tile":
        turn["tile"] = rng.choice(TILES)
        return f"tile {turn['tile']!r}"
    if op == "declined":
        turn["declined"] = rng.choice([True, False, 1, "true"])
        return f"declined {turn['declined']!r}"
    tile = turn.get("tile")
    own = TILE_FIELDS.get(tile, []) if isinstance(tile, str) else []
    key = rng.choice(own if op == "own field" and own else TURN_KEYS)
    turn[key] = _borrowed(key, rng)
    return f"add {key!r}: {turn[key]!r}"


def mutate_once(log: Any, rng: random.Random) -> str:
    """Change one place of `log` in place (its root stays a mapping); say what was changed."""
    places = list(_walk(log))
    turns = [(loc, v) for loc, v in places if isinstance(v, dict) and "tile" in v]
    if turns and rng.random() < 0.3:
        loc, turn = rng.choice(turns)
        return f"at {list(loc)}: {_edit_turn(turn, rng)}"
    loc, value = rng.choice(places)
    if isinstance(value, dict | list) and (not loc or rng.random() < 0.5):
        edit = _edit_mapping(value, rng) if isinstance(value, dict) else _edit_list(value, rng)
        return f"at {list(loc)}: {edit}"
    new = _replacement(loc, value, rng)
    _at(log, loc[:-1])[loc[-1]] = new
    return f"at {list(loc)}: {value!r} -> {new!r}"


def make_mutant(log: Any, rng: random.Random, places: int = 1, turns: int = 4) -> tuple[Any, str]:
    """A copy of `log` cut to at most `turns` consecutive turns, changed in `places` places."""
    kept = dict(log)
    start = rng.randrange(max(1, len(log["turns"]) - turns + 1))
    kept["turns"] = log["turns"][start:start + rng.randint(0, turns)]
    mutant = copy.deepcopy(kept)
    changes = [mutate_once(mutant, rng) for _ in range(places)]
    return mutant, f"turns from {start}; " + "; ".join(changes)


def agree(data: Any) -> bool:
    """Whether the fast check's answer stands: valid only where jsonschema says valid (a log
    the fast check calls invalid is checked by jsonschema, which has the last word: where
    jsonschema-rs is stricter than Python's jsonschema, the log is only read more slowly).
    The known cases of that: Python's `$` also matches before a final newline ('I01\n' is an
    `I01` to jsonschema), and NaN passes jsonschema's `minimum`/`maximum` (every comparison
    with it is false)."""
    return VALIDATOR.is_valid(data) or not fastcheck.is_valid(data)


def _show(data: Any) -> str:
    """A mutant, short enough for an assertion message."""
    text = json.dumps(data, default=repr)
    return text if len(text) < 3000 else text[:3000] + "..."


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_logs_are_valid_for_both(path: Path) -> None:
    data = _load(path)
    assert VALIDATOR.is_valid(data)
    assert fastcheck.is_valid(data)


@pytest.mark.parametrize("path", ILLEGAL, ids=[p.stem for p in ILLEGAL])
def test_illegal_samples_get_the_same_answer(path: Path) -> None:
    data = _load(path)
    assert fastcheck.is_valid(data) == VALIDATOR.is_valid(data)


@pytest.mark.parametrize("make", [_synthetic, _synthetic_setup])
def test_the_synthetic_logs_are_valid_for_both(make: Callable[[], dict[str, Any]]) -> None:
    data = make()
    assert VALIDATOR.is_valid(data), [e.message for e in VALIDATOR.iter_errors(data)]
    assert fastcheck.is_valid(data)


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, len(CORPUS) - 1))
def test_mutants_get_the_same_answer(rng: random.Random, index: int) -> None:
    mutant, what = make_mutant(CORPUS[index], rng)
    assert agree(mutant), f"{what}\nfast={fastcheck.is_valid(mutant)}\n{_show(mutant)}"
    text = json.dumps(mutant)
    if "\\n" not in text and "NaN" not in text:  # a newline in a text, or NaN: the known
        # cases apart (`agree`), the two give the same answer
        assert fastcheck.is_valid(mutant) == VALIDATOR.is_valid(mutant), what


SEMANTICS: list[tuple[dict[str, Any], list[Any]]] = [
    ({"type": "integer"}, [1, 3.0, 3.5, True, False, "1", None, math.nan, math.inf, 2**70]),
    ({"type": "number", "minimum": 0, "maximum": 5},
     [0, 5, 5.0, -0.0, 5.5, True, math.nan, math.inf, "3"]),
    ({"enum": ["a", 1, [1], {"x": 1}]}, [1, 1.0, True, [True], [1.0], {"x": True}, "a"]),
    ({"const": True}, [True, 1, 1.0, "true"]),
    ({"const": 1}, [True, 1, 1.0]),
    ({"pattern": "^R[0-7]$"}, ["R3", "R3\n", "xR3", "R8", 3]),
    ({"uniqueItems": True},
     [[1, True], [1, 1.0], [0, False], [[1], [True]], [{"a": 1}, {"a": 1.0}], [1, "1"],
      [math.nan, 1, 1], ["a", "b", "a"], [None, None]]),
    ({"minLength": 1, "maxLength": 2}, ["", "é", "ab", "abc", 12]),
    ({"type": "object", "properties": {"a": {}}, "unevaluatedProperties": False,
      "allOf": [{"properties": {"b": {}}}],
      "anyOf": [{"properties": {"c": {"const": 1}}}, {"properties": {"d": {}}}],
      "if": {"properties": {"e": {"const": 1}}, "required": ["e"]},
      "then": {"properties": {"f": {}}}, "else": {"properties": {"g": {}}}},
     [{"a": 1, "b": 2}, {"c": 1}, {"c": 2}, {"c": 2, "d": 1}, {"e": 1, "f": 1},
      {"e": 1, "g": 1}, {"e": 2, "g": 1}, {"e": 2, "f": 1}, {"x": 1}]),
    ({"$defs": {"t": {"properties": {"a": {}}}}, "$ref": "#/$defs/t",
      "unevaluatedProperties": {"type": "integer"}},
     [{"a": "x"}, {"b": 1}, {"b": "x"}, {"b": 1.0}]),
    ({"allOf": [{"if": {"properties": {"k": {"const": "p"}}, "required": ["k"]},
                 "then": {"required": ["p"]}},
                {"if": {"properties": {"k": {"const": "q"}}, "required": ["k"]},
                 "then": {"properties": {"q": {"type": "string"}}}}],
      "unevaluatedProperties": False},
     [{"k": "p", "p": 1}, {"k": "p"}, {"k": "q", "q": "x"}, {"k": "q", "q": 1}, {"k": "r"},
      {"k": 1}, {"k": "q", "p": 1}, {"k": ["p"]}, {}, "text", 1, None, [1]]),
]


SEMANTICS += [
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]},
      "not": {"required": ["b", "c"]}},
     [{"a": 1, "b": 1}, {"a": 1}, {"c": 1}, {}, {"a": 1, "b": 1, "c": 1}, {"b": 1, "c": 1}, 3]),
    ({**SEMANTICS[-1][0], "unevaluatedProperties": True}, SEMANTICS[-1][1]),
    ({"allOf": SEMANTICS[-1][0]["allOf"]}, SEMANTICS[-1][1]),
]


@pytest.mark.parametrize(("schema", "instances"), SEMANTICS)
def test_jsonschema_semantics_are_kept(schema: dict[str, Any], instances: list[Any]) -> None:
    """jsonschema-rs answers as jsonschema where the two could part: bool is not an integer,
    3.0 is; enum and const tell 1 from true; `pattern` searches; `unevaluatedProperties`
    sees what every subschema that passed evaluated."""
    check = fastcheck.compile_schema(schema)
    validator = Draft202012Validator(schema)
    for instance in instances:
        if isinstance(instance, float) and math.isnan(instance) or instance == "R3\n":
            assert validator.is_valid(instance) or not check(instance)  # `agree`
            continue
        assert check(instance) == validator.is_valid(instance), repr(instance)
