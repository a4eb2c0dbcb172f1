"""Bots think in worker processes: at a lower priority than the server, with the same choice
they would make in the server, replaced if one dies, and gone when their server is."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time

import alaka
from alaka.bots.registry import make_bot
from alaka.core.records import replay
from alaka.ui.web.workers import WORKER_NICE, WorkerPool

SPEC = "heuristic"


def _position() -> tuple[dict[str, object], int]:
    state = alaka.game("alakazoo").new_initial_state(3)
    rng = random.Random(4)
    while state.current_player() < 0:
        state.apply_action(state.sample_chance(rng))
    return state.record(), state.current_player()


def test_a_bot_thinks_in_another_process_at_a_lower_priority_and_chooses_as_it_would_here() -> None:
    record, seat = _position()

    async def scenario() -> tuple[int, int, str]:
        pool = WorkerPool(1)
        try:
            pid = await pool.run(os.getpid)
            niceness = await pool.run(os.nice, 0)
            name, _ = await pool.think("t", record, seat, SPEC, random.Random(9))
            return pid, niceness, name
        finally:
            await pool.close()

    pid, niceness, name = asyncio.run(scenario())
    assert pid != os.getpid()
    assert niceness >= min(19, os.nice(0) + WORKER_NICE)
    assert name == make_bot(SPEC, "alakazoo").act(replay(record), seat, random.Random(9)).name


def test_a_worker_that_dies_is_replaced_and_the_move_is_still_made() -> None:
    record, seat = _position()

    async def scenario() -> tuple[int, int, str]:
        pool = WorkerPool(1)
        try:
            first = await pool.run(os.getpid)
            os.kill(first, signal.SIGKILL)
            name, _ = await pool.think("t", record, seat, SPEC, random.Random(9))
            return first, await pool.run(os.getpid), name
        finally:
            await pool.close()

    first, second, name = asyncio.run(scenario())
    assert second != first
    assert name in {a.name for a in replay(record).legal_actions()}


def test_the_workers_of_a_killed_server_end_too() -> None:
    script = (
        "import asyncio, os, time\n"
        "from alaka.ui.web.workers import WorkerPool\n"
        "async def main():\n"
        "    pool = WorkerPool(1)\n"
        "    print(await pool.run(os.getpid), flush=True)\n"
        "    time.sleep(60)\n"
        "asyncio.run(main())\n"
    )
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    server.send_signal(signal.SIGKILL)  # no shutdown: nothing stops the pool
    server.wait(10)
    deadline = time.monotonic() + 10
    while _alive(worker):
        assert time.monotonic() < deadline, "the worker outlived its server"
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"  # a zombie has ended (its parent is gone)
    except FileNotFoundError:
        return False
