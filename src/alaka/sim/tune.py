"""``alaka tune``: search game options or content values toward a stated goal, with Optuna.

What can be searched (``--param``):

- a whole-number option in a range, ``max_turns=20..60``;
- an option's choices, ``final_lines`` (all of them) or ``final_lines=complete,partial``;
- a whole number in a content file, ``catalogue:cards[santa_claus].culture_points=10..16``:
  the option that names the file (``catalogue``, ``components``), then a path into its JSON
  (``.key``, ``[3]`` for a list position, ``[santa_claus]`` for the list item with that
  ``id``). The search starts from the file ``-o catalogue=FILE`` names, or the built-in one.

The goal (``--objective``, several are added up):

- ``fair``: every turn-order position wins 1/n of the games: the root mean square of the
  differences, in percentage points, over positions and player counts;
- ``rounds=N``: the median game ends in round N: the distance in rounds (the median of
  whole rounds is interpolated, so that a search sees small changes).

Each trial plays the same games (the same run seed), so trials differ by their settings and
not by their luck. The best trial is written as a *variant file*, JSON that ``alaka simulate
--variant FILE`` plays (with the content file it needs written beside it).
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from alaka.core.errors import AlakaError
from alaka.core.params import OptionValue, Parameter
from alaka.core.protocol import Game
from alaka.core.registry import entry as get_entry
from alaka.core.registry import game as get_game
from alaka.sim.runs import Row, RunPlan, SimulationError, game_folder, option_text, plan_run
from alaka.sim.scheduler import Backend, run_batches
from alaka.sim.summary import GroupSummary, summarize

VARIANT_FORMAT = "alaka-variant/1"

_SEGMENT = re.compile(r"^([A-Za-z0-9_]+)((?:\[[^\]]+\])*)$")


@dataclass(frozen=True)
class SearchParam:
    """One thing the search sets: an option, or a whole number inside the content file an
    option names (then ``path`` leads to it)."""

    text: str
    option: str
    path: tuple[str | int, ...] = ()
    low: int | None = None
    high: int | None = None
    choices: tuple[OptionValue, ...] = ()

    @property
    def in_content(self) -> bool:
        return bool(self.path)

    @property
    def name(self) -> str:
        """What it sets, without its values: ``catalogue:cards[santa_claus].culture_points``."""
        return self.text.partition("=")[0].strip()


def parse_param(game: Game, text: str) -> SearchParam:
    """``--param``: see the module docstring for the forms."""
    target, sep, values = text.partition("=")
    target = target.strip()
    option_name, colon, path_text = target.partition(":")
    parameters = {p.name: p for p in game.parameters}
    option = parameters.get(option_name.strip().replace("-", "_"))
    if option is None:
        raise SimulationError(
            f"--param {text!r}: {option_name!r} is not an option of {game.title}; "
            f"its options are {', '.join(parameters)}"
        )
    if colon:
        if not option.is_path:
            raise SimulationError(f"--param {text!r}: {option.name!r} names no content file")
        low, high = _range(text, values)
        return SearchParam(text, option.name, _path(text, path_text), low, high)
    if option.is_path:
        raise SimulationError(
            f"--param {text!r}: search a value inside the file, like {option.name}:path.to.value=LOW..HIGH"
        )
    if option.kind is int and sep and ".." in values:
        low, high = _range(text, values)
        option.check(low)
        option.check(high)
        return SearchParam(text, option.name, low=low, high=high)
    if sep:
        choices = tuple(option.parse(value) for value in values.split(","))
    elif option.choices or option.kind is bool:
        choices = tuple(option.choices) if option.choices else (True, False)
    else:
        raise SimulationError(f"--param {text!r}: give the values, like {option.name}=1..10 or =a,b")
    return SearchParam(text, option.name, choices=choices)


def _range(text: str, values: str) -> tuple[int, int]:
    low_text, dots, high_text = values.partition("..")
    try:
        low, high = int(low_text), int(high_text)
    except ValueError:
        raise SimulationError(f"--param {text!r}: a range is written LOW..HIGH in whole numbers") from None
    if not dots or low > high:
        raise SimulationError(f"--param {text!r}: a range is written LOW..HIGH with LOW <= HIGH")
    return low, high


def _path(text: str, path_text: str) -> tuple[str | int, ...]:
    path: list[str | int] = []
    for segment in path_text.split("."):
        match = _SEGMENT.match(segment.strip())
        if match is None:
            raise SimulationError(f"--param {text!r}: cannot read the path segment {segment!r}")
        path.append(match.group(1))
        for selector in re.findall(r"\[([^\]]+)\]", match.group(2)):
            path.append(int(selector) if selector.isdigit() else f"id={selector}")
    return tuple(path)


def _walk(data: Any, path: Sequence[str | int], where: str) -> tuple[Any, str | int]:
    """The container holding the value at ``path``, and its key there."""
    node = data
    for k, step in enumerate(path):
        key: str | int = step
        if isinstance(step, str) and step.startswith("id=") and isinstance(node, list):
            wanted = step[3:]
            found = [i for i, item in enumerate(node) if isinstance(item, dict) and item.get("id") == wanted]
            if not found:
                raise SimulationError(f"{where}: no item has the id {wanted!r}")
            key = found[0]
        elif isinstance(node, list) and isinstance(step, str) and step.isdigit():
            key = int(step)
        if k == len(path) - 1:
            return node, key
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            raise SimulationError(f"{where}: nothing at {step!r}") from None
    raise SimulationError(f"{where}: empty path")


def builtin_content(game: Game, option: str) -> Path:
    """The built-in content file an option replaces (``data/<option>.json`` in the game's folder)."""
    found = resources.files(game_folder(game)).joinpath("data", f"{option}.json")
    if not found.is_file():
        raise SimulationError(f"{game.title} has no built-in {option} file; give one with -o {option}=FILE")
    return Path(str(found))


@dataclass(frozen=True)
class Objective:
    """A goal: ``fair`` or ``rounds`` (with its target)."""

    name: str
    target: float = 0.0

    def measure(self, groups: Sequence[GroupSummary]) -> float:
        """How far the groups are from the goal (0 is reached), averaged over configurations."""
        if self.name == "fair":
            squares = [(p.rate - 1 / g.players) ** 2 for g in groups for p in g.by_position]
            return 100 * math.sqrt(sum(squares) / len(squares))
        return sum(abs(g.rounds.smooth_median - self.target) for g in groups) / len(groups)

    def describe(self) -> str:
        if self.name == "fair":
            return "fair (RMS distance of position win rates from 1/n, points)"
        return f"rounds={self.target:g} (distance of the median round from {self.target:g})"


def parse_objective(text: str) -> Objective:
    name, sep, target = text.partition("=")
    name = name.strip().lower()
    if name == "fair" and not sep:
        return Objective("fair")
    if name == "rounds" and sep:
        try:
            return Objective("rounds", float(target))
        except ValueError:
            pass
    raise SimulationError(f"--objective is fair or rounds=N (a median length in rounds), not {text!r}")


@dataclass
class TrialResult:
    number: int
    values: dict[str, OptionValue]
    score: float
    measures: dict[str, float] = field(default_factory=dict)


@dataclass
class CheckResult:
    """A setting played again on fresh games (other seeds than the search's): its score there
    with a 95% bootstrap interval, and its difference from the box's on the same games (paired:
    both play the same seeds), with that difference's interval."""

    values: dict[str, OptionValue]
    box: bool
    score: float
    interval: tuple[float, float]
    difference: float = 0.0
    difference_interval: tuple[float, float] = (0.0, 0.0)

    @property
    def better_than_box(self) -> bool:
        """Whether it beats the box beyond noise: the whole interval of its difference is below 0."""
        return not self.box and self.difference_interval[1] < 0


@dataclass
class TuneResult:
    best: TrialResult
    trials: list[TrialResult]
    #: The options of the best trial (content files written where ``workdir`` says).
    best_options: dict[str, object]
    games_played: int
    #: The box and the best few candidates played again on fresh games, best first (empty when
    #: the re-check was not asked for or the search was stopped).
    checks: list[CheckResult] = field(default_factory=list)
    #: The re-check's pick: the finalist with the best score on the fresh games that beats the box
    #: beyond noise; None when none does (then the box stands).
    winner: CheckResult | None = None


#: Bootstrap resamples behind the re-check's intervals.
BOOTSTRAP = 400
#: Where the re-check's run seed lies from the search's: other games, the same for every finalist.
FRESH_SEED_OFFSET = 1_000_003


class Tuner:
    """Runs the search: builds each trial's options (and content files), plays the trial's
    games on ``backend``, scores them."""

    def __init__(
        self,
        game: Game,
        params: Sequence[SearchParam],
        objectives: Sequence[Objective],
        *,
        players: Sequence[int],
        seats: Sequence[str],
        options: Mapping[str, object],
        games: int,
        seed: int,
        workdir: Path,
    ) -> None:
        if not params:
            raise SimulationError("give at least one --param to search")
        if not objectives:
            raise SimulationError("give an --objective: fair, or rounds=N")
        names = [p.name for p in params]
        if len(set(names)) != len(names):
            raise SimulationError("a --param is given twice")
        self.game = game
        self.params = list(params)
        self.objectives = list(objectives)
        self.players = list(players)
        self.seats = list(seats)
        self.options = dict(options)
        self.games = games
        self.seed = seed
        self.workdir = workdir
        self._content: dict[str, Any] = {}
        for param in self.params:
            if param.in_content and param.option not in self._content:
                self._content[param.option] = self._base_content(param.option)
            if not param.in_content and param.option in self.options:
                raise SimulationError(f"option {param.option!r} is both given with -o and searched")
        #: Where the search starts: each parameter's value in the base game (ties go to the nearest).
        self.start: dict[str, OptionValue] = {}
        defaults = {p.name: p.default for p in game.parameters}
        for param in self.params:
            if param.in_content:
                container, key = _walk(self._content[param.option], param.path, param.text)
                value = container[key]
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SimulationError(
                        f"--param {param.text!r}: the value there is {value!r}, not a whole number"
                    )
                self.start[param.name] = value
            else:
                self.start[param.name] = defaults[param.option]
        # Both ends of every range must make a game that starts: a bad file fails now.
        for end in ("low", "high"):
            values = {p.name: (getattr(p, end) if p.low is not None else p.choices[0]) for p in self.params}
            try:
                self.plan(values, "check")
            except AlakaError as error:
                shown = ", ".join(f"{name}={option_text(value)}" for name, value in values.items())
                raise SimulationError(f"the search cannot start from {shown}: {error}") from None

    def _base_content(self, option: str) -> Any:
        given = self.options.get(option)
        path = Path(str(given)) if given else builtin_content(self.game, option)
        try:
            return json.loads(path.read_text("utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise SimulationError(f"cannot read {str(path)!r}: {error}") from None

    def trial_options(self, values: Mapping[str, OptionValue], name: str) -> dict[str, object]:
        """The game options of a trial, writing its content files into ``workdir``."""
        options: dict[str, object] = dict(self.options)
        contents = {option: copy.deepcopy(data) for option, data in self._content.items()}
        for param in self.params:
            value = values[param.name]
            if param.in_content:
                container, key = _walk(contents[param.option], param.path, param.text)
                container[key] = value
            else:
                options[param.option] = value
        for option, data in contents.items():
            target = self.workdir / f"{name}-{option}.json"
            target.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
            options[option] = str(target)
        return options

    def plan(self, values: Mapping[str, OptionValue], name: str) -> RunPlan:
        options = self.trial_options(values, name)
        plan = plan_run(
            self.game,
            players=self.players,
            seats=self.seats,
            options=options,
            games=self.games,
            seed=self.seed,
        )
        for config in plan.configurations:
            self.game.new_initial_state(
                config.players, **config.option_values()
            )  # content loads and validates
        return plan

    def change(self, values: Mapping[str, OptionValue]) -> float:
        """How far settings are from the base game (each range counts up to 1, a choice 1): of
        equally good settings, the search keeps the smallest change."""
        total = 0.0
        for param in self.params:
            value, start = values[param.name], self.start[param.name]
            if (
                param.low is not None
                and param.high is not None
                and isinstance(value, int)
                and isinstance(start, int)
            ):
                total += abs(value - start) / max(1, param.high - param.low)
            else:
                total += value != start
        return total

    def _distributions(self) -> dict[str, Any]:
        """Optuna's view of the search space: integer ranges, and choices by their text."""
        import optuna

        space: dict[str, Any] = {}
        for param in self.params:
            if param.low is not None and param.high is not None:
                space[param.name] = optuna.distributions.IntDistribution(param.low, param.high)
            else:
                space[param.name] = optuna.distributions.CategoricalDistribution(
                    [option_text(c) for c in param.choices]
                )
        return space

    def _from_texts(self, picked: Sequence[Any]) -> dict[str, OptionValue]:
        """A setting from Optuna's values (a choice by its text)."""
        values: dict[str, OptionValue] = {}
        for param, value in zip(self.params, picked, strict=True):
            if param.low is not None:
                values[param.name] = int(value)
            else:
                values[param.name] = next(c for c in param.choices if option_text(c) == value)
        return values

    def _to_texts(self, values: Mapping[str, OptionValue]) -> list[Any]:
        return [values[p.name] if p.low is not None else option_text(values[p.name]) for p in self.params]

    @staticmethod
    def _values(param: SearchParam) -> list[Any]:
        """Every value a parameter can take, as Optuna sees it (choices by their text)."""
        if param.low is not None and param.high is not None:
            return list(range(param.low, param.high + 1))
        return [option_text(c) for c in param.choices]

    def score(self, rows: Sequence[Row]) -> tuple[float, dict[str, float]]:
        groups = summarize(rows, (), keeps_scores=get_entry(self.game.name).scores)
        measures = {o.describe(): o.measure(groups) for o in self.objectives}
        measures["median rounds"] = sum(g.rounds.smooth_median for g in groups) / len(groups)
        return sum(o.measure(groups) for o in self.objectives), measures

    def _box_in_space(self) -> bool:
        """Whether the box's values lie inside every searched range or list of choices."""
        for param in self.params:
            value = self.start[param.name]
            if param.low is not None and param.high is not None:
                if not (isinstance(value, int) and param.low <= value <= param.high):
                    return False
            elif value not in param.choices:
                return False
        return True

    def _play(
        self,
        values: Mapping[str, OptionValue],
        name: str,
        backend: Backend,
        stop: Callable[[], bool],
        seed: int | None = None,
    ) -> list[Row]:
        """The rows of one setting's games (the search's seed, or ``seed``); a stop raises
        ``KeyboardInterrupt`` once the games in progress are in."""
        plan = self.plan(values, name)
        if seed is not None:
            plan = dataclasses.replace(plan, seed=seed)
        rows = [row for batch in run_batches(plan, backend, (), stop) for row in batch]
        if len(rows) < plan.total:
            raise KeyboardInterrupt
        return rows

    def run(
        self,
        trials: int,
        backend: Backend,
        *,
        stop: Callable[[], bool] = lambda: False,
        progress: Callable[[int], None] = lambda played: None,
        on_trial: Callable[[TrialResult], None] = lambda result: None,
        finalists: int = 0,
    ) -> TuneResult:
        """Search ``trials`` distinct settings with Optuna's TPE sampler (seeded with the run seed);
        when the trials can cover every combination, each combination is tried once instead.

        The box (the base game's values) is always the first trial, so every search is measured
        against it; a setting the sampler suggests again is told its known score and costs no
        trial. With ``finalists``, the box and that many of the best other settings are played
        again on fresh games (:meth:`recheck`): the search's own games favour the setting that was
        luckiest on them."""
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        grid = [self._values(p) for p in self.params]
        box_in_space = self._box_in_space()
        box_key = tuple(self.start[p.name] for p in self.params)
        results: list[TrialResult] = []
        seen: dict[tuple[Any, ...], TrialResult] = {}
        played = 0

        def measured(values: dict[str, OptionValue], box: bool = False) -> TrialResult:
            nonlocal played
            number = -1 if box and not box_in_space else sum(r.number >= 0 for r in results)
            rows = self._play(values, f"trial-{number}", backend, stop)
            played += len(rows)
            progress(len(rows))
            score, measures = self.score(rows)
            result = seen[tuple(values[p.name] for p in self.params)] = TrialResult(
                number, values, score, measures
            )
            results.append(result)
            on_trial(result)
            return result

        def searched() -> int:
            return sum(r.number >= 0 for r in results)

        try:
            measured(dict(self.start), box=True)  # the box first, inside the ranges searched or not
            if math.prod(len(v) for v in grid) <= trials:  # every combination, once each
                for combination in itertools.product(*grid):
                    values = self._from_texts(combination)
                    if tuple(values[p.name] for p in self.params) not in seen:
                        measured(values)
            else:
                study = optuna.create_study(
                    direction="minimize", sampler=optuna.samplers.TPESampler(seed=self.seed)
                )
                if box_in_space:
                    study.add_trial(
                        optuna.trial.create_trial(
                            params={
                                p.name: v
                                for p, v in zip(self.params, self._to_texts(self.start), strict=True)
                            },
                            distributions=self._distributions(),
                            value=seen[box_key].score,
                        )
                    )
                asked = 0
                while searched() < trials and asked < 20 * trials:
                    trial = study.ask(self._distributions())
                    asked += 1
                    values = self._from_texts(tuple(trial.params[p.name] for p in self.params))
                    key = tuple(values[p.name] for p in self.params)
                    if key in seen:  # the same settings play the same games: its score is known
                        study.tell(trial, seen[key].score)
                        continue
                    study.tell(trial, measured(values).score)
        except KeyboardInterrupt:
            if not results:
                raise
            finalists = 0  # stopped: what was searched is kept, nothing more is played
        best = min(results, key=lambda r: (round(r.score, 9), self.change(r.values), r.number))
        outcome = TuneResult(best, results, self.trial_options(best.values, "best"), played)
        if finalists:
            try:
                outcome.checks = self.recheck(results, finalists, backend, stop, progress)
            except KeyboardInterrupt:
                return outcome
            outcome.games_played += len(outcome.checks) * self.games * len(self.players)
            better = [c for c in outcome.checks if c.better_than_box]
            outcome.winner = better[0] if better else None
            chosen = outcome.winner.values if outcome.winner else dict(self.start)
            outcome.best = next((r for r in results if r.values == chosen), TrialResult(-1, chosen, math.nan))
            outcome.best_options = self.trial_options(chosen, "best")
        return outcome

    def recheck(
        self,
        results: Sequence[TrialResult],
        finalists: int,
        backend: Backend,
        stop: Callable[[], bool] = lambda: False,
        progress: Callable[[int], None] = lambda played: None,
    ) -> list[CheckResult]:
        """The box and the ``finalists`` best other settings of the search, played again on the
        same fresh games (the search's seed moved by :data:`FRESH_SEED_OFFSET`), best first.

        Each score's interval, and each difference from the box's, come from a bootstrap over
        the fresh games, resampled alike for every setting (paired), per player count."""
        import random as _random

        ranked = sorted(results, key=lambda r: (round(r.score, 9), self.change(r.values), r.number))
        box_key = tuple(self.start[p.name] for p in self.params)
        picked = [r.values for r in ranked if tuple(r.values[p.name] for p in self.params) != box_key]
        settings = [dict(self.start), *picked[:finalists]]
        fresh = self.seed + FRESH_SEED_OFFSET
        rows_of = []
        for k, values in enumerate(settings):
            rows = self._play(values, f"check-{k}", backend, stop, seed=fresh)
            progress(len(rows))
            rows_of.append(sorted(rows, key=lambda row: (row["players"], row["index"])))
        rng = _random.Random(self.seed)
        groups: dict[int, list[int]] = {}
        for position, row in enumerate(rows_of[0]):
            groups.setdefault(int(row["players"]), []).append(position)
        draws: list[list[float]] = [[] for _ in settings]
        for _ in range(BOOTSTRAP):
            sample = [rng.choice(members) for members in groups.values() for _ in members]
            for k, rows in enumerate(rows_of):
                draws[k].append(self.score([rows[i] for i in sample])[0])
        checks: list[CheckResult] = []
        for k, values in enumerate(settings):
            score = self.score(rows_of[k])[0]
            differences = sorted(a - b for a, b in zip(draws[k], draws[0], strict=True))
            checks.append(
                CheckResult(
                    values,
                    box=k == 0,
                    score=score,
                    interval=_percentiles(sorted(draws[k])),
                    difference=score - checks[0].score if checks else 0.0,
                    difference_interval=_percentiles(differences) if k else (0.0, 0.0),
                )
            )
        return sorted(checks, key=lambda c: (round(c.score, 9), self.change(c.values)))


def _percentiles(ordered: Sequence[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of sorted bootstrap draws."""
    last = len(ordered) - 1
    return ordered[round(0.025 * last)], ordered[round(0.975 * last)]


def write_variant(
    path: Path, game: Game, options: Mapping[str, OptionValue], about: Mapping[str, Any]
) -> list[Path]:
    """Write a variant file (and copy the content files it names beside it, named after it);
    returns every file written."""
    written = [path]
    parameters = {p.name: p for p in game.parameters}
    stored: dict[str, OptionValue] = {}
    for name, value in options.items():
        if parameters[name].is_path and value:
            source = Path(str(value))
            target = path.with_name(f"{path.stem}-{name}.json")
            target.write_text(source.read_text("utf-8"), encoding="utf-8")
            written.append(target)
            stored[name] = target.name  # relative to the variant file
        else:
            stored[name] = value
    data = {"format": VARIANT_FORMAT, "game": game.name, "options": stored, **about}
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return written


def read_variant(path: Path | str, game: Game | None = None) -> tuple[Game, dict[str, OptionValue]]:
    """The game and options of a variant file; content files are found relative to it."""
    path = Path(path)
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as error:
        raise SimulationError(f"cannot read the variant file {str(path)!r}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise SimulationError(f"{str(path)!r}: not valid JSON ({error.msg}, line {error.lineno})") from None
    if (
        not isinstance(data, dict)
        or data.get("format") != VARIANT_FORMAT
        or not isinstance(data.get("options"), dict)
    ):
        raise SimulationError(f"{str(path)!r} is not a variant file ({VARIANT_FORMAT}, as alaka tune writes)")
    found = get_game(str(data.get("game")))
    if game is not None and found.name != game.name:
        raise SimulationError(f"{str(path)!r} is a variant of {found.name}, not {game.name}")
    parameters: dict[str, Parameter] = {p.name: p for p in found.parameters}
    options: dict[str, OptionValue] = {}
    for name, value in data["options"].items():
        parameter = parameters.get(name)
        if parameter is None:
            raise SimulationError(f"{str(path)!r}: {found.title} has no option {name!r}")
        if parameter.is_path and value:
            value = str((path.parent / str(value)).resolve())
        options[name] = parameter.check(value)
    return found, options
