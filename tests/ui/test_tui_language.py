"""The terminal's language: ``--lang``, the locale's default, and its words marked for translation."""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from tui_helpers import finish, start_alaka

import alaka
from alaka.cli.common import _language
from alaka.core import language
from alaka.core.errors import AlakaError
from alaka.core.language import speaking, tr
from alaka.ui.tui.menu import Problem, parse_choice
from alaka.ui.tui.session import PlaySession, new_game
from waits import PATIENCE


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "alaka", *args], capture_output=True, text=True, timeout=PATIENCE, env=env
    )


@pytest.mark.parametrize("command", ["play", "learn", "rules"])
def test_an_unknown_language_is_one_line_and_exit_code_2(command: str) -> None:
    result = run(command, "alakazum", "--lang", "xx")
    assert result.returncode == 2, result.stderr
    assert "--lang takes one of en, es, ca, not 'xx'" in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_locale_decides_without_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "ca_ES.UTF-8")
    assert _language(None) == "ca"
    assert _language("es") == "es"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert _language(None) == "en"
    with pytest.raises(AlakaError, match="--lang"):
        _language("xx")


def test_rules_in_catalan_are_the_catalan_rules_in_brief() -> None:
    result = run("rules", "alakazum", "--lang", "ca")
    assert result.returncode == 0, result.stderr
    game = alaka.game("alakazum")
    with speaking("ca"):
        first = tr(game.rules_summary().split("\n\n")[1].strip())
    assert first.split()[0] in result.stdout  # the goal's paragraph, in Catalan
    assert first.split()[0] != "Goal:"


class _Wrapped(gettext.NullTranslations):
    """Every message as ``<<message>>``: a marked message shows, an unmarked one does not."""

    def gettext(self, message: str) -> str:
        return f"<<{message}>>"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"<<{msgid1 if n == 1 else msgid2}>>"

    def pgettext(self, context: str, message: str) -> str:
        return f"<<{message}>>"


@pytest.fixture
def wrapped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(language, "catalogue", lambda code: _Wrapped())
    with speaking("ca"):
        yield


def test_the_menus_problems_are_marked(wrapped: None) -> None:
    answer = parse_choice("zzz", ["Roll", "Pass"])
    assert isinstance(answer, Problem)
    assert answer.message.startswith("<<no choice starts with 'zzz': ")
    assert "<<type 1 to 2, the start of a choice, ? for help, or quit>>" in answer.message


def test_the_sessions_prompt_and_words_are_marked(wrapped: None, tmp_path: Path) -> None:
    out = io.StringIO()
    prompts: list[str] = []
    answers = iter(["?", "quit"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    setup = new_game(alaka.game("alakazoo"), seed=4, record=str(tmp_path / "zoo.json"))
    session = PlaySession(setup, Console(file=out, width=120, color_system=None), ask)
    session.run()
    text = out.getvalue()
    assert prompts and all(p.startswith("<<") for p in prompts), prompts
    assert "<<Choose by number, or by typing the start of a choice" in text
    assert "<<The game is saved to" in text
    assert "<<Since your last decision:>>" in text
    assert "<<Saved " in text


@pytest.mark.parametrize("language", ["es", "ca"])
def test_a_whole_short_game_in_each_language_on_an_80x24_terminal(tmp_path: Path, language: str) -> None:
    """An Alakazoo game against a bot, played to its result in a terminal of 80x24, reads in
    the language asked for: its prompts, its result and its last line come from the catalogue,
    and nothing is cut to fit."""
    with speaking(language):
        player = tr("Player {n}").format(n=1)
        prompt = re.escape(
            tr("{player}, your choice [1-{count}]: ").format(player=player, count="@")
        ).replace("@", r"\d+")
        last = tr("Step through it with: alaka replay {path}").format(path="short.json")
        over = tr("The game is over.")
    assert over != "The game is over."
    child = start_alaka(
        tmp_path,
        *("play", "alakazoo", "--seats", "human,heuristic", "--seed", "4", "--record", "short.json"),
        *("--lang", language),
        columns=80,
        lines=24,
    )
    seen = []
    decisions = 0
    while child.expect([prompt, re.escape(last)]) == 0:
        seen.append(child.before)
        child.sendline("1")
        decisions += 1
        assert decisions < 300
    seen.append(child.before)
    assert over in child.before
    assert finish(child) == 0
    text = "".join(seen)
    assert "Player 1" not in text  # every seat's name is in the language
    # Rich fits its tables to the 80 columns and cuts a cell it cannot fit with an ellipsis:
    # none is cut (the terminal wraps a long sentence; that cuts nothing).
    cut = [line for line in text.splitlines() if line.rstrip().endswith("…")]
    assert not cut, f"cut to fit 80 columns: {cut[:3]}"
