"""The tables on disk: an embedded SQLite file that a restarted server reads everything back from.

Only what cannot be recomputed is stored: a table's game, options, seed and seats, and the
actions played, one row each, in order. A state is rebuilt by replaying those actions (the
rules are deterministic and dice and draws are actions too), so the database holds no
serialized game state that could drift from the rules.

Every write is a committed transaction, made before the server tells anyone about the change.
The journal is in WAL mode with ``synchronous=FULL``: a commit has reached the disk when it
returns, so a killed process or a power cut loses nothing that was acknowledged. Actions are
written by a :class:`~alaka.ui.web.tables.Journal` in a worker thread, many tables' actions to a
commit when they arrive together, so the disk's flush is paid once per batch, not per action.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alaka.core.errors import AlakaError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    num_players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created TEXT NOT NULL,
    rematch_of TEXT,
    rematch TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT NOT NULL,
    token TEXT,
    joined INTEGER NOT NULL DEFAULT 0,
    open INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


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
    seed: int
    created: str
    seats: list[SeatRow]
    actions: list[str]
    rematch_of: str | None = None
    rematch: str | None = None


class Store:
    """The SQLite file behind a server. One connection, used from the server's event loop only."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        try:
            if str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._lock = threading.Lock()
        except (OSError, sqlite3.Error) as error:
            raise AlakaError(f"cannot open the table database {str(path)!r}: {error}") from None

    def close(self) -> None:
        with self._lock:  # never under a write still running in the journal's thread
            self._db.close()

    def _write(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Run ``statements`` as one committed transaction (all or nothing).

        The lock keeps transactions whole when the journal's thread and the event loop write at
        the same moment (one connection, one transaction at a time).
        """
        try:
            with self._lock, self._db:  # with isolation_level=None, the commit needs a BEGIN
                self._db.execute("BEGIN IMMEDIATE")
                for sql, args in statements:
                    self._db.execute(sql, args)
        except sqlite3.Error as error:
            raise AlakaError(f"cannot write to the table database {str(self.path)!r}: {error}") from None

    def add_table(self, row: TableRow) -> None:
        statements: list[tuple[str, Sequence[Any]]] = [
            (
                "INSERT INTO tables (id, game, num_players, options, seed, created, rematch_of)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.num_players,
                    json.dumps(row.options),
                    row.seed,
                    row.created,
                    row.rematch_of,
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
        self._write(statements)

    def add_actions(self, actions: Sequence[tuple[str, int, str]]) -> None:
        """Store ``(table id, number, action)`` rows (number 1 is a table's first action) in one
        commit: all of them are on disk when this returns, or none is."""
        sql = "INSERT INTO actions (table_id, number, action) VALUES (?, ?, ?)"
        self._write([(sql, row) for row in actions])

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

    def tables(self) -> Iterator[TableRow]:
        """Every stored table, oldest first, with its seats and actions."""
        rows = self._db.execute(
            "SELECT id, game, num_players, options, seed, created, rematch_of, rematch"
            " FROM tables ORDER BY created, rowid"
        ).fetchall()
        for table_id, game, num_players, options, seed, created, rematch_of, rematch in rows:
            seats = [
                SeatRow(seat, kind, bot, name, token, bool(joined), bool(is_open))
                for seat, kind, bot, name, token, joined, is_open in self._db.execute(
                    "SELECT seat, kind, bot, name, token, joined, open FROM seats"
                    " WHERE table_id = ? ORDER BY seat",
                    (table_id,),
                )
            ]
            actions = [
                text
                for (text,) in self._db.execute(
                    "SELECT action FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
                )
            ]
            yield TableRow(
                table_id,
                game,
                num_players,
                json.loads(options),
                seed,
                created,
                seats,
                actions,
                rematch_of,
                rematch,
            )
