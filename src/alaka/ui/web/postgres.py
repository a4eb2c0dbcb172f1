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
- **Several servers per database**: each table is driven by one server at a time, the one
  holding the table's session advisory lock (:meth:`PostgresStore.hold`). PostgreSQL lets a
  session's locks go with its connection, so a server that is killed frees its tables at once,
  and another takes them over (:meth:`PostgresStore.orphans`). Beside the versioned schema, two
  small tables say who is where: ``alaka_servers`` (each server's address and database
  session) and ``alaka_drivers`` (which server drives which table), so that a server can send a
  request for a table to the one that drives it (:mod:`alaka.ui.web.forwarding`).

A lost connection (the database restarted, the network dropped) fails the write under way
with a :class:`~alaka.ui.web.store.StorageError`, which the journal retries; the next attempt
connects again, and takes again the locks of the tables this server drove: those another server
took meanwhile are :meth:`PostgresStore.lost`, and the room lets them go.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import psycopg.conninfo
from psycopg import errors

from alaka.ui.web.store import _SCHEMA, _TABLES, SCHEMA_VERSION, Statement, StorageError, Store, check_layout

#: The advisory lock taken while the schema is created or checked (a number no other program
#: on the database is likely to use). Each table's lock is a 64-bit hash of its id (:func:`table_lock`).
SCHEMA_LOCK = 0x414C414B  # "ALAK"

#: Seconds to wait for the database to answer a new connection.
CONNECT_SECONDS = 10

#: Who is where, beside the versioned schema (created if missing, by any version: they hold
#: only who is running now). A server's ``session`` is its connection's backend pid: a server
#: whose session is no longer in ``pg_stat_activity`` has gone, and so have its locks.
PG_SERVERS = [
    "CREATE TABLE IF NOT EXISTS alaka_secret (secret TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS alaka_servers (server TEXT PRIMARY KEY, address TEXT NOT NULL,"
    " session INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS alaka_drivers (table_id TEXT PRIMARY KEY, server TEXT NOT NULL)",
]

#: The condition that a server (``s``) is still here: its database session is.
_HERE = "EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = s.session)"

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


def table_lock(table_id: str) -> int:
    """The advisory lock key of a table: 64 bits of a hash of its id (two tables in play
    sharing one is a chance of about one in 10^11 for ten thousand tables; they would then
    always be driven by the same server, which is still correct)."""
    digest = hashlib.blake2b(table_id.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _first_line(error: psycopg.Error) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class PostgresStore(Store):
    """A PostgreSQL database behind a server: one connection, shared by the server's threads
    under a lock (writes from the journal's thread, reads from the loader's), as with SQLite.

    The connection also holds the advisory lock of every table this server drives (``_held``),
    so that the locks go exactly when the server does.
    """

    stored_order = "stored"
    shared = True

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
        #: This server's name among the servers on the database, and its address (see :meth:`join`).
        self.server = secrets.token_hex(8)
        self._address: str | None = None
        self._held: set[str] = set()
        self._lost: list[str] = []
        #: Guards ``_lost`` alone: :meth:`lost` is asked from the event loop, which must never
        #: wait for ``_lock``, held by a commit (a disk flush) in the journal's thread.
        self._lost_lock = threading.Lock()
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
            self._upgrade(db)
            self._come_back(db)
        except psycopg.Error as error:
            db.close()
            raise self._fail("open", error) from None
        except StorageError:
            db.close()
            raise
        self._db = db
        return db

    def _come_back(self, db: psycopg.Connection[Any]) -> None:
        """After connecting again: say where this server is under its new session, and take
        again the locks of the tables it drove (those another server took are lost)."""
        if self._address is not None:
            self._register(db)
        for table_id in sorted(self._held):
            if not self._lock_table(db, table_id):
                self._held.discard(table_id)
                with self._lost_lock:
                    self._lost.append(table_id)

    def _register(self, db: psycopg.Connection[Any]) -> None:
        db.execute(
            "INSERT INTO alaka_servers (server, address, session) VALUES (%s, %s, pg_backend_pid())"
            " ON CONFLICT (server) DO UPDATE SET address = excluded.address, session = excluded.session",
            (self.server, self._address),
        )

    def _lock_table(self, db: psycopg.Connection[Any], table_id: str) -> bool:
        locked = db.execute("SELECT pg_try_advisory_lock(%s)", (table_lock(table_id),)).fetchone()
        if not (locked and locked[0]):
            return False
        db.execute(
            "INSERT INTO alaka_drivers (table_id, server) VALUES (%s, %s)"
            " ON CONFLICT (table_id) DO UPDATE SET server = excluded.server",
            (table_id, self.server),
        )
        return True

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
                self._meet_servers(db)
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
            self._meet_servers(db)

    @staticmethod
    def _meet_servers(db: psycopg.Connection[Any]) -> None:
        """The tables that say which server is where, and the servers' shared secret."""
        for statement in PG_SERVERS:
            db.execute(statement)
        if db.execute("SELECT 1 FROM alaka_secret").fetchone() is None:
            db.execute("INSERT INTO alaka_secret (secret) VALUES (%s)", (secrets.token_urlsafe(32),))

    def close(self) -> None:
        with self._lock:  # never under a write still running in the journal's thread
            if self._db is not None:
                if not self._db.broken:
                    with contextlib.suppress(psycopg.Error):  # a clean leave; the locks go anyway
                        self._db.execute("DELETE FROM alaka_drivers WHERE server = %s", (self.server,))
                        self._db.execute("DELETE FROM alaka_servers WHERE server = %s", (self.server,))
                self._db.close()  # the tables' locks go with the connection
                self._db = None
            self._held.clear()

    # -- which server drives a table ----------------------------------------------------------------

    def join(self, address: str) -> str:
        def register(db: psycopg.Connection[Any]) -> str:
            self._address = address
            self._register(db)
            # servers gone for good, driving nothing, are forgotten
            db.execute(
                f"DELETE FROM alaka_servers s WHERE NOT {_HERE}"
                " AND NOT EXISTS (SELECT 1 FROM alaka_drivers d WHERE d.server = s.server)"
            )
            row = db.execute("SELECT secret FROM alaka_secret").fetchone()
            return str(row[0]) if row else ""

        return self._run("write to", register)

    def hold(self, table_id: str) -> str | None:
        def hold(db: psycopg.Connection[Any]) -> str | None:
            if table_id in self._held:
                return None
            if self._lock_table(db, table_id):
                self._held.add(table_id)
                return None
            row = db.execute(
                "SELECT s.address FROM alaka_drivers d JOIN alaka_servers s ON s.server = d.server"
                f" WHERE d.table_id = %s AND s.server <> %s AND {_HERE}",
                (table_id, self.server),
            ).fetchone()
            return str(row[0]) if row else ""

        return self._run("write to", hold)

    def let_go(self, table_id: str) -> None:
        def let_go(db: psycopg.Connection[Any]) -> None:
            if table_id not in self._held:
                return
            self._held.discard(table_id)
            db.execute(
                "DELETE FROM alaka_drivers WHERE table_id = %s AND server = %s", (table_id, self.server)
            )
            db.execute("SELECT pg_advisory_unlock(%s)", (table_lock(table_id),))

        self._run("write to", let_go)

    def orphans(self) -> list[str]:
        rows = self._read(
            "SELECT d.table_id FROM alaka_drivers d JOIN tables t ON t.id = d.table_id"
            " LEFT JOIN alaka_servers s ON s.server = d.server"
            f" WHERE t.finished IS NULL AND (s.server IS NULL OR NOT {_HERE})"
            " ORDER BY t.active DESC LIMIT 100"
        )
        return [table_id for (table_id,) in rows]

    def lost(self) -> list[str]:
        with self._lost_lock:
            lost, self._lost = self._lost, []
        return lost

    def peers(self) -> list[str]:
        rows = self._read(
            f"SELECT s.address FROM alaka_servers s WHERE s.server <> ? AND s.address <> '' AND {_HERE}",
            (self.server,),
        )
        return [address for (address,) in rows]

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
