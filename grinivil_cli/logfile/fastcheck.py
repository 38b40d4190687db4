"""A fast, exact "is this log valid?" check: the log schema compiled once into closures.

It answers exactly what `Draft202012Validator(LOG_SCHEMA).is_valid` answers (jsonschema's
semantics: bool is not an integer, 3.0 is, `enum`/`const` tell 1 from true, `pattern` is a
search, `unevaluatedProperties` sees the properties of every subschema that passed), but it
says nothing about why a log is invalid: schema.py asks jsonschema for that.
Only the keywords the log schema uses are supported; any other one raises at import time, so
the schema cannot grow past this check unnoticed (tests/test_fastcheck.py compares both).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Mapping, Sequence
from importlib.resources import files
from numbers import Number
from typing import Any
from urllib.parse import quote, unquote

Check = Callable[[Any], bool]
Collect = Callable[[Any], set[Any] | None]  # the keys a valid value had evaluated, or None

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ROOT_ONLY = frozenset({"$schema", "$id", "$defs"})
ANNOTATIONS = frozenset({"title", "description", "examples"})
SUPPORTED_KEYWORDS = ROOT_ONLY | ANNOTATIONS | frozenset({
    "type", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum",
    "minItems", "maxItems", "uniqueItems", "items", "minProperties", "maxProperties",
    "required", "properties", "additionalProperties", "propertyNames",
    "unevaluatedProperties", "$ref", "allOf", "anyOf", "not", "if", "then", "else",
})
_SCHEMA_MAPS = frozenset({"properties", "$defs"})
_SCHEMA_LISTS = frozenset({"allOf", "anyOf"})
_SCHEMA_VALUES = frozenset({"additionalProperties", "unevaluatedProperties", "propertyNames",
                            "items", "not", "if", "then", "else"})
_TRUE, _FALSE = object(), object()  # stand-ins that keep true and 1 apart, as jsonschema's


class UnsupportedSchema(ValueError):
    """The schema uses something the fast check does not implement."""


def keywords_in(schema: Any) -> set[str]:
    """Every keyword used anywhere in `schema` (property names are not keywords)."""
    found: set[str] = set()
    if isinstance(schema, dict):
        found.update(schema)
        for keyword, value in schema.items():
            for sub in _subschemas(keyword, value):
                found |= keywords_in(sub)
    return found


def _subschemas(keyword: str, value: Any) -> list[Any]:
    """The schemas held by one keyword's value."""
    if keyword in _SCHEMA_MAPS and isinstance(value, dict):
        return list(value.values())
    if keyword in _SCHEMA_LISTS and isinstance(value, list):
        return list(value)
    return [value] if keyword in _SCHEMA_VALUES else []


def _always(value: Any) -> bool:
    """The `true` schema."""
    return True


def _never(value: Any) -> bool:
    """The `false` schema."""
    return False


def _nothing_evaluated(value: Any) -> set[Any]:
    """Annotations of the `true` schema: none."""
    return set()


def _invalid(value: Any) -> set[Any] | None:
    """Annotations of the `false` schema: the value is invalid."""
    return None


def _all_of(checks: Sequence[Check]) -> Check:
    """A check passing when every one of `checks` passes, in order."""
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda value: first(value) and second(value)
    frozen = tuple(checks)

    def check_all(value: Any) -> bool:
        for check in frozen:
            if not check(value):
                return False
        return True

    return check_all


def _is_number(value: Any) -> bool:
    """jsonschema's `number`: any Number but a bool."""
    return not isinstance(value, bool) and isinstance(value, Number)


def _is_integer(value: Any) -> bool:
    """jsonschema's `integer` since draft 6: an int (not a bool) or an integral float."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


_TYPES: dict[str, Check] = {
    "null": lambda value: value is None,
    "boolean": lambda value: isinstance(value, bool),
    "string": lambda value: isinstance(value, str),
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
    "number": _is_number,
    "integer": _is_integer,
}


def _type_check(names: Any) -> Check:
    """The `type` keyword, one name or a list of them."""
    wanted = [names] if isinstance(names, str) else list(names)
    unknown = [name for name in wanted if name not in _TYPES]
    if unknown:
        raise UnsupportedSchema(f"unknown type {unknown}")
    checks = tuple(_TYPES[name] for name in wanted)
    return checks[0] if len(checks) == 1 else lambda v: any(c(v) for c in checks)


def _unbool(value: Any) -> Any:
    """true and false as objects equal to nothing else (jsonschema's `unbool`)."""
    if value is True:
        return _TRUE
    return _FALSE if value is False else value


def equal(one: Any, two: Any) -> bool:
    """JSON equality as jsonschema's `equal`: 1 == 1.0, but true != 1, recursively."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(k in two and equal(v, two[k]) for k, v in one.items())
    return bool(_unbool(one) == _unbool(two))


def unique(items: list[Any]) -> bool:
    """Whether no two items are equal, by jsonschema's own algorithm (`uniq`), quirks and all."""
    if all(type(item) is str for item in items):
        return len(set(items)) == len(items)
    try:
        ordered = sorted(_unbool(item) for item in items)
        return not any(equal(a, b) for a, b in itertools.pairwise(ordered))
    except (NotImplementedError, TypeError):
        seen: list[Any] = []
        for item in map(_unbool, items):
            if any(equal(other, item) for other in seen):
                return False
            seen.append(item)
        return True


def _enum_check(options: Any) -> Check:
    """The `enum` keyword."""
    values = list(options)
    if all(type(option) is str for option in values):
        strings = frozenset(values)
        return lambda value: isinstance(value, str) and value in strings
    return lambda value: any(equal(option, value) for option in values)


def _const_check(wanted: Any) -> Check:
    """The `const` keyword."""
    if type(wanted) is str:
        return lambda value: isinstance(value, str) and value == wanted
    return lambda value: equal(value, wanted)


def _when(kind: type, checks: list[Check], *, sure: bool) -> list[Check]:
    """`checks` applied only to values of `kind` (others pass; `sure`: `type` saw to it)."""
    if not checks or sure:
        return checks
    inner = _all_of(checks)
    return [lambda value: not isinstance(value, kind) or inner(value)]


def _string_checks(schema: Mapping[str, Any], typed: Any) -> list[Check]:
    """minLength, maxLength and pattern: they apply to strings only."""
    checks: list[Check] = []
    if "minLength" in schema:
        shortest: int = schema["minLength"]
        checks.append(lambda value: len(value) >= shortest)
    if "maxLength" in schema:
        longest: int = schema["maxLength"]
        checks.append(lambda value: len(value) <= longest)
    if "pattern" in schema:
        search = re.compile(schema["pattern"]).search
        checks.append(lambda value: search(value) is not None)
    return _when(str, checks, sure=typed == "string")


def _number_checks(schema: Mapping[str, Any], typed: Any) -> list[Check]:
    """minimum and maximum: they apply to numbers only (not to bools)."""
    checks: list[Check] = []
    if "minimum" in schema:
        low = schema["minimum"]
        checks.append(lambda value: not value < low)
    if "maximum" in schema:
        high = schema["maximum"]
        checks.append(lambda value: not value > high)
    if not checks or typed in ("integer", "number"):
        return checks
    inner = _all_of(checks)
    return [lambda value: not _is_number(value) or inner(value)]


def _size_checks(schema: Mapping[str, Any], low: str, high: str) -> list[Check]:
    """A pair of length bounds (minItems/maxItems, minProperties/maxProperties)."""
    checks: list[Check] = []
    if low in schema:
        least: int = schema[low]
        checks.append(lambda value: len(value) >= least)
    if high in schema:
        most: int = schema[high]
        checks.append(lambda value: len(value) <= most)
    return checks


def _required_check(names: Any) -> Check:
    """The `required` keyword (on a mapping)."""
    wanted = tuple(names)
    return lambda value: all(name in value for name in wanted)


def _declared_check(props: dict[str, Check]) -> Check:
    """`properties` without additionalProperties: each declared key present is valid."""
    pairs = tuple(props.items())

    def check(value: Any) -> bool:
        for key, inner in pairs:
            if key in value and not inner(value[key]):
                return False
        return True

    return check


def _members_check(props: dict[str, Check], extra: Check) -> Check:
    """`properties` with additionalProperties: every member, declared or extra, is valid."""
    get = props.get

    def check(value: Any) -> bool:
        for key, member in value.items():
            if not get(key, extra)(member):
                return False
        return True

    return check


def _items_check(each: Check) -> Check:
    """The `items` keyword (2020-12, no prefixItems): every item is valid."""
    return lambda value: all(map(each, value))


def _names_check(each: Check) -> Check:
    """The `propertyNames` keyword: every key is valid."""
    return lambda value: all(map(each, value))


def _any_check(checks: Sequence[Check]) -> Check:
    """The `anyOf` keyword."""
    frozen = tuple(checks)
    return lambda value: any(check(value) for check in frozen)


def _not_check(inner: Check) -> Check:
    """The `not` keyword."""
    return lambda value: not inner(value)


def _if_check(test: Check, then: Check, otherwise: Check) -> Check:
    """The `if`/`then`/`else` keywords."""
    return lambda value: then(value) if test(value) else otherwise(value)


def _own_annotations(schema: Mapping[str, Any]) -> Callable[[Any], set[Any]]:
    """The keys a valid value has evaluated by this schema's `properties`/`additional...`."""
    if "additionalProperties" in schema:  # valid: every extra key passed it
        return lambda value: set(value) if isinstance(value, dict) else set()
    declared = frozenset(schema.get("properties", ()))
    if not declared:
        return _nothing_evaluated
    return lambda value: value.keys() & declared if isinstance(value, dict) else set()


def _any_collect(collects: Sequence[Collect]) -> Collect:
    """`anyOf` with annotations: the keys of every alternative that passes."""
    frozen = tuple(collects)

    def collect(value: Any) -> set[Any] | None:
        found = [keys for keys in (c(value) for c in frozen) if keys is not None]
        return set().union(*found) if found else None

    return collect


def _if_collect(test: Collect, then: Collect | None, otherwise: Collect | None) -> Collect:
    """`if`/`then`/`else` with annotations: those of `if` and `then`, or those of `else`."""

    def collect(value: Any) -> set[Any] | None:
        tested = test(value)
        if tested is None:
            return otherwise(value) if otherwise else set()
        more = then(value) if then else set()
        return None if more is None else tested | more

    return collect


def _unevaluated(value: Any, evaluated: set[Any], rest: Check) -> set[Any] | None:
    """`unevaluatedProperties`: keys nobody evaluated must pass `rest`; then all are evaluated."""
    if not isinstance(value, dict):
        return evaluated
    if all(rest(member) for key, member in value.items() if key not in evaluated):
        return set(value)
    return None


def _node_collect(
    base: Check, own: Callable[[Any], set[Any]], subs: Sequence[Collect], rest: Check | None
) -> Collect:
    """A schema's annotations: None unless its assertions and every applicator pass."""
    frozen = tuple(subs)

    def collect(value: Any) -> set[Any] | None:
        if not base(value):
            return None
        found = own(value)
        for sub in frozen:
            more = sub(value)
            if more is None:
                return None
            found |= more
        return found if rest is None else _unevaluated(value, found, rest)

    return collect


def _pointer(ref: Any) -> list[str]:
    """The steps of a local `$ref` ('#' or '#/a/b'); anything else is unsupported."""
    if ref == "#":
        return []
    if not isinstance(ref, str) or not ref.startswith("#/"):
        raise UnsupportedSchema(f"only local $ref are supported, not {ref!r}")
    return [unquote(step).replace("~1", "/").replace("~0", "~") for step in ref[2:].split("/")]


class _Compiler:
    """Compiles schema nodes into checks and annotation collectors, each `$ref` target once."""

    def __init__(self, root: Mapping[str, Any]) -> None:
        """Start on `root`, the whole schema."""
        self.root = root
        self.checks: dict[str, Check] = {}
        self.collects: dict[str, Collect] = {}
        self.busy: set[tuple[str, str]] = set()

    def target(self, ref: str) -> Any:
        """The schema a local `$ref` points at."""
        node: Any = self.root
        for step in _pointer(ref):
            try:
                node = node[int(step) if isinstance(node, list) else step]
            except (KeyError, IndexError, TypeError, ValueError):
                raise UnsupportedSchema(f"$ref {ref!r} points at nothing") from None
        return node

    def ref_check(self, ref: str) -> Check:
        """The check of a `$ref` target, compiled once (a forwarder while it recurses)."""
        if ref not in self.checks and ("check", ref) in self.busy:
            return lambda value: self.checks[ref](value)
        if ref not in self.checks:
            self.busy.add(("check", ref))
            self.checks[ref] = self.check(self.target(ref), root=ref == "#")
            self.busy.discard(("check", ref))
        return self.checks[ref]

    def ref_collect(self, ref: str) -> Collect:
        """The collector of a `$ref` target, compiled once (a forwarder while it recurses)."""
        if ref not in self.collects and ("collect", ref) in self.busy:
            return lambda value: self.collects[ref](value)
        if ref not in self.collects:
            self.busy.add(("collect", ref))
            self.collects[ref] = self.collect(self.target(ref), root=ref == "#")
            self.busy.discard(("collect", ref))
        return self.collects[ref]

    def check(self, schema: Any, *, root: bool = False) -> Check:
        """Whether a value is valid against `schema`."""
        if isinstance(schema, bool):
            return _always if schema else _never
        _vet(schema, root=root)
        if "unevaluatedProperties" in schema:
            collect = self.collect(schema, root=root)
            return lambda value: collect(value) is not None
        return _all_of(self.assertions(schema) + self.applicator_checks(schema))

    def collect(self, schema: Any, *, root: bool = False) -> Collect:
        """The keys a value had evaluated by `schema` (jsonschema's annotations), or None."""
        if isinstance(schema, bool):
            return _nothing_evaluated if schema else _invalid
        _vet(schema, root=root)
        rest = schema.get("unevaluatedProperties")
        return _node_collect(_all_of(self.assertions(schema)), _own_annotations(schema),
                             self.applicator_collects(schema),
                             None if rest is None else self.check(rest))

    def assertions(self, schema: Mapping[str, Any]) -> list[Check]:
        """The checks of every keyword but the applicators ($ref, allOf, anyOf, if)."""
        checks: list[Check] = []
        if "type" in schema:
            checks.append(_type_check(schema["type"]))
        if "enum" in schema:
            checks.append(_enum_check(schema["enum"]))
        if "const" in schema:
            checks.append(_const_check(schema["const"]))
        typed = schema.get("type")
        checks += _string_checks(schema, typed) + _number_checks(schema, typed)
        checks += _when(list, self.array_checks(schema), sure=typed == "array")
        checks += _when(dict, self.object_checks(schema), sure=typed == "object")
        if "not" in schema:
            checks.append(_not_check(self.check(schema["not"])))
        return checks

    def array_checks(self, schema: Mapping[str, Any]) -> list[Check]:
        """minItems, maxItems, uniqueItems, items: they apply to lists only."""
        checks = _size_checks(schema, "minItems", "maxItems")
        if schema.get("uniqueItems"):  # any true value, as jsonschema
            checks.append(unique)
        if "items" in schema:
            checks.append(_items_check(self.check(schema["items"])))
        return checks

    def object_checks(self, schema: Mapping[str, Any]) -> list[Check]:
        """Size, required, properties, additionalProperties, propertyNames: mappings only."""
        checks = _size_checks(schema, "minProperties", "maxProperties")
        if "required" in schema:
            checks.append(_required_check(schema["required"]))
        props = {key: self.check(sub) for key, sub in schema.get("properties", {}).items()}
        if "additionalProperties" in schema:
            checks.append(_members_check(props, self.check(schema["additionalProperties"])))
        elif props:
            checks.append(_declared_check(props))
        if "propertyNames" in schema:
            checks.append(_names_check(self.check(schema["propertyNames"])))
        return checks

    def applicator_checks(self, schema: Mapping[str, Any]) -> list[Check]:
        """$ref, allOf, anyOf and if/then/else, without annotations."""
        checks: list[Check] = []
        if "$ref" in schema:
            checks.append(self.ref_check(schema["$ref"]))
        checks += self.all_checks(schema.get("allOf", []))
        if "anyOf" in schema:
            checks.append(_any_check([self.check(sub) for sub in schema["anyOf"]]))
        if "if" in schema:
            then, otherwise = schema.get("then", True), schema.get("else", True)
            checks.append(_if_check(self.check(schema["if"]), self.check(then),
                                    self.check(otherwise)))
        return checks

    def applicator_collects(self, schema: Mapping[str, Any]) -> list[Collect]:
        """$ref, allOf, anyOf and if/then/else, passing on the annotations of what passed."""
        collects: list[Collect] = []
        if "$ref" in schema:
            collects.append(self.ref_collect(schema["$ref"]))
        collects += self.all_collects(schema.get("allOf", []))
        if "anyOf" in schema:
            collects.append(_any_collect([self.collect(sub) for sub in schema["anyOf"]]))
        if "if" in schema:
            then, otherwise = schema.get("then"), schema.get("else")
            collects.append(_if_collect(self.collect(schema["if"]),
                                        None if then is None else self.collect(then),
                                        None if otherwise is None else self.collect(otherwise)))
        return collects

    def all_checks(self, branches: list[Any]) -> list[Check]:
        """allOf: one check per branch, or one dispatch on the key the branches switch on."""
        key = _switch_key(branches)
        if key is None:
            return [self.check(sub) for sub in branches]
        cases = {_case_tag(sub, key): self.check(sub["then"]) for sub in branches}
        return [_switch_check(key, cases, _all_of([self.check(sub) for sub in branches]))]

    def all_collects(self, branches: list[Any]) -> list[Collect]:
        """allOf with annotations: per branch, or one dispatch on the key they switch on."""
        key = _switch_key(branches)
        if key is None:
            return [self.collect(sub) for sub in branches]
        cases = {_case_tag(sub, key): self.collect(sub["then"]) for sub in branches}
        every = _node_collect(_always, _nothing_evaluated, [self.collect(s) for s in branches],
                              None)
        return [_switch_collect(key, cases, every)]


def _switch_key(branches: list[Any]) -> str | None:
    """K, when the branches are all `if K is the text c then ...` with c different in each."""
    cases = [_case(branch) for branch in branches]
    keys = {case[0] for case in cases if case}
    tags = {case[1] for case in cases if case}
    if len(branches) < 2 or None in cases or len(keys) != 1 or len(tags) != len(branches):
        return None
    return keys.pop()


def _bare(schema: Any, keywords: set[str]) -> bool:
    """Whether `schema` is a mapping with exactly `keywords` (annotations aside)."""
    return isinstance(schema, dict) and set(schema) - ANNOTATIONS == keywords


def _case(branch: Any) -> tuple[str, str] | None:
    """(K, c) when `branch` is exactly {if: {properties: {K: {const: c}}, required: [K]}, then}."""
    if not _bare(branch, {"if", "then"}) or not _bare(branch["if"], {"properties", "required"}):
        return None
    props = branch["if"]["properties"]
    if not isinstance(props, dict) or len(props) != 1:
        return None
    ((key, sub),) = props.items()
    if branch["if"]["required"] != [key] or not _bare(sub, {"const"}):
        return None
    return (key, sub["const"]) if type(sub["const"]) is str else None


def _case_tag(branch: Mapping[str, Any], key: str) -> str:
    """The text c of a branch `if K is c then ...`."""
    tag: str = branch["if"]["properties"][key]["const"]
    return tag


def _switch_check(key: str, cases: dict[str, Check], every: Check) -> Check:
    """Branches `if K is c then S`: on a mapping only S of its own K can apply (no K: none)."""

    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return every(value)  # no `required` nor `properties` applies: every `if` passes
        tag = value.get(key)
        case = cases.get(tag) if isinstance(tag, str) else None
        return case is None or case(value)

    return check


def _switch_collect(key: str, cases: dict[str, Collect], every: Collect) -> Collect:
    """`_switch_check` with annotations: K and those of its S."""

    def collect(value: Any) -> set[Any] | None:
        if not isinstance(value, dict):
            return every(value)
        tag = value.get(key)
        case = cases.get(tag) if isinstance(tag, str) else None
        if case is None:
            return set()
        found = case(value)
        return None if found is None else found | {key}

    return collect


def _vet(schema: Any, *, root: bool) -> None:
    """Raise UnsupportedSchema unless `schema` is a mapping of supported keywords."""
    if not isinstance(schema, dict):
        raise UnsupportedSchema(f"a schema must be a mapping or a boolean, not {schema!r}")
    allowed = SUPPORTED_KEYWORDS if root else SUPPORTED_KEYWORDS - ROOT_ONLY
    unknown = sorted(set(schema) - allowed)
    if unknown:
        raise UnsupportedSchema(f"keywords not supported by the fast check: {unknown}")
    if root and schema.get("$schema", DRAFT) != DRAFT:
        raise UnsupportedSchema(f"only {DRAFT} is supported")


def compile_schema(schema: Mapping[str, Any]) -> Check:
    """The fast validity check of a whole schema (every `$defs` entry compiled too)."""
    compiler = _Compiler(schema)
    check = compiler.ref_check("#")
    for name in schema.get("$defs", {}):
        compiler.ref_check("#/$defs/" + quote(name.replace("~", "~0").replace("/", "~1")))
    return check


def _load_schema() -> dict[str, Any]:
    """The log schema bundled with the package."""
    resource = files("grinivil_cli") / "schemas" / "game-log.schema.json"
    schema: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return schema


_LOG_CHECK: Check = compile_schema(_load_schema())


def is_valid(data: Any) -> bool:
    """Whether `data` is a valid log, exactly as `Draft202012Validator(LOG_SCHEMA).is_valid`."""
    return _LOG_CHECK(data)
