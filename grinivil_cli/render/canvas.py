"""A thin, typed layer over svgwrite: every number is written with fixed formatting, every text
is cleaned for XML, and symbols are defined once and reused with `<use>`."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import svgwrite  # type: ignore[import-untyped]

from .style import CSS, clean, num

Node = Any  # an svgwrite element (svgwrite ships no type information)
Point = tuple[float, float]


class Canvas:
    """One SVG document under construction."""

    def __init__(self, width: int, height: int, title: str, desc: str) -> None:
        self.dwg = svgwrite.Drawing(size=(f"{width}px", f"{height}px"), profile="full",
                                    debug=False)
        self.dwg["viewBox"] = f"0 0 {width} {height}"
        self.dwg.set_desc(title=clean(title), desc=clean(desc))
        self.dwg.defs.add(self.dwg.style(CSS))
        self.defined: set[str] = set()

    # --- elements ----------------------------------------------------------------------
    def g(self, parent: Node | None = None, cls: str | None = None, **attrs: Any) -> Node:
        node = self.dwg.g(**_attrs(cls, attrs))
        (self.dwg if parent is None else parent).add(node)
        return node

    def rect(self, parent: Node, x: float, y: float, w: float, h: float, *, rx: float = 0,
             cls: str | None = None, **attrs: Any) -> Node:
        extra = {"rx": num(rx)} if rx else {}
        node = self.dwg.rect(insert=(num(x), num(y)), size=(num(w), num(h)),
                             **extra, **_attrs(cls, attrs))
        parent.add(node)
        return node

    def circle(self, parent: Node, x: float, y: float, r: float, *, cls: str | None = None,
               **attrs: Any) -> Node:
        node = self.dwg.circle(center=(num(x), num(y)), r=num(r), **_attrs(cls, attrs))
        parent.add(node)
        return node

    def line(self, parent: Node, a: Point, b: Point, *, cls: str | None = None,
             **attrs: Any) -> Node:
        node = self.dwg.line(start=(num(a[0]), num(a[1])), end=(num(b[0]), num(b[1])),
                             **_attrs(cls, attrs))
        parent.add(node)
        return node

    def path(self, parent: Node, d: str, *, cls: str | None = None, **attrs: Any) -> Node:
        node = self.dwg.path(d=d, **_attrs(cls, attrs))
        parent.add(node)
        return node

    def polyline(self, parent: Node, pts: list[Point], *, cls: str | None = None,
                 **attrs: Any) -> Node:
        node = self.dwg.polyline([(num(x), num(y)) for x, y in pts], **_attrs(cls, attrs))
        parent.add(node)
        return node

    def polygon(self, parent: Node, pts: list[Point], *, cls: str | None = None,
                **attrs: Any) -> Node:
        node = self.dwg.polygon([(num(x), num(y)) for x, y in pts], **_attrs(cls, attrs))
        parent.add(node)
        return node

    def text(self, parent: Node, x: float, y: float, text: str, *, cls: str | None = None,
             **attrs: Any) -> Node:
        node = self.dwg.text(clean(text), insert=(num(x), num(y)), **_attrs(cls, attrs))
        parent.add(node)
        return node

    def title(self, parent: Node, text: str) -> None:
        """A tooltip for the element (shown by browsers on hover)."""
        parent.set_desc(title=clean(text))

    # --- tap targets (`ids`) -----------------------------------------------------------
    def target(self, parent: Node, on: bool, **data: str) -> Node:
        """With `on` (a drawing with `ids`), a new group carrying `data` (`data_spot="I4.p1"`
        writes `data-spot="I4.p1"`) for a page's script to tell what was tapped, the pieces
        drawn in it; without, `parent` itself, so that the drawing is unchanged."""
        return self.g(parent, None, **data) if on else parent

    def hit_circle(self, parent: Node, x: float, y: float, r: float) -> Node:
        """An invisible disc that takes taps and clicks for the group it is drawn in: a tap
        target larger than the small piece drawn there."""
        return self.circle(parent, x, y, r, cls="hit", fill="#000000", fill_opacity="0",
                           pointer_events="all")

    def hit_rect(self, parent: Node, x: float, y: float, w: float, h: float) -> Node:
        """An invisible rectangle that takes taps and clicks for the group it is drawn in."""
        return self.rect(parent, x, y, w, h, cls="hit", fill="#000000", fill_opacity="0",
                         pointer_events="all")

    def hit_line(self, parent: Node, a: Point, b: Point, width: float) -> Node:
        """An invisible band `width` wide from a to b that takes taps and clicks for the group
        it is drawn in (a road wider to the finger than to the eye)."""
        return self.line(parent, a, b, cls="hit", stroke="#000000", stroke_opacity="0",
                         stroke_width=num(width), pointer_events="stroke")

    # --- symbols -----------------------------------------------------------------------
    def symbol(self, ident: str, box: tuple[float, float, float, float]) -> Node | None:
        """A new symbol to fill, or None when `ident` is already defined in this document."""
        if ident in self.defined:
            return None
        self.defined.add(ident)
        node = self.dwg.symbol(id=ident)
        node["viewBox"] = " ".join(num(v) for v in box)
        node["overflow"] = "visible"
        self.dwg.defs.add(node)
        return node

    def use(self, parent: Node, ident: str, x: float, y: float, w: float, h: float, *,
            cls: str | None = None, **attrs: Any) -> Node:
        node = self.dwg.use(f"#{ident}", insert=(num(x), num(y)), size=(num(w), num(h)),
                            **_attrs(cls, attrs))
        parent.add(node)
        return node

    def to_string(self) -> str:
        """The document, indented, with an XML declaration; the same drawing gives the same
        bytes (svgwrite writes attributes in sorted order)."""
        root = self.dwg.get_xml()
        ET.indent(root, space=" ")
        body = ET.tostring(root, encoding="unicode")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _attrs(cls: str | None, attrs: dict[str, Any]) -> dict[str, Any]:
    out = {k: num(v) if isinstance(v, float) else v for k, v in attrs.items()}
    if cls:
        out["class_"] = cls
    return out
