"""A game in progress, decision by decision (`Table`), and the text of its log (`logtext`)."""

from .table import Claims, FinalClaims, Note, NotPlayable, Table, TurnDone

__all__ = ["Claims", "FinalClaims", "Note", "NotPlayable", "Table", "TurnDone"]
