"""Conjure an Alakazum! (optional), the final enemies, and how the game ends and is ranked.

The rulebook's "3. Conjure an Alakazum!", "Culture Objects and Amulets" and the final
clarifications (R21): with 8 or more points of one culture (characters at their levels, objects
and amulets in hand beside a character of their culture) a player announces an Alakazum with its
total; if no voodoo doll cancels it, the objects and amulets counted are shown and a face-down
enemy is uncovered. A total above its points wins; otherwise a character that took part goes to
the graveyard and the turn ends. The game also ends, with nobody winning, when every enemy is
uncovered, when the forest deck runs out (:mod:`.turn`), or at the safety limit. Looking at a
face-down enemy (here, or with Clairvoyance) is where its identity is drawn, by chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core import knowledge
from alaka.core.language import N_
from alaka.core.protocol import Outcome, rank_by_score
from alaka.core.tuples import replaced, without
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import Announcement, ZumAction
from alaka.games.alakazum.content import CULTURES
from alaka.games.alakazum.layout import conjure_points
from alaka.games.alakazum.phases import (
    LOOK_PEEK,
    LOOK_REVEAL,
    PH_CONJURE,
    PH_ENEMY,
    PH_OVER,
    PH_REVEAL,
    PH_SACRIFICE,
    SAC_CONJURE,
    SAC_ENCOUNTER,
)
from alaka.games.alakazum.rules import spells, turn, voodoo
from alaka.games.alakazum.rules.table import (
    any_face_down,
    best_culture,
    culture_total,
    culture_totals,
    enemy_points,
    face_down,
    sacrifice_options,
)

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState

#: The culture points an Alakazum needs (rulebook: "Objective of the Game").
CONJURE_MINIMUM: Final = 8


def _legal_conjure(s: AlakazumState) -> tuple[Action, ...]:
    if not any_face_down(s):
        return (s.acts.end_turn,)
    out: list[Action] = []
    conjure = s.acts.conjure
    for c, total in enumerate(culture_totals(s, s.player)):
        if total >= CONJURE_MINIMUM:
            out.append(conjure[c])
    out.append(s.acts.end_turn)
    return tuple(out)


def _apply_conjure(s: AlakazumState, action: ZumAction) -> None:
    s.conjure_culture = action.arg
    s.conjure_total = culture_total(s, s.player, CULTURES[action.arg])
    voodoo.announce(s, Announcement(action, total=s.conjure_total))


def conjure(s: AlakazumState) -> None:
    """R21: the window passed; the objects and amulets counted are shown, then an enemy is chosen."""
    p = s.player
    culture = CULTURES[s.conjure_culture]
    L = s.L
    shown = tuple(pid for pid in s.hands[p] if conjure_points(L.hand(L.type_of[pid]), culture) > 0)
    for pid in shown:
        knowledge.show_all(s.seen, pid)
    s.events.append(E.Conjured(p, 0, s.conjure_culture, s.conjure_total, shown))
    s.phase = PH_REVEAL


def _legal_reveal(s: AlakazumState) -> tuple[Action, ...]:
    return tuple([s.acts.reveal[i] for i in face_down(s)])


def _apply_reveal(s: AlakazumState, action: ZumAction) -> None:
    look(s, action.arg, LOOK_REVEAL)


# -- looking at a face-down enemy --------------------------------------------------------------------


def look(s: AlakazumState, position: int, then: int) -> None:
    """Someone looks at the enemy at ``position`` (to uncover it, or with Clairvoyance); if nobody
    has looked before, which enemy lies there is drawn by chance first."""
    s.looking_at = position
    s.after_look = then
    if s.enemy_at[position] < 0:
        s.phase = PH_ENEMY
    else:
        _looked(s)


def _apply_enemy(s: AlakazumState, action: ZumAction) -> None:
    kind_of = s.L.kind_of
    pid = next(pid for pid in s.enemy_pool if kind_of[pid] == action.arg)
    s.enemy_pool = without(s.enemy_pool, pid)
    s.enemy_at = replaced(s.enemy_at, s.looking_at, pid)
    _looked(s)


def _looked(s: AlakazumState) -> None:
    position = s.looking_at
    pid = s.enemy_at[position]
    if s.after_look == LOOK_PEEK:
        spells.peeked(s, position, pid)
    else:
        _conjure_result(s, position, pid)


# -- the result and the end ------------------------------------------------------------------------


def _conjure_result(s: AlakazumState, position: int, pid: int) -> None:
    p = s.player
    s.revealed |= 1 << position
    points = enemy_points(s, pid)
    won = s.conjure_total > points
    s.events.append(E.Revealed(p, 0, position, pid, points, won))
    if won:
        culture = CULTURES[s.conjure_culture]
        name = s.L.name(pid)
        reason = turn.ALAKAZUM_WON.format(enemy=name, total=s.conjure_total, culture=culture, points=points)
        turn.game_over(s, p, reason)
        return
    s.sacrifice_for = SAC_CONJURE
    if sacrifice_options(s, p):
        s.phase = PH_SACRIFICE
        s.decider = p
    else:
        conjure_failed(s)


def conjure_failed(s: AlakazumState) -> None:
    """The Alakazum failed (and its character is in the graveyard, if one could go)."""
    s.conjure_culture = -1
    s.sacrifice_for = SAC_ENCOUNTER
    if not face_down(s):
        turn.game_over(s, -1, N_("every final enemy is uncovered: the invading traditions win"))
    else:
        turn.end_turn(s)


def outcome(s: AlakazumState) -> Outcome | None:
    """The winner first (if any), then the others by their best culture total, hands included."""
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


LEGAL: dict[int, Legal] = {PH_CONJURE: _legal_conjure, PH_REVEAL: _legal_reveal}
APPLY: dict[int, Apply] = {A.CONJURE: _apply_conjure, A.REVEAL: _apply_reveal, A.ENEMY: _apply_enemy}
