"""Several servers, one site: a request for a table goes to the server that drives it.

Servers sharing a PostgreSQL database (:mod:`.postgres`) each drive some of the tables: the one
holding a table's lock runs its clock, chance, forced moves and bots, stores its actions and
tells its watchers (:class:`~alaka.ui.web.tables.TableRoom`). Any server answers a visitor: for
a table another server drives, it passes the request on (:class:`Forwarding`), HTTP or
WebSocket, to that server's address, and the answer back. Everything a table's watchers are
told therefore comes from one place, in one order, over one TCP connection per watcher, however
many servers there are; when that server goes, its watchers' connections close, they connect
again (to any server), and the server that took the table over tells them where it is.

A forwarded request carries the servers' shared secret (:data:`HOP`) and the address of the
client it came from (:data:`CLIENT`): the server that answers believes that address, and skips
the host and origin checks the first server made, only when the secret is right. The secret is
in the database; anyone who may read the database is trusted anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import re
from typing import TYPE_CHECKING

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from alaka.core.errors import AlakaError
from alaka.core.language import N_, tr
from alaka.core.protocol import JsonDict
from alaka.ui.web.connections import close_reason
from alaka.ui.web.security import HEADERS

if TYPE_CHECKING:
    import httpx

    from alaka.ui.web.tables import TableRoom

#: The header that carries the servers' secret, and the one that names the client's address.
HOP = b"x-alaka-hop"
CLIENT = b"x-alaka-client"

#: The paths of one table's requests and socket; the id is the first group.
_TABLE_PATH = re.compile(r"/(?:api/tables|ws/tables)/([^/]+)(?:/.*)?")

#: Headers that belong to one connection, never passed on (RFC 9110 section 7.6.1), with those
#: this module sets itself and those the first server's :class:`.security.Hygiene` adds.
_NOT_PASSED = frozenset(
    {
        b"connection",
        b"keep-alive",
        b"proxy-connection",
        b"te",
        b"trailer",
        b"transfer-encoding",
        b"upgrade",
        b"content-length",
        b"content-encoding",
        HOP,
        CLIENT,
        *(name for name, _ in HEADERS),
    }
)

#: Seconds to wait for the driving server to answer a forwarded request or open a socket, and
#: for another server's part of the lobby's list.
FORWARD_SECONDS = 30.0
OPEN_SECONDS = 5.0
LISTING_SECONDS = 1.0
#: The most HTTP connections a server holds open to the others at once (see :attr:`Forwarding.http`).
FORWARD_CONNECTIONS = 16

#: The close code and reason a page is given when the server driving its table goes away.
CLOSE_MOVED = 1012
MOVED = N_("the server playing this table went away; connecting again finds the one that takes it over")


class Hop:
    """The servers' shared secret (empty for a server alone on its database: nothing is
    forwarded to it then, and no request is believed to be forwarded)."""

    def __init__(self) -> None:
        self.secret = ""

    def vouched(self, scope: Scope) -> bool:
        """Whether the request was forwarded by a server on the same database."""
        if not self.secret:
            return False
        given = dict(scope.get("headers", [])).get(HOP)
        return given is not None and hmac.compare_digest(given, self.secret.encode())

    def client(self, scope: Scope, fallback: str) -> str:
        """The address of the client the request comes from: the one a forwarding server named,
        or the connection's own (``fallback``)."""
        if self.vouched(scope):
            named: bytes | None = dict(scope["headers"]).get(CLIENT)
            if named:
                return named.decode("latin-1")
        return fallback


def table_of(path: str) -> str | None:
    """The table id a request's path is about (None: not a table's request)."""
    found = _TABLE_PATH.fullmatch(path)
    return found.group(1) if found else None


class Forwarding:
    """How a server passes requests on to the others on its database (see the module
    docstring): a table's request to the server that drives it (:class:`ForwardTables` asks),
    and the lobby's list to every server (:meth:`listing`)."""

    def __init__(self, room: TableRoom, hop: Hop, body_bytes: int) -> None:
        self.room = room
        self.hop = hop
        self.body_bytes = body_bytes
        self._http: httpx.AsyncClient | None = None

    @property
    def http(self) -> httpx.AsyncClient:
        import httpx

        if self._http is None:
            # the other server counts the HTTP connections it is sent against this server's
            # address (as it would any client's, before it reads the headers): fewer than its
            # budget of connections per address (a WebSocket, once open, counts as its client's)
            pool = httpx.Limits(max_connections=FORWARD_CONNECTIONS, max_keepalive_connections=8)
            self._http = httpx.AsyncClient(timeout=FORWARD_SECONDS, limits=pool)
        return self._http

    async def listing(self, offset: int, limit: int) -> JsonDict:
        """The lobby's page across every server on the database: each server's newest
        ``offset + limit`` tables (:meth:`TableRoom.local_listing`), merged newest first. A
        server that does not answer within :data:`LISTING_SECONDS` is left out of this page."""
        import httpx

        upto = offset + limit
        loop = asyncio.get_running_loop()
        try:
            peers = await loop.run_in_executor(None, self.room.store.peers)
        except AlakaError:
            peers = []

        async def ask(peer: str) -> JsonDict | None:
            try:
                answer = await self.http.get(
                    f"{peer.rstrip('/')}/api/servers/tables",
                    params={"upto": upto},
                    headers={HOP.decode(): self.hop.secret},
                    timeout=LISTING_SECONDS,
                )
                answer.raise_for_status()
                found: JsonDict = answer.json()
                return found
            except (httpx.HTTPError, ValueError):
                return None

        parts = [self.room.local_listing(upto), *await asyncio.gather(*(ask(peer) for peer in peers))]
        answered = [part for part in parts if part is not None]
        tables = sorted(
            (table for part in answered for table in part["tables"]), key=lambda t: t["created"], reverse=True
        )
        total = sum(int(part["total"]) for part in answered)
        following = upto if upto < total else None
        return {"tables": tables[offset:upto], "total": total, "next": following}

    async def dispatch(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer the request here, or pass it on to the server that drives its table."""
        table_id = table_of(scope["path"]) if scope["type"] in ("http", "websocket") else None
        if table_id is None or not self.room.store.shared or self.hop.vouched(scope):
            await app(scope, receive, send)  # a forwarded request is never passed on again
            return
        try:
            target = await self.room.locate(table_id)
        except AlakaError:  # the table cannot be found now: answered here, as find() says why
            target = None
        if target is None:
            await app(scope, receive, send)
        elif scope["type"] == "http":
            await self._forward_http(target, scope, receive, send)
        else:
            await self._forward_socket(target, scope, receive, send)

    def _headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        client = scope.get("client")
        address = client[0] if client else "unknown"
        kept = [(name, value) for name, value in scope["headers"] if name.lower() not in _NOT_PASSED]
        return [*kept, (HOP, self.hop.secret.encode()), (CLIENT, address.encode())]

    @staticmethod
    def _url(target: str, scope: Scope, scheme: str = "http") -> str:
        path: bytes = scope.get("raw_path") or scope["path"].encode()
        query: bytes = scope.get("query_string", b"")
        base = target.rstrip("/")
        if scheme == "ws":
            base = "ws" + base.removeprefix("http")
        return base + path.decode("latin-1") + ("?" + query.decode("latin-1") if query else "")

    async def _forward_http(self, target: str, scope: Scope, receive: Receive, send: Send) -> None:
        import httpx

        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.body_bytes:  # the driving server would refuse it as well
                await _answer(send, 413, tr("a request body is at most {n} bytes").format(n=self.body_bytes))
                return
            if not message.get("more_body", False):
                break
        try:
            answer = await self.http.request(
                scope["method"], self._url(target, scope), headers=self._headers(scope), content=bytes(body)
            )
        except httpx.HTTPError:
            await _answer(
                send, 503, tr("the server playing this table did not answer; try again in a moment")
            )
            return
        headers = [(k, v) for k, v in answer.headers.raw if k.lower() not in _NOT_PASSED]
        content = answer.content
        headers.append((b"content-length", str(len(content)).encode()))
        await send({"type": "http.response.start", "status": answer.status_code, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    async def _forward_socket(self, target: str, scope: Scope, receive: Receive, send: Send) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, WebSocketException

        opened = await receive()
        if opened["type"] != "websocket.connect":
            return
        try:
            upstream = await connect(
                self._url(target, scope, "ws"),
                additional_headers=[
                    (k.decode("latin-1"), v.decode("latin-1"))
                    for k, v in self._headers(scope)
                    if k != b"host" and not k.startswith(b"sec-websocket-")  # the new handshake's own
                ],
                compression=None,  # between servers: the page's side compresses
                max_size=None,  # the driving server bounds what the page may send; its own are trusted
                open_timeout=OPEN_SECONDS,
            )
        except (OSError, TimeoutError, WebSocketException):
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": 1013, "reason": close_reason(tr(MOVED))})
            return
        await send({"type": "websocket.accept"})

        async def down() -> tuple[int, str]:
            """The driving server's messages to the page, until it closes (its code, passed on)."""
            try:
                async for text in upstream:
                    key = "text" if isinstance(text, str) else "bytes"
                    await send({"type": "websocket.send", key: text})
            except ConnectionClosed as closed:
                if closed.rcvd is not None:
                    return closed.rcvd.code, closed.rcvd.reason
                return CLOSE_MOVED, close_reason(tr(MOVED))
            if upstream.close_code is not None and upstream.close_code != 1006:
                return upstream.close_code, upstream.close_reason or ""
            return CLOSE_MOVED, close_reason(tr(MOVED))

        async def up() -> None:
            """The page's messages to the driving server, until the page goes."""
            while True:
                message: Message = await receive()
                if message["type"] == "websocket.disconnect":
                    return
                data = message.get("text")
                with contextlib.suppress(ConnectionClosed):
                    await upstream.send(data if data is not None else message.get("bytes", b""))

        told = asyncio.ensure_future(down())
        heard = asyncio.ensure_future(up())
        try:
            await asyncio.wait({told, heard}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            heard.cancel()
            if told.done() and not told.cancelled() and told.exception() is None:
                code, reason = told.result()
                with contextlib.suppress(Exception):
                    await send({"type": "websocket.close", "code": code, "reason": reason})
            told.cancel()
            with contextlib.suppress(Exception):
                await upstream.close()

    async def close(self) -> None:
        if self._http is not None:
            await self._http.aclose()
            self._http = None


class ForwardTables:
    """ASGI middleware that gives every request to :meth:`Forwarding.dispatch`."""

    def __init__(self, app: ASGIApp, *, forwarding: Forwarding) -> None:
        self.app = app
        self.forwarding = forwarding

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.forwarding.dispatch(self.app, scope, receive, send)


async def _answer(send: Send, status: int, message: str) -> None:
    import json

    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 503:
        headers.append((b"retry-after", b"1"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
