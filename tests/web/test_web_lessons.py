"""The browser's lessons through the HTTP API: the server replays the learner's choices, refuses
a choice the coached step does not accept (with the reason), and ends with a short game's seats
the lobby's API takes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from alaka.core.lesson import lesson_of
from alaka.ui.web.app import create_app
from alaka.ui.web.tables import Pace


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.sqlite3", pace=Pace.scaled(0))) as test_client:
        yield test_client


def step(client: TestClient, game: str, choices: list[Any], status: int = 200) -> dict[str, Any]:
    response = client.post(f"/api/learn/{game}", json={"choices": choices})
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_a_lesson_is_taken_through_the_api_to_its_end(client: TestClient, game: str) -> None:
    lesson = lesson_of(game)
    choices: list[str] = []
    lines = []
    for k, expected in enumerate(lesson.steps):
        message = step(client, game, choices)
        assert message["index"] == k and not message["done"]
        assert message["coach"] == expected.coach and message["free"] == expected.free
        accepted = [c["name"] for c in message["legal"] if c["accepted"]]
        if expected.free:
            assert message["coached"] is None and len(accepted) == len(message["legal"]) > 1
        else:
            assert message["coached"] == expected.action and accepted == [expected.action]
        assert message["view"]["seat"] == lesson.learner
        lines.append(message["coach"])
        choices.append(expected.action)
    end = step(client, game, choices)
    judged = end["feedback"]
    while not end["done"]:  # the rest of the last step's turn: any choice, judged by nobody
        assert end["finishing"] and end["coach"] == lesson.finish and end["coached"] is None
        assert all(c["accepted"] for c in end["legal"])
        choices.append(end["legal"][0]["name"])
        end = step(client, game, choices)
        assert end["feedback"] is None
    assert len(choices) > len(lesson.steps)
    assert end["done"] and end["coach"] is None and end["legal"] == []
    assert judged["good"] is True  # the last step is free, and the lesson's choice was taken
    assert end["farewell"] == lesson.farewell
    assert len(set(lines)) == len(lines)  # the coach says something new at each step
    # the short game offered at the end: the lobby's API makes it, you against the Easy bot
    made = client.post("/api/tables", json=end["play"])
    assert made.status_code == 201, made.text
    seats = made.json()["table"]["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"] and seats[1]["bot"] == "random"


def test_the_server_refuses_a_choice_the_coached_step_does_not_accept(client: TestClient) -> None:
    first = step(client, "alakazoo", [])
    other = next(c["name"] for c in first["legal"] if not c["accepted"])
    refused = step(client, "alakazoo", [other], status=409)
    assert refused["error"].startswith(
        "choice 1: in this step of the lesson, choose: Action 1: roll dice 1 and 2"
    )
    assert "not a legal choice" in step(client, "alakazoo", ["display:griffin:head"], status=409)["error"]


def test_a_free_step_takes_any_legal_choice_and_says_what_was_better(client: TestClient) -> None:
    lesson = lesson_of("alakazoo")
    k = next(i for i, s in enumerate(lesson.steps) if s.free)
    before = [s.action for s in lesson.steps[:k]]
    message = step(client, "alakazoo", before)
    best = {lesson.steps[k].action, *lesson.steps[k].also}
    other = next(c["name"] for c in message["legal"] if c["name"] not in best)
    after = step(client, "alakazoo", [*before, other])
    assert after["feedback"]["good"] is False and "the stronger choice was" in after["feedback"]["text"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"choices": "roll:1"}, 400),
        ({"choices": [1, 2]}, 409),
        ({"choices": ["roll:1+2"] * 50}, 400),
        ([], 400),
    ],
)
def test_bad_requests_are_one_line_errors(client: TestClient, body: Any, status: int) -> None:
    response = client.post("/api/learn/alakazoo", json=body)
    assert response.status_code == status
    assert response.json()["error"]


def test_pages_and_the_lobby_offer_the_lessons(client: TestClient) -> None:
    assert client.get("/learn/alakazum").status_code == 200
    missing = client.get("/learn/chess")
    assert missing.status_code == 404 and "no lesson" in missing.text
    assert client.post("/api/learn/chess", json={"choices": []}).status_code == 404
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert games["alakazoo"]["lesson"] and games["alakazum"]["lesson"]


def test_the_lesson_explains_what_a_table_explains(client: TestClient) -> None:
    """The lesson's guide is a table's: the same rules, options and explanations."""
    guide = client.get("/api/learn/alakazum/guide").json()
    made = client.post(
        "/api/tables",
        json={"game": "alakazum", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    )
    table = client.get(f"/api/tables/{made.json()['table']['id']}/guide").json()
    assert guide["rules"] == table["rules"] and guide["options"] == table["options"]
    names = {entry["name"] for entry in guide["glossary"]}
    assert {"Olentzero", "Trasno", "Training"} <= names
    assert client.get("/api/learn/chess/guide").status_code == 404
