"""How long the server waits before it acts by itself, and why a quick answer waits too.

A person's decision with a single legal choice is taken by the server after a random pause
(:attr:`Pace.forced`), and a person's answer out of turn takes effect no sooner than the same
draw (:meth:`Pauses.window`, held by :meth:`alaka.ui.web.referee.Referee.act`), so a window
answered quickly tells nobody whether there was a choice (in Alakazum!'s voodoo window, whether
a player holds a doll); only a window longer than the longest pause shows that someone was
thinking. Bots pause too (:attr:`Pace.bot`), so people can follow the game.

The pauses are drawn from a generator of their own, apart from the games' (see
:mod:`alaka.ui.web.seeds`), so a pause never changes a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from alaka.ui.web.table import Table


@dataclass(frozen=True)
class Pace:
    """How long the server waits, in seconds (a uniform draw between the two bounds)."""

    bot: tuple[float, float] = (0.5, 1.0)
    forced: tuple[float, float] = (0.4, 1.2)

    @classmethod
    def scaled(cls, factor: float) -> Pace:
        """The default pace times ``factor`` (0 makes the server answer at once: tests, benchmarks)."""
        base = cls()
        return cls(
            bot=(base.bot[0] * factor, base.bot[1] * factor),
            forced=(base.forced[0] * factor, base.forced[1] * factor),
        )


class Pauses:
    """The pauses of one room, drawn from :attr:`Pace`'s bounds."""

    def __init__(self, pace: Pace) -> None:
        self.pace = pace
        #: Picks the pauses; separate from the game's generators so it never changes a game.
        self._rng = random.SystemRandom()

    def draw(self, low: float, high: float) -> float:
        """A pause between ``low`` and ``high`` seconds."""
        return self._rng.uniform(low, high)

    def window(self, table: Table) -> float:
        """The pause of the decision now due, drawn once (from :attr:`Pace.forced`): the same
        draw holds a person's quick answer out of turn and times a forced one."""
        if table.window is None or table.window[0] != table.seq:
            table.window = (table.seq, self._rng.uniform(*self.pace.forced))
        return table.window[1]
