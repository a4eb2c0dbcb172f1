"""Attacks an anonymous visitor can make on ``alaka serve``, each reproduced on loopback with
small counts and short deadlines, and what the server does instead of giving in."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import SeatPlayer, create_table, live_server, play_all, raw_websocket, read_frames
from websockets.asyncio.client import connect

from alaka.bots.registry import bot_levels
from alaka.ui.web.app import create_app
from alaka.ui.web.connections import CLOSE_BAD, CLOSE_BEHIND, CLOSE_FORBIDDEN, Backlog
from alaka.ui.web.limits import Limits
from alaka.ui.web.tables import Pace

#: Quick spectator visits in the freeze attack (the report needed a few thousand against a
#: default-sized buffer; a 4 KiB receive buffer without compression needs far fewer).
VISITS = 300


def test_a_spectator_that_never_reads_does_not_freeze_the_table(tmp_path: Path) -> None:
    """H1: one socket that never reads, many quick visits, then people play: every action is
    answered at once, and the socket that does not read is dropped with a reason."""
    # A small backlog so the attack shows quickly, yet room for a few whole state messages (an
    # Alakazum! one is 8-12 KB) so the people who do read are never the ones dropped.
    limits = Limits(backlog=Backlog(messages=100, bytes=64 * 1024))
    with live_server(tmp_path / "t.sqlite3", limits=limits) as server:
        body = create_table(server.url, "alakazum", [{"kind": "human"}, {"kind": "human"}])
        table_id = body["table"]["id"]
        tokens = [link["token"] for link in body["links"]["seats"]]
        stuck = raw_websocket(server.port, f"/ws/tables/{table_id}")

        async def visit() -> None:
            async with connect(f"{server.ws_url}/ws/tables/{table_id}") as socket:
                await socket.send(json.dumps({"type": "join", "token": None}))
                await socket.recv()

        async def attack_then_play() -> float:
            for _ in range(VISITS // 25):
                await asyncio.wait_for(asyncio.gather(*(visit() for _ in range(25))), 10)
            players = [
                SeatPlayer(
                    server.ws_url,
                    table_id,
                    t,
                    seed=n,
                )
                for n, t in enumerate(tokens)
            ]
            started = time.monotonic()
            await asyncio.wait_for(play_all(players), 20)  # frozen: no state ever comes
            return time.monotonic() - started

        elapsed = asyncio.run(attack_then_play())
        # the spectator that never read fell behind and was dropped; the table did not wait
        table = server.app.state.room.get(table_id)
        deadline = time.monotonic() + 5
        while table.clients and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not table.clients
        frames, closed = read_frames(stuck, 5.0)
        stuck.close()
    assert elapsed < 20
    assert closed  # the server let go of the connection
    closes = [payload for opcode, payload in frames if opcode == 8]
    assert not closes or int.from_bytes(closes[0][:2]) == CLOSE_BEHIND


def test_a_name_that_is_not_text_is_refused_and_the_lobby_and_the_table_go_on(tmp_path: Path) -> None:
    """H2: a lone surrogate as a name (JSON can say "\\ud800") once made the lobby answer 500
    for everyone and silenced the table; now it is refused where it comes in."""
    with live_server(tmp_path / "t.sqlite3", limits=Limits(open_seat_seconds=0)) as server:
        seats = [{"kind": "human"}, {"kind": "human", "open": True}]
        body = create_table(server.url, "alakazum", seats)
        table_id, token = body["table"]["id"], body["links"]["seats"][0]["token"]
        join = httpx.post(
            f"{server.url}/api/tables/{table_id}/join",
            content=b'{"seat": 1, "name": "\\ud800"}',
            headers={"content-type": "application/json"},
        )
        assert join.status_code == 400 and "not valid Unicode" in join.json()["error"]
        create = httpx.post(
            f"{server.url}/api/tables",
            content=b'{"game": "alakazum", "seats": [{"kind": "human", "name": "\\udfff"}, {"kind": "bot"}]}',
            headers={"content-type": "application/json"},
        )
        assert create.status_code == 400
        assert httpx.get(f"{server.url}/api/tables").status_code == 200
        # the seat is still open, and a person at the table is still told everything
        assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"][1]["open"]
        joined = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"seat": 1, "name": "Pep"})
        assert joined.status_code == 200
        players = [
            SeatPlayer(server.ws_url, table_id, token, seed=0, stop_after=20),
            SeatPlayer(server.ws_url, table_id, joined.json()["token"], seed=1, stop_after=20),
        ]
        finals = asyncio.run(asyncio.wait_for(play_all(players), 20))
    assert all(final["seq"] >= 20 for final in finals)


@pytest.mark.parametrize(
    "name",
    ["bell\a", "new\nline", "\u202eevil", "x" * 41],
)
def test_names_must_be_short_printable_text(tmp_path: Path, name: str) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite3", pace=Pace.scaled(0))) as client:
        seats = [{"kind": "human", "name": name}, {"kind": "human"}]
        answer = client.post("/api/tables", json={"game": "alakazoo", "seats": seats})
        assert answer.status_code == 400 and "name" in answer.json()["error"]
        # a name with accents, emoji or another script is fine, and kept as written
        seats[0]["name"] = "  Zoë 🦉 ناصر  "
        made = client.post("/api/tables", json={"game": "alakazoo", "seats": seats})
        assert made.json()["table"]["seats"][0]["name"] == "Zoë 🦉 ناصر"


def test_a_token_that_is_not_a_token_is_refused_not_a_server_error(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite3", pace=Pace.scaled(0))) as client:
        table_id = client.post(
            "/api/tables", json={"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "human"}]}
        ).json()["table"]["id"]
        for raw in (b'{"token": "\\ud800"}', b'{"token": "abc\\u0000"}', b'{"token": "' + b"A" * 500 + b'"}'):
            answer = client.post(
                f"/api/tables/{table_id}/leave", content=raw, headers={"content-type": "application/json"}
            )
            assert answer.status_code in (400, 403), answer.text
        joins = [  # as the page's first message: a control character, far too long, a lone surrogate
            ('{"type": "join", "token": "abc\\u0000"}', CLOSE_FORBIDDEN),
            ('{"type": "join", "token": "' + "x" * 500 + '"}', CLOSE_FORBIDDEN),
            ('{"type": "join", "token": "\\ud800"}', CLOSE_BAD),
        ]
        for join, code in joins:
            with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
                socket.send_text(join)
                assert socket.receive_json()["type"] == "error"
                with pytest.raises(WebSocketDisconnect) as closed:
                    socket.receive_json()
            assert closed.value.code == code


#: The search bot of Alakazum!'s menu (its strongest level: about a second per move).
SEARCH_BOT = {"kind": "bot", "bot": bot_levels("alakazum")[-1].spec}


def test_tables_of_search_bots_do_not_slow_a_table_of_people(tmp_path: Path) -> None:
    """H4: tables of five search bots once took every thread the server had (and the
    interpreter), and a person's action waited seconds for its commit. Twelve such tables run
    beside two people (before: a median of 0.7 s per action on the development machine)."""
    with live_server(
        tmp_path / "t.sqlite3", limits=Limits(tables_per_minute=20, tables_per_address=20)
    ) as server:
        for _ in range(12):
            create_table(server.url, "alakazum", [SEARCH_BOT] * 5)
        time.sleep(1.0)  # the bots are thinking
        body = create_table(server.url, "alakazoo", [{"kind": "human"}, {"kind": "human"}])
        table_id = body["table"]["id"]
        people = [
            SeatPlayer(server.ws_url, table_id, link["token"], seed=n, stop_after=40)
            for n, link in enumerate(body["links"]["seats"])
        ]
        asyncio.run(asyncio.wait_for(play_all(people), 30))
        busy = [t for t in server.app.state.room.tables.values() if t.id != table_id]
        assert all(t.seq > 0 for t in busy)  # the bots did play meanwhile
    latencies = sorted(x for p in people for x in p.latencies)
    assert len(latencies) >= 10
    assert latencies[len(latencies) // 2] < 0.15, latencies


def test_spectators_coming_and_going_cost_only_their_own_messages(tmp_path: Path) -> None:
    """M5: each spectator's arrival and departure was told to everyone watching, so messages
    grew with the square of the audience (1,000 spectators: 474,000 messages)."""
    watchers_count, visits = 30, 30

    async def scenario(url: str) -> list[int]:
        async def join(socket: Any) -> None:
            await socket.send(json.dumps({"type": "join", "token": None}))
            assert json.loads(await socket.recv())["type"] == "state"

        watchers = [await connect(url) for _ in range(watchers_count)]
        for socket in watchers:
            await join(socket)
        for _ in range(visits):
            async with connect(url) as visitor:
                await join(visitor)
        await asyncio.sleep(0.6)  # past the presence delay
        received = []
        for socket in watchers:
            count = 0
            with contextlib.suppress(asyncio.TimeoutError):
                while True:
                    await asyncio.wait_for(socket.recv(), 0.05)
                    count += 1
            received.append(count)
            await socket.close()
        return received

    with live_server(tmp_path / "t.sqlite3", limits=Limits(connections_per_address=100)) as server:
        table_id = create_table(server.url, "alakazoo", [{"kind": "human"}, {"kind": "human"}])["table"]["id"]
        received = asyncio.run(scenario(f"{server.ws_url}/ws/tables/{table_id}"))
    assert received == [0] * watchers_count  # nothing after their own first state
