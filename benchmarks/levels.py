"""Measure the bot levels a table offers: is each level stronger than the one below it?

Run:  python benchmarks/levels.py GAME [--games 100] [--minutes 30] [--jobs 2] [--folder levels]
      [--ladder "random,heuristic,ismcts:..."] [--pairs 1,2] [--players 2,4]

For each pair of neighbouring levels (lower, upper) of ``alaka.bots.registry.bot_levels(GAME)``
(or of ``--ladder``, weakest first) it plays two arena matches, seats rotated as ``alaka arena``
rotates them, with the seed rule of the simulator:

- **head to head** at 2 players: ``upper`` against ``lower``; the upper level is stronger when
  the 95% interval of its win share lies above 1/2;
- **mixed**, at the largest count up to 4: one ``upper`` seat against ``lower`` in every other
  seat; stronger when the interval of its win share lies above the even share (1/4).

Each game's result is appended to ``FOLDER/GAME-PAIR-PLAYERS.jsonl`` as it finishes, so a run
stopped by ``--minutes`` or Ctrl-C is continued by the same command (only missing games are
played). A match's rate is counted over whole seat rotations only (the games of indices below the
largest multiple of the player count that are all done), so no bot sat in its lucky seat more
often than the others. The table printed (and written to ``FOLDER/GAME.md``) gives each level's
thinking cost as the arena counts it: processor milliseconds per real choice (a decision with
more than one legal action), on the build that runs the script (the compiled build if it is
installed: ``ALAKA_COMPILE=1 pip install .``).

Each match is the games of ``alaka arena GAME --seats "UPPER,LOWER[,LOWER...]" --seed SEED
--games N``; the table prints that command for every row.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

try:
    import alaka
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import alaka

from alaka.bots.registry import bot_levels, typed_spec
from alaka.core.registry import game as get_game
from alaka.sim.arena import GameResult, match_plan, summarize
from alaka.sim.runs import counts_turns, play_detailed_batch
from alaka.sim.scheduler import StopOnInterrupt, local_backend, run_batches

#: The seed of every match: a match is reproduced by its row's command.
SEED = 29


def _load(path: Path) -> list[GameResult]:
    results = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                data = json.loads(line)
                results.append(GameResult(**{**data, "record": {}}))
    return results


def _save(handle: TextIO, result: GameResult) -> None:
    fields = {k: v for k, v in result.__dict__.items() if k != "record"}
    handle.write(json.dumps(fields) + "\n")
    handle.flush()


def whole_rotations(results: Sequence[GameResult], players: int) -> list[GameResult]:
    """The games of indices below the largest multiple of ``players`` with every index done."""
    done = {r.index for r in results}
    first_gap = 0
    while first_gap in done:
        first_gap += 1
    limit = first_gap - first_gap % players
    return sorted((r for r in results if r.index < limit), key=lambda r: r.index)


def play(
    game_name: str, specs: list[str], games: int, jobs: int, path: Path, deadline: float
) -> list[GameResult]:
    """Play (or continue) one match until ``games`` are done or the deadline passes."""
    plan = match_plan(get_game(game_name), specs, games, SEED)
    results = _load(path)
    config = plan.configurations[0]
    done = {(*config.key, r.index) for r in results}
    if len(done) < games and time.time() < deadline:
        print(f"  playing {games - len(done)} more games of {' vs '.join(specs)}", flush=True)
        with (
            path.open("a", encoding="utf-8") as handle,
            local_backend(jobs, play_detailed_batch) as backend,
            StopOnInterrupt(lambda: print("  stopping after the games in progress", flush=True)) as stop,
        ):
            counted = counts_turns(get_game(game_name))
            for rows in run_batches(plan, backend, done, lambda: stop() or time.time() > deadline):
                for found in rows:
                    result = GameResult.from_row(found, counted)
                    results.append(result)
                    _save(handle, result)
                print(f"  {len(results)}/{games} games", end="\r", flush=True)
        print()
    return whole_rotations(results, len(specs))


def row(
    game_name: str, level: tuple[str, str], low: tuple[str, str], players: int, results: list[GameResult]
) -> str:
    """A Markdown row: who played, the upper level's share with its interval, the costs."""
    (upper_name, upper), (lower_name, lower) = level, low
    summary = summarize(results)
    even = 1 / players
    if not results:
        return f"| {upper_name} vs {lower_name} | {players} | no whole rotation yet | | | |"
    bot = summary.bots[upper]
    low_bound, high_bound = bot.interval
    verdict = "**yes**" if low_bound > even else ("no (weaker)" if high_bound < even else "not yet")
    seats = ",".join(spec.replace(",", "/") for spec in [upper] + [lower] * (players - 1))
    command = f'`alaka arena {game_name} --seats "{seats}" --seed {SEED} --games {bot.games}`'
    costs = f"{bot.cpu_ms_per_choice:.3g} / {summary.bots[lower].cpu_ms_per_choice:.3g}"
    return (
        f"| {upper_name} vs {lower_name} | {players} | {bot.wins:g} of {bot.games} = {bot.win_rate:.1%} "
        f"({low_bound:.1%}-{high_bound:.1%}) | {even:.0%} | {verdict} | {costs} | {command} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--minutes", type=float, default=30.0, help="stop new games after this long")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--folder", default="levels", help="where the results are kept")
    parser.add_argument(
        "--ladder",
        help="bot specs, weakest first, '/' inside a spec as in alaka arena (default: the table's levels)",
    )
    parser.add_argument("--pairs", help="which neighbouring pairs, 1 = the two weakest (default: all)")
    parser.add_argument("--players", default="", help="the counts to play (default: 2 and the mixed count)")
    args = parser.parse_args(argv)

    found = get_game(args.game)
    if args.ladder:
        specs = [typed_spec(spec) for spec in args.ladder.split(",") if spec.strip()]
        ladder = [(f"level {k + 1}", spec) for k, spec in enumerate(specs)]
    else:
        ladder = [(level.level, level.spec) for level in bot_levels(args.game)]
    mixed = min(4, found.max_players)
    counts = [int(n) for n in args.players.split(",")] if args.players else sorted({2, mixed})
    pairs = [int(k) for k in args.pairs.split(",")] if args.pairs else list(range(1, len(ladder)))
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + 60 * args.minutes
    print(f"{found.title}, version {alaka.__version__}: " + " < ".join(f"{n} ({s})" for n, s in ladder))
    rows = []
    for k in pairs:
        low, high = ladder[k - 1], ladder[k]
        for players in counts:
            specs = [high[1]] + [low[1]] * (players - 1)
            path = folder / f"{args.game}-{k}-{players}p.jsonl"
            results = play(args.game, specs, args.games, args.jobs, path, deadline)
            rows.append(row(args.game, high, low, players, results))
            print(rows[-1], flush=True)
    table = "\n".join(
        [
            "| levels | players | the upper level's win share (95%) | even share | stronger? "
            "| CPU ms per choice (upper / lower) | command |",
            "| --- | --- | --- | --- | --- | --- | --- |",
            *rows,
        ]
    )
    (folder / f"{args.game}.md").write_text(table + "\n", encoding="utf-8")
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
