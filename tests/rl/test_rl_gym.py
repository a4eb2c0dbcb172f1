"""Both games as single-agent Gymnasium environments, checked with Gymnasium's env_checker."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import alaka
from alaka.rl.encoding import encoded_games, for_game, recent_view
from alaka.rl.gym import AlakaEnv, env_id
from needs import need

NAMES = list(encoded_games())  # the games with an observation encoding


@pytest.mark.parametrize(
    ("name", "players", "opponents"),
    [
        (name, n, spec)
        for name in NAMES
        for n in alaka.game(name).player_counts
        for spec in ("heuristic", "random")
    ],
)
def test_gymnasium_check_env_passes_without_warnings(name: str, players: int, opponents: str) -> None:
    environment = gymnasium.make(env_id(name), num_players=players, opponents=opponents)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(environment.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_the_registered_ids_make_each_game() -> None:
    assert env_id("alakazum") == "alaka/Alakazum-v0" and env_id("alakazoo") == "alaka/Alakazoo-v0"
    for name in NAMES:
        environment = gymnasium.make(env_id(name), num_players=3, max_turns=50)
        assert environment.unwrapped.game.name == name
        environment.reset(seed=0)
        assert environment.unwrapped.alaka_state.record()["options"]["max_turns"] == 50


def play_masked(environment: AlakaEnv, seed: int) -> tuple[float, bool, bool, dict[str, object], int]:
    """Random legal actions for the learning seat until the episode ends."""
    _, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        assert np.array_equal(info["action_mask"], environment.action_masks())
        action = int(rng.choice(np.flatnonzero(environment.action_masks())))
        _, reward, terminated, truncated, info = environment.step(action)
        steps += 1
        if terminated or truncated:
            return float(reward), terminated, truncated, info, steps
        assert reward == 0.0


@pytest.mark.parametrize("name", NAMES)
def test_an_episode_is_the_seats_decisions_and_pays_its_win_share(name: str) -> None:
    environment = AlakaEnv(name, 3, seat=1, opponents=["random", "random"])
    paid_a_win = False
    for seed in range(8):
        reward, terminated, truncated, info, _ = play_masked(environment, seed)
        assert terminated and not truncated
        winners = info["outcome"]["winners"]  # type: ignore[index]
        assert reward == (1 / len(winners) if 1 in winners else 0.0)
        paid_a_win |= reward > 0
    assert paid_a_win


@pytest.mark.parametrize("name", NAMES)
def test_the_observation_is_the_learning_seats_view(name: str) -> None:
    environment = AlakaEnv(name, 4, seat=2, opponents="random")
    observation, info = environment.reset(seed=3)
    state = environment.alaka_state
    assert state.current_player() == 2 == info["seat"]
    encoding = for_game(alaka.game(name))(4)
    assert observation.tolist() == pytest.approx(
        encoding.information_state(recent_view(state, 2, encoding.history_events))
    )
    assert np.flatnonzero(info["action_mask"]).tolist() == sorted(a.id for a in state.legal_actions())


def test_a_random_seat_is_drawn_from_the_seed() -> None:
    environment = AlakaEnv("alakazoo", 4, seat=None, opponents="random")
    seats = []
    for seed in range(12):
        observation, info = environment.reset(seed=seed)
        seats.append(info["seat"])
        # The header's first four numbers say which seat is looking.
        assert observation[:4].tolist() == [1.0 if q == info["seat"] else 0.0 for q in range(4)]
    assert len(set(seats)) > 1
    assert seats == [environment.reset(seed=seed)[1]["seat"] for seed in range(12)]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    environment = AlakaEnv("alakazum", 2, illegal_action_reward=-2.5)
    _, info = environment.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    history = list(environment.alaka_state.history)
    _, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.5, True, False, True)
    assert environment.alaka_state.history == history  # nothing was played


@pytest.mark.parametrize("name", NAMES)
def test_the_safety_limit_truncates_the_episode(name: str) -> None:
    environment = AlakaEnv(name, 2, opponents="random", max_turns=3)
    reward, terminated, truncated, _, _ = play_masked(environment, 5)
    assert (reward, terminated, truncated) == (0.0, False, True)
    with pytest.raises(alaka.AlakaError, match=r"the episode is over: call reset\(\)"):
        environment.step(0)


def test_render_shows_the_learning_seats_view() -> None:
    environment = AlakaEnv("alakazoo", 2, seat=1, render_mode="ansi")
    environment.reset(seed=0)
    text = environment.render()
    assert isinstance(text, str) and "Player 2's view" in text


def test_bad_arguments_get_one_clear_error() -> None:
    with pytest.raises(alaka.AlakaError, match="opponents needs one opponent or 2"):
        AlakaEnv("alakazoo", 3, opponents=["random"])
    with pytest.raises(alaka.AlakaError, match="no bot is called 'clever'"):
        AlakaEnv("alakazoo", 2, opponents="clever")
    with pytest.raises(alaka.AlakaError, match=r"seat must be 0\.\.1 or None"):
        AlakaEnv("alakazoo", 2, seat=2)
    with pytest.raises(alaka.AlakaError, match="unknown option 'colour'"):
        AlakaEnv("alakazoo", 2, colour="red")
    with pytest.raises(alaka.AlakaError, match=r"call reset\(\) before"):
        AlakaEnv("alakazoo", 2).action_masks()


def test_stable_baselines3_make_vec_env_steps_several_environments() -> None:
    """SB3's ``make_vec_env`` asks for ``render_mode="rgb_array"`` and retries only on a
    ``TypeError``: the environment accepts the mode, as Gymnasium's own do, and steps."""
    try:
        from stable_baselines3.common.env_util import make_vec_env
    except ImportError:
        need("Stable-Baselines3 is not installed (pip install 'sb3-contrib>=2.3')")
    vector = make_vec_env(env_id("alakazoo"), n_envs=3, seed=0, env_kwargs={"num_players": 2})
    observations = vector.reset()
    assert observations.shape == (3, vector.observation_space.shape[0])
    rng = np.random.default_rng(0)
    for _ in range(20):
        masks = np.stack(vector.env_method("action_masks"))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        observations, rewards, _, _ = vector.step(actions)
        assert observations.shape[0] == 3 and rewards.shape == (3,)
    vector.close()


def test_a_render_mode_it_does_not_draw_is_accepted_and_draws_nothing() -> None:
    environment = AlakaEnv("alakazoo", 2, render_mode="rgb_array")
    environment.reset(seed=0)
    with pytest.warns(UserWarning, match="not 'rgb_array': nothing is drawn"):
        assert environment.render() is None
