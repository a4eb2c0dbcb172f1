"""Bots think in other processes, so a table of people never waits for a table of search bots.

A search bot may think for a second per move; twelve tables of five such bots are a minute of
thinking per minute on every core a machine has. Run in the server's own process, that
thinking took the interpreter from the tables of people (and, in threads, the threads that
commit their actions: a person's move waited six seconds for a thread). So bots think in a
:class:`WorkerPool`, a pool of worker processes that run at a lower priority (``nice``) than the
server: the operating system gives the server the processor first, and bot load only slows
other bots.

Workers are shared fairly (:class:`FairBots`): bots that answer at once (Easy and Medium:
random play and the heuristic) think in a pool of their own, so they never wait behind a
search; in each pool, a table with a person in it goes before tables of bots only, and among
those the address served least recently goes first (round robin), within a budget of
processor time per address. Before, every bot waited in one first-in-first-out queue: ten
tables of Expert bots from one address took a person playing an Easy bot from 155 actions in
15 s to 3 in 90 s. A move already being thought about is not interrupted, so a person's own
search bot may wait for one other search (at most as long as a search takes); a quick bot
waits for none.

A worker rebuilds a table's state by replaying its record and keeps it, so the next move of the
same table only applies the actions since. Everything crossing to a worker is plain data (the
record, the seat, the bot spec and the draw's generator); what comes back is the action's name
and the processor time the bot spent, which the table's thinking budget is charged.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from alaka.bots.registry import make_bot, parse_spec
from alaka.core.driver import Bot
from alaka.core.language import ENGLISH, reading, speaking
from alaka.core.protocol import JsonDict, State
from alaka.core.records import replay, replay_states
from alaka.ui.web.limits import Allowance

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
    on as an orphan (a process pool's worker would otherwise wait for work forever).

    A worker ignores Ctrl-C (SIGINT): the terminal sends it to every process of the group,
    and the server, which gets it too, stops its workers itself (:meth:`WorkerPool.close`:
    the move under way is finished first). Stopped by both, a worker died in the middle of a
    move with a traceback, and the pool was broken while it was being closed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
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


def replay_view(key: str, record: JsonDict, step: int, seat: int | None, language: str = ENGLISH) -> JsonDict:
    """Seat ``seat``'s view after ``step`` actions of the finished game ``record``, its words in
    ``language`` (a worker does not share the server's reader: each job names its own).

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
    with speaking(language):  # the states kept are the same in every language; the text is not
        return _step_view(states, record, step, seat, turns, eventful)


def _step_view(
    states: list[State],
    record: JsonDict,
    step: int,
    seat: int | None,
    turns: list[JsonDict],
    eventful: list[int],
) -> JsonDict:
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


def review(record: JsonDict, seat: int, iterations: int, language: str = ENGLISH) -> JsonDict:
    """The review of ``seat``'s decisions in the finished game ``record`` (:mod:`alaka.bots.review`),
    its words (the choices' labels) in ``language``."""
    from alaka.bots.review import review_game

    with speaking(language):
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

    async def replay_view(
        self, key: str, record: JsonDict, step: int, seat: int | None, language: str | None = None
    ) -> JsonDict:
        """See :func:`replay_view`; run in a worker, in ``language`` (None: the reader's now)."""
        result: JsonDict = await self.run(replay_view, key, record, step, seat, language or reading())
        return result

    async def review(
        self, record: JsonDict, seat: int, iterations: int, language: str | None = None
    ) -> JsonDict:
        """See :func:`review`; run in a worker, in ``language`` (None: the reader's now)."""
        result: JsonDict = await self.run(review, record, seat, iterations, language or reading())
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


#: The bots that answer at once (the lobby's Easy and Medium): they think in a pool of their own.
QUICK_BOTS = frozenset({"random", "heuristic"})

#: How many addresses' turns and budgets a lane remembers before it forgets the idle ones.
ADDRESSES_KEPT = 1000


@dataclass(eq=False)
class _Move:
    """A bot's move waiting for a worker: what to think about, for whom, and where the answer goes."""

    arguments: tuple[str, JsonDict, int, str, random.Random]
    people: bool
    address: str
    number: int
    answer: asyncio.Future[tuple[str, float]] = field(repr=False)


class _Lane:
    """A pool of workers and the moves waiting for it, handed out by :meth:`_pick`."""

    def __init__(self, pool: WorkerPool, budgets: dict[str, Allowance], per_address: float) -> None:
        self.pool = pool
        self.slots = max(1, pool.workers)
        self.budgets = budgets
        self.per_address = per_address
        self.waiting: list[_Move] = []
        self.running = 0
        #: When each address was last served (a count of moves handed out): least recent first.
        self.served: dict[str, int] = {}
        self.handed = 0
        self._retry: asyncio.TimerHandle | None = None

    def budget(self, address: str) -> Allowance:
        found = self.budgets.get(address)
        if found is None:
            if len(self.budgets) > ADDRESSES_KEPT:
                for idle in [a for a, spent in self.budgets.items() if spent.full]:
                    del self.budgets[idle]
            found = self.budgets[address] = Allowance(self.per_address)
        return found

    def _pick(self) -> _Move | None:
        """The next move to think about: a table with a person before one of bots only, then
        the address served least recently, then the move that waited longest; an address
        past its budget waits until it refills (None: nothing may go now)."""
        self.waiting = [m for m in self.waiting if not m.answer.done()]  # given up (table let go)
        ready = [m for m in self.waiting if self.budget(m.address).wait() == 0]
        if not ready:
            if self.waiting and self._retry is None:
                wait = min(self.budget(m.address).wait() for m in self.waiting)
                self._retry = asyncio.get_running_loop().call_later(wait, self._retried)
            return None
        return min(ready, key=lambda m: (not m.people, self.served.get(m.address, -1), m.number))

    def _retried(self) -> None:
        self._retry = None
        self.dispatch()

    def dispatch(self) -> None:
        """Hand waiting moves to free workers."""
        while self.running < self.slots and (move := self._pick()) is not None:
            self.waiting.remove(move)
            self.running += 1
            self.handed += 1
            if len(self.served) > ADDRESSES_KEPT:
                self.served.clear()
            self.served[move.address] = self.handed
            work = asyncio.get_running_loop().create_task(self.pool.think(*move.arguments))
            work.add_done_callback(functools.partial(self._thought, move))

    def _thought(self, move: _Move, work: asyncio.Task[tuple[str, float]]) -> None:
        self.running -= 1
        if work.cancelled():
            if not move.answer.done():
                move.answer.cancel()
        elif (error := work.exception()) is not None:
            if not move.answer.done():
                move.answer.set_exception(error)
        else:
            name, seconds = work.result()
            self.budget(move.address).spend(seconds)
            if not move.answer.done():
                move.answer.set_result((name, seconds))
        with contextlib.suppress(RuntimeError):  # the loop is closing: nothing more to hand out
            self.dispatch()

    def close(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
        for move in self.waiting:
            move.answer.cancel()
        self.waiting.clear()


class FairBots:
    """Where a server's bots think: a pool of ``workers`` processes for search bots and one
    for the quick bots (:data:`QUICK_BOTS`), each handed out fairly (see the module
    docstring), with at most ``seconds_per_address`` processor seconds a minute per client
    address (a table of nobody's counts as an address of its own)."""

    def __init__(self, workers: int | None = None, seconds_per_address: float = 60.0) -> None:
        budgets: dict[str, Allowance] = {}
        searches = WorkerPool(workers)
        # quick bots take milliseconds a move: at the server's own priority, another job on the
        # machine cannot keep a person's Easy bot waiting either
        quick = WorkerPool(min(1, searches.workers), nice=0)
        self.search = _Lane(searches, budgets, seconds_per_address)
        self.quick = _Lane(quick, budgets, seconds_per_address)
        self._numbers = 0

    async def think(
        self,
        key: str,
        record: JsonDict,
        seat: int,
        spec: str,
        rng: random.Random,
        *,
        people: bool = True,
        address: str | None = None,
    ) -> tuple[str, float]:
        """The move of the bot ``spec`` (see :func:`think`), once its turn for a worker comes:
        ``people`` says whether the table has a person at it, ``address`` who it is for (None:
        the table ``key`` alone)."""
        lane = self.quick if parse_spec(spec)[0] in QUICK_BOTS else self.search
        self._numbers += 1
        answer: asyncio.Future[tuple[str, float]] = asyncio.get_running_loop().create_future()
        move = _Move((key, record, seat, spec, rng), people, address or f"table:{key}", self._numbers, answer)
        lane.waiting.append(move)
        lane.dispatch()
        return await answer

    async def close(self) -> None:
        for lane in (self.search, self.quick):
            lane.close()
        await asyncio.gather(self.search.pool.close(), self.quick.pool.close())
