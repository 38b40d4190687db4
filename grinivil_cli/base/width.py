"""Text and tables that fit the terminal (issue 33): at 80 columns `audit` printed 209-column
lines, `show` 151, `ledger` 121.

The width is `COLUMNS` when it is set (as click, Rich and most tools read it), else the
terminal's when standard output is one, else 80: what is piped to a file or a pager is the same
on every machine and readable on any screen. Never less than `MIN_WIDTH`. `--format json` and
Markdown are written for programs and forums and take no width (`None`: the natural layout).

A table keeps the look it had: a header, a rule of dashes under each column, two spaces between
columns. When the natural table is wider than the width, a table given a key column (`flip`)
is turned over first (a column per player, a row per value: a few players are narrower than a
dozen values); then, if it is still too wide, its cells wrap within their columns, Rich
wrapping at spaces and folding a word wider than its column. Each column keeps its longest
word when the width allows, and the columns whose text is longest get the rest. Every cell is
shown whole: nothing is cut, no ellipsis. Rich is imported only for a table that wraps (a
command that fits, and `validate`, start without it: start-up time).

A line of prose (`wrap`) breaks at spaces, or between the items of a list, with its next lines
indented deeper than its first, so that a value quoted from a log (a player's name that reads
like a verdict) can never begin a line of its own. A word wider than the line (a path, an id)
is never broken: it would no longer be found, nor pasted whole.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .terminal import safe_text

UNIT = re.compile(r"(?:kB|MB|GB|KiB|MiB|GiB|bytes?|ms|s)\b")  # after a number, on its line

DEFAULT_WIDTH = 80  # when standard output is no terminal and COLUMNS is not set
MIN_WIDTH = 40  # narrower than this, tables would fold every word
GAP = "  "  # between the columns of a table


def terminal_width(stream: TextIO | None = None) -> int:
    """The columns to fit: `COLUMNS` when it is a whole number, else the terminal's when
    `stream` (standard output) is one, else `DEFAULT_WIDTH`; at least `MIN_WIDTH`."""
    given = os.environ.get("COLUMNS", "").strip()
    if given.isdigit() and int(given) > 0:
        return max(MIN_WIDTH, int(given))
    out = sys.stdout if stream is None else stream
    try:
        if out is not None and out.isatty():
            return max(MIN_WIDTH, os.get_terminal_size(out.fileno()).columns)
    except (AttributeError, ValueError, OSError):  # no file descriptor, or not a terminal
        pass
    return DEFAULT_WIDTH


def cell_width(text: str) -> int:
    """The columns `text` takes in a terminal: 2 for a wide (East Asian) character, 0 for a
    combining mark or an invisible one, 1 for every other (without Rich: `validate`)."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.category(ch) in ("Mn", "Me", "Cf") else
               2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def wrap(text: str, width: int | None, *, sep: str = " ", indent: str = "  ",
         hang: str | None = None) -> str:
    """Each line of `text` at most `width` columns (None: as it is), broken after a `sep`
    (a space; `", "` keeps the items of a list whole, an item wider than a line broken at
    its spaces); its next lines begin with `hang`, by default its own indentation and
    `indent` (never less than its own indentation and a space)."""
    if width is None:
        return text
    return "\n".join(_wrap_line(line, width, sep, indent, hang) for line in text.split("\n"))


def _wrap_line(line: str, width: int, sep: str, indent: str, hang: str | None) -> str:
    if cell_width(line) <= width:
        return line
    body = line.lstrip(" ")
    lead = line[:len(line) - len(body)]
    after = lead + indent if hang is None or len(hang) <= len(lead) else hang
    room = width - cell_width(after)
    lines: list[str] = []
    current, fresh = lead, True  # fresh: nothing on the line yet
    for token in _tokens(body, sep, room):
        if not fresh and cell_width((current + token).rstrip()) > width:
            lines.append(current.rstrip())
            current, fresh = after, True
        if fresh and not token.strip():  # the spaces at a break: the line ends them
            continue
        current, fresh = current + token, False
    lines.append(current.rstrip())
    return "\n".join(lines)


def _tokens(body: str, sep: str, room: int) -> list[str]:
    """The pieces of `body` a line may break after, each with its separator (the spaces that
    align columns are pieces of their own): the items between `sep`s, an item wider than
    `room` as its words."""
    out: list[str] = []
    for token in _pieces(body, sep):
        pieces = _pieces(token, " ") if sep != " " and cell_width(token.rstrip()) > room \
            else [token] if token else []
        for piece in pieces:  # a size keeps its unit: `(1.2 MB)`, never `(1.2` / `MB)`
            if out and UNIT.match(piece) and out[-1][-2:-1].isdigit() and out[-1].endswith(" "):
                out[-1] += piece
            else:
                out.append(piece)
    return out


def _pieces(text: str, sep: str) -> list[str]:
    parts = text.split(sep)
    return [p + sep for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def text_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], width: int | None,
               *, flip: int | None = None) -> str:
    """A table as text: `headers`, a rule of dashes under each, then `rows`, every cell shown
    as written (control characters escaped, `safe_text`), columns two spaces apart; at most
    `width` columns wide (None: its natural width). `flip`: the index of the key column (the
    player): a table too wide is first turned over, the keys becoming the header."""
    head = [safe_text(str(h), newlines=False) for h in headers]
    body = [[safe_text(str(c), newlines=False) for c in row] for row in rows]
    measure = _measure(head, body)
    if width is None or _natural_width(head, body, measure) <= width:
        return _natural(head, body, measure)
    if flip is not None:
        head, body = ([head[flip]] + [row[flip] for row in body],
                      [[h] + [row[i] for row in body] for i, h in enumerate(head) if i != flip])
        if _natural_width(head, body, measure) <= width:
            return _natural(head, body, measure)
    return _wrapped(head, body, width, measure)


def _measure(head: list[str], body: list[list[str]]) -> Callable[[str], int]:
    """How cells are measured: their length when they are ASCII, else Rich's cell length
    (which Rich's wrapping uses)."""
    if all(h.isascii() for h in head) and all(c.isascii() for row in body for c in row):
        return len
    from rich.cells import cell_len

    return cell_len


def _natural_width(head: list[str], body: list[list[str]], measure: Callable[[str], int]
                   ) -> int:
    widths = [max(measure(r[i]) for r in [head, *body]) for i in range(len(head))]
    return sum(widths) + len(GAP) * (len(widths) - 1)


def _natural(head: list[str], body: list[list[str]], measure: Callable[[str], int]) -> str:
    """Every cell on one line, each column as wide as its widest cell."""
    widths = [max(measure(r[i]) for r in [head, *body]) for i in range(len(head))]
    return "\n".join(_line(r, widths, measure)
                     for r in [head, ["-" * w for w in widths], *body])


def _line(cells: Sequence[str], widths: list[int], measure: Callable[[str], int]) -> str:
    return GAP.join(c + " " * (w - measure(c)) for c, w in zip(cells, widths, strict=True)
                    ).rstrip()


def _wrapped(head: list[str], body: list[list[str]], width: int,
             measure: Callable[[str], int]) -> str:
    """The table in `width` columns, long cells wrapped within their column by Rich (a row
    taking as many lines as its tallest cell)."""
    import io

    from rich.console import Console
    from rich.text import Text

    widths = column_widths([head, *body], width - len(GAP) * (len(head) - 1), measure)
    console = Console(width=width, file=io.StringIO(), color_system=None, no_color=True,
                      force_terminal=False, highlight=False, emoji=False, markup=False,
                      legacy_windows=False, _environ={})

    wrapped: dict[tuple[str, int], list[str]] = {}  # a ledger's causes repeat

    def lines_of(cell: str, w: int) -> list[str]:
        if measure(cell) <= w:
            return [cell]
        if (cell, w) not in wrapped:
            parts = [line.plain.strip() for line in Text(cell).wrap(console, w, overflow="fold")]
            wrapped[cell, w] = [p for p in parts if p] or [""]
        return wrapped[cell, w]

    out: list[str] = []
    for row in [head, ["-" * w for w in widths], *body]:
        cells = [lines_of(c, w) for c, w in zip(row, widths, strict=True)]
        for i in range(max(len(c) for c in cells)):
            out.append(_line([c[i] if i < len(c) else "" for c in cells], widths, measure))
    return "\n".join(out)


def column_widths(table: Sequence[Sequence[str]], room: int,
                  measure: Callable[[str], int] = cell_width) -> list[int]:
    """The width of each column of `table` (its rows, the header first) so that together they
    take at most `room` columns: each its widest cell when they fit; else each at least its
    header and its longest word (the header's words when the headers do not fit whole), and
    the room left shared in proportion to how much more each needs (a column of long
    sentences gets most); else, the widest columns narrowed until they fit (their longest
    words folded)."""
    count = len(table[0])
    most = [max(measure(row[i]) for row in table) for i in range(count)]
    if sum(most) <= room:
        return most
    words = [max(max((measure(w) for w in row[i].split(" ")), default=0) for row in table)
             for i in range(count)]
    least = [max(w, measure(h)) for w, h in zip(words, table[0], strict=True)]
    if sum(least) > room:
        least = words
    if sum(least) > room:
        widths = least[:]
        while sum(widths) > room and max(widths) > 1:
            widths[widths.index(max(widths))] -= 1
        return widths
    spare, wanted = room - sum(least), [m - n for m, n in zip(most, least, strict=True)]
    widths = [n + spare * w // sum(wanted) for n, w in zip(least, wanted, strict=True)]
    while sum(widths) < room:  # what the rounding down left, one column at a time
        i = max(range(count), key=lambda k: most[k] - widths[k])
        widths[i] += 1
    return widths
