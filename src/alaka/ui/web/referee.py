"""The referee: a seat's action checked, stored, applied and told, in that order; and the clock.

Every move of a game, whoever makes it (a person through :meth:`Referee.act`, the server by
itself through :mod:`alaka.ui.web.driver`), goes through :meth:`Referee.commit`, with the
table's lock held: the action is stored (committed) before the state changes for anyone and
before anyone is told, so nothing a client was ever shown is lost in a crash. A person's
request is refused with a :class:`~alaka.ui.web.table.TableError` that changed nothing:
a stale ``seq``, another seat's decision, an action that is not legal, or a store that
refused the write (503).

The referee also runs the table's clock (:mod:`alaka.ui.web.clocks`) as a player in a game
over the board would: each move stops the timer of whoever made it and starts the next
person's. When a timer runs out, it calls back ``time_up`` (the room's
:meth:`~alaka.ui.web.tables.TableRoom.check_clock`, which the driver answers): the referee
only keeps time, it never moves for anyone.

Safe undo (:meth:`Referee.take_back`, :mod:`alaka.core.undo`) is the referee's too: the
shortened record is stored first, then everyone is told.

Writes that need not hold anyone up (a clock's bank after a decision, a timer that ran out)
run in the background (:meth:`Referee.keep`); stopping the room waits for them a while
(:data:`CLOSE_BACKGROUND`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from alaka.core.errors import IllegalAction
from alaka.core.language import tr, trn
from alaka.core.protocol import CHANCE, Action
from alaka.core.undo import refusal, step, to_last_choice, undo
from alaka.ui.web.journal import Journal, now
from alaka.ui.web.pace import Pauses
from alaka.ui.web.store import SeatRow, StorageError, Store
from alaka.ui.web.table import HUMAN, Table, TableError, shown_name

log = logging.getLogger("alaka.web")

#: How long stopping the room waits for its background work (a bank being stored).
CLOSE_BACKGROUND = 5.0


class Referee:
    """Applies the moves of every table of a room (see the module docstring).

    ``now`` is the time the clocks read; ``time_up`` is called, in the background, when a
    table's running timer runs out."""

    def __init__(
        self,
        store: Store,
        journal: Journal,
        pauses: Pauses,
        *,
        now: Callable[[], float],
        time_up: Callable[[Table], Awaitable[bool]],
    ) -> None:
        self.store = store
        self.journal = journal
        self.pauses = pauses
        self.now = now
        self.time_up = time_up
        #: Work the referee started in the background (bank writes, a clock that ran out).
        self._background: set[asyncio.Task[None]] = set()

    # -- a person's requests ---------------------------------------------------------------------

    async def act(self, table: Table, seat: int | None, seq: object, name: object) -> None:
        """A person's action; refused with a :class:`TableError` that changes nothing.

        An answer out of turn takes effect no sooner than :meth:`Pauses.window` after the window
        opened, the pause a forced answer waits: a quick real answer and a forced one then last
        alike, and only an answer slower than the longest pause shows there was a choice. (The
        room then starts the driver: what follows may be the server's to play.)"""
        if seat is None:
            raise TableError(tr("spectators cannot play; open a seat's link to play"))
        if table.seats[seat].kind != HUMAN:
            raise TableError(tr("you left this seat; a bot plays it now"))
        if not isinstance(name, str) or isinstance(seq, bool) or not isinstance(seq, int):
            raise TableError(
                # TRANSLATORS: {message} is the message's JSON form.
                tr("an action message is {message}").format(
                    message="{'type': 'act', 'seq': number, 'action': name}"
                )
            )
        if seq == table.seq and table.state.current_player() == seat and table.out_of_turn(seat):
            hold = table.asked_at + self.pauses.window(table) - time.monotonic()
            if table.clock is not None and table.clock.running == seat:
                hold = min(hold, table.clock.left(self.now()) - 0.05)  # never past the timer
            if hold > 0:
                await asyncio.sleep(hold)
        async with table.lock:
            if table.forfeit is not None:
                raise TableError(tr("the game is over: a player ran out of time"))
            if seq != table.seq:
                raise TableError(tr("the table has moved on since you chose; choose again"))
            player = table.state.current_player()
            if player != seat:
                raise TableError(
                    # TRANSLATORS: {waiting} says whose decision it is ("Waiting for Ana.").
                    tr("it is not your decision: {waiting}").format(waiting=table.waiting_for(seat))
                )
            try:
                action = table.state.action_from_string(name)
                if action not in table.state.legal_actions():
                    raise IllegalAction(
                        tr("{action} is not one of your choices now").format(action=repr(name))
                    )
            except IllegalAction as error:
                raise TableError(str(error)) from None
            try:
                await self.commit(table, action)
            except StorageError as error:
                raise TableError(
                    tr("the action could not be stored ({error}); nothing changed").format(error=error), 503
                ) from None
            table.played = True

    async def take_back(self, table: Table, seat: int | None, seq: object) -> None:
        """Safe undo (:mod:`alaka.core.undo`): the person takes back their latest decisions of
        this turn (and the forced moves after them), back to their last real choice, if no
        other seat and no chance has acted since and each is declared safe by the game. The
        shortened record is stored first; then everyone is told who took back how many, and
        gets the whole log again (it is shorter now)."""
        if seat is None:
            raise TableError(tr("spectators cannot undo; open a seat's link to play"))
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise TableError(
                # TRANSLATORS: {message} is the message's JSON form.
                tr("an undo message is {message}").format(message="{'type': 'undo', 'seq': number}")
            )
        async with table.lock:
            if table.forfeit is not None or table.finished:
                raise TableError(tr("the game is over"))
            if seq != table.seq:
                raise TableError(tr("the table has moved on since you asked; look again"))
            if table.seats[seat].kind != HUMAN:
                raise TableError(tr("you left this seat; a bot plays it now"))
            count = to_last_choice(table.state, table.steps, seat)
            if not count:
                raise TableError(
                    # TRANSLATORS: {reason} says why nothing can be taken back.
                    tr("nothing to take back: {reason}").format(
                        reason=refusal(table.steps, table.state, seat)
                    )
                )
            restored = undo(table.state, table.steps, seat, count)
            await self.write(self.store.take_back, table.id, table.seq - count, now())
            table.state = restored
            del table.steps[-count:]
            table.asked_at = time.monotonic()
            if table.clock is not None:
                table.clock.take_back(table.seq)
                self.keep(self.journal.write(self.store.set_clock, table.id, table.clock.stored_json()))
            table.active = time.monotonic()
            name = table.seats[seat].name

            def notice() -> dict[str, Any]:
                text = trn("{player} took back {n} decision.", "{player} took back {n} moves.", count)
                return {
                    "type": "undo",
                    "seat": seat,
                    "count": count,
                    "text": text.format(player=shown_name(name), n=count),
                }

            table.tell(notice)
            for client in list(table.clients):
                client.log_sent = 0  # the log is shorter: everyone gets it whole
            table.broadcast()

    async def save_seat(self, table: Table, seat: int, **changes: Any) -> SeatRow:
        """Store the seat with ``changes``, then (only once it is stored) change it in memory."""
        row = dataclasses.replace(table.seats[seat], **changes)
        await self.write(self.store.update_seat, table.id, row)
        table.seats[seat] = row
        return row

    async def write(self, write: Callable[..., object], *args: Any) -> None:
        """A store write in the journal's thread; a storage failure is a 503 that changed nothing."""
        try:
            await self.journal.write(write, *args)
        except StorageError as error:
            raise TableError(
                tr("the change could not be stored ({error}); nothing changed").format(error=error), 503
            ) from None

    # -- the one way a game moves on --------------------------------------------------------------

    async def commit(self, table: Table, action: Action) -> None:
        """Store the action, apply it, tell everyone. Called with the table's lock held; a
        :class:`StorageError` (nothing changed) if the store refused it.

        A chance outcome followed at once by another (three dice, a column refilled card by
        card) is not announced on its own: the state after the last one is, with every event
        in its log, so a roll costs one message per client instead of one per die.
        """
        await self.journal.append(table.id, table.seq + 1, action.name)
        if table._steps is not None:
            table._steps.append(step(table.state, action))
        player = table.state.current_player()
        chance = player == CHANCE
        table.state.apply_action(action)
        table.active = table.asked_at = time.monotonic()
        self.clock_after(table, player)
        if not (chance and table.state.current_player() == CHANCE):
            table.broadcast()
        if table.finished:
            table.finished_at = now()
            try:  # if this is lost, the next start finds the game over and marks it
                await self.journal.write(self.store.finish, table.id, table.finished_at)
            except StorageError as error:
                log.error("table %s: %s", table.id, error)

    # -- the clock ----------------------------------------------------------------------------------

    def clock_after(self, table: Table, player: int) -> None:
        """An action was applied: the timer of ``player`` (who decided it) stops and its bank is
        stored (in the background: a bank lost in a crash is the only loss), and the next
        person's timer starts."""
        clock = table.clock
        if clock is None:
            return
        if clock.running is not None and clock.running == player:
            clock.stop(self.now(), table.seq - 1)
            if not clock.out_of_turn:
                self.keep(self.journal.write(self.store.set_clock, table.id, clock.stored_json()))
        self.clock_start(table)

    def clock_start(self, table: Table) -> None:
        """Start the timer of the person who decides now, if it is not running (and schedule
        the moment it runs out); none when a bot, chance or nobody decides."""
        clock = table.clock
        if clock is None or table.finished:
            return
        player = table.state.current_player()
        if player < 0 or table.seats[player].kind != HUMAN or clock.banks[player] is None:
            clock.running = None
        elif clock.running != player:
            clock.start(player, table.out_of_turn(player), self.now())
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        if clock.running is not None:
            with contextlib.suppress(RuntimeError):  # no running loop: started again by kick
                loop = asyncio.get_running_loop()
                wait = max(0.0, clock.left(self.now()))
                table.clock_timer = loop.call_later(wait, self._ring, table)

    def _ring(self, table: Table) -> None:
        table.clock_timer = None
        self.keep(self.time_up(table))

    def keep(self, work: Any) -> None:
        """Run a coroutine in the background; its failure is logged, never lost silently."""

        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("a background task of the room failed")

        with contextlib.suppress(RuntimeError):
            task = asyncio.get_running_loop().create_task(run())
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def finish_background(self) -> None:
        """Let the background work finish, for :data:`CLOSE_BACKGROUND` at most (banks being
        stored are finished; a move made on time is not), then cancel what is left."""
        if self._background:
            await asyncio.wait(self._background, timeout=CLOSE_BACKGROUND)
            for work in self._background:
                work.cancel()
