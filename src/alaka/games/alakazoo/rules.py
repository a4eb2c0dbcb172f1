"""Alakazoo's rules: legal actions, chance outcomes and what each action does.

Where the rulebook (``shared/rules/003_...txt``) is found in this module; ``Zn`` are the
readings of docs/rulings.md:

- Preparation 1 (boards, helpers, starting token Z1) ... :func:`_apply_board`, ``AlakazooState``
- Preparation 2 (deck by player count) .................. :func:`_apply_remove`, :func:`_build_deck`
- Preparation 3-4 (deal 4, four columns of two) ......... :func:`_apply_card` (``PH_DEAL``)
- Preparation 6 (first player) .......................... :func:`_apply_first`
- Gameplay: the Dark Power pass (Z5) .................... :func:`_start_turn`
- Gameplay: one of the 3 actions, required (Z13) ........ ``PH_ACTION``, ``NO_ACTION``
- Action 1: choose 1-3 dice, roll, resolve in any order,
  rainbow anywhere or stored, colour to its rune, Dark
  Power when no free rune (Z3, Z4), cap 3 ................ ``ROLL``/``DIE``/``PLACE``/``STORE``/``DARK``
- Action 2: take a column, refill left to right with the
  fifth-card discard; or discard and redraw (Z6) ......... ``TAKE``, :func:`_next_refill`, ``REDRAW``
- The 6-token and 4-card limits and their penalty (Z2) .. :func:`_settle`, :func:`_over_limit`,
  :func:`limit_penalty`
- Action 3: pay a stored token, place the Helper, special
  rules 1 and 2, their Dark Power, complete boards (Z9) .. ``HELPER`` ... ``TAKE_CARD``
- Displaying, both display points (Z7, Z8) .............. :func:`displayable`, :func:`_apply_display`,
  :func:`creature_point_mask`
- The end after the round, fastest point (Z10) .......... :func:`_apply_display`, :func:`_start_turn`
- Final score: rows and columns, own creature (Z11) ..... :func:`final_bonus`, :func:`outcome`
"""

from __future__ import annotations

import random
from typing import Final

from alaka.core import knowledge
from alaka.core.draws import below, pick
from alaka.core.phased import GameRules
from alaka.core.protocol import Action, Outcome, rank_by_score
from alaka.core.tuples import replaced, without
from alaka.games.alakazoo.actions import (
    BOARD,
    CARD,
    DARK,
    DIE,
    DISCARD,
    DISPLAY,
    END,
    EXCHANGE,
    FIRST,
    GIVE,
    HELPER,
    HELPER_AT,
    NO_ACTION,
    NUM_COLUMNS,
    PLACE,
    REDRAW,
    REMOVE,
    RETURN,
    ROLL,
    SKIP,
    STOP,
    STORE,
    SWAP_BOARD,
    SWAP_HAND,
    TAKE,
    TAKE_CARD,
    WIZARD,
    ZooAction,
)
from alaka.games.alakazoo.content import NUM_CREATURES, NUM_DICE, NUM_RUNES, NUM_TYPES, RAINBOW
from alaka.games.alakazoo.events import (
    TABLE,
    BoardChosen,
    BoardCompleted,
    BoardSwap,
    CardTaken,
    ColumnDealt,
    ColumnDiscarded,
    ColumnTaken,
    CreatureRemoved,
    DarkTaken,
    Dealt,
    DieRolled,
    Discarded,
    Displayed,
    Drew,
    Exchanged,
    FinalScore,
    FirstPlayer,
    HandSwap,
    HelperPaid,
    HelperPlaced,
    NoAction,
    OverCards,
    OverTokens,
    Passed,
    Placed,
    RedrawStarted,
    Refilled,
    Reshuffled,
    Returned,
    Rolled,
    RuleSkipped,
    Stored,
    Truncated,
    TurnEnded,
    TurnStarted,
)

# The phases are data (phases.py); they are re-exported here, where the rest of the game reads them.
from alaka.games.alakazoo.phases import (
    CHANCE_PHASES as CHANCE_PHASES,
)
from alaka.games.alakazoo.phases import (
    DRAW_PHASES as DRAW_PHASES,
)
from alaka.games.alakazoo.phases import (
    PH_ACTION as PH_ACTION,
)
from alaka.games.alakazoo.phases import (
    PH_BOARD as PH_BOARD,
)
from alaka.games.alakazoo.phases import (
    PH_CARDS_OVER as PH_CARDS_OVER,
)
from alaka.games.alakazoo.phases import (
    PH_DEAL as PH_DEAL,
)
from alaka.games.alakazoo.phases import (
    PH_DISPLAY as PH_DISPLAY,
)
from alaka.games.alakazoo.phases import (
    PH_EXCHANGE as PH_EXCHANGE,
)
from alaka.games.alakazoo.phases import (
    PH_FIRST as PH_FIRST,
)
from alaka.games.alakazoo.phases import (
    PH_HELPER_AT as PH_HELPER_AT,
)
from alaka.games.alakazoo.phases import (
    PH_HELPER_RULE as PH_HELPER_RULE,
)
from alaka.games.alakazoo.phases import (
    PH_HELPER_TARGET as PH_HELPER_TARGET,
)
from alaka.games.alakazoo.phases import (
    PH_OVER as PH_OVER,
)
from alaka.games.alakazoo.phases import (
    PH_REDRAW as PH_REDRAW,
)
from alaka.games.alakazoo.phases import (
    PH_REDRAW_DRAW as PH_REDRAW_DRAW,
)
from alaka.games.alakazoo.phases import (
    PH_REFILL as PH_REFILL,
)
from alaka.games.alakazoo.phases import (
    PH_REMOVE as PH_REMOVE,
)
from alaka.games.alakazoo.phases import (
    PH_RESOLVE as PH_RESOLVE,
)
from alaka.games.alakazoo.phases import (
    PH_ROLL as PH_ROLL,
)
from alaka.games.alakazoo.phases import (
    PH_TOKENS_OVER as PH_TOKENS_OVER,
)
from alaka.games.alakazoo.state import AlakazooState, FinalBonus

MAX_TOKENS: Final = 6
MAX_CARDS: Final = 4
MAX_DARK: Final = 3
DEAL: Final = 4
#: 4 players use all six creatures' cards; each player fewer removes one creature.
FULL_TABLE: Final = 4
ALL_RUNES: Final = (1 << NUM_RUNES) - 1
#: ``SPACE_RUNES[s]``: the bit mask of the two runes of space ``s``.
SPACE_RUNES: Final = tuple(3 << (2 * space) for space in range(NUM_TYPES))
#: Every space of a board holds an element.
ALL_SPACES: Final = (1 << NUM_TYPES) - 1
#: ``COVERED[spaces]``: the runes under the elements on the spaces of the bit mask ``spaces``.
COVERED: Final = tuple(
    sum(SPACE_RUNES[space] for space in range(NUM_TYPES) if spaces >> space & 1)
    for spaces in range(1 << NUM_TYPES)
)

#: ``DICE_CHOSEN[mask]``: the dice (0-based, in order) of the bit mask a roll action names.
DICE_CHOSEN: Final = tuple(
    tuple(d for d in range(NUM_DICE) if mask >> d & 1) for mask in range(1 << NUM_DICE)
)

# Where to go once the limits are checked (see _settle).
NEXT_RESOLVE: Final = 0
NEXT_REFILL: Final = 1
NEXT_END_ACTION: Final = 2

#: A generous bound on the actions of one turn (roll three dice and return tokens, or take a
#: column, discard, refill and display), used for the safety limit on a game's length.
MAX_ACTIONS_PER_TURN: Final = 40


def max_game_length(num_players: int, max_turns: int) -> int:
    """Setup (boards, box, deal, first player) plus ``max_turns`` of the longest turns."""
    setup_actions = num_players + 2 + DEAL * num_players + 2 * NUM_COLUMNS + 1
    return setup_actions + max_turns * MAX_ACTIONS_PER_TURN


def setup(s: AlakazooState) -> None:
    """Preparation 1 and ruling Z1: each player's starting token is stored on the Wizard card."""
    for seat in range(s.n):
        s.stored = replaced(s.stored, seat, 1)
        s.magic_pool -= 1
    s.phase = PH_BOARD
    s.player = 0


# -- small queries --------------------------------------------------------------------------


def complete(s: AlakazooState, seat: int) -> bool:
    """Whether all 9 spaces of the seat's board hold an element."""
    return s.spaces[seat] == ALL_SPACES


def free_runes(s: AlakazooState, seat: int) -> int:
    """Bit mask of runes that may take a token: empty and, by ruling Z4, not covered."""
    free = ALL_RUNES & ~s.runes[seat]
    if s.opts.covered_runes:
        free &= ~COVERED[s.spaces[seat]]
    return free


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


def limit_penalty(s: AlakazooState, excess: int) -> int:
    """Dark Power tokens owed for one broken limit that is ``excess`` tokens or cards over (Z2).

    The rulebook discards the excess and "Next the player receives 1 Dark Power token": one
    token however far over; the option charges one per token or card over. The cap of 3 is
    applied when the tokens are given (:func:`_gain_dark`), not here.
    """
    return excess if s.opts.dark_per_excess else 1


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


def rule2_targets(s: AlakazooState) -> tuple[list[int], list[int]]:
    """Special rule 2's targets: players to exchange with, and column cards to take."""
    p = s.player
    players = [q for q in range(s.n) if q != p and s.hands[q] and not complete(s, q)]
    cards = [card for column in s.columns for card in column]
    return players, cards


# -- legal actions ----------------------------------------------------------------------------
#
# The menu of each phase is ZooRules.legal_actions (at the end), which calls these.


def _action_actions(s: AlakazooState) -> tuple[Action, ...]:
    """The three actions (Z13): roll any of the dice, take a column that holds cards, redraw
    with cards in hand, the Helper with a stored token; no action if the option allows it."""
    a = s.acts
    p = s.player
    out: list[Action] = list(a.rolls)
    take = a.take
    for column, cards in enumerate(s.columns):  # an index, not zip(): compiled, zip is a Python call
        if cards:
            out.append(take[column])
    if s.hands[p]:
        out.append(a.redraw)
    if s.stored[p] > 0:
        out.append(a.helper)
    if s.opts.may_skip_action:
        out.append(a.no_action)
    return tuple(out)


def _return_actions(s: AlakazooState) -> tuple[Action, ...]:
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


def _resolve_actions(s: AlakazooState) -> tuple[Action, ...]:
    """Z3: a colour goes on a free rune of its colour (else Dark Power); a rainbow anywhere."""
    a = s.acts
    p = s.player
    free = free_runes(s, p)
    board = s.c.boards[s.board[p]]
    out: list[Action] = []
    last = -1
    for symbol in sorted(s.pending):  # each symbol pending once, in order
        if symbol == last:
            continue
        last = symbol
        place = a.place[symbol]
        if symbol == RAINBOW:
            runes = free
            while runes:  # every free rune, lowest first (a bit at a time, not all 18 runes)
                lowest = runes & -runes
                out.append(place[lowest.bit_length() - 1])
                runes ^= lowest
            out.append(a.store)
        else:
            placed = len(out)
            for r in board.runes_of_colour[symbol]:
                if free >> r & 1:
                    out.append(place[r])
            if len(out) == placed:
                out.append(a.dark[symbol])
    return tuple(out)


def _helper_rule_actions(s: AlakazooState) -> tuple[Action, ...]:
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


# -- chance -----------------------------------------------------------------------------------


def _removable(s: AlakazooState) -> list[int]:
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
        eligible = _removable(s)
        return tuple((a.remove[k], 1.0 / len(eligible)) for k in eligible)
    return ()


# The sampler and the exact test of a chance outcome, which run at every chance step, are
# ZooRules.sample_chance and ZooRules.is_chance_outcome (at the end).


# -- applying ---------------------------------------------------------------------------------


def dark_gain(s: AlakazooState, seat: int, count: int = 1) -> int:
    """How many of ``count`` Dark Power tokens ``seat`` would get: never past 3, and only as many
    as the pool holds (a menu's cost hint asks this before the tokens are given)."""
    return min(count, MAX_DARK - s.dark[seat], s.dark_pool)


def _gain_dark(s: AlakazooState, seat: int, count: int = 1) -> int:
    """Give Dark Power tokens, never past 3 (a fourth is simply not taken). Returns how many."""
    gained = dark_gain(s, seat, count)
    if gained > 0:
        s.dark[seat] += gained
        s.dark_pool -= gained
    return gained


def _apply_board(s: AlakazooState, action: ZooAction) -> None:
    s.board = replaced(s.board, s.player, action.arg)
    s.events.append(BoardChosen(s.player, 0, action.arg))
    s.player += 1
    if s.player < s.n:
        return
    s.player = 0
    if len(s.box) < FULL_TABLE - s.n:
        s.phase = PH_REMOVE
    else:
        _build_deck(s)


def _apply_remove(s: AlakazooState, action: ZooAction) -> None:
    s.box += (action.arg,)
    s.events.append(CreatureRemoved(TABLE, 0, action.arg))
    if len(s.box) == FULL_TABLE - s.n:
        _build_deck(s)


def _build_deck(s: AlakazooState) -> None:
    """Preparation 2: the deck holds the cards of every creature not put back in the box."""
    s.deck = [c for c in range(NUM_CREATURES * NUM_TYPES) if c // NUM_TYPES not in s.box]
    s.deal_index = 0
    s.phase = PH_DEAL


def _apply_first(s: AlakazooState, action: ZooAction) -> None:
    s.first_player = action.arg
    s.events.append(FirstPlayer(action.arg, 0))
    _start_turn(s, action.arg)


def _apply_card(s: AlakazooState, action: ZooAction) -> None:
    """A chance card: drawn from the deck, or picked at random from another player's hand."""
    card = action.arg
    phase = s.phase
    if phase == PH_EXCHANGE:
        _finish_exchange(s, card)
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
        _next_refill(s)
    else:  # PH_REDRAW_DRAW
        p = s.player
        s.hands[p].append(card)
        s.events.append(Drew(p, 1 << p, card))
        s.draws_left -= 1
        _next_redraw_draw(s)


def _ensure_deck(s: AlakazooState) -> bool:
    """Z6: an empty deck takes the shuffled discard pile; False when both are empty."""
    if not s.deck and s.discard:
        s.events.append(Reshuffled(TABLE, 0, len(s.discard)))
        s.deck = s.discard
        s.discard = []
    return bool(s.deck)


def _start_turn(s: AlakazooState, seat: int) -> None:
    """Begin the turn of ``seat``: end the game, or pass with 3 Dark Power (Z5), or play."""
    while True:
        if s.end_by >= 0 and seat == s.first_player:
            _finish(s)
            return
        if s.turns >= s.opts.max_turns:
            s.truncated = True
            s.events.append(Truncated(TABLE, 0, s.turns))
            _finish(s)
            return
        s.turns += 1
        s.player = seat
        if s.skipped[seat]:  # (only with may_skip_action: no new tuple at every turn)
            s.skipped = replaced(s.skipped, seat, s.skipped[seat] << 1 & 2)
        s.events.append(TurnStarted(seat, 0, s.turns))
        if s.dark[seat] < MAX_DARK:
            s.phase = PH_ACTION
            return
        returned = 0
        if s.opts.return_dark_power:
            returned = s.dark[seat]
            s.dark_pool += returned
            s.dark[seat] = 0
        s.events.append(Passed(seat, 0, returned))
        seat = (seat + 1) % s.n


def _settle(s: AlakazooState, then: int) -> None:
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
        _next_refill(s)
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
    gained = _gain_dark(s, p, owed)
    # Each class named, not one held in a variable: the compiled build then builds it directly.
    if phase == PH_TOKENS_OVER:
        s.events.append(OverTokens(p, 0, excess, gained, owed))
    else:
        s.events.append(OverCards(p, 0, excess, gained, owed))
    s.excess = excess
    s.phase = phase
    return True


def _apply_roll(s: AlakazooState, action: ZooAction) -> None:
    s.dice_left = list(DICE_CHOSEN[action.arg])
    s.pending = []
    s.events.append(Rolled(s.player, 0, action.arg))
    s.phase = PH_ROLL


def _apply_die(s: AlakazooState, action: ZooAction) -> None:
    die = s.dice_left.pop(0)
    s.pending.append(action.arg)
    s.events.append(DieRolled(s.player, 0, die, action.arg))
    if not s.dice_left:
        s.phase = PH_RESOLVE


def _take_token(s: AlakazooState) -> bool:
    if s.magic_pool <= 0:  # cannot happen with 30 tokens and the limit of 6; kept for variants
        return False
    s.magic_pool -= 1
    return True


def _apply_place(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    s.pending.remove(action.arg)
    if _take_token(s):
        s.runes[p] |= 1 << action.arg2
    s.events.append(Placed(p, 0, action.arg, action.arg2))
    _settle(s, NEXT_RESOLVE)


def _apply_store(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    s.pending.remove(RAINBOW)
    if _take_token(s):
        s.stored = replaced(s.stored, p, s.stored[p] + 1)
    s.events.append(Stored(p, 0))
    _settle(s, NEXT_RESOLVE)


def _apply_dark(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    s.pending.remove(action.arg)
    gained = _gain_dark(s, p)
    s.events.append(DarkTaken(p, 0, action.arg, gained))
    _settle(s, NEXT_RESOLVE)


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
        _settle(s, s.after_overflow)


def _lose_from_hand(s: AlakazooState, seat: int, card: int) -> None:
    """A card leaves a hand: nobody keeps track of it there any more."""
    s.hands[seat].remove(card)
    knowledge.forget(s.seen, card)


def _gain_in_public(s: AlakazooState, seat: int, card: int) -> None:
    """A card enters a hand in everyone's sight: every seat knows where it is."""
    s.hands[seat].append(card)
    knowledge.show_all(s.seen, card)


def _apply_discard(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    card = action.arg
    _lose_from_hand(s, p, card)
    s.discard.append(card)
    s.events.append(Discarded(p, 0, card))
    if s.phase == PH_REDRAW:
        s.draws_left += 1
        return
    s.excess -= 1
    if s.excess == 0:
        _settle(s, s.after_overflow)


def _apply_take(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    cards = s.columns[action.arg]
    s.columns[action.arg] = ()
    for card in cards:
        _gain_in_public(s, p, card)
    s.events.append(ColumnTaken(p, 0, action.arg, tuple(cards)))
    _settle(s, NEXT_REFILL)


def _next_refill(s: AlakazooState) -> None:
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
    _settle(s, NEXT_END_ACTION)


def _apply_redraw(s: AlakazooState, action: ZooAction) -> None:
    s.draws_left = 0
    s.events.append(RedrawStarted(s.player, 0))
    s.phase = PH_REDRAW


def _apply_stop(s: AlakazooState, action: ZooAction) -> None:
    _next_redraw_draw(s)


def _next_redraw_draw(s: AlakazooState) -> None:
    if s.draws_left > 0 and (s.deck or _ensure_deck(s)):
        s.phase = PH_REDRAW_DRAW
        return
    s.draws_left = 0
    _settle(s, NEXT_END_ACTION)


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
    _settle(s, NEXT_END_ACTION)


def _apply_swap_board(s: AlakazooState, action: ZooAction) -> None:
    """Special rule 1 with another board: same type (same space); costs one Dark Power."""
    p, q = s.player, action.arg
    space = s.helper[p]
    mine, theirs = s.elements[p][space], s.elements[q][space]
    put_element(s, p, space, theirs)
    put_element(s, q, space, mine)
    gained = _gain_dark(s, p)
    s.events.append(BoardSwap(p, 0, q, space, mine, theirs, gained))
    _settle(s, NEXT_END_ACTION)


def _apply_swap_hand(s: AlakazooState, action: ZooAction) -> None:
    """Special rule 1 with one's own hand: the hand card goes on the space, the element to hand."""
    p = s.player
    space = s.helper[p]
    card = action.arg
    old = s.elements[p][space]
    _lose_from_hand(s, p, card)
    put_element(s, p, space, card)
    _gain_in_public(s, p, old)
    s.events.append(HandSwap(p, 0, space, card, old))
    _settle(s, NEXT_END_ACTION)


def _apply_give(s: AlakazooState, action: ZooAction) -> None:
    s.give_card = action.arg
    s.phase = PH_HELPER_TARGET


def _apply_exchange(s: AlakazooState, action: ZooAction) -> None:
    s.exchange_from = action.arg
    s.phase = PH_EXCHANGE


def _finish_exchange(s: AlakazooState, taken: int) -> None:
    """Special rule 2 with a hand: swap cards; both players know both cards; one Dark Power."""
    p, q, given = s.player, s.exchange_from, s.give_card
    _lose_from_hand(s, q, taken)
    _lose_from_hand(s, p, given)
    s.hands[p].append(taken)
    s.hands[q].append(given)
    knowledge.show_to(s.seen, (p,), given)
    knowledge.show_to(s.seen, (q,), taken)
    gained = _gain_dark(s, p)
    s.events.append(Exchanged(p, (1 << p) | (1 << q), q, given, taken, gained))
    s.give_card = -1
    s.exchange_from = -1
    _settle(s, NEXT_END_ACTION)


def _apply_take_card(s: AlakazooState, action: ZooAction) -> None:
    """Special rule 2 with the columns: discard the chosen card, take any column card (Z9)."""
    p = s.player
    card = action.arg
    for k in range(NUM_COLUMNS):
        if card in s.columns[k]:
            s.columns[k] = without(s.columns[k], card)
            break
    given = s.give_card
    _lose_from_hand(s, p, given)
    s.discard.append(given)
    _gain_in_public(s, p, card)
    s.events.append(CardTaken(p, 0, given, card))
    s.give_card = -1
    _settle(s, NEXT_END_ACTION)


def _apply_display(s: AlakazooState, action: ZooAction) -> None:
    """Display an element (Z7) and score the display points (Z8); a 9th element ends (Z10)."""
    p = s.player
    card = action.arg
    space = card % NUM_TYPES
    _lose_from_hand(s, p, card)
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
    _score(s, p, earned)
    s.events.append(Displayed(p, 0, card, creature_point, first))
    if s.end_by < 0 and complete(s, p):
        s.end_by = p
        _score(s, p, 1)
        s.events.append(BoardCompleted(p, 0))


def put_element(s: AlakazooState, seat: int, space: int, card: int) -> None:
    """Put ``card`` on ``space`` of the seat's board (the elements are tuples: see ``state``)."""
    s.elements = replaced(s.elements, seat, replaced(s.elements[seat], space, card))


def _score(s: AlakazooState, seat: int, points: int) -> None:
    """The seat scores ``points`` (a tuple, written rarely: see ``state``)."""
    s.points = replaced(s.points, seat, s.points[seat] + points)


def _apply_no_action(s: AlakazooState, action: ZooAction) -> None:
    """Z13, with ``may_skip_action``: no action, so no displays either; the turn ends at once."""
    s.skipped = replaced(s.skipped, s.player, s.skipped[s.player] | 1)
    s.events.append(NoAction(s.player, 0))
    _apply_end(s, action)


def _apply_end(s: AlakazooState, action: ZooAction) -> None:
    s.events.append(TurnEnded(s.player, 0))
    _start_turn(s, (s.player + 1) % s.n)


#: The handler of each action kind (Final: the compiled build reads it without a lookup by name).
_HANDLERS: Final = {
    BOARD: _apply_board,
    REMOVE: _apply_remove,
    CARD: _apply_card,
    FIRST: _apply_first,
    DIE: _apply_die,
    ROLL: _apply_roll,
    TAKE: _apply_take,
    REDRAW: _apply_redraw,
    HELPER: _apply_helper,
    PLACE: _apply_place,
    STORE: _apply_store,
    DARK: _apply_dark,
    RETURN: _apply_return,
    DISCARD: _apply_discard,
    STOP: _apply_stop,
    HELPER_AT: _apply_helper_at,
    SKIP: _apply_skip,
    SWAP_BOARD: _apply_swap_board,
    SWAP_HAND: _apply_swap_hand,
    GIVE: _apply_give,
    EXCHANGE: _apply_exchange,
    TAKE_CARD: _apply_take_card,
    DISPLAY: _apply_display,
    END: _apply_end,
    NO_ACTION: _apply_no_action,
}


# -- the end ----------------------------------------------------------------------------------

LINES: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))


def final_bonus(s: AlakazooState, seat: int) -> FinalBonus:
    """Final score (Z11): points for rows and columns, and the own-creature point."""
    elements = s.elements[seat]
    lines = 0
    needed = 2 if s.opts.partial_lines else 3
    for line in LINES:
        creatures = [elements[i] // NUM_TYPES for i in line if elements[i] >= 0]
        if len(creatures) < needed:
            continue
        distinct = len(set(creatures))
        if distinct == 1 or distinct == len(creatures):
            lines += 1
    shown = [card // NUM_TYPES for card in elements if card >= 0]
    own = board_creature(s, seat)
    own_point = 1 if shown and all(k == own for k in shown) else 0
    return FinalBonus(lines, own_point)


def _finish(s: AlakazooState) -> None:
    s.phase = PH_OVER
    s.final_bonus = tuple([final_bonus(s, seat) for seat in range(s.n)])
    for seat, bonus in enumerate(s.final_bonus):
        _score(s, seat, bonus.total)
        s.events.append(FinalScore(seat, 0, bonus.lines, bonus.own_creature))


def outcome(s: AlakazooState) -> Outcome | None:
    if s.phase != PH_OVER:
        return None
    scores = tuple(s.points)
    ranking = rank_by_score(scores)
    if s.truncated:
        from alaka.games.alakazoo.text import amount  # text imports this module

        limit = amount(s.opts.max_turns, "turn")
        return Outcome((), f"stopped at the safety limit of {limit}", ranking, scores)
    winners = ranking[0]
    reason = "most points" if len(winners) == 1 else "shared win on equal points"
    return Outcome(winners, reason, ranking, scores)


# -- the rules as the states reach them ----------------------------------------------------------


class ZooRules(GameRules[AlakazooState]):
    """The rules as the states reach them (see :class:`~alaka.core.phased.GameRules`)."""

    def setup(self, s: AlakazooState) -> None:
        setup(s)

    def legal_actions(self, s: AlakazooState) -> tuple[Action, ...]:
        """The menu of the phase. Written here, not in a function this method would call: in pure
        Python each call costs about 0.1 us, and these methods run at every step."""
        a = s.acts
        p = s.player
        phase = s.phase
        out: list[Action] = []  # filled by loops: in pure Python a comprehension is one more call
        if phase == PH_DISPLAY:
            shown = displayable(s, p, s.hands[p])
            if not shown:  # the usual menu: no list to build
                return (a.end,)
            display = a.display
            for card in shown:
                out.append(display[card])
            out.append(a.end)
            return tuple(out)
        if phase == PH_RESOLVE:
            return _resolve_actions(s)
        if phase == PH_ACTION:
            return _action_actions(s)
        if phase == PH_TOKENS_OVER:
            return _return_actions(s)
        if phase in (PH_CARDS_OVER, PH_REDRAW):
            discard = a.discard
            for card in s.hands[p]:
                out.append(discard[card])
            if phase == PH_REDRAW and s.draws_left:
                out.append(a.stop)
            return tuple(out)
        if phase == PH_HELPER_AT:
            out = [a.helper_at_space[t] for t in range(NUM_TYPES) if s.elements[p][t] >= 0]
            out.append(a.helper_at_wizard)
            return tuple(out)
        if phase == PH_HELPER_RULE:
            return _helper_rule_actions(s)
        if phase == PH_HELPER_TARGET:
            players, cards = rule2_targets(s)
            return tuple([a.exchange[q] for q in players] + [a.take_card[c] for c in cards])
        if phase == PH_BOARD:
            return tuple(a.board[b] for b in range(NUM_CREATURES) if b not in s.board)
        return ()

    def chance_outcomes(self, s: AlakazooState) -> tuple[tuple[Action, float], ...]:
        return chance_outcomes(s)

    def sample_chance(self, s: AlakazooState, rng: random.Random) -> Action:
        """Sample like :func:`chance_outcomes` without building the list (the playout hot path).

        ``rng.choice(cards)`` draws the very index ``cards[rng.randrange(len(cards))]`` would (both
        take one ``_randbelow(len)``), so seeded games are unchanged; it only skips the checks of
        ``randrange``. :func:`~alaka.core.draws.pick` and :func:`~alaka.core.draws.below` are
        ``rng.choice`` and ``rng.randrange`` without their Python calls.
        """
        a = s.acts
        phase = s.phase
        if phase in DRAW_PHASES:
            return a.card[pick(rng, s.deck)]
        if phase == PH_ROLL:
            return a.die[pick(rng, s.opts.dice[s.dice_left[0]])]
        if phase == PH_EXCHANGE:
            return a.card[pick(rng, s.hands[s.exchange_from])]
        if phase == PH_FIRST:
            return a.first[below(rng, s.n)]
        eligible = _removable(s)
        return a.remove[pick(rng, eligible)]

    def is_chance_outcome(self, s: AlakazooState, action: ZooAction) -> bool:
        """Exact test of ``action in chance_outcomes`` without building them."""
        phase = s.phase
        kind = action.kind
        if phase in DRAW_PHASES:
            return kind == CARD and action.arg in s.deck and action is s.acts.card[action.arg]
        if phase == PH_ROLL:
            return (
                kind == DIE and action.arg in s.opts.dice[s.dice_left[0]] and action is s.acts.die[action.arg]
            )
        return action in s.legal_actions()

    def apply(self, s: AlakazooState, action: ZooAction) -> None:
        _HANDLERS[action.kind](s, action)

    def outcome(self, s: AlakazooState) -> Outcome | None:
        return outcome(s)

    def resample(self, s: AlakazooState, new: AlakazooState, seat: int, rng: random.Random) -> None:
        resample(s, new, seat, rng)

    def recount(self, s: AlakazooState) -> None:
        recount(s)

    def max_game_length(self, num_players: int, max_turns: int) -> int:
        return max_game_length(num_players, max_turns)


# -- information sets --------------------------------------------------------------------------


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


#: The one instance, which the game names (``AlakazooGame.game_rules``).
RULES: Final = ZooRules(CHANCE_PHASES, PH_OVER)
