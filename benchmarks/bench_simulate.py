"""Speed of ``alaka simulate``: its overhead over a bare playout loop, and games/s by backend.

Run:  python benchmarks/bench_simulate.py [--game alakazum] [--players 3] [--seats heuristic]
      [--games 400] [--rounds 6] [--ray]

1. Overhead at one process. The same games (same seeds, same bots) are played by a bare loop
   (``new_initial_state``, the bots, ``alaka.play``) and by ``simulate`` in this process (the
   same plus statistics, the row, Parquet). The two alternate in short rounds and their CPU time
   (``time.process_time``) is summed, so other work on a shared machine weighs on both alike;
   the overhead is the ratio of the sums, minus 1.
2. Throughput. The whole run is played with 1 and 2 local processes (and with ``--ray``, a local
   Ray instance of 2 CPUs); games/s is wall-clock, from the first game sent to the file closed.
   Starting Ray is timed apart. For local processes the CPU time of the whole run (workers
   included) per 1000 games is printed too: unlike games/s it does not depend on how many
   cores are free, so it shows what spreading the games costs.

It measures; it asserts nothing. Report ``uptime`` with the numbers: on a shared machine they
move with the load.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import alaka
from alaka.bots.registry import make_bot
from alaka.sim.results import ResultsWriter
from alaka.sim.runs import RunPlan, game_seed, plan_run, seats_for
from alaka.sim.scheduler import Backend, InlineBackend, ProcessBackend, run_batches
from alaka.sim.simulate import simulate


def bare(plan: RunPlan, indices: range) -> None:
    """The games of ``indices`` played with nothing but ``alaka.play``."""
    config = plan.configurations[0]
    g = alaka.game(plan.game)
    for i in indices:
        state = g.new_initial_state(config.players, **config.option_values())
        bots = [make_bot(spec, plan.game) for spec in seats_for(config.seats, i)]
        alaka.play(state, bots, seed=game_seed(plan.seed, i, config))


def simulated(plan: RunPlan, indices: range, folder: Path) -> None:
    """The same games through the simulator in this process (every other game marked done),
    with their statistics and rows written to a Parquet file."""
    done = {(*c.key, i) for c in plan.configurations for i in range(plan.games) if i not in indices}
    path = folder / f"part-{indices.start}.parquet"
    with InlineBackend() as backend, ResultsWriter(path, plan) as writer:
        for rows in run_batches(plan, backend, done):
            writer.add(rows)
    os.remove(path)


def overhead(plan: RunPlan, rounds: int, folder: Path) -> tuple[float, float]:
    per_round = plan.games // rounds
    cpu = {"bare": 0.0, "simulate": 0.0}
    for r in range(rounds):
        indices = range(r * per_round, (r + 1) * per_round)
        order = ("bare", "simulate") if r % 2 == 0 else ("simulate", "bare")
        for name in order:
            start = time.process_time()
            if name == "bare":
                bare(plan, indices)
            else:
                simulated(plan, indices, folder)
            cpu[name] += time.process_time() - start
    return cpu["bare"], cpu["simulate"]


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (local workers, once their
    pool is shut down; not Ray's workers, which are the Ray instance's children)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def throughput(plan: RunPlan, backend: Backend, path: Path) -> tuple[float, float]:
    """Games per wall-clock second, and CPU seconds per 1000 games (see :func:`cpu_seconds`)."""
    start, cpu = time.perf_counter(), cpu_seconds()
    with backend:
        report = simulate(plan, path, backend)
    os.remove(path)
    wall = time.perf_counter() - start
    return report.written / wall, 1000 * (cpu_seconds() - cpu) / report.written


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="alakazum")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seats", default="heuristic")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--ray", action="store_true", help="also measure a local Ray instance of 2 CPUs")
    args = parser.parse_args()
    g = alaka.game(args.game)
    plan = plan_run(
        g, players=[args.players], seats=args.seats.split(","), options={}, games=args.games, seed=0
    )
    one, five, fifteen = os.getloadavg()
    print(f"load average: {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores")
    print(f"{g.title}, {args.players} players, {args.seats}, {args.games} games")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.process_time()
        simulated(plan, range(0, 1), folder)  # one-time costs: imports, pyarrow's first table
        print(f"first game through the simulator (imports included): {time.process_time() - start:.2f} CPU s")
        base, sim = overhead(plan, args.rounds, folder)
        print(
            f"1 process, CPU s: bare loop {base:.2f}, simulate {sim:.2f}: "
            f"overhead {100 * (sim / base - 1):+.1f}% "
            f"({args.games / base:.1f} vs {args.games / sim:.1f} games per CPU second)"
        )
        for jobs in (1, 2):
            backend: Backend = InlineBackend() if jobs == 1 else ProcessBackend(jobs)
            rate, cpu = throughput(plan, backend, folder / f"jobs{jobs}.parquet")
            print(f"--jobs {jobs}: {rate:.1f} games/s (wall clock), {cpu:.2f} CPU s per 1000 games")
        if args.ray:
            from alaka.sim.ray_backend import LOOPBACK_ONLY, RayBackend

            os.environ.setdefault(LOOPBACK_ONLY, "0")  # this machine only: 127.0.0.1
            import ray

            start = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="warning")
            print(f"ray.init: {time.perf_counter() - start:.1f} s")
            try:
                rate, _ = throughput(plan, RayBackend(), folder / "ray.parquet")
            finally:
                ray.shutdown()
            print(f"--backend ray (2 CPUs): {rate:.1f} games/s (wall clock)")


if __name__ == "__main__":
    main()
