"""The ``spawn`` fixture: the real program in a pseudo-terminal, stopped after each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from tui_helpers import Spawn, start_alaka


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Spawn]:
    """Start ``alaka`` with arguments in tmp_path; any child still running is killed afterwards."""
    children: list[pexpect.spawn] = []

    def start(*args: str, term: str = "dumb") -> pexpect.spawn:
        child = start_alaka(tmp_path, *args, term=term)
        children.append(child)
        return child

    yield start
    for child in children:
        if child.isalive():
            child.terminate(force=True)
