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
- Chance is sampled and bots choose by the project's one seed rule (:mod:`alaka.core.driver`):
  the randomness of each step depends only on the table's seed and the number of actions so
  far, so after a restart nothing but the stored actions and the seed decides what comes next.
- A person's decision with a single legal choice is taken by the server after a random pause
  (:attr:`Pace.forced`), so how fast a decision is answered tells nobody whether there was a
  choice (in Alakazum!'s voodoo window, whether a player holds a doll). Bots pause too
  (:attr:`Pace.bot`), so people can follow the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from alaka.bots.registry import bot_menu, default_bot, make_bot
from alaka.core.driver import Bot, step_rng
from alaka.core.errors import AlakaError, IllegalAction, OptionError
from alaka.core.protocol import CHANCE, TERMINAL, Action, Game, JsonDict, State
from alaka.core.records import replay, replay_states
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names
from alaka.ui.web.store import SeatRow, Store, TableRow

log = logging.getLogger("alaka.web")

HUMAN = "human"
BOT = "bot"


#: How many finished games' states :meth:`TableRoom.replay_step` keeps in memory.
REPLAYS_KEPT = 4


class TableError(AlakaError):
    """A request the room refuses; ``status`` is the HTTP status that says why."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


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
    """An action the server takes by itself: how to choose it, the pause before, where to run."""

    choose: Callable[[], Action]
    pause: tuple[float, float]
    threaded: bool


class Journal:
    """Stores actions for the tables, a batch per commit (group commit).

    A table waits for its action to be on disk before applying it, so one table has at most one
    action in flight; when many tables move at once, their actions share one commit (and one
    flush to disk) instead of queueing for a flush each. The writing happens in a worker
    thread, so the event loop keeps serving other tables meanwhile.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[tuple[str, int, str], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, table_id: str, number: int, action: str) -> None:
        """Return once action ``number`` of the table is committed; raise if it could not be."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(((table_id, number, action), done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def drain(self) -> None:
        """Wait until every action handed in is written (before the store is closed)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)

    async def _write(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await asyncio.to_thread(self.store.add_actions, [row for row, _ in batch])
            except AlakaError as error:
                failure = TableError(f"the action could not be stored ({error}); nothing changed", 503)
                for _, done in batch:
                    if not done.done():  # a waiter may have been cancelled (a server stopping)
                        done.set_exception(failure)
                continue
            for _, done in batch:
                if not done.done():
                    done.set_result(None)


class Client(Protocol):
    """A connection watching a table (a WebSocket in the app, a list in tests)."""

    seat: int | None
    log_sent: int

    async def send(self, message: JsonDict) -> None: ...


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _table_id() -> str:
    return secrets.token_hex(5)


def _token() -> str:
    return secrets.token_urlsafe(18)


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
                "choices": list(p.choices),
                "minimum": p.minimum,
                "maximum": p.maximum,
            }
            for p in game.parameters
            if not p.is_path  # a browser must never make the server read one of its files
        ],
        "bots": list(bot_menu(game.name)),
    }


def space_names(game: Game, options: Mapping[str, Any]) -> list[str]:
    """Alakazoo's nine board space names (printed data the view does not repeat); [] otherwise."""
    if game.name != "alakazoo":
        return []
    from alaka.games.alakazoo.content import load_components

    return list(load_components(str(options.get("components", "") or "")).element_types)


@dataclass
class Table:
    """One game being played (or finished) at the server."""

    id: str
    game: Game
    options: dict[str, Any]
    seed: int
    created: str
    seats: list[SeatRow]
    state: State
    rematch_of: str | None = None
    rematch: str | None = None
    clients: list[Client] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    spaces: list[str] = field(default_factory=list)

    @property
    def seq(self) -> int:
        return len(self.state.history)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (compared in constant time); ``None`` for no token."""
        if not token:
            return None
        found: int | None = None
        for s in self.seats:
            if s.token is not None and hmac.compare_digest(s.token.encode(), token.encode()):
                found = s.seat
        if found is None:
            raise TableError("this link's token does not belong to any seat of the table", 403)
        return found

    def record(self) -> JsonDict:
        return self.state.record()

    def rng(self) -> random.Random:
        """The generator for the next chance draw or bot choice (see the module docstring)."""
        return step_rng(self.seed, self.seq)

    def describe(self, seat: int) -> str:
        s = self.seats[seat]
        what = "bot" if s.kind == BOT else "person"
        return f"{s.name} ({what})"

    def summary(self) -> JsonDict:
        """The public description of the table (no tokens)."""
        connected = {c.seat for c in self.clients}
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": len(self.seats),
            "status": "finished" if self.finished else "playing",
            "created": self.created,
            "actions": self.seq,
            "rematch": self.rematch,
            "rematch_of": self.rematch_of,
            "space_names": self.spaces,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "kind": s.kind,
                    "bot": s.bot,
                    "joined": s.joined,
                    "open": s.open and not s.joined,
                    "connected": s.seat in connected,
                }
                for s in self.seats
            ],
        }

    def waiting_for(self, seat: int | None) -> str:
        player = self.state.current_player()
        if player == TERMINAL:
            return "The game is over."
        if player == CHANCE:
            return "Waiting for the dice or the deck."
        if player == seat and self.seats[seat].kind == HUMAN:
            return "Your decision."
        return f"Waiting for {self.describe(player)}."

    def seat_message(self, seat: int | None, log_from: int, summary: JsonDict | None = None) -> JsonDict:
        """Everything ``seat`` is told about the table now (see the module docstring).

        ``summary`` is the table's public summary when the caller already built it (a broadcast
        builds it once for every client)."""
        state = self.state
        player = state.current_player()
        legal: list[JsonDict] = []
        if seat is not None and player == seat and self.seats[seat].kind == HUMAN:
            legal = [
                {"id": a.id, "name": a.name, "label": self.game.label(state, a)}
                for a in state.legal_actions()
            ]
        return {
            "type": "state",
            "table": self.summary() if summary is None else summary,
            "seat": seat,
            "seq": self.seq,
            "view": state.view(seat, log_since=log_from),
            "log_from": log_from,
            "legal": legal,
            "to_move": player if player >= 0 else None,
            "waiting_for": self.waiting_for(seat),
        }


class TableRoom:
    """Every table of a server, the store behind them, and the clients watching them."""

    def __init__(self, store: Store, pace: Pace | None = None, *, base_url: str = "") -> None:
        self.store = store
        self.journal = Journal(store)
        self.pace = pace or Pace()
        self.base_url = base_url
        self.tables: dict[str, Table] = {}
        self._replays: dict[str, list[State]] = {}
        #: Picks the pauses; separate from the game's generators so it never changes a game.
        self._pause_rng = random.SystemRandom()

    # -- loading and creating ------------------------------------------------------------------------

    def load(self) -> list[str]:
        """Bring back every stored table by replaying its actions.

        A table that no longer replays (say, stored by another version of the rules) is left
        out and left untouched in the file; the returned list says which and why.
        """
        problems = []
        for row in self.store.tables():
            try:
                game = get_game(row.game)
                record = {
                    "game": row.game,
                    "version": game.record_version,
                    "num_players": row.num_players,
                    "options": row.options,
                    "actions": row.actions,
                }
                self.tables[row.id] = self._table(row, game, replay(record))
            except AlakaError as error:
                problems.append(f"table {row.id} ({row.game}) was not loaded: {error}")
        return problems

    def _table(self, row: TableRow, game: Game, state: State) -> Table:
        table = Table(
            row.id,
            game,
            row.options,
            row.seed,
            row.created,
            row.seats,
            state,
            row.rematch_of,
            row.rematch,
            spaces=space_names(game, row.options),
        )
        for s in row.seats:
            if s.kind == BOT and s.bot is not None:
                table.bots[s.seat] = make_bot(s.bot, game.name)
        return table

    def create(
        self, game_name: object, seats: object, options: object = None, *, rematch_of: Table | None = None
    ) -> tuple[Table, JsonDict]:
        """A new table from a lobby request; returns it and the private links of its people."""
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
            secrets.randbelow(1_000_000_000),
            _now(),
            rows,
            [],
            rematch_of.id if rematch_of is not None else None,
        )
        try:
            table = self._table(row, game, state)  # bots are built before anything is stored
        except AlakaError as error:
            raise TableError(str(error)) from None
        self.store.add_table(row)
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
            given = seat.get("name")
            if given is not None and (not isinstance(given, str) or len(given) > 40):
                raise TableError(f"seat {number + 1}: a name is a text of at most 40 characters")
            given = (given or "").strip()
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
                short = str(spec).split(":")[0]
                name = given or f"Player {number + 1} ({short})"
                rows.append(SeatRow(number, BOT, str(spec), name, None, joined=True))
            else:
                raise TableError(f"seat {number + 1}: 'kind' is 'human' or 'bot', not {kind!r}")
        return rows

    def links(self, table: Table) -> JsonDict:
        """The private link of every person's seat and the public spectator link."""
        return {
            "seats": [
                {"seat": s.seat, "name": s.name, "token": s.token, "url": self.seat_url(table, s.seat)}
                for s in table.seats
                if s.token is not None and not s.open
            ],
            "spectator": f"{self.base_url}/table/{table.id}",
        }

    def seat_url(self, table: Table, seat: int | None) -> str:
        token = table.seats[seat].token if seat is not None else None
        url = f"{self.base_url}/table/{table.id}"
        return f"{url}?token={token}" if token else url

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"there is no table {table_id!r}", 404)
        return table

    def listing(self) -> list[JsonDict]:
        return [t.summary() for t in sorted(self.tables.values(), key=lambda t: t.created, reverse=True)]

    # -- people --------------------------------------------------------------------------------------

    async def connect(self, table: Table, client: Client) -> None:
        """A client starts watching; a person's first visit marks the seat as joined."""
        table.clients.append(client)
        if client.seat is not None and not table.seats[client.seat].joined:
            seat = table.seats[client.seat]
            seat.joined = True
            self.store.update_seat(table.id, seat)
        client.log_sent = 0
        await self._send(table, client, table.seat_message(client.seat, 0))
        await self.presence(table, but=client)

    async def disconnect(self, table: Table, client: Client) -> None:
        if client in table.clients:
            table.clients.remove(client)
            await self.presence(table)

    async def presence(self, table: Table, but: Client | None = None) -> None:
        """Tell the others who is here now; the game itself did not change, so no new state."""
        message = {"type": "table", "table": table.summary()}
        for client in list(table.clients):
            if client is not but:
                await self._send(table, client, message)

    async def act(self, table: Table, seat: int | None, seq: object, name: object) -> None:
        """A person's action; refused with a :class:`TableError` that changes nothing."""
        if seat is None:
            raise TableError("spectators cannot play; open a seat's link to play")
        if table.seats[seat].kind != HUMAN:
            raise TableError("you left this seat; a bot plays it now")
        if not isinstance(name, str) or isinstance(seq, bool) or not isinstance(seq, int):
            raise TableError("an action message is {'type': 'act', 'seq': number, 'action': name}")
        async with table.lock:
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
            await self._commit(table, action)
        self.kick(table)

    async def claim(self, table: Table, seat: object, name: object) -> JsonDict:
        """Take an open seat from the lobby: its private link goes to the first to ask."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise TableError(f"'seat' is a seat number from 0 to {len(table.seats) - 1}")
        if name is not None and (not isinstance(name, str) or len(name) > 40):
            raise TableError("a name is a text of at most 40 characters")
        async with table.lock:
            row = table.seats[seat]
            if not row.open or row.kind != HUMAN:
                raise TableError(f"seat {seat} is not offered in the lobby; ask for its link", 403)
            if row.joined:
                raise TableError(f"seat {seat} has been taken", 409)
            row.joined = True
            row.name = (name or "").strip() or row.name
            self.store.update_seat(table.id, row)
        await self.presence(table)
        return {"seat": seat, "name": row.name, "token": row.token, "url": self.seat_url(table, seat)}

    async def leave(self, table: Table, seat: int | None) -> None:
        """The person gives up the seat: the game's default bot plays it from now on."""
        if seat is None:
            raise TableError("leaving needs the token of your seat", 403)
        async with table.lock:
            row = table.seats[seat]
            if row.kind == HUMAN:
                row.kind, row.bot = BOT, default_bot(table.game.name)
                self.store.update_seat(table.id, row)
                table.bots[seat] = make_bot(str(row.bot), table.game.name)
        await self.broadcast(table)  # the leaver's own page loses its choices
        self.kick(table)

    async def start_rematch(self, table: Table, seat: int | None) -> tuple[Table, JsonDict]:
        """A new table with the same game, options and players (the same one if asked again).

        Returns the new table and the caller's own link in it: each player asks with their own
        token (or is sent theirs on the table's socket), so nobody gets another's link.
        """
        if seat is None:
            raise TableError("a rematch needs the token of one of the players", 403)
        if not table.finished:
            raise TableError("the game is still being played", 409)
        if table.rematch is None:
            seats = [
                {"kind": HUMAN, "name": s.name}
                if s.kind == HUMAN
                else {"kind": BOT, "bot": s.bot, "name": s.name}
                for s in table.seats
            ]
            new, _ = self.create(table.game.name, seats, table.options, rematch_of=table)
            for client in list(table.clients):
                notice = {"type": "rematch", "table": new.id, "url": self.seat_url(new, client.seat)}
                await self._send(table, client, notice)
        new = self.get(str(table.rematch))
        own = new.seats[seat]
        return new, {"seat": seat, "name": own.name, "token": own.token, "url": self.seat_url(new, seat)}

    # -- the game moving on ----------------------------------------------------------------------------

    async def _commit(self, table: Table, action: Action) -> None:
        """Store the action, apply it, tell everyone. Called with the table's lock held.

        A chance outcome followed at once by another (three dice, a column refilled card by
        card) is not announced on its own: the state after the last one is, with every event
        in its log, so a roll costs one message per client instead of one per die.
        """
        await self.journal.append(table.id, table.seq + 1, action.name)
        chance = table.state.current_player() == CHANCE
        table.state.apply_action(action)
        if not (chance and table.state.current_player() == CHANCE):
            await self.broadcast(table)

    def kick(self, table: Table) -> None:
        """Make sure the table's driver runs if chance, a bot or a forced choice is next."""
        if table.driver is None or table.driver.done():
            with contextlib.suppress(RuntimeError):  # no running loop: the app starts drivers later
                table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    def _next_automatic(self, table: Table) -> _Step | None:
        """What the server plays next by itself; None if a person must decide or the game is over."""
        state = table.state
        player = state.current_player()
        if player == TERMINAL:
            return None
        rng = table.rng()
        if player == CHANCE:
            return _Step(lambda: state.sample_chance(rng), (0.0, 0.0), threaded=False)
        bot = table.bots.get(player)
        if bot is not None:
            # a search bot may think for seconds: in a thread, so other tables go on meanwhile
            return _Step(lambda: bot.act(state, player, rng), self.pace.bot, threaded=True)
        legal = state.legal_actions()
        if len(legal) == 1:
            return _Step(lambda: legal[0], self.pace.forced, threaded=False)
        return None

    async def _drive(self, table: Table) -> None:
        """Play chance, bots and forced choices until a person must decide or the game ends."""
        while True:
            step = self._next_automatic(table)
            if step is None:
                return
            seq = table.seq
            low, high = step.pause
            if high > 0:
                await asyncio.sleep(self._pause_rng.uniform(low, high))
            action = await asyncio.to_thread(step.choose) if step.threaded else step.choose()
            async with table.lock:
                if table.seq != seq:  # a person answered a forced choice first: look again
                    continue
                try:
                    await self._commit(table, action)
                except TableError as error:  # the disk refused: stop here; the next action retries
                    log.error("table %s: %s", table.id, error)
                    return

    async def broadcast(self, table: Table) -> None:
        summary = table.summary()
        for client in list(table.clients):
            await self._send(table, client, table.seat_message(client.seat, client.log_sent, summary))

    async def _send(self, table: Table, client: Client, message: JsonDict) -> None:
        try:
            await client.send(message)
        except Exception:  # a closed connection: forget it, the page reconnects by itself
            if client in table.clients:
                table.clients.remove(client)
            return
        if message["type"] == "state":
            client.log_sent = message["view"]["log_size"]

    async def start(self) -> None:
        """Start the drivers of every unfinished table (after :meth:`load`)."""
        for table in self.tables.values():
            self.kick(table)

    async def stop(self) -> None:
        tasks = [t.driver for t in self.tables.values() if t.driver is not None and not t.driver.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.journal.drain()

    # -- replays ---------------------------------------------------------------------------------------

    def _replayed(self, table: Table) -> list[State]:
        """Every state of a finished game, kept for the few games replayed most recently (a
        person dragging the replay slider asks for many steps of the same game)."""
        states = self._replays.pop(table.id, None)
        if states is None:
            states = list(replay_states(table.record()))
        self._replays[table.id] = states
        while len(self._replays) > REPLAYS_KEPT:
            del self._replays[next(iter(self._replays))]
        return states

    def replay_step(self, table: Table, step: int, seat: int | None) -> JsonDict:
        """Seat ``seat``'s view after ``step`` actions of a finished game.

        What happened at that step is told by the events the step added to the seat's log
        (redacted like any log), and by the action's label only if it was the seat's own
        decision: a chance draw's or another seat's action name may name a card nobody else saw.
        """
        if not table.finished:
            raise TableError("a game can be replayed once it is over", 409)
        if seat is not None and not 0 <= seat < len(table.seats):
            raise TableError(f"there is no seat {seat}; seats are 0 to {len(table.seats) - 1}")
        steps = table.seq
        if not 0 <= step <= steps:
            raise TableError(f"step is 0 to {steps}, not {step}")
        states = self._replayed(table)
        state = states[step]
        before = states[step - 1] if step > 0 else None
        label = None
        events: list[JsonDict] = []
        if before is not None:
            events = state.view(seat, log_since=before.view(seat, log_since=None)["log_size"])["log"]
            if seat is not None and before.current_player() == seat:
                action = table.state.action_table().actions[table.state.history[step - 1]]
                label = table.game.label(before, action)
        return {"step": step, "steps": steps, "view": state.view(seat), "events": events, "action": label}
