"""Gameplay: a turn's start, its one action, and passing the dice on.

A player holding 3 Dark Power tokens passes at the start of the turn (ruling Z5), otherwise
chooses one of the three actions, which the rules require (Z13; an option allows no action).
After the action and the displays the turn ends and the next player on the left begins.
:func:`start_turn` is also where the game ends: after the round in which a board was completed
(Z10), or at the safety limit on turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.protocol import Action
from alaka.core.tuples import replaced
from alaka.games.alakazoo.actions import END, NO_ACTION, ZooAction
from alaka.games.alakazoo.events import TABLE, NoAction, Passed, Truncated, TurnEnded, TurnStarted
from alaka.games.alakazoo.phases import PH_ACTION
from alaka.games.alakazoo.rules.end import finish
from alaka.games.alakazoo.rules.table import MAX_DARK

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply
    from alaka.games.alakazoo.state import AlakazooState


#: A generous bound on the actions of one turn (roll three dice and return tokens, or take a
#: column, discard, refill and display), used for the safety limit on a game's length.
MAX_ACTIONS_PER_TURN: Final = 40


def action_actions(s: AlakazooState) -> tuple[Action, ...]:
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


def start_turn(s: AlakazooState, seat: int) -> None:
    """Begin the turn of ``seat``: end the game, or pass with 3 Dark Power (Z5), or play."""
    while True:
        if s.end_by >= 0 and seat == s.first_player:
            finish(s)
            return
        if s.turns >= s.opts.max_turns:
            s.truncated = True
            s.events.append(Truncated(TABLE, 0, s.turns))
            finish(s)
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


def _apply_no_action(s: AlakazooState, action: ZooAction) -> None:
    """Z13, with ``may_skip_action``: no action, so no displays either; the turn ends at once."""
    s.skipped = replaced(s.skipped, s.player, s.skipped[s.player] | 1)
    s.events.append(NoAction(s.player, 0))
    _apply_end(s, action)


def _apply_end(s: AlakazooState, action: ZooAction) -> None:
    s.events.append(TurnEnded(s.player, 0))
    start_turn(s, (s.player + 1) % s.n)


#: The action kinds this chapter applies (the package joins the chapters' tables).
APPLY: Final[dict[int, Apply]] = {
    END: _apply_end,
    NO_ACTION: _apply_no_action,
}
