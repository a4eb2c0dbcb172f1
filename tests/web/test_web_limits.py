"""The server's budgets: each refuses or slows what goes past it, and nothing under it."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create_table, live_server, table_socket
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from alaka.core.protocol import JsonDict
from alaka.ui.web.app import create_app
from alaka.ui.web.connections import CLOSE_TOO_MANY
from alaka.ui.web.limits import Allowance, Limits
from alaka.ui.web.store import SqliteStore
from alaka.ui.web.tables import Pace, TableRoom


def test_an_allowance_refills_over_a_minute_and_may_be_overdrawn() -> None:
    allowance = Allowance(per_minute=60)  # one a second, sixty at once
    assert allowance.wait() == 0 and allowance.wait(60) == 0 and allowance.full
    allowance.spend(61)
    assert 0.9 < allowance.wait() < 1.1  # one unit overdrawn: a second to wait
    assert 1.9 < allowance.wait(1) < 2.1  # and one more for the next whole unit
    allowance.level, allowance.at = 0.5, time.monotonic() - 1.0
    assert allowance.wait(1) == 0 and not allowance.full


class CountingBots:
    """A bot pool that plays the first legal action and says each move took ``seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.moves = 0

    async def think(
        self, key: str, record: JsonDict, seat: int, spec: str, rng: random.Random, **fairness: object
    ) -> tuple[str, float]:
        from alaka.core.records import replay

        self.moves += 1
        return replay(record).legal_actions()[0].name, self.seconds

    async def close(self) -> None:
        pass


def _bot_moves(tmp_path: Path, bot_seconds: float, seconds_per_move: float) -> int:
    async def scenario() -> int:
        room = TableRoom(SqliteStore(tmp_path / "t.sqlite3"), Pace.scaled(0), Limits(bot_seconds=bot_seconds))
        bots = CountingBots(seconds_per_move)
        room.bots = bots  # type: ignore[assignment]
        await room.create("alakazum", [{"kind": "bot"}, {"kind": "bot"}])
        await asyncio.sleep(1.0)
        await room.stop()
        room.store.close()
        return bots.moves

    return asyncio.run(scenario())


def test_a_table_whose_bots_used_up_their_thinking_time_waits(tmp_path: Path) -> None:
    """Bots that report 0.6 s a move against 0.6 s a minute: two moves, then a minute's wait."""
    assert _bot_moves(tmp_path, bot_seconds=0.6, seconds_per_move=0.6) <= 2


def test_within_their_thinking_time_bots_play_on(tmp_path: Path) -> None:
    assert _bot_moves(tmp_path, bot_seconds=600, seconds_per_move=0.001) > 20


# -- budgets at the door ---------------------------------------------------------------------------

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def _client(app: Any, host: str = "10.0.0.1") -> TestClient:
    return TestClient(app, client=(host, 50000))


def _app(tmp_path: Path, **limits: Any) -> Any:
    return create_app(tmp_path / "t.sqlite3", pace=Pace.scaled(0), limits=Limits(**limits))


def test_a_server_takes_only_so_many_tables_in_play(tmp_path: Path) -> None:
    app = _app(tmp_path, max_tables=2)
    with _client(app) as client, contextlib.ExitStack() as pages:
        for host in ("10.0.0.1", "10.0.0.2"):  # two visitors, each at a table they have open
            made = _client(app, host).post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE})
            assert made.status_code == 201
            page = pages.enter_context(table_socket(client, made.json()["table"]["id"]))
            assert page.receive_json()["type"] == "state"
        full = _client(app, "10.0.0.3").post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE})
        assert full.status_code == 503 and "as many as it takes" in full.json()["error"]
        assert full.headers["retry-after"] == "60"


def test_finished_tables_do_not_count_against_the_tables_in_play(tmp_path: Path) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    with _client(_app(tmp_path, max_tables=1)) as client:
        first = client.post("/api/tables", json={"game": "alakazoo", "seats": bots}).json()["table"]["id"]
        deadline = time.monotonic() + 20
        while client.get(f"/api/tables/{first}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).status_code == 201


def test_an_address_creates_only_so_many_tables_a_minute(tmp_path: Path) -> None:
    app = _app(tmp_path, tables_per_minute=3)
    with _client(app) as client, _client(app, "10.0.0.2") as neighbour:
        for _ in range(3):
            assert client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).status_code == 201
        refused = client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE})
        assert refused.status_code == 429 and "3 tables in the last minute" in refused.json()["error"]
        assert 15 <= int(refused.headers["retry-after"]) <= 21  # one more every 20 s
        assert neighbour.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).status_code == 201


def test_an_address_holds_only_so_many_connections(tmp_path: Path) -> None:
    app = _app(tmp_path, connections_per_address=3)
    with _client(app) as client, _client(app, "10.0.0.2") as neighbour:
        table_id = client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).json()["table"][
            "id"
        ]
        with table_socket(client, table_id) as a, table_socket(client, table_id) as b:
            with table_socket(client, table_id) as c:
                for socket in (a, b, c):
                    assert socket.receive_json()["type"] == "state"
                with table_socket(client, table_id) as d, pytest.raises(WebSocketDisconnect) as closed:
                    d.receive_json()
                assert closed.value.code == CLOSE_TOO_MANY and "3 connections" in closed.value.reason
                with table_socket(neighbour, table_id) as other:  # another address is not affected
                    assert other.receive_json()["type"] == "state"
            with table_socket(client, table_id) as again:  # one closed: one may open
                assert again.receive_json()["type"] == "state"


def test_a_table_takes_only_so_many_spectators_but_always_its_people(tmp_path: Path) -> None:
    app = _app(tmp_path, spectators=1)
    with _client(app) as client:
        body = client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).json()
        table_id, token = body["table"]["id"], body["links"]["seats"][0]["token"]
        with table_socket(client, table_id) as first:
            assert first.receive_json()["type"] == "state"
            with table_socket(client, table_id) as second:
                assert "1 spectator," in second.receive_json()["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    second.receive_json()
            assert closed.value.code == CLOSE_TOO_MANY
            with table_socket(client, table_id, token) as person:
                assert person.receive_json()["seat"] == 0


def test_a_huge_declared_body_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """M1: the size was checked after the whole body was in memory (300 MiB: +590 MiB)."""
    with live_server(tmp_path / "t.sqlite3") as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw:
            raw.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 314572800\r\n\r\n"
            )
            answer = raw.recv(4096)  # no body is sent: the answer must not wait for one
        assert answer.startswith(b"HTTP/1.1 413")
        assert b"larger than 65536 bytes" in answer


def _peak_memory_kib() -> int:
    """This process's peak resident memory since the last :func:`_reset_peak_memory` (Linux)."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))


def _reset_peak_memory() -> None:
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")


def test_a_huge_body_without_a_length_is_refused_as_it_arrives(tmp_path: Path) -> None:
    """M1 again, with a body sent in chunks: the server (in this process) never holds it."""

    def body() -> Iterator[bytes]:
        chunk = b" " * (256 * 1024)
        for _ in range(256):  # 64 MiB
            yield chunk

    with live_server(tmp_path / "t.sqlite3") as server:
        _reset_peak_memory()
        before = _peak_memory_kib()
        with contextlib.suppress(httpx.TransportError):  # it may answer and close mid-send
            answer = httpx.post(f"{server.url}/api/tables", content=body(), timeout=10)
            assert answer.status_code == 413
        grown = _peak_memory_kib() - before
    assert grown < 16 * 1024, f"the server's memory grew by {grown} KiB"


def test_a_websocket_message_past_the_limit_closes_the_connection(tmp_path: Path) -> None:
    async def send_big(url: str) -> int | None:
        async with connect(url) as socket:
            await socket.send('{"type": "join", "token": null}')
            await socket.recv()
            await socket.send("x" * 5000)
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await asyncio.wait_for(socket.recv(), 5)
            return socket.close_code

    with live_server(tmp_path / "t.sqlite3") as server:
        table_id = create_table(server.url, "alakazoo", PEOPLE)["table"]["id"]
        code = asyncio.run(send_big(f"{server.ws_url}/ws/tables/{table_id}"))
    assert code == 1009  # "message too big"


# -- issue 30: fair shares --------------------------------------------------------------------------


def _head_answer(port: int, head: bytes, *, trickle: int = 0) -> bytes:
    """The server's answer to a request head sent in one piece, or (``trickle``) in pieces of
    that many bytes, as a visitor who means to fill the server's memory sends it."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        with contextlib.suppress(OSError):  # it may answer and close while the rest is sent
            if trickle:
                pieces = memoryview(head)
                for start in range(0, len(head), trickle):
                    raw.sendall(pieces[start : start + trickle])
            else:
                raw.sendall(head)
        answer = b""
        with contextlib.suppress(OSError):
            while chunk := raw.recv(65536):
                answer += chunk
        return answer


def test_a_request_head_past_the_limit_is_refused_with_431(tmp_path: Path) -> None:
    """Issue 30, item 6: a 50 MB header was read whole (the server's memory 63 -> 154 MB)."""
    with live_server(tmp_path / "t.sqlite3", limits=Limits(header_bytes=4096)) as server:
        fine = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fine: " + b"a" * 3000 + b"\r\n\r\n"
        assert _head_answer(server.port, fine).startswith(b"HTTP/1.1 200")
        huge = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: " + b"a" * (8 * 1024 * 1024)
        _reset_peak_memory()  # the server runs in this process: its growth is this process's
        before = _peak_memory_kib()
        answer = _head_answer(server.port, huge, trickle=64 * 1024)
        assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
        many = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-A: b\r\n" * 2000 + b"\r\n"
        assert _head_answer(server.port, many).startswith(b"HTTP/1.1 431")
        long_line = b"GET /api/games?" + b"q" * 10_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        assert _head_answer(server.port, long_line).startswith(b"HTTP/1.1 431")
        grown = _peak_memory_kib() - before
        # a request with a small head and a body near the body limit, sent in one piece, is fine
        body = b'{"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "human"}]}' + b" " * 50_000
        post = (
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        assert _head_answer(server.port, post).startswith(b"HTTP/1.1 201")
    assert grown < 4 * 1024, f"the server's memory grew by {grown} KiB"


def test_unplayed_tables_cannot_keep_a_newcomer_out(tmp_path: Path) -> None:
    """Issue 30, item 1: 24 addresses filled the 200 tables in 3.8 s and "Play now" answered 503
    for 24 hours. Now an address holds only so many tables in play, a table nobody has played
    at or watches makes room for a new one when the server is full, and leaves memory after
    a few minutes anyway."""
    budgets = {"tables_per_address": 3, "newcomer_tables": 2, "unplayed_minutes": 0.02}
    app = _app(tmp_path, max_tables=12, tables_per_minute=100, **budgets)
    vs_bot = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    room = app.state.room

    def flood(first: int) -> None:
        """Eight addresses ask for five tables each, and never sit down at one."""
        for k in range(first, first + 8):
            attacker = _client(app, f"10.1.0.{k}")  # (one lifespan: the person's client's)
            for attempt in range(5):
                answer = attacker.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE})
                held = sum(t.owner == f"10.1.0.{k}" and not t.finished for t in room.tables.values())
                assert held <= 3 and len(room.tables) <= 12
                if attempt >= 3:  # (its first three are all in play: they are the newest)
                    assert answer.status_code == 429 and "3 tables in play" in answer.json()["error"]
                    assert answer.headers["retry-after"] == "60"

    with _client(app) as person:
        flood(0)
        assert len(room.tables) == 10  # the last two are kept for addresses holding none
        made = person.post("/api/tables", json={"game": "alakazoo", "seats": vs_bot})
        assert made.status_code == 201  # before: 503 for 24 hours
        mine = room.get(made.json()["table"]["id"])
        with table_socket(person, mine.id, made.json()["links"]["seats"][0]["token"]) as socket:
            deadline = time.monotonic() + 20
            while not (message := socket.receive_json())["legal"]:
                assert time.monotonic() < deadline
            socket.send_json({"type": "act", "seq": message["seq"], "action": message["legal"][0]["name"]})
            while socket.receive_json()["seq"] == message["seq"]:
                assert time.monotonic() < deadline
        flood(8)  # the person went away; her table, played at, stays
        assert mine.id in room.tables and len(room.tables) == 10
        for host in ("10.9.9.1", "10.9.9.2"):  # newcomers still get in
            assert (
                _client(app, host).post("/api/tables", json={"game": "alakazoo", "seats": vs_bot}).status_code
                == 201
            )
        time.sleep(1.3)
        gone = room.sweep()  # minutes later (here, a second), every unplayed table has left memory
        assert len(gone) == 11 and list(room.tables) == [mine.id]
