"""Both games as OpenSpiel games, checked with OpenSpiel's own tests and bots."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.observation import make_observation
from rl_helpers import GAME_COUNTS

import alaka
from alaka.rl import openspiel as aos
from alaka.rl.encoding import encoded_games, for_game, recent_view
from waits import PATIENCE

NAMES = list(encoded_games())  # the games with an observation encoding


def played(game: aos.AlakaGame, steps: int, seed: int = 0) -> aos.AlakaState:
    """A state after ``steps`` actions, chance and decisions drawn at random."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_one_import_registers_both_games_and_the_interpreter_exits_cleanly() -> None:
    code = (
        "import pyspiel, alaka.rl.openspiel\n"
        "game = pyspiel.load_game('alaka_alakazoo(players=3)')\n"
        "state = game.new_initial_state()\n"
        "print(game.num_players(), game.num_distinct_actions(), state.current_player())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", str(alaka.game("alakazoo").num_distinct_actions()), "0"]


@pytest.mark.parametrize("name", NAMES)
def test_the_game_type_says_what_the_game_is(name: str) -> None:
    game = aos.load(name)
    kind = game.get_type()
    assert kind.short_name == f"alaka_{name}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    engine = alaka.game(name)
    assert (kind.min_num_players, kind.max_num_players) == (engine.min_players, engine.max_players)
    assert set(game.get_parameters()) == {"players", *(p.name for p in engine.parameters)}
    assert game.num_players() == engine.default_players
    assert game.num_distinct_actions() == engine.num_distinct_actions()
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_openspiel_random_sim_test_passes_with_serialisation(name: str, players: int) -> None:
    game = pyspiel.load_game(f"alaka_{name}", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_passes_on_games_cut_by_the_safety_limit(name: str) -> None:
    game = pyspiel.load_game(f"alaka_{name}(players=3,max_turns=3)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = played(game, 10_000)
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]


def test_options_reach_the_engine_and_bad_ones_are_refused() -> None:
    game = pyspiel.load_game("alaka_alakazoo(players=2,final_lines=partial)")
    assert game.new_initial_state().alaka_state.record()["options"]["final_lines"] == "partial"
    with pytest.raises(alaka.OptionError, match="must be one of complete, partial"):
        pyspiel.load_game("alaka_alakazoo(final_lines=sideways)")
    with pytest.raises(alaka.OptionError, match="2 to 4 players"):
        pyspiel.load_game("alaka_alakazoo(players=5)")


@pytest.mark.parametrize("name", NAMES)
def test_tensors_and_strings_come_from_the_players_view(name: str) -> None:
    game = aos.load(name, 3)
    state = played(game, 150, seed=4)
    engine = state.alaka_state
    encoding = for_game(alaka.game(name))(3)
    for player in range(3):
        assert state.observation_tensor(player) == pytest.approx(
            encoding.observation(engine.view(player, log_since=None))
        )
        assert state.information_state_tensor(player) == pytest.approx(
            encoding.information_state(recent_view(engine, player, encoding.history_events))
        )
        assert state.observation_string(player) == alaka.game(name).render_view(
            engine.view(player, log_since=None)
        )
        assert state.information_state_string(player).startswith(state.observation_string(player))
    assert len({state.information_state_string(p) for p in range(3)}) == 3
    # The observer's named pieces are the layout's sections.
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observation.set_from(state, 1)
    assert list(observation.dict) == [piece.name for piece in encoding.information_state_layout]
    assert list(observation.tensor) == pytest.approx(state.information_state_tensor(1))


@pytest.mark.parametrize("name", NAMES)
def test_resample_from_infostate_keeps_what_the_player_knows(name: str) -> None:
    game = aos.load(name, 3)
    for seed in range(4):
        state = played(game, 60 + 40 * seed, seed=seed)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        if state.is_terminal():
            continue
        player = state.current_player()
        twin = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.information_state_tensor(player) == state.information_state_tensor(player)
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        assert twin.legal_actions() == state.legal_actions()
        assert twin.history() == state.history()
    # One more action changes the information state string of every player.
    before = [state.information_state_string(p) for p in range(3)]
    action = state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
    state.apply_action(action)
    assert all(state.information_state_string(p) != before[p] for p in range(3))


def test_the_information_state_string_tells_apart_what_the_player_saw() -> None:
    """Two Alakazoo positions differing only in seat 1's hand: seat 0 cannot tell them apart,
    seat 1 can, and so can its strings."""
    game = aos.load("alakazoo", 2)
    engine = alaka.game("alakazoo")
    spec = {"boards": [1, 2], "seats": [{"hand": ["Griffin head"]}, {"hand": ["Kraken tail"]}]}
    other = {"boards": [1, 2], "seats": [{"hand": ["Griffin head"]}, {"hand": ["Kraken head"]}]}
    a, b = aos.AlakaState(game, engine.scenario(spec)), aos.AlakaState(game, engine.scenario(other))
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)


@pytest.mark.parametrize("name", NAMES)
def test_serialisation_and_pickling_give_back_the_same_state(name: str) -> None:
    game = aos.load(name, 4)
    state = played(game, 200, seed=2)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.alaka_state.record() == state.alaka_state.record()
    for player in range(4):
        assert state2.information_state_string(player) == state.information_state_string(player)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    # A resampled state has no record; it still pickles (its engine objects are pickled whole).
    twin = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(pickle.loads(pickle.dumps(twin))) == str(twin)


def test_observers_offer_a_players_view_or_the_public_one_and_refuse_the_rest() -> None:
    game = aos.load("alakazoo", 2)
    state = played(game, 80, seed=1)
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    encoding = for_game(alaka.game("alakazoo"))(2)
    assert list(public.tensor) == pytest.approx(
        encoding.observation(state.alaka_state.view(None, log_since=None))
    )
    public.set_from(state, 1)
    assert list(public.tensor) == pytest.approx(
        encoding.observation(state.alaka_state.view(None, log_since=None))
    )
    # The public information state is the same for every player, and differs from a player's.
    history = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert history.string_from(state, 0) == history.string_from(state, 1)
    assert history.string_from(state, 0) != state.information_state_string(0)
    assert "spectator's view" in history.string_from(state, 0)
    with pytest.raises(aos.OpenSpielError, match="not all"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


@pytest.mark.parametrize(("name", "players"), [(n, p) for n in NAMES for p in (2, 3)])
def test_openspiel_ismcts_and_mcts_play_whole_games_against_the_heuristic(name: str, players: int) -> None:
    game = aos.load(name, players)
    evaluator = aos.HeuristicEvaluator(game)
    searchers = [
        aos.ISMCTSBot(game, evaluator, uct_c=1.0, max_simulations=20, random_state=np.random.RandomState(1)),
        mcts.MCTSBot(game, 1.0, 20, evaluator, solve=False, random_state=np.random.RandomState(2)),
    ]
    for searcher in searchers:
        bots = [searcher] + [aos.AlakaBot(game, p, "heuristic", seed=p) for p in range(1, players)]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(3))
        assert state.is_terminal()
        assert returns == state.returns()
        outcome = state.alaka_state.outcome()
        assert outcome is not None
        assert returns == [
            1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(players)
        ]


def test_ismcts_with_random_rollouts_decides_a_position() -> None:
    """The search works with OpenSpiel's own random-rollout evaluator too (slower: rollouts
    play to the end of the game through OpenSpiel)."""
    game = aos.load("alakazum", 2)
    state = played(game, 60, seed=6)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = aos.ISMCTSBot(game, evaluator, uct_c=1.0, max_simulations=5, random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()


def test_an_alaka_bot_in_openspiel_plays_what_it_plays_in_alaka() -> None:
    game = aos.load("alakazoo", 2)
    state = played(game, 40, seed=8)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    chosen = aos.AlakaBot(game, player, "heuristic", seed=5).step(state)
    import random

    from alaka.bots.registry import make_bot

    direct = make_bot("heuristic", "alakazoo").act(state.alaka_state, player, random.Random(5))
    assert chosen == direct.id
