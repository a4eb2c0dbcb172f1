"""The heuristic bot: a game's hand-written policy, applied to a resampled state.

Deciding on ``state.resample(seat, rng, search=True)`` (a search copy: no history to copy)
rather than on the state itself means that even a heuristic that carelessly read another seat's
hand would be reading a random guess of it, and two states the seat cannot tell apart give the
same decision for the same RNG.
"""

from __future__ import annotations

import random

from alaka.core.entry import Heuristic
from alaka.core.protocol import Action, State


class HeuristicBot:
    name = "heuristic"

    def __init__(self, heuristic: Heuristic) -> None:
        self.heuristic = heuristic

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        guess = state.resample(seat, rng, search=True)
        chosen = self.heuristic.policy(guess, seat, rng)
        # Same id, so the action of the real state's table is returned.
        for action in legal:
            if action.id == chosen.id:
                return action
        raise ValueError(f"the heuristic chose {chosen.name!r}, which is not legal here")
