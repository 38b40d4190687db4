"""Read a YAML log safely: size cap, strict UTF-8, no tags, no duplicate keys, alias budget.

PyYAML's composer is recursive and expands aliases eagerly, so this module never lets PyYAML
build the document: it walks the (non-recursive) event stream and builds plain data with an
explicit stack, checking nesting depth and the number of values produced as it goes.
An alias shares the anchored list or mapping (no copy, so treat the data as read-only) but
is charged its full size and height, so walking the data is bounded by MAX_NODES/MAX_DEPTH.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import yaml

from ..errors import LogFormatError, Path, Position, Problem
from .loaded import Loaded

DEFAULT_MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64  # nesting depth of collections
MAX_NODES = 1_000_000  # total values after alias expansion

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NS = "tag:yaml.org,2002:"
# The characters PyYAML's reader accepts; anything else is reported here with a position.
_BAD_CHAR = re.compile(r"[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_RESOLVE_TAG: Callable[[type[yaml.Node], str, tuple[bool, bool]], str] = (
    yaml.resolver.Resolver().resolve
)
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_BUILDERS: dict[str, Callable[[yaml.ScalarNode], Any]] = {
    _NS + "null": _CONSTRUCTOR.construct_yaml_null,
    _NS + "bool": _CONSTRUCTOR.construct_yaml_bool,
    _NS + "int": _CONSTRUCTOR.construct_yaml_int,
    _NS + "float": _CONSTRUCTOR.construct_yaml_float,
}  # every other implicit tag (timestamp, merge, value) stays the string as written

At = tuple[int, int]
STDIN, STDIN_NAME = "-", "<stdin>"  # the path that reads standard input, and its name


def load_yaml_file(
    path: str | os.PathLike[str],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    display_name: str | None = None,
) -> Loaded:
    """Read and check the YAML log at `path` (`-`: standard input, named `<stdin>`); raise
    LogFormatError for anything wrong."""
    source = STDIN_NAME if os.fspath(path) == STDIN else display_name or os.fspath(path)
    try:
        data = _read_capped(path, source, max_bytes)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        _refuse(_os_message(error, source))
    except MemoryError:
        _refuse(f"'{source}' is too big to read into memory")
    return load_yaml_text(data, source, max_bytes=max_bytes)


def load_yaml_text(text: str | bytes, source: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Loaded:
    """Check and load YAML text (or UTF-8 bytes) named `source`; raise LogFormatError."""
    try:
        return _load(_decode(text, source, max_bytes), source)
    except (RecursionError, MemoryError):
        _refuse("the file is too complex to read (it exhausted memory)", Position(source, 1, 1))


def _refuse(message: str, position: Position | None = None) -> NoReturn:
    """Raise a LogFormatError carrying a single problem."""
    raise LogFormatError([Problem(message, position)])


def _read_capped(path: str | os.PathLike[str], source: str, max_bytes: int) -> bytes:
    """The file's bytes, refusing folders and files over `max_bytes` before reading them."""
    if os.fspath(path) == STDIN:
        data = sys.stdin.buffer.read(max_bytes + 1)
        if len(data) > max_bytes:
            _refuse(_too_big(source, "larger than that", max_bytes))
        return data
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        _refuse(f"'{source}' is a folder, not a log file")
    if info.st_size > max_bytes:
        _refuse(_too_big(source, _size(info.st_size), max_bytes))
    with open(path, "rb") as handle:
        data = handle.read(max_bytes + 1)  # guards files whose size stat does not tell
    if len(data) > max_bytes:
        _refuse(_too_big(source, "larger than that", max_bytes))
    return data


def _os_message(error: OSError | ValueError, source: str) -> str:
    """A short explanation of why the file could not be read."""
    if isinstance(error, FileNotFoundError):
        return f"'{source}': no such file"
    if isinstance(error, PermissionError):
        return f"cannot read '{source}': permission denied"
    return f"cannot read '{source}': {getattr(error, 'strerror', None) or error}"


def _size(n: int) -> str:
    """A byte count for people: '6.0 MB (6,291,456 bytes)'."""
    scale, unit = (1024 * 1024, "MB") if n >= 1024 * 1024 else (1024, "KB")
    return f"{n / scale:.1f} {unit} ({n:,} bytes)" if n >= 1024 else f"{n:,} bytes"


def _too_big(source: str, size: str, max_bytes: int) -> str:
    """The message for a file over the size limit."""
    return (
        f"'{source}' is too big to be a log: the limit is {_size(max_bytes)} and it is {size}; "
        "use --max-size to raise the limit"
    )


def _decode(data: str | bytes, source: str, max_bytes: int) -> str:
    """The text to parse, after the size, encoding and character checks."""
    if isinstance(data, str):
        size = len(data) if len(data) > max_bytes else len(data.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            _refuse(_too_big(source, _size(size), max_bytes))
        text = data.removeprefix("\ufeff")
    else:
        if len(data) > max_bytes:
            _refuse(_too_big(source, _size(len(data)), max_bytes))
        text = _utf8(data, source)
    if bad := _BAD_CHAR.search(text):
        line, col = _text_at(text, bad.start())
        _refuse(_char_message(bad.group()), Position(source, line, col))
    return text


def _utf8(data: bytes, source: str) -> str:
    """Strict UTF-8 decoding (BOM allowed), reporting the first bad byte's line and column."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        _refuse("the file is saved as UTF-16; save it as UTF-8", Position(source, 1, 1))
    body = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        nul = body.find(b"\0", 0, error.start)
        index = nul if nul >= 0 else error.start
        line, col = _bytes_at(body, index)
        message = f"the file is not valid UTF-8 (byte 0x{body[index]:02x}); save it as UTF-8"
        if nul >= 0:
            message = _char_message("\0")
        _refuse(message, Position(source, line, col))


def _char_message(char: str) -> str:
    """The message for a character YAML does not accept."""
    if char == "\0":
        return "NUL byte: this looks like a binary file, not a YAML log"
    return f"character U+{ord(char):04X} is not allowed in a YAML log"


def _text_at(text: str, index: int) -> At:
    """1-based (line, col) of a character index."""
    start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - start + 1


def _bytes_at(data: bytes, index: int) -> At:
    """1-based (line, col in characters) of a byte index in UTF-8 data."""
    start = data.rfind(b"\n", 0, index) + 1
    col = len(data[start:index].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, index) + 1, col


def _load(text: str, source: str, loader: Any = None) -> Loaded:
    """Parse the checked text into a Loaded, collecting problems."""
    if all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        _refuse("the file is empty", Position(source, 1, 1))  # a blank line may hold a tab
    problems: list[Problem] = []
    parser = (loader or _LOADER)(text)
    try:
        return _walk(parser.get_event, source, problems)
    except yaml.MarkedYAMLError as error:
        if loader is None and "nesting depth" in str(error.problem):
            # libyaml's scanner looks ahead and hits its own limit (1000) before our 64:
            # the pure-Python parser has no such limit, so ours is reported, at its place.
            return _load(text, source, yaml.SafeLoader)
        raise LogFormatError([*problems, _parse_problem(error, source, text)]) from None
    except yaml.YAMLError as error:
        raise LogFormatError([*problems, Problem(f"invalid YAML: {error}")]) from None
    finally:
        parser.dispose()


def _parse_problem(error: yaml.MarkedYAMLError, source: str, text: str) -> Problem:
    """A PyYAML syntax error as a Problem at the place it was found (the end of the last line
    when libyaml points past the end of a file without a final newline)."""
    message = f"invalid YAML: {error.problem or error.context or 'cannot parse'}"
    mark = error.problem_mark or error.context_mark
    if error.problem and error.context:
        where = error.context_mark
        detail = f" at line {where.line + 1}, col {where.column + 1}" if where else ""
        message += f" ({error.context}{detail})"
    position = None
    if mark:
        lines = text.splitlines() or [""]
        line, col = mark.line + 1, mark.column + 1
        if line > len(lines):
            line, col = len(lines), len(lines[-1]) + 1
        elif "\t" in lines[line - 1][:col]:
            message += " (a tab: YAML indents with spaces, never tabs)"
        position = Position(source, line, col)
    return Problem(message, position)


def _tag_message(tag: str) -> str:
    """The message for an explicit tag: written '!!str' rather than 'tag:yaml.org,2002:str'."""
    written = "!!" + tag.removeprefix(_NS) if tag.startswith(_NS) else tag
    return f"YAML tags are not allowed ('{written}'); write the plain value"


def _key_message(raw: str | None, first: At | None) -> str:
    """Why a mapping key is refused (`first`: where an equal key stood)."""
    if raw is None:
        return "a mapping key must be plain text, not a list or mapping"
    if raw == "<<":
        return "merge keys ('<<') are not supported; write the values out"
    line, col = first or (1, 1)
    return f"duplicate key '{raw}' (first at line {line}, col {col}): a value would be lost"


_TOO_LONG: Any = object()  # a number whose digits Python will not convert


def _resolve(text: str) -> Any:
    """A plain scalar as SafeLoader reads it, except timestamps, which stay text."""
    tag = _RESOLVE_TAG(yaml.ScalarNode, text, (True, False))
    build = _BUILDERS.get(tag)
    if build is None:
        return text
    try:
        return build(yaml.ScalarNode(tag, text))
    except (ValueError, OverflowError):
        return _TOO_LONG


# What the next node of the innermost open collection is.
_ROOT, _ITEM, _KEY, _VALUE = 0, 1, 2, 3


def _walk(get_event: Callable[[], Any], source: str, problems: list[Problem]) -> Loaded:
    """Turn the parser's events into plain data, checking every rule on the way.

    Problems that do not stop reading are added to `problems`; the others raise at once.
    Open collections wait on an explicit stack; the innermost one lives in local variables
    (`cont`, `mode`, `path`, `key`, ...) since nearly every event is about it. An alias
    shares the anchored value and is charged its size (values) and height (levels), both
    known when its anchor closes: size from the running total, height from `deepest`, the
    deepest level reached since the innermost open anchored collection started.
    """
    max_nodes, max_depth = MAX_NODES, MAX_DEPTH
    positions: dict[Path, At] = {}
    key_positions: dict[Path, At] = {}
    anchors: dict[str, tuple[Any, int, int, str | None]] = {}  # value, size, height, raw
    open_anchors: set[str] = set()
    resolved: dict[str, Any] = {}  # plain scalar as written -> its value
    stack: list[tuple[Any, int, Path | None, str | None, Path | None, dict[str, At], At, Any, int,
                     int]] = []
    total = depth = deepest = documents = 0
    root: Any = None
    cont: Any = None  # the innermost open list or dict
    mode = _ROOT
    path: Path | None = ()  # where `cont` is; None when its content is discarded
    key: str | None = None  # _VALUE: the key awaiting its value (None: discard the value)
    key_path: Path | None = None  # _VALUE: path + (key,), made once for the key and its value
    seen: dict[str, At] = {}  # keys of a discarded mapping (others are in key_positions)
    start_at: At = (1, 1)  # where `cont` starts
    anchor: Any = None  # the anchor of `cont`
    size_base = saved_deepest = 0  # `cont` anchored: total at its start, outer `deepest`
    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    mapping_start, sequence_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
    mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent

    def problem(message: str, at: At) -> None:
        problems.append(Problem(message, Position(source, *at)))

    def fail(message: str, at: At) -> NoReturn:
        problem(message, at)
        raise LogFormatError(problems)

    def over_budget(at: At) -> NoReturn:
        message = "too many values after expanding aliases (billion laughs?)"
        fail(f"{message}: more than {max_nodes:,}", at)

    def too_deep(at: At) -> NoReturn:
        fail(f"lists and mappings are nested more than {max_depth} levels deep", at)

    while True:
        event = get_event()
        kind = type(event)
        raw: str | None
        if kind is scalar_event:
            mark = event.start_mark
            at = (mark.line + 1, mark.column + 1)
            text: str = event.value
            raw, tag = text, event.tag
            if tag is not None:
                problem(_tag_message(tag), at)
            total += 1
            if total > max_nodes:
                over_budget(at)
            value: Any = text
            name = event.anchor
            if tag is None and (mode != _KEY or name) and event.implicit[0]:
                value = resolved.get(text, _TOO_LONG)
                if value is _TOO_LONG:
                    value = _resolve(text)
                    if value is _TOO_LONG:
                        problem(f"the number {text[:20]}... is too long to read", at)
                        value = text
                    elif value != value:  # NaN passes every bound (never cached: reported)
                        problem(f"'{text}' is not a number; write a number", at)
                        value = text
                    else:
                        resolved[text] = value
            if name:
                anchors[name] = (value, 1, 0, raw)
        elif kind is mapping_end or kind is sequence_end:
            value, raw, at = cont, None, start_at
            if anchor:
                open_anchors.discard(anchor)
                anchors[anchor] = (value, total - size_base + 1, deepest - depth + 1, None)
                deepest = max(deepest, saved_deepest)
            (cont, mode, path, key, key_path, seen, start_at, anchor, size_base,
             saved_deepest) = stack.pop()
            depth -= 1
        elif kind is mapping_start or kind is sequence_start:
            mark = event.start_mark
            at = (mark.line + 1, mark.column + 1)
            if event.tag is not None:
                problem(_tag_message(event.tag), at)
            total += 1
            if total > max_nodes:
                over_budget(at)
            if depth >= max_depth:
                too_deep(at)
            child: Path | None = None
            if mode == _VALUE:
                if key is not None:
                    child = key_path
            elif mode == _ITEM:
                if path is not None:
                    child = path + (len(cont),)
            elif mode == _ROOT:
                child = ()
            if child is not None:
                positions[child] = at
            stack.append((cont, mode, path, key, key_path, seen, start_at, anchor, size_base,
                          saved_deepest))
            depth += 1
            anchor = event.anchor
            if anchor:
                open_anchors.add(anchor)
                size_base, saved_deepest, deepest = total, deepest, depth
            elif depth > deepest:
                deepest = depth
            if kind is mapping_start:
                cont, mode, seen = {}, _KEY, {}
            else:
                cont, mode = [], _ITEM
            path, key, start_at = child, None, at
            continue
        elif kind is alias_event:
            mark = event.start_mark
            at = (mark.line + 1, mark.column + 1)
            name = str(event.anchor)
            if name in open_anchors:
                fail(f"alias '*{name}' is inside the very collection it names", at)
            if name not in anchors:
                fail(f"unknown alias '*{name}': no anchor '&{name}' before it", at)
            value, size, height, raw = anchors[name]
            total += size
            if total > max_nodes:
                over_budget(at)
            if depth + height > max_depth:
                too_deep(at)
            deepest = max(deepest, depth + height)
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                mark = event.start_mark
                at = (mark.line + 1, mark.column + 1)
                fail("a second YAML document starts here; a log is one document", at)
            continue
        elif event is None or kind is yaml.StreamEndEvent:
            break
        else:
            continue  # stream start, document end
        # Place the finished node (`raw`: a scalar as written; None for a collection).
        if mode == _VALUE:
            if key is not None:
                cont[key] = value
                if key_path is not None:
                    positions[key_path] = at
            mode = _KEY
        elif mode == _ITEM:
            if path is not None:
                positions[path + (len(cont),)] = at
            cont.append(value)
        elif mode == _KEY:
            mode = _VALUE
            if raw is None or raw == "<<":
                key = None
                problem(_key_message(raw, None), at)
            elif raw in cont:
                key = None
                first = key_positions[path + (raw,)] if path is not None else seen[raw]
                problem(_key_message(raw, first), at)
            else:
                key = raw
                if path is not None:
                    key_path = path + (raw,)
                    key_positions[key_path] = at
                else:
                    key_path = None
                    seen[raw] = at
        else:
            root = value
            positions[()] = at
    if not documents:
        fail("the file is empty", (1, 1))
    if problems:
        raise LogFormatError(problems)
    return Loaded(source, root, positions, key_positions)
