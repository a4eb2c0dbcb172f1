"""N games stepped in one call: a Gymnasium vector environment over :class:`AlakaEnv`.

``import alaka.rl.vector`` (or ``alaka.rl.gym``, which registers it as the games' vector entry
point) gives::

    envs = gymnasium.make_vec("alaka/Alakazoo-v0", num_envs=8, vectorization_mode="vector_entry_point")

Why not ``gymnasium.vector.SyncVectorEnv``: it wraps every game in ``gymnasium.make``'s wrappers
and merges each game's info dict key by key at every step. Here the games are bare
:class:`AlakaEnv` objects (their step logic is the single-environment one, called as it is),
their observations and masks are written into arrays made once, and only the rare infos (an
outcome, an illegal action) go through Gymnasium's generic merge. The autoreset follows
Gymnasium's default, ``NEXT_STEP``: the step after a game ends resets it, ignores its action
and reports reward 0, not terminated, not truncated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from alaka.rl.episode import EnvironmentArgumentError
from alaka.rl.gym import AlakaEnv, BoolMask

Batch = npt.NDArray[np.float32]
Actions = npt.NDArray[np.int64]
#: The infos every game gives at every step, stored as whole arrays; the others are merged.
ROUTINE_INFO = ("action_mask", "seat")


class AlakaVectorEnv(gymnasium.vector.VectorEnv[Batch, Actions, npt.NDArray[Any]]):
    """``num_envs`` independent games of one :class:`AlakaEnv` configuration, in one process.

    ``env_kwargs`` are :class:`AlakaEnv`'s (``num_players``, ``opponents``, ``seat``, game
    options...). Observations are ``(num_envs, size)`` float32, ``infos["action_mask"]`` is
    ``(num_envs, n_actions)`` int8 and ``infos["seat"]`` the learning seats; :meth:`action_masks`
    gives the masks as booleans for sb3-contrib's ``MaskablePPO``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (Gymnasium's instance attribute with a default)
        "render_modes": [],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(self, game: str = "alakazoo", num_envs: int = 1, **env_kwargs: Any) -> None:
        if num_envs < 1:
            raise EnvironmentArgumentError(f"num_envs must be at least 1, not {num_envs!r}")
        self.envs = [AlakaEnv(game, **env_kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        shape = first.observation_space.shape
        assert shape is not None  # a Box's shape is always set
        self._observations = np.zeros((num_envs, *shape), dtype=np.float32)
        self._masks = np.zeros((num_envs, first.encoding.num_actions), dtype=np.int8)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """Reset every game (``options={"reset_mask": m}``: only those where ``m`` is true).

        ``seed=s`` seeds game ``i`` with ``s + i``, as ``SyncVectorEnv`` does, so game ``i``
        plays what one :class:`AlakaEnv` reset with ``s + i`` plays under the same actions.
        """
        if seed is None or isinstance(seed, int):
            super().reset(seed=seed)  # the base class seeds its own generator from one integer
            seeds: list[int | None] = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise EnvironmentArgumentError(f"seed needs {self.num_envs} values, got {len(seeds)}")
        chosen = np.ones(self.num_envs, dtype=np.bool_)
        if options is not None and "reset_mask" in options:
            chosen = np.asarray(options["reset_mask"], dtype=np.bool_)
            if chosen.shape != (self.num_envs,) or not chosen.any():
                raise EnvironmentArgumentError(
                    f"options['reset_mask'] must be {self.num_envs} booleans, one true at least"
                )
            self._terminations[chosen] = self._truncations[chosen] = False
        infos: dict[str, Any] = {}
        for i in np.flatnonzero(chosen):
            observation, info = self.envs[i].reset(seed=seeds[i])
            self._store(int(i), observation, info, infos)
            self._autoreset[i] = False
        return self._observations.copy(), self._routine(infos)

    def step(
        self, actions: Any
    ) -> tuple[Batch, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """Step every game with its action; a game that ended on the last step is reset instead."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise EnvironmentArgumentError(f"actions must have shape ({self.num_envs},), not {actions.shape}")
        infos: dict[str, Any] = {}
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:
                observation, info = env.reset()
                self._rewards[i] = 0.0
                self._terminations[i] = self._truncations[i] = False
            else:
                observation, reward, terminated, truncated, info = env.step(actions[i])
                self._rewards[i] = float(reward)
                self._terminations[i] = terminated
                self._truncations[i] = truncated
            self._store(i, observation, info, infos)
        np.logical_or(self._terminations, self._truncations, out=self._autoreset)
        return (
            self._observations.copy(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            self._routine(infos),
        )

    def action_masks(self) -> BoolMask:
        """Each game's legal actions of its learning seat, ``(num_envs, n_actions)`` booleans.

        The masks are the ones the last ``reset``/``step`` returned: a game that just ended has
        an all-false row (its seat decides nothing) until the next step resets it.
        """
        return self._masks.astype(bool)

    def _store(
        self, i: int, observation: npt.NDArray[np.float32], info: dict[str, Any], infos: dict[str, Any]
    ) -> None:
        """Write game ``i``'s observation, mask and seat in place; merge its other infos."""
        self._observations[i] = observation
        self._masks[i] = info["action_mask"]
        self._seats[i] = info["seat"]
        rare = {key: value for key, value in info.items() if key not in ROUTINE_INFO}
        if rare:
            self._add_info(infos, rare, i)

    def _routine(self, infos: dict[str, Any]) -> dict[str, Any]:
        """The infos with the masks and seats every game gave (so their ``_key`` masks are all true)."""
        every = np.ones(self.num_envs, dtype=np.bool_)
        infos["action_mask"], infos["_action_mask"] = self._masks.copy(), every
        infos["seat"], infos["_seat"] = self._seats.copy(), every.copy()
        return infos
