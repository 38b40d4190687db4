"""`grinivil render --png` (issue 5): a 1200 px wide PNG beside each SVG, via the optional extra
`png` (cairosvg); without cairosvg, exit 2 saying what to install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grinivil_cli.cli import app
from grinivil_cli.render.png import PngUnavailable, png_converter

from pngkit import png_pixels

SAMPLES = Path(__file__).parent.parent / "samples"


def cairosvg_missing() -> str | None:
    """Why cairosvg cannot be used here (not installed, or no system libcairo), or None."""
    try:
        png_converter()
    except PngUnavailable as e:
        return str(e)
    return None


MISSING = cairosvg_missing()


@pytest.mark.skipif(MISSING is not None, reason=f"cairosvg unusable: {MISSING}")
def test_png_beside_each_svg_1200_wide_and_not_blank(tmp_path: Path) -> None:
    out = tmp_path / "pictures"
    result = CliRunner().invoke(app, ["render", str(SAMPLES / "game-2p.yaml"), "-o", str(out),
                                      "--turn", "1", "--png"])
    assert result.exit_code == 0, result.output
    assert "(SVG and PNG)" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["turn-001.png", "turn-001.svg"]  # no temp
    data = (out / "turn-001.png").read_bytes()
    width, height, rows = png_pixels(data, max_rows=400)  # the caption and half the townland
    assert width == 1200 and height > 600
    bpp = len(rows[0]) // width
    sampled = [row[i:i + bpp] for row in rows[::4] for i in range(0, len(row), bpp * 3)]
    colours = set(sampled)
    assert len(colours) > 20, colours  # a picture, not a blank page
    white = b"\xff" * bpp
    assert sum(c != white for c in sampled) > len(sampled) // 10


def test_png_without_cairosvg_exits_2_saying_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # `import cairosvg` now raises ImportError
    out = tmp_path / "pictures"
    result = CliRunner().invoke(app, ["render", str(SAMPLES / "game-2p.yaml"), "-o", str(out),
                                      "--turn", "0", "--png"])
    assert result.exit_code == 2, result.output
    assert "pip install 'grinivil[png]'" in result.output
    assert "cairosvg" in result.output
    assert not out.exists()  # refused before drawing anything
