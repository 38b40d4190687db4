"""Starting `grinivil serve`: the log opened and locked as `record` opens it (one writer a
log), the address printed with its QR code, and uvicorn serving the application until Ctrl-C.

By default the server listens on 127.0.0.1 only: the laptop's own browser. `--lan` listens on
every interface of the machine, for the tablet and the phones on its local network; the
address it prints (and the QR code) carries the join token, without which a request gets 403.
The token is made anew at each start (`secrets`): a page of an earlier start is refused.
"""

from __future__ import annotations

import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

import uvicorn

from ..recorder.session import Recording
from .app import make_app
from .qr import qr_text
from .room import Room

LOCAL = "127.0.0.1"
GRACE = 1  # seconds the open pages' event streams are given to close at Ctrl-C


@dataclass
class Served:
    """A server made ready, listening already (its port known): its game, its token, the
    address it prints, and uvicorn's server (`run` serves until `stop`)."""

    room: Room
    token: str
    address: str  # the table's screen and what a phone opens (the QR code), with the token
    port: int
    server: uvicorn.Server
    sock: socket.socket

    def run(self) -> None:
        """Serve until Ctrl-C (in the main thread) or `stop`."""
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.sock.close()

    def stop(self) -> None:
        self.server.should_exit = True


def prepare(rec: Recording, *, port: int, lan: bool = False, token: str | None = None,
            host: str | None = None) -> Served:
    """The server of the recording `rec` (its lock held), on `port` (0: any free one, told
    once it listens), on 127.0.0.1 or, with `lan`, on every interface."""
    token = token or secrets.token_urlsafe(18)
    room = Room(rec)
    bind = "0.0.0.0" if lan else LOCAL
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say so (a reply's
    # headers and body otherwise wait out the client's delayed ACK, 40 ms a request)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bind, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    port = sock.getsockname()[1]
    shown = host or (lan_address() if lan else LOCAL)
    address = f"http://{shown}:{port}/?t={quote(token)}"
    stopping: list[uvicorn.Server] = []  # the server, once made: its pages' streams end with it
    app = make_app(room, token, address, lambda: bool(stopping) and stopping[0].should_exit)
    config = uvicorn.Config(app, host=bind, port=port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=GRACE, lifespan="off",
                            server_header=False)
    server = uvicorn.Server(config)
    stopping.append(server)
    return Served(room, token, address, port, server, sock)


def lan_address() -> str:
    """This machine's address on its local network (the one a route out would leave from;
    nothing is sent), or 127.0.0.1 when it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            found: str = s.getsockname()[0]
            return found
        except OSError:
            return LOCAL


def serve(rec: Recording, *, port: int, lan: bool, say: Callable[[str], None]) -> None:
    """Serve `rec` until Ctrl-C; the lock is let go at the end."""
    try:
        served = prepare(rec, port=port, lan=lan)
    except OSError:
        rec.close()
        raise
    try:
        say(f"{rec.path}: {rec.turns} turn{'s' * (rec.turns != 1)} recorded; serving the table "
            f"at\n  {served.address}")
        say("Open it on the table's screen; a phone joins through the QR code (its own "
            "bids are secret):")
        say(qr_text(served.address))
        if not lan:
            say("(only this machine can open it: --lan serves the local network, with the "
                "token in the address)")
        say("Ctrl-C stops the server; the log holds every whole turn.")
        try:
            served.run()
        except KeyboardInterrupt:  # uvicorn stopped at Ctrl-C, then raised it again: done
            pass
    finally:
        rec.close()
    say(f"{rec.path}: {rec.turns} whole turn{'s' * (rec.turns != 1)} recorded; run the same "
        "command to go on.")
