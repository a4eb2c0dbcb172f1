"""Conservation and information sets: where every card is, and what a seat cannot tell apart.

Not a chapter of the rulebook but of the engine: :func:`inventory` lists every card wherever it
is (the conformance kit checks none is created or lost), :func:`resample` deals again what
a seat cannot locate, for search (R25: the deck's unknown part; R26: face-down enemies nobody
looked at; R28: what everyone knows about a hand), and :func:`undo_safe` says which decisions
may be taken back because they tell nobody anything (R33).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from alaka.core import knowledge
from alaka.games.alakazum import actions as A
from alaka.games.alakazum.actions import SPELL_COSTS, ZumAction
from alaka.games.alakazum.content import CULTURES
from alaka.games.alakazum.layout import conjure_points, hat_energy
from alaka.games.alakazum.phases import PH_GIVE_TO, PH_OVER
from alaka.games.alakazum.rules.action import can_show
from alaka.games.alakazum.rules.table import energy, last_of_kind, own_hand

if TYPE_CHECKING:
    from alaka.games.alakazum.state import AlakazumState


def inventory(s: AlakazumState) -> dict[str, Any]:
    cards = [pid for pid in s.enemy_at if pid >= 0] + list(s.enemy_pool) + s.market + s.deck
    cards += [*s.deck_top, *s.graveyard, *s.box, *s.row, *s.aside, *s.fm_cards, *s.fm_order]
    for seat in range(s.n):
        cards += [*s.hands[seat], *s.teams[seat]]
    cards += [b for b in s.broom_of if b >= 0]
    if s.combat is not None:
        combat = s.combat
        cards += [potion.card for potion in combat.played if potion.in_effect or potion.use == "steal"]
        if combat.forest:
            cards.append(combat.fighter[1])
    return {"cards": sorted(cards)}


def _committed_cards(s: AlakazumState) -> set[int]:
    """Hidden cards a pending decision relies on, which a resample must leave in place: the card a
    trap victim chose to give, the hats that will pay an announced spell, the objects counted
    in an announced Alakazum. (Their owner has committed to them, so the position is only
    consistent with them in hand.)"""
    L = s.L
    hand = s.hands[s.player]
    if s.phase == PH_GIVE_TO:
        chosen = next(pid for pid in reversed(s.hands[s.decider]) if L.kind_of[pid] == s.give_kind)
        return {chosen}
    if s.spell >= 0:  # a spell chosen and not cast yet: it will be paid
        return {pid for pid in hand if hat_energy(L.hand(L.type_of[pid])) > 0}
    announced = s.announced
    if announced is not None and announced.action.kind == A.CONJURE:
        culture = CULTURES[announced.action.arg]
        return {pid for pid in hand if conjure_points(L.hand(L.type_of[pid]), culture) > 0}
    return set()


def _counts_in_conjure(s: AlakazumState) -> Callable[[int], bool] | None:
    """For an announced Alakazum: whether a card would add to its culture's total; else None."""
    announced = s.announced
    if announced is None or announced.action.kind != A.CONJURE:
        return None
    L, culture = s.L, CULTURES[announced.action.arg]
    return lambda pid: L.is_hand[pid] and conjure_points(L.hand(L.type_of[pid]), culture) > 0


def resample(s: AlakazumState, new: AlakazumState, seat: int, rng: random.Random) -> None:
    """Make ``new`` (a copy of ``s``) a state ``seat`` cannot tell apart: the cards it cannot
    locate are dealt again at random.

    Hidden places are the other hands (but for cards the seat saw arrive there), the unknown
    deck, a known deck top the seat does not know, and another caster's Forest Magic cards. A
    place holding a hand card gets a hand card again (hands only ever hold hand cards, and the
    deck's mix is public), and face-down enemies the seat has not looked at go back to the pool.
    """
    if s.phase == PH_OVER:
        return  # everything is shown at the end
    known = s.seen[seat]
    is_hand = s.L.is_hand
    hand_slots: list[tuple[int, int]] = []
    protected = _committed_cards(s) if s.player != seat or s.phase == PH_GIVE_TO else set()
    for q in range(s.n):
        if q != seat:
            hand_slots.extend(
                (q, i) for i, pid in enumerate(s.hands[q]) if not known >> pid & 1 and pid not in protected
            )
    pools: dict[bool, list[int]] = {True: [], False: []}
    for q, i in hand_slots:
        pid = s.hands[q][i]
        pools[is_hand[pid]].append(pid)
    # Other hidden places: the known deck top the seat does not know, another caster's Forest
    # Magic cards (refilled below, in the same order).
    deck_top = bool(s.deck_top) and not s.top_known >> seat & 1
    forest_magic = s.player != seat
    groups: list[tuple[int, ...]] = []
    if deck_top:
        groups.append(new.deck_top)
    if forest_magic:
        groups.extend([new.fm_cards, new.fm_order])
    for group in groups:
        for pid in group:
            pools[is_hand[pid]].append(pid)
    for pid in s.deck:
        pools[is_hand[pid]].append(pid)
    for pool in pools.values():
        # Sorted first, so the result depends only on what the seat knows (and on the RNG).
        pool.sort()
        rng.shuffle(pool)
    moved = 0
    announcer = s.player if s.player != seat else -1
    counts = _counts_in_conjure(s) if announcer >= 0 else None
    # An announced market is public: the announcer holds a card to show (R11, R22).
    show = announcer >= 0 and s.announced is not None and s.announced.action.kind == A.MARKET
    if show:
        kept = [pid for i, pid in enumerate(s.hands[announcer]) if (announcer, i) not in hand_slots]
        show = not any(can_show(s, pid) for pid in kept)
    if counts is not None or show:  # the announcer's slots first, while the cards they need remain
        hand_slots.sort(key=lambda slot: slot[0] != announcer)
    for q, i in hand_slots:
        old = new.hands[q][i]
        pool = pools[is_hand[old]]
        if counts is not None and q == announcer:
            # The announced total is public: the conjurer's other cards are known not to add to it.
            fresh = pool.pop(max(k for k, pid in enumerate(pool) if not counts(pid)))
        elif show and q == announcer:
            fresh = pool.pop(max(k for k, pid in enumerate(pool) if can_show(s, pid)))
            show = False
        else:
            fresh = pool.pop()
        own_hand(new, q)[i] = fresh
        moved |= (1 << old) | (1 << fresh)
    refilled = [tuple([pools[is_hand[old]].pop() for old in group]) for group in groups]
    if deck_top:
        new.deck_top = refilled.pop(0)
    if forest_magic:
        new.fm_cards, new.fm_order = refilled
    new.deck = pools[True] + pools[False]
    # Face-down enemies this seat has not looked at go back to the pool, placed when next seen.
    enemy_at, enemy_pool, peeked = list(new.enemy_at), list(new.enemy_pool), list(new.peeked)
    for position, pid in enumerate(s.enemy_at):
        if pid >= 0 and not s.revealed >> position & 1 and not s.peeked[position] >> seat & 1:
            enemy_at[position] = -1
            enemy_pool.append(pid)
            peeked[position] = 0
    new.enemy_at, new.enemy_pool, new.peeked = tuple(enemy_at), tuple(sorted(enemy_pool)), tuple(peeked)
    knowledge.forget_moved(new.seen, seat, moved)


#: Decisions that need no card of the hand to be offered: anyone can tell they are there.
_OFFERED_TO_ALL = frozenset({A.FIGHT, A.NO_ACTION, A.PASS})
#: Decisions that play, give or name a card of the hand of their kind (``arg``).
_NAMING_A_CARD = frozenset({A.FOOD, A.BROOM, A.POTION_COMBAT, A.POTION_DIE, A.STEAL})
#: Decisions that show nothing and rely on nothing hidden, though their menu may depend on the
#: hand (a card named is checked apart, see :func:`undo_safe`).
_SAFE_IF_ITS_CARD_IS_KNOWN = frozenset(
    {A.SPELL, A.FIGHT, A.NO_ACTION, A.PASS, A.NO_VOODOO, A.POTION_COMBAT, A.POTION_DIE, A.BROOM}
)
#: Spells that show their caster hidden cards once cast, with no chance in between when the
#: cards are already placed (a known deck top): never taken back.
_SHOWING_SPELLS = frozenset({A.FOREST_MAGIC})


def _seen_offered(s: AlakazumState, seat: int, action: ZumAction, seen: int) -> bool:
    """Whether a player who has seen the cards ``seen`` can tell ``action`` is among ``seat``'s
    choices now without seeing the rest of the hand: it needs no hand card, or a spell that the
    team's own energy pays, or a card of the hand that player has seen."""
    kind = action.kind
    if kind in _OFFERED_TO_ALL:
        return True
    if kind == A.SPELL:
        return SPELL_COSTS[action.arg] <= energy(s, seat)
    hand = s.hands[seat]
    if kind == A.MARKET:
        return any(seen >> pid & 1 and can_show(s, pid) for pid in hand)
    kind_of = s.L.kind_of
    return kind in _NAMING_A_CARD and any(seen >> pid & 1 and kind_of[pid] == action.arg for pid in hand)


def choice_public(s: AlakazumState, seat: int) -> bool:
    """R33: whether every other player can tell if ``seat`` has more than one choice now, for a
    menu drawn from the hand: they have seen the whole hand (the choices then follow from the
    table), or they see two choices that they know are there whatever the rest holds."""
    hand = s.hands[seat]
    legal = s.legal_actions()
    for viewer in range(s.n):
        seen = s.seen[viewer]
        if viewer == seat or all(seen >> pid & 1 for pid in hand):
            continue
        known = [a for a in legal if isinstance(a, ZumAction) and _seen_offered(s, seat, a, seen)]
        if len(known) < 2:
            return False
    return True


def known_to_all(s: AlakazumState, seat: int, pid: int) -> bool:
    """Whether every other player knows that ``pid`` is in ``seat``'s hand (R28)."""
    return all(s.seen[viewer] >> pid & 1 for viewer in range(s.n) if viewer != seat)


def holds_no_doll_for_all_to_see(s: AlakazumState, seat: int) -> bool:
    """R33: whether everyone knows ``seat`` has no voodoo doll to play: every doll has left the
    game or sits where all the others know, or everyone has seen the seat's whole hand."""
    is_doll = s.L.is_voodoo
    hand = s.hands[seat]
    if all(known_to_all(s, seat, pid) for pid in hand):
        return not any(is_doll[pid] for pid in hand)
    placed = set(s.box)
    for q in range(s.n):
        placed.update(pid for pid in s.hands[q] if q != seat and known_to_all(s, q, pid))
    return all(pid in placed for pid in range(len(is_doll)) if is_doll[pid])


def choice_known(s: AlakazumState, action: ZumAction) -> bool:
    """R33: whether everyone can tell if the player deciding in ``s`` had a choice. The menus of
    :data:`~alaka.games.alakazum.actions.UNDO_SAFE` come from the table alone; a voodoo window's
    from whether the player holds a doll; the rest from the hand (:func:`choice_public`)."""
    kind = action.kind
    if kind in A.UNDO_SAFE:
        return True
    seat = s.decider
    if kind in (A.VOODOO, A.NO_VOODOO):
        is_doll = s.L.is_voodoo
        shown = any(is_doll[pid] and known_to_all(s, seat, pid) for pid in s.hands[seat])
        return shown or holds_no_doll_for_all_to_see(s, seat)
    return choice_public(s, seat)


def undo_safe(s: AlakazumState, action: ZumAction) -> bool:
    """R33: whether ``action``, decided in ``s``, may be taken back: it shows nothing hidden and
    what it does depends on nothing hidden. (Whether it was a choice at all is
    :func:`choice_known`'s: an undo never stops at a decision whose choice was hidden.)

    The decisions of :data:`~alaka.games.alakazum.actions.UNDO_SAFE` always are, and so are a
    fight, no action, a pass and letting an announcement through; a spell only if the team's
    energy pays it (choosing it then tells nothing of the hats) and it shows no hidden card; a
    potion played or a broom named only if everyone knows that very card is in the hand. The
    rest never are."""
    kind = action.kind
    if kind in A.UNDO_SAFE:
        return True
    if kind not in _SAFE_IF_ITS_CARD_IS_KNOWN:
        return False
    seat = s.decider
    if kind == A.SPELL:
        return action.arg not in _SHOWING_SPELLS and SPELL_COSTS[action.arg] <= energy(s, seat)
    return kind not in _NAMING_A_CARD or known_to_all(s, seat, last_of_kind(s, seat, action.arg))
