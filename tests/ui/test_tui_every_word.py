"""Every word the terminal shows a player is a message: under the bracketing stand-in language
(:mod:`alaka.testing.pseudo`) a short game of each game played through ``alaka play``'s session,
with every command a player may type (the help, ``?`` and ``info``, the table, the log, the rules,
undo, wrong answers), a hot-seat game stopped, resumed and stopped again, the lesson, a replay
stepped through with every key, a review of the game, ``alaka rules``, ``alaka watch`` and the
command line's error lines leave no bare English word behind but the names printed on the cards.

What is checked is what the player reads: every line the console prints and every prompt asked.
A word found here is one a Spanish or Catalan player would read in English however complete the
catalogues are (:mod:`tests.test_every_word_marked` checks the games' own texts the same way)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from test_tui_lesson import Learner
from typer.testing import CliRunner

import alaka
from alaka.bots.review import review_game, review_text
from alaka.cli import app, main
from alaka.core.glossary import glossary_of
from alaka.core.lesson import lesson_of
from alaka.testing.pseudo import leftovers, pseudo_language, unmarked
from alaka.ui.tui import render
from alaka.ui.tui.lesson import LessonSession
from alaka.ui.tui.records import load_record
from alaka.ui.tui.replay import ReplayViewer
from alaka.ui.tui.session import PlaySession, new_game, resume_game
from test_every_word_marked import printed_names

GAMES = ["alakazum", "alakazoo"]

#: The commands a player may type at a decision, and wrong answers, before choosing.
COMMANDS = ["?", "? 1", "? 99", "info", "info zzzz", "info a", "table", "log", "log 1", "log 99"]
COMMANDS += ["rules", "undo", "zzz", "99", ""]

#: The replay's keys: every one of them, wrong ones and the edges included.
REPLAY_KEYS = ["p", "", "t", "?", "zz", "9999", "2", "p", "n"]

_PROMPT_COUNT = re.compile(r"\[1-(\d+)\]")


#: Wide enough that Rich never cuts a bracketed message or a card's name with an ellipsis or a
#: wrap inside a table cell: a cut message would leave its words outside the brackets.
WIDTH = 400


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=WIDTH, height=60, color_system=None), out


class Player:
    """Answers a session's prompts: ``first`` as given, then a random choice among those the
    prompt offers (Enter at a hot seat's hand-over); after ``stop`` answers, ``then``."""

    def __init__(self, first: list[str], seed: int, stop: int | None = None, then: str = "quit") -> None:
        self.first = iter(first)
        self.rng = random.Random(seed)
        self.stop, self.then = stop, then
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.stop is not None and len(self.prompts) > self.stop:
            if self.then == "eof":
                raise EOFError
            if self.then == "interrupt":
                raise KeyboardInterrupt
            return self.then
        for answer in self.first:
            return answer
        count = _PROMPT_COUNT.search(prompt)
        return str(self.rng.randint(1, int(count.group(1)))) if count else ""


def texts_read(game: str, folder: Path) -> Iterator[tuple[str, str]]:
    """(where it is read, the text) for everything a player reads of ``game`` at the terminal,
    made under the current language."""
    g = alaka.game(game)
    glossary = glossary_of(g.new_initial_state())
    assert glossary is not None
    named = glossary.entries[0]["name"]

    # a whole game against a bot, with every command, to its result
    record = folder / "game.json"
    shown, out = _console()
    player = Player([*COMMANDS, f"info {named}", "? 2", "1", "undo"], seed=1)
    PlaySession(new_game(g, seats_text="human,heuristic", seed=3, record=str(record)), shown, player).run()
    yield "play", out.getvalue()
    yield "prompts", "\n".join(player.prompts)

    # hot seat with a bot: the hand-overs; stopped with quit, resumed, stopped with Ctrl-D and Ctrl-C
    hot = folder / "hot.json"
    for k, (stop, then) in enumerate([(12, "quit"), (12, "eof"), (12, "interrupt")]):
        if k == 0:
            setup = new_game(g, seats_text="human,human,heuristic", seed=5, record=str(hot))
        else:
            setup = resume_game(str(hot))
        shown, out = _console()
        player = Player([], seed=k, stop=stop, then=then)
        PlaySession(setup, shown, player).run()
        yield f"hot seat ({then})", out.getvalue() + "\n" + "\n".join(player.prompts)

    # the lesson, to its end
    shown, out = _console()
    lesson = LessonSession(lesson_of(game), shown)
    learner = Learner(lesson)
    lesson.ask = learner
    lesson.run(None)
    yield "lesson", out.getvalue() + "\n" + "\n".join(learner.prompts)

    # the finished game, replayed with every key, from a seat and as a spectator
    for seat in (0, None):
        shown, out = _console()
        keys = iter(REPLAY_KEYS)
        asked: list[str] = []

        def ask(prompt: str, keys: Iterator[str] = keys, asked: list[str] = asked) -> str:
            """The keys, then Enter to the last step and once more there (the edge), then q."""
            asked.append(prompt)
            for key in keys:
                return key
            at = re.search(r"(\d+)/(\d+)", prompt)
            assert at is not None, prompt
            return "q" if at.group(1) == at.group(2) and asked[-2] == prompt else ""

        ReplayViewer(load_record(record), seat, shown, ask).run()
        yield "replay", out.getvalue() + "\n" + "\n".join(asked[:5])

    # the review of the finished game, judged by the search and (its words) by the learned value
    review = review_game(json.loads(record.read_text(encoding="utf-8")), 0, judge="search", iterations=4)
    yield "review", review_text(review, g.title)
    yield "review (learned)", review_text(dataclasses.replace(review, judge="learned"), g.title)

    # alaka rules and alaka watch, in a language the pseudo-language stands in for
    runner = CliRunner()
    for args in (["rules", game], ["watch", game, "--seed", "2"]):
        result = runner.invoke(app, [*args, "--lang", "es"])
        assert result.exit_code == 0, result.output
        yield f"alaka {args[0]}", result.output


#: Command lines a player may get wrong, each answered by one error line.
ERRORS = [
    ["play", "{game}", "-o", "colour=red"],
    ["play", "{game}", "-o", "final_lines=many"],
    ["play", "{game}", "--players", "9"],
    ["play", "{game}", "--seats", "robot"],
    ["play", "{game}", "--seats", "human,human", "--players", "3"],
    ["play", "{game}", "--seed", "abc"],
    ["play", "--resume", "{folder}/missing.json"],
    ["play", "--resume", "{folder}/game.json", "--seed", "1"],
    ["replay", "{folder}/missing.json"],
    ["replay", "{folder}/game.json", "--seat", "7"],
    ["review", "{folder}/game.json", "--seat", "7", "--iterations", "4"],
    ["learn", "nothing"],
]


def error_lines(game: str, folder: Path, capture: Callable[[], str]) -> Iterator[tuple[str, str]]:
    """(the command line, its error line) for each of :data:`ERRORS`, through ``alaka``'s main."""
    for args in ERRORS:
        line = [arg.format(game=game, folder=folder) for arg in args]
        with pytest.raises(SystemExit) as stop:
            main([*line, "--lang", "es"])
        assert stop.value.code == 2, line
        yield " ".join(line), capture()


def without(text: str, names: set[str]) -> str:
    """``text`` without ``names``, also where the terminal broke a name across lines (the
    longest first, so a name that holds another goes whole)."""
    spelled = [r"\s+".join(map(re.escape, name.split())) for name in sorted(names, key=len, reverse=True)]
    return re.sub("|".join(word for word in spelled if word), " ", text)


@pytest.mark.parametrize("game", GAMES)
def test_no_english_is_left_at_the_terminal(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A menu says the start several labels share once, above them: that cuts a message in two
    # (its start above, the rest of it in each entry), so here every label is shown whole.
    monkeypatch.setattr(render, "_SHARED_RUN", 10**6)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    names = printed_names(game)
    # the options' names and values in ``alaka rules`` are typed as they are, in every language
    typed = {"true", "false"} | {p.name for p in alaka.game(game).parameters}
    typed |= {choice for p in alaka.game(game).parameters for choice in p.choices}
    typed |= {str(p.default) for p in alaka.game(game).parameters}
    bare: dict[str, dict[str, str]] = {}
    with pseudo_language():
        read = list(texts_read(game, tmp_path))
        read += list(error_lines(game, tmp_path, lambda: capsys.readouterr().err))
    for where, text in read:
        assert text.strip(), where
        for line in unmarked(without(text, names | typed if where == "alaka rules" else names)).splitlines():
            words = leftovers(line)
            if words:
                bare.setdefault(where, {}).setdefault(line.strip()[:160], " ".join(sorted(set(words))))
    assert not bare, "words that are not messages:\n" + "\n".join(
        f"{where}: [{words}] {line!r}"
        for where, lines in bare.items()
        for line, words in list(lines.items())[:15]
    )
