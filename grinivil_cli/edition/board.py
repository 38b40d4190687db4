"""The parcels of the Grinivil Townland, by the names a log gives them (R-ZONE-01): the Center
`C`, the Inner Zone `I0`..`I7` and the Outer Zone `O0`..`O7`. The land tiles of an edition are
laid on them; what the tiles make of the townland is the engine's (`engine/townland.py`)."""

from __future__ import annotations

from .model import Zone

N = 8  # parcels per ring of the Inner and the Outer Zone (R-ZONE-01)
INNER: tuple[str, ...] = tuple(f"I{k}" for k in range(N))
OUTER: tuple[str, ...] = tuple(f"O{k}" for k in range(N))
SLOTS: tuple[str, ...] = ("C", *INNER, *OUTER)


def zone_of(slot: str) -> Zone:
    """The zone of a slot: the Center, the Inner or the Outer Zone (R-ZONE-01)."""
    if slot not in SLOTS:
        raise KeyError(slot)
    return "center" if slot == "C" else "inner" if slot[0] == "I" else "outer"
