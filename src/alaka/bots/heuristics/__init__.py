"""Per-game heuristics: a rollout/decision policy and a position evaluator for each game.

Each game module provides ``policy(state, seat, rng) -> Action`` (a legal action chosen as a
decent human would) and ``evaluate(state) -> tuple[float, ...]`` (one value in [0, 1] per
seat, summing to 1: an estimate of each seat's chance to win). They read only what the deciding
seat may see, and the heuristic bot calls them on a resampled state to make sure of it.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from alaka.core.protocol import Action, State

Policy = Callable[[State, int, random.Random], Action]
Evaluator = Callable[[State], Sequence[float]]

_MODULES = {
    "alakazoo": "alaka.bots.heuristics.alakazoo",
    "alakazum": "alaka.bots.heuristics.alakazum",
}


@dataclass(frozen=True)
class Heuristic:
    policy: Policy
    evaluate: Evaluator


def heuristic_for(game_name: str) -> Heuristic:
    """The heuristic of a game (``ValueError`` if it has none)."""
    target = _MODULES.get(game_name)
    if target is None:
        raise ValueError(f"no heuristic is written for {game_name!r}")
    module = importlib.import_module(target)
    return Heuristic(module.policy, module.evaluate)
