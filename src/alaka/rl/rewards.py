"""What a learning seat is paid: the end-of-game reward of its choice, and an optional shaping term.

A win share at the end is what the game is about, but against the default heuristic seats a new
learner almost never wins, so it sees nothing but zeros. Two ways out, both opt-in:

- a richer *end* reward, read from the game's outcome: ``"rank"`` (the seat's place among the
  seats) or ``"margin"`` (its score against the best other score);
- a *potential-based* per-step term, ``weight * (gamma * phi(next) - phi(now))``, with ``phi``
  the game's heuristic estimate of the seat's chance to win. Ng, Harada & Russell (1999) showed
  that a term of exactly this form changes no policy's ranking: over an episode it adds
  ``-weight * phi(first state)`` (with ``gamma`` 1), whatever the seat did, so the best policy
  stays the best, while the learner feels each step that moved its chance up or down.

The evaluator reads the true state (hands it cannot see included): that only shapes the reward,
never the observation, and it is read at the states where the seat decides, the ones it sees.
Every rule lives here, so each environment calls :class:`RewardRule` instead of its own copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from alaka.bots.ismcts import win_shares
from alaka.core.entry import Evaluator
from alaka.core.protocol import Outcome, State
from alaka.core.registry import entry
from alaka.rl.episode import EnvironmentArgumentError

#: The end-of-game rewards a seat may be paid; ``"win"`` is the default and what the
#: environments always paid.
REWARD_KINDS = ("win", "rank", "margin")


def rank_value(outcome: Outcome, seat: int) -> float:
    """``seat``'s place in the outcome's ranking as a number: 1 for first, 0 for last, linear in
    between; seats sharing a place share the mean of the places they fill (two seats tied first
    of three get 0.75 each, every seat tied gets 0.5), so the values of all seats always sum to
    n / 2: a place gained is a place another seat lost."""
    n = sum(len(group) for group in outcome.ranking)
    if n <= 1:
        return 1.0
    ahead = 0
    for group in outcome.ranking:
        if seat in group:
            # The group fills places ahead .. ahead + len - 1; place p is worth 1 - p / (n - 1).
            mean_place = ahead + (len(group) - 1) / 2
            return 1.0 - mean_place / (n - 1)
        ahead += len(group)
    raise EnvironmentArgumentError(f"seat {seat} is not in the ranking {outcome.ranking}")


def margin_value(scores: tuple[int, ...], seat: int) -> float:
    """``seat``'s score minus the best other seat's, divided by the largest absolute score: in
    [-1, 1] whatever the game's scale (a runaway win is 1 only when every other seat scored 0),
    and 0 when every score is 0."""
    scale = max(abs(score) for score in scores)
    if scale == 0:
        return 0.0
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return (scores[seat] - best_other) / scale


@dataclass(frozen=True)
class RewardRule:
    """How an environment pays one seat: ``kind`` at the end, ``shaping`` times the change of
    the heuristic's win-chance estimate at each step, discounted by ``gamma``.

    Made with :meth:`for_game`, which refuses what the game cannot support.
    """

    kind: str = "win"
    #: Whether the game keeps scores (``"rank"`` falls back to the win share without them).
    scores: bool = True
    shaping: float = 0.0
    gamma: float = 1.0
    evaluate: Evaluator | None = None

    @classmethod
    def for_game(cls, game: str, kind: str = "win", shaping: float = 0.0, gamma: float = 1.0) -> RewardRule:
        """The rule for ``game``; :class:`EnvironmentArgumentError` for an unknown kind, a
        ``"margin"`` without scores, a shaping weight without a heuristic, or a bad number."""
        found = entry(game)
        if kind not in REWARD_KINDS:
            raise EnvironmentArgumentError(f"reward must be one of {', '.join(REWARD_KINDS)}, not {kind!r}")
        if kind == "margin" and not found.scores:
            raise EnvironmentArgumentError(
                f"reward='margin' needs scores, and {found.title} keeps none: use 'win' or 'rank'"
            )
        if isinstance(shaping, bool) or not isinstance(shaping, int | float) or not shaping >= 0:
            raise EnvironmentArgumentError(f"shaping is a weight of 0 or more, not {shaping!r}")
        if isinstance(gamma, bool) or not isinstance(gamma, int | float) or not 0 < gamma <= 1:
            raise EnvironmentArgumentError(f"shaping_gamma is a discount in (0, 1], not {gamma!r}")
        evaluate = None
        if shaping > 0:
            if not found.has_heuristic:
                raise EnvironmentArgumentError(
                    f"shaping needs the game's heuristic evaluator, and {found.title} has none: use shaping=0"
                )
            evaluate = found.load_heuristic().evaluate
        return cls(kind, found.scores, float(shaping), float(gamma), evaluate)

    def final(self, state: State, seat: int, truncated: bool) -> float:
        """``seat``'s end reward for a finished game; 0 for a game stopped at the safety limit
        (nobody won it, so no place or margin means anything), as the win share already is."""
        outcome = state.outcome()
        if truncated or outcome is None:
            return 0.0
        if self.kind == "rank" and self.scores:
            return rank_value(outcome, seat)
        if self.kind == "margin":
            return margin_value(outcome.scores, seat)
        return float(win_shares(state)[seat])

    def potential(self, state: State, seat: int) -> float:
        """phi: the heuristic's chance that ``seat`` wins from ``state``, 0 once the game is over
        (so the shaping of an episode telescopes to ``-weight * phi(start)``), and 0 without
        shaping (nothing is evaluated then)."""
        if self.evaluate is None or state.is_terminal():
            return 0.0
        return float(self.evaluate(state)[seat])

    def shaping_term(self, before: float, after: float) -> float:
        """``weight * (gamma * phi(after) - phi(before))``, from the two potentials."""
        return self.shaping * (self.gamma * after - before)
