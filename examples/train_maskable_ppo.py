"""Teach one seat of an Alaka game with MaskablePPO (sb3-contrib): first against random bots,
then against the heuristic, and measure its win rate before and after.

Install (CPU only; install torch first so pip does not fetch a CUDA build)::

    pip install -e '.[rl]'
    pip install torch==2.13.0    # elsewhere: --index-url https://download.pytorch.org/whl/cpu
    pip install 'sb3-contrib>=2.3'

The documented run (its defaults; docs/rl.md has its result)::

    nice python examples/train_maskable_ppo.py --game alakazoo --players 2 \\
        --random-steps 160000 --heuristic-steps 100000 --eval-games 200 --seed 0

The learning seat changes every episode (``seat=None``), so the policy learns every seat. Its
observation is the information-state tensor of its view, and ``MaskablePPO`` reads the legal
actions from the environment's ``action_masks()``. A win counts 1, a shared win its share, as
in the arena. Everything is seeded; one torch thread keeps it polite on a shared machine.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import alaka
from alaka.rl.gym import env_id  # importing alaka.rl.gym registers the environments


def make_env(game: str, players: int, opponents: str) -> gymnasium.Env[Any, Any]:
    return gymnasium.make(env_id(game), num_players=players, seat=None, opponents=opponents)


def win_rate(policy: Any, game: str, players: int, opponents: str, games: int, seed: int) -> float:
    """The learning seat's mean win share over ``games`` seeded games (seats drawn by the seed).

    ``policy`` is a MaskablePPO model (it samples from its policy over the legal actions, as it
    trains; its single most likely action can loop in a position it has not learnt) or
    ``"random"`` (a uniformly random legal action: the baseline)."""
    env = make_env(game, players, opponents)
    rng = np.random.default_rng(seed)
    total = 0.0
    for episode in range(games):
        observation, info = env.reset(seed=seed + episode)
        while True:
            legal = info["action_mask"].astype(bool)
            if policy == "random":
                action = int(rng.choice(np.flatnonzero(legal)))
            else:
                action = int(policy.predict(observation, action_masks=legal, deterministic=False)[0])
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                total += float(reward)
                break
    env.close()
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="alakazoo", choices=list(alaka.games()))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--random-steps", type=int, default=160_000, help="training steps against random bots"
    )
    parser.add_argument("--heuristic-steps", type=int, default=100_000, help="then against the heuristic")
    parser.add_argument("--eval-games", type=int, default=200, help="games per win-rate measurement")
    parser.add_argument("--rollout", type=int, default=2048, help="steps collected between two updates")
    parser.add_argument(
        "--entropy",
        type=float,
        default=0.0,
        help="entropy bonus; above 0 it pulls a policy that never wins (against the heuristic) back "
        "towards random play",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", type=Path, help="write the trained model here (.zip)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    start = time.perf_counter()
    results: list[tuple[str, float, float]] = []

    def measure(label: str, policy: Any) -> None:
        against_random = win_rate(policy, args.game, args.players, "random", args.eval_games, 10_000)
        against_heuristic = win_rate(policy, args.game, args.players, "heuristic", args.eval_games, 20_000)
        results.append((label, against_random, against_heuristic))
        minutes = (time.perf_counter() - start) / 60
        print(
            f"{label:<32} vs random {against_random:6.1%}   "
            f"vs heuristic {against_heuristic:6.1%}   ({minutes:.1f} min)"
        )

    print(f"{args.game}, {args.players} players; an even share is {1 / args.players:.1%}")
    measure("random legal moves (baseline)", "random")
    model = MaskablePPO(
        "MlpPolicy",
        make_env(args.game, args.players, "random"),
        n_steps=args.rollout,
        batch_size=min(256, args.rollout),
        n_epochs=5,
        gamma=0.995,
        learning_rate=3e-4,
        ent_coef=args.entropy,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    measure("untrained policy", model)
    trained = time.perf_counter()
    if args.random_steps:
        model.learn(total_timesteps=args.random_steps)
        measure(f"after {args.random_steps:,} steps vs random", model)
    if args.heuristic_steps:
        model.set_env(make_env(args.game, args.players, "heuristic"))
        model.learn(total_timesteps=args.heuristic_steps, reset_num_timesteps=False)
        measure(f"then {args.heuristic_steps:,} vs heuristic", model)
    training = (time.perf_counter() - trained) / 60
    cpu = time.process_time() / 60
    if args.save:
        model.save(args.save)
    print(
        f"\n{args.random_steps + args.heuristic_steps:,} training steps in {training:.1f} min "
        f"(evaluations included: {(time.perf_counter() - start) / 60:.1f} min in all, "
        f"{cpu:.1f} min of processor time); "
        f"{args.eval_games} games per measurement; {platform.processor() or platform.machine()}, "
        f"torch {torch.__version__} on {torch.get_num_threads()} thread, Python {platform.python_version()}"
    )


if __name__ == "__main__":
    main()
