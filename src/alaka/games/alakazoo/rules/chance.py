"""Chance: cards drawn from the deck, a die's face, a card taken from a hand, the box, the start.

The rules never shuffle or roll: each chance node lists its outcomes with their probabilities
(the package's rules object samples one without building the list, on the hot path). A card
outcome means what the phase says: a card of the deal (:mod:`.preparation`), of the column
refill or of a redraw (:mod:`.cards`), or the random card of special rule 2 (:mod:`.helper`).
A creature put back in the box and the first player belong to :mod:`.preparation`, the dice to
:mod:`.dice`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.protocol import Action
from alaka.games.alakazoo.actions import CARD, NUM_COLUMNS, ZooAction
from alaka.games.alakazoo.content import NUM_CREATURES
from alaka.games.alakazoo.events import TABLE, ColumnDealt, Dealt, Drew, Refilled
from alaka.games.alakazoo.phases import (
    DRAW_PHASES,
    PH_DEAL,
    PH_EXCHANGE,
    PH_FIRST,
    PH_REFILL,
    PH_REMOVE,
    PH_ROLL,
)
from alaka.games.alakazoo.rules.cards import next_redraw_draw, next_refill
from alaka.games.alakazoo.rules.helper import finish_exchange
from alaka.games.alakazoo.rules.preparation import DEAL

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply
    from alaka.games.alakazoo.state import AlakazooState


def removable(s: AlakazooState) -> list[int]:
    """Creatures that may go back to the box: not shown on a chosen board, not yet removed."""
    shown = {s.c.boards[b].creature for b in s.board}
    return [k for k in range(NUM_CREATURES) if k not in shown and k not in s.box]


def chance_outcomes(s: AlakazooState) -> tuple[tuple[Action, float], ...]:
    a = s.acts
    phase = s.phase
    if phase in DRAW_PHASES:
        p = 1.0 / len(s.deck)
        return tuple((a.card[c], p) for c in s.deck)
    if phase == PH_ROLL:
        faces = s.opts.dice[s.dice_left[0]]
        return tuple((a.die[sym], faces.count(sym) / len(faces)) for sym in sorted(set(faces)))
    if phase == PH_EXCHANGE:
        hand = s.hands[s.exchange_from]
        return tuple((a.card[c], 1.0 / len(hand)) for c in hand)
    if phase == PH_FIRST:
        return tuple((a.first[q], 1.0 / s.n) for q in range(s.n))
    if phase == PH_REMOVE:
        eligible = removable(s)
        return tuple((a.remove[k], 1.0 / len(eligible)) for k in eligible)
    return ()


def _apply_card(s: AlakazooState, action: ZooAction) -> None:
    """A chance card: drawn from the deck, or picked at random from another player's hand."""
    card = action.arg
    phase = s.phase
    if phase == PH_EXCHANGE:
        finish_exchange(s, card)
        return
    s.deck.remove(card)
    if phase == PH_DEAL:
        i = s.deal_index
        dealt_to_hands = DEAL * s.n
        if i < dealt_to_hands:
            seat = i % s.n
            s.hands[seat].append(card)
            s.events.append(Dealt(seat, 1 << seat, card))
        else:
            column = (i - dealt_to_hands) % NUM_COLUMNS
            s.columns[column] += (card,)
            s.events.append(ColumnDealt(TABLE, 0, column, card))
        s.deal_index = i + 1
        if s.deal_index == dealt_to_hands + 2 * NUM_COLUMNS:
            s.phase = PH_FIRST
    elif phase == PH_REFILL:
        s.columns[s.refill_col] += (card,)
        s.events.append(Refilled(TABLE, 0, s.refill_col, card))
        s.refill_col += 1
        next_refill(s)
    else:  # PH_REDRAW_DRAW
        p = s.player
        s.hands[p].append(card)
        s.events.append(Drew(p, 1 << p, card))
        s.draws_left -= 1
        next_redraw_draw(s)


#: The action kinds this chapter applies (the package joins the chapters' tables).
APPLY: Final[dict[int, Apply]] = {
    CARD: _apply_card,
}
