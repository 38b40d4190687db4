"""Read YAML input safely: one bounded reader, strict UTF-8, no tags, no duplicate keys, alias
budget.

Every file the tool reads (a log, an edition) goes through `read_bounded`: a regular file is
refused by its size before it is read, anything else (a device, a FIFO) is read up to the limit
and never waited on forever. PyYAML's composer is recursive and expands aliases eagerly, so this
module never lets PyYAML build the document: it walks the (non-recursive) event stream and
builds plain data with an explicit stack, checking nesting depth and the number of values
produced as it goes. An alias shares the anchored list or mapping (no copy, so treat the data as
read-only) but is charged its full size, height and length (the characters of its text), so
walking the data is bounded by MAX_NODES/MAX_DEPTH and what aliases repeat is bounded by the
size of the file (ALIAS_FLOOR, or the file's own length when that is more): no output drawn from
the data can grow faster than the file.

The places of the values (file:line:col for messages) are not noted on the first reading: a
text with no problem is read once without them, and again, with them, only when something asks
where a value stands (`Loaded.position`: a rule broken, a name unknown). A problem met on the
first reading makes the second at once, which reports every problem of the text.
"""

from __future__ import annotations

import errno
import os
import re
import select
import stat
import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn

import yaml

from ..errors import LogFormatError, Path, Position, Problem
from .lines import ends_a_line, lines
from .loaded import Loaded

DEFAULT_MAX_BYTES = 5 * 1024 * 1024
EDITION_MAX_BYTES = 5 * 1024 * 1024  # an edition file (the bundled one is 41 KB)
MAX_DEPTH = 64  # nesting depth of collections
MAX_NODES = 1_000_000  # total values after alias expansion (a long game has about 4,000)
# What aliases may add to the document, in characters of text plus one per value: the file's
# own length, or this much for a small file.
ALIAS_FLOOR = 100_000
PIPE_WAIT = 30.0  # seconds a FIFO or device named by path may stay silent before it is refused
_CHUNK = 64 * 1024

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NS = "tag:yaml.org,2002:"
# The characters PyYAML's reader accepts; anything else is reported here with a position. The
# pattern is written as PyYAML's reader writes its own (`Reader.NON_PRINTABLE`), so that `re`
# gives back the one it compiled (compiling it takes 15 ms: start-up time).
_BAD_CHAR = re.compile('[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]')
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
_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


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
        data = read_bounded(path, source, max_bytes)
    except IsADirectoryError:
        _refuse(f"'{source}' is a folder, not a log file")
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        _refuse(_os_message(error, source))
    except MemoryError:
        _refuse(f"'{source}' is too big to read into memory")
    return load_yaml_text(data, source, max_bytes=max_bytes)


def load_yaml_text(text: str | bytes, source: str, *, max_bytes: int = DEFAULT_MAX_BYTES,
                   what: str = "log") -> Loaded:
    """Check and load YAML text (or UTF-8 bytes) named `source`; raise LogFormatError.
    `what` names the input in messages (a log, an edition)."""
    try:
        return _load(_decode(text, source, max_bytes, what), source)
    except (RecursionError, MemoryError):
        _refuse("the file is too complex to read (it exhausted memory)", Position(source, 1, 1))


def _refuse(message: str, position: Position | None = None) -> NoReturn:
    """Raise a LogFormatError carrying a single problem."""
    raise LogFormatError([Problem(message, position)])


def kind_of_file(mode: int) -> str | None:
    """'a FIFO (named pipe)', 'a character device'...: what a file that is not a regular file
    or a folder is (None for those two)."""
    return next((name for test, name in _KINDS if test(mode)), None)


def _open_fd(path: str | os.PathLike[str]) -> int:
    """Open for reading without waiting for a FIFO's writer (O_NONBLOCK where there is one)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_BINARY", 0)
    return os.open(path, flags)


def read_bounded(path: str | os.PathLike[str], source: str, max_bytes: int, *,
                 what: str = "log", files_only: bool = False) -> bytes:
    """The bytes of the input at `path` (`-`: standard input), at most `max_bytes`, for every
    input the tool reads. A regular file over the limit is refused before it is opened (and
    again by the size it has once open); a FIFO or device is read up to the limit, and refused
    when it stays silent for PIPE_WAIT seconds, or at once with `files_only` (editions).
    Raises LogFormatError for those refusals and OSError (IsADirectoryError for a folder) or
    ValueError (a NUL in the name) when the file cannot be opened."""
    if os.fspath(path) == STDIN:
        data = sys.stdin.buffer.read(max_bytes + 1)
        if len(data) > max_bytes:
            _refuse(_too_big(source, "larger than that", max_bytes, what))
        return data
    _check_kind(os.stat(path), source, max_bytes, what, files_only)  # before opening
    fd = _open_fd(path)
    try:
        info = os.fstat(fd)  # the file opened, which may not be the one stat saw
        _check_kind(info, source, max_bytes, what, files_only)
        if stat.S_ISREG(info.st_mode):
            os.set_blocking(fd, True)
            data = _read_all(fd, max_bytes + 1, None)
        else:
            data = _read_all(fd, max_bytes + 1, (source, kind_of_file(info.st_mode) or "a pipe"))
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        _refuse(_too_big(source, "larger than that", max_bytes, what))
    return data


def _check_kind(info: os.stat_result, source: str, max_bytes: int, what: str,
                files_only: bool) -> None:
    """Refuse a folder (IsADirectoryError), a regular file over the limit, or (`files_only`)
    anything that is not a regular file."""
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder")
    if stat.S_ISREG(info.st_mode):
        if info.st_size > max_bytes:
            _refuse(_too_big(source, _size(info.st_size), max_bytes, what))
    elif files_only:
        kind = kind_of_file(info.st_mode) or "not a regular file"
        _refuse(f"'{source}' is {kind}, not a file: {_article(what)} {what} must be a file")


def _read_all(fd: int, limit: int, pipe: tuple[str, str] | None) -> bytes:
    """Up to `limit` bytes from `fd`. A pipe (source, kind) is polled: PIPE_WAIT seconds of
    silence refuse it; without select.poll it is read blocking."""
    chunks: list[bytes] = []
    got = 0
    poller = None
    if pipe is not None and hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLPRI)
    else:
        os.set_blocking(fd, True)
    while got < limit:
        if poller is not None:
            wait = PIPE_WAIT
            deadline = time.monotonic() + wait
            while not poller.poll(max(0.0, deadline - time.monotonic()) * 1000):
                if time.monotonic() >= deadline:
                    assert pipe is not None
                    source, kind = pipe
                    _refuse(f"nothing arrived from '{source}', {kind}, for {wait:g} seconds; "
                            "give a file, or - to read standard input")
        try:
            chunk = os.read(fd, min(_CHUNK if pipe else limit - got, limit - got))
        except BlockingIOError:
            continue
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _article(what: str) -> str:
    """'an' before a vowel, 'a' otherwise."""
    return "an" if what[:1] in "aeiou" else "a"


def _os_message(error: OSError | ValueError, source: str) -> str:
    """A short explanation of why the file could not be read."""
    if isinstance(error, FileNotFoundError):
        return f"'{source}': no such file"
    if isinstance(error, PermissionError):
        return f"cannot read '{source}': permission denied"
    if isinstance(error, ValueError):  # Python's words for it differ from version to version
        return f"cannot read '{source}': a NUL character in the name, which no file name holds"
    return f"cannot read '{source}': {getattr(error, 'strerror', None) or error}"


def _size(n: int) -> str:
    """A byte count for people: '6.0 MB (6,291,456 bytes)'."""
    scale, unit = (1024 * 1024, "MB") if n >= 1024 * 1024 else (1024, "KB")
    return f"{n / scale:.1f} {unit} ({n:,} bytes)" if n >= 1024 else f"{n:,} bytes"


def _too_big(source: str, size: str, max_bytes: int, what: str = "log") -> str:
    """The message for a file over the size limit (only a log's limit has an option)."""
    message = (f"'{source}' is too big to be {_article(what)} {what}: the limit is "
               f"{_size(max_bytes)} and it is {size}")
    return message + "; use --max-size to raise the limit" if what == "log" else message


def _decode(data: str | bytes, source: str, max_bytes: int, what: str = "log") -> str:
    """The text to parse, after the size, encoding and character checks."""
    if isinstance(data, str):
        size = len(data) if len(data) > max_bytes else len(data.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            _refuse(_too_big(source, _size(size), max_bytes, what))
        text = data.removeprefix("\ufeff")
    else:
        if len(data) > max_bytes:
            _refuse(_too_big(source, _size(len(data)), max_bytes, what))
        text = _utf8(data, source, what)
    if text.startswith("\ufeff"):  # YAML would skip it silently, and keep a third one as text
        _refuse("the file starts with two byte order marks (U+FEFF); remove the second one",
                Position(source, 1, 1))
    if bad := _BAD_CHAR.search(text):
        line, col = _text_at(text, bad.start())
        _refuse(_char_message(bad.group(), what), Position(source, line, col))
    return text


# The first bytes of UTF-32 and UTF-16 text, with a BOM or starting with an ASCII character
# (YAML 1.2, 5.2 Character Encodings): 0 a zero byte, 1 any other, None either.
_WIDE: tuple[tuple[str, tuple[int | None, ...]], ...] = (
    ("UTF-32", (0x00, 0x00, 0xFE, 0xFF)), ("UTF-32", (0xFF, 0xFE, 0x00, 0x00)),
    ("UTF-32", (0, 0, 0, 1)), ("UTF-32", (1, 0, 0, 0)),
    ("UTF-16", (0xFE, 0xFF)), ("UTF-16", (0xFF, 0xFE)),
    ("UTF-16", (0, 1, 0, 1)), ("UTF-16", (1, 0, 1, 0)),
)


def _wide_encoding(data: bytes) -> str | None:
    """'UTF-32' or 'UTF-16' when the data starts as text in that encoding does."""
    for name, pattern in _WIDE:
        if len(data) < len(pattern):
            continue
        for byte, want in zip(data, pattern, strict=False):
            if want == 0 and byte != 0 or want == 1 and byte in (0, 0xFE, 0xFF, 0xEF) \
                    or want not in (0, 1) and byte != want:
                break
        else:
            return name
    return None


def _utf8(data: bytes, source: str, what: str = "log") -> str:
    """Strict UTF-8 decoding (BOM allowed), reporting the first bad byte's line and column."""
    if wide := _wide_encoding(data[:4]):
        _refuse(f"the file is saved as {wide}; save it as UTF-8", Position(source, 1, 1))
    body = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        nul = body.find(b"\0", 0, error.start)
        index = nul if nul >= 0 else error.start
        line, col = _bytes_at(body, index)
        message = f"the file is not valid UTF-8 (byte 0x{body[index]:02x}); save it as UTF-8"
        if nul >= 0:
            message = _char_message("\0", what)
        _refuse(message, Position(source, line, col))


def _char_message(char: str, what: str = "log") -> str:
    """The message for a character YAML does not accept."""
    if char == "\0":
        return f"NUL byte: this looks like a binary file, not a YAML {what}"
    return f"character U+{ord(char):04X} is not allowed in a YAML {what}"


def _text_at(text: str, index: int) -> At:
    """1-based (line, col) of a character index, lines as YAML counts them (`lines.py`)."""
    before = lines(text[:index])
    if not before:
        return 1, 1
    last = before[-1]
    if ends_a_line(last):
        return len(before) + 1, 1
    return len(before), len(last) + 1


def _bytes_at(data: bytes, index: int) -> At:
    """1-based (line, col in characters) of a byte index in UTF-8 data."""
    return _text_at(data[:index].decode("utf-8", "replace"), len(
        data[:index].decode("utf-8", "replace")))


def _load(text: str, source: str, loader: Any = None) -> Loaded:
    """Parse the checked text into a Loaded, collecting problems. The data is read first
    without the places of its values; they are found when first asked for, and at
    once when the text has a problem to report (`_places`)."""
    if all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        _refuse("the file is empty", Position(source, 1, 1))  # a blank line may hold a tab
    try:
        return _read(text, source, loader, places=False)
    except _ToReport:
        return _read(text, source, loader, places=True)


class _ToReport(Exception):
    """A problem met while reading without places: read again with them, to report it."""


def _read(text: str, source: str, loader: Any, *, places: bool) -> Loaded:
    problems: list[Problem] = []
    parser = (loader or _LOADER)(text)
    try:
        loaded = _walk(parser.get_event, source, problems, len(text), places)
    except yaml.MarkedYAMLError as error:
        if loader is None and "nesting depth" in str(error.problem):
            # libyaml's scanner looks ahead and hits its own limit (1000) before our 64:
            # the pure-Python parser has no such limit, so ours is reported, at its place.
            return _read(text, source, yaml.SafeLoader, places=places)
        if not places:
            raise _ToReport from None
        raise LogFormatError([*problems, _parse_problem(error, source, text)]) from None
    except yaml.YAMLError as error:
        if not places:
            raise _ToReport from None
        raise LogFormatError([*problems, Problem(f"invalid YAML: {error}")]) from None
    finally:
        parser.dispose()
    if not places:
        loaded = Loaded(source, loaded.data, place=lambda: _places(text, source, loader))
    return loaded


def _places(text: str, source: str, loader: Any) -> tuple[dict[Path, At], dict[Path, At]]:
    """The places of a text read once without problems (so read again without any)."""
    loaded = _read(text, source, loader, places=True)
    return loaded.positions, loaded.key_positions


def _parse_problem(error: yaml.MarkedYAMLError, source: str, text: str) -> Problem:
    """A PyYAML syntax error as a Problem at the place it was found (the end of the last line
    when libyaml points past the end of a file without a final newline): what to do, in
    plain words, for the mistakes a hand-edited file makes (`_plainly`), with the parser's own
    words after it; the parser's words alone for any other."""
    said = error.problem or error.context or "cannot parse"
    if error.problem and error.context:
        where = error.context_mark
        detail = f" at line {where.line + 1}, col {where.column + 1}" if where else ""
        said += f" ({error.context}{detail})"
    lines = text.splitlines() or [""]
    mark = error.problem_mark or error.context_mark
    plain = _plainly(error, lines)
    message = f"invalid YAML: {plain} (YAML: {error.problem or error.context})" if plain \
        else f"invalid YAML: {said}"
    position = None
    if mark:
        line, col = mark.line + 1, mark.column + 1
        if line > len(lines):
            line, col = len(lines), len(lines[-1]) + 1
        elif "\t" in lines[line - 1][:col]:
            message += " (a tab: YAML indents with spaces, never tabs)"
        position = Position(source, line, col)
    return Problem(message, position)


def _plainly(error: yaml.MarkedYAMLError, lines: list[str]) -> str | None:
    """What to do about a syntax error a hand-edited file often has, in plain words; None for
    any other. Read from the parser's context and problem, which libyaml and PyYAML's own
    parser word alike where it matters."""
    problem, context = error.problem or "", error.context or ""
    opened = error.context_mark
    at = f"at line {opened.line + 1}, col {opened.column + 1}" if opened else "above"
    if context.startswith("while parsing a flow sequence"):
        return f"the list opened with '[' {at} is not closed: end it with ']' (its items " \
               "separated by commas)"
    if context.startswith("while parsing a flow mapping"):
        return f"the '{{' {at} is not closed: end it with '}}' (its `key: value` pairs " \
               "separated by commas)"
    if context.startswith("while parsing a flow node"):
        return "a value is missing here: a '[' or '{' left open, or a ',' with nothing after it"
    if problem.startswith("mapping values are not allowed"):
        return "a ': ' where a value was expected: a text holding ': ' goes in quotes " \
               "(title: \"Game: the final\"), and a key lines up with the keys above it"
    if context.startswith("while scanning a quoted scalar") and "end of stream" in problem:
        return f"the quote {at} is not closed: end the text with the same quote"
    mark = error.problem_mark
    line = lines[mark.line] if mark and mark.line < len(lines) else ""
    if context.startswith(("while parsing a block collection", "while parsing a block mapping")):
        if mark and mark.column > len(line) - len(line.lstrip(" ")):  # after a value
            return "more follows a whole value on this line: put the whole value in quotes, " \
                   "or begin the next key on a line of its own"
        return "this line is not lined up with the lines above it: indent it as the other " \
               "keys (or '- ' items) of its level, with spaces"
    if context.startswith("while scanning a simple key"):
        where = f"line {opened.line + 1}" if opened else "a line"
        return f"{where} has no ':' after its key (write `key: value`), or is text going on " \
               "from the line above (put the whole text in quotes)"
    if problem.startswith("found character") and "cannot start any token" in problem and mark \
            and mark.column < len(line):
        first = line[mark.column]
        return f"a value cannot begin with '{first}': put it in quotes ('{first}...')"
    return None


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


def _walk(get_event: Callable[[], Any], source: str, problems: list[Problem],
          length: int, places: bool = True) -> Loaded:
    """Turn the parser's events into plain data, checking every rule on the way; with
    `places`, note where every value and key stands. Without them, the first problem raises
    _ToReport (the text is read again with places to report it).

    Problems that do not stop reading are added to `problems`; the others raise at once.
    Open collections wait on an explicit stack; the innermost one lives in local variables
    (`cont`, `mode`, `path`, `key`, ...) since nearly every event is about it. An alias
    shares the anchored value and is charged its size (values) and height (levels), both
    known when its anchor closes: size from the running total, height from `deepest`, the
    deepest level reached since the innermost open anchored collection started. An alias is
    also charged its weight (the characters of its scalars, plus one per value: `weight`
    counts them for the whole document), and what aliases add (`repeated`) may not exceed the
    file's `length` (or ALIAS_FLOOR): the expanded document is at most about twice the file.
    """
    max_nodes, max_depth = MAX_NODES, MAX_DEPTH
    alias_budget = max(ALIAS_FLOOR, length)
    positions: dict[Path, At] = {}
    key_positions: dict[Path, At] = {}
    anchors: dict[str, tuple[Any, int, int, str | None, int]] = {}  # value, size, height,
    # raw, weight
    open_anchors: set[str] = set()
    resolved: dict[str, Any] = {}  # plain scalar as written -> its value
    stack: list[tuple[Any, int, Path | None, str | None, Path | None, dict[str, At], At, Any, int,
                     int, int]] = []
    total = depth = deepest = documents = 0
    weight = repeated = from_aliases = 0  # the document's weight; what aliases added to it
    root: Any = None
    cont: Any = None  # the innermost open list or dict
    mode = _ROOT
    path: Path | None = ()  # where `cont` is; None when its content is discarded
    key: str | None = None  # _VALUE: the key awaiting its value (None: discard the value)
    key_path: Path | None = None  # _VALUE: path + (key,), made once for the key and its value
    seen: dict[str, At] = {}  # keys of a discarded mapping (others are in key_positions)
    start_at: At = (1, 1)  # where `cont` starts
    anchor: Any = None  # the anchor of `cont`
    size_base = saved_deepest = weight_base = 0  # `cont` anchored: total at its start, outer
    # `deepest`, weight at its start
    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    mapping_start, sequence_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
    mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent

    def problem(message: str, at: At) -> None:
        if not places:
            raise _ToReport
        problems.append(Problem(message, Position(source, *at)))

    def fail(message: str, at: At) -> NoReturn:
        problem(message, at)
        raise LogFormatError(problems)

    def over_budget(at: At) -> NoReturn:
        if from_aliases:
            fail("too many values after expanding aliases (billion laughs?): more than "
                 f"{max_nodes:,}, {from_aliases:,} of them repeated by aliases", at)
        fail(f"the file holds more than {max_nodes:,} values (lists, mappings and scalars): "
             "far more than a game (a long one has about 4,000)", at)

    def repeats_too_much(name: str, at: At) -> NoReturn:
        fail(f"aliases repeat too much: with '*{name}' here they would add {repeated:,} "
             f"characters and values to a file of {length:,}; aliases may add at most the "
             f"file's length or {ALIAS_FLOOR:,}, whichever is more", at)

    def too_deep(at: At) -> NoReturn:
        fail(f"lists and mappings are nested more than {max_depth} levels deep", at)

    at: At = (0, 0)  # where the event stands (found only with `places`, or for a problem)
    while True:
        event = get_event()
        kind = type(event)
        raw: str | None
        if kind is scalar_event:
            if places:
                mark = event.start_mark
                at = (mark.line + 1, mark.column + 1)
            text: str = event.value
            raw, tag = text, event.tag
            if tag is not None:
                problem(_tag_message(tag), at)
            total += 1
            weight += len(text) + 1
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
                anchors[name] = (value, 1, 0, raw, len(text) + 1)
        elif kind is mapping_end or kind is sequence_end:
            value, raw, at = cont, None, start_at
            if anchor:
                open_anchors.discard(anchor)
                anchors[anchor] = (value, total - size_base + 1, deepest - depth + 1, None,
                                   weight - weight_base + 1)
                deepest = max(deepest, saved_deepest)
            (cont, mode, path, key, key_path, seen, start_at, anchor, size_base,
             saved_deepest, weight_base) = stack.pop()
            depth -= 1
        elif kind is mapping_start or kind is sequence_start:
            if places:
                mark = event.start_mark
                at = (mark.line + 1, mark.column + 1)
            if event.tag is not None:
                problem(_tag_message(event.tag), at)
            total += 1
            weight += 1
            if total > max_nodes:
                over_budget(at)
            if depth >= max_depth:
                too_deep(at)
            child: Path | None = None
            if not places:
                pass  # no paths: `path` stays None
            elif mode == _VALUE:
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
                          saved_deepest, weight_base))
            depth += 1
            anchor = event.anchor
            if anchor:
                open_anchors.add(anchor)
                size_base, saved_deepest, deepest, weight_base = total, deepest, depth, weight
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
            value, size, height, raw, heft = anchors[name]
            total += size
            from_aliases += size
            weight += heft
            repeated += heft
            if repeated > alias_budget:
                repeats_too_much(name, at)
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
                if not places:
                    raise _ToReport
                first = key_positions[path + (raw,)] if path is not None else seen[raw]
                problem(_key_message(raw, first), at)
            else:
                key = raw
                if path is not None:
                    key_path = path + (raw,)
                    key_positions[key_path] = at
                else:
                    key_path = None
                    if places:
                        seen[raw] = at
        else:
            root = value
            if places:
                positions[()] = at
    if not documents:
        fail("the file is empty", (1, 1))
    if problems:
        raise LogFormatError(problems)
    return Loaded(source, root, positions, key_positions)
