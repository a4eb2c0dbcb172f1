"""The End of the Game and Final Score: the jury's points for rows, columns and the own creature.

Once a board is complete the round is played out (the check is at the start of each turn,
:func:`.turn.start_turn`; the point for the fastest player is given on display,
:mod:`.display`). Then :func:`finish` adds the final bonus of ruling Z11 to each score, and
:func:`outcome` ranks the players by points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.protocol import Outcome, rank_by_score
from alaka.games.alakazoo.content import NUM_TYPES
from alaka.games.alakazoo.events import FinalScore
from alaka.games.alakazoo.phases import PH_OVER
from alaka.games.alakazoo.rules.table import board_creature, score
from alaka.games.alakazoo.state import FinalBonus

if TYPE_CHECKING:
    from alaka.games.alakazoo.state import AlakazooState


LINES: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))


def final_bonus(s: AlakazooState, seat: int) -> FinalBonus:
    """Final score (Z11): points for rows and columns, and the own-creature point."""
    elements = s.elements[seat]
    lines = 0
    needed = 2 if s.opts.partial_lines else 3
    for line in LINES:
        creatures = [elements[i] // NUM_TYPES for i in line if elements[i] >= 0]
        if len(creatures) < needed:
            continue
        distinct = len(set(creatures))
        if distinct == 1 or distinct == len(creatures):
            lines += 1
    shown = [card // NUM_TYPES for card in elements if card >= 0]
    own = board_creature(s, seat)
    own_point = 1 if shown and all(k == own for k in shown) else 0
    return FinalBonus(lines, own_point)


def finish(s: AlakazooState) -> None:
    s.phase = PH_OVER
    s.final_bonus = tuple([final_bonus(s, seat) for seat in range(s.n)])
    for seat, bonus in enumerate(s.final_bonus):
        score(s, seat, bonus.total)
        s.events.append(FinalScore(seat, 0, bonus.lines, bonus.own_creature))


def outcome(s: AlakazooState) -> Outcome | None:
    if s.phase != PH_OVER:
        return None
    scores = tuple(s.points)
    ranking = rank_by_score(scores)
    if s.truncated:
        # an outcome's reason is data, in English (text.reason_words is how a player reads it)
        turns = s.opts.max_turns
        limit = f"{turns} turn" if turns == 1 else f"{turns} turns"
        return Outcome((), f"stopped at the safety limit of {limit}", ranking, scores)
    winners = ranking[0]
    reason = "most points" if len(winners) == 1 else "shared win on equal points"
    return Outcome(winners, reason, ranking, scores)
