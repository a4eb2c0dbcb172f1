"""Estimates from game results: win shares, the Wilson interval of a win rate, control variates.

They live apart from any runner because every reader of results needs them: the arena's table,
the balance report (:mod:`alaka.sim.summary`), training's evaluations and the benchmarks. Nothing
here imports a third-party library.

A shared win (equal best totals) gives each winner an equal share of one win, everywhere.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


def win_share(winners: Sequence[int], seat: int) -> float:
    """A seat's share of one win in a game ``winners`` won: ``1/len(winners)`` for a winner, 0
    otherwise, so a table's shares add up to one win (or to none when nobody won). It reads a
    result row's ``winners``; a bot scoring a finished state uses ``alaka.bots.ismcts.win_shares``.
    """
    return 1.0 / len(winners) if seat in winners else 0.0


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Estimate:
    """A mean with its standard error, and the control variate's fitted coefficient."""

    mean: float
    error: float
    beta: float

    @property
    def interval(self) -> tuple[float, float]:
        """The normal 95% interval."""
        return (self.mean - 1.96 * self.error, self.mean + 1.96 * self.error)


def control_variate(
    values: Sequence[float], controls: Sequence[float], known_mean: float, beta: float | None = None
) -> Estimate:
    """The mean of ``values`` corrected by ``controls``, paired measurements whose true mean is
    known: ``mean(values) - beta * (mean(controls) - known_mean)``, beta fitted by least squares
    unless given (``beta=1`` with ``controls = values - gains`` is ``known_mean + mean(gains)``).

    Win counts are noisy (one 4-player game's result has a standard deviation near 0.43 wins);
    a control that shares much of that noise cancels it, so a few hundred games can settle a
    few points of win rate (``benchmarks/score_deviations.py --records``). Needs three pairs.
    """
    if len(values) != len(controls) or len(values) < 3:
        raise ValueError("a control variate needs at least three paired values")
    if beta is None:
        spread = statistics.variance(controls)
        beta = statistics.covariance(controls, values) / spread if spread > 0 else 0.0
    adjusted = [v - beta * (c - known_mean) for v, c in zip(values, controls, strict=True)]
    error = statistics.stdev(adjusted) / math.sqrt(len(adjusted))
    return Estimate(statistics.fmean(adjusted), error, beta)
