"""The vector environment against Gymnasium's vector API (1.x has no vector env checker, so the
contract is tested directly) and against the single environment it steps."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from alaka.rl.encoding import encoded_games
from alaka.rl.episode import mask
from alaka.rl.gym import AlakaEnv, env_id
from alaka.rl.vector import AlakaVectorEnv

NAMES = list(encoded_games())
N = 3


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal action per game (0 where a game just ended: it is ignored)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks], dtype=np.int64)


def trajectory(envs: AlakaVectorEnv, seed: int, steps: int) -> list[tuple[np.ndarray, ...]]:
    observations, _ = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [(observations,)]
    for _ in range(steps):
        result = envs.step(random_actions(envs.action_masks(), rng))
        out.append(result[:4])
    return out


@pytest.mark.parametrize("name", NAMES)
def test_shapes_dtypes_and_spaces_hold_every_step(name: str) -> None:
    envs = AlakaVectorEnv(name, N, num_players=2, opponents="random", max_turns=30)
    single = AlakaEnv(name, 2)
    assert envs.num_envs == N and envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.observation_space.shape == (N, *single.observation_space.shape)
    assert envs.action_space.shape == (N,)
    observations, infos = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        assert observations.dtype == np.float32 and envs.observation_space.contains(observations)
        assert infos["action_mask"].shape == (N, single.action_space.n) and infos["_action_mask"].all()
        assert np.array_equal(infos["action_mask"].astype(bool), envs.action_masks())
        actions = random_actions(envs.action_masks(), rng)
        assert envs.action_space.contains(actions)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert rewards.shape == terminations.shape == truncations.shape == (N,)
        assert terminations.dtype == truncations.dtype == np.bool_
        done = terminations | truncations
        assert np.array_equal(infos.get("_outcome", np.zeros(N, dtype=bool)), done)
        ended += int(done.sum())
    assert ended > 0


@pytest.mark.parametrize("name", NAMES)
def test_the_step_after_an_end_resets_that_game_only(name: str) -> None:
    envs = AlakaVectorEnv(name, N, num_players=2, opponents="random", max_turns=20)
    envs.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(1000):
        _, _, terminations, truncations, _ = envs.step(random_actions(envs.action_masks(), rng))
        done = terminations | truncations
        if done.any():
            break
    assert done.any() and not envs.action_masks()[done].any()  # an ended game decides nothing
    turns_before = [env.alaka_state.record()["actions"] for env in envs.envs]
    observations, rewards, terminations, truncations, _ = envs.step(random_actions(envs.action_masks(), rng))
    for i, env in enumerate(envs.envs):
        if done[i]:  # reset: the action ignored, reward 0, a fresh game at the seat's decision
            assert rewards[i] == 0.0 and not terminations[i] and not truncations[i]
            assert not env.alaka_state.is_terminal() and envs.action_masks()[i].any()
            assert len(env.alaka_state.record()["actions"]) < len(turns_before[i])
            assert np.array_equal(observations[i], env._observe())
        else:
            assert len(env.alaka_state.record()["actions"]) > len(turns_before[i])


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_gives_the_same_trajectories(name: str) -> None:
    first = trajectory(AlakaVectorEnv(name, N, num_players=3, opponents="random"), 7, 60)
    second = trajectory(AlakaVectorEnv(name, N, num_players=3, opponents="random"), 7, 60)
    other = trajectory(AlakaVectorEnv(name, N, num_players=3, opponents="random"), 8, 60)
    assert all(
        np.array_equal(a, b) for x, y in zip(first, second, strict=True) for a, b in zip(x, y, strict=True)
    )
    assert not all(np.array_equal(x[0], y[0]) for x, y in zip(first, other, strict=True))


@pytest.mark.parametrize("name", NAMES)
def test_game_i_plays_what_one_env_seeded_s_plus_i_plays(name: str) -> None:
    kwargs = {"num_players": 3, "opponents": "random", "seat": None}
    envs = AlakaVectorEnv(name, N, **kwargs)
    singles = [AlakaEnv(name, **kwargs) for _ in range(N)]
    observations, infos = envs.reset(seed=40)
    for i, single in enumerate(singles):
        observation, info = single.reset(seed=40 + i)
        assert np.array_equal(observations[i], observation) and infos["seat"][i] == info["seat"]
    rng = np.random.default_rng(0)
    for _ in range(50):
        actions = random_actions(envs.action_masks(), rng)
        observations, rewards, terminations, _, _ = envs.step(actions)
        for i, single in enumerate(singles):
            if single.alaka_state.is_terminal():  # the vector resets it now, seeded as one env does
                observation, _ = single.reset()
                assert np.array_equal(observations[i], observation) and rewards[i] == 0.0
                continue
            observation, reward, terminated, _, _ = single.step(actions[i])
            assert np.array_equal(observations[i], observation)
            assert (rewards[i], terminations[i]) == (reward, terminated)


@pytest.mark.parametrize("name", NAMES)
def test_masks_are_each_games_legal_actions(name: str) -> None:
    envs = AlakaVectorEnv(name, N, num_players=4, opponents="random", seat=None)
    envs.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(30):
        for i, env in enumerate(envs.envs):
            state = env.alaka_state
            expected = mask(env.encoding, state, env.seat).astype(bool)
            assert np.array_equal(envs.action_masks()[i], expected)
            if not state.is_terminal():
                table = state.action_table()
                assert {table.actions[a] for a in np.flatnonzero(expected)} == set(state.legal_actions())
        envs.step(random_actions(envs.action_masks(), rng))


def test_a_reset_mask_resets_only_the_games_it_marks() -> None:
    envs = AlakaVectorEnv("alakazoo", N, num_players=2, opponents="random")
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(5):
        envs.step(random_actions(envs.action_masks(), rng))
    before = [len(env.alaka_state.record()["actions"]) for env in envs.envs]
    envs.reset(seed=[None, 3, None], options={"reset_mask": np.array([False, True, False])})
    after = [len(env.alaka_state.record()["actions"]) for env in envs.envs]
    assert after[0] == before[0] and after[2] == before[2] and after[1] < before[1]


@pytest.mark.parametrize("name", NAMES)
def test_make_vec_with_the_vector_entry_point_gives_it(name: str) -> None:
    envs = gymnasium.make_vec(
        env_id(name), num_envs=8, vectorization_mode="vector_entry_point", num_players=3, max_turns=40
    )
    assert isinstance(envs, AlakaVectorEnv) and envs.num_envs == 8
    envs.reset(seed=0)
    assert all(env.game.name == name and env.num_players == 3 for env in envs.envs)
    assert envs.envs[0].alaka_state.record()["options"]["max_turns"] == 40


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(Exception, match="num_envs"):
        AlakaVectorEnv("alakazoo", 0)
    envs = AlakaVectorEnv("alakazoo", 2, num_players=2)
    with pytest.raises(Exception, match="seed"):
        envs.reset(seed=[1])
    envs.reset(seed=0)
    with pytest.raises(Exception, match="shape"):
        envs.step(np.zeros(3, dtype=np.int64))
