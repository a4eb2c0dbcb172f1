"""Both games as single-agent Gymnasium environments: one seat learns, bots play the others.

``import alaka.rl.gym`` registers ``alaka/Alakazum-v0`` and ``alaka/Alakazoo-v0``::

    env = gymnasium.make("alaka/Alakazoo-v0", num_players=3, opponents="heuristic")

The observation is the learning seat's information-state tensor (``observation="observation"``
for the position alone); ``info["action_mask"]`` and :meth:`AlakaEnv.action_masks` give its
legal actions (the method is what sb3-contrib's ``MaskablePPO`` calls). Between two of the
seat's decisions the environment draws chance and lets the other seats' bots play, all with
one ``random.Random`` seeded from ``reset(seed=)``; the opponents may be drawn each episode from
a :class:`Mix`, and may be the learner's own snapshots (:meth:`AlakaEnv.set_opponents`).

By default the reward is 0 until the end, then the seat's win share; ``reward="rank"`` or
``"margin"`` pays its place or its score margin instead, and ``shaping=`` adds a potential-based
term at every step (:mod:`alaka.rl.rewards`). An illegal action ends the episode with
``illegal_action_reward`` (-1 by default, no shaping) and ``info["illegal_action"]``: an agent
without masking learns to avoid them, and a masked agent never meets one. A game stopped by the
``max_turns`` option is truncated.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import alaka
from alaka.bots.registry import BotSpecError, bot_from_object, make_bot
from alaka.core.driver import Bot
from alaka.core.entry import Policy
from alaka.core.protocol import State
from alaka.rl.encoding import LogCursor, Tensor, encoded_games
from alaka.rl.episode import (
    EnvironmentArgumentError,
    mask,
    play_chance,
    render_text,
    tensors,
)
from alaka.rl.rewards import RewardRule

RENDER_MODES = ("ansi", "human")
BoolMask = npt.NDArray[np.bool_]


def env_id(game: str) -> str:
    """The registered id of a game's environment: ``alaka/Alakazoo-v0``."""
    return f"alaka/{game.capitalize()}-v0"


class Mix:
    """Opponents a seat draws from, one per episode, uniformly with the episode's seeded
    generator: ``Mix("random", "heuristic", snapshot)``. Repeat a choice to weight it."""

    def __init__(self, *choices: Opponent) -> None:
        if not choices:
            raise EnvironmentArgumentError("a Mix needs at least one opponent to draw from")
        if any(isinstance(choice, Mix) for choice in choices):
            raise EnvironmentArgumentError("a Mix draws opponents, not other Mixes")
        self.choices: tuple[Opponent, ...] = choices

    def __repr__(self) -> str:
        return f"Mix({', '.join(map(opponent_label, self.choices))})"


#: One opponent: a bot spec, a bot (``act(state, seat, rng)``) or a policy function.
Opponent = str | Bot | Policy
#: What ``opponents=`` takes: an opponent or a :class:`Mix` for every other seat, or one each.
Opponents = Opponent | Mix | Sequence[Opponent | Mix]


def opponent_label(opponent: Opponent) -> str:
    """How :attr:`AlakaEnv.drawn` names an opponent: its spec, or its function's or class's name."""
    if isinstance(opponent, str):
        return opponent
    return str(getattr(opponent, "__name__", type(opponent).__name__))


class AlakaEnv(gymnasium.Env[Tensor, np.int64]):
    """One seat of an Alaka game against bots from the registry (``random``, ``heuristic``...).

    ``seat`` is the learning seat (``None``: a random seat each episode); ``opponents`` is one
    opponent for every other seat or a list with one per other seat, in seat order: a bot spec,
    a bot object or policy function, or a :class:`Mix` of them (:meth:`set_opponents`).
    ``reward`` is the end reward (``"win"``, ``"rank"``, ``"margin"``), ``shaping`` the weight of
    the potential-based term and ``shaping_gamma`` its discount (:class:`RewardRule`).
    """

    # Gymnasium declares ``metadata`` an instance attribute with a class-level default.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str = "alakazoo",
        num_players: int | None = None,
        *,
        seat: int | None = 0,
        opponents: Opponents = "heuristic",
        observation: str = "information_state",
        illegal_action_reward: float = -1.0,
        reward: str = "win",
        shaping: float = 0.0,
        shaping_gamma: float = 1.0,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        self.game = alaka.game(game)
        self.num_players = self.game.check_players(num_players)
        if seat is not None and not 0 <= seat < self.num_players:
            raise EnvironmentArgumentError(f"seat must be 0..{self.num_players - 1} or None, not {seat!r}")
        self._choices: list[tuple[Bot, ...]] = []
        self._labels: list[tuple[str, ...]] = []
        self.set_opponents(opponents)
        #: The opponent each other seat plays this episode, by label, in seat order.
        self.drawn: tuple[str, ...] = ()
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal_action_reward = float(illegal_action_reward)
        self.reward_rule = RewardRule.for_game(self.game.name, reward, shaping, shaping_gamma)
        #: phi of the state where the learning seat last decided (see :meth:`RewardRule.potential`).
        self._potential = 0.0
        self.render_mode = render_mode
        self.options = options
        self.encoding, self._read, size = tensors(self.game, self.num_players, options, observation)
        self.observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self._rng = random.Random(0)
        self._state: State | None = None
        self._cursor = LogCursor()
        self._bots: dict[int, Bot] = {}

    @property
    def alaka_state(self) -> State:
        """The engine's state of the episode (read it; step through the environment)."""
        if self._state is None:
            raise EnvironmentArgumentError("call reset() before using the environment")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        super().reset(seed=seed)
        del options  # the game's options are fixed when the environment is made
        self._rng = random.Random(int(self.np_random.integers(2**62)))
        if self.fixed_seat is None:
            self.seat = self._rng.randrange(self.num_players)
        others = [q for q in range(self.num_players) if q != self.seat]
        # A seat with one choice draws nothing, so fixed opponents leave the episode's draws
        # (and every seeded episode made before mixes existed) as they were.
        picks = [0 if len(bots) == 1 else self._rng.randrange(len(bots)) for bots in self._choices]
        self._bots = {q: bots[i] for q, bots, i in zip(others, self._choices, picks, strict=True)}
        self.drawn = tuple(labels[i] for labels, i in zip(self._labels, picks, strict=True))
        self._state = self.game.new_initial_state(self.num_players, **self.options)
        self._cursor = LogCursor()
        self._advance()
        self._potential = self.reward_rule.potential(self._state, self.seat)
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Tensor, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.alaka_state
        if state.is_terminal():
            raise EnvironmentArgumentError("the episode is over: call reset() to start another")
        legal = mask(self.encoding, state, self.seat)
        index = int(action)
        if not 0 <= index < len(legal) or not legal[index]:
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_action_reward, True, False, info
        state.apply_action(state.action_table().actions[index])
        self._advance()
        terminated = truncated = False
        if state.is_terminal():
            truncated = self.encoding.truncated(state)
            terminated = not truncated
        reward = self.reward_rule.final(state, self.seat, truncated) if state.is_terminal() else 0.0
        potential = self.reward_rule.potential(state, self.seat)
        reward += self.reward_rule.shaping_term(self._potential, potential)
        self._potential = potential
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def set_opponents(self, opponents: Opponents) -> None:
        """Who plays the other seats from the next ``reset()`` on: one opponent for every
        other seat, or a list or tuple of one per other seat, in seat order (the first other
        seat is the lowest seat that is not the learner's).

        An opponent is a bot spec from the registry (``"heuristic"``, ``"ismcts:iterations=50"``),
        an object with ``act(state, seat, rng)`` or a policy function ``(state, seat, rng) ->
        action`` (the ``python`` bot's rule: a learner's frozen snapshot plays this way), or a
        :class:`Mix` of those, from which the seat draws one each episode with the episode's
        seeded generator. A training loop calls this between rollouts to add snapshots.
        """
        others = self.num_players - 1
        if isinstance(opponents, list | tuple):
            seats = list(opponents)
            if len(seats) != others:
                raise EnvironmentArgumentError(
                    f"opponents needs one opponent or {others} (one per other seat), got {len(seats)}"
                )
        else:
            seats = [opponents] * others
        choices = [opponent.choices if isinstance(opponent, Mix) else (opponent,) for opponent in seats]
        self._choices = [tuple(self._bot(choice) for choice in options) for options in choices]
        self._labels = [tuple(map(opponent_label, options)) for options in choices]

    def _bot(self, opponent: Opponent) -> Bot:
        """An opponent as a bot: a spec is made afresh for each seat, an object is used as given."""
        if isinstance(opponent, str):
            return make_bot(opponent, self.game.name)
        try:
            return bot_from_object(opponent, opponent_label(opponent))
        except BotSpecError as error:
            raise EnvironmentArgumentError(
                f"an opponent is a bot spec, a Mix, an object with act(state, seat, rng) or a policy "
                f"function, not {opponent!r}"
            ) from error

    def action_masks(self) -> BoolMask:
        """The legal actions of the learning seat as booleans (sb3-contrib's ``MaskablePPO``)."""
        return mask(self.encoding, self.alaka_state, self.seat).astype(bool)

    def _advance(self) -> None:
        """Play chance and the other seats until the learning seat decides or the game ends."""
        state = self.alaka_state
        while True:
            play_chance(state, self._rng)
            player = state.current_player()
            if state.is_terminal() or player == self.seat:
                return
            state.apply_action(self._bots[player].act(state, player, self._rng))

    def _observe(self) -> Tensor:
        return self._read(self.encoding, self.alaka_state, self.seat, self._cursor)

    def _info(self) -> dict[str, Any]:
        state = self.alaka_state
        info: dict[str, Any] = {"action_mask": mask(self.encoding, state, self.seat), "seat": self.seat}
        outcome = state.outcome()
        if outcome is not None:
            info["outcome"] = outcome.to_json()
        return info

    def render(self) -> str | None:
        """The learning seat's view as text (``ansi``), or printed (``human``).

        A mode the environment does not draw (``rgb_array``, which Stable-Baselines3's
        ``make_vec_env`` asks for by default) is accepted at construction, as Gymnasium's own
        environments accept it (``gymnasium.make`` already warns of it); asking to render
        then warns and draws nothing, instead of refusing to make the environment.
        """
        if self.render_mode is None:
            return None
        if self.render_mode not in RENDER_MODES:
            gymnasium.logger.warn(
                f"this environment draws render_mode {' or '.join(map(repr, RENDER_MODES))}, "
                f"not {self.render_mode!r}: nothing is drawn"
            )
            return None
        text = render_text(self.alaka_state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> None:
    """Register each game's environment with Gymnasium (done on import; harmless again), with
    :class:`alaka.rl.vector.AlakaVectorEnv` as its vector entry point, so ``gymnasium.make_vec(...,
    vectorization_mode="vector_entry_point")`` steps N games without per-game wrappers."""
    for name in encoded_games():
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(
                env_id(name),
                entry_point="alaka.rl.gym:AlakaEnv",
                vector_entry_point="alaka.rl.vector:AlakaVectorEnv",
                kwargs={"game": name},
            )


register()
