"""Preparation for the Game: boards, the deck by player count, the deal, the first player.

Each player picks a Portal board and starts with a Magic Power token stored on the Wizard card
(ruling Z1); with fewer than four players the cards of as many creatures as are missing go back
to the box (chosen at random among those no board shows); four cards to each hand and two to
each of the four columns (the deal's cards are chance outcomes, :mod:`.chance`); then a random
first player, who begins the first turn (:mod:`.turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.tuples import replaced
from alaka.games.alakazoo.actions import BOARD, FIRST, NUM_COLUMNS, REMOVE, ZooAction
from alaka.games.alakazoo.content import NUM_CREATURES, NUM_TYPES
from alaka.games.alakazoo.events import TABLE, BoardChosen, CreatureRemoved, FirstPlayer
from alaka.games.alakazoo.phases import PH_BOARD, PH_DEAL, PH_REMOVE
from alaka.games.alakazoo.rules.turn import MAX_ACTIONS_PER_TURN, start_turn

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply
    from alaka.games.alakazoo.state import AlakazooState


DEAL: Final = 4

#: 4 players use all six creatures' cards; each player fewer removes one creature.
FULL_TABLE: Final = 4


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
    start_turn(s, action.arg)


#: The action kinds this chapter applies (the package joins the chapters' tables).
APPLY: Final[dict[int, Apply]] = {
    BOARD: _apply_board,
    REMOVE: _apply_remove,
    FIRST: _apply_first,
}
