"""The table during a replay: the state, its ledger, and the moves of Grinies, VPs and pieces.

Every payment and reward goes through one of these functions, which record a ledger entry and
raise the rule's IllegalMove when a player cannot pay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..base.shown import plural as plural  # where the engine's modules have it from
from ..base.shown import tagged
from ..edition.model import RESOURCES, Edition
from ..errors import IllegalMove, IncompleteRecord, Path
from .ledger import BANK, Entry, Ledger
from .reading import LOG, REGISTERED, Ability, Reader
from .records import At, Cubes, Record, outcome_value, value_of
from .state import MUNICIPALITY, GameState, PlayerState

FOURTH_WORKER_VP = 20  # R-VP-08
T = TypeVar("T")


def required(value: T | None, record: Record, key: str, what: str, rule: str) -> T:
    """A field the rules need (`value`, the field `key` of `record`): an IncompleteRecord
    naming `what` when the log leaves it out (it points at the record, inside the turn it
    belongs to)."""
    if value is None:
        raise IncompleteRecord(rule, f"the log must record {what} ('{key}').", record.at(key),
                               field=key)
    return value


def cube_counts(value: Any) -> dict[str, int]:
    """Cubes written as a list of names or as a mapping of counts."""
    counts = {r: 0 for r in RESOURCES}
    if isinstance(value, dict):
        for k, v in value.items():
            counts[k] += int(v)
    elif isinstance(value, list):
        for k in value:
            counts[k] += 1
    return counts


def cube_list(value: Any) -> list[str]:
    """Cubes written as a list of names or as a mapping of counts, as a list."""
    if isinstance(value, dict):
        return [r for r in RESOURCES for _ in range(int(value.get(r, 0)))]
    return list(value or [])


def describe_cubes(counts: dict[str, int]) -> str:
    parts = [f"{n} {r}" for r, n in counts.items() if n]
    return ", ".join(parts) if parts else "no cubes"


class Chance(Protocol):
    """Where a simulator's random outcomes come from (a replay reads them from the log)."""

    def cubes(self, pouch: dict[str, int], n: int) -> list[str]: ...

    def choice(self, options: Sequence[Any]) -> Any: ...

    def excess(self, g: Game, p: PlayerState) -> dict[str, int]: ...


@dataclass(repr=False)
class Game:
    state: GameState
    ledger: Ledger
    chance: Chance | None = None
    writing: dict[str, Any] | None = None  # the turn mapping being written (`outcome`)
    writing_at: Path = ()  # its path
    lenient: bool = False  # --lenient: a payment that cannot be made is a finding, not a stop
    findings: list[IllegalMove] = field(default_factory=list)
    reader: Reader = LOG  # how the rules read records: as written, or as a move is being made
    ability: Ability = REGISTERED  # who answers R-TAR-06 (`reading.use_ability`)

    def __repr__(self) -> str:
        state = repr(self.state).removeprefix("<GameState ").removesuffix(">")
        return tagged("Game", f"({len(self.ledger.entries)} ledger entries) {state}")

    def outcome(self, record: Record, key: str, draw: Callable[[Chance], Any], *,
                item: str | int | None = None) -> Any:
        """A random outcome (or a decision read like one: excess cubes, Sudden-death and Big
        Town choices) as the log records it: the field `key` of `record` (or the record's own
        value, when it is the value of `key`: a site bonus's `random`), or its entry `item` (a
        name of a mapping, an index of a list). With a Chance (`tools/fuzz.py`'s made-up
        moves), one not recorded yet is drawn and written into the turn being written
        (`writing`): the one place where the rules write into a log."""
        reader = self.reader
        plain = reader.peek(record)
        attr = plain.field_of(key)
        own = type(plain).log_keys().get(attr, key) is None  # the record is the field's value
        path = record.at() if own else record.at(key)
        if item is not None:
            path = (*path, item)
        plain = reader.outcome(record, path, key, item)  # as it is now: it may be decided
        if self.chance is not None and self.writing is not None:
            return outcome_value(key, self._drawn(path, item, draw, self.chance), At(path))
        value = getattr(plain, attr)
        if item is None or value is None:
            return value
        if isinstance(item, int):
            return value[item] if item < len(value) else None
        return value_of(value, item)

    def _drawn(self, path: Path, item: str | int | None, draw: Callable[[Chance], Any],
               chance: Chance) -> Any:
        """The outcome at `path` in the turn being written, drawn and written there first if it
        is not yet."""
        data: Any = self.writing
        inside = path[len(self.writing_at):]
        key = inside[-1] if item is None else inside[-2]
        for k in inside[:-1] if item is None else inside[:-2]:
            data = data[k]  # the record's own mapping, which the simulator wrote
        if item is None:
            if key not in data:
                data[key] = draw(chance)
            return data.get(key)
        found = data.get(key)
        if isinstance(item, int):
            entries: list[Any] = found if isinstance(found, list) else []
            if item >= len(entries):
                entries = data[key] = [*entries, draw(chance)]
            return entries[item]
        mapping: dict[str, Any] = found if isinstance(found, dict) else {}
        if item not in mapping:
            mapping = data[key] = {**mapping, item: draw(chance)}
        return mapping[item]

    def pouch_draw(self, record: Record, key: str, n: int) -> list[str]:
        """Random cubes drawn from the pouch, as recorded (or drawn by the simulator)."""
        pouch = self.state.supply.pouch
        drawn: Cubes | None = self.outcome(record, key, lambda c: c.cubes(dict(pouch), n))
        return drawn.as_list() if drawn is not None else []

    @property
    def ed(self) -> Edition:
        return self.state.edition

    # --- Grinies -------------------------------------------------------------------------
    def pay(self, p: PlayerState, amount: int, cause: str, rule: str, path: Path = (),
            to: str = BANK, received: str | None = None) -> None:
        """`p` pays `amount` Grinies to a player or the bank; the rule's error if they cannot.
        A player paid reads `received` on their own line (what it is from their side: "Forced
        Trade with Anna", not "Forced Trade with Bruno from Anna"); else the cause and the
        payer."""
        if amount <= 0:
            return
        if p.money < amount:  # leniently applied as recorded: the player goes below zero
            self.soft(IllegalMove(rule, f"{cause} is {plural(amount, 'Grinie', 'Grinies')}; "
                                  f"{p.name} holds "
                                  f"{p.money}.", path))
        self.ledger.record(self.state, p, "money", -amount, cause, rule, to)
        if to not in (BANK, MUNICIPALITY):
            self.ledger.record(self.state, self.state.player(to), "money", amount,
                               received or f"{cause} from {p.name}", rule, p.name)

    def earn(self, p: PlayerState, amount: int, cause: str, rule: str) -> None:
        """`p` receives Grinies from the bank."""
        self.ledger.record(self.state, p, "money", amount, cause, rule)

    def pay_all_you_can(self, p: PlayerState, amount: int, cause: str, rule: str) -> bool:
        """Pay up to `amount`; False when the player could not pay it all (R-RND-07)."""
        paid = max(0, min(p.money, amount))
        self.ledger.record(self.state, p, "money", -paid, cause, rule)
        return paid == amount

    # --- Victory Points ------------------------------------------------------------------
    def gain_vp(self, p: PlayerState, amount: int, cause: str, rule: str) -> None:
        """Score VPs; reaching field 20 brings the fourth Worker (R-VP-08, AMB-VP-02)."""
        if amount <= 0:
            return
        self.ledger.record(self.state, p, "vp", amount, cause, rule)
        if p.vp >= FOURTH_WORKER_VP:
            self.give_fourth_worker(p, "reached 20 VPs on the Scoreboard", "R-VP-08")

    def lose_vp(self, p: PlayerState, amount: int, cause: str, rule: str) -> int:
        """Lose VPs, never below 0 (R-VP-10); returns how many were lost."""
        lost = min(p.vp, amount)
        self.ledger.record(self.state, p, "vp", -lost, cause, rule)
        return lost

    def give_fourth_worker(self, p: PlayerState, cause: str, rule: str) -> None:
        """The extra (fourth) Worker, once per player (R-WRK-01)."""
        if not p.fourth_worker:
            p.fourth_worker = True
            self.ledger.record(self.state, p, "workers", 1, cause, rule)

    # --- Resource Cubes ------------------------------------------------------------------
    def draw_from_pouch(self, p: PlayerState | None, counts: dict[str, int], cause: str,
                        rule: str, path: Path = ()) -> None:
        """Cubes drawn from the Reserve pouch must still be in it (R-GEN-05)."""
        pouch = self.state.supply.pouch
        for r, n in counts.items():
            if n > pouch[r]:
                raise IllegalMove(rule, f"{cause}: {n} {r} drawn, but the Reserve pouch holds "
                                  f"only {pouch[r]} {r}.", path)
        for r, n in counts.items():
            pouch[r] -= n
            if p is not None:
                self.ledger.record(self.state, p, r, n, cause, rule, "pouch")

    def discard_to_pouch(self, p: PlayerState, counts: dict[str, int], cause: str, rule: str,
                         path: Path = ()) -> None:
        """Cubes spent (floors, roads) go back to the Reserve pouch (R-RES-03)."""
        for r, n in counts.items():
            if n > p.cubes[r]:
                raise IllegalMove(rule, f"{cause} needs {describe_cubes(counts)}; {p.name} "
                                  f"holds {describe_cubes(p.cubes)}.", path)
        for r, n in counts.items():
            self.ledger.record(self.state, p, r, -n, cause, rule, "pouch")
            self.state.supply.pouch[r] += n

    # --- Trees ---------------------------------------------------------------------------
    def take_trees(self, p: PlayerState, n: int, cause: str, rule: str,
                   partial: bool = True) -> int:
        """Trees from the general supply; what is left when it runs short (AMB-SBON-02)."""
        n = min(n, self.state.supply.trees) if partial else n
        self.state.supply.trees -= n
        self.ledger.record(self.state, p, "trees", n, cause, rule, "supply")
        return n

    def replant_from_supply(self, p: PlayerState, n: int, cause: str, rule: str) -> None:
        """Trees from the general supply straight onto Planting Spots (#16): no player holds
        them, so the entry is the supply's ("supply trees", its total what is left)."""
        if n <= 0:
            return
        self.state.supply.trees -= n
        self.ledger.entries.append(Entry(self.state.turn, p.name, "supply trees", -n,
                                         self.state.supply.trees, cause, rule, "townland"))

    # --- Small Warehouses ----------------------------------------------------------------
    def take_small_warehouse(self, p: PlayerState, cause: str, rule: str) -> bool:
        """A Small Warehouse from the supply, while any is left (R-GEN-04, AMB-RDB-02)."""
        if self.state.supply.small_warehouses < 1:
            return False
        self.state.supply.small_warehouses -= 1
        self.ledger.record(self.state, p, "small_warehouses", 1, cause, rule, "supply")
        return True

    # --- Workers -------------------------------------------------------------------------
    def employed_workers(self, p: PlayerState) -> int:
        """Workers at Building Sites (finished or not) and on Ability Tiles (R-WRK-05)."""
        name = p.name
        n = 0
        for b in self.state.townland.buildings.values():
            if b.workers and name in b.workers:
                n += 1
        for worker in self.state.ring.ability_workers.values():
            if worker == name:
                n += 1
        return n

    def soft(self, error: IllegalMove) -> None:
        """A broken rule after which the move can still be applied as recorded: raised in a
        strict replay, kept as a finding in a lenient one (--lenient)."""
        if not self.lenient:
            raise error
        self.findings.append(error)

    def worker_moved(self, p: PlayerState, amount: int, cause: str, rule: str) -> None:
        """Record a Worker put to work (+1) or taken back (-1); the total is the employed
        Workers after it (employment is derived from the board, so nothing else changes)."""
        self.ledger.entries.append(Entry(self.state.turn, p.name, "employed workers", amount,
                                         self.employed_workers(p), cause, rule, "townland"))

    def free_workers(self, p: PlayerState) -> int:
        """Workers in the Portfolio (unemployed)."""
        return p.workers - self.employed_workers(p)
