"""The tables a server runs: :class:`TableRoom`, one front door over the parts that run them.

This module knows nothing of HTTP: :mod:`alaka.ui.web.app` turns requests and WebSocket
messages into calls on a :class:`TableRoom`, which holds every table, the store they are
written to, and the clients watching them. The room does nothing itself: each of its jobs is a
module of its own, named for it, and the room composes them (each part is given the parts it
uses, below it; none knows the room):

- :mod:`~alaka.ui.web.table`: one :class:`Table` (a game's state, seats and tokens, clients),
  what each seat is told (:meth:`Table.seat_message`, the one function that builds it) and the
  broadcasts; :class:`TableError`, which every part refuses a request with;
- :mod:`~alaka.ui.web.pace`: the pauses (:class:`Pace`) before the server acts by itself, and
  why a quick answer out of turn waits as long as a forced one;
- :mod:`~alaka.ui.web.referee`: a move checked, stored, applied and told, in that order (an
  action is stored before the state changes for anyone and before anyone is told); undo; the
  table's clock kept as moves are made;
- :mod:`~alaka.ui.web.driver`: what the server plays by itself (chance, bots, forced choices,
  a move when a person's time runs out), by the project's one seed rule;
- :mod:`~alaka.ui.web.residency`: which tables are in memory and driven by this server
  (reading back, letting go, the budget of tables in play), and, on a database several
  servers share, which server drives which table (taking over, letting go of those lost);
- :mod:`~alaka.ui.web.seats`: the people at a table (watching, joining, leaving) and the
  seats' private links;
- :mod:`~alaka.ui.web.lobby`: the games on offer (:func:`game_info`), new tables and
  rematches, the list of tables;
- :mod:`~alaka.ui.web.reviews`: a finished game's replay and its reviews;
- :mod:`~alaka.ui.web.talk`: what the people at a table say to each other (preset phrases
  and emotes), within its budgets.

The names other modules have imported from here (:class:`Table`, :class:`Pace`,
:class:`TableError`, :class:`Client`, :func:`game_info`, ...) are here still.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from alaka.core.protocol import JsonDict
from alaka.ui.web.driver import RETRY_AT_MOST, Driver
from alaka.ui.web.journal import Journal
from alaka.ui.web.limits import Limits
from alaka.ui.web.lobby import Lobby, game_info
from alaka.ui.web.pace import Pace, Pauses
from alaka.ui.web.referee import CLOSE_BACKGROUND, Referee
from alaka.ui.web.residency import ADOPT_EVERY, MOVING_SECONDS, SWEEP_EVERY, Residency
from alaka.ui.web.reviews import Replays, Reviews
from alaka.ui.web.seats import NAME_LENGTH, Seats, person_name
from alaka.ui.web.store import Store
from alaka.ui.web.table import (
    BOT,
    HUMAN,
    PRESENCE_DELAY,
    TABLE_ID_SHAPE,
    TOKEN_SHAPE,
    Client,
    Table,
    TableError,
    renderer_url,
)
from alaka.ui.web.talk import Talk
from alaka.ui.web.workers import FairBots, WorkerPool

__all__ = [
    "ADOPT_EVERY",
    "BOT",
    "CLOSE_BACKGROUND",
    "HUMAN",
    "MOVING_SECONDS",
    "NAME_LENGTH",
    "PRESENCE_DELAY",
    "RETRY_AT_MOST",
    "SWEEP_EVERY",
    "TABLE_ID_SHAPE",
    "TOKEN_SHAPE",
    "Client",
    "Pace",
    "Table",
    "TableError",
    "TableRoom",
    "game_info",
    "person_name",
    "renderer_url",
]


class TableRoom:
    """Every table of a server, the store behind them, and the clients watching them.

    Only the tables in play and those that finished a short while ago are in memory; the rest
    stay in the store, and come back (replayed) when someone opens their link or their replay.
    Each method hands its call to the part whose job it is (see the module docstring).
    """

    def __init__(
        self,
        store: Store,
        pace: Pace | None = None,
        limits: Limits | None = None,
        *,
        base_url: str = "",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        #: The time clocks read (a test gives a fake one and calls :meth:`check_clock`).
        self.now = clock
        self.journal = Journal(store)
        self.pace = pace or Pace()
        self.limits = limits or Limits()
        self.base_url = base_url
        self.tables: dict[str, Table] = {}
        bots = FairBots(self.limits.bot_workers, self.limits.bot_seconds_per_address)
        #: Replays are computed in a worker of their own, never behind the bots' moves.
        self.replaying = Replays(WorkerPool(1))
        #: Reviews search for seconds: a worker of their own too, so replays never wait for one.
        self.reviews = Reviews(WorkerPool(1), self.limits)
        pauses = Pauses(self.pace)
        self.referee = Referee(store, self.journal, pauses, now=clock, time_up=self.check_clock)
        self.driver = Driver(self.tables, self.referee, pauses, self.limits, bots, now=clock)
        self.residency = Residency(self.tables, store, self.limits, self.driver, now=clock)
        self.seats = Seats(self.referee, self.limits, base_url=base_url)
        self.talk = Talk(self.limits)
        self.lobby = Lobby(
            self.tables,
            store,
            self.limits,
            residency=self.residency,
            referee=self.referee,
            driver=self.driver,
            seats=self.seats,
        )

    # -- the worker pools (a test may put its own in) -------------------------------------------------

    @property
    def bots(self) -> FairBots:
        """The pool the bots think in (:mod:`alaka.ui.web.workers`)."""
        return self.driver.bots

    @bots.setter
    def bots(self, bots: FairBots) -> None:
        self.driver.bots = bots

    @property
    def replays(self) -> WorkerPool:
        """The worker replays are computed in."""
        return self.replaying.pool

    @replays.setter
    def replays(self, pool: WorkerPool) -> None:
        self.replaying.pool = pool

    @property
    def reviewers(self) -> WorkerPool:
        """The worker reviews are made in."""
        return self.reviews.pool

    @reviewers.setter
    def reviewers(self, pool: WorkerPool) -> None:
        self.reviews.pool = pool

    # -- loading and creating (residency, lobby) --------------------------------------------------------

    def load(self) -> list[str]:
        """Bring back the tables in play (see :meth:`Residency.load`); the problems found."""
        return self.residency.load()

    async def find(self, table_id: str, address: str | None = None) -> Table:
        """The table ``table_id``, read back from the store if it is not in memory."""
        return await self.residency.find(table_id, address)

    async def locate(self, table_id: str) -> str | None:
        """None if ``table_id`` is answered here, else the address of the server that drives it."""
        return await self.residency.locate(table_id)

    async def exists(self, table_id: str) -> bool:
        """Whether there is such a table (in memory or in the store)."""
        return await self.residency.exists(table_id)

    def get(self, table_id: str) -> Table:
        """A table in memory (see :meth:`find` for any table)."""
        return self.residency.get(table_id)

    async def create(
        self,
        game_name: object,
        seats: object,
        options: object = None,
        *,
        rematch_of: Table | None = None,
        clock: object = None,
        owner: str | None = None,
    ) -> tuple[Table, JsonDict]:
        """A new table from a lobby request; returns it and the private links of its people."""
        return await self.lobby.create(
            game_name, seats, options, rematch_of=rematch_of, clock=clock, owner=owner
        )

    def links(self, table: Table) -> JsonDict:
        """The private link of every person's seat and the public spectator link."""
        return self.seats.links(table)

    def seat_url(self, table: Table, seat: int | None) -> str:
        """A seat's private link (or the spectators' link)."""
        return self.seats.seat_url(table, seat)

    def listing(self, offset: int = 0, limit: int | None = None) -> JsonDict:
        """A page of the lobby's list, newest first."""
        return self.lobby.listing(offset, limit)

    def check_page(self, offset: int, limit: int | None) -> int:
        """The page size asked for (``None``: the default), or a :class:`TableError`."""
        return self.lobby.check_page(offset, limit)

    def local_listing(self, upto: int) -> JsonDict:
        """This server's part of a lobby shared by several servers."""
        return self.lobby.local_listing(upto)

    # -- letting go, servers sharing the database (residency) --------------------------------------------

    def sweep(self) -> list[str]:
        """Let go of the tables nobody needs in memory; the ids let go of."""
        return self.residency.sweep()

    async def adopt(self) -> list[str]:
        """Take over the tables whose server went away, let go of those lost; the ids taken over."""
        return await self.residency.adopt()

    # -- people (seats) ------------------------------------------------------------------------------

    def admit(self, table: Table, seat: int | None) -> None:
        """Refuse a spectator past :attr:`Limits.spectators`."""
        self.seats.admit(table, seat)

    async def connect(self, table: Table, client: Client) -> None:
        """A client starts watching: it is sent the table, then what may be said and was."""
        await self.seats.connect(table, client)
        self.talk.welcome(table, client)

    def disconnect(self, table: Table, client: Client) -> None:
        self.seats.disconnect(table, client)

    def presence(self, table: Table, *, changed: bool = False) -> None:
        """Tell everyone, soon, if the seats that have someone here changed."""
        table.presence(changed=changed)

    async def claim(self, table: Table, seat: object, name: object, code: object = None) -> JsonDict:
        """Take an open seat from the lobby."""
        return await self.seats.claim(table, seat, name, code)

    async def leave(self, table: Table, seat: int | None) -> None:
        """The person gives up the seat: the game's default bot plays it from now on."""
        await self.seats.leave(table, seat)
        self.kick(table)

    async def start_rematch(
        self, table: Table, seat: int | None, owner: str | None = None
    ) -> tuple[Table, JsonDict]:
        """A new table with the same game, options and players, and the caller's link in it."""
        return await self.lobby.start_rematch(table, seat, owner)

    def say(self, table: Table, seat: int | None, what: object) -> None:
        """A seat says one of the table talk's sayings to everyone watching (see :mod:`.talk`)."""
        self.talk.say(table, seat, what)

    # -- the game moving on (referee, driver) ------------------------------------------------------------

    async def act(self, table: Table, seat: int | None, seq: object, name: object) -> None:
        """A person's action (see :meth:`Referee.act`); then the server plays what is its to play."""
        await self.referee.act(table, seat, seq, name)
        self.kick(table)

    async def take_back(self, table: Table, seat: int | None, seq: object) -> None:
        """Safe undo (see :meth:`Referee.take_back`)."""
        await self.referee.take_back(table, seat, seq)

    async def check_clock(self, table: Table) -> bool:
        """If the running timer has run out, act for the seat; whether time had run out."""
        return await self.driver.check_clock(table)

    def kick(self, table: Table) -> None:
        """Make sure the table's driver runs if chance, a bot or a forced choice is next."""
        self.driver.kick(table)

    def broadcast(self, table: Table) -> None:
        """Send every client the table as its seat sees it now (queued: this never waits)."""
        table.broadcast()

    # -- after the game (reviews) -------------------------------------------------------------------

    async def replay_step(self, table: Table, step: int, seat: int | None) -> JsonDict:
        """Seat ``seat``'s view after ``step`` actions of a finished game."""
        return await self.replaying.step(table, step, seat)

    def review(self, table: Table, seat: int | None, address: str | None = None) -> JsonDict:
        """Seat ``seat``'s review of a finished game (see :meth:`Reviews.review`)."""
        return self.reviews.review(table, seat, address)

    # -- starting and stopping -------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the drivers of every unfinished table (after :meth:`load`), and the sweeper."""
        for table in self.tables.values():
            self.kick(table)
        self.residency.start()

    async def stop(self) -> None:
        self.residency.stop()
        await self.driver.stop()
        await self.referee.finish_background()
        await self.journal.drain()
        self.reviews.stop()
        await self.bots.close()
        await self.replays.close()
        await self.reviewers.close()
        self.residency.close()
