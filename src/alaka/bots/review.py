"""Review a played game as a chess site does: each decision of one seat rated by a search.

For every decision the seat made with more than one choice, a flat IS-MCTS search (each
choice tried in many worlds, then played on by the game's heuristic and scored by its
evaluator, or played to the end at random where the game has no heuristic) estimates the win
chance of each choice. The review then says how much win chance the chosen move gave away
against the best one found, and which decisions cost the most.

It judges only with what the seat could see: the search starts from a world dealt by
``resample(seat, ...)``, which keeps the seat's view and draws everything hidden from it (other
hands, the deck, face-down cards) again, and every world of the search is dealt from that one
the same way. Two games that differ only in what the seat could not see are reviewed alike
(a test checks this). The search's own randomness comes from a seed and the step, so a review
is repeatable.

The terminal's ``alaka review RECORD --seat N`` and the browser's review page both call
:func:`review_game`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from alaka.bots.ismcts import ISMCTSBot
from alaka.core.errors import AlakaError
from alaka.core.protocol import JsonDict, State
from alaka.core.records import replay_states
from alaka.core.registry import entry

#: The search budget of one decision (iterations), and the least each choice gets.
DEFAULT_ITERATIONS = 200
PER_CHOICE_AT_LEAST = 4
#: A choice that gives away less win chance than this is not called a mistake.
MISTAKE = 0.05


class ReviewError(AlakaError):
    """A review that cannot be made (no such seat, a game not played by that seat)."""


@dataclass(frozen=True)
class Rated:
    """One choice of a decision and the win chance the search found for it (0 to 1)."""

    action: str
    label: str
    win: float


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what was chosen, the best choice found, and the win
    chance the chosen move gave away against it (``loss``, 0 when it was the best)."""

    step: int
    turn: int
    chosen: Rated
    best: Rated
    choices: tuple[Rated, ...]

    @property
    def loss(self) -> float:
        return max(0.0, self.best.win - self.chosen.win)

    def json(self) -> JsonDict:
        return {
            "step": self.step,
            "turn": self.turn,
            "chosen": _rated_json(self.chosen),
            "best": _rated_json(self.best),
            "loss": round(self.loss, 4),
            "choices": [_rated_json(r) for r in self.choices],
        }


def _rated_json(rated: Rated) -> JsonDict:
    return {"action": rated.action, "label": rated.label, "win": round(rated.win, 4)}


@dataclass(frozen=True)
class Review:
    """The review of one seat's decisions in one game."""

    game: str
    seat: int
    iterations: int
    decisions: tuple[Decision, ...]

    def costly(self, count: int = 5) -> list[Decision]:
        """The decisions that gave away the most win chance (mistakes only), worst first."""
        worst = sorted(self.decisions, key=lambda d: (-d.loss, d.step))
        return [d for d in worst if d.loss >= MISTAKE][:count]

    @property
    def agreement(self) -> float:
        """The share of decisions whose choice was as good as the best found: it gave away less
        than :data:`MISTAKE` (choices closer than that are within the search's noise)."""
        if not self.decisions:
            return 1.0
        return sum(d.loss < MISTAKE for d in self.decisions) / len(self.decisions)

    def json(self) -> JsonDict:
        return {
            "game": self.game,
            "seat": self.seat,
            "iterations": self.iterations,
            "mistake": MISTAKE,
            "agreement": round(self.agreement, 4),
            "decisions": [d.json() for d in self.decisions],
            "costly": [d.step for d in self.costly()],
        }


def searcher(game: str, iterations: int) -> ISMCTSBot:
    """The review's search: flat (``levels=1``: every root choice tried in many worlds), guided
    by the game's heuristic where it has one."""
    found = entry(game)
    if not found.has_heuristic:
        return ISMCTSBot(iterations=iterations, levels=1)
    heuristic = found.load_heuristic()
    return ISMCTSBot(
        iterations=iterations,
        levels=1,
        depth=30,
        rollout=heuristic.policy,
        opponent_policy=heuristic.policy,
        evaluator=heuristic.evaluate,
    )


def rate(
    state: State, seat: int, *, iterations: int = DEFAULT_ITERATIONS, seed: object = 0
) -> dict[str, float]:
    """The win chance of each legal choice of ``seat`` in ``state``, judged only from what
    ``seat`` sees (see the module docstring). ``seed`` makes it repeatable."""
    legal = state.legal_actions()
    rng = random.Random(f"{seed}:{len(state.history)}")
    world = state.resample(seat, rng)  # what the seat cannot see, dealt afresh
    bot = searcher(state.game.name, max(iterations, PER_CHOICE_AT_LEAST * len(legal)))
    bot.act(world, seat, rng)
    means = bot.last.root_means
    return {a.name: means.get(a.name, 0.0) for a in legal}


def review_game(
    record: Mapping[str, Any],
    seat: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: object = 0,
    progress: Callable[[int, int], None] | None = None,
    files: Mapping[str, str] | None = None,
) -> Review:
    """Rate every decision ``seat`` made with more than one choice in the game ``record``.

    ``progress(done, total)`` is called after each decision (a page shows how far it is).
    """
    states = list(replay_states(dict(record), files=files))
    first = states[0]
    if not 0 <= seat < first.num_players:
        raise ReviewError(f"there is no seat {seat + 1}; this game had {first.num_players} players")
    steps = [
        k
        for k, state in enumerate(states[:-1])
        if state.current_player() == seat and len(state.legal_actions()) > 1
    ]
    decisions = []
    for done, k in enumerate(steps, start=1):
        state = states[k]
        played = states[k + 1].history[-1]  # the id of the action the seat chose
        chosen_name = next(a.name for a in state.legal_actions() if a.id == played)
        wins = rate(state, seat, iterations=iterations, seed=seed)
        game = state.game
        rated = tuple(
            Rated(a.name, game.label(state, a), wins[a.name])
            for a in sorted(state.legal_actions(), key=lambda a: -wins[a.name])
        )
        chosen = next(r for r in rated if r.action == chosen_name)
        decisions.append(Decision(k, int(state.view(seat, log_since=None)["turn"]), chosen, rated[0], rated))
        if progress is not None:
            progress(done, len(steps))
    return Review(first.game.name, seat, iterations, tuple(decisions))


def review_text(review: Review, title: str, top: int = 5) -> str:
    """The review in words, for the terminal."""
    lines = [
        f"Review of Player {review.seat + 1}'s decisions in {title} ({len(review.decisions)} decisions with a"
        f" choice; {review.iterations} searches each, from what Player {review.seat + 1} could see)",
        f"A choice as good as the best found (within {MISTAKE:.0%}) was made"
        f" {review.agreement:.0%} of the time.",
    ]
    costly = review.costly(top)
    if not costly:
        lines.append(f"No decision gave away {MISTAKE:.0%} win chance or more.")
    for d in costly:
        lines.append(
            f"- turn {d.turn} (step {d.step}): {d.chosen.label} ({d.chosen.win:.0%} to win);"
            f" better: {d.best.label} ({d.best.win:.0%}), -{d.loss:.0%}"
        )
    return "\n".join(lines)
