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
from alaka.bots.registry import bot_levels, make_bot
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


def test_ctrl_c_stops_the_workers_through_their_server_only() -> None:
    """Issue 30, item 8: Ctrl-C reaches every process of the terminal's group, so each worker
    was told to stop twice (by the signal, in the middle of a move, and by its server's
    shutdown). A worker now leaves the signal to its server, which stops it once."""
    record, seat = _position()

    async def scenario() -> tuple[int, str, str]:
        pool = WorkerPool(1)
        try:
            pid = await pool.run(os.getpid)
            os.kill(pid, signal.SIGINT)
            await asyncio.sleep(0.3)
            name, _ = await pool.think("t", record, seat, SPEC, random.Random(9))
            return pid, name, _state(pid)
        finally:
            await pool.close()

    pid, name, state = asyncio.run(scenario())
    assert state not in ("Z", "gone")  # the signal left it alone
    assert name in {a.name for a in replay(record).legal_actions()}
    deadline = time.monotonic() + 10
    while _alive(pid):  # and the pool's close ended it
        assert time.monotonic() < deadline, "the worker outlived its pool"
        time.sleep(0.1)


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2]
    except FileNotFoundError:
        return "gone"


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


# -- issue 30: bots share the workers fairly -------------------------------------------------------

#: The lobby's strongest bot of Alakazoo (what the attack asked for), and the Easy one.
EXPERT = {"kind": "bot", "bot": bot_levels("alakazoo")[-1].spec}
EASY = {"kind": "bot", "bot": "random"}

#: Seconds a search bot "thinks" in the scenario below (its move is the Easy bot's, then a wait).
SEARCH_SECONDS = 0.4


def _slow_searches(monkeypatch: object) -> dict[str, int]:
    """Bots think in threads of the test (``bot_workers=0``); a search bot's move takes
    :data:`SEARCH_SECONDS` there (so ten tables of them queue seconds of work), any other's
    none. The moves themselves are random ones, the same for a given draw. Returns the count
    of moves made, by table."""
    import pytest

    from alaka.ui.web import workers

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    real = workers.think
    made: dict[str, int] = {}

    def think(
        key: str, record: dict[str, object], seat: int, spec: str, rng: random.Random
    ) -> tuple[str, float]:
        name, seconds = real(key, record, seat, "random", rng)
        made[key] = made.get(key, 0) + 1
        if spec.startswith("ismcts"):
            time.sleep(SEARCH_SECONDS)
            seconds += SEARCH_SECONDS
        return name, seconds

    monkeypatch.setattr(workers, "think", think)
    return made


def test_a_persons_easy_or_search_bot_is_not_kept_waiting_by_other_tables_search_bots(
    tmp_path: object, monkeypatch: object
) -> None:
    """Issue 30, item 2: ten Expert-bot tables from one address cut a person playing an Easy bot
    from 155 actions in 15 s to 3 in 90 s, since every bot waited in one first-in-first-out
    queue. Now quick bots (Easy, Medium) never wait for a search, and a table with a person
    goes before tables of bots only (which get what is left)."""
    from pathlib import Path

    from alaka.ui.web.limits import Limits
    from alaka.ui.web.store import SqliteStore
    from alaka.ui.web.tables import Pace, Table, TableRoom

    assert isinstance(tmp_path, Path)
    made = _slow_searches(monkeypatch)

    async def bot_replies(room: TableRoom, table: Table, replies: int) -> list[float]:
        """Play seat 0 (a person, choosing at once) until the bots have answered ``replies``
        times; how long each answer took, per bot decision in it (a bot's turn may be several)."""
        waits: list[float] = []
        deadline = time.monotonic() + 40
        rng = random.Random(5)
        while len(waits) < replies and not table.finished:
            assert time.monotonic() < deadline, f"the bots answered only {len(waits)} times: {waits}"
            state = table.state
            if state.current_player() == 0 and len(state.legal_actions()) > 1:
                await room.act(table, 0, table.seq, rng.choice(state.legal_actions()).name)
                started, before = time.monotonic(), made.get(table.id, 0)
                while table.state.current_player() not in (0, -4) or (
                    table.state.current_player() == 0 and len(table.state.legal_actions()) == 1
                ):
                    await asyncio.sleep(0.002)
                if made.get(table.id, 0) > before:
                    waits.append((time.monotonic() - started) / (made[table.id] - before))
            else:
                await asyncio.sleep(0.002)
        return waits

    async def run() -> tuple[list[float], list[float], int]:
        room = TableRoom(SqliteStore(tmp_path / "t.sqlite3"), Pace.scaled(0), Limits(bot_workers=0))
        others = [
            (await room.create("alakazoo", [EXPERT, EXPERT, EXPERT], owner=f"10.1.0.{k % 2}"))[0]
            for k in range(10)
        ]
        await asyncio.sleep(0.5)  # their bots are thinking, and more are waiting
        easy, _ = await room.create("alakazoo", [{"kind": "human"}, EASY], owner="10.2.0.1")
        easy_waits = await bot_replies(room, easy, 8)
        expert, _ = await room.create("alakazoo", [{"kind": "human"}, EXPERT], owner="10.3.0.1")
        expert_waits = await bot_replies(room, expert, 3)
        moved = sum(t.seq for t in others)
        await room.stop()
        room.store.close()
        return easy_waits, expert_waits, moved

    easy_waits, expert_waits, moved = asyncio.run(run())
    assert len(easy_waits) == 8 and max(easy_waits) < 0.25, easy_waits  # before: 4 s each
    # a person's search bot waits at most for the search under way, then thinks its own
    assert len(expert_waits) == 3 and max(expert_waits) < 3 * SEARCH_SECONDS, expert_waits
    assert moved > 0  # the tables of bots played on with what was left
