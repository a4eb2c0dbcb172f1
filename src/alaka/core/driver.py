"""The seeded driver: plays a state to its end with bots, sampling chance with one RNG."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from alaka.core.protocol import CHANCE, TERMINAL, Action, State


class Bot(Protocol):
    """Anything that picks an action for a seat. The RNG is injected, never global."""

    def act(self, state: State, seat: int, rng: random.Random) -> Action: ...


def play(
    state: State,
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    on_action: Callable[[State, int, Action], None] | None = None,
    max_actions: int | None = None,
) -> State:
    """Play ``state`` (in place) until the end and return it.

    ``bots[seat]`` decides for each seat; chance outcomes are drawn from ``rng`` (or a new
    ``random.Random(seed)``), so the same seed and bots replay the same game. ``on_action`` is
    called before each action with the state, the deciding player (or ``CHANCE``) and the action.
    """
    if len(bots) != state.num_players:
        raise ValueError(f"this game has {state.num_players} seats but {len(bots)} bots were given")
    rng = rng if rng is not None else random.Random(seed)
    limit = max_actions if max_actions is not None else state.max_game_length()
    for _ in range(limit + 1):
        player = state.current_player()
        if player == TERMINAL:
            return state
        action = state.sample_chance(rng) if player == CHANCE else bots[player].act(state, player, rng)
        if on_action is not None:
            on_action(state, player, action)
        state.apply_action(action)
    raise RuntimeError(f"the game did not end within {limit} actions")
