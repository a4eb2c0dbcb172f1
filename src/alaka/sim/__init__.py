"""Simulation at scale: one runner (``runs`` and ``scheduler``: seeded games on local processes or
Ray) behind the arena (bots against bots, summed up in a table) and the designers' door:
``simulate`` (runs of seeded games to Parquet), ``report`` (the balance report) and ``tune``
(Optuna searches a variant). See docs/simulate.md and docs/architecture.md."""
