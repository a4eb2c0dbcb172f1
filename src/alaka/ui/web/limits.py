"""What one server gives anonymous visitors at most: every budget in one place, with defaults.

``alaka serve`` sets each from a command-line flag (``docs/web.md``, "Limits and security"
lists them all); tests shrink them to reproduce an attack in a few hundred steps.
"""

from __future__ import annotations

import asyncio
import os
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from alaka.core.language import trn
from alaka.ui.web.connections import Backlog


@dataclass(frozen=True)
class Limits:
    """The server's budgets (see the fields' comments for what each bounds and why)."""

    #: How far one connection may fall behind before it is dropped (it may reconnect).
    backlog: Backlog = field(default_factory=Backlog)
    #: Processor seconds a table's bots may think per minute (more waits for the next minute's).
    bot_seconds: float = 30.0
    #: Processor seconds the bots of one client address's tables may think per minute, all
    #: its tables together (a table of nobody's has a budget of its own).
    bot_seconds_per_address: float = 60.0
    #: Worker processes search bots think in (None: one per core but one); quick bots (Easy,
    #: Medium) have one more of their own.
    bot_workers: int | None = None
    #: Tables in play at once (finished ones do not count); past it, new tables are refused.
    max_tables: int = 200
    #: Tables one client address may create per minute (a burst of as many, then one at a time).
    tables_per_minute: int = 10
    #: Unfinished tables one client address may hold in memory at once (created or read back).
    tables_per_address: int = 5
    #: Of :attr:`max_tables`, the last so many go only to addresses holding no table in play,
    #: so a new visitor can start a game while other visitors hold the rest (at most half).
    newcomer_tables: int = 20
    #: Minutes an unfinished table at which no person has acted stays in memory while no page
    #: has it open (then it waits in the store, like an idle one): a table made and left
    #: counts in play for minutes, not for :attr:`idle_hours`.
    unplayed_minutes: float = 10.0
    #: Connections one client address may hold open at once (a household shares an address).
    connections_per_address: int = 32
    #: Seconds after a table is made before the lobby offers its open seats to anyone (until
    #: then a seat takes the table's join code, which its creator was given).
    open_seat_seconds: float = 60.0
    #: Connections the server holds at once, of every kind (None: as many as its file limit
    #: allows, less a margin: :func:`connection_budget`). Past it a spectator makes room.
    max_connections: int | None = None
    #: Of :attr:`max_connections`, how many spectators may never take (at most half): room for
    #: people coming to their seats and for requests.
    player_connections: int = 64
    #: Spectators one table takes at once (people in their seats always get in).
    spectators: int = 200
    #: Table talk (:mod:`alaka.ui.web.talk`): what one seat may say at once (all its pages
    #: together), then one thing every :attr:`say_seconds`.
    say_burst: int = 3
    say_seconds: float = 2.0
    #: What all the seats of one table together may say at once, then one every
    #: :attr:`table_say_seconds`: a table of six cannot flood its watchers either.
    table_say_burst: int = 6
    table_say_seconds: float = 1.0
    #: The largest request body, in bytes (refused while it is read, not after).
    request_bytes: int = 64 * 1024
    #: The largest request line and headers of one request, in bytes (a browser sends one or
    #: two kilobytes); checked as they arrive, so a huge head is never held in memory.
    header_bytes: int = 16 * 1024
    #: The largest WebSocket message a page may send, in bytes (an action is a few dozen).
    message_bytes: int = 4096
    #: Minutes a finished table stays in memory (and in the lobby) once nobody watches it.
    finished_minutes: float = 10.0
    #: Hours an unfinished table nobody moves or watches stays in memory; it then waits in the
    #: store (out of the lobby, not counted in play) until someone opens its link.
    idle_hours: float = 24.0
    #: Tables in one page of the lobby's list (and the most a request may ask for).
    lobby_page: int = 50
    #: Seconds a request may take to arrive and be answered, from its first byte (or from the
    #: connection, for the first); a connection that sends nothing or half a request is let go.
    request_seconds: float = 20.0
    #: Seconds between the pings that check a WebSocket's page is there (it has as long again to
    #: answer, or it is closed).
    ping_seconds: float = 20.0
    #: Seconds the server's data may sit unacknowledged by a connection's peer before the
    #: operating system drops the connection (a peer gone without a word, or one not reading).
    unread_seconds: float = 60.0
    #: Searches per decision when a finished game is reviewed (see :mod:`alaka.bots.review`).
    review_iterations: int = 200
    #: Reviews kept in memory once made (the least recently asked for is let go).
    reviews_kept: int = 32
    #: Reviews waiting for the review worker at once (the one being made not counted).
    review_queue: int = 16
    #: Reviews one client address may have waiting or being made at once.
    reviews_per_address: int = 2


class Refusal(NamedTuple):
    """Why a connection is refused: 429 (its address has its fill) or 503 (the server has)."""

    status: int
    reason: str


def open_files() -> int:
    """How many files this process has open now (Linux: its ``/proc`` entry; else a guess)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 32


def connection_budget() -> int:
    """Connections the server may hold: the files its process may still open, less a tenth
    (at least 32) for what else needs one (the database, the workers' pipes, a log)."""
    limit, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if limit == resource.RLIM_INFINITY:
        limit = 1 << 20
    free = max(0, limit - open_files())
    return max(8, free - max(32, free // 10))


class Addresses:
    """What each client address holds and has spent: open connections, tables created; and
    the connections of all addresses together, at most :attr:`cap`.

    Addresses that hold nothing and have their whole allowance back are forgotten, so the
    book stays as small as the set of visitors active in the last minute.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._connections: dict[str, int] = {}
        self._creations: dict[str, Allowance] = {}
        #: The connections open now (each a file: counted from the connection to its very end,
        #: through any WebSocket it became), by peer, and the most the server holds: below its
        #: file limit, since past that the operating system refuses every newcomer, a seated
        #: player too.
        self.open: dict[tuple[str, int], asyncio.Transport] = {}
        self.cap = limits.max_connections or connection_budget()
        #: Called when the server is full: drops a spectator to make room (False: none to drop).
        self.make_room: Callable[[], bool] = lambda: False

    @property
    def spectator_room(self) -> int:
        """Spectators the server holds at most: the rest is kept for people and requests."""
        return self.cap - min(self.limits.player_connections, self.cap // 2)

    def connect(self, address: str) -> Refusal | None:
        """Count a new connection from ``address``; if it may not have one, why (and nothing
        is counted)."""
        held = self._connections.get(address, 0)
        if held >= self.limits.connections_per_address:
            most = self.limits.connections_per_address
            return Refusal(
                429,
                trn(
                    "this address has {n} connection open, as many as it may",
                    "this address has {n} connections open, as many as it may",
                    most,
                ).format(n=most),
            )
        self._connections[address] = held + 1
        return None

    def opened(self, peer: tuple[str, int], transport: asyncio.Transport) -> Refusal | None:
        """A connection was accepted from ``peer``: count it against :attr:`cap`, or say why
        not. A full server first asks :attr:`make_room` to drop a spectator (whose file is
        freed at once: :meth:`abort`)."""
        held = len(self.open)
        if held >= self.cap and not self.make_room():
            return Refusal(
                503,
                trn(
                    "the server holds {n} connection, as many as it may; try again soon",
                    "the server holds {n} connections, as many as it may; try again soon",
                    held,
                ).format(n=held),
            )
        self.open[peer] = transport
        return None

    def closed(self, peer: tuple[str, int]) -> None:
        self.open.pop(peer, None)

    def abort(self, peer: tuple[str, int] | None) -> None:
        """End the connection of ``peer`` now, its file with it. A WebSocket's closing
        handshake waits up to 10 s for the peer's answer, and a peer that never reads holds
        its file until the operating system gives up on it: a flood of spectators made to
        make room would hold them all. (The page sees the connection end and reconnects.)"""
        transport = None if peer is None else self.open.pop(peer, None)
        if transport is not None:
            transport.abort()

    def disconnect(self, address: str) -> None:
        held = self._connections.get(address, 0) - 1
        if held > 0:
            self._connections[address] = held
        else:
            self._connections.pop(address, None)

    def create(self, address: str) -> float:
        """Spend one table creation of ``address``: 0 if allowed, else the seconds to wait."""
        if len(self._creations) > 1000:
            self._creations = {a: spent for a, spent in self._creations.items() if not spent.full}
        allowance = self._creations.get(address)
        if allowance is None:
            allowance = self._creations[address] = Allowance(self.limits.tables_per_minute)
        wait = allowance.wait(1)
        if wait == 0:
            allowance.spend(1)
        return wait


class Allowance:
    """A budget that refills: at most ``burst`` units at once, ``per_minute`` more each minute
    (a token bucket). Spending may overdraw it; it must then refill before the next use."""

    def __init__(self, per_minute: float, burst: float | None = None) -> None:
        self.per_minute = per_minute
        self.burst = per_minute if burst is None else burst
        self.level = self.burst
        self.at = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.per_minute / 60)
        self.at = now

    def wait(self, cost: float = 0.0) -> float:
        """Seconds until ``cost`` may be spent (0: now). With no cost, until it is not overdrawn."""
        self._refill()
        return 0.0 if self.level >= cost else (cost - self.level) * 60 / self.per_minute

    def spend(self, amount: float) -> None:
        self._refill()
        self.level -= amount

    @property
    def full(self) -> bool:
        self._refill()
        return self.level >= self.burst
