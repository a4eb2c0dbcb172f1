"""Both games as PettingZoo AEC environments, checked with PettingZoo's own tests."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from rl_helpers import GAME_COUNTS

import alaka
from alaka.rl.encoding import encoded_games, for_game, recent_view
from alaka.rl.pettingzoo import env, raw_env

NAMES = list(encoded_games())  # the games with an observation encoding
#: The two warnings PettingZoo's api_test gives any environment whose observation is a dict
#: (its own classic games are on a list that silences them); every other warning is a failure.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


def run_without_warnings(
    check: Callable[[], Any], allowed: tuple[str, ...] = DICT_OBSERVATION_WARNINGS
) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check()
    unexpected = [str(w.message) for w in caught if str(w.message) not in allowed]
    assert unexpected == []


def play_to_the_end(environment: Any, seed: int) -> int:
    """Random legal actions until every agent is done; returns the number of steps."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for _ in environment.agent_iter(100_000):
        observation, _, terminated, truncated, _ = environment.last()
        action = (
            None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
        environment.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    run_without_warnings(lambda: api_test(env(name, players), num_cycles=1000))


@pytest.mark.parametrize("name", NAMES)
def test_api_test_passes_when_the_safety_limit_cuts_games(name: str) -> None:
    run_without_warnings(lambda: api_test(env(name, 3, max_turns=3), num_cycles=500))


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_pettingzoo_seed_test_passes(name: str, players: int) -> None:
    seed_test(functools.partial(env, name, players), num_cycles=300)


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_render_test_passes(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(functools.partial(env, name, 2))
    assert "spectator's view" in capsys.readouterr().out  # "human" printed the table


def rewards_of_a_game(name: str, seed: int) -> tuple[dict[str, float], list[int]]:
    """Every agent's rewards over a random 3-player game, and the game's winners."""
    environment = raw_env(name, 3)
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    collected = dict.fromkeys(environment.possible_agents, 0.0)
    winners: list[int] = []
    for agent in environment.agent_iter(100_000):
        observation, reward, terminated, truncated, info = environment.last()
        collected[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated
            winners = info["outcome"]["winners"]
            environment.step(None)
            continue
        assert reward == 0.0
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return collected, winners


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_game_pays_win_shares_at_the_end(name: str) -> None:
    """Winners share one win; a game nobody won (Alakazum!'s forest ran out) pays nothing."""
    with_winner = 0
    for seed in range(6):
        collected, winners = rewards_of_a_game(name, seed)
        with_winner += bool(winners)
        assert collected == {f"player_{p}": (1 / len(winners) if p in winners else 0.0) for p in range(3)}
    assert with_winner


@pytest.mark.parametrize("name", NAMES)
def test_the_safety_limit_truncates_every_agent_and_pays_nothing(name: str) -> None:
    environment = raw_env(name, 2, max_turns=2)
    environment.reset(seed=1)
    rng = np.random.default_rng(1)
    while not any(environment.truncations.values()):
        observation = environment.observe(environment.agent_selection)
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert all(environment.truncations.values()) and not any(environment.terminations.values())
    assert environment.rewards == {"player_0": 0.0, "player_1": 0.0}


@pytest.mark.parametrize("name", NAMES)
def test_observations_are_the_agents_own_view_and_only_the_decider_has_actions(name: str) -> None:
    environment = raw_env(name, 3)
    environment.reset(seed=2)
    for _ in range(40):
        observation = environment.observe(environment.agent_selection)
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    state = environment.alaka_state
    encoding = for_game(alaka.game(name))(3)
    deciding = environment.agent_selection
    for seat, agent in enumerate(environment.possible_agents):
        observation = environment.observe(agent)
        view = recent_view(state, seat, encoding.history_events)
        assert observation["observation"].tolist() == pytest.approx(encoding.information_state(view))
        assert observation["observation"].dtype == np.float32 and observation["action_mask"].dtype == np.int8
        legal = sorted(a.id for a in state.legal_actions())
        assert np.flatnonzero(observation["action_mask"]).tolist() == (legal if agent == deciding else [])
    plain = raw_env(name, 3, observation="observation")
    plain.reset(seed=2)
    assert plain.observe("player_0")["observation"].shape == (encoding.observation_size,)


def test_the_same_seed_replays_the_same_game_and_another_does_not() -> None:
    def actions(seed: int) -> list[str]:
        environment = raw_env("alakazoo", 2)
        environment.reset(seed=seed)
        play_to_the_end(environment, seed)
        return environment.alaka_state.record()["actions"]

    assert actions(7) == actions(7)
    assert actions(7) != actions(8)


def test_bad_arguments_get_one_clear_error() -> None:
    with pytest.raises(alaka.AlakaError, match="observation must be one of information_state, observation"):
        raw_env("alakazoo", 2, observation="pixels")
    with pytest.raises(alaka.AlakaError, match="render_mode must be one of ansi, human"):
        raw_env("alakazoo", 2, render_mode="rgb_array")
    with pytest.raises(alaka.OptionError, match="2 to 4 players"):
        raw_env("alakazoo", 6)
    environment = raw_env("alakazum", 2)
    with pytest.raises(alaka.AlakaError, match=r"call reset\(\) before"):
        environment.observe("player_0")
    environment.reset(seed=0)
    with pytest.raises(alaka.IllegalAction, match="is not legal now"):
        environment.step(
            int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"] == 0)[0])
        )


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_the_state_for_a_centralised_critic_is_every_seats_observation(name: str, players: int) -> None:
    """PettingZoo's own state-space check, then a whole game: the state is each seat's own
    observation tensor (what ``observation="observation"`` gives that seat), in seat order."""
    from pettingzoo.test.state_test import test_state_space

    environment = raw_env(name, players)
    run_without_warnings(lambda: test_state_space(environment))
    views = raw_env(name, players, observation="observation")
    environment.reset(seed=3)
    views.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in environment.agent_iter(100_000):
        state = environment.state()
        assert state.dtype == np.float32 and environment.state_space.contains(state)
        expected = [views.observe(other)["observation"] for other in views.possible_agents]
        assert np.array_equal(state, np.concatenate(expected))
        _, _, terminated, truncated, _ = environment.last()
        legal = environment.observe(agent)["action_mask"]
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(legal)))
        environment.step(action)
        views.step(action)
    # Seats see different things (their own hands), so the parts are not one view repeated.
    size = views.encoding.observation_size
    parts = environment.state().reshape(players, size)
    assert any(not np.array_equal(parts[0], parts[q]) for q in range(1, players))


def test_the_tensor_can_be_named_observations_for_rllibs_action_masking_module() -> None:
    """RLlib's action-masking module reads ``observations`` and ``action_mask``: the same tensor
    and mask under that key, and PettingZoo's API test still passes."""
    named = raw_env("alakazum", 3, observation_key="observations")
    plain = raw_env("alakazum", 3)
    named.reset(seed=5)
    plain.reset(seed=5)
    seen = named.observe(named.agent_selection)
    assert sorted(seen) == ["action_mask", "observations"]
    assert sorted(named.observation_space(named.agent_selection).spaces) == ["action_mask", "observations"]
    expected = plain.observe(plain.agent_selection)
    assert np.array_equal(seen["observations"], expected["observation"])
    assert np.array_equal(seen["action_mask"], expected["action_mask"])
    # Under another key api_test checks the mask too (under "observation" it stops at the tensor),
    # and warns that an agent not deciding has an all-zero mask: PettingZoo's classic games
    # give such agents the same zero mask, they are just never checked.
    zero_mask = "Action mask numpy array is all zeros (no legal actions)."
    run_without_warnings(
        lambda: api_test(env("alakazoo", 2, observation_key="observations"), num_cycles=300),
        allowed=(*DICT_OBSERVATION_WARNINGS, zero_mask),
    )
    for bad in ("action_mask", ""):
        with pytest.raises(alaka.AlakaError, match="observation_key names the tensor"):
            raw_env("alakazoo", 2, observation_key=bad)
