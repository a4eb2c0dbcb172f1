"""Alakazoo's log events: one small class per kind of thing that happens at the table.

The rules append them to the state's log (through ``state.events``, the log's own list);
:mod:`~alaka.games.alakazoo.text` writes each one's sentence and its JSON form
(:func:`alaka.core.events.event_json` with the game's one field encoding,
:func:`~alaka.games.alakazoo.text.encode_field`), which the view hands each seat.
Fields hold the engine's numbers (cards ``0..53``, runes ``0..17``, seats, columns and dice from
0); the JSON form turns them into what a player reads (card names, rune descriptions, columns
and dice counted from 1). docs/views.md lists every kind with its fields and its secrets.

The ``kind`` names are the names the log has always used, so a client keeps working.
"""

from __future__ import annotations

from typing import ClassVar, Final

from alaka.core.compiling import mypyc_attr
from alaka.core.events import Event

#: ``actor`` of an event that is no player's (chance, the table).
TABLE: Final = -1


@mypyc_attr(allow_interpreted_subclasses=True)
class ZooEvent(Event):
    """The base of Alakazoo's events (so ``event_kinds(ZooEvent)`` finds them all); a test may
    subclass it in Python, also when this module is compiled."""

    __slots__ = ()


# -- preparation ------------------------------------------------------------------------------


class BoardChosen(ZooEvent):
    """The actor chose portal board ``board`` (0-based; the JSON counts from 1)."""

    kind: ClassVar[str] = "board"
    board: int

    __slots__ = ("board",)
    __match_args__ = ("actor", "private", "board")

    def __init__(self, actor: int, private: int, board: int) -> None:
        self.actor = actor
        self.private = private
        self.board = board


class CreatureRemoved(ZooEvent):
    """Preparation 2: the cards of ``creature`` went back to the box (actor: the table)."""

    kind: ClassVar[str] = "remove"
    creature: int

    __slots__ = ("creature",)
    __match_args__ = ("actor", "private", "creature")

    def __init__(self, actor: int, private: int, creature: int) -> None:
        self.actor = actor
        self.private = private
        self.creature = creature


class Dealt(ZooEvent):
    """The actor was dealt ``card``; only the actor sees which."""

    kind: ClassVar[str] = "deal"
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class ColumnDealt(ZooEvent):
    """Preparation 4: ``card`` was laid face up in ``column`` (actor: the table)."""

    kind: ClassVar[str] = "deal-column"
    column: int
    card: int

    __slots__ = ("card", "column")
    __match_args__ = ("actor", "private", "column", "card")

    def __init__(self, actor: int, private: int, column: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.column = column
        self.card = card


class FirstPlayer(ZooEvent):
    """The actor is the first player."""

    kind: ClassVar[str] = "first"

    __slots__ = ()


# -- turns ------------------------------------------------------------------------------------


class TurnStarted(ZooEvent):
    """Turn number ``turn`` (counted over the whole game) is the actor's."""

    kind: ClassVar[str] = "turn"
    turn: int

    __slots__ = ("turn",)
    __match_args__ = ("actor", "private", "turn")

    def __init__(self, actor: int, private: int, turn: int) -> None:
        self.actor = actor
        self.private = private
        self.turn = turn


class Passed(ZooEvent):
    """The actor had 3 Dark Power and passed, returning ``returned`` of them (Z5)."""

    kind: ClassVar[str] = "pass"
    returned: int

    __slots__ = ("returned",)
    __match_args__ = ("actor", "private", "returned")

    def __init__(self, actor: int, private: int, returned: int) -> None:
        self.actor = actor
        self.private = private
        self.returned = returned


class NoAction(ZooEvent):
    """The actor took none of the three actions (Z13, with ``may_skip_action``)."""

    kind: ClassVar[str] = "no-action"

    __slots__ = ()


class TurnEnded(ZooEvent):
    """The actor ended the turn."""

    kind: ClassVar[str] = "end-turn"

    __slots__ = ()


# -- action 1: the spell dice -----------------------------------------------------------------


class Rolled(ZooEvent):
    """Action 1: the actor rolls the dice in the bit mask ``dice``."""

    kind: ClassVar[str] = "roll"
    dice: int

    __slots__ = ("dice",)
    __match_args__ = ("actor", "private", "dice")

    def __init__(self, actor: int, private: int, dice: int) -> None:
        self.actor = actor
        self.private = private
        self.dice = dice


class DieRolled(ZooEvent):
    """Die ``die`` (0-based) shows ``symbol`` (a colour or the rainbow)."""

    kind: ClassVar[str] = "die"
    die: int
    symbol: int

    __slots__ = ("die", "symbol")
    __match_args__ = ("actor", "private", "die", "symbol")

    def __init__(self, actor: int, private: int, die: int, symbol: int) -> None:
        self.actor = actor
        self.private = private
        self.die = die
        self.symbol = symbol


class Placed(ZooEvent):
    """The actor put the ``symbol`` result as a Magic Power token on ``rune``."""

    kind: ClassVar[str] = "place"
    symbol: int
    rune: int

    __slots__ = ("rune", "symbol")
    __match_args__ = ("actor", "private", "symbol", "rune")

    def __init__(self, actor: int, private: int, symbol: int, rune: int) -> None:
        self.actor = actor
        self.private = private
        self.symbol = symbol
        self.rune = rune


class Stored(ZooEvent):
    """The actor stored a rainbow result as a token on the Wizard card."""

    kind: ClassVar[str] = "store"

    __slots__ = ()


class DarkTaken(ZooEvent):
    """A ``colour`` result found no free rune: Dark Power, ``gained`` 0 at the cap of 3 (Z3)."""

    kind: ClassVar[str] = "dark"
    colour: int
    gained: int

    __slots__ = ("colour", "gained")
    __match_args__ = ("actor", "private", "colour", "gained")

    def __init__(self, actor: int, private: int, colour: int, gained: int) -> None:
        self.actor = actor
        self.private = private
        self.colour = colour
        self.gained = gained


# -- the limits (Z2) --------------------------------------------------------------------------


class OverLimit(ZooEvent):
    """A limit broken by ``excess``: ``owed`` Dark Power charged, ``gained`` taken (the cap of 3)."""

    excess: int
    gained: int
    owed: int

    __slots__ = ("excess", "gained", "owed")
    __match_args__ = ("actor", "private", "excess", "gained", "owed")

    def __init__(self, actor: int, private: int, excess: int, gained: int, owed: int) -> None:
        self.actor = actor
        self.private = private
        self.excess = excess
        self.gained = gained
        self.owed = owed


class OverTokens(OverLimit):
    """More than 6 Magic Power tokens."""

    kind: ClassVar[str] = "over-tokens"

    __slots__ = ()


class OverCards(OverLimit):
    """More than 4 cards."""

    kind: ClassVar[str] = "over-cards"

    __slots__ = ()


class Returned(ZooEvent):
    """Over the token limit, the actor returned the token on ``rune`` (``WIZARD``: the Wizard card)."""

    kind: ClassVar[str] = "return"
    rune: int

    __slots__ = ("rune",)
    __match_args__ = ("actor", "private", "rune")

    def __init__(self, actor: int, private: int, rune: int) -> None:
        self.actor = actor
        self.private = private
        self.rune = rune


class Discarded(ZooEvent):
    """The actor discarded ``card`` face up (over the limit, or for a redraw)."""

    kind: ClassVar[str] = "discard"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


# -- action 2: the columns and the deck -------------------------------------------------------


class ColumnTaken(ZooEvent):
    """Action 2: the actor took every card of ``column``."""

    kind: ClassVar[str] = "take"
    column: int
    cards: tuple[int, ...]

    __slots__ = ("cards", "column")
    __match_args__ = ("actor", "private", "column", "cards")

    def __init__(self, actor: int, private: int, column: int, cards: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.column = column
        self.cards = cards


class ColumnDiscarded(ZooEvent):
    """A column already held 4 cards, so they went to the discard pile before its fifth."""

    kind: ClassVar[str] = "column-discard"
    column: int
    cards: tuple[int, ...]

    __slots__ = ("cards", "column")
    __match_args__ = ("actor", "private", "column", "cards")

    def __init__(self, actor: int, private: int, column: int, cards: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.column = column
        self.cards = cards


class Refilled(ZooEvent):
    """``card`` from the deck was added to ``column`` (actor: the table)."""

    kind: ClassVar[str] = "refill"
    column: int
    card: int

    __slots__ = ("card", "column")
    __match_args__ = ("actor", "private", "column", "card")

    def __init__(self, actor: int, private: int, column: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.column = column
        self.card = card


class Reshuffled(ZooEvent):
    """The deck ran out; the discard pile of ``count`` cards became the new deck (Z6)."""

    kind: ClassVar[str] = "reshuffle"
    count: int

    __slots__ = ("count",)
    __match_args__ = ("actor", "private", "count")

    def __init__(self, actor: int, private: int, count: int) -> None:
        self.actor = actor
        self.private = private
        self.count = count


class RedrawStarted(ZooEvent):
    """Action 2: the actor discards cards to draw as many."""

    kind: ClassVar[str] = "redraw"

    __slots__ = ()


class Drew(ZooEvent):
    """The actor drew ``card``; only the actor sees which."""

    kind: ClassVar[str] = "draw"
    secret: ClassVar[tuple[str, ...]] = ("card",)
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


# -- action 3: the Magic Helper ---------------------------------------------------------------


class HelperPaid(ZooEvent):
    """Action 3: the actor paid a stored token to use the Magic Helper (Z9)."""

    kind: ClassVar[str] = "helper"

    __slots__ = ()


class HelperPlaced(ZooEvent):
    """The Helper went on the space ``place`` (its element type) or the Wizard card (``WIZARD``)."""

    kind: ClassVar[str] = "helper-at"
    place: int

    __slots__ = ("place",)
    __match_args__ = ("actor", "private", "place")

    def __init__(self, actor: int, private: int, place: int) -> None:
        self.actor = actor
        self.private = private
        self.place = place


class RuleSkipped(ZooEvent):
    """The actor used no special rule."""

    kind: ClassVar[str] = "skip"

    __slots__ = ()


class BoardSwap(ZooEvent):
    """Special rule 1 with a board: the actor's ``mine`` on ``space`` for ``other``'s ``theirs``."""

    kind: ClassVar[str] = "swap-board"
    other: int
    space: int
    mine: int
    theirs: int
    gained: int

    __slots__ = ("gained", "mine", "other", "space", "theirs")
    __match_args__ = ("actor", "private", "other", "space", "mine", "theirs", "gained")

    def __init__(
        self, actor: int, private: int, other: int, space: int, mine: int, theirs: int, gained: int
    ) -> None:
        self.actor = actor
        self.private = private
        self.other = other
        self.space = space
        self.mine = mine
        self.theirs = theirs
        self.gained = gained


class HandSwap(ZooEvent):
    """Special rule 1 with the hand: ``placed`` went on ``space``, ``taken`` back to the hand."""

    kind: ClassVar[str] = "swap-hand"
    space: int
    placed: int
    taken: int

    __slots__ = ("placed", "space", "taken")
    __match_args__ = ("actor", "private", "space", "placed", "taken")

    def __init__(self, actor: int, private: int, space: int, placed: int, taken: int) -> None:
        self.actor = actor
        self.private = private
        self.space = space
        self.placed = placed
        self.taken = taken


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

    __slots__ = ("gained", "given", "other", "taken")
    __match_args__ = ("actor", "private", "other", "given", "taken", "gained")

    def __init__(self, actor: int, private: int, other: int, given: int, taken: int, gained: int) -> None:
        self.actor = actor
        self.private = private
        self.other = other
        self.given = given
        self.taken = taken
        self.gained = gained


class CardTaken(ZooEvent):
    """Special rule 2 with the columns: the actor discarded ``discarded`` and took ``taken``."""

    kind: ClassVar[str] = "take-card"
    discarded: int
    taken: int

    __slots__ = ("discarded", "taken")
    __match_args__ = ("actor", "private", "discarded", "taken")

    def __init__(self, actor: int, private: int, discarded: int, taken: int) -> None:
        self.actor = actor
        self.private = private
        self.discarded = discarded
        self.taken = taken


# -- displays and the end ---------------------------------------------------------------------


class Displayed(ZooEvent):
    """The actor displayed ``card``, with the creature point and the first-display point (Z8)."""

    kind: ClassVar[str] = "display"
    card: int
    creature_point: bool
    first: bool

    __slots__ = ("card", "creature_point", "first")
    __match_args__ = ("actor", "private", "card", "creature_point", "first")

    def __init__(self, actor: int, private: int, card: int, creature_point: bool, first: bool) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.creature_point = creature_point
        self.first = first


class BoardCompleted(ZooEvent):
    """The actor completed a board first (+1); the round is played to its end (Z10)."""

    kind: ClassVar[str] = "complete"

    __slots__ = ()


class FinalScore(ZooEvent):
    """The final score of the actor: ``lines`` for rows and columns, ``own_creature`` (Z11)."""

    kind: ClassVar[str] = "final"
    lines: int
    own_creature: int

    __slots__ = ("lines", "own_creature")
    __match_args__ = ("actor", "private", "lines", "own_creature")

    def __init__(self, actor: int, private: int, lines: int, own_creature: int) -> None:
        self.actor = actor
        self.private = private
        self.lines = lines
        self.own_creature = own_creature


class Truncated(ZooEvent):
    """The game stopped at the safety limit after ``turns`` turns (actor: the table)."""

    kind: ClassVar[str] = "truncated"
    turns: int

    __slots__ = ("turns",)
    __match_args__ = ("actor", "private", "turns")

    def __init__(self, actor: int, private: int, turns: int) -> None:
        self.actor = actor
        self.private = private
        self.turns = turns
