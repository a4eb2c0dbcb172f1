"""IS-MCTS search speed on one core: simulations per second, by game, players and rollout kind.

Run:  python benchmarks/bench_ismcts.py [--iterations 300] [--positions 6]

For each game at 2 and 4 players it plays seeded random games to mid-game positions where the
seat to move has a real choice, runs one search from each, and reports simulations (iterations)
per second for three set-ups:

- ``full random``: random rollouts to the end of the game;
- ``cut d=10 heuristic-eval``: random rollouts cut after 10 decisions, scored by the game's
  heuristic evaluator;
- ``cut d=10 heuristic``: the game's heuristic policy as rollout policy, cut after 10 decisions;
- ``4p set-up d=60``: the strongest 4-player set-up measured (``STRONG``: heuristic opponents,
  prior and rollouts, cut after 60 decisions), with its seconds per decision;
- ``halving d=60``: the same with ``root=halving`` (no tree; sequential halving over paired
  simulations).

It measures; it asserts nothing. Target (issue 4): at least 1,000 simulations per second in a
4-player game with cut rollouts scored by the heuristic evaluator.

``--against-openspiel`` (issue 18) measures instead simulations per second of processor time
next to OpenSpiel's Python ``ISMCTSBot`` and its C++ one (``pyspiel.ISMCTSBot``, the native
figure) on hearts, in alternating rounds (``--rounds``), its standard set-up (a random rollout to
the end of the game per simulation, ``RandomRolloutEvaluator``), at equal rollout length:
alaka's searches roll out at random for as many decisions as a hearts rollout from the same
kind of position makes (measured), then score the position as even (``terminal_values``), so
both sides spend their time on search and engine alone. Positions are mid-game decisions with
at least 3 legal actions (hearts: past the passing of cards). With ``--compiled-python`` the
alaka rows are measured with the compiled build too (README). The load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

try:  # the installed package (pure or compiled) if there is one, else the sources beside this file
    import alaka
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import alaka
from alaka.bots.ismcts import ISMCTSBot, random_policy, terminal_values
from alaka.bots.registry import heuristic_for, make_bot
from alaka.core.compiling import build
from alaka.core.protocol import State

#: The set-up measured for 4-player Alakazoo in docs/bots.md, at this script's iteration budget.
STRONG = "ismcts:rollout=heuristic,opponents=heuristic,depth=60,bias=1,margin=0.5"


def positions(name: str, players: int, count: int, seed: int) -> list[State]:
    """Mid-game positions with at least 3 legal actions for the seat to move."""
    g = alaka.game(name)
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = g.new_initial_state(players)
        target = rng.randrange(40, 200)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if steps >= target and len(legal) >= 3:
                found.append(state.clone())
                break
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return found


def rate(bot: ISMCTSBot, states: list[State]) -> float:
    done = 0
    start = time.perf_counter()
    for i, state in enumerate(states):
        bot.act(state, state.current_player(), random.Random(i))
        done += bot.last.iterations
    return done / (time.perf_counter() - start)


# -- against OpenSpiel's IS-MCTS on hearts ------------------------------------------------------


#: Decisions of hearts' passing phase: 3 cards from each of the 4 players.
HEARTS_PASSES = 12


def hearts_positions(count: int, seed: int) -> list[Any]:
    """Mid-game hearts decisions (cards passed, 4 to 36 cards played) with at least 3 legal
    actions."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        target = HEARTS_PASSES + rng.randrange(4, 36)
        plays = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            legal = state.legal_actions()
            if plays >= target and len(legal) >= 3:
                found.append(state.clone())
                break
            state.apply_action(legal[rng.randrange(len(legal))])
            plays += 1
    return found


def decisions_to_the_end(states: list[Any], rng: random.Random, tries: int = 20) -> float:
    """The mean number of decisions of a random playout from these positions to the end."""
    counts = []
    for state in states:
        for _ in range(tries):
            playout = state.clone()
            made = 0
            while not playout.is_terminal():
                if playout.is_chance_node():
                    actions, weights = zip(*playout.chance_outcomes(), strict=True)
                    playout.apply_action(rng.choices(actions, weights)[0])
                else:
                    legal = playout.legal_actions()
                    playout.apply_action(legal[rng.randrange(len(legal))])
                    made += 1
            counts.append(made)
    return statistics.fmean(counts)


def openspiel_rate(states: list[Any], simulations: int) -> float:
    """OpenSpiel's Python IS-MCTS with random rollouts: simulations per processor second."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("hearts")
    spent = 0.0
    for i, state in enumerate(states):
        randomness = np.random.RandomState(i)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=randomness)
        bot = ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=randomness
        )
        start = time.process_time()
        bot.step(state)
        spent += time.process_time() - start
    return simulations * len(states) / spent


def openspiel_cpp_rate(states: list[Any], simulations: int) -> float:
    """OpenSpiel's C++ IS-MCTS (``pyspiel.ISMCTSBot``) with its C++ random-rollout evaluator, one
    rollout to the end per simulation: simulations per processor second. The native figure: the
    whole search runs in C++."""
    import pyspiel

    spent = 0.0
    for i, state in enumerate(states):
        evaluator = pyspiel.RandomRolloutEvaluator(1, i)
        bot = pyspiel.ISMCTSBot(i, evaluator, 2.0, simulations)
        start = time.process_time()
        bot.step(state)
        spent += time.process_time() - start
    return simulations * len(states) / spent


def alaka_rates(depth: int, simulations: int, count: int) -> dict[str, float]:
    """alaka's IS-MCTS with random rollouts cut after ``depth`` decisions (scored as even):
    simulations per processor second, per game and player count."""
    rates = {}
    for name in alaka.games():
        for players in (2, 4):
            states = positions(name, players, count, seed=players)
            bot = ISMCTSBot(iterations=simulations, depth=depth, evaluator=terminal_values)
            done = 0
            start = time.process_time()
            for i, state in enumerate(states):
                bot.act(state, state.current_player(), random.Random(i))
                done += bot.last.iterations
            rates[f"{name} {players}p"] = done / (time.process_time() - start)
    return rates


def against_openspiel(args: argparse.Namespace) -> None:
    """OpenSpiel's searches and ours in alternating rounds (each round: OpenSpiel's Python bot,
    its C++ bot, then each alaka build), so a machine whose load moves weighs on both sides of
    each round's ratio alike; the medians over rounds are printed."""
    if args.depth is not None:  # a run for another build: the rollout length is given
        print(
            json.dumps({"build": build(), "rates": alaka_rates(args.depth, args.iterations, args.positions)})
        )
        return
    hearts = hearts_positions(args.positions, seed=1)
    length = decisions_to_the_end(hearts, random.Random(2))
    depth = round(length)
    python_rates: list[float] = []
    cpp_rates: list[float] = []
    ratios: dict[tuple[str, str], list[float]] = {}
    rates: dict[tuple[str, str], list[float]] = {}
    loads = []
    for _ in range(args.rounds):
        theirs = openspiel_rate(hearts, args.iterations)
        python_rates.append(theirs)
        cpp_rates.append(openspiel_cpp_rate(hearts, args.iterations))
        runs = [{"build": build(), "rates": alaka_rates(depth, args.iterations, args.positions)}]
        if args.compiled_python:
            command = [args.compiled_python, __file__, "--against-openspiel", "--depth", str(depth)]
            command += ["--iterations", str(args.iterations), "--positions", str(args.positions)]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"the run under {args.compiled_python} failed:\n{done.stderr}")
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        for run in runs:
            short = "compiled" if run["build"].startswith("compiled") else "pure"
            for label, rate in run["rates"].items():
                rates.setdefault((label, short), []).append(rate)
                ratios.setdefault((label, short), []).append(rate / theirs)
        loads.append(os.getloadavg()[0])
    python_rate = statistics.median(python_rates)
    cpp_rate = statistics.median(cpp_rates)
    print(f"{'search':34} {'build':8} {'simulations/s':>14} {'x OpenSpiel Py':>14} {'x C++':>7}")
    print(
        f"{'OpenSpiel ISMCTSBot, hearts':34} {'python':8} {python_rate:>14,.0f} {1.0:>14.2f} "
        f"{python_rate / cpp_rate:>7.2f}"
    )
    print(
        f"{'OpenSpiel ISMCTSBot, hearts':34} {'c++':8} {cpp_rate:>14,.0f} {cpp_rate / python_rate:>14.2f} "
        f"{1.0:>7.2f}"
    )
    for (label, short), found in rates.items():
        rate = statistics.median(found)
        ratio = statistics.median(ratios[label, short])
        print(
            f"{'alaka IS-MCTS, ' + label:34} {short:8} {rate:>14,.0f} {ratio:>14.2f} {rate / cpp_rate:>7.2f}"
        )
    print(
        f"\nRandom rollouts of {length:.1f} decisions on average (a hearts playout from these "
        f"positions; alaka's are cut at {depth}); {args.iterations} simulations per search, "
        f"{args.positions} searches per row, {args.rounds} alternating rounds; processor time. "
        "x OpenSpiel Py: the median over rounds of alaka's rate over the Python bot's in the same "
        "round; x C++: over the median C++ rate. Load average "
        f"{statistics.median(loads):.2f} on {os.cpu_count()} cores; alaka {alaka.__version__}."
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iterations", type=int, default=300, help="iterations per search")
    parser.add_argument("--positions", type=int, default=6, help="searches per row")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (--against-openspiel)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--against-openspiel", action="store_true", help="next to OpenSpiel's IS-MCTS on hearts"
    )
    parser.add_argument(
        "--compiled-python",
        default=os.environ.get("ALAKA_COMPILED_PYTHON"),
        help="an interpreter whose alaka is the compiled build: its rows are added",
    )
    parser.add_argument("--depth", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.against_openspiel:
        against_openspiel(args)
        return
    print(
        f"{'game':10} {'players':>7} {'full random':>12} "
        f"{'cut d=10 heuristic-eval':>24} {'cut d=10 heuristic':>19} "
        f"{'4p set-up d=60':>15} {'s/decision':>10} {'halving d=60':>13} {'s/decision':>10}"
    )
    for name in args.game or list(alaka.games()):
        heuristic = heuristic_for(name)
        for players in (2, 4):
            states = positions(name, players, args.positions, seed=players)
            setups = [
                ISMCTSBot(iterations=args.iterations),
                ISMCTSBot(
                    iterations=args.iterations, depth=10, evaluator=heuristic.evaluate, rollout=random_policy
                ),
                ISMCTSBot(
                    iterations=args.iterations,
                    depth=10,
                    evaluator=heuristic.evaluate,
                    rollout=heuristic.policy,
                ),
            ]
            for spec in (STRONG, f"{STRONG},root=halving"):
                strong = make_bot(f"{spec},iterations={args.iterations}", name)
                assert isinstance(strong, ISMCTSBot)
                setups.append(strong)
            rates = [rate(bot, states) for bot in setups]
            print(
                f"{name:10} {players:>7} {rates[0]:>12,.0f} {rates[1]:>24,.0f} {rates[2]:>19,.0f} "
                f"{rates[3]:>15,.0f} {args.iterations / rates[3]:>10.2f} "
                f"{rates[4]:>13,.0f} {args.iterations / rates[4]:>10.2f}",
                flush=True,
            )
    print(
        f"\nsimulations per second; {args.iterations} iterations per search, "
        f"{args.positions} searches per row"
    )


if __name__ == "__main__":
    main()
