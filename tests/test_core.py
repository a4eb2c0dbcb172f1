"""The core protocol: registry, options, actions, errors, records and the seeded driver."""

from __future__ import annotations

import json

import pytest

import alaka
from alaka.core.params import Parameter, parse_option_strings, validate_options
from alaka.core.protocol import ActionTable, Outcome, rank_by_score


def test_registry_lists_games_and_rejects_unknown_names() -> None:
    assert "alakazoo" in alaka.games()
    assert alaka.game("alakazoo") is alaka.game("AlakaZoo ")
    with pytest.raises(alaka.AlakaError, match=r"no game is called 'chess'; the games are: .*alakazoo"):
        alaka.game("chess")


def test_importing_alaka_loads_no_game() -> None:
    """Importing the package has no side effects: games are imported on first use."""
    import subprocess
    import sys

    code = "import sys, alaka; print(any(m.startswith('alaka.games.') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_core_and_games_use_only_the_standard_library() -> None:
    import ast
    import sys
    from pathlib import Path

    root = Path(alaka.__file__).parent
    allowed = set(sys.stdlib_module_names) | {"alaka"}
    for folder in ("core", "games"):
        for path in (root / folder).rglob("*.py"):
            # A game's terminal table (games/<name>/terminal.py) draws with Rich; only the terminal
            # loads it (through the game's entry), so Rich is allowed there and nowhere else.
            extra = {"rich"} if folder == "games" and path.name == "terminal.py" else set()
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for name in names:
                    assert name.split(".")[0] in allowed | extra, f"{path} imports {name}"


def test_options_are_typed_validated_and_parsed() -> None:
    params = (
        Parameter("flag", True, "a switch"),
        Parameter("count", 3, "a number", minimum=1, maximum=5),
        Parameter("mode", "a", "a choice", choices=("a", "b")),
    )
    assert validate_options(params, {}) == {"flag": True, "count": 3, "mode": "a"}
    assert validate_options(params, {"count": 5, "mode": "b"})["count"] == 5
    with pytest.raises(
        alaka.OptionError,
        match="unknown option 'colour'; this game's options are: flag, count, mode",
    ):
        validate_options(params, {"colour": 1})
    with pytest.raises(alaka.OptionError, match="at most 5"):
        validate_options(params, {"count": 6})
    with pytest.raises(alaka.OptionError, match="true or false"):
        validate_options(params, {"flag": "yes"})
    with pytest.raises(alaka.OptionError, match="one of a, b"):
        validate_options(params, {"mode": "c"})
    assert parse_option_strings(params, ["flag=off", "count=2", "mode=b"]) == {
        "flag": False,
        "count": 2,
        "mode": "b",
    }
    with pytest.raises(alaka.OptionError, match="name=value"):
        parse_option_strings(params, ["flag"])


def test_every_game_lists_its_options_with_defaults_that_validate() -> None:
    for name in alaka.games():
        g = alaka.game(name)
        assert g.parameters or name == "guess", f"{name} lists no options"  # guess: the tests' own game
        defaults = {p.name: p.default for p in g.parameters}
        assert g.validate_options({}) == defaults
        for p in g.parameters:
            assert p.description


def test_player_counts_are_checked() -> None:
    g = alaka.game("alakazoo")
    with pytest.raises(alaka.OptionError, match="2 to 4 players, not 5"):
        g.new_initial_state(5)


def test_action_ids_are_stable_and_strings_parse() -> None:
    g = alaka.game("alakazoo")
    table = g.action_table()
    assert g.num_distinct_actions() == len(table) > 100
    for action in table.actions:
        assert table.actions[action.id] is action
        assert g.action_from_string(action.name) is action
    with pytest.raises(alaka.IllegalAction, match="no action is written 'fly'"):
        g.action_from_string("fly")
    with pytest.raises(ValueError, match="expected 0"):
        ActionTable([alaka.Action(1, "x")])


def test_illegal_action_names_the_decision_and_the_choices_and_changes_nothing() -> None:
    g = alaka.game("alakazoo")
    state = g.new_initial_state(2)
    before = json.dumps(state.view(None))
    with pytest.raises(alaka.IllegalAction) as caught:
        state.apply("end")
    message = str(caught.value)
    assert "'end' is not legal now" in message
    assert "Player 1 chooses a portal board" in message
    assert "board:1" in message
    assert json.dumps(state.view(None)) == before
    assert state.history == []


def test_the_driver_is_deterministic_given_its_seed() -> None:
    g = alaka.game("alakazoo")
    bots = [alaka.RandomBot(), alaka.RandomBot()]
    a = alaka.play(g.new_initial_state(2), bots, seed=5).record()
    b = alaka.play(g.new_initial_state(2), bots, seed=5).record()
    c = alaka.play(g.new_initial_state(2), bots, seed=6).record()
    assert a == b
    assert a != c


def test_the_driver_checks_the_number_of_bots() -> None:
    with pytest.raises(ValueError, match="3 seats but 2 bots"):
        alaka.play(alaka.game("alakazoo").new_initial_state(3), [alaka.RandomBot()] * 2, seed=1)


def test_replay_rebuilds_the_final_state_and_bad_records_get_clear_errors() -> None:
    g = alaka.game("alakazoo")
    final = alaka.play(g.new_initial_state(3), [alaka.RandomBot()] * 3, seed=9)
    record = json.loads(json.dumps(final.record()))
    again = alaka.replay(record)
    assert again.view(None) == final.view(None)
    assert again.returns() == final.returns()
    with pytest.raises(alaka.RecordError, match="'game' name"):
        alaka.replay({"actions": []})
    with pytest.raises(alaka.RecordError, match="version 99"):
        alaka.replay({**record, "version": 99})
    broken = {**record, "actions": [*record["actions"][:30], "take:9"]}
    with pytest.raises(alaka.RecordError, match="action 31 of the record"):
        alaka.replay(broken)
    with pytest.raises(alaka.RecordError, match="start is not valid"):
        alaka.replay({**record, "num_players": 9})


def test_outcome_and_ranking_group_equal_scores() -> None:
    assert rank_by_score([3, 5, 3, 1]) == ((1,), (0, 2), (3,))
    outcome = Outcome((1,), "most points", rank_by_score([3, 5]), (3, 5))
    assert outcome.to_json() == {
        "winners": [1],
        "reason": "most points",
        "ranking": [[1], [0]],
        "scores": [3, 5],
    }
