"""Speed of the rules engines on one core: random full games, decisions, clone() and resample().

Run:  python benchmarks/bench_games.py [--seconds 5] [--game alakazoo] [--players 2 4]

For each game and player count it plays seeded random games for the given time with the same
loop as ``alaka.play`` (legal_actions + apply_action, chance by ``sample_chance``) and reports:

- games/s        random full games per second;
- decisions/s    player decisions (a bot chose) per second;
- actions/s      every applied action, chance outcomes included (OpenSpiel's "steps");
- clone us       microseconds per ``clone()`` of positions sampled from those games;
- resample us    microseconds per ``resample(seat, rng)`` of the same positions.

It measures; it asserts nothing. Targets (issue 2): 100,000 decisions/s, clone under 20 us.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import alaka
from alaka.core.protocol import CHANCE, TERMINAL, State


def playouts(name: str, players: int, seconds: float, seed: int) -> tuple[int, int, int, float, list[State]]:
    g = alaka.game(name)
    rng = random.Random(seed)
    games = decisions = actions = 0
    samples: list[State] = []
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state = g.new_initial_state(players)
        step = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            state.apply_action(action)
            step += 1
            if step % 97 == 0 and len(samples) < 300:
                samples.append(state.clone())
        actions += step
        games += 1
        elapsed = time.perf_counter() - start
    return games, decisions, actions, elapsed, samples


def per_call_us(states: list[State], call: str, repeat: int = 20) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    count = 0
    for _ in range(repeat):
        for state in states:
            if call == "clone":
                state.clone()
            else:
                seat = state.current_player()
                state.resample(seat if seat >= 0 else 0, rng)
            count += 1
    return (time.perf_counter() - start) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per game and player count")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, nargs="*", help="only these player counts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = args.game or list(alaka.games())
    header = (
        f"{'game':10} {'players':>7} {'games/s':>9} {'decisions/s':>12} {'actions/s':>10} "
        f"{'clone us':>9} {'resample us':>12}"
    )
    print(header)
    print("-" * len(header))
    for name in names:
        g = alaka.game(name)
        for players in args.players or list(g.player_counts):
            games, decisions, actions, elapsed, samples = playouts(name, players, args.seconds, args.seed)
            clone_us = per_call_us(samples, "clone")
            resample_us = per_call_us(samples, "resample")
            print(
                f"{name:10} {players:>7} {games / elapsed:>9.1f} {decisions / elapsed:>12,.0f} "
                f"{actions / elapsed:>10,.0f} {clone_us:>9.1f} {resample_us:>12.1f}",
                flush=True,
            )
    print(f"\nPython {sys.version.split()[0]}, one process, {args.seconds:g} s of playouts per row.")


if __name__ == "__main__":
    main()
