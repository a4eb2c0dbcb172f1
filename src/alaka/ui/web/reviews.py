"""After a game: its replay, step by step, and the review of a seat's decisions.

Both are computed in worker processes of their own (:class:`~alaka.ui.web.workers.WorkerPool`),
never on the event loop and never behind the bots' moves: a replay's view
(:func:`alaka.ui.web.workers.replay_view`) in one worker, a review's search
(:mod:`alaka.bots.review`), which takes seconds to minutes, in another, so that replays never
wait for a review.

Both are made in the language of the reader who asks (a worker does not share the server's
reader, so each job names its language). Reviews are made once per game, seat and language,
whoever asks, and kept a while
(:attr:`~alaka.ui.web.limits.Limits.reviews_kept`); those waiting queue in bounds, with a share
per address (:meth:`Reviews.review`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict, deque
from dataclasses import dataclass

from alaka.core.language import reading, tr, trn
from alaka.core.protocol import JsonDict
from alaka.ui.web.limits import Limits
from alaka.ui.web.table import Table, TableError
from alaka.ui.web.workers import WorkerPool

log = logging.getLogger("alaka.web")


@dataclass
class _Review:
    """A review of one seat of a finished game: who asked first (whose budget it counts
    against), the record while it waits, its search once started, then its result."""

    address: str | None
    record: JsonDict | None
    task: asyncio.Task[JsonDict] | None = None
    result: JsonDict | None = None
    failed: bool = False

    @property
    def pending(self) -> bool:
        """Waiting or being made."""
        return self.result is None and not self.failed


class Replays:
    """The replays of finished games, computed in a worker of their own (``pool``)."""

    def __init__(self, pool: WorkerPool) -> None:
        self.pool = pool

    async def step(self, table: Table, step: int, seat: int | None) -> JsonDict:
        """Seat ``seat``'s view after ``step`` actions of a finished game (computed in the replay
        worker, never on the event loop: see :func:`alaka.ui.web.workers.replay_view`)."""
        if not table.finished:
            raise TableError(tr("a game can be replayed once it is over"), 409)
        if seat is not None and not 0 <= seat < len(table.seats):
            raise TableError(
                tr("there is no seat {seat}; seats are 0 to {last}").format(
                    seat=seat, last=len(table.seats) - 1
                )
            )
        steps = table.seq
        if not 0 <= step <= steps:
            raise TableError(tr("step is 0 to {steps}, not {step}").format(steps=steps, step=step))
        return await self.pool.replay_view(table.id, table.record(), step, seat, reading())


class Reviews:
    """The reviews of finished games, made in a worker of their own (``pool``)."""

    def __init__(self, pool: WorkerPool, limits: Limits) -> None:
        self.pool = pool
        self.limits = limits
        #: Reviews made, being made or waiting, by (table, seat, language), the newest asked last; and the
        #: order those waiting are made in (see :meth:`review`).
        self._reviews: OrderedDict[tuple[str, int, str], _Review] = OrderedDict()
        self._review_queue: deque[tuple[str, int, str]] = deque()
        self._stopping = False

    def review(self, table: Table, seat: int | None, address: str | None = None) -> JsonDict:
        """Seat ``seat``'s review of a finished game (the caller has checked the seat's token):
        ``{"status": "queued", "position": N}`` while N - 1 reviews are ahead of it,
        ``{"status": "working"}`` while its search runs (in the review worker), then
        ``{"status": "ready", "review": ...}`` (:meth:`alaka.bots.review.Review.json`). Asking
        again is cheap and costs no budget.

        A review is made once per game, seat and language (the reader's), whoever asks, and kept
        (:attr:`Limits.reviews_kept`). A new one waits in a queue of at most
        :attr:`Limits.review_queue` (503 past it), and one ``address`` may have at most
        :attr:`Limits.reviews_per_address` waiting or being made (429): each costs 20 s to
        minutes of a worker, so one visitor must not keep everyone else's waiting. A failed
        review says why, once, and is tried again at the next asking."""
        if not table.finished:
            raise TableError(tr("a game can be reviewed once it is over"), 409)
        if seat is None:
            raise TableError(
                tr(
                    "a review rates one seat's decisions: it needs the seat's own link (a spectator has"
                    " no decisions to review)"
                ),
                403,
            )
        key = (table.id, seat, reading())
        found = self._reviews.get(key)
        if found is None:
            self._queue_review(key, table, address)
            found = self._reviews[key]
        self._reviews.move_to_end(key)  # the newest asked last (the oldest is let go first)
        if found.failed:
            del self._reviews[key]
            raise TableError(tr("the review could not be made; ask again"), 503)
        if found.result is not None:
            return {"status": "ready", "seat": seat, "review": found.result}
        if found.task is None:
            return {"status": "queued", "seat": seat, "position": self._review_queue.index(key) + 1}
        return {"status": "working", "seat": seat}

    def _queue_review(self, key: tuple[str, int, str], table: Table, address: str | None) -> None:
        """Put a new review in the queue, within its bounds (see :meth:`review`), and start it
        if the worker is free."""
        if len(self._review_queue) >= self.limits.review_queue:
            raise TableError(
                trn(
                    "{n} review is waiting, as many as the server queues; ask again in a minute",
                    "{n} reviews are waiting, as many as the server queues; ask again in a minute",
                    len(self._review_queue),
                ).format(n=len(self._review_queue)),
                503,
                retry_after=60,
            )
        if address is not None:
            mine = sum(r.address == address and r.pending for r in self._reviews.values())
            if mine >= self.limits.reviews_per_address:
                raise TableError(
                    trn(
                        "this address has {n} review waiting or being made, as many as it may;"
                        " ask again when one is ready",
                        "this address has {n} reviews waiting or being made, as many as it may;"
                        " ask again when one is ready",
                        mine,
                    ).format(n=mine),
                    429,
                    retry_after=30,
                )
        self._reviews[key] = _Review(address, table.record())
        self._review_queue.append(key)
        self._next_review()

    def _next_review(self) -> None:
        """Start the reviews first in the queue while the review workers have room."""
        running = sum(r.task is not None and r.pending for r in self._reviews.values())
        while self._review_queue and running < max(1, self.pool.workers):
            key = self._review_queue.popleft()
            review = self._reviews[key]
            assert review.record is not None
            work = self.pool.review(review.record, key[1], self.limits.review_iterations, key[2])
            review.task = asyncio.get_running_loop().create_task(work)
            review.task.add_done_callback(functools.partial(self._review_made, key, review))
            running += 1

    def _review_made(self, key: tuple[str, int, str], review: _Review, task: asyncio.Task[JsonDict]) -> None:
        """A review's search ended: keep its result (letting go of the oldest made past
        :attr:`Limits.reviews_kept`), or note its failure; then start the next."""
        review.record = None
        if task.cancelled():
            review.failed = True
        elif task.exception() is not None:
            log.error("table %s: the review of seat %d failed: %r", key[0], key[1], task.exception())
            review.failed = True
        else:
            review.result = task.result()
        made = [k for k, r in self._reviews.items() if r.result is not None]
        for old in made[: max(0, len(made) - self.limits.reviews_kept)]:
            del self._reviews[old]
        if not self._stopping:
            self._next_review()

    def stop(self) -> None:
        """Start no more reviews, and cancel those being made (the pool is closed apart)."""
        self._stopping = True
        self._review_queue.clear()
        for review in self._reviews.values():
            if review.task is not None:
                review.task.cancel()
