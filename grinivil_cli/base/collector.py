"""Python's garbage collector around grinivil's two heavy jobs.

A full collection walks every object alive, and grinivil keeps large, long-lived data: a
loaded log and its typed records, a replay's snapshots. Both blocks here leave the collector
as they found it and nest.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_SPARING = False  # a `spared` block is running


@contextmanager
def paused() -> Iterator[None]:
    """No collection while a log is read and replayed: what the reading makes lives on (the
    log, its records, the ledger), so a collection in the middle walks a growing heap and frees
    little; the few cycles made are collected after. Left as it is when already disabled."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@contextmanager
def spared() -> Iterator[None]:
    """Work on a loaded game (a search's many replays: `grinivil moves`, the completeness
    check, the decisions benchmark) with what was alive before kept out of the collections
    (`gc.freeze`): the loaded log, its snapshots and the table, most of the heap, are no
    longer walked by a full collection, which took 10-25 ms, the worst of a decision's time.
    What the work makes is collected as usual. At the end the frozen objects join the others
    again and a full collection runs once. A block spans a whole session of searches, not one
    replay: each unfreeze sends the objects young at the freeze to the oldest generation, out
    of reach of the young collections (per replay, a search's cyclic garbage piled up by the
    gigabyte). The outermost block freezes and unfreezes (told by a flag:
    `gc.get_freeze_count` counts the objects)."""
    global _SPARING
    if _SPARING:
        yield
        return
    _SPARING = True
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        _SPARING = False
        gc.collect()
