"""Where a played game's record lives, and how it is written so that it is never half-written.

A record written by ``alaka play`` is the project's one record format (``state.record()`` with
``seats`` and ``seed``, :func:`alaka.core.records.game_record`, so ``alaka.replay`` reads it and
``--resume`` goes on as the original game would have) plus keys that only the terminal needs:
``log_seen`` (where each human's "since your last decision" log starts) and ``saved``/``started``
times.

The record is rewritten after every action: first to a temporary file in the same folder,
flushed to disk, then renamed over the old one. A rename within a folder is atomic, so a crash
or a power cut at any moment leaves either the previous record or the new one, never a torn file.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from alaka.core.errors import AlakaError, RecordError
from alaka.core.language import tr
from alaka.core.protocol import JsonDict, State
from alaka.core.records import game_record
from alaka.ui.paths import saved_games_dir


def default_record_path(
    game: str, *, env: Mapping[str, str] | None = None, now: datetime | None = None
) -> Path:
    """A new file name ``<game>-<timestamp>.json`` among the saved games, never an existing file."""
    folder = saved_games_dir(env)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-{number}.json"
        number += 1
    return path


def save_record(path: Path, record: Mapping[str, Any]) -> None:
    """Write ``record`` to ``path`` atomically (temporary file, fsync, rename).

    If anything fails (a full disk, a value JSON cannot hold, an interrupt) the old file is
    left as it was and the temporary file is removed.
    """
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    # A unique name beside the target (a rename across folders would not be atomic), created
    # with the usual permissions (the umask applies), unlike mkstemp's owner-only file.
    temporary = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:
        raise AlakaError(
            tr("cannot write the record {path}: {error}").format(path=repr(str(path)), error=error.strerror)
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise AlakaError(
                tr("cannot write the record {path}: {error}").format(
                    path=repr(str(path)), error=error.strerror
                )
            ) from None
        raise


def load_record(path: Path) -> JsonDict:
    """Read a record file; a missing or malformed file is a :class:`RecordError` (one line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(
            tr("cannot read the record {path}: {error}").format(path=repr(str(path)), error=error.strerror)
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            tr("{path} is not a JSON game record (line {line}: {error})").format(
                path=repr(str(path)), line=error.lineno, error=error.msg
            )
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise RecordError(
            tr("{path} is not a game record: it needs a 'game' name").format(path=repr(str(path)))
        )
    return data


def play_record(
    state: State,
    *,
    seats: list[str],
    seed: int,
    log_seen: Mapping[int, int],
    started: str,
    outcome: Mapping[str, Any] | None = None,
) -> JsonDict:
    """The game's record with the terminal's keys added (see the module docstring)."""
    record = game_record(state, seats=seats, seed=seed)
    record["log_seen"] = {str(seat): size for seat, size in sorted(log_seen.items())}
    record["started"] = started
    record["saved"] = datetime.now().isoformat(timespec="seconds")
    if outcome is not None:
        record["outcome"] = dict(outcome)
    return record


def recorded_log_seen(record: Mapping[str, Any]) -> dict[int, int]:
    """``log_seen`` from a record, ignoring anything malformed (it only shapes the log shown)."""
    raw = record.get("log_seen")
    seen: dict[int, int] = {}
    if isinstance(raw, dict):
        for key, value in raw.items():
            if isinstance(key, str) and key.isdigit() and isinstance(value, int) and value >= 0:
                seen[int(key)] = value
    return seen
