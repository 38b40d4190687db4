"""`grinivil serve`: from a tap to the next question, the server's share; the page's weight;
the memory of a server holding a 6-player game (issue 31).

    python bench/serve.py                 # the last 40 turns of the 6-player sample
    python bench/serve.py --turns 80

The 6-player sample without its last turns is served on 127.0.0.1 (a real uvicorn server in a
thread, as `grinivil serve` runs it); its last turns are answered again as the page answers
them: one POST a tap (`/answer` with the option's index, the tile's `extras`, `/seal` for
each secret bid), each timed from the request to the new state received (the page draws the
next question from that state), through one kept-alive connection. After each whole turn the
board is fetched, as the page does when the board changes, and timed on its own. Target: the
server's share of a tap, p95 under 50 ms.

Two phones (the first two players') follow the game as their pages do: the server's events
(`/events`), and on each new version their state fetched (`/state?seat=NAME`); each tap is
timed from its request to the moment both phones hold a state at least as new (information:
the browser test checks that the phones follow, and speed belongs here).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from servekit import answer_turn, running  # noqa: E402  (the tests' server in a thread)

TOP = Path(__file__).resolve().parent.parent
SAMPLE = TOP / "samples" / "game-6p.yaml"
TARGET_MS = 50.0


def cut(text: str, keep: int) -> str:
    """The log's text with its first `keep` turns only (and no final claims)."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("- player:")
              or line.startswith("- {player:")]
    return "".join(lines[:starts[keep]])


class Phone(threading.Thread):
    """A player's phone as its page keeps up: the server's events and, on each, its state
    fetched; when each version was first held (`held`)."""

    def __init__(self, base: str, seat: str) -> None:
        super().__init__(daemon=True)
        self.base, self.seat = base, seat
        self.held: dict[int, float] = {}
        self.listening = threading.Event()

    def run(self) -> None:
        query = f"?t=bench&seat={self.seat}"
        with httpx.Client(base_url=self.base, timeout=None) as client, \
                client.stream("GET", f"/events{query}") as events:
            for line in events.iter_lines():
                if not line.startswith("data: "):
                    continue
                self.listening.set()
                version = client.get(f"/state{query}").json()["version"]
                self.held.setdefault(version, time.perf_counter())

    def shown_after(self, version: int, deadline: float) -> float | None:
        """When this phone first held `version` or a later one (None: not by `deadline`)."""
        while time.perf_counter() < deadline:
            times = [t for v, t in list(self.held.items()) if v >= version]
            if times:
                return min(times)
            time.sleep(0.01)
        return None


def server_share(r: httpx.Response) -> float:
    """The milliseconds the server spent on a request (its `Server-Timing: app;dur=`)."""
    return float(r.headers["server-timing"].split("dur=")[1])


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=40, help="the sample's last turns answered")
    args = parser.parse_args()
    text = SAMPLE.read_text(encoding="utf-8")
    import yaml

    turns: list[dict[str, Any]] = yaml.safe_load(text)["turns"]
    keep = len(turns) - args.turns
    work = Path(tempfile.mkdtemp(prefix="grinivil-serve-bench-"))
    try:
        log = work / "game.yaml"
        log.write_text(cut(text, keep), encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        taps: list[float] = []  # seconds, from the request to the response received
        shares: list[float] = []  # milliseconds, the server's own (its Server-Timing)
        boards: list[float] = []
        sent: list[tuple[int, float]] = []  # each tap's new version, when its request left
        followed: list[float] = []  # seconds, from a tap to both phones holding its state
        board_shares: list[float] = []
        weights: dict[str, int] = {}
        with running(log, token="bench") as served:
            base = f"http://127.0.0.1:{served.port}"
            headers = {"X-Grinivil-Token": "bench"}
            phones = [Phone(base, name) for name in served.room.players[:2]]
            for phone in phones:
                phone.start()
                assert phone.listening.wait(30), f"{phone.seat}'s phone heard nothing"
            with httpx.Client(base_url=base, headers=headers, timeout=30) as client:
                for path in ("/?t=bench", "/static/serve.js", "/static/serve.css",
                             "/board.svg?t=bench", "/state?t=bench"):
                    weights[path.split("?")[0]] = len(client.get(path).content)
                state = client.get("/state?t=bench").json()

                def timed(r: httpx.Response) -> None:
                    taps.append(r.elapsed.total_seconds())
                    shares.append(server_share(r))
                    version = r.json()["version"]
                    if not sent or version > sent[-1][0]:  # a tap that changed the game
                        sent.append((version, time.perf_counter() - taps[-1]))

                for turn in turns[keep:]:
                    state = answer_turn(client, served, turn, state, timed)
                    t0 = time.perf_counter()
                    r = client.get(f"/board.svg?t=bench&b={state['board']}")
                    boards.append(time.perf_counter() - t0)
                    board_shares.append(server_share(r))
                for version, at in sent:  # each tap until both phones hold its state
                    shown = [phone.shown_after(version, time.perf_counter() + 10)
                             for phone in phones]
                    followed.append(max((t or float("inf")) for t in shown) - at)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        made = yaml.safe_load(log.read_text(encoding="utf-8"))["turns"]
        turns = [{k: v for k, v in t.items() if k != "claims"} for t in turns]  # not taps
        made = [{k: v for k, v in t.items() if k != "claims"} for t in made]
        assert made == turns, [(i + 1, a, b) for i, (a, b)
                               in enumerate(zip(made, turns, strict=False)) if a != b][:2]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    ms = [t * 1000 for t in taps]
    board_ms = [t * 1000 for t in boards]
    print(f"{SAMPLE.name}, turns {keep + 1}-{len(turns)} answered again through the server: "
          f"{len(ms)} taps")
    p95 = percentile(shares, 95)
    print(f"  the server's share of a tap (answer judged, the next question found, the state "
          f"made): median {statistics.median(shares):.1f} ms, p95 {p95:.1f} ms, worst "
          f"{max(shares):.1f} ms (target p95 < {TARGET_MS:.0f} ms: "
          f"{'PASS' if p95 < TARGET_MS else 'FAIL'})")
    print(f"  from the request to the response received (httpx, kept alive): median "
          f"{statistics.median(ms):.1f} ms, p95 {percentile(ms, 95):.1f} ms")
    print(f"  the board after a turn, the server's share: median "
          f"{statistics.median(board_shares):.1f} ms, p95 {percentile(board_shares, 95):.1f} "
          f"ms (received: median {statistics.median(board_ms):.1f} ms)")
    phone_ms = [t * 1000 for t in followed]
    print(f"  from a tap to both phones holding its state (their events, then /state): median "
          f"{statistics.median(phone_ms):.1f} ms, p95 {percentile(phone_ms, 95):.1f} ms, "
          f"worst {max(phone_ms):.1f} ms (information)")
    total = sum(weights.values())
    print("  the page's weight: " + ", ".join(f"{k} {v / 1024:.1f} KiB"
                                             for k, v in weights.items())
          + f"; {total / 1024:.1f} KiB in all, no other request")
    print(f"  peak memory of the process (server and client): {after / 1024:.0f} MiB "
          f"({before / 1024:.0f} MiB before the server)")


if __name__ == "__main__":
    main()
