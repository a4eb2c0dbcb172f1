"""The lazy ``rl_environment``: OpenSpiel's own environment, step for step, computing only the
tensors an agent reads."""

from __future__ import annotations

import numpy as np
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent, tabular_qlearner

import alaka
from alaka.rl import openspiel as aos
from alaka.rl.encoding import encoded_games
from alaka.rl.openspiel_env import LazyEnvironment, LazyInfoStates

#: Each game at 2 players and at its largest count.
COUNTS = [(name, n) for name in encoded_games() for n in (2, max(alaka.game(name).player_counts))]


def environments(name: str, players: int, seed: int) -> tuple[rl_environment.Environment, LazyEnvironment]:
    """OpenSpiel's environment and the lazy one on the same game, chance drawn alike."""
    game = aos.load(name, players)
    plain = rl_environment.Environment(game, chance_event_sampler=rl_environment.ChanceEventSampler(seed))
    lazy = LazyEnvironment(game, chance_event_sampler=rl_environment.ChanceEventSampler(seed))
    return plain, lazy


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_the_lazy_environment_gives_openspiels_time_steps(name: str, players: int) -> None:
    """A whole game through both, the same actions: every time step the same, every tensor too."""
    plain, lazy = environments(name, players, seed=4)
    rng = np.random.default_rng(4)
    ours, theirs = lazy.reset(), plain.reset()
    steps = 0
    while True:
        assert ours.step_type == theirs.step_type
        assert ours.rewards == theirs.rewards and ours.discounts == theirs.discounts
        for key in ("legal_actions", "current_player", "serialized_state"):
            assert ours.observations[key] == theirs.observations[key], key
        assert isinstance(ours.observations["info_state"], LazyInfoStates)
        assert list(ours.observations["info_state"]) == theirs.observations["info_state"]
        if theirs.last():
            break
        player = theirs.observations["current_player"]
        action = int(rng.choice(theirs.observations["legal_actions"][player]))
        ours, theirs = lazy.step([action]), plain.step([action])
        steps += 1
    assert steps > 20 and lazy.get_state.is_terminal()


@pytest.mark.parametrize("name", list(encoded_games()))
def test_only_the_tensor_read_is_computed_and_an_old_time_step_keeps_its_position(name: str) -> None:
    """An agent reading its own player's tensor costs one tensor a step, where OpenSpiel's
    environment computes every player's; a time step read after the game moved on (as DQN reads
    its previous one) gives the tensors of its own position, not of the new one."""
    plain, lazy = environments(name, 3, seed=9)
    rng = np.random.default_rng(9)
    ours, theirs = lazy.reset(), plain.reset()
    kept: list[tuple[LazyInfoStates, list[list[float]]]] = []
    computed = 0
    for _ in range(60):
        if theirs.last():
            break
        player = theirs.observations["current_player"]
        assert ours.observations["info_state"][player] == theirs.observations["info_state"][player]
        infos = ours.observations["info_state"]
        computed += infos.computed
        kept.append((infos, theirs.observations["info_state"]))
        action = int(rng.choice(theirs.observations["legal_actions"][player]))
        ours, theirs = lazy.step([action]), plain.step([action])
    assert computed == len(kept)  # one tensor a step, of three players
    for infos, expected in kept[::7]:  # read now, long after: each its own position's
        assert list(infos) == expected


def test_openspiels_own_agents_learn_and_play_through_it_unchanged() -> None:
    """OpenSpiel's tabular Q-learner against its random agent: a few episodes of training, the
    learner's table filled from the tensors it read."""
    env = LazyEnvironment(aos.load("alakazoo", 2), chance_event_sampler=rl_environment.ChanceEventSampler(1))
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(0, actions), random_agent.RandomAgent(1, actions)]
    for _ in range(3):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step = env.step([agents[player].step(time_step).action])
        for agent in agents:
            agent.step(time_step)
    assert len(agents[0]._q_values) > 10


def test_a_centralised_learner_keys_on_the_same_text_as_on_openspiels_environment() -> None:
    """OpenSpiel's centralised tabular Q-learner keys its table on ``str(info_state)``, the list of
    every player's tensor: the lazy sequence reads as that list, so the learner's keys are equal."""
    plain, lazy = environments("alakazoo", 2, seed=4)
    actions = plain.action_spec()["num_actions"]
    tables = []
    for env in (plain, lazy):
        learner = tabular_qlearner.QLearner(0, actions, centralized=True)
        time_step = env.reset()
        for _ in range(40):
            seat = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][seat]
            if seat == 0:
                learner.step(time_step, is_evaluation=True)  # its table keyed, its random pick unused
            time_step = env.step([legal[len(legal) // 2]])
        tables.append(set(learner._q_values))
    assert tables[0] == tables[1] and len(tables[0]) > 0
    infos = lazy.reset().observations["info_state"]
    assert str(infos) == str([list(t) for t in infos]) and repr(infos) == str(infos)


def test_lazy_info_states_index_like_a_list() -> None:
    env = LazyEnvironment(aos.load("alakazum", 3))
    infos = env.reset().observations["info_state"]
    assert len(infos) == 3 and infos[-1] == infos[2] and infos[0:2] == [infos[0], infos[1]]
    assert np.asarray(infos).shape == (3, len(infos[0]))
    with pytest.raises(IndexError):
        infos[3]
