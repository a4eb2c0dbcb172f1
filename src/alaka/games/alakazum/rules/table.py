"""What is on the table: characters and their levels, hands, culture points and magic energy.

The rulebook's "Detailed Explanation of the Cards" (character cards, levels, traits; culture
objects and amulets) read as questions about a position, which every chapter asks: who owns a
character, whether it may leave its team (R8), a player's culture totals (R21), the energy a
spell may use (R12, R16). Moving a card in or out of a hand is here too, since every chapter
does it and the seats' knowledge of cards (``state.seen``) must follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeAlias

from alaka.core import knowledge
from alaka.games.alakazum.content import CULTURES, Character
from alaka.games.alakazum.phases import SAC_CONJURE

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.actions import ZumAction
    from alaka.games.alakazum.state import AlakazumState

    #: A chapter's legal actions in one phase (its ``LEGAL`` table maps phases to these).
    Legal: TypeAlias = Callable[[AlakazumState], tuple[Action, ...]]
    #: What a chapter does with one kind of action (its ``APPLY`` table maps kinds to these).
    Apply: TypeAlias = Callable[[AlakazumState, ZumAction], None]

#: The highest level (A, B, C are 0, 1, 2).
LEVEL_C = 2


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


def level_up(s: AlakazumState, pid: int) -> None:
    """A character goes up a level, unless it is at C already."""
    if s.level[pid] < LEVEL_C:
        s.level[pid] += 1


def to_graveyard(s: AlakazumState, seat: int, pid: int) -> None:
    """A character leaves its team for the forest graveyard, at level A."""
    s.teams[seat].remove(pid)
    s.level[pid] = 0
    s.graveyard.append(pid)


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


def best_culture(s: AlakazumState, seat: int) -> int:
    """The seat's best culture total, hand included (the final ranking)."""
    return max(culture_totals(s, seat))


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


def gain_public(s: AlakazumState, seat: int, pid: int) -> None:
    """A card enters a hand in everyone's sight (from the market, a steal, a swap)."""
    s.hands[seat].append(pid)
    knowledge.show_all(s.seen, pid)


def face_down(s: AlakazumState) -> list[int]:
    """The positions of the final enemies not uncovered yet."""
    return [i for i in range(len(s.enemy_at)) if not s.revealed >> i & 1]


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
