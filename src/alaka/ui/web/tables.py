"""The tables a server runs: seats and tokens, the game state, and who gets told what.

This module knows nothing of HTTP: :mod:`alaka.ui.web.app` turns requests and WebSocket
messages into calls here. A :class:`Table` holds one game; a :class:`TableRoom` holds every
table, the store they are written to, and the clients watching them.

The rules of the room:

- Everything a client receives about a game is built by :func:`seat_message` from
  ``state.view(seat)`` (``None`` for spectators), the public table summary, and the labels of
  the seat's own legal actions when it is that seat's decision. Tokens appear only in the
  answer to the request that created them.
- An action is stored (committed) before the state changes for anyone and before anyone is
  told (:meth:`TableRoom._commit`).
- Chance is sampled and bots choose by the project's one seed rule (:mod:`alaka.core.driver`)
  from the table's secret seed (:mod:`alaka.ui.web.seeds`): the randomness of each step depends
  only on the seed and the number of actions so far, so after a restart nothing but the stored
  actions and the seed decides what comes next, and nobody but the server knows it.
- A person's decision with a single legal choice is taken by the server after a random pause
  (:attr:`Pace.forced`), and a person's answer out of turn takes effect no sooner than the
  same draw (:meth:`TableRoom.act`), so a window answered quickly tells nobody whether there
  was a choice (in Alakazum!'s voodoo window, whether a player holds a doll); only a window
  longer than the longest pause shows that someone was thinking. Bots pause too
  (:attr:`Pace.bot`), so people can follow the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hmac
import logging
import math
import random
import re
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from alaka.bots.registry import bot_levels, bot_menu, default_bot, make_bot
from alaka.core.choices import choices
from alaka.core.errors import AlakaError, IllegalAction, OptionError
from alaka.core.glossary import glossary_of
from alaka.core.protocol import CHANCE, TERMINAL, Action, Game, JsonDict, State
from alaka.core.records import replay, replay_states
from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names
from alaka.core.undo import Step, step, steps_of, to_last_choice, undo
from alaka.ui.web.clocks import Clock, ClockError, ClockSetting
from alaka.ui.web.journal import Journal, now
from alaka.ui.web.limits import Allowance, Limits
from alaka.ui.web.seeds import draw_rng, new_seed
from alaka.ui.web.store import SeatRow, StorageError, Store, TableRow
from alaka.ui.web.wire import encode
from alaka.ui.web.workers import FairBots, WorkerPool

log = logging.getLogger("alaka.web")

HUMAN = "human"
BOT = "bot"


#: How often, in seconds, the room looks for tables to let go of (see :meth:`TableRoom.sweep`).
SWEEP_EVERY = 30.0

#: The longest a table stalled by a storage failure waits before trying to store again.
RETRY_AT_MOST = 10.0

#: How long stopping the room waits for its background work (a bank being stored).
CLOSE_BACKGROUND = 5.0

#: Comings and goings within this many seconds are told to the others in one message.
PRESENCE_DELAY = 0.25

#: On a database several servers share: how often, in seconds, a server looks for tables whose
#: server went away (and takes them over), and how long a request waits for a table passing
#: from one server to another (see :meth:`TableRoom.locate`).
ADOPT_EVERY = 1.0
MOVING_SECONDS = 3.0


class TableError(AlakaError):
    """A request the room refuses; ``status`` is the HTTP status that says why, and
    ``retry_after`` the seconds after which asking again may succeed (a budget refilling)."""

    def __init__(self, message: str, status: int = 400, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@dataclass(frozen=True)
class Pace:
    """How long the server waits, in seconds (a uniform draw between the two bounds)."""

    bot: tuple[float, float] = (0.5, 1.0)
    forced: tuple[float, float] = (0.4, 1.2)

    @classmethod
    def scaled(cls, factor: float) -> Pace:
        """The default pace times ``factor`` (0 makes the server answer at once: tests, benchmarks)."""
        base = cls()
        return cls(
            bot=(base.bot[0] * factor, base.bot[1] * factor),
            forced=(base.forced[0] * factor, base.forced[1] * factor),
        )


@dataclass(frozen=True)
class _Step:
    """An action the server takes by itself: the pause before it, and how it is chosen: at once
    (``choose``: chance, a forced choice) or by the bot of seat ``bot`` in the bot pool."""

    pause: tuple[float, float]
    choose: Callable[[], Action] | None = None
    bot: int | None = None


@dataclass
class _Review:
    """A review of one seat of a finished game: who asked first (whose budget it counts
    against), the record while it waits, its search once started, then its result."""

    address: str | None
    record: JsonDict | None
    task: asyncio.Task[JsonDict] | None = None
    result: JsonDict | None = None
    failed: bool = False

    @property
    def pending(self) -> bool:
        """Waiting or being made."""
        return self.result is None and not self.failed


class Client(Protocol):
    """A connection watching a table (an :class:`~alaka.ui.web.connections.Outbox` in the app).

    ``deliver`` must never block: the room calls it with the table's lock held.
    """

    seat: int | None
    log_sent: int

    def deliver(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


def _table_id() -> str:
    return secrets.token_hex(5)


#: What a table id looks like (:func:`_table_id`: 10 hexadecimal digits), with room to spare.
TABLE_ID_SHAPE = re.compile(r"[0-9a-z]{1,32}")


def _ago(*, hours: float) -> str:
    """The stored form of the time ``hours`` ago."""
    return (datetime.now(UTC) - timedelta(hours=hours)).isoformat(timespec="seconds")


def _token() -> str:
    return secrets.token_urlsafe(18)


#: What a seat's token looks like (:func:`_token`: 24 URL-safe characters), with room to spare.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")

#: The longest name a person may give.
NAME_LENGTH = 40

#: Characters a name may not hold: controls, lone surrogates (not text at all: no page, file
#: or JSON encoder can write them), and the bidirectional overrides that make a name display
#: as another.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def person_name(value: object, where: str = "") -> str:
    """A name a person gave (``""`` for none), checked once for every way in: at most
    :data:`NAME_LENGTH` characters of printable text, with spaces trimmed."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > NAME_LENGTH:
        raise TableError(f"{where}a name is a text of at most {NAME_LENGTH} characters")
    if _UNPRINTABLE.search(value):
        raise TableError(f"{where}a name may hold only printable characters")
    name = unicodedata.normalize("NFC", value).strip()
    if len(name) > NAME_LENGTH:
        raise TableError(f"{where}a name is a text of at most {NAME_LENGTH} characters")
    return name


def game_info(game: Game) -> JsonDict:
    """A game as the lobby offers it: players, web-safe options, the bot menu."""
    return {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "default_players": game.default_players,
        "parameters": [
            {
                "name": p.name,
                "kind": p.kind.__name__,
                "default": p.default,
                "help": p.description,
                "label": p.label or p.name.replace("_", " ").capitalize(),
                "choices": list(p.choices),
                "choice_labels": list(p.choice_labels or p.choices),
                "minimum": p.minimum,
                "maximum": p.maximum,
            }
            for p in game.parameters
            if not p.is_path  # a browser must never make the server read one of its files
        ],
        "bots": list(bot_menu(game.name)),
        "bot_levels": [level._asdict() for level in bot_levels(game.name)],
        "renderer": renderer_url(game),
    }


def renderer_url(game: Game) -> str | None:
    """Where the browser loads the game's renderer (its entry names the file), or None: the page
    then draws the view as plain data."""
    return f"/static/games/{game.name}.js" if entry(game.name).browser_renderer is not None else None


@dataclass
class Table:
    """One game being played (or finished) at the server."""

    id: str
    game: Game
    options: dict[str, Any]
    seed: str
    created: str
    seats: list[SeatRow]
    state: State
    rematch_of: str | None = None
    rematch: str | None = None
    #: The connections watching (a dict used as an ordered set).
    clients: dict[Client, None] = field(default_factory=dict)
    #: The seats with someone here as last told to the clients (None: tell them again).
    announced: frozenset[int] | None = frozenset()
    presence_timer: asyncio.TimerHandle | None = None
    #: What is left of the processor time the table's bots may think (:attr:`Limits.bot_seconds`).
    thinking: Allowance | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    #: When (``time.monotonic``) the table last moved or was left by its last visitor.
    active: float = field(default_factory=time.monotonic)
    #: When the table came into memory (created or read back), and whether a person has acted
    #: at it since it was created (a table read back with actions counts as played): an
    #: unplayed table leaves memory after :attr:`Limits.unplayed_minutes` (see :meth:`TableRoom.sweep`).
    born: float = field(default_factory=time.monotonic)
    played: bool = False
    #: When (``time.monotonic``) the decision now due was first asked for, and the pause drawn
    #: for it if it is a window out of turn (see :meth:`TableRoom.act`): (its ``seq``, seconds).
    asked_at: float = field(default_factory=time.monotonic)
    window: tuple[int, float] | None = None
    #: The code that takes an open seat before the lobby offers it (its creator gives it to a
    #: friend), and when (``time.monotonic``) the lobby offers it to anyone: see
    #: :attr:`Limits.open_seat_seconds`. (A table read back is offered at once.)
    join_code: str | None = None
    opens_at: float = 0.0
    #: The client address that created the table or read it back (None: the server did, at
    #: its start): its tables in play count against :attr:`Limits.tables_per_address`.
    owner: str | None = None
    #: When the game ended, as stored (None while it is played): a finished table read back for
    #: its link or replay is in memory again, but not back in the lobby.
    finished_at: str | None = None
    #: The table's clock (:mod:`alaka.ui.web.clocks`), or None: no clock.
    clock: Clock | None = None
    #: The seat that ran out of time and forfeited (its clock said so), or None.
    forfeit: int | None = None
    #: When the running timer runs out (a call the event loop has scheduled).
    clock_timer: asyncio.TimerHandle | None = None
    #: The time the clock reads (``time.monotonic``, or a test's fake).
    now: Callable[[], float] = time.monotonic
    #: What safe undo needs to know of every action so far (built when first asked for).
    _steps: list[Step] | None = None
    #: The table's guide (rules, options, explanations): printed data, built once.
    _guide: JsonDict | None = None

    @property
    def steps(self) -> list[Step]:
        """The :class:`~alaka.core.undo.Step` of each action so far (one replay, the first time)."""
        if self._steps is None:
            table = self.state.action_table()
            actions = [table.parse(name) for name in self.record()["actions"]]
            self._steps = steps_of(replay_states(self.record()), actions)
        return self._steps

    @property
    def seq(self) -> int:
        return len(self.state.history)

    @property
    def finished(self) -> bool:
        return self.forfeit is not None or self.state.is_terminal()

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (compared in constant time); ``None`` for no token.

        Anything that is not shaped like a token (see :func:`_token`) belongs to no seat, and
        is refused before it is compared with anything."""
        if not token:
            return None
        if not TOKEN_SHAPE.fullmatch(token):
            raise TableError("this link's token does not belong to any seat of the table", 403)
        found: int | None = None
        for s in self.seats:
            if s.token is not None and hmac.compare_digest(s.token.encode(), token.encode()):
                found = s.seat
        if found is None:
            raise TableError("this link's token does not belong to any seat of the table", 403)
        return found

    def record(self) -> JsonDict:
        return self.state.record()

    def offered(self) -> bool:
        """Whether the lobby offers the table's open seats to anyone yet."""
        return time.monotonic() >= self.opens_at

    def rng(self) -> random.Random:
        """The generator for the next chance draw or bot choice (see :mod:`.seeds`)."""
        return draw_rng(self.seed, self.seq)

    def describe(self, seat: int) -> str:
        s = self.seats[seat]
        what = "bot" if s.kind == BOT else "person"
        return f"{s.name} ({what})"

    def connected_seats(self) -> frozenset[int]:
        """The seats whose person has the table open now."""
        return frozenset(c.seat for c in self.clients if c.seat is not None)

    def summary(self) -> JsonDict:
        """The public description of the table (no tokens)."""
        connected = self.connected_seats()
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "renderer": renderer_url(self.game),
            "players": len(self.seats),
            "status": "finished" if self.finished else "playing",
            "created": self.created,
            "actions": self.seq,
            "rematch": self.rematch,
            "rematch_of": self.rematch_of,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "kind": s.kind,
                    "bot": s.bot,
                    "joined": s.joined,
                    "open": s.open and not s.joined and self.offered(),
                    "connected": s.seat in connected,
                }
                for s in self.seats
            ],
        }

    def waiting_for(self, seat: int | None) -> str:
        player = self.state.current_player()
        if player == TERMINAL or self.forfeit is not None:
            return "The game is over."
        if player == CHANCE:
            return "Waiting for the dice or the deck."
        if player == seat and self.seats[seat].kind == HUMAN:
            if len(self.state.legal_actions()) == 1:
                return "Your only choice is played for you."
            return "Your decision."
        return f"Waiting for {self.describe(player)}."

    def seat_message(self, seat: int | None, log_from: int, summary: JsonDict | None = None) -> JsonDict:
        """Everything ``seat`` is told about the table now (see the module docstring).

        ``summary`` is the table's public summary when the caller already built it (a broadcast
        builds it once for every client)."""
        state = self.state
        player = state.current_player()
        legal: list[JsonDict] = []
        forced: JsonDict | None = None
        can_undo = False
        if seat is not None and player == seat and self.seats[seat].kind == HUMAN and self.forfeit is None:
            # each choice with its label, its cost hint and the explanations it is about
            legal = [dict(choice) for choice in choices(state)]
            if len(legal) == 1:  # the server plays it after its pause: shown, never offered
                forced, legal = legal[0], []
            else:
                can_undo = to_last_choice(state, self.steps, seat) > 0
        return {
            "type": "state",
            "table": self.summary() if summary is None else summary,
            "seat": seat,
            "seq": self.seq,
            "view": state.view(seat, log_since=log_from),
            "log_from": log_from,
            "legal": legal,
            "forced": forced,
            "undo": can_undo,
            "to_move": player if player >= 0 and self.forfeit is None else None,
            "waiting_for": self.waiting_for(seat),
            "clock": None if self.clock is None else self.clock.json(self.now()),
            "forfeit": self.forfeit_result(),
        }

    def guide(self) -> JsonDict:
        """What the page explains, the same for everyone: the game's rules in brief, the options
        of this table in words, and every explanation of the content in use (printed data
        only: nothing of any hand or deck)."""
        if self._guide is None:
            glossary = glossary_of(self.state)
            options = []
            for p in self.game.parameters:
                if p.is_path or p.name == "max_turns":
                    continue
                value = self.options.get(p.name, p.default)
                shown = value
                if p.choice_labels and value in p.choices:
                    shown = p.choice_labels[p.choices.index(str(value))]
                elif isinstance(value, bool):
                    shown = "yes" if value else "no"
                options.append(
                    {
                        "name": p.name,
                        "label": p.label or p.name.replace("_", " ").capitalize(),
                        "value": shown,
                        "help": p.description,
                        "standard": value == p.default,
                    }
                )
            self._guide = {
                "rules": self.game.rules_summary(),
                "options": options,
                "glossary": [] if glossary is None else [dict(e) for e in glossary.entries],
            }
        return self._guide

    def forfeit_result(self) -> JsonDict | None:
        """The result of a game a seat forfeited on time (shaped like a view's ``outcome``:
        everyone else shares the win), or None."""
        if self.forfeit is None:
            return None
        others = [s.seat for s in self.seats if s.seat != self.forfeit]
        name = self.seats[self.forfeit].name
        return {
            "winners": others,
            "reason": f"{name} ran out of time and forfeits",
            "ranking": [others, [self.forfeit]],
            "scores": [],
        }

    def out_of_turn(self, seat: int) -> bool:
        """Whether ``seat`` decides now out of its turn (a voodoo window, a defender's potions):
        the public view names whose turn it is (a game whose view does not: never)."""
        active = self.state.view(None, log_since=None).get("active_player")
        return active is not None and active != seat


class TableRoom:
    """Every table of a server, the store behind them, and the clients watching them.

    Only the tables in play and those that finished a short while ago are in memory; the rest
    stay in the store, and come back (replayed) when someone opens their link or their replay.
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
        self.bots = FairBots(self.limits.bot_workers, self.limits.bot_seconds_per_address)
        #: Replays are computed in a worker of their own, never behind the bots' moves.
        self.replays = WorkerPool(1)
        #: Reviews search for seconds: a worker of their own too, so replays never wait for one.
        self.reviewers = WorkerPool(1)
        #: Reviews made, being made or waiting, by (table, seat), the newest asked last; and the
        #: order those waiting are made in (see :meth:`review`).
        self._reviews: OrderedDict[tuple[str, int], _Review] = OrderedDict()
        self._review_queue: deque[tuple[str, int]] = deque()
        self._stopping = False
        self.base_url = base_url
        self.tables: dict[str, Table] = {}
        #: Tables being read back from the store, so that two visitors share one reading.
        self._loading: dict[str, asyncio.Future[Table | str | None]] = {}
        #: The thread tables are read back in (one: reading many at once would only compete).
        self._reader = ThreadPoolExecutor(1, thread_name_prefix="alaka-reader")
        self._sweeper: asyncio.Task[None] | None = None
        self._adopter: asyncio.Task[None] | None = None
        #: Picks the pauses; separate from the game's generators so it never changes a game.
        self._pause_rng = random.SystemRandom()
        #: Work the room started in the background (bank writes, a clock that ran out).
        self._background: set[asyncio.Task[None]] = set()

    # -- loading and creating ------------------------------------------------------------------------

    def load(self) -> list[str]:
        """Bring back the tables in play: those not finished that moved within
        :attr:`Limits.idle_hours` (older ones come back when their link is opened). Finished
        tables stay in the store, however many, so starting takes as long as the tables in play.

        A table that no longer replays (say, stored by another version of the rules) is left
        out and left untouched in the file; the returned list says which and why.
        """
        problems = []
        for row in self.store.in_play(since=_ago(hours=self.limits.idle_hours)):
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
        return self._table(row, game, replay(record))

    def _table(self, row: TableRow, game: Game, state: State) -> Table:
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
        against the budget of ``address``, the client who asked for it (see :meth:`_check_room`).
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not TABLE_ID_SHAPE.fullmatch(table_id):
            raise TableError(f"there is no table {table_id[:40]!r}", 404)
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
            raise TableError(f"there is no table {table_id[:40]!r}", 404)
        if isinstance(found, str):
            raise TableError(
                f"table {table_id} is played by another server ({found or 'being taken over'}); try again",
                503,
                retry_after=1,
            )
        table = self.tables.setdefault(table_id, found)
        self.kick(table)
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
            raise TableError(f"table {table_id} cannot be read back: {error}", 503) from None
        except AlakaError as error:
            raise TableError(f"table {table_id} no longer replays: {error}", 410) from None
        if isinstance(table, Table) and not table.finished:
            try:
                self._check_room(address)
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
                raise TableError(f"table {table_id} cannot be found now: {error}", 503) from None
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

    def _check_room(self, address: str | None = None) -> None:
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
                f"this address has {held} tables in play, as many as it may; finish or leave one,"
                f" or wait: a table nobody plays at leaves after {self.limits.unplayed_minutes:g} minutes",
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
                f"the server has {len(in_play)} tables in play, as many as it takes; try again when"
                " some have finished",
                503,
                retry_after=60,
            )
        if len(in_play) >= room:
            raise TableError(
                f"the server has {len(in_play)} tables in play; the last {kept} are kept for"
                " visitors with no table in play",
                503,
                retry_after=60,
            )

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
        """A new table from a lobby request; returns it and the private links of its people.

        ``clock`` is the request's clock (see :meth:`ClockSetting.parse`), or a setting (a rematch);
        ``owner`` the client address that asked (its budget is checked and charged)."""
        self._check_room(owner)
        try:
            setting = clock if isinstance(clock, ClockSetting) else ClockSetting.parse(clock)
        except ClockError as error:
            raise TableError(str(error)) from None
        if not isinstance(game_name, str) or game_name not in game_names():
            raise TableError(f"there is no game {game_name!r}; the games are {', '.join(game_names())}")
        game = get_game(game_name)
        rows = self._seat_rows(game, seats)
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise TableError("'options' must be an object of option names and values")
        for name in options:
            if any(p.name == name and p.is_path for p in game.parameters):
                raise TableError(f"the option {name!r} names a file on the server and cannot be set here")
        try:
            valid = game.validate_options(options)
            state = game.new_initial_state(len(rows), **valid)
        except OptionError as error:
            raise TableError(str(error)) from None
        given = {k: v for k, v in valid.items() if k in options}
        row = TableRow(
            _table_id(),
            game.name,
            len(rows),
            given,
            new_seed(),
            now(),
            rows,
            [],
            rematch_of.id if rematch_of is not None else None,
            clock=None
            if setting is None
            else Clock.new(setting, [r.kind == HUMAN for r in rows]).stored_json(),
        )
        try:  # every bot seat is built once before anything is stored: a refused seat leaves nothing
            for seat_row in rows:
                if seat_row.kind == BOT and seat_row.bot is not None:
                    make_bot(seat_row.bot, game.name)
        except AlakaError as error:
            raise TableError(str(error)) from None
        if self.store.shared:  # a new id: nobody else holds it
            await self._store(self.store.hold, row.id)
        await self._store(self.store.add_table, row)
        table = self._table(row, game, state)
        table.owner = owner
        if any(r.open for r in rows):
            table.join_code = secrets.token_urlsafe(6)
            table.opens_at = time.monotonic() + self.limits.open_seat_seconds
        self.tables[table.id] = table
        if rematch_of is not None:
            rematch_of.rematch = table.id
        self.kick(table)
        return table, self.links(table)

    def _seat_rows(self, game: Game, seats: object) -> list[SeatRow]:
        if not isinstance(seats, list) or not seats:
            raise TableError("'seats' must be a list with one entry per player")
        if len(seats) not in game.player_counts:
            raise TableError(
                f"{game.title} is for {game.min_players} to {game.max_players} players, not {len(seats)}"
            )
        rows = []
        for number, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise TableError(f"seat {number + 1} must be an object such as {{'kind': 'human'}}")
            kind = seat.get("kind")
            given = person_name(seat.get("name"), f"seat {number + 1}: ")
            if kind == HUMAN:
                offered = seat.get("open", False)
                if not isinstance(offered, bool):
                    raise TableError(f"seat {number + 1}: 'open' is true or false")
                name = given or f"Player {number + 1}"
                rows.append(SeatRow(number, HUMAN, None, name, _token(), open=offered))
            elif kind == BOT:
                menu = bot_menu(game.name)
                spec = seat.get("bot", default_bot(game.name))
                if spec not in menu:
                    raise TableError(f"seat {number + 1}: the bots are {', '.join(menu)}, not {spec!r}")
                levels = {found.spec: found.level for found in bot_levels(game.name)}
                label = f"{levels[spec]} bot" if spec in levels else str(spec).split(":")[0]
                name = given or f"Player {number + 1} ({label})"
                rows.append(SeatRow(number, BOT, str(spec), name, None, joined=True))
            else:
                raise TableError(f"seat {number + 1}: 'kind' is 'human' or 'bot', not {kind!r}")
        return rows

    def links(self, table: Table) -> JsonDict:
        """The private link of every person's seat and the public spectator link; and, when
        the table has open seats, the code that takes one before the lobby offers it."""
        links: JsonDict = {
            "seats": [
                {"seat": s.seat, "name": s.name, "token": s.token, "url": self.seat_url(table, s.seat)}
                for s in table.seats
                if s.token is not None and not s.open
            ],
            "spectator": f"{self.base_url}/table/{table.id}",
        }
        if table.join_code is not None:
            links["join_code"] = table.join_code
        return links

    def seat_url(self, table: Table, seat: int | None) -> str:
        """A seat's private link (or the spectators' link). The token is in the fragment (after
        ``#``), which a browser never sends: it stays out of the server's and proxies' logs."""
        token = table.seats[seat].token if seat is not None else None
        url = f"{self.base_url}/table/{table.id}"
        return f"{url}#token={token}" if token else url

    def get(self, table_id: str) -> Table:
        """A table in memory (see :meth:`find` for any table)."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"there is no table {table_id[:40]!r}", 404)
        return table

    def listing(self, offset: int = 0, limit: int | None = None) -> JsonDict:
        """A page of the lobby's list: the tables in play and those finished a short while ago,
        newest first (older tables are not listed; their links and replays still work)."""
        limit = self.check_page(offset, limit)
        ordered = self._listed()
        page = ordered[offset : offset + limit]
        following = offset + limit if offset + limit < len(ordered) else None
        return {"tables": [t.summary() for t in page], "total": len(ordered), "next": following}

    def check_page(self, offset: int, limit: int | None) -> int:
        """The page size asked for (``None``: the default), or a :class:`TableError`."""
        limit = self.limits.lobby_page if limit is None else limit
        if limit < 1 or limit > self.limits.lobby_page or offset < 0:
            raise TableError(f"a page is 1 to {self.limits.lobby_page} tables from an offset of 0 or more")
        return limit

    def _listed(self) -> list[Table]:
        """The tables the lobby lists, newest first (created in the same second: latest in
        memory first)."""
        recent = _ago(hours=self.limits.finished_minutes / 60)
        listed = [
            t for t in reversed(self.tables.values()) if t.finished_at is None or t.finished_at > recent
        ]
        return sorted(listed, key=lambda t: t.created, reverse=True)

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

    def local_listing(self, upto: int) -> JsonDict:
        """The newest ``upto`` tables this server lists, and how many it lists: one server's
        part of a lobby shared by several (see :func:`alaka.ui.web.forwarding.whole_listing`)."""
        listed = self._listed()
        return {"tables": [t.summary() for t in listed[:upto]], "total": len(listed)}

    # -- people --------------------------------------------------------------------------------------

    def admit(self, table: Table, seat: int | None) -> None:
        """Refuse a spectator past :attr:`Limits.spectators` (a person in their seat always gets in)."""
        if seat is None and sum(c.seat is None for c in table.clients) >= self.limits.spectators:
            raise TableError(
                f"this table has {self.limits.spectators} spectators, as many as it takes; try later",
                429,
                retry_after=60,
            )

    async def connect(self, table: Table, client: Client) -> None:
        """A client starts watching: it is sent the table; a person's first visit marks the seat
        as joined. Spectators come and go unannounced (nobody's page shows them)."""
        table.clients[client] = None  # first: a watched table is never let go of
        if client.seat is not None and not table.seats[client.seat].joined:
            try:
                await self._save_seat(table, client.seat, joined=True)
            except TableError as error:  # not being marked "joined" must not keep anyone out
                log.error("table %s: %s", table.id, error)
        client.log_sent = 0
        self._deliver(client, table.seat_message(client.seat, 0))
        self.presence(table)

    def disconnect(self, table: Table, client: Client) -> None:
        if table.clients.pop(client, False) is None:
            table.active = time.monotonic()
            self.presence(table)

    def presence(self, table: Table, *, changed: bool = False) -> None:
        """Tell everyone, soon, if the seats that have someone here changed (or, ``changed``,
        if the seats' names or kinds did).

        Comings and goings within :data:`PRESENCE_DELAY` are told in one message, and only if
        the summary changed: a thousand spectators passing by cost their own messages, not a
        thousand messages each to everyone else.
        """
        if changed:
            table.announced = None
        if table.presence_timer is None:
            with contextlib.suppress(RuntimeError):  # no running loop: nothing to tell anyone
                loop = asyncio.get_running_loop()
                table.presence_timer = loop.call_later(PRESENCE_DELAY, self._announce, table)

    def _announce(self, table: Table) -> None:
        table.presence_timer = None
        connected = table.connected_seats()
        if connected == table.announced:
            return
        table.announced = connected
        text = encode({"type": "table", "table": table.summary()})
        for client in list(table.clients):
            client.deliver(text)

    async def act(self, table: Table, seat: int | None, seq: object, name: object) -> None:
        """A person's action; refused with a :class:`TableError` that changes nothing.

        An answer out of turn takes effect no sooner than :meth:`_window_pause` after the window
        opened, the pause a forced answer waits: a quick real answer and a forced one then last
        alike, and only an answer slower than the longest pause shows there was a choice."""
        if seat is None:
            raise TableError("spectators cannot play; open a seat's link to play")
        if table.seats[seat].kind != HUMAN:
            raise TableError("you left this seat; a bot plays it now")
        if not isinstance(name, str) or isinstance(seq, bool) or not isinstance(seq, int):
            raise TableError("an action message is {'type': 'act', 'seq': number, 'action': name}")
        if seq == table.seq and table.state.current_player() == seat and table.out_of_turn(seat):
            hold = table.asked_at + self._window_pause(table) - time.monotonic()
            if table.clock is not None and table.clock.running == seat:
                hold = min(hold, table.clock.left(self.now()) - 0.05)  # never past the timer
            if hold > 0:
                await asyncio.sleep(hold)
        async with table.lock:
            if table.forfeit is not None:
                raise TableError("the game is over: a player ran out of time")
            if seq != table.seq:
                raise TableError("the table has moved on since you chose; choose again")
            player = table.state.current_player()
            if player != seat:
                raise TableError(f"it is not your decision: {table.waiting_for(seat)}")
            try:
                action = table.state.action_from_string(name)
                if action not in table.state.legal_actions():
                    raise IllegalAction(f"{name!r} is not one of your choices now")
            except IllegalAction as error:
                raise TableError(str(error)) from None
            try:
                await self._commit(table, action)
            except StorageError as error:
                raise TableError(f"the action could not be stored ({error}); nothing changed", 503) from None
            table.played = True
        self.kick(table)

    async def take_back(self, table: Table, seat: int | None, seq: object) -> None:
        """Safe undo (:mod:`alaka.core.undo`): the person takes back their latest decisions of
        this turn (and the forced moves after them), back to their last real choice, if no
        other seat and no chance has acted since and each is declared safe by the game. The
        shortened record is stored first; then everyone is told who took back how many, and
        gets the whole log again (it is shorter now)."""
        if seat is None:
            raise TableError("spectators cannot undo; open a seat's link to play")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise TableError("an undo message is {'type': 'undo', 'seq': number}")
        async with table.lock:
            if table.forfeit is not None or table.finished:
                raise TableError("the game is over")
            if seq != table.seq:
                raise TableError("the table has moved on since you asked; look again")
            if table.seats[seat].kind != HUMAN:
                raise TableError("you left this seat; a bot plays it now")
            count = to_last_choice(table.state, table.steps, seat)
            if not count:
                raise TableError(
                    "nothing to take back: only your own decisions of this turn, before anyone else"
                    " acts and before anything hidden is drawn, rolled or shown"
                )
            restored = undo(table.state, table.steps, seat, count)
            await self._store(self.store.take_back, table.id, table.seq - count, now())
            table.state = restored
            del table.steps[-count:]
            table.asked_at = time.monotonic()
            if table.clock is not None:
                table.clock.take_back(table.seq)
                self._keep(self.journal.write(self.store.set_clock, table.id, table.clock.stored_json()))
            table.active = time.monotonic()
            words = "1 decision" if count == 1 else f"{count} moves"
            notice = encode(
                {
                    "type": "undo",
                    "seat": seat,
                    "count": count,
                    "text": f"{table.seats[seat].name} took back {words}.",
                }
            )
            for client in list(table.clients):
                client.deliver(notice)
                client.log_sent = 0  # the log is shorter: everyone gets it whole
            self.broadcast(table)

    async def claim(self, table: Table, seat: object, name: object, code: object = None) -> JsonDict:
        """Take an open seat from the lobby: its private link goes to the first to ask. For
        :attr:`Limits.open_seat_seconds` after the table is made, only with its join code: a
        script watching the lobby took open seats within milliseconds of their appearing,
        before the creator could send anyone the table."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise TableError(f"'seat' is a seat number from 0 to {len(table.seats) - 1}")
        if not table.offered():
            right = (
                isinstance(code, str)
                and table.join_code is not None
                and hmac.compare_digest(code.encode(), table.join_code.encode())
            )
            if not right:
                wait = math.ceil(table.opens_at - time.monotonic())
                raise TableError(
                    f"the lobby offers this seat in {wait} s; until then it takes the table's join code",
                    403,
                    retry_after=wait,
                )
        given = person_name(name)
        async with table.lock:
            row = table.seats[seat]
            if not row.open or row.kind != HUMAN:
                raise TableError(f"seat {seat} is not offered in the lobby; ask for its link", 403)
            if row.joined:
                raise TableError(f"seat {seat} has been taken", 409)
            row = await self._save_seat(table, seat, joined=True, name=given or row.name)
        self.presence(table, changed=True)
        return {"seat": seat, "name": row.name, "token": row.token, "url": self.seat_url(table, seat)}

    async def leave(self, table: Table, seat: int | None) -> None:
        """The person gives up the seat: the game's default bot plays it from now on."""
        if seat is None:
            raise TableError("leaving needs the token of your seat", 403)
        async with table.lock:
            if table.seats[seat].kind == HUMAN:
                await self._save_seat(table, seat, kind=BOT, bot=default_bot(table.game.name))
                if table.clock is not None:
                    table.clock.drop(seat)
        self.broadcast(table)  # the leaver's own page loses its choices
        self.kick(table)

    async def start_rematch(
        self, table: Table, seat: int | None, owner: str | None = None
    ) -> tuple[Table, JsonDict]:
        """A new table with the same game, options and players (the same one if asked again).

        Returns the new table and the caller's own link in it: each player asks with their own
        token (or is sent theirs on the table's socket), so nobody gets another's link.
        """
        if seat is None:
            raise TableError("a rematch needs the token of one of the players", 403)
        if not table.finished:
            raise TableError("the game is still being played", 409)
        async with table.lock:  # two players asking at once get one rematch
            if table.rematch is None:
                seats = [
                    {"kind": HUMAN, "name": s.name}
                    if s.kind == HUMAN
                    else {"kind": BOT, "bot": s.bot, "name": s.name}
                    for s in table.seats
                ]
                setting = None if table.clock is None else table.clock.setting
                new, _ = await self.create(
                    table.game.name, seats, table.options, rematch_of=table, clock=setting, owner=owner
                )
                for client in list(table.clients):
                    notice = {"type": "rematch", "table": new.id, "url": self.seat_url(new, client.seat)}
                    client.deliver(encode(notice))
        new = self.get(str(table.rematch))
        own = new.seats[seat]
        return new, {"seat": seat, "name": own.name, "token": own.token, "url": self.seat_url(new, seat)}

    async def _save_seat(self, table: Table, seat: int, **changes: Any) -> SeatRow:
        """Store the seat with ``changes``, then (only once it is stored) change it in memory."""
        row = dataclasses.replace(table.seats[seat], **changes)
        await self._store(self.store.update_seat, table.id, row)
        table.seats[seat] = row
        return row

    async def _store(self, write: Callable[..., object], *args: Any) -> None:
        """A store write in the journal's thread; a storage failure is a 503 that changed nothing."""
        try:
            await self.journal.write(write, *args)
        except StorageError as error:
            raise TableError(f"the change could not be stored ({error}); nothing changed", 503) from None

    # -- the game moving on ----------------------------------------------------------------------------

    async def _commit(self, table: Table, action: Action) -> None:
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
        self._clock_after(table, player)
        if not (chance and table.state.current_player() == CHANCE):
            self.broadcast(table)
        if table.finished:
            table.finished_at = now()
            try:  # if this is lost, the next start finds the game over and marks it
                await self.journal.write(self.store.finish, table.id, table.finished_at)
            except StorageError as error:
                log.error("table %s: %s", table.id, error)

    # -- clocks ----------------------------------------------------------------------------------------

    def _clock_after(self, table: Table, player: int) -> None:
        """An action was applied: the timer of ``player`` (who decided it) stops and its bank is
        stored (in the background: a bank lost in a crash is the only loss), and the next
        person's timer starts."""
        clock = table.clock
        if clock is None:
            return
        if clock.running is not None and clock.running == player:
            clock.stop(self.now(), table.seq - 1)
            if not clock.out_of_turn:
                self._keep(self.journal.write(self.store.set_clock, table.id, clock.stored_json()))
        self._clock_start(table)

    def _clock_start(self, table: Table) -> None:
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
        self._keep(self.check_clock(table))

    def _keep(self, work: Any) -> None:
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
            self._clock_start(table)  # not yet (the clock was moved back): wait again
            return False
        forfeit = clock.setting.on_expiry == "forfeit" and not clock.out_of_turn
        name = table.seats[seat].name
        what = "forfeits the game" if forfeit else "the heuristic bot plays this decision"
        notice = encode(
            {"type": "clock", "seat": seat, "forfeit": forfeit, "text": f"{name} ran out of time: {what}."}
        )
        for client in list(table.clients):
            client.deliver(notice)
        if forfeit:
            async with table.lock:
                if table.seq != seq or table.finished:
                    return True
                when = now()
                await self._store(self.store.forfeit, table.id, seat, when)
                table.forfeit, table.finished_at = seat, when
                clock.stop(self.now())
                self.broadcast(table)
            return True
        action = await self._think(table, seat, spec=default_bot(table.game.name))
        async with table.lock:
            if table.seq == seq and not table.finished:  # the person did not decide meanwhile
                try:
                    await self._commit(table, action)
                except StorageError as error:
                    log.error("table %s: the move made on time could not be stored: %s", table.id, error)
        self.kick(table)
        return True

    def kick(self, table: Table) -> None:
        """Make sure the table's driver runs if chance, a bot or a forced choice is next.

        Only the table in memory is driven: a copy let go of meanwhile (see :meth:`sweep`) must
        never play beside the one read back in its place."""
        if self.tables.get(table.id) is not table:
            return
        if table.clock is not None and table.clock_timer is None:
            self._clock_start(table)
        if table.driver is None or table.driver.done():
            with contextlib.suppress(RuntimeError):  # no running loop: the app starts drivers later
                table.driver = asyncio.get_running_loop().create_task(self._drive_logged(table))

    def _window_pause(self, table: Table) -> float:
        """The pause of the decision now due, drawn once (from :attr:`Pace.forced`): the same
        draw holds a person's quick answer out of turn and times a forced one."""
        if table.window is None or table.window[0] != table.seq:
            table.window = (table.seq, self._pause_rng.uniform(*self.pace.forced))
        return table.window[1]

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
            return _Step(self.pace.bot, bot=player)
        legal = state.legal_actions()
        if len(legal) == 1:
            pause = self._window_pause(table) - (time.monotonic() - table.asked_at)
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
                await asyncio.sleep(self._pause_rng.uniform(low, high))
            if step.choose is not None:
                action = step.choose()
            else:
                assert step.bot is not None
                action = await self._think(table, step.bot)
            async with table.lock:
                if table.seq != seq:  # a person answered a forced choice first: look again
                    continue
                try:
                    await self._commit(table, action)
                    stalled = 0
                except StorageError as error:  # the disk refused: wait, then try again
                    stalled += 1
                    if stalled == 1:
                        log.error(
                            "table %s stalls until its actions can be stored again: %s", table.id, error
                        )
            if stalled:
                await asyncio.sleep(min(RETRY_AT_MOST, 0.25 * 2**stalled))

    def broadcast(self, table: Table) -> None:
        """Send every client the table as its seat sees it now (queued: this never waits).

        Clients that were sent the same log (spectators, mostly) share one built message.
        """
        summary = table.summary()
        table.announced = table.connected_seats()  # the summary in each state tells who is here
        built: dict[tuple[int | None, int], tuple[str, int]] = {}
        for client in list(table.clients):
            key = (client.seat, client.log_sent)
            if key not in built:
                message = table.seat_message(client.seat, client.log_sent, summary)
                built[key] = (encode(message), message["view"]["log_size"])
            text, log_size = built[key]
            client.deliver(text)
            client.log_sent = log_size

    def _deliver(self, client: Client, message: JsonDict) -> None:
        client.deliver(encode(message))
        if message["type"] == "state":
            client.log_sent = message["view"]["log_size"]

    async def start(self) -> None:
        """Start the drivers of every unfinished table (after :meth:`load`), and the sweeper."""
        for table in self.tables.values():
            self.kick(table)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())
        if self.store.shared:
            self._adopter = asyncio.get_running_loop().create_task(self._adopt_now_and_then())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._adopter is not None:
            self._adopter.cancel()
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
        if self._background:  # banks being stored are finished; a move made on time is not
            await asyncio.wait(self._background, timeout=CLOSE_BACKGROUND)
            for work in self._background:
                work.cancel()
        await self.journal.drain()
        self._stopping = True
        self._review_queue.clear()
        for review in self._reviews.values():
            if review.task is not None:
                review.task.cancel()
        await self.bots.close()
        await self.replays.close()
        await self.reviewers.close()
        self._reader.shutdown(wait=True)

    # -- replays ---------------------------------------------------------------------------------------

    async def replay_step(self, table: Table, step: int, seat: int | None) -> JsonDict:
        """Seat ``seat``'s view after ``step`` actions of a finished game (computed in the replay
        worker, never on the event loop: see :func:`alaka.ui.web.workers.replay_view`)."""
        if not table.finished:
            raise TableError("a game can be replayed once it is over", 409)
        if seat is not None and not 0 <= seat < len(table.seats):
            raise TableError(f"there is no seat {seat}; seats are 0 to {len(table.seats) - 1}")
        steps = table.seq
        if not 0 <= step <= steps:
            raise TableError(f"step is 0 to {steps}, not {step}")
        return await self.replays.replay_view(table.id, table.record(), step, seat)

    # -- reviews ---------------------------------------------------------------------------------------

    def review(self, table: Table, seat: int | None, address: str | None = None) -> JsonDict:
        """Seat ``seat``'s review of a finished game (the caller has checked the seat's token):
        ``{"status": "queued", "position": N}`` while N - 1 reviews are ahead of it,
        ``{"status": "working"}`` while its search runs (in the review worker), then
        ``{"status": "ready", "review": ...}`` (:meth:`alaka.bots.review.Review.json`). Asking
        again is cheap and costs no budget.

        A review is made once per game and seat, whoever asks, and kept
        (:attr:`Limits.reviews_kept`). A new one waits in a queue of at most
        :attr:`Limits.review_queue` (503 past it), and one ``address`` may have at most
        :attr:`Limits.reviews_per_address` waiting or being made (429): each costs 20 s to
        minutes of a worker, so one visitor must not keep everyone else's waiting. A failed
        review says why, once, and is tried again at the next asking."""
        if not table.finished:
            raise TableError("a game can be reviewed once it is over", 409)
        if seat is None:
            raise TableError(
                "a review rates one seat's decisions: it needs the seat's own link (a spectator has"
                " no decisions to review)",
                403,
            )
        key = (table.id, seat)
        found = self._reviews.get(key)
        if found is None:
            self._queue_review(key, table, address)
            found = self._reviews[key]
        self._reviews.move_to_end(key)  # the newest asked last (the oldest is let go first)
        if found.failed:
            del self._reviews[key]
            raise TableError("the review could not be made; ask again", 503)
        if found.result is not None:
            return {"status": "ready", "seat": seat, "review": found.result}
        if found.task is None:
            return {"status": "queued", "seat": seat, "position": self._review_queue.index(key) + 1}
        return {"status": "working", "seat": seat}

    def _queue_review(self, key: tuple[str, int], table: Table, address: str | None) -> None:
        """Put a new review in the queue, within its bounds (see :meth:`review`), and start it
        if the worker is free."""
        if len(self._review_queue) >= self.limits.review_queue:
            raise TableError(
                f"{len(self._review_queue)} reviews are waiting, as many as the server queues; ask"
                " again in a minute",
                503,
                retry_after=60,
            )
        if address is not None:
            mine = sum(r.address == address and r.pending for r in self._reviews.values())
            if mine >= self.limits.reviews_per_address:
                raise TableError(
                    f"this address has {mine} reviews waiting or being made, as many as it may;"
                    " ask again when one is ready",
                    429,
                    retry_after=30,
                )
        self._reviews[key] = _Review(address, table.record())
        self._review_queue.append(key)
        self._next_review()

    def _next_review(self) -> None:
        """Start the reviews first in the queue while the review workers have room."""
        running = sum(r.task is not None and r.pending for r in self._reviews.values())
        while self._review_queue and running < max(1, self.reviewers.workers):
            key = self._review_queue.popleft()
            review = self._reviews[key]
            assert review.record is not None
            work = self.reviewers.review(review.record, key[1], self.limits.review_iterations)
            review.task = asyncio.get_running_loop().create_task(work)
            review.task.add_done_callback(functools.partial(self._review_made, key, review))
            running += 1

    def _review_made(self, key: tuple[str, int], review: _Review, task: asyncio.Task[JsonDict]) -> None:
        """A review's search ended: keep its result (letting go of the oldest made past
        :attr:`Limits.reviews_kept`), or note its failure; then start the next."""
        review.record = None
        if task.cancelled():
            review.failed = True
        elif task.exception() is not None:
            log.error("table %s: the review of seat %d failed: %r", key[0], key[1], task.exception())
            review.failed = True
        else:
            review.result = task.result()
        made = [k for k, r in self._reviews.items() if r.result is not None]
        for old in made[: max(0, len(made) - self.limits.reviews_kept)]:
            del self._reviews[old]
        if not self._stopping:
            self._next_review()
