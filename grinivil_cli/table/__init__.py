"""A game in progress, decision by decision (`Table`), and the text of its log (`logtext`)."""

from .table import Claims, FinalClaims, NotPlayable, Table, TurnDone

__all__ = ["Claims", "FinalClaims", "NotPlayable", "Table", "TurnDone"]
