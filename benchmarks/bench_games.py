"""Speed of the rules engines on one core: random full games, decisions, clone() and resample().

Run:  python benchmarks/bench_games.py [--seconds 5] [--game alakazoo] [--players 2 4]
      python benchmarks/bench_games.py --against-openspiel [--rounds 7] [--round-seconds 0.4]
          [--compiled-python .venv-compiled/bin/python]
      python benchmarks/bench_games.py --split 200 [--game alakazum] [--players 2]

For each game and player count it plays seeded random games for the given time with the same
loop as ``alaka.play`` (legal_actions + apply_action, chance by ``sample_chance``) and reports:

- games/s        random full games per second;
- decisions/s    player decisions (a bot chose) per second;
- actions/s      every applied action, chance outcomes included (OpenSpiel's "steps");
- clone us       microseconds per ``clone()`` of positions sampled from those games (the fastest
                 of three passes over them; with ``--against-openspiel`` also ``search_clone()``);
- resample us    microseconds per ``resample(seat, rng)`` of the same positions.

``--split GAMES`` prints where an action's processor time goes: the menus (``legal_actions``),
``apply_action``, ``sample_chance`` and the rest (the loop and its random draws).

``--against-openspiel`` measures the anchor instead (docs/architecture.md, "Speed"): every
contender, alaka's games at each player count and OpenSpiel's C++ card games (hearts, spades,
bridge's play phase, crazy eights) and Python games, is driven by one loop
(:func:`random_game`), in rounds that alternate between the contenders in this one process, for
processor time. It prints each one's median decisions/s and actions/s over the rounds, the
ratio of alaka's to the geometric mean of the C++ card games (and of the Python games), and
``clone()`` in microseconds side by side, with the machine's load average while it ran.
The anchor is drawn fairly: a game whose chance is uniform (checked once, over the chance
nodes of 20 random games) draws by a uniform pick from ``legal_actions()``, as cheaply as
alaka's sampler; every row is given in decisions/s, non-forced decisions/s (more than one legal
action) and actions/s; and each C++ game is also played whole in C++ (``evaluate_bots``), the
native limit, printed beside the anchor. With
``--compiled-python`` (the interpreter of an environment holding the compiled build, README) the
same comparison runs there too and its alaka rows are added; the ratios are taken within each
run, so the load of a shared machine weighs on both sides of a ratio alike.

It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:  # the installed package (pure or compiled) if there is one, else the sources beside this file
    import alaka
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import alaka
from alaka.core.compiling import build
from alaka.core.protocol import CHANCE, TERMINAL, State

#: OpenSpiel's C++ card games, with the parameters that make bridge the card play alone (no
#: bidding is played and no double-dummy solver scores it; the deal is chance, as in alaka).
CPP_GAMES = {
    "hearts": {},
    "spades": {},
    "bridge": {"use_double_dummy_result": False},
    "crazy_eights": {},
}
#: OpenSpiel's sequential games written in Python.
PYTHON_GAMES = {
    "python_block_dominoes": {},
    "python_team_dominoes": {},
    "python_kuhn_poker": {},
    "python_liars_poker": {},
    "python_tic_tac_toe": {},
}
#: Clones timed per contender: positions sampled every 97 actions of the rounds' games.
CLONE_SAMPLES = 300


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


# -- against OpenSpiel ----------------------------------------------------------------------------


def random_game(
    state: Any,
    sample_chance: Callable[[Any, random.Random], Any],
    rng: random.Random,
    samples: list[Any],
    countdown: int,
) -> tuple[int, int, int]:
    """The one loop every contender runs: a uniformly random game to its end. Both libraries
    say ``current_player()`` -1 at chance and -4 at the end. Every 97th action (``countdown``
    runs on from game to game) a copy of the position goes to ``samples``, for the clone timing.
    Returns the decisions, the non-forced decisions (more than one legal action), the actions
    and the countdown left."""
    decisions = nonforced = actions = 0
    while True:
        player = state.current_player()
        if player == -4:
            return decisions, nonforced, actions, countdown
        if player == -1:
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
            nonforced += len(legal) > 1
        actions += 1
        countdown -= 1
        if countdown == 0:
            countdown = 97
            if len(samples) < CLONE_SAMPLES:
                samples.append(state.clone())


def _alaka_chance(state: State, rng: random.Random) -> Any:
    return state.sample_chance(rng)


def _openspiel_chance(state: Any, rng: random.Random) -> Any:
    """A chance outcome by its probability, from ``chance_outcomes()`` (OpenSpiel's Python API
    has no sampler of its own)."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if r < total:
            return action
    return outcomes[-1][0]


def _uniform_chance(state: Any, rng: random.Random) -> Any:
    """A chance outcome of a game whose chance is uniform: a pick from ``legal_actions()``, as
    cheap as alaka's own sampler (no probabilities walked)."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def chance_is_uniform(game: Any, games: int = 20, seed: int = 0) -> tuple[bool, int]:
    """Whether every chance node met in ``games`` random games has equal probabilities (checked
    once per game before it is timed), and how many nodes were checked."""
    rng = random.Random(seed)
    nodes = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                first = outcomes[0][1]
                if any(abs(p - first) > 1e-12 for _, p in outcomes):
                    return False, nodes + 1
                nodes += 1
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    return True, nodes


def native_games_per_second(game: Any, seconds: float) -> float:
    """Whole uniformly random games played in C++ (``pyspiel.evaluate_bots`` with OpenSpiel's
    uniform random bots): the limit a Python-driven loop can approach."""
    import pyspiel

    bots = [pyspiel.make_uniform_random_bot(p, p) for p in range(game.num_players())]
    games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or games == 0:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
        games += 1
    return games / elapsed


@dataclass
class Contender:
    label: str
    kind: str  # "alaka", "c++" or "python"
    new_state: Callable[[], Any]
    sample_chance: Callable[[Any, random.Random], Any]
    #: How its chance outcomes are drawn: alaka's sampler, a uniform pick (checked), or by the
    #: probabilities of ``chance_outcomes()``.
    chance: str = "sampler"
    #: The OpenSpiel game object, for the native figure (C++ games only).
    game: Any = None
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    games: list[float] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    nonforced: list[float] = field(default_factory=list)
    native_games: list[float] = field(default_factory=list)
    actions: list[float] = field(default_factory=list)
    clone_us: list[float] = field(default_factory=list)
    #: alaka's copies made for search (no history copied), beside ``clone()``.
    search_clone_us: list[float] = field(default_factory=list)
    loads: list[float] = field(default_factory=list)

    def round(self, seconds: float) -> None:
        """Whole games for ``seconds`` of processor time (at least one), then the clones."""
        games = decisions = nonforced = actions = 0
        samples: list[Any] = []
        countdown = 97
        start = time.process_time()
        while True:
            made, chosen, done, countdown = random_game(
                self.new_state(), self.sample_chance, self.rng, samples, countdown
            )
            games += 1
            decisions += made
            nonforced += chosen
            actions += done
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                break
        self.games.append(games / elapsed)
        self.decisions.append(decisions / elapsed)
        self.nonforced.append(nonforced / elapsed)
        self.actions.append(actions / elapsed)
        if self.kind == "c++":
            self.native_games.append(native_games_per_second(self.game, seconds))
        if samples:
            self.clone_us.append(_per_copy_us(samples, "clone"))
            if self.kind == "alaka":
                self.search_clone_us.append(_per_copy_us(samples, "search_clone"))
        self.loads.append(os.getloadavg()[0])


def _per_copy_us(samples: list[Any], method: str, passes: int = 3) -> float:
    """Microseconds per copy of the sampled positions, the fastest of a few passes (a copy is
    short enough for one interruption to show), after one pass that is not timed: the first
    method timed after the games paid about a tenth more for caches they had left cold."""
    for sample in samples:
        getattr(sample, method)()
    best = math.inf
    for _ in range(passes):
        start = time.process_time()
        for sample in samples:
            getattr(sample, method)()
        best = min(best, (time.process_time() - start) / len(samples) * 1e6)
    return best


def contenders(alaka_only: bool) -> list[Contender]:
    found = []
    for name in alaka.games():
        g = alaka.game(name)
        for players in g.player_counts:
            start = lambda g=g, n=players: g.new_initial_state(n)  # noqa: E731
            found.append(Contender(f"{name} {players}p", "alaka", start, _alaka_chance))
    if alaka_only:
        return found
    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401  (registers them)

    for kind, table in (("c++", CPP_GAMES), ("python", PYTHON_GAMES)):
        for name, params in table.items():
            game = pyspiel.load_game(name, params)
            uniform, nodes = chance_is_uniform(game)
            draw = _uniform_chance if uniform else _openspiel_chance
            how = f"uniform ({nodes} nodes checked)" if uniform else "by probability"
            found.append(Contender(name, kind, game.new_initial_state, draw, how, game))
    return found


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else math.nan


def _geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def compare(rounds: int, seconds: float) -> dict[str, Any]:
    """Every contender, ``rounds`` times in turn; medians per contender and the anchors."""
    field_ = contenders(alaka_only=False)
    for _ in range(rounds):
        for contender in field_:
            contender.round(seconds)
    rows = {
        c.label: {
            "kind": c.kind,
            "chance": c.chance,
            "decisions": _median(c.decisions),
            "nonforced": _median(c.nonforced),
            "actions": _median(c.actions),
            # the native rate in decisions/s: its games/s times this loop's decisions per game
            "native_decisions": _median(c.native_games) * _median(c.decisions) / _median(c.games)
            if c.native_games
            else math.nan,
            "clone_us": _median(c.clone_us),
            "search_clone_us": _median(c.search_clone_us),
            "load": _median(c.loads),
        }
        for c in field_
    }
    anchors = {}
    for kind in ("c++", "python"):
        chosen = [row for row in rows.values() if row["kind"] == kind]
        keys = ["decisions", "nonforced", "actions", "clone_us"] + (
            ["native_decisions"] if kind == "c++" else []
        )
        anchors[kind] = {key: _geomean([row[key] for row in chosen]) for key in keys}
    return {"build": build(), "python": sys.version.split()[0], "rows": rows, "anchors": anchors}


def report(results: list[dict[str, Any]], rounds: int, seconds: float) -> None:
    header = (
        f"{'contender':22} {'build':8} {'decisions/s':>12} {'non-forced/s':>12} {'actions/s':>11} "
        f"{'clone us':>9} {'search us':>9} {'x dec':>6} {'x n-f':>6} {'x act':>6} {'clone/C++':>9} "
        f"{'x Py act':>8} {'load':>5}"
    )
    print(header)
    print("-" * len(header))
    shown_anchor = False
    for result in results:
        short = "compiled" if result["build"].startswith("compiled") else "pure"
        cpp, py = result["anchors"]["c++"], result["anchors"]["python"]
        for label, row in result["rows"].items():
            if row["kind"] != "alaka" and shown_anchor:
                continue
            mine = short if row["kind"] == "alaka" else row["kind"]
            print(
                f"{label:22} {mine:8} {row['decisions']:>12,.0f} {row['nonforced']:>12,.0f} "
                f"{row['actions']:>11,.0f} {row['clone_us']:>9.2f} {row['search_clone_us']:>9.2f} "
                f"{row['decisions'] / cpp['decisions']:>6.2f} {row['nonforced'] / cpp['nonforced']:>6.2f} "
                f"{row['actions'] / cpp['actions']:>6.2f} {row['clone_us'] / cpp['clone_us']:>9.1f} "
                f"{row['actions'] / py['actions']:>8.2f} {row['load']:>5.2f}",
                flush=True,
            )
        shown_anchor = True
    first = results[0]
    cpp = first["anchors"]["c++"]
    print(
        f"\nThe anchor, the C++ card games' geometric mean (this run): {cpp['decisions']:,.0f} decisions/s, "
        f"{cpp['nonforced']:,.0f} non-forced/s, {cpp['actions']:,.0f} actions/s, "
        f"clone {cpp['clone_us']:.2f} us; "
        f"natively (whole games in C++, pyspiel.evaluate_bots) {cpp['native_decisions']:,.0f} decisions/s, "
        "the limit of a loop driven from Python."
    )
    chances = ", ".join(
        f"{label} {row['chance']}" for label, row in first["rows"].items() if row["kind"] != "alaka"
    )
    print(f"Their chance outcomes are drawn: {chances}.")
    print(
        f"Medians of {rounds} alternating rounds of {seconds:g} s of processor time per contender; "
        "x dec, x n-f and x act are alaka's decisions/s, non-forced decisions/s and actions/s over "
        "the anchor's, measured in the same process (each build's run has its own); x Py act over the "
        "Python games' actions/s. load: the 1-minute load average during the contender's rounds (the "
        f"machine has {os.cpu_count()} cores). Python {first['python']}."
    )


def against_openspiel(args: argparse.Namespace) -> None:
    results = [compare(args.rounds, args.round_seconds)]
    if args.json:
        print(json.dumps(results[0]))
        return
    compiled = args.compiled_python
    if compiled:
        command = [compiled, __file__, "--against-openspiel", "--json", "--rounds", str(args.rounds)]
        command += ["--round-seconds", str(args.round_seconds)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"the run under {compiled} failed:\n{done.stderr}")
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    report(results, args.rounds, args.round_seconds)


# -- where an action's time goes --------------------------------------------------------------


def split(name: str, players: int, games: int) -> dict[str, float]:
    """Nanoseconds per action of processor time, and how much of it goes to the engine's calls
    the loop makes: ``legal_actions()`` (the menus), ``apply_action()`` and ``sample_chance()``;
    the rest is the loop itself and its random draws. Each call is timed with a clock read on
    either side, whose own cost is measured and taken off."""
    game = alaka.game(name)
    clock = time.perf_counter_ns
    spent = {"legal": 0, "apply": 0, "chance": 0}
    actions = decisions = 0
    rng = random.Random(0)
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state(players)
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                t0 = clock()
                action = state.sample_chance(rng)
                spent["chance"] += clock() - t0
            else:
                t0 = clock()
                legal = state.legal_actions()
                spent["legal"] += clock() - t0
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            t0 = clock()
            state.apply_action(action)
            spent["apply"] += clock() - t0
            actions += 1
    timed = (time.process_time() - start) * 1e9
    count = 100_000
    t0 = clock()
    for _ in range(count):
        t1 = clock()
        clock() - t1
    pair = (clock() - t0) / count  # a clock read on either side, and the sum
    total = timed - pair * (2 * actions)  # two timed calls per action
    calls = {"legal": decisions, "apply": actions, "chance": actions - decisions}
    shares = {key: (value - pair * calls[key]) / actions for key, value in spent.items()}
    per_action = total / actions
    shares["rest"] = per_action - sum(shares.values())
    return {"per_action": per_action, "decisions_per_action": decisions / actions, **shares}


def report_split(names: list[str], players: list[int] | None, games: int) -> None:
    columns = "".join(f"{column:>13}" for column in ("menus", "apply", "chance", "rest"))
    print(f"{'game':10} {'players':>7} {'ns/action':>10}{columns}")
    for name in names:
        for n in players or list(alaka.game(name).player_counts):
            found = split(name, n, games)
            cells = " ".join(
                f"{found[key]:>6.0f} ({found[key] / found['per_action']:>3.0%})"
                for key in ("legal", "apply", "chance", "rest")
            )
            print(f"{name:10} {n:>7} {found['per_action']:>10.0f} {cells}", flush=True)
    print(
        "\nProcessor time per action of seeded random games: legal_actions() (menus), apply_action(),"
        " sample_chance(); the rest is the loop and its random draws. alaka "
        f"{alaka.__version__}, {build()}; load average {os.getloadavg()[0]:.2f}."
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per game and player count")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, nargs="*", help="only these player counts")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against-openspiel", action="store_true", help="measure against OpenSpiel's games")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (--against-openspiel)")
    parser.add_argument(
        "--round-seconds", type=float, default=0.4, help="processor seconds per contender and round"
    )
    parser.add_argument(
        "--compiled-python",
        default=os.environ.get("ALAKA_COMPILED_PYTHON"),
        help="an interpreter whose alaka is the compiled build: its rows are added",
    )
    parser.add_argument(
        "--split", type=int, metavar="GAMES", help="where an action's time goes, over this many games"
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    print(f"alaka {alaka.__version__}, {build()}", file=sys.stderr)
    if args.against_openspiel:
        against_openspiel(args)
        return
    names = args.game or list(alaka.games())
    if args.split:
        report_split(names, args.players, args.split)
        return
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
