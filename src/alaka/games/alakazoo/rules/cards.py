"""2 Action: take a column of cards or redraw, and the limits of 6 tokens and 4 cards.

Taking a column refills the columns from left to right, one card each, and a column already
holding four cards goes to the discard pile before a fifth would join it; an empty deck takes
the shuffled discard pile (ruling Z6). Redrawing discards any number of cards from the hand and
draws as many.

The rulebook gives the two limits in this chapter, and they hold at any moment: a player with
more than 6 Magic Power tokens or more than 4 cards gives back the excess and takes Dark Power
(Z2). :func:`settle` checks them where the options say and then moves on to what follows (the
rest of a roll, the refill, or the displays), so every action chapter ends through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.protocol import Action
from alaka.core.tuples import replaced
from alaka.games.alakazoo.actions import DISCARD, NUM_COLUMNS, REDRAW, RETURN, STOP, TAKE, WIZARD, ZooAction
from alaka.games.alakazoo.events import (
    TABLE,
    ColumnDiscarded,
    ColumnTaken,
    Discarded,
    OverCards,
    OverTokens,
    RedrawStarted,
    Reshuffled,
    Returned,
)
from alaka.games.alakazoo.phases import (
    PH_CARDS_OVER,
    PH_DISPLAY,
    PH_REDRAW,
    PH_REDRAW_DRAW,
    PH_REFILL,
    PH_RESOLVE,
    PH_TOKENS_OVER,
)
from alaka.games.alakazoo.rules.table import gain_dark, gain_in_public, lose_from_hand, tokens_held

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply
    from alaka.games.alakazoo.state import AlakazooState


MAX_TOKENS: Final = 6
MAX_CARDS: Final = 4


# Where to go once the limits are checked (see settle).
NEXT_RESOLVE: Final = 0
NEXT_REFILL: Final = 1
NEXT_END_ACTION: Final = 2


def limit_penalty(s: AlakazooState, excess: int) -> int:
    """Dark Power tokens owed for one broken limit that is ``excess`` tokens or cards over (Z2).

    The rulebook discards the excess and "Next the player receives 1 Dark Power token": one
    token however far over; the option charges one per token or card over. The cap of 3 is
    applied when the tokens are given (:func:`gain_dark`), not here.
    """
    return excess if s.opts.dark_per_excess else 1


def return_actions(s: AlakazooState) -> tuple[Action, ...]:
    """Over the token limit (Z2): return a token from a rune or the Wizard card."""
    a = s.acts
    p = s.player
    return_rune = a.return_rune
    out: list[Action] = []
    runes = s.runes[p]
    while runes:  # the runes holding a token, lowest first (a bit at a time, not all 18 runes)
        lowest = runes & -runes
        out.append(return_rune[lowest.bit_length() - 1])
        runes ^= lowest
    if s.stored[p]:
        out.append(a.return_wizard)
    return tuple(out)


def settle(s: AlakazooState, then: int) -> None:
    """Check the limits (Z2) where the option says, then go on to ``then``."""
    if then == NEXT_RESOLVE and not s.pending:
        then = NEXT_END_ACTION  # every die is resolved: the action ends
    if (s.opts.limit_each_gain or then == NEXT_END_ACTION) and _over_limit(s):
        s.after_overflow = then
        return
    if then == NEXT_RESOLVE:
        s.phase = PH_RESOLVE
    elif then == NEXT_REFILL:
        s.refill_col = 0
        next_refill(s)
    else:
        s.phase = PH_DISPLAY


def _over_limit(s: AlakazooState) -> bool:
    """Z2: more than 6 tokens or 4 cards: the player discards the excess and takes Dark Power.

    The Dark Power is given here, before the player's choice of what to discard; nothing in
    between depends on it, so the position afterwards is the rulebook's.
    """
    p = s.player
    excess = tokens_held(s, p) - MAX_TOKENS
    phase = PH_TOKENS_OVER
    if excess <= 0:
        excess = len(s.hands[p]) - MAX_CARDS
        phase = PH_CARDS_OVER
        if excess <= 0:
            return False
    owed = limit_penalty(s, excess)
    gained = gain_dark(s, p, owed)
    # Each class named, not one held in a variable: the compiled build then builds it directly.
    if phase == PH_TOKENS_OVER:
        s.events.append(OverTokens(p, 0, excess, gained, owed))
    else:
        s.events.append(OverCards(p, 0, excess, gained, owed))
    s.excess = excess
    s.phase = phase
    return True


def _apply_return(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    if action.arg == WIZARD:
        s.stored = replaced(s.stored, p, s.stored[p] - 1)
    else:
        s.runes[p] &= ~(1 << action.arg)
    s.magic_pool += 1
    s.events.append(Returned(p, 0, action.arg))
    s.excess -= 1
    if s.excess == 0:
        settle(s, s.after_overflow)


def _apply_discard(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    card = action.arg
    lose_from_hand(s, p, card)
    s.discard.append(card)
    s.events.append(Discarded(p, 0, card))
    if s.phase == PH_REDRAW:
        s.draws_left += 1
        return
    s.excess -= 1
    if s.excess == 0:
        settle(s, s.after_overflow)


def _apply_take(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    cards = s.columns[action.arg]
    s.columns[action.arg] = ()
    for card in cards:
        gain_in_public(s, p, card)
    s.events.append(ColumnTaken(p, 0, action.arg, tuple(cards)))
    settle(s, NEXT_REFILL)


def next_refill(s: AlakazooState) -> None:
    """Refill the columns left to right; a column of 4 is discarded before its fifth card."""
    while s.refill_col < NUM_COLUMNS:
        column = s.columns[s.refill_col]
        if len(column) >= MAX_CARDS:
            s.discard.extend(column)
            s.events.append(ColumnDiscarded(TABLE, 0, s.refill_col, tuple(column)))
            s.columns[s.refill_col] = ()
        if s.deck or _ensure_deck(s):  # the call only for an empty deck: this runs at every refill
            s.phase = PH_REFILL
            return
        s.refill_col += 1
    settle(s, NEXT_END_ACTION)


def _ensure_deck(s: AlakazooState) -> bool:
    """Z6: an empty deck takes the shuffled discard pile; False when both are empty."""
    if not s.deck and s.discard:
        s.events.append(Reshuffled(TABLE, 0, len(s.discard)))
        s.deck = s.discard
        s.discard = []
    return bool(s.deck)


def _apply_redraw(s: AlakazooState, action: ZooAction) -> None:
    s.draws_left = 0
    s.events.append(RedrawStarted(s.player, 0))
    s.phase = PH_REDRAW


def _apply_stop(s: AlakazooState, action: ZooAction) -> None:
    next_redraw_draw(s)


def next_redraw_draw(s: AlakazooState) -> None:
    if s.draws_left > 0 and (s.deck or _ensure_deck(s)):
        s.phase = PH_REDRAW_DRAW
        return
    s.draws_left = 0
    settle(s, NEXT_END_ACTION)


#: The action kinds this chapter applies (the package joins the chapters' tables).
APPLY: Final[dict[int, Apply]] = {
    TAKE: _apply_take,
    REDRAW: _apply_redraw,
    STOP: _apply_stop,
    RETURN: _apply_return,
    DISCARD: _apply_discard,
}
