"""The policy-value network in PyTorch, fitted to training samples and written as NumPy weights.

The same multilayer perceptron as :class:`alaka.bots.learned.Network` (which plays without
torch): a trunk of rectified linear layers, a policy head of one logit per action id and a value
head of one logit per seat. Training minimises, per sample,

- the cross-entropy between the policy target (the search's visit shares, or the action
  played) and the softmax over the sample's *legal* actions only (illegal logits are masked);
- the cross-entropy between the game's win shares and the softmax over the seats at the table
  (seats beyond the table's size are masked), weighted by ``value_weight``;

with Adam and a little weight decay. A network is warm-started from the previous generation's
weights, as expert iteration does.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from torch import nn

from alaka.learn.selfplay import Samples


class PolicyValueNet(nn.Module):
    def __init__(self, inputs: int, actions: int, seats: int, hidden: int, layers: int) -> None:
        super().__init__()
        sizes = [inputs, *([hidden] * layers)]
        self.layers = [nn.Linear(a, b) for a, b in itertools.pairwise(sizes)]
        self.trunk = nn.ModuleList(self.layers)
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, seats)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = x
        for layer in self.layers:
            h = torch.relu(layer(h))
        return self.policy(h), self.value(h)

    def arrays(self) -> dict[str, np.ndarray[Any, Any]]:
        """The weights under the names :func:`alaka.bots.learned.read_weights` reads."""
        out: dict[str, np.ndarray[Any, Any]] = {}
        for k, layer in enumerate(self.layers):
            out[f"trunk.{k}.weight"] = layer.weight.detach().numpy().copy()
            out[f"trunk.{k}.bias"] = layer.bias.detach().numpy().copy()
        for name in ("policy", "value"):
            head: nn.Linear = getattr(self, name)
            out[f"{name}.weight"] = head.weight.detach().numpy().copy()
            out[f"{name}.bias"] = head.bias.detach().numpy().copy()
        return out

    def load_arrays(self, arrays: dict[str, Any]) -> None:
        """Start from saved weights (warm start); arrays of another shape are refused."""
        with torch.no_grad():
            for k, layer in enumerate(self.layers):
                layer.weight.copy_(torch.as_tensor(np.asarray(arrays[f"trunk.{k}.weight"], dtype=np.float32)))
                layer.bias.copy_(torch.as_tensor(np.asarray(arrays[f"trunk.{k}.bias"], dtype=np.float32)))
            for name in ("policy", "value"):
                head: nn.Linear = getattr(self, name)
                head.weight.copy_(torch.as_tensor(np.asarray(arrays[f"{name}.weight"], dtype=np.float32)))
                head.bias.copy_(torch.as_tensor(np.asarray(arrays[f"{name}.bias"], dtype=np.float32)))


@dataclass(frozen=True)
class FitSettings:
    epochs: int = 4
    batch: int = 256
    lr: float = 1e-3
    weight_decay: float = 1e-4
    value_weight: float = 1.0
    #: The share of games whose samples are held out, to measure the losses on games not trained on.
    held_out: float = 0.1


@dataclass(frozen=True)
class Losses:
    """Mean losses per epoch: policy and value on the training samples and on held-out ones,
    and how often the policy's top action is the target's top action on held-out samples."""

    train_policy: list[float]
    train_value: list[float]
    test_policy: list[float]
    test_value: list[float]
    test_top1: list[float]


def _dense(
    samples: Samples, rows: np.ndarray[Any, Any], actions: int, seats: int
) -> tuple[torch.Tensor, ...]:
    """The tensors of some samples: features, legal mask, policy target, value target, seat mask."""
    where = np.full(len(samples), -1, dtype=np.int64)
    where[rows] = np.arange(len(rows))
    x = torch.as_tensor(samples.features[rows].astype(np.float32))
    legal = torch.zeros((len(rows), actions), dtype=torch.bool)
    pairs = samples.legal[where[samples.legal[:, 0]] >= 0]
    legal[where[pairs[:, 0]], pairs[:, 1]] = True
    target = torch.zeros((len(rows), actions))
    keep = where[samples.target[:, 0]] >= 0
    chosen = samples.target[keep]
    target[where[chosen[:, 0]], chosen[:, 1]] = torch.as_tensor(samples.target_p[keep])
    values = torch.as_tensor(samples.values[rows])
    seat_mask = (
        torch.arange(seats)[None, :] < torch.as_tensor(samples.players[rows].astype(np.int64))[:, None]
    )
    return x, legal, target, values, seat_mask


def _losses(
    net: PolicyValueNet, batch: tuple[torch.Tensor, ...]
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    x, legal, target, values, seat_mask = batch
    policy_logits, value_logits = net(x)
    policy_log = torch.log_softmax(policy_logits.masked_fill(~legal, -1e9), dim=-1)
    policy_loss = -(target * policy_log.masked_fill(~legal, 0.0)).sum(-1).mean()
    value_log = torch.log_softmax(value_logits.masked_fill(~seat_mask, -1e9), dim=-1)
    value_loss = -(values * value_log.masked_fill(~seat_mask, 0.0)).sum(-1).mean()
    top = (policy_logits.masked_fill(~legal, -1e9).argmax(-1) == target.argmax(-1)).float().mean()
    return policy_loss, value_loss, top


def fit(
    net: PolicyValueNet,
    samples: Samples,
    settings: FitSettings,
    seed: int,
    progress: Any = None,
) -> Losses:
    """Fit ``net`` to ``samples`` (seeded: the same samples and seed give the same weights on one
    machine); the losses per epoch. ``progress(done, total)`` is called after each batch."""
    generator = np.random.default_rng(seed)
    torch.manual_seed(seed)
    games = np.unique(samples.games)
    held = generator.permutation(games)[: int(len(games) * settings.held_out)]
    is_test = np.isin(samples.games, held)
    test_rows, train_rows = np.flatnonzero(is_test), np.flatnonzero(~is_test)
    cut = len(test_rows)
    actions, seats = net.policy.out_features, net.value.out_features
    test = _dense(samples, np.sort(test_rows), actions, seats) if cut else None
    optimiser = torch.optim.AdamW(net.parameters(), lr=settings.lr, weight_decay=settings.weight_decay)
    losses = Losses([], [], [], [], [])
    batches = math.ceil(len(train_rows) / settings.batch)
    for epoch in range(settings.epochs):
        net.train()
        shuffled = generator.permutation(train_rows)
        sums = [0.0, 0.0]
        for b in range(batches):
            rows = np.sort(shuffled[b * settings.batch : (b + 1) * settings.batch])
            policy_loss, value_loss, _ = _losses(net, _dense(samples, rows, actions, seats))
            loss = policy_loss + settings.value_weight * value_loss
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            sums[0] += policy_loss.item() * len(rows)
            sums[1] += value_loss.item() * len(rows)
            if progress is not None:
                progress(epoch * batches + b + 1, settings.epochs * batches)
        losses.train_policy.append(sums[0] / max(1, len(train_rows)))
        losses.train_value.append(sums[1] / max(1, len(train_rows)))
        if test is not None:
            net.eval()
            with torch.no_grad():
                policy_loss, value_loss, top = _losses(net, test)
            losses.test_policy.append(float(policy_loss))
            losses.test_value.append(float(value_loss))
            losses.test_top1.append(float(top))
    net.eval()
    return losses
