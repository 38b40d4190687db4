"""Python's garbage collector around grinivil's two heavy jobs.

A full collection walks every object alive, and grinivil keeps large, long-lived data: a
loaded log with the place of every value (about 38 bytes of heap per byte of YAML), a replay's
snapshots, a search's caches. Both blocks here leave the collector as they found it, nest,
and cost a few list splices, whatever the heap's size.
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
    """The collector kept from walking what was alive before the block (`gc.freeze`: ignored
    until `gc.unfreeze`; what the block makes is collected as usual). A search's replay runs in
    one: its own garbage is small, while a full collection that walked the loaded game took
    10-25 ms, the worst of a decision's time. (`gc.get_freeze_count` is not used to tell a
    nested block: it counts the objects.) The outermost block freezes and unfreezes."""
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
