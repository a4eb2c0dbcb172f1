"""The game loop without a terminal: scripted answers, a console writing to a string."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import alaka
from alaka.core.errors import AlakaError
from alaka.ui.tui.session import EXIT_INTERRUPTED, EXIT_OK, PlaySession, new_game, resume_game


def console(*, terminal: bool = False) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None, force_terminal=terminal), out


def script(answers: Iterator[str] | list[str], then: type[BaseException] = EOFError) -> Callable[[str], str]:
    """An ``ask`` that gives ``answers`` one by one, then raises ``then`` (end of input)."""
    queue = iter(answers)

    def ask(prompt: str) -> str:
        for answer in queue:
            return answer
        raise then

    return ask


def always(answer: str, limit: int = 2000) -> Iterator[str]:
    yield from [answer] * limit


def zoo(tmp_path: Path, name: str = "zoo.json", **kwargs: Any) -> PlaySession:
    setup = new_game(alaka.game("alakazoo"), seed=4, record=str(tmp_path / name), **kwargs)
    return PlaySession(setup, console()[0], script(always("1")))


def test_a_whole_game_is_played_and_its_record_saved(tmp_path: Path) -> None:
    session = zoo(tmp_path, seats_text="human,heuristic")
    assert session.run() == EXIT_OK
    record = json.loads((tmp_path / "zoo.json").read_text())
    assert record["seats"] == ["human", "heuristic"]
    assert record["outcome"] == session.state.outcome().to_json()  # type: ignore[union-attr]
    assert alaka.replay(record).is_terminal()


def test_the_record_is_saved_after_every_action(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import alaka.ui.tui.session as session_module

    sizes: list[int] = []
    real = session_module.save_record

    def counting(path: Path, record: dict[str, object]) -> None:
        sizes.append(len(record["actions"]))  # type: ignore[arg-type]
        real(path, record)

    monkeypatch.setattr(session_module, "save_record", counting)
    session = zoo(tmp_path)
    assert session.run() == EXIT_OK
    total = len(session.state.history)
    assert sizes[0] == 0 and sizes[-1] == total
    assert set(range(total + 1)) <= set(sizes)  # one save per action, none skipped


def test_quit_and_resume_continues_exactly_as_an_uninterrupted_game(tmp_path: Path) -> None:
    whole = zoo(tmp_path, "whole.json")
    assert whole.run() == EXIT_OK

    first = new_game(alaka.game("alakazoo"), seed=4, record=str(tmp_path / "part.json"))
    out_console, out = console()
    assert PlaySession(first, out_console, script([*["1"] * 7, "quit"])).run() == EXIT_OK
    assert "Saved " in out.getvalue() and "alaka play --resume" in out.getvalue()
    saved = json.loads((tmp_path / "part.json").read_text())
    assert 0 < len(saved["actions"]) < len(whole.state.history)

    again = resume_game(str(tmp_path / "part.json"))
    assert again.seats == ["human", "heuristic"] and again.seed == 4
    assert PlaySession(again, console()[0], script(always("1"))).run() == EXIT_OK
    assert again.state.record()["actions"] == whole.state.record()["actions"]


def test_end_of_input_and_ctrl_c_at_a_question_save_and_stop(tmp_path: Path) -> None:
    for then, code in ((EOFError, EXIT_OK), (KeyboardInterrupt, EXIT_INTERRUPTED)):
        path = tmp_path / f"{then.__name__}.json"
        setup = new_game(alaka.game("alakazum"), seed=1, record=str(path))
        out_console, out = console()
        assert PlaySession(setup, out_console, script(["1"], then=then)).run() == code
        assert path.exists() and "Traceback" not in out.getvalue()
        assert alaka.replay(json.loads(path.read_text())).record() == setup.state.record()


def test_ctrl_c_while_a_bot_thinks_keeps_the_last_saved_record(tmp_path: Path) -> None:
    class Interrupting:
        def act(self, *args: object) -> alaka.Action:
            raise KeyboardInterrupt

    setup = new_game(
        alaka.game("alakazoo"), seed=1, seats_text="heuristic,human", record=str(tmp_path / "z.json")
    )
    session = PlaySession(setup, console()[0], script([]))
    session.bots[0] = Interrupting()
    assert session.run() == EXIT_INTERRUPTED
    saved = json.loads((tmp_path / "z.json").read_text())
    assert saved["actions"] == setup.state.record()["actions"]


def test_bad_answers_get_a_line_and_the_question_again(tmp_path: Path) -> None:
    setup = new_game(alaka.game("alakazoo"), seed=1, record=str(tmp_path / "z.json"))
    out_console, out = console()
    answers = ["nothing", "42", "?", "rules", "undo", "table", "choose", "info 3", "log"]
    session = PlaySession(setup, out_console, script(answers))
    session.run()
    text = out.getvalue()
    assert "no choice starts with 'nothing'" in text
    assert "there is no choice 42" in text
    assert "? NAME or info NAME   explain a card" in text  # ? lists the commands
    assert "ALAKAZOO - the rules in brief" in text
    assert "Nothing to take back: you have made no decision this" in text  # and why: the rule follows
    assert "'choose' is the start of 6 choices" in text
    assert text.count("Your portal board") == 1  # "table" drew the whole table
    assert "3) Choose portal board 3 (Phoenix)" in text and "Portal board 3 (portal board)" in text
    assert "The log, page 1 of 1" in text
    assert setup.state.history == []  # nothing was chosen


def test_hot_seat_clears_and_names_who_plays_next(tmp_path: Path) -> None:
    setup = new_game(
        alaka.game("alakazoo"), seed=1, seats_text="human,human", record=str(tmp_path / "h.json")
    )
    out_console, out = console(terminal=True)
    PlaySession(setup, out_console, script(["", "1", ""])).run()
    text = out.getvalue()
    first = text.index("Pass the device to Player 1")
    second = text.index("Pass the device to Player 2")
    # the screen and the scrollback are cleared, on the alternate screen
    assert "\x1b[?1049h" in text[:first]
    assert "\x1b[2J\x1b[H\x1b[3J" in text[:first] and "\x1b[2J\x1b[H\x1b[3J" in text[first:second]
    decision = "Player 1 chooses a portal board"
    assert decision in text[first:second]  # Player 1's decision, after the pass screen
    assert text.count(decision) == 1 and "\x1b[?1049l" in text[second:]


def test_forced_moves_are_played_for_the_person_quietly(tmp_path: Path) -> None:
    """A choice nobody can avoid ("Let it happen" in a voodoo window, even right after one's own
    doll) is made without a word: the story of the turn tells what came of it."""
    setup = new_game(alaka.game("alakazum"), seed=3, record=str(tmp_path / "m.json"))
    out_console, out = console()
    PlaySession(setup, out_console, script(["1"] * 12)).run()
    record = json.loads((tmp_path / "m.json").read_text())
    state = alaka.game("alakazum").new_initial_state(3)
    forced = 0
    for name in record["actions"]:
        if state.current_player() == 0 and len(state.legal_actions()) == 1:
            forced += 1
        state.apply(name)
    assert forced > 0  # Player 1 had choices made for it ...
    assert "the only choice" not in out.getvalue()  # ... and was not told each one


def test_new_game_checks_its_settings(tmp_path: Path) -> None:
    zum = alaka.game("alakazum")
    assert new_game(zum, record=str(tmp_path / "a.json")).seats == ["human", "heuristic", "heuristic"]
    assert new_game(alaka.game("alakazoo"), record=str(tmp_path / "b.json")).seats == ["human", "heuristic"]
    assert new_game(zum, players=4, record=str(tmp_path / "c.json")).seats == ["human"] + ["heuristic"] * 3
    setup = new_game(zum, seats_text="human, ismcts:iterations=5/c=0.5", record=str(tmp_path / "d.json"))
    assert setup.seats == ["human", "ismcts:iterations=5,c=0.5"] and setup.state.num_players == 2
    for kwargs, message in [
        ({"players": 3, "seats_text": "human,random"}, "--players is 3 but --seats names 2 seats"),
        ({"seats_text": "human"}, "2 to 5 players, not 1"),
        ({"seats_text": "human,,random"}, "empty seat"),
        ({"seats_text": "human,ismcts:speed=9"}, "seat 2 .*has no parameter 'speed'"),
        ({"scenario": str(tmp_path / "none.json")}, "cannot read the scenario"),
    ]:
        with pytest.raises(AlakaError, match=message):
            new_game(zum, record=str(tmp_path / "x.json"), **kwargs)  # type: ignore[arg-type]


def test_a_scenario_starts_the_game_from_its_position(tmp_path: Path) -> None:
    spec = {"seats": [{"team": ["Moura"], "hand": ["Txapela"]}, {"team": ["Dolçainer"]}], "turn_of": 0}
    (tmp_path / "s.json").write_text(json.dumps(spec))
    setup = new_game(
        alaka.game("alakazum"), scenario=str(tmp_path / "s.json"), record=str(tmp_path / "g.json")
    )
    assert setup.seats == ["human", "heuristic"]
    out_console, out = console()
    PlaySession(setup, out_console, script([])).run()
    assert "Your hand (1): Txapela" in out.getvalue()
    assert alaka.replay(json.loads((tmp_path / "g.json").read_text())).view(0)["players"][0]["hand"] == [
        "Txapela"
    ]
    with pytest.raises(AlakaError, match="--players is 3 but the scenario is for 2"):
        new_game(
            alaka.game("alakazum"),
            scenario=str(tmp_path / "s.json"),
            players=3,
            record=str(tmp_path / "h.json"),
        )


def test_resume_refuses_records_it_cannot_continue(tmp_path: Path) -> None:
    final = alaka.play(alaka.game("alakazoo").new_initial_state(2), [alaka.RandomBot()] * 2, seed=1)
    (tmp_path / "plain.json").write_text(json.dumps(final.record()))
    with pytest.raises(AlakaError, match="no 'seats'"):
        resume_game(str(tmp_path / "plain.json"))
    (tmp_path / "seated.json").write_text(json.dumps({**final.record(), "seats": ["human", "random"]}))
    with pytest.raises(AlakaError, match="is a game of Alakazoo, not alakazum"):
        resume_game(str(tmp_path / "seated.json"), game_name="alakazum")
    out_console, out = console()
    assert PlaySession(resume_game(str(tmp_path / "seated.json")), out_console, script([])).run() == EXIT_OK
    text = " ".join(out.getvalue().split())
    assert "(this game is already over)" in text and "Result:" in text


def test_hot_seat_stories_fit_the_alternate_screen_and_say_what_they_leave_to_the_log(tmp_path: Path) -> None:
    """The alternate screen keeps no scrollback: a story longer than the room above the decision
    shows its latest lines and says how many earlier ones the log holds."""
    setup = new_game(
        alaka.game("alakazum"), seed=2, seats_text="human,heuristic,human", record=str(tmp_path / "h.json")
    )
    out = io.StringIO()
    small = Console(file=out, width=80, height=24, color_system=None, force_terminal=True)
    PlaySession(setup, small, script(always("1", 60))).run()
    text = out.getvalue()
    notes = re.findall(r"\.\.\. (\d+) earlier lines of this story: type log to read them\.", text)
    assert notes, "some story was longer than the screen"
    for screen in text.split("Since your last decision:")[1:]:
        shown = re.split(r"\x1b\[|\n\n", screen)[0]  # up to the next clear or the next decision
        if "earlier lines of this story" not in shown:
            continue
        story, decision = shown.split("Alakazum! · turn")
        story_rows = story.count("\n") - 1  # the note, then the story's latest lines
        decision_rows = decision.count("\n")
        # a blank line, the title, the note and the latest lines that fit above the decision
        # and the prompt; none when the decision fills the screen by itself
        assert story_rows == 1 or 2 + story_rows + decision_rows + 1 <= 24, shown
        assert story_rows > 1 or 2 + 2 + decision_rows + 1 > 24  # no room for a line


def test_a_game_without_a_glossary_or_undo_says_so_and_plays_on(tmp_path: Path) -> None:
    """The test suite's third game declares no explanations and no undo: info and undo say so in
    a line, and the game goes on with its text view."""
    setup = new_game(alaka.game("guess"), seed=1, seats_text="human,random", record=str(tmp_path / "g.json"))
    out_console, out = console()
    PlaySession(setup, out_console, script(["info moura", "undo", "log", *["1"] * 9])).run()
    text = out.getvalue()
    assert "Guess has no explanations of its pieces; rules shows the rules." in text
    assert "Nothing to take back" in text
    assert "The log, page 1 of 1" in text
    assert "named so far" in text and "Traceback" not in text
