"""Writing the snapshots of a game: one SVG per snapshot, named by its turn number only (and,
with `png`, a PNG of it beside). `grinivil render` then removes an earlier render's snapshots
from the folder (`remove_earlier_snapshots`: only files named as ours), so that the folder holds
this render's and no other game's.

The names are the tool's, so they are never written through a symbolic link (nor into a pipe
or a device): such a name in the folder refuses the render before any file is written
(`output.check_writable(..., follow_links=False)`), and a link put there meanwhile is replaced
by the new file, never followed (`output.write_atomic`)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..base.output import check_writable, make_folder, write_atomic, write_atomic_bytes
from ..base.terminal import safe_text
from ..table.loading import Game
from ..table.story import final_story, turn_story
from .png import Converter
from .snapshot import snapshot_svg


def file_name(turn: int, turns_in_log: int) -> str:
    """`turn-007.svg`: zero-padded to at least three digits (more for a longer log), so the
    names of one game sort in turn order and stay the same whichever turns are rendered."""
    width = max(3, len(str(turns_in_log)))
    return f"turn-{int(turn):0{width}d}.svg"


FINAL_FILE = "final-scoring.svg"  # the final scoring, drawn on the table after the last turn
# what `file_name` writes, the final scoring, and their PNGs
SNAPSHOT_FILE = re.compile(r"(turn-[0-9]{3,}|final-scoring)\.(svg|png)")


def earlier_snapshots(out_dir: str | Path, written: list[Path]) -> list[Path]:
    """The files of `out_dir` named as `render_game` names snapshots (`turn-007.svg`, a PNG,
    any width of number) that are not among the SVGs `written` nor their PNGs: an earlier
    render's, of another game or of other turns. Only plain files: never a folder or a link."""
    kept = {p.name for p in written} | {p.with_suffix(".png").name for p in written}
    found = []
    for entry in os.scandir(out_dir):
        if (SNAPSHOT_FILE.fullmatch(entry.name) and entry.name not in kept
                and entry.is_file(follow_symlinks=False)):
            found.append(Path(out_dir) / entry.name)
    return sorted(found)


def remove_earlier_snapshots(out_dir: str | Path, written: list[Path]) -> list[Path]:
    """Remove `earlier_snapshots(out_dir, written)`; return them. Called after the new files
    are written, so that a render that fails has removed nothing it did not replace."""
    removed = earlier_snapshots(out_dir, written)
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def game_title(game: Game) -> str:
    """The log's title (else its file name) as shown: a bidi control (U+202E would show "evil"
    as "live") or a control character written as its escape (`\\u202e`)."""
    title = game.loaded.data.get("title")
    return safe_text(str(title) if title else Path(str(game.loaded.source)).name,
                     newlines=False)


def render_game(game: Game, out_dir: str | Path, turns: range | None = None,
                png: Converter | None = None, ids: bool = False) -> list[Path]:
    """Write the SVG of every snapshot replayed (or of those whose turn is in `turns`) into
    `out_dir` (created if needed, but not the folders above it: `output.make_folder`); return
    the SVG paths written, in turn order. With `png` (see `png.png_converter`), also
    `turn-NNN.png` beside each SVG; with `ids`, the ids of the sites and Planting Spots, of
    the slots to explore and of the Construction Roads drawn. Under each picture, the turn
    in words (`story.turn_story`). A finished game's final scoring is one more picture,
    `final-scoring.svg` (the table after the last turn and the scoring in words:
    `story.final_story`), drawn with the last turn. Each file is written whole or not at
    all, and only inside `out_dir`: names come from numbers only.
    A name of the files to write that is a symbolic link, a pipe, a device, a read-only file
    or a file with other names (hard links) raises its `OSError` before anything is written."""
    out = make_folder(out_dir)
    log_turns: list[Any] = game.loaded.data.get("turns") or []
    snaps, entries = game.replay.snapshots, game.replay.ledger.entries
    scores = game.replay.scores
    drawn = [i for i, snap in enumerate(snaps) if turns is None or snap.turn in turns]
    final = scores is not None and bool(snaps) and (turns is None or snaps[-1].turn in turns)
    names = [file_name(snaps[i].turn, len(log_turns)) for i in drawn] + [FINAL_FILE] * final
    for name in names:  # every name refused now rather than after half the files are written
        check_writable(out / name, follow_links=False)
        if png is not None:
            check_writable((out / name).with_suffix(".png"), follow_links=False)
    title = game_title(game)
    written: list[Path] = []

    def write(name: str, svg: str) -> None:
        path = out / name
        write_atomic(path, svg, follow_links=False)
        if png is not None:
            write_atomic_bytes(path.with_suffix(".png"), png(svg), follow_links=False)
        written.append(path)

    for i in drawn:
        snap = snaps[i]
        rec = log_turns[snap.turn - 1] if 0 < snap.turn <= len(log_turns) else None
        record = rec if isinstance(rec, dict) else None
        story = turn_story(entries[snaps[i - 1].ledger_size:snap.ledger_size], record) \
            if i else []
        write(file_name(snap.turn, len(log_turns)),
              snapshot_svg(snap, log_turn=record, previous=snaps[i - 1].state if i else None,
                           title=title, ids=ids, story=tuple(safe_text(x) for x in story)))
    if scores is not None and final:
        write(FINAL_FILE, snapshot_svg(snaps[-1], log_turn=None, previous=None, title=title,
                                       ids=ids, final=True,
                                       story=tuple(safe_text(x) for x in final_story(scores))))
    return written
