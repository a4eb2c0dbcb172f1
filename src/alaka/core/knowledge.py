"""Who knows where a hidden card is: one bit mask of cards per seat.

Both games keep ``seen[v]``, the cards in other players' hands whose place seat ``v`` knows
(taken in public, swapped from a board, given away by ``v``...). ``resample`` keeps those cards
where they are and deals only the others, so a determinization stays consistent with what
the seat has watched happen.
"""

from __future__ import annotations

from collections.abc import Iterable


def forget(seen: list[int], card: int) -> None:
    """The card left a hand: nobody tracks it there any more."""
    mask = ~(1 << card)
    for v in range(len(seen)):
        seen[v] &= mask


def show_all(seen: list[int], card: int) -> None:
    """The card went into (or was shown in) a hand in everyone's sight."""
    bit = 1 << card
    for v in range(len(seen)):
        seen[v] |= bit


def show_to(seen: list[int], seats: Iterable[int], card: int) -> None:
    """Only these seats know where the card is."""
    bit = 1 << card
    for v in seats:
        seen[v] |= bit


def forget_moved(seen: list[int], keeper: int, moved: int) -> None:
    """After a resample for ``keeper``, the other seats' knowledge of the moved cards is void."""
    if moved:
        for v in range(len(seen)):
            if v != keeper:
                seen[v] &= ~moved
