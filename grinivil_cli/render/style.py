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

CSS = """
text { font-family: DejaVu Sans, Verdana, Arial, sans-serif; }
.caption { font-size: 22px; font-weight: bold; }
.subcaption { font-size: 13px; fill: #555555; }
.heading { font-size: 14px; font-weight: bold; }
.small { font-size: 10px; }
.muted { fill: #6f6f6f; }
.letter { font-weight: bold; text-anchor: middle; dominant-baseline: central; }
.num { font-size: 15px; font-weight: bold; }
.buy { fill: #c62828; font-weight: bold; }
.sell { fill: #a8790a; font-weight: bold; }
.delta-up { fill: #1b7f2a; font-size: 10px; font-weight: bold; }
.slot-label { paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
.delta-down { fill: #c62828; font-size: 10px; font-weight: bold; }
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


_NARROW = set(" /|.,:;'!il()[]")
_WIDE = set("mwMW@%")


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """A rough width of a text in the sans-serif font (for layout, not for typesetting)."""
    em = sum(0.33 if ch in _NARROW else 0.9 if ch in _WIDE else
             0.7 if ch.isupper() or ch.isdigit() or ch == "#" else 0.6 for ch in text)
    return em * size * (1.08 if bold else 1.0)


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
