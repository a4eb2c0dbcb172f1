"""Information-set Monte Carlo tree search (single observer), generic over the game protocol.

Each iteration deals a fresh *determinization* of the hidden information with
``state.resample(seat, rng, search=True)`` (a search copy), so the search never reads what its
seat cannot see, then walks one tree shared by every determinization (Cowling, Powley and
Whitehouse's SO-ISMCTS):

- nodes are reached by the sequence of *decisions* from the root; chance outcomes are sampled
  in the determinization and are not branched on (open loop), so the tree stays small;
- a child's score is its owner's mean return plus ``c * sqrt(ln(availability) / visits)``,
  where availability counts the iterations in which the action was legal (actions differ
  between determinizations);
- every node keeps one return per seat and each seat maximizes its own (max-n), so the search
  works for any number of players; a finished game returns *win shares* (the winners of a
  shared win split one win, as the arena scores them), so the search does not court ties;
- optionally, other seats' decisions follow an opponent model (a policy) instead of the tree,
  and a prior policy's choice gets a progressive bias ``bias / (visits + 1)``;
- below the tree, a rollout policy (random, or a game's heuristic) plays on, either to the end
  or to ``depth`` decisions, after which an evaluator scores the position (the game's heuristic
  evaluator, in [0, 1] per seat);
- optionally, the tree branches only on the first ``levels`` decisions from the root (``levels=1``
  is flat Monte Carlo over the root's actions); below, the rollout policy decides.

With ``root="halving"`` there is no tree: the root's actions are compared by *sequential
halving* over *common random numbers*. Each round deals some determinizations, each with one
seed for everything random after it, and plays every surviving action on each of them, so two
actions are always compared on the same guessed hands and the same dice; the better half goes
on to the next round (the prior's move always does). Paired differences have far less variance
than the independent returns of a tree's children, which matters in long games where one
choice changes a seat's chances by a few percent: in 4-player Alakazoo, 200 such pairs ranked a
deviation from the heuristic like a 300-playout oracle on the true position in 35 of 40 cases
(yet it won no more 4-player games than the tree: docs/bots.md has the measurements).

With ``verify`` the tree stays and the pairing is used only where it decides: a share of the
budget is kept back, and when the tree's choice is not the prior's move, the two are played on
paired worlds and the tree's choice is taken only if it beats the prior's by ``margin`` paired
standard errors. Scored by an oracle in 4-player Alakazoo, this kept the tree's good departures
from the heuristic and dropped most of its bad ones (docs/bots.md). With ``check="always"`` the
kept-back budget is spent at every decision: where the tree agrees with the prior, its runner-up
is checked against the prior's move instead, which finds departures the tree alone under-visits.

Given its seed and an iteration budget it is deterministic; a time budget is not (by nature).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from alaka.core.draws import pick
from alaka.core.protocol import CHANCE, TERMINAL, Action, State

Evaluator = Callable[[State], Sequence[float]]
Policy = Callable[[State, int, random.Random], Action]


def random_policy(state: State, seat: int, rng: random.Random) -> Action:
    # ``rng.choice(legal)`` draws the number ``legal[rng.randrange(len(legal))]`` would, more
    # cheaply, and ``pick`` the same without its Python calls.
    return pick(rng, state.legal_actions())


def win_shares(state: State) -> tuple[float, ...]:
    """A finished game's result as the arena scores it: the winners share one win.

    ``returns()`` gives 1.0 to every winner of a shared win; a search that maximized that
    would steer for ties (a sure two-way tie would look as good as a sure win), while every
    tie halves what the seat actually earns.
    """
    returns = state.returns()
    total = sum(returns)
    return tuple(r / total for r in returns) if total > 0 else returns


def terminal_values(state: State) -> tuple[float, ...]:
    """Win shares of a finished game; before the end, an even share (a neutral guess)."""
    if state.is_terminal():
        return win_shares(state)
    n = state.num_players
    return (1.0 / n,) * n


@dataclass(slots=True)
class Node:
    """Statistics of one action taken at one decision point of the tree."""

    player: int = -1
    visits: int = 0
    available: int = 0
    totals: list[float] = field(default_factory=list)
    children: dict[int, Node] = field(default_factory=dict)
    #: The prior policy's choice at this decision point (its first determinization), or -1.
    prior: int = -1


@dataclass
class SearchStats:
    iterations: int = 0
    seconds: float = 0.0
    root_visits: dict[str, int] = field(default_factory=dict)
    #: The searching seat's mean return for each root action (for diagnosis: why it chose).
    root_means: dict[str, float] = field(default_factory=dict)
    #: The prior's move at the root, if a prior was given ("" otherwise).
    prior: str = ""
    #: The tree's most visited root move, before any check against the prior ("" in halving).
    tree: str = ""


#: How the root's action is chosen: by the tree (UCT), or by sequential halving over paired
#: simulations (see the module docstring).
ROOT_MODES = ("tree", "halving")
#: Which of the tree's moves ``verify`` checks against the prior's (see ``ISMCTSBot.check``).
CHECK_MODES = ("disagree", "always")


class ISMCTSBot:
    """IS-MCTS with a budget of iterations or seconds (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 1000,
        seconds: float = 0.0,
        c: float = 0.7,
        depth: int = 0,
        rollout: Policy = random_policy,
        evaluator: Evaluator = terminal_values,
        opponent_policy: Policy | None = None,
        prior: Policy | None = None,
        bias: float = 0.0,
        margin: float = 0.0,
        levels: int = 0,
        root: str = "tree",
        verify: float = 0.0,
        check: str = "disagree",
    ) -> None:
        if iterations < 1 and seconds <= 0:
            raise ValueError("give IS-MCTS a budget: iterations >= 1 or seconds > 0")
        if root not in ROOT_MODES:
            raise ValueError(f"root is one of {', '.join(ROOT_MODES)}, not {root!r}")
        if check not in CHECK_MODES:
            raise ValueError(f"check is one of {', '.join(CHECK_MODES)}, not {check!r}")
        if not 0.0 <= verify < 1.0:
            raise ValueError(f"verify is a share of the budget in [0, 1), not {verify}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self.evaluator = evaluator
        #: If given, other seats' decisions inside the tree follow this policy instead of UCT:
        #: the tree then branches only on this seat's own choices (an opponent model).
        self.opponent_policy = opponent_policy
        #: Progressive bias: the prior policy's choice gets ``bias / (visits + 1)`` extra score,
        #: so the search starts from it and leaves it only when the rollouts say so.
        self.prior = prior
        self.bias = bias
        #: With a prior: keep the prior's move unless the most visited move's mean return beats
        #: it by ``margin`` standard errors (0: always the most visited move).
        self.margin = margin
        #: The tree branches on at most this many decisions from the root (0: no limit); below,
        #: the rollout policy decides. ``levels=1`` is flat Monte Carlo over the root's actions.
        self.levels = levels
        self.root = root
        #: With a prior, in tree mode: this share of the budget is kept back to check the tree's
        #: choice against the prior's on paired simulations; the tree's choice is played only if
        #: it beats the prior's by ``margin`` paired standard errors there (see ``_verified``).
        self.verify = verify
        #: With ``verify``: ``disagree`` checks only a tree choice that is not the prior's (when
        #: the tree agrees, the kept-back budget is not spent); ``always`` then checks the tree's
        #: runner-up against the prior's move instead, so the whole budget looks for departures.
        self.check = check
        self.last = SearchStats()

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.root == "halving":
            return self._halving(state, seat, legal, rng)
        root = Node(player=seat, totals=[0.0] * state.num_players)
        start = time.perf_counter()
        tree_share = 1.0 - self.verify if self.prior is not None else 1.0
        deadline = start + self.seconds * tree_share if self.seconds > 0 else math.inf
        budget = max(1, round(self.iterations * tree_share))
        done = 0
        while (self.seconds > 0 and time.perf_counter() < deadline) or (self.seconds <= 0 and done < budget):
            self._iterate(root, state.resample(seat, rng, search=True), rng)
            done += 1
        by_id = {a.id: a for a in legal}
        best = _most_visited(root, by_id)
        assert best is not None  # the first iteration expands a legal move
        tree_choice = by_id[best[0]].name
        prior = root.children.get(root.prior)
        if prior is not None and root.prior in by_id:
            if self.verify > 0:
                rival = self._rival(root, by_id, best)
                if rival is not None:
                    kept, checked = self._verified(
                        state, seat, by_id[rival[0]], by_id[root.prior], rng, start, done
                    )
                    done += checked
                    best = rival if kept else (root.prior, prior)
            elif best[0] != root.prior and not (
                self.margin <= 0 or self._clearly_better(best[1], prior, seat)
            ):
                best = (root.prior, prior)
        self.last = SearchStats(
            done,
            time.perf_counter() - start,
            {by_id[i].name: n.visits for i, n in root.children.items() if i in by_id},
            {
                by_id[i].name: n.totals[seat] / n.visits
                for i, n in root.children.items()
                if i in by_id and n.visits
            },
            by_id[root.prior].name if root.prior in by_id else "",
            tree_choice,
        )
        return by_id[best[0]]

    def _halving(self, state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        """Sequential halving over the root's actions, each round on fresh paired simulations.

        The budget (iterations, or seconds) is split evenly between ``ceil(log2(k))`` rounds for
        ``k`` actions. A *world* is one determinization and one seed; within a round, worlds are
        dealt until the round's share is spent (at least one), and every surviving action is
        played on every world, so every survivor has a return on the same worlds. After a round
        the better half by mean return survives, plus the prior's move, which the final choice
        keeps unless another beats it by ``margin`` paired standard errors.
        """
        start = time.perf_counter()
        by_id = {a.id: a for a in legal}
        prior = -1
        if self.prior is not None:
            prior = self.prior(state.resample(seat, rng, search=True), seat, rng).id
        survivors = list(by_id)
        returns: dict[int, list[float]] = {a: [] for a in survivors}
        rounds = max(1, math.ceil(math.log2(len(survivors))))
        done = 0
        for r in range(rounds):
            share = self.iterations * (r + 1) // rounds
            deadline = start + self.seconds * (r + 1) / rounds
            while True:  # at least one world a round
                self._play_world(state, seat, [by_id[a] for a in survivors], returns, rng)
                done += len(survivors)
                if self.seconds > 0:
                    if time.perf_counter() >= deadline:
                        break
                elif done + len(survivors) > share:
                    break
            if len(survivors) > 2:
                ranked = sorted(survivors, key=lambda a: (-_mean(returns[a]), a))
                kept = ranked[: (len(ranked) + 1) // 2]
                if prior in by_id and prior not in kept:
                    kept.append(prior)
                survivors = kept
        best = max(survivors, key=lambda a: (_mean(returns[a]), -a))
        if (
            self.margin > 0
            and prior in by_id
            and best != prior
            and not _paired_better(returns[best], returns[prior], self.margin)
        ):
            best = prior
        self.last = SearchStats(
            done,
            time.perf_counter() - start,
            {by_id[a].name: len(values) for a, values in returns.items()},
            {by_id[a].name: _mean(values) for a, values in returns.items() if values},
            by_id[prior].name if prior in by_id else "",
        )
        return by_id[best]

    def _play_world(
        self,
        state: State,
        seat: int,
        actions: Sequence[Action],
        returns: dict[int, list[float]],
        rng: random.Random,
    ) -> None:
        """Deal one world (a determinization and one seed for all that is random after it) and
        play each action on it, appending ``seat``'s return to ``returns[action.id]``: the
        actions' returns are then paired, world by world."""
        world = state.resample(seat, rng, search=True)
        seed = rng.getrandbits(64)
        for action in actions:
            sim = world.clone()
            sim.apply_action(action)
            returns[action.id].append(self._playout(sim, random.Random(seed))[seat])

    def _rival(self, root: Node, by_id: dict[int, Action], best: tuple[int, Node]) -> tuple[int, Node] | None:
        """The move the paired check weighs against the prior's: the tree's choice if it is not
        the prior's; otherwise, with ``check="always"``, the most visited other legal move."""
        if best[0] != root.prior:
            return best
        if self.check != "always":
            return None
        return _most_visited(root, by_id, besides=root.prior)

    def _verified(
        self,
        state: State,
        seat: int,
        choice: Action,
        prior: Action,
        rng: random.Random,
        start: float,
        done: int,
    ) -> tuple[bool, int]:
        """Whether the tree's ``choice`` beats the prior's move on paired simulations, and how
        many simulations that took (the rest of the budget: ``done`` were spent by the tree).

        The tree's children are scored on independent simulations whose spread, in a long
        game, hides edges of a few percent; playing both moves on the same worlds cancels
        most of it, so the prior's move is left only on evidence (``margin`` standard errors
        of the paired differences).
        """
        returns: dict[int, list[float]] = {choice.id: [], prior.id: []}
        worlds = 0
        while True:  # at least one world
            self._play_world(state, seat, (choice, prior), returns, rng)
            worlds += 1
            if self.seconds > 0:
                if time.perf_counter() >= start + self.seconds:
                    break
            elif done + 2 * (worlds + 1) > self.iterations:
                break
        return _paired_better(returns[choice.id], returns[prior.id], self.margin), 2 * worlds

    def _clearly_better(self, a: Node, b: Node, seat: int) -> bool:
        """Whether ``a``'s mean return beats ``b``'s by ``margin`` standard errors (returns are
        in [0, 1], so a Bernoulli-style standard error is a fair, cheap bound)."""
        if a.visits == 0 or b.visits == 0:
            return a.visits > 0
        mean_a, mean_b = a.totals[seat] / a.visits, b.totals[seat] / b.visits
        error = math.sqrt(mean_a * (1 - mean_a) / a.visits + mean_b * (1 - mean_b) / b.visits + 1e-9)
        return mean_a - mean_b > self.margin * error

    def _iterate(self, root: Node, state: State, rng: random.Random) -> None:
        path: list[Node] = []
        node = root
        me = root.player
        opponents = self.opponent_policy
        # Selection and expansion.
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            if opponents is not None and player != me:
                state.apply_action(opponents(state, player, rng))
                continue
            if self.levels and len(path) >= self.levels:
                break
            legal = state.legal_actions()
            if self.prior is not None and node.prior < 0:
                node.prior = self.prior(state.clone(), player, rng).id
            untried = []
            for action in legal:
                child = node.children.get(action.id)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                prior = [a for a in untried if a.id == node.prior]
                action = prior[0] if prior else pick(rng, untried)
                child = Node(player=player, available=1, totals=[0.0] * state.num_players)
                node.children[action.id] = child
                state.apply_action(action)
                path.append(child)
                break
            action = self._select(node, legal, player)
            child = node.children[action.id]
            state.apply_action(action)
            path.append(child)
            node = child
        values = self._playout(state, rng)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i, v in enumerate(values):
                totals[i] += v

    def _select(self, node: Node, legal: Sequence[Action], player: int) -> Action:
        best_action = legal[0]
        best_score = -math.inf
        c = self.c
        children = node.children
        for action in legal:
            child = children[action.id]
            score = child.totals[player] / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if action.id == node.prior:
                score += self.bias / (child.visits + 1)
            if score > best_score:
                best_score, best_action = score, action
        return best_action

    def _playout(self, state: State, rng: random.Random) -> Sequence[float]:
        decisions = 0
        policy = self.rollout
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return win_shares(state)
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            if self.depth and decisions >= self.depth:
                return self.evaluator(state)
            state.apply_action(policy(state, player, rng))
            decisions += 1


def _most_visited(root: Node, legal: dict[int, Action], besides: int = -1) -> tuple[int, Node] | None:
    """The most visited of the root's legal children other than ``besides`` (ties: lowest id)."""
    children = [item for item in root.children.items() if item[0] in legal and item[0] != besides]
    return max(children, key=lambda item: (item[1].visits, -item[0])) if children else None


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _paired_better(a: Sequence[float], b: Sequence[float], margin: float) -> bool:
    """Whether ``a`` beats ``b`` by ``margin`` standard errors of the paired differences (the
    two lists hold returns on the same worlds, in the same order)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean > 0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * math.sqrt(variance / n + 1e-12)
