"""Colours, letters, CSS classes, number formatting and text clean-up shared by the drawing.

Every player is told apart by colour AND by a letter (their initial, or their seat number when
initials clash), so a snapshot reads in greyscale and for colour-blind people.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.state import MUNICIPALITY, PlayerState

# Player colours as in the game; the ink is the colour of a letter written on them.
PLAYER_FILL: dict[str, str] = {
    "brown": "#8b5a2b", "grey": "#8e8e8e", "beige": "#e6d3a3", "white": "#ffffff",
    "black": "#262626", "orange": "#f08a24",
}
DARK_INKS = ("beige", "white", "orange")
MUNICIPAL_FILL = "#f08a24"  # the Municipality's orange Blocks
MUNICIPAL_LETTER = "M"

RESOURCE_FILL: dict[str, str] = {"concrete": "#b4b4b4", "wood": "#c98b4b", "steel": "#4f7fb0"}
RESOURCE_LETTER: dict[str, str] = {"concrete": "C", "wood": "W", "steel": "S"}
FAMILY_FILL: dict[str, str] = {"house": "#a0522d", "commerce": "#2f6db5", "public": "#e3b505"}
FAMILY_INK: dict[str, str] = {"house": "#ffffff", "commerce": "#ffffff", "public": "#222222"}

HIGHLIGHT = "#ffd21f"  # what changed this turn: a yellow halo with an orange edge
HIGHLIGHT_EDGE = "#e8590c"
INK = "#2b2b2b"
MUTED = "#6f6f6f"
ROOF = "#d62c1a"

# The smallest print of a snapshot, in SVG units: the viewer draws the 1200-unit picture at 0.97
# of its size in a 1200 px window, and no text may be drawn under 10 px there (issue 14).
SMALL = 10.5

CSS = """
text { font-family: DejaVu Sans, Verdana, Arial, sans-serif; }
.caption { font-size: 22px; font-weight: bold; }
.subcaption { font-size: 13px; fill: #555555; }
.heading { font-size: 14px; font-weight: bold; }
.small { font-size: 10.5px; }
.muted { fill: #6f6f6f; }
.letter { font-weight: bold; text-anchor: middle; dominant-baseline: central; }
.num { font-size: 15px; font-weight: bold; }
.buy { fill: #c62828; font-weight: bold; }
.sell { fill: #a8790a; font-weight: bold; }
.delta-up { fill: #1b7f2a; font-size: 10.5px; font-weight: bold; }
.slot-label { paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
.delta-down { fill: #c62828; font-size: 10.5px; font-weight: bold; }
"""


def num(value: float) -> str:
    """A coordinate as fixed text: at most one decimal, no trailing zero, never '-0'."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def clean(text: str) -> str:
    """Text safe for XML 1.0: characters XML cannot hold become U+FFFD (escaping of <, & and
    quotes is left to the serializer)."""
    return _XML_BAD.sub("\ufffd", text)


def slug(text: str) -> str:
    """A CSS-friendly class fragment: lower-case letters and digits (any script), dashes."""
    out = "".join(c if c.isalnum() else "-" for c in text.lower())
    return "-".join(part for part in out.split("-") if part)


def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap to lines of at most `width` characters (longer words stay whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


# Advance widths (thousandths of an em) of the printable ASCII characters, space to '~', in
# DejaVu Sans and DejaVu Sans Bold, the first font the snapshots ask for (read from the fonts'
# own metrics): layout that knows how wide a word is drawn instead of guessing.
_BOOK = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)
_OTHER = {"\u00b7": (318, 380), "\u2026": (1000, 1000), "\u2212": (838, 838)}


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of `text` drawn at `size` in DejaVu Sans (bold or book); characters outside
    ASCII count as a wide letter. For layout: another font may draw a little wider."""
    table = _BOLD if bold else _BOOK
    total = 0
    for ch in text:
        code = ord(ch) - 32
        if 0 <= code < len(table):
            total += table[code]
        else:
            total += _OTHER.get(ch, (720, 780))[1 if bold else 0]
    return total * size / 1000


def wrap_to(text: str, px: float, size: float, *, bold: bool = False) -> list[str]:
    """Greedy word wrap to lines at most `px` wide at `size` (by `text_width`; a longer word
    stays whole on its own line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size, bold=bold) <= px:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "\u2026"


def fit(text: str, px: float, size: float, *, bold: bool = False) -> str:
    """`text` cut with an ellipsis to about `px` wide (by `text_width`): a 40-character player
    name must not run into the next column."""
    if text_width(text, size, bold=bold) <= px:
        return text
    while len(text) > 1 and text_width(text + "\u2026", size, bold=bold) > px:
        text = text[:-1]
    return text.rstrip() + "\u2026"


@dataclass(frozen=True)
class Look:
    """How one builder is drawn: fill, letter, letter ink and CSS class."""

    name: str
    fill: str
    letter: str
    ink: str
    css: str  # e.g. "player-anna"; "municipality" for the Municipality


MUNICIPALITY_LOOK = Look(MUNICIPALITY, MUNICIPAL_FILL, MUNICIPAL_LETTER, INK, "municipality")
# in a 6-player game the 6th player is orange and the Municipality has no Blocks (rulebook:
# Setup step 2, "6-player game"): what it still owns is drawn in a colour no player has
MUNICIPALITY_LOOK_SIX = Look(MUNICIPALITY, "#8f7fb5", MUNICIPAL_LETTER, "#ffffff",
                             "municipality")


def looks(players: list[PlayerState]) -> dict[str, Look]:
    """Every player's look, and the Municipality's, by name."""
    initials = [p.name.strip()[:1].upper() for p in players]
    unique = len(set(initials)) == len(initials) and MUNICIPAL_LETTER not in initials
    use_initials = unique and all(i.isalnum() for i in initials)
    slugs = [slug(p.name) for p in players]
    orange = any(PLAYER_FILL.get(p.colour) == MUNICIPAL_FILL for p in players)
    out: dict[str, Look] = {MUNICIPALITY: MUNICIPALITY_LOOK_SIX if orange else
                            MUNICIPALITY_LOOK}
    for i, p in enumerate(players):
        letter = initials[i] if use_initials else str(i + 1)
        s = slugs[i] if slugs[i] and slugs.count(slugs[i]) == 1 else f"seat-{i + 1}"
        fill = PLAYER_FILL.get(p.colour, "#cccccc")
        ink = INK if p.colour in DARK_INKS else "#ffffff"
        out[p.name] = Look(p.name, fill, letter, ink, f"player-{s}")
    return out
