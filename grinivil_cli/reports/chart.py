"""An SVG chart of VPs and money per player over the turns (for the audit and the viewer), and
in the viewer the projected final score (what final scoring would give if the game ended
after that turn).

Each panel is a `<g class="panel" data-what=... data-low=... data-high=... data-top=...
data-bottom=...>`: a value v is drawn at y = bottom - (v - low) / (high - low) * (bottom - top),
the snapshot t of n at x = LEFT + PLOT * t / (n - 1). The turn axis under each panel is labelled
with turn numbers; each line is drawn over a dark outline, so that the light player colours
(beige, white) stay visible on white."""

from __future__ import annotations

from xml.sax.saxutils import escape

from ..engine.replay import Replay

WIDTH, PANEL, PAD = 900, 200, 48  # PAD: the left margin, for the value axis
LEFT, PLOT = PAD, WIDTH - PAD - 14  # where the plot starts, and its width
COLOURS = {"brown": "#8b5a2b", "grey": "#7f7f7f", "beige": "#d8bf80", "white": "#ffffff",
           "black": "#222222", "orange": "#e67e22"}
OUTLINE = "#3a3a3a"
DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"]
TITLES = {"vp": "Victory Points on the Scoreboard", "money": "Grinies",
          "projected": "Projected final score (if the game ended after the turn)"}


def dashed(i: int) -> str:
    """The dash pattern of player `i`'s line, as an attribute ('' for a solid line)."""
    pattern = DASHES[i % len(DASHES)]
    return f' stroke-dasharray="{pattern}"' if pattern else ""


def x_of(t: int, count: int) -> float:
    """The x of snapshot `t` of `count`."""
    return LEFT + PLOT * t / max(1, count - 1)


def turn_ticks(turns: list[int]) -> list[tuple[int, int]]:
    """(snapshot index, turn number) for the turn axis: every 10, 25, 50 or 100 turns, at most
    10 ticks, starting at the setup (turn 0)."""
    last = turns[-1] if turns else 0
    step = next((s for s in (10, 25, 50, 100, 250) if last / s <= 10), 500)
    out: list[tuple[int, int]] = []
    for i, turn in enumerate(turns):
        if turn % step == 0 and (not out or out[-1][1] != turn):
            out.append((i, turn))
    return out


def value_ticks(low: int, high: int) -> list[int]:
    """The bottom, 0 and the top; from 0 up, the middle too (when there is room)."""
    ticks = {low, 0, high}
    if low == 0 and high >= 4:
        ticks.add(high // 2)
    return sorted(ticks)


def progress_chart(r: Replay, title: str,
                   projected: list[list[int]] | None = None) -> str:
    """VPs above, money below, and the projected final score (`projected`: per player, a value
    per snapshot) when given; one line per player, told apart by colour and dash pattern;
    byte-identical for the same replay."""
    snaps = r.snapshots
    players = snaps[0].state.players
    count = len(snaps)
    turns = [s.turn for s in snaps]
    series: list[tuple[str, list[list[int]]]] = [
        (what, [[getattr(s.state.player(p.name), what) for s in snaps] for p in players])
        for what in ("vp", "money")]
    if projected is not None:
        series.append(("projected", projected))
    height = len(series) * (PANEL + 30) + 36
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">',
             f"<desc>{escape(' and '.join(TITLES[w] for w, _ in series))} per player after "
             f"each turn of {escape(title)}</desc>",
             '<rect width="100%" height="100%" fill="white"/>']
    ticks = turn_ticks(turns)
    for panel, (what, values) in enumerate(series):
        top = panel * (PANEL + 30) + 26
        bottom = top + PANEL - 30
        low = min(0, min(min(v) for v in values))
        high = max(1, max(max(v) for v in values))

        def y_of(v: int, top: int = top, bottom: int = bottom, low: int = low,
                 high: int = high) -> float:
            return bottom - (v - low) / (high - low) * (bottom - top)

        parts.append(f'<g class="panel" data-what="{what}" data-low="{low}" '
                     f'data-high="{high}" data-top="{top}" data-bottom="{bottom}">')
        parts.append(f'<text x="{LEFT}" y="{top - 8}" class="title" font-weight="bold">'
                     f"{TITLES[what]}</text>")
        for v in value_ticks(low, high):
            y = y_of(v)
            parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + PLOT}" y2="{y:.1f}" '
                         f'stroke="{"#999" if v == 0 else "#e4e4e4"}"/>'
                         f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
                         f'fill="#555">{v}</text>')
        for i, turn in ticks:
            x = x_of(i, count)
            parts.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}" '
                         f'stroke="#999"/><text x="{x:.1f}" y="{bottom + 17}" '
                         f'text-anchor="middle" fill="#555">{turn}</text>')
        parts.append(f'<text x="{LEFT + PLOT}" y="{bottom + 30}" text-anchor="end" '
                     'fill="#555">turn</text>')
        for i, p in enumerate(players):
            points = " ".join(f"{x_of(t, count):.1f},{y_of(v):.1f}"
                              for t, v in enumerate(values[i]))
            dash = dashed(i)
            parts.append(f'<polyline fill="none" stroke="{OUTLINE}" stroke-width="4" '
                         f'stroke-opacity="0.55" points="{points}"/>')
            parts.append(f'<polyline class="line {what} player-{i}" fill="none" '
                         f'stroke="{COLOURS.get(p.colour, "#000")}" stroke-width="2"{dash} '
                         f'points="{points}"><title>{escape(p.name)}</title></polyline>')
        parts.append("</g>")
    for i, p in enumerate(players):
        x = LEFT + i * 140
        y = height - 12
        dash = dashed(i)
        parts.append(f'<line x1="{x}" y1="{y - 4}" x2="{x + 30}" y2="{y - 4}" '
                     f'stroke="{OUTLINE}" stroke-width="4" stroke-opacity="0.55"/>'
                     f'<line x1="{x}" y1="{y - 4}" x2="{x + 30}" y2="{y - 4}" '
                     f'stroke="{COLOURS.get(p.colour, "#000")}" stroke-width="2"{dash}/>'
                     f'<text x="{x + 36}" y="{y}">{escape(p.name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
