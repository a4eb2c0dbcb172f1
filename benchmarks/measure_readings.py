"""How much each switchable Alakazoo reading changes a game, measured on heuristic self-play.

Run:  python benchmarks/measure_readings.py [--games 1000] [--players 2 3 4] [--markdown]

For each player count it plays ``--games`` seeded games of the heuristic bot against itself
with the default rules, then the same seeds with one reading switched (the options of
docs/rulings.md Z2, Z4, Z8 and Z13), and prints per game, as mean ± standard error:

- turns          turns played (a Dark Power pass counts as a turn);
- dark           Dark Power tokens taken, all players together (the cap of 3 counted: a
                 token not taken because the player already had 3 is not counted);
- passes         turns passed with 3 Dark Power;
- breaches       times a player went over the 6-token or the 4-card limit;
- creature pts   display points for the element's creature (ruling Z8);
- points         final points per player (display, fastest and final-score points);
- no action      turns with no action (only with ``may_skip_action``).

The games of one row differ from the default row's only by the reading (same seeds, so the same
first deal), but they soon take different courses: the rows are compared as independent
samples. It measures; it asserts nothing. ``--markdown`` prints the tables for docs/rulings.md.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import alaka
from alaka.bots.registry import make_bot
from alaka.core.protocol import Action, State
from alaka.games.alakazoo import events as ev
from alaka.games.alakazoo.state import AlakazooState

#: The readings measured: a row name and the options that switch it (the default row first).
READINGS: dict[str, dict[str, Any]] = {
    "default rules": {},
    "limit_penalty=one_per_excess": {"limit_penalty": "one_per_excess"},
    "limit_check=end_of_action": {"limit_check": "end_of_action"},
    "covered_runes=false": {"covered_runes": False},
    "creature_point=own_board": {"creature_point": "own_board"},
    "may_skip_action=true": {"may_skip_action": True},
}
METRICS = ("turns", "dark", "passes", "breaches", "creature pts", "points", "no action")


@dataclass
class Tally:
    """Per-game values of each metric for one row (reading and player count)."""

    values: dict[str, list[float]] = field(default_factory=lambda: {m: [] for m in METRICS})
    truncated: int = 0

    def mean_se(self, metric: str) -> tuple[float, float]:
        xs = self.values[metric]
        mean = statistics.fmean(xs)
        se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan
        return mean, se


def play_one(players: int, options: dict[str, Any], seed: int) -> dict[str, float]:
    """One seeded heuristic self-play game and what it measured."""
    game = alaka.game("alakazoo")
    state = game.new_initial_state(players, **options)
    bots = [make_bot("heuristic", "alakazoo")] * players
    before = [0] * players
    taken = 0

    def count_dark(s: State, player: int, action: Action) -> None:
        # Called before each action: what changed since the last call was the last action's.
        nonlocal taken
        assert isinstance(s, AlakazooState)
        taken += sum(max(now - was, 0) for now, was in zip(s.dark, before, strict=True))
        before[:] = s.dark

    alaka.play(state, bots, seed=seed, on_action=count_dark)
    assert isinstance(state, AlakazooState)
    taken += sum(max(now - was, 0) for now, was in zip(state.dark, before, strict=True))
    log = state.log
    return {
        "turns": state.turns,
        "dark": taken,
        "passes": sum(isinstance(event, ev.Passed) for event in log),
        "breaches": sum(isinstance(event, ev.OverLimit) for event in log),
        "creature pts": sum(event.creature_point for event in log if isinstance(event, ev.Displayed)),
        "points": sum(state.points) / players,
        "no action": sum(isinstance(event, ev.NoAction) for event in log),
        "truncated": int(state.truncated),
    }


def measure(players: int, games: int, seed: int) -> dict[str, Tally]:
    tallies: dict[str, Tally] = {}
    for name, options in READINGS.items():
        tally = Tally()
        for i in range(games):
            result = play_one(players, options, seed * 1_000_000 + players * 100_000 + i)
            for metric in METRICS:
                tally.values[metric].append(result[metric])
            tally.truncated += int(result["truncated"])
        tallies[name] = tally
    return tallies


def table(players: int, games: int, tallies: dict[str, Tally], markdown: bool) -> str:
    head = ["reading", *METRICS]
    rows = []
    for name, tally in tallies.items():
        cells = [name]
        for metric in METRICS:
            mean, se = tally.mean_se(metric)
            cells.append(f"{mean:.2f} ± {se:.2f}")
        if tally.truncated:
            cells[0] += f" ({tally.truncated} truncated)"
        rows.append(cells)
    title = f"{players} players, {games} games per row (mean ± standard error per game)"
    if markdown:
        lines = [f"**{title}**", "", "| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    out = [title, "  ".join(h.rjust(w) for h, w in zip(head, widths, strict=True))]
    out += ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="games per reading and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games must be at least 2 (a standard error needs two games)")
    for players in args.players:
        start = time.perf_counter()
        tallies = measure(players, args.games, args.seed)
        print(table(players, args.games, tallies, args.markdown))
        print(f"({time.perf_counter() - start:.0f} s)\n")


if __name__ == "__main__":
    main()
