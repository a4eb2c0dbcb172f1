"""Compression of a table page's messages (alaka.ui.web.deflate): a window that holds the
previous state message, offered to each client that asks for compression, none to others."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from web_helpers import create_table, live_server
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode

import alaka
from alaka.core.protocol import CHANCE
from alaka.ui.web.deflate import WINDOW_BITS, deflate
from alaka.ui.web.store import SeatRow
from alaka.ui.web.tables import Table
from alaka.ui.web.wire import encode


def _messages(game: str, seat: int) -> list[bytes]:
    """What ``seat`` is sent through a random game, as the server encodes it."""
    rng = random.Random(3)
    state = alaka.game(game).new_initial_state(3)
    seats = [SeatRow(s, "human", None, f"P{s}", f"token{s}") for s in range(3)]
    table = Table("t1", alaka.game(game), {}, "00" * 32, "now", seats, state)
    sent, texts = 0, []
    while not state.is_terminal() and len(texts) < 400:
        chance = state.current_player() == CHANCE
        state.apply_action(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
        if state.current_player() != CHANCE:
            message = table.seat_message(seat, sent)
            sent = message["view"]["log_size"]
            texts.append(encode(message).encode())
    return texts


def _compressed_bytes(factory: ServerPerMessageDeflateFactory, texts: list[bytes]) -> int:
    """The bytes a connection negotiated with ``factory`` sends for ``texts``, each checked to
    come out as it went in at a browser's end."""
    _, server = factory.process_request_params([], [])
    browser = PerMessageDeflate(False, False, server.local_max_window_bits, 15)
    total = 0
    for text in texts:
        frame = server.encode(Frame(Opcode.TEXT, text))
        assert frame.rsv1  # compressed
        assert browser.decode(frame).data == text
        total += len(frame.data)
    return total


def test_a_window_that_holds_the_previous_message_sends_a_fraction_of_the_bytes() -> None:
    uvicorns = ServerPerMessageDeflateFactory(
        server_max_window_bits=12, client_max_window_bits=12, compress_settings={"memLevel": 5}
    )
    for game in ("alakazum", "alakazoo"):
        texts = _messages(game, 0)
        ours, theirs = _compressed_bytes(deflate(), texts), _compressed_bytes(uvicorns, texts)
        assert ours < theirs / 3, (game, ours, theirs)


async def _first_state(
    ws_url: str, table: str, token: str, compression: str | None
) -> tuple[str, dict[str, Any]]:
    """The extension the server agreed to, and its first message, for a page that offers
    ``compression`` (None: none)."""
    async with connect(f"{ws_url}/ws/tables/{table}", compression=compression) as socket:
        await socket.send(json.dumps({"type": "join", "token": token}))
        message = json.loads(await asyncio.wait_for(socket.recv(), 30))
        return socket.response.headers.get("Sec-WebSocket-Extensions", ""), message


def test_the_server_offers_its_window_to_a_page_that_asks_and_plain_text_to_one_that_does_not(
    tmp_path: Path,
) -> None:
    with live_server(tmp_path / "t.sqlite3") as server:
        created = create_table(server.url, "alakazum", [{"kind": "human"}] * 3)
        table, token = created["table"]["id"], created["links"]["seats"][0]["token"]
        asked, compressed = asyncio.run(_first_state(server.ws_url, table, token, "deflate"))
        plain_header, plain = asyncio.run(_first_state(server.ws_url, table, token, None))
    assert asked == f"permessage-deflate; server_max_window_bits={WINDOW_BITS}; client_max_window_bits=12"
    assert plain_header == ""
    # both read the table as their seat sees it (the dealing goes on between the two visits)
    assert (compressed["type"], compressed["seat"]) == (plain["type"], plain["seat"]) == ("state", 0)
    assert compressed["view"].keys() == plain["view"].keys()
