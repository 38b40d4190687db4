"""A `grinivil serve` for the tests: on 127.0.0.1, on a free port, in a thread, stopped (and
its log's lock let go) when the test ends, whatever happens in it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from grinivil_cli.choose import in_offered_form, matches, recorded_value
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


def answer_turn(client: httpx.Client, served: Served, turn: dict[str, Any],
                state: dict[str, Any], taps: Callable[[httpx.Response], None] | None = None
                ) -> dict[str, Any]:
    """The recorded `turn` answered as the page answers it, one POST a tap (the tile with its
    quiet values, each question by its option's index or its number, each secret bid on its
    own); `state` is the page's state before it; the state after it comes back. `client`
    carries the token; `taps` sees each response."""
    room = served.room
    number = room.rec.turns + 1
    offered = in_offered_form(turn)
    while room.rec.turns < number:
        if "sealed" in state:
            key = "bids" if state["sealed"]["kind"] == "bid" else "pledges"
            for p in state["sealed"]["players"]:
                r = client.post("/seal", json={"player": p["name"],
                                               "count": (turn.get(key) or {}).get(p["name"], 0),
                                               "round": state["sealed"]["round"]})
                assert r.status_code == 200, r.text
                if taps:
                    taps(r)
                state = r.json()
            continue
        d = room.rec.table.decision
        assert d is not None
        body: dict[str, Any] = {"version": state["version"]}
        if d.path == ("tile",):
            body["choice"] = next(o["i"] for o in state["question"]["options"]
                                  if o["tile"] == turn["tile"])
            body["extras"] = {k: turn[k] for k in ("declined", "buy_time") if turn.get(k)}
        elif d.kind == "count":
            body["count"] = recorded_value(d, offered)
        else:
            value = recorded_value(d, offered)
            body["choice"] = next(i for i, o in enumerate(d.options) if matches(o, value))
        r = client.post("/answer", json=body)
        assert r.status_code == 200, (number, r.text)
        if taps:
            taps(r)
        state = r.json()
    return state
