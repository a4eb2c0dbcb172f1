"""What one server gives anonymous visitors at most: every budget in one place, with defaults.

``alaka serve`` sets each from a command-line flag (``docs/web.md``, "Limits and security"
lists them all); tests shrink them to reproduce an attack in a few hundred steps.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

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
    #: Spectators one table takes at once (people in their seats always get in).
    spectators: int = 200
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


class Addresses:
    """What each client address holds and has spent: open connections, tables created.

    Addresses that hold nothing and have their whole allowance back are forgotten, so the
    book stays as small as the set of visitors active in the last minute.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._connections: dict[str, int] = {}
        self._creations: dict[str, Allowance] = {}

    def connect(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) if it has its fill."""
        held = self._connections.get(address, 0)
        if held >= self.limits.connections_per_address:
            return False
        self._connections[address] = held + 1
        return True

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
