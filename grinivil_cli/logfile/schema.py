"""The JSON Schema of the log format, and its check with every error written for people."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ..errors import Path, Problem
from . import fastcheck
from .loaded import Loaded
from .schemadata import LOG_SCHEMA
from .suggest import did_you_mean, hint

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

Schema = Mapping[str, Any]


@cache
def _validator() -> Draft202012Validator:
    """jsonschema's validator of the log schema, made (and jsonschema imported) only when the
    fast check finds a problem to explain: most runs never need it (start-up time)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(LOG_SCHEMA)


_TILES: frozenset[str] = frozenset(LOG_SCHEMA["$defs"]["tile"]["enum"])
_ACTION_FIELDS: dict[str, frozenset[str]] = {
    branch["if"]["properties"]["tile"]["const"]: frozenset(branch["then"]["properties"])
    for branch in LOG_SCHEMA["$defs"]["action"]["allOf"]
}
_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text",
               "boolean": "true or false", "array": "a list", "object": "a mapping",
               "null": "nothing"}
_SHAPE_KEYWORDS = frozenset({"type", "const", "enum", "pattern"})


def _resolve(schema: Schema) -> Schema:
    """Follow a local `$ref` (this schema has no other kind)."""
    ref = schema.get("$ref")
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return schema
    node: Any = LOG_SCHEMA
    for part in ref[2:].split("/"):
        node = node[part]
    return _resolve(node) if isinstance(node, Mapping) else {}


def _scan(node: Any, names: set[str], keyed: set[str]) -> None:
    """Collect every property name in a schema, and those of mappings with free keys."""
    if isinstance(node, list):
        for item in node:
            _scan(item, names, keyed)
    elif isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            names.add(name)
            if "propertyNames" in _resolve(sub):
                keyed.add(name)
        for value in node.values():
            _scan(value, names, keyed)


_ALL_KEYS: set[str] = set()
_KEYED: set[str] = set()  # mappings keyed by names: players, sites, buildings
_scan(LOG_SCHEMA, _ALL_KEYS, _KEYED)


MAX_PROBLEMS = 200  # explaining an error costs milliseconds: a log of 20,000 empty turns
# would take a minute, and one of a million an hour (issue 11)


def check_log(loaded: Loaded) -> list[Problem]:
    """Every way the log departs from the schema, one problem each, in file order; at most
    MAX_PROBLEMS of them, then one saying that checking stopped there."""
    if fastcheck.is_valid(loaded.data):
        return []
    found: dict[tuple[Path, str], Problem] = {}
    for error in _validator().iter_errors(loaded.data):
        for problem in _explain(error, loaded):
            found.setdefault((problem.path, problem.message), problem)
        if len(found) >= MAX_PROBLEMS:
            stop = Problem(f"more than {MAX_PROBLEMS} problems: checking stopped here; fix "
                           "these and check again")
            return [*sorted(found.values(), key=_file_order)[:MAX_PROBLEMS], stop]
    return sorted(found.values(), key=_file_order)


def _file_order(problem: Problem) -> tuple[int, int, int]:
    """Sort key: problems with a position first, by line and column."""
    where = problem.position
    return (0, where.line, where.col) if where else (1, 0, 0)


def _problem(loaded: Loaded, path: Path, message: str, *, key: bool = False) -> Problem:
    """A problem pointing at the value at `path` (or at its key)."""
    return Problem(message, loaded.position(path, key=key), path)


def _explain(error: ValidationError, loaded: Loaded) -> Iterator[Problem]:
    """The problems one jsonschema error stands for (none when it is redundant)."""
    path: Path = tuple(error.absolute_path)
    keyword = error.validator if isinstance(error.validator, str) else ""
    if keyword in ("additionalProperties", "unevaluatedProperties"):
        yield from _unknown_keys(error, loaded, path)
    elif keyword in ("anyOf", "oneOf"):
        yield from _alternatives(error, loaded, path)
    elif keyword == "required":
        yield from _missing(error, loaded, path)
    elif _names_a_key(error, loaded.data, path):
        key_path = (*path, str(error.instance))
        yield _problem(loaded, key_path, _message(error, keyword, path), key=True)
    else:
        yield _problem(loaded, path, _message(error, keyword, path))


def _at(data: Any, path: Path) -> Any:
    """The value at `path` in `data`, or None."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _known_tile(node: Any) -> str | None:
    """The tile of a turn when it is a known tile key."""
    tile = node.get("tile") if isinstance(node, dict) else None
    return tile if isinstance(tile, str) and tile in _TILES else None


def _names_a_key(error: ValidationError, data: Any, path: Path) -> bool:
    """Whether the error is about a mapping's key (propertyNames), not a value."""
    node = _at(data, path)
    return isinstance(node, dict) and isinstance(error.instance, str) and error.instance in node


def _schema(error: ValidationError) -> Schema:
    """The subschema the error comes from."""
    return error.schema if isinstance(error.schema, Mapping) else {}



def _a(title: str) -> str:
    """'a tile', 'an import item', "an 'auction' turn"."""
    return f"an {title}" if title.lstrip("'")[:1] in tuple("aeiou") else f"a {title}"


def _either(words: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return " or ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} or {words[-1]}"


def _quoted(words: Iterable[Any]) -> list[str]:
    """Each word in quotes."""
    return [_show(w) for w in words]


def _found(value: Any) -> str:
    """A value as a person would describe it: text 'x', the number 3, a list."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f"text '{_short(value)}'"
    if isinstance(value, int | float):
        return f"the number {value}"
    return "a list" if isinstance(value, list) else "a mapping"


def _short(text: str) -> str:
    """Text cut to a readable length."""
    return text if len(text) <= 40 else text[:37] + "..."


def _show(value: Any) -> str:
    """A schema value quoted for a message."""
    return f"'{value}'" if isinstance(value, str) else json.dumps(value)


def _where(path: Path) -> str:
    """The name of the list or mapping at `path`: 'ring', an entry of 'refills'."""
    names = [step for step in path if isinstance(step, str)]
    if not names:
        return "the log"
    if len(path) >= 2 and path[-2] in _KEYED:
        return f"'{path[-2]}' for '{path[-1]}'"
    return f"'{names[-1]}'" if isinstance(path[-1], str) else f"an entry of '{names[-1]}'"


def _noun(path: Path, data: Any) -> str:
    """What the mapping at `path` is: the log, a 'build-road' turn, a player, 'associated'."""
    if not path:
        return "the log"
    if path == ("setup",):
        return "the setup"
    if len(path) == 2 and path[0] == "players":
        return "a player"
    if len(path) >= 2 and isinstance(path[-1], int) and path[-2] in ("turns", "repeat"):
        kind = "turn" if path[-2] == "turns" else "repeat action"
        tile = _known_tile(_at(data, path))
        return _a(f"'{tile}' {kind}") if tile else f"a {kind}"
    return _where(path)


def _amount(lo: Any, hi: Any, unit: str, units: str) -> str:
    """'exactly 5 entries', '2 to 6 entries', 'at least 1 entry', 'at most 3 entries'."""
    if lo is not None and hi is not None and lo != hi:
        return f"{lo} to {hi} {units}"
    n = lo if lo is not None else hi
    word = unit if n == 1 else units
    if lo is not None and hi is not None:
        return f"exactly {n} {word}"
    return f"at least {n} {word}" if lo is not None else f"at most {n} {word}"



def _message(error: ValidationError, keyword: str, path: Path) -> str:
    """The plain-words message for an error about a single value."""
    value: Any = error.instance
    rule: Any = error.validator_value
    schema = _schema(error)
    if keyword == "type":
        return f"expected {_type_words(rule)}, found {_found(value)}"
    if keyword == "enum":
        return _enum_message(value, list(rule), schema.get("title"))
    if keyword == "const":
        return f"expected {_show(rule)}, found {_found(value)}"
    if keyword in ("minimum", "maximum"):
        return _bounds_message(value, schema)
    if keyword == "pattern":
        return _pattern_message(value, schema)
    if keyword in ("minLength", "maxLength"):
        lo, hi = schema.get("minLength"), schema.get("maxLength")
        wanted = _amount(lo, hi, "character", "characters")
        found = f"{len(value)} ('{_short(value)}')" if value else "empty text"
        return f"expected text of {wanted}, found {found}"
    if keyword in ("minItems", "maxItems"):
        wanted = _amount(schema.get("minItems"), schema.get("maxItems"), "entry", "entries")
        return f"expected {wanted} in {_where(path)}, found {len(value)}"
    if keyword in ("minProperties", "maxProperties"):
        return _size_message(value, schema, path)
    if keyword == "uniqueItems":
        return _duplicates_message(value, path)
    return error.message


def _type_words(expected: Any) -> str:
    """'a whole number', 'text or a mapping'."""
    names = [expected] if isinstance(expected, str) else list(expected)
    return " or ".join(_TYPE_WORDS.get(name, name) for name in names)


def _enum_message(value: Any, options: list[Any], title: str | None) -> str:
    """Like: 'by-resources' is not a tile; did you mean 'buy-resources'?"""
    what = _a(title) if title else "one of the allowed values"
    if isinstance(value, str):
        suggestion = hint(value, [o for o in options if isinstance(o, str)])
        text = f"'{_short(value)}' is not {what}{suggestion}"
    else:
        suggestion = ""
        text = f"expected {what}, found {_found(value)}"
    if not suggestion and len(options) <= 8:
        text += f" (expected {_either(_quoted(options))})"
    return text


def _bounds_message(value: Any, schema: Schema) -> str:
    """'expected 0 or more, found -2'; 'expected 1,000,000 or less (the log format's sanity
    limit), found a number of 101 digits'. Every maximum of the schema, and every minimum
    below 0, is a sanity limit (tests/test_schema_vs_rules.py): the rulebook's numbers are the
    rules'."""
    lo, hi = schema.get("minimum"), schema.get("maximum")
    found = _number(value)
    if lo is not None and value < lo:
        sanity = " (the log format's sanity limit)" if lo < 0 else ""
        return f"expected {_number(lo)} or more{sanity}, found {found}"
    return f"expected {_number(hi)} or less (the log format's sanity limit), found {found}"


def _number(value: Any) -> str:
    """1,000,000; a number too long to read (10**100) by its number of digits."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and len(str(abs(value))) > 24:
        return f"{'a negative' if value < 0 else 'a'} number of {len(str(abs(value)))} digits"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _pattern_message(value: str, schema: Schema) -> str:
    """Like: 'I9.s2' is not a building site (written like 'I3.s2' or 'C.s5')."""
    title = schema.get("title")
    if not title:
        return f"'{_short(value)}' does not have the form {schema.get('pattern')}"
    examples = _either(_quoted(schema.get("examples", [])))
    like = f" (written like {examples})" if examples else ""
    return f"'{_short(value)}' is not {_a(title)}{like}"


def _size_message(value: Mapping[str, Any], schema: Schema, path: Path) -> str:
    """Too few or too many entries in a mapping that takes a limited number of them."""
    options = _either(_quoted(schema.get("properties", {})))
    if "maxProperties" in schema and len(value) > schema["maxProperties"]:
        present = ", ".join(_quoted(value))
        limit = schema["maxProperties"]
        what = "only one" if limit == 1 else f"at most {limit}"
        return f"{_where(path)} takes {what} of {options}; found {present}"
    return f"{_where(path)} needs one of {options}"


def _duplicates_message(value: Sequence[Any], path: Path) -> str:
    """Like: 'auction' appears more than once in 'ring'."""
    seen: set[str] = set()
    repeated: list[str] = []
    for item in value:
        shown = _show(item)
        if shown in seen and shown not in repeated:
            repeated.append(shown)
        seen.add(shown)
    verb = "appears" if len(repeated) == 1 else "appear"
    return f"{', '.join(repeated)} {verb} more than once in {_where(path)}"



def _unknown_keys(error: ValidationError, loaded: Loaded, path: Path) -> Iterator[Problem]:
    """One problem per key the schema does not declare here, pointing at the key."""
    instance: Any = error.instance
    if not isinstance(instance, dict):
        return
    allowed = _declared(_schema(error), instance)
    noun = _noun(path, loaded.data)
    for key in instance:
        if key in allowed:
            continue  # evaluated only through a branch that failed: reported there
        suggestion = hint(str(key), allowed) or _belongs(str(key), path)
        message = f"unknown key '{key}' in {noun}{suggestion}"
        yield _problem(loaded, (*path, key), message, key=True)


def _declared(schema: Schema, instance: Mapping[str, Any]) -> set[str]:
    """The keys `schema` declares for `instance`: its own, its $ref's and its tile branch's."""
    keys = set(schema.get("properties", {}))
    if "$ref" in schema:
        keys |= _declared(_resolve(schema), instance)
    for branch in schema.get("allOf", []):
        if "if" in branch and _applies(branch, instance):
            keys |= set(branch.get("then", {}).get("properties", {}))
    return keys


def _applies(branch: Schema, instance: Mapping[str, Any]) -> bool:
    """Whether a tile branch applies; every one does while the tile is missing or unknown."""
    if not _known_tile(instance):
        return True
    return bool(_validator().evolve(schema=branch["if"]).is_valid(instance))


def _belongs(key: str, path: Path) -> str:
    """Like: ('trees' belongs to a 'buy-trees' turn), when a turn has another tile's field."""
    if not (path and isinstance(path[-1], int) and path[:-1][-1:] in (("turns",), ("repeat",))):
        return ""
    owners = _quoted(tile for tile, fields in _ACTION_FIELDS.items() if key in fields)
    if not owners:
        return ""
    if len(owners) == 1:
        return f" ('{key}' belongs to {_a(owners[0])} turn)"
    return f" ('{key}' belongs to {_either(owners)} turns)"


def _missing(error: ValidationError, loaded: Loaded, path: Path) -> Iterator[Problem]:
    """'a turn needs 'tile'', unless a misspelt key (reported as unknown) stands for it."""
    instance: Any = error.instance
    rule: Any = error.validator_value
    if not isinstance(instance, dict):
        return
    noun = _noun(path, loaded.data)
    for key in rule:
        if key not in instance and not _misspelt_in(key, instance):
            yield _problem(loaded, path, f"{noun} needs '{key}'")


def _misspelt_in(key: str, instance: Mapping[str, Any]) -> bool:
    """Whether `instance` has an undeclared key that is a likely misspelling of `key`."""
    strays = [k for k in instance if isinstance(k, str) and k not in _ALL_KEYS]
    return any(did_you_mean(k, [key]) == key for k in strays)



def _alternatives(error: ValidationError, loaded: Loaded, path: Path) -> Iterator[Problem]:
    """The errors of the alternative the value was meant to be, or one summary of them."""
    noun, value, rule = _noun(path, loaded.data), error.instance, error.validator_value
    branches: list[Schema] = list(rule) if isinstance(rule, list) else []
    needed = [k for b in branches if set(b) == {"required"} for k in b["required"]]
    keys = _either(_quoted(needed))
    if not error.context:  # oneOf: more than one alternative fits
        message = f"{noun} takes {keys}, not both" if needed else f"{noun} is ambiguous"
        yield _problem(loaded, path, message)
        return
    if len(needed) == len(branches):  # each alternative is one key: none was given
        if not (isinstance(value, dict) and any(_misspelt_in(k, value) for k in needed)):
            yield _problem(loaded, path, f"{noun} needs {keys}")
        return
    failures: dict[int | str, list[ValidationError]] = {}
    for sub in error.context:
        failures.setdefault(sub.relative_schema_path[0], []).append(sub)
    fitting = [errs for errs in failures.values() if not _rejects_shape(errs)]
    if fitting:
        for sub in min(fitting, key=len):
            yield from _explain(sub, loaded)
        return
    yield _problem(loaded, path, _summary(value, branches))


def _rejects_shape(errors: list[ValidationError]) -> bool:
    """Whether an alternative rejects the value itself (wrong type, text or form)."""
    return any(not e.relative_path and e.validator in _SHAPE_KEYWORDS for e in errors)


def _summary(value: Any, branches: list[Schema]) -> str:
    """Like: expected 'declined' or a mapping, found text 'declinde'; did you mean 'declined'?"""
    wanted: list[str] = []
    words: list[str] = []
    for branch in map(_resolve, branches):
        if "const" in branch:
            wanted.append(_show(branch["const"]))
            words.append(branch["const"])
        elif "enum" in branch:
            wanted.extend(_quoted(branch["enum"]))
            words.extend(branch["enum"])
        elif "title" in branch:
            examples = _either(_quoted(branch.get("examples", [])))
            wanted.append(_a(branch["title"]) + (f" (like {examples})" if examples else ""))
        else:
            wanted.append(_type_words(branch.get("type", "value")))
    suggestion = hint(value, words) if isinstance(value, str) else ""
    return f"expected {_either(wanted)}, found {_found(value)}{suggestion}"
