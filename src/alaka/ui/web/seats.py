"""The people at a table: who watches it, who sits where, and the seats' private links.

A person's seat is theirs by its token, which only their private link holds
(:meth:`Seats.seat_url`). A person arrives (:meth:`Seats.connect`: their seat is marked
joined, and stored so, before they are told anything) and goes (:meth:`Seats.disconnect`);
an open seat is taken from the lobby (:meth:`Seats.claim`), and a seat is left to the game's
default bot (:meth:`Seats.leave`). Spectators come and go unnamed (only their number is
told), up to :attr:`~alaka.ui.web.limits.Limits.spectators` a table (:meth:`Seats.admit`).

A seat's change is stored before it changes in memory
(:meth:`~alaka.ui.web.referee.Referee.save_seat`); the others are told of comings and goings
in one message at a time (:meth:`~alaka.ui.web.table.Table.presence`).
"""

from __future__ import annotations

import hmac
import logging
import math
import re
import time
import unicodedata

from alaka.bots.registry import default_bot
from alaka.core.language import ENGLISH, speaking, tr, trn
from alaka.core.protocol import JsonDict
from alaka.ui.web.limits import Limits
from alaka.ui.web.referee import Referee
from alaka.ui.web.table import BOT, HUMAN, Client, Table, TableError
from alaka.ui.web.wire import encode

log = logging.getLogger("alaka.web")

#: The longest name a person may give.
NAME_LENGTH = 40

#: Characters a name may not hold: controls, lone surrogates (not text at all: no page, file
#: or JSON encoder can write them), and the bidirectional overrides that make a name display
#: as another.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def person_name(value: object, seat: int | None = None) -> str:
    """A name a person gave (``""`` for none), checked once for every way in: at most
    :data:`NAME_LENGTH` characters of printable text, with spaces trimmed. ``seat``: the seat
    number (from 1) the refusal names, if any."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > NAME_LENGTH:
        raise TableError(_too_long(seat))
    if _UNPRINTABLE.search(value):
        if seat is None:
            raise TableError(tr("a name may hold only printable characters"))
        raise TableError(tr("seat {seat}: a name may hold only printable characters").format(seat=seat))
    name = unicodedata.normalize("NFC", value).strip()
    if len(name) > NAME_LENGTH:
        raise TableError(_too_long(seat))
    return name


def _too_long(seat: int | None) -> str:
    if seat is None:
        return tr("a name is a text of at most {n} characters").format(n=NAME_LENGTH)
    return tr("seat {seat}: a name is a text of at most {n} characters").format(seat=seat, n=NAME_LENGTH)


class Seats:
    """The people at the tables of a room (see the module docstring); ``base_url`` starts the
    links it gives."""

    def __init__(self, referee: Referee, limits: Limits, *, base_url: str = "") -> None:
        self.referee = referee
        self.limits = limits
        self.base_url = base_url

    # -- watching ------------------------------------------------------------------------------------

    def admit(self, table: Table, seat: int | None) -> None:
        """Refuse a spectator past :attr:`Limits.spectators` (a person in their seat always gets in)."""
        if seat is None and table.watching() >= self.limits.spectators:
            raise TableError(
                trn(
                    "this table has {n} spectator, as many as it takes; try later",
                    "this table has {n} spectators, as many as it takes; try later",
                    self.limits.spectators,
                ).format(n=self.limits.spectators),
                429,
                retry_after=60,
            )

    async def connect(self, table: Table, client: Client) -> None:
        """A client starts watching: it is sent the table; a person's first visit marks the seat
        as joined. Spectators come and go unnamed: the pages show only how many watch."""
        table.clients[client] = None  # first: a watched table is never let go of
        if client.seat is not None and not table.seats[client.seat].joined:
            try:
                await self.referee.save_seat(table, client.seat, joined=True)
            except TableError as error:  # not being marked "joined" must not keep anyone out
                log.error("table %s: %s", table.id, error)
        client.log_sent = 0
        with speaking(getattr(client, "language", ENGLISH)):
            message = table.seat_message(client.seat, 0)
        self._deliver(client, message)
        table.presence()

    def disconnect(self, table: Table, client: Client) -> None:
        if table.clients.pop(client, False) is None:
            table.active = time.monotonic()
            table.presence()

    @staticmethod
    def _deliver(client: Client, message: JsonDict) -> None:
        client.deliver(encode(message))
        if message["type"] == "state":
            client.log_sent = message["view"]["log_size"]

    # -- sitting down and getting up ----------------------------------------------------------------

    async def claim(self, table: Table, seat: object, name: object, code: object = None) -> JsonDict:
        """Take an open seat from the lobby: its private link goes to the first to ask. For
        :attr:`Limits.open_seat_seconds` after the table is made, only with its join code: a
        script watching the lobby took open seats within milliseconds of their appearing,
        before the creator could send anyone the table."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise TableError(tr("'seat' is a seat number from 0 to {last}").format(last=len(table.seats) - 1))
        if not table.offered():
            right = (
                isinstance(code, str)
                and table.join_code is not None
                and hmac.compare_digest(code.encode(), table.join_code.encode())
            )
            if not right:
                wait = math.ceil(table.opens_at - time.monotonic())
                raise TableError(
                    tr(
                        "the lobby offers this seat in {seconds} s; until then it takes the table's join code"
                    ).format(seconds=wait),
                    403,
                    retry_after=wait,
                )
        given = person_name(name)
        async with table.lock:
            row = table.seats[seat]
            if not row.open or row.kind != HUMAN:
                raise TableError(
                    tr("seat {seat} is not offered in the lobby; ask for its link").format(seat=seat), 403
                )
            if row.joined:
                raise TableError(tr("seat {seat} has been taken").format(seat=seat), 409)
            row = await self.referee.save_seat(table, seat, joined=True, name=given or row.name)
        table.presence(changed=True)
        return {"seat": seat, "name": row.name, "token": row.token, "url": self.seat_url(table, seat)}

    async def leave(self, table: Table, seat: int | None) -> None:
        """The person gives up the seat: the game's default bot plays it from now on."""
        if seat is None:
            raise TableError(tr("leaving needs the token of your seat"), 403)
        async with table.lock:
            if table.seats[seat].kind == HUMAN:
                await self.referee.save_seat(table, seat, kind=BOT, bot=default_bot(table.game.name))
                if table.clock is not None:
                    table.clock.drop(seat)
        table.broadcast()  # the leaver's own page loses its choices (the room then kicks the driver)

    # -- links ---------------------------------------------------------------------------------------

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
