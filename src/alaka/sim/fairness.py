"""Is every seat fair? One test of the whole turn-order distribution per player count.

Seat by seat, a report tests n win rates against 1/n and, with several player counts, a
designer reads a dozen intervals and finds one outside by chance. Here each player count gets
one chi-square goodness-of-fit test of the wins of the 1st, 2nd, ... seat against an even split
(``scipy.stats.chisquare``; a shared win counts as shares, as everywhere), and the p-values of
the player counts are corrected together for the false discovery rate (Benjamini-Hochberg,
``scipy.stats.false_discovery_control``): a verdict "not even" is wrong in at most 5% of the
verdicts that say so. SciPy comes with the ``sim`` extra and is imported only here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from alaka.sim.summary import GroupSummary

#: The false discovery rate the verdicts keep to.
LEVEL = 0.05


@dataclass(frozen=True)
class SeatFairness:
    """One configuration's test: the wins by position, the statistic and the p-values."""

    group: GroupSummary
    wins: tuple[float, ...]
    statistic: float
    p_value: float
    #: The p-value corrected over every configuration of the report (Benjamini-Hochberg).
    adjusted: float

    @property
    def even(self) -> bool:
        """Whether the positions' wins are consistent with an even split, after the correction."""
        return self.adjusted >= LEVEL


def seat_fairness(groups: Sequence[GroupSummary]) -> list[SeatFairness]:
    """The test of every configuration with a winner in some game, in the order given."""
    from scipy import stats

    tested = []
    for group in groups:
        wins = tuple(p.successes for p in group.by_position)
        total = sum(wins)
        if total <= 0 or group.players < 2:
            continue
        result = stats.chisquare(wins, [total / group.players] * group.players)
        tested.append((group, wins, float(result.statistic), float(result.pvalue)))
    if not tested:
        return []
    adjusted = stats.false_discovery_control([p for *_, p in tested], method="bh")
    return [
        SeatFairness(group, wins, statistic, p, float(q))
        for (group, wins, statistic, p), q in zip(tested, adjusted, strict=True)
    ]
