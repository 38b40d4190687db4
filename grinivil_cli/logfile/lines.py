"""What a line of a log is: one notion wherever a log's text is cut or counted (issue 27). YAML
1.1, as PyYAML and libyaml read it, ends a line at LF, CRLF, CR, U+0085, U+2028 and U+2029, and
the places of `Loaded.positions` count those; `str.splitlines` also splits at VT, FF and
U+001C-U+001E, and `count("\\n")` sees LF alone, so a note holding one of the others made the
recorder cut a log at the wrong line."""

from __future__ import annotations

import re

# The line breaks of YAML 1.1 as PyYAML and libyaml read them (the places of `Loaded.positions`
# count these): CRLF first, so that it is one break.
LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def lines(text: str) -> list[str]:
    """The lines of `text` as YAML counts them, each with its line break (the last one without,
    when the text does not end with one): line N of a reader's position is `lines(text)[N - 1]`."""
    out: list[str] = []
    start = 0
    for found in LINE_BREAK.finditer(text):
        out.append(text[start:found.end()])
        start = found.end()
    if start < len(text):
        out.append(text[start:])
    return out


def line_breaks(text: str) -> int:
    """How many line breaks `text` holds, as YAML counts them."""
    return sum(1 for _ in LINE_BREAK.finditer(text))


def ends_a_line(text: str) -> bool:
    """Whether `text` ends with a line break (or is empty)."""
    return not text or LINE_BREAK.fullmatch(text[-1]) is not None


def line_break_of(line: str) -> str:
    """The line break ending `line` ('' when none)."""
    found = LINE_BREAK.search(line[-2:])
    return line[-2:][found.start():] if found else ""
