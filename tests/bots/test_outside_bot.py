"""A researcher's agent joins the table in one command: ``python:call=...`` (issue 34 item 6)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import alaka
from alaka.bots.registry import BotSpecError, bot_names, make_bot

AGENT = '''
class Lowest:
    """Always the first legal action."""

    def act(self, state, seat, rng):
        return state.legal_actions()[0]


def last(state, seat, rng):
    return state.legal_actions()[-1]


lowest = Lowest()
number = 3
'''


@pytest.fixture
def agent(tmp_path: Path) -> Path:
    path = tmp_path / "agent.py"
    path.write_text(AGENT)
    return path


@pytest.mark.parametrize(("attribute", "pick"), [("Lowest", 0), ("lowest", 0), ("last", -1)])
def test_a_class_an_object_or_a_function_from_a_file_plays(agent: Path, attribute: str, pick: int) -> None:
    bot = make_bot(f"python:call={agent}:{attribute}", "alakazoo")
    state = alaka.game("alakazoo").new_initial_state(2)
    rng = random.Random(0)
    while state.current_player() == alaka.CHANCE:
        state.apply_action(random.Random(1).choice(state.legal_actions()))
    seat = state.current_player()
    assert bot.act(state, seat, rng) == state.legal_actions()[pick]


def test_a_module_on_the_path_plays(agent: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(agent.parent))
    bot = make_bot("python:call=agent:last", "alakazum")
    final = alaka.play(
        alaka.game("alakazum").new_initial_state(2), [bot, make_bot("random", "alakazum")], seed=3
    )
    assert final.is_terminal()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("nowhere", "call is module:attribute or file.py:attribute"),
        ("no_such_module_here:act", "does not import: ModuleNotFoundError"),
        ("{agent}:missing", "has no 'missing'"),
        ("{agent}:number", "is neither a bot \\(with act\\) nor a function"),
        ("/no/such/file.py:act", "there is no file /no/such/file.py"),
    ],
)
def test_a_bad_call_is_one_clear_error(agent: Path, call: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(f"python:call={call.format(agent=agent)}", "alakazoo")
    with pytest.raises(BotSpecError, match="takes one parameter"):
        make_bot("python", "alakazoo")


def test_the_arena_seats_an_agent_in_one_command(agent: Path) -> None:
    assert "python" in bot_names("alakazoo")
    seats = f"python:call={agent}:Lowest,random"
    done = subprocess.run(
        [sys.executable, "-m", "alaka", "arena", "alakazoo", "--seats", seats, "--games", "4", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "python:call" in done.stdout and "4 games" in done.stdout
