"""A learned evaluator: a policy (a probability per legal action) and a value (each seat's win
share) from what one seat sees, and the bot that plays by the policy alone.

The network reads the *observation tensor* of the RL adapters (the game's ``encoding`` part:
``encoding.observation(state.view(seat))``), so there is one encoding of a view, and it reads
nothing a seat may not see: two positions that differ only in what the seat cannot see give
the same policy and value (a test swaps hidden cards to check it). It is a small multilayer
perceptron, a shared trunk of rectified linear layers and two heads:

- the *policy head* gives one logit per action id of the game's action table; the logits of
  the legal actions are turned into probabilities (a softmax over the legal ones only);
- the *value head* gives one logit per seat (up to the game's largest table); a softmax over
  the seats at the table is each seat's expected win share (they sum to 1, as the heuristic
  evaluators' do, so search can use either).

Inference needs NumPy and nothing more: no deep-learning framework is needed to play against it,
to serve it or in the compiled build. The weights are a plain ``.npz`` file (arrays named
``trunk.K.weight`` / ``trunk.K.bias``, ``policy.weight`` / ``policy.bias``, ``value.weight`` /
``value.bias``, stored as float16 to stay small, and ``meta``: a JSON text of how they were made).
A game ships its weights in its folder and names them in its entry (``GameEntry.learned``);
``alaka train`` makes them (docs/learning-bots.md).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from alaka.core.encoding import ViewEncoding
from alaka.core.entry import MissingPart
from alaka.core.errors import AlakaError
from alaka.core.protocol import CHANCE, TERMINAL, Action, State
from alaka.core.registry import entry

Array = npt.NDArray[np.float32]

#: The format of the weights file; a file of another format is refused with a clear message.
FORMAT = 1


class WeightsError(AlakaError):
    """A weights file that cannot be read, or that was made for another game or encoding."""


@dataclass(frozen=True)
class Guess:
    """What the network makes of one position from one seat: a probability per legal action id
    (they sum to 1) and a win share per seat (in seat order; they sum to 1)."""

    policy: dict[int, float]
    values: tuple[float, ...]


class Network:
    """The multilayer perceptron's arrays and its forward pass (NumPy only)."""

    def __init__(self, arrays: Mapping[str, npt.NDArray[Any]], meta: Mapping[str, Any]) -> None:
        self.meta = dict(meta)
        depth = int(self.meta["layers"])
        self.trunk = [
            (
                np.asarray(arrays[f"trunk.{k}.weight"], dtype=np.float32).T.copy(),
                np.asarray(arrays[f"trunk.{k}.bias"], dtype=np.float32),
            )
            for k in range(depth)
        ]
        self.policy_weight = np.asarray(arrays["policy.weight"], dtype=np.float32).T.copy()
        self.policy_bias = np.asarray(arrays["policy.bias"], dtype=np.float32)
        self.value_weight = np.asarray(arrays["value.weight"], dtype=np.float32).T.copy()
        self.value_bias = np.asarray(arrays["value.bias"], dtype=np.float32)
        self.inputs = self.trunk[0][0].shape[0]
        self.actions = self.policy_weight.shape[1]
        self.seats = self.value_weight.shape[1]

    def forward(self, x: Array) -> tuple[Array, Array]:
        """Policy logits ``[batch, actions]`` and value logits ``[batch, seats]`` of a batch of
        observation tensors ``[batch, inputs]``.

        One position at a time (as search asks) the first layer adds up only the rows of the
        inputs that are not zero: a view's tensor is mostly zeros (one-hots and empty places),
        so this is about three times as fast as the whole product, with the same numbers."""
        weight, bias = self.trunk[0]
        if x.shape[0] == 1:
            row = x[0]
            on = np.flatnonzero(row)
            h = np.maximum(row[on] @ weight[on] + bias, 0.0)[None, :]
        else:
            h = np.maximum(x @ weight + bias, 0.0)
        for weight, bias in self.trunk[1:]:
            h = np.maximum(h @ weight + bias, 0.0)
        return h @ self.policy_weight + self.policy_bias, h @ self.value_weight + self.value_bias


def read_weights(path: Path | Any) -> Network:
    """The network in a weights file (a path, or a packaged resource); :class:`WeightsError`
    naming the file if it is not one."""
    try:
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, KeyError) as error:
        raise WeightsError(f"cannot read the weights in {path}: {error}") from None
    try:
        meta = json.loads(str(arrays.pop("meta")))
        if int(meta.get("format", 0)) != FORMAT:
            raise WeightsError(f"{path} has weights of format {meta.get('format')}, not {FORMAT}")
        return Network(arrays, meta)
    except (ValueError, KeyError, TypeError) as error:
        raise WeightsError(f"{path} is not an Alaka weights file: {error}") from None


def write_weights(path: Path, arrays: Mapping[str, npt.NDArray[Any]], meta: Mapping[str, Any]) -> None:
    """Write a weights file (float16 arrays, compressed) that :func:`read_weights` reads."""
    small = {name: np.asarray(value, dtype=np.float16) for name, value in arrays.items()}
    text = json.dumps({**meta, "format": FORMAT}, sort_keys=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        np.savez_compressed(handle, meta=np.array(text), **small)  # type: ignore[arg-type]


def _softmax(logits: Array) -> Array:
    shifted = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return shifted / shifted.sum(axis=-1, keepdims=True)  # type: ignore[no-any-return]


#: The seed of the generator the heuristic's suggestion is drawn with: a fixed one, so the
#: suggestion, like everything else the network reads, depends on the seat's view alone.
HINT_SEED = 0


class Features:
    """What the network reads for a seat at a position: the seat's observation tensor (the RL
    adapters' encoding) and, with ``hint``, a one-hot of the move the game's heuristic suggests
    from the same view (decided on a world dealt by ``resample`` with a fixed seed, as the
    heuristic bot decides, so it reads nothing the seat cannot see).

    The hint makes the network a *residual* learner (as in residual policy learning): it can
    follow the hand-written strategy where that is good and learn, from search, where to leave
    it. A plain multilayer perceptron imitating the heuristic from the view alone agreed with it
    on about 70% of Alakazoo's decisions and won about 5% against it (docs/learning-bots.md).
    Training and play build their input here, so both read the same numbers.
    """

    def __init__(self, game: str, hint: bool) -> None:
        self.game = game
        self.hint = hint and entry(game).has_heuristic
        self._encodings: dict[tuple[int, int], ViewEncoding] = {}
        self._policy = entry(game).load_heuristic().policy if self.hint else None

    def encoding(self, state: State) -> ViewEncoding:
        """The observation encoding of ``state``'s game, player count and content (cached by
        player count and action table, which content options change)."""
        key = (state.num_players, id(state.action_table()))
        found = self._encodings.get(key)
        if found is None:
            options = dict(state.start_record().get("options") or {})
            found = entry(self.game).load_part("encoding").encoding(state.num_players, **options)
            self._encodings[key] = found
        return found

    def size(self, encoding: ViewEncoding) -> int:
        return encoding.observation_size + (encoding.num_actions if self.hint else 0)

    def of(self, state: State, seat: int) -> list[float]:
        """The input for ``seat`` at ``state`` (the seat must be the one deciding, with a hint)."""
        encoding = self.encoding(state)
        values = encoding.observation(state.view(seat, log_since=None))
        if self._policy is not None:
            hint = [0.0] * encoding.num_actions  # none for a seat that is not deciding
            if state.current_player() == seat:
                rng = random.Random(HINT_SEED)
                hint[self._policy(state.resample(seat, rng, search=True), seat, rng).id] = 1.0
            values += hint
        return values


class LearnedModel:
    """A game's network with the features it reads: evaluates positions from a seat's view."""

    def __init__(self, game: str, network: Network, source: str) -> None:
        self.game = game
        self.network = network
        self.source = source
        self.inputs = Features(game, hint=bool(network.meta.get("hint", False)))

    def features(self, state: State, seat: int) -> list[float]:
        """The network's input for ``seat`` at ``state``; :class:`WeightsError` if the weights
        were made for tensors of another size (a variant content file, say)."""
        encoding = self.inputs.encoding(state)
        if (self.inputs.size(encoding), encoding.num_actions) != (self.network.inputs, self.network.actions):
            raise WeightsError(
                f"the weights in {self.source} read {self.network.inputs} numbers and give "
                f"{self.network.actions} actions, but this table gives {self.inputs.size(encoding)} "
                f"and has {encoding.num_actions} (a variant content file?)"
            )
        return self.inputs.of(state, seat)

    def guess_many(self, positions: Sequence[tuple[State, int]]) -> list[Guess]:
        """Evaluate many positions (each a state and the seat whose view is read) in one pass."""
        if not positions:
            return []
        x = np.asarray([self.features(state, seat) for state, seat in positions], dtype=np.float32)
        policy_logits, value_logits = self.network.forward(x)
        guesses = []
        for k, (state, _seat) in enumerate(positions):
            n = state.num_players
            values = _softmax(value_logits[k, :n])
            legal = [action.id for action in state.legal_actions()]
            if legal:
                probabilities = _softmax(policy_logits[k, legal])
                policy = {a: float(p) for a, p in zip(legal, probabilities, strict=True)}
            else:
                policy = {}
            guesses.append(Guess(policy, tuple(float(v) for v in values)))
        return guesses

    def guess(self, state: State, seat: int) -> Guess:
        """The policy over the legal actions of ``state`` and each seat's win share, as ``seat``
        sees it (for the policy, ``seat`` is the one deciding)."""
        return self.guess_many([(state, seat)])[0]

    def evaluate(self, state: State, seat: int) -> tuple[float, ...]:
        """Each seat's expected win share, from ``seat``'s view (a finished game: its result)."""
        if state.is_terminal():
            from alaka.bots.ismcts import win_shares

            return tuple(win_shares(state))
        return self.guess(state, seat).values


@cache
def _packaged(game: str) -> LearnedModel:
    resource = entry(game).learned_weights()
    if resource is None:
        raise MissingPart(f"{entry(game).title} has no learned weights")
    return LearnedModel(game, read_weights(resource), f"{game}'s packaged weights")


@cache
def _from_file(game: str, path: str) -> LearnedModel:
    file = Path(path)
    if not file.is_file():
        raise WeightsError(f"no weights file {path}")
    return LearnedModel(game, read_weights(file), path)


def model_for(game: str, weights: str | None = None) -> LearnedModel:
    """The learned model of ``game``: its packaged weights, or those in the file ``weights``.
    Loaded once per process (a server's bots share one copy)."""
    model = _packaged(game) if weights is None else _from_file(game, str(Path(weights).resolve()))
    if model.network.meta.get("game", game) != game:
        raise WeightsError(f"the weights in {model.source} were trained for {model.network.meta['game']}")
    return model


def advance(state: State, rng: random.Random) -> int:
    """Play ``state`` on through chance (drawn with ``rng``) and forced moves (one legal action)
    to the next real decision or the end; the player to decide there, or ``TERMINAL``.

    A network is asked only where someone has a choice: guided search expands its nodes there
    and the review takes its values there.
    """
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return player
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) != 1:
            return player
        state.apply_action(legal[0])


class LearnedBot:
    """Plays the learned policy's most likely legal action (``temperature=0``), or draws one
    with probabilities sharpened or flattened by ``temperature`` (for a weaker or varied bot).

    It reads only the deciding seat's view, so it decides on the state itself; one pass of the
    network per decision (about a millisecond), none where only one action is legal.
    """

    name = "learned"

    def __init__(self, model: LearnedModel, temperature: float = 0.0) -> None:
        if temperature < 0:
            raise ValueError(f"temperature is 0 or more, not {temperature}")
        self.model = model
        self.temperature = temperature

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        policy = self.model.guess(state, seat).policy
        by_id = {action.id: action for action in legal}
        if self.temperature == 0:
            best = max(policy, key=lambda a: (policy[a], -a))
            return by_id[best]
        ids = sorted(policy)
        weights = [policy[a] ** (1.0 / self.temperature) for a in ids]
        return by_id[rng.choices(ids, weights=weights)[0]]
