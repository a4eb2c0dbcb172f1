"""The core protocol: registry, options, actions, errors, records and the seeded driver."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import alaka
from alaka.core.params import Parameter, parse_option_strings, validate_options
from alaka.core.protocol import ActionTable, Outcome, rank_by_score
from alaka.testing import conformance


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
    # A game's terminal table (games/<name>/terminal.py) draws with Rich, a base dependency that
    # only the terminal loads (through the entry's terminal_table); it is the one exception.
    terminal = allowed | {"rich"}
    for folder in ("core", "games"):
        for path in (root / folder).rglob("*.py"):
            ok = terminal if folder == "games" and path.name == "terminal.py" else allowed
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for name in names:
                    assert name.split(".")[0] in ok, f"{path} imports {name}"


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
    """A game may have no options (the suite's own have none); each built-in game has some,
    since each ambiguous reading of its rulebook is one (docs/rulings.md)."""
    from alaka.core.registry import built_in

    for name in built_in():
        assert alaka.game(name).parameters, f"{name} lists no options"
    for name in alaka.games():
        g = alaka.game(name)
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


def test_a_phased_game_finds_a_legal_action_by_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Applying one of the legal actions compares no actions (a dataclass ``==`` per action
    before it was the slow part); an equal copy made elsewhere is still legal."""
    import dataclasses

    from alaka.games.alakazoo.actions import ZooAction

    state = alaka.game("alakazoo").new_initial_state(2)
    compared = 0
    equal = ZooAction.__eq__

    def counting(self: ZooAction, other: object) -> bool:
        nonlocal compared
        compared += 1
        return equal(self, other)

    monkeypatch.setattr(ZooAction, "__eq__", counting)
    legal = state.legal_actions()
    assert len(legal) == 6  # the portal boards
    state.apply_action(legal[-1])
    assert compared == 0
    copy = dataclasses.replace(state.legal_actions()[-1])
    assert copy is not state.legal_actions()[-1]
    state.apply_action(copy)
    assert compared > 0 and state.history[-1] == copy.id


@pytest.mark.parametrize("name", ["alakazoo", "alakazum"])
def test_a_pickled_state_plays_on_with_its_history_and_log(name: str) -> None:
    """What the state keeps to append quickly (the history's and the log's own lists) comes
    back from pickle as the same lists the logs hold: the copy records what it plays."""
    state = conformance.state_after(alaka.game(name), 3, seed=5, steps=60)
    copy = pickle.loads(pickle.dumps(state))
    rng = random.Random(2)
    for s in (state, copy):
        rng.seed(2)
        for _ in range(10):
            legal = s.legal_actions()
            s.apply_action(s.sample_chance(rng) if s.is_chance_node() else legal[rng.randrange(len(legal))])
    assert list(copy.history) == list(state.history) and len(copy.history) == 70
    assert copy.view(0) == state.view(0)  # the log too


@pytest.mark.parametrize("name", ["alakazoo", "alakazum"])
def test_a_pickled_resampled_state_plays_on_like_the_original(name: str) -> None:
    """A resampled state (a guess made for search) has no record to replay, so pickle keeps
    the state itself: the copy shows the seat the same, offers the same actions and plays on
    the same seeded game."""
    state = conformance.state_after(alaka.game(name), 3, seed=5, steps=60)
    seat = 1
    guess = state.resample(seat, random.Random(7))
    copy = pickle.loads(pickle.dumps(guess))
    assert copy.resampled and copy.view(seat) == guess.view(seat)
    assert copy.legal_actions() == guess.legal_actions()
    rng = random.Random()
    played = []
    for s in (guess, copy):
        rng.seed(3)
        for _ in range(20):
            legal = s.legal_actions()
            s.apply_action(s.sample_chance(rng) if s.is_chance_node() else legal[rng.randrange(len(legal))])
        played.append((list(s.history), s.view(seat), s.legal_actions(), s.returns()))
    assert played[0] == played[1]
