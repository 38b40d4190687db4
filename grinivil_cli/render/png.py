"""PNG pictures of the snapshots, for people who post them to forums: the optional extra
`pip install 'grinivil[png]'` (cairosvg, which needs the system's libcairo)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

PNG_WIDTH = 1200
INSTALL_HINT = "pip install 'grinivil[png]'"

Converter = Callable[[str], bytes]


class PngUnavailable(Exception):
    """cairosvg cannot be imported (not installed, or the system's libcairo is missing)."""


def png_converter(width: int = PNG_WIDTH) -> Converter:
    """A function from SVG text to PNG bytes `width` pixels wide; PngUnavailable when cairosvg
    cannot be imported (its message says what to install)."""
    try:
        cairosvg: Any = importlib.import_module("cairosvg")
    except (ImportError, OSError) as e:  # cairocffi raises OSError without libcairo
        raise PngUnavailable(f"--png needs cairosvg: {INSTALL_HINT} ({e})") from None

    def to_png(svg: str) -> bytes:
        data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width,
                                       unsafe=False)
        return data

    return to_png
