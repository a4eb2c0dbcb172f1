"""Alakazoo's phases: plain numbers, so the state (data) and the rules (behaviour) can both
name them without importing each other."""

from __future__ import annotations

from typing import Final

# Phases. Who decides: the seat in ``state.player``, or chance for the CHANCE_PHASES.
PH_BOARD: Final = 0  # each seat in turn chooses a portal board
PH_REMOVE: Final = 1  # chance: creatures go back to the box (3 players: one, 2 players: two)
PH_DEAL: Final = 2  # chance: 4 cards to each player, then 8 cards to the columns
PH_FIRST: Final = 3  # chance: the first player
PH_ACTION: Final = 4  # choose action 1, 2 or 3
PH_ROLL: Final = 5  # chance: the next chosen die
PH_RESOLVE: Final = 6  # place the rolled results one at a time
PH_TOKENS_OVER: Final = 7  # over 6 Magic Power tokens: return tokens
PH_CARDS_OVER: Final = 8  # over 4 cards: discard cards
PH_REFILL: Final = 9  # chance: a deck card for the next column
PH_REDRAW: Final = 10  # choose cards to discard for the redraw
PH_REDRAW_DRAW: Final = 11  # chance: the redraw's cards
PH_HELPER_AT: Final = 12  # put the Magic Helper on a space or the Wizard card
PH_HELPER_RULE: Final = 13  # choose a special rule (or none)
PH_HELPER_TARGET: Final = 14  # special rule 2: whom to exchange with, or which column card to take
PH_EXCHANGE: Final = 15  # chance: the random card taken from the other player's hand
PH_DISPLAY: Final = 16  # display elements, then end the turn
PH_OVER: Final = 17  # the game is over

CHANCE_PHASES: Final = frozenset(
    {PH_REMOVE, PH_DEAL, PH_FIRST, PH_ROLL, PH_REFILL, PH_REDRAW_DRAW, PH_EXCHANGE}
)
DRAW_PHASES: Final = frozenset({PH_DEAL, PH_REFILL, PH_REDRAW_DRAW})
