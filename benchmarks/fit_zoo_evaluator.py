"""Fit the Alakazoo evaluator's weights to the results of heuristic self-play, and measure it.

Run:  python benchmarks/fit_zoo_evaluator.py [--games 6000] [--test-games 2000] [--write]

Needs numpy (``pip install -e '.[sim]'`` brings it). For 2, 3 and 4 players it plays games of
the heuristic against itself, keeps about one position in ten with each seat's
:func:`~alaka.games.alakazoo.heuristic.eval_features` and the game's final win shares, and fits
one conditional logit per stage of the game (:func:`~alaka.games.alakazoo.heuristic.eval_stage`):
the chance of seat ``q`` is ``exp(w . f_q) / sum_k exp(w . f_k)``, fitted by Newton's method on
the cross-entropy with a small ridge penalty.

It reports, on positions of games it did not fit on, the cross-entropy (nats; lower is better)
of an even guess, of the weights shipped in the package and of the new fit, by stage. With
``--write`` it stores the new weights in the package data, where
:func:`~alaka.games.alakazoo.heuristic.evaluate` reads them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

try:
    import numpy as np
except ImportError:  # pragma: no cover - a message, not a traceback
    sys.exit("fit_zoo_evaluator.py needs numpy: pip install -e '.[sim]'")
from rich.progress import track

import alaka
from alaka.bots.ismcts import win_shares
from alaka.games.alakazoo import heuristic as H
from alaka.games.alakazoo.state import AlakazooState

DATA = Path(H.__file__).parent / "data" / H.EVAL_DATA
#: The ridge penalty: keeps rare stages' weights small and Newton's steps well posed.
RIDGE = 1e-4

Positions = list[tuple[int, np.ndarray, np.ndarray]]  # (stage, features per seat, win shares)


def self_play(players: int, games: int, seed: int, sample: float, label: str) -> Positions:
    """Positions of heuristic self-play games, each with the game's final win shares."""
    game = alaka.game("alakazoo")
    rng = random.Random(seed)
    out: Positions = []
    for _ in track(range(games), description=label):
        state = game.new_initial_state(players)
        kept: list[tuple[int, np.ndarray]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            assert isinstance(state, AlakazooState)
            if all(b >= 0 for b in state.board) and rng.random() < sample:
                features = np.array([H.eval_features(state, q) for q in range(players)])
                kept.append((H.eval_stage(state), features))
            state.apply_action(H.policy(state, state.current_player(), rng))
        result = np.array(win_shares(state))
        out.extend((stage, features, result) for stage, features in kept)
    return out


def stage_arrays(data: Positions, stage: int) -> tuple[np.ndarray, np.ndarray]:
    rows = [(x, y) for s, x, y in data if s == stage]
    if not rows:
        return np.zeros((0, 0, 0)), np.zeros((0, 0))
    return np.stack([x for x, _ in rows]), np.stack([y for _, y in rows])


def chances(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return np.asarray(p / p.sum(axis=1, keepdims=True))


def cross_entropy(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-9, 1.0))).sum(axis=1).mean())


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30) -> np.ndarray:
    """Newton's method on the ridge-penalized cross-entropy of the conditional logit."""
    n, _, f = x.shape
    w = np.zeros(f)
    for _ in range(steps):
        p = chances(w, x)
        mean = np.einsum("nk,nkf->nf", p, x)
        grad = -np.einsum("nk,nkf->f", y - p, x) / n + 2 * RIDGE * w
        second = np.einsum("nk,nkf,nkg->fg", p, x, x) - np.einsum("nf,ng->fg", mean, mean)
        hess = second / n + 2 * RIDGE * np.eye(f)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return w


def shipped() -> dict[str, Any]:
    try:
        return dict(json.loads(DATA.read_text("utf-8")))
    except FileNotFoundError:
        return {}


def as_json(payload: dict[str, Any], weights: dict[str, list[list[float]]]) -> str:
    """The data file's text: one line per stage's weights, so a refit reads well in a diff."""
    head = json.dumps(payload, indent=1)[: -len("\n}")]
    blocks = []
    for players, rows in weights.items():
        lines = ",\n".join(f"   {json.dumps(row)}" for row in rows)
        blocks.append(f'  "{players}": [\n{lines}\n  ]')
    return head + ',\n "weights": {\n' + ",\n".join(blocks) + "\n }\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=6000, help="self-play games to fit on, per player count")
    parser.add_argument("--test-games", type=int, default=2000, help="games to measure on, per player count")
    parser.add_argument("--sample", type=float, default=0.1, help="share of positions kept")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"store the new weights in {DATA.name}")
    args = parser.parse_args()
    old = shipped().get("weights", {})
    weights: dict[str, list[list[float]]] = {}
    summary: dict[str, dict[str, float]] = {}
    for players in (2, 3, 4):
        seed = args.seed * 1000 + players
        train = self_play(players, args.games, seed, args.sample, f"{players} players, fit")
        test = self_play(players, args.test_games, seed + 500, args.sample, f"{players} players, test")
        rows: list[list[float]] = []
        totals = {"even": 0.0, "shipped": 0.0, "fitted": 0.0}
        count = 0
        even = math.log(players)
        before = old.get(str(players))
        print(f"\n{players} players: cross-entropy on {len(test)} held-out positions (nats)")
        print(f"{'stage':>8} {'positions':>9} {'even':>8} {'shipped':>8} {'fitted':>8}")
        for stage in range(H.EVAL_STAGES):
            x, y = stage_arrays(train, stage)
            w = fit(x, y) if len(x) else np.zeros(len(H.EVAL_FEATURES) + players - 1)
            rows.append([round(float(v), 5) for v in w])
            tx, ty = stage_arrays(test, stage)
            if not len(tx):
                continue
            usable = before is not None and len(before[stage]) == len(w)
            shipped_ce = cross_entropy(chances(np.array(before[stage]), tx), ty) if usable else math.nan
            fitted_ce = cross_entropy(chances(w, tx), ty)
            for key, value in (("even", even), ("shipped", shipped_ce), ("fitted", fitted_ce)):
                totals[key] += value * len(tx)
            count += len(tx)
            name = "last" if stage == 0 else f"{stage}{'+' if stage == H.EVAL_STAGES - 1 else ''}"
            print(f"{name:>8} {len(tx):>9} {even:>8.4f} {shipped_ce:>8.4f} {fitted_ce:>8.4f}")
        means = {key: value / max(count, 1) for key, value in totals.items()}
        print(f"{'all':>8} {count:>9} {means['even']:>8.4f} {means['shipped']:>8.4f} {means['fitted']:>8.4f}")
        weights[str(players)] = rows
        summary[str(players)] = {
            "positions": count,
            "even": round(even, 4),
            "fitted": round(means["fitted"], 4),
        }
    if args.write:
        DATA.parent.mkdir(exist_ok=True)
        payload = {
            "about": "Alakazoo evaluator weights: see benchmarks/fit_zoo_evaluator.py",
            "features": [*H.EVAL_FEATURES, "place after the player to move (one flag per place)"],
            "games": args.games,
            "seed": args.seed,
            "held_out_cross_entropy": summary,
        }
        DATA.write_text(as_json(payload, weights), "utf-8")
        print(f"\nwrote {DATA}")


if __name__ == "__main__":
    main()
