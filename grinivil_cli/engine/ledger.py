"""The ledger: the one way money, VPs, cubes, trees, Blocks, Workers, Small Warehouses,
Ownership Markers and the Bonus Road Track change, each with its cause.

Every change is an entry (turn, player, what, amount, new total, cause, rule). After every turn a
player's entries sum to their totals; audits and the viewer read these entries. What comes from
the general supply is an entry with the supply as its counterparty; Trees replanted straight
from the supply (#16), which no player holds, are a "supply trees" entry of the player who moved
them.
"""

from __future__ import annotations

from typing import NamedTuple

from ..logfile.names import BANK as BANK
from .state import GameState, PlayerState


class Entry(NamedTuple):
    """One change (immutable; a named tuple, the cheapest record to make: a replay makes one per
    change)."""

    turn: int
    player: str
    what: str  # "money", "vp", "trees", "blocks", "workers", "small_warehouses", "road_track",
    # "markers", "employed workers", "supply trees", or a resource name
    amount: int
    total: int
    cause: str
    rule: str
    counterparty: str = BANK  # who paid / was paid (a player, the bank, the pouch, the market)


class Ledger:
    """The entries of one replay, in order."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def record(self, state: GameState, player: PlayerState, what: str, amount: int,
               cause: str, rule: str, counterparty: str = BANK) -> None:
        """Apply `amount` to the player's `what` and record the entry."""
        if amount == 0:
            return
        if what in player.cubes:
            player.cubes[what] += amount
            total = player.cubes[what]
        else:
            total = getattr(player, what) + amount
            setattr(player, what, total)
        self.entries.append(Entry(state.turn, player.name, what, amount, total, cause, rule,
                                  counterparty))

    def for_player(self, name: str) -> list[Entry]:
        return [e for e in self.entries if e.player == name]

    def __repr__(self) -> str:
        last = f", the last of turn {self.entries[-1].turn}" if self.entries else ""
        return f"<Ledger: {len(self.entries)} entries{last}>"
