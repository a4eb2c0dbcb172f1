"""A connection's outbox: the room hands it messages without ever waiting, and a page that
stops reading is dropped instead of holding anyone up."""

from __future__ import annotations

import asyncio

from alaka.ui.web.connections import CLOSE_BEHIND, Backlog, Outbox


class StuckSocket:
    """A WebSocket whose peer stops reading after ``reads`` messages: later sends never return."""

    def __init__(self, reads: int) -> None:
        self.reads = reads
        self.sent: list[str] = []
        self.closed: tuple[int, str | None] | None = None
        self.stuck = asyncio.Event()

    async def send_text(self, data: str) -> None:
        if len(self.sent) >= self.reads:
            self.stuck.set()
            await asyncio.Event().wait()  # the network's buffers are full, for good
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = (code, reason)


def test_messages_go_out_in_order_and_delivering_never_waits() -> None:
    async def scenario() -> list[str]:
        socket = StuckSocket(reads=1000)
        outbox = Outbox(socket, seat=None)
        sender = outbox.start()
        for n in range(50):
            outbox.deliver(f"m{n}")  # a plain call: returns at once
        while len(socket.sent) < 50:
            await asyncio.sleep(0)
        await outbox.stop()
        assert sender.done() and outbox.closing is None
        return socket.sent

    assert asyncio.run(scenario()) == [f"m{n}" for n in range(50)]


def test_a_page_that_stops_reading_is_dropped_with_a_reason_and_nobody_waits_for_it() -> None:
    async def scenario() -> StuckSocket:
        socket = StuckSocket(reads=3)
        outbox = Outbox(socket, seat=0, backlog=Backlog(messages=10, bytes=10_000))
        sender = outbox.start()
        for n in range(5):
            outbox.deliver(f"state {n}")
        await asyncio.wait_for(socket.stuck.wait(), 2)  # the fourth send hangs
        for n in range(5, 20):  # the room goes on handing out messages; none of this blocks
            outbox.deliver(f"state {n}")
        assert outbox.closing is not None and outbox.closing[0] == CLOSE_BEHIND
        await asyncio.wait_for(sender, 2)  # the stuck send was given up and the sender ended
        outbox.deliver("after the drop")  # ignored, not queued
        return socket

    socket = asyncio.run(scenario())
    assert socket.sent == ["state 0", "state 1", "state 2"]
    assert socket.closed is not None and socket.closed[0] == CLOSE_BEHIND
    assert "fell behind" in str(socket.closed[1])


def test_a_large_backlog_in_bytes_drops_too() -> None:
    async def scenario() -> Outbox:
        socket = StuckSocket(reads=0)
        outbox = Outbox(socket, seat=None, backlog=Backlog(messages=1000, bytes=1000))
        outbox.start()
        await asyncio.sleep(0)
        for _ in range(4):
            outbox.deliver("x" * 300)
        await asyncio.sleep(0)
        await outbox.stop()
        return outbox

    assert asyncio.run(scenario()).closing is not None
