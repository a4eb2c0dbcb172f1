"""The simulator's tests reuse the rule tests' helpers to build positions by name."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
for folder in ("alakazum", "alakazoo"):
    if str(TESTS / folder) not in sys.path:
        sys.path.append(str(TESTS / folder))
