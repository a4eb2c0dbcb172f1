"""OpenSpiel's ``rl_environment`` without the cost of every player's tensor at every step.

OpenSpiel's ``Environment.get_time_step`` encodes ``information_state_tensor(p)`` for every
player ``p`` at every step, though an agent reads its own player's alone: in a game whose
tensor is built from the player's view (every Alaka game), that is most of a step's time. This
environment is the same but for one thing: a time step's ``observations["info_state"]`` is a
:class:`LazyInfoStates`, a sequence whose entry ``p`` is computed when first read, then kept.

It stays a drop-in: indexing, ``len``, iteration, ``==``, ``str`` and ``np.asarray`` work as on
the list (``str`` computes every tensor, as the list did), and an
agent that keeps a time step and reads it after the environment moved on (OpenSpiel's DQN reads
its previous time step when it stores a transition) reads the position of that time step: before
the environment changes its state, the previous time step's sequence takes a copy of it
(``state.clone()``, tens of microseconds, against milliseconds for a tensor).

It works for any OpenSpiel game, C++ ones included (``LazyEnvironment("hearts")``)::

    import alaka.rl.openspiel  # registers the Alaka games
    from alaka.rl.openspiel_env import LazyEnvironment

    env = LazyEnvironment("alaka_alakazoo", players=2)
    time_step = env.reset()
    mine = time_step.observations["info_state"][time_step.observations["current_player"]]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

import pyspiel
from open_spiel.python import rl_environment


class LazyInfoStates(Sequence[list[float]]):
    """Each player's tensor of one position, computed when first read (see the module)."""

    def __init__(self, state: pyspiel.State, num_players: int, use_observation: bool) -> None:
        self._state = state
        self._num_players = num_players
        self._use_observation = use_observation
        self._tensors: dict[int, list[float]] = {}
        #: How many tensors were computed (a test and the benchmark read it).
        self.computed = 0

    def __len__(self) -> int:
        return self._num_players

    @overload
    def __getitem__(self, index: int) -> list[float]: ...
    @overload
    def __getitem__(self, index: slice) -> list[list[float]]: ...
    def __getitem__(self, index: int | slice) -> list[float] | list[list[float]]:
        if isinstance(index, slice):
            return [self[p] for p in range(*index.indices(self._num_players))]
        player = range(self._num_players)[index]  # negative indices; an IndexError past the end
        tensor = self._tensors.get(player)
        if tensor is None:
            state = self._state
            found = (
                state.observation_tensor(player)
                if self._use_observation
                else state.information_state_tensor(player)
            )
            tensor = self._tensors[player] = list(found)
            self.computed += 1
        return tensor

    def __iter__(self) -> Iterator[list[float]]:
        return (self[p] for p in range(self._num_players))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(
                mine == theirs for mine, theirs in zip(self, other, strict=True)
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, so unhashable like one

    def __repr__(self) -> str:
        # The list's own text, every tensor computed: OpenSpiel's centralised tabular learners
        # key their tables on ``str(observations["info_state"])``, so it must read as the list.
        return repr(list(self))

    def detach(self) -> None:
        """Keep a copy of the position: the environment is about to change its own."""
        if len(self._tensors) < self._num_players:
            self._state = self._state.clone()


class LazyEnvironment(rl_environment.Environment):  # type: ignore[misc]
    """OpenSpiel's ``rl_environment.Environment``, its time steps' ``info_state`` lazy."""

    def __init__(self, game: str | pyspiel.Game, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self._last_infos: LazyInfoStates | None = None

    def step(self, actions: list[int]) -> rl_environment.TimeStep:
        if self._last_infos is not None and not self._should_reset:
            self._last_infos.detach()  # the state is about to change (a reset makes a new one)
        return super().step(actions)

    def reset(self) -> rl_environment.TimeStep:
        """A new episode, as the base class starts one, its tensors lazy too."""
        if self._game.get_type().dynamics == pyspiel.GameType.Dynamics.MEAN_FIELD:
            return super().reset()  # (not the games this is for: left to the base class)
        self._should_reset = False
        self._state = self._game.new_initial_state()
        self._sample_external_events()
        return rl_environment.TimeStep(
            observations=self._observations(),
            rewards=None,
            discounts=None,
            step_type=rl_environment.StepType.FIRST,
        )

    def get_time_step(self) -> rl_environment.TimeStep:
        """The base class's time step, built without its loop over every player's tensor."""
        state = self._state
        terminal = state.is_terminal()
        self._should_reset = terminal
        return rl_environment.TimeStep(
            observations=self._observations(),
            rewards=list(state.rewards())[: self.num_players],
            discounts=[0.0] * self.num_players if terminal else self._discounts,
            step_type=rl_environment.StepType.LAST if terminal else rl_environment.StepType.MID,
        )

    def _observations(self) -> dict[str, Any]:
        """What the base class observes, but for the lazy ``info_state``."""
        state = self._state
        self._last_infos = LazyInfoStates(state, self.num_players, self._use_observation)
        observations: dict[str, Any] = {
            "info_state": self._last_infos,
            "legal_actions": [state.legal_actions(p) for p in range(self.num_players)],
            "current_player": state.current_player(),
            "serialized_state": [],
        }
        if self._include_full_state:
            observations["serialized_state"] = pyspiel.serialize_game_and_state(self._game, state)
        if hasattr(state, "last_info"):  # as the base class passes on a Gym game's info
            observations["info"] = state.last_info
        return observations
