"""The tables on disk: an embedded SQLite file (or a PostgreSQL database, :mod:`.postgres`) that
a restarted server reads everything back from.

Only what cannot be recomputed is stored: a table's game, options, seed and seats, and the
actions played, one row each, in order. A state is rebuilt by replaying those actions (the
rules are deterministic and dice and draws are actions too), so the database holds no
serialized game state that could drift from the rules. Two times are kept besides: when a
table last moved (``active``) and when it finished (``finished``), so a restarted server
brings back only the tables in play, however many finished ones the file holds.

Every write is a committed transaction, made before the server tells anyone about the change.
The journal is in WAL mode with ``synchronous=FULL``: a commit has reached the disk when it
returns, so a killed process or a power cut loses nothing that was acknowledged. Actions are
written by a :class:`~alaka.ui.web.journal.Journal` in a thread of its own, many tables' actions
to a commit when they arrive together, so the disk's flush is paid once per batch, not per
action.

Whatever goes wrong with the file (damaged, read-only, full, from a newer Alaka) is a
:class:`StorageError` of one line: what, which file, what to do.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alaka.core.errors import AlakaError
from alaka.ui.paths import tables_db
from alaka.ui.web.seeds import new_seed, valid_seed

#: The schema this Alaka writes (``PRAGMA user_version``). A file without a version is 1, the
#: first schema; :data:`_MIGRATIONS` brings older files forward, and a newer file is refused.
SCHEMA_VERSION = 3

_TABLES = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    num_players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    created TEXT NOT NULL,
    rematch_of TEXT,
    rematch TEXT,
    active TEXT NOT NULL,
    finished TEXT,
    clock TEXT,
    forfeit INTEGER
)
"""

_SCHEMA = [
    _TABLES,
    "CREATE INDEX tables_in_play ON tables (finished, active)",
    """
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT NOT NULL,
    token TEXT,
    joined INTEGER NOT NULL DEFAULT 0,
    open INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
)
""",
    """
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
)
""",
]


def _to_2(db: sqlite3.Connection) -> None:
    """Seeds become text, and every table gets a fresh 256-bit one: the first schema's seeds
    had 30 bits, few enough to be found from a handful of public die rolls (the seed decides
    only what is still to come, so every game goes on from exactly where it is). Tables get
    ``active`` (their creation, for want of better) and ``finished`` (unknown: each is replayed
    once at the next start, which marks the finished ones)."""
    # SQLite's way to change a column: build the new table, copy, drop the old, rename
    db.execute(_TABLES.replace("CREATE TABLE tables", "CREATE TABLE tables_2"))
    rows = db.execute("SELECT id, game, num_players, options, created, rematch_of, rematch FROM tables")
    db.executemany(
        "INSERT INTO tables_2 (id, game, num_players, options, seed, created, rematch_of, rematch, active)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(i, g, n, o, new_seed(), c, of, r, c) for i, g, n, o, c, of, r in rows.fetchall()],
    )
    db.execute("DROP TABLE tables")
    db.execute("ALTER TABLE tables_2 RENAME TO tables")
    db.execute(_SCHEMA[1])


def _to_3(db: sqlite3.Connection) -> None:
    """Tables get a clock (its setting and each person's bank, as JSON; null: none) and the seat
    that forfeited on time (null: none). A file brought from schema 1 has them already, since
    that step builds the table of today."""
    have = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
    for column, kind in (("clock", "TEXT"), ("forfeit", "INTEGER")):
        if column not in have:
            db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")


#: ``_MIGRATIONS[v]`` turns a schema ``v`` file into schema ``v + 1`` (inside one transaction).
_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _to_2, 2: _to_3}


class StorageError(AlakaError):
    """The table database cannot be used as it is; the message says what to do."""


def _advice(error: sqlite3.Error) -> str:
    """What went wrong with the file, in words, and what to do about it."""
    name = getattr(error, "sqlite_errorname", "")
    if name.startswith("SQLITE_FULL"):
        return "the disk is full; free some space"
    if name.startswith("SQLITE_READONLY"):
        return "it cannot be written; check the permissions of the file and its folder"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "it is damaged or not a table database; restore a copy, or give another --db"
    if name.startswith("SQLITE_CANTOPEN"):
        return "it cannot be opened; check that its folder exists and may be written"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return "another program is using it; stop that program, or give another --db"
    if name.startswith("SQLITE_IOERR"):
        return "the disk failed to read or write it; check the disk and the free space"
    return "give another --db if it persists"


def schema_columns() -> dict[str, list[str]]:
    """The columns of each table in :data:`_SCHEMA`, read from its statements (one place)."""
    columns: dict[str, list[str]] = {}
    for statement in _SCHEMA:
        head, _, body = statement.partition("(")
        if head.strip().startswith("CREATE TABLE"):
            names = [line.split()[0] for line in body.splitlines() if line.strip()]
            columns[head.split()[-1]] = [name for name in names if name.islower()]
    return columns


def check_layout(where: str, have: Callable[[str], set[str]]) -> None:
    """Refuse a database some column of this schema is missing from (``have(table)``: the
    columns it has), before anything reads or writes there."""
    for table, wanted in schema_columns().items():
        missing = [column for column in wanted if column not in have(table)]
        if missing:
            raise StorageError(
                f"the table database {where!r} has a layout older than this Alaka can bring"
                f" forward ({table} has no {', '.join(missing)}): give another --db"
            )


@dataclass
class SeatRow:
    """One seat as stored: a person (with the secret token of their link) or a bot spec.

    An ``open`` seat is offered in the lobby: its link goes to whoever claims it first.
    """

    seat: int
    kind: str
    bot: str | None
    name: str
    token: str | None
    joined: bool = False
    open: bool = False


@dataclass
class TableRow:
    """One table as stored, with its seats and the actions played so far."""

    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seed: str
    created: str
    seats: list[SeatRow]
    actions: list[str]
    rematch_of: str | None = None
    rematch: str | None = None
    finished: str | None = None
    #: The clock's setting and banks (:meth:`alaka.ui.web.clocks.Clock.stored_json`), or None.
    clock: dict[str, Any] | None = None
    #: The seat that ran out of time and forfeited, or None.
    forfeit: int | None = None


Statement = tuple[str, Sequence[Any]]
"""One SQL statement and its values, ``?`` standing for each value."""


class Store(ABC):
    """Where a server keeps its tables: an embedded SQLite file (:class:`SqliteStore`) or a
    PostgreSQL database (:class:`alaka.ui.web.postgres.PostgresStore`).

    What is stored, and how a row is read back and checked, is written once, here, in SQL that
    both databases read alike; a store only runs statements in its own database (rewriting the
    ``?`` placeholders where its driver spells them otherwise) and keeps its own schema version.
    Both keep the same promise: a write has been committed durably when it returns.
    """

    #: Where the tables are, as messages name it: the file's path, or the URL without a password.
    where: str
    #: A column of ``tables`` that follows the order rows were stored in (ties of ``created``).
    stored_order = "rowid"

    @abstractmethod
    def _write(self, statements: Sequence[Statement]) -> None:
        """Run ``statements`` as one committed transaction (all or nothing), or raise
        :class:`StorageError`."""

    @abstractmethod
    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """The rows ``sql`` selects, or :class:`StorageError`."""

    @abstractmethod
    def close(self) -> None:
        """Let the database go (after the journal's last write)."""

    # -- which server drives a table ------------------------------------------------------------------
    #
    # Several servers share a database only in PostgreSQL (:mod:`.postgres`). An SQLite file has
    # one server, which drives every table: the defaults below say so.

    #: Whether other servers may use this database at the same time.
    shared = False

    def join(self, address: str) -> str:
        """Say that this server answers at ``address`` (the URL other servers forward its
        tables' requests to), and return the secret that servers on this database share: a
        forwarded request carries it, so that its client's address is believed."""
        return ""

    def hold(self, table_id: str) -> str | None:
        """Make this server the one that drives ``table_id``, if no other does; None when this
        server drives it (now or already), else the address of the server that does ("" when
        that server is not yet known: ask again in a moment)."""
        return None

    def let_go(self, table_id: str) -> None:
        """This server no longer drives ``table_id`` (it left memory): any server may take it."""
        return None

    def orphans(self) -> list[str]:
        """Unfinished tables whose server went away (killed, or cut off from the database): a
        server still here should take them over and drive them."""
        return []

    def lost(self) -> list[str]:
        """Tables this server drove, but no longer may (its connection to the database was lost
        and, meanwhile, another server took them); each is told once."""
        return []

    def peers(self) -> list[str]:
        """The addresses of the other servers on this database that are still here."""
        return []

    # -- writing -------------------------------------------------------------------------------------

    def add_table(self, row: TableRow) -> None:
        self._write(self._table_statements(row))

    def add_tables(self, rows: Iterable[TableRow]) -> None:
        """Store whole tables, with their actions (and, if ``finished`` is set, as finished), in
        one commit: for importing games played elsewhere, or building a large file quickly."""
        statements: list[Statement] = []
        for row in rows:
            statements += self._table_statements(row)
            sql = "INSERT INTO actions (table_id, number, action) VALUES (?, ?, ?)"
            statements += [(sql, (row.id, n, text)) for n, text in enumerate(row.actions, start=1)]
            if row.finished is not None:
                statements.append(("UPDATE tables SET finished = ? WHERE id = ?", (row.finished, row.id)))
        self._write(statements)

    def _table_statements(self, row: TableRow) -> list[Statement]:
        statements: list[Statement] = [
            (
                "INSERT INTO tables"
                " (id, game, num_players, options, seed, created, rematch_of, active, clock)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.num_players,
                    json.dumps(row.options),
                    row.seed,
                    row.created,
                    row.rematch_of,
                    row.created,
                    None if row.clock is None else json.dumps(row.clock),
                ),
            )
        ]
        for s in row.seats:
            statements.append(
                (
                    "INSERT INTO seats (table_id, seat, kind, bot, name, token, joined, open)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (row.id, s.seat, s.kind, s.bot, s.name, s.token, int(s.joined), int(s.open)),
                )
            )
        if row.rematch_of is not None:
            statements.append(("UPDATE tables SET rematch = ? WHERE id = ?", (row.id, row.rematch_of)))
        return statements

    def add_actions(self, actions: Sequence[tuple[str, int, str]], when: str) -> None:
        """Store ``(table id, number, action)`` rows (number 1 is a table's first action) in one
        commit, and ``when`` as the moment their tables last moved: all of it is on disk when
        this returns, or none is."""
        sql = "INSERT INTO actions (table_id, number, action) VALUES (?, ?, ?)"
        statements: list[Statement] = [(sql, row) for row in actions]
        for table_id in {table_id for table_id, _, _ in actions}:
            statements.append(("UPDATE tables SET active = ? WHERE id = ?", (when, table_id)))
        self._write(statements)

    def finish(self, table_id: str, when: str) -> None:
        """Mark the table's game over (a restart no longer brings it back into memory)."""
        self._write([("UPDATE tables SET finished = ? WHERE id = ?", (when, table_id))])

    def set_clock(self, table_id: str, clock: dict[str, Any]) -> None:
        """Keep the clock's banks as they are after a decision (what a restart gives back)."""
        self._write([("UPDATE tables SET clock = ? WHERE id = ?", (json.dumps(clock), table_id))])

    def take_back(self, table_id: str, keep: int, when: str) -> None:
        """An undo: only the table's first ``keep`` actions stay."""
        self._write(
            [
                ("DELETE FROM actions WHERE table_id = ? AND number > ?", (table_id, keep)),
                ("UPDATE tables SET active = ? WHERE id = ?", (when, table_id)),
            ]
        )

    def forfeit(self, table_id: str, seat: int, when: str) -> None:
        """``seat`` ran out of time and forfeits: the game is over."""
        self._write([("UPDATE tables SET forfeit = ?, finished = ? WHERE id = ?", (seat, when, table_id))])

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        self._write(
            [
                (
                    "UPDATE seats SET kind = ?, bot = ?, name = ?, joined = ?"
                    " WHERE table_id = ? AND seat = ?",
                    (seat.kind, seat.bot, seat.name, int(seat.joined), table_id, seat.seat),
                )
            ]
        )

    # -- reading -------------------------------------------------------------------------------------

    def in_play(self, since: str) -> Iterator[TableRow | StorageError]:
        """The tables still being played that moved at ``since`` or later, oldest first; a
        table whose rows cannot be read comes as the :class:`StorageError` that says why."""
        ids = self._read(
            "SELECT id FROM tables WHERE finished IS NULL AND active >= ?"
            f" ORDER BY created, {self.stored_order}",
            (since,),
        )
        for (table_id,) in ids:
            try:
                row = self.table(table_id)
            except StorageError as error:
                yield error
                continue
            if row is not None:
                yield row

    def exists(self, table_id: str) -> bool:
        return bool(self._read("SELECT 1 FROM tables WHERE id = ?", (table_id,)))

    def table(self, table_id: str) -> TableRow | None:
        """The table ``table_id`` with its seats and actions (None: no such table)."""
        found = self._read(
            "SELECT game, num_players, options, seed, created, rematch_of, rematch, finished, clock, forfeit"
            " FROM tables WHERE id = ?",
            (table_id,),
        )
        if not found:
            return None
        game, num_players, options, seed, created, rematch_of, rematch, finished, clock, forfeit = found[0]
        seats = self._read(
            "SELECT seat, kind, bot, name, token, joined, open FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        actions = self._read("SELECT action FROM actions WHERE table_id = ? ORDER BY number", (table_id,))
        try:
            decoded = json.loads(options)
            if not isinstance(decoded, dict) or not all(isinstance(a, str) for (a,) in actions):
                raise ValueError("options or actions of the wrong kind")
            if not valid_seed(seed):
                raise ValueError("its seed is not a table's seed")
            clock_data = None if clock is None else json.loads(clock)
            if clock_data is not None and not isinstance(clock_data, dict):
                raise ValueError("a clock of the wrong kind")
            return TableRow(
                table_id,
                str(game),
                int(num_players),
                decoded,
                str(seed),
                str(created),
                [SeatRow(s, k, b, n, t, bool(j), bool(o)) for s, k, b, n, t, j, o in seats],
                [a for (a,) in actions],
                rematch_of,
                rematch,
                finished,
                clock_data,
                None if forfeit is None else int(forfeit),
            )
        except (ValueError, TypeError) as error:
            raise StorageError(f"the stored row of table {table_id} is damaged ({error})") from None


class SqliteStore(Store):
    """The SQLite file behind a server: one connection, shared by the server's threads under a
    lock (writes from the journal's thread, reads from the loader's)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.where = str(path)
        self._lock = threading.Lock()
        try:
            if str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            reason = error.strerror if isinstance(error, OSError) else _advice(error)
            raise StorageError(f"cannot open the table database {str(path)!r}: {reason}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._upgrade()
            self._check_writable()
            self._db.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as error:
            self._db.close()
            raise StorageError(
                f"cannot open the table database {str(path)!r} ({error}): {_advice(error)}"
            ) from None

    def _fail(self, doing: str, error: sqlite3.Error) -> StorageError:
        return StorageError(
            f"cannot {doing} the table database {str(self.path)!r} ({error}): {_advice(error)}"
        )

    def _upgrade(self) -> None:
        """Create the schema in a new file, or bring an older file's schema up to date.

        Each step runs in one transaction with its version number, so a crash in the middle
        leaves the file as it was before that step. Foreign keys are off meanwhile, as SQLite
        asks for when a table is rebuilt.
        """
        db = self._db
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version == 0:
            found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tables'")
            version = 1 if found.fetchone() else 0
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"the table database {str(self.path)!r} was written by a newer Alaka (schema version"
                f" {version}; this one reads up to {SCHEMA_VERSION}): upgrade Alaka, or give another --db"
            )
        if version == SCHEMA_VERSION:
            self._check_layout()
            return
        db.execute("PRAGMA foreign_keys=OFF")
        with db:
            db.execute("BEGIN IMMEDIATE")
            if version == 0:
                for statement in _SCHEMA:
                    db.execute(statement)
            else:
                for step in range(version, SCHEMA_VERSION):
                    _MIGRATIONS[step](db)
                if db.execute("PRAGMA foreign_key_check").fetchone() is not None:
                    raise sqlite3.DatabaseError("its seats or actions name tables that do not exist")
                self._check_layout()  # before the commit: a file that cannot be used is left as it was
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _check_layout(self) -> None:
        """Every column this schema reads is there (a file from before schema versions may be
        older still than the first schema, and would fail at the first read or write)."""
        check_layout(
            self.where, lambda table: {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
        )

    def _check_writable(self) -> None:
        """Write something and take it back, so a file that cannot be written is found now, not
        at the first action of the first table (SQLite opens such a file read-only, silently)."""
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute(f"PRAGMA user_version = {int(version)}")
        finally:
            self._db.execute("ROLLBACK")

    def close(self) -> None:
        with self._lock:  # never under a write still running in the journal's thread
            self._db.close()

    def _write(self, statements: Sequence[Statement]) -> None:
        """Run ``statements`` as one committed transaction (all or nothing).

        The lock keeps transactions whole when two threads use the connection at once (one
        connection, one transaction at a time).
        """
        try:
            with self._lock, self._db:  # with isolation_level=None, the commit needs a BEGIN
                self._db.execute("BEGIN IMMEDIATE")
                for sql, args in statements:
                    self._db.execute(sql, args)
        except sqlite3.Error as error:
            raise self._fail("write to", error) from None

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            with self._lock:
                return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as error:
            raise self._fail("read", error) from None


#: A ``--db`` value that names a database by URL (``kind://...``) rather than by file path.
_DATABASE_URL = re.compile(r"(?P<kind>[A-Za-z][A-Za-z0-9+.-]*)://(?P<rest>.*)", re.DOTALL)


#: The URL kinds that name a PostgreSQL database (libpq reads both).
POSTGRES_KINDS = ("postgresql", "postgres")


def database_path(db: str | None) -> Path:
    """The SQLite file ``--db`` names: a path, ``sqlite:///path``, or none for the default.

    A URL of any other kind is refused here, before anything is written: taken as a path,
    ``redis://host/0`` would quietly become an SQLite file in a folder called ``redis:`` and
    the operator would believe the tables were in their database.
    """
    if db is None:
        return tables_db()
    url = _DATABASE_URL.fullmatch(db)
    if url is None:
        return Path(db)
    kind, rest = url["kind"].lower(), url["rest"]
    if kind == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise AlakaError(
                f"--db {db!r}: an SQLite URL names its file after three slashes"
                " (sqlite:///tables.sqlite3; four for an absolute path, sqlite:////srv/tables.sqlite3)"
            )
        return Path(rest[1:])
    raise AlakaError(
        f"--db {db!r}: {kind}:// is not a kind of database this server knows; give an SQLite file"
        " path (or sqlite:///path), a postgresql:// URL, or leave --db out for the default file"
    )


def open_store(db: str | None) -> Store:
    """The store ``--db`` names: PostgreSQL for a ``postgresql://`` URL, else an SQLite file
    (:func:`database_path`). Every way it can fail is one :class:`AlakaError`."""
    url = None if db is None else _DATABASE_URL.fullmatch(db)
    if db is not None and url is not None and url["kind"].lower() in POSTGRES_KINDS:
        try:
            from alaka.ui.web.postgres import PostgresStore
        except ImportError as error:
            raise AlakaError(
                f"--db {url['kind']}://...: a PostgreSQL database needs the 'postgres' extra"
                f" ({error.name} is missing): pip install -e '.[web,postgres]'"
            ) from None
        return PostgresStore(db)
    return SqliteStore(database_path(db))
