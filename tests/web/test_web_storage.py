"""The table database can be damaged, read-only or from a newer Alaka: each is one clear line
(what, which file, what to do), never a traceback; and a table stalled by storage that refuses
writes (a full disk) goes on by itself once the storage takes them again."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import table_socket

from alaka.ui.web.app import create_app
from alaka.ui.web.journal import now
from alaka.ui.web.limits import Limits
from alaka.ui.web.seeds import new_seed
from alaka.ui.web.store import SCHEMA_VERSION, SeatRow, SqliteStore, StorageError, TableRow
from alaka.ui.web.tables import Pace, TableRoom
from waits import PATIENCE

PEOPLE = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "bot": "random"}] * 2


def serve(db: Path) -> subprocess.CompletedProcess[str]:
    """``alaka serve`` on ``db``, on a port it cannot have (so a good file would fail later)."""
    command = [sys.executable, "-m", "alaka", "serve", "--port", "1", "--db", str(db)]
    return subprocess.run(command, capture_output=True, text=True, timeout=PATIENCE)


def _with_tables(db: Path, count: int = 3) -> list[str]:
    limits = Limits(tables_per_minute=count, tables_per_address=count)
    with TestClient(create_app(db, pace=Pace.scaled(0), limits=limits)) as client:
        return [
            client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).json()["table"]["id"]
            for _ in range(count)
        ]


def _one_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """One error (the console may wrap it) that says all of ``words``, and no traceback."""
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.count("error:") == 1, result.stderr
    said = " ".join(result.stderr.split())
    for word in words:
        assert word in said, said


def test_a_database_from_a_newer_alaka_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    _with_tables(db)
    with sqlite3.connect(db) as database:
        database.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    database.close()
    _one_line(serve(db), "newer Alaka", str(db), "upgrade Alaka")


def test_a_damaged_database_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    _with_tables(db, 30)
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18])
    data[page:] = b"\xa5" * (len(data) - page)  # every page but the first (the schema's header)
    db.write_bytes(bytes(data))
    _one_line(serve(db), "damaged", str(db), "restore a copy")


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` made read-only: by its permissions, or, for root (whom permissions do not stop),
    made immutable (``chattr +i``); where root may not do that either (a container), by the
    file's own header, which tells SQLite to open it read-only (a write version above 2)."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    immutable = (
        shutil.which("chattr") and subprocess.run(["chattr", "+i", str(path)], check=False).returncode == 0
    )
    if not immutable:
        header = bytearray(path.read_bytes())
        header[18] = 3
        path.write_bytes(bytes(header))
    try:
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_database_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    _with_tables(db)
    for extra in tmp_path.glob("t.sqlite3-*"):
        extra.unlink()
    folder = tmp_path / "ro"
    folder.mkdir()
    shutil.move(db, folder / db.name)
    with read_only(folder / db.name):
        _one_line(serve(folder / db.name), "cannot be written", "permissions")


def test_a_damaged_row_leaves_out_its_table_with_a_warning_and_the_others_come_back(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    good, bad, also = _with_tables(db)
    with sqlite3.connect(db) as database:
        database.execute("UPDATE tables SET options = 'not json' WHERE id = ?", (bad,))
    database.close()
    app = create_app(db, pace=Pace.scaled(0))
    assert set(app.state.room.tables) == {good, also}
    (problem,) = app.state.problems
    assert f"table {bad} is damaged" in problem


def _refuse_writes(store: SqliteStore, refuse: bool) -> None:
    """Make the store's storage refuse every write, as a disk that filled up or a file system
    that went read-only does (each write then fails inside SQLite), or take them again."""
    with store._lock:  # the store's one connection, shared with the journal's thread
        store._db.execute(f"PRAGMA query_only = {'ON' if refuse else 'OFF'}")


def test_a_table_stalled_by_storage_that_refuses_writes_goes_on_when_it_takes_them_again(
    tmp_path: Path,
) -> None:
    """M2: after a short disk-full, a table where chance or a bot was to move stayed stuck until
    the server was restarted."""

    async def scenario() -> tuple[int, int, bool]:
        room = TableRoom(SqliteStore(tmp_path / "t.sqlite3"), Pace.scaled(0))
        await room.start()
        table, _ = await room.create("alakazum", BOTS)
        started = time.monotonic() + 10
        while table.seq < 5 and time.monotonic() < started:  # the bots are playing (a fixed wait
            await asyncio.sleep(0.01)  # could outlast a short game: one ended within 0.3 s)
        _refuse_writes(room.store, True)
        await asyncio.sleep(1.0)
        stalled = table.seq
        await asyncio.sleep(1.0)
        assert table.seq == stalled and not table.finished  # nothing could be stored meanwhile
        _refuse_writes(room.store, False)
        deadline = time.monotonic() + 30
        while not table.finished and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        finished = table.finished
        await room.stop()
        stored = room.store.table(table.id)
        room.store.close()
        assert stored is not None and len(stored.actions) == table.seq
        return stalled, table.seq, finished

    stalled, end, finished = asyncio.run(scenario())
    assert finished and end > stalled


def test_a_person_whose_action_cannot_be_stored_is_told_and_may_try_again(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite3", pace=Pace.scaled(0))) as client:
        body = client.post("/api/tables", json={"game": "alakazoo", "seats": PEOPLE}).json()
        table_id = body["table"]["id"]
        tokens = [link["token"] for link in body["links"]["seats"]]
        store = client.app.state.room.store  # type: ignore[attr-defined]
        sockets = [table_socket(client, table_id, t) for t in tokens]
        with sockets[0] as one, sockets[1] as two:
            mover, state = _mover(one, two)
            action = {"type": "act", "seq": state["seq"], "action": state["legal"][0]["name"]}
            _refuse_writes(store, True)
            mover.send_json(action)
            while (refused := mover.receive_json())["type"] != "error":
                assert refused["type"] == "table" or refused["seq"] == state["seq"]  # nothing moved
            assert "could not be stored" in refused["message"]
            assert "cannot be written" in refused["message"]
            _refuse_writes(store, False)
            mover.send_json(action)
            while (message := mover.receive_json())["type"] != "state":
                pass
            assert message["seq"] == state["seq"] + 1


def _mover(one: Any, two: Any) -> tuple[Any, dict[str, Any]]:
    """The socket of the first seat with a real choice (more than one action), and its state.

    Both sockets receive the same states in the same order, so reading one until a seat has a
    choice, then the other up to that state, finds it."""
    while True:
        message = one.receive_json()
        if message["type"] != "state" or message["to_move"] is None or len(message["legal"]) == 1:
            continue
        if message["to_move"] == 0:
            return one, message
        while (other := two.receive_json())["type"] != "state" or other["seq"] < message["seq"]:
            pass
        if len(other["legal"]) > 1:
            return two, other


def test_a_full_disk_is_named_with_what_to_do(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    with store._lock:
        (pages,) = store._db.execute("PRAGMA page_count").fetchone()
        store._db.execute(f"PRAGMA max_page_count = {pages}")  # not one page more: as a full disk
    seats = [SeatRow(s, "human", None, "x" * 40, None) for s in range(2)]
    rows = [TableRow(f"t{n}", "alakazoo", 2, {}, new_seed(), now(), seats, ["a"] * 50) for n in range(50)]
    with pytest.raises(StorageError, match="disk is full; free some space") as refused:
        store.add_tables(rows)
    assert str(tmp_path / "t.sqlite3") in str(refused.value)
    store.close()


def test_a_database_older_than_the_first_schema_is_one_line(tmp_path: Path) -> None:
    """A file from before seats could be offered in the lobby (no 'joined' or 'open' columns)."""
    db = tmp_path / "t.sqlite3"
    with sqlite3.connect(db) as database:
        database.executescript(
            """
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, num_players INTEGER NOT NULL,
                options TEXT NOT NULL, seed INTEGER NOT NULL, created TEXT NOT NULL, rematch_of TEXT,
                rematch TEXT);
            CREATE TABLE seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
                bot TEXT, name TEXT NOT NULL, token TEXT, PRIMARY KEY (table_id, seat));
            CREATE TABLE actions (table_id TEXT NOT NULL, number INTEGER NOT NULL, action TEXT NOT NULL,
                PRIMARY KEY (table_id, number));
            """
        )
    database.close()
    before = _layout(db)
    _one_line(serve(db), "older than this Alaka can bring forward", "seats has no joined, open")
    assert _layout(db) == before  # left as it was (the upgrade was taken back)


def _layout(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as database:
        found = database.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
    database.close()
    return found


def test_a_damaged_seed_leaves_out_its_table_with_a_warning(tmp_path: Path) -> None:
    """Issue 30, item 8: a table whose stored seed was damaged was brought back, and its driver
    stopped at its first draw without a word (the table waited for ever)."""
    db = tmp_path / "t.sqlite3"
    good, bad, also = _with_tables(db)
    with sqlite3.connect(db) as database:
        database.execute("UPDATE tables SET seed = 'not a seed' WHERE id = ?", (bad,))
    database.close()
    with TestClient(create_app(db, pace=Pace.scaled(0))) as client:
        assert set(client.app.state.room.tables) == {good, also}  # type: ignore[attr-defined]
        (problem,) = client.app.state.problems  # type: ignore[attr-defined]
        assert f"table {bad} is damaged" in problem and "seed" in problem
        refused = client.get(f"/api/tables/{bad}")
        assert refused.status_code == 503 and "seed" in refused.json()["error"]
        assert client.get(f"/api/tables/{good}").status_code == 200
