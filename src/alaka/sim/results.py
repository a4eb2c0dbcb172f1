"""Results files: one row per game in Parquet, written in row groups, with the run's plan inside.

The schema (documented in docs/simulate.md, and checked against it by the tests) is the same
for every game: who sat where, who won, scores, ranks, length and time, then one ``opt_NAME``
column per game option, then the statistics the game declares (``alaka.games.<name>.stats``).
The run's plan and every column's meaning are kept in the file's metadata under ``alaka``, so
a results file says how to continue it (``--resume``) and what its columns mean (the report).

A file is written under a temporary name (``NAME.partial``) and renamed when it is closed,
so a results file on disk is always complete and readable; continuing a run copies its rows
into a new file, batch by batch, before the new games are added (memory stays flat).

pyarrow is imported only here, so ``alaka.sim`` loads without the ``sim`` extra.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, ModuleType, TracebackType
from typing import Any, Self

from alaka.core.protocol import Game
from alaka.core.registry import game as get_game
from alaka.core.stats import StatColumn
from alaka.sim.runs import DoneGames, Row, RunPlan, SimulationError, game_statistics

FORMAT = "alaka-results/1"
METADATA_KEY = b"alaka"
#: Rows gathered before they are written as one row group.
ROW_GROUP = 4096

#: The columns every results file has, before the options and the game's statistics (a
#: per-seat column holds a list, seat 0 first). ``seconds`` comes last, after the statistics.
BASE_COLUMNS: tuple[StatColumn, ...] = (
    StatColumn("label", str, "the configuration's variant: base, or the options varied (dice=alternative)"),
    StatColumn("players", int, "the number of players"),
    StatColumn("index", int, "the game's number within its configuration, from 0"),
    StatColumn("seed", int, "the seed the game was played with (alaka.play(state, bots, seed=seed))"),
    StatColumn("seats", str, "the bot spec in each seat", per_seat=True),
    StatColumn("first_player", int, "the seat that played the first turn (0 = seat 1)"),
    StatColumn("winners", int, "the winning seats: one, several for a shared win, none if nobody won"),
    StatColumn("scores", int, "each seat's final score (Alakazum!: the best culture total)", per_seat=True),
    StatColumn("ranks", int, "each seat's place, 1 = first; equal scores share a place", per_seat=True),
    StatColumn("reason", str, "why the game ended, in words"),
    StatColumn("ending", str, "how it ended, one of a few kinds: the reason's words before its colon"),
    StatColumn("truncated", bool, "the safety limit stopped the game (its result means little)"),
    StatColumn("turns", int, "turns played, all players together"),
    StatColumn("rounds", int, "the round the game ended in: turns divided by players, rounded up"),
    StatColumn("decisions", int, "decisions taken by the bots (chance outcomes not counted)"),
    StatColumn("actions", int, "actions in the game's record, chance outcomes included"),
    StatColumn("digest", str, "a hash of the game's actions: equal digests are the same game"),
)
#: The one column after the statistics.
SECONDS = StatColumn("seconds", float, "wall-clock seconds to set up, play and measure the game")
#: Base columns that hold a list of any length.
LIST_COLUMNS = frozenset({"winners"})


def _pyarrow() -> tuple[ModuleType, ModuleType]:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise SimulationError(
            "results files need pyarrow, which comes with the sim extra: pip install 'alaka[sim]'"
        ) from None
    return pyarrow, pyarrow.parquet


def option_columns(game: Game) -> tuple[StatColumn, ...]:
    """One ``opt_NAME`` column per game option, typed as the option."""
    return tuple(
        StatColumn(f"opt_{p.name}", p.kind, p.description.split(". ")[0].rstrip(".")) for p in game.parameters
    )


def result_columns(game: Game) -> tuple[StatColumn, ...]:
    """Every column of a results file of ``game``, in order."""
    stats = game_statistics(game).COLUMNS
    columns = (*BASE_COLUMNS, *option_columns(game), *stats, SECONDS)
    names = [c.name for c in columns]
    clash = sorted({name for name in names if names.count(name) > 1})
    if clash:
        raise ValueError(f"{game.name}'s statistics reuse the column name {clash[0]!r}")
    return columns


def _arrow_type(column: StatColumn) -> Any:
    pa, _ = _pyarrow()
    scalar = {int: pa.int64(), float: pa.float64(), bool: pa.bool_(), str: pa.string()}[column.type]
    return pa.list_(scalar) if column.per_seat or column.name in LIST_COLUMNS else scalar


def _describe(column: StatColumn) -> dict[str, Any]:
    listed = column.per_seat or column.name in LIST_COLUMNS
    return {
        "name": column.name,
        "type": column.type.__name__,
        "per_seat": column.per_seat,
        "component": column.component,
        "list": listed,
        "meaning": column.meaning,
    }


def results_schema(game: Game, plan: RunPlan) -> Any:
    """The Arrow schema of a results file, with the plan and the columns' meanings inside."""
    pa, _ = _pyarrow()
    columns = result_columns(game)
    metadata = {
        "format": FORMAT,
        "plan": plan.to_json(),
        "columns": [_describe(c) for c in columns],
    }
    fields = [pa.field(c.name, _arrow_type(c), nullable=False) for c in columns]
    return pa.schema(fields, metadata={METADATA_KEY: json.dumps(metadata).encode()})


@dataclass(frozen=True)
class ResultsInfo:
    """What a results file's metadata says: the run's plan and its columns with their meanings."""

    path: Path
    plan: RunPlan
    #: ``name``, ``type``, ``per_seat``, ``component``, ``list`` and ``meaning`` of each column
    #: (``component`` is missing from files written before it existed: read it with ``.get``).
    columns: tuple[dict[str, Any], ...]
    rows: int

    def stat_columns(self) -> tuple[dict[str, Any], ...]:
        """The game's own statistics (between the options and ``seconds``)."""
        fixed = {c.name for c in BASE_COLUMNS} | {SECONDS.name}
        return tuple(c for c in self.columns if c["name"] not in fixed and not c["name"].startswith("opt_"))


def read_info(path: Path | str) -> ResultsInfo:
    """The plan and columns of a results file, or a :class:`SimulationError` saying why not."""
    _, pq = _pyarrow()
    path = Path(path)
    if not path.is_file():
        raise SimulationError(f"no results file at {str(path)!r}")
    try:
        parquet = pq.ParquetFile(path)
    except Exception as error:
        raise SimulationError(f"{str(path)!r} is not a Parquet file ({error})") from None
    raw = (parquet.schema_arrow.metadata or {}).get(METADATA_KEY)
    try:
        data = json.loads(raw) if raw is not None else {}
        if data.get("format") != FORMAT:
            raise ValueError(data.get("format"))
        plan = RunPlan.from_json(data["plan"])
        columns = tuple(data["columns"])
    except (ValueError, KeyError, TypeError):
        raise SimulationError(f"{str(path)!r} was not written by alaka simulate ({FORMAT})") from None
    return ResultsInfo(path, plan, columns, parquet.metadata.num_rows)


def iter_rows(path: Path | str, columns: Sequence[str] | None = None, batch: int = 8192) -> Iterator[Row]:
    """The rows of a results file as dicts, a batch at a time (memory stays flat)."""
    _, pq = _pyarrow()
    parquet = pq.ParquetFile(Path(path))
    for record_batch in parquet.iter_batches(batch_size=batch, columns=list(columns) if columns else None):
        yield from record_batch.to_pylist()


def done_games(path: Path | str, plan: RunPlan) -> DoneGames:
    """The games of ``plan`` a results file already holds."""
    done = DoneGames(plan)
    for row in iter_rows(path, ("label", "players", "index")):
        done.add(row["label"], row["players"], row["index"])
    return done


class ResultsWriter:
    """Writes rows to a results file (see the module docstring); a context manager that keeps
    every row added when it is left, whatever the reason."""

    def __init__(self, path: Path | str, plan: RunPlan, row_group: int = ROW_GROUP) -> None:
        _, pq = _pyarrow()
        self.path = Path(path)
        self.schema = results_schema(get_game(plan.game), plan)
        self.rows = 0
        self._row_group = row_group
        self._buffer: list[Row] = []
        self._partial = self.path.with_name(self.path.name + ".partial")
        try:
            self._writer = pq.ParquetWriter(self._partial, self.schema, compression="zstd")
        except OSError as error:
            raise SimulationError(f"cannot write {str(self.path)!r}: {error.strerror or error}") from None
        self._closed = False

    def add(self, rows: Iterable[Row]) -> None:
        with held_interrupts():
            self._buffer.extend(rows)
            if len(self._buffer) >= self._row_group:
                self.flush()

    def copy_from(self, path: Path | str) -> None:
        """Add every row of an earlier results file of the same run."""
        _, pq = _pyarrow()
        names = self.schema.names
        for record_batch in pq.ParquetFile(Path(path)).iter_batches(batch_size=self._row_group):
            self.flush()
            table = _table_of(record_batch, names).cast(self.schema)
            self._writer.write_table(table)
            self.rows += table.num_rows

    def flush(self) -> None:
        if not self._buffer:
            return
        pa, _ = _pyarrow()
        table = pa.Table.from_pylist(self._buffer, schema=self.schema)
        self._writer.write_table(table)
        self.rows += len(self._buffer)
        self._buffer = []

    def close(self) -> None:
        """Write what is left and put the file in place under its name (a Ctrl-C meanwhile
        waits until it is done: it must not cost the rows not yet written)."""
        if self._closed:
            return
        with held_interrupts():
            self._closed = True
            try:
                self.flush()
            finally:
                self._writer.close()
                os.replace(self._partial, self.path)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


@contextlib.contextmanager
def held_interrupts() -> Iterator[None]:
    """Within it, a Ctrl-C is held back and acted on when it ends, so that rows being written
    are not lost half-way. Only the main thread receives Python's signals; elsewhere it does
    nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[tuple[int, FrameType | None]] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append((signum, frame)))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if held and callable(previous):
            previous(*held[0])


def _table_of(record_batch: Any, names: Sequence[str]) -> Any:
    pa, _ = _pyarrow()
    return pa.Table.from_batches([record_batch]).select(list(names))
