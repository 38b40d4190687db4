"""The join address as a QR code (segno): an SVG for the table's screen, text for the
terminal that started the server."""

from __future__ import annotations

import io

import segno


def qr_svg(address: str) -> str:
    """The QR code of `address`, an SVG drawn in whole modules (no style, no script)."""
    out = io.BytesIO()
    segno.make(address, error="m").save(out, kind="svg", scale=4, border=2, dark="#1f2a44",
                                        light="#ffffff", xmldecl=False, svgclass=None,
                                        lineclass=None, title="the address to join")
    return out.getvalue().decode("utf-8")


def qr_text(address: str) -> str:
    """The QR code of `address` in half-block characters, for a terminal."""
    out = io.StringIO()
    segno.make(address, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
