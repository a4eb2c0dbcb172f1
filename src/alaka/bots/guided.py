"""Information-set search guided by a learned policy and value (no rollouts), as AlphaZero's
search is guided, on the determinizations of single-observer IS-MCTS.

Each iteration deals a fresh determinization (``state.resample(seat, rng, search=True)``: the
hidden information drawn again from what the searching seat sees) and walks one tree shared by
every determinization, keyed by the sequence of decisions; chance is sampled, not branched on.

- At a decision point reached for the first time, the network evaluates it from the deciding
  seat's view: its policy becomes the node's *prior* over actions and its value (each seat's win
  share) is backed up instead of a rollout to the end. So every iteration costs one network pass.
- Below that, a child is chosen by PUCT: its owner's mean value plus
  ``c * prior * sqrt(visits of the node) / (1 + visits of the child)``; an unvisited child
  counts the node's own value for its owner (first-play urgency). An action the first
  determinization did not offer (other seats' hands differ between determinizations) gets an
  even share of the prior.
- Every node keeps a total per seat and each seat maximizes its own (max-n), so any number of
  players is searched; a finished game backs up win shares, as the arena scores it.
- A decision with one legal action is played without a node or a network pass (about half of
  Alakazum!'s decisions are forced).

The root's most visited action is played. For self-play (``alaka train``) the root's prior can
be mixed with Dirichlet noise, and :attr:`GuidedSearchBot.last` keeps the root's visit counts,
which are the policy target the network learns from (expert iteration).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from alaka.bots.ismcts import Policy, win_shares
from alaka.bots.learned import LearnedModel, advance
from alaka.core.protocol import CHANCE, TERMINAL, Action, State


@dataclass(slots=True)
class _Node:
    """A decision point of the tree: who decides, the network's prior and value there, and the
    statistics of each action tried from it."""

    player: int
    prior: dict[int, float]
    value: tuple[float, ...]
    visits: int = 0
    children: dict[int, _Child] = field(default_factory=dict)


@dataclass(slots=True)
class _Child:
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    node: _Node | None = None


@dataclass
class GuidedStats:
    """The last search: iterations, seconds, and the root's visits and mean values per action."""

    iterations: int = 0
    seconds: float = 0.0
    #: Visits per root action id (the policy target of self-play).
    visits: dict[int, int] = field(default_factory=dict)
    #: The searching seat's mean value per root action id.
    means: dict[int, float] = field(default_factory=dict)
    #: The network's value of the root for every seat.
    value: tuple[float, ...] = ()


class GuidedSearchBot:
    """IS-MCTS guided by a :class:`~alaka.bots.learned.LearnedModel` (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        model: LearnedModel,
        iterations: int = 200,
        seconds: float = 0.0,
        c: float = 1.5,
        noise: float = 0.0,
        alpha: float = 0.3,
        playout: int = 0,
        playout_policy: Policy | None = None,
        opponents: Policy | None = None,
    ) -> None:
        if iterations < 1 and seconds <= 0:
            raise ValueError("give the search a budget: iterations >= 1 or seconds > 0")
        if not 0.0 <= noise < 1.0:
            raise ValueError(f"noise is a share of the root's prior in [0, 1), not {noise}")
        self.model = model
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        #: The share of the root's prior replaced by Dirichlet noise (self-play explores; 0 to play).
        self.noise = noise
        self.alpha = alpha
        #: Below a new node, ``playout_policy`` plays this many decisions before the network's
        #: value is read (0: the value at once). A short playout by a good policy, then the value,
        #: mixes the two judgements as AlphaGo mixed its rollouts with its value network.
        if playout and playout_policy is None:
            raise ValueError("a playout needs a policy to play it")
        self.playout = playout
        self.playout_policy = playout_policy
        #: If given, other seats' decisions follow this policy instead of being searched, so the
        #: tree branches on the searching seat's own choices only (an opponent model: a small
        #: budget goes much deeper).
        self.opponents = opponents
        self.last = GuidedStats()

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        guess = self.model.guess(state, seat)
        prior = dict(guess.policy)
        if self.noise > 0:
            draws = [rng.gammavariate(self.alpha, 1.0) for _ in prior]
            total = sum(draws) or 1.0
            prior = {
                a: (1 - self.noise) * p + self.noise * d / total
                for (a, p), d in zip(prior.items(), draws, strict=True)
            }
        root = _Node(seat, prior, guess.values)
        deadline = start + self.seconds if self.seconds > 0 else math.inf
        done = 0
        while (self.seconds > 0 and time.perf_counter() < deadline) or (
            self.seconds <= 0 and done < self.iterations
        ):
            self._iterate(root, state.resample(seat, rng, search=True), rng)
            done += 1
        by_id = {action.id: action for action in legal}
        visits = {a: child.visits for a, child in root.children.items() if a in by_id}
        best = max(visits, key=lambda a: (visits[a], prior.get(a, 0.0), -a))
        self.last = GuidedStats(
            done,
            time.perf_counter() - start,
            visits,
            {a: root.children[a].totals[seat] / n for a, n in visits.items() if n},
            guess.values,
        )
        return by_id[best]

    def _expand(self, state: State, player: int) -> _Node:
        guess = self.model.guess(state, player)
        return _Node(player, guess.policy, guess.values)

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        path: list[tuple[_Node, _Child]] = []
        node = root
        values: tuple[float, ...]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                values = tuple(win_shares(state))
                break
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            if self.opponents is not None and player != root.player:
                state.apply_action(self.opponents(state, player, rng))
                continue
            if node.player != player:  # a forced move or chance led elsewhere: a new point
                node = self._expand(state, player)
            action = self._select(node, legal)
            child = node.children.get(action.id)
            if child is None:
                child = _Child(totals=[0.0] * state.num_players)
                node.children[action.id] = child
            path.append((node, child))
            state.apply_action(action)
            if child.node is None:
                values, child.node = self._arrive(state, rng, root.player)
                break
            node = child.node
        for parent, child in path:
            parent.visits += 1
            child.visits += 1
            totals = child.totals
            for i, v in enumerate(values):
                totals[i] += v

    def _arrive(self, state: State, rng: random.Random, me: int) -> tuple[tuple[float, ...], _Node | None]:
        """A new position: play on through chance and forced moves to the next real decision,
        where one network pass gives both the values to back up (instead of a rollout) and the
        new node's prior; at the end of the game, its win shares and no node."""
        while True:
            player = advance(state, rng)
            if player == TERMINAL:
                return tuple(win_shares(state)), None
            if self.opponents is not None and player != me:
                state.apply_action(self.opponents(state, player, rng))
                continue
            node = self._expand(state, player)
            if self.playout:
                return self._played_out(state.clone(), rng), node
            return node.value, node

    def _played_out(self, state: State, rng: random.Random) -> tuple[float, ...]:
        """The values after ``playout`` decisions of the playout policy from ``state`` (a copy):
        the network's value where it stops, or the result if the game ends first."""
        policy = self.playout_policy
        assert policy is not None
        decisions = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return tuple(win_shares(state))
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                if decisions >= self.playout:
                    return self.model.guess(state, player).values
                decisions += 1
            state.apply_action(legal[0] if len(legal) == 1 else policy(state, player, rng))

    def _select(self, node: _Node, legal: tuple[Action, ...]) -> Action:
        player = node.player
        prior = node.prior
        even = 1.0 / len(legal)
        scale = self.c * math.sqrt(node.visits + 1)
        fpu = node.value[player] if player < len(node.value) else 0.0
        best_action = legal[0]
        best_score = -math.inf
        children = node.children
        for action in legal:
            child = children.get(action.id)
            p = prior.get(action.id, even)
            if child is None or child.visits == 0:
                score = fpu + scale * p
            else:
                score = child.totals[player] / child.visits + scale * p / (1 + child.visits)
            if score > best_score:
                best_score, best_action = score, action
        return best_action
