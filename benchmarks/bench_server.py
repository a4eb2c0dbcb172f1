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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


@dataclass
class Load:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    client_actions: int = 0
    server_actions: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    bot_moves: int = 0


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
            try:
                message = json.loads(await asyncio.wait_for(conn.recv(), 30))
            except TimeoutError:
                load.errors.append(f"table {table}: nothing for 30 s after seq {seq}")
                return int(seq)
            if message["type"] == "error":
                load.errors.append(message["message"])
                continue
            if message["type"] != "state":
                continue
            seq = message["seq"]
            if sent_at and seq > acted:
                load.latencies.append(time.perf_counter() - sent_at)
                sent_at = 0.0
            if message["view"]["outcome"] is not None or time.perf_counter() > stop:
                return int(seq)
            legal = message["legal"]
            if len(legal) > 1 and seq > acted:
                acted = seq
                choice = rng.choice(legal)["name"]
                sent_at = time.perf_counter()
                await conn.send(json.dumps({"type": "act", "seq": seq, "action": choice}))
                load.client_actions += 1


async def table_loop(
    base: str, ws: str, game: str, players: int, rng: random.Random, load: Load, stop: float
) -> None:
    """Keep one table busy until the deadline: play it, then open the next."""
    async with httpx.AsyncClient(base_url=base) as http:
        while time.perf_counter() < stop:
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


async def run(base: str, ws: str, tables: int, players: int, seconds: float, seed: int) -> Load:
    load = Load()
    rng = random.Random(seed)
    stop = time.perf_counter() + seconds
    games = ["alakazoo", "alakazum"]
    await asyncio.gather(
        *(
            table_loop(base, ws, games[k % 2], players, random.Random(rng.random()), load, stop)
            for k in range(tables)
        )
    )
    return load


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
]


def build_database(path: Path, finished: int, playing: int) -> None:
    """``finished`` finished tables and ``playing`` tables just dealt, written by the store."""
    import alaka
    from alaka.bots.registry import make_bot
    from alaka.ui.web.journal import now
    from alaka.ui.web.seeds import new_seed
    from alaka.ui.web.store import SeatRow, Store, TableRow

    games = []
    for n in range(8):
        name, players = ("alakazoo", 3) if n % 2 else ("alakazum", 4)
        bots = [make_bot("heuristic", name)] * players
        final = alaka.play(alaka.game(name).new_initial_state(players), bots, seed=n)
        games.append((name, players, final.record()["actions"]))
    store = Store(path)
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


def start_server(port: int, db: Path, pace: str = "0") -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "alaka", "serve", "--port", str(port), "--db", str(db), "--pace", pace]
    process = subprocess.Popen([*command, *BENCH_LIMITS], stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
            return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mode", choices=["load", "bots", "restart"], default="load", help="what to measure")
    parser.add_argument("--finished", type=int, default=20000, help="--mode restart: finished tables stored")
    parser.add_argument("--tables", type=int, default=50, help="tables played at once (default 50)")
    parser.add_argument("--bot-tables", type=int, default=12, help="--mode bots: tables of five search bots")
    parser.add_argument("--players", type=int, default=3, help="players per table, all WebSocket bots")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to keep the load on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
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
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder) / "tables.sqlite3")
        try:
            started = time.perf_counter()
            base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
            if args.mode == "bots":
                load = asyncio.run(bots_beside_people(base, ws, args.bot_tables, args.seconds, args.seed))
            else:
                load = asyncio.run(run(base, ws, args.tables, args.players, args.seconds, args.seed))
            elapsed = time.perf_counter() - started
        finally:
            server.terminate()
            server.wait(30)
    ms = sorted(1000 * x for x in load.latencies)
    if args.mode == "bots":
        print(
            f"{args.bot_tables} tables of five {SEARCH_BOT} bots beside a table of 2 WebSocket people, "
            f"{elapsed:.1f} s, Python {sys.version.split()[0]}, {os.cpu_count()} cores"
        )
        print(f"bot moves            {load.bot_moves} ({load.bot_moves / elapsed:.1f}/s, chance included)")
    else:
        print(
            f"{args.tables} tables x {args.players} WebSocket players, {elapsed:.1f} s, "
            f"Python {sys.version.split()[0]}, {os.cpu_count()} cores (server and clients share them)"
        )
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


if __name__ == "__main__":
    main()
