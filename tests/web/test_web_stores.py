"""The storage interface, on both stores: what is written reads back the same after the store is
opened again, a write is all or nothing, and a database this Alaka cannot use is refused in one
line. The PostgreSQL cases run on a real server (the ``postgres`` fixture), never a mock."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path

import pytest
from web_helpers import query

from alaka.testing.postgres import ScratchPostgres
from alaka.ui.web.seeds import new_seed
from alaka.ui.web.store import SCHEMA_VERSION, SeatRow, StorageError, Store, TableRow, open_store
from waits import PATIENCE

CREATED = "2026-12-01T10:00:00.000000+00:00"
LATER = "2026-12-01T11:00:00.000000+00:00"


def seats() -> list[SeatRow]:
    return [
        SeatRow(0, "human", None, "Ana", "token-ana", joined=True),
        SeatRow(1, "bot", "heuristic", "Medium bot", None, joined=True),
        SeatRow(2, "human", None, "Player 3", "token-3", open=True),
    ]


def table(table_id: str, created: str = CREATED, **fields: object) -> TableRow:
    row = TableRow(table_id, "alakazum", 3, {"limits": "each_gain"}, new_seed(), created, seats(), [])
    for name, value in fields.items():
        setattr(row, name, value)
    return row


def reopened(store: Store, database: str) -> Store:
    """The same database, as a restarted server opens it."""
    store.close()
    return open_store(database)


def test_a_table_reads_back_exactly_as_it_was_stored(database: str) -> None:
    store = open_store(database)
    clock = {"setting": {"bank": 60, "increment": 5}, "banks": [55.5, None, 60.0]}
    row = table("t1", clock=clock)
    store.add_table(row)
    store.add_actions([("t1", 1, "deal:1"), ("t1", 2, "deal:2")], LATER)
    store.add_actions([("t1", 3, "play:3")], LATER)
    store = reopened(store, database)
    back = store.table("t1")
    assert back is not None
    played = ["deal:1", "deal:2", "play:3"]
    options = {"limits": "each_gain"}
    assert back == TableRow("t1", "alakazum", 3, options, row.seed, CREATED, seats(), played, clock=clock)
    assert store.exists("t1") and not store.exists("t2") and store.table("t2") is None
    store.close()


def test_a_batch_of_actions_is_all_or_nothing(database: str) -> None:
    store = open_store(database)
    store.add_table(table("t1"))
    store.add_table(table("t2"))
    store.add_actions([("t1", 1, "a"), ("t2", 1, "b")], LATER)
    with pytest.raises(StorageError, match="cannot write to the table database"):
        store.add_actions([("t1", 2, "c"), ("t2", 1, "again")], LATER)  # t2's action 1 is stored
    store = reopened(store, database)
    assert [row.actions for row in (store.table("t1"), store.table("t2")) if row] == [["a"], ["b"]]
    store.close()


def test_an_undo_keeps_the_first_actions_and_the_next_ones_are_numbered_on(database: str) -> None:
    store = open_store(database)
    store.add_table(table("t1"))
    store.add_actions([("t1", n, f"a{n}") for n in range(1, 6)], LATER)
    store.take_back("t1", 2, LATER)
    store.add_actions([("t1", 3, "b3")], LATER)
    store = reopened(store, database)
    back = store.table("t1")
    assert back is not None and back.actions == ["a1", "a2", "b3"]
    store.close()


def test_a_restart_brings_back_the_tables_in_play_that_moved_lately_oldest_first(database: str) -> None:
    store = open_store(database)
    # created at the same moment: they come back in the order they were stored
    for table_id in ("b", "a", "c", "idle", "done", "lost"):
        store.add_table(table(table_id))
    store.add_actions([(table_id, 1, "x") for table_id in ("b", "a", "c", "done", "lost")], LATER)
    store.finish("done", LATER)
    store.forfeit("lost", 0, LATER)
    store.add_table(table("first", created="2026-11-30T10:00:00.000000+00:00"))
    store.add_actions([("first", 1, "x")], LATER)
    store = reopened(store, database)
    assert [row.id for row in store.in_play(since=LATER) if isinstance(row, TableRow)] == [
        "first",
        "b",
        "a",
        "c",
    ]
    lost = store.table("lost")
    assert lost is not None and lost.forfeit == 0 and lost.finished == LATER
    store.close()


def test_a_seat_taken_a_clock_kept_and_a_rematch_read_back(database: str) -> None:
    store = open_store(database)
    store.add_table(table("t1", clock={"banks": [60.0]}))
    store.update_seat("t1", SeatRow(2, "human", None, "Zoe", "token-3", joined=True, open=True))
    store.set_clock("t1", {"banks": [42.0]})
    store.add_table(table("t2", rematch_of="t1"))
    store = reopened(store, database)
    first, second = store.table("t1"), store.table("t2")
    assert first is not None and second is not None
    assert first.seats[2] == SeatRow(2, "human", None, "Zoe", "token-3", joined=True, open=True)
    assert first.clock == {"banks": [42.0]}
    assert (first.rematch, second.rematch_of) == ("t2", "t1")
    store.close()


def test_whole_tables_are_imported_in_one_commit_finished_ones_as_finished(database: str) -> None:
    store = open_store(database)
    rows = [table("t1"), table("t2", finished=LATER)]
    rows[0].actions = ["a", "b"]
    rows[1].actions = ["c"]
    store.add_tables(rows)
    store = reopened(store, database)
    assert [row.id for row in store.in_play(since=CREATED) if isinstance(row, TableRow)] == ["t1"]
    imported = store.table("t2")
    assert imported is not None and imported.actions == ["c"] and imported.finished == LATER
    store.close()


def test_a_damaged_row_is_a_storage_error_naming_its_table(database: str) -> None:
    store = open_store(database)
    store.add_table(table("t1"))
    store.close()
    if database.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(database) as connection:
            connection.execute("UPDATE tables SET options = '[1, 2]'")
    else:
        with sqlite3.connect(database) as connection:
            connection.execute("UPDATE tables SET options = '[1, 2]'")
        connection.close()
    store = open_store(database)
    with pytest.raises(StorageError, match="table t1 is damaged"):
        store.table("t1")
    assert [type(row) for row in store.in_play(since=CREATED)] == [StorageError]
    store.close()


def test_a_database_from_a_newer_alaka_is_refused_in_one_line(database: str) -> None:
    open_store(database).close()
    if database.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(database) as connection:
            connection.execute("UPDATE alaka_schema SET version = %s", (SCHEMA_VERSION + 1,))
    else:
        with sqlite3.connect(database) as connection:
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        connection.close()
    with pytest.raises(StorageError, match=r"written by a newer Alaka.*upgrade Alaka"):
        open_store(database)


# -- PostgreSQL's own ------------------------------------------------------------------------------


def test_postgresql_keeps_the_schema_version_in_a_table_of_its_own(postgres: ScratchPostgres) -> None:
    url = postgres.new_database()
    open_store(url).close()
    open_store(url).close()  # opened again: nothing is created twice
    assert query(url, "SELECT version FROM alaka_schema") == [(SCHEMA_VERSION,)]


def test_servers_on_one_postgresql_database_each_drive_the_tables_they_hold(
    postgres: ScratchPostgres,
) -> None:
    url = postgres.new_database()
    first, second = open_store(url), open_store(url)
    assert first.shared and second.shared
    assert first.join("http://first") == second.join("http://second") != ""  # one shared secret
    first.add_table(table("t1"))
    assert first.hold("t1") is None  # the first drives it now
    assert first.hold("t1") is None  # and still: holding twice is holding
    assert second.hold("t1") == "http://first"  # the second is told where it is driven
    assert second.peers() == ["http://first"] and first.peers() == ["http://second"]
    first.let_go("t1")
    assert second.hold("t1") is None  # let go of: the other may take it
    assert first.hold("t1") == "http://second"
    first.close()
    second.close()


def test_a_table_whose_server_is_cut_off_is_an_orphan_another_server_takes_over(
    postgres: ScratchPostgres,
) -> None:
    url = postgres.new_database()
    first, second = open_store(url), open_store(url)
    first.join("http://first")
    second.join("http://second")
    first.add_table(table("t1"))
    first.add_tables([table("t2", finished=CREATED)])
    assert first.hold("t1") is None and first.hold("t2") is None
    assert second.orphans() == []  # its server is here
    session = (
        "FROM alaka_servers s JOIN pg_stat_activity a ON a.pid = s.session WHERE s.address = 'http://first'"
    )
    query(url, f"SELECT pg_terminate_backend(pid) {session}")
    # pg_terminate_backend only signals the session; it ends a moment later (CI once looked first)
    deadline = time.monotonic() + PATIENCE
    while query(url, f"SELECT count(*) {session}") != [(0,)] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert second.orphans() == ["t1"]  # an unfinished table, whose server's session is gone
    assert second.hold("t1") is None
    assert second.orphans() == []
    # the first comes back (its next statement fails on the cut connection; it connects again
    # and takes back its locks): it lost t1, and says so once
    with contextlib.suppress(StorageError):
        first.exists("t2")
    assert first.exists("t2") and first.hold("t2") is None
    assert first.lost() == ["t1"] and first.lost() == []
    assert first.hold("t1") == "http://second"
    first.close()
    second.close()


def test_sqlite_is_one_servers_file_and_drives_every_table(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "t.sqlite3"))
    assert not store.shared and store.join("http://x") == ""
    assert store.hold("t1") is None and store.orphans() == [] and store.peers() == []
    store.close()


def test_a_postgresql_database_holding_tables_of_another_program_is_left_alone(
    postgres: ScratchPostgres,
) -> None:
    import psycopg

    url = postgres.new_database()
    with psycopg.connect(url) as connection:
        connection.execute("CREATE TABLE tables (shape TEXT)")
        connection.execute("INSERT INTO tables VALUES ('round')")
    with pytest.raises(StorageError, match="a table 'tables' that Alaka did not make"):
        open_store(url)
    assert query(url, "SELECT shape FROM tables") == [("round",)]
    assert query(url, "SELECT to_regclass('alaka_schema') IS NULL") == [(True,)]


def test_a_lost_connection_fails_one_write_and_the_next_connects_again(postgres: ScratchPostgres) -> None:
    """The database restarted or the network dropped: the write under way is a StorageError
    (the journal tries it again), and the next one connects anew, lock and all."""
    import psycopg

    url = postgres.new_database()
    store = open_store(url)
    store.add_table(table("t1"))
    with psycopg.connect(url, autocommit=True) as admin:
        killed = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    assert killed == [(True,)]
    with pytest.raises(StorageError, match="cannot write to the table database"):
        store.add_actions([("t1", 1, "a")], LATER)
    store.add_actions([("t1", 1, "a")], LATER)  # as the journal's retry does
    store.close()
    assert query(url, "SELECT number, action FROM actions") == [(1, "a")]


def test_a_postgresql_store_names_its_database_without_the_password(postgres: ScratchPostgres) -> None:
    url = postgres.new_database()
    with_password = url.replace("alaka@", "alaka:s3cret@") + "?application_name=alaka&password=s3cret"
    store = open_store(with_password)  # trust authentication: the password is not checked
    assert "s3cret" not in store.where and store.where.endswith(
        url.rsplit("@", 1)[1] + "?application_name=alaka"
    )
    store.close()


def test_an_sqlite_path_and_an_sqlite_url_name_the_same_file(tmp_path: Path) -> None:
    by_path = open_store(str(tmp_path / "t.sqlite3"))
    by_path.add_table(table("t1"))
    by_path.close()
    by_url = open_store(f"sqlite:///{tmp_path}/t.sqlite3")
    assert by_url.exists("t1")
    by_url.close()
