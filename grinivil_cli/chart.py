"""An SVG chart of VPs and money per player over the turns (for the audit and the viewer)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .engine.replay import Replay

WIDTH, HEIGHT, PAD = 900, 300, 40
COLOURS = {"brown": "#8b5a2b", "grey": "#7f7f7f", "beige": "#c8b27d", "white": "#d9d9d9",
           "black": "#222222", "orange": "#e67e22"}
DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"]


def progress_chart(r: Replay, title: str) -> str:
    """Two panels (VPs above, money below); one line per player, told apart by colour and
    dash pattern; byte-identical for the same replay."""
    snaps = r.snapshots
    players = snaps[0].state.players
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" '
             f'height="{2 * HEIGHT + 40}" viewBox="0 0 {WIDTH} {2 * HEIGHT + 40}" '
             'font-family="sans-serif" font-size="12">',
             f"<desc>VPs and money per player after each turn of {escape(title)}</desc>",
             '<rect width="100%" height="100%" fill="white"/>']
    for panel, what in enumerate(("vp", "money")):
        top = panel * (HEIGHT + 20) + 10
        values = [[getattr(s.state.player(p.name), what) for s in snaps] for p in players]
        high = max(1, max(max(v) for v in values))
        parts.append(f'<text x="{PAD}" y="{top + 12}" class="title">'
                     f'{"Victory Points" if what == "vp" else "Grinies"} (max {high})</text>')
        parts.append(f'<line x1="{PAD}" y1="{top + HEIGHT - PAD}" x2="{WIDTH - 10}" '
                     f'y2="{top + HEIGHT - PAD}" stroke="#999"/>')
        for i, p in enumerate(players):
            points = " ".join(
                f"{PAD + (WIDTH - PAD - 10) * t / max(1, len(snaps) - 1):.1f},"
                f"{top + HEIGHT - PAD - (HEIGHT - PAD - 20) * v / high:.1f}"
                for t, v in enumerate(values[i]))
            dash = f' stroke-dasharray="{DASHES[i]}"' if DASHES[i] else ""
            parts.append(f'<polyline class="line {what} player-{i}" fill="none" '
                         f'stroke="{COLOURS.get(p.colour, "#000")}" stroke-width="2"{dash} '
                         f'points="{points}"><title>{escape(p.name)}</title></polyline>')
    for i, p in enumerate(players):
        x = PAD + i * 150
        y = 2 * HEIGHT + 30
        dash = f' stroke-dasharray="{DASHES[i]}"' if DASHES[i] else ""
        parts.append(f'<line x1="{x}" y1="{y - 4}" x2="{x + 30}" y2="{y - 4}" '
                     f'stroke="{COLOURS.get(p.colour, "#000")}" stroke-width="2"{dash}/>'
                     f'<text x="{x + 36}" y="{y}">{escape(p.name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
