"""Which YAML files are read as Grinivil logs: those found in folders and globs, and those named
with `--logs-only` (the pre-commit hook, given every staged YAML file).

Only YAML that is clearly not a log is skipped (issue 33): a file that parses as YAML and whose
top level is not a mapping (a list, a scalar, nothing at all), or is a mapping with none of a
log's keys (`LOG_KEYS`, any case) nor a near miss of `format` (`fromat`, `formats`), and no
value mentioning `grinivil-log`: an edition file, a `docker-compose.yaml`, a CI workflow. A log
with a mistake in it is kept, so that the reader reports it (exit 2, with its place) instead of
its passing as "not a log": a misspelt `format:` key, a syntax error, bytes that are not UTF-8.

The cheap path first: a `format: grinivil-log/` line in the first 16 KiB says "log" without
parsing. Otherwise the file is read up to the reader's size limit and only PyYAML's event
stream is walked (no document is built, aliases are not expanded), stopping at the first sign
of a log. A file over the limit is judged by what its first `max_bytes` say (a 6 MB lock file
is skipped, a 6 MB log is kept, and refused by the reader as too big).
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from collections.abc import Callable
from typing import Any

import yaml

from ..logfile.yamlsafe import DEFAULT_MAX_BYTES

LOG_MARK = re.compile(rb"^format:[ \t]*['\"]?grinivil-log/", re.M)
MARK_WITHIN = 16_384  # bytes of a file read to find its `format:` line
LOG_KEYS = frozenset({"format", "players", "setup", "turns"})  # the log schema's `required`
NEAR_FORMAT = 2  # edit distance of a key to `format` that is taken for a misspelling of it
MENTION = "grinivil-log"
_BOM = b"\xef\xbb\xbf"
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def is_log(path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES) -> bool:
    """Whether a YAML file is to be read as a Grinivil log: all but those clearly not one
    (`looks_like_log`). Opened without waiting (a FIFO put in its place since it was looked at
    opens at once), and read only if it is a regular file once open, at most `max_bytes` of
    it. One that cannot be read, or is no longer a regular file, is kept, to be reported by
    the reader of logs (which bounds what it reads and how long it waits)."""
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError):
        return True
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return True
        os.set_blocking(fd, True)
        head = os.read(fd, MARK_WITHIN)
        if LOG_MARK.search(head):
            return True
        data = head + _read_up_to(fd, max_bytes + 1 - len(head))
    except OSError:
        return True
    finally:
        os.close(fd)
    return looks_like_log(data[:max_bytes], whole=len(data) <= max_bytes)


def _read_up_to(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    while limit > 0 and (chunk := os.read(fd, min(limit, 1 << 20))):
        chunks.append(chunk)
        limit -= len(chunk)
    return b"".join(chunks)


def looks_like_log(data: bytes, *, whole: bool = True) -> bool:
    """False only for YAML that is clearly not a Grinivil log (the module's docstring); True
    for text that is not UTF-8 or does not parse. `whole=False`: `data` is the start of a
    larger file, judged by the top-level keys it holds before it is cut."""
    body = data.removeprefix(_BOM)
    try:
        text = (body.decode("utf-8") if whole else
                codecs.getincrementaldecoder("utf-8")().decode(body, final=False))
    except UnicodeDecodeError:
        return True
    look = _Look()
    parser = _LOADER(text)
    try:
        found = look.walk(parser.get_event)
    except (yaml.YAMLError, RecursionError, MemoryError):
        if whole:
            return True  # does not parse: the reader says where
        found = False  # cut short: judged by what it held before the cut
    finally:
        parser.dispose()
    return found or (not whole and not look.judged)


class _Look:
    """A walk of the event stream. `judged`: it has seen enough of a file cut short to tell
    what it is: a top-level list, or a top-level key whose value has begun (the last key
    before the cut may be cut itself)."""

    def __init__(self) -> None:
        self.judged = False

    def walk(self, next_event: Callable[[], Any]) -> bool:
        """True at the first key of a top-level mapping that is a log's (or nearly `format`),
        or the first scalar mentioning `grinivil-log`; False at the end of the stream."""
        depth = 0
        in_mapping = False  # the document's top level is a mapping
        place = 0  # of the next node in the top-level mapping: a key when even
        while not isinstance(event := next_event(), yaml.StreamEndEvent):
            if isinstance(event, yaml.ScalarEvent) and MENTION in event.value:
                return True
            if isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            if not isinstance(event, yaml.NodeEvent):
                continue
            if depth == 0:
                in_mapping, place = isinstance(event, yaml.MappingStartEvent), 0
                self.judged |= isinstance(event, yaml.SequenceStartEvent)
            elif depth == 1 and in_mapping:
                if place % 2 == 0 and isinstance(event, yaml.ScalarEvent) \
                        and is_log_key(event.value):
                    return True
                place += 1
                self.judged |= place % 2 == 0
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
        return False


def is_log_key(key: str) -> bool:
    """A log's top-level key in any case (`Players`), or a near miss of `format` (`fromat`,
    `Format`, `formats`: at most NEAR_FORMAT letters added, dropped or changed)."""
    word = key.lower()
    return word in LOG_KEYS or edit_distance(word, "format", NEAR_FORMAT) <= NEAR_FORMAT


def edit_distance(a: str, b: str, bound: int) -> int:
    """Levenshtein distance between `a` and `b`, or `bound + 1` when it is more than `bound`
    (a long key costs no more than its length's difference)."""
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
        if min(row) > bound:
            return bound + 1
    return min(row[-1], bound + 1)
