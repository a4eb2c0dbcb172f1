"""Alakazoo's log events: one small class per kind of thing that happens at the table.

The rules append them to ``state.log``; :mod:`~alaka.games.alakazoo.text` writes each one's
sentence and its JSON form (:func:`alaka.core.events.event_json` with the game's one field
encoding, :func:`~alaka.games.alakazoo.text.encode_field`), which the view hands each seat.
Fields hold the engine's numbers (cards ``0..53``, runes ``0..17``, seats, columns and dice from
0); the JSON form turns them into what a player reads (card names, rune descriptions, columns
and dice counted from 1). docs/views.md lists every kind with its fields and its secrets.

The ``kind`` names are the names the log has always used, so a client keeps working.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from alaka.core.events import Event

#: ``actor`` of an event that is no player's (chance, the table).
TABLE: Final = -1


@dataclass(slots=True)
class ZooEvent(Event):
    """The base of Alakazoo's events (so ``event_kinds(ZooEvent)`` finds them all)."""


# -- preparation ------------------------------------------------------------------------------


@dataclass(slots=True)
class BoardChosen(ZooEvent):
    """The actor chose portal board ``board`` (0-based; the JSON counts from 1)."""

    kind: ClassVar[str] = "board"
    board: int


@dataclass(slots=True)
class CreatureRemoved(ZooEvent):
    """Preparation 2: the cards of ``creature`` went back to the box (actor: the table)."""

    kind: ClassVar[str] = "remove"
    creature: int


@dataclass(slots=True)
class Dealt(ZooEvent):
    """The actor was dealt ``card``; only the actor sees which."""

    kind: ClassVar[str] = "deal"
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: int


@dataclass(slots=True)
class ColumnDealt(ZooEvent):
    """Preparation 4: ``card`` was laid face up in ``column`` (actor: the table)."""

    kind: ClassVar[str] = "deal-column"
    column: int
    card: int


@dataclass(slots=True)
class FirstPlayer(ZooEvent):
    """The actor is the first player."""

    kind: ClassVar[str] = "first"


# -- turns ------------------------------------------------------------------------------------


@dataclass(slots=True)
class TurnStarted(ZooEvent):
    """Turn number ``turn`` (counted over the whole game) is the actor's."""

    kind: ClassVar[str] = "turn"
    turn: int


@dataclass(slots=True)
class Passed(ZooEvent):
    """The actor had 3 Dark Power and passed, returning ``returned`` of them (Z5)."""

    kind: ClassVar[str] = "pass"
    returned: int


@dataclass(slots=True)
class NoAction(ZooEvent):
    """The actor took none of the three actions (Z13, with ``may_skip_action``)."""

    kind: ClassVar[str] = "no-action"


@dataclass(slots=True)
class TurnEnded(ZooEvent):
    """The actor ended the turn."""

    kind: ClassVar[str] = "end-turn"


# -- action 1: the spell dice -----------------------------------------------------------------


@dataclass(slots=True)
class Rolled(ZooEvent):
    """Action 1: the actor rolls the dice in the bit mask ``dice``."""

    kind: ClassVar[str] = "roll"
    dice: int


@dataclass(slots=True)
class DieRolled(ZooEvent):
    """Die ``die`` (0-based) shows ``symbol`` (a colour or the rainbow)."""

    kind: ClassVar[str] = "die"
    die: int
    symbol: int


@dataclass(slots=True)
class Placed(ZooEvent):
    """The actor put the ``symbol`` result as a Magic Power token on ``rune``."""

    kind: ClassVar[str] = "place"
    symbol: int
    rune: int


@dataclass(slots=True)
class Stored(ZooEvent):
    """The actor stored a rainbow result as a token on the Wizard card."""

    kind: ClassVar[str] = "store"


@dataclass(slots=True)
class DarkTaken(ZooEvent):
    """A ``colour`` result found no free rune: Dark Power, ``gained`` 0 at the cap of 3 (Z3)."""

    kind: ClassVar[str] = "dark"
    colour: int
    gained: int


# -- the limits (Z2) --------------------------------------------------------------------------


@dataclass(slots=True)
class OverLimit(ZooEvent):
    """A limit broken by ``excess``: ``owed`` Dark Power charged, ``gained`` taken (the cap of 3)."""

    excess: int
    gained: int
    owed: int


@dataclass(slots=True)
class OverTokens(OverLimit):
    """More than 6 Magic Power tokens."""

    kind: ClassVar[str] = "over-tokens"


@dataclass(slots=True)
class OverCards(OverLimit):
    """More than 4 cards."""

    kind: ClassVar[str] = "over-cards"


@dataclass(slots=True)
class Returned(ZooEvent):
    """Over the token limit, the actor returned the token on ``rune`` (``WIZARD``: the Wizard card)."""

    kind: ClassVar[str] = "return"
    rune: int


@dataclass(slots=True)
class Discarded(ZooEvent):
    """The actor discarded ``card`` face up (over the limit, or for a redraw)."""

    kind: ClassVar[str] = "discard"
    card: int


# -- action 2: the columns and the deck -------------------------------------------------------


@dataclass(slots=True)
class ColumnTaken(ZooEvent):
    """Action 2: the actor took every card of ``column``."""

    kind: ClassVar[str] = "take"
    column: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class ColumnDiscarded(ZooEvent):
    """A column already held 4 cards, so they went to the discard pile before its fifth."""

    kind: ClassVar[str] = "column-discard"
    column: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class Refilled(ZooEvent):
    """``card`` from the deck was added to ``column`` (actor: the table)."""

    kind: ClassVar[str] = "refill"
    column: int
    card: int


@dataclass(slots=True)
class Reshuffled(ZooEvent):
    """The deck ran out; the discard pile of ``count`` cards became the new deck (Z6)."""

    kind: ClassVar[str] = "reshuffle"
    count: int


@dataclass(slots=True)
class RedrawStarted(ZooEvent):
    """Action 2: the actor discards cards to draw as many."""

    kind: ClassVar[str] = "redraw"


@dataclass(slots=True)
class Drew(ZooEvent):
    """The actor drew ``card``; only the actor sees which."""

    kind: ClassVar[str] = "draw"
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: int


# -- action 3: the Magic Helper ---------------------------------------------------------------


@dataclass(slots=True)
class HelperPaid(ZooEvent):
    """Action 3: the actor paid a stored token to use the Magic Helper (Z9)."""

    kind: ClassVar[str] = "helper"


@dataclass(slots=True)
class HelperPlaced(ZooEvent):
    """The Helper went on the space ``place`` (its element type) or the Wizard card (``WIZARD``)."""

    kind: ClassVar[str] = "helper-at"
    place: int


@dataclass(slots=True)
class RuleSkipped(ZooEvent):
    """The actor used no special rule."""

    kind: ClassVar[str] = "skip"


@dataclass(slots=True)
class BoardSwap(ZooEvent):
    """Special rule 1 with a board: the actor's ``mine`` on ``space`` for ``other``'s ``theirs``."""

    kind: ClassVar[str] = "swap-board"
    other: int
    space: int
    mine: int
    theirs: int
    gained: int


@dataclass(slots=True)
class HandSwap(ZooEvent):
    """Special rule 1 with the hand: ``placed`` went on ``space``, ``taken`` back to the hand."""

    kind: ClassVar[str] = "swap-hand"
    space: int
    placed: int
    taken: int


@dataclass(slots=True)
class Exchanged(ZooEvent):
    """Special rule 2 with a hand: the actor gave ``given`` to ``other`` for a random ``taken``.

    Only the two players see the two cards.
    """

    kind: ClassVar[str] = "exchange"
    secret: ClassVar[tuple[str, ...]] = ("given", "taken")
    other: int
    given: int
    taken: int
    gained: int


@dataclass(slots=True)
class CardTaken(ZooEvent):
    """Special rule 2 with the columns: the actor discarded ``discarded`` and took ``taken``."""

    kind: ClassVar[str] = "take-card"
    discarded: int
    taken: int


# -- displays and the end ---------------------------------------------------------------------


@dataclass(slots=True)
class Displayed(ZooEvent):
    """The actor displayed ``card``, with the creature point and the first-display point (Z8)."""

    kind: ClassVar[str] = "display"
    card: int
    creature_point: bool
    first: bool


@dataclass(slots=True)
class BoardCompleted(ZooEvent):
    """The actor completed a board first (+1); the round is played to its end (Z10)."""

    kind: ClassVar[str] = "complete"


@dataclass(slots=True)
class FinalScore(ZooEvent):
    """The final score of the actor: ``lines`` for rows and columns, ``own_creature`` (Z11)."""

    kind: ClassVar[str] = "final"
    lines: int
    own_creature: int


@dataclass(slots=True)
class Truncated(ZooEvent):
    """The game stopped at the safety limit after ``turns`` turns (actor: the table)."""

    kind: ClassVar[str] = "truncated"
    turns: int
