"""Where the tabletops keep their files: one place, so the terminal and the browser agree.

Everything lives under ``$XDG_DATA_HOME/alaka`` (``~/.local/share/alaka`` by default): the
terminal's saved games in ``games/`` and the browser's tables in ``tables.sqlite3``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def data_home(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/alaka``, or ``~/.local/share/alaka``.

    The XDG rule says a relative ``XDG_DATA_HOME`` is invalid and must be ignored.
    """
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "alaka"


def saved_games_dir(env: Mapping[str, str] | None = None) -> Path:
    """The folder of ``alaka play``'s saved games."""
    return data_home(env) / "games"


def tables_db(env: Mapping[str, str] | None = None) -> Path:
    """The SQLite file of ``alaka serve``'s tables."""
    return data_home(env) / "tables.sqlite3"
