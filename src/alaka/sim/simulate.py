"""``alaka simulate``: play a run into a results file, or continue one, keeping every finished game.

The command line (``alaka.cli``) parses the settings and shows the progress; this module does
the run: it opens the results file, copies the games of an earlier run when continuing one,
plays the games still missing on a backend and writes them as they come, and closes the file
whatever happens (an error, Ctrl-C), so that the file always holds every finished game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from alaka.core.registry import game as get_game
from alaka.sim.results import ResultsWriter, done_games, read_info, result_columns
from alaka.sim.runs import DoneGames, RunPlan, SimulationError
from alaka.sim.scheduler import Backend, run_batches


@dataclass(frozen=True)
class RunReport:
    """How a run went: games in the file, games played now, and whether it was stopped early."""

    path: Path
    total: int
    written: int
    played: int
    seconds: float
    stopped: bool


def resumed_plan(path: Path, games: int | None = None) -> RunPlan:
    """The plan of the run in ``path``, with ``games`` per configuration if given (a run can
    grow, not shrink: its games are already played)."""
    info = read_info(path)
    plan = info.plan
    if games is None or games == plan.games:
        return plan
    if games < plan.games:
        raise SimulationError(
            f"{str(path)!r} is a run of {plan.games} games per configuration; --games can raise it, "
            f"not lower it to {games}"
        )
    return replace(plan, games=games)


def simulate(
    plan: RunPlan,
    path: Path | str,
    backend: Backend,
    *,
    resume: bool = False,
    stop: Callable[[], bool] = lambda: False,
    progress: Callable[[int], None] = lambda played: None,
) -> RunReport:
    """Play ``plan`` into ``path`` (continuing the run already there with ``resume``).

    ``progress`` is told the number of games of each finished batch, ``stop`` is asked before
    each new batch is sent (see :func:`alaka.sim.scheduler.run_batches`).
    """
    path = Path(path)
    done = DoneGames(plan)
    if resume:
        info = read_info(path)
        if info.plan.configurations != plan.configurations or info.plan.seed != plan.seed:
            raise SimulationError(f"{str(path)!r} holds another run; --resume continues a run as it was")
        expected = [c.name for c in result_columns(get_game(plan.game))]
        if [c["name"] for c in info.columns] != expected:
            raise SimulationError(
                f"{str(path)!r} was written with other columns (another version of alaka or its "
                "games); start a new run instead of continuing it"
            )
        done = done_games(path, plan)
    elif path.exists():
        raise SimulationError(f"{str(path)!r} exists; continue it with --resume or choose another --out")
    start = time.perf_counter()
    played = 0
    stopped = False
    writer = ResultsWriter(path, plan)
    try:
        if resume:
            writer.copy_from(path)
        for rows in run_batches(plan, backend, done, stop):
            writer.add(rows)
            played += len(rows)
            progress(len(rows))
        stopped = stop() and len(done) + played < plan.total
    finally:
        writer.close()
    return RunReport(
        path=path,
        total=plan.total,
        written=writer.rows,
        played=played,
        seconds=time.perf_counter() - start,
        stopped=stopped,
    )
