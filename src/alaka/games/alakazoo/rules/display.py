"""Displaying Fantastic Creature Elements: what may be displayed, and the points for it.

After the action the player displays any number of elements (ruling Z7): a card goes on the
space of its type, which must be empty with both of its runes holding a token; those tokens go
back to the pool. Each display may earn two points (Z8): the element's creature is shown on a
board in play, and it is the first element of its type displayed by anyone. The element that
completes a board earns the point for the fastest player and starts the last round (Z10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.tuples import replaced
from alaka.games.alakazoo.actions import DISPLAY, ZooAction
from alaka.games.alakazoo.content import NUM_TYPES
from alaka.games.alakazoo.events import BoardCompleted, Displayed
from alaka.games.alakazoo.rules.table import (
    SPACE_RUNES,
    board_creature,
    complete,
    lose_from_hand,
    put_element,
    score,
)

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply
    from alaka.games.alakazoo.state import AlakazooState


def creature_point_mask(s: AlakazooState, seat: int) -> int:
    """Bit mask of the creatures whose elements earn ``seat`` the creature point (Z8).

    The rulebook's "a Fantastic Creature shown on a Portal board" reads as any board in play
    (the boards left in the box show nothing to the table); the option narrows it to the
    player's own board.
    """
    if s.opts.own_board_point:
        return 1 << board_creature(s, seat)
    return sum(1 << s.c.boards[b].creature for b in set(s.board) if b >= 0)


def scores_creature_point(s: AlakazooState, seat: int, creature: int) -> bool:
    """Display point 1 (Z8): the element's creature is shown on a board in play (see above)."""
    return bool(creature_point_mask(s, seat) >> creature & 1)


def displayable(s: AlakazooState, seat: int, cards: list[int]) -> list[int]:
    """Z7: the cards that ``seat`` may display: the card's space is empty and both of its runes
    hold a token. (One pass over the cards, with no call per card: it runs at every display.)"""
    spaces = s.spaces[seat]
    runes = s.runes[seat]
    shown: list[int] = []
    for card in cards:  # a loop, not a comprehension: in pure Python that is one call fewer
        space = card % NUM_TYPES
        if not spaces >> space & 1 and runes & SPACE_RUNES[space] == SPACE_RUNES[space]:
            shown.append(card)
    return shown


def _apply_display(s: AlakazooState, action: ZooAction) -> None:
    """Display an element (Z7) and score the display points (Z8); a 9th element ends (Z10)."""
    p = s.player
    card = action.arg
    space = card % NUM_TYPES
    lose_from_hand(s, p, card)
    put_element(s, p, space, card)
    s.spaces = replaced(s.spaces, p, s.spaces[p] | 1 << space)
    s.runes[p] &= ~SPACE_RUNES[space]
    s.magic_pool += 2
    earned = 0
    creature_point = scores_creature_point(s, p, card // NUM_TYPES)
    if creature_point:
        earned += 1
    first = not s.first_types >> space & 1
    if first:
        s.first_types |= 1 << space
        earned += 1
    score(s, p, earned)
    s.events.append(Displayed(p, 0, card, creature_point, first))
    if s.end_by < 0 and complete(s, p):
        s.end_by = p
        score(s, p, 1)
        s.events.append(BoardCompleted(p, 0))


#: The action kinds this chapter applies (the package joins the chapters' tables).
APPLY: Final[dict[int, Apply]] = {
    DISPLAY: _apply_display,
}
