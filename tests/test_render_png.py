"""`grinivil render --png` (issue 5): a 1200 px wide PNG beside each SVG, via the optional extra
`png` (cairosvg); without cairosvg, exit 2 saying what to install."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grinivil_cli.cli import app
from grinivil_cli.render.png import PngUnavailable, png_converter

SAMPLES = Path(__file__).parent.parent / "samples"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def cairosvg_missing() -> str | None:
    """Why cairosvg cannot be used here (not installed, or no system libcairo), or None."""
    try:
        png_converter()
    except PngUnavailable as e:
        return str(e)
    return None


MISSING = cairosvg_missing()


def png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, payload) chunks of a PNG file, checking each CRC."""
    assert data[:8] == PNG_SIGNATURE
    chunks, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        chunks.append((kind, body))
        pos += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    return chunks


def png_pixels(data: bytes, max_rows: int) -> tuple[int, int, list[bytes]]:
    """Width, height and the first `max_rows` rows, unfiltered, of an 8-bit RGB or RGBA,
    non-interlaced PNG (pure Python: slow, hence the limit)."""
    chunks = png_chunks(data)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, interlace) == (8, 0) and colour in (2, 6), (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    assert len(raw) == height * (stride + 1)
    for y in range(min(height, max_rows)):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 0xFF
            else:
                assert kind == 0, kind
        rows.append(bytes(line))
        prev = line
    return width, height, rows


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
