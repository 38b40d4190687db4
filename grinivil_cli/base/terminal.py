"""Text made safe for a terminal (and for a page that shows it): every character that could
drive the terminal or reorder what is shown is written as Python's `repr` writes it.

Values quoted from a log (a key, a player's name, a tile), names given on the command line and
file names reach the terminal in messages and tables. An escape sequence in one of them (OSC sets
the window title or makes a link, DCS, `ESC c` resets the terminal, CSI moves the cursor), a
carriage return or backspace (a fake line printed over the real one), a C1 control (U+009B is CSI
to many terminals) or a bidi control (U+202E shows "evil" as "live") would act instead of being
read. `safe_text` turns each into its escape (`\\x1b`, `\\r`, `\\x9b`, `\\u202e`) and leaves every
other character alone (letters of every script, emoji, ordinary spaces). Backslashes are left as
they are, so escaping twice changes nothing.

Escaped: the categories Cc (C0 controls but the newline when it is kept, DEL, C1 controls), Cf
(format characters: the bidi controls U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069, and
zero-width and other invisible ones), Cs (lone surrogates, which would not even encode), Zl and
Zp (line and paragraph separators).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_CANDIDATE = re.compile(r"[^\x20-\x7e]")  # a fast first look: printable ASCII is always safe
_NEWLINE_KEPT = re.compile(r"[^\x20-\x7e\n]")


def _escape(ch: str) -> str:
    """`ch` as repr writes it inside quotes (for a character repr would not print)."""
    return repr(ch)[1:-1]


def _quoted(match: re.Match[str]) -> str:
    ch = match.group()
    return _escape(ch) if unicodedata.category(ch) in UNSAFE_CATEGORIES else ch


def safe_text(text: str, *, newlines: bool = True) -> str:
    """`text` with every control, format (bidi) and separator character escaped as repr does;
    newlines kept when `newlines` (the lines of a message), escaped too when not (a value)."""
    return (_NEWLINE_KEPT if newlines else _CANDIDATE).sub(_quoted, text)


def is_safe(text: str, *, newlines: bool = True) -> bool:
    """Whether `safe_text` would leave `text` as it is."""
    return safe_text(text, newlines=newlines) == text


def _json_escape(match: re.Match[str]) -> str:
    ch = match.group()
    if unicodedata.category(ch) not in UNSAFE_CATEGORIES:
        return ch
    code = ord(ch)
    if code > 0xFFFF:  # JSON writes a character beyond the BMP as a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def safe_json(value: Any, **options: Any) -> str:
    """`json.dumps(value, ensure_ascii=False, ...)` with the characters `safe_text` escapes
    written as JSON escapes (`\\u009b`, `\\u202e`): the same JSON value, nothing a terminal acts
    on. JSON itself escapes C0 controls in strings; outside them JSON text is ASCII (and the
    newlines of `indent`)."""
    import json  # not at start-up: a command prints JSON only when asked

    return _NEWLINE_KEPT.sub(_json_escape, json.dumps(value, ensure_ascii=False, **options))


MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")
_LINE_START = re.compile(r"^([#+=>-]|\d+(?=[.)]))", re.MULTILINE)


def markdown_text(text: str, *, paragraph: bool = False) -> str:
    """`text` shown literally in GitHub-flavoured Markdown, in a table cell (or, `paragraph`,
    as lines of prose): its special characters backslash-escaped (a `|` would split the cell,
    `[x](u)` link, `*b*` emphasise, `<i>` open HTML, `&amp;` be an entity; in prose a `#`, `-`,
    `1.` beginning a line would make a heading or a list), control characters escaped as in
    `safe_text` and, in a cell, a newline as `\\n` (it would end the table row)."""
    escaped = MARKDOWN_SPECIAL.sub(r"\\\1", safe_text(text, newlines=paragraph))
    if not paragraph:
        return escaped
    return _LINE_START.sub(lambda m: m.group() + "\\" if m.group()[0].isdigit()
                           else "\\" + m.group(), escaped)


def markdown_table(headers: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """A GitHub-flavoured Markdown table (the one writer of the audit's and the report's), every
    cell shown as written (`markdown_text`: a `|` in a name keeps its cell)."""
    def line(cells: Sequence[object]) -> str:
        return "| " + " | ".join(markdown_text(str(c)) for c in cells) + " |"

    rule = "|" + "|".join("---" for _ in headers) + "|"
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


class SafeStream:
    """A text stream that writes through `safe_text`: the standard error of the console
    command, so that what other code prints there (Typer's usage errors quote what was typed)
    is as safe as our own messages. It says it is no terminal, so nothing colours its output
    with escape sequences; everything else is the wrapped stream's."""

    def __init__(self, raw: TextIO) -> None:
        self._raw = raw

    def write(self, text: str) -> int:
        self._raw.write(safe_text(text))
        return len(text)

    def isatty(self) -> bool:
        return False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._raw, name)


_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")  # what click's echo removes for no terminal


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """`typer.echo(text, err=err, nl=nl)` without importing typer (`grinivil validate` starts
    without it: `entry.py`). For a text stream with a known encoding other than ASCII, typer
    (click) writes the text and a newline and flushes, after removing ANSI colour codes when
    the stream is no terminal (none get past `safe_text`); so does this. Any other stream
    (ASCII, which click re-encodes; a binary one; a Windows console) is left to typer.echo."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # no standard stream (pythonw): click writes nothing
        return
    encoding = getattr(stream, "encoding", None)
    if (not encoding or getattr(stream, "errors", None) is None or sys.platform == "win32"
            or _is_ascii(encoding)):
        import typer

        typer.echo(text, err=err, nl=nl)
        return
    out = f"{text}\n" if nl else text
    if out and not _is_terminal(stream) and not type(stream).__module__.startswith("ipykernel."):
        out = _ANSI.sub("", out)
    if out:
        stream.write(out)
    stream.flush()


def _is_ascii(encoding: str) -> bool:
    import codecs

    try:
        return codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except Exception:  # noqa: BLE001 - as click: a stream that cannot tell is no terminal
        return False
