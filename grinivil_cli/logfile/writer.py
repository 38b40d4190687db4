"""A game log as YAML text: stable key order, short lists inline, a schema comment on top."""

from __future__ import annotations

from typing import Any

import yaml

SCHEMA_URL = "https://grinivil.example/schemas/game-log.schema.json"  # the schema's $id
HEADER = ("# yaml-language-server: $schema={schema}\n"
          "# {title}: a legal game played by grinivil's bots (grinivil simulate{args}).\n")


class _Dumper(yaml.SafeDumper):
    """Lists of scalars and small mappings inline; everything else in block style."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(x, (dict, list)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    flow = len(data) <= 4 and all(not isinstance(v, (dict, list)) for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


def log_to_yaml(log: dict[str, Any], args: str = "", schema: str = SCHEMA_URL) -> str:
    """The log as YAML text, byte-identical for the same log; `schema` is where the comment
    for editors says the schema is (a path from the log's folder, `packagedata.
    schema_path_from`, when the log is written to a file)."""
    body = yaml.dump(log, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return HEADER.format(schema=schema, title=log.get("title", "Game"), args=args) + body


def turn_yaml(turn: dict[str, Any]) -> str:
    """One turn as an item of the log's `turns` (`- {player: Anna, tile: subsidy}`), written
    as `log_to_yaml` writes it."""
    text: str = yaml.dump([turn], Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                          width=100)
    return text


def mapping_yaml(values: dict[str, Any]) -> str:
    """Top-level keys of a log (`final_scores`, `winner`), written as `log_to_yaml` writes
    them."""
    text: str = yaml.dump(values, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                          width=100)
    return text
