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

from alaka.sim.summary import Comparison


def corrected(comparisons: Sequence[Comparison]) -> list[Comparison]:
    """The comparisons with every difference's p-value corrected over all of them."""
    differences = [d for c in comparisons for d in c.differences]
    if not differences:
        return list(comparisons)
    from scipy import stats

    adjusted = iter(stats.false_discovery_control([d.p_value for d in differences], method="bh"))
    return [
        dataclasses.replace(
            c, differences=[dataclasses.replace(d, adjusted=float(next(adjusted))) for d in c.differences]
        )
        for c in comparisons
    ]
