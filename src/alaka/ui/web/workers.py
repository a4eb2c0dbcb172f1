"""Bots think in other processes, so a table of people never waits for a table of search bots.

A search bot may think for a second per move; twelve tables of five such bots are a minute of
thinking per minute on every core a machine has. Run in the server's own process, that
thinking took the interpreter from the tables of people (and, in threads, the threads that
commit their actions: a person's move waited six seconds for a thread). So bots think in a
:class:`WorkerPool`, a pool of worker processes that run at a lower priority (``nice``) than the
server: the operating system gives the server the processor first, and bot load only slows
other bots.

A worker rebuilds a table's state by replaying its record and keeps it, so the next move of the
same table only applies the actions since. Everything crossing to a worker is plain data (the
record, the seat, the bot spec and the draw's generator); what comes back is the action's name
and the processor time the bot spent, which the table's thinking budget is charged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from alaka.bots.registry import make_bot
from alaka.core.driver import Bot
from alaka.core.protocol import JsonDict, State
from alaka.core.records import replay, replay_states

log = logging.getLogger("alaka.web")

#: How much lower than the server's the workers' scheduling priority is (``nice`` steps).
WORKER_NICE = 10

#: How often, in seconds, a worker checks that its server is still there.
ORPHAN_CHECK = 0.5

#: Finished games whose every state a replay worker keeps.
REPLAYS_KEPT = 8

#: How long, in seconds, stopping the pool waits for the moves being thought about.
CLOSE_WAIT = 5.0

#: Tables whose replayed state a worker keeps (the least recently used is let go).
STATES_KEPT = 64


def default_workers() -> int:
    """One worker per core but one, which the server keeps for people (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


# -- in the worker process ---------------------------------------------------------------------

_states: OrderedDict[str, tuple[list[str], State]] = OrderedDict()
_bots: dict[tuple[str, str], Bot] = {}


def _start_worker(nice: int) -> None:
    """Lower the worker's priority below the server's, load the games before the first move,
    and watch the server: a worker whose server died (killed, say) ends too, instead of living
    on as an orphan (a process pool's worker would otherwise wait for work forever)."""
    if nice:
        os.nice(nice)
    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(ORPHAN_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="alaka-worker-watch", daemon=True).start()
    import alaka.games  # noqa: F401  (registers both games)


def _state_of(key: str, record: JsonDict) -> State:
    """The state at the end of ``record``, from this worker's copy when it has one."""
    actions: list[str] = record["actions"]
    kept = _states.pop(key, None)
    if kept is not None and actions[: len(kept[0])] == kept[0]:
        done, state = kept
        for text in actions[len(done) :]:
            state.apply(text)
    else:
        state = replay(record)
    _states[key] = (list(actions), state)
    while len(_states) > STATES_KEPT:
        _states.popitem(last=False)
    return state


def think(key: str, record: JsonDict, seat: int, spec: str, rng: random.Random) -> tuple[str, float]:
    """The action the bot ``spec`` in ``seat`` chooses at the end of ``record``, and the
    processor seconds it took. ``key`` names the table (for this worker's cache)."""
    started = time.process_time()
    state = _state_of(key, record)
    bot = _bots.get((spec, record["game"]))
    if bot is None:
        bot = _bots[spec, record["game"]] = make_bot(spec, record["game"])
    action = bot.act(state.clone(), seat, rng)
    return action.name, time.process_time() - started


_replays: OrderedDict[str, list[State]] = OrderedDict()
#: Per replayed game and seat: the first step of each turn, and the steps that added events
#: to the seat's log (a replay steps by turn, or by event, skipping steps it saw nothing of).
_marks: dict[tuple[str, int | None], tuple[list[JsonDict], list[int]]] = {}


def _marks_of(key: str, states: list[State], seat: int | None) -> tuple[list[JsonDict], list[int]]:
    found = _marks.get((key, seat))
    if found is None:
        turns: list[JsonDict] = []
        eventful: list[int] = []
        last_turn, last_size = None, 0
        for step, state in enumerate(states):
            view = state.view(seat, log_since=None)
            if view["turn"] != last_turn:
                turns.append({"turn": view["turn"], "step": step})
                last_turn = view["turn"]
            if view["log_size"] > last_size and step > 0:
                eventful.append(step)
            last_size = view["log_size"]
        found = _marks[key, seat] = (turns, eventful)
    return found


def replay_view(key: str, record: JsonDict, step: int, seat: int | None) -> JsonDict:
    """Seat ``seat``'s view after ``step`` actions of the finished game ``record``.

    What happened at that step is told by the events the step added to the seat's log
    (redacted like any log), and by the action's label only if it was the seat's own
    decision: a chance draw's or another seat's action name may name a card nobody else saw.
    A worker keeps every state of the few games replayed last (:data:`REPLAYS_KEPT`): a person
    dragging the replay slider asks for many steps of one game.
    """
    states = _replays.pop(key, None)
    if states is None:
        states = list(replay_states(record))
    _replays[key] = states
    while len(_replays) > REPLAYS_KEPT:
        gone, _ = _replays.popitem(last=False)
        for marked in [k for k in _marks if k[0] == gone]:
            del _marks[marked]
    turns, eventful = _marks_of(key, states, seat)
    state = states[step]
    before = states[step - 1] if step > 0 else None
    label = None
    events: list[JsonDict] = []
    if before is not None:
        events = state.view(seat, log_since=before.view(seat, log_since=None)["log_size"])["log"]
        if seat is not None and before.current_player() == seat:
            action = before.action_from_string(record["actions"][step - 1])
            label = state.game.label(before, action)
    return {
        "step": step,
        "steps": len(states) - 1,
        "view": state.view(seat),
        "events": events,
        "action": label,
        "turns": turns,
        "eventful": eventful,
    }


def review(record: JsonDict, seat: int, iterations: int) -> JsonDict:
    """The review of ``seat``'s decisions in the finished game ``record`` (:mod:`alaka.bots.review`)."""
    from alaka.bots.review import review_game

    return review_game(record, seat, iterations=iterations).json()


# -- in the server -------------------------------------------------------------------------------


class WorkerPool:
    """The worker processes bots think in (started at the first move; see the module docstring).

    ``workers=0`` thinks in a thread of the server's own process instead: for embedding the
    room in a test or a tool, never for serving.
    """

    def __init__(self, workers: int | None = None, *, nice: int = WORKER_NICE) -> None:
        self.workers = default_workers() if workers is None else workers
        self.nice = nice
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.workers == 0:
                from concurrent.futures import ThreadPoolExecutor

                self._executor = ThreadPoolExecutor(1, thread_name_prefix="alaka-bots")
            else:
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(self.nice,),
                )
        return self._executor

    async def run(self, function: Any, *args: Any) -> Any:
        """``function(*args)`` in a worker; a pool whose worker died is started again, once."""
        loop = asyncio.get_running_loop()
        executor = self._pool()
        try:
            return await loop.run_in_executor(executor, function, *args)
        except BrokenProcessPool:
            if self._executor is executor:  # the first to notice starts a new pool
                log.error("a bot worker process died; starting the bot pool again")
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(), function, *args)

    async def think(
        self, key: str, record: JsonDict, seat: int, spec: str, rng: random.Random
    ) -> tuple[str, float]:
        """See :func:`think`; run in a worker."""
        result: tuple[str, float] = await self.run(think, key, record, seat, spec, rng)
        return result

    async def replay_view(self, key: str, record: JsonDict, step: int, seat: int | None) -> JsonDict:
        """See :func:`replay_view`; run in a worker."""
        result: JsonDict = await self.run(replay_view, key, record, step, seat)
        return result

    async def review(self, record: JsonDict, seat: int, iterations: int) -> JsonDict:
        """See :func:`review`; run in a worker."""
        result: JsonDict = await self.run(review, record, seat, iterations)
        return result

    async def close(self) -> None:
        """Stop the workers: a move being thought about is finished first, for at most
        :data:`CLOSE_WAIT` seconds (a worker still thinking then ends when it sees its server
        gone)."""
        executor, self._executor = self._executor, None
        if executor is not None:
            done = asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(done, CLOSE_WAIT)
