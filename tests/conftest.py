"""Shared fixtures and settings for the test suite."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
