"""A club's own copy of an edition (`grinivil edition new`, issue 32): the file as it ships,
comments and all, to correct against the box on the table.

The copy differs from its edition only in its first lines (a `$schema` comment naming the
edition schema by a path that resolves from the copy's folder, for an editor to complete and
check it, and a comment saying what the file is) and its `title`, which says it is a copy to
correct. Nothing else is rewritten: the text is the edition's own, so its comments, its order
and its layout stay, and the copy is read back and compared before it is written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from ..base.packagedata import schema_path_from
from ..errors import LogFormatError, Problem
from ..logfile.yamlsafe import EDITION_MAX_BYTES, load_yaml_text
from .check import edition_source

SCHEMA_LINE = "# yaml-language-server: $schema="
TO_CORRECT = " (a copy to correct: see `grinivil edition check`)"
NOTE = """\
# A copy of the edition `{name}`, made by `grinivil edition new` to correct against your box:
# change what differs (the values marked `source: reconstructed` first), then
# `grinivil edition check {file}` checks it, `grinivil edition diff {name} {file}` says what
# you changed, and `--edition {file}` plays, records and validates with it.
"""


def copy_text(name_or_path: str, output: Path) -> str:
    """The text of a copy of the edition `name_or_path` to write at `output`; LogFormatError
    when the edition cannot be read, or the copy would not read back as it (then nothing is
    to be written)."""
    source, raw = edition_source(name_or_path)
    text = raw.decode("utf-8").removeprefix("\ufeff")
    data = load_yaml_text(raw, source, max_bytes=EDITION_MAX_BYTES, what="edition").data
    title = data.get("title") if isinstance(data, dict) else None
    text = _retitled(text, _copy_title(title if isinstance(title, str) else name_or_path))
    lines = text.splitlines(keepends=True)
    if lines and lines[0].startswith(SCHEMA_LINE):
        lines = lines[1:]
    note = NOTE.format(name=name_or_path, file=output.name)
    said = len(note.splitlines())
    if lines and lines[0].startswith(NOTE[:NOTE.index("`")]) and all(  # a copy's copy
            line.startswith("# ") for line in lines[:said]):
        lines = lines[said:]
    lines.insert(0, note)
    schema = schema_path_from(output.parent, "edition.schema.json")
    copy = f"{SCHEMA_LINE}{schema}\n" + "".join(lines)
    _check_copy(copy, str(output), data)
    return copy


def _copy_title(title: str) -> str:
    """The title of a copy: the edition's, saying it is a copy to correct (once)."""
    return title if title.endswith(TO_CORRECT) else title + TO_CORRECT


def _retitled(text: str, title: str) -> str:
    """`text` with the value of its top-level `title` replaced by `title` (written as a double
    quoted scalar), or a `title:` line added before its first key."""
    scalar = json.dumps(title, ensure_ascii=False)  # a JSON string is a YAML double-quoted one
    depth, is_key, wanted = 0, True, False
    first: Any = None  # the first top-level key
    flow = False
    for event in yaml.parse(text, Loader=yaml.SafeLoader):  # marks in characters of `text`
        if isinstance(event, yaml.CollectionStartEvent):
            if depth == 0:
                flow = bool(event.flow_style)
            depth += 1
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
            if depth == 1:
                is_key = not is_key
        elif depth == 1 and isinstance(event, yaml.ScalarEvent | yaml.AliasEvent):
            start, end = event.start_mark, event.end_mark
            assert start is not None and end is not None  # the pure-Python parser marks all
            if wanted:
                return text[: start.index] + scalar + text[end.index:]
            if first is None:
                first = start
            wanted = is_key and isinstance(event, yaml.ScalarEvent) and event.value == "title"
            is_key = not is_key
    if first is None:
        raise LogFormatError([Problem("the edition is not a mapping of keys to values")])
    line = f"title: {scalar}, " if flow else f"title: {scalar}\n{' ' * first.column}"
    return text[: first.index] + line + text[first.index:]


def _check_copy(copy: str, name: str, data: Any) -> None:
    """Refuse a copy that does not read back as the edition's data with the copy's title."""
    back = load_yaml_text(copy, name, max_bytes=EDITION_MAX_BYTES, what="edition").data
    expected = {**data, "title": back.get("title") if isinstance(back, dict) else None}
    if not isinstance(back, dict) or back != expected or not str(back["title"]).endswith(
            TO_CORRECT):
        raise LogFormatError([Problem("the copy would not read back as the edition: nothing "
                                      "is written (please report this)")])
