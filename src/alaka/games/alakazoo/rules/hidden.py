"""Information sets: a state that one seat cannot tell from the real one.

The cards a seat cannot see (in other hands, and the deck) are dealt again at random; what the
seat saw arrive in a hand stays where it is.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from alaka.core import knowledge

if TYPE_CHECKING:
    from alaka.games.alakazoo.state import AlakazooState


def resample(s: AlakazooState, new: AlakazooState, seat: int, rng: random.Random) -> None:
    """Make ``new`` (a copy of ``s``) a state ``seat`` cannot tell apart: unknown cards shuffled
    between other hands and the deck.

    Known to ``seat`` and kept: its own hand, every public card, and the cards of other hands it
    saw arrive (taken from the columns or a board, or given by it in an exchange).
    """
    known = s.seen[seat]
    slots: list[tuple[int, int]] = []  # (other seat, index in hand) of the unknown hand cards
    pool = list(s.deck)
    for q in range(s.n):
        if q == seat:
            continue
        for i, card in enumerate(s.hands[q]):
            if not known >> card & 1:
                slots.append((q, i))
                pool.append(card)
    if not slots:
        return
    # Sorted first, so the result depends only on what the seat knows (and on the RNG): two
    # positions the seat cannot tell apart give the same determinization.
    pool.sort()
    rng.shuffle(pool)
    moved = 0
    for (q, i), card in zip(slots, pool, strict=False):
        old = new.hands[q][i]
        if old != card:
            moved |= (1 << old) | (1 << card)
        if q == s.player and old == s.give_card:
            new.give_card = card
        new.hands[q][i] = card
    new.deck = pool[len(slots) :]
    knowledge.forget_moved(new.seen, seat, moved)
