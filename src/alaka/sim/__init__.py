"""Simulation at scale: the arena (bots against bots), and the designers' door: ``simulate``
(runs of seeded games to Parquet, on local processes or Ray), ``report`` (the balance report)
and ``tune`` (Optuna searches a variant). See docs/simulate.md."""
