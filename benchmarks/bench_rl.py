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
- gym (heuristic) the same against the heuristic bots (their thinking dominates);
- gym sync xN     Gymnasium's ``SyncVectorEnv`` of N ``gymnasium.make`` environments
                  (``make_vec(..., vectorization_mode="sync")``), random bots, N = ``--num-envs``;
- gym vector xN   ``AlakaVectorEnv`` (``vectorization_mode="vector_entry_point"``), the same games;
- rl_environment  OpenSpiel's ``rl_environment.Environment``, the agent reading its own
                  player's ``info_state`` (the environment computes every player's);
- rl_env lazy     ``alaka.rl.openspiel_env.LazyEnvironment``, the same (it computes what is read);
  then ``--rounds`` alternating rounds of the two give the median ratio.

``--anchors`` adds the games to compare with, stepped the same ways: OpenSpiel's C++
``leduc_poker`` and ``hearts`` through ``rl_environment``, PettingZoo's ``leduc_holdem_v4`` and
``texas_holdem_v4`` through the AEC loop (they need ``rlcard``; a missing one is a skipped row).

The two vector rows count the steps of the games (not the vector calls), the actions drawn from
``infos["action_mask"]``. Then ``--rounds`` alternating short rounds of the single environment,
the ``SyncVectorEnv`` and ``AlakaVectorEnv`` give the median ratios of their rates, which a busy
machine disturbs less than one long run of each.

Rates are per second of processor time (``time.process_time``), so other work on a shared
machine slows the run but does not change the figures much. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import random
import re
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

try:  # the installed package (pure or compiled) if there is one, else the sources beside this file
    import alaka
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium
import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from pettingzoo.test import performance_benchmark

import alaka
from alaka.core.protocol import CHANCE, TERMINAL
from alaka.rl import openspiel as aos
from alaka.rl.encoding import encoded_games, for_game, recent_view
from alaka.rl.gym import AlakaEnv, env_id
from alaka.rl.openspiel_env import LazyEnvironment
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


def aec_loop(environment: Any) -> Callable[[int], int]:
    """Seeded episodes of a PettingZoo AEC environment, random legal actions from the mask."""

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


def pettingzoo(name: str, players: int) -> Callable[[int], int]:
    return aec_loop(raw_env(name, players))


def rl_env(game: str | pyspiel.Game, lazy: bool) -> Callable[[int], int]:
    """Episodes of OpenSpiel's ``rl_environment`` (or the lazy one), random legal actions, the
    agent reading its own player's ``info_state`` as a learner does."""
    kind = LazyEnvironment if lazy else rl_environment.Environment

    def run(seed: int) -> int:
        environment = kind(game, chance_event_sampler=rl_environment.ChanceEventSampler(seed))
        rng = random.Random(seed)
        time_step = environment.reset()
        steps = 0
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step.observations["info_state"][player]
            legal = time_step.observations["legal_actions"][player]
            time_step = environment.step([legal[rng.randrange(len(legal))]])
            steps += 1
        return steps

    return run


def rl_env_ratio(name: str, players: int, rounds: int, seconds: float) -> float:
    """Median over alternating rounds of (lazy / OpenSpiel's) ``rl_environment`` rates."""
    game = aos.load(name, players)
    plain, lazy = rl_env(game, False), rl_env(game, True)
    return float(np.median([timed(seconds, lazy) / timed(seconds, plain) for _ in range(rounds)]))


def pz_classic(module: str) -> Callable[[int], int] | str:
    """The AEC loop over one of PettingZoo's classic games, or why it cannot run here."""
    try:
        made = importlib.import_module(f"pettingzoo.classic.{module}").raw_env()
    except ImportError as error:
        return f"skipped: {error}"
    return aec_loop(made)


def anchor_rows(seconds: float) -> list[tuple[str, str, float, str]]:
    """(game, wrapper, rate, note) of the games the adapters are compared with."""
    rows: list[tuple[str, str, float, str]] = []
    for game in ("leduc_poker", "hearts"):
        rows.append((game, "rl_environment", timed(seconds, rl_env(game, False)), "OpenSpiel C++"))
    for module in ("leduc_holdem_v4", "texas_holdem_v4"):
        run = pz_classic(module)
        if isinstance(run, str):
            rows.append((module, "pettingzoo", float("nan"), run))
        else:
            rows.append((module, "pettingzoo", timed(seconds, run), "last() + step(), rlcard"))
    return rows


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


def vector(name: str, players: int, mode: str, num_envs: int, calls: int = 100) -> Callable[[int], int]:
    """``calls`` vector steps of N games against random bots, made by ``gymnasium.make_vec`` in
    ``mode``; returns the games' steps (a game's reset step after its end is not counted)."""
    environments = gymnasium.make_vec(
        env_id(name), num_envs=num_envs, vectorization_mode=mode, num_players=players, opponents="random"
    )

    def run(seed: int) -> int:
        _, infos = environments.reset(seed=seed * num_envs)
        rng = np.random.default_rng(seed)
        steps = 0
        for _ in range(calls):
            masks = infos["action_mask"]
            deciding = masks.any(axis=1)
            actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])
            _, _, _, _, infos = environments.step(actions)
            steps += int(deciding.sum())
        return steps

    return run


def vector_ratios(name: str, players: int, num_envs: int, rounds: int, seconds: float) -> tuple[float, float]:
    """Median over alternating rounds of (vector / single) and (vector / SyncVectorEnv) rates."""
    single = gym(name, players, "random")
    sync = vector(name, players, "sync", num_envs)
    ours = vector(name, players, "vector_entry_point", num_envs)
    over_single: list[float] = []
    over_sync: list[float] = []
    for _ in range(rounds):
        rate_single, rate_sync, rate_ours = (timed(seconds, run) for run in (single, sync, ours))
        over_single.append(rate_ours / rate_single)
        over_sync.append(rate_ours / rate_sync)
    return float(np.median(over_single)), float(np.median(over_sync))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row and player count")
    parser.add_argument("--game", choices=list(encoded_games()), action="append", help="default: both")
    parser.add_argument("--players", type=int, nargs="*", help="default: the smallest and largest count")
    parser.add_argument("--no-pz-benchmark", action="store_true", help="skip PettingZoo's 5-second benchmark")
    parser.add_argument("--num-envs", type=int, default=8, help="games in the vector rows")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds of the vector ratios")
    parser.add_argument("--only-vector", action="store_true", help="only the gym and vector rows")
    parser.add_argument("--only-openspiel", action="store_true", help="only the rl_environment rows")
    parser.add_argument("--anchors", action="store_true", help="also the card games to compare with")
    args = parser.parse_args()
    print(f"{'game':<9} {'players':>7}  {'wrapper':<17} {'agent steps/s':>13}  note")
    print("-" * 72)
    for name in args.game or encoded_games():
        game = alaka.game(name)
        counts = args.players or sorted({game.min_players, game.max_players})
        for players in counts:
            rows: list[tuple[str, float, str]] = []
            game_of = aos.load(name, players)
            rows += [
                ("rl_environment", timed(args.seconds, rl_env(game_of, False)), "own info_state read"),
                ("rl_env lazy", timed(args.seconds, rl_env(game_of, True)), "own info_state read"),
            ]
            if args.rounds > 0:
                ratio = rl_env_ratio(name, players, args.rounds, args.seconds / 2)
                rows.append(
                    ("rl_env ratio", float("nan"), f"median of {args.rounds} rounds: x{ratio:.2f} lazy")
                )
            if args.only_openspiel:
                for label, rate, note in rows:
                    print(f"{name:<9} {players:>7}  {label:<17} {rate:>13,.0f}  {note}")
                continue
            if not args.only_vector:
                rows += [
                    ("engine", timed(args.seconds, engine(name, players, False)), ""),
                    ("engine+tensor", timed(args.seconds, engine(name, players, True)), ""),
                    ("openspiel", timed(args.seconds, openspiel(name, players, False)), ""),
                    ("openspiel+tensor", timed(args.seconds, openspiel(name, players, True)), ""),
                    ("pettingzoo", timed(args.seconds, pettingzoo(name, players)), "last() + step()"),
                ]
            if not (args.no_pz_benchmark or args.only_vector):
                rows.append(("pz benchmark", pz_benchmark(name, players, args.seconds), "its own figure"))
            for opponents in ("random", "heuristic"):
                note = "learner steps; the bots' moves are inside"
                rows.append((f"gym ({opponents})", timed(args.seconds, gym(name, players, opponents)), note))
            n = args.num_envs
            for label, mode in ((f"gym sync x{n}", "sync"), (f"gym vector x{n}", "vector_entry_point")):
                run = vector(name, players, mode, n)
                rows.append((label, timed(args.seconds, run), "steps of the games, random bots"))
            if args.rounds > 0:
                over_single, over_sync = vector_ratios(name, players, n, args.rounds, args.seconds / 3)
                ratios = f"median of {args.rounds} rounds: x{over_single:.2f} single, x{over_sync:.2f} sync"
                rows.append(("vector ratios", float("nan"), ratios))
            for label, rate, note in rows:
                print(f"{name:<9} {players:>7}  {label:<17} {rate:>13,.0f}  {note}")
    if args.anchors:
        for game_name, label, rate, note in anchor_rows(args.seconds):
            print(f"{game_name:<17} {label:<17} {rate:>13,.0f}  {note}")
    versions = ", ".join(f"{p} {metadata.version(p)}" for p in ("open_spiel", "pettingzoo", "gymnasium"))
    from alaka.core.compiling import build

    print(
        f"\nalaka {build()} from {Path(alaka.__file__).parent}; Python {sys.version.split()[0]}, {versions};"
        f" one process, {args.seconds:g} s of processor time a row."
    )


if __name__ == "__main__":
    main()
