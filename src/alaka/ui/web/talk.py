"""Table talk: the few things the people at a table may say to each other ("Good game!").

There is no free text, so there is nothing to filter: a page sends the id of one of
:data:`SAYINGS` (a phrase or an emote), and everyone watching the table is told who said it
and when (the id, never words). The words are defined here once: pages ask for them in their
reader's language (``GET /api/talk``: :func:`sayings_json`), and a text client imports them
(:func:`words_of`); so each reader reads what was said in their own language.

Only the people in their seats speak; spectators read (a spectator link is public: letting it
speak would let any passer-by talk over a game among friends). What a seat may say is
budgeted like the rest of the server (:class:`~alaka.ui.web.limits.Limits`): a burst, then one
thing every so often, for each seat (all its pages together) and for the whole table; a seat
saying the same thing again right after itself adds to a count (``"count": 3``) instead of
a new line. The last :data:`KEPT` things said are kept with the table in memory, so a page
that reloads or reconnects is sent them (:meth:`Talk.welcome`); they are not stored (a
restarted server, or a table read back from the store, starts with none: table talk is no
part of the game's record, and nothing a player said outlives the table's stay in memory).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime

from alaka.core.language import N_, tr, trn
from alaka.core.protocol import JsonDict
from alaka.ui.web.limits import Allowance, Limits
from alaka.ui.web.table import HUMAN, Client, Table, TableError
from alaka.ui.web.wire import encode


@dataclass(frozen=True)
class Saying:
    """One thing a person may say: its id on the wire, its words (a message: :meth:`json`
    gives them in the reader's language), and its picture (an emote's emoji; None for a
    phrase). An emote's words name it for screen readers."""

    id: str
    words: str
    emoji: str | None = None

    def json(self) -> JsonDict:
        return {"id": self.id, "words": tr(self.words), "emoji": self.emoji}


#: Everything a person at a table may say, in the order the page offers it.
SAYINGS: tuple[Saying, ...] = (
    # TRANSLATORS: the table talk's phrases, said by one player to the others.
    Saying("hello", N_("Hello!")),
    Saying("good-luck", N_("Good luck!")),
    Saying("nice-move", N_("Nice move!")),
    Saying("thinking", N_("Let me think…")),
    Saying("oops", N_("Oops!")),
    Saying("thanks", N_("Thanks!")),
    Saying("well-played", N_("Well played!")),
    Saying("good-game", N_("Good game!")),
    Saying("rematch", N_("Rematch?")),
    Saying("bye", N_("Bye!")),
    # TRANSLATORS: the table talk's emotes, named for screen readers.
    Saying("smile", N_("Smile"), "🙂"),
    Saying("laugh", N_("Laugh"), "😄"),
    Saying("wow", N_("Wow"), "😮"),
    Saying("sad", N_("Sad"), "😢"),
    Saying("thumbs-up", N_("Thumbs up"), "👍"),
    Saying("applause", N_("Applause"), "👏"),
)

#: The sayings by id.
BY_ID: dict[str, Saying] = {saying.id: saying for saying in SAYINGS}

#: How many of the last things said a table keeps (and a page is sent when it connects).
KEPT = 20


def sayings_json() -> JsonDict:
    """What may be said, for a page: the sayings in order, and how many said a table keeps."""
    return {"sayings": [saying.json() for saying in SAYINGS], "kept": KEPT}


def words_of(said: JsonDict) -> str:
    """A said message in a line of text, in the reader's language, for a text client:
    "Ann: Good game! (2 times)"."""
    saying = BY_ID[said["say"]]
    words = tr(saying.words)
    text = f"{saying.emoji} {words}" if saying.emoji else words
    count = said["count"]
    if count > 1:
        # TRANSLATORS: {name} said {text} (a phrase of the table talk) {n} times in a row.
        return trn("{name}: {text} ({n} time)", "{name}: {text} ({n} times)", count).format(
            name=said["name"], text=text, n=count
        )
    # TRANSLATORS: {name} said {text} (a phrase of the table talk).
    return tr("{name}: {text}").format(name=said["name"], text=text)


class Talk:
    """What the people at a room's tables say (see the module docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits

    @staticmethod
    def welcome(table: Table, client: Client) -> None:
        """Send a page that just connected the last things said at the table (if any were)."""
        if table.said:
            client.deliver(encode({"type": "talk", "said": list(table.said)}))

    def say(self, table: Table, seat: int | None, what: object) -> None:
        """Seat ``seat`` says ``what`` (a saying's id): everyone watching is told, or a
        :class:`TableError` says why not (nothing is told then)."""
        if seat is None:
            raise TableError(
                tr("spectators read what the players say; only a seat's link says something"), 403
            )
        if table.seats[seat].kind != HUMAN:
            raise TableError(tr("you left this seat: a bot plays it, and bots say nothing"), 403)
        if not isinstance(what, str) or what not in BY_ID:
            raise TableError(tr("'say' is one of: {ids}").format(ids=", ".join(BY_ID)))
        self._spend(table, seat)
        said = self._record(table, seat, what)
        text = encode({"type": "talk", "said": [said]})
        for client in list(table.clients):
            client.deliver(text)

    def _spend(self, table: Table, seat: int) -> None:
        """Spend one saying of the seat's budget and of the table's, or refuse (429) if either
        is spent for now."""
        mine = self._budget(table, seat, self.limits.say_burst, self.limits.say_seconds)
        everyone = self._budget(table, None, self.limits.table_say_burst, self.limits.table_say_seconds)
        wait = max(mine.wait(1), everyone.wait(1))
        if wait > 0:
            seconds = math.ceil(wait)
            if mine.wait(1) > 0:
                text = tr("you have said a lot just now; say something again in {seconds} s")
            else:
                text = tr("this table has said a lot just now; say something again in {seconds} s")
            raise TableError(text.format(seconds=seconds), 429, retry_after=wait)
        mine.spend(1)
        everyone.spend(1)

    @staticmethod
    def _budget(table: Table, seat: int | None, burst: int, seconds: float) -> Allowance:
        budget = table.say_budgets.get(seat)
        if budget is None:
            budget = table.say_budgets[seat] = Allowance(60 / seconds, burst)
        return budget

    @staticmethod
    def _record(table: Table, seat: int, what: str) -> JsonDict:
        """Keep what was said (the last :data:`KEPT`); a seat saying again what it said last,
        with nothing said in between, counts it on that line (``n`` tells the page which)."""
        at = datetime.now(UTC).isoformat(timespec="seconds")
        last = table.said[-1] if table.said else None
        if last is not None and last["seat"] == seat and last["say"] == what:
            table.said[-1] = {**last, "count": last["count"] + 1, "at": at}
            return table.said[-1]
        said: JsonDict = {
            "n": 0 if last is None else last["n"] + 1,
            "seat": seat,
            "name": table.seats[seat].name,
            "say": what,
            "count": 1,
            "at": at,
        }
        table.said.append(said)
        while len(table.said) > KEPT:
            table.said.popleft()
        return said
