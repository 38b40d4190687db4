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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, NoReturn

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


def load_yaml_file(
    path: str | os.PathLike[str],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    display_name: str | None = None,
) -> Loaded:
    """Read and check the YAML log at `path`; raise LogFormatError for anything wrong."""
    source = display_name or os.fspath(path)
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
    builder = _Builder(source)
    try:
        for event in yaml.parse(text, Loader=loader or _LOADER):
            builder.feed(event)
    except yaml.MarkedYAMLError as error:
        if loader is None and "nesting depth" in str(error.problem):
            # libyaml's scanner looks ahead and hits its own limit (1000) before our 64:
            # the pure-Python parser has no such limit, so ours is reported, at its place.
            return _load(text, source, yaml.SafeLoader)
        raise LogFormatError([*builder.problems, _parse_problem(error, source)]) from None
    except yaml.YAMLError as error:
        raise LogFormatError([*builder.problems, Problem(f"invalid YAML: {error}")]) from None
    return builder.result()


def _parse_problem(error: yaml.MarkedYAMLError, source: str) -> Problem:
    """A PyYAML syntax error as a Problem at the place it was found."""
    message = f"invalid YAML: {error.problem or error.context or 'cannot parse'}"
    mark = error.problem_mark or error.context_mark
    if error.problem and error.context:
        where = error.context_mark
        detail = f" at line {where.line + 1}, col {where.column + 1}" if where else ""
        message += f" ({error.context}{detail})"
    position = Position(source, mark.line + 1, mark.column + 1) if mark else None
    return Problem(message, position)


def _at(event: yaml.Event) -> At:
    """1-based (line, col) where an event starts."""
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1) if mark else (1, 1)


def _tag_name(tag: str) -> str:
    """A tag as it would be written: '!!str' rather than 'tag:yaml.org,2002:str'."""
    return "!!" + tag.removeprefix(_NS) if tag.startswith(_NS) else tag


class _Node(NamedTuple):
    """A finished value: its size and height once aliases are expanded, and its raw text."""

    value: Any
    size: int  # values in it, aliases expanded
    height: int  # 0 for a scalar, 1 + the tallest child for a collection
    raw: str | None  # a scalar as written (a usable key); None for collections


@dataclass
class _Frame:
    """An open sequence or mapping; `path` None means its content is being discarded."""

    container: Any
    path: Path | None
    at: At
    anchor: str | None
    count: int = 1
    height: int = 1
    key: str | None = None  # mapping: the key awaiting its value (None: discard the value)
    has_key: bool = False
    seen: dict[str, At] = field(default_factory=dict)


class _Builder:
    """Turns a PyYAML event stream into plain data, checking every rule on the way."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.stack: list[_Frame] = []
        self.anchors: dict[str, _Node] = {}
        self.open_anchors: set[str] = set()
        self.total = 0
        self.documents = 0
        self.root: Any = None
        self.positions: dict[Path, At] = {}
        self.key_positions: dict[Path, At] = {}

    def result(self) -> Loaded:
        """The loaded document, or LogFormatError with every problem found."""
        if not self.documents:
            self._fail("the file is empty", (1, 1))
        if self.problems:
            raise LogFormatError(self.problems)
        return Loaded(self.source, self.root, self.positions, self.key_positions)

    def feed(self, event: yaml.Event) -> None:
        """Take the next parser event."""
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                self._fail("a second YAML document starts here; a log is one document", _at(event))
        elif isinstance(event, yaml.ScalarEvent):
            self._scalar(event)
        elif isinstance(event, yaml.AliasEvent):
            self._alias(event)
        elif isinstance(event, yaml.CollectionStartEvent):
            self._start(event)
        elif isinstance(event, yaml.CollectionEndEvent):
            self._end()

    def _problem(self, message: str, at: At) -> None:
        """Record a problem and carry on reading."""
        self.problems.append(Problem(message, Position(self.source, *at)))

    def _fail(self, message: str, at: At) -> NoReturn:
        """Stop reading: raise the problems so far plus this one."""
        self._problem(message, at)
        raise LogFormatError(self.problems)

    def _count(self, n: int, at: At) -> None:
        """Charge `n` values to the expansion budget."""
        self.total += n
        if self.total > MAX_NODES:
            message = "too many values after expanding aliases (billion laughs?)"
            self._fail(f"{message}: more than {MAX_NODES:,}", at)

    def _check_depth(self, depth: int, at: At) -> None:
        """Refuse collections nested deeper than MAX_DEPTH (aliases included)."""
        if depth > MAX_DEPTH:
            self._fail(f"lists and mappings are nested more than {MAX_DEPTH} levels deep", at)

    def _check_tag(self, tag: str | None, at: At) -> None:
        """Refuse explicit tags (`!!python/object`, `!custom`, even `!!str`)."""
        if tag is not None:
            message = f"YAML tags are not allowed ('{_tag_name(tag)}'); write the plain value"
            self._problem(message, at)

    def _child_path(self) -> Path | None:
        """The path of the node starting now, or None for keys and discarded values."""
        if not self.stack:
            return ()
        frame = self.stack[-1]
        if frame.path is None:
            return None
        if isinstance(frame.container, list):
            return (*frame.path, len(frame.container))
        if frame.has_key and frame.key is not None:
            return (*frame.path, frame.key)
        return None

    def _expecting_key(self) -> bool:
        """Whether the node starting now is a mapping key."""
        top = self.stack[-1] if self.stack else None
        return top is not None and isinstance(top.container, dict) and not top.has_key

    def _scalar(self, event: yaml.ScalarEvent) -> None:
        """A scalar: a key (kept as written) or a resolved value."""
        at = _at(event)
        self._check_tag(event.tag, at)
        self._count(1, at)
        value: Any = event.value
        if event.tag is None and event.implicit[0] and (event.anchor or not self._expecting_key()):
            value = self._resolve(event.value, at)
        node = _Node(value, 1, 0, event.value)
        if event.anchor:
            self.anchors[event.anchor] = node
        self._place(node, at)

    def _resolve(self, text: str, at: At) -> Any:
        """A plain scalar as SafeLoader reads it, except timestamps, which stay text."""
        tag = _RESOLVE_TAG(yaml.ScalarNode, text, (True, False))
        build = _BUILDERS.get(tag)
        try:
            return text if build is None else build(yaml.ScalarNode(tag, text))
        except (ValueError, OverflowError):
            self._problem(f"the number {text[:20]}... is too long to read", at)
            return text

    def _alias(self, event: yaml.AliasEvent) -> None:
        """An alias: share the anchored value (no copy), charging its full size to the budget."""
        at, name = _at(event), str(event.anchor)
        if name in self.open_anchors:
            self._fail(f"alias '*{name}' is inside the very collection it names", at)
        if name not in self.anchors:
            self._fail(f"unknown alias '*{name}': no anchor '&{name}' before it", at)
        node = self.anchors[name]
        self._count(node.size, at)
        self._check_depth(len(self.stack) + node.height, at)
        self._place(node, at)

    def _start(self, event: yaml.CollectionStartEvent) -> None:
        """A sequence or mapping opens: check depth and push a frame."""
        at = _at(event)
        self._check_tag(event.tag, at)
        self._count(1, at)
        self._check_depth(len(self.stack) + 1, at)
        path = self._child_path()
        if path is not None:
            self.positions[path] = at
        container: Any = {} if isinstance(event, yaml.MappingStartEvent) else []
        if event.anchor:
            self.open_anchors.add(event.anchor)
        self.stack.append(_Frame(container, path, at, event.anchor))

    def _end(self) -> None:
        """A sequence or mapping closes: remember its anchor and hand it to its parent."""
        frame = self.stack.pop()
        node = _Node(frame.container, frame.count, frame.height, None)
        if frame.anchor:
            self.open_anchors.discard(frame.anchor)
            self.anchors[frame.anchor] = node
        self._place(node, frame.at, recorded=True)

    def _place(self, node: _Node, at: At, recorded: bool = False) -> None:
        """Put a finished node where it belongs: root, list item, mapping key or value."""
        if not recorded and (path := self._child_path()) is not None:
            self.positions[path] = at
        if not self.stack:
            self.root = node.value
            return
        frame = self.stack[-1]
        frame.count += node.size
        frame.height = max(frame.height, node.height + 1)
        if isinstance(frame.container, list):
            frame.container.append(node.value)
        elif not frame.has_key:
            self._take_key(frame, node.raw, at)
        else:
            if frame.key is not None:
                frame.container[frame.key] = node.value
            frame.has_key = False

    def _take_key(self, frame: _Frame, raw: str | None, at: At) -> None:
        """Accept a mapping key, or record why it is refused (its value is then discarded)."""
        frame.has_key, frame.key = True, None
        if raw is None:
            self._problem("a mapping key must be plain text, not a list or mapping", at)
        elif raw == "<<":
            self._problem("merge keys ('<<') are not supported; write the values out", at)
        elif raw in frame.seen:
            line, col = frame.seen[raw]
            self._problem(
                f"duplicate key '{raw}' (first at line {line}, col {col}): a value would be lost",
                at,
            )
        else:
            frame.seen[raw] = at
            frame.key = raw
            if frame.path is not None:
                self.key_positions[(*frame.path, raw)] = at
