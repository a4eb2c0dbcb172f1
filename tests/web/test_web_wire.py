"""What goes on the wire: orjson writes the messages when installed, and writes what the
standard library would (the same values read back), for every message of whole games."""

from __future__ import annotations

import json
import random
import sys

import orjson
import pytest

import alaka
from alaka.core.protocol import CHANCE
from alaka.ui.web import wire
from alaka.ui.web.store import SeatRow
from alaka.ui.web.tables import Table


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
