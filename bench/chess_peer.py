"""A peer for scale: python-chess reading PGN games and replaying every move (moves per second).

The PGN text is made here, once, before timing: random legal games played with python-chess and
exported as PGN strings (no file, no network). Timed: `chess.pgn.read_game` on each string (which
parses the SAN of every move against the position, so it checks legality) and then every move
of the main line pushed on a fresh `chess.Board`. python-chess is optional
(`pip install -e '.[bench]'`); without it this benchmark is skipped.
"""

from __future__ import annotations

import io
import random
from types import ModuleType


def load_chess() -> ModuleType | None:
    """The `chess` package with its `chess.pgn` module, or None when it is not installed."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    return chess


def make_pgns(games: int, max_plies: int = 200, seed: int = 1) -> list[str]:
    """`games` random legal games (at most `max_plies` half-moves each) as PGN text."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = []
    for i in range(games):
        board = chess.Board()
        while board.ply() < max_plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"grinivil bench game {i + 1}"
        out.append(str(game))
    return out


def replay_pgns(pgns: list[str]) -> int:
    """Read every game and replay its moves on a Board; the number of moves replayed."""
    import chess.pgn

    moves = 0
    for text in pgns:
        game = chess.pgn.read_game(io.StringIO(text))
        if game is None or game.errors:
            raise ValueError(f"unreadable PGN: {game.errors if game else 'no game'}")
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
    return moves
