"""The driver: what the server plays by itself at a table, and when.

Chance, the bots' moves and a person's forced choices (a decision with a single legal choice)
are the server's to play; each table that has such a move next has a driver task
(:meth:`Driver.kick` starts it) that plays them one after another, after their pauses
(:mod:`alaka.ui.web.pace`), until a person must decide or the game ends. Each move goes
through :meth:`alaka.ui.web.referee.Referee.commit` like a person's.

Chance is sampled and bots choose by the project's one seed rule (:mod:`alaka.core.driver`)
from the table's secret seed (:mod:`alaka.ui.web.seeds`): the randomness of each step depends
only on the seed and the number of actions so far, so after a restart nothing but the stored
actions and the seed decides what comes next, and nobody but the server knows it. Bots think
in the bot pool (:class:`~alaka.ui.web.workers.FairBots`), within the table's thinking budget
(:attr:`~alaka.ui.web.limits.Limits.bot_seconds`).

When a person's timer runs out (:meth:`Driver.check_clock`), the server acts for them too:
the heuristic bot plays the decision, or the seat forfeits.

Only the table in memory is driven (the room's ``tables``, shared with
:mod:`alaka.ui.web.residency`): a copy let go of meanwhile must never play beside the one read
back in its place.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from alaka.bots.registry import default_bot
from alaka.core.language import tr
from alaka.core.protocol import CHANCE, TERMINAL, Action, JsonDict
from alaka.ui.web.journal import now
from alaka.ui.web.limits import Allowance, Limits
from alaka.ui.web.pace import Pauses
from alaka.ui.web.referee import Referee
from alaka.ui.web.store import StorageError
from alaka.ui.web.table import BOT, HUMAN, Table, shown_name
from alaka.ui.web.workers import FairBots

log = logging.getLogger("alaka.web")

#: The longest a table stalled by a storage failure waits before trying to store again.
RETRY_AT_MOST = 10.0


@dataclass(frozen=True)
class _Step:
    """An action the server takes by itself: the pause before it, and how it is chosen: at once
    (``choose``: chance, a forced choice) or by the bot of seat ``bot`` in the bot pool."""

    pause: tuple[float, float]
    choose: Callable[[], Action] | None = None
    bot: int | None = None


class Driver:
    """Plays what is the server's to play at the tables of a room (see the module docstring)."""

    def __init__(
        self,
        tables: dict[str, Table],
        referee: Referee,
        pauses: Pauses,
        limits: Limits,
        bots: FairBots,
        *,
        now: Callable[[], float],
    ) -> None:
        #: The tables in memory (the room's own dict): only those are driven.
        self.tables = tables
        self.referee = referee
        self.pauses = pauses
        self.limits = limits
        self.bots = bots
        #: The time clocks read (a test gives a fake one and calls :meth:`check_clock`).
        self.now = now

    def kick(self, table: Table) -> None:
        """Make sure the table's driver runs if chance, a bot or a forced choice is next.

        Only the table in memory is driven: a copy let go of meanwhile (see
        :meth:`~alaka.ui.web.residency.Residency.sweep`) must never play beside the one read back
        in its place."""
        if self.tables.get(table.id) is not table:
            return
        if table.clock is not None and table.clock_timer is None:
            self.referee.clock_start(table)
        if table.driver is None or table.driver.done():
            with contextlib.suppress(RuntimeError):  # no running loop: the app starts drivers later
                table.driver = asyncio.get_running_loop().create_task(self._drive_logged(table))

    def _next_automatic(self, table: Table) -> _Step | None:
        """What the server plays next by itself; None if a person must decide or the game is over."""
        state = table.state
        player = state.current_player()
        if player == TERMINAL or table.forfeit is not None:
            return None
        if player == CHANCE:
            rng = table.rng()
            return _Step((0.0, 0.0), choose=lambda: state.sample_chance(rng))
        if table.seats[player].kind == BOT:
            return _Step(self.pauses.pace.bot, bot=player)
        legal = state.legal_actions()
        if len(legal) == 1:
            pause = self.pauses.window(table) - (time.monotonic() - table.asked_at)
            return _Step((pause, pause), choose=lambda: legal[0])
        return None

    async def _think(self, table: Table, seat: int, spec: str | None = None) -> Action:
        """The bot of ``seat`` chooses, in the bot pool, once the table's thinking budget allows.

        A bot that fails (a bug, never a person's doing) is logged and replaced for this move by
        a random legal choice, so the table goes on.
        """
        budget = table.thinking or Allowance(self.limits.bot_seconds)
        while (wait := budget.wait()) > 0:
            await asyncio.sleep(wait)
        spec = spec or table.seats[seat].bot or default_bot(table.game.name)
        rng = table.rng()
        people = any(s.kind == HUMAN for s in table.seats)
        try:
            name, seconds = await self.bots.think(
                table.id, table.record(), seat, spec, rng, people=people, address=table.owner
            )
            budget.spend(seconds)
            return table.state.action_from_string(name)
        except Exception:  # a bug in a bot must not stop the table: log it, play on
            log.exception(
                "table %s: bot %s in seat %d failed; a random choice is played", table.id, spec, seat
            )
            return rng.choice(table.state.legal_actions())

    async def _drive_logged(self, table: Table) -> None:
        """:meth:`_drive`, whose failure (a bug, never a visitor's doing) is logged: a driver
        that stopped without a word left its table waiting for ever."""
        try:
            await self._drive(table)
        except Exception:
            log.exception("table %s: the server stopped playing its chance and bots", table.id)

    async def _drive(self, table: Table) -> None:
        """Play chance, bots and forced choices until a person must decide or the game ends.

        An action the store refuses (a full disk, say) is tried again, less and less often,
        until it is stored: the table goes on by itself once the storage is back.
        """
        stalled = 0
        while True:
            step = self._next_automatic(table)
            if step is None:
                return
            seq = table.seq
            low, high = step.pause
            if high > 0:
                await asyncio.sleep(self.pauses.draw(low, high))
            if step.choose is not None:
                action = step.choose()
            else:
                assert step.bot is not None
                action = await self._think(table, step.bot)
            async with table.lock:
                if table.seq != seq:  # a person answered a forced choice first: look again
                    continue
                try:
                    await self.referee.commit(table, action)
                    stalled = 0
                except StorageError as error:  # the disk refused: wait, then try again
                    stalled += 1
                    if stalled == 1:
                        log.error(
                            "table %s stalls until its actions can be stored again: %s", table.id, error
                        )
            if stalled:
                await asyncio.sleep(min(RETRY_AT_MOST, 0.25 * 2**stalled))

    async def check_clock(self, table: Table) -> bool:
        """If the running timer has run out: tell everyone, then the heuristic bot moves for the
        seat (or, if the table says so and it was the seat's own turn, the seat forfeits).
        Returns whether time had run out. (The event loop calls this when the timer is due; a
        test with a fake clock calls it itself.)"""
        clock = table.clock
        if clock is None or clock.running is None or table.finished:
            return False
        seat, seq = clock.running, table.seq
        if clock.left(self.now()) > 0:
            self.referee.clock_start(table)  # not yet (the clock was moved back): wait again
            return False
        forfeit = clock.setting.on_expiry == "forfeit" and not clock.out_of_turn
        name = table.seats[seat].name

        def notice() -> JsonDict:
            if forfeit:
                # TRANSLATORS: {player} is a seat's name.
                text = tr("{player} ran out of time: forfeits the game.")
            else:
                # TRANSLATORS: {player} is a seat's name.
                text = tr("{player} ran out of time: the heuristic bot plays this decision.")
            return {
                "type": "clock",
                "seat": seat,
                "forfeit": forfeit,
                "text": text.format(player=shown_name(name)),
            }

        table.tell(notice)
        if forfeit:
            async with table.lock:
                if table.seq != seq or table.finished:
                    return True
                when = now()
                await self.referee.write(self.referee.store.forfeit, table.id, seat, when)
                table.forfeit, table.finished_at = seat, when
                clock.stop(self.now())
                table.broadcast()
            return True
        action = await self._think(table, seat, spec=default_bot(table.game.name))
        async with table.lock:
            if table.seq == seq and not table.finished:  # the person did not decide meanwhile
                try:
                    await self.referee.commit(table, action)
                except StorageError as error:
                    log.error("table %s: the move made on time could not be stored: %s", table.id, error)
        self.kick(table)
        return True

    async def stop(self) -> None:
        """Cancel every table's timers, and stop its driver between moves (waited for)."""
        for table in self.tables.values():
            if table.presence_timer is not None:
                table.presence_timer.cancel()
            if table.clock_timer is not None:
                table.clock_timer.cancel()
        tasks = [t.driver for t in self.tables.values() if t.driver is not None and not t.driver.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
