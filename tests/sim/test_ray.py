"""The Ray backend on a local Ray instance (127.0.0.1 only): the same rows as local processes,
and a batch whose worker dies is played again."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from typer.testing import CliRunner

import alaka
from alaka.cli import app
from alaka.sim.results import iter_rows
from alaka.sim.runs import BatchJob, Row, plan_run, play_batch
from alaka.sim.scheduler import InlineBackend, run_batches
from alaka.sim.simulate import simulate
from waits import PATIENCE

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray instance for the module: two CPUs, no dashboard, nothing outside this host."""
    ray.init(
        address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="warning"
    )
    try:
        yield
    finally:
        ray.shutdown()


def test_the_local_ray_instance_listens_on_the_loopback_only(local_ray: None) -> None:
    assert ray.get_runtime_context().gcs_address.startswith("127.0.0.1:")
    assert ray.util.get_node_ip_address() == "127.0.0.1"


def comparable(rows: list[Row]) -> list[tuple[Any, ...]]:
    return sorted(tuple((k, str(v)) for k, v in row.items() if k != "seconds") for row in rows)


def test_ray_gives_the_same_results_file_as_the_local_backend(tmp_path: Path, local_ray: None) -> None:
    from alaka.sim.ray_backend import RayBackend

    plan = plan_run(
        alaka.game("alakazum"), players=[2, 5], seats=["heuristic", "random"], options={}, games=6, seed=9
    )
    with InlineBackend() as local:
        simulate(plan, tmp_path / "local.parquet", local)
    with RayBackend() as backend:
        assert backend.cpus == 2
        report = simulate(plan, tmp_path / "ray.parquet", backend)
    assert report.written == 12
    assert comparable(list(iter_rows(tmp_path / "ray.parquet"))) == comparable(
        list(iter_rows(tmp_path / "local.parquet"))
    )


def test_the_arena_plays_on_ray_as_on_this_process(tmp_path: Path, local_ray: None) -> None:
    def records(*backend: str) -> list[str]:
        out = tmp_path / f"{len(backend)}.jsonl"
        args = ["arena", "alakazoo", "--seats", "heuristic,random", "--games", "4", "--out", str(out)]
        result = CliRunner().invoke(app, [*args, *backend])
        assert result.exit_code == 0, result.output
        return sorted(out.read_text().splitlines())

    assert records("--backend", "ray") == records()


class DiesOnce:
    """Plays a batch, except that the first batch to start kills its worker process."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __call__(self, job: BatchJob) -> list[Row]:
        try:
            self.marker.touch(exist_ok=False)
        except FileExistsError:
            return play_batch(job)
        os._exit(1)


def test_ray_plays_again_the_batch_of_a_worker_that_died(tmp_path: Path, local_ray: None) -> None:
    from alaka.sim.ray_backend import RayBackend

    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers cannot import tests
    plan = plan_run(alaka.game("alakazoo"), players=[2], seats=["heuristic"], options={}, games=3, seed=1)
    marker = tmp_path / "died"
    with RayBackend(play=DiesOnce(marker)) as backend:
        rows = [row for batch in run_batches(plan, backend) for row in batch]
    assert marker.exists()
    job = BatchJob(plan.game, plan.seed, plan.configurations[0], (0, 1, 2))
    assert comparable(rows) == comparable(play_batch(job))


def test_ray_is_only_imported_by_the_ray_backend() -> None:
    import subprocess

    code = "import alaka.sim.runs, alaka.sim.scheduler, alaka.sim.simulate, sys; print('ray' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=PATIENCE)
    assert result.stdout.strip() == "False"
