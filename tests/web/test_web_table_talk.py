"""Issue 21 on the server: what the lobby offers people (bots by strength, options in plain
words), a replay that steps by turn and by event, and the review of a finished game."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import table_socket

from alaka.bots.review import review_game
from alaka.core.protocol import JsonDict
from alaka.ui.web.app import create_app
from alaka.ui.web.limits import Limits
from alaka.ui.web.store import SqliteStore
from alaka.ui.web.tables import Pace, TableError, TableRoom

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
    assert levels == [("Easy", "random"), ("Medium", "heuristic"), ("Hard", "ismcts")]  # the measured ladder
    assert {b["spec"] for b in zoo["bot_levels"]} == set(zoo["bots"])  # the same menu, in words
    assert all(b["help"] for b in zoo["bot_levels"])
    # a game that declares no ladder: random play, then two budgets of search
    assert [b["level"] for b in games["guess"]["bot_levels"]] == ["Easy", "Medium", "Hard"]
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


def finished_with_person(client: TestClient) -> tuple[str, str]:
    """A finished game where seat 1 was a person's (who left: the heuristic finished for them),
    and that seat's token."""
    seats = [BOTS[0], {"kind": "human"}, BOTS[1]]
    body = client.post("/api/tables", json={"game": "alakazoo", "seats": seats}).json()
    table_id, token = body["table"]["id"], body["links"]["seats"][0]["token"]
    assert client.post(f"/api/tables/{table_id}/leave", json={"token": token}).status_code == 200
    with table_socket(client, table_id) as socket:
        while (message := socket.receive_json())["type"] != "state" or message["view"]["outcome"] is None:
            pass
    return table_id, token


def test_a_review_is_made_off_the_event_loop_and_is_the_seats_own(client: TestClient) -> None:
    table_id, token = finished_with_person(client)
    first = client.post(f"/api/tables/{table_id}/review", json={"token": token}).json()
    assert first == {"status": "working", "seat": 1}  # the search runs in the review worker
    deadline = time.monotonic() + 120
    while (answer := client.post(f"/api/tables/{table_id}/review", json={"token": token}).json())[
        "status"
    ] != "ready":
        assert time.monotonic() < deadline, "the review took too long"
        time.sleep(0.2)
    review = answer["review"]
    record = client.app.state.room.get(table_id).record()  # type: ignore[attr-defined]
    assert review == review_game(record, 1, iterations=8).json()  # the same as the terminal's
    assert review["seat"] == 1 and review["decisions"]


def test_a_review_needs_the_seats_token(client: TestClient) -> None:
    """Issue 30, item 3: anyone could queue reviews of any seat of any finished game."""
    table_id, _ = finished_with_person(client)
    for body in ({}, {"token": None}):  # a spectator has no decisions of its own to review
        refused = client.post(f"/api/tables/{table_id}/review", json=body)
        assert refused.status_code == 403 and "the seat's own link" in refused.json()["error"]
    assert client.post(f"/api/tables/{table_id}/review", json={"token": "x" * 24}).status_code == 403
    assert client.get(f"/api/tables/{table_id}/review?seat=1").status_code == 405


class HeldReviews:
    """A review pool that makes no review until the test lets it (one worker, as the server's)."""

    workers = 1

    def __init__(self) -> None:
        self.made: list[tuple[str, int]] = []
        self.release = asyncio.Event()

    async def review(self, record: JsonDict, seat: int, iterations: int, language: str = "en") -> JsonDict:
        self.made.append((record["actions"][-1], seat))
        await self.release.wait()
        return {"seat": seat}

    async def close(self) -> None:
        pass


def test_reviews_queue_in_bounds_with_a_share_per_address_and_are_made_once(tmp_path: Path) -> None:
    """Issue 30, item 3: 38 reviews were queued in 0.28 s, and another person's was still being
    made after 120 s. Now the queue is bounded, an address has a share of it, each review is
    made once (whoever asks again), and each asker is told its place in the queue."""

    async def run() -> None:
        limits = Limits(bot_workers=0, review_queue=3, reviews_per_address=2)
        room = TableRoom(SqliteStore(tmp_path / "t.sqlite3"), Pace.scaled(0), limits)
        reviewers = HeldReviews()
        room.reviewers = reviewers  # type: ignore[assignment]
        tables = []
        for _ in range(5):
            table, _ = await room.create("alakazoo", [{"kind": "human"}, {"kind": "bot"}])
            await room.leave(table, 0)
            tables.append(table)
        deadline = time.monotonic() + 60
        while not all(t.finished for t in tables):
            assert time.monotonic() < deadline
            await asyncio.sleep(0.02)
        t0, t1, t2, t3, t4 = tables
        assert room.review(t0, 0, "a") == {"status": "working", "seat": 0}
        assert room.review(t1, 0, "a") == {"status": "queued", "seat": 0, "position": 1}
        with pytest.raises(TableError, match="2 reviews waiting or being made") as many:
            room.review(t2, 0, "a")
        assert many.value.status == 429 and many.value.retry_after
        assert room.review(t2, 0, "b") == {"status": "queued", "seat": 0, "position": 2}
        assert room.review(t3, 0, "c") == {"status": "queued", "seat": 0, "position": 3}
        with pytest.raises(TableError, match="3 reviews are waiting") as full:
            room.review(t4, 0, "d")
        assert full.value.status == 503 and full.value.retry_after
        assert room.review(t0, 0, "d") == {"status": "working", "seat": 0}  # asked again: shared
        reviewers.release.set()
        while room.review(t3, 0, "c")["status"] != "ready":
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        assert room.review(t0, 0, "a") == {"status": "ready", "seat": 0, "review": {"seat": 0}}
        assert len(reviewers.made) == 4  # each once, in the order asked
        assert room.review(t4, 0, "d")["status"] == "working"  # room again
        await room.stop()

    asyncio.run(run())


def test_a_game_in_play_is_not_reviewed(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    body = client.post("/api/tables", json={"game": "alakazoo", "seats": seats}).json()
    table_id, token = body["table"]["id"], body["links"]["seats"][0]["token"]
    refused = client.post(f"/api/tables/{table_id}/review", json={"token": token})
    assert refused.status_code == 409 and "once it is over" in refused.json()["error"]
