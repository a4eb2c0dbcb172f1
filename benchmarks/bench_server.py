"""Load on ``alaka serve``: many tables of WebSocket bots on loopback at once.

Starts a real server process (``alaka serve --pace 0``, a fresh SQLite file), opens
``--tables`` tables (half Alakazoo, half Alakazum!, ``--players`` people each), and connects one
WebSocket client per seat. Each client plays like a person with a browser: it waits for a
state in which it has a choice, picks one at random and sends it. A finished table is replaced
by a new one, so the load stays at ``--tables`` tables until ``--seconds`` have passed.

It reports actions per second (the server's: every stored action, chance included, and the
clients' own) and the latency of a client's action: from sending it to receiving the state
that shows it applied (stored in SQLite first, so this includes the commit).

    python benchmarks/bench_server.py --tables 50 --seconds 30

``--mode people`` finds how many tables one server holds at a person's pace: each client thinks
1 to 3 s (``--think``) before each decision, and the server keeps its usual pauses (a forced
choice after 0.4-1.2 s). Each probe starts a fresh server, seats ``N`` tables (their first moves
spread over a ramp), waits a few seconds, then measures the action latency for ``--seconds``.
The table count doubles from ``--tables`` while the p99 stays under ``--goal-ms`` (and nothing
fails), then a bisection narrows the largest count that holds to ``--resolution`` (10%), never
past ``--max-tables`` or the process's limit of open files. It reports every probe and the
answer.

    python benchmarks/bench_server.py --mode people --tables 100 --seconds 30
    python benchmarks/bench_server.py --mode people --tables 250 --once   # one count, no search

``--store postgresql`` runs the same on a scratch PostgreSQL server (Debian's, started in a
temporary folder on a loopback port, a new database per probe; fsync on, as in production),
and ``--processes N`` starts ``alaka serve --processes N`` on it (issue 32). The server's CPU
is then every server process's (and its bot workers'); the database's is shown apart.

    python benchmarks/bench_server.py --mode people --tables 400 --once --store postgresql --processes 2

The server commits each action to disk before telling anyone, so a disk that flushes slowly
(one shared with other work) sets the tail of the latency: ``--db-dir /dev/shm`` puts the
database in memory to show what the server itself holds.

``--mode bots`` measures what tables of search bots cost a table of people: ``--bot-tables``
tables of five IS-MCTS bots (the lobby's 1,000-iteration search, no pause between moves) play
for ``--seconds`` while two WebSocket people play one table after another beside them; it
reports the people's action latency (p50, p99, max) and how many moves the bots made.

    python benchmarks/bench_server.py --mode bots --bot-tables 12 --seconds 60

``--mode restart`` measures how long a server takes to start over a large database: it builds
one with ``--finished`` finished tables straight through the store (copies of a few real games
of heuristic bots, each with its own id and seed) and ``--tables`` tables in play, then times
``alaka serve`` from its start to its first answer to the lobby's list, and that answer's size.

    python benchmarks/bench_server.py --mode restart --finished 20000 --tables 50

``--mode abuse`` measures what issue 30's attacks cost a person, on a server with its default
budgets: a person plays Alakazoo against an Easy bot for ``--seconds`` with nobody else there,
then as long again while other loopback addresses (127.0.0.2 and on) flood it: 24 addresses
asking for tables all the time (item 1), tables of Expert bots from 4 addresses (item 2), the
reviews of finished games from 4 addresses asked for again and again (item 3), and 30
spectator sockets from each of 8 addresses (item 5). It reports the person's action latency
(sent to shown applied) and the bot's reply (the person's action to their next choice), p50
and p99, without and with the abuse.

    python benchmarks/bench_server.py --mode abuse --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

try:  # the clients read with orjson when it is there (the web extra), so they leave the server more CPU
    from orjson import loads
except ImportError:
    from json import loads


@dataclass
class Load:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    client_actions: int = 0
    server_actions: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    #: Connections the transport dropped or refused (httpx or WebSocket), per table ("new": while
    #: making one): under load a benchmark counts them and plays on, instead of dying of one.
    transport_errors: Counter[str] = field(default_factory=Counter)
    bot_moves: int = 0
    #: Latencies count only for actions sent from this moment (``time.perf_counter``) on.
    measure_from: float = 0.0
    #: Seconds (low, high) a client thinks before each decision; None: it answers at once.
    think: tuple[float, float] | None = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def seat_client(ws: str, table: str, token: str, rng: random.Random, load: Load, stop: float) -> int:
    """Play one seat to the end of its game (or the deadline); returns the table's last seq."""
    async with connect(f"{ws}/ws/tables/{table}", max_size=2**24) as conn:
        await conn.send(json.dumps({"type": "join", "token": token}))
        acted, sent_at, seq = -1, 0.0, 0
        while True:
            # a table whose other clients stopped at the deadline falls silent: not the server's fault
            wait = min(30.0, max(0.0, stop - time.perf_counter()) + 2.0)
            try:
                message = loads(await asyncio.wait_for(conn.recv(), wait))
            except TimeoutError:
                if time.perf_counter() < stop:
                    load.errors.append(f"table {table}: nothing for 30 s after seq {seq}")
                return int(seq)
            if message["type"] == "error":
                load.errors.append(message["message"])
                continue
            if message["type"] != "state":
                continue
            seq = message["seq"]
            if sent_at and seq > acted:
                if load.measure_from <= sent_at <= stop:
                    load.latencies.append(time.perf_counter() - sent_at)
                sent_at = 0.0
            if message["view"]["outcome"] is not None:
                return int(seq)
            if time.perf_counter() > stop and not sent_at:
                return await _leave_together(stop, seq)
            legal = message["legal"]
            if len(legal) > 1 and seq > acted:
                acted = seq
                if load.think is not None:  # a person looks at the table before choosing
                    await asyncio.sleep(rng.uniform(*load.think))
                if time.perf_counter() > stop:
                    return await _leave_together(stop, seq)
                choice = rng.choice(legal)["name"]
                sent_at = time.perf_counter()
                await conn.send(json.dumps({"type": "act", "seq": seq, "action": choice}))
                load.client_actions += 1


#: Seconds after the deadline every client stays connected before they all leave: answers to
#: actions sent before it still arrive on a server at its usual load, not amid hundreds of
#: connections closing (which, counted, made the last half-second's latencies the p99).
SETTLE = 2.0


async def _leave_together(stop: float, seq: int) -> int:
    """Wait, connected and sending nothing, until every client leaves: :data:`SETTLE` after ``stop``."""
    await asyncio.sleep(max(0.0, stop + SETTLE - time.perf_counter()))
    return int(seq)


async def table_loop(
    base: str,
    ws: str,
    game: str,
    players: int,
    rng: random.Random,
    load: Load,
    stop: float,
    delay: float = 0.0,
) -> None:
    """Keep one table busy until the deadline: play it, then open the next (the first after
    ``delay`` seconds, so that many tables do not all sit down at once)."""
    await asyncio.sleep(delay)
    async with httpx.AsyncClient(base_url=base, timeout=30.0) as http:
        while time.perf_counter() < stop:
            table = "new"
            try:
                response = await http.post(
                    "/api/tables", json={"game": game, "seats": [{"kind": "human"}] * players}
                )
                body = response.json()
                table = body["table"]["id"]
                tokens = [link["token"] for link in body["links"]["seats"]]
                seqs = await asyncio.gather(
                    *(seat_client(ws, table, t, random.Random(rng.random()), load, stop) for t in tokens)
                )
                load.server_actions += max(seqs)
                summary = (await http.get(f"/api/tables/{table}")).json()
                load.games += summary["status"] == "finished"
            except (httpx.TransportError, ConnectionClosed, OSError) as error:
                load.transport_errors[table] += 1
                if len(load.errors) < 100:
                    load.errors.append(f"table {table}: {type(error).__name__}: {error}")
                await asyncio.sleep(0.5)  # a dropped connection under load: try again, not at once


async def run(
    base: str, ws: str, tables: int, players: int, stop: float, seed: int, load: Load, ramp: float = 0.0
) -> Load:
    """``tables`` tables played until ``stop``, the first moves of the tables spread over ``ramp``
    seconds."""
    rng = random.Random(seed)
    games = ["alakazoo", "alakazum"]
    await asyncio.gather(
        *(
            table_loop(
                base, ws, games[k % 2], players, random.Random(rng.random()), load, stop, ramp * k / tables
            )
            for k in range(tables)
        )
    )
    return load


#: Seconds after the last table sits down before latencies count (people mode).
WARM_UP = 5.0


def ramp_seconds(tables: int) -> float:
    """How long people-mode tables take to sit down: 25 a second. Each new table and each
    person's first visit is a commit of its own (four a table), so sitting hundreds down at
    once queues actions behind thousands of commits for seconds: the probe measures tables
    being played, not a crowd arriving."""
    return max(1.0, tables / RAMP_RATE)


#: Tables sat down per second in people mode (see :func:`ramp_seconds`).
RAMP_RATE = 25


#: The search bot of the lobby's menu that thinks longest.
SEARCH_BOT = "ismcts:iterations=1000,rollout=heuristic,opponents=heuristic,depth=30,bias=1"

#: Budgets wide enough for a benchmark's own tables (it creates many, from one address).
BENCH_LIMITS = [
    "--tables-per-minute",
    "100000",
    "--max-tables",
    "100000",
    "--connections-per-address",
    "100000",
    "--tables-per-address",
    "100000",
]


def build_database(path: Path, finished: int, playing: int) -> None:
    """``finished`` finished tables and ``playing`` tables just dealt, written by the store."""
    import alaka
    from alaka.bots.registry import make_bot
    from alaka.ui.web.journal import now
    from alaka.ui.web.seeds import new_seed
    from alaka.ui.web.store import SeatRow, SqliteStore, TableRow

    games = []
    for n in range(8):
        name, players = ("alakazoo", 3) if n % 2 else ("alakazum", 4)
        bots = [make_bot("heuristic", name)] * players
        final = alaka.play(alaka.game(name).new_initial_state(players), bots, seed=n)
        games.append((name, players, final.record()["actions"]))
    store = SqliteStore(path)
    for start in range(0, finished + playing, 1000):
        rows = []
        for k in range(start, min(start + 1000, finished + playing)):
            name, players, actions = games[k % len(games)]
            seats = [
                SeatRow(s, "bot", "heuristic", f"Player {s + 1}", None, joined=True) for s in range(players)
            ]
            done = k < finished
            kept = actions if done else []
            rows.append(
                TableRow(
                    f"t{k:07d}",
                    name,
                    players,
                    {},
                    new_seed(),
                    now(),
                    seats,
                    kept,
                    finished=now() if done else None,
                )
            )
        store.add_tables(rows)
    store.close()


def time_restart(db: Path) -> tuple[float, int, float]:
    """Seconds from starting ``alaka serve`` to its first answer to the lobby's list, the
    answer's size in bytes, and the seconds that answer took."""
    port = free_port()
    started = time.perf_counter()
    command = [sys.executable, "-m", "alaka", "serve", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen([*command, *BENCH_LIMITS], stdout=subprocess.DEVNULL)
    try:
        while True:
            try:
                asked = time.perf_counter()
                answer = httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=30.0)
                return time.perf_counter() - started, len(answer.content), time.perf_counter() - asked
            except httpx.TransportError:
                if process.poll() is not None or time.perf_counter() - started > 600:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.02)
    finally:
        process.terminate()
        process.wait(30)


async def bots_beside_people(base: str, ws: str, bot_tables: int, seconds: float, seed: int) -> Load:
    """Two people play table after table while ``bot_tables`` tables of five search bots run."""
    load = Load()
    rng = random.Random(seed)
    stop = time.perf_counter() + seconds
    async with httpx.AsyncClient(base_url=base) as http:
        bots = [
            (
                await http.post(
                    "/api/tables",
                    json={"game": "alakazum", "seats": [{"kind": "bot", "bot": SEARCH_BOT}] * 5},
                )
            ).json()["table"]["id"]
            for _ in range(bot_tables)
        ]
        await asyncio.sleep(2.0)  # the bots are thinking before the people sit down
        await table_loop(base, ws, "alakazoo", 2, rng, load, stop)
        for table in bots:
            load.bot_moves += (await http.get(f"/api/tables/{table}")).json()["actions"]
    return load


def start_server(
    port: int, db: Path | str, pace: str = "0", limits: list[str] | None = None, processes: int = 1
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "alaka", "serve", "--port", str(port), "--db", str(db), "--pace", pace]
    budgets = BENCH_LIMITS if limits is None else limits
    several = ["--processes", str(processes)] if processes > 1 else []
    process = subprocess.Popen([*command, *budgets, *several], stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
            return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


@dataclass
class Person:
    """What the person of ``--mode abuse`` measured: each action's latency, and each bot reply
    (from the person's action to their next choice)."""

    actions: list[float] = field(default_factory=list)
    replies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def person_plays(base: str, ws: str, stop: float, rng: random.Random) -> Person:
    """A person at 127.0.0.1 plays table after table against the Easy bot until ``stop``."""
    measured = Person()
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    async with httpx.AsyncClient(base_url=base, timeout=30.0) as http:
        while time.perf_counter() < stop:
            made = await http.post("/api/tables", json={"game": "alakazoo", "seats": seats})
            if made.status_code != 201:
                measured.errors.append(f"{made.status_code} {made.text[:80]}")
                await asyncio.sleep(1.0)
                continue
            table, token = made.json()["table"]["id"], made.json()["links"]["seats"][0]["token"]
            async with connect(f"{ws}/ws/tables/{table}", max_size=2**24) as conn:
                await conn.send(json.dumps({"type": "join", "token": token}))
                sent_at, acted, shown = 0.0, -1, True
                while time.perf_counter() < stop:
                    try:
                        message = loads(await asyncio.wait_for(conn.recv(), 30))
                    except TimeoutError:
                        measured.errors.append("nothing for 30 s")
                        break
                    if message["type"] != "state":
                        continue
                    now = time.perf_counter()
                    if not shown and message["seq"] > acted:  # the action, stored and applied
                        measured.actions.append(now - sent_at)
                        shown = True
                    if message["view"]["outcome"] is not None:
                        break
                    if len(message["legal"]) > 1 and message["seq"] > acted:
                        if sent_at:
                            measured.replies.append(now - sent_at)
                        acted, sent_at, shown = message["seq"], time.perf_counter(), False
                        choice = rng.choice(message["legal"])["name"]
                        await conn.send(json.dumps({"type": "act", "seq": acted, "action": choice}))
    return measured


#: Two people, neither of whom ever moves.
PAIR = [{"kind": "human"}, {"kind": "human"}]


def _from(address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=address), timeout=30.0)


#: The attacks of ``--mode abuse`` (``--attacks`` chooses among them).
ATTACKS = ("tables", "bots", "reviews", "spectators")


async def abuse(base: str, ws: str, seconds: float, attacks: tuple[str, ...] = ATTACKS) -> dict[str, int]:
    """Issue 30's attacks from 127.0.0.2 and on, for ``seconds``; how often each was answered.
    The spectators watch a table of two people who never move (what matters is how many
    connections they hold, not what the server sends them)."""
    stop = time.perf_counter() + seconds
    counts = {"tables asked": 0, "tables made": 0, "reviews asked": 0, "spectators": 0}
    watched: list[str] = []
    expert = {"kind": "bot", "bot": SEARCH_BOT}

    async def flood_tables(address: str) -> None:  # item 1
        async with _from(address) as http:
            while time.perf_counter() < stop:
                answer = await http.post(
                    f"{base}/api/tables", json={"game": "alakazoo", "seats": [{"kind": "human"}] * 2}
                )
                counts["tables asked"] += 1
                counts["tables made"] += answer.status_code == 201
                await asyncio.sleep(0.05)

    async def expert_tables(address: str) -> None:  # item 2
        async with _from(address) as http:
            for _ in range(5):
                await http.post(f"{base}/api/tables", json={"game": "alakazoo", "seats": [expert] * 3})

    async def reviews(address: str) -> None:  # item 3
        async with _from(address) as http:
            games = []
            for _ in range(2):
                made = (
                    await http.post(
                        f"{base}/api/tables",
                        json={"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "bot"}]},
                    )
                ).json()
                if "table" not in made:
                    continue
                table, token = made["table"]["id"], made["links"]["seats"][0]["token"]
                await http.post(f"{base}/api/tables/{table}/leave", json={"token": token})
                games.append((table, token))
            while time.perf_counter() < stop:
                for table, token in games:
                    asked = await http.post(f"{base}/api/tables/{table}/review", json={"token": token})
                    if asked.status_code == 405:  # a server before issue 30: anyone may ask
                        await http.get(f"{base}/api/tables/{table}/review?seat=0")
                    counts["reviews asked"] += 1
                await asyncio.sleep(0.2)

    async def spectators(address: str) -> None:  # item 5
        held: list[ClientConnection] = []
        if not watched:
            async with _from(address) as http:
                made = await http.post(f"{base}/api/tables", json={"game": "alakazoo", "seats": PAIR})
                watched.append(made.json()["table"]["id"])
        while time.perf_counter() < stop and len(held) < 30:
            try:
                conn = await connect(f"{ws}/ws/tables/{watched[0]}", local_addr=(address, 0))
                await conn.send(json.dumps({"type": "join", "token": None}))
                held.append(conn)
                counts["spectators"] += 1
            except Exception:  # refused or dropped: the server is full, as it should say
                await asyncio.sleep(0.2)
        await asyncio.sleep(max(0.0, stop - time.perf_counter()))
        for conn in held:
            await conn.close()

    addresses = (f"127.0.0.{n}" for n in range(2, 250))
    work = [flood_tables(next(addresses)) for _ in range(24) if "tables" in attacks]
    work += [expert_tables(next(addresses)) for _ in range(4) if "bots" in attacks]
    work += [reviews(next(addresses)) for _ in range(4) if "reviews" in attacks]
    work += [spectators(next(addresses)) for _ in range(8) if "spectators" in attacks]
    await asyncio.gather(*work)
    return counts


def abuse_process(base: str, ws: str, seconds: float, attacks: tuple[str, ...], answers: Any) -> None:
    """:func:`abuse` in a process of its own, so that the attackers' work never delays the
    person's client (only the server can); its counts go to ``answers`` (a queue)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    answers.put(asyncio.run(abuse(base, ws, seconds, attacks)))


async def with_and_without_abuse(
    base: str, ws: str, seconds: float, seed: int, attacks: tuple[str, ...] = ATTACKS
) -> tuple[Person, Person, dict[str, int]]:
    rng = random.Random(seed)
    quiet = await person_plays(base, ws, time.perf_counter() + seconds, rng)
    context = multiprocessing.get_context("spawn")
    answers = context.Queue()
    attackers = context.Process(target=abuse_process, args=(base, ws, seconds + 3, attacks, answers))
    attackers.start()
    await asyncio.sleep(3.0)  # the attacks are under way before the person sits down again
    loud = await person_plays(base, ws, time.perf_counter() + seconds, rng)
    counts: dict[str, int] = await asyncio.to_thread(answers.get, True, 60)
    attackers.join(30)
    return quiet, loud, counts


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def cpu_seconds(pid: int) -> float:
    """Processor time process ``pid`` has used (user and system; Linux's /proc, else 0)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """Processor time process ``pid`` and every process under it (alive now) have used."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    tree, grown = {pid}, True
    while grown:
        more = {child for child, parent in parents.items() if parent in tree} - tree
        tree |= more
        grown = bool(more)
    return sum(cpu_seconds(member) for member in tree)


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Run:
    """One load on a fresh server: what the clients measured, and the processor time the server
    and the clients used while latencies were counted."""

    load: Load
    elapsed: float
    window: float
    server_cpu: float
    client_cpu: float
    database_cpu: float = 0.0

    def quantile(self, q: int) -> float:
        """The action latency's ``q``-th percentile, in milliseconds (NaN: none measured)."""
        return 1000 * percentile(self.load.latencies, q) if self.load.latencies else float("nan")


def serve_and_load(args: argparse.Namespace, tables: int, think: tuple[float, float] | None) -> Run:
    """Start a server on a fresh database, put ``tables`` tables on it (people mode: at a
    person's pace and with the server's usual pauses), stop it."""
    port = free_port()
    load = Load(think=think)
    with tempfile.TemporaryDirectory(dir=args.db_dir) as folder:
        postgres = args.postgres
        db = postgres.new_database() if postgres is not None else Path(folder) / "tables.sqlite3"
        server = start_server(port, db, pace="1" if think else "0", processes=args.processes)
        base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        cpu: dict[str, float] = {}

        def database_cpu() -> float:
            return tree_cpu_seconds(postgres.pid) if postgres is not None else 0.0

        async def watch() -> None:
            """The processor time the processes use while latencies are counted."""
            # (/proc is read in a thread: a scan of every process must not hold up the clients)
            await asyncio.sleep(max(0.0, load.measure_from - time.perf_counter()))
            client = own_cpu_seconds()
            cpu["server"] = await asyncio.to_thread(tree_cpu_seconds, server.pid)
            cpu["database"] = await asyncio.to_thread(database_cpu)
            await asyncio.sleep(args.seconds)
            cpu["client"] = own_cpu_seconds() - client
            cpu["server"] = await asyncio.to_thread(tree_cpu_seconds, server.pid) - cpu["server"]
            cpu["database"] = await asyncio.to_thread(database_cpu) - cpu["database"]

        async def measured() -> None:
            ramp = ramp_seconds(tables) if think is not None else 0.0
            load.measure_from = time.perf_counter() + (ramp + WARM_UP if think is not None else 0.0)
            watcher = asyncio.get_running_loop().create_task(watch())
            stop = load.measure_from + args.seconds
            await run(base, ws, tables, args.players, stop, args.seed, load, ramp)
            await watcher

        # the clients' own garbage collections (hundreds of ms with a thousand connections) must
        # not count as the server's latency: none while they play, one between runs
        gc.disable()
        try:
            started = time.perf_counter()
            asyncio.run(measured())
            elapsed = time.perf_counter() - started
        finally:
            gc.enable()
            gc.collect()
            server.terminate()
            server.wait(30)
    return Run(
        load, elapsed, args.seconds, cpu.get("server", 0.0), cpu.get("client", 0.0), cpu.get("database", 0.0)
    )


def search_capacity(args: argparse.Namespace) -> None:
    """People mode: the largest table count whose p99 stays under the goal (module docstring)."""
    goal = args.goal_ms
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    # each table holds a socket per seat in both processes, plus files of their own
    ceiling = min(args.max_tables, (files - 200) // args.players)
    print(
        f"people at a person's pace: think {args.think[0]:g}-{args.think[1]:g} s, {args.players} per table,"
        f" p99 goal {goal:g} ms, {args.seconds:g} s measured per probe (after a ramp of {RAMP_RATE}"
        f" tables/s and {WARM_UP:g} s), at most {ceiling} tables (open files {files});"
        f" Python {sys.version.split()[0]}, {os.cpu_count()} cores shared by server and clients"
    )
    store = "SQLite" if args.postgres is None else "PostgreSQL"
    print(f"store {store}, {args.processes} server process(es)")
    print(
        f"{'tables':>7} {'decisions/s':>11} {'measured':>9} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}"
        f" {'server CPU':>10} {'db CPU':>7} {'client CPU':>10} {'ms CPU/decision':>15}  load   verdict"
    )
    good, bad = 0, 0
    tables = min(args.tables, ceiling)

    def probe(tables: int) -> bool:
        run = serve_and_load(args, tables, tuple(args.think))
        load = run.load
        holds = bool(load.latencies) and run.quantile(99) < goal and not load.errors
        verdict = "holds" if holds else "too many" + (f" ({len(load.errors)} errors)" if load.errors else "")
        print(
            f"{tables:>7} {len(load.latencies) / run.window:>11.0f} {len(load.latencies):>9,}"
            f" {run.quantile(50):>7.1f} {run.quantile(99):>7.1f}"
            f" {1000 * max(load.latencies, default=float('nan')):>7.1f}"
            f" {100 * run.server_cpu / run.window:>9.0f}% {100 * run.database_cpu / run.window:>6.0f}%"
            f" {100 * run.client_cpu / run.window:>9.0f}%"
            f" {1000 * (run.server_cpu + run.database_cpu) / max(1, len(load.latencies)):>15.2f}"
            f"  {os.getloadavg()[0]:4.1f}   {verdict}",
            flush=True,
        )
        return holds

    if args.once:  # one probe at --tables, no search
        probe(tables)
        return
    while tables <= ceiling:
        if not probe(tables):
            bad = tables
            break
        good = tables
        if tables == ceiling:
            break
        tables = min(2 * tables, ceiling)
    while bad and bad - good > max(1, round(args.resolution * max(good, 1))):
        middle = (good + bad) // 2
        if probe(middle):
            good = middle
        else:
            bad = middle
    limit = "" if bad else f" (the most tried: the limit of {ceiling})"
    print(f"one server holds {good} tables of people with p99 under {goal:g} ms{limit}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    modes = ["load", "people", "bots", "restart", "abuse"]
    parser.add_argument("--mode", choices=modes, default="load", help="what to measure")
    parser.add_argument("--finished", type=int, default=20000, help="--mode restart: finished tables stored")
    parser.add_argument(
        "--tables", type=int, default=50, help="tables played at once (people: the first probe); default 50"
    )
    parser.add_argument("--bot-tables", type=int, default=12, help="--mode bots: tables of five search bots")
    parser.add_argument("--players", type=int, default=3, help="players per table, all WebSocket bots")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to keep the load on (measured)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--attacks", default=",".join(ATTACKS), help=f"--mode abuse: which of {', '.join(ATTACKS)} (all)"
    )
    parser.add_argument(
        "--once", action="store_true", help="--mode people: measure --tables tables only, no search"
    )
    parser.add_argument(
        "--db-dir",
        help="where the server's database goes (default: the system's temporary folder); a folder in"
        " memory (/dev/shm) shows what the server holds when the disk's flushes are not the limit",
    )
    parser.add_argument(
        "--think", type=float, nargs=2, default=[1.0, 3.0], help="--mode people: seconds a person thinks"
    )
    parser.add_argument("--goal-ms", type=float, default=50.0, help="--mode people: the p99 to stay under")
    parser.add_argument(
        "--store", choices=["sqlite", "postgresql"], default="sqlite", help="--mode people: the store"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="--mode people: server processes (PostgreSQL only)"
    )
    parser.add_argument("--max-tables", type=int, default=4000, help="--mode people: the most tables tried")
    parser.add_argument(
        "--resolution", type=float, default=0.1, help="--mode people: the answer's precision (10%%)"
    )
    args = parser.parse_args()
    args.postgres = None  # the scratch PostgreSQL server of --store postgresql, once started
    if args.processes > 1 and args.store != "postgresql":
        parser.error("--processes needs --store postgresql (an SQLite file has one server)")
    # every seat is a socket in this process and one in the server's: allow what the system allows
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    gc.freeze()  # the clients' modules are never garbage
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.mode == "people":
        if args.store == "postgresql":
            from alaka.testing.postgres import ScratchPostgres, missing

            if missing() is not None:
                raise SystemExit(f"--store postgresql: {missing()}")
            args.postgres = ScratchPostgres().start()
            try:
                search_capacity(args)
            finally:
                args.postgres.stop()
            return
        search_capacity(args)
        return
    if args.mode == "restart":
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "tables.sqlite3"
            built = time.perf_counter()
            build_database(db, args.finished, args.tables)
            built = time.perf_counter() - built
            size = db.stat().st_size + sum(f.stat().st_size for f in Path(folder).glob("tables.sqlite3-*"))
            start, lobby_bytes, lobby_seconds = time_restart(db)
        print(
            f"{args.finished:,} finished tables and {args.tables} in play ({size / 2**20:,.0f} MiB, built in"
            f" {built:.1f} s), Python {sys.version.split()[0]}, {os.cpu_count()} cores"
        )
        print(f"start to first answer {start:.2f} s")
        print(f"the lobby's list      {lobby_bytes:,} bytes in {1000 * lobby_seconds:.0f} ms")
        return
    if args.mode == "abuse":
        port = free_port()
        with tempfile.TemporaryDirectory() as folder:
            server = start_server(port, Path(folder) / "tables.sqlite3", limits=[])  # the defaults
            try:
                base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
                attacks = tuple(args.attacks.split(","))
                quiet, loud, counts = asyncio.run(
                    with_and_without_abuse(base, ws, args.seconds, args.seed, attacks)
                )
            finally:
                server.terminate()
                server.wait(30)
        print(
            f"a person against an Easy bot, {args.seconds:.0f} s alone then {args.seconds:.0f} s beside the"
            f" attacks, Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average"
            f" {os.getloadavg()[0]:.1f}"
        )
        print("attacks              " + ", ".join(f"{name} {count}" for name, count in counts.items()))
        for name, person in (("alone", quiet), ("attacked", loud)):
            for what, values in (("action", person.actions), ("bot reply", person.replies)):
                ms = sorted(1000 * x for x in values)
                if ms:
                    print(
                        f"{name:9} {what:10} p50 {percentile(ms, 50):7.1f} ms   p99"
                        f" {percentile(ms, 99):7.1f} ms   max {ms[-1]:7.1f} ms   ({len(ms)})"
                    )
            if person.errors:
                print(f"{name:9} errors     {len(person.errors)}: {person.errors[0]}")
        return
    if args.mode == "bots":
        port = free_port()
        with tempfile.TemporaryDirectory() as folder:
            server = start_server(port, Path(folder) / "tables.sqlite3")
            try:
                started = time.perf_counter()
                base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
                load = asyncio.run(bots_beside_people(base, ws, args.bot_tables, args.seconds, args.seed))
                elapsed = time.perf_counter() - started
            finally:
                server.terminate()
                server.wait(30)
        print(
            f"{args.bot_tables} tables of five {SEARCH_BOT} bots beside a table of 2 WebSocket people, "
            f"{elapsed:.1f} s, Python {sys.version.split()[0]}, {os.cpu_count()} cores"
        )
        print(f"bot moves            {load.bot_moves} ({load.bot_moves / elapsed:.1f}/s, chance included)")
        report(load, elapsed)
        return
    run = serve_and_load(args, args.tables, None)
    print(
        f"{args.tables} tables x {args.players} WebSocket players, {run.elapsed:.1f} s, "
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores (server and clients share them),"
        f" load average {os.getloadavg()[0]:.1f}"
    )
    report(run.load, run.elapsed)
    actions = run.load.server_actions / run.elapsed * run.window
    print(
        f"processor time       server {100 * run.server_cpu / run.window:.0f}% of a core"
        f" ({1000 * run.server_cpu / max(actions, 1):.2f} ms per action), clients"
        f" {100 * run.client_cpu / run.window:.0f}%"
    )


def report(load: Load, elapsed: float) -> None:
    ms = sorted(1000 * x for x in load.latencies)
    print(f"games finished       {load.games}")
    print(
        f"server actions/s     {load.server_actions / elapsed:,.0f}  (every stored action, chance included)"
    )
    print(f"client actions/s     {load.client_actions / elapsed:,.0f}  (decisions sent over WebSockets)")
    if ms:
        print(
            f"action latency ms    p50 {percentile(ms, 50):.1f}   p90 {percentile(ms, 90):.1f}   "
            f"p99 {percentile(ms, 99):.1f}   max {ms[-1]:.1f}   ({len(ms):,} actions)"
        )
    print(f"errors               {len(load.errors)}" + (f"  first: {load.errors[0]}" if load.errors else ""))
    dropped = load.transport_errors
    print(
        f"transport errors     {sum(dropped.values())} on {len(dropped)} tables"
        + (f" (while making a table: {dropped['new']})" if dropped["new"] else "")
    )


if __name__ == "__main__":
    main()
