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
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import alaka
from alaka.bots.ismcts import ISMCTSBot, random_policy
from alaka.bots.registry import heuristic_for, make_bot
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iterations", type=int, default=300, help="iterations per search")
    parser.add_argument("--positions", type=int, default=6, help="searches per row")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
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
