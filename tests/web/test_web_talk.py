"""Friends at a table (issue 35 item 7): preset phrases and emotes said by the people in their
seats to everyone watching, within budgets; spectators read; the players see how many watch."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import table_socket

from alaka.ui.web.app import create_app
from alaka.ui.web.limits import Limits
from alaka.ui.web.tables import Pace
from alaka.ui.web.talk import KEPT, SAYINGS, words_of

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def serve(tmp_path: Path, **limits: Any) -> TestClient:
    return TestClient(create_app(tmp_path / "t.sqlite3", pace=Pace.scaled(0), limits=Limits(**limits)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with serve(tmp_path) as test_client:
        yield test_client


def new_table(client: TestClient) -> tuple[str, list[str]]:
    """A table of Ann and Bo: its id and their tokens."""
    answer = client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).json()
    return answer["table"]["id"], [seat["token"] for seat in answer["links"]["seats"]]


def next_of(socket: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind``: states and presence pass by meanwhile, anything else
    (an error or talk not waited for) fails the test at once."""
    while (message := socket.receive_json())["type"] != kind:
        assert message["type"] in ("state", "table"), message
    result: dict[str, Any] = message
    return result


def say(socket: Any, what: object) -> None:
    socket.send_json({"type": "say", "say": what})


def heard(socket: Any) -> dict[str, Any]:
    """The one thing said in the next talk message."""
    said = next_of(socket, "talk")["said"]
    assert len(said) == 1
    result: dict[str, Any] = said[0]
    return result


def test_a_player_says_good_game_and_everyone_watching_hears_it(client: TestClient) -> None:
    table_id, (ann, bo) = new_table(client)
    with (
        table_socket(client, table_id, ann) as one,
        table_socket(client, table_id, bo) as two,
        table_socket(client, table_id) as watcher,
    ):
        for socket in (one, two, watcher):
            next_of(socket, "state")
        say(one, "good-game")
        for socket in (one, two, watcher):
            said = heard(socket)
            assert {k: said[k] for k in ("n", "seat", "name", "say", "count")} == {
                "n": 0,
                "seat": 0,
                "name": "Ann",
                "say": "good-game",
                "count": 1,
            }
            assert datetime.fromisoformat(said["at"]).utcoffset() is not None  # a time, with its zone
            assert words_of(said) == "Ann: Good game!"


def test_what_may_be_said_is_listed_once_with_words_for_pages_and_text_clients(client: TestClient) -> None:
    answer = client.get("/api/talk").json()
    assert answer["kept"] == KEPT
    ids = [saying["id"] for saying in answer["sayings"]]
    assert ids == [saying.id for saying in SAYINGS] and len(set(ids)) == len(ids)
    assert {"good-game", "thumbs-up"} <= set(ids)
    emotes = [s for s in answer["sayings"] if s["emoji"]]
    assert emotes and all(s["words"] for s in emotes)  # an emote has a name for screen readers


def test_anything_but_a_sayings_id_is_refused_with_the_list_and_the_page_stays(client: TestClient) -> None:
    table_id, (ann, _) = new_table(client)
    with table_socket(client, table_id, ann) as one:
        next_of(one, "state")
        for bad in ("you are all losers", "", 7, None, ["good-game"], {"id": "good-game"}, "GOOD-GAME"):
            say(one, bad)
            error = next_of(one, "error")["message"]
            assert error.startswith("'say' is one of: hello, good-luck")
            assert "losers" not in error  # the text sent is never repeated to anyone
        one.send_json({"type": "say"})
        assert "'say' is one of" in next_of(one, "error")["message"]
        say(one, "hello")  # still connected, and nothing was said before
        assert heard(one)["n"] == 0


def test_spectators_read_but_cannot_say(client: TestClient) -> None:
    table_id, (ann, _) = new_table(client)
    with table_socket(client, table_id, ann) as one, table_socket(client, table_id) as watcher:
        next_of(one, "state")
        next_of(watcher, "state")
        say(watcher, "hello")
        assert "spectators read" in next_of(watcher, "error")["message"]
        say(one, "hello")
        for socket in (one, watcher):  # the first thing anyone hears is Ann's
            said = heard(socket)
            assert (said["n"], said["seat"]) == (0, 0)


def test_a_seat_that_left_says_nothing(client: TestClient) -> None:
    table_id, (ann, _) = new_table(client)
    with table_socket(client, table_id, ann) as one:
        next_of(one, "state")
        assert client.post(f"/api/tables/{table_id}/leave", json={"token": ann}).status_code == 200
        say(one, "bye")
        assert "you left this seat" in next_of(one, "error")["message"]


def test_a_seat_saying_the_same_again_adds_to_its_line(client: TestClient) -> None:
    table_id, (ann, bo) = new_table(client)
    with table_socket(client, table_id, ann) as one, table_socket(client, table_id, bo) as two:
        next_of(one, "state")
        next_of(two, "state")
        say(one, "wow")
        assert (heard(two)["n"], heard(one)["count"]) == (0, 1)
        say(one, "wow")
        again = heard(two)
        assert (again["n"], again["count"], again["say"]) == (0, 2, "wow")
        assert words_of(again) == "Ann: 😮 Wow (2 times)"
        heard(one)
        say(two, "wow")  # another seat: a line of its own
        assert (heard(one)["n"], heard(two)["count"]) == (1, 1)


def test_a_seat_past_its_burst_waits_and_is_told_how_long(tmp_path: Path) -> None:
    with serve(tmp_path, say_burst=2, say_seconds=60) as client:
        table_id, (ann, bo) = new_table(client)
        with table_socket(client, table_id, ann) as one, table_socket(client, table_id, bo) as two:
            next_of(one, "state")
            next_of(two, "state")
            say(one, "hello")
            say(one, "good-luck")
            assert [heard(one)["say"], heard(one)["say"]] == ["hello", "good-luck"]
            say(one, "thanks")
            error = next_of(one, "error")["message"]
            assert error.startswith("you have said a lot just now") and error.endswith("again in 60 s")
            say(two, "thanks")  # Bo's own budget is whole
            assert (heard(one)["seat"], heard(two)["say"]) == (1, "hello")


def test_a_table_past_its_burst_waits_whoever_speaks(tmp_path: Path) -> None:
    with serve(tmp_path, say_burst=5, table_say_burst=3, table_say_seconds=60) as client:
        table_id, (ann, bo) = new_table(client)
        with table_socket(client, table_id, ann) as one, table_socket(client, table_id, bo) as two:
            next_of(one, "state")
            next_of(two, "state")
            for socket, what in ((one, "hello"), (two, "hello"), (one, "good-luck")):
                say(socket, what)
                heard(one)
                heard(two)
            say(two, "good-luck")
            assert next_of(two, "error")["message"].startswith("this table has said a lot just now")
            say(one, "thanks")
            assert next_of(one, "error")["message"].startswith("this table has said")


def test_a_page_that_reloads_is_sent_the_last_things_said(tmp_path: Path) -> None:
    with serve(tmp_path, say_burst=100, table_say_burst=100) as client:
        table_id, (ann, bo) = new_table(client)
        with table_socket(client, table_id, ann) as one:
            next_of(one, "state")
            say(one, "hello")
            heard(one)
        with table_socket(client, table_id, bo) as two:  # Bo's page opens after Ann spoke
            assert next_of(two, "state")["type"] == "state"
            said = next_of(two, "talk")["said"]
            assert [(s["seat"], s["say"]) for s in said] == [(0, "hello")]
            ids = [s.id for s in SAYINGS[:2]]
            for k in range(KEPT + 5):
                say(two, ids[k % 2])
                heard(two)
        with table_socket(client, table_id) as watcher:  # a spectator too, the last KEPT only
            next_of(watcher, "state")
            said = next_of(watcher, "talk")["said"]
            assert len(said) == KEPT
            assert [s["n"] for s in said] == list(range(26 - KEPT, 26))  # Ann's, then Bo's 25


def test_the_players_see_how_many_watch_but_not_a_seats_second_page(client: TestClient) -> None:
    table_id, (ann, _) = new_table(client)
    with table_socket(client, table_id, ann) as one:
        assert next_of(one, "state")["table"]["watching"] == 0
        with table_socket(client, table_id) as watcher:
            assert next_of(watcher, "state")["table"]["watching"] == 1
            assert next_of(one, "table")["table"]["watching"] == 1
            with table_socket(client, table_id) as other:
                next_of(other, "state")
                assert next_of(one, "table")["table"]["watching"] == 2
            assert next_of(one, "table")["table"]["watching"] == 1
            with table_socket(client, table_id, ann) as second_tab:
                assert next_of(second_tab, "state")["table"]["watching"] == 1
        assert next_of(one, "table")["table"]["watching"] == 0
        assert client.get(f"/api/tables/{table_id}").json()["watching"] == 0


def test_good_game_is_said_once_the_game_is_over(client: TestClient) -> None:
    """The end is when "Good game!" is said: a person plays a bot to the end, then says it."""
    bot = {"kind": "bot", "bot": "random"}
    made = client.post("/api/tables", json={"game": "alakazoo", "seats": [PEOPLE[0], bot]}).json()
    table_id, ann = made["table"]["id"], made["links"]["seats"][0]["token"]
    with table_socket(client, table_id, ann) as one:
        acted = -1
        while (state := next_of(one, "state"))["view"]["outcome"] is None:
            if state["legal"] and state["seq"] > acted:
                acted = state["seq"]
                one.send_json({"type": "act", "seq": state["seq"], "action": state["legal"][0]["name"]})
        say(one, "good-game")
        said = heard(one)
        assert (said["seat"], said["say"]) == (0, "good-game")
