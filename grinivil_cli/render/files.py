"""Writing the snapshots of a game: one SVG per snapshot, named by its turn number only (and,
with `png`, a PNG of it beside)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..loading import Game
from ..output import write_atomic, write_atomic_bytes
from .png import Converter
from .snapshot import snapshot_svg


def file_name(turn: int, turns_in_log: int) -> str:
    """`turn-007.svg`: zero-padded to at least three digits (more for a longer log), so the
    names of one game sort in turn order and stay the same whichever turns are rendered."""
    width = max(3, len(str(turns_in_log)))
    return f"turn-{int(turn):0{width}d}.svg"


def game_title(game: Game) -> str:
    title = game.loaded.data.get("title")
    return str(title) if title else Path(str(game.loaded.source)).name


def render_game(game: Game, out_dir: str | Path, turns: range | None = None,
                png: Converter | None = None) -> list[Path]:
    """Write the SVG of every snapshot replayed (or of those whose turn is in `turns`) into
    `out_dir` (created if needed); return the SVG paths written, in turn order. With `png`
    (see `png.png_converter`), also `turn-NNN.png` beside each SVG. Each file is written whole
    or not at all, and only inside `out_dir`: names come from numbers only."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    log_turns: list[Any] = game.loaded.data.get("turns") or []
    snaps = game.replay.snapshots
    title = game_title(game)
    written: list[Path] = []
    for i, snap in enumerate(snaps):
        if turns is not None and snap.turn not in turns:
            continue
        rec = log_turns[snap.turn - 1] if 0 < snap.turn <= len(log_turns) else None
        svg = snapshot_svg(snap, log_turn=rec if isinstance(rec, dict) else None,
                           previous=snaps[i - 1].state if i > 0 else None, title=title)
        path = out / file_name(snap.turn, len(log_turns))
        write_atomic(path, svg)
        if png is not None:
            write_atomic_bytes(path.with_suffix(".png"), png(svg))
        written.append(path)
    return written
