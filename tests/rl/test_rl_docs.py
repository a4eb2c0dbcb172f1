"""docs/rl.md runs as written and its tables are the code's."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from alaka.rl.layouts import markdown
from waits import PATIENCE

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
SNIPPETS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_documented_layouts_and_action_ids_are_the_codes() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = text.split("<!-- layouts: begin -->")[1].split("<!-- layouts: end -->")[0]
    assert documented.strip() == markdown().strip(), "run: python -m alaka.rl.layouts, and paste"


def test_there_is_a_snippet_per_framework() -> None:
    imports = ["alaka.rl.openspiel", "alaka.rl.pettingzoo", "alaka.rl.gym"]
    assert all(any(name in snippet for snippet in SNIPPETS) for name in imports)


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[f"snippet-{i}" for i in range(len(SNIPPETS))])
def test_every_snippet_runs_as_written(snippet: str) -> None:
    done = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr
