"""Each connection before it is a WebSocket: how long it may take to ask, how many one holds.

uvicorn serves HTTP with one protocol object per connection, and waits for a request as long
as the visitor likes: a connection that sends nothing, or half a request, is kept forever (a
thousand of them reach the process's limit of open files, and then nobody gets in). So
``alaka serve`` gives uvicorn :func:`guarded_http`, a protocol that wraps uvicorn's own
(``Config(http=...)``) and adds two rules:

- a request must be answered within ``request_seconds`` of its first byte (or of the
  connection, for the first): a visitor who does not finish asking gets 408 and is let go;
- one client address holds at most :attr:`Limits.connections_per_address` connections (this
  counts the ones still speaking HTTP; the app counts WebSockets against the same budget, and
  a connection moves from one count to the other when it becomes a WebSocket);
- a request's line and headers are at most :attr:`Limits.header_bytes`, counted as they
  arrive: past that the visitor gets 431 and is let go. uvicorn's default parser (httptools)
  has no such limit and holds a header of any size in memory until it ends (a 50 MB header
  took the server from 63 to 154 MB). The count starts with each request (the parser says
  when one begins) and ends at the blank line after the headers, so a body is never counted;
  the head's first read from the socket may go uncounted on a kept-alive connection, so the
  cap holds to within one read.

Idle keep-alive connections are closed by uvicorn itself (``timeout_keep_alive``), and
WebSockets are pinged by uvicorn and closed if they do not answer.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from alaka.ui.web.limits import Addresses

log = logging.getLogger("alaka.web")


def _answer(status: str, text: str) -> bytes:
    """A whole HTTP answer that closes the connection (written before uvicorn sees a request)."""
    body = text.encode()
    head = f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\n"
    return head.encode() + b"connection: close\r\n\r\n" + body


_TIMEOUT = _answer("408 Request Timeout", "the request did not arrive in time\n")
_TOO_LARGE = _answer("431 Request Header Fields Too Large", "the request's headers are too large\n")


class _Watched:
    """The connection's transport as uvicorn's protocol sees it: everything passes through,
    and the guard hears of each answer written and of the switch to a WebSocket."""

    def __init__(self, transport: asyncio.Transport, guard: _Guard) -> None:
        self._transport = transport
        self._guard = guard

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self._guard.answered()
        self._transport.write(data)

    def writelines(self, lines: Any) -> None:
        self._guard.answered()
        self._transport.writelines(lines)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._guard.upgraded()
        ended = protocol.connection_lost
        guard = self._guard

        def connection_lost(exc: Exception | None) -> None:  # the WebSocket's end is the connection's
            guard.ended()
            ended(exc)

        protocol.connection_lost = connection_lost  # type: ignore[method-assign]
        self._transport.set_protocol(protocol)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class _HeadWatching(AutoHTTPProtocol):  # type: ignore[misc,valid-type]
    """uvicorn's HTTP protocol, telling its guard when the parser begins a request and when
    the request's headers are complete (httptools calls these; h11 does not, so there the
    guard counts the first request's head and h11's own limit counts every head)."""

    guard: _Guard

    def on_message_begin(self) -> None:
        self.guard.head_begins()
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self.guard.head_ends()
        super().on_headers_complete()


class _Guard(asyncio.Protocol):
    """uvicorn's HTTP protocol for one connection, with the rules of the module docstring."""

    addresses: Addresses
    request_seconds: float
    header_bytes: int

    def __init__(self, **uvicorn_arguments: Any) -> None:
        self._inner = _HeadWatching(**uvicorn_arguments)
        self._inner.guard = self
        #: Bytes of the current request's head read so far; None between heads (a body).
        self._head: int | None = 0
        #: The last bytes of the head so far (its blank line may straddle two reads).
        self._tail = b""
        self._loop = asyncio.get_running_loop()
        self._transport: asyncio.Transport | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._address: str | None = None
        self._peer: tuple[str, int] | None = None
        self._counted = False
        self._counted_open = False
        self._upgraded = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport = cast(asyncio.Transport, transport)  # uvloop's is one without the subclass
        self._transport = transport
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if isinstance(peer, tuple) else "unknown"
        self._peer = (str(peer[0]), int(peer[1])) if isinstance(peer, tuple) else None
        refused = self.addresses.connect(self._address)
        if refused is None and self._peer is not None:
            refused = self.addresses.opened(self._peer, transport)
            if refused is not None:
                self.addresses.disconnect(self._address)
        if refused is not None:
            status = "503 Service Unavailable" if refused.status == 503 else "429 Too Many Requests"
            transport.write(_answer(status, f"{refused.reason}\n"))
            transport.close()
            return
        self._counted = True
        self._counted_open = self._peer is not None
        self._arm()
        self._inner.connection_made(_Watched(transport, self))

    def data_received(self, data: bytes) -> None:
        if not self._counted:
            return
        if self._deadline is None:
            self._arm()
        if self._head is not None and not self._count_head(data):
            return
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._counted else None

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if not self._upgraded:
            self.ended()
        if self._counted:
            self._uncount()
            self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()

    # -- the rules -----------------------------------------------------------------------------------

    def _count_head(self, data: bytes) -> bool:
        """Count the bytes of ``data`` that belong to the request's head (up to its blank line);
        False (and the visitor answered 431) once they pass :attr:`header_bytes`."""
        assert self._head is not None
        seen = self._tail + data
        end = seen.find(b"\r\n\r\n")
        if end < 0:
            self._head += len(data)
            self._tail = seen[-3:]
        else:
            self._head += end + 4 - len(self._tail)
            self.head_ends()
        if (self._head or 0) <= self.header_bytes:
            return True
        if self._transport is not None and not self._transport.is_closing():
            log.debug("a request from %s sent too large a head", self._address)
            self._disarm()
            self._transport.write(_TOO_LARGE)
            self._transport.close()
        return False

    def head_begins(self) -> None:
        """The parser began a request: its head is counted from the next read on."""
        self._head, self._tail = 0, b""

    def head_ends(self) -> None:
        """The request's headers are complete: what follows is its body, not counted."""
        if self._head is not None and self._head > self.header_bytes:
            return  # already refused
        self._head, self._tail = None, b""

    def answered(self) -> None:
        """The server is answering: the request's deadline is met."""
        self._disarm()

    def ended(self) -> None:
        """The connection is closed (its file with it)."""
        if self._peer is not None and self._counted_open:
            self._counted_open = False
            self.addresses.closed(self._peer)

    def upgraded(self) -> None:
        """The connection became a WebSocket: the app counts it against its address from now
        on (the server's count of connections goes on until the WebSocket ends), and
        uvicorn's pings watch it."""
        self._upgraded = True
        self._disarm()
        self._uncount()

    def _arm(self) -> None:
        self._deadline = self._loop.call_later(self.request_seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _uncount(self) -> None:
        if self._counted and self._address is not None:
            self._counted = False
            self.addresses.disconnect(self._address)

    def _expire(self) -> None:
        self._deadline = None
        if self._transport is not None and not self._transport.is_closing():
            log.debug("a connection from %s did not finish its request in time", self._address)
            self._transport.write(_TIMEOUT)
            self._transport.close()


def guarded_http(addresses: Addresses, request_seconds: float, header_bytes: int) -> type[asyncio.Protocol]:
    """The protocol class to give uvicorn (``Config(http=...)``) for these budgets."""
    budgets = {"addresses": addresses, "request_seconds": request_seconds, "header_bytes": header_bytes}
    return type("GuardedHttp", (_Guard,), budgets)
