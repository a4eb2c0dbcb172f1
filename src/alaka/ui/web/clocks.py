"""Game clocks: a time bank per person plus an increment per decision, as in chess.

A table may have a clock (:class:`ClockSetting`: a preset from the lobby, or numbers within
bounds through the API). Every person's seat then has a bank of seconds. While a person must
decide on their own turn, their bank runs down; when they have decided, the increment is added.
A decision out of turn (a voodoo window, a defender's potions: any decision of a seat that is
not the view's ``active_player``) has a short timer of its own (``reaction``) and leaves the
bank alone. Bots have no clock.

The clock runs for every decision of a person, including a forced one the server answers by
itself: a clock that ran only for real choices would tell everyone who holds a voodoo doll.

An undo gives back nothing it did not take: each increment is noted with the action it was
for, and taking actions back takes their increments back too (the time spent on them stays
spent). So a bank never holds more than its start plus one increment per decision still in
the record; before, deciding and undoing in a loop added an increment each time (60 cycles
took a bank from 510 s to 1,706 s in 4 s). The notes live in memory: after a restart the
decisions of the turn in progress keep their increments if undone (one turn's worth at most).

When time runs out, the server (see :mod:`alaka.ui.web.driver`) announces it to everyone, then
the heuristic bot plays that seat's move, or, if the table says so, the seat forfeits the game
(a reaction timer always hands the move to the bot: a game is not lost for a missed reaction).

The clock reads time from a function it is given (``time.monotonic`` when serving, a fake one
in tests) and is kept in the store with the table: banks are stored after each decision, so a
restarted server gives each person the bank they had when their last decision ended (the
clock is paused while the server is down).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from alaka.core.errors import AlakaError
from alaka.core.language import N_, tr
from alaka.core.protocol import JsonDict

#: What running out of time does: the heuristic bot moves for the seat, or the seat forfeits.
ON_EXPIRY = ("bot", "forfeit")

#: The lobby's clocks: (bank, increment, reaction) in seconds, with words for people.
PRESETS: dict[str, tuple[float, float, float, str]] = {
    "relaxed": (20 * 60.0, 20.0, 45.0, N_("20 minutes each, +20 s a decision")),
    "standard": (8 * 60.0, 10.0, 25.0, N_("8 minutes each, +10 s a decision")),
    "quick": (3 * 60.0, 5.0, 15.0, N_("3 minutes each, +5 s a decision")),
}

#: The presets' names as people read them (the keys of :data:`PRESETS` are ids).
PRESET_TITLES: dict[str, str] = {
    # TRANSLATORS: a game clock's preset (a slow game).
    "relaxed": N_("relaxed"),
    # TRANSLATORS: a game clock's preset.
    "standard": N_("standard"),
    # TRANSLATORS: a game clock's preset (a fast game).
    "quick": N_("quick"),
}

#: Bounds on the numbers an API client may give (seconds).
BANK_RANGE = (1.0, 4 * 3600.0)
INCREMENT_RANGE = (0.0, 600.0)
REACTION_RANGE = (1.0, 600.0)


class ClockError(AlakaError):
    """A clock setting the server does not take; the message says what is allowed."""


def _seconds(setting: dict[str, Any], key: str, bounds: tuple[float, float]) -> float:
    value = setting.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not bounds[0] <= value <= bounds[1]:
        raise ClockError(
            tr("clock: {key} is a number of seconds from {low} to {high}").format(
                key=repr(key), low=f"{bounds[0]:g}", high=f"{bounds[1]:g}"
            )
        )
    return float(value)


@dataclass(frozen=True)
class ClockSetting:
    """A table's clock: every person's bank, the increment per decision, the out-of-turn timer
    and what running out does."""

    bank: float
    increment: float
    reaction: float
    on_expiry: str = "bot"

    @classmethod
    def parse(cls, given: object) -> ClockSetting | None:
        """A setting from a request: None (no clock), ``{"preset": name, "on_expiry"?}`` or
        ``{"bank", "increment", "reaction", "on_expiry"?}``; a :class:`ClockError` says what is
        wrong."""
        if given is None:
            return None
        if not isinstance(given, dict):
            raise ClockError(
                # TRANSLATORS: {preset} and {numbers} are the two JSON forms of a clock.
                tr("'clock' is null or an object: {preset} or {numbers}").format(
                    preset="{'preset': name}", numbers="{'bank', 'increment', 'reaction'}"
                )
            )
        on_expiry = given.get("on_expiry", "bot")
        if on_expiry not in ON_EXPIRY:
            raise ClockError(
                tr("clock: 'on_expiry' is {first} or {second}, not {given}").format(
                    first=ON_EXPIRY[0], second=ON_EXPIRY[1], given=repr(on_expiry)
                )
            )
        preset = given.get("preset")
        if preset is not None:
            if preset not in PRESETS:
                raise ClockError(
                    tr("clock: the presets are {presets}, not {given}").format(
                        presets=", ".join(PRESETS), given=repr(preset)
                    )
                )
            bank, increment, reaction, _ = PRESETS[str(preset)]
            return cls(bank, increment, reaction, str(on_expiry))
        return cls(
            _seconds(given, "bank", BANK_RANGE),
            _seconds(given, "increment", INCREMENT_RANGE),
            _seconds(given, "reaction", REACTION_RANGE),
            str(on_expiry),
        )

    def json(self) -> JsonDict:
        return {
            "bank": self.bank,
            "increment": self.increment,
            "reaction": self.reaction,
            "on_expiry": self.on_expiry,
        }


def presets_json() -> list[JsonDict]:
    """The presets as the lobby offers them."""
    return [
        {
            "name": name,
            "title": tr(PRESET_TITLES[name]),
            "bank": bank,
            "increment": increment,
            "reaction": reaction,
            "label": tr(label),
        }
        for name, (bank, increment, reaction, label) in PRESETS.items()
    ]


@dataclass
class Clock:
    """A table's clock while it is played: each person's bank (None for a bot's seat) and the
    timer running now, if any."""

    setting: ClockSetting
    banks: list[float | None]
    #: The seat whose timer runs, whether it is the out-of-turn timer, and since when.
    running: int | None = None
    out_of_turn: bool = False
    since: float = 0.0
    #: Each seat's bank as last stored (what a restart gives back).
    stored: list[float | None] = field(default_factory=list)
    #: The increments added since the start (or the restart): (action number, seat, seconds).
    credits: list[tuple[int, int, float]] = field(default_factory=list)

    @classmethod
    def new(cls, setting: ClockSetting, people: list[bool]) -> Clock:
        return cls(setting, [setting.bank if person else None for person in people])

    def start(self, seat: int, out_of_turn: bool, now: float) -> None:
        """``seat`` must decide from ``now`` (a person: bots have no bank)."""
        self.running, self.out_of_turn, self.since = seat, out_of_turn, now

    def stop(self, now: float, action: int | None = None) -> None:
        """The running seat has decided: its bank pays the time taken, then gets the increment
        (a decision out of turn leaves the bank alone). ``action`` is the number of the action
        it decided (from 0), so that an undo of it takes the increment back
        (:meth:`take_back`)."""
        seat = self.running
        if seat is not None and not self.out_of_turn:
            bank = self.banks[seat]
            if bank is not None:
                self.banks[seat] = max(0.0, bank - (now - self.since)) + self.setting.increment
                if action is not None and self.setting.increment:
                    self.credits.append((action, seat, self.setting.increment))
        self.running = None

    def take_back(self, actions: int) -> None:
        """The record was cut back to its first ``actions`` actions (an undo): the increments
        the actions taken back added are taken from their banks (never below 0)."""
        kept = []
        for action, seat, seconds in self.credits:
            bank = self.banks[seat]
            if action < actions:
                kept.append((action, seat, seconds))
            elif bank is not None:
                self.banks[seat] = max(0.0, bank - seconds)
        self.credits = kept

    def left(self, now: float) -> float:
        """Seconds left on the running timer (0 or less: time is up); inf when none runs."""
        if self.running is None:
            return float("inf")
        if self.out_of_turn:
            return self.setting.reaction - (now - self.since)
        bank = self.banks[self.running]
        return float("inf") if bank is None else bank - (now - self.since)

    def drop(self, seat: int) -> None:
        """A seat is a bot's from now on: no bank, and no timer."""
        self.banks[seat] = None
        if self.running == seat:
            self.running = None

    def json(self, now: float) -> JsonDict:
        """The clock as every client sees it: the same for every seat (banks are public, and
        the running seat is the one the table says decides)."""
        left = self.left(now)
        return {
            **self.setting.json(),
            "banks": [None if b is None else round(b, 1) for b in self.banks],
            "running": self.running,
            "out_of_turn": self.out_of_turn,
            "left": None if self.running is None or left == float("inf") else round(max(0.0, left), 1),
        }

    def stored_json(self) -> JsonDict:
        """What the store keeps: the setting and the banks."""
        return {**self.setting.json(), "banks": list(self.banks)}

    @classmethod
    def from_stored(cls, data: object) -> Clock | None:
        """A clock read back from the store (None: the table has none, or the row is not one)."""
        if not isinstance(data, dict):
            return None
        setting = ClockSetting.parse({k: data.get(k) for k in ("bank", "increment", "reaction", "on_expiry")})
        banks = data.get("banks")
        if setting is None or not isinstance(banks, list):
            return None
        return cls(setting, [None if b is None else float(b) for b in banks])
