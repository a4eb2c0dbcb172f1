"""Trap cards (R18-R20), and sending a character to the graveyard.

The rulebook's "Trap Cards": a trap found while exploring (or kept with Forest Magic) takes
effect at once and leaves the game. Black Friday gives half the hand away (rounded down, the
receivers chosen card by card); Halloween offers that or a character to the graveyard; Santa
Claus' die is rolled and passed to another player (R32) until it shows less than 3, and its
holder then loses a character. A trap that can do nothing says so and is over. The choice of a
character for the graveyard (R8) also ends a failed Alakazum (R21, :mod:`.conjure`), so it is
here for both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core import knowledge
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import ZumAction
from alaka.games.alakazum.phases import (
    PH_GIVE,
    PH_GIVE_TO,
    PH_HALLOWEEN,
    PH_SACRIFICE,
    PH_SANTA_PASS,
    PH_SANTA_ROLL,
    SAC_CONJURE,
    SAC_ENCOUNTER,
)
from alaka.games.alakazum.rules import conjure, turn
from alaka.games.alakazum.rules.table import (
    add_to_hand,
    kinds_in_hand,
    sacrifice_options,
    take_from_hand,
    to_graveyard,
)

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState

#: Santa Claus' present explodes on a roll below this (R20).
SANTA_EXPLODES_BELOW: Final = 3


def start_trap(s: AlakazumState, pid: int, cont: int) -> None:
    """R18-R20; the trap leaves the game. ``cont`` says what comes after (see :mod:`.turn`)."""
    p = s.player
    s.cont = cont
    s.box += (pid,)
    trap = s.L.trap(pid).trap
    s.events.append(E.TrapFound(p, 0, pid))
    s.decider = p
    if trap == "black_friday":
        _start_giving(s)
    elif trap == "halloween":
        if _legal_halloween(s):
            s.phase = PH_HALLOWEEN
        else:
            s.events.append(E.NoEffect(p, 0))
            turn.after_encounter(s)
    else:
        s.santa_holder = p
        s.phase = PH_SANTA_ROLL


def _start_giving(s: AlakazumState) -> None:
    hand = len(s.hands[s.player])
    if hand < 2:
        s.events.append(E.NoEffect(s.player, 0))
        turn.after_encounter(s)
        return
    s.give_left = hand // 2
    s.phase = PH_GIVE


def _legal_give(s: AlakazumState) -> tuple[Action, ...]:
    give = s.acts.give
    return tuple([give[k] for k in kinds_in_hand(s, s.decider)])


def _legal_give_to(s: AlakazumState) -> tuple[Action, ...]:
    return tuple([s.acts.to[q] for q in range(s.n) if q != s.decider])


def _apply_give(s: AlakazumState, action: ZumAction) -> None:
    s.give_kind = action.arg
    s.phase = PH_GIVE_TO


def _apply_to(s: AlakazumState, action: ZumAction) -> None:
    giver, q = s.decider, action.arg
    pid = take_from_hand(s, giver, s.give_kind)
    add_to_hand(s, q, pid)
    knowledge.show_to(s.seen, (giver,), pid)
    s.events.append(E.Given(giver, (1 << giver) | (1 << q), q, pid))
    s.give_left -= 1
    if s.give_left > 0:
        s.phase = PH_GIVE
    else:
        turn.after_encounter(s)


def _legal_halloween(s: AlakazumState) -> tuple[Action, ...]:
    out: list[Action] = []
    if len(s.hands[s.player]) >= 2:
        out.append(s.acts.halloween_cards)
    if sacrifice_options(s, s.player):
        out.append(s.acts.halloween_character)
    return tuple(out)


def _apply_halloween(s: AlakazumState, action: ZumAction) -> None:
    if action.kind == A.HALLOWEEN_CARDS:
        s.events.append(E.HalloweenCards(s.player, 0))
        _start_giving(s)
    else:
        s.events.append(E.HalloweenCharacter(s.player, 0))
        s.sacrifice_for = SAC_ENCOUNTER
        s.phase = PH_SACRIFICE


def santa_rolled(s: AlakazumState, value: int) -> None:
    """Santa Claus' die is rolled (chance): pass it on, or it explodes."""
    holder = s.santa_holder
    s.events.append(E.SantaRoll(holder, 0, value))
    if value >= SANTA_EXPLODES_BELOW:
        s.phase = PH_SANTA_PASS
        s.decider = holder
        return
    s.sacrifice_for = SAC_ENCOUNTER
    if sacrifice_options(s, holder):
        s.phase = PH_SACRIFICE
        s.decider = holder
    else:
        s.events.append(E.NoEffect(holder, 0))
        s.decider = s.player
        turn.after_encounter(s)


def _legal_santa_pass(s: AlakazumState) -> tuple[Action, ...]:
    return tuple([s.acts.pass_die[q] for q in range(s.n) if q != s.decider])


def _apply_pass_die(s: AlakazumState, action: ZumAction) -> None:
    s.events.append(E.DiePassed(s.santa_holder, 0, action.arg))
    s.santa_holder = action.arg
    s.phase = PH_SANTA_ROLL


def _legal_sacrifice(s: AlakazumState) -> tuple[Action, ...]:
    sacrifice = s.acts.sacrifice
    return tuple([sacrifice[pid] for pid in sacrifice_options(s, s.decider)])


def _apply_sacrifice(s: AlakazumState, action: ZumAction) -> None:
    seat = s.decider
    to_graveyard(s, seat, action.arg)
    s.events.append(E.Sacrificed(seat, 0, action.arg))
    s.decider = s.player
    if s.sacrifice_for == SAC_CONJURE:
        conjure.conjure_failed(s)
    else:
        turn.after_encounter(s)


LEGAL: dict[int, Legal] = {
    PH_GIVE: _legal_give,
    PH_GIVE_TO: _legal_give_to,
    PH_HALLOWEEN: _legal_halloween,
    PH_SANTA_PASS: _legal_santa_pass,
    PH_SACRIFICE: _legal_sacrifice,
}
APPLY: dict[int, Apply] = {
    A.GIVE: _apply_give,
    A.TO: _apply_to,
    A.HALLOWEEN_CARDS: _apply_halloween,
    A.HALLOWEEN_CHARACTER: _apply_halloween,
    A.PASS_DIE: _apply_pass_die,
    A.SACRIFICE: _apply_sacrifice,
}
