"""Sequence of play: a turn's phases, exploring the forest, and the end of a turn or the game.

A turn (rulebook, "Turn Phases"): thrifty characters take from the market pile, then 1. explore
the forest (mandatory, R1-R3; a known top first, R25), 2. do an action (optional; Déjà Vu gives
two more), 3. conjure an Alakazum (optional, :mod:`.conjure`), and the turn passes to the left.
The functions that move from one phase to the next (:func:`begin_actions`, :func:`action_done`,
:func:`after_encounter`, :func:`end_turn`, :func:`game_over`) are here, and every chapter calls
them when its part is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core import knowledge
from alaka.core.language import N_
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import ZumAction
from alaka.games.alakazum.phases import CONT_EXPLORE, PH_ACTION, PH_CONJURE, PH_EXPLORE_DRAW, PH_OVER
from alaka.games.alakazum.rules import fight, traps
from alaka.games.alakazum.rules.table import add_to_hand, gain_public, own_market

if TYPE_CHECKING:
    from alaka.games.alakazum.rules.table import Apply
    from alaka.games.alakazum.state import AlakazumState

#: A bound on the actions of one turn, for the safety limit on a game's length.
MAX_ACTIONS_PER_TURN: Final = 400

#: How a game ended, with its details as fields: the outcome's reason is the English text made
#: from one (data, the same in every language); :func:`alaka.games.alakazum.text.reason_words`
#: finds the fields again and says it in the reader's language.
# TRANSLATORS: how a game ended; {turn} is the turn limit set for the game
STOPPED_AT_THE_LIMIT: Final = N_("the game stopped at the safety limit: turn {turn}")
# TRANSLATORS: how a game ended; {enemy} is a final enemy's name, {total} and {points} numbers of
# culture points, {culture} a culture's code (EUS, GAL...)
ALAKAZUM_WON: Final = N_("an Alakazum beat {enemy}: {total} {culture} points against {points}")
#: The reasons with fields, for finding the fields again.
DETAILED_REASONS: Final = (STOPPED_AT_THE_LIMIT, ALAKAZUM_WON)


def max_game_length(num_players: int, max_turns: int) -> int:
    return 200 * num_players + max_turns * MAX_ACTIONS_PER_TURN


def start_turn(s: AlakazumState, seat: int) -> None:
    """Thrifty draws, then explore the forest (R1, R2)."""
    if s.turns >= s.opts.max_turns:
        s.truncated = True
        game_over(s, -1, STOPPED_AT_THE_LIMIT.format(turn=s.opts.max_turns))
        return
    s.turns += 1
    s.player = s.decider = seat
    s.deja_vu = False
    s.events.append(E.TurnStarts(seat, 0, s.turns))
    is_thrifty = s.L.thrifty
    thrifty = 0
    for pid in s.teams[seat]:
        if is_thrifty[pid]:
            thrifty += 1
    for _ in range(thrifty):
        if not s.market:
            break
        pid = own_market(s).pop()
        gain_public(s, seat, pid)
        s.events.append(E.Thrifty(seat, 0, pid))
    s.draws_left = len(s.teams[seat])
    s.cont = CONT_EXPLORE
    explore_next(s)


def explore_next(s: AlakazumState) -> None:
    """The next card of the forest deck: a known top card at once, else a chance draw."""
    if s.draws_left <= 0:
        begin_actions(s)
        return
    if s.deck_top:
        pid = s.deck_top[-1]
        s.deck_top = s.deck_top[:-1]
        known = s.top_known
        knowledge.show_to(s.seen, (v for v in range(s.n) if known >> v & 1), pid)
        if not s.deck_top:
            s.top_known = 0
        explored(s, pid)
    elif s.deck:
        s.phase = PH_EXPLORE_DRAW
    else:
        game_over(s, -1, N_("the forest deck ran out: the invading traditions win"))


def explored(s: AlakazumState, pid: int) -> None:
    """R2: a hand card is kept and exploring goes on; a character or a trap stops it."""
    p = s.player
    s.draws_left -= 1
    L = s.L
    if L.is_hand[pid]:
        add_to_hand(s, p, pid)
        s.events.append(E.FoundHandCard(p, 1 << p, pid))
        explore_next(s)
    elif L.is_character[pid]:
        s.draws_left = 0
        fight.start_forest_combat(s, pid, CONT_EXPLORE)
    else:
        s.draws_left = 0
        traps.start_trap(s, pid, CONT_EXPLORE)


def after_encounter(s: AlakazumState) -> None:
    """A forest combat or trap is over: the action comes next, or, if Forest Magic brought it,
    the action is done."""
    if s.cont == CONT_EXPLORE:
        begin_actions(s)
    else:
        action_done(s)


def begin_actions(s: AlakazumState) -> None:
    s.actions_left = 1
    s.phase = PH_ACTION
    s.decider = s.player


def action_done(s: AlakazumState) -> None:
    """An action is over: another one (Déjà Vu), or the conjure phase."""
    s.decider = s.player
    s.announced = None
    if s.actions_left > 0:
        s.phase = PH_ACTION
    else:
        s.phase = PH_CONJURE


def _apply_no_action(s: AlakazumState, action: ZumAction) -> None:
    s.actions_left = 0
    s.events.append(E.NoAction(s.player, 0))
    action_done(s)


def _apply_end_turn(s: AlakazumState, action: ZumAction) -> None:
    end_turn(s)


def end_turn(s: AlakazumState) -> None:
    s.announced = None
    s.events.append(E.TurnEnds(s.player, 0))
    start_turn(s, (s.player + 1) % s.n)


def game_over(s: AlakazumState, winner: int, reason: str) -> None:
    """The end. ``reason`` says why, how it ended first and then the details after a colon (an
    arena tallies games by what comes before it)."""
    s.phase = PH_OVER
    s.announced = None
    s.winner = winner
    s.end_reason = reason
    s.events.append(E.GameOver(winner, 0, reason))


APPLY: dict[int, Apply] = {A.NO_ACTION: _apply_no_action, A.END_TURN: _apply_end_turn}
