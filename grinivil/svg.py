"""The table as SVG, as `grinivil render` draws it.

>>> import grinivil
>>> game = grinivil.read_log("samples/game-2p.yaml")
>>> picture = grinivil.svg.snapshot(game.position(3), previous=game.position(2))
>>> "Turn 3" in picture
True
"""

from __future__ import annotations

from grinivil_cli.engine.replay import Snapshot
from grinivil_cli.engine.state import GameState
from grinivil_cli.render.snapshot import snapshot_svg

__all__ = ["snapshot"]


def snapshot(position: Snapshot | GameState, *, previous: Snapshot | GameState | None = None,
             title: str = "Grinivil", ids: bool = False) -> str:
    """The SVG of the table at `position` (a position of `GameLog.positions()`, or a bare
    state: then captioned by its turn number only). With `previous`, what changed since is
    outlined; `ids` writes the ids of sites and Planting Spots; the same input gives the same
    bytes."""
    if isinstance(position, GameState):
        position = Snapshot(position.turn, None, None, position, 0)
    before = previous.state if isinstance(previous, Snapshot) else previous
    return snapshot_svg(position, log_turn=None, previous=before, title=title, ids=ids)
