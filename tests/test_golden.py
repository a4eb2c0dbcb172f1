"""Golden playthroughs: seeded random games written out step by step.

A change to the rules changes these files; if that change is intended, regenerate them with
``ALAKA_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and review the diff like code.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import alaka
from alaka.core.protocol import CHANCE

GOLDEN = Path(__file__).parent / "golden"
CASES = [(name, n) for name in alaka.games() for n in alaka.game(name).player_counts]


def playthrough(name: str, players: int, seed: int = 2026) -> str:
    """Every action of a seeded random game with its label, then the full log and result."""
    g = alaka.game(name)
    state = g.new_initial_state(players)
    rng = random.Random(seed)
    bot = alaka.RandomBot()
    lines = [f"# {g.title}, {players} players, random bots, seed {seed}"]
    while not state.is_terminal():
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else bot.act(state, player, rng)
        who = "chance" if player == CHANCE else f"p{player + 1}"
        lines.append(f"{len(state.history):5d} {who:6} {action.name:28} {g.label(state, action)}")
        state.apply_action(action)
    lines.append("")
    lines.append("# The log, as the players saw it together")
    lines.extend(event["text"] for event in state.view(None)["log"])
    outcome = state.outcome()
    assert outcome is not None
    lines.append("")
    lines.append(f"# Result: {outcome.to_json()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_golden_playthrough(name: str, players: int) -> None:
    path = GOLDEN / f"{name}-{players}p.txt"
    text = playthrough(name, players)
    if os.environ.get("ALAKA_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; create it with ALAKA_UPDATE_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path.name} changed; if intended, regenerate (see module docstring)"
