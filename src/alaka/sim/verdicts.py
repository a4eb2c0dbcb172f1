"""Verdicts corrected for many tests: a report's differences judged together.

A variant report tests a hundred differences at once; at 5% each, about five of them look
"changed" when nothing changed. Every difference of a report gets its two-sided p-value (read
from its 95% interval) and the p-values are corrected together for the false discovery rate
(Benjamini-Hochberg, ``scipy.stats.false_discovery_control``): of the lines that say
"changes", at most 5% are expected to be wrong. A difference that is not clear and whose
interval holds changes bigger than the effect looked for says "not enough games to tell", with
about how many games would (:class:`alaka.sim.summary.Difference`). SciPy comes with the ``sim``
extra and is imported only here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from alaka.sim.summary import Comparison, Difference


def adjusted(differences: Sequence[Difference]) -> list[Difference]:
    """The differences, in order, each with its p-value corrected over all of them (a report
    section's family: the comparisons, or the cards of "What each component does")."""
    if not differences:
        return []
    from scipy import stats

    values = stats.false_discovery_control([d.p_value for d in differences], method="bh")
    return [dataclasses.replace(d, adjusted=float(p)) for d, p in zip(differences, values, strict=True)]


def corrected(comparisons: Sequence[Comparison]) -> list[Comparison]:
    """The comparisons with every difference's p-value corrected over all of them."""
    flat = iter(adjusted([d for c in comparisons for d in c.differences]))
    return [dataclasses.replace(c, differences=[next(flat) for _ in c.differences]) for c in comparisons]
