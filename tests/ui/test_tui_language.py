"""The terminal's language: ``--lang``, the locale's default, and its words marked for translation."""

from __future__ import annotations

import gettext
import io
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

import alaka
from alaka.cli.common import _language
from alaka.core import language
from alaka.core.errors import AlakaError
from alaka.core.language import speaking
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


def test_rules_in_catalan_run() -> None:
    result = run("rules", "alakazum", "--lang", "ca")
    assert result.returncode == 0, result.stderr
    assert "Options" in result.stdout or "-o name=value" in result.stdout


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
