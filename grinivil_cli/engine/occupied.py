"""The 'occupied' token of the Restricted Tiles #16 Replanting and #18 Forced Trade, its whole
life (rulebook: Action Tiles Overview #16, #18; Player's Turn step 1).

"Mark the Tile with the 'occupied' Token (take it back on your next turn). No Player (not even
you) can select this Action while this Action Tile is 'occupied'."

- placed by the action (`place_occupied_token`, R-A16-04, R-A18-04);
- it blocks the tile for everyone, the placer included (`check_not_occupied`, R-A16-05,
  R-A18-04), and a Follower cannot perform its action (R-A51P-04);
- the placer takes it back on their next turn, after that turn's choosing move, so it still
  blocks that choice (`tokens_to_take_back` at the beginning of the turn, `take_back` after the
  choice: AMB-A16-01 (a));
- a player who finishes the game takes theirs back at once: there is no next turn
  (`take_back_all`, R-END-01).
"""

from __future__ import annotations

from ..errors import IllegalMove, Path
from .game import Game
from .state import PlayerState
from .tiles import RESTRICTED_TILES, tile_name


def place_occupied_token(g: Game, p: PlayerState, tile: str) -> None:
    """Mark a Restricted Tile 'occupied' until the player's next turn (R-A16-04, R-A18-04)."""
    pos = g.state.ring.position_of(tile)
    if pos is not None:
        g.state.ring.occupied[pos] = p.name


def check_not_occupied(g: Game, tile: str, path: Path, *, following: bool = False) -> None:
    """Nobody, not even the placer, may choose a Restricted Tile while it is 'occupied'
    (R-A16-05, R-A18-04), nor follow it (R-A51P-04)."""
    if tile not in RESTRICTED_TILES:
        return
    ring = g.state.ring
    pos = ring.position_of(tile)
    if pos is None or pos not in ring.occupied:
        return
    if following:
        raise IllegalMove("R-A51P-04", f"{tile_name(g.ed, tile)} is a Restricted Tile "
                          f"marked 'occupied' (by {ring.occupied[pos]}): its action cannot be "
                          "followed.", path)
    raise IllegalMove(RESTRICTED_TILES[tile], f"{tile_name(g.ed, tile)} is marked "
                      f"'occupied' (by {ring.occupied[pos]}); nobody may choose it.", path)


def tokens_to_take_back(g: Game, p: PlayerState) -> list[int]:
    """At the beginning of a turn: the ring positions of the tokens `p` placed on their
    previous turn, taken back on this one (R-A16-04)."""
    return sorted(pos for pos, who in g.state.ring.occupied.items() if who == p.name)


def take_back(g: Game, positions: list[int]) -> None:
    """After the choosing move of the placer's next turn, the tokens come off (AMB-A16-01)."""
    for pos in positions:
        g.state.ring.occupied.pop(pos, None)


def take_back_all(g: Game, p: PlayerState) -> None:
    """A player who finishes has no next turn to take their token back on (R-A16-04,
    R-END-01): it comes off now."""
    take_back(g, tokens_to_take_back(g, p))
