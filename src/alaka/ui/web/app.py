"""The web server of ``alaka serve``: HTTP for the lobby, a WebSocket per open table page.

The routes are thin: each turns a request into a call on :class:`~alaka.ui.web.tables.TableRoom`
and a :class:`~alaka.ui.web.tables.TableError` into ``{"error": message}`` with its status (or,
on a WebSocket, an ``error`` message to that client alone). The protocol is documented for
client authors in ``docs/web.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import math
from collections import OrderedDict
from collections.abc import AsyncIterator, Coroutine, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect, HTTPConnection
from starlette.types import Message

from alaka.core.language import LANGUAGES, speaking, tr, trn
from alaka.core.protocol import JsonDict
from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names
from alaka.ui.web.clocks import presets_json
from alaka.ui.web.connections import (
    CLOSE_BAD,
    CLOSE_FORBIDDEN,
    CLOSE_FULL,
    CLOSE_NOT_FOUND,
    CLOSE_SILENT,
    CLOSE_TOO_MANY,
    CLOSE_UNSUPPORTED,
    Outbox,
    close_reason,
)
from alaka.ui.web.forwarding import Forwarding, ForwardTables, Hop
from alaka.ui.web.inputs import BadInput, parse_json
from alaka.ui.web.languages import COOKIE, COOKIE_AGE, Speaking, language_of
from alaka.ui.web.lessons import find_lesson, lesson_guide, lesson_message
from alaka.ui.web.limits import Addresses, Limits
from alaka.ui.web.pages import page as translated_page
from alaka.ui.web.security import Hygiene
from alaka.ui.web.store import Store, open_store
from alaka.ui.web.tables import Pace, Table, TableError, TableRoom, game_info
from alaka.ui.web.talk import sayings_json
from alaka.ui.web.wire import encode

log = logging.getLogger("alaka.web")

STATIC = Path(__file__).with_name("static")


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object, or a :class:`TableError` saying what is wrong with it.

    The size is checked as the body arrives (and against its declared length before), so a
    huge body is refused after ``limit`` bytes instead of being held in memory whole.
    """
    too_large = TableError(tr("the request is larger than {limit} bytes").format(limit=limit), 413)
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise too_large
    raw = bytearray()
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limit:
                raise too_large
    except ClientDisconnect:
        raise TableError(tr("the request ended before its body did")) from None
    try:
        body = parse_json(bytes(raw) or b"{}")
    except BadInput as error:
        raise TableError(
            # TRANSLATORS: {error} says what is wrong with the JSON.
            tr("the request body is not JSON the server reads: {error}").format(error=error)
        ) from None
    if not isinstance(body, dict):
        raise TableError(tr("the request body must be a JSON object"))
    return body


def create_app(
    db: Path | str | Store,
    *,
    pace: Pace | None = None,
    limits: Limits | None = None,
    hosts: Sequence[str] | None = None,
    origins: Sequence[str] = (),
    address: str = "",
) -> FastAPI:
    """The server application for the tables stored in ``db``: a store, or what ``--db`` takes
    (an SQLite file's path, created if missing, or a database URL: :func:`.store.open_store`).

    ``hosts`` are the names it answers to (None: any; see :mod:`alaka.ui.web.security`) and
    ``origins`` the other sites whose pages may use it. ``address`` is the URL the other servers
    on a shared database reach this one at (:mod:`alaka.ui.web.forwarding`; empty: nothing is
    forwarded here). ``app.state.problems`` lists the stored tables that could not be brought back.
    """
    limits = limits or Limits()
    store = db if isinstance(db, Store) else open_store(str(db))
    room = TableRoom(store, pace, limits)
    hop = Hop()
    if store.shared:
        hop.secret = store.join(address)
    forwarding = Forwarding(room, hop, limits.request_bytes)
    addresses = Addresses(limits)
    problems = room.load()
    #: Every spectator's connection, the longest idle first (a spectator sends nothing after
    #: joining but what the server refuses): the first to go when the server is full.
    spectators: OrderedDict[Outbox, tuple[str, int] | None] = OrderedDict()

    def drop_a_spectator() -> bool:
        """Close the spectator idle longest, to make room for someone else (False: none)."""
        while spectators:
            oldest, peer = spectators.popitem(last=False)
            if oldest.closing is None:
                with speaking(oldest.language):
                    oldest.close(
                        CLOSE_FULL, tr("the server is full: spectators make room for players; try later")
                    )
                addresses.abort(peer)
                return True
        return False

    addresses.make_room = drop_a_spectator

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await room.start()
        try:
            yield
        finally:
            await forwarding.close()
            await room.stop()
            store.close()

    # no interactive API pages: they load scripts from another site (docs/web.md has the API)
    app = FastAPI(title="Alaka", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(ForwardTables, forwarding=forwarding)  # inside Hygiene: after its checks
    app.add_middleware(Hygiene, hosts=hosts, origins=origins, vouched=hop.vouched)
    app.add_middleware(Speaking)  # outermost: every refusal is made in the reader's language
    app.state.room = room
    app.state.hop = hop
    app.state.problems = problems
    app.state.limits = limits
    app.state.addresses = addresses

    @app.get("/static/games/{name}.js", include_in_schema=False)
    async def game_renderer(name: str) -> Response:
        """A game's browser renderer, from the file its entry names in its own folder (before
        the static files: a route matches before a mount)."""
        if name not in game_names() or entry(name).browser_renderer is None:
            return _error(tr("no game {game} has a browser renderer").format(game=repr(name[:40])), 404)
        found = entry(name)
        source = resources.files(found.package).joinpath(str(found.browser_renderer)).read_bytes()
        return Response(source, media_type="text/javascript")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError) -> JSONResponse:
        response = _error(str(error), error.status)
        if error.retry_after is not None:
            response.headers["Retry-After"] = str(math.ceil(error.retry_after))
        return response

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return _error(str(error.detail), error.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()))
        # TRANSLATORS: {where} names the part of the request; {reason} is the validator's English.
        message = tr("bad request: {where}: {reason}").format(where=where, reason=first.get("msg", "invalid"))
        return _error(message, 400)

    # -- pages -----------------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page(request: Request) -> HTMLResponse:
        return _page(request, "index.html")

    @app.get("/table/{table_id}", include_in_schema=False, response_model=None)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        if await room.exists(table_id):
            return _page(request, "table.html")
        return _no_table_page(table_id, language_of(request))

    @app.get("/learn/{game}", include_in_schema=False, response_model=None)
    async def lesson_page(request: Request, game: str) -> HTMLResponse:
        language = language_of(request)
        try:
            find_lesson(game)
        except TableError as missing:
            with speaking(language):
                return _no_lesson_page(str(missing), language)
        return _page(request, "learn.html")

    @app.get("/table/{table_id}/replay", include_in_schema=False, response_model=None)
    async def replay_page(request: Request, table_id: str) -> HTMLResponse:
        if await room.exists(table_id):
            return _page(request, "replay.html")
        return _no_table_page(table_id, language_of(request))

    @app.get("/api/languages")
    async def list_languages(request: Request) -> JsonDict:
        return {
            "language": language_of(request),
            "languages": [{"code": code, "name": name} for code, name in LANGUAGES.items()],
        }

    @app.post("/api/language")
    async def choose_language(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            body = None
        code = body.get("language") if isinstance(body, dict) else None
        language = language_of(request)
        if not isinstance(code, str) or code not in LANGUAGES:
            with speaking(language):
                spoken = ", ".join(LANGUAGES)
                message = tr("No language {code}: Alaka speaks {languages}.").format(
                    code=str(code)[:20], languages=spoken
                )
            return JSONResponse({"error": message}, status_code=400)
        response = JSONResponse({"language": code})
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, path="/", samesite="lax")
        return response

    # -- the API ---------------------------------------------------------------------------------------

    @app.get("/api/games")
    async def list_games() -> JsonDict:
        return {"games": [game_info(get_game(name)) for name in game_names()], "clocks": presets_json()}

    @app.get("/api/talk")
    async def sayings() -> JsonDict:
        return sayings_json()

    @app.get("/api/tables")
    async def list_tables(request: Request, offset: int = 0, limit: int | None = None) -> JsonDict:
        if store.shared:  # every server's tables
            return await forwarding.listing(offset, room.check_page(offset, limit))
        return room.listing(offset, limit)

    @app.get("/api/servers/tables", include_in_schema=False)
    async def server_tables(request: Request, upto: int = 0) -> JsonDict:
        """This server's part of the lobby, for another server on the database."""
        if not hop.vouched(request.scope):
            raise TableError(tr("only the servers sharing this server's database ask for this"), 403)
        return room.local_listing(max(0, min(upto, 10 * limits.lobby_page)))

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> JsonDict:
        body = await _body(request, limits.request_bytes)
        wait = addresses.create(_address(request))
        if wait:
            made = limits.tables_per_minute
            raise TableError(
                trn(
                    "this address has created {n} table in the last minute; try again in {seconds} s",
                    "this address has created {n} tables in the last minute; try again in {seconds} s",
                    made,
                ).format(n=made, seconds=math.ceil(wait)),
                429,
                retry_after=wait,
            )
        table, links = await room.create(
            body.get("game"),
            body.get("seats"),
            body.get("options"),
            clock=body.get("clock"),
            owner=_address(request),
        )
        return {"table": table.summary(), "links": links}

    @app.post("/api/learn/{game}")
    async def lesson_step(game: str, request: Request) -> JsonDict:
        """The lesson after the choices sent (replayed here: the server is the referee)."""
        body = await _body(request, limits.request_bytes)
        return lesson_message(game, body.get("choices", []))

    @app.get("/api/learn/{game}/guide")
    async def lesson_explanations(game: str, request: Request) -> JsonDict:
        with speaking(language_of(request)):
            return lesson_guide(game)

    @app.get("/api/tables/{table_id}")
    async def show_table(table_id: str, request: Request) -> JsonDict:
        return (await room.find(table_id, _address(request))).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Request) -> JsonDict:
        body = await _body(request, limits.request_bytes)
        table = await room.find(table_id, _address(request))  # after the body: nothing waits in between
        return await room.claim(table, body.get("seat"), body.get("name"), body.get("code"))

    @app.post("/api/tables/{table_id}/leave")
    async def leave_table(table_id: str, request: Request) -> JsonDict:
        body = await _body(request, limits.request_bytes)
        table = await room.find(table_id, _address(request))  # after the body: nothing waits in between
        await room.leave(table, table.seat_of(_token(body)))
        return table.summary()

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> JsonDict:
        body = await _body(request, limits.request_bytes)
        table = await room.find(table_id, _address(request))  # after the body: nothing waits in between
        new, link = await room.start_rematch(table, table.seat_of(_token(body)), _address(request))
        return {"table": new.summary(), "link": link}

    @app.get("/api/tables/{table_id}/guide")
    async def guide(table_id: str, request: Request) -> JsonDict:
        table = await room.find(table_id, _address(request))
        with speaking(language_of(request)):
            return table.guide()

    @app.post("/api/tables/{table_id}/review")
    async def review(table_id: str, request: Request) -> JsonDict:
        body = await _body(request, limits.request_bytes)
        table = await room.find(table_id, _address(request))  # after the body: nothing waits in between
        return room.review(table, table.seat_of(_token(body)), _address(request))

    @app.get("/api/tables/{table_id}/replay")
    async def replay_step(
        table_id: str, request: Request, step: int = 0, seat: int | None = None
    ) -> JsonDict:
        return await room.replay_step(await room.find(table_id, _address(request)), step, seat)

    # -- the table's live connection -------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        address = _address(socket)
        await socket.accept()
        refused = addresses.connect(address)
        if refused is not None:
            code = CLOSE_FULL if refused.status == 503 else CLOSE_TOO_MANY
            await socket.close(code, close_reason(refused.reason))
            return
        try:
            await _serve_table(socket, table_id)
        finally:
            addresses.disconnect(address)

    async def _serve_table(socket: WebSocket, table_id: str) -> None:
        try:
            token = await _join(socket)
            table = await room.find(table_id, _address(socket))
            seat = table.seat_of(token)
            room.admit(table, seat)
        except TableError as error:
            await socket.send_text(encode({"type": "error", "message": str(error)}))
            await socket.close(_CLOSE_FOR.get(error.status, CLOSE_BAD), close_reason(str(error)))
            return
        except _Gone:
            return
        outbox = Outbox(socket, seat, limits.backlog)
        outbox.language = language_of(socket)
        if seat is None:  # spectators never take the room kept for people: the idlest goes
            while len(spectators) >= addresses.spectator_room and drop_a_spectator():
                pass
            spectators[outbox] = (socket.client.host, socket.client.port) if socket.client else None
        sender = outbox.start()
        reader = asyncio.create_task(_read(socket, table, outbox))
        try:
            await room.connect(table, outbox)
            await asyncio.wait({sender, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            spectators.pop(outbox, None)
            room.disconnect(table, outbox)
            reader.cancel()
            if outbox.closing is None:
                await outbox.stop()  # the page went away: no close frame to send
            else:
                await sender  # dropped: the sender is sending the close frame (bounded wait)

    async def _join(socket: WebSocket) -> str | None:
        """The token of the page's first message, ``{"type": "join", "token": ...}`` (no token:
        a spectator). The token travels inside the connection, never in its address, which
        proxies and logs keep."""
        try:
            first = await asyncio.wait_for(socket.receive(), limits.request_seconds)
        except TimeoutError:
            raise TableError(tr("a page says who it is first: {join}").format(join=_JOIN), 408) from None
        text = _text(first)
        try:
            message = parse_json(text) if len(text.encode()) <= limits.message_bytes else None
        except BadInput as error:
            raise TableError(
                # TRANSLATORS: {error} says what is wrong with the JSON.
                tr("the first message is not JSON the server reads: {error}").format(error=error)
            ) from None
        if not isinstance(message, dict) or message.get("type") != "join":
            raise TableError(
                # TRANSLATORS: {join} is the message's JSON form, {'type': 'join', 'token': ...}.
                tr("a page's first message is {join}").format(
                    join="{'type': 'join', 'token': its seat's token or null}"
                )
            )
        token = message.get("token")
        if token is not None and not isinstance(token, str):
            raise TableError(tr("'token' is the text of a seat's token, or null for a spectator"), 403)
        return token

    async def _read(socket: WebSocket, table: Table, outbox: Outbox) -> None:
        """Read the page's messages and act on them until it goes away."""
        with contextlib.suppress(_Gone):
            while True:
                try:
                    text = _text(await socket.receive())
                    if outbox in spectators:
                        spectators.move_to_end(outbox)  # not idle
                    message = _message(text, limits.message_bytes)
                    if message["type"] == "say":  # nothing stored: answered at once
                        room.say(table, outbox.seat, message.get("say"))
                        continue
                    if message["type"] == "undo":
                        request = room.take_back(table, outbox.seat, message.get("seq"))
                    else:
                        request = room.act(table, outbox.seat, message.get("seq"), message.get("action"))
                    await _to_the_end(request)
                except TableError as error:
                    if error.status == 415:
                        outbox.close(CLOSE_UNSUPPORTED, str(error))
                        return
                    outbox.deliver(encode({"type": "error", "message": str(error)}))

    return app


#: A page's first message, as the refusals show it.
_JOIN = "{'type': 'join', 'token': ...}"

#: The close code that says why a WebSocket was refused, by the HTTP status of the refusal.
_CLOSE_FOR = {
    403: CLOSE_FORBIDDEN,
    404: CLOSE_NOT_FOUND,
    410: CLOSE_NOT_FOUND,
    408: CLOSE_SILENT,
    415: CLOSE_UNSUPPORTED,
    429: CLOSE_TOO_MANY,
    500: 1011,
    503: 1013,
}


def _address(connection: HTTPConnection) -> str:
    """The client's address, which per-address budgets are counted by (for a request another
    server forwarded, the address it names: see :class:`.forwarding.Hop`)."""
    own = connection.client.host if connection.client is not None else "unknown"
    hop: Hop = connection.app.state.hop
    return hop.client(connection.scope, own)


#: The pages' requests under way, referenced so that one whose connection is gone still runs
#: to its end (the event loop keeps only weak references to its tasks).
_requests: set[asyncio.Task[None]] = set()


async def _to_the_end(request: Coroutine[Any, Any, None]) -> None:
    """Await a page's request, which runs to its end even if the connection is dropped meanwhile
    (the reader is then cancelled): an action cancelled halfway would be stored but never
    applied, the table in memory one action behind its record, its next action refused by the
    store and the game stuck."""
    task = asyncio.ensure_future(request)
    _requests.add(task)
    task.add_done_callback(_request_done)
    await asyncio.shield(task)


def _request_done(task: asyncio.Task[None]) -> None:
    """Forget a finished request; a refusal nobody is left to read is dropped, a failure logged."""
    _requests.discard(task)
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, TableError):
        log.error("a page's request failed", exc_info=error)


class _Gone(Exception):
    """The page closed its connection."""


def _text(message: Message) -> str:
    """The text of a WebSocket event; :class:`_Gone` if the page went away, a 415
    :class:`TableError` if it sent binary data (the protocol is JSON text)."""
    if message["type"] == "websocket.disconnect":
        raise _Gone
    text = message.get("text")
    if text is None:
        raise TableError(tr("a page sends text (JSON) messages, not binary ones"), 415)
    return str(text)


def _headers(language: str) -> dict[str, str]:
    return {"Vary": "Accept-Language, Cookie", "Content-Language": language}


def _page(request: HTTPConnection, name: str) -> HTMLResponse:
    """A static page in the reader's language."""
    language = language_of(request)
    return HTMLResponse(translated_page(STATIC / name, language), headers=_headers(language))


def _notice_page(language: str, title: str, heading: str, paragraph: str) -> HTMLResponse:
    """A short page, a 404 for a person (``paragraph`` is HTML; the rest is escaped here)."""
    body = (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8"><title>{html.escape(title)}'
        '</title><link rel="stylesheet" href="/static/style.css"></head><body><main class="notice">'
        f"<h1>{html.escape(heading)}</h1><p>{paragraph}</p></main></body></html>"
    )
    return HTMLResponse(body, status_code=404, headers=_headers(language))


def _no_table_page(table_id: str, language: str = "en") -> HTMLResponse:
    """A person following a dead link gets a page, not JSON."""
    with speaking(language):
        go = html.escape(tr("Go to the lobby"))
        why = html.escape(tr("The link may be mistyped, or from another server."))
        paragraph = f'{why} <a href="/">{go}</a>.'
        heading = tr("There is no table {table}").format(table=table_id[:40])
        return _notice_page(language, tr("No such table"), heading, paragraph)


def _no_lesson_page(reason: str, language: str = "en") -> HTMLResponse:
    """A lesson link for a game without one: a page back to the lobby."""
    with speaking(language):
        go = html.escape(tr("Go to the lobby"))
        lobby = f'<a href="/">{go}</a>'
        # TRANSLATORS: {lobby} is a link reading "Go to the lobby".
        paragraph = html.escape(tr("{lobby} to choose a game to learn.")).replace("{lobby}", lobby)
        heading = reason[:1].upper() + reason[1:]
        return _notice_page(language, tr("No such lesson"), heading, paragraph)


def _token(body: dict[str, Any]) -> str | None:
    token = body.get("token")
    if token is not None and not isinstance(token, str):
        raise TableError(tr("'token' must be a text"), 403)
    return token


def _message(text: str, limit: int) -> dict[str, Any]:
    """A client's message, checked for shape (the room checks what it asks for)."""
    if len(text.encode()) > limit:
        raise TableError(tr("a message is at most {n} bytes").format(n=limit))
    try:
        message = parse_json(text)
    except BadInput as error:
        raise TableError(
            # TRANSLATORS: {example} is a message's JSON form; {error} says what is wrong with it.
            tr("a message must be JSON such as {example}: {error}").format(
                example="{'type': 'act', 'seq': 12, 'action': '...'}", error=error
            )
        ) from None
    if not isinstance(message, dict) or message.get("type") not in ("act", "undo", "say"):
        raise TableError(
            # TRANSLATORS: {act}, {undo} and {say} are the messages' JSON forms.
            tr("a client only sends {act}, {undo} or {say}").format(
                act="{'type': 'act', 'seq': number, 'action': name}",
                undo="{'type': 'undo', 'seq': number}",
                say="{'type': 'say', 'say': a saying's id}",
            )
        )
    return message
