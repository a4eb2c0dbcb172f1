"""Do magic: the seven spells of the magic scroll, their targets and their payment.

The rulebook's "Magic Scroll: Spells", "Magic Hats and Magic Energy" and the final
clarifications (R12-R16): a spell may be cast if it is affordable (very magical characters'
energy plus magic hats; no change is given, R31) and has a legal effect. A spell names its
targets before the voodoo window (R22: Training's, Levitation's two and Revive's characters,
Clairvoyance's enemy); once the window has passed it is paid, hats first going to the market
pile, and does what was announced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.tuples import replaced, without
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import SPELL_COSTS, Announcement, Named, ZumAction
from alaka.games.alakazum.phases import (
    CONT_ACTION,
    LOOK_PEEK,
    PH_FM_DRAW,
    PH_FM_KEEP,
    PH_FM_PUT,
    PH_LEVITATE,
    PH_PAY,
    PH_PEEK,
    PH_REVIVE,
    PH_SWAP_WITH,
    PH_TRAIN,
    PH_WITCH_TAKE,
)
from alaka.games.alakazum.rules import conjure, fight, traps, turn, voodoo
from alaka.games.alakazum.rules.table import (
    LEVEL_C,
    add_to_hand,
    any_face_down,
    distinct_kinds,
    energy,
    face_down,
    gain_public,
    hats_energy,
    join_team,
    kinds_in_hand,
    level_up,
    own_level,
    own_market,
    owner_of,
    set_team,
    take_from_hand,
)

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState

FOREST_MAGIC_CARDS: Final = 6
UNLUCKY_WITCH_CARDS: Final = 2

#: The phase where a spell names its target before the window; spells missing here name nothing.
SPELL_TARGET_PHASES: Final = {
    A.TRAINING: PH_TRAIN,
    A.CLAIRVOYANCE: PH_PEEK,
    A.LEVITATION: PH_LEVITATE,
    A.REVIVE: PH_REVIVE,
}


def castable_spells(s: AlakazumState) -> list[int]:
    """R12: the spells the player may cast now, in the scroll's order: each affordable (very
    magical characters' energy plus hats) and with a legal effect. One pass for the whole menu,
    since it is asked at every action; the costs go up along the scroll, so once one is too dear
    the rest are too."""
    p = s.player
    budget = energy(s, p) + hats_energy(s, p)
    team = s.teams[p]
    castable: list[int] = []
    # Unlucky Witch (free): only against at least n-1 players (3 with five) with more characters.
    if s.market:
        mine = len(team)
        more = 0
        for q in range(s.n):
            if q != p and len(s.teams[q]) > mine:
                more += 1
        if more >= (3 if s.n == 5 else s.n - 1):
            castable.append(A.UNLUCKY_WITCH)
    if budget < SPELL_COSTS[A.TRAINING]:
        return castable
    level = s.level
    for pid in team:
        if level[pid] < LEVEL_C:
            castable.append(A.TRAINING)
            break
    if budget < SPELL_COSTS[A.CLAIRVOYANCE]:
        return castable
    if any_face_down(s):
        castable.append(A.CLAIRVOYANCE)
    if budget < SPELL_COSTS[A.FOREST_MAGIC]:
        return castable
    if s.deck or s.deck_top:
        castable.append(A.FOREST_MAGIC)
    if budget >= SPELL_COSTS[A.LEVITATION]:
        broom_of = s.broom_of
        for pid in team:
            if broom_of[pid] < 0:  # a character of the caster's that may leave
                if levitation_targets(s):
                    castable.append(A.LEVITATION)
                break
    if budget < SPELL_COSTS[A.REVIVE]:
        return castable
    if s.graveyard:
        castable.append(A.REVIVE)
    if budget >= SPELL_COSTS[A.DEJA_VU] and not s.deja_vu:  # Déjà Vu: once a turn
        castable.append(A.DEJA_VU)
    return castable


def spell_castable(s: AlakazumState, spell: int) -> bool:
    """R12: whether the player may cast ``spell`` now (see :func:`castable_spells`)."""
    return spell in castable_spells(s)


def levitation_targets(s: AlakazumState) -> list[int]:
    """R15: characters not at level C in another team (without a broom) or in the graveyard."""
    p = s.player
    level, broom_of = s.level, s.broom_of
    targets = []
    for q in range(s.n):
        if q != p:
            for pid in s.teams[q]:
                if level[pid] < LEVEL_C and broom_of[pid] < 0:
                    targets.append(pid)
    for pid in s.graveyard:
        if level[pid] < LEVEL_C:
            targets.append(pid)
    return targets


# -- naming the targets before the window ----------------------------------------------------------


def _spell_named(s: AlakazumState, characters: tuple[Named, ...] = (), position: int = -1) -> None:
    """A spell's targets are named: the spell is announced."""
    voodoo.announce(s, Announcement(s.acts.spell[s.spell], characters, position))


def _legal_train(s: AlakazumState) -> tuple[Action, ...]:
    train = s.acts.train
    return tuple([train[pid] for pid in s.teams[s.player] if s.level[pid] < LEVEL_C])


def _apply_train(s: AlakazumState, action: ZumAction) -> None:
    _spell_named(s, (voodoo.named(s, action.arg),))


def _legal_peek(s: AlakazumState) -> tuple[Action, ...]:
    return tuple([s.acts.peek[i] for i in face_down(s)])


def _apply_peek(s: AlakazumState, action: ZumAction) -> None:
    _spell_named(s, position=action.arg)


def _legal_levitate(s: AlakazumState) -> tuple[Action, ...]:
    levitate = s.acts.levitate
    return tuple([levitate[pid] for pid in s.teams[s.player] if s.broom_of[pid] < 0])


def _apply_levitate(s: AlakazumState, action: ZumAction) -> None:
    s.levitating = action.arg
    s.phase = PH_SWAP_WITH


def _legal_swap_with(s: AlakazumState) -> tuple[Action, ...]:
    swap_with = s.acts.swap_with
    return tuple([swap_with[pid] for pid in levitation_targets(s)])


def _apply_swap_with(s: AlakazumState, action: ZumAction) -> None:
    mine, s.levitating = s.levitating, -1
    _spell_named(s, (voodoo.named(s, mine), voodoo.named(s, action.arg)))


def _legal_revive(s: AlakazumState) -> tuple[Action, ...]:
    revive = s.acts.revive
    return tuple([revive[pid] for pid in s.graveyard])


def _apply_revive(s: AlakazumState, action: ZumAction) -> None:
    _spell_named(s, (voodoo.named(s, action.arg),))


# -- paying and casting ------------------------------------------------------------------------------


def pay_and_cast(s: AlakazumState) -> None:
    """The window passed: the very magical characters' energy counts first, then hats are paid."""
    s.paid = energy(s, s.player)
    if s.paid >= SPELL_COSTS[s.spell]:
        _cast(s)
    else:
        s.phase = PH_PAY


def _legal_pay(s: AlakazumState) -> tuple[Action, ...]:
    hat, pay = s.L.hat_of_kind, s.acts.pay
    return tuple([pay[k] for k in kinds_in_hand(s, s.player) if hat[k] > 0])


def _apply_pay(s: AlakazumState, action: ZumAction) -> None:
    p = s.player
    hat = take_from_hand(s, p, action.arg)
    own_market(s).append(hat)
    s.paid += s.L.hat_of_kind[action.arg]
    s.events.append(E.Paid(p, 0, hat))
    if s.paid >= SPELL_COSTS[s.spell]:
        _cast(s)


def _cast(s: AlakazumState) -> None:
    """The spell is paid: it does what was announced (R12-R16)."""
    p = s.player
    spell, s.spell = s.spell, -1
    announced = s.announced
    if announced is None:
        raise RuntimeError("a spell is cast without an announcement")
    targets = [c.card for c in announced.characters]
    s.events.append(E.Cast(p, 0, spell, s.paid))
    if spell == A.UNLUCKY_WITCH:
        s.witch_left = min(UNLUCKY_WITCH_CARDS, len(s.market))
        s.phase = PH_WITCH_TAKE
    elif spell == A.TRAINING:
        level_up(s, p, targets[0])
        s.events.append(E.Trained(p, 0, targets[0], s.level[targets[0]]))
        turn.action_done(s)
    elif spell == A.CLAIRVOYANCE:
        conjure.look(s, announced.position, LOOK_PEEK)
    elif spell == A.FOREST_MAGIC:
        s.fm_cards = ()
        s.fm_order = ()
        s.fm_count = min(FOREST_MAGIC_CARDS, len(s.deck) + len(s.deck_top))
        forest_magic_next(s)
    elif spell == A.LEVITATION:
        _levitate(s, targets[0], targets[1])
    elif spell == A.REVIVE:
        _revive(s, targets[0])
    else:  # Déjà Vu: two more actions, none of them Déjà Vu (R16)
        s.deja_vu = True
        s.actions_left += 2
        turn.action_done(s)


# -- what each spell does ------------------------------------------------------------------------


def _legal_witch_take(s: AlakazumState) -> tuple[Action, ...]:
    take_market = s.acts.take_market
    return tuple([take_market[k] for k in distinct_kinds(s, s.market[::-1])])


def _apply_take_market(s: AlakazumState, action: ZumAction) -> None:
    """Unlucky Witch: a card of the caster's choice from the market pile."""
    p = s.player
    kind_of = s.L.kind_of
    index = max(i for i, pid in enumerate(s.market) if kind_of[pid] == action.arg)
    pid = own_market(s).pop(index)
    gain_public(s, p, pid)
    s.events.append(E.WitchTook(p, 0, pid))
    s.witch_left -= 1
    if s.witch_left <= 0 or not s.market:
        turn.action_done(s)


def peeked(s: AlakazumState, position: int, pid: int) -> None:
    """Clairvoyance: the caster alone has seen the enemy at ``position``."""
    p = s.player
    s.peeked = replaced(s.peeked, position, s.peeked[position] | 1 << p)
    s.events.append(E.Peeked(p, 1 << p, position, pid))
    turn.action_done(s)


def forest_magic_next(s: AlakazumState) -> None:
    """R14: look at the top 6 (known cards first, then the unknown deck), keep 1, put the rest back."""
    while len(s.fm_cards) < s.fm_count and s.deck_top:
        s.fm_cards += (s.deck_top[-1],)
        s.deck_top = s.deck_top[:-1]
    if len(s.fm_cards) < s.fm_count:
        s.phase = PH_FM_DRAW
        return
    if not s.deck_top:
        s.top_known = 0
    p = s.player
    s.events.append(E.ForestMagicSeen(p, 1 << p, len(s.fm_cards), s.fm_cards))
    s.phase = PH_FM_KEEP


def forest_magic_drawn(s: AlakazumState, pid: int) -> None:
    """One of Forest Magic's cards comes from the unknown deck (chance)."""
    s.fm_cards += (pid,)
    forest_magic_next(s)


def _take_fm(s: AlakazumState, kind: int) -> int:
    kind_of = s.L.kind_of
    pid = next(pid for pid in s.fm_cards if kind_of[pid] == kind)
    s.fm_cards = without(s.fm_cards, pid)
    return pid


def _legal_fm_keep(s: AlakazumState) -> tuple[Action, ...]:
    keep = s.acts.keep
    return tuple([keep[k] for k in distinct_kinds(s, list(s.fm_cards))])


def _apply_keep(s: AlakazumState, action: ZumAction) -> None:
    kept = _take_fm(s, action.arg)
    s.fm_order = (kept,)  # the kept card waits here while the others are put back
    if s.fm_cards:
        s.phase = PH_FM_PUT
    else:
        _forest_magic_done(s)


def _legal_fm_put(s: AlakazumState) -> tuple[Action, ...]:
    put = s.acts.put
    return tuple([put[k] for k in distinct_kinds(s, list(s.fm_cards))])


def _apply_put(s: AlakazumState, action: ZumAction) -> None:
    s.fm_order += (_take_fm(s, action.arg),)
    if not s.fm_cards:
        _forest_magic_done(s)


def _forest_magic_done(s: AlakazumState) -> None:
    p = s.player
    kept, put_back = s.fm_order[0], s.fm_order[1:]
    s.fm_order = ()
    below = s.deck_top  # known cards under the six (only a scenario's long known top leaves any)
    s.deck_top = below + put_back[::-1]  # the first put back is the top card
    if put_back:
        s.top_known = s.top_known & (1 << p) if below else 1 << p
    s.events.append(E.ForestMagicKept(p, 1 << p, kept, put_back, len(put_back)))
    L = s.L
    if L.is_hand[kept]:
        add_to_hand(s, p, kept)
        turn.action_done(s)
    elif L.is_character[kept]:
        s.events.append(E.ForestMagicFight(p, 0, kept))
        fight.start_forest_combat(s, kept, CONT_ACTION)
    else:
        traps.start_trap(s, kept, CONT_ACTION)


def _levitate(s: AlakazumState, mine: int, theirs: int) -> None:
    """R15: the two characters change places; each keeps its level, but the graveyard resets."""
    p = s.player
    team = s.teams[p]
    if theirs in s.graveyard:
        s.graveyard = replaced(s.graveyard, s.graveyard.index(theirs), mine)
        own_level(s)[mine] = 0
        where = -1
    else:
        where = owner_of(s, theirs)
        other = s.teams[where]
        set_team(s, where, replaced(other, other.index(theirs), mine))
    set_team(s, p, replaced(team, team.index(mine), theirs))
    s.events.append(E.Levitated(p, 0, mine, theirs, where))
    turn.action_done(s)


def _revive(s: AlakazumState, pid: int) -> None:
    p = s.player
    s.graveyard = without(s.graveyard, pid)
    own_level(s)[pid] = 0
    join_team(s, p, pid)
    s.events.append(E.Revived(p, 0, pid))
    turn.action_done(s)


LEGAL: dict[int, Legal] = {
    PH_TRAIN: _legal_train,
    PH_PEEK: _legal_peek,
    PH_LEVITATE: _legal_levitate,
    PH_SWAP_WITH: _legal_swap_with,
    PH_REVIVE: _legal_revive,
    PH_PAY: _legal_pay,
    PH_WITCH_TAKE: _legal_witch_take,
    PH_FM_KEEP: _legal_fm_keep,
    PH_FM_PUT: _legal_fm_put,
}
APPLY: dict[int, Apply] = {
    A.TRAIN: _apply_train,
    A.PEEK: _apply_peek,
    A.LEVITATE: _apply_levitate,
    A.SWAP_WITH: _apply_swap_with,
    A.REVIVE_CARD: _apply_revive,
    A.PAY: _apply_pay,
    A.TAKE_MARKET: _apply_take_market,
    A.KEEP: _apply_keep,
    A.PUT: _apply_put,
}
