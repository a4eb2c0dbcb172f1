"""Residency: which tables this server holds in memory and drives, and which it lets go of.

Only the tables in play and those that finished a short while ago are in memory (the room's
``tables``); the rest stay in the store, and come back (replayed) when someone opens their link
or their replay (:meth:`Residency.find`). A table leaves memory (:meth:`Residency.sweep`) when
nobody needs it there, and a table nobody has played at makes way for a visitor's new one
(:meth:`Residency.check_room`, which also holds the room's budget of tables in play).

On a database several servers share (PostgreSQL, :mod:`alaka.ui.web.postgres`), a table is
driven by the one server that holds it (:meth:`Store.hold <alaka.ui.web.store.Store.hold>`,
an advisory lock): a request for a table another server holds is answered there
(:meth:`Residency.locate`, :mod:`alaka.ui.web.forwarding`); the tables whose server went away
are taken over, and those this server lost are let go of, their watchers sent to reconnect
(:meth:`Residency.adopt`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from alaka.core.errors import AlakaError
from alaka.core.language import tr, trn
from alaka.core.protocol import Game, State
from alaka.core.records import replay
from alaka.core.registry import game as get_game
from alaka.ui.web.clocks import Clock
from alaka.ui.web.driver import Driver
from alaka.ui.web.journal import now
from alaka.ui.web.limits import Allowance, Limits
from alaka.ui.web.store import StorageError, Store, TableRow
from alaka.ui.web.table import TABLE_ID_SHAPE, Table, TableError, ago

log = logging.getLogger("alaka.web")

#: How often, in seconds, the room looks for tables to let go of (see :meth:`Residency.sweep`).
SWEEP_EVERY = 30.0


#: On a database several servers share: how often, in seconds, a server looks for tables whose
#: server went away (and takes them over), and how long a request waits for a table passing
#: from one server to another (see :meth:`Residency.locate`).
ADOPT_EVERY = 1.0
MOVING_SECONDS = 3.0


class Residency:
    """The tables a room holds in memory and drives (see the module docstring)."""

    def __init__(
        self,
        tables: dict[str, Table],
        store: Store,
        limits: Limits,
        driver: Driver,
        *,
        now: Callable[[], float],
    ) -> None:
        #: The tables in memory (the room's own dict).
        self.tables = tables
        self.store = store
        self.limits = limits
        self.driver = driver
        #: The time the tables' clocks read.
        self.now = now
        #: Tables being read back from the store, so that two visitors share one reading.
        self._loading: dict[str, asyncio.Future[Table | str | None]] = {}
        #: The thread tables are read back in (one: reading many at once would only compete).
        self._reader = ThreadPoolExecutor(1, thread_name_prefix="alaka-reader")
        self._sweeper: asyncio.Task[None] | None = None
        self._adopter: asyncio.Task[None] | None = None

    # -- reading back ------------------------------------------------------------------------------

    def load(self) -> list[str]:
        """Bring back the tables in play: those not finished that moved within
        :attr:`Limits.idle_hours` (older ones come back when their link is opened). Finished
        tables stay in the store, however many, so starting takes as long as the tables in play.

        A table that no longer replays (say, stored by another version of the rules) is left
        out and left untouched in the file; the returned list says which and why.
        """
        problems = []
        for row in self.store.in_play(since=ago(hours=self.limits.idle_hours)):
            if isinstance(row, StorageError):
                problems.append(f"{row}; it was not loaded")
                continue
            if self.store.hold(row.id) is not None:  # another server on the database drives it
                continue
            try:
                table = self._restore(row)
            except AlakaError as error:
                problems.append(f"table {row.id} ({row.game}) was not loaded: {error}")
                continue
            if table.finished:  # finished but not marked (a crash in between): mark it now
                self.store.finish(table.id, now())
            else:
                self.tables[table.id] = table
        return problems

    def _restore(self, row: TableRow) -> Table:
        """A stored table, replayed to where it is; an :class:`AlakaError` if it cannot be."""
        game = get_game(row.game)
        record = {
            "game": row.game,
            "version": game.record_version,
            "num_players": row.num_players,
            "options": row.options,
            "actions": row.actions,
        }
        return self.make_table(row, game, replay(record))

    def make_table(self, row: TableRow, game: Game, state: State) -> Table:
        """The table of a stored row, at ``state``."""
        return Table(
            row.id,
            game,
            row.options,
            row.seed,
            row.created,
            row.seats,
            state,
            row.rematch_of,
            row.rematch,
            thinking=Allowance(self.limits.bot_seconds),
            finished_at=row.finished,
            clock=Clock.from_stored(row.clock),
            forfeit=row.forfeit,
            now=self.now,
            played=bool(row.actions),
        )

    async def find(self, table_id: str, address: str | None = None) -> Table:
        """The table ``table_id``, read back from the store if it is not in memory.

        A table still in play counts against :attr:`Limits.max_tables` when it comes back, and
        against the budget of ``address``, the client who asked for it (see :meth:`check_room`).
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not TABLE_ID_SHAPE.fullmatch(table_id):
            raise TableError(_no_table(table_id), 404)
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = asyncio.get_running_loop().create_future()
            try:
                loading.set_result(await self._read_back(table_id, address))
            except AlakaError as error:
                loading.set_exception(error)
            finally:
                del self._loading[table_id]
        found = await asyncio.shield(loading)
        if found is None:
            raise TableError(_no_table(table_id), 404)
        if isinstance(found, str):
            raise TableError(
                tr("table {table} is played by another server ({server}); try again").format(
                    table=table_id, server=found or tr("being taken over")
                ),
                503,
                retry_after=1,
            )
        table = self.tables.setdefault(table_id, found)
        self.driver.kick(table)
        return table

    async def _read_back(self, table_id: str, address: str | None) -> Table | str | None:
        """The table read back from the store; or, on a shared database, the address of the
        server that drives it (see :meth:`Store.hold`)."""

        def read() -> Table | str | None:
            elsewhere = self.store.hold(table_id)
            if elsewhere is not None:
                return elsewhere
            try:
                row = self.store.table(table_id)
                table = None if row is None else self._restore(row)
            except AlakaError:
                self.store.let_go(table_id)
                raise
            if table is None:
                self.store.let_go(table_id)
            return table

        try:
            table = await asyncio.get_running_loop().run_in_executor(self._reader, read)
        except StorageError as error:
            raise TableError(
                tr("table {table} cannot be read back: {error}").format(table=table_id, error=error), 503
            ) from None
        except AlakaError as error:
            raise TableError(
                tr("table {table} no longer replays: {error}").format(table=table_id, error=error), 410
            ) from None
        if isinstance(table, Table) and not table.finished:
            try:
                self.check_room(address)
            except TableError:
                self._let_go_of_lock(table_id)
                raise
            table.owner = address
        return table

    async def locate(self, table_id: str) -> str | None:
        """Where a request for ``table_id`` is answered: None here (the table is driven here,
        now or from this moment, or there is no such table), else the address of the server
        that drives it. Asked before any request for a table, on a database other servers
        share (see :mod:`alaka.ui.web.forwarding`); a table passing from a server that went
        away to another is waited for, up to :data:`MOVING_SECONDS`."""
        if table_id in self.tables or not self.store.shared or not TABLE_ID_SHAPE.fullmatch(table_id):
            return None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + MOVING_SECONDS
        while True:
            try:
                where = await loop.run_in_executor(self._reader, self.store.hold, table_id)
            except StorageError as error:
                raise TableError(
                    tr("table {table} cannot be found now: {error}").format(table=table_id, error=error), 503
                ) from None
            if where != "" or loop.time() >= deadline:
                return where or None
            await asyncio.sleep(0.05)

    def _let_go_of_lock(self, table_id: str) -> None:
        """Tell the store this server no longer drives ``table_id`` (in the reader's thread,
        in turn with the readings: a table asked for again afterwards is held again)."""
        if self.store.shared:
            self._reader.submit(self.store.let_go, table_id)

    async def exists(self, table_id: str) -> bool:
        """Whether there is such a table (in memory or in the store)."""
        if table_id in self.tables:
            return True
        if not TABLE_ID_SHAPE.fullmatch(table_id):
            return False
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._reader, self.store.exists, table_id)
        except StorageError as error:
            raise TableError(str(error), 503) from None

    def check_room(self, address: str | None = None) -> None:
        """Refuse one more table in play past :attr:`Limits.max_tables`; and, for a client
        ``address`` (None: the server itself), past its :attr:`Limits.tables_per_address`, or
        into the :attr:`Limits.newcomer_tables` kept for addresses holding none.

        Before refusing for want of room, the room lets go of the oldest table that nobody has
        played at and nobody watches (it waits in the store, as :meth:`sweep` would leave it a
        few minutes later): tables made and left cannot keep a person from playing.
        """
        in_play = [t for t in self.tables.values() if not t.finished]
        held = 0 if address is None else sum(t.owner == address for t in in_play)
        if address is not None and held >= self.limits.tables_per_address:
            raise TableError(
                trn(
                    "this address has {n} table in play, as many as it may; finish or leave one,"
                    " or wait: a table nobody plays at leaves after {minutes} minutes",
                    "this address has {n} tables in play, as many as it may; finish or leave one,"
                    " or wait: a table nobody plays at leaves after {minutes} minutes",
                    held,
                ).format(n=held, minutes=f"{self.limits.unplayed_minutes:g}"),
                429,
                retry_after=60,
            )
        kept = min(self.limits.newcomer_tables, self.limits.max_tables // 2)
        room = self.limits.max_tables - (kept if held else 0)
        while len(in_play) >= room:
            unplayed = [t for t in in_play if not t.played and self._may_let_go(t)]
            if not unplayed:
                break
            oldest = min(unplayed, key=lambda t: t.born)
            self._let_go(oldest)
            in_play.remove(oldest)
        if len(in_play) >= self.limits.max_tables:
            raise TableError(
                trn(
                    "the server has {n} table in play, as many as it takes;"
                    " try again when some have finished",
                    "the server has {n} tables in play, as many as it takes;"
                    " try again when some have finished",
                    len(in_play),
                ).format(n=len(in_play)),
                503,
                retry_after=60,
            )
        if len(in_play) >= room:
            raise TableError(
                # TRANSLATORS: {n} tables are in play; {kept} (several) are kept for newcomers.
                trn(
                    "the server has {n} table in play; the last {kept} are kept for"
                    " visitors with no table in play",
                    "the server has {n} tables in play; the last {kept} are kept for"
                    " visitors with no table in play",
                    len(in_play),
                ).format(n=len(in_play), kept=kept),
                503,
                retry_after=60,
            )

    def get(self, table_id: str) -> Table:
        """A table in memory (see :meth:`find` for any table)."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(_no_table(table_id), 404)
        return table

    # -- letting go --------------------------------------------------------------------------------------

    def sweep(self) -> list[str]:
        """Let go of the tables nobody needs in memory (they stay in the store): finished ones
        after :attr:`Limits.finished_minutes`, unfinished ones nobody moved for
        :attr:`Limits.idle_hours` (a table waiting for a person who went away), and unfinished
        ones no person has acted at within :attr:`Limits.unplayed_minutes` (made and left, or
        bots playing for nobody: their driver stops, and the table goes on when it is read
        back); never one that somebody watches or whose driver is busy storing a move.
        Returns the ids let go of."""
        horizon = time.monotonic()
        gone = []
        for table in list(self.tables.values()):
            if not self._may_let_go(table):
                continue
            idle = horizon - table.active
            keep = self.limits.finished_minutes * 60 if table.finished else self.limits.idle_hours * 3600
            busy = table.driver is not None and not table.driver.done()
            unplayed = not table.finished and not table.played
            if (unplayed and horizon - table.born >= self.limits.unplayed_minutes * 60) or (
                idle >= keep and not busy
            ):
                self._let_go(table)
                gone.append(table.id)
        return gone

    @staticmethod
    def _may_let_go(table: Table) -> bool:
        """Whether ``table`` may leave memory now: no page has it open and nothing holds its
        lock (no move is being stored)."""
        return not table.clients and not table.lock.locked()

    def _let_go(self, table: Table) -> None:
        """Take ``table`` out of memory (it stays in the store, and comes back when asked for).
        A driver still playing it is stopped between moves; its timers are cancelled."""
        del self.tables[table.id]
        self._let_go_of_lock(table.id)
        if table.driver is not None and not table.driver.done():
            table.driver.cancel()  # it holds no lock (see _may_let_go): no move is half stored
        for timer in (table.presence_timer, table.clock_timer):
            if timer is not None:
                timer.cancel()

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep()

    # -- servers sharing the database ------------------------------------------------------------------

    async def adopt(self) -> list[str]:
        """Take over the tables whose server went away (on a shared database), and let go of
        those this server lost (see :meth:`Store.lost`): their watchers are closed with
        :data:`~alaka.ui.web.forwarding.CLOSE_MOVED`, so that they connect again and reach the
        server that drives the table now. Returns the ids taken over."""
        from alaka.ui.web.forwarding import CLOSE_MOVED, MOVED

        for table_id in self.store.lost():
            table = self.tables.get(table_id)
            if table is None:
                continue
            log.warning("table %s is driven by another server now: this one lets it go", table_id)
            for client in list(table.clients):
                client.close(CLOSE_MOVED, MOVED)
            table.clients.clear()
            self._let_go(table)
        loop = asyncio.get_running_loop()
        try:
            orphans = await loop.run_in_executor(self._reader, self.store.orphans)
        except StorageError as error:
            log.warning("cannot look for tables to take over: %s", error)
            return []
        taken = []
        for table_id in orphans:
            if table_id in self.tables:
                continue
            try:
                await self.find(table_id)
            except TableError as error:  # another server took it first, or no room here
                log.debug("table %s not taken over: %s", table_id, error)
                continue
            taken.append(table_id)
        if taken:
            log.warning("took over %d table(s) whose server went away", len(taken))
        return taken

    async def _adopt_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(ADOPT_EVERY)
            await self.adopt()

    def start(self) -> None:
        """Start looking for tables to let go of, and, on a shared database, to take over."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())
        if self.store.shared:
            self._adopter = asyncio.get_running_loop().create_task(self._adopt_now_and_then())

    def stop(self) -> None:
        """Stop looking (see :meth:`start`)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._adopter is not None:
            self._adopter.cancel()

    def close(self) -> None:
        """Stop the reader's thread, once the readings under way are done."""
        self._reader.shutdown(wait=True)


def _no_table(table_id: str) -> str:
    return tr("there is no table {table}").format(table=repr(table_id[:40]))
