"""Connections that ask nothing, ask by halves, never answer a ping or never read are let go
in bounded time, so a visitor cannot hold the server's files open (they are few: about a
thousand idle connections once locked everyone out)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import client_frame, create_table, free_port, live_server, raw_websocket, read_frames
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from alaka.ui.web.connections import CLOSE_BEHIND
from alaka.ui.web.limits import Limits
from waits import PATIENCE

BOTS = [{"kind": "bot", "bot": "random"}] * 3


def _answer(raw: socket.socket, seconds: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes (or ``seconds`` pass), and when it closed."""
    started = time.monotonic()
    raw.settimeout(seconds)
    data = b""
    try:
        while chunk := raw.recv(4096):
            data += chunk
    except TimeoutError:
        return data, float("inf")
    return data, time.monotonic() - started


def test_a_connection_that_asks_nothing_or_half_a_request_is_let_go(tmp_path: Path) -> None:
    with live_server(tmp_path / "t.sqlite3", limits=Limits(request_seconds=0.5)) as server:
        silent = socket.create_connection(("127.0.0.1", server.port))
        half = socket.create_connection(("127.0.0.1", server.port))
        half.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        body = socket.create_connection(("127.0.0.1", server.port))
        body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{")
        for raw in (silent, half, body):
            data, closed_after = _answer(raw, 5.0)
            raw.close()
            assert closed_after < 3.0  # before: never
            assert data == b"" or b" 408 " in data.split(b"\r\n")[0]


def test_a_connection_that_keeps_asking_is_not_cut(tmp_path: Path) -> None:
    limits = Limits(request_seconds=0.5)
    with (
        live_server(tmp_path / "t.sqlite3", limits=limits) as server,
        socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw,
    ):
        for _ in range(3):  # each request is answered; the pauses between are longer than 0.5 s
            raw.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = raw.recv(65536)
            assert answer.startswith(b"HTTP/1.1 200")
            while b"\r\n\r\n" not in answer:
                answer += raw.recv(65536)
            head, body = answer.split(b"\r\n\r\n", 1)
            length = next(
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            )
            while len(body) < length:  # the whole answer, so the next one starts afresh
                body += raw.recv(65536)
            time.sleep(0.8)


def test_an_address_holds_only_so_many_connections_even_idle_ones(tmp_path: Path) -> None:
    with live_server(tmp_path / "t.sqlite3", limits=Limits(connections_per_address=3)) as server:
        idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as extra:
            data, closed_after = _answer(extra, 5.0)
        assert data.startswith(b"HTTP/1.1 429") and closed_after < 5
        for raw in idle:
            raw.close()
        time.sleep(0.2)
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as again:
            again.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert again.recv(64).startswith(b"HTTP/1.1 200")


def test_a_websocket_that_does_not_answer_pings_is_closed(tmp_path: Path) -> None:
    with live_server(tmp_path / "t.sqlite3", limits=Limits(ping_seconds=0.3)) as server:
        table_id = create_table(server.url, "alakazoo", [{"kind": "human"}, {"kind": "human"}])["table"]["id"]
        silent = raw_websocket(server.port, f"/ws/tables/{table_id}", receive_buffer=65536)
        started = time.monotonic()
        frames, closed = read_frames(silent, 5.0)  # reads, but never answers a ping
        silent.close()
    assert closed and time.monotonic() - started < 3
    assert 9 in [opcode for opcode, _ in frames]  # it was pinged


def test_a_peer_that_never_reads_is_dropped_by_the_system_in_bounded_time(tmp_path: Path) -> None:
    """The server gives up on a page that does not read (it falls behind); the operating
    system then drops the connection once its data sat unread for ``unread_seconds``."""
    limits = Limits(unread_seconds=1.0)
    with live_server(tmp_path / "t.sqlite3", limits=limits, pace=0.01) as server:
        table_id = create_table(server.url, "alakazum", BOTS)["table"]["id"]
        stuck = raw_websocket(server.port, f"/ws/tables/{table_id}")
        time.sleep(3.5)  # the bots play on; the spectator's window stays shut
        try:
            stuck.settimeout(2)
            while stuck.recv(65536):
                pass
            reset = False
        except ConnectionResetError:
            reset = True
        stuck.close()
    assert reset


def _spectate(port: int, path: str, source: str) -> socket.socket | None:
    """A spectator's WebSocket from the loopback address ``source``, joined and answered with
    the table (None if the server did not let it in within 2 s)."""
    raw = socket.socket()
    raw.settimeout(2)
    try:
        raw.bind((source, 0))
        raw.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        raw.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        if not raw.recv(4096).startswith(b"HTTP/1.1 101"):
            raise OSError("no WebSocket")
        raw.sendall(client_frame(b'{"type": "join", "token": null}'))
        if not raw.recv(4096):
            raise OSError("closed")
        return raw
    except OSError:
        raw.close()
        return None


def test_spectators_from_many_addresses_cannot_lock_out_a_seated_player(tmp_path: Path) -> None:
    """Issue 30, item 5: 45 loopback addresses with 30 spectator sockets each used all 1,024 of
    the server's files, and then nobody got in, not even a seated player. Here the server may
    open 256 files (it cannot raise that), and 240 spectators come from 8 addresses."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "alaka",
        "serve",
        "--port",
        str(port),
        "--db",
        str(tmp_path / "t.sqlite3"),
    ]
    command += ["--connections-per-address", "1000", "--spectators", "1000"]

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=few_files
    )
    watchers: list[socket.socket] = []
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/games", timeout=1)
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        body = create_table(base, "alakazoo", [{"kind": "human"}, {"kind": "human"}])
        path = f"/ws/tables/{body['table']['id']}"
        for n in range(240):
            watcher = _spectate(port, path, f"127.0.0.{2 + n % 8}")
            if watcher is None:
                break  # (before: the server stopped answering here)
            watchers.append(watcher)
        started = time.monotonic()
        player = raw_websocket(port, path, token=body["links"]["seats"][0]["token"])
        player.settimeout(5)
        frames, _ = read_frames(player, 2.0)
        player.close()
        assert any(b'"type":"state"' in payload or b'"type": "state"' in payload for _, payload in frames)
        assert time.monotonic() - started < 5
        assert httpx.get(f"{base}/api/games", timeout=5).status_code == 200  # and a newcomer
    finally:
        for watcher in watchers:
            watcher.close()
        server.terminate()
        server.wait(30)
    assert len(watchers) == 240  # spectators made room for each other, the idlest first


def test_an_action_being_stored_when_its_page_is_dropped_still_counts(tmp_path: Path) -> None:
    """A page dropped (it fell behind) while the server stored its action: the action is
    applied as stored, so the table in memory and its record agree and the game goes on. It
    once was stored and never applied, and the table stalled."""
    with live_server(tmp_path / "t.sqlite3") as server:
        made = create_table(server.url, "alakazoo", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        table_id, token = made["table"]["id"], made["links"]["seats"][0]["token"]
        room = server.app.state.room
        store = room.store
        entered, release = threading.Event(), threading.Event()
        keep = store.add_actions

        def slow_add_actions(*args: Any) -> Any:
            entered.set()
            release.wait(PATIENCE)
            return keep(*args)

        async def send_and_get_dropped() -> tuple[int, str, int | None]:
            async with connect(f"{server.ws_url}/ws/tables/{table_id}") as page:
                await page.send(json.dumps({"type": "join", "token": token}))
                while True:  # the first real choice of seat 0
                    state = json.loads(await asyncio.wait_for(page.recv(), PATIENCE))
                    if state["type"] == "state" and state["to_move"] == 0 and len(state["legal"]) > 1:
                        break
                store.add_actions = slow_add_actions
                name = state["legal"][-1]["name"]
                await page.send(json.dumps({"type": "act", "seq": state["seq"], "action": name}))
                assert await asyncio.to_thread(entered.wait, PATIENCE)
                table = room.tables[table_id]
                server.loop.call_soon_threadsafe(
                    lambda: [client.close(CLOSE_BEHIND, "a test drops it") for client in list(table.clients)]
                )
                with pytest.raises(ConnectionClosed):
                    while True:
                        await asyncio.wait_for(page.recv(), PATIENCE)
                return state["seq"], name, page.close_code

        seq, name, code = asyncio.run(send_and_get_dropped())
        assert code == CLOSE_BEHIND
        release.set()
        table = room.tables[table_id]
        deadline = time.monotonic() + PATIENCE
        while table.seq <= seq and time.monotonic() < deadline:
            time.sleep(0.02)
        store.add_actions = keep
        assert table.seq > seq  # the action counted, and the bot played on from it
        stored = store.table(table_id)
        assert stored is not None
        assert stored.actions[seq] == name
        assert stored.actions == table.state.record()["actions"][: len(stored.actions)]
