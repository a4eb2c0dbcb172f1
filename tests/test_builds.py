"""The compiled build (README) plays exactly the games the pure-Python package plays.

``tests/fingerprints.py`` digests seeded games (records and outcomes, with random, heuristic and
IS-MCTS bots), clones, search copies and resamples; here it runs under this interpreter and
under the one named by ``ALAKA_COMPILED_PYTHON`` (an environment holding the compiled build,
which CI builds), and the digests must be the same. Without that variable the comparison is
skipped, and says so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from needs import need

SCRIPT = Path(__file__).parent / "fingerprints.py"


def _fingerprints(python: str) -> dict[str, Any]:
    done = subprocess.run(
        [python, str(SCRIPT)], capture_output=True, text=True, timeout=600, cwd=Path(__file__).parent
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_the_fingerprints_tell_games_apart() -> None:
    """Guards the comparison below: every game and player count has a digest of its own."""
    mine = _fingerprints(sys.executable)
    digests = mine["digests"]
    assert {"alakazoo-2p", "alakazoo-4p", "alakazum-2p", "alakazum-5p"} <= set(digests)
    assert len(set(digests.values())) == len(digests)


def test_the_compiled_build_plays_the_same_games() -> None:
    compiled = os.environ.get("ALAKA_COMPILED_PYTHON")
    need(
        None
        if compiled
        else "no compiled build to compare with: ALAKA_COMPILED_PYTHON names its interpreter (CI sets it)"
    )
    assert compiled is not None
    pure, other = _fingerprints(sys.executable), _fingerprints(compiled)
    assert pure["build"] == "pure Python"
    assert other["build"].startswith("compiled with mypyc"), other["build"]
    assert other["digests"] == pure["digests"]
