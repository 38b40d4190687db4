"""A game in progress, decision by decision (`Table`), and the text of its log (`logtext`)."""

from ..choose import probe
from ..engine.reading import use_ability
from .table import Claims, FinalClaims, Note, NotPlayable, Table, TurnDone

# the rules ask R-TAR-06 of the chooser without importing it: the games made above this layer
# (and the engine's own, `engine.setup`) are judged by the chooser's search
use_ability(probe)

__all__ = ["Claims", "FinalClaims", "Note", "NotPlayable", "Table", "TurnDone"]
