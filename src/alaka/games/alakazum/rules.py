"""Alakazum! rules: legal actions, chance outcomes and what each action does.

Where the rulebook (``shared/rules/000_...txt``) is found in this module; ``Rn`` are the
readings of docs/rulings.md (numbered as in ``shared/content/alakazum-rulings.md``):

- Setup: final enemies by player count, the market pile, the opening deal with exchanges,
  the starting player (R23), the initial characters ........ :func:`setup`, ``PH_DEAL``, ``CHOOSE``
- Turn: thrifty draws, explore (R1-R3) ....................... :func:`_start_turn`, :func:`_explore_next`
- Forest combat (R4-R6) and player combat with the potion
  exchange and the steal potion (R7, R8) ..................... ``FIGHTER`` ... :func:`_end_combat`
- Traps (R18-R20) ............................................ :func:`_start_trap`, ``GIVE``, ``SACRIFICE``
- Actions: market (R10, R11), foods (R17), brooms (R8),
  fight, magic: the seven spells and their payment (R12-R16) . :func:`_carry_out`, :func:`_cast`
- Voodoo dolls: an announcement names its targets, then the
  response window (R22) ...................................... :func:`_announce`, ``PH_VOODOO``
- Conjure an Alakazum (R21) and the end conditions ........... ``CONJURE``, ``REVEAL``, :func:`_game_over`
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from alaka.core import knowledge
from alaka.core.protocol import Action, Outcome, rank_by_score
from alaka.games.alakazum import actions as A
from alaka.games.alakazum.actions import SPELL_COSTS, Announcement, Named, ZumAction
from alaka.games.alakazum.combat import (
    MORE_POINTS,
    TIE_TO_THE_DEFENDER,
    TIE_TO_THE_FOREST,
    Combat,
    CombatResult,
)
from alaka.games.alakazum.content import CULTURES, Broom, Character
from alaka.games.alakazum.layout import (
    combat_bonus,
    conjure_points,
    die_bonus,
    food_cultures,
    hat_energy,
    is_steal,
    is_voodoo,
)

if TYPE_CHECKING:
    from alaka.games.alakazum.state import AlakazumState

# Phases. A decision is taken by ``state.decider``; the CHANCE_PHASES are chance nodes.
PH_DEAL = 0  # chance: the opening deal, one card at a time
PH_FIRST = 1  # chance: the starting player among those tied
PH_CHOOSE = 2  # setup: choose an initial character
PH_EXPLORE_DRAW = 3  # chance: a forest card while exploring
PH_FIGHTER = 4  # a combat: choose the fighting character
PH_HELPER = 5  # a combat: add a sociable character, or not
PH_COMBAT_DIE = 6  # chance: a die combat value
PH_POTIONS = 7  # a combat: combat potions (alternating in player combat)
PH_HYPNOSIS_ROLL = 8  # chance: the hypnosis roll
PH_DIE_POTIONS = 9  # a combat: die potions (and steal answers)
PH_GIVE = 10  # a trap: choose a hand card to give away
PH_GIVE_TO = 11  # a trap: choose who receives it
PH_HALLOWEEN = 12  # Halloween: cards or a character
PH_SACRIFICE = 13  # choose a character for the graveyard
PH_SANTA_ROLL = 14  # chance: Santa Claus' die
PH_SANTA_PASS = 15  # Santa Claus: pass the die
PH_ACTION = 16  # choose (announce) an action
PH_VOODOO = 17  # the voodoo window: each opponent in turn
PH_BROOM_ON = 18  # the broom's character
PH_PAY = 19  # pay a spell with hats
PH_TRAIN = 20
PH_PEEK = 21
PH_ENEMY = 22  # chance: which enemy lies at the position being looked at
PH_FM_DRAW = 23  # chance: Forest Magic's cards from the unknown deck
PH_FM_KEEP = 24
PH_FM_PUT = 25
PH_LEVITATE = 26
PH_SWAP_WITH = 27
PH_REVIVE = 28
PH_WITCH_TAKE = 29
PH_CONJURE = 30  # conjure an Alakazum, or end the turn
PH_REVEAL = 31  # choose the face-down enemy to uncover
PH_OVER = 32
PH_SHOW = 33  # the market: the card to show (after the voodoo window)

CHANCE_PHASES = frozenset(
    {PH_DEAL, PH_FIRST, PH_EXPLORE_DRAW, PH_COMBAT_DIE, PH_HYPNOSIS_ROLL, PH_SANTA_ROLL, PH_ENEMY, PH_FM_DRAW}
)
DRAW_PHASES = frozenset({PH_DEAL, PH_EXPLORE_DRAW, PH_FM_DRAW})
DIE_PHASES = frozenset({PH_COMBAT_DIE, PH_HYPNOSIS_ROLL, PH_SANTA_ROLL})

# What comes after a forest encounter (combat or trap).
CONT_EXPLORE = 0  # the explore phase ends: go on to the action
CONT_ACTION = 1  # it came from Forest Magic: the action is done
# What a sacrifice is for.
SAC_ENCOUNTER = 0
SAC_CONJURE = 1
# What happens after a face-down enemy is looked at.
LOOK_PEEK = 0
LOOK_REVEAL = 1

HAND_SIZE = 3
CONJURE_MINIMUM = 8
LEVEL_C = 2
FOREST_MAGIC_CARDS = 6
UNLUCKY_WITCH_CARDS = 2
SANTA_EXPLODES_BELOW = 3
#: A bound on the actions of one turn, for the safety limit on a game's length.
MAX_ACTIONS_PER_TURN = 400

# Log events are tuples (kind, actor, private_to_mask, *details); text.event_text reads them.


def max_game_length(num_players: int, max_turns: int) -> int:
    return 200 * num_players + max_turns * MAX_ACTIONS_PER_TURN


# -- setup --------------------------------------------------------------------------------------


def setup(s: AlakazumState) -> None:
    """Final enemies by player count, the market pile, the initial characters, the deal."""
    layout = s.L
    for pid in layout.final:
        if layout.enemy(pid).culture_points(s.n) is None:
            s.box.append(pid)
            s.log.append(("enemy-removed", -1, 0, pid))
        else:
            s.enemy_pool.append(pid)
    s.enemy_at = [-1] * len(s.enemy_pool)
    s.peeked = [0] * len(s.enemy_pool)
    s.market = list(reversed(layout.initial_market))
    s.row = list(layout.initial_characters)
    s.deck = list(layout.forest)
    s.deal_queue = [seat for _ in range(HAND_SIZE) for seat in range(s.n)]
    s.phase = PH_DEAL


def enemy_points(s: AlakazumState, pid: int) -> int:
    points = s.L.enemy(pid).culture_points(s.n)
    return int(points) if points is not None else 0


def _after_deal(s: AlakazumState) -> None:
    """Exchange every non-hand card for a new one until everyone holds 3 hand cards."""
    for seat in range(s.n):
        out = [pid for pid in s.hands[seat] if not s.L.is_hand[pid]]
        if out:
            for pid in out:
                s.hands[seat].remove(pid)
                s.aside.append(pid)
            s.exchanges[seat] += len(out)
            s.deal_queue.extend([seat] * len(out))
            s.log.append(("exchange", seat, 0, tuple(out)))
    if s.deal_queue:
        return
    s.deck.extend(s.aside)
    s.aside = []
    tied = _tied(s)
    if len(tied) == 1:
        _set_start_player(s, tied[0])
    else:
        s.phase = PH_FIRST


def _set_start_player(s: AlakazumState, seat: int) -> None:
    s.start_player = seat
    s.log.append(("start-player", seat, 0, s.exchanges[seat]))
    s.phase = PH_CHOOSE
    s.decider = seat
    s.player = seat


# -- queries ------------------------------------------------------------------------------------


def char(s: AlakazumState, pid: int) -> Character:
    return s.L.character(pid)


def owner_of(s: AlakazumState, pid: int) -> int:
    for seat in range(s.n):
        if pid in s.teams[seat]:
            return seat
    return -1


def can_lose(s: AlakazumState, seat: int, pid: int) -> bool:
    """R8: a character leaves its team only if it has no broom and is not the last one."""
    return s.broom_of[pid] < 0 and len(s.teams[seat]) > 1


def culture_totals(s: AlakazumState, seat: int, hand: bool = True) -> list[int]:
    """R21, for every culture at once: characters of the culture and multicolour ones at their
    levels, plus objects and amulets in hand (unless ``hand`` is false). An object or amulet adds
    its points "to your characters of that culture", so it counts only in a culture where the
    player has a character (a multicolour one belongs to every culture), even one with no points
    at its level."""
    totals = [0, 0, 0, 0, 0]
    L = s.L
    counts = L.counts
    level = s.level
    present = 0
    for pid in s.teams[seat]:
        present |= L.cultures[pid]
        for c, points in enumerate(counts[pid][level[pid]]):
            totals[c] += points
    if hand and present:
        conjure = L.conjure
        for pid in s.hands[seat]:
            for c, points in enumerate(conjure[pid]):
                if present >> c & 1:
                    totals[c] += points
    return totals


def culture_total(s: AlakazumState, seat: int, culture: str, hand: bool = True) -> int:
    """R21: the total of one culture (see :func:`culture_totals`)."""
    return culture_totals(s, seat, hand)[CULTURES.index(culture)]


def energy(s: AlakazumState, seat: int) -> int:
    """Magic energy from very magical characters (Maruxa gives 2), available every action (R12, R16)."""
    table = s.L.energy
    return sum(table[pid] for pid in s.teams[seat])


def hats_energy(s: AlakazumState, seat: int) -> int:
    table = s.L.hat
    return sum(table[pid] for pid in s.hands[seat])


def distinct_kinds(s: AlakazumState, pids: Iterable[int]) -> list[int]:
    """The kinds of these cards, each once, in order (copies are interchangeable in actions)."""
    kind_of = s.L.kind_of
    kinds: list[int] = []
    for pid in pids:
        k = kind_of[pid]
        if k not in kinds:
            kinds.append(k)
    return kinds


def kinds_in_hand(s: AlakazumState, seat: int) -> list[int]:
    """The hand's card kinds, each once, in the order first held."""
    return distinct_kinds(s, s.hands[seat])


def take_from_hand(s: AlakazumState, seat: int, kind: int) -> int:
    """Remove one card of ``kind`` from the hand (the most recently gained) and return it."""
    hand = s.hands[seat]
    kind_of = s.L.kind_of
    for i in range(len(hand) - 1, -1, -1):
        if kind_of[hand[i]] == kind:
            pid = hand.pop(i)
            knowledge.forget(s.seen, pid)
            return pid
    raise ValueError(f"seat {seat} holds no {s.L.kind_name(kind)}")


def _gain_public(s: AlakazumState, seat: int, pid: int) -> None:
    """A card enters a hand in everyone's sight (from the market, a steal, a swap)."""
    s.hands[seat].append(pid)
    knowledge.show_all(s.seen, pid)


def face_down(s: AlakazumState) -> list[int]:
    return [i for i in range(len(s.enemy_at)) if not s.revealed >> i & 1]


def sacrifice_options(s: AlakazumState, seat: int) -> list[int]:
    """The characters ``seat`` may send to the graveyard (R8: not one on a broom, nothing if it
    is the last one). After a failed Alakazum, only "the characters that took part" (R21): those
    whose points at their level are in the announced total, so not one of another culture, nor
    one with no points of that culture at its level."""
    team = s.teams[seat]
    if len(team) <= 1:
        return []
    options = [pid for pid in team if s.broom_of[pid] < 0]
    if s.sacrifice_for == SAC_CONJURE:
        counts, level, c = s.L.counts, s.level, s.conjure_culture
        options = [pid for pid in options if counts[pid][level[pid]][c] > 0]
    return options


def food_raises(s: AlakazumState, seat: int, culture: int) -> list[int]:
    """R17: the characters a food of ``CULTURES[culture]`` would raise to level C: the seat's
    characters of that culture (never a multicolour one) below C. A food that would raise nobody
    changes nothing and is not offered (like a spell without effect, R12)."""
    code = CULTURES[culture]
    return [pid for pid in s.teams[seat] if char(s, pid).culture == code and s.level[pid] < LEVEL_C]


def spell_castable(s: AlakazumState, spell: int, budget: int | None = None) -> bool:
    """R12: affordable (``budget``: energy plus hats, computed here if not given), and with a
    legal effect."""
    p = s.player
    if spell == A.DEJA_VU and s.deja_vu:
        return False
    if budget is None:
        budget = energy(s, p) + hats_energy(s, p)
    if budget < SPELL_COSTS[spell]:
        return False
    team = s.teams[p]
    if spell == A.UNLUCKY_WITCH:
        mine = len(team)
        more = sum(1 for q in range(s.n) if q != p and len(s.teams[q]) > mine)
        needed = 3 if s.n == 5 else s.n - 1
        return more >= needed and bool(s.market)
    if spell == A.TRAINING:
        return any(s.level[pid] < LEVEL_C for pid in team)
    if spell == A.CLAIRVOYANCE:
        return bool(face_down(s))
    if spell == A.FOREST_MAGIC:
        return bool(s.deck or s.deck_top)
    if spell == A.LEVITATION:
        return any(s.broom_of[pid] < 0 for pid in team) and bool(levitation_targets(s))
    if spell == A.REVIVE:
        return bool(s.graveyard)
    return True  # Déjà Vu


def levitation_targets(s: AlakazumState) -> list[int]:
    """R15: characters not at level C in another team (without a broom) or in the graveyard."""
    p = s.player
    targets = [
        pid
        for q in range(s.n)
        if q != p
        for pid in s.teams[q]
        if s.level[pid] < LEVEL_C and s.broom_of[pid] < 0
    ]
    targets.extend(pid for pid in s.graveyard if s.level[pid] < LEVEL_C)
    return targets


def stealable(combat: Combat, seat: int, die_stage: bool = False) -> list[Any] | None:
    """R7: the rival's most recent active combat or die potion of this combat. Once the combat
    is decided (the die stage) only a die potion can be answered with a steal (R30)."""
    for entry in reversed(combat.played):
        if entry[0] != seat and entry[3] and entry[2] != "steal":
            if die_stage and entry[2] != "die":
                return None
            found: list[Any] = entry
            return found
    return None


# -- legal actions ------------------------------------------------------------------------------


def legal_actions(s: AlakazumState) -> tuple[Action, ...]:
    handler = _LEGAL.get(s.phase)
    return handler(s) if handler is not None else ()


def _legal_choose(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.choose[pid] for pid in s.row)  # type: ignore[misc]


def _legal_fighter(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.fighter[pid] for pid in s.teams[s.decider])  # type: ignore[misc]


def _helper_candidates(s: AlakazumState, combat: Combat, side: int) -> list[int]:
    seat = combat.owner[side]
    return [pid for pid in s.teams[seat] if pid != combat.fighter[side] and char(s, pid).sociable]


def _legal_helper(s: AlakazumState) -> tuple[Action, ...]:
    combat = s.combat
    assert combat is not None
    side = combat.side_of(s.decider)
    out: list[Action] = [s.acts.helper[pid] for pid in _helper_candidates(s, combat, side)]  # type: ignore[misc]
    out.append(s.acts.no_helper)
    return tuple(out)


def _legal_potions(s: AlakazumState) -> tuple[Action, ...]:
    """Combat potions (or double potions for combat); in player combat also a steal."""
    combat = s.combat
    assert combat is not None
    seat = s.decider
    L = s.L
    out: list[Action] = []
    can_steal = not combat.forest and stealable(combat, seat) is not None
    for kind in kinds_in_hand(s, seat):
        card = L.hand(kind)
        if combat_bonus(card) > 0:
            out.append(s.acts.potion_combat[kind])  # type: ignore[arg-type]
        elif can_steal and is_steal(card):
            out.append(s.acts.steal[kind])  # type: ignore[arg-type]
    out.append(s.acts.pass_)
    return tuple(out)


def _legal_die_potions(s: AlakazumState) -> tuple[Action, ...]:
    """The winner may add die potions; the loser may answer with a steal (R7)."""
    combat = s.combat
    assert combat is not None
    seat = s.decider
    L = s.L
    out: list[Action] = []
    winner_seat = combat.owner[combat.winner]
    for kind in kinds_in_hand(s, seat):
        card = L.hand(kind)
        if seat == winner_seat:
            if die_bonus(card) > 0:
                out.append(s.acts.potion_die[kind])  # type: ignore[arg-type]
        elif is_steal(card) and stealable(combat, seat, die_stage=True) is not None:
            out.append(s.acts.steal[kind])  # type: ignore[arg-type]
    out.append(s.acts.pass_)
    return tuple(out)


def _legal_give(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.give[k] for k in kinds_in_hand(s, s.decider))  # type: ignore[misc]


def _legal_give_to(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.to[q] for q in range(s.n) if q != s.decider)


def _legal_halloween(s: AlakazumState) -> tuple[Action, ...]:
    out: list[Action] = []
    if len(s.hands[s.player]) >= 2:
        out.append(s.acts.halloween_cards)
    if sacrifice_options(s, s.player):
        out.append(s.acts.halloween_character)
    return tuple(out)


def _legal_sacrifice(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.sacrifice[pid] for pid in sacrifice_options(s, s.decider))  # type: ignore[misc]


def _legal_santa_pass(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.pass_die[q] for q in range(s.n) if q != s.decider)


def _legal_action(s: AlakazumState) -> tuple[Action, ...]:
    a = s.acts
    p = s.player
    L = s.L
    out: list[Action] = []
    team = s.teams[p]
    if s.market and showable(s, p):
        out.append(a.market)
    for kind in kinds_in_hand(s, p):
        card = L.hand(kind)
        for culture in food_cultures(card):
            c = CULTURES.index(culture)
            if food_raises(s, p, c):
                out.append(a.food[kind][c])  # type: ignore[arg-type]
        if isinstance(card.effect, Broom) and any(s.broom_of[pid] < 0 for pid in team):
            out.append(a.broom[kind])  # type: ignore[arg-type]
    for q in range(s.n):
        if q != p and len(s.teams[q]) > 1:
            out.extend(a.fight[pid] for pid in s.teams[q])  # type: ignore[misc]
    budget = energy(s, p) + hats_energy(s, p)
    out.extend(a.spell[i] for i in range(len(SPELL_COSTS)) if spell_castable(s, i, budget))
    out.append(a.no_action)
    return tuple(out)


def can_show(s: AlakazumState, pid: int) -> bool:
    """R11: a hand card may be shown at the market if it says how many cards it takes (all but
    voodoo dolls, which never go to the pile)."""
    return s.L.hand(s.L.kind_of[pid]).take is not None


def showable(s: AlakazumState, seat: int) -> list[int]:
    """The kinds of hand card ``seat`` could show at the market (see :func:`can_show`)."""
    return distinct_kinds(s, (pid for pid in s.hands[seat] if can_show(s, pid)))


def _legal_show(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.show[kind] for kind in showable(s, s.player))  # type: ignore[misc]


def _legal_voodoo(s: AlakazumState) -> tuple[Action, ...]:
    doll = s.L.is_voodoo
    if any(doll[pid] for pid in s.hands[s.decider]):
        return (s.acts.no_voodoo, s.acts.voodoo)
    return (s.acts.no_voodoo,)


def _legal_broom_on(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.broom_on[pid] for pid in s.teams[s.player] if s.broom_of[pid] < 0)  # type: ignore[misc]


def _legal_pay(s: AlakazumState) -> tuple[Action, ...]:
    L = s.L
    return tuple(
        s.acts.pay[k]  # type: ignore[misc]
        for k in kinds_in_hand(s, s.player)
        if hat_energy(L.hand(k)) > 0
    )


def _legal_train(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.train[pid] for pid in s.teams[s.player] if s.level[pid] < LEVEL_C)  # type: ignore[misc]


def _legal_peek(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.peek[i] for i in face_down(s))


def _legal_fm_keep(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.keep[k] for k in distinct_kinds(s, s.fm_cards))  # type: ignore[misc]


def _legal_fm_put(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.put[k] for k in distinct_kinds(s, s.fm_cards))  # type: ignore[misc]


def _legal_levitate(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.levitate[pid] for pid in s.teams[s.player] if s.broom_of[pid] < 0)  # type: ignore[misc]


def _legal_swap_with(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.swap_with[pid] for pid in levitation_targets(s))  # type: ignore[misc]


def _legal_revive(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.revive[pid] for pid in s.graveyard)  # type: ignore[misc]


def _legal_witch_take(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.take_market[k] for k in distinct_kinds(s, reversed(s.market)))  # type: ignore[misc]


def _legal_conjure(s: AlakazumState) -> tuple[Action, ...]:
    out: list[Action] = []
    if face_down(s):
        totals = culture_totals(s, s.player)
        out.extend(s.acts.conjure[c] for c in range(len(CULTURES)) if totals[c] >= CONJURE_MINIMUM)
    out.append(s.acts.end_turn)
    return tuple(out)


def _legal_reveal(s: AlakazumState) -> tuple[Action, ...]:
    return tuple(s.acts.reveal[i] for i in face_down(s))


_LEGAL = {
    PH_CHOOSE: _legal_choose,
    PH_FIGHTER: _legal_fighter,
    PH_HELPER: _legal_helper,
    PH_POTIONS: _legal_potions,
    PH_DIE_POTIONS: _legal_die_potions,
    PH_GIVE: _legal_give,
    PH_GIVE_TO: _legal_give_to,
    PH_HALLOWEEN: _legal_halloween,
    PH_SACRIFICE: _legal_sacrifice,
    PH_SANTA_PASS: _legal_santa_pass,
    PH_ACTION: _legal_action,
    PH_VOODOO: _legal_voodoo,
    PH_BROOM_ON: _legal_broom_on,
    PH_PAY: _legal_pay,
    PH_TRAIN: _legal_train,
    PH_PEEK: _legal_peek,
    PH_FM_KEEP: _legal_fm_keep,
    PH_FM_PUT: _legal_fm_put,
    PH_LEVITATE: _legal_levitate,
    PH_SWAP_WITH: _legal_swap_with,
    PH_REVIVE: _legal_revive,
    PH_WITCH_TAKE: _legal_witch_take,
    PH_CONJURE: _legal_conjure,
    PH_SHOW: _legal_show,
    PH_REVEAL: _legal_reveal,
}


# -- chance -------------------------------------------------------------------------------------


def chance_outcomes(s: AlakazumState) -> tuple[tuple[Action, float], ...]:
    phase = s.phase
    a = s.acts
    if phase in DRAW_PHASES:
        counts = Counter(s.L.kind_of[pid] for pid in s.deck)
        total = len(s.deck)
        return tuple((a.draw[k], c / total) for k, c in counts.items())  # type: ignore[misc]
    if phase in DIE_PHASES:
        return tuple((a.die[v], 1 / 6) for v in range(1, 7))  # type: ignore[misc]
    if phase == PH_ENEMY:
        kinds = [s.L.kind_of[pid] for pid in s.enemy_pool]
        return tuple((a.enemy[k], 1 / len(kinds)) for k in kinds)  # type: ignore[misc]
    tied = _tied(s)
    return tuple((a.first[q], 1 / len(tied)) for q in tied)


def _tied(s: AlakazumState) -> list[int]:
    most = max(s.exchanges)
    return [q for q in range(s.n) if s.exchanges[q] == most]


def sample_chance(s: AlakazumState, rng: random.Random) -> Action:
    phase = s.phase
    a = s.acts
    if phase in DRAW_PHASES:
        deck = s.deck
        return a.draw[s.L.kind_of[deck[rng.randrange(len(deck))]]]  # type: ignore[return-value]
    if phase in DIE_PHASES:
        return a.die[rng.randint(1, 6)]  # type: ignore[return-value]
    if phase == PH_ENEMY:
        pool = s.enemy_pool
        return a.enemy[s.L.kind_of[pool[rng.randrange(len(pool))]]]  # type: ignore[return-value]
    tied = _tied(s)
    return a.first[tied[rng.randrange(len(tied))]]


def is_chance_outcome(s: AlakazumState, action: ZumAction) -> bool:
    phase = s.phase
    kind = action.kind
    if phase in DRAW_PHASES:
        k = action.arg
        return kind == A.DRAW and action is s.acts.draw[k] and k in map(s.L.kind_of.__getitem__, s.deck)
    if phase in DIE_PHASES:
        return kind == A.DIE and 1 <= action.arg <= 6 and action is s.acts.die[action.arg]
    return action in s.legal_actions()


def _draw_kind(s: AlakazumState, kind: int) -> int:
    """Take a card of ``kind`` out of the unknown deck."""
    deck = s.deck
    kind_of = s.L.kind_of
    for i, pid in enumerate(deck):
        if kind_of[pid] == kind:
            deck[i] = deck[-1]
            deck.pop()
            return pid
    raise ValueError("no such card in the deck")


# -- applying -----------------------------------------------------------------------------------


def apply(s: AlakazumState, action: ZumAction) -> None:
    _APPLY[action.kind](s, action)


def _apply_draw(s: AlakazumState, action: ZumAction) -> None:
    pid = _draw_kind(s, action.arg)
    phase = s.phase
    if phase == PH_DEAL:
        seat = s.deal_queue.pop(0)
        s.hands[seat].append(pid)
        s.log.append(("dealt", seat, 1 << seat, pid))
        if not s.deal_queue:
            _after_deal(s)
    elif phase == PH_EXPLORE_DRAW:
        _explored(s, pid)
    else:  # PH_FM_DRAW
        s.fm_cards.append(pid)
        _forest_magic_next(s)


def _apply_first(s: AlakazumState, action: ZumAction) -> None:
    _set_start_player(s, action.arg)


def _apply_choose(s: AlakazumState, action: ZumAction) -> None:
    pid = action.arg
    seat = s.decider
    s.row.remove(pid)
    s.teams[seat].append(pid)
    s.level[pid] = 0
    s.log.append(("choose", seat, 0, pid))
    chosen = sum(len(t) for t in s.teams)
    if chosen < s.n:
        s.decider = (seat + 1) % s.n
        return
    for pid in s.row:
        s.level[pid] = 0
        s.graveyard.append(pid)
    s.log.append(("row-to-graveyard", -1, 0, tuple(s.row)))
    s.row = []
    start_turn(s, s.start_player)


def start_turn(s: AlakazumState, seat: int) -> None:
    """Thrifty draws, then explore the forest (R1, R2)."""
    if s.turns >= s.opts.max_turns:
        s.truncated = True
        _game_over(s, -1, f"the game stopped at the safety limit: turn {s.opts.max_turns}")
        return
    s.turns += 1
    s.player = s.decider = seat
    s.deja_vu = False
    s.log.append(("turn", seat, 0, s.turns))
    thrifty = sum(1 for pid in s.teams[seat] if char(s, pid).thrifty)
    for _ in range(thrifty):
        if not s.market:
            break
        pid = s.market.pop()
        _gain_public(s, seat, pid)
        s.log.append(("thrifty", seat, 0, pid))
    s.draws_left = len(s.teams[seat])
    s.cont = CONT_EXPLORE
    _explore_next(s)


def _explore_next(s: AlakazumState) -> None:
    if s.draws_left <= 0:
        begin_actions(s)
        return
    if s.deck_top:
        pid = s.deck_top.pop()
        known = s.top_known
        knowledge.show_to(s.seen, (v for v in range(s.n) if known >> v & 1), pid)
        if not s.deck_top:
            s.top_known = 0
        _explored(s, pid)
    elif s.deck:
        s.phase = PH_EXPLORE_DRAW
    else:
        _game_over(s, -1, "the forest deck ran out: the invading traditions win")


def _explored(s: AlakazumState, pid: int) -> None:
    """R2: a hand card is kept and exploring goes on; a character or a trap stops it."""
    p = s.player
    s.draws_left -= 1
    L = s.L
    if L.is_hand[pid]:
        s.hands[p].append(pid)
        s.log.append(("explore-hand", p, 1 << p, pid))
        _explore_next(s)
    elif L.is_character[pid]:
        s.draws_left = 0
        _start_forest_combat(s, pid, CONT_EXPLORE)
    else:
        s.draws_left = 0
        _start_trap(s, pid, CONT_EXPLORE)


def _after_encounter(s: AlakazumState) -> None:
    if s.cont == CONT_EXPLORE:
        begin_actions(s)
    else:
        _action_done(s)


# -- combat -------------------------------------------------------------------------------------


def _start_combat(s: AlakazumState, combat: Combat) -> None:
    """A new combat begins; the last one stops being shown."""
    s.combat = combat
    s.last_combat = None


def _start_forest_combat(s: AlakazumState, pid: int, cont: int) -> None:
    s.level[pid] = 0
    s.cont = cont
    _start_combat(s, Combat(True, s.player, pid, -1))
    s.log.append(("forest-character", s.player, 0, pid))
    s.phase = PH_FIGHTER
    s.decider = s.player


def _apply_fighter(s: AlakazumState, action: ZumAction) -> None:
    combat = s.combat
    assert combat is not None
    combat.fighter[0] = action.arg
    s.log.append(("fighter", s.decider, 0, action.arg))
    _next_helper(s, 0)


def _next_helper(s: AlakazumState, side: int) -> None:
    """R4: each side may add one sociable character (public knowledge: skipped when none)."""
    combat = s.combat
    assert combat is not None
    while side < 2:
        if combat.owner[side] >= 0 and _helper_candidates(s, combat, side):
            s.phase = PH_HELPER
            s.decider = combat.owner[side]
            return
        side += 1
    _start_combat_rolls(s)


def _apply_helper(s: AlakazumState, action: ZumAction) -> None:
    combat = s.combat
    assert combat is not None
    side = combat.side_of(s.decider)
    if action.kind == A.HELPER:
        combat.helper[side] = action.arg
        s.log.append(("helper", s.decider, 0, action.arg))
    _next_helper(s, side + 1)


def _value_needs_die(s: AlakazumState, pid: int, forest_character: bool) -> bool:
    level = 0 if forest_character else s.level[pid]
    return char(s, pid).combat[level] == "die"


def _start_combat_rolls(s: AlakazumState) -> None:
    """R4: a die combat value is rolled when the combat starts."""
    combat = s.combat
    assert combat is not None
    rolls = []
    for side in (0, 1):
        for pid in (combat.fighter[side], combat.helper[side]):
            if pid >= 0 and _value_needs_die(s, pid, combat.forest and side == 1):
                rolls.append(pid)
    combat.rolls = rolls
    if rolls:
        s.phase = PH_COMBAT_DIE
    else:
        _start_potions(s)


def _start_potions(s: AlakazumState) -> None:
    combat = s.combat
    assert combat is not None
    combat.turn = combat.owner[0]
    combat.passes = 0
    s.phase = PH_POTIONS
    s.decider = combat.turn


def _apply_die(s: AlakazumState, action: ZumAction) -> None:
    value = action.arg
    phase = s.phase
    if phase == PH_COMBAT_DIE:
        combat = s.combat
        assert combat is not None
        pid = combat.rolls.pop(0)
        combat.values[pid] = value
        s.log.append(("combat-die", -1, 0, pid, value))
        if not combat.rolls:
            _start_potions(s)
    elif phase == PH_HYPNOSIS_ROLL:
        combat = s.combat
        assert combat is not None
        combat.roll = value
        winner_seat = combat.owner[combat.winner]
        s.log.append(("hypnosis-roll", winner_seat, 0, value))
        combat.turn = winner_seat
        combat.passes = 0
        s.phase = PH_DIE_POTIONS
        s.decider = winner_seat
    else:  # PH_SANTA_ROLL
        _santa_rolled(s, value)


def combat_value(s: AlakazumState, combat: Combat, pid: int, forest_character: bool) -> int:
    if pid < 0:
        return 0
    if pid in combat.values:
        return combat.values[pid]
    level = 0 if forest_character else s.level[pid]
    value = char(s, pid).combat[level]
    return value if isinstance(value, int) else 0


def combat_total(s: AlakazumState, combat: Combat, side: int) -> int:
    """R4: fighter + one sociable helper + this side's combat potions still in effect."""
    forest_character = combat.forest and side == 1
    total = combat_value(s, combat, combat.fighter[side], forest_character)
    total += combat_value(s, combat, combat.helper[side], False)
    seat = combat.owner[side]
    L = s.L
    for entry in combat.played:
        if entry[0] == seat and entry[3] and entry[2] == "combat":
            total += combat_bonus(L.hand(L.type_of[entry[1]]))
    return total


def die_total(s: AlakazumState, combat: Combat) -> int:
    seat = combat.owner[combat.winner]
    L = s.L
    bonus = sum(
        die_bonus(L.hand(L.type_of[entry[1]]))
        for entry in combat.played
        if entry[0] == seat and entry[3] and entry[2] == "die"
    )
    return combat.roll + bonus


def _play_potion(s: AlakazumState, action: ZumAction, mode: str) -> None:
    combat = s.combat
    assert combat is not None
    seat = s.decider
    pid = take_from_hand(s, seat, action.arg)
    combat.played.append([seat, pid, mode, True])
    if mode == "steal":
        target = stealable(combat, seat, die_stage=s.phase == PH_DIE_POTIONS)
        assert target is not None
        target[3] = False  # cancelled: the stolen potion leaves the combat for the stealer's hand
        _gain_public(s, seat, target[1])
        s.log.append(("steal", seat, 0, pid, target[1]))
    else:
        s.log.append(("potion", seat, 0, pid, mode))


def _apply_potion(s: AlakazumState, action: ZumAction) -> None:
    combat = s.combat
    assert combat is not None
    mode = {A.POTION_COMBAT: "combat", A.POTION_DIE: "die"}.get(action.kind, "steal")
    _play_potion(s, action, mode)
    if combat.forest:
        return  # the explorer plays on until passing
    combat.passes = 0
    _other_turn(s, combat)


def _other_turn(s: AlakazumState, combat: Combat) -> None:
    combat.turn = combat.owner[1] if combat.turn == combat.owner[0] else combat.owner[0]
    s.decider = combat.turn


def _apply_pass(s: AlakazumState, action: ZumAction) -> None:
    """R7: the exchange ends when both have passed in a row (in forest combat, at once)."""
    combat = s.combat
    assert combat is not None
    combat.passes += 1
    if not combat.forest and combat.passes < 2:
        _other_turn(s, combat)
        return
    if s.phase == PH_POTIONS:
        _resolve_combat(s)
    else:
        _resolve_hypnosis(s)


def _level_up(s: AlakazumState, pid: int) -> None:
    if s.level[pid] < LEVEL_C:
        s.level[pid] += 1


def _resolve_combat(s: AlakazumState) -> None:
    """R5: more points wins; ties go to the defender or the forest character. The comparison is
    recorded as it was made, before the winner goes up a level."""
    combat = s.combat
    assert combat is not None
    totals = (combat_total(s, combat, 0), combat_total(s, combat, 1))
    winner = 0 if totals[0] > totals[1] else 1
    if totals[0] != totals[1]:
        reason = MORE_POINTS
    else:
        reason = TIE_TO_THE_FOREST if combat.forest else TIE_TO_THE_DEFENDER
    cards = [pid for side in (0, 1) for pid in (combat.fighter[side], combat.helper[side]) if pid >= 0]
    levels = tuple((pid, 0 if combat.forest and pid == combat.fighter[1] else s.level[pid]) for pid in cards)
    combat.result = CombatResult(totals, (combat.fighter[0], combat.fighter[1]), levels, winner, reason)
    combat.winner = winner
    s.log.append(("combat-result", combat.owner[0], 0, combat.result))
    if combat.forest and winner == 1:
        _forest_defeat(s)
        return
    fighter = combat.fighter[winner]
    before = s.level[fighter]
    _level_up(s, fighter)
    s.log.append(("level-up", combat.owner[winner], 0, fighter, before, s.level[fighter]))
    s.phase = PH_HYPNOSIS_ROLL


def _forest_defeat(s: AlakazumState) -> None:
    """R6: the forest character goes back into the reshuffled deck; the fighter to the graveyard
    unless it is the only character or rides a broom."""
    combat = s.combat
    assert combat is not None
    p = combat.owner[0]
    creature = combat.fighter[1]
    s.deck.extend(s.deck_top)
    s.deck_top = []
    s.top_known = 0
    s.deck.append(creature)
    fighter = combat.fighter[0]
    lost = can_lose(s, p, fighter)
    if lost:
        _to_graveyard(s, p, fighter)
    s.log.append(("forest-defeat", p, 0, creature, fighter, int(lost)))
    _end_combat(s)


def _to_graveyard(s: AlakazumState, seat: int, pid: int) -> None:
    s.teams[seat].remove(pid)
    s.level[pid] = 0
    s.graveyard.append(pid)


def _resolve_hypnosis(s: AlakazumState) -> None:
    """The roll (plus die potions) must exceed the loser's resistance at its level."""
    combat = s.combat
    assert combat is not None
    winner = combat.winner
    loser = 1 - winner
    target = combat.fighter[loser]
    level = 0 if combat.forest else s.level[target]
    resistance = char(s, target).resistance[level]
    total = die_total(s, combat)
    winner_seat = combat.owner[winner]
    if combat.forest:
        s.level[target] = 0
        if total > resistance:
            s.teams[winner_seat].append(target)
            combat.hypnosis = "hypnotised"
        else:
            s.graveyard.append(target)
            combat.hypnosis = "not hypnotised"
    else:
        loser_seat = combat.owner[loser]
        if total > resistance and can_lose(s, loser_seat, target):
            s.teams[loser_seat].remove(target)
            s.teams[winner_seat].append(target)
            combat.hypnosis = "hypnotised"
        elif total > resistance:
            combat.hypnosis = "protected"
        else:
            combat.hypnosis = "not hypnotised"
    if combat.hypnosis == "protected":
        s.log.append(("protected", combat.owner[loser], 0, target))
    else:
        event = "hypnotised" if combat.hypnosis == "hypnotised" else "not-hypnotised"
        s.log.append((event, winner_seat, 0, target, total, resistance))
    _end_combat(s)


def _end_combat(s: AlakazumState) -> None:
    """Potions still on the table go to the market pile in the order played (R10)."""
    combat = s.combat
    assert combat is not None
    for entry in combat.played:
        if entry[3] or entry[2] == "steal":
            s.market.append(entry[1])
    forest = combat.forest
    s.last_combat = combat
    s.combat = None
    s.decider = s.player
    if forest:
        _after_encounter(s)
    else:
        _action_done(s)


# -- traps --------------------------------------------------------------------------------------


def _start_trap(s: AlakazumState, pid: int, cont: int) -> None:
    """R18-R20; the trap leaves the game."""
    p = s.player
    s.cont = cont
    s.box.append(pid)
    trap = s.L.card(pid).trap  # type: ignore[union-attr]
    s.log.append(("trap", p, 0, pid))
    s.decider = p
    if trap == "black_friday":
        _start_giving(s)
    elif trap == "halloween":
        if _legal_halloween(s):
            s.phase = PH_HALLOWEEN
        else:
            s.log.append(("no-effect", p, 0))
            _after_encounter(s)
    else:
        s.santa_holder = p
        s.phase = PH_SANTA_ROLL


def _start_giving(s: AlakazumState) -> None:
    hand = len(s.hands[s.player])
    if hand < 2:
        s.log.append(("no-effect", s.player, 0))
        _after_encounter(s)
        return
    s.give_left = hand // 2
    s.phase = PH_GIVE


def _apply_give(s: AlakazumState, action: ZumAction) -> None:
    s.give_kind = action.arg
    s.phase = PH_GIVE_TO


def _apply_to(s: AlakazumState, action: ZumAction) -> None:
    giver, q = s.decider, action.arg
    pid = take_from_hand(s, giver, s.give_kind)
    s.hands[q].append(pid)
    knowledge.show_to(s.seen, (giver,), pid)
    s.log.append(("give", giver, (1 << giver) | (1 << q), q, pid))
    s.give_left -= 1
    if s.give_left > 0:
        s.phase = PH_GIVE
    else:
        _after_encounter(s)


def _apply_halloween(s: AlakazumState, action: ZumAction) -> None:
    if action.kind == A.HALLOWEEN_CARDS:
        s.log.append(("halloween-cards", s.player, 0))
        _start_giving(s)
    else:
        s.log.append(("halloween-character", s.player, 0))
        s.sacrifice_for = SAC_ENCOUNTER
        s.phase = PH_SACRIFICE


def _santa_rolled(s: AlakazumState, value: int) -> None:
    holder = s.santa_holder
    s.log.append(("santa-roll", holder, 0, value))
    if value >= SANTA_EXPLODES_BELOW:
        s.phase = PH_SANTA_PASS
        s.decider = holder
        return
    s.sacrifice_for = SAC_ENCOUNTER
    if sacrifice_options(s, holder):
        s.phase = PH_SACRIFICE
        s.decider = holder
    else:
        s.log.append(("no-effect", holder, 0))
        s.decider = s.player
        _after_encounter(s)


def _apply_pass_die(s: AlakazumState, action: ZumAction) -> None:
    s.log.append(("pass-die", s.santa_holder, 0, action.arg))
    s.santa_holder = action.arg
    s.phase = PH_SANTA_ROLL


def _apply_sacrifice(s: AlakazumState, action: ZumAction) -> None:
    seat = s.decider
    _to_graveyard(s, seat, action.arg)
    s.log.append(("sacrifice", seat, 0, action.arg))
    s.decider = s.player
    if s.sacrifice_for == SAC_CONJURE:
        _conjure_failed(s)
    else:
        _after_encounter(s)


# -- actions ------------------------------------------------------------------------------------
#
# An action is chosen, then named aloud (R22: a spell's targets, the broom's character; the fought
# character and the food's culture are in the action itself), then announced: the voodoo window
# opens, and only if no doll cancels it is the action carried out, paid for and revealed.


def begin_actions(s: AlakazumState) -> None:
    s.actions_left = 1
    s.phase = PH_ACTION
    s.decider = s.player


def _action_done(s: AlakazumState) -> None:
    s.decider = s.player
    s.announced = None
    if s.actions_left > 0:
        s.phase = PH_ACTION
    else:
        s.phase = PH_CONJURE


def named(s: AlakazumState, pid: int) -> Named:
    """A character as an announcement names it: whose it is and its level now."""
    return Named(pid, owner_of(s, pid), s.level[pid])


def _announce(s: AlakazumState, announcement: Announcement) -> None:
    """An action or Alakazum, named in full, opens the voodoo window (R22): every other player in
    turn order from the announcer's left is asked."""
    s.announced = announcement
    s.log.append(("announce", s.player, 0, announcement))
    s.window = [(s.player + k) % s.n for k in range(1, s.n)]
    s.phase = PH_VOODOO
    s.decider = s.window[0]


#: The phase where a spell names its target before the window; spells missing here name nothing.
_SPELL_TARGET_PHASES = {
    A.TRAINING: PH_TRAIN,
    A.CLAIRVOYANCE: PH_PEEK,
    A.LEVITATION: PH_LEVITATE,
    A.REVIVE: PH_REVIVE,
}


def _apply_announce(s: AlakazumState, action: ZumAction) -> None:
    """An action is chosen: it is announced at once, or after its targets are named."""
    s.actions_left -= 1
    p = s.player
    if action.kind in (A.FOOD, A.BROOM):
        # The food or broom given is named: everyone now knows it is in this hand.
        kind_of = s.L.kind_of
        card = next(pid for pid in reversed(s.hands[p]) if kind_of[pid] == action.arg)
        knowledge.show_all(s.seen, card)
    if action.kind == A.BROOM:
        s.give_kind = action.arg
        s.phase = PH_BROOM_ON
    elif action.kind == A.SPELL and action.arg in _SPELL_TARGET_PHASES:
        s.spell = action.arg
        s.phase = _SPELL_TARGET_PHASES[action.arg]
    else:
        if action.kind == A.SPELL:
            s.spell = action.arg
        characters = (named(s, action.arg),) if action.kind == A.FIGHT else ()
        _announce(s, Announcement(action, characters))


def _apply_broom_on(s: AlakazumState, action: ZumAction) -> None:
    _announce(s, Announcement(s.acts.broom[s.give_kind], (named(s, action.arg),)))  # type: ignore[arg-type]


def _spell_named(s: AlakazumState, characters: tuple[Named, ...] = (), position: int = -1) -> None:
    """A spell's targets are named: the spell is announced."""
    _announce(s, Announcement(s.acts.spell[s.spell], characters, position))


def _apply_train(s: AlakazumState, action: ZumAction) -> None:
    _spell_named(s, (named(s, action.arg),))


def _apply_peek(s: AlakazumState, action: ZumAction) -> None:
    _spell_named(s, position=action.arg)


def _apply_levitate(s: AlakazumState, action: ZumAction) -> None:
    s.levitating = action.arg
    s.phase = PH_SWAP_WITH


def _apply_swap_with(s: AlakazumState, action: ZumAction) -> None:
    mine, s.levitating = s.levitating, -1
    _spell_named(s, (named(s, mine), named(s, action.arg)))


def _apply_revive(s: AlakazumState, action: ZumAction) -> None:
    _spell_named(s, (named(s, action.arg),))


def _apply_no_action(s: AlakazumState, action: ZumAction) -> None:
    s.actions_left = 0
    s.log.append(("no-action", s.player, 0))
    _action_done(s)


def _apply_voodoo(s: AlakazumState, action: ZumAction) -> None:
    seat = s.decider
    if action.kind == A.VOODOO:
        L = s.L
        doll = next(pid for pid in s.hands[seat] if is_voodoo(L.hand(L.type_of[pid])))
        s.hands[seat].remove(doll)
        knowledge.forget(s.seen, doll)
        s.box.append(doll)
        s.log.append(("voodoo", seat, 0, s.player))
        s.window = []
        announced = s.announced
        s.decider = s.player
        s.spell = s.give_kind = -1  # nothing was paid or given
        if announced is not None and announced.action.kind == A.CONJURE:
            s.conjure_culture = -1
            _end_turn(s)
        else:
            _action_done(s)
        return
    s.window.pop(0)
    if s.window:
        s.decider = s.window[0]
    else:
        s.decider = s.player
        _carry_out(s)


def _carry_out(s: AlakazumState) -> None:
    """No doll came: the announced action (or Alakazum) happens, as it was named."""
    announced = s.announced
    assert announced is not None
    p = s.player
    action = announced.action
    kind = action.kind
    if kind == A.MARKET:
        s.phase = PH_SHOW
    elif kind == A.FOOD:
        card = take_from_hand(s, p, action.arg)
        s.market.append(card)
        raised = food_raises(s, p, action.arg2)
        for pid in raised:
            s.level[pid] = LEVEL_C
        s.log.append(("food", p, 0, card, action.arg2, tuple(raised)))
        _action_done(s)
    elif kind == A.BROOM:
        target = announced.characters[0].card
        s.broom_of[target] = take_from_hand(s, p, action.arg)
        s.give_kind = -1
        s.log.append(("broom", p, 0, target))
        _action_done(s)
    elif kind == A.FIGHT:
        target = action.arg
        _start_combat(s, Combat(False, p, target, owner_of(s, target)))
        s.phase = PH_FIGHTER
    elif kind == A.SPELL:
        s.paid = energy(s, p)
        if s.paid >= SPELL_COSTS[s.spell]:
            _cast(s)
        else:
            s.phase = PH_PAY
    else:  # CONJURE
        _conjure(s)


def _apply_show(s: AlakazumState, action: ZumAction) -> None:
    _go_to_market(s, action.arg)


def _go_to_market(s: AlakazumState, kind: int) -> None:
    """R11: take min(number, pile) from the top one at a time, then the shown card goes on top."""
    p = s.player
    take = s.L.hand(kind).take or 0
    taken = []
    for _ in range(min(take, len(s.market))):
        pid = s.market.pop()
        _gain_public(s, p, pid)
        taken.append(pid)
    shown = take_from_hand(s, p, kind)
    s.market.append(shown)
    s.log.append(("market", p, 0, shown, tuple(taken)))
    _action_done(s)


# -- magic --------------------------------------------------------------------------------------


def _apply_pay(s: AlakazumState, action: ZumAction) -> None:
    p = s.player
    hat = take_from_hand(s, p, action.arg)
    s.market.append(hat)
    s.paid += hat_energy(s.L.hand(action.arg))
    s.log.append(("pay", p, 0, hat))
    if s.paid >= SPELL_COSTS[s.spell]:
        _cast(s)


def _cast(s: AlakazumState) -> None:
    """The spell is paid: it does what was announced (R12-R16)."""
    p = s.player
    spell, s.spell = s.spell, -1
    announced = s.announced
    assert announced is not None
    targets = [c.card for c in announced.characters]
    s.log.append(("cast", p, 0, spell, s.paid))
    if spell == A.UNLUCKY_WITCH:
        s.witch_left = min(UNLUCKY_WITCH_CARDS, len(s.market))
        s.phase = PH_WITCH_TAKE
    elif spell == A.TRAINING:
        _level_up(s, targets[0])
        s.log.append(("train", p, 0, targets[0], s.level[targets[0]]))
        _action_done(s)
    elif spell == A.CLAIRVOYANCE:
        _look(s, announced.position, LOOK_PEEK)
    elif spell == A.FOREST_MAGIC:
        s.fm_cards = []
        s.fm_order = []
        s.fm_count = min(FOREST_MAGIC_CARDS, len(s.deck) + len(s.deck_top))
        _forest_magic_next(s)
    elif spell == A.LEVITATION:
        _levitate(s, targets[0], targets[1])
    elif spell == A.REVIVE:
        _revive(s, targets[0])
    else:  # Déjà Vu: two more actions, none of them Déjà Vu (R16)
        s.deja_vu = True
        s.actions_left += 2
        _action_done(s)


def _apply_take_market(s: AlakazumState, action: ZumAction) -> None:
    p = s.player
    kind_of = s.L.kind_of
    index = max(i for i, pid in enumerate(s.market) if kind_of[pid] == action.arg)
    pid = s.market.pop(index)
    _gain_public(s, p, pid)
    s.log.append(("witch-take", p, 0, pid))
    s.witch_left -= 1
    if s.witch_left <= 0 or not s.market:
        _action_done(s)


def _look(s: AlakazumState, position: int, then: int) -> None:
    s.looking_at = position
    s.after_look = then
    if s.enemy_at[position] < 0:
        s.phase = PH_ENEMY
    else:
        _looked(s)


def _apply_enemy(s: AlakazumState, action: ZumAction) -> None:
    kind_of = s.L.kind_of
    pid = next(pid for pid in s.enemy_pool if kind_of[pid] == action.arg)
    s.enemy_pool.remove(pid)
    s.enemy_at[s.looking_at] = pid
    _looked(s)


def _looked(s: AlakazumState) -> None:
    position = s.looking_at
    pid = s.enemy_at[position]
    p = s.player
    if s.after_look == LOOK_PEEK:
        s.peeked[position] |= 1 << p
        s.log.append(("peek", p, 1 << p, position, pid))
        _action_done(s)
    else:
        _conjure_result(s, position, pid)


def _forest_magic_next(s: AlakazumState) -> None:
    """R14: look at the top 6 (known cards first, then the unknown deck), keep 1, put the rest back."""
    while len(s.fm_cards) < s.fm_count and s.deck_top:
        s.fm_cards.append(s.deck_top.pop())
    if len(s.fm_cards) < s.fm_count:
        s.phase = PH_FM_DRAW
        return
    if not s.deck_top:
        s.top_known = 0
    p = s.player
    s.log.append(("forest-magic", p, 1 << p, tuple(s.fm_cards)))
    s.phase = PH_FM_KEEP


def _take_fm(s: AlakazumState, kind: int) -> int:
    kind_of = s.L.kind_of
    pid = next(pid for pid in s.fm_cards if kind_of[pid] == kind)
    s.fm_cards.remove(pid)
    return pid


def _apply_keep(s: AlakazumState, action: ZumAction) -> None:
    kept = _take_fm(s, action.arg)
    s.fm_order = [kept]  # the kept card waits here while the others are put back
    if s.fm_cards:
        s.phase = PH_FM_PUT
    else:
        _forest_magic_done(s)


def _apply_put(s: AlakazumState, action: ZumAction) -> None:
    s.fm_order.append(_take_fm(s, action.arg))
    if not s.fm_cards:
        _forest_magic_done(s)


def _forest_magic_done(s: AlakazumState) -> None:
    p = s.player
    kept, put_back = s.fm_order[0], s.fm_order[1:]
    s.fm_order = []
    below = s.deck_top  # known cards under the six (only a scenario's long known top leaves any)
    s.deck_top = below + list(reversed(put_back))  # the first put back is the top card
    if put_back:
        s.top_known = s.top_known & (1 << p) if below else 1 << p
    s.log.append(("forest-magic-kept", p, 1 << p, kept, tuple(put_back)))
    L = s.L
    if L.is_hand[kept]:
        s.hands[p].append(kept)
        _action_done(s)
    elif L.is_character[kept]:
        s.log.append(("forest-magic-fight", p, 0, kept))
        _start_forest_combat(s, kept, CONT_ACTION)
    else:
        _start_trap(s, kept, CONT_ACTION)


def _levitate(s: AlakazumState, mine: int, theirs: int) -> None:
    """R15: the two characters change places; each keeps its level, but the graveyard resets."""
    p = s.player
    team = s.teams[p]
    if theirs in s.graveyard:
        s.graveyard[s.graveyard.index(theirs)] = mine
        s.level[mine] = 0
        where = -1
    else:
        where = owner_of(s, theirs)
        other = s.teams[where]
        other[other.index(theirs)] = mine
    team[team.index(mine)] = theirs
    s.log.append(("levitation", p, 0, mine, theirs, where))
    _action_done(s)


def _revive(s: AlakazumState, pid: int) -> None:
    p = s.player
    s.graveyard.remove(pid)
    s.level[pid] = 0
    s.teams[p].append(pid)
    s.log.append(("revive", p, 0, pid))
    _action_done(s)


# -- conjure and the end ------------------------------------------------------------------------


def _apply_conjure(s: AlakazumState, action: ZumAction) -> None:
    s.conjure_culture = action.arg
    s.conjure_total = culture_total(s, s.player, CULTURES[action.arg])
    _announce(s, Announcement(action, total=s.conjure_total))


def _conjure(s: AlakazumState) -> None:
    """R21: the objects and amulets counted are shown, then an enemy is chosen."""
    p = s.player
    culture = CULTURES[s.conjure_culture]
    L = s.L
    shown = tuple(pid for pid in s.hands[p] if conjure_points(L.hand(L.type_of[pid]), culture) > 0)
    for pid in shown:
        knowledge.show_all(s.seen, pid)
    s.log.append(("conjure", p, 0, s.conjure_culture, s.conjure_total, shown))
    s.phase = PH_REVEAL


def _apply_reveal(s: AlakazumState, action: ZumAction) -> None:
    _look(s, action.arg, LOOK_REVEAL)


def _conjure_result(s: AlakazumState, position: int, pid: int) -> None:
    p = s.player
    s.revealed |= 1 << position
    points = enemy_points(s, pid)
    won = s.conjure_total > points
    s.log.append(("reveal", p, 0, position, pid, points, int(won)))
    if won:
        culture = CULTURES[s.conjure_culture]
        name = s.L.name(pid)
        _game_over(s, p, f"an Alakazum beat {name}: {s.conjure_total} {culture} points against {points}")
        return
    s.sacrifice_for = SAC_CONJURE
    if sacrifice_options(s, p):
        s.phase = PH_SACRIFICE
        s.decider = p
    else:
        _conjure_failed(s)


def _conjure_failed(s: AlakazumState) -> None:
    s.conjure_culture = -1
    s.sacrifice_for = SAC_ENCOUNTER
    if not face_down(s):
        _game_over(s, -1, "every final enemy is uncovered: the invading traditions win")
    else:
        _end_turn(s)


def _apply_end_turn(s: AlakazumState, action: ZumAction) -> None:
    _end_turn(s)


def _end_turn(s: AlakazumState) -> None:
    s.announced = None
    s.log.append(("end-turn", s.player, 0))
    start_turn(s, (s.player + 1) % s.n)


def best_culture(s: AlakazumState, seat: int) -> int:
    return max(culture_total(s, seat, culture) for culture in CULTURES)


def _game_over(s: AlakazumState, winner: int, reason: str) -> None:
    """The end. ``reason`` says why, how it ended first and then the details after a colon (an
    arena tallies games by what comes before it)."""
    s.phase = PH_OVER
    s.announced = None
    s.winner = winner
    s.end_reason = reason
    s.log.append(("game-over", winner, 0, reason))


def outcome(s: AlakazumState) -> Outcome | None:
    if s.phase != PH_OVER:
        return None
    scores = tuple(best_culture(s, seat) for seat in range(s.n))
    if s.winner >= 0:
        rest = rank_by_score([scores[q] if q != s.winner else -1 for q in range(s.n)])
        ranking = (
            (s.winner,),
            *(tuple(q for q in group if q != s.winner) for group in rest if group != (s.winner,)),
        )
        return Outcome((s.winner,), s.end_reason, tuple(g for g in ranking if g), scores)
    return Outcome((), s.end_reason, rank_by_score(scores), scores)


_APPLY = {
    A.DRAW: _apply_draw,
    A.FIRST: _apply_first,
    A.DIE: _apply_die,
    A.ENEMY: _apply_enemy,
    A.CHOOSE: _apply_choose,
    A.FIGHTER: _apply_fighter,
    A.HELPER: _apply_helper,
    A.NO_HELPER: _apply_helper,
    A.POTION_COMBAT: _apply_potion,
    A.POTION_DIE: _apply_potion,
    A.STEAL: _apply_potion,
    A.PASS: _apply_pass,
    A.GIVE: _apply_give,
    A.TO: _apply_to,
    A.HALLOWEEN_CARDS: _apply_halloween,
    A.HALLOWEEN_CHARACTER: _apply_halloween,
    A.SACRIFICE: _apply_sacrifice,
    A.PASS_DIE: _apply_pass_die,
    A.MARKET: _apply_announce,
    A.FOOD: _apply_announce,
    A.BROOM: _apply_announce,
    A.FIGHT: _apply_announce,
    A.SPELL: _apply_announce,
    A.NO_ACTION: _apply_no_action,
    A.VOODOO: _apply_voodoo,
    A.NO_VOODOO: _apply_voodoo,
    A.BROOM_ON: _apply_broom_on,
    A.PAY: _apply_pay,
    A.TRAIN: _apply_train,
    A.PEEK: _apply_peek,
    A.KEEP: _apply_keep,
    A.PUT: _apply_put,
    A.LEVITATE: _apply_levitate,
    A.SWAP_WITH: _apply_swap_with,
    A.REVIVE_CARD: _apply_revive,
    A.TAKE_MARKET: _apply_take_market,
    A.CONJURE: _apply_conjure,
    A.REVEAL: _apply_reveal,
    A.END_TURN: _apply_end_turn,
    A.SHOW: _apply_show,
}


# -- conservation and information sets ---------------------------------------------------------


def inventory(s: AlakazumState) -> dict[str, Any]:
    cards = [pid for pid in s.enemy_at if pid >= 0] + s.enemy_pool + s.market + s.deck + s.deck_top
    cards += s.graveyard + s.box + s.row + s.aside + s.fm_cards + s.fm_order
    for seat in range(s.n):
        cards += s.hands[seat] + s.teams[seat]
    cards += [b for b in s.broom_of if b >= 0]
    if s.combat is not None:
        combat = s.combat
        cards += [entry[1] for entry in combat.played if entry[3] or entry[2] == "steal"]
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


def resample(s: AlakazumState, seat: int, rng: random.Random) -> AlakazumState:
    """A state ``seat`` cannot tell apart: the cards it cannot locate are dealt again at random.

    Hidden places are the other hands (but for cards the seat saw arrive there), the unknown
    deck, a known deck top the seat does not know, and another caster's Forest Magic cards. A
    place holding a hand card gets a hand card again (hands only ever hold hand cards, and the
    deck's mix is public), and face-down enemies the seat has not looked at go back to the pool.
    """
    new = s.clone()
    new.resampled = True
    if s.phase == PH_OVER:
        return new  # everything is shown at the end
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
    groups: list[list[int]] = []  # other hidden places, as lists to refill in place
    if s.deck_top and not s.top_known >> seat & 1:
        groups.append(new.deck_top)
    if s.player != seat:
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
        new.hands[q][i] = fresh
        moved |= (1 << old) | (1 << fresh)
    for group in groups:
        for i, old in enumerate(group):
            group[i] = pools[is_hand[old]].pop()
    new.deck = pools[True] + pools[False]
    # Face-down enemies this seat has not looked at go back to the pool, placed when next seen.
    for position, pid in enumerate(s.enemy_at):
        if pid >= 0 and not s.revealed >> position & 1 and not s.peeked[position] >> seat & 1:
            new.enemy_at[position] = -1
            new.enemy_pool.append(pid)
            new.peeked[position] = 0
    new.enemy_pool.sort()
    knowledge.forget_moved(new.seen, seat, moved)
    new._legal_cache = None
    return new
