"""The outgoing side of one open table page: a bounded queue and the one task that sends it.

The room never waits for a client. It hands each message to the client's :class:`Outbox` and
moves on; the outbox's sender task does the waiting, one connection at a time. A page that
reads slowly (a phone on a bad line) falls behind only itself, and one that stops reading
fills its own queue, is dropped with :data:`CLOSE_BEHIND`, and may reconnect to catch up,
while the table and everyone else go on. This is what keeps a single socket that never reads
from freezing a table: no lock is ever held across a send, and nothing but the sender task
ever awaits one.

This module needs no web framework: the socket is anything with ``send_text`` and ``close``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from dataclasses import dataclass
from typing import Protocol

from alaka.core.language import speaking, tr

log = logging.getLogger("alaka.web")

# WebSocket close codes (4000-4999 are the application's own; the others are the standard's).
#: The page sent binary data (the protocol is JSON text): the standard's "unsupported data".
CLOSE_UNSUPPORTED = 1003
#: The page's first message was not a well-formed join.
CLOSE_BAD = 4400
#: The link's token belongs to no seat of the table.
CLOSE_FORBIDDEN = 4403
#: There is no such table.
CLOSE_NOT_FOUND = 4404
#: The page did not say who it is (its join message) in time.
CLOSE_SILENT = 4408
#: The client's address holds as many connections as it may, or the table as many spectators.
CLOSE_TOO_MANY = 4429
#: The server holds as many connections as it may and let this spectator go to make room for
#: people (the standard's "try again later").
CLOSE_FULL = 1013
#: The page fell behind (its queue of unsent messages overflowed); reconnecting catches up.
CLOSE_BEHIND = 4503

#: How long a dropped connection's close frame may take to go out before it is given up.
CLOSE_WAIT = 2.0


def close_reason(text: str) -> str:
    """``text`` cut to fit a close frame's reason (123 bytes of UTF-8)."""
    return text.encode()[:123].decode(errors="ignore")


class Socket(Protocol):
    """What an outbox needs of a WebSocket (Starlette's has both)."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(frozen=True)
class Backlog:
    """How far a connection may fall behind before it is dropped: queued messages and bytes.

    A connection's queue only grows while its page is not reading (the network's own buffers
    are full), so a page this far behind is not coming back soon; it is cheaper for everyone
    that it reconnects and receives the table afresh.
    """

    messages: int = 100
    bytes: int = 512 * 1024


class Outbox:
    """One connection's queue of messages and the task that sends them in order.

    :meth:`deliver` never blocks and never fails: it queues, or, if the queue is over its
    :class:`Backlog`, drops the connection. :meth:`run` (the sender task) sends, and on a drop
    sends the close frame, waiting at most :data:`CLOSE_WAIT` for it to leave.
    """

    def __init__(self, socket: Socket, seat: int | None, backlog: Backlog | None = None) -> None:
        self.socket = socket
        self.seat = seat
        #: Log events this connection has been sent (the room sends only what is new).
        self.log_sent = 0
        #: The language this connection's messages are made in (the app sets it from the page).
        self.language = "en"
        self.backlog = backlog or Backlog()
        self._queue: deque[str] = deque()
        self._queued_bytes = 0
        self._wake = asyncio.Event()
        self._closing: tuple[int, str] | None = None
        self._task: asyncio.Task[None] | None = None
        self._sending = False

    @property
    def closing(self) -> tuple[int, str] | None:
        """``(code, reason)`` once the connection is being dropped; None while it is open."""
        return self._closing

    def deliver(self, text: str) -> None:
        """Queue ``text`` for sending; drop the connection if it has fallen too far behind."""
        if self._closing is not None:
            return
        if len(self._queue) >= self.backlog.messages or self._queued_bytes + len(text) > self.backlog.bytes:
            with speaking(self.language):
                self.close(CLOSE_BEHIND, tr("this page fell behind the table; reconnecting catches up"))
            return
        self._queue.append(text)
        self._queued_bytes += len(text)
        self._wake.set()

    def close(self, code: int, reason: str) -> None:
        """Drop the connection: nothing more is sent but the close frame ``(code, reason)``."""
        if self._closing is not None:
            return
        self._closing = (code, close_reason(reason))
        self._queue.clear()
        self._queued_bytes = 0
        self._wake.set()
        if self._sending and self._task is not None:
            self._task.cancel()  # a send stuck on a page that does not read: give it up

    def start(self) -> asyncio.Task[None]:
        """Start the sender task (once)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run())
        return self._task

    async def stop(self) -> None:
        """End the sender task without a close frame (the page already went away)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def run(self) -> None:
        """Send the queued messages in order until the connection is dropped or fails."""
        try:
            while self._closing is None:
                if not self._queue:
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                text = self._queue.popleft()
                self._queued_bytes -= len(text)
                self._sending = True
                try:
                    await self.socket.send_text(text)
                finally:
                    self._sending = False
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if self._closing is None or current is None:
                raise  # cancelled from outside: the connection is being torn down
            current.uncancel()  # our own cancellation from close(): go on to the close frame
        except Exception as error:  # a connection that went away: nothing more to send
            log.debug("a table page's connection ended: %r", error)
            return
        code, reason = self._closing
        with contextlib.suppress(Exception, asyncio.TimeoutError):
            await asyncio.wait_for(self.socket.close(code, reason), CLOSE_WAIT)
