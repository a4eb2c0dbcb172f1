"""The lobby: the games on offer, tables made from a visitor's request, and the list of tables.

A new table (:meth:`Lobby.create`) is checked whole before anything is stored: the game, its
seats (:func:`~alaka.ui.web.seats.person_name` for every name), its options (never one that
names a file on the server), its clock, every bot built once; and it must have room
(:meth:`~alaka.ui.web.residency.Residency.check_room`: the server's tables in play, and the
budget of the address that asks). Then it is stored, and only then in memory and played. A
rematch (:meth:`Lobby.start_rematch`) is a new table like it, made once however many ask.

The list (:meth:`Lobby.listing`) is the tables in memory, in play or finished a short while
ago, newest first; on a database several servers share, each server gives its part
(:meth:`Lobby.local_listing`) and :mod:`alaka.ui.web.forwarding` merges them.
"""

from __future__ import annotations

import secrets
import time

from alaka.bots.registry import bot_levels, bot_menu, default_bot, level_help, make_bot
from alaka.core.errors import AlakaError, OptionError
from alaka.core.language import tr, trn
from alaka.core.lesson import has_lesson
from alaka.core.protocol import Game, JsonDict
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names
from alaka.ui.web.clocks import Clock, ClockError, ClockSetting
from alaka.ui.web.driver import Driver
from alaka.ui.web.journal import now
from alaka.ui.web.limits import Limits
from alaka.ui.web.referee import Referee
from alaka.ui.web.residency import Residency
from alaka.ui.web.seats import Seats, person_name
from alaka.ui.web.seeds import new_seed
from alaka.ui.web.store import SeatRow, Store, TableRow
from alaka.ui.web.table import (
    BOT,
    HUMAN,
    Table,
    TableError,
    ago,
    new_table_id,
    new_token,
    renderer_url,
    words,
)
from alaka.ui.web.wire import encode


def game_info(game: Game) -> JsonDict:
    """A game as the lobby offers it: players, web-safe options, the bot menu; its words (the
    options' labels and help, the bots' levels) in the reader's language, its ids as they are."""
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
                "help": words(p.description),
                "label": words(p.label) or p.name.replace("_", " ").capitalize(),
                "choices": list(p.choices),
                "choice_labels": [words(label) for label in p.choice_labels] or list(p.choices),
                "minimum": p.minimum,
                "maximum": p.maximum,
            }
            for p in game.parameters
            if not p.is_path  # a browser must never make the server read one of its files
        ],
        "bots": list(bot_menu(game.name)),
        "bot_levels": [
            {"spec": level.spec, "level": tr(level.level), "help": level_help(level.spec)}
            for level in bot_levels(game.name)
        ],
        "renderer": renderer_url(game),
        "lesson": has_lesson(game.name),
    }


class Lobby:
    """Makes and lists the tables of a room (see the module docstring)."""

    def __init__(
        self,
        tables: dict[str, Table],
        store: Store,
        limits: Limits,
        *,
        residency: Residency,
        referee: Referee,
        driver: Driver,
        seats: Seats,
    ) -> None:
        #: The tables in memory (the room's own dict).
        self.tables = tables
        self.store = store
        self.limits = limits
        self.residency = residency
        self.referee = referee
        self.driver = driver
        self.seats = seats

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
        self.residency.check_room(owner)
        try:
            setting = clock if isinstance(clock, ClockSetting) else ClockSetting.parse(clock)
        except ClockError as error:
            raise TableError(str(error)) from None
        if not isinstance(game_name, str) or game_name not in game_names():
            raise TableError(
                tr("there is no game {game}; the games are {games}").format(
                    game=repr(game_name), games=", ".join(game_names())
                )
            )
        game = get_game(game_name)
        rows = self._seat_rows(game, seats)
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise TableError(tr("'options' must be an object of option names and values"))
        for name in options:
            if any(p.name == name and p.is_path for p in game.parameters):
                raise TableError(
                    tr("the option {option} names a file on the server and cannot be set here").format(
                        option=repr(name)
                    )
                )
        try:
            valid = game.validate_options(options)
            state = game.new_initial_state(len(rows), **valid)
        except OptionError as error:
            raise TableError(str(error)) from None
        given = {k: v for k, v in valid.items() if k in options}
        row = TableRow(
            new_table_id(),
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
            await self.referee.write(self.store.hold, row.id)
        await self.referee.write(self.store.add_table, row)
        table = self.residency.make_table(row, game, state)
        table.owner = owner
        if any(r.open for r in rows):
            table.join_code = secrets.token_urlsafe(6)
            table.opens_at = time.monotonic() + self.limits.open_seat_seconds
        self.tables[table.id] = table
        if rematch_of is not None:
            rematch_of.rematch = table.id
        self.driver.kick(table)
        return table, self.seats.links(table)

    def _seat_rows(self, game: Game, seats: object) -> list[SeatRow]:
        if not isinstance(seats, list) or not seats:
            raise TableError(tr("'seats' must be a list with one entry per player"))
        if len(seats) not in game.player_counts:
            raise TableError(
                tr("{game} is for {low} to {high} players, not {n}").format(
                    game=game.title, low=game.min_players, high=game.max_players, n=len(seats)
                )
            )
        rows = []
        for number, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise TableError(
                    tr("seat {seat} must be an object such as {example}").format(
                        seat=number + 1, example="{'kind': 'human'}"
                    )
                )
            kind = seat.get("kind")
            given = person_name(seat.get("name"), number + 1)
            if kind == HUMAN:
                offered = seat.get("open", False)
                if not isinstance(offered, bool):
                    raise TableError(tr("seat {seat}: 'open' is true or false").format(seat=number + 1))
                # a default name is stored in English, as data: pages read it in their language
                # (table.shown_name, common.js seatLabel)
                name = given or f"Player {number + 1}"
                rows.append(SeatRow(number, HUMAN, None, name, new_token(), open=offered))
            elif kind == BOT:
                menu = bot_menu(game.name)
                spec = seat.get("bot", default_bot(game.name))
                if spec not in menu:
                    raise TableError(
                        tr("seat {seat}: the bots are {bots}, not {given}").format(
                            seat=number + 1, bots=", ".join(menu), given=repr(spec)
                        )
                    )
                levels = {found.spec: found.level for found in bot_levels(game.name)}
                label = f"{levels[spec]} bot" if spec in levels else str(spec).split(":")[0]
                name = given or f"Player {number + 1} ({label})"
                rows.append(SeatRow(number, BOT, str(spec), name, None, joined=True))
            else:
                raise TableError(
                    tr("seat {seat}: 'kind' is 'human' or 'bot', not {given}").format(
                        seat=number + 1, given=repr(kind)
                    )
                )
        return rows

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
            most = self.limits.lobby_page
            raise TableError(
                trn(
                    "a page is 1 to {n} table from an offset of 0 or more",
                    "a page is 1 to {n} tables from an offset of 0 or more",
                    most,
                ).format(n=most)
            )
        return limit

    def _listed(self) -> list[Table]:
        """The tables the lobby lists, newest first (created in the same second: latest in
        memory first)."""
        recent = ago(hours=self.limits.finished_minutes / 60)
        listed = [
            t for t in reversed(self.tables.values()) if t.finished_at is None or t.finished_at > recent
        ]
        return sorted(listed, key=lambda t: t.created, reverse=True)

    def local_listing(self, upto: int) -> JsonDict:
        """The newest ``upto`` tables this server lists, and how many it lists: one server's
        part of a lobby shared by several (see :func:`alaka.ui.web.forwarding.whole_listing`)."""
        listed = self._listed()
        return {"tables": [t.summary() for t in listed[:upto]], "total": len(listed)}

    async def start_rematch(
        self, table: Table, seat: int | None, owner: str | None = None
    ) -> tuple[Table, JsonDict]:
        """A new table with the same game, options and players (the same one if asked again).

        Returns the new table and the caller's own link in it: each player asks with their own
        token (or is sent theirs on the table's socket), so nobody gets another's link.
        """
        if seat is None:
            raise TableError(tr("a rematch needs the token of one of the players"), 403)
        if not table.finished:
            raise TableError(tr("the game is still being played"), 409)
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
                    notice = {
                        "type": "rematch",
                        "table": new.id,
                        "url": self.seats.seat_url(new, client.seat),
                    }
                    client.deliver(encode(notice))
        new = self.residency.get(str(table.rematch))
        own = new.seats[seat]
        return new, {
            "seat": seat,
            "name": own.name,
            "token": own.token,
            "url": self.seats.seat_url(new, seat),
        }
