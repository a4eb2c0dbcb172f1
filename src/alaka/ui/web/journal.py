"""Writing to the store without making anyone wait for anyone else's disk.

Every write goes through one thread of its own, shared with nothing, so no bot or replay ever
delays a commit (they once shared asyncio's default thread pool, and people waited seconds).
Actions are written in batches: a table waits for its action to be on disk before applying it,
so one table has at most one action in flight, and when many tables move at once their actions
share one commit (and one flush to disk) instead of queueing for a flush each.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from alaka.ui.web.store import StorageError, Store


def now() -> str:
    """The time as stored (UTC, ISO 8601, to the second): text that sorts as time does."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Journal:
    """The store's writer: actions in batches, other writes in order (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[tuple[str, int, str], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="alaka-store")

    async def write(self, function: Callable[..., object], *args: Any) -> None:
        """Run a store write (a seat, a new table) in the writing thread, after those before it;
        a :class:`StorageError` if the store refused it."""
        await asyncio.get_running_loop().run_in_executor(self._thread, function, *args)

    async def append(self, table_id: str, number: int, action: str) -> None:
        """Return once action ``number`` of the table is committed; a :class:`StorageError` if
        it could not be (then nothing of it is stored)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(((table_id, number, action), done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def drain(self) -> None:
        """Wait until every action handed in is written, then let the writing thread go (before
        the store is closed)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)
        self._thread.shutdown(wait=True)

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await loop.run_in_executor(
                    self._thread, self.store.add_actions, [row for row, _ in batch], now()
                )
            except StorageError as error:
                for _, done in batch:
                    if not done.done():  # a waiter may have been cancelled (a server stopping)
                        done.set_exception(error)
                continue
            for _, done in batch:
                if not done.done():
                    done.set_result(None)
