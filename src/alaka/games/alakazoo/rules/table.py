"""What is on the table: the boards' spaces and runes, the tokens a player holds, and the few
moves every chapter makes.

Questions about a position that several chapters (and the heuristic, the text and the views)
ask: whether a board is complete, which spaces hold an element, how many Magic Power tokens a
player holds (the limit of ruling Z2 counts them), whose creature a board shows. And the moves
that each chapter makes the same way: handing out Dark Power (never above 3), putting an
element on a space, scoring, and a card entering or leaving a hand, where the seats' knowledge
of the cards (``state.seen``) must follow it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeAlias

from alaka.core import knowledge
from alaka.core.tuples import replaced
from alaka.games.alakazoo.actions import ZooAction
from alaka.games.alakazoo.content import NUM_TYPES

if TYPE_CHECKING:
    from alaka.games.alakazoo.state import AlakazooState

    #: What a chapter does with one kind of action (its ``APPLY`` table maps kinds to these).
    Apply: TypeAlias = Callable[[AlakazooState, ZooAction], None]


MAX_DARK: Final = 3

#: ``SPACE_RUNES[s]``: the bit mask of the two runes of space ``s``.
SPACE_RUNES: Final = tuple(3 << (2 * space) for space in range(NUM_TYPES))

#: Every space of a board holds an element.
ALL_SPACES: Final = (1 << NUM_TYPES) - 1


def complete(s: AlakazooState, seat: int) -> bool:
    """Whether all 9 spaces of the seat's board hold an element."""
    return s.spaces[seat] == ALL_SPACES


def spaces_shown(elements: tuple[int, ...]) -> int:
    """The bit mask of the spaces of a board that hold an element (``state.spaces`` keeps it)."""
    return sum(1 << space for space, card in enumerate(elements) if card >= 0)


def recount(s: AlakazooState) -> None:
    """Work out again the mask of shown spaces each seat keeps (after a position is built)."""
    s.spaces = tuple([spaces_shown(elements) for elements in s.elements])


def tokens_held(s: AlakazooState, seat: int) -> int:
    """Magic Power tokens a player holds: on runes plus stored on the Wizard card (Z2)."""
    return s.runes[seat].bit_count() + s.stored[seat]


def board_creature(s: AlakazooState, seat: int) -> int:
    return s.c.boards[s.board[seat]].creature


def put_element(s: AlakazooState, seat: int, space: int, card: int) -> None:
    """Put ``card`` on ``space`` of the seat's board (the elements are tuples: see ``state``)."""
    s.elements = replaced(s.elements, seat, replaced(s.elements[seat], space, card))


def score(s: AlakazooState, seat: int, points: int) -> None:
    """The seat scores ``points`` (a tuple, written rarely: see ``state``)."""
    s.points = replaced(s.points, seat, s.points[seat] + points)


def dark_gain(s: AlakazooState, seat: int, count: int = 1) -> int:
    """How many of ``count`` Dark Power tokens ``seat`` would get: never past 3, and only as many
    as the pool holds (a menu's cost hint asks this before the tokens are given)."""
    return min(count, MAX_DARK - s.dark[seat], s.dark_pool)


def gain_dark(s: AlakazooState, seat: int, count: int = 1) -> int:
    """Give Dark Power tokens, never past 3 (a fourth is simply not taken). Returns how many."""
    gained = dark_gain(s, seat, count)
    if gained > 0:
        s.dark[seat] += gained
        s.dark_pool -= gained
    return gained


def lose_from_hand(s: AlakazooState, seat: int, card: int) -> None:
    """A card leaves a hand: nobody keeps track of it there any more."""
    s.hands[seat].remove(card)
    knowledge.forget(s.seen, card)


def gain_in_public(s: AlakazooState, seat: int, card: int) -> None:
    """A card enters a hand in everyone's sight: every seat knows where it is."""
    s.hands[seat].append(card)
    knowledge.show_all(s.seen, card)
