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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def seat_client(ws: str, table: str, token: str, rng: random.Random, load: Load, stop: float) -> int:
    """Play one seat to the end of its game (or the deadline); returns the table's last seq."""
    async with connect(f"{ws}/ws/tables/{table}?token={token}", max_size=2**24) as conn:
        acted, sent_at, seq = -1, 0.0, 0
        while True:
            message = json.loads(await conn.recv())
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


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "alaka", "serve", "--port", str(port), "--db", str(db), "--pace", "0"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
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
    parser.add_argument("--tables", type=int, default=50, help="tables played at once (default 50)")
    parser.add_argument("--players", type=int, default=3, help="players per table, all WebSocket bots")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to keep the load on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder) / "tables.sqlite3")
        try:
            started = time.perf_counter()
            load = asyncio.run(
                run(
                    f"http://127.0.0.1:{port}",
                    f"ws://127.0.0.1:{port}",
                    args.tables,
                    args.players,
                    args.seconds,
                    args.seed,
                )
            )
            elapsed = time.perf_counter() - started
        finally:
            server.terminate()
            server.wait(30)
    ms = sorted(1000 * x for x in load.latencies)
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
