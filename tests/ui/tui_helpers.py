"""Helpers for driving the real ``alaka`` program through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect

from waits import PATIENCE

#: The question asked at each human decision: "Player 1, your choice [1-7]: ".
PROMPT = re.compile(r"Player (\d), your choice \[1-(\d+)\]: ")
#: Where a menu entry starts: "  3) Do magic: Training (costs 1)", at the start of a line or
#: after two spaces (two short entries may share a line).
MENU_ENTRY = re.compile(r"(?:^\s*|\s{2,})(\d+)\) ")

Spawn = Callable[..., pexpect.spawn]


def start_alaka(
    folder: Path, *args: str, term: str = "dumb", columns: int = 120, lines: int = 50
) -> pexpect.spawn:
    """``python -m alaka ARGS`` in a terminal of a known size, run in ``folder`` (saved games too)."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE")}
    env.update(
        COLUMNS=str(columns),
        LINES=str(lines),
        TERM=term,
        XDG_DATA_HOME=str(folder / "data"),
        PYTHONIOENCODING="utf-8",
    )
    return pexpect.spawn(
        sys.executable,
        ["-m", "alaka", *args],
        env=env,
        cwd=str(folder),
        encoding="utf-8",
        timeout=PATIENCE,
        dimensions=(lines, columns),
    )


def menu(text: str) -> dict[int, str]:
    """The numbered choices shown in ``text``, without their hints (the last menu wins for a
    repeated number)."""
    found: dict[int, str] = {}
    for line in text.splitlines():
        marks = list(MENU_ENTRY.finditer(line))
        for k, mark in enumerate(marks):
            end = marks[k + 1].start() if k + 1 < len(marks) else len(line)
            found[int(mark.group(1))] = line[mark.end() : end].split("  · ")[0].strip()
    return found


def finish(child: pexpect.spawn) -> int:
    """Wait for the program to end; its exit status."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None, child.signalstatus
    return child.exitstatus
