"""Voodoo dolls: announcing an action or an Alakazum, and the window in which a doll cancels it.

The rulebook's "Voodoo Dolls" and reading R22: what a player says aloud (the action and its
targets, nothing hidden) is an :class:`~alaka.games.alakazum.actions.Announcement`; every
other player, in turn order from the announcer's left, may then play a doll. A doll cancels
the whole play (nothing is paid, shown or given; a cancelled Alakazum ends the turn) and goes
back to the box; if nobody plays one, the action is carried out (:mod:`.action`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import Announcement, Named, ZumAction
from alaka.games.alakazum.phases import PH_VOODOO
from alaka.games.alakazum.rules import action, turn
from alaka.games.alakazum.rules.table import owner_of, remove_from_hand

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState


def named(s: AlakazumState, pid: int) -> Named:
    """A character as an announcement names it: whose it is and its level now."""
    return Named(pid, owner_of(s, pid), s.level[pid])


def announce(s: AlakazumState, announcement: Announcement) -> None:
    """An action or Alakazum, named in full, opens the voodoo window (R22): every other player in
    turn order from the announcer's left is asked."""
    s.announced = announcement
    s.events.append(E.Announced(s.player, 0, announcement))
    s.window_left = s.n - 1
    s.phase = PH_VOODOO
    s.decider = (s.player + 1) % s.n


def window(s: AlakazumState) -> list[int]:
    """The players the voodoo window has still to ask, in turn order, the one deciding first
    (those after the announcer who have not answered: ``window_left`` of them)."""
    return [(s.decider + k) % s.n for k in range(s.window_left)]


def _legal_voodoo(s: AlakazumState) -> tuple[Action, ...]:
    doll = s.L.is_voodoo
    for pid in s.hands[s.decider]:
        if doll[pid]:
            return (s.acts.no_voodoo, s.acts.voodoo)
    return (s.acts.no_voodoo,)


def _apply_voodoo(s: AlakazumState, chosen: ZumAction) -> None:
    seat = s.decider
    if chosen.kind == A.VOODOO:
        doll = next(pid for pid in s.hands[seat] if s.L.is_voodoo[pid])
        remove_from_hand(s, seat, doll)
        s.box += (doll,)
        s.events.append(E.VoodooPlayed(seat, 0, s.player))
        s.window_left = 0
        announced = s.announced
        s.decider = s.player
        s.spell = s.give_kind = -1  # nothing was paid or given
        if announced is not None and announced.action.kind == A.CONJURE:
            s.conjure_culture = -1
            turn.end_turn(s)
        else:
            turn.action_done(s)
        return
    s.window_left -= 1
    if s.window_left:
        s.decider = (seat + 1) % s.n
    else:
        s.decider = s.player
        action.carry_out(s)


LEGAL: dict[int, Legal] = {PH_VOODOO: _legal_voodoo}
APPLY: dict[int, Apply] = {A.VOODOO: _apply_voodoo, A.NO_VOODOO: _apply_voodoo}
