"""Shared fixtures and settings for the test suite."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

from alaka.core import registry

# The suite's own games, registered from the test suite alone: every test that goes through
# the registry (the conformance kit, the command line, the web server) covers them too.
GAMES_FOLDER = Path(__file__).parent / "games"
sys.path.insert(0, str(GAMES_FOLDER))
# The suite's own helpers (``needs``: what a test needs from outside the repository).
sys.path.insert(0, str(Path(__file__).parent))
from own_games import OWN_GAMES  # noqa: E402

for own in OWN_GAMES:
    registry.register(own)

# CI runs a few more examples than a developer's quick run; both are seeded and repeatable.
settings.register_profile(
    "default", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.load_profile("ci" if os.environ.get("CI") else "default")
