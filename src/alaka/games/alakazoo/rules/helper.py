"""3 Action: the Magic Helper and its two special rules.

The player pays one stored Magic Power token and puts the Helper on a space of the own board or
on the Wizard card (ruling Z9); then may use one special rule or none. Rule 1 swaps the element
under the Helper for one of the same type from another board (one Dark Power) or from the own
hand. Rule 2 gives a card from the hand: for a random card of another player's hand (one Dark
Power; the random card is a chance outcome, :mod:`.chance`) or, discarded, for any card in the
columns. A player with a complete board is out of reach of both rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core import knowledge
from alaka.core.protocol import Action
from alaka.core.tuples import replaced, without
from alaka.games.alakazoo.actions import (
    EXCHANGE,
    GIVE,
    HELPER,
    HELPER_AT,
    NUM_COLUMNS,
    SKIP,
    SWAP_BOARD,
    SWAP_HAND,
    TAKE_CARD,
    ZooAction,
)
from alaka.games.alakazoo.content import NUM_TYPES
from alaka.games.alakazoo.events import (
    BoardSwap,
    CardTaken,
    Exchanged,
    HandSwap,
    HelperPaid,
    HelperPlaced,
    RuleSkipped,
)
from alaka.games.alakazoo.phases import PH_EXCHANGE, PH_HELPER_AT, PH_HELPER_RULE, PH_HELPER_TARGET
from alaka.games.alakazoo.rules.cards import NEXT_END_ACTION, settle
from alaka.games.alakazoo.rules.table import complete, gain_dark, gain_in_public, lose_from_hand, put_element

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply
    from alaka.games.alakazoo.state import AlakazooState


def rule2_targets(s: AlakazooState) -> tuple[list[int], list[int]]:
    """Special rule 2's targets: players to exchange with, and column cards to take."""
    p = s.player
    players = [q for q in range(s.n) if q != p and s.hands[q] and not complete(s, q)]
    cards = [card for column in s.columns for card in column]
    return players, cards


def helper_rule_actions(s: AlakazooState) -> tuple[Action, ...]:
    a = s.acts
    p = s.player
    out: list[Action] = [a.skip]
    space = s.helper[p]
    if space >= 0:
        # Special rule 1 swaps the element under the Helper for one of the same type.
        out.extend(
            a.swap_board[q] for q in range(s.n) if q != p and not complete(s, q) and s.elements[q][space] >= 0
        )
        out.extend(a.swap_hand[c] for c in s.hands[p] if c % NUM_TYPES == space)
    players, cards = rule2_targets(s)
    if players or cards:
        out.extend(a.give[c] for c in s.hands[p])
    return tuple(out)


def _apply_helper(s: AlakazooState, action: ZooAction) -> None:
    """Action 3 starts by paying one stored Magic Power token (Z9)."""
    p = s.player
    s.stored = replaced(s.stored, p, s.stored[p] - 1)
    s.magic_pool += 1
    s.events.append(HelperPaid(p, 0))
    s.phase = PH_HELPER_AT


def _apply_helper_at(s: AlakazooState, action: ZooAction) -> None:
    s.helper = replaced(s.helper, s.player, action.arg)
    s.events.append(HelperPlaced(s.player, 0, action.arg))
    s.phase = PH_HELPER_RULE


def _apply_skip(s: AlakazooState, action: ZooAction) -> None:
    s.events.append(RuleSkipped(s.player, 0))
    settle(s, NEXT_END_ACTION)


def _apply_swap_board(s: AlakazooState, action: ZooAction) -> None:
    """Special rule 1 with another board: same type (same space); costs one Dark Power."""
    p, q = s.player, action.arg
    space = s.helper[p]
    mine, theirs = s.elements[p][space], s.elements[q][space]
    put_element(s, p, space, theirs)
    put_element(s, q, space, mine)
    gained = gain_dark(s, p)
    s.events.append(BoardSwap(p, 0, q, space, mine, theirs, gained))
    settle(s, NEXT_END_ACTION)


def _apply_swap_hand(s: AlakazooState, action: ZooAction) -> None:
    """Special rule 1 with one's own hand: the hand card goes on the space, the element to hand."""
    p = s.player
    space = s.helper[p]
    card = action.arg
    old = s.elements[p][space]
    lose_from_hand(s, p, card)
    put_element(s, p, space, card)
    gain_in_public(s, p, old)
    s.events.append(HandSwap(p, 0, space, card, old))
    settle(s, NEXT_END_ACTION)


def _apply_give(s: AlakazooState, action: ZooAction) -> None:
    s.give_card = action.arg
    s.phase = PH_HELPER_TARGET


def _apply_exchange(s: AlakazooState, action: ZooAction) -> None:
    s.exchange_from = action.arg
    s.phase = PH_EXCHANGE


def finish_exchange(s: AlakazooState, taken: int) -> None:
    """Special rule 2 with a hand: swap cards; both players know both cards; one Dark Power."""
    p, q, given = s.player, s.exchange_from, s.give_card
    lose_from_hand(s, q, taken)
    lose_from_hand(s, p, given)
    s.hands[p].append(taken)
    s.hands[q].append(given)
    knowledge.show_to(s.seen, (p,), given)
    knowledge.show_to(s.seen, (q,), taken)
    gained = gain_dark(s, p)
    s.events.append(Exchanged(p, (1 << p) | (1 << q), q, given, taken, gained))
    s.give_card = -1
    s.exchange_from = -1
    settle(s, NEXT_END_ACTION)


def _apply_take_card(s: AlakazooState, action: ZooAction) -> None:
    """Special rule 2 with the columns: discard the chosen card, take any column card (Z9)."""
    p = s.player
    card = action.arg
    for k in range(NUM_COLUMNS):
        if card in s.columns[k]:
            s.columns[k] = without(s.columns[k], card)
            break
    given = s.give_card
    lose_from_hand(s, p, given)
    s.discard.append(given)
    gain_in_public(s, p, card)
    s.events.append(CardTaken(p, 0, given, card))
    s.give_card = -1
    settle(s, NEXT_END_ACTION)


#: The action kinds this chapter applies (the package joins the chapters' tables).
APPLY: Final[dict[int, Apply]] = {
    HELPER: _apply_helper,
    HELPER_AT: _apply_helper_at,
    SKIP: _apply_skip,
    SWAP_BOARD: _apply_swap_board,
    SWAP_HAND: _apply_swap_hand,
    GIVE: _apply_give,
    EXCHANGE: _apply_exchange,
    TAKE_CARD: _apply_take_card,
}
