"""The lobby's HTTP API and the table socket's refusals, through FastAPI's TestClient."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import table_socket

from alaka.ui.web.app import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, create_app
from alaka.ui.web.limits import Limits
from alaka.ui.web.tables import Pace
from own_games import OWN_NAMES

HUMANS_AND_BOT = [{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(open_seat_seconds=0)  # the lobby offers open seats at once
    with TestClient(
        create_app(tmp_path / "tables.sqlite3", pace=Pace.scaled(0), limits=limits)
    ) as test_client:
        yield test_client


def create(
    client: TestClient, game: str = "alakazoo", seats: Any = None, **options: object
) -> dict[str, Any]:
    response = client.post(
        "/api/tables", json={"game": game, "seats": seats or HUMANS_AND_BOT, "options": options}
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_games_list_players_options_and_bots_but_no_file_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert {"alakazoo", "alakazum", *OWN_NAMES} <= set(games)  # and the test suite's own games
    assert (games["alakazum"]["min_players"], games["alakazum"]["max_players"]) == (2, 5)
    assert games["alakazoo"]["bots"][0] == "heuristic"
    # A game without a heuristic offers only the bots that can play it.
    for name in OWN_NAMES:
        assert games[name]["bots"] == ["random", "ismcts:iterations=300", "ismcts:iterations=1000"]
    names = {p["name"] for g in games.values() for p in g["parameters"]}
    assert "max_turns" in names
    assert "catalogue" not in names and "components" not in names


def test_creating_a_table_gives_one_private_link_per_person_and_a_spectator_link(client: TestClient) -> None:
    body = create(client)
    table = body["table"]
    links = body["links"]
    assert [link["seat"] for link in links["seats"]] == [0, 1]
    assert links["seats"][0]["name"] == "Ana"
    assert links["seats"][0]["url"] == f"/table/{table['id']}#token={links['seats'][0]['token']}"
    assert links["seats"][0]["token"] != links["seats"][1]["token"]
    assert links["spectator"] == f"/table/{table['id']}"
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "bot"]
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    assert client.get(f"/api/tables/{table['id']}").json()["id"] == table["id"]
    # the tokens are secrets: no public answer repeats them
    public = client.get("/api/tables").text + client.get(f"/api/tables/{table['id']}").text
    assert all(link["token"] not in public for link in links["seats"])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "seats": HUMANS_AND_BOT}, "there is no game 'chess'"),
        ({"game": "alakazoo", "seats": [{"kind": "human"}]}, "for 2 to 4 players, not 1"),
        ({"game": "alakazoo", "seats": "two"}, "'seats' must be a list"),
        ({"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "alien"}]}, "'kind' is 'human' or 'bot'"),
        (
            {"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:seconds=3600"}]},
            "the bots are",
        ),
        ({"game": "alakazoo", "seats": HUMANS_AND_BOT, "options": {"dice": 7}}, "dice"),
        (
            {"game": "alakazoo", "seats": HUMANS_AND_BOT, "options": {"components": "/etc/passwd"}},
            "names a file",
        ),
        (
            {"game": "alakazum", "seats": HUMANS_AND_BOT, "options": {"catalogue": "/etc/passwd"}},
            "names a file",
        ),
        (
            {"game": "alakazoo", "seats": [{"kind": "human", "name": "x" * 41}, {"kind": "human"}]},
            "40 characters",
        ),
    ],
)
def test_a_bad_table_request_is_refused_with_a_message_and_creates_nothing(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_request_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert "not JSON" in response.json()["error"]
    assert client.post("/api/tables", json=[1, 2]).json()["error"] == "the request body must be a JSON object"


def test_unknown_tables_and_routes_say_so(client: TestClient) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope").json() == {"error": "there is no table 'nope'"}
    page = client.get("/table/nope/replay")
    assert page.status_code == 404 and "There is no table nope" in page.text  # a page, for a person
    assert client.get("/table/<b>x</b>").text.count("<b>") == 0  # the id is shown escaped
    assert client.get("/api/nothing").json() == {"error": "Not Found"}


def test_the_pages_and_their_static_files_are_served(client: TestClient) -> None:
    table = create(client)["table"]
    for path in ("/", f"/table/{table['id']}", f"/table/{table['id']}/replay"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
    assert client.get("/static/style.css").status_code == 200


def test_a_spectator_sees_the_public_view(client: TestClient) -> None:
    table = create(client, "alakazum")["table"]
    with table_socket(client, table["id"]) as socket:
        message = socket.receive_json()
    assert message["type"] == "state"
    assert message["seat"] is None and message["legal"] == []
    assert message["view"]["seat"] is None
    assert all(p["hand"] is None for p in message["view"]["players"])


def test_a_wrong_token_or_an_unknown_table_closes_the_socket_with_a_reason(client: TestClient) -> None:
    table = create(client)["table"]
    with table_socket(client, table["id"], "guess") as socket:
        assert "token does not belong" in socket.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == CLOSE_FORBIDDEN
    with table_socket(client, "nope") as socket:
        assert socket.receive_json() == {"type": "error", "message": "there is no table 'nope'"}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == CLOSE_NOT_FOUND


def _decision(one: Any, two: Any) -> tuple[Any, Any, dict[str, Any]]:
    """Read both seats' states until one of them has a real choice: (mover, other, its state)."""
    while True:
        message = next_state(one)
        if message["to_move"] not in (0, 1):
            continue
        if message["to_move"] == 0 and len(message["legal"]) > 1:
            return one, two, message
        if message["to_move"] == 1:  # both sockets receive the same states in the same order
            while (other := next_state(two))["seq"] < message["seq"]:
                pass
            if other["seq"] == message["seq"] and len(other["legal"]) > 1:
                return two, one, other


def next_state(socket: Any) -> dict[str, Any]:
    """The next state message (skipping the notes of who came and went)."""
    while (message := socket.receive_json())["type"] == "table":
        pass
    assert message["type"] == "state", message
    state: dict[str, Any] = message
    return state


def act(seq: int, name: str) -> str:
    return json.dumps({"type": "act", "seq": seq, "action": name})


def _reply(socket: Any, seq: int) -> dict[str, Any]:
    """The next message that is not a state at ``seq`` or before (a socket may lag behind)."""
    while (message := socket.receive_json())["type"] == "table" or (
        message["type"] == "state" and message["seq"] <= seq
    ):
        pass
    reply: dict[str, Any] = message
    return reply


def test_bad_messages_get_an_error_to_that_client_only_and_change_nothing(client: TestClient) -> None:
    body = create(client, "alakazoo", [{"kind": "human"}, {"kind": "human"}])
    table_id = body["table"]["id"]
    first, second = (link["token"] for link in body["links"]["seats"])
    with (
        table_socket(client, table_id, first) as one,
        table_socket(client, table_id, second) as two,
        table_socket(client, table_id) as watcher,
    ):
        mover, waiter, state = _decision(one, two)
        seq = state["seq"]
        legal = state["legal"][0]["name"]
        bad = [
            (mover, "this is not json", "must be JSON"),
            (mover, '{"type": "hello"}', "a client only sends"),
            (mover, '{"type": "act", "seq": "x", "action": "a"}', "an action message is"),
            (mover, act(seq, "fly:away"), "no action is written"),
            (mover, act(seq - 1, legal), "moved on"),
            (waiter, act(seq, legal), "not your decision"),
            (watcher, act(seq, legal), "spectators cannot play"),
            (mover, "x" * 5000, "at most 4096 bytes"),
        ]
        for socket, text, message in bad:
            socket.send_text(text)
            reply = _reply(socket, seq)
            assert reply["type"] == "error"
            assert message in reply["message"]
        assert client.get(f"/api/tables/{table_id}").json()["actions"] == seq
        # the good action still works, and everyone is told (the errors were private)
        mover.send_json({"type": "act", "seq": seq, "action": legal})
        for socket in (one, two, watcher):
            message = _reply(socket, seq)  # no error reached anybody else
            assert message["type"] == "state" and message["seq"] == seq + 1


def test_leaving_hands_the_seat_to_a_bot_that_plays_on(client: TestClient) -> None:
    body = create(client, "alakazoo", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table_id = body["table"]["id"]
    token = body["links"]["seats"][0]["token"]
    assert client.post(f"/api/tables/{table_id}/leave", json={"token": "wrong"}).status_code == 403
    assert client.post(f"/api/tables/{table_id}/leave", json={}).status_code == 403
    summary = client.post(f"/api/tables/{table_id}/leave", json={"token": token}).json()
    assert summary["seats"][0]["kind"] == "bot"
    with table_socket(client, table_id, token) as socket:
        while (message := next_state(socket))["view"]["outcome"] is None:
            assert message["legal"] == []  # the leaver is never asked again
        socket.send_json({"type": "act", "seq": message["seq"], "action": "x"})
        assert "you left this seat" in socket.receive_json()["message"]


def test_a_rematch_waits_for_the_end_then_reseats_everyone_once(client: TestClient) -> None:
    body = create(client, "alakazoo", [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}])
    table_id = body["table"]["id"]
    token = body["links"]["seats"][0]["token"]
    assert client.post(f"/api/tables/{table_id}/rematch", json={"token": token}).status_code == 409
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 409
    with table_socket(client, table_id, token) as socket:
        while (message := next_state(socket))["view"]["outcome"] is None:
            if len(message["legal"]) > 1:  # Ana plays her first choice every time
                socket.send_json(
                    {"type": "act", "seq": message["seq"], "action": message["legal"][0]["name"]}
                )
        assert client.post(f"/api/tables/{table_id}/rematch", json={}).status_code == 403
        again = client.post(f"/api/tables/{table_id}/rematch", json={"token": token}).json()
        notice = socket.receive_json()
    new_id = again["table"]["id"]
    assert notice["type"] == "rematch" and notice["table"] == new_id
    assert notice["url"] == again["link"]["url"] != f"/table/{table_id}#token={token}"
    # names, game and options carry over; asking twice gives the same table
    assert [s["name"] for s in again["table"]["seats"]] == ["Ana", "Player 2 (Easy bot)"]
    assert (
        client.post(f"/api/tables/{table_id}/rematch", json={"token": token}).json()["table"]["id"] == new_id
    )
    assert client.get(f"/api/tables/{table_id}").json()["rematch"] == new_id


def test_a_finished_game_is_replayed_step_by_step_from_any_seat(client: TestClient) -> None:
    body = create(client, "alakazum", [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}])
    table_id = body["table"]["id"]
    with table_socket(client, table_id) as socket:
        while (last := next_state(socket))["view"]["outcome"] is None:
            pass
    steps = last["seq"]
    first = client.get(f"/api/tables/{table_id}/replay?step=0&seat=0").json()
    assert (first["step"], first["steps"], first["action"], first["events"]) == (0, steps, None, [])
    end = client.get(f"/api/tables/{table_id}/replay?step={steps}").json()
    assert end["view"]["outcome"] == last["view"]["outcome"]
    own = [client.get(f"/api/tables/{table_id}/replay?step={n}&seat=0").json() for n in range(1, 40)]
    assert any(step["action"] for step in own)  # seat 0's own decisions are named
    assert any(step["events"] for step in own)  # and what each step did is told in words
    assert client.get(f"/api/tables/{table_id}/replay?step={steps + 1}").status_code == 400
    assert client.get(f"/api/tables/{table_id}/replay?seat=5").status_code == 400
    assert client.get(f"/api/tables/{table_id}/replay?step=x").status_code == 400


def test_a_forced_choice_is_answered_by_the_server_after_a_pause(tmp_path: Path) -> None:
    """A seat with one legal choice is not asked; the answer comes after the forced-choice pause,
    however the cards lie, so its timing tells the others nothing."""
    pace = Pace(bot=(0.0, 0.0), forced=(0.15, 0.2))
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    with TestClient(create_app(tmp_path / "t.sqlite3", pace=pace)) as test_client:
        body = create(test_client, "alakazum", seats)
        table_id, token = body["table"]["id"], body["links"]["seats"][0]["token"]
        with table_socket(test_client, table_id, token) as socket:
            message = next_state(socket)
            while message["forced"] is None:  # play the first choice until a forced one comes
                assert len(message["legal"]) != 1  # a single choice is never offered as one
                if message["legal"]:
                    socket.send_json(
                        {"type": "act", "seq": message["seq"], "action": message["legal"][0]["name"]}
                    )
                message = next_state(socket)
            assert message["legal"] == [] and message["waiting_for"] == "Your only choice is played for you."
            started, seq = time.monotonic(), message["seq"]
            while (message := next_state(socket))["seq"] == seq:
                pass
            assert time.monotonic() - started >= 0.14
            assert message["seq"] == seq + 1


def test_an_open_seat_waits_for_the_creators_friends_before_the_lobby_offers_it(tmp_path: Path) -> None:
    """Issue 30, item 8: a script watching the lobby took an open seat within milliseconds of its
    appearing. For ``--open-seat-seconds`` the seat needs the join code its creator was given
    (to send a friend); then the lobby offers it to anyone."""
    app = create_app(tmp_path / "t.sqlite3", pace=Pace.scaled(0), limits=Limits(open_seat_seconds=0.5))
    with TestClient(app) as client:
        seats = [{"kind": "human", "name": "Host"}, {"kind": "human", "open": True}]
        body = create(client, "alakazoo", seats)
        table_id, code = body["table"]["id"], body["links"]["join_code"]
        assert [s["open"] for s in client.get("/api/tables").json()["tables"][0]["seats"]] == [False, False]
        early = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
        assert early.status_code == 403 and "join code" in early.json()["error"]
        wrong = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "code": "nope"})
        assert wrong.status_code == 403
        friend = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Pep", "code": code})
        assert friend.status_code == 200 and friend.json()["name"] == "Pep"
        later = create(client, "alakazoo", seats)["table"]["id"]
        time.sleep(0.6)
        assert [s["open"] for s in client.get(f"/api/tables/{later}").json()["seats"]] == [False, True]
        assert client.post(f"/api/tables/{later}/join", json={"seat": 1}).status_code == 200


def test_an_open_seat_is_offered_in_the_lobby_and_goes_to_the_first_who_joins(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Host"}, {"kind": "human", "open": True}, {"kind": "bot"}]
    body = create(client, "alakazum", seats)
    table_id = body["table"]["id"]
    assert [link["seat"] for link in body["links"]["seats"]] == [0]  # no link is handed out for it
    listed = client.get("/api/tables").json()["tables"][0]
    assert [s["open"] for s in listed["seats"]] == [False, True, False]
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 0}).status_code == 403
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 2}).status_code == 403
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 9}).status_code == 400
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Pep"}).json()
    assert joined["url"] == f"/table/{table_id}#token={joined['token']}" and joined["name"] == "Pep"
    second = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Late"})
    assert second.status_code == 409 and "taken" in second.json()["error"]
    seat = client.get(f"/api/tables/{table_id}").json()["seats"][1]
    assert (seat["name"], seat["joined"], seat["open"]) == ("Pep", True, False)
    with table_socket(client, table_id, joined["token"]) as socket:
        assert next_state(socket)["seat"] == 1


def test_a_table_whose_bots_cannot_be_built_is_refused_and_not_stored(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import alaka.ui.web.lobby as lobby

    def broken(spec: str, game: str) -> object:
        raise lobby.AlakaError(f"no bot {spec!r} for {game}")

    monkeypatch.setattr(lobby, "make_bot", broken)
    response = client.post("/api/tables", json={"game": "alakazum", "seats": HUMANS_AND_BOT})
    assert response.status_code == 400
    assert "no bot 'heuristic' for alakazum" in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []  # nothing half-made was kept


def test_a_quick_answer_out_of_turn_takes_as_long_as_a_forced_one(tmp_path: Path) -> None:
    """Issue 30, item 7: in a window out of turn (Alakazum!'s voodoo window, a defender's
    potions) a forced answer came after the server's pause and a quick real one at once, so a
    window's length told everyone who had a choice. A person's answer out of turn now takes
    effect no sooner than a pause drawn as the forced one's is."""
    import asyncio
    import random

    from alaka.ui.web.store import SqliteStore
    from alaka.ui.web.tables import TableRoom

    low, high = 0.08, 0.12
    late = 0.03  # how late the test may see a window open, or an answer land, on a busy machine

    async def run() -> tuple[list[float], list[float]]:
        pace = Pace(bot=(0.0, 0.0), forced=(low, high))
        room = TableRoom(SqliteStore(tmp_path / "t.sqlite3"), pace, Limits(bot_workers=0))
        people = [{"kind": "human"}] * 3
        quick: list[float] = []
        forced: list[float] = []
        rng = random.Random(2)
        deadline = time.monotonic() + 60
        while len(quick) < 5 or len(forced) < 5:
            table, _ = await room.create("alakazum", people)
            while not table.finished and (len(quick) < 5 or len(forced) < 5):
                assert time.monotonic() < deadline, (quick, forced)
                player, seq = table.state.current_player(), table.seq
                if player < 0 or not table.out_of_turn(player):
                    if player >= 0 and len(table.state.legal_actions()) > 1:
                        await room.act(table, player, seq, rng.choice(table.state.legal_actions()).name)
                    else:
                        await asyncio.sleep(0.001)
                    continue
                opened = time.monotonic()  # (seen within a millisecond of its opening)
                if len(table.state.legal_actions()) > 1:  # a real choice, answered at once
                    await room.act(table, player, seq, rng.choice(table.state.legal_actions()).name)
                    quick.append(time.monotonic() - opened)
                else:
                    while table.seq == seq:
                        await asyncio.sleep(0.001)
                    forced.append(time.monotonic() - opened)
        await room.stop()
        return quick, forced

    quick, forced = asyncio.run(run())
    for window in quick + forced:  # the same range for both (each drawn from it); before, a
        assert low - late <= window <= high + 5 * late, (quick, forced)  # quick one took 3-8 ms
