"""Score a bot's departures from the heuristic with an oracle: its gain over the heuristic, per game.

Run:  python benchmarks/score_deviations.py alakazoo --bot 'ismcts:...' [--players 4]
      [--games 8] [--seed 20000] [--playouts 300] [--out deviations.jsonl]
  or: python benchmarks/score_deviations.py alakazoo --records arena.jsonl [more.jsonl ...]

Win counts are a noisy way to compare two bots that differ a little: one 4-player game's result
has a standard deviation of about 0.43 wins. This script estimates the same quantity with far
less noise, by the performance-difference lemma: a bot's expected result minus the heuristic's
equals the sum, over the positions the bot meets, of the *advantage* of the bot's move over the
heuristic's move when everybody plays the heuristic afterwards.

It plays ``--games`` games with the bot in one seat (rotated) and the heuristic in the others.
Wherever the bot's move is not the heuristic's, both moves are played out from the *true*
position (this is an oracle: it sees every hand) ``--playouts`` times with the heuristic in
every seat, on common random numbers (each playout's seed serves both moves), and the
difference of the bot's win shares is that move's advantage. The report gives the sum of the
advantages per game, with its standard error between games, and the sums by kind of move
(heuristic's kind -> bot's kind), which tells which of the bot's habits gain and which lose;
for IS-MCTS, also split by where the move came from: its tree's most visited move, or another
one played after a paired check (``verify`` with ``check=always``).

With ``--records`` it plays no games: it scores the departures of the one non-heuristic seat
in ``alaka arena --out`` records, so the same arena games give two estimates of the bot's win
rate. The raw one counts wins. The lemma's one is ``1/players`` plus the mean gain per game
(exact in expectation when the bot sat in every seat equally often, so only whole rotations of
each file are read). Their difference, result minus gain, has the known mean ``1/players``;
used as a control variate it gives a third estimate, never noisier than either (the report's
``control variate`` line), which is how a few hundred games can settle a few points of win rate.

It measures; it asserts nothing. About a CPU-minute per 4-player Alakazoo game at 300 playouts,
beside the bot's own thinking time.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import alaka
from alaka.bots.heuristic_bot import HeuristicBot
from alaka.bots.ismcts import ISMCTSBot, win_shares
from alaka.bots.registry import heuristic_for, make_bot
from alaka.core.driver import play
from alaka.core.protocol import Action, State
from alaka.core.records import replay_states
from alaka.sim.estimates import control_variate, wilson


def advantage(
    state: State, seat: int, move: Action, baseline: Action, heuristic: HeuristicBot, playouts: int, seed: int
) -> tuple[float, float]:
    """Mean and standard error of ``move``'s win share minus ``baseline``'s, the heuristic
    playing every seat afterwards, on paired playouts from the true ``state``."""
    rng = random.Random(seed)
    bots = [heuristic] * state.num_players
    diffs = []
    for _ in range(playouts):
        world_seed = rng.getrandbits(64)
        shares = []
        for action in (move, baseline):
            sim = state.clone()
            sim.apply_action(action)
            play(sim, bots, seed=world_seed)
            shares.append(win_shares(sim)[seat])
        diffs.append(shares[0] - shares[1])
    return mean_and_error(diffs)


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for a single value)."""
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return statistics.fmean(values), spread / math.sqrt(len(values))


@dataclass
class Deviation:
    """One position where the bot left the heuristic's move, and what the oracle made of it."""

    seed: int
    seat: int
    heuristic: str
    bot: str
    advantage: float
    se: float
    #: For a searching bot, where its move came from: ``tree`` (its tree's most visited move)
    #: or ``check`` (another move, chosen by a paired check such as ``check=always``'s runner-up).
    source: str = ""

    @property
    def kinds(self) -> str:
        """Kinds of the two moves, their names up to the first colon (``place -> roll``)."""
        return f"{self.heuristic.split(':')[0]} -> {self.bot.split(':')[0]}"


def source_of(bot: alaka.Bot, action: Action) -> str:
    """``tree`` if ``action`` was the search's most visited root move, ``check`` if not, ``""``
    for a bot that does not search (see ``Deviation.source``)."""
    if not isinstance(bot, ISMCTSBot) or not bot.last.tree:
        return ""
    return "tree" if action.name == bot.last.tree else "check"


def departure(
    state: State,
    seat: int,
    move: Action,
    heuristic: HeuristicBot,
    check_rng: random.Random,
    playouts: int,
    seed: int,
) -> Deviation | None:
    """The oracle's row for ``seat`` playing ``move`` in ``state``, or None where that is the
    heuristic's move too (or the only legal one): such moves gain nothing over the heuristic."""
    if len(state.legal_actions()) < 2:
        return None
    baseline = heuristic.act(state, seat, check_rng)
    if baseline.id == move.id:
        return None
    mean, error = advantage(state, seat, move, baseline, heuristic, playouts, seed)
    return Deviation(seed, seat, baseline.name, move.name, mean, error)


def score_game(
    game: str, spec: str, players: int, seat: int, seed: int, playouts: int
) -> tuple[float, list[Deviation]]:
    """Play one game (bot in ``seat``) and score its deviations; its win share and the rows."""
    heuristic = HeuristicBot(heuristic_for(game))
    bots: list[alaka.Bot] = [heuristic] * players
    bot = make_bot(spec, game)
    bots[seat] = bot
    check_rng = random.Random(seed + 1)
    rows: list[Deviation] = []

    def on_action(state: State, player: int, action: Action) -> None:
        if player != seat:
            return
        row = departure(state, seat, action, heuristic, check_rng, playouts, seed + len(rows))
        if row is not None:
            row.source = source_of(bot, action)
            rows.append(row)

    final = play(alaka.game(game).new_initial_state(players), bots, seed, on_action=on_action)
    return win_shares(final)[seat], rows


def searching_seat(record: dict[str, Any]) -> int:
    """The one seat of an arena record not played by the heuristic."""
    others = [i for i, name in enumerate(record["seats"]) if name != "heuristic"]
    if len(others) != 1:
        raise SystemExit(f"a record needs exactly one non-heuristic seat, not {record['seats']}")
    return others[0]


def score_record(
    record: dict[str, Any], heuristic: HeuristicBot, playouts: int
) -> tuple[float, list[Deviation]]:
    """``score_game`` for a game already played: the searching seat's win share in an arena
    record, and the departures of its recorded moves from the heuristic's (the oracle's
    playouts seeded from the record's seed)."""
    seat = searching_seat(record)
    seed = int(record["seed"])
    check_rng = random.Random(seed)
    rows: list[Deviation] = []
    state: State | None = None
    for state, name in zip(replay_states(record), [*record["actions"], None], strict=True):
        if name is None or state.current_player() != seat:
            continue
        move = next(a for a in state.legal_actions() if a.name == name)
        row = departure(state, seat, move, heuristic, check_rng, playouts, seed + len(rows))
        if row is not None:
            rows.append(row)
    assert state is not None and state.is_terminal()
    return win_shares(state)[seat], rows


def whole_rotations(path: Path) -> list[dict[str, Any]]:
    """The records in ``path``, cut to a whole number of seat rotations (the arena rotates
    seats game by game, so these sit the bot in every seat equally often)."""
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    players = records[0]["num_players"] if records else 1
    return records[: len(records) // players * players]


def report_estimates(results: list[float], gains: list[float], players: int) -> None:
    """Print the three estimates of the bot's win rate (see the module docstring)."""
    n = len(results)
    even = 1 / players
    low, high = wilson(sum(results), n)
    print(f"  arena (wins counted):   {sum(results) / n:.1%}  (95% {low:.1%}-{high:.1%})")
    if n < 3:
        return
    controls = [r - g for r, g in zip(results, gains, strict=True)]
    difference = control_variate(results, controls, known_mean=even, beta=1.0)
    low, high = difference.interval
    print(f"  1/{players} + oracle gain:     {difference.mean:.1%}  (95% {low:.1%}-{high:.1%})")
    estimate = control_variate(results, controls, known_mean=even)
    low, high = estimate.interval
    print(
        f"  control variate:        {estimate.mean:.1%}  (95% {low:.1%}-{high:.1%}; beta "
        f"{estimate.beta:.2f}; result minus gain averaged {statistics.fmean(controls):.3f}, "
        f"expected {even:.3f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["alakazoo", "alakazum"])
    parser.add_argument("--bot", help="the bot's spec, e.g. ismcts:iterations=1000,rollout=heuristic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--playouts", type=int, default=300, help="oracle playouts per move (paired)")
    parser.add_argument("--out", type=Path, help="write one JSON line per deviation here")
    parser.add_argument(
        "--records",
        type=Path,
        nargs="+",
        help="score arena records (alaka arena --out) instead of playing games",
    )
    args = parser.parse_args()

    heuristic = HeuristicBot(heuristic_for(args.game))
    games: list[Callable[[], tuple[float, list[Deviation]]]]
    if args.records:
        records = [record for path in args.records for record in whole_rotations(path)]
        if not records:
            parser.error("the records hold no whole rotation of seats")
        specs = {record["seats"][searching_seat(record)] for record in records}
        if len(specs) > 1:
            parser.error(f"the records are of different bots ({', '.join(sorted(specs))}); score each apart")
        args.bot = specs.pop()
        args.players = records[0]["num_players"]
        games = [functools.partial(score_record, record, heuristic, args.playouts) for record in records]
    elif args.bot:
        games = [
            functools.partial(
                score_game, args.game, args.bot, args.players, g % args.players, args.seed + g, args.playouts
            )
            for g in range(args.games)
        ]
    else:
        parser.error("give --bot to play games, or --records to score arena records")
    gains: list[float] = []
    results: list[float] = []
    searched = False
    by_kind: dict[str, list[float]] = defaultdict(list)
    by_source: dict[str, list[float]] = defaultdict(list)
    for g, scored in enumerate(games):
        share, rows = scored()
        results.append(share)
        gains.append(sum(r.advantage for r in rows))
        searched = searched or any(r.source for r in rows)
        for source in ("tree", "check"):
            by_source[source].append(sum(r.advantage for r in rows if r.source == source))
        for r in rows:
            by_kind[r.kinds].append(r.advantage)
        if args.out:
            with args.out.open("a") as out:
                out.writelines(json.dumps(asdict(r)) + "\n" for r in rows)
        print(
            f"game {g + 1}/{len(games)}: won {share:.2f}, {len(rows)} deviations worth {gains[-1]:+.3f}",
            flush=True,
        )
    n = len(gains)
    won = sum(results)
    mean, error = mean_and_error(gains)
    print(
        f"\n{args.bot} in {args.game}, {args.players} players, {n} games: won {won:.2f} "
        f"({won / n:.1%}; an even share is {1 / args.players:.1%})"
    )
    print(
        f"oracle gain over the heuristic: {mean:+.4f} ± {error:.4f} wins per game "
        f"({sum(len(v) for v in by_kind.values()) / n:.1f} deviations a game)"
    )
    report_estimates(results, gains, args.players)
    if searched:
        for source, values in by_source.items():
            m, e = mean_and_error(values)
            print(f"  of which the search's {source!r} moves: {m:+.4f} ± {e:.4f} wins per game")
    print("\nby kind (heuristic's -> bot's): times, total advantage")
    for name, values in sorted(by_kind.items(), key=lambda item: -abs(sum(item[1]))):
        print(f"  {name:24s} {len(values):5d}  {sum(values):+.3f}")


if __name__ == "__main__":
    main()
