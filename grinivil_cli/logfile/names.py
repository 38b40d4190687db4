"""Names a log uses that are nobody's seat: the Municipality (orange, the sixth colour, which
builds and owns the Municipal buildings) and the bank (what pays and is paid in the ledger).
A player cannot take them (`references.check_references`)."""

from __future__ import annotations

MUNICIPALITY = "Municipality"  # owner / builder name of the Municipality (orange, not a player)
BANK = "bank"
