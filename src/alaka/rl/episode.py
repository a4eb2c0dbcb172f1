"""What the PettingZoo and Gymnasium environments share: chance, tensors, rewards, text.

Both environments resolve chance inside, with a ``random.Random`` seeded by ``reset(seed=)``,
so an agent only ever sees decisions; both give an agent the tensor of its own view and the
mask of its legal actions; both pay *win shares* at the end (a winner gets 1, the winners of a
shared win split 1) and report a game stopped at the safety limit as truncated.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from alaka.bots.ismcts import win_shares
from alaka.core.encoding import ViewEncoding
from alaka.core.errors import AlakaError
from alaka.core.protocol import CHANCE, Game, State
from alaka.rl.encoding import (
    LogCursor,
    Mask,
    Tensor,
    action_mask,
    for_game,
    information_state,
    observation,
    recent_view,
)

#: What an agent's ``observation`` is: the information state (the position and the last
#: events, the default) or the observation alone (the position).
OBSERVATION_KINDS = ("information_state", "observation")
#: How many recent log lines a text rendering shows.
RENDER_LOG_LINES = 8


class EnvironmentArgumentError(AlakaError):
    """A bad argument to an environment (unknown observation kind, seat, opponent...)."""


class Tensors(NamedTuple):
    """An environment's tensors: the game's encoding, the chosen reader and its size."""

    encoding: ViewEncoding
    read: Callable[[ViewEncoding, State, int | None, LogCursor | None], Tensor]
    size: int


def tensor_reader(kind: str) -> Callable[[ViewEncoding, State, int | None, LogCursor | None], Tensor]:
    """The function that reads the chosen kind of tensor."""
    if kind == "information_state":
        return information_state
    if kind == "observation":
        return observation
    raise EnvironmentArgumentError(f"observation must be one of {', '.join(OBSERVATION_KINDS)}, not {kind!r}")


def tensors(game: Game, num_players: int, options: dict[str, object], kind: str) -> Tensors:
    """The encoding of ``game`` for a player count and options, the reader of the chosen kind
    of tensor, and that tensor's size: what every environment needs first."""
    encoding = for_game(game)(num_players, **options)
    read = tensor_reader(kind)
    size = encoding.information_state_size if kind == "information_state" else encoding.observation_size
    return Tensors(encoding, read, size)


def play_chance(state: State, rng: random.Random) -> None:
    """Draw chance outcomes until a seat must decide or the game is over."""
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))


def rewards(state: State) -> tuple[float, ...]:
    """Each seat's reward for a finished game: its win share (all 0 before the end, and when
    the game stopped at the safety limit)."""
    return win_shares(state)


def mask(encoding: ViewEncoding, state: State, seat: int) -> Mask:
    """``seat``'s legal-action mask: the legal actions when it decides, else all zeros."""
    if state.current_player() != seat:
        return np.zeros(encoding.num_actions, dtype=np.int8)
    return action_mask(encoding, state)


def render_text(state: State, seat: int | None) -> str:
    """A seat's view (or a spectator's) as text, with the last few log lines."""
    return str(state.game.render_view(recent_view(state, seat, RENDER_LOG_LINES)))
