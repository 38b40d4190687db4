"""A game in progress, decision by decision (`Table`), and the text of its log (`logtext`).

What this package holds is imported when it is first asked for: replaying a log (`loading`,
which `validate` uses) needs neither the `Table` nor the chooser's searches, whose modules
(`choose`, about 20) took a tenth of a one-log `validate`'s start (docs/performance.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.reading import use_ability

if TYPE_CHECKING:
    from ..engine.records import Step
    from ..engine.state import GameState, PlayerState
    from ..errors import IllegalMove
    from .table import Claims, FinalClaims, Note, NotPlayable, Table, TurnDone


class _Chooser:
    """R-TAR-06 judged by the chooser's searches (`choose.probe`), imported when the rules
    first ask it: most turns decline no action."""

    def able(self, g: Any, p: PlayerState, action: str, step: Step,
             vp_before_choice: int | None) -> IllegalMove | None:
        from ..choose import probe

        return probe.able(g, p, action, step, vp_before_choice)

    def able_at_the_choice(self, g: Any, p: PlayerState, action: str, step: Step,
                           before: GameState, turn: Any) -> bool:
        from ..choose import probe

        return probe.able_at_the_choice(g, p, action, step, before, turn)


# the rules ask R-TAR-06 of the chooser without importing it: the games made above this layer
# (and the engine's own, `engine.setup`) are judged by the chooser's search
use_ability(_Chooser())

__all__ = ["Claims", "FinalClaims", "Note", "NotPlayable", "Table", "TurnDone"]


def __getattr__(name: str) -> Any:
    """`Table` and the values of a turn, from `.table` when first asked for."""
    if name in __all__:
        from . import table

        return getattr(table, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
