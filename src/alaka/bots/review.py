"""Review a played game as a chess site does, but honestly: each decision of one seat rated,
and only the decisions that mattered counted.

**How a choice is rated.** Where the game ships learned weights (or a model is given), every
legal choice of a decision is tried in the same :data:`DEFAULT_WORLDS` worlds: each world is
dealt by ``resample(seat, ...)`` (the seat's view kept, everything hidden from it drawn again)
and given a seed for its chance. The choice is applied, the game is played on through chance and
forced moves to the next real decision (:func:`alaka.bots.learned.advance`), and the seat's win
share there is read from the network as the player deciding there sees it (or, at the end of
the game, the seat's win share). A choice's rating is the mean over the worlds, its noise the
standard error of that mean. Because every choice of a decision meets the same worlds and the
same dice, two choices are compared by their paired difference, whose noise is far smaller than
either rating's.

Without weights (the test game ``guess``, say) the review falls back to a flat IS-MCTS search
from one resampled world, guided by the game's heuristic where it has one (:func:`searcher`);
a choice's noise is then the binomial bound ``sqrt(q (1 - q) / visits)``, with ``q`` the mean
pulled towards one half by one win and one loss more (so a choice that won all of its few
visits is not called certain), and two choices are compared as independent estimates.

**What counts.** Most decisions of a card game hardly matter, and a player who chose at random
still "matches the best" most of the time if every decision is counted. So a decision
*mattered* when its best and worst choices differ by more than :data:`Z` times the noise of that
difference *and* by at least :data:`MATTERS` win chance; the chosen move was *the best* when it
is behind the best by no more than that (noise or :data:`MATTERS`, whichever is larger). A
decision where every choice leaves the seat below :data:`DECIDED` (or above ``1 - DECIDED``) win
chance was *already decided*: it cannot matter, and the review says from which turn on the game
stayed decided.

It judges only with what the seat could see: every world starts from ``resample(seat, ...)``,
so two games that differ only in what the seat could not see are reviewed alike (a test checks
this). The worlds and dice come from a seed and the step, so a review is repeatable.

The terminal's ``alaka review RECORD --seat N`` and the browser's review page both call
:func:`review_game`.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from alaka.bots.ismcts import ISMCTSBot, win_shares
from alaka.bots.learned import LearnedModel, WeightsError, advance, model_for
from alaka.core.errors import AlakaError
from alaka.core.language import tr, trn
from alaka.core.protocol import TERMINAL, JsonDict, State
from alaka.core.records import replay_states
from alaka.core.registry import entry

#: The search budget of one decision (iterations) without learned weights, and the least each
#: choice gets.
DEFAULT_ITERATIONS = 200
PER_CHOICE_AT_LEAST = 4
#: The worlds every choice of a decision is tried in with the learned value. 32 paired worlds
#: put the noise of a difference between two choices at a few points of win chance.
DEFAULT_WORLDS = 32
#: The least difference in win chance that counts: smaller ones are not worth a player's
#: thought even when the estimate is sure of them.
MATTERS = 0.02
#: How many standard errors a difference must exceed to be told from noise (about 95%).
Z = 2.0
#: A seat with less than this win chance whatever it chooses (or more than ``1 - DECIDED``)
#: was in a game already decided.
DECIDED = 0.02

#: What a review judges with: a model, the game's shipped weights where it has them
#: (``"auto"``), or the search (``"search"``).
Judge = LearnedModel | Literal["auto", "search"]


class ReviewError(AlakaError):
    """A review that cannot be made (no such seat, a game not played by that seat)."""


@dataclass(frozen=True)
class Rated:
    """One choice of a decision: the win chance found for it (0 to 1) and the standard error
    of that estimate."""

    action: str
    label: str
    win: float
    noise: float


@dataclass(frozen=True)
class Rating:
    """Every choice's estimated win chance and noise at one decision, and, for the learned
    value, its win chance in each of the common worlds (the paired samples)."""

    wins: dict[str, float]
    noise: dict[str, float]
    samples: dict[str, list[float]] | None = None

    def gap_noise(self, a: str, b: str) -> float:
        """The standard error of ``wins[a] - wins[b]``: paired over the common worlds where
        there are samples, else as if the two estimates were independent."""
        if self.samples is None:
            return math.hypot(self.noise[a], self.noise[b])
        return _standard_error([x - y for x, y in zip(self.samples[a], self.samples[b], strict=True)])


def _standard_error(values: list[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what was chosen, every choice rated (best first), and
    the noise of the two differences that judge it (best against chosen, best against worst)."""

    step: int
    turn: int
    chosen: Rated
    choices: tuple[Rated, ...]
    loss_noise: float
    spread_noise: float

    @property
    def best(self) -> Rated:
        return self.choices[0]

    @property
    def loss(self) -> float:
        """The win chance the chosen move gave away against the best one (0 if it was it)."""
        return max(0.0, self.best.win - self.chosen.win)

    @property
    def decided(self) -> str | None:
        """``"lost"`` or ``"won"`` if every choice left the game so (see :data:`DECIDED`)."""
        if all(r.win < DECIDED for r in self.choices):
            return "lost"
        if all(r.win > 1.0 - DECIDED for r in self.choices):
            return "won"
        return None

    @property
    def mattered(self) -> bool:
        """The best and worst choices differ by more than their noise and by :data:`MATTERS`."""
        spread = self.best.win - self.choices[-1].win
        return self.decided is None and spread > max(MATTERS, Z * self.spread_noise)

    @property
    def good(self) -> bool:
        """The chosen move was the best, within noise (or within :data:`MATTERS`)."""
        return self.loss <= max(MATTERS, Z * self.loss_noise)

    @property
    def costly(self) -> bool:
        """A decision that mattered, where the chosen move was not the best."""
        return self.mattered and not self.good

    def json(self) -> JsonDict:
        return {
            "step": self.step,
            "turn": self.turn,
            "chosen": _rated_json(self.chosen),
            "best": _rated_json(self.best),
            "loss": round(self.loss, 4),
            "loss_noise": round(self.loss_noise, 4),
            "mattered": self.mattered,
            "good": self.good,
            "decided": self.decided,
            "choices": [_rated_json(r) for r in self.choices],
        }


def _rated_json(rated: Rated) -> JsonDict:
    return {
        "action": rated.action,
        "label": rated.label,
        "win": round(rated.win, 4),
        "noise": round(rated.noise, 4),
    }


@dataclass(frozen=True)
class Review:
    """The review of one seat's decisions in one game. ``judge`` is ``"learned"`` (``budget``
    worlds per choice) or ``"search"`` (``budget`` iterations per decision)."""

    game: str
    seat: int
    judge: str
    budget: int
    decisions: tuple[Decision, ...]

    @property
    def mattered(self) -> list[Decision]:
        return [d for d in self.decisions if d.mattered]

    @property
    def best_of_mattered(self) -> int:
        """How many of the decisions that mattered got the best choice (within noise)."""
        return sum(d.good for d in self.mattered)

    @property
    def agreement(self) -> float:
        """The share of the decisions that mattered where the best choice was made (1 if none
        mattered: nothing was missed)."""
        mattered = self.mattered
        return self.best_of_mattered / len(mattered) if mattered else 1.0

    def costly(self, count: int = 5) -> list[Decision]:
        """The decisions that mattered and were missed, the costliest first."""
        return sorted((d for d in self.decisions if d.costly), key=lambda d: (-d.loss, d.step))[:count]

    @property
    def first_costly(self) -> Decision | None:
        """The earliest decision that mattered and was missed (a replay opens there)."""
        return next((d for d in self.decisions if d.costly), None)

    @property
    def decided_from(self) -> Decision | None:
        """The first decision from which every later one found the game decided the same way
        (lost, or won), or ``None`` if the last decision did not."""
        if not self.decisions or self.decisions[-1].decided is None:
            return None
        result = self.decisions[-1].decided
        first = len(self.decisions) - 1
        while first > 0 and self.decisions[first - 1].decided == result:
            first -= 1
        return self.decisions[first]

    def json(self) -> JsonDict:
        decided = self.decided_from
        first = self.first_costly
        return {
            "game": self.game,
            "seat": self.seat,
            "judge": self.judge,
            "budget": self.budget,
            "thresholds": {"matters": MATTERS, "z": Z, "decided": DECIDED},
            "with_choice": len(self.decisions),
            "mattered": len(self.mattered),
            "best": self.best_of_mattered,
            "agreement": round(self.agreement, 4),
            "decided": None
            if decided is None
            else {"result": decided.decided, "turn": decided.turn, "step": decided.step},
            "costly": [d.step for d in self.costly()],
            "first_costly": None if first is None else first.step,
            "decisions": [d.json() for d in self.decisions],
        }


def searcher(game: str, iterations: int) -> ISMCTSBot:
    """The review's search without learned weights: flat (``levels=1``: every root choice tried
    in many worlds), guided by the game's heuristic where it has one."""
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


def _rng(state: State, seed: object) -> random.Random:
    """The generator of one decision's worlds: the seed and the step, so a review repeats."""
    return random.Random(f"{seed}:{len(state.history)}")


def rate_by_search(
    state: State, seat: int, *, iterations: int = DEFAULT_ITERATIONS, seed: object = 0
) -> Rating:
    """Every legal choice of ``seat`` in ``state`` rated by :func:`searcher` from one world dealt
    from what ``seat`` sees; the noise of a choice is the binomial bound on its mean (see the
    module docstring)."""
    legal = state.legal_actions()
    rng = _rng(state, seed)
    world = state.resample(seat, rng)  # what the seat cannot see, dealt afresh
    bot = searcher(state.game.name, max(iterations, PER_CHOICE_AT_LEAST * len(legal)))
    bot.act(world, seat, rng)
    means, visits = bot.last.root_means, bot.last.root_visits
    wins = {a.name: means.get(a.name, 0.0) for a in legal}
    noise = {name: _binomial_noise(win, visits.get(name, 0)) for name, win in wins.items()}
    return Rating(wins, noise)


def _binomial_noise(mean: float, visits: int) -> float:
    """The standard error of a mean of ``visits`` results in [0, 1], at most its binomial
    bound, with the mean pulled towards one half by a win and a loss more (Laplace's rule)."""
    if visits <= 0:
        return 0.5
    q = (mean * visits + 1.0) / (visits + 2.0)
    return math.sqrt(q * (1.0 - q) / visits)


def rate_by_value(
    state: State, seat: int, model: LearnedModel, *, worlds: int = DEFAULT_WORLDS, seed: object = 0
) -> Rating:
    """Every legal choice of ``seat`` in ``state`` rated by ``model``'s value in common worlds
    (see the module docstring): each world is dealt from what ``seat`` sees and has one seed for
    its chance, which every choice uses, so the choices' differences are paired."""
    if worlds < 2:
        raise ValueError(f"a rating needs 2 worlds or more to know its noise, not {worlds}")
    legal = state.legal_actions()
    rng = _rng(state, seed)
    samples = {a.name: [0.0] * worlds for a in legal}
    pending: list[tuple[State, int]] = []
    slots: list[tuple[str, int]] = []
    for w in range(worlds):
        world = state.resample(seat, rng, search=True)
        dice = rng.getrandbits(64)
        by_id = {a.id: a for a in world.legal_actions()}  # the seat's own choices: the same
        for action in legal:
            after = world.clone()
            after.apply_action(by_id[action.id])
            decider = advance(after, random.Random(dice))
            if decider == TERMINAL:
                samples[action.name][w] = win_shares(after)[seat]
            else:
                pending.append((after, decider))
                slots.append((action.name, w))
    for (name, w), guess in zip(slots, model.guess_many(pending), strict=True):
        samples[name][w] = guess.values[seat]
    wins = {name: statistics.fmean(values) for name, values in samples.items()}
    noise = {name: _standard_error(values) for name, values in samples.items()}
    return Rating(wins, noise, samples)


def rate(
    state: State,
    seat: int,
    *,
    judge: Judge = "search",
    iterations: int = DEFAULT_ITERATIONS,
    worlds: int = DEFAULT_WORLDS,
    seed: object = 0,
) -> Rating:
    """Every legal choice of ``seat`` in ``state`` rated from what ``seat`` sees, with a model's
    value (``judge`` a :class:`LearnedModel`) or the search. ``seed`` makes it repeatable."""
    if isinstance(judge, LearnedModel):
        return rate_by_value(state, seat, judge, worlds=worlds, seed=seed)
    if judge == "auto":
        raise ValueError("rate() needs a model or 'search'; review_game resolves 'auto'")
    return rate_by_search(state, seat, iterations=iterations, seed=seed)


def _resolve(judge: Judge, state: State, seat: int) -> LearnedModel | None:
    """The model a review judges with, or ``None`` for the search: with ``"auto"``, the game's
    shipped weights if it has them and they read this table (a variant content file may give
    tensors of another size: then the search)."""
    if isinstance(judge, LearnedModel):
        return judge
    if judge == "search" or not entry(state.game.name).has_learned:
        return None
    model = model_for(state.game.name)
    try:
        model.features(state, seat)
    except WeightsError:
        return None
    return model


def review_game(
    record: Mapping[str, Any],
    seat: int,
    *,
    judge: Judge = "auto",
    iterations: int = DEFAULT_ITERATIONS,
    worlds: int = DEFAULT_WORLDS,
    seed: object = 0,
    progress: Callable[[int, int], None] | None = None,
    files: Mapping[str, str] | None = None,
) -> Review:
    """Rate every decision ``seat`` made with more than one choice in the game ``record``.

    ``judge`` is a model, ``"auto"`` (the game's learned weights where it ships them, else the
    search) or ``"search"``; ``worlds`` is the learned value's budget, ``iterations`` the
    search's. ``progress(done, total)`` is called after each decision (a page shows how far it is).
    """
    states = list(replay_states(dict(record), files=files))
    first = states[0]
    if not 0 <= seat < first.num_players:
        raise ReviewError(
            trn(
                "there is no seat {seat}; this game had {n} player",
                "there is no seat {seat}; this game had {n} players",
                first.num_players,
            ).format(seat=seat + 1, n=first.num_players)
        )
    steps = [
        k
        for k, state in enumerate(states[:-1])
        if state.current_player() == seat and len(state.legal_actions()) > 1
    ]
    model = _resolve(judge, states[steps[0]], seat) if steps else None
    used: Judge = "search" if model is None else model
    decisions = []
    for done, k in enumerate(steps, start=1):
        state = states[k]
        played = states[k + 1].history[-1]  # the id of the action the seat chose
        chosen_name = next(a.name for a in state.legal_actions() if a.id == played)
        rating = rate(state, seat, judge=used, iterations=iterations, worlds=worlds, seed=seed)
        wins = rating.wins
        game = state.game
        rated = tuple(
            Rated(a.name, game.label(state, a), wins[a.name], rating.noise[a.name])
            for a in sorted(state.legal_actions(), key=lambda a: -wins[a.name])
        )
        chosen = next(r for r in rated if r.action == chosen_name)
        decisions.append(
            Decision(
                k,
                int(state.view(seat, log_since=None)["turn"]),
                chosen,
                rated,
                rating.gap_noise(rated[0].action, chosen_name),
                rating.gap_noise(rated[0].action, rated[-1].action),
            )
        )
        if progress is not None:
            progress(done, len(steps))
    if model is None:
        return Review(first.game.name, seat, "search", iterations, tuple(decisions))
    return Review(first.game.name, seat, "learned", worlds, tuple(decisions))


def _percent(share: float) -> str:
    """A share of 0 to 1 as a whole percentage (``0.57`` -> ``57%``)."""
    return f"{share:.0%}"


def _player(seat: int) -> str:
    # TRANSLATORS: {number} is the seat's number (1 = first player).
    return tr("Player {number}").format(number=seat + 1)


def headline(review: Review) -> str:
    """The counts that judge a game, in one sentence: the decisions with a choice, those that
    mattered, how many of those got the best choice, and whether the game was already decided."""
    mattered = len(review.mattered)
    count = len(review.decisions)
    if mattered:
        # TRANSLATORS: {player} is a player's name; {n} the decisions with more than one choice;
        # {mattered} how many of them mattered; {best} how many of those got the best choice;
        # {agreement} that share as a percentage ("57%").
        counted = trn(
            "{player} had {n} decision with a choice; {mattered} mattered, and {player} made the"
            " best choice in {best} of them ({agreement}).",
            "{player} had {n} decisions with a choice; {mattered} mattered, and {player} made the"
            " best choice in {best} of them ({agreement}).",
            count,
        )
    else:
        # TRANSLATORS: {player} is a player's name; {n} the decisions with more than one choice.
        counted = trn(
            "{player} had {n} decision with a choice; none mattered (no choice was clearly better"
            " than another).",
            "{player} had {n} decisions with a choice; none mattered (no choice was clearly better"
            " than another).",
            count,
        )
    text = counted.format(
        player=_player(review.seat),
        n=count,
        mattered=mattered,
        best=review.best_of_mattered,
        agreement=_percent(review.agreement),
    )
    decided = review.decided_from
    if decided is not None:
        if decided.decided == "won":
            already = tr("The game was already won from turn {turn}.")
        else:
            already = tr("The game was already lost from turn {turn}.")
        text += " " + already.format(turn=decided.turn)
    return text


def review_text(review: Review, title: str, top: int = 5) -> str:
    """The review in words, for the terminal, in the reader's language."""
    if review.judge == "learned":
        # TRANSLATORS: {player} is a player's name; {game} the game's title; {n} a number of worlds.
        heading = trn(
            "Review of {player}'s decisions in {game} (judged by the learned value, each choice in"
            " {n} world, from what {player} could see)",
            "Review of {player}'s decisions in {game} (judged by the learned value, each choice in"
            " {n} worlds, from what {player} could see)",
            review.budget,
        )
    else:
        # TRANSLATORS: {player} is a player's name; {game} the game's title; {n} search iterations.
        heading = trn(
            "Review of {player}'s decisions in {game} (judged by a search of {n} iteration at each"
            " decision, from what {player} could see)",
            "Review of {player}'s decisions in {game} (judged by a search of {n} iterations at each"
            " decision, from what {player} could see)",
            review.budget,
        )
    # TRANSLATORS: {z} is a number of standard errors (2); {matters} a percentage of win chance.
    rule = tr(
        "A decision mattered when its best and worst choices differed by more than {z} standard"
        " errors and by {matters} win chance or more."
    )
    lines = [
        heading.format(player=_player(review.seat), game=title, n=review.budget),
        headline(review),
        rule.format(z=f"{Z:g}", matters=_percent(MATTERS)),
    ]
    costly = review.costly(top)
    if costly:
        lines.append(tr("The costliest decisions:"))
    elif review.mattered:
        lines.append(tr("No decision that mattered was missed."))
    # TRANSLATORS: one missed decision: {chosen} and {best} are menu entries' words, {chosen_win}
    # and {best_win} their win chances, {loss} the win chance given away, {noise} its margin of
    # error (all percentages, "57%").
    missed = tr(
        "- turn {turn} (step {step}): {chosen} ({chosen_win} to win); better: {best} ({best_win}),"
        " -{loss} (±{noise})"
    )
    for d in costly:
        lines.append(
            missed.format(
                turn=d.turn,
                step=d.step,
                chosen=d.chosen.label,
                chosen_win=_percent(d.chosen.win),
                best=d.best.label,
                best_win=_percent(d.best.win),
                loss=_percent(d.loss),
                noise=_percent(Z * d.loss_noise),
            )
        )
    return "\n".join(lines)
