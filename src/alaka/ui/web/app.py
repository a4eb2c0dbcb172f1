"""The web server of ``alaka serve``: HTTP for the lobby, a WebSocket per open table page.

The routes are thin: each turns a request into a call on :class:`~alaka.ui.web.tables.TableRoom`
and a :class:`~alaka.ui.web.tables.TableError` into ``{"error": message}`` with its status (or,
on a WebSocket, an ``error`` message to that client alone). The protocol is documented for
client authors in ``docs/web.md``.
"""

from __future__ import annotations

import html
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from alaka.core.protocol import JsonDict
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names
from alaka.ui.web.store import Store
from alaka.ui.web.tables import Pace, TableError, TableRoom, game_info

STATIC = Path(__file__).with_name("static")

#: WebSocket close codes for a refused connection (4000-4999 are the application's own).
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404

#: The largest message a client may send; an action message is a few dozen bytes.
MAX_MESSAGE = 4096


class WebClient:
    """One open table page: its WebSocket and the seat its token opened (None: spectator)."""

    def __init__(self, socket: WebSocket, seat: int | None) -> None:
        self.socket = socket
        self.seat = seat
        self.log_sent = 0

    async def send(self, message: JsonDict) -> None:
        await self.socket.send_text(json.dumps(message, ensure_ascii=False, separators=(",", ":")))


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, or a :class:`TableError` saying what is wrong with it."""
    raw = await request.body()
    if len(raw) > 65536:
        raise TableError("the request is too large")
    try:
        body = json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise TableError(f"the request body is not JSON: {error}") from None
    if not isinstance(body, dict):
        raise TableError("the request body must be a JSON object")
    return body


def create_app(db: Path | str, *, pace: Pace | None = None) -> FastAPI:
    """The server application for the tables stored in ``db`` (created if missing).

    ``app.state.problems`` lists the stored tables that could not be brought back.
    """
    store = Store(db)
    room = TableRoom(store, pace)
    problems = room.load()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await room.start()
        try:
            yield
        finally:
            await room.stop()
            store.close()

    app = FastAPI(title="Alaka", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.room = room
    app.state.problems = problems
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError) -> JSONResponse:
        return _error(str(error), error.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return _error(str(error.detail), error.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()))
        return _error(f"bad request: {where}: {first.get('msg', 'invalid')}", 400)

    # -- pages -----------------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False, response_model=None)
    async def table_page(table_id: str) -> FileResponse | HTMLResponse:
        return FileResponse(STATIC / "table.html") if table_id in room.tables else _no_table_page(table_id)

    @app.get("/table/{table_id}/replay", include_in_schema=False, response_model=None)
    async def replay_page(table_id: str) -> FileResponse | HTMLResponse:
        return FileResponse(STATIC / "replay.html") if table_id in room.tables else _no_table_page(table_id)

    # -- the API ---------------------------------------------------------------------------------------

    @app.get("/api/games")
    async def list_games() -> JsonDict:
        return {"games": [game_info(get_game(name)) for name in game_names()]}

    @app.get("/api/tables")
    async def list_tables() -> JsonDict:
        return {"tables": room.listing()}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> JsonDict:
        body = await _body(request)
        table, links = room.create(body.get("game"), body.get("seats"), body.get("options"))
        return {"table": table.summary(), "links": links}

    @app.get("/api/tables/{table_id}")
    async def show_table(table_id: str) -> JsonDict:
        return room.get(table_id).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Request) -> JsonDict:
        table = room.get(table_id)
        body = await _body(request)
        return await room.claim(table, body.get("seat"), body.get("name"))

    @app.post("/api/tables/{table_id}/leave")
    async def leave_table(table_id: str, request: Request) -> JsonDict:
        table = room.get(table_id)
        body = await _body(request)
        await room.leave(table, table.seat_of(_token(body)))
        return table.summary()

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> JsonDict:
        table = room.get(table_id)
        body = await _body(request)
        new, link = await room.start_rematch(table, table.seat_of(_token(body)))
        return {"table": new.summary(), "link": link}

    @app.get("/api/tables/{table_id}/replay")
    async def replay_step(table_id: str, step: int = 0, seat: int | None = None) -> JsonDict:
        return room.replay_step(room.get(table_id), step, seat)

    # -- the table's live connection -------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str, token: str | None = None) -> None:
        await socket.accept()
        try:
            table = room.get(table_id)
            seat = table.seat_of(token)
        except TableError as error:
            await socket.send_text(json.dumps({"type": "error", "message": str(error)}))
            await socket.close(CLOSE_NOT_FOUND if error.status == 404 else CLOSE_FORBIDDEN)
            return
        client = WebClient(socket, seat)
        await room.connect(table, client)
        try:
            while True:
                text = await socket.receive_text()
                try:
                    message = _message(text)
                    await room.act(table, client.seat, message.get("seq"), message.get("action"))
                except TableError as error:
                    await client.send({"type": "error", "message": str(error)})
        except WebSocketDisconnect:
            pass
        finally:
            await room.disconnect(table, client)

    return app


def _no_table_page(table_id: str) -> HTMLResponse:
    """A person following a dead link gets a page, not JSON."""
    body = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No such table</title>'
        '<link rel="stylesheet" href="/static/style.css"></head><body><main class="notice">'
        f"<h1>There is no table {html.escape(table_id)}</h1>"
        '<p>The link may be mistyped, or from another server. <a href="/">Go to the lobby</a>.</p>'
        "</main></body></html>"
    )
    return HTMLResponse(body, status_code=404)


def _token(body: dict[str, Any]) -> str | None:
    token = body.get("token")
    if token is not None and not isinstance(token, str):
        raise TableError("'token' must be a text", 403)
    return token


def _message(text: str) -> dict[str, Any]:
    """A client's message, checked for shape (the room checks what it asks for)."""
    if len(text) > MAX_MESSAGE:
        raise TableError("the message is too long")
    try:
        message = json.loads(text)
    except json.JSONDecodeError:
        raise TableError(
            "a message must be JSON such as {'type': 'act', 'seq': 12, 'action': '...'}"
        ) from None
    if not isinstance(message, dict) or message.get("type") != "act":
        raise TableError("a client only sends {'type': 'act', 'seq': number, 'action': name}")
    return message
