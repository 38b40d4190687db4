"""A PNG reader for the tests, standard library only: is a picture really there?"""

from __future__ import annotations

import struct
import zlib

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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


def png_colours(data: bytes, rows: range) -> set[bytes]:
    """The distinct pixels of some rows of an 8-bit RGB(A) PNG."""
    width, _, lines = png_pixels(data, max_rows=rows.stop)
    bpp = len(lines[0]) // width
    return {line[i:i + bpp] for y, line in enumerate(lines) if y in rows
            for i in range(0, len(line), bpp)}
