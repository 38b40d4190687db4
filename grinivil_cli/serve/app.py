"""The web application of `grinivil serve` (Starlette): the page, the game's state as JSON, live
updates as server-sent events, and the answers as POSTs.

Nobody in who does not belong: every request but the page's static files carries the join
token (`?t=` on what a browser opens or streams, the `X-Grinivil-Token` header on every POST
and fetch); without it the answer is 403 and says nothing of the game. An answer is JSON of a
few numbers and words, at most `BODY_MAX` bytes; none names a file. Names from the log reach
the page as JSON data or through Jinja2's autoescaping, never as markup.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .qr import qr_svg
from .room import Refused, Room

HERE = Path(__file__).parent
BODY_MAX = 8_000  # bytes of a POST: a note is at most 2,000 characters
TEXT_MAX = 4_000  # characters of a note or a claim line
KEEP_ALIVE = 15.0  # seconds between the comments that keep an idle event stream open
LOOK = 0.25  # seconds an event stream waits before it looks whether the server is stopping
TOKEN_HEADER = "x-grinivil-token"

Handler = Callable[[Request], Awaitable[Response]]


def make_app(room: Room, token: str, join: str,
             stopping: Callable[[], bool] = lambda: False) -> Starlette:
    """The application serving `room`; `token` the join token every request carries; `join`
    the address a phone opens (with the token), shown as a QR code on the table's screen;
    `stopping` says when the server is stopping (the pages' event streams then end, so that
    Ctrl-C stops it at once)."""
    pages = Environment(loader=FileSystemLoader(HERE / "templates"),
                        autoescape=select_autoescape(default=True), trim_blocks=True,
                        lstrip_blocks=True)
    boards: dict[int, str] = {}  # the board drawn, by its version (the latest only)

    def allowed(request: Request) -> bool:
        given = request.query_params.get("t") or request.headers.get(TOKEN_HEADER) or ""
        return hmac.compare_digest(given.encode(), token.encode())

    def guarded(handler: Handler) -> Handler:
        async def inner(request: Request) -> Response:
            if not allowed(request):
                return JSONResponse({"error": "a join token is needed: open the address "
                                     "grinivil serve printed"}, status_code=403)
            start = time.perf_counter()
            try:
                response = await handler(request)
            except Refused as e:
                response = JSONResponse({"error": str(e), "state": room.state(_seat(request))},
                                        status_code=e.status)
            # the server's share of the request, as a browser's tools (and bench/serve.py) read it
            response.headers["Server-Timing"] = \
                f"app;dur={(time.perf_counter() - start) * 1000:.1f}"
            return response
        return inner

    def _seat(request: Request) -> str | None:
        try:
            return room.seat_of(request.query_params.get("seat"))
        except Refused:
            return None

    async def page(request: Request) -> Response:
        seat = room.seat_of(request.query_params.get("seat"))
        html = pages.get_template("page.html").render(
            title=room.rec.path.name, seat=seat or "", token=token, players=room.players,
            join=join)
        return HTMLResponse(html, headers=_private())

    async def state(request: Request) -> Response:
        return JSONResponse(room.state(room.seat_of(request.query_params.get("seat"))),
                            headers=_private())

    async def board(request: Request) -> Response:
        if room.board not in boards:
            boards.clear()
            boards[room.board] = room.board_svg()
        return Response(boards[room.board], media_type="image/svg+xml", headers=_private())

    async def qr(request: Request) -> Response:
        return Response(qr_svg(join), media_type="image/svg+xml", headers=_private())

    async def events(request: Request) -> Response:
        queue = room.listen()

        async def stream() -> AsyncIterator[str]:
            try:
                yield f"retry: 1000\ndata: {room.version}\n\n"
                idle = 0.0
                while not stopping():
                    try:
                        version = await asyncio.wait_for(queue.get(), LOOK)
                    except TimeoutError:
                        idle += LOOK
                        if idle >= KEEP_ALIVE:
                            idle = 0.0
                            yield ": still here\n\n"
                        continue
                    idle = 0.0
                    yield f"data: {version}\n\n"
            finally:
                room.leave(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**_private(), "X-Accel-Buffering": "no"})

    def post(act: Callable[[Request, dict[str, Any], str | None], None]) -> Handler:
        async def inner(request: Request) -> Response:
            body = await _body(request)
            seat = room.seat_of(_text(body, "seat", 80) or None)
            act(request, body, seat)
            return JSONResponse(room.state(seat), headers=_private())
        return inner

    def answer(request: Request, body: dict[str, Any], seat: str | None) -> None:
        extras = body.get("extras") or {}
        if not isinstance(extras, dict) or set(extras) - {"declined", "buy_time"}:
            raise Refused("'extras' are declined (true) and buy_time (a number)", 400)
        if extras.get("declined") not in (None, True):
            raise Refused("'declined' is true or left out", 400)
        _int(extras, "buy_time", None)
        room.answer(_int(body, "version"), seat, choice=_int(body, "choice", None),
                    count=_int(body, "count", None), extras=extras)

    def seal(request: Request, body: dict[str, Any], seat: str | None) -> None:
        room.seal(seat, _text(body, "player", 80), _int(body, "count"), _int(body, "round"))

    def back(request: Request, body: dict[str, Any], seat: str | None) -> None:
        room.back(_int(body, "version"), seat)

    def undo(request: Request, body: dict[str, Any], seat: str | None) -> None:
        room.undo(_int(body, "version"), seat)

    def claim(request: Request, body: dict[str, Any], seat: str | None) -> None:
        room.claim(_int(body, "version"), seat, _text(body, "text", TEXT_MAX))

    def note(request: Request, body: dict[str, Any], seat: str | None) -> None:
        room.note(_int(body, "version"), seat, _text(body, "text", TEXT_MAX))

    routes = [
        Route("/", guarded(page)),
        Route("/state", guarded(state)),
        Route("/board.svg", guarded(board)),
        Route("/join.svg", guarded(qr)),
        Route("/events", guarded(events)),
        *[Route(f"/{name}", guarded(post(act)), methods=["POST"])
          for name, act in (("answer", answer), ("seal", seal), ("back", back),
                            ("undo", undo), ("claim", claim), ("note", note))],
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(routes=routes)


def _private() -> dict[str, str]:
    return {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"}


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object of a POST, at most BODY_MAX bytes; Refused (400) otherwise."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > BODY_MAX:
            raise Refused(f"an answer is at most {BODY_MAX:,} bytes", 413)
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused("an answer is a JSON object", 400) from None
    if not isinstance(body, dict):
        raise Refused("an answer is a JSON object", 400)
    return body


_REQUIRED = object()


def _int(body: dict[str, Any], key: str, default: Any = _REQUIRED) -> Any:
    value = body.get(key, default)
    if value is _REQUIRED:
        raise Refused(f"'{key}' is missing", 400)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                              or not -10**9 < value < 10**9):
        raise Refused(f"'{key}' is a whole number", 400)
    return value


def _text(body: dict[str, Any], key: str, limit: int) -> str:
    value = body.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise Refused(f"'{key}' is text of at most {limit:,} characters", 400)
    return value
