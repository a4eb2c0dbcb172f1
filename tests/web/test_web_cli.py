"""``alaka serve`` as a user starts it: help, one-line errors, and a database that comes back."""

from __future__ import annotations

import gc
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient
from web_helpers import free_port

from alaka.ui.paths import tables_db as default_db
from alaka.ui.web.app import create_app
from alaka.ui.web.server import freeze_startup_objects
from alaka.ui.web.store import database_path
from alaka.ui.web.tables import Pace
from waits import PATIENCE


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "alaka", "serve", *args], capture_output=True, text=True, timeout=PATIENCE
    )


def test_help_explains_the_options() -> None:
    result = serve("--help")
    assert result.returncode == 0
    for option in (
        "--host",
        "--port",
        "--db",
        "--pace",
        "--max-tables",
        "--tables-per-minute",
        "--spectators",
    ):
        assert option in result.stdout
    for option in ("--bot-seconds", "--bot-workers", "--request-bytes", "--message-bytes", "--say-burst"):
        assert option in result.stdout


def test_the_limits_given_on_the_command_line_are_the_servers(tmp_path: Path) -> None:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "alaka",
        "serve",
        "--port",
        str(port),
        "--db",
        str(tmp_path / "t.sqlite3"),
    ]
    limits = ["--tables-per-address", "2", "--tables-per-minute", "3", "--request-bytes", "2000"]
    limits += ["--header-bytes", "2048"]
    server = subprocess.Popen([*command, *limits], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/games", timeout=1)
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        people = {"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "human"}]}
        answers = [httpx.post(f"{base}/api/tables", json=people) for _ in range(4)]
        assert [a.status_code for a in answers] == [201, 201, 429, 429]
        assert "2 tables in play" in answers[2].json()["error"]
        assert "3 tables in the last minute" in answers[3].json()["error"]  # the fourth this minute
        assert httpx.get(f"{base}/api/games", headers={"X-Long": "x" * 3000}).status_code == 431
        big = {**people, "padding": "x" * 2000}
        assert httpx.post(f"{base}/api/tables", json=big).status_code == 413
    finally:
        server.terminate()
        server.wait(30)


def test_a_port_in_use_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve("--port", str(port), "--db", str(tmp_path / "t.sqlite3"))
    assert result.returncode == 2
    assert f"port {port} on 127.0.0.1 is in use" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_database_that_is_not_one_is_refused_and_left_alone(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a database\n" * 100)
    result = serve("--port", "1", "--db", str(notes))
    assert result.returncode == 2
    assert "cannot open the table database" in result.stderr
    assert "Traceback" not in result.stderr
    assert notes.read_text() == "my notes, not a database\n" * 100


def test_a_database_url_of_another_kind_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    """``postgresql://...`` was once taken as a path: an SQLite file in a folder ``postgresql:``."""
    for url in ("redis://127.0.0.1:6379/0", "sqlite://tables.sqlite3"):
        result = serve_in(tmp_path, url)
        assert result.returncode == 2, result.stderr
        assert f"--db {url!r}" in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def serve_in(folder: Path, db: str, *flags: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "alaka", "serve", "--port", "1", "--db", db, *flags]
    return subprocess.run(command, capture_output=True, text=True, timeout=PATIENCE, cwd=folder)


def test_several_processes_on_an_sqlite_file_are_one_clear_error(tmp_path: Path) -> None:
    result = serve_in(tmp_path, str(tmp_path / "t.sqlite3"), "--processes", "2")
    assert result.returncode == 2, result.stderr
    said = " ".join(result.stderr.split())
    assert "--processes needs a database several servers share" in said and "Traceback" not in said


def test_a_postgresql_database_that_does_not_answer_is_one_line_without_its_password(tmp_path: Path) -> None:
    port = free_port()  # nobody listens there
    for url in (
        f"postgresql://ana:s3cret@127.0.0.1:{port}/alaka",
        f"postgres://ana@127.0.0.1:{port}/alaka?password=s3cret",
    ):
        result = serve_in(tmp_path, url)
        assert result.returncode == 2, result.stderr
        said = " ".join(result.stderr.split())
        assert "cannot connect to the table database" in said and f"127.0.0.1:{port}/alaka" in said, said
        assert "s3cret" not in result.stderr and "Traceback" not in result.stderr
    result = serve_in(tmp_path, "postgresql://ana:s3cret@[::1")
    assert result.returncode == 2 and "not a URL PostgreSQL reads" in result.stderr
    assert "s3cret" not in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_sqlite_url_names_its_file(tmp_path: Path) -> None:
    assert database_path("sqlite:///tables.sqlite3") == Path("tables.sqlite3")
    assert database_path(f"sqlite:///{tmp_path}/t.sqlite3") == tmp_path / "t.sqlite3"
    assert database_path(str(tmp_path / "t.sqlite3")) == tmp_path / "t.sqlite3"
    assert database_path(None) == default_db()


def test_the_default_database_lives_beside_the_saved_games() -> None:
    assert default_db().name == "tables.sqlite3"
    assert default_db().parent.name == "alaka"


def test_a_table_that_no_longer_replays_is_reported_and_kept_while_the_others_come_back(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tables.sqlite3"
    with TestClient(create_app(db, pace=Pace.scaled(0))) as client:
        seats = [{"kind": "human"}, {"kind": "human"}]
        good = client.post("/api/tables", json={"game": "alakazoo", "seats": seats}).json()["table"]["id"]
        bad = client.post("/api/tables", json={"game": "alakazum", "seats": seats}).json()["table"]["id"]
    with sqlite3.connect(db) as database:
        database.execute("INSERT INTO actions VALUES (?, 999, 'no:such-action')", (bad,))
    app = create_app(db, pace=Pace.scaled(0))
    assert set(app.state.room.tables) == {good}
    assert len(app.state.problems) == 1 and f"table {bad} (alakazum) was not loaded" in app.state.problems[0]
    with sqlite3.connect(db) as database:
        assert database.execute("SELECT count(*) FROM actions WHERE table_id = ?", (bad,)).fetchone()[0] > 0


def test_the_server_leaves_its_startup_objects_out_of_garbage_collections() -> None:
    assert gc.get_freeze_count() == 0
    try:
        freeze_startup_objects()
        frozen = gc.get_freeze_count()
        assert frozen > 10_000  # the modules and what they hold; walked by no collection now
        gc.collect()
        assert gc.get_freeze_count() == frozen  # nothing created later is frozen
    finally:
        gc.unfreeze()
