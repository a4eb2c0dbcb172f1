"""The simulator's tests reuse the rule tests' helpers to build positions by name, and run Ray on
the loopback only."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The Ray tests start a local Ray instance: with this switch (read when Ray is imported) every
# Ray process listens on 127.0.0.1 only (alaka.sim.ray_backend.LOOPBACK_ONLY).
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

TESTS = Path(__file__).resolve().parents[1]
for folder in ("alakazum", "alakazoo"):
    if str(TESTS / folder) not in sys.path:
        sys.path.append(str(TESTS / folder))
