"""Do an action! (optional): choose one of the four, name it, and carry it out.

The rulebook's "2. Do an Action!", "The Market Pile and Going to the Market" (R10, R11),
"Foods" (R17) and "Brooms" (R8). An action is chosen, then named aloud (R22: a spell's targets,
the broom's character; the fought character and the food's culture are in the action itself),
then announced (:mod:`.voodoo`): the voodoo window opens, and only if no doll cancels it is the
action carried out here, as it was named: the market's card is shown after the window, a food
raises a culture's characters to C, a broom goes under its character, a fight starts a player
combat (:mod:`.fight`), a spell is paid and cast (:mod:`.spells`), an Alakazum is conjured
(:mod:`.conjure`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from alaka.core import knowledge
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import Announcement, ZumAction
from alaka.games.alakazum.phases import PH_ACTION, PH_BROOM_ON, PH_SHOW
from alaka.games.alakazum.rules import conjure, fight, spells, turn, voodoo
from alaka.games.alakazum.rules.table import (
    LEVEL_C,
    distinct_kinds,
    gain_public,
    kinds_in_hand,
    last_of_kind,
    own_market,
    owner_of,
    put_broom,
    set_level,
    take_from_hand,
)

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState


def can_show(s: AlakazumState, pid: int) -> bool:
    """R11: a hand card may be shown at the market if it says how many cards it takes (all but
    voodoo dolls, which never go to the pile)."""
    return s.L.take[s.L.kind_of[pid]] > 0


def showable(s: AlakazumState, seat: int) -> list[int]:
    """The kinds of hand card ``seat`` could show at the market (see :func:`can_show`)."""
    take, kind_of = s.L.take, s.L.kind_of
    return distinct_kinds(s, [pid for pid in s.hands[seat] if take[kind_of[pid]] > 0])


def food_raises(s: AlakazumState, seat: int, culture: int) -> list[int]:
    """R17: the characters a food of ``CULTURES[culture]`` would raise to level C: the seat's
    characters of that culture (never a multicolour one) below C. A food that would raise nobody
    changes nothing and is not offered (like a spell without effect, R12)."""
    culture_of, level = s.L.culture_index, s.level
    return [pid for pid in s.teams[seat] if culture_of[pid] == culture and level[pid] < LEVEL_C]


def _legal_action(s: AlakazumState) -> tuple[Action, ...]:
    a = s.acts
    p = s.player
    L = s.L
    out: list[Action] = []
    team = s.teams[p]
    kinds = kinds_in_hand(s, p)
    if s.market:
        take = L.take
        for kind in kinds:
            if take[kind] > 0:  # R11: a card to show (see can_show)
                out.append(a.market)
                break
    food_cultures, is_broom = L.food_cultures, L.is_broom
    for kind in kinds:
        for c in food_cultures[kind]:
            if food_raises(s, p, c):
                out.append(a.food[kind][c])
        if is_broom[kind] and any(s.broom_of[pid] < 0 for pid in team):
            out.append(a.broom[kind])
    fight = a.fight
    for q in range(s.n):
        if q != p and len(s.teams[q]) > 1:
            out.extend([fight[pid] for pid in s.teams[q]])
    spell = a.spell
    for i in spells.castable_spells(s):
        out.append(spell[i])
    out.append(a.no_action)
    return tuple(out)


def _apply_choose_action(s: AlakazumState, action: ZumAction) -> None:
    """An action is chosen: it is announced at once, or after its targets are named."""
    s.actions_left -= 1
    p = s.player
    if action.kind in (A.FOOD, A.BROOM):
        # The food or broom given is named: everyone now knows it is in this hand.
        knowledge.show_all(s.seen, last_of_kind(s, p, action.arg))
    if action.kind == A.BROOM:
        s.give_kind = action.arg
        s.phase = PH_BROOM_ON
    elif action.kind == A.SPELL and action.arg in spells.SPELL_TARGET_PHASES:
        s.spell = action.arg
        s.phase = spells.SPELL_TARGET_PHASES[action.arg]
    else:
        if action.kind == A.SPELL:
            s.spell = action.arg
        characters = (voodoo.named(s, action.arg),) if action.kind == A.FIGHT else ()
        voodoo.announce(s, Announcement(action, characters))


def _legal_broom_on(s: AlakazumState) -> tuple[Action, ...]:
    broom_on = s.acts.broom_on
    return tuple([broom_on[pid] for pid in s.teams[s.player] if s.broom_of[pid] < 0])


def _apply_broom_on(s: AlakazumState, action: ZumAction) -> None:
    voodoo.announce(s, Announcement(s.acts.broom[s.give_kind], (voodoo.named(s, action.arg),)))


def carry_out(s: AlakazumState) -> None:
    """No doll came: the announced action (or Alakazum) happens, as it was named."""
    announced = s.announced
    if announced is None:
        raise RuntimeError("nothing was announced")
    p = s.player
    action = announced.action
    kind = action.kind
    if kind == A.MARKET:
        s.phase = PH_SHOW
    elif kind == A.FOOD:
        card = take_from_hand(s, p, action.arg)
        own_market(s).append(card)
        raised = food_raises(s, p, action.arg2)
        set_level(s, p, raised, LEVEL_C)
        s.events.append(E.FoodGiven(p, 0, card, action.arg2, tuple(raised)))
        turn.action_done(s)
    elif kind == A.BROOM:
        target = announced.characters[0].card
        put_broom(s, target, take_from_hand(s, p, action.arg))
        s.give_kind = -1
        s.events.append(E.BroomGiven(p, 0, target))
        turn.action_done(s)
    elif kind == A.FIGHT:
        fight.start_player_combat(s, action.arg, owner_of(s, action.arg))
    elif kind == A.SPELL:
        spells.pay_and_cast(s)
    else:  # CONJURE
        conjure.conjure(s)


def _legal_show(s: AlakazumState) -> tuple[Action, ...]:
    show = s.acts.show
    return tuple([show[kind] for kind in showable(s, s.player)])


def _apply_show(s: AlakazumState, action: ZumAction) -> None:
    """R11: take min(number, pile) from the top one at a time, then the shown card goes on top."""
    p = s.player
    kind = action.arg
    take = s.L.take[kind]
    taken = []
    for _ in range(min(take, len(s.market))):
        pid = own_market(s).pop()
        gain_public(s, p, pid)
        taken.append(pid)
    shown = take_from_hand(s, p, kind)
    own_market(s).append(shown)
    s.events.append(E.WentToMarket(p, 0, shown, tuple(taken)))
    turn.action_done(s)


LEGAL: dict[int, Legal] = {PH_ACTION: _legal_action, PH_BROOM_ON: _legal_broom_on, PH_SHOW: _legal_show}
APPLY: dict[int, Apply] = {
    A.MARKET: _apply_choose_action,
    A.FOOD: _apply_choose_action,
    A.BROOM: _apply_choose_action,
    A.FIGHT: _apply_choose_action,
    A.SPELL: _apply_choose_action,
    A.BROOM_ON: _apply_broom_on,
    A.SHOW: _apply_show,
}
