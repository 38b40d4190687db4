"""A `grinivil serve` for the tests: on 127.0.0.1, on a free port, in a thread, stopped (and
its log's lock let go) when the test ends, whatever happens in it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from grinivil_cli.recorder.session import Recording
from grinivil_cli.serve.run import Served, prepare


@contextmanager
def running(log: Path, *, lan: bool = False, token: str | None = None) -> Iterator[Served]:
    """The served game of `log` (which exists), listening on 127.0.0.1 (with `lan`, on every
    interface, the address still 127.0.0.1's); `served.address` opens the table's screen."""
    rec = Recording.open(log, by="serve")
    try:
        served = prepare(rec, port=0, lan=lan, token=token, host="127.0.0.1")
    except BaseException:
        rec.close()
        raise
    thread = threading.Thread(target=served.run, name="grinivil-serve", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not served.server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        yield served
    finally:
        served.stop()
        thread.join(20)
        rec.close()


def base(served: Served) -> str:
    return f"http://127.0.0.1:{served.port}"
