"""One table: a game being played (or finished) at the server, its seats, and who is told what.

A :class:`Table` holds one game's state, its seats (with their tokens), the clients watching it,
and its lock; it knows nothing of the store, the other tables, or HTTP. Whatever changes a
table (see :mod:`alaka.ui.web.referee`, :mod:`alaka.ui.web.driver`) tells its clients through
the two ways here: :meth:`Table.broadcast` (everyone, as their seat sees it now) and
:meth:`Table.presence` (comings and goings, gathered).

Everything a client receives about a game is built by :meth:`Table.seat_message` from
``state.view(seat)`` (``None`` for spectators), the public table summary, and the labels of the
seat's own legal actions when it is that seat's decision. Tokens appear only in the answer to
the request that created them (:mod:`alaka.ui.web.seats`).

The room (:class:`alaka.ui.web.tables.TableRoom`) holds every table; the names a request can
be refused with (:class:`TableError`) and a table's pieces of identity (its id, its seats'
tokens) are here, at the bottom, for every part of the room to share.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import random
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from alaka.core.choices import choices
from alaka.core.errors import AlakaError
from alaka.core.glossary import glossary_of
from alaka.core.language import ENGLISH, N_, reading, speaking, tr, tr_document
from alaka.core.protocol import CHANCE, TERMINAL, Game, JsonDict, State
from alaka.core.records import replay_states
from alaka.core.registry import entry
from alaka.core.undo import Step, steps_of, to_last_choice
from alaka.ui.web.clocks import Clock
from alaka.ui.web.limits import Allowance
from alaka.ui.web.seeds import draw_rng
from alaka.ui.web.store import SeatRow
from alaka.ui.web.wire import encode

HUMAN = "human"
BOT = "bot"

#: Comings and goings within this many seconds are told to the others in one message.
PRESENCE_DELAY = 0.25


class TableError(AlakaError):
    """A request the room refuses; ``status`` is the HTTP status that says why, and
    ``retry_after`` the seconds after which asking again may succeed (a budget refilling)."""

    def __init__(self, message: str, status: int = 400, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class Client(Protocol):
    """A connection watching a table (an :class:`~alaka.ui.web.connections.Outbox` in the app).

    ``deliver`` must never block: the room calls it with the table's lock held.
    """

    seat: int | None
    log_sent: int

    def deliver(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


def new_table_id() -> str:
    return secrets.token_hex(5)


#: What a table id looks like (:func:`new_table_id`: 10 hexadecimal digits), with room to spare.
TABLE_ID_SHAPE = re.compile(r"[0-9a-z]{1,32}")


def ago(*, hours: float) -> str:
    """The stored form of the time ``hours`` ago."""
    return (datetime.now(UTC) - timedelta(hours=hours)).isoformat(timespec="seconds")


def new_token() -> str:
    return secrets.token_urlsafe(18)


#: What a seat's token looks like (:func:`new_token`: 24 URL-safe characters), with room to spare.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def renderer_url(game: Game) -> str | None:
    """Where the browser loads the game's renderer (its entry names the file), or None: the page
    then draws the view as plain data."""
    return f"/static/games/{game.name}.js" if entry(game.name).browser_renderer is not None else None


def words(text: str) -> str:
    """``text`` (a message marked where it is defined, such as an option's label) in the
    reader's language; no text stays none (an empty message would read as the catalogue's
    header)."""
    return tr(text) if text else text


#: The level names of the lobby's bots (:data:`alaka.bots.registry.LEVEL_NAMES`), for the
#: default names of bot seats ("Player 2 (Medium bot)").
LEVEL_WORDS = {
    "Easy": N_("Easy"),
    "Medium": N_("Medium"),
    "Hard": N_("Hard"),
    "Expert": N_("Expert"),
    "Master": N_("Master"),
}

_DEFAULT_PERSON = re.compile(r"Player ([0-9]{1,2})")
_DEFAULT_BOT = re.compile(r"Player ([0-9]{1,2}) \((\w+) bot\)")


def shown_name(name: str) -> str:
    """A seat's name as the reader reads it: the names the server gives a seat nobody named
    (stored in English: "Player 2", "Player 2 (Medium bot)") in the reader's language; a name a
    person chose, as written."""
    if _DEFAULT_PERSON.fullmatch(name):
        return tr("Player {n}").format(n=name.split()[1])
    found = _DEFAULT_BOT.fullmatch(name)
    if found is not None and found.group(2) in LEVEL_WORDS:
        # TRANSLATORS: a bot seat's default name; {level} is the bot's strength (Easy, Medium...).
        return tr("Player {n} ({level} bot)").format(n=found.group(1), level=tr(LEVEL_WORDS[found.group(2)]))
    return name


def guide_of(game: Game, options: dict[str, Any], state: State) -> JsonDict:
    """What a page explains about a game, the same for everyone: its rules in brief, the
    options in use in words, and every explanation of the content in use (printed data only:
    nothing of any hand or deck). A table's guide, and a lesson's."""
    glossary = glossary_of(state)
    shown_options = []
    for p in game.parameters:
        if p.is_path or p.name == "max_turns":
            continue
        value = options.get(p.name, p.default)
        shown = value
        if p.choice_labels and value in p.choices:
            shown = words(p.choice_labels[p.choices.index(str(value))])
        elif isinstance(value, bool):
            shown = tr("yes") if value else tr("no")
        shown_options.append(
            {
                "name": p.name,
                "label": words(p.label) or p.name.replace("_", " ").capitalize(),
                "value": shown,
                "help": words(p.description),
                "standard": value == p.default,
            }
        )
    return {
        "rules": tr_document(game.rules_summary()),
        "options": shown_options,
        "glossary": [] if glossary is None else [dict(e) for e in glossary.entries],
    }


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
    #: The seats with someone here and the spectators' count, as last told to the clients
    #: (None: tell them again): see :meth:`presence`.
    announced: tuple[frozenset[int], int] | None = (frozenset(), 0)
    presence_timer: asyncio.TimerHandle | None = None
    #: The last things said at the table (:mod:`alaka.ui.web.talk`), oldest first, kept in
    #: memory only; and what each seat (None: the whole table) has left to say.
    said: deque[JsonDict] = field(default_factory=deque)
    say_budgets: dict[int | None, Allowance] = field(default_factory=dict)
    #: What is left of the processor time the table's bots may think (:attr:`Limits.bot_seconds`).
    thinking: Allowance | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    #: When (``time.monotonic``) the table last moved or was left by its last visitor.
    active: float = field(default_factory=time.monotonic)
    #: When the table came into memory (created or read back), and whether a person has acted
    #: at it since it was created (a table read back with actions counts as played): an
    #: unplayed table leaves memory after :attr:`Limits.unplayed_minutes` (see
    #: :meth:`~alaka.ui.web.residency.Residency.sweep`).
    born: float = field(default_factory=time.monotonic)
    played: bool = False
    #: When (``time.monotonic``) the decision now due was first asked for, and the pause drawn
    #: for it if it is a window out of turn (see :meth:`~alaka.ui.web.referee.Referee.act`):
    #: (its ``seq``, seconds).
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
    #: The table's guide (rules, options, explanations): printed data, built once per language.
    _guides: dict[str, JsonDict] = field(default_factory=dict)

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

        Anything that is not shaped like a token (see :func:`new_token`) belongs to no seat, and
        is refused before it is compared with anything."""
        if not token:
            return None
        if not TOKEN_SHAPE.fullmatch(token):
            raise TableError(tr("this link's token does not belong to any seat of the table"), 403)
        found: int | None = None
        for s in self.seats:
            if s.token is not None and hmac.compare_digest(s.token.encode(), token.encode()):
                found = s.seat
        if found is None:
            raise TableError(tr("this link's token does not belong to any seat of the table"), 403)
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
        if s.kind == BOT:
            # TRANSLATORS: {name} is a seat's name.
            return tr("{name} (bot)").format(name=shown_name(s.name))
        # TRANSLATORS: {name} is a seat's name.
        return tr("{name} (person)").format(name=shown_name(s.name))

    def connected_seats(self) -> frozenset[int]:
        """The seats whose person has the table open now."""
        return frozenset(c.seat for c in self.clients if c.seat is not None)

    def watching(self) -> int:
        """The spectators here now: connections without a seat (a person's second page is
        not one)."""
        return sum(c.seat is None for c in self.clients)

    def _present(self) -> tuple[frozenset[int], int]:
        """Who is here, as :meth:`presence` tells it: the seats with someone, and the spectators."""
        return self.connected_seats(), self.watching()

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
            "watching": self.watching(),
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
            return tr("The game is over.")
        if player == CHANCE:
            return tr("Waiting for the dice or the deck.")
        if player == seat and self.seats[seat].kind == HUMAN:
            if len(self.state.legal_actions()) == 1:
                return tr("Your only choice is played for you.")
            return tr("Your decision.")
        # TRANSLATORS: {player} is a seat's description (a player's name, or a bot's).
        return tr("Waiting for {player}.").format(player=self.describe(player))

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
        """What the page explains, the same for everyone (:func:`guide_of`), built once."""
        language = reading()
        if language not in self._guides:
            self._guides[language] = guide_of(self.game, self.options, self.state)
        return self._guides[language]

    def forfeit_result(self) -> JsonDict | None:
        """The result of a game a seat forfeited on time (shaped like a view's ``outcome``:
        everyone else shares the win), or None."""
        if self.forfeit is None:
            return None
        others = [s.seat for s in self.seats if s.seat != self.forfeit]
        name = shown_name(self.seats[self.forfeit].name)
        return {
            "winners": others,
            # TRANSLATORS: {player} is a player's name.
            "reason": tr("{player} ran out of time and forfeits").format(player=name),
            "ranking": [others, [self.forfeit]],
            "scores": [],
        }

    def out_of_turn(self, seat: int) -> bool:
        """Whether ``seat`` decides now out of its turn (a voodoo window, a defender's potions):
        the public view names whose turn it is (a game whose view does not: never)."""
        active = self.state.view(None, log_since=None).get("active_player")
        return active is not None and active != seat

    # -- telling the clients ---------------------------------------------------------------------

    def broadcast(self) -> None:
        """Send every client the table as its seat sees it now (queued: this never waits).

        Clients that were sent the same log (spectators, mostly) share one built message.
        """
        summary = self.summary()
        self.announced = self._present()  # the summary in each state tells who is here
        built: dict[tuple[int | None, int, str], tuple[str, int]] = {}
        for client in list(self.clients):
            language = getattr(client, "language", ENGLISH)
            key = (client.seat, client.log_sent, language)
            if key not in built:
                with speaking(language):
                    message = self.seat_message(client.seat, client.log_sent, summary)
                built[key] = (encode(message), message["view"]["log_size"])
            text, log_size = built[key]
            client.deliver(text)
            client.log_sent = log_size

    def tell(self, make: Callable[[], JsonDict]) -> None:
        """Send every client a notice made in its own reader's language (``make`` is called
        inside :func:`speaking`, once per language)."""
        built: dict[str, str] = {}
        for client in list(self.clients):
            language = getattr(client, "language", ENGLISH)
            if language not in built:
                with speaking(language):
                    built[language] = encode(make())
            client.deliver(built[language])

    def presence(self, *, changed: bool = False) -> None:
        """Tell everyone, soon, if the seats that have someone here or the number of spectators
        changed (or, ``changed``, if the seats' names or kinds did).

        Comings and goings within :data:`PRESENCE_DELAY` are told in one message, and only if
        the summary changed; a change in the spectators' count alone is told to the seated
        pages only: a thousand spectators passing by cost the players at most four messages a
        second, and the other spectators none.
        """
        if changed:
            self.announced = None
        if self.presence_timer is None:
            with contextlib.suppress(RuntimeError):  # no running loop: nothing to tell anyone
                loop = asyncio.get_running_loop()
                self.presence_timer = loop.call_later(PRESENCE_DELAY, self._announce)

    def _announce(self) -> None:
        self.presence_timer = None
        present, before = self._present(), self.announced
        if present == before:
            return
        self.announced = present
        # Only the spectators' count changed: the people in their seats are told; spectators see
        # it in their next state (told to them too, each spectator passing by would cost every
        # other spectator messages: a crowd's messages would grow with its square).
        watchers_only = before is not None and before[0] == present[0]
        text = encode({"type": "table", "table": self.summary()})
        for client in list(self.clients):
            if not watchers_only or client.seat is not None:
                client.deliver(text)
