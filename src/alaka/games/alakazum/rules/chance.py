"""Chance: the die, draws from the unknown forest deck, the enemy at a position, a tied start.

The rules never roll or shuffle: each chance node lists its outcomes with their probabilities
(or samples one without building the list, on the hot path), and the chapter the node belongs
to says what the outcome means: a card of the opening deal (:mod:`.opening`), one found while
exploring (:mod:`.turn`) or by Forest Magic (:mod:`.spells`); a die combat value or hypnosis
roll (:mod:`.fight`) or Santa Claus' die (:mod:`.traps`). The forest deck's drawn part is
unordered (R25), and a face-down enemy is drawn when first looked at (R26, :mod:`.conjure`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Final

from alaka.core.draws import pick
from alaka.games.alakazum import actions as A
from alaka.games.alakazum.actions import ZumAction
from alaka.games.alakazum.phases import (
    DIE_PHASES,
    DRAW_PHASES,
    PH_COMBAT_DIE,
    PH_DEAL,
    PH_ENEMY,
    PH_EXPLORE_DRAW,
    PH_HYPNOSIS_ROLL,
)
from alaka.games.alakazum.rules import fight, opening, spells, traps, turn
from alaka.games.alakazum.rules.table import draw_kind

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply
    from alaka.games.alakazum.state import AlakazumState


def chance_outcomes(s: AlakazumState) -> tuple[tuple[Action, float], ...]:
    phase = s.phase
    a = s.acts
    if phase in DRAW_PHASES:
        counts = Counter(s.L.kind_of[pid] for pid in s.deck)
        total = len(s.deck)
        return tuple([(a.draw[k], c / total) for k, c in counts.items()])
    if phase in DIE_PHASES:
        return tuple([(a.die[v], 1 / 6) for v in range(1, 7)])
    if phase == PH_ENEMY:
        kinds = [s.L.kind_of[pid] for pid in s.enemy_pool]
        return tuple([(a.enemy[k], 1 / len(kinds)) for k in kinds])
    tied = opening.tied_for_start(s)
    return tuple([(a.first[q], 1 / len(tied)) for q in tied])


#: The die's faces.
DIE_FACES: Final = (1, 2, 3, 4, 5, 6)


def sample_chance(s: AlakazumState, rng: random.Random) -> Action:
    """One outcome with its probability, without building :func:`chance_outcomes`.

    ``rng.choice(seq)`` draws the very number ``seq[rng.randrange(len(seq))]`` would, and
    ``rng.choice(DIE_FACES)`` the one ``rng.randint(1, 6)`` would (each takes one
    ``_randbelow(len)``), so seeded games are unchanged; it only skips the checks of
    ``randrange``. :func:`~alaka.core.draws.pick` is ``rng.choice`` without its Python calls.
    """
    phase = s.phase
    a = s.acts
    if phase in DRAW_PHASES:
        return a.draw[s.L.kind_of[pick(rng, s.deck)]]
    if phase in DIE_PHASES:
        return a.die[pick(rng, DIE_FACES)]
    if phase == PH_ENEMY:
        return a.enemy[s.L.kind_of[pick(rng, s.enemy_pool)]]
    return a.first[pick(rng, opening.tied_for_start(s))]


def is_chance_outcome(s: AlakazumState, action: ZumAction) -> bool:
    """Whether ``action`` may come out now (exact, and without building the outcome list for
    the deck and the die)."""
    phase = s.phase
    kind = action.kind
    if phase in DRAW_PHASES:
        k = action.arg
        return kind == A.DRAW and action is s.acts.draw.get(k) and s.deck_kinds[k] > 0
    if phase in DIE_PHASES:
        return kind == A.DIE and action is s.acts.die.get(action.arg)
    return action in s.legal_actions()


def _apply_draw(s: AlakazumState, action: ZumAction) -> None:
    pid = draw_kind(s, action.arg)
    phase = s.phase
    if phase == PH_DEAL:
        opening.dealt(s, pid)
    elif phase == PH_EXPLORE_DRAW:
        turn.explored(s, pid)
    else:  # PH_FM_DRAW
        spells.forest_magic_drawn(s, pid)


def _apply_die(s: AlakazumState, action: ZumAction) -> None:
    value = action.arg
    phase = s.phase
    if phase == PH_COMBAT_DIE:
        fight.combat_die_rolled(s, value)
    elif phase == PH_HYPNOSIS_ROLL:
        fight.hypnosis_rolled(s, value)
    else:  # PH_SANTA_ROLL
        traps.santa_rolled(s, value)


APPLY: dict[int, Apply] = {A.DRAW: _apply_draw, A.DIE: _apply_die}
