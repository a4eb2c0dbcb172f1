"""A real server on a free loopback port, and WebSocket players that play through it.

Tests talk to the server exactly as a browser does: HTTP with httpx, WebSockets with the
``websockets`` client, the server run by uvicorn in a thread (or, for the restart test, in a
process of its own that can be killed).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from websockets.asyncio.client import connect

from alaka.ui.web.app import create_app
from alaka.ui.web.server import listening_socket, uvicorn_server
from alaka.ui.web.tables import Pace
from waits import PATIENCE

#: How long a test waits for the server to say anything before calling it stuck.
TIMEOUT = PATIENCE


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """``create_app`` served by uvicorn in a background thread, on its own port."""

    def __init__(self, db: Path, pace: float = 0.0, *, access_log: bool = False, **app_options: Any) -> None:
        self.db = db
        self.port = free_port()
        self.app = create_app(db, pace=Pace.scaled(pace), **app_options)
        self.server = uvicorn_server(self.app, access_log=access_log)
        self.listener = listening_socket("127.0.0.1", self.port, self.app.state.limits.unread_seconds)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.listener]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the server runs on (to run a coroutine there, from a test)."""
        return self.server.servers[0].get_loop()

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)
        self.listener.close()


@contextlib.contextmanager
def live_server(db: Path, **app_options: Any) -> Iterator[LiveServer]:
    with LiveServer(db, **app_options) as server:
        yield server


def raw_websocket(
    port: int, path: str, *, receive_buffer: int = 4096, token: str | None = None
) -> socket.socket:
    """A WebSocket opened by hand on a socket with a small receive buffer, without compression,
    that has said who it is (``token``; None: a spectator).

    Once the handshake is read, the caller may simply never read again: the server's messages
    pile up in the kernel's buffers, as they do for a visitor who means harm.
    """
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    raw.settimeout(TIMEOUT)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = raw.recv(1)
        if not chunk:
            raise ConnectionError("the server closed the connection during the handshake")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(f"no WebSocket: {head.decode(errors='replace')}")
    raw.sendall(client_frame(json.dumps({"type": "join", "token": token}).encode()))
    return raw


def client_frame(payload: bytes, opcode: int = 1) -> bytes:
    """One WebSocket frame as a client sends it (masked, as the protocol requires)."""
    mask = os.urandom(4)
    if len(payload) < 126:
        head = bytes([0x80 | opcode, 0x80 | len(payload)])
    else:
        head = bytes([0x80 | opcode, 0x80 | 126]) + len(payload).to_bytes(2)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@contextlib.contextmanager
def table_socket(client: TestClient, table_id: str, token: str | None = None) -> Iterator[Any]:
    """A table's WebSocket through FastAPI's test client, joined as ``token``'s seat (None: a
    spectator), as a page joins."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "join", "token": token})
        yield socket


def read_frames(raw: socket.socket, seconds: float) -> tuple[list[tuple[int, bytes]], bool]:
    """The (opcode, payload) frames the server sends within ``seconds``, and whether it then
    closed the connection (True) or was still sending or silent (False)."""
    raw.settimeout(seconds)
    data, closed = b"", False
    with contextlib.suppress(TimeoutError):
        try:
            while chunk := raw.recv(65536):
                data += chunk
            closed = True
        except ConnectionError:
            closed = True
    frames = []
    while len(data) >= 2:
        opcode, length, at = data[0] & 0x0F, data[1] & 0x7F, 2
        if length == 126:
            length, at = int.from_bytes(data[2:4]), 4
        elif length == 127:
            length, at = int.from_bytes(data[2:10]), 10
        if len(data) < at + length:
            break
        frames.append((opcode, data[at : at + length]))
        data = data[at + length :]
    return frames, closed


def create_table(
    base: str, game: str, seats: list[dict[str, Any]], clock: object = None, **options: object
) -> dict[str, Any]:
    body = {"game": game, "seats": seats, "options": options, "clock": clock}
    response = httpx.post(f"{base}/api/tables", json=body)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


@dataclass
class SeatPlayer:
    """A person at a table over a WebSocket, choosing at random (seeded) among the legal actions.

    Forced decisions (one legal choice) are left to the server, as a browser user would.
    Every message received is kept, for the tests to check.
    """

    ws_url: str
    table: str
    token: str | None
    seed: int
    messages: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stop_after: int | None = None
    #: Seconds from sending each action to receiving the state that shows it applied.
    latencies: list[float] = field(default_factory=list)

    async def play(self) -> dict[str, Any]:
        """Play until the game's outcome is shown (or ``stop_after`` actions); the last state."""
        rng = random.Random(self.seed)
        acted, sent_at = -1, 0.0
        async with connect(f"{self.ws_url}/ws/tables/{self.table}") as socket:
            await socket.send(json.dumps({"type": "join", "token": self.token}))
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
                self.messages.append(message)
                if message["type"] == "error":
                    self.errors.append(message["message"])
                    continue
                if message["type"] != "state":
                    continue
                if sent_at and message["seq"] > acted:
                    self.latencies.append(time.perf_counter() - sent_at)
                    sent_at = 0.0
                if message["view"]["outcome"] is not None:
                    return message
                if self.stop_after is not None and message["seq"] >= self.stop_after:
                    return message
                legal = message["legal"]
                if len(legal) > 1 and message["seq"] > acted:
                    acted, sent_at = message["seq"], time.perf_counter()
                    choice = rng.choice(legal)
                    await socket.send(
                        json.dumps({"type": "act", "seq": message["seq"], "action": choice["name"]})
                    )

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]


async def play_all(players: list[SeatPlayer]) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(p.play() for p in players)))


def run_players(players: list[SeatPlayer]) -> list[dict[str, Any]]:
    return asyncio.run(play_all(players))


def served_static() -> Path:
    """The browser's modules laid out as the server serves them: the page's own files under
    ``static/`` and each game's renderer (from its folder, named by its entry) as
    ``static/games/<name>.js``, so Node can import them with their relative imports intact."""
    global _SERVED
    if _SERVED is None:
        import shutil
        import tempfile
        from importlib import resources

        import alaka
        from alaka.core.registry import entry

        _SERVED = Path(tempfile.mkdtemp(prefix="alaka-static-")) / "static"
        shutil.copytree(Path(alaka.__file__).parent / "ui" / "web" / "static", _SERVED)
        (_SERVED / "games").mkdir()
        for name in alaka.games():
            found = entry(name)
            if found.browser_renderer is not None:
                source = resources.files(found.package).joinpath(found.browser_renderer).read_bytes()
                (_SERVED / "games" / f"{name}.js").write_bytes(source)
    return _SERVED


_SERVED: Path | None = None


def query(db: str | Path, sql: str) -> list[tuple[Any, ...]]:
    """The rows ``sql`` selects from a table database of either kind, read behind the server's
    back: an SQLite file's path or a ``postgresql://`` URL."""
    if str(db).startswith(("postgresql://", "postgres://")):
        import psycopg

        with psycopg.connect(str(db)) as connection:
            return [tuple(row) for row in connection.execute(sql).fetchall()]
    import sqlite3

    database = sqlite3.connect(db)
    try:
        return [tuple(row) for row in database.execute(sql).fetchall()]
    finally:
        database.close()
