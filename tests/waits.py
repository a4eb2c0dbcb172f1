"""How long a test waits for something to happen before it calls it lost.

Every wait in the suite is for a condition (a prompt on a terminal, a page's answer, a server
coming up, a program ending), checked often, so a quiet machine passes at its own speed; the
limit only decides when a wait has failed. A shared 2-core machine at load 10-14 runs a step
ten times slower than a quiet one, so the limit is generous: ``PATIENCE`` seconds for one
thing, ``ALAKA_TEST_PATIENCE`` to change it. pytest's own timeout (``pyproject.toml``) stays
above it, so a wait that is really lost fails with its own message first.
"""

from __future__ import annotations

import os

#: The longest one awaited thing may take, in seconds.
PATIENCE = float(os.environ.get("ALAKA_TEST_PATIENCE", "240"))
#: The same in milliseconds, as Playwright counts.
PATIENCE_MS = PATIENCE * 1000
