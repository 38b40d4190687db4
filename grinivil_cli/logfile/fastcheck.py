"""A fast, exact "is this log valid?" check: jsonschema-rs (a JSON Schema validator written in
Rust, draft 2020-12) compiled once for the log schema.

It answers what `Draft202012Validator(LOG_SCHEMA).is_valid` answers, but says nothing about
why a log is invalid: schema.py asks jsonschema (Python) for that, whose errors it turns into
messages for people. A value JSON has no form for (a mapping key that is not text, a date
that YAML read) cannot be given to jsonschema-rs: such a log is left to jsonschema, which is
exact for every value (`is_valid` answers False, and jsonschema has the last word).
tests/test_fastcheck.py compares both on the samples and thousands of mutated logs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import jsonschema_rs

Check = Callable[[Any], bool]


def compile_schema(schema: dict[str, Any]) -> Check:
    """A check of `schema` (draft 2020-12): True when an instance is valid; False when it is
    not, or when it holds a value jsonschema-rs cannot take (a caller then asks jsonschema)."""
    validator = jsonschema_rs.validator_for(schema)

    def check(instance: Any) -> bool:
        try:
            return bool(validator.is_valid(instance))
        except (ValueError, TypeError, OverflowError, RecursionError):
            return False

    return check


@cache
def _log_check() -> Check:
    from .schemadata import LOG_SCHEMA

    return compile_schema(LOG_SCHEMA)


def is_valid(data: Any) -> bool:
    """Whether `data` (a log read from YAML) satisfies the log schema (False also when it
    holds a value only jsonschema can judge)."""
    return _log_check()(data)
