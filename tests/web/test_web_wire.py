"""What goes on the wire: orjson writes the messages when installed, and writes what the
standard library would (the same values read back), for every message of whole games; a
broadcast builds and writes each distinct message once (spectators share one)."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

import orjson
import pytest

import alaka
from alaka.core.protocol import CHANCE
from alaka.ui.web import table as one_table
from alaka.ui.web import wire
from alaka.ui.web.limits import Limits
from alaka.ui.web.store import SeatRow, SqliteStore
from alaka.ui.web.tables import Pace, Table, TableRoom


def test_the_server_writes_its_messages_with_orjson_when_it_is_installed() -> None:
    assert wire.LIBRARY == "orjson"
    message = {"type": "error", "message": "Zoë's turn"}
    assert wire.encode(message) == orjson.dumps(message).decode()


def test_without_orjson_the_standard_library_writes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "orjson", None)  # import orjson now fails
    library, encode = wire._fastest()
    assert (library, encode) == ("json", wire.encode_stdlib)


@pytest.mark.parametrize("encode", [wire.encode, wire.encode_stdlib], ids=["orjson", "json"])
def test_both_write_compact_json_with_text_as_it_is_and_number_keys_as_strings(encode: object) -> None:
    assert callable(encode)
    assert encode({"name": "Zoë ☂", "by_seat": {0: [1, 2.5], 1: None}}) == (
        '{"name":"Zoë ☂","by_seat":{"0":[1,2.5],"1":null}}'
    )


@pytest.mark.parametrize("game", ["alakazum", "alakazoo"])
def test_every_message_of_a_game_reads_back_the_same_from_either_encoder(game: str) -> None:
    rng = random.Random(7)
    state = alaka.game(game).new_initial_state(3)
    seats = [SeatRow(s, "human", None, f"Zoë {s}", f"token{s}") for s in range(3)]
    table = Table("t1", alaka.game(game), {}, "00" * 32, "now", seats, state)
    sent: dict[int | None, int] = {0: 0, 1: 0, 2: 0, None: 0}
    compared = 0
    while not state.is_terminal() and compared < 2000:
        chance = state.current_player() == CHANCE
        state.apply_action(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
        for seat in sent:
            message = table.seat_message(seat, sent[seat])
            sent[seat] = message["view"]["log_size"]
            expected = json.loads(json.dumps(message))
            assert json.loads(wire.encode(message)) == expected
            assert json.loads(wire.encode_stdlib(message)) == expected
            compared += 1
    assert compared > 100


class _Listener:
    """A connection that keeps the texts it is handed."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.log_sent = 0
        self.texts: list[str] = []

    def deliver(self, text: str) -> None:
        self.texts.append(text)


def test_a_broadcast_builds_and_writes_each_distinct_message_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = TableRoom(SqliteStore(tmp_path / "t.sqlite3"), Pace.scaled(0), Limits(bot_workers=0))
    state = alaka.game("alakazoo").new_initial_state(3)
    seats = [SeatRow(s, "human", None, f"P{s}", f"token{s}") for s in range(3)]
    table = Table("t1", alaka.game("alakazoo"), {}, "00" * 32, "now", seats, state)
    people = [_Listener(seat) for seat in range(3)]
    spectators = [_Listener(None) for _ in range(20)]
    for client in [*people, *spectators]:
        table.clients[client] = None
    built, written = [], []
    seat_message, encode = table.seat_message, one_table.encode
    monkeypatch.setattr(table, "seat_message", lambda *a: built.append(a) or seat_message(*a))
    monkeypatch.setattr(one_table, "encode", lambda m: written.append(m) or encode(m))
    rng = random.Random(1)
    for _ in range(5):  # the deal, then a few turns: every client is sent each state once
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        state.apply_action(rng.choice(state.legal_actions()))
        built.clear()
        written.clear()
        room.broadcast(table)
        assert sorted(seat for seat, *_ in built if seat is not None) == [0, 1, 2]
        assert len(built) == len(written) == 4  # three seats and one for every spectator
        assert len({id(s.texts[-1]) for s in spectators}) == 1  # the very same text
    asyncio.run(room.stop())
