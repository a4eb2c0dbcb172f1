"""The tables in a PostgreSQL database (``alaka serve --db postgresql://...``), through psycopg 3.

The same rows as the SQLite file (:mod:`.store` writes every statement once, for both), with
PostgreSQL's own ways for what SQLite keeps in its file header:

- **Schema version**: a one-row table ``alaka_schema`` holds the version SQLite keeps in
  ``PRAGMA user_version``. A database from a newer Alaka is refused; an empty one gets today's
  schema, inside one transaction under an advisory lock, so two servers starting together
  cannot both create it.
- **Durability**: every write is one transaction, committed with ``synchronous_commit=on``
  (set for this session whatever the server's default), so a commit has reached the server's
  disk when it returns, as with SQLite's ``synchronous=FULL``.
- **Order of storing**: ``tables`` gets an identity column, ``stored``, in the place of SQLite's
  ``rowid``.
- **One server per database**: the server holds a session advisory lock as long as it is
  connected. Two servers on one database would each drive the same tables (their clocks,
  dice and bots) and write the same actions twice, so the second is refused until the first
  stops; the lock goes with the first one's connection, even if it is killed.

A lost connection (the database restarted, the network dropped) fails the write under way
with a :class:`~alaka.ui.web.store.StorageError`, which the journal retries; the next attempt
connects again (and takes the lock again).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import psycopg.conninfo
from psycopg import errors

from alaka.ui.web.store import _SCHEMA, _TABLES, SCHEMA_VERSION, Statement, StorageError, Store, check_layout

#: The advisory lock keys (any two numbers no other program on the database is likely to use):
#: one taken while the schema is created or checked, one held by the server using the database.
SCHEMA_LOCK = 0x414C414B  # "ALAK"
SERVER_LOCK = 0x414C4131  # "ALA1"

#: Seconds to wait for the database to answer a new connection.
CONNECT_SECONDS = 10
#: Seconds to wait for another server's lock on the database to go before refusing to start.
LOCK_WAIT_SECONDS = 5.0

#: The schema in PostgreSQL: SQLite's, with an identity column where SQLite has its rowid.
_PG_TABLES = _TABLES.replace(
    "    forfeit INTEGER\n", "    forfeit INTEGER,\n    stored BIGINT GENERATED ALWAYS AS IDENTITY\n"
)
PG_SCHEMA = [_PG_TABLES if statement == _TABLES else statement for statement in _SCHEMA] + [
    "CREATE TABLE alaka_schema (version INTEGER NOT NULL)"
]

T = TypeVar("T")


def without_password(url: str) -> str:
    """``url`` with any password taken out (in the address or as a parameter), to be shown."""
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL one can read: show its kind alone
        return url.split("://", 1)[0] + "://..."
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.split(':', 1)[0]}@{host}"
    query = urlencode([(key, value) for key, value in parse_qsl(parts.query) if key != "password"])
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def _advice(error: psycopg.Error) -> str:
    """What went wrong with the database, in words, and what to do about it."""
    if isinstance(error, errors.DiskFull):
        return "the database's disk is full; free some space"
    if isinstance(error, errors.InsufficientPrivilege):
        return "its user may not read or write the tables; grant it the rights, or give another --db"
    if isinstance(error, errors.ReadOnlySqlTransaction):
        return "the database takes no writes (a standby?); give the primary's URL"
    if isinstance(error, psycopg.OperationalError):
        return "check that the database server runs, and the URL (host, port, user, database)"
    return "give another --db if it persists"


def _take_server_lock(db: psycopg.Connection[Any]) -> bool:
    """Take the lock of the one server using the database, waiting up to
    :data:`LOCK_WAIT_SECONDS` for a server just killed (PostgreSQL lets its lock go when it
    notices the connection is gone, which may take a moment)."""
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        locked = db.execute("SELECT pg_try_advisory_lock(%s)", (SERVER_LOCK,)).fetchone()
        if locked and locked[0]:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.1)


def _first_line(error: psycopg.Error) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class PostgresStore(Store):
    """A PostgreSQL database behind a server: one connection, shared by the server's threads
    under a lock (writes from the journal's thread, reads from the loader's), as with SQLite."""

    stored_order = "stored"

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = without_password(url)
        try:
            psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.Error as error:
            reason = _first_line(error).replace(url, self.where)  # libpq quotes the URL, password and all
            raise StorageError(f"--db {self.where!r} is not a URL PostgreSQL reads ({reason})") from None
        self._lock = threading.Lock()
        self._db: psycopg.Connection[Any] | None = None
        with self._lock:
            self._connection()

    # -- the connection ---------------------------------------------------------------------------

    def _connection(self) -> psycopg.Connection[Any]:
        """The connection, made again if it was lost (under ``self._lock``)."""
        if self._db is not None and not self._db.closed and not self._db.broken:
            return self._db
        if self._db is not None:
            self._db.close()
            self._db = None
        try:
            db = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS)
        except psycopg.Error as error:
            raise self._fail("connect to", error) from None
        try:
            db.execute("SET synchronous_commit = on")
            if not _take_server_lock(db):
                raise StorageError(
                    f"another Alaka server is using the table database {self.where!r}: two would drive"
                    " the same tables twice; stop the other one, or give another --db"
                )
            self._upgrade(db)
        except psycopg.Error as error:
            db.close()
            raise self._fail("open", error) from None
        except StorageError:
            db.close()
            raise
        self._db = db
        return db

    def _fail(self, doing: str, error: psycopg.Error) -> StorageError:
        return StorageError(
            f"cannot {doing} the table database {self.where!r} ({_first_line(error)}): {_advice(error)}"
        )

    def _upgrade(self, db: psycopg.Connection[Any]) -> None:
        """Create the schema in an empty database, or check that its schema is this one."""
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            marked = db.execute("SELECT to_regclass('alaka_schema') IS NOT NULL").fetchone()
            if not (marked and marked[0]):
                found = db.execute("SELECT to_regclass('tables') IS NOT NULL").fetchone()
                if found and found[0]:
                    raise StorageError(
                        f"the database {self.where!r} has a table 'tables' that Alaka did not make:"
                        " give a database of its own to Alaka"
                    )
                for statement in PG_SCHEMA:
                    db.execute(statement)
                db.execute("INSERT INTO alaka_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
                return
            row = db.execute("SELECT max(version) FROM alaka_schema").fetchone()
            version = int(row[0]) if row and row[0] is not None else 0
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"the table database {self.where!r} was written by a newer Alaka (schema version"
                    f" {version}; this one reads up to {SCHEMA_VERSION}): upgrade Alaka, or give another --db"
                )

            def columns(table: str) -> set[str]:
                rows = db.execute(
                    "SELECT column_name FROM information_schema.columns"
                    " WHERE table_schema = current_schema() AND table_name = %s",
                    (table,),
                ).fetchall()
                return {name for (name,) in rows}

            check_layout(self.where, columns)

    def close(self) -> None:
        with self._lock:  # never under a write still running in the journal's thread
            if self._db is not None:
                self._db.close()  # the server's lock goes with the connection
                self._db = None

    # -- running statements -----------------------------------------------------------------------

    def _run(self, doing: str, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        try:
            with self._lock:
                return work(self._connection())
        except psycopg.Error as error:
            raise self._fail(doing, error) from None

    def _write(self, statements: Sequence[Statement]) -> None:
        def write(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                for sql, args in statements:
                    db.execute(_placeholders(sql), args)

        self._run("write to", write)

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return self._run("read", lambda db: db.execute(_placeholders(sql), args).fetchall())


def _placeholders(sql: str) -> str:
    """The statement with psycopg's ``%s`` for each ``?`` (no statement has a ``?`` or ``%`` of
    its own)."""
    return sql.replace("?", "%s")
