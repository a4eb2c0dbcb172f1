"""What a test needs from outside the repository, and what happens when it is missing.

Some tests read or run things a fresh clone does not bring: the team's rulebooks (in a
``shared/`` folder beside the team's own checkout), Debian's Chromium, tmux, Node, or a compiled
build to compare with. On a developer's machine without one of them such a test is skipped,
and the skip says what is missing and how to get it. CI has every one of them and sets
``ALAKA_REQUIRE_ALL=1`` (``.ci/run``), which turns each of those skips into a failure: there, a
test can never pass by skipping.
"""

from __future__ import annotations

import os

import pytest

#: The variable that makes every missing requirement a failure instead of a skip.
REQUIRE_ALL = "ALAKA_REQUIRE_ALL"


def required() -> bool:
    """Whether a missing requirement fails the test (CI) rather than skipping it."""
    return os.environ.get(REQUIRE_ALL, "") not in ("", "0")


def need(missing: str | None) -> None:
    """Go on if nothing is missing; otherwise skip, saying what is missing (fail under
    ``ALAKA_REQUIRE_ALL``)."""
    if missing is None:
        return
    if required():
        pytest.fail(f"{missing} ({REQUIRE_ALL} is set, so this test may not be skipped)", pytrace=False)
    pytest.skip(missing)
