"""The Ray backend (``--backend ray``): batches of games as Ray tasks on a cluster or this machine.

Each batch is one task running :func:`alaka.sim.runs.play_batch`; results come back as tasks
finish (``ray.wait``), so the results file and the progress bar move as they do with local
processes. Ray plays a task again when the worker process running it dies (``max_retries``);
a game that raises stops the run with the game's own message.

Without ``address`` a local Ray instance is started with ``jobs`` CPUs, listening on 127.0.0.1
only, and stopped at the end; with one (``auto``, ``ray://head:10001``) the run joins that
cluster and uses all its CPUs. A loopback address (``127.0.0.1:6379``, a cluster on this machine
started with ``ray start --head --node-ip-address 127.0.0.1``) keeps the driver on the loopback
too (:func:`on_loopback`).
Workers import ``alaka`` themselves: install it on every node (docs/simulate.md). Ray is
imported only here, so nothing else needs the ``ray`` extra.
"""

from __future__ import annotations

import logging
import os
import sys
from types import TracebackType
from typing import Any, Self

from alaka.sim.runs import BatchJob, Row, SimulationError, play_batch
from alaka.sim.scheduler import MAX_BATCH, RETRIES, PlayBatch

#: Ray's switch for "this machine only": with it at 0 a local instance takes 127.0.0.1 as its
#: address and every Ray process listens on the loopback only. It must be set before Ray is
#: imported (Ray reads it once).
LOOPBACK_ONLY = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


#: Hosts of an ``--address`` on this machine's loopback.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


def on_loopback(address: str | None) -> bool:
    """Whether ``address`` (``host:port``) names a cluster on this machine's loopback: Ray, left
    to itself, swaps such a host for this machine's outward address and then finds no cluster
    there ("Failed to connect to Ray cluster at 192.0.2.2:6379"); the driver must stay on the
    loopback too."""
    if not address:
        return False
    host = address.removeprefix("ray://").rpartition(":")[0]
    return host in LOOPBACK_HOSTS


#: Ray's switch for token authentication, which Ray 2.59 and later turn on for a cluster
#: started on this machine: a driver joining one must send the cluster's token (read from
#: ``RAY_AUTH_TOKEN``, ``RAY_AUTH_TOKEN_PATH`` or ``~/.ray/auth_token``, where ``ray start``
#: writes it). A cluster without authentication ignores the token.
AUTH_MODE = "RAY_AUTH_MODE"


def _ray(local: bool, joining: bool = False) -> Any:
    if local and "ray" not in sys.modules:
        os.environ.setdefault(LOOPBACK_ONLY, "0")
    if local and joining:
        os.environ.setdefault(AUTH_MODE, "token")
    try:
        import ray
    except ImportError:
        raise SimulationError("--backend ray needs Ray (the ray extra): pip install 'alaka[ray]'") from None
    return ray


def _play(play: PlayBatch, job: BatchJob) -> list[Row]:
    """The task: ``play`` travels with it, so a test can hand in its own."""
    return play(job)


class RayBackend:
    """Plays batches as Ray tasks (see the module docstring)."""

    max_batch = MAX_BATCH

    def __init__(
        self,
        address: str | None = None,
        jobs: int | None = None,
        play: PlayBatch = play_batch,
        retries: int = RETRIES,
    ) -> None:
        loopback = on_loopback(address)
        ray = self._ray = _ray(local=not address or loopback, joining=loopback)
        self._started = False
        if not ray.is_initialized():
            try:
                if address:
                    node = {"_node_ip_address": "127.0.0.1"} if loopback else {}
                    ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False, **node)
                else:
                    ray.init(  # "local": a new instance, even if a cluster already runs here
                        address="local",
                        num_cpus=jobs,
                        include_dashboard=False,
                        logging_level=logging.WARNING,
                        log_to_driver=False,
                    )
            except Exception as error:  # a node that times out starting raises a bare Exception
                where = address or "this machine"
                raise SimulationError(f"cannot start or join a Ray cluster on {where}: {error}") from None
            self._started = True
        self.cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.slots = 2 * self.cpus
        self._task = ray.remote(max_retries=retries, retry_exceptions=False)(_play)
        self._play = play
        self._retries = retries
        self._pending: dict[Any, BatchJob] = {}

    def submit(self, job: BatchJob) -> None:
        self._pending[self._task.remote(self._play, job)] = job

    def wait(self) -> list[tuple[BatchJob, list[Row]]]:
        ray = self._ray
        ready, rest = ray.wait(list(self._pending), num_returns=1)
        if rest:  # take every other batch that is finished too
            more, _ = ray.wait(rest, num_returns=len(rest), timeout=0)
            ready += more
        finished = []
        for ref in ready:
            job = self._pending.pop(ref)
            try:
                rows: list[Row] = ray.get(ref)
            except ray.exceptions.RayTaskError as error:
                cause = error.cause
                raise (cause if isinstance(cause, SimulationError) else SimulationError(str(cause))) from None
            except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as error:
                raise SimulationError(
                    f"a Ray worker died {self._retries + 1} times playing a batch of "
                    f"{job.config.label!r} with {job.config.players} players: {error}"
                ) from None
            finished.append((job, rows))
        return finished

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        ray = self._ray
        for ref in self._pending:
            ray.cancel(ref, force=True)
        self._pending.clear()
        if self._started:
            ray.shutdown()
