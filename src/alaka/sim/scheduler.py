"""Spreading a run's games over workers: batches of game indices, streamed back as they finish.

A *backend* plays batches (this process, local worker processes, or a Ray cluster, see
:mod:`alaka.sim.ray_backend`); :func:`run_batches` feeds it. Because game ``i`` is determined by
the run's seed, ``i`` and its configuration, the batches may be cut and finish in any order
and the rows are still the same; only their order in the results file differs.

- Batches are sized so that one takes about half a second (one game at first, then from the
  measured time per game): small enough that stopping waits little and the progress bar moves,
  big enough that sending them costs little next to playing them.
- At most a few batches per worker are in flight, so memory stays flat however many games.
- A batch whose worker process dies is played again (a few times at most); a game that raises
  stops the run with a message naming it and its seed.
- Stopping: when ``stop()`` turns true no new batch is sent and those in flight are waited for,
  so every finished game is kept (:class:`StopOnInterrupt` turns the first Ctrl-C into that).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Container, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from types import FrameType, TracebackType
from typing import Protocol, Self

from alaka.sim.runs import BatchJob, Row, RunPlan, SimulationError, play_batch

#: How long one batch should take to play, in seconds (see the module docstring).
BATCH_SECONDS = 0.5
#: The most games in one batch.
MAX_BATCH = 256
#: How many times a batch is played again after its worker process died.
RETRIES = 3

PlayBatch = Callable[[BatchJob], list[Row]]


class Backend(Protocol):
    """Where batches are played. A context manager: leaving it stops whatever still runs."""

    #: How many batches may be in flight at once.
    slots: int
    #: The most games in one batch (1: play game by game, as this process does).
    max_batch: int

    def submit(self, job: BatchJob) -> None:
        """Start playing a batch."""

    def wait(self) -> list[tuple[BatchJob, list[Row]]]:
        """Block until some batch finishes; the finished ones (maybe none, after a retry)."""

    def __enter__(self) -> Self: ...

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None: ...


class InlineBackend:
    """Plays each batch in this process, one game per batch (``--jobs 1``)."""

    slots = 1
    max_batch = 1

    def __init__(self, play: PlayBatch = play_batch) -> None:
        self._play = play
        self._queue: deque[BatchJob] = deque()

    def submit(self, job: BatchJob) -> None:
        self._queue.append(job)

    def wait(self) -> list[tuple[BatchJob, list[Row]]]:
        job = self._queue.popleft()
        return [(job, self._play(job))]

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._queue.clear()


def _ignore_interrupts() -> None:
    """In a worker: the terminal's Ctrl-C reaches the whole process group, but stopping is the
    main process's decision (it lets the batches in flight finish)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessBackend:
    """Plays batches in ``jobs`` local worker processes (``--jobs N``).

    Workers are started with ``spawn`` (a fresh interpreter, no threads or locks inherited from
    this process, which runs a progress bar). A worker that dies breaks the whole pool: a new
    pool is started and every batch that was in flight is sent again.
    """

    max_batch = MAX_BATCH

    def __init__(self, jobs: int, play: PlayBatch = play_batch, retries: int = RETRIES) -> None:
        self.jobs = jobs
        self.slots = 2 * jobs
        self._play = play
        self._retries = retries
        self._pool = self._new_pool()
        self._futures: dict[Future[list[Row]], tuple[BatchJob, int]] = {}

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.jobs,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_ignore_interrupts,
        )

    def submit(self, job: BatchJob, attempt: int = 0) -> None:
        self._futures[self._pool.submit(self._play, job)] = (job, attempt)

    def wait(self) -> list[tuple[BatchJob, list[Row]]]:
        done, _ = wait(self._futures, return_when=FIRST_COMPLETED)
        finished: list[tuple[BatchJob, list[Row]]] = []
        for future in done:
            job = self._futures[future][0]
            try:
                rows = future.result()
            except BrokenProcessPool:
                return finished + self._restart()
            del self._futures[future]
            finished.append((job, rows))
        return finished

    def _restart(self) -> list[tuple[BatchJob, list[Row]]]:
        """A worker died: keep the batches that finished, play the others again in a new pool."""
        finished: list[tuple[BatchJob, list[Row]]] = []
        again: list[tuple[BatchJob, int]] = []
        for future, (job, attempt) in self._futures.items():
            if future.done() and future.exception() is None:
                finished.append((job, future.result()))
            else:
                again.append((job, attempt + 1))
        self._futures.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._new_pool()
        for job, attempt in again:
            if attempt > self._retries:
                raise SimulationError(
                    f"a worker process died {attempt} times playing games {_describe(job)}; "
                    "is the machine out of memory?"
                )
            self.submit(job, attempt)
        return finished

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._futures:
            # Leaving with batches in flight (a second Ctrl-C, an error): stop the workers now
            # rather than wait for their batches. The pool keeps its processes in a private
            # attribute; Python 3.14's terminate_workers() is the public way.
            for process in list((getattr(self._pool, "_processes", None) or {}).values()):
                process.terminate()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._futures.clear()


def local_backend(jobs: int, play: PlayBatch = play_batch) -> InlineBackend | ProcessBackend:
    """This machine's backend for ``--jobs``: this process for 1, else that many workers."""
    return InlineBackend(play) if jobs <= 1 else ProcessBackend(jobs, play=play)


def _describe(job: BatchJob) -> str:
    first, last = min(job.indices), max(job.indices)
    games = f"{first}" if first == last else f"{first}-{last}"
    return f"{games} of {job.config.label!r} with {job.config.players} players"


class _BatchSizer:
    """Sizes batches so that one takes about :data:`BATCH_SECONDS` (one game at first)."""

    def __init__(self, max_batch: int) -> None:
        self.max_batch = max_batch
        self.games = 0
        self.seconds = 0.0

    def observe(self, rows: list[Row]) -> None:
        self.games += len(rows)
        self.seconds += sum(float(row["seconds"]) for row in rows)

    @property
    def size(self) -> int:
        if not self.games or self.seconds <= 0:
            return 1
        per_game = self.seconds / self.games
        return max(1, min(self.max_batch, int(BATCH_SECONDS / per_game)))


def run_batches(
    plan: RunPlan,
    backend: Backend,
    done: Container[tuple[str, int, int]] = (),
    stop: Callable[[], bool] = lambda: False,
) -> Iterator[list[Row]]:
    """Play every game of ``plan`` not in ``done`` (``(label, players, index)``), yielding the
    rows of each batch as it finishes. The configurations take turns, so a run stopped early
    has about as many games of each."""
    queues = [
        deque(i for i in range(plan.games) if (*config.key, i) not in done) for config in plan.configurations
    ]
    turn = 0
    sizer = _BatchSizer(backend.max_batch)
    in_flight = 0

    def next_job() -> BatchJob | None:
        nonlocal turn
        for _ in range(len(queues)):
            k = turn % len(queues)
            turn += 1
            if queues[k]:
                queue = queues[k]
                indices = tuple(queue.popleft() for _ in range(min(sizer.size, len(queue))))
                return BatchJob(plan.game, plan.seed, plan.configurations[k], indices)
        return None

    while True:
        while in_flight < backend.slots and not stop():
            job = next_job()
            if job is None:
                break
            backend.submit(job)
            in_flight += 1
        if not in_flight:
            return
        for _job, rows in backend.wait():
            in_flight -= 1
            sizer.observe(rows)
            yield rows


class StopOnInterrupt:
    """Within it, the first Ctrl-C asks the run to stop after the games in flight (``stopped``
    turns true and ``on_stop`` is told), and a second one interrupts at once as usual."""

    def __init__(self, on_stop: Callable[[], None] = lambda: None) -> None:
        self.stopped = False
        self._on_stop = on_stop
        self._previous: object = None

    def __call__(self) -> bool:
        return self.stopped

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.stopped = True
        signal.signal(signal.SIGINT, signal.default_int_handler)
        self._on_stop()

    def __enter__(self) -> Self:
        self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        signal.signal(signal.SIGINT, self._previous)  # type: ignore[arg-type]
