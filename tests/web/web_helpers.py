"""A real server on a free loopback port, and WebSocket players that play through it.

Tests talk to the server exactly as a browser does: HTTP with httpx, WebSockets with the
``websockets`` client, the server run by uvicorn in a thread (or, for the restart test, in a
process of its own that can be killed).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import connect

from alaka.ui.web.app import create_app
from alaka.ui.web.tables import Pace

#: How long a test waits for the server to say anything before calling it stuck.
TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """``create_app`` served by uvicorn in a background thread, on its own port."""

    def __init__(self, db: Path, pace: float = 0.0) -> None:
        self.db = db
        self.port = free_port()
        self.app = create_app(db, pace=Pace.scaled(pace))
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

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


@contextlib.contextmanager
def live_server(db: Path) -> Iterator[LiveServer]:
    with LiveServer(db) as server:
        yield server


def create_table(base: str, game: str, seats: list[dict[str, Any]], **options: object) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, "options": options})
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

    async def play(self) -> dict[str, Any]:
        """Play until the game's outcome is shown (or ``stop_after`` actions); the last state."""
        rng = random.Random(self.seed)
        acted = -1
        query = f"?token={self.token}" if self.token else ""
        async with connect(f"{self.ws_url}/ws/tables/{self.table}{query}") as socket:
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
                self.messages.append(message)
                if message["type"] == "error":
                    self.errors.append(message["message"])
                    continue
                if message["type"] != "state":
                    continue
                if message["view"]["outcome"] is not None:
                    return message
                if self.stop_after is not None and message["seq"] >= self.stop_after:
                    return message
                legal = message["legal"]
                if len(legal) > 1 and message["seq"] > acted:
                    acted = message["seq"]
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
