"""SVG snapshots of a replayed game: the Townland, the Time Action Ring with the Market, the
players and what the turn changed (issue 5). Pure functions of the replay; the same log gives
byte-identical files."""

from __future__ import annotations

from .files import file_name, render_game
from .snapshot import snapshot_svg

__all__ = ["file_name", "render_game", "snapshot_svg"]
