"""Settings shared by the web tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from needs import need

if TYPE_CHECKING:
    from alaka.testing.postgres import ScratchPostgres


def pytest_configure(config: pytest.Config) -> None:
    # Browser tests drive a real Chromium; `pytest -m "not browser"` leaves them out.
    config.addinivalue_line("markers", "browser: drives Debian's Chromium through Playwright (slower)")


# -- the two stores --------------------------------------------------------------------------------


def _postgres_missing() -> str | None:
    from alaka.testing.postgres import missing

    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the PostgreSQL store's tests need psycopg (pip install -e '.[test]')"
    found = missing()
    return None if found is None else f"the PostgreSQL store's tests cannot run: {found}"


@pytest.fixture(scope="session")
def postgres() -> Iterator[ScratchPostgres]:
    """A real PostgreSQL server for the session, on a loopback port, in a scratch folder."""
    need(_postgres_missing())
    from alaka.testing.postgres import ScratchPostgres

    server = ScratchPostgres().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty table database of each kind, as ``--db`` names it: the tests that take it
    run on both stores."""
    if request.param == "sqlite":
        return str(tmp_path / "t.sqlite3")
    server: ScratchPostgres = request.getfixturevalue("postgres")
    return server.new_database()
