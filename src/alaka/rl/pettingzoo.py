"""Both games as PettingZoo AEC environments: ``env("alakazoo", num_players=3, **options)``.

Agents are ``player_0``..``player_<n-1>`` (seat 0 is ``player_0``). An agent is selected only
when its seat decides, so out-of-turn decisions (a voodoo window, the defender's potions) are
just that agent's turn. Chance is drawn inside with a ``random.Random`` seeded by
``reset(seed=)``. Each observation is a dict: ``observation`` (the information-state tensor of
the agent's view, or the observation tensor with ``observation="observation"``) and
``action_mask`` (1 at the legal action ids; all 0 when the agent is not deciding). Rewards come
at the end: each agent's win share. A game the ``max_turns`` option stops is *truncated* for
every agent, not terminated. ``render_mode="ansi"`` renders the spectator's view as text (with
the last log lines); ``"human"`` prints it.

``state()`` is the global state a centralised critic reads (``state_space``): every seat's
observation tensor, in seat order. Together the seats' views hold every card anyone holds and
nothing nobody knows (the deck's order stays hidden), so a critic trained on it learns what the
table knows as a whole; an agent's policy must still read only its own ``observe(agent)``.
``observation_key="observations"`` names the tensor as RLlib's action-masking module reads it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import alaka
from alaka.core.protocol import State
from alaka.rl.encoding import LogCursor, Mask, Tensor, observation
from alaka.rl.episode import (
    EnvironmentArgumentError,
    mask,
    play_chance,
    render_text,
    rewards,
    tensors,
)

Observation = dict[str, Tensor | Mask]
RENDER_MODES = ("ansi", "human")


class RawEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """The AEC environment of one game, player count and set of options (unwrapped)."""

    # PettingZoo declares ``metadata`` an instance attribute; each environment names its game.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "alaka_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        *,
        observation: str = "information_state",
        observation_key: str = "observation",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        if observation_key == "action_mask" or not observation_key:
            raise EnvironmentArgumentError(
                f"observation_key names the tensor beside 'action_mask', not {observation_key!r}"
            )
        #: The tensor's key in each observation dict: "observation" (PettingZoo's classic games),
        #: or "observations" for RLlib's action-masking module.
        self.observation_key = observation_key
        self.game = alaka.game(game)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise EnvironmentArgumentError(
                f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.num_players = self.game.check_players(num_players)
        self.options = options
        self.encoding, self._read, size = tensors(self.game, self.num_players, options, observation)
        self.metadata = {**type(self).metadata, "name": f"alaka_{self.game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    observation_key: spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.encoding.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.num_actions) for agent in self.possible_agents
        }
        #: Every seat's observation tensor, in seat order (:meth:`state`).
        self.state_space = spaces.Box(
            0.0, 1.0, (self.num_players * self.encoding.observation_size,), np.float32
        )
        self._rng: random.Random | None = None
        self._state: State | None = None
        self._cursor = LogCursor()

    # -- the spaces -----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def alaka_state(self) -> State:
        """The engine's state of the game in progress (read it; step through the environment)."""
        if self._state is None:
            raise EnvironmentArgumentError("call reset() before using the environment")
        return self._state

    # -- the AEC cycle --------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        del options  # the game's options are fixed when the environment is made
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self._state = self.game.new_initial_state(self.num_players, **self.options)
        self._cursor = LogCursor()
        play_chance(self._state, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> Observation:
        state = self.alaka_state
        seat = self._seat[agent]
        return {
            self.observation_key: self._read(self.encoding, state, seat, self._cursor),
            "action_mask": mask(self.encoding, state, seat),
        }

    def state(self) -> Tensor:
        """The global state for a centralised critic: each seat's observation tensor (its own
        view of the position, without the history), concatenated in seat order."""
        state = self.alaka_state
        return np.concatenate([observation(self.encoding, state, seat) for seat in range(self.num_players)])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise EnvironmentArgumentError(f"{agent} decides now: step() needs an action id, not None")
        state = self.alaka_state
        state.apply_action(state.action_table().actions[int(action)])
        play_chance(state, self._chance_rng())
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            self._finish(state)
        else:
            self._clear_rewards()
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _chance_rng(self) -> random.Random:
        if self._rng is None:
            raise EnvironmentArgumentError("call reset() before using the environment")
        return self._rng

    def _select(self) -> None:
        self.agent_selection = self.possible_agents[self.alaka_state.current_player()]

    def _finish(self, state: State) -> None:
        cut = self.encoding.truncated(state)
        outcome = state.outcome()
        shares = rewards(state)
        for agent in self.agents:
            self.rewards[agent] = float(shares[self._seat[agent]])
            self.terminations[agent] = not cut
            self.truncations[agent] = cut
            self.infos[agent] = {"outcome": outcome.to_json() if outcome is not None else None}

    # -- text ---------------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self.alaka_state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._state = None


def raw_env(game: str, num_players: int | None = None, **kwargs: Any) -> RawEnv:
    """The environment without PettingZoo's wrappers."""
    return RawEnv(game, num_players, **kwargs)


def env(game: str, num_players: int | None = None, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment of ``game`` for ``num_players``, wrapped so that an action outside the
    action space or a step before ``reset()`` is refused (PettingZoo's usual wrappers).
    ``observation=``, ``observation_key=``, ``render_mode=`` and the game's options go as keywords."""
    wrapped: AECEnv[str, Observation, int] = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(raw_env(game, num_players, **kwargs))
    )
    return wrapped
