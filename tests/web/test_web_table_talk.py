"""Issue 21 on the server: what the lobby offers people (bots by strength, options in plain
words), a replay that steps by turn and by event, and the review of a finished game."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import table_socket

from alaka.bots.review import review_game
from alaka.ui.web.app import create_app
from alaka.ui.web.limits import Limits
from alaka.ui.web.tables import Pace

BOTS = [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(review_iterations=8)
    with TestClient(
        create_app(tmp_path / "tables.sqlite3", pace=Pace.scaled(0), limits=limits)
    ) as test_client:
        yield test_client


def finished(client: TestClient, game: str) -> tuple[str, dict[str, Any]]:
    table_id = client.post("/api/tables", json={"game": game, "seats": BOTS}).json()["table"]["id"]
    with table_socket(client, table_id) as socket:
        while True:
            message = socket.receive_json()
            if message["type"] == "state" and message["view"]["outcome"] is not None:
                return table_id, message


def test_bots_are_offered_by_strength_with_their_spec_and_options_in_plain_words(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    zoo = games["alakazoo"]
    levels = [(b["level"], b["spec"].split(":")[0]) for b in zoo["bot_levels"]]
    assert levels == [("Easy", "random"), ("Medium", "heuristic"), ("Hard", "ismcts"), ("Expert", "ismcts")]
    assert {b["spec"] for b in zoo["bot_levels"]} == set(zoo["bots"])  # the same menu, in words
    assert all(b["help"] for b in zoo["bot_levels"])
    # a game without a heuristic: its searches are the stronger levels
    assert [b["level"] for b in games["guess"]["bot_levels"]] == ["Easy", "Hard", "Expert"]
    check = next(p for p in zoo["parameters"] if p["name"] == "limit_check")
    assert check["label"] == "When limits are checked"
    assert check["choice_labels"] == ["after each gain", "once the action is over"]
    assert check["choices"] == ["each_gain", "end_of_action"]  # what the server takes stays the same
    turns = next(p for p in games["alakazum"]["parameters"] if p["name"] == "max_turns")
    assert turns["label"] == "Turn limit"


def test_a_replay_knows_where_each_turn_starts_and_which_steps_showed_something(client: TestClient) -> None:
    table_id, last = finished(client, "alakazoo")
    answer = client.get(f"/api/tables/{table_id}/replay?step=5&seat=1").json()
    turns, eventful = answer["turns"], answer["eventful"]
    assert turns[0] == {"turn": 0, "step": 0}
    assert [t["turn"] for t in turns] == sorted({t["turn"] for t in turns})  # one entry a turn, in order
    assert turns[-1]["turn"] == last["view"]["turn"]
    for earlier, t in itertools.pairwise(turns):  # each is the first step of its turn
        at = client.get(f"/api/tables/{table_id}/replay?step={t['step']}&seat=1").json()["view"]["turn"]
        before = client.get(f"/api/tables/{table_id}/replay?step={t['step'] - 1}&seat=1").json()["view"]
        assert (at, before["turn"]) == (t["turn"], earlier["turn"])
    for step in range(1, 30):  # a step is eventful exactly when it added events
        events = client.get(f"/api/tables/{table_id}/replay?step={step}&seat=1").json()["events"]
        assert (step in eventful) == bool(events)


def test_a_review_is_made_off_the_event_loop_and_is_the_seats_own(client: TestClient) -> None:
    table_id, _ = finished(client, "alakazoo")
    first = client.get(f"/api/tables/{table_id}/review?seat=1").json()
    assert first == {"status": "working", "seat": 1}  # the search runs in the review worker
    deadline = time.monotonic() + 120
    while (answer := client.get(f"/api/tables/{table_id}/review?seat=1").json())["status"] != "ready":
        assert time.monotonic() < deadline, "the review took too long"
        time.sleep(0.2)
    review = answer["review"]
    record = client.app.state.room.get(table_id).record()  # type: ignore[attr-defined]
    assert review == review_game(record, 1, iterations=8).json()  # the same as the terminal's
    assert review["seat"] == 1 and review["decisions"]
    assert client.get(f"/api/tables/{table_id}/review?seat=7").status_code == 400
    assert client.get(f"/api/tables/{table_id}/review?seat=x").status_code == 400


def test_a_game_in_play_is_not_reviewed(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    table_id = client.post("/api/tables", json={"game": "alakazoo", "seats": seats}).json()["table"]["id"]
    refused = client.get(f"/api/tables/{table_id}/review?seat=0")
    assert refused.status_code == 409 and "once it is over" in refused.json()["error"]
