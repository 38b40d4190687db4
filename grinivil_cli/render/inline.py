"""A drawing made for a page of its own, put inside an HTML page among others: no XML
declaration, no style sheet of its own (the page gives the drawings theirs, `svg_css`), and
every id it defines (its symbols, the stripes pattern) prefixed, with every reference to one,
so that two drawings on one page never name the same thing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .canvas import Canvas
from .style import CSS

REFERENCES = ("href", "xlink:href")
PAINTS = ("fill", "stroke", "clip-path", "mask", "filter")


def inline_svg(c: Canvas, prefix: str, *, label: str = "") -> str:
    """The drawing as an `<svg>` element for an HTML page, its ids prefixed with `prefix`
    (`tile-I01-`); `label`, when given, is what a screen reader says of it (`aria-label`)."""
    root = c.dwg.get_xml()
    for defs in root.iter("defs"):
        for style in list(defs.iter("style")):
            defs.remove(style)
    ids = {node.get("id") for node in root.iter() if node.get("id")}
    for node in root.iter():
        ident = node.get("id")
        if ident:
            node.set("id", prefix + ident)
        for name in REFERENCES:
            ref = node.get(name)
            if ref is not None and ref.startswith("#") and ref[1:] in ids:
                node.set(name, "#" + prefix + ref[1:])
        for name in PAINTS:
            paint = node.get(name)
            if paint is not None and paint.startswith("url(#") and paint[5:-1] in ids:
                node.set(name, f"url(#{prefix}{paint[5:-1]})")
    for name in ("xmlns:ev", "baseProfile", "version"):
        root.attrib.pop(name, None)
    root.set("role", "img")
    if label:
        root.set("aria-label", label)
    return ET.tostring(root, encoding="unicode")


def svg_css() -> str:
    """The drawings' style sheet (`style.CSS`) for a page holding them: each rule applies
    inside an `<svg>` only, so that the page's own classes (`small`, `muted`) are its own."""
    rules = [line.strip() for line in CSS.strip().splitlines() if line.strip()]
    return "\n".join(f"svg {rule}" for rule in rules)
