"""What is on the table: characters and their levels, hands, culture points and magic energy.

The rulebook's "Detailed Explanation of the Cards" (character cards, levels, traits; culture
objects and amulets) read as questions about a position, which every chapter asks: who owns a
character, whether it may leave its team (R8), a player's culture totals (R21), the energy a
spell may use (R12, R16). Moving a card in or out of a hand is here too, since every chapter
does it and the seats' knowledge of cards (``state.seen``) must follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, TypeAlias

from alaka.core import knowledge
from alaka.core.tuples import replaced, without
from alaka.games.alakazum.content import CULTURES, Character
from alaka.games.alakazum.phases import SAC_CONJURE
from alaka.games.alakazum.state import (
    HAND_ENERGY,
    HAND_POINTS,
    OWN_DECK,
    OWN_HAND,
    OWN_LEVEL,
    OWN_MARKET,
    OWN_TOTALS,
    TEAM_CULTURES,
    TEAM_ENERGY,
    TEAM_POINTS,
    TOTALS_PER_SEAT,
)

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.actions import ZumAction
    from alaka.games.alakazum.state import AlakazumState

    #: A chapter's legal actions in one phase (its ``LEGAL`` table maps phases to these).
    Legal: TypeAlias = Callable[[AlakazumState], tuple[Action, ...]]
    #: What a chapter does with one kind of action (its ``APPLY`` table maps kinds to these).
    Apply: TypeAlias = Callable[[AlakazumState, ZumAction], None]

#: The highest level (A, B, C are 0, 1, 2).
LEVEL_C: Final = 2


# -- the lists a copy shares until one of the two states writes (see the state's docstring) --------


def own_deck(s: AlakazumState) -> list[int]:
    """The unknown deck, to change in place (copied first if a copy shares it), with its
    counts by kind (``deck_kinds``), which change with it."""
    if not s.owned & OWN_DECK:
        s.deck = s.deck[:]
        s.deck_kinds = s.deck_kinds[:]
        s.owned |= OWN_DECK
    return s.deck


def own_market(s: AlakazumState) -> list[int]:
    """The market pile, to change in place (copied first if a copy shares it)."""
    if not s.owned & OWN_MARKET:
        s.market = s.market[:]
        s.owned |= OWN_MARKET
    return s.market


def own_totals(s: AlakazumState) -> list[int]:
    """The running totals, to change in place (copied first if a copy shares them)."""
    if not s.owned & OWN_TOTALS:
        s.totals = s.totals[:]
        s.owned |= OWN_TOTALS
    return s.totals


def own_level(s: AlakazumState) -> list[int]:
    """The characters' levels, to change in place (copied first if a copy shares them)."""
    if not s.owned & OWN_LEVEL:
        s.level = s.level[:]
        s.owned |= OWN_LEVEL
    return s.level


def own_hand(s: AlakazumState, seat: int) -> list[int]:
    """The seat's hand, to change in place (copied first if a copy shares it)."""
    bit = OWN_HAND << seat
    if not s.owned & bit:
        s.hands[seat] = s.hands[seat][:]
        s.owned |= bit
    return s.hands[seat]


def char(s: AlakazumState, pid: int) -> Character:
    return s.L.character(pid)


def owner_of(s: AlakazumState, pid: int) -> int:
    """The seat whose team holds the character, or -1."""
    for seat in range(s.n):
        if pid in s.teams[seat]:
            return seat
    return -1


def can_lose(s: AlakazumState, seat: int, pid: int) -> bool:
    """R8: a character leaves its team only if it has no broom and is not the last one."""
    return s.broom_of[pid] < 0 and len(s.teams[seat]) > 1


def level_up(s: AlakazumState, seat: int, pid: int) -> None:
    """A character of ``seat``'s team goes up a level, unless it is at C already."""
    if s.level[pid] < LEVEL_C:
        own_level(s)[pid] += 1
        team_changed(s, seat)


def set_level(s: AlakazumState, seat: int, pids: Iterable[int], level: int) -> None:
    """Characters of ``seat``'s team go to ``level`` (a food raises them to C)."""
    levels = own_level(s)
    for pid in pids:
        levels[pid] = level
    team_changed(s, seat)


# -- tuple fields: a place that changes seldom is a tuple, shared by copies (see the state) -------


def set_team(s: AlakazumState, seat: int, team: tuple[int, ...]) -> None:
    """The seat's team is now ``team``: every change of a team goes through here."""
    s.teams = replaced(s.teams, seat, team)
    team_changed(s, seat)


def join_team(s: AlakazumState, seat: int, pid: int) -> None:
    """A character joins the team at the level it has (hypnotised, revived, chosen)."""
    set_team(s, seat, s.teams[seat] + (pid,))


def leave_team(s: AlakazumState, seat: int, pid: int) -> None:
    """A character leaves the team (for another team or the graveyard)."""
    set_team(s, seat, without(s.teams[seat], pid))


def put_broom(s: AlakazumState, pid: int, broom: int) -> None:
    """A broom card goes under a character (R8)."""
    s.broom_of = replaced(s.broom_of, pid, broom)


def to_graveyard(s: AlakazumState, seat: int, pid: int) -> None:
    """A character leaves its team for the forest graveyard, at level A."""
    leave_team(s, seat, pid)
    own_level(s)[pid] = 0
    s.graveyard += (pid,)


# -- running totals: what every menu asks, kept up to date as cards move -------------------------
#
# Per seat, the state keeps (in ``totals``, a block per seat: see the state's offsets) its team's
# magic energy, its hats', the cultures its characters belong to (a bit mask), its characters'
# culture points at their levels and its objects' and amulets', by culture; and, by card kind,
# how many cards of each are in the unknown forest deck (``deck_kinds``). Every change of a team, a level,
# a hand or the deck goes through the functions here; :func:`recount` works them all out again
# (after a position is built or its hidden cards dealt again), and a test checks the two agree
# after every step of random games.

NUM_CULTURES: Final = len(CULTURES)


def team_changed(s: AlakazumState, seat: int) -> None:
    """The seat's team, or a level in it, changed: its team totals again (teams are small)."""
    L = s.L
    counts, level, energy_of, cultures_of = L.counts, s.level, L.energy, L.cultures
    energy = present = 0
    p0 = p1 = p2 = p3 = p4 = 0
    for pid in s.teams[seat]:
        energy += energy_of[pid]
        present |= cultures_of[pid]
        points = counts[pid][level[pid]]
        p0 += points[0]
        p1 += points[1]
        p2 += points[2]
        p3 += points[3]
        p4 += points[4]
    totals, base = own_totals(s), seat * TOTALS_PER_SEAT
    totals[base + TEAM_ENERGY] = energy
    totals[base + TEAM_CULTURES] = present
    base += TEAM_POINTS  # stored one by one: no list made
    totals[base] = p0
    totals[base + 1] = p1
    totals[base + 2] = p2
    totals[base + 3] = p3
    totals[base + 4] = p4


def _hand_totals(s: AlakazumState, seat: int, pid: int, sign: int) -> None:
    L = s.L
    totals, base = own_totals(s), seat * TOTALS_PER_SEAT
    totals[base + HAND_ENERGY] += sign * L.hat[pid]
    if L.adds_points[pid]:
        points = L.conjure[pid]
        base += HAND_POINTS
        for c in range(NUM_CULTURES):
            totals[base + c] += sign * points[c]


def add_to_hand(s: AlakazumState, seat: int, pid: int) -> None:
    """A card enters a hand (who knows where it is, is the caller's business)."""
    own_hand(s, seat).append(pid)
    _hand_totals(s, seat, pid, 1)


def remove_from_hand(s: AlakazumState, seat: int, pid: int) -> None:
    """This card leaves the hand: nobody keeps track of it there any more."""
    own_hand(s, seat).remove(pid)
    knowledge.forget(s.seen, pid)
    _hand_totals(s, seat, pid, -1)


def to_deck(s: AlakazumState, pids: Iterable[int]) -> None:
    """Cards go into the unknown part of the forest deck."""
    kind_of, deck, deck_kinds = s.L.kind_of, own_deck(s), s.deck_kinds
    for pid in pids:
        deck.append(pid)
        deck_kinds[kind_of[pid]] += 1


def draw_kind(s: AlakazumState, kind: int) -> int:
    """Take a card of ``kind`` out of the unknown deck (the first one; the last takes its place)."""
    deck = own_deck(s)
    cards = s.L.cards_of_kind[kind]
    if len(cards) == 1:  # the one card of its kind: ``index`` finds it without a Python loop
        i = deck.index(cards[0])
    else:
        kind_of = s.L.kind_of
        i = 0
        while kind_of[deck[i]] != kind:  # an IndexError past the end: no such card in the deck
            i += 1
    pid = deck[i]
    deck[i] = deck[-1]
    deck.pop()
    s.deck_kinds[kind] -= 1
    return pid


def recount(s: AlakazumState) -> None:
    """Work out every running total from the cards where they are."""
    n = s.n
    s.totals = [0] * (n * TOTALS_PER_SEAT)
    s.owned |= OWN_TOTALS
    for seat in range(n):
        team_changed(s, seat)
        for pid in s.hands[seat]:
            _hand_totals(s, seat, pid, 1)
    s.deck_kinds = [0] * len(s.L.catalogue.cards)
    kind_of = s.L.kind_of
    for pid in s.deck:
        s.deck_kinds[kind_of[pid]] += 1


def culture_totals(s: AlakazumState, seat: int, hand: bool = True) -> list[int]:
    """R21, for every culture at once: characters of the culture and multicolour ones at their
    levels, plus objects and amulets in hand (unless ``hand`` is false). An object or amulet adds
    its points "to your characters of that culture", so it counts only in a culture where the
    player has a character (a multicolour one belongs to every culture), even one with no points
    at its level."""
    kept, base = s.totals, seat * TOTALS_PER_SEAT
    totals = kept[base + TEAM_POINTS : base + TEAM_POINTS + NUM_CULTURES]
    present = kept[base + TEAM_CULTURES]
    if hand and present:
        base += HAND_POINTS
        for c in range(NUM_CULTURES):
            if present >> c & 1:
                totals[c] += kept[base + c]
    return totals


def culture_total(s: AlakazumState, seat: int, culture: str, hand: bool = True) -> int:
    """R21: the total of one culture (see :func:`culture_totals`)."""
    return culture_totals(s, seat, hand)[CULTURES.index(culture)]


def best_culture(s: AlakazumState, seat: int) -> int:
    """The seat's best culture total, hand included (the final ranking)."""
    return max(culture_totals(s, seat))


def energy(s: AlakazumState, seat: int) -> int:
    """Magic energy from very magical characters (Maruxa gives 2), available every action (R12, R16)."""
    return s.totals[seat * TOTALS_PER_SEAT + TEAM_ENERGY]


def hats_energy(s: AlakazumState, seat: int) -> int:
    return s.totals[seat * TOTALS_PER_SEAT + HAND_ENERGY]


def team_cultures(s: AlakazumState, seat: int) -> int:
    """The cultures of the seat's characters, as a bit mask (bit c for ``CULTURES[c]``)."""
    return s.totals[seat * TOTALS_PER_SEAT + TEAM_CULTURES]


def distinct_kinds(s: AlakazumState, pids: list[int]) -> list[int]:
    """The kinds of these cards, each once, in order (copies are interchangeable in actions).
    A list, not any iterable: compiled, a list is walked by index (it runs at most steps)."""
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


def last_of_kind(s: AlakazumState, seat: int, kind: int) -> int:
    """The card of ``kind`` that leaves the hand when one is played, given or shown: the most
    recently gained (as :func:`take_from_hand` takes it)."""
    kind_of = s.L.kind_of
    return next(pid for pid in reversed(s.hands[seat]) if kind_of[pid] == kind)


def take_from_hand(s: AlakazumState, seat: int, kind: int) -> int:
    """Remove one card of ``kind`` from the hand (the most recently gained) and return it."""
    hand = own_hand(s, seat)
    kind_of = s.L.kind_of
    for i in range(len(hand) - 1, -1, -1):
        if kind_of[hand[i]] == kind:
            pid = hand.pop(i)
            knowledge.forget(s.seen, pid)
            _hand_totals(s, seat, pid, -1)
            return pid
    raise ValueError(f"seat {seat} holds no {s.L.kind_name(kind)}")


def gain_public(s: AlakazumState, seat: int, pid: int) -> None:
    """A card enters a hand in everyone's sight (from the market, a steal, a swap)."""
    add_to_hand(s, seat, pid)
    knowledge.show_all(s.seen, pid)


def face_down(s: AlakazumState) -> list[int]:
    """The positions of the final enemies not uncovered yet."""
    return [i for i in range(len(s.enemy_at)) if not s.revealed >> i & 1]


def any_face_down(s: AlakazumState) -> bool:
    """Whether a final enemy is still face down (:func:`face_down` is not empty)."""
    return s.revealed != (1 << len(s.enemy_at)) - 1


def enemy_points(s: AlakazumState, pid: int) -> int:
    """The culture points of a final enemy with this many players."""
    points = s.L.enemy(pid).culture_points(s.n)
    return int(points) if points is not None else 0


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
