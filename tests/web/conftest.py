"""Settings shared by the web tests."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # Browser tests drive a real Chromium; `pytest -m "not browser"` leaves them out.
    config.addinivalue_line("markers", "browser: drives Debian's Chromium through Playwright (slower)")
