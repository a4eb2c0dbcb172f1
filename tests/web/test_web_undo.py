"""Safe undo at the table (issue 21): a person takes back their own decisions of the turn by
the rule of :mod:`alaka.core.undo`; the shortened record is stored, everyone is told, and no
message before or after an undo tells any seat anything it may not see."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest

from alaka.core.protocol import JsonDict
from alaka.core.records import replay
from alaka.ui.web.limits import Limits
from alaka.ui.web.store import open_store
from alaka.ui.web.tables import Pace, Table, TableError, TableRoom


class Auditor:
    """A connection that checks each state message as it arrives against what its seat may see
    in the table's stored record, and in a position the seat cannot tell from it (a resample)."""

    def __init__(self, table: Table, seat: int | None) -> None:
        self.table = table
        self.seat = seat
        self.log_sent = 0
        self.messages: list[JsonDict] = []
        self.log: list[JsonDict] = []

    def deliver(self, text: str) -> None:
        message = json.loads(text)
        self.messages.append(message)
        if message["type"] != "state":
            return
        truth = replay(self.table.record())  # what is stored is what is shown
        assert message["seq"] == len(truth.history)
        expected = json.loads(json.dumps(truth.view(self.seat, log_since=message["log_from"])))
        assert message["view"] == expected
        if self.seat is not None and not truth.is_terminal():
            twin = truth.resample(self.seat, random.Random(message["seq"]))
            assert json.loads(json.dumps(twin.view(self.seat, log_since=message["log_from"]))) == expected
            if truth.current_player() == self.seat:
                assert [a["name"] for a in message["legal"]] in ([], [a.name for a in twin.legal_actions()])
        self.log = expected["log"] if message["log_from"] == 0 else self.log + expected["log"]
        assert len(self.log) == message["view"]["log_size"]  # the log a page keeps is whole


def test_people_take_back_decisions_and_every_message_stays_what_each_seat_may_see(database: str) -> None:
    async def run() -> None:
        room = TableRoom(open_store(database), Pace.scaled(0), Limits(bot_workers=0))
        rng = random.Random(3)
        undos = 0
        deadline = time.monotonic() + 60
        # A table's chance is secret (ui/web/seeds.py), so a game may end before six undos were
        # taken: the next table goes on until they are.
        while undos < 6:
            undos = await _play_taking_back(room, rng, undos, deadline)
        assert undos == 6
        await room.stop()

    asyncio.run(run())


async def _play_taking_back(room: TableRoom, rng: random.Random, undos: int, deadline: float) -> int:
    """One table, played to its end or to the sixth undo with every message audited; returns
    the undos taken so far."""
    people = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}, {"kind": "bot"}]
    table, _ = await room.create("alakazoo", people)
    auditors = [Auditor(table, seat) for seat in (0, 1, None)]
    for auditor in auditors:
        await room.connect(table, auditor)
    while not table.finished and undos < 6:
        assert time.monotonic() < deadline
        player = table.state.current_player()
        legal = table.state.legal_actions()
        if player not in (0, 1) or len(legal) < 2:
            await asyncio.sleep(0.002)
            continue
        last = auditors[player].messages[-1]
        if last["type"] == "state" and last["seq"] == table.seq and last["undo"] and rng.random() < 0.6:
            before = table.seq
            await room.take_back(table, player, table.seq)
            undos += 1
            assert table.seq < before
            stored = room.store.table(table.id)
            assert stored is not None and stored.actions == table.record()["actions"]
            for auditor in auditors:  # everyone is told, then gets the whole (shorter) log
                notice, state = auditor.messages[-2:]
                assert notice["type"] == "undo" and notice["seat"] == player
                assert notice["text"].startswith(("Ana took back", "Bo took back"))
                assert state["type"] == "state" and state["log_from"] == 0
        else:
            await room.act(table, player, table.seq, rng.choice(legal).name)
    return undos


def test_nothing_is_taken_back_past_a_roll_or_another_seat(database: str) -> None:
    async def run() -> None:
        room = TableRoom(open_store(database), Pace.scaled(0), Limits(bot_workers=0))
        people = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "heuristic"}]
        table, _ = await room.create("alakazoo", people)
        deadline = time.monotonic() + 30
        # Ana's first action of a turn (a roll, a column...): nothing of hers is before it
        while not (
            table.state.current_player() == 0
            and any(a.name.startswith("roll:") for a in table.state.legal_actions())
        ):
            assert time.monotonic() < deadline
            if table.state.current_player() == 0 and table.seat_message(0, 0)["legal"]:
                await room.act(table, 0, table.seq, table.state.legal_actions()[0].name)  # a board
            await asyncio.sleep(0.002)
        with pytest.raises(TableError, match="nothing to take back: you have made no decision this turn"):
            await room.take_back(table, 0, table.seq)
        roll = next(a for a in table.state.legal_actions() if a.name.startswith("roll:"))
        await room.act(table, 0, table.seq, roll.name)
        while table.state.current_player() != 0:  # the dice are rolled (chance)
            await asyncio.sleep(0.002)
        assert not table.seat_message(0, 0)["undo"]
        with pytest.raises(TableError, match="nothing to take back: a card was drawn or a die was rolled"):
            await room.take_back(table, 0, table.seq)  # a roll is never undone, and Ana is told why
        with pytest.raises(TableError, match="moved on"):
            await room.take_back(table, 0, table.seq - 1)
        with pytest.raises(TableError, match="spectators cannot undo"):
            await room.take_back(table, None, table.seq)
        await room.stop()

    asyncio.run(run())
