"""Throughput of the adapters (alaka.rl) next to the bare engine, on one core.

Run:  python benchmarks/bench_rl.py [--seconds 3] [--game alakazoo] [--players 2 4]

Every row plays seeded random games (uniform over the legal actions, chance drawn as the game
says) for the given time and counts *agent steps*: decisions made by a seat, chance outcomes
not counted (they are drawn inside every wrapper). The rows:

- engine          ``legal_actions`` + ``apply_action`` only (the speed limit);
- engine+tensor   the same, plus the decider's information-state tensor and action mask
                  (what any learning wrapper must compute);
- openspiel       ``pyspiel`` calls through the registered game: ``legal_actions``,
                  ``chance_outcomes``, ``apply_action`` (no tensor);
- openspiel+tensor  the same, plus ``information_state_tensor`` of the decider;
- pettingzoo      the AEC loop: ``last()`` (observation dict with mask) + ``step()``;
- pz benchmark    PettingZoo's own ``performance_benchmark`` (its "turns per second", over 5 s
                  of wall time: on a busy machine it reads lower than the other rows);
- gym (random)    ``AlakaEnv`` steps of one seat against random bots (each step also plays
                  the other seats' moves until the learner decides again);
- gym (heuristic) the same against the heuristic bots (their thinking dominates).

Rates are per second of processor time (``time.process_time``), so other work on a shared
machine slows the run but does not change the figures much. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np
from pettingzoo.test import performance_benchmark

import alaka
from alaka.core.protocol import CHANCE, TERMINAL
from alaka.rl import openspiel as aos
from alaka.rl.encoding import encoded_games, for_game, recent_view
from alaka.rl.gym import AlakaEnv
from alaka.rl.pettingzoo import raw_env


def timed(seconds: float, run_game: Callable[[int], int]) -> float:
    """Agent steps per second of processor time: ``run_game(seed)`` plays one game and returns
    its steps. Processor time, not wall time, so a busy shared machine does not lower the rate."""
    steps = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += run_game(seed)
        seed += 1
    return steps / (time.process_time() - start)


def engine(name: str, players: int, with_tensor: bool) -> Callable[[int], int]:
    game = alaka.game(name)
    encoding = for_game(game)(players)

    def run(seed: int) -> int:
        state = game.new_initial_state(players)
        rng = random.Random(seed)
        steps = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return steps
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            if with_tensor:
                encoding.information_state(recent_view(state, player, encoding.history_events))
                encoding.legal_mask(state)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1

    return run


def draw(outcomes: list[tuple[int, float]], r: float) -> int:
    """The chance outcome that ``r`` in [0, 1) falls on."""
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def openspiel(name: str, players: int, with_tensor: bool) -> Callable[[int], int]:
    game = aos.load(name, players)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(draw(state.chance_outcomes(), rng.random()))
                continue
            if with_tensor:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return run


def pettingzoo(name: str, players: int) -> Callable[[int], int]:
    environment = raw_env(name, players)

    def run(seed: int) -> int:
        environment.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            done = terminated or truncated
            environment.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += not done
        return steps

    return run


def pz_benchmark(name: str, players: int, seconds: float) -> float:
    """PettingZoo's performance_benchmark (it runs for 5 s and prints its rate)."""
    del seconds
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(raw_env(name, players))
    found = re.search(r"([0-9.]+) turns per second", out.getvalue())
    return float(found.group(1)) if found else float("nan")


def gym(name: str, players: int, opponents: str) -> Callable[[int], int]:
    environment = AlakaEnv(name, players, seat=None, opponents=opponents)

    def run(seed: int) -> int:
        _, info = environment.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while True:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = environment.step(action)
            steps += 1
            if terminated or truncated:
                return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row and player count")
    parser.add_argument("--game", choices=list(encoded_games()), action="append", help="default: both")
    parser.add_argument("--players", type=int, nargs="*", help="default: the smallest and largest count")
    parser.add_argument("--no-pz-benchmark", action="store_true", help="skip PettingZoo's 5-second benchmark")
    args = parser.parse_args()
    print(f"{'game':<9} {'players':>7}  {'wrapper':<17} {'agent steps/s':>13}  note")
    print("-" * 72)
    for name in args.game or encoded_games():
        game = alaka.game(name)
        counts = args.players or sorted({game.min_players, game.max_players})
        for players in counts:
            rows: list[tuple[str, float, str]] = [
                ("engine", timed(args.seconds, engine(name, players, False)), ""),
                ("engine+tensor", timed(args.seconds, engine(name, players, True)), ""),
                ("openspiel", timed(args.seconds, openspiel(name, players, False)), ""),
                ("openspiel+tensor", timed(args.seconds, openspiel(name, players, True)), ""),
                ("pettingzoo", timed(args.seconds, pettingzoo(name, players)), "last() + step()"),
            ]
            if not args.no_pz_benchmark:
                rows.append(("pz benchmark", pz_benchmark(name, players, args.seconds), "its own figure"))
            for opponents in ("random", "heuristic"):
                note = "learner steps; the bots' moves are inside"
                rows.append((f"gym ({opponents})", timed(args.seconds, gym(name, players, opponents)), note))
            for label, rate, note in rows:
                print(f"{name:<9} {players:>7}  {label:<17} {rate:>13,.0f}  {note}")
    versions = ", ".join(f"{p} {metadata.version(p)}" for p in ("open_spiel", "pettingzoo", "gymnasium"))
    print(
        f"\nPython {sys.version.split()[0]}, {versions}; one process, "
        f"{args.seconds:g} s of processor time a row."
    )


if __name__ == "__main__":
    main()
