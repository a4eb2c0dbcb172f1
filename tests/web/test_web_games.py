"""Whole games through a real server: nothing leaks to any seat, and a killed server loses nothing."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import TIMEOUT, SeatPlayer, create_table, free_port, live_server, run_players

from alaka.core.choices import choices
from alaka.core.protocol import JsonDict, State
from alaka.core.records import replay_states
from alaka.core.registry import game as get_game
from alaka.core.undo import steps_of, to_last_choice


def _expected(
    state: State, seat: int | None, log_from: int
) -> tuple[JsonDict, list[JsonDict], JsonDict | None]:
    """What a seat may be told in ``state``: its view and, if it decides, its choices (labels,
    cost hints, explanations' names), or its only choice (which the server plays for it: shown as
    automatic, never offered)."""
    view = json.loads(json.dumps(state.view(seat, log_since=log_from)))
    legal: list[JsonDict] = []
    if seat is not None and state.current_player() == seat:
        legal = [dict(choice) for choice in choices(state)]
    if len(legal) == 1:
        return view, [], legal[0]
    return view, legal, None


def _check_clock(clock: JsonDict | None, state: State, seat: int | None) -> None:
    """A clock tells only the public: its setting, each person's bank, and the timer of the
    seat that decides now (which every seat is told), in turn or not (the public view says)."""
    if clock is None:
        return
    assert set(clock) == {
        "bank",
        "increment",
        "reaction",
        "on_expiry",
        "banks",
        "running",
        "out_of_turn",
        "left",
    }
    player = state.current_player()
    assert clock["running"] in (None, player)
    if clock["running"] is not None:
        active = state.view(None, log_since=None).get("active_player")
        assert clock["out_of_turn"] == (active is not None and active != player)
        if seat is not None:  # a position the seat cannot tell apart runs the same timer
            twin = state.resample(seat, random.Random(len(state.history)))
            assert twin.view(None, log_since=None).get("active_player") == active


def _check_messages(
    player: SeatPlayer, seat: int | None, states: list[State], tokens: list[str], seed: str
) -> None:
    own = tokens[seat] if seat is not None else None
    actions = [
        s.action_table().parse(n) for s, n in zip(states, states[-1].record()["actions"], strict=False)
    ]
    steps = steps_of(states, actions)
    log: list[Any] = []
    for message in player.messages:
        text = json.dumps(message)
        assert all(token not in text for token in tokens if token != own), "a token leaked"
        assert seed not in text, "the table's seed leaked"
        assert own is None or own not in text  # not even one's own token is repeated
        if message["type"] in ("table", "clock"):
            continue
        assert message["type"] == "state", message
        assert message["seat"] == seat
        state = states[message["seq"]]
        view, legal, forced = _expected(state, seat, message["log_from"])
        # undo is offered to the seat deciding exactly when the rule allows it and one of the
        # decisions it would take back was a real choice (a forced move alone is not offered)
        allowed = to_last_choice(state, steps[: message["seq"]], seat) if seat is not None else 0
        assert message["undo"] == (len(legal) > 1 and allowed > 0)
        assert message["view"] == view
        assert message["legal"] == legal
        assert message["forced"] == forced
        assert message["forfeit"] is None
        _check_clock(message["clock"], state, seat)
        if seat is not None and not state.is_terminal():
            # a position this seat cannot tell apart (other hands, the deck) gives the same message
            twin = state.resample(seat, random.Random(message["seq"]))
            assert _expected(twin, seat, message["log_from"]) == (view, legal, forced)
        # the log arrives in pieces that a client appends, and nothing is skipped
        if message["log_from"] == 0:
            log = list(message["view"]["log"])
        else:
            assert message["log_from"] == len(log)
            log += message["view"]["log"]
    assert log == states[-1].view(seat)["log"]


@pytest.mark.parametrize(
    ("game", "people", "clock"),
    [
        ("alakazoo", 3, None),
        ("alakazum", 3, None),
        ("alakazum", 4, {"preset": "relaxed"}),
        ("guess", 2, None),
        ("pile", 2, None),
    ],
)
def test_every_message_to_every_seat_is_exactly_what_that_seat_may_see(
    tmp_path: Path, game: str, people: int, clock: JsonDict | None
) -> None:
    """Whole games over WebSockets, the test suite's own games (no heuristic) too, and a
    table with a clock (its timers run for forced decisions too, so they tell nothing)."""
    seats = [{"kind": "human"}] * people + [{"kind": "bot"}]  # the game's default bot
    with live_server(tmp_path / "tables.sqlite3") as server:
        body = create_table(server.url, game, seats, clock=clock)
        table_id = body["table"]["id"]
        tokens = [link["token"] for link in body["links"]["seats"]]
        players = [SeatPlayer(server.ws_url, table_id, token, seed=n) for n, token in enumerate(tokens)]
        spectator = SeatPlayer(server.ws_url, table_id, None, seed=0)
        finals = run_players([*players, spectator])
        record = server.app.state.room.get(table_id).record()
        seed = server.app.state.room.get(table_id).seed
    assert all(final["view"]["outcome"] is not None for final in finals)
    assert all(not p.errors for p in players)
    states = list(replay_states(record))
    if clock is not None:  # the clocks ran, out of turn too (Alakazum!'s voodoo windows)
        timers = [m["clock"] for p in players for m in p.states() if m["clock"]["running"] is not None]
        assert timers and any(t["out_of_turn"] for t in timers) and any(not t["out_of_turn"] for t in timers)
    for seat, player in enumerate(players):
        _check_messages(player, seat, states, tokens, seed)
    _check_messages(spectator, None, states, tokens, seed)


def _serve(port: int, db: Path) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "alaka", "serve", "--port", str(port), "--db", str(db), "--pace", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + TIMEOUT
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
            return process
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"no server: {process.stderr and process.stderr.read()!r}") from None
            time.sleep(0.1)


def test_a_killed_server_comes_back_with_every_table_exactly_and_the_game_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = _serve(port, db)
    try:
        body = create_table(
            base, "alakazum", [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "human"}]
        )
        table_id = body["table"]["id"]
        tokens = [link["token"] for link in body["links"]["seats"]]
        before = [SeatPlayer(ws, table_id, token, seed=n, stop_after=60) for n, token in enumerate(tokens)]
        run_players(before)
        server.send_signal(signal.SIGKILL)  # no shutdown, no flush: as in a crash
        server.wait(TIMEOUT)
        seen = max(m["seq"] for p in before for m in p.states())
        with sqlite3.connect(db) as database:
            (stored,) = database.execute(
                "SELECT count(*) FROM actions WHERE table_id = ?", (table_id,)
            ).fetchone()
        assert stored >= seen >= 60  # everything anyone was told about had been written

        server = _serve(port, db)
        summary = httpx.get(f"{base}/api/tables/{table_id}").json()
        assert summary["actions"] >= stored and summary["status"] == "playing"
        after = [SeatPlayer(ws, table_id, token, seed=10 + n) for n, token in enumerate(tokens)]
        finals = run_players(after)
        assert all(final["view"]["outcome"] is not None for final in finals)
        assert not any(p.errors for p in before + after)
        record = httpx.get(f"{base}/api/tables/{table_id}").json()
        assert record["status"] == "finished"
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(TIMEOUT)
    # the restored game is the one played before the crash: the same states, seen the same way
    with sqlite3.connect(db) as database:
        actions = [
            a
            for (a,) in database.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
            )
        ]
    g = get_game("alakazum")
    states = list(
        replay_states(
            {
                "game": "alakazum",
                "version": g.record_version,
                "num_players": 3,
                "options": {},
                "actions": actions,
            }
        )
    )
    assert states[-1].is_terminal()
    for seat, player in zip((0, 2), before, strict=True):
        for message in player.states():
            assert message["view"] == _expected(states[message["seq"]], seat, message["log_from"])[0]
    assert os.path.exists(db)
