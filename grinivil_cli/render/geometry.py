"""Where things are on the Townland drawing (docs/architecture.md, townland model).

Angles `a` are the model's: `Ik` spans `[45k, 45(k+1))`, `Rk` lies at `45k`, `Ok` is centred on
`45k`. On the page `a` grows anticlockwise and `R1` (the entrance road of the setup) points
down, so the tiles at the bottom are seen as printed by someone sitting there: inner edge up,
`x` from left to right (an Outer tile's `left` half on the left). Everything here is relative
to the Townland's centre.
"""

from __future__ import annotations

from math import cos, radians, sin, sqrt

from ..edition.model import Zone
from .style import num

R_CENTER = 108.0  # radius of the Center disc
R_RING = 50.0  # the Center's circular road
R_INNER = 222.0  # outer radius of the Inner Zone
R_OUTER = 318.0  # outer radius of the Outer Zone
SECTOR = 45.0
BASE = 225.0  # page bearing (clockwise from north) of the model's angle 0
TURN = -1.0  # the model's angles grow anticlockwise on the page

Point = tuple[float, float]


def polar(a: float, r: float) -> Point:
    """The point at model angle `a` (degrees) and radius `r`."""
    bearing = radians(BASE + TURN * a)
    return (r * sin(bearing), -r * cos(bearing))


def page_rotation(a: float) -> float:
    """The page rotation (degrees, clockwise as SVG turns) that carries angle 0 to angle a."""
    return TURN * a


def toward_larger(a: float, by: float) -> Point:
    """The shift by `by` across a radial line at angle `a`, towards larger angles."""
    bearing = radians(BASE + TURN * a)
    return (by * TURN * cos(bearing), by * TURN * sin(bearing))


def centre_point(x: float, y: float) -> Point:
    """A point of the Center tile (square tile coordinates) on the disc: the square is
    stretched onto the disc (elliptical grid mapping), keeping the tile upright."""
    u, v = 2 * x - 1, 2 * y - 1
    scale = R_CENTER * 0.94
    return (u * sqrt(max(0.0, 1 - v * v / 2)) * scale, v * sqrt(max(0.0, 1 - u * u / 2)) * scale)


def tile_point(zone: Zone, k: int, x: float, y: float) -> Point:
    """A point given in tile coordinates (0..1) of the tile placed at slot `k` of a zone."""
    if zone == "center":
        return centre_point(x, y)
    if zone == "inner":
        return polar(SECTOR * (k + x), R_CENTER + y * (R_INNER - R_CENTER))
    return polar(SECTOR * (k + x - 0.5), R_INNER + y * (R_OUTER - R_INNER))


def sector_path(a0: float, a1: float, r0: float, r1: float) -> str:
    """An annular sector from angle a0 to a1, radii r0..r1, as path data."""
    p = [polar(a0, r0), polar(a0, r1), polar(a1, r1), polar(a1, r0)]
    large = 1 if a1 - a0 > 180 else 0
    out, back = (1, 0) if TURN > 0 else (0, 1)
    return (f"M{num(p[0][0])},{num(p[0][1])} L{num(p[1][0])},{num(p[1][1])} "
            f"A{num(r1)},{num(r1)} 0 {large} {out} {num(p[2][0])},{num(p[2][1])} "
            f"L{num(p[3][0])},{num(p[3][1])} "
            f"A{num(r0)},{num(r0)} 0 {large} {back} {num(p[0][0])},{num(p[0][1])} Z")


def slot_shape(slot: str) -> str:
    """The parcel outline of a slot, as path data (the Center is drawn as a circle)."""
    k = int(slot[1:])
    if slot[0] == "I":
        return sector_path(SECTOR * k, SECTOR * (k + 1), R_CENTER, R_INNER)
    return sector_path(SECTOR * (k - 0.5), SECTOR * (k + 0.5), R_INNER, R_OUTER)


def slot_anchor(slot: str, x: float, y: float) -> Point:
    """A point in tile coordinates of a slot, whatever tile is there (labels, markers)."""
    if slot == "C":
        return centre_point(x, y)
    zone: Zone = "inner" if slot[0] == "I" else "outer"
    return tile_point(zone, int(slot[1:]), x, y)


def radial(k: int, r0: float, r1: float) -> tuple[Point, Point]:
    """The straight road along angle 45k between radii r0 and r1."""
    return polar(SECTOR * k, r0), polar(SECTOR * k, r1)


def shifted(a: Point, b: Point, angle: float, by: float) -> tuple[Point, Point]:
    """A radial segment at `angle` moved by `by` towards larger angles."""
    dx, dy = toward_larger(angle, by)
    return (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)


def offset(a: Point, b: Point, by: float) -> tuple[Point, Point]:
    """The segment a-b moved sideways by `by` (to the right of the direction a to b)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = sqrt(dx * dx + dy * dy) or 1.0
    nx, ny = -dy / length * by, dx / length * by
    return (a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny)
