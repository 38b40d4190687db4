"""How the rules read a record, and ask whether a player is able to perform an Action: the one
interface between the judge (the rules) and the chooser (`grinivil_cli/choose`), which
asks the rules from outside (issue 29). The rules know nothing of a move being made: they
read through `Game.reader` and ask `Game.ability`, and the chooser supplies both.

A `Reader`: a replay of a log reads its records as written (`LOG`); the chooser's replays
read a record being made decision by decision through its probe, which may decide a field
when the rules read it (`VIEWS`, put on the table by `choose.quiet`). An `Ability` answers
R-TAR-06 for a declined action: the chooser's searches (the module `choices`, `able` and
`able_at_the_choice`), registered by the layer that makes games for the front ends
(`grinivil_cli/table/__init__.py`: `use_ability`), since no rule imports the chooser.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, cast

from ..errors import IllegalMove, Path
from .records import FieldProbe, Record, Step, probe_of, unprobed
from .state import GameState, PlayerState

R = TypeVar("R", bound=Record)

# `g` is a `game.Game` and `turn` a `turnstate.Turn`: both import this module (as Any here)


class Reader(Protocol):
    """How the rules read the records of a turn."""

    def peek(self, record: R) -> R:
        """The record as written so far, deciding nothing."""
        ...

    def outcome(self, record: R, path: Path, key: str, item: str | int | None) -> R:
        """Before `Game.outcome` reads the random outcome at `path` (field `key`, entry
        `item`): the record as written then (the read may decide it)."""
        ...

    def choosing(self, g: Any, p: PlayerState, action: str, step: Step,
                 before: GameState | None, turn: Any) -> IllegalMove | None:
        """Where a turn chooses a tile whose choosing move draws at random (`before`: the
        table before it, if kept): why no draw lets the player perform it, if known now."""
        ...


class Ability(Protocol):
    """R-TAR-06: whether a player is able to perform the Action they decline."""

    def able(self, g: Any, p: PlayerState, action: str, step: Step,
             vp_before_choice: int | None) -> IllegalMove | None:
        """None when some legal record of `action` exists now (after the choosing move and
        step 2), else the rule the attempt that got furthest broke."""
        ...

    def able_at_the_choice(self, g: Any, p: PlayerState, action: str, step: Step,
                           before: GameState, turn: Any) -> bool:
        """Whether some draw of the choosing move and of step 2 lets the player carry the
        action out, from the table `before` the choosing move."""
        ...


class _Log:
    """The records of a log, read as written: nothing is decided, nothing asked."""

    def peek(self, record: R) -> R:
        return record

    def outcome(self, record: R, path: Path, key: str, item: str | int | None) -> R:
        return record

    def choosing(self, g: Any, p: PlayerState, action: str, step: Step,
                 before: GameState | None, turn: Any) -> IllegalMove | None:
        return None


LOG: Reader = _Log()


class Chooser(FieldProbe, Protocol):
    """A probe that may know, where a turn being made chooses a tile whose choosing move draws
    at random, that no draw lets the player perform it (`choose.Probe`)."""

    def choosing(self, g: Any, p: PlayerState, action: str, step: Step,
                 before: GameState | None, turn: Any) -> IllegalMove | None: ...


class _Views:
    """Records being made, each read through its own probe (`records.probed`), which may
    decide the field read; the others as written. The chooser puts it on (`choose.quiet`)."""

    def peek(self, record: R) -> R:
        return unprobed(record)

    def outcome(self, record: R, path: Path, key: str, item: str | int | None) -> R:
        probe = probe_of(record)
        if probe is None:
            return record
        probe.read(path, key, item, outcome=True)
        return unprobed(record)

    def choosing(self, g: Any, p: PlayerState, action: str, step: Step,
                 before: GameState | None, turn: Any) -> IllegalMove | None:
        probe = probe_of(step)
        return None if probe is None else \
            cast(Chooser, probe).choosing(g, p, action, step, before, turn)


VIEWS: Reader = _Views()


class _Registered:
    """The Ability `use_ability` registered, asked when the question comes (not when the game
    was made)."""

    def able(self, g: Any, p: PlayerState, action: str, step: Step,
             vp_before_choice: int | None) -> IllegalMove | None:
        return _judge().able(g, p, action, step, vp_before_choice)

    def able_at_the_choice(self, g: Any, p: PlayerState, action: str, step: Step,
                           before: GameState, turn: Any) -> bool:
        return _judge().able_at_the_choice(g, p, action, step, before, turn)


REGISTERED: Ability = _Registered()
_ABILITY: list[Ability] = []


def use_ability(ability: Ability) -> None:
    """The Ability a game asks when it was given none of its own (`Game.ability`)."""
    _ABILITY[:] = [ability]


def _judge() -> Ability:
    if not _ABILITY:
        raise RuntimeError("no judge of R-TAR-06 is registered (reading.use_ability): import "
                           "grinivil_cli.table, which registers the chooser's")
    return _ABILITY[0]
