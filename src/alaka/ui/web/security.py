"""What a browser is told and asked before the app sees a request: hosts, origins, headers.

- **Host.** A page on another site can make a browser talk to a server on this machine by
  pointing its own name at 127.0.0.1 (DNS rebinding); the request then names that site in its
  ``Host`` header. A server listening on loopback answers only to loopback names (and to
  ``--allow-host`` names); one listening on every address answers to any name unless
  ``--allow-host`` names some.
- **Origin.** A browser says which page a WebSocket or a ``POST`` comes from. Only the
  server's own pages (and ``--allow-origin`` origins) may open a table's socket or change
  anything; a request without an ``Origin`` (not from a browser page) is let through, since
  nobody's browser can be made to send it.
- **Headers.** Every answer forbids framing and sniffing, sends no referrer, and carries a
  content security policy that allows the server's own scripts, styles and sockets and nothing
  else (the pages have no inline script).

Refusals are 403 (or 400 for a request without a host) with ``{"error": message}``; a refused
WebSocket handshake is a 403 answer with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from alaka.core.language import tr
from alaka.ui.web.connections import close_reason

#: Names a server listening on loopback answers to.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")

#: The content security policy of every answer: the server's own resources only.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]

#: Methods that change something, whose origin is checked.
_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def hosts_for(listen: str, allowed: Sequence[str]) -> list[str] | None:
    """The host names a server listening on ``listen`` answers to (None: any), with ``allowed``."""
    extra = [name.lower().strip("[]") for name in allowed]
    if listen in ("0.0.0.0", "::", ""):
        return extra or None
    if listen.lower().strip("[]") in LOOPBACK_NAMES:
        return [*LOOPBACK_NAMES, *extra]
    return [listen.lower().strip("[]"), *extra]


_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _host_name(authority: str) -> str:
    """``example.com`` from ``example.com:8000``, ``::1`` from ``[::1]:8000``."""
    return (urlsplit(f"//{authority}").hostname or "").lower()


def _origin(url: str) -> str:
    """An origin in one form: ``scheme://host:port``, default ports written out ("" if none)."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or _DEFAULT_PORTS.get(scheme, 0)
    except ValueError:
        return ""
    host = parts.hostname or ""
    if not host:
        return ""
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def same_origin(origin: str, host: str) -> bool:
    """Whether a page from ``origin`` is this server's own, the server being ``host`` (the
    request's ``Host``): the same name, and the same port (a ``Host`` without a port is on the
    origin scheme's default one, as behind a proxy that speaks TLS for the server)."""
    page = urlsplit(origin)
    server = urlsplit(f"//{host}")
    try:
        page_port = page.port or _DEFAULT_PORTS.get(page.scheme.lower(), 0)
        server_port = server.port
    except ValueError:
        return False
    if not page.hostname or page.hostname.lower() != (server.hostname or "").lower():
        return False
    if server_port is None:
        return page_port == _DEFAULT_PORTS.get(page.scheme.lower())
    return page_port == server_port


class Hygiene:
    """ASGI middleware that applies the module docstring's rules to every request."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        hosts: Sequence[str] | None,
        origins: Sequence[str],
        vouched: Callable[[Scope], bool] = lambda scope: False,
    ) -> None:
        self.app = app
        self.hosts = None if hosts is None else {name.lower() for name in hosts}
        self.origins = {_origin(url) for url in origins}
        #: Whether another server on the same database checked the request and passed it on
        #: (:class:`alaka.ui.web.forwarding.Hop`): its host and origin are not checked again.
        self.vouched = vouched

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        if self.vouched(scope):
            return None
        headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
        host = headers.get("host")
        if host is None:
            return 400, tr("the request names no host")
        if self.hosts is not None and _host_name(host) not in self.hosts:
            return 403, tr("this server does not answer to the name {name}").format(
                name=repr(_host_name(host))
            )
        origin = headers.get("origin")
        if origin is None:
            return None
        checked = scope["type"] == "websocket" or scope.get("method") in _CHANGING
        if not checked:
            return None
        if same_origin(origin, host) or _origin(origin) in self.origins:
            return None
        return 403, tr(
            "pages from {origin} may not use this server (only its own, or --allow-origin)"
        ).format(origin=origin)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await self._refuse(scope, receive, send, *refusal)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, status: int, reason: str) -> None:
        body = json.dumps({"error": reason}).encode()
        length = str(len(body)).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", length), *HEADERS]
        kind = "http.response"
        if scope["type"] == "websocket":
            await receive()  # the handshake ("websocket.connect"), answered now
            if "websocket.http.response" not in scope.get("extensions", {}):
                await send({"type": "websocket.close", "code": 1008, "reason": close_reason(reason)})
                return
            kind = "websocket.http.response"
        await send({"type": f"{kind}.start", "status": status, "headers": headers})
        await send({"type": f"{kind}.body", "body": body})
