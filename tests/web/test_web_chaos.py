"""Chaos: the server is killed (SIGKILL) again and again while people and spectators play over
WebSockets; each time, every action any client was told about must be on disk, and after each
restart every game must go on exactly as it would have without the crash.

"Exactly" is checked against the rules themselves: replaying each table's stored actions, every
chance outcome must be the one the table's seed gives for that draw, every bot move the one the
bot chooses with that draw's generator, and every person's move one a person sent. Every state
a client saw must be the replayed state at that point, seen from that client's seat.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from web_helpers import free_port, query
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from alaka.bots.registry import make_bot
from alaka.core.protocol import CHANCE
from alaka.core.records import replay_states
from alaka.core.registry import game as get_game
from alaka.ui.web.seeds import draw_rng

if TYPE_CHECKING:
    from alaka.testing.postgres import ScratchPostgres

#: Times the server is killed, and how long the clients play between kills.
KILLS = 3
PLAY_BETWEEN = 0.8
#: The longest the whole test may take.
DEADLINE = 60.0
#: The server's pace: bots and forced choices wait a little, so games outlast the kills.
PACE = "0.03"

BOT = {"kind": "bot", "bot": "heuristic"}
TABLES = [
    ("alakazum", [{"kind": "human"}, BOT, {"kind": "human"}]),
    ("alakazoo", [{"kind": "human"}, {"kind": "human"}, BOT]),
    ("alakazum", [BOT, BOT, BOT]),
]


class Server:
    """``alaka serve`` in a process of its own, which the test may kill."""

    def __init__(self, db: str, *flags: str) -> None:
        self.db = db
        self.flags = flags
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "alaka", "serve", "--port", str(self.port), "--db", str(self.db)]
        self.process = subprocess.Popen([*command, "--pace", PACE, *self.flags], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{self.url}/api/games", timeout=1.0)
                return
            except httpx.TransportError:
                assert self.process.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)  # no shutdown, no flush: a crash
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)


@dataclass
class Client:
    """A page at a table (a seat's or a spectator's) that reconnects whenever the server is back."""

    ws: str | list[str]
    table: str
    token: str | None
    rng: random.Random
    seen: list[dict[str, Any]] = field(default_factory=list)
    sent: set[tuple[int, str]] = field(default_factory=set)
    over: bool = False

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set() and not self.over:
            ws = self.rng.choice(self.ws) if isinstance(self.ws, list) else self.ws  # any server
            try:
                async with connect(f"{ws}/ws/tables/{self.table}", open_timeout=2) as socket:
                    await socket.send(json.dumps({"type": "join", "token": self.token}))
                    await self._play(socket, stop)
            except (TimeoutError, OSError, WebSocketException):
                await asyncio.sleep(0.1)  # the server is down: try again

    async def _play(self, socket: Any, stop: asyncio.Event) -> None:
        while not stop.is_set():
            message = json.loads(await asyncio.wait_for(socket.recv(), 5))
            if message["type"] != "state":
                continue
            self.seen.append(message)
            if message["view"]["outcome"] is not None:
                self.over = True
                return
            if len(message["legal"]) > 1:
                name = self.rng.choice(message["legal"])["name"]
                self.sent.add((message["seq"], name))
                await socket.send(json.dumps({"type": "act", "seq": message["seq"], "action": name}))


def _stored(db: str) -> dict[str, int]:
    return dict(query(db, "SELECT table_id, count(*) FROM actions GROUP BY table_id"))


def _told(clients: list[Client]) -> dict[str, int]:
    told: dict[str, int] = {}
    for client in clients:
        for message in client.seen:
            told[client.table] = max(told.get(client.table, 0), message["seq"])
    return told


def test_killed_again_and_again_the_server_loses_nothing_and_every_game_goes_on_the_same(
    database: str,
) -> None:
    server = Server(database)
    server.start()
    started = time.monotonic()
    try:
        clients: list[Client] = []
        for number, (game, seats) in enumerate(TABLES):
            body = httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": seats}).json()
            table = body["table"]["id"]
            ws = f"ws://127.0.0.1:{server.port}"
            tokens = [link["token"] for link in body["links"]["seats"]]
            clients += [
                Client(ws, table, token, random.Random(10 * number + k)) for k, token in enumerate(tokens)
            ]
            clients.append(Client(ws, table, None, random.Random(0)))  # a spectator

        asyncio.run(_play_through_kills(database, clients, [server], started))
    finally:
        server.stop()
    _check_every_game(database, clients)


def test_two_servers_on_one_database_lose_nothing_when_the_one_driving_a_table_is_killed(
    postgres: ScratchPostgres,
) -> None:
    """Two servers share one PostgreSQL database; every client connects to either, at random,
    each time it connects. One server is killed again and again (the two in turn) and started
    again: its tables are taken over by the other, and every game goes on exactly the same."""
    database = postgres.new_database()
    servers = [Server(database), Server(database)]
    for server in servers:
        server.start()
    started = time.monotonic()
    try:
        clients: list[Client] = []
        ws = [f"ws://127.0.0.1:{server.port}" for server in servers]
        for number, (game, seats) in enumerate(TABLES):
            creator = servers[number % 2]  # each server drives a table it created
            body = httpx.post(f"{creator.url}/api/tables", json={"game": game, "seats": seats}).json()
            table = body["table"]["id"]
            tokens = [link["token"] for link in body["links"]["seats"]]
            clients += [
                Client(ws, table, token, random.Random(10 * number + k)) for k, token in enumerate(tokens)
            ]
            clients.append(Client(ws, table, None, random.Random(number)))
        listed = httpx.get(f"{servers[1].url}/api/tables").json()
        assert listed["total"] == len(TABLES)  # the lobby lists both servers' tables, from either

        asyncio.run(_play_through_kills(database, clients, servers, started))
    finally:
        for server in servers:
            server.stop()
    _check_every_game(database, clients)


def test_a_server_passes_a_tables_requests_and_socket_to_the_server_driving_it(
    postgres: ScratchPostgres,
) -> None:
    """A person connected only to the server that does not drive their table plays the whole
    game through it; its HTTP answers are the driving server's."""
    database = postgres.new_database()
    driving, other = Server(database), Server(database)
    driving.start()
    other.start()
    try:
        body = httpx.post(
            f"{driving.url}/api/tables", json={"game": "alakazoo", "seats": [{"kind": "human"}, BOT]}
        )
        table, token = body.json()["table"]["id"], body.json()["links"]["seats"][0]["token"]
        assert query(
            database,
            f"SELECT s.address FROM alaka_drivers d JOIN alaka_servers s USING (server)"
            f" WHERE d.table_id = '{table}'",
        ) == [(driving.url,)]
        client = Client(f"ws://127.0.0.1:{other.port}", table, token, random.Random(3))

        async def play() -> None:
            stop = asyncio.Event()
            await asyncio.wait_for(client.run(stop), DEADLINE)

        asyncio.run(play())
        assert client.over and len(client.seen) > 10
        shown = httpx.get(f"{other.url}/api/tables/{table}").json()
        assert shown["status"] == "finished" and shown["actions"] == client.seen[-1]["seq"]
        refused = httpx.get(f"{other.url}/api/servers/tables")  # only for the servers themselves
        assert refused.status_code == 403
        # it was the driving server that played: the other never held the table
        assert query(
            database,
            f"SELECT s.address FROM alaka_drivers d JOIN alaka_servers s USING (server)"
            f" WHERE d.table_id = '{table}'",
        ) == [(driving.url,)]
    finally:
        driving.stop()
        other.stop()


async def _play_through_kills(
    database: str, clients: list[Client], servers: list[Server], started: float
) -> None:
    """The clients play while the servers are killed :data:`KILLS` times, in turn, and started
    again; after each kill, everything any client was told about must be stored."""
    stop = asyncio.Event()
    playing = [asyncio.create_task(client.run(stop)) for client in clients]
    for kill in range(KILLS):
        await asyncio.sleep(PLAY_BETWEEN)
        victim = servers[kill % len(servers)]
        await asyncio.to_thread(victim.kill)
        stored, told = _stored(database), _told(clients)
        for table, seq in told.items():
            assert stored.get(table, 0) >= seq, f"table {table}: told {seq}, stored {stored.get(table)}"
        await asyncio.to_thread(victim.start)
    while not all(client.over for client in clients):
        assert time.monotonic() - started < DEADLINE, "the games did not finish"
        await asyncio.sleep(0.1)
    stop.set()
    await asyncio.gather(*playing)


def _live_servers(database: str) -> int:
    """The servers on the database whose session is still open."""
    ((count,),) = query(
        database,
        "SELECT count(*) FROM alaka_servers s WHERE EXISTS"
        " (SELECT 1 FROM pg_stat_activity a WHERE a.pid = s.session)",
    )
    return int(count)


def _children(parent: int) -> list[int]:
    """The processes whose parent is ``parent`` (from /proc), but multiprocessing's helper."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == parent and b"resource_tracker" not in command:
            found.append(int(stat.parent.name))
    return found


def _until(check: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.1)


def test_serve_processes_runs_several_servers_on_one_port_and_starts_again_one_that_dies(
    postgres: ScratchPostgres,
) -> None:
    database = postgres.new_database()
    server = Server(database, "--processes", "2")
    server.start()
    try:
        assert server.process is not None
        _until(lambda: _live_servers(database) == 2)
        made = [
            httpx.post(
                f"{server.url}/api/tables", json={"game": "alakazoo", "seats": [{"kind": "human"}, BOT]}
            )
            for _ in range(4)
        ]
        for _ in range(6):  # whichever process answers, the lobby is every process's
            assert httpx.get(f"{server.url}/api/tables").json()["total"] == 4
        (child, *_) = _children(server.process.pid)
        os.kill(child, signal.SIGKILL)
        _until(lambda: len(_children(server.process.pid)) == 2 and _live_servers(database) == 2)
        body = made[0].json()
        client = Client(
            f"ws://127.0.0.1:{server.port}",
            body["table"]["id"],
            body["links"]["seats"][0]["token"],
            random.Random(5),
        )

        async def play() -> None:
            await asyncio.wait_for(client.run(asyncio.Event()), DEADLINE)

        asyncio.run(play())
        assert client.over
        server.process.send_signal(signal.SIGINT)
        assert server.process.wait(30) == 0
        assert _live_servers(database) == 0  # every process stopped with it
    finally:
        server.stop()


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting to be reaped does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_serve_processes_leaves_no_server_behind_when_it_is_stopped_or_killed(
    postgres: ScratchPostgres, ending: signal.Signals
) -> None:
    """A service manager stops the parent with SIGTERM, the OOM killer with SIGKILL: either way
    no process of it may go on holding the port and its tables' locks."""
    database = postgres.new_database()
    server = Server(database, "--processes", "2")
    server.start()
    children: list[int] = []
    try:
        assert server.process is not None
        _until(lambda: _live_servers(database) == 2)
        children = _children(server.process.pid)
        assert len(children) == 2
        server.process.send_signal(ending)
        returned = server.process.wait(30)
        assert returned == (0 if ending == signal.SIGTERM else -signal.SIGKILL)
        _until(lambda: not any(_running(child) for child in children), 15.0)
        _until(lambda: _live_servers(database) == 0, 5.0)
    finally:
        server.stop()
        for child in children:
            if _running(child):
                os.kill(child, signal.SIGKILL)


def _check_every_game(db: str, clients: list[Client]) -> None:
    tables = query(db, "SELECT id, game, num_players, seed FROM tables")
    seats = query(db, "SELECT table_id, seat, kind, bot, token FROM seats")
    actions = query(db, "SELECT table_id, action FROM actions ORDER BY table_id, number")
    for table_id, name, players, seed in tables:
        g = get_game(name)
        played = [action for table, action in actions if table == table_id]
        record = {"game": name, "version": g.record_version, "num_players": players, "actions": played}
        states = list(replay_states(record))
        assert states[-1].is_terminal()
        bots = {seat: spec for table, seat, kind, spec, _ in seats if table == table_id and kind == "bot"}
        tokens = {token: seat for table, seat, _, _, token in seats if table == table_id and token}
        sent = {move for c in clients if c.table == table_id for move in c.sent}
        for number, (state, action) in enumerate(zip(states, played, strict=False)):
            player = state.current_player()
            if player == CHANCE:
                expected = state.sample_chance(draw_rng(seed, number)).name
            elif player in bots:
                expected = (
                    make_bot(bots[player], name).act(state.clone(), player, draw_rng(seed, number)).name
                )
            elif len(state.legal_actions()) == 1:
                expected = state.legal_actions()[0].name
            else:
                assert (number, action) in sent, f"table {table_id}: action {number + 1} was sent by nobody"
                continue
            assert action == expected, f"table {table_id}: action {number + 1} is not what the seed gives"
        for client in (c for c in clients if c.table == table_id):
            seat = tokens.get(client.token) if client.token else None
            for message in client.seen:
                view = json.loads(
                    json.dumps(states[message["seq"]].view(seat, log_since=message["log_from"]))
                )
                assert message["view"] == view, f"table {table_id}: a client saw a state that is not stored"
