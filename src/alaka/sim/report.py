"""``alaka report``: a balance report from a results file, as one HTML page or as Markdown.

The report is built once as sections of lines, tables and plots (:func:`build_report`), then
written either as a self-contained HTML page (plots embedded as PNG data, no network needed to
open it) or as Markdown (the same lines and tables, no plots). What it shows, per
configuration: who wins by turn-order position and by bot, with 95% intervals (the
first-player advantage), how long games last, the scores, and every statistic the game
declares, and what each card or component does and what the winners did (from the game's
per-seat columns, :mod:`alaka.sim.cards`); for a sweep or against ``--baseline``, each
difference with its interval and a verdict line. matplotlib is imported only to draw the HTML page's plots.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alaka.core.params import OptionValue
from alaka.core.registry import entry as get_entry
from alaka.core.registry import game as get_game
from alaka.sim.cards import MIN_GAMES, ComponentEffect, component_effects, seat_effects
from alaka.sim.changes import option_changes
from alaka.sim.results import ResultsInfo, iter_rows, read_info
from alaka.sim.runs import BASE_LABEL, RunPlan, SimulationError, option_text
from alaka.sim.summary import (
    Comparison,
    Difference,
    Distribution,
    GroupSummary,
    Proportion,
    StatSummary,
    baseline_comparisons,
    summarize,
    sweep_comparisons,
)

#: Values of a word statistic shown before the rest are lumped together.
TOP_WORDS = 8
#: Components shown per configuration and column in "What each component does" (flagged ones
#: beyond these are shown too).
TOP_COMPONENTS = 12

Plot = Callable[[Any], None]  # draws on a matplotlib Figure


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]
    caption: str = ""


@dataclass
class Section:
    title: str
    lines: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    plots: list[Plot] = field(default_factory=list)


@dataclass
class Report:
    title: str
    sections: list[Section]


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def rate_cell(p: Proportion) -> str:
    low, high = p.interval
    return f"{pct(p.rate)} [{pct(low)}, {pct(high)}]"


def mean_cell(d: Distribution) -> str:
    low, high = d.interval
    return f"{d.mean:.2f} [{low:.2f}, {high:.2f}]"


def group_name(group: GroupSummary, single_label: bool) -> str:
    players = f"{group.players} players"
    return players if single_label else f"{group.label}, {players}"


def build_report(path: Path | str, baseline: Path | str | None = None) -> Report:
    """Read a results file (and a baseline) and lay out the report."""
    info = read_info(path)
    game, declared = get_game(info.plan.game), get_entry(info.plan.game)
    groups = _summaries(info)
    if not groups:
        raise SimulationError(f"{str(path)!r} holds no games yet")
    single = len({g.label for g in groups}) == 1
    name = lambda g: group_name(g, single)  # noqa: E731
    sections = [
        _run_section(info, game.title, groups),
        _winners_section(groups, name),
        *_bots_section(groups, name),
        _endings_section(groups, name),
        _length_section(groups, name),
        _scores_section(groups, name, declared.scores, declared.returns),
        *(_stat_section(column, groups, name) for column in info.stat_columns() if _own_section(column)),
        *_components_section(groups, name),
        *_seats_did_section(groups, name),
    ]
    comparisons = sweep_comparisons(groups)
    if baseline is not None:
        base_info = read_info(baseline)
        if base_info.plan.game != info.plan.game:
            raise SimulationError(f"the baseline is a run of {base_info.plan.game}, not {info.plan.game}")
        comparisons += baseline_comparisons(
            groups, _summaries(base_info), Path(path).name, Path(baseline).name
        )
        sections[0].lines.extend(_baseline_changes(info, base_info, Path(path).name, Path(baseline).name))
        if not comparisons:
            raise SimulationError("the baseline has no configuration with the same label or player count")
    if comparisons:
        from alaka.sim.verdicts import corrected

        comparisons = corrected(comparisons)
        sections.insert(1, _verdict_section(comparisons))
        sections.append(_differences_section(comparisons))
    sections.insert(1, _fairness_section(groups, name))
    return Report(f"{game.title}: balance report of {Path(path).name}", sections)


def _summaries(info: ResultsInfo) -> list[GroupSummary]:
    keeps_scores = get_entry(info.plan.game).scores
    groups = summarize(iter_rows(info.path), info.stat_columns(), keeps_scores=keeps_scores)
    order = {c.key: k for k, c in enumerate(info.plan.configurations)}
    return sorted(groups, key=lambda g: order.get(g.key, len(order)))


# -- sections -----------------------------------------------------------------------------------------


def _run_section(info: ResultsInfo, title: str, groups: Sequence[GroupSummary]) -> Section:
    plan = info.plan
    section = Section("The run")
    section.lines.append(
        f"{title}: {info.rows} games of {plan.total} planned ({plan.games} per configuration), "
        f"seed {plan.seed}."
    )
    defaults = {p.name: p.default for p in get_game(plan.game).parameters}
    rows = []
    for config in plan.configurations:
        changed = [f"{k}={option_text(v)}" for k, v in config.options if defaults.get(k) != v]
        done = next((g.games for g in groups if g.key == config.key), 0)
        seats = ", ".join(config.seats)
        rows.append([config.label, str(config.players), seats, ", ".join(changed) or "defaults", str(done)])
    section.tables.append(Table(["label", "players", "seats (game 0)", "options", "games"], rows))
    for label, options in _options_by_label(plan).items():
        changed = option_changes(get_game(plan.game), options)
        if any(p.is_path and options.get(p.name) for p in get_game(plan.game).parameters):
            what = "this run" if label == BASE_LABEL else label
            section.lines.append(f"What {what} changes from the box: " + "; ".join(changed) + ".")
    return section


def _options_by_label(plan: RunPlan) -> dict[str, dict[str, OptionValue]]:
    """Each label's options (the same at every player count)."""
    return {config.label: config.option_values() for config in plan.configurations}


def _baseline_changes(info: ResultsInfo, base_info: ResultsInfo, name: str, base_name: str) -> list[str]:
    """What the run's options change from the baseline's, per label (its own, or the baseline's
    one label): the variant in words, not the file it was read from."""
    game = get_game(info.plan.game)
    theirs = _options_by_label(base_info.plan)
    single = next(iter(theirs.values())) if len(theirs) == 1 else None
    lines = []
    for label, options in _options_by_label(info.plan).items():
        reference = theirs.get(label, single)
        if reference is None:
            continue
        changed = option_changes(game, options, reference)
        what = "; ".join(changed) if changed else "no option (the same rules: only the games differ)"
        run = name if label == BASE_LABEL else f"{name} ({label})"
        lines.append(f"{run} against {base_name}: {what}.")
    return lines


def _fairness_section(groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> Section:
    """The report's first verdict: is the whole turn-order distribution even, per configuration
    (:mod:`alaka.sim.fairness`)?"""
    from alaka.sim.fairness import LEVEL, seat_fairness

    section = Section("Is every seat fair?")
    tests = seat_fairness(groups)
    if not tests:
        section.lines.append("No game had a winner: there is nothing to test.")
        return section
    uneven = [t for t in tests if not t.even]
    if uneven:
        section.lines.append(
            "Not every seat is fair: in " + ", ".join(name(t.group) for t in uneven) + " the turn-order "
            "positions win unevenly beyond chance."
        )
    else:
        section.lines.append(
            "No configuration shows an uneven turn order beyond chance (which is not proof that it is "
            "even: with few games only a large gap shows)."
        )
    section.lines.append(
        "One chi-square test per configuration of the wins of the 1st, 2nd, ... seat against an even "
        "split (shared wins as shares); p-values corrected together for a false discovery rate of "
        f"{LEVEL:.0%} (Benjamini-Hochberg)."
    )
    rows = [
        [
            name(t.group),
            str(t.group.games),
            " / ".join(f"{w:g}" for w in t.wins),
            f"{t.statistic:.2f}",
            f"{t.p_value:.3g}",
            f"{t.adjusted:.3g}",
            "even within chance" if t.even else "uneven",
        ]
        for t in tests
    ]
    section.tables.append(
        Table(
            ["configuration", "games", "wins by position", "chi-square", "p", "adjusted p", "verdict"], rows
        )
    )
    return section


def _winners_section(groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> Section:
    section = Section("Who wins: by turn-order position")
    section.lines.append(
        "Win rate of the seat that played 1st, 2nd, ... with its 95% interval (a shared win counts "
        "as a share). With n players an even game gives each position 1/n of the wins."
    )
    most = max(g.players for g in groups)
    rows = []
    for g in groups:
        cells = [rate_cell(p) for p in g.by_position] + ["-"] * (most - g.players)
        rows.append(
            [name(g), str(g.games), pct(1 / g.players), *cells, pct(g.no_winner / g.games), str(g.truncated)]
        )
    header = [
        "configuration",
        "games",
        "even share",
        *(f"{k + 1}." for k in range(most)),
        "nobody wins",
        "truncated",
    ]
    section.tables.append(Table(header, rows))
    section.plots.append(lambda fig: _plot_positions(fig, groups, name))
    return section


def _bots_section(groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> list[Section]:
    if all(len(g.by_bot) == 1 for g in groups):
        return []
    section = Section("Who wins: by bot")
    section.lines.append("Each bot's win rate over all the seats it sat in, with its 95% interval.")
    rows = [[name(g), bot, str(p.n), rate_cell(p)] for g in groups for bot, p in g.by_bot.items()]
    section.tables.append(Table(["configuration", "bot", "seats played", "win rate"], rows))
    return [section]


def _endings_section(groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> Section:
    """How the games ended, a few kinds (the reasons' words before their colon), commonest first."""
    section = Section("How games end")
    section.lines.append(
        "Each kind of ending's share of a configuration's games (95% Wilson interval); the"
        " `reason` column keeps each game's own words."
    )
    everywhere: Counter[str] = Counter()
    for g in groups:
        everywhere.update(g.endings)
    rows = [
        [name(g), ending, str(g.endings[ending]), rate_cell(Proportion(g.endings[ending], g.games))]
        for g in groups
        for ending, _ in everywhere.most_common()
        if g.endings[ending]
    ]
    section.tables.append(Table(["configuration", "ending", "games", "share"], rows))
    return section


def _length_section(groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> Section:
    section = Section("How long games last")
    section.lines.append("Rounds (the round a game ended in), turns and bot decisions per game.")
    rows = [
        [
            name(g),
            f"{g.rounds.median:g}",
            f"{g.rounds.quantile(0.1):g}-{g.rounds.quantile(0.9):g}",
            mean_cell(g.rounds),
            f"{g.turns.mean:.1f}",
            f"{g.decisions.mean:.0f}",
        ]
        for g in groups
    ]
    header = ["configuration", "median rounds", "10%-90%", "mean rounds", "mean turns", "mean decisions"]
    section.tables.append(Table(header, rows))
    section.plots.append(lambda fig: _plot_histograms(fig, groups, name, lambda g: g.rounds, "rounds"))
    return section


def _scores_section(
    groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str], keeps_scores: bool, returns: str
) -> Section:
    """The final scores, or, for a game whose entry says it keeps none, that sentence alone (its
    rows hold no scores to count or plot)."""
    section = Section("Scores")
    if not keeps_scores:
        section.lines.append(f"This game keeps no scores: only who wins counts ({returns}).")
        return section
    section.lines.append(
        "Every seat's final score, the winners' scores, and the winning margin: the best winner's score "
        "less the best other seat's (a game's rules may crown a winner by more than points, so a "
        "margin can be 0 or below)."
    )
    rows = [
        [
            name(g),
            mean_cell(g.scores),
            f"{g.scores.median:g}",
            f"{g.winner_scores.mean:.2f}",
            f"{g.winner_scores.median:g}",
            mean_cell(g.margins) if g.margins.n else "-",
            f"{g.margins.median:g}" if g.margins.n else "-",
        ]
        for g in groups
    ]
    header = [
        "configuration",
        "mean score",
        "median",
        "winners' mean",
        "winners' median",
        "margin (mean)",
        "margin (median)",
    ]
    section.tables.append(Table(header, rows))
    section.plots.append(lambda fig: _plot_histograms(fig, groups, name, lambda g: g.scores, "final score"))
    return section


def _stat_section(
    column: dict[str, Any], groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]
) -> Section:
    stat_name = str(column["name"])
    section = Section(f"Statistic: {stat_name}")
    section.lines.append(str(column["meaning"]) + ("" if not column["per_seat"] else " (one value per seat)"))
    stats = [(g, g.stats[stat_name]) for g in groups]
    kind = stats[0][1].kind
    if kind == "number":
        header = ["configuration", "mean (95%)", "median", "10%-90%", "not 0"]
        rows = [
            [
                name(g),
                mean_cell(s.numbers),
                f"{s.numbers.median:g}",
                f"{s.numbers.quantile(0.1):g}-{s.numbers.quantile(0.9):g}",
                pct(s.numbers.nonzero),
            ]
            for g, s in stats
        ]
        section.tables.append(Table(header, rows))
        section.plots.append(lambda fig: _plot_means(fig, stats, name, stat_name))
    elif kind == "yes/no" and not column["per_seat"]:
        section.tables.append(
            Table(["configuration", "rate (95%)"], [[name(g), rate_cell(s.yes)] for g, s in stats])
        )
        section.plots.append(lambda fig: _plot_rates(fig, [(name(g), s.yes) for g, s in stats], stat_name))
    else:
        values = _top_values(s for _, s in stats)
        header = ["configuration", *(v or "(none)" for v in values)]
        rows = [
            [name(g), *(pct(s.words[v] / max(1, sum(s.words.values()))) for v in values)] for g, s in stats
        ]
        section.tables.append(Table(header, rows, "The share of each value:"))
        if column["per_seat"]:
            caption = "The win rate of the seats with each value, with its 95% interval:"
            win_rows = [
                [name(g), *(rate_cell(s.wins_by_value[v]) if v in s.wins_by_value else "-" for v in values)]
                for g, s in stats
            ]
            section.tables.append(Table(header, win_rows, caption))
        section.plots.append(lambda fig: _plot_shares(fig, stats, name, values, stat_name))
    return section


def _components_section(groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> list[Section]:
    """For each component column: the components whose holders win more (or less) than the other
    seats of the same games, strongest first (:func:`alaka.sim.cards.component_effects`)."""
    if not any(s.kind == "components" for g in groups for s in g.stats.values()):
        return []
    section = Section("What each component does")
    effects = component_effects(groups)
    flagged = [e for e in effects if e.flagged]
    section.lines.append(
        "For each card or component a game's per-seat columns name: the win share of the seats that "
        "had it against the other seats of the same games (a shared win counts as shares), and the "
        "difference with its 95% interval, counted game by game (one seat's win is another's loss, "
        f"so the seats of a game are not independent samples). Only components seen in at least "
        f"{MIN_GAMES} games, and missing from as many, are tested; their p-values are corrected "
        "together for a false discovery rate of 5% (Benjamini-Hochberg)."
    )
    strongest = ", ".join(f"{e.component} ({e.column}, {_change(e.difference)})" for e in flagged[:5])
    section.lines.append(
        f"{len(effects)} components tested, {len(flagged)} flagged (a difference not chance)"
        + (f"; the strongest: {strongest}." if flagged else ".")
    )
    section.lines.append(
        "A difference says a card goes with winning, not that it makes a seat win: a seat that ends "
        "with more cards or more elements is ahead anyway, so the cards of one column may all lean "
        "the same way. Read a card against the column's typical card (the median difference below): "
        "a card too strong stands out from the others."
    )
    keys = list(dict.fromkeys((e.group.key, e.column) for e in effects))
    for key, column in keys:
        ours = [e for e in effects if e.group.key == key and e.column == column]
        changes = sorted(e.difference.change for e in ours)
        median = changes[len(changes) // 2]
        largest = sorted(ours, key=lambda e: -abs(e.difference.change))[:TOP_COMPONENTS]
        chosen = {id(e) for e in largest}
        shown = sorted([*largest, *(e for e in ours if e.flagged and id(e) not in chosen)], key=_strongest)
        rows = [
            [
                e.component,
                str(e.games),
                rate_cell(e.holders),
                rate_cell(e.others),
                _change(e.difference),
                f"{e.difference.adjusted:.3g}",
                "yes" if e.flagged else "no",
            ]
            for e in shown
        ]
        group = ours[0].group
        caption = (
            f"{name(group)}, {column}: the {min(TOP_COMPONENTS, len(ours))} largest differences of the "
            f"{len(ours)} components tested, and every other flagged one ({len(shown)} rows); the "
            f"column's median difference is {100 * median:+.1f} points."
        )
        header = [
            "component",
            "games",
            "win share with",
            "without",
            "difference (95%)",
            "adjusted p",
            "flagged",
        ]
        section.tables.append(Table(header, rows, caption))
    if not effects:
        section.lines.append(f"No component was seen in {MIN_GAMES} games yet: play more games to test them.")
    return [section]


def _strongest(effect: ComponentEffect) -> float:
    return -effect.difference.change


def _seats_did_section(groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> list[Section]:
    """Per-seat counts: the winners' mean against the other seats' (:func:`alaka.sim.cards.seat_effects`)."""
    effects = seat_effects(groups)
    if not effects:
        return []
    section = Section("What each seat did")
    section.lines.append(
        "Each per-seat count the game declares: its mean for the seats that won against the other "
        "seats, the difference with its 95% interval counted game by game, p-values corrected "
        "together (Benjamini-Hochberg, 5%). What the winners did more of, or less."
    )
    rows = [
        [
            name(e.group),
            e.column,
            f"{e.difference.other:.2f}",
            f"{e.difference.base:.2f}",
            _change(e.difference),
            f"{e.difference.adjusted:.3g}",
            "yes" if e.difference.clear else "no",
        ]
        for e in effects
    ]
    header = [
        "configuration",
        "count",
        "winners' mean",
        "others' mean",
        "difference (95%)",
        "adjusted p",
        "clear",
    ]
    section.tables.append(Table(header, rows))
    return [section]


def _own_section(column: dict[str, Any]) -> bool:
    """Whether a statistic gets a section of its own: not a component column (its values are sets
    of names, read card by card in "What each component does") nor a per-seat count (read as the
    winners' against the others' in "What each seat did")."""
    per_seat_count = column["per_seat"] and column["type"] in ("int", "float")
    return not column.get("component") and not per_seat_count


def _top_values(stats: Any) -> list[str]:
    total: dict[str, int] = {}
    for s in stats:
        for value, count in s.words.items():
            total[value] = total.get(value, 0) + count
    return sorted(total, key=lambda v: (-total[v], v))[:TOP_WORDS]


def _verdict_section(comparisons: Sequence[Comparison]) -> Section:
    section = Section("Verdicts")
    section.lines.append(
        "The first-player win rate for each comparison, then every other measure whose difference "
        "is not chance: its p-value, corrected over every difference of this report, is under 5% "
        '(Benjamini-Hochberg: at most 5% of the lines saying "changes" are expected to be wrong). '
        "Where the interval holds 0 but is wider than the effect looked for (3 points of a rate, a "
        "tenth of a spread), the line says there are not enough games to tell."
    )
    for c in comparisons:
        first, *rest = c.differences
        section.lines.append(first.verdict(c.base_name, c.other_name, c.where))
        section.lines.extend(d.verdict(c.base_name, c.other_name, c.where) for d in rest if d.clear)
    return section


def _differences_section(comparisons: Sequence[Comparison]) -> Section:
    section = Section("Differences")
    section.lines.append(
        "Every measure, compared configuration against reference, with the 95% interval: on paired"
        " games (the same seeds) within a sweep, whose intervals leave out what the deal decides;"
        " Newcombe's (rates) or Welch's (means) against a baseline file."
    )
    rows = []
    for c in comparisons:
        for d in c.differences:
            rows.append(
                [
                    f"{c.other_name} vs {c.base_name}",
                    c.where,
                    d.measure,
                    d.show(d.base),
                    d.show(d.other),
                    _change(d),
                    f"{d.adjusted:.3g}",
                    "yes" if d.clear else ("too few games" if d.too_few_games else "no"),
                ]
            )
    section.tables.append(
        Table(
            ["compared", "players", "measure", "reference", "variant", "change (95%)", "adjusted p", "clear"],
            rows,
        )
    )
    return section


def _change(d: Difference) -> str:
    if d.kind == "rate":
        return f"{100 * d.change:+.1f} ({100 * d.low:+.1f} to {100 * d.high:+.1f}) points"
    return f"{d.change:+.2f} ({d.low:+.2f} to {d.high:+.2f})"


# -- plots (HTML only) --------------------------------------------------------------------------------


def _error_bar(p: Proportion) -> tuple[float, float]:
    """How far the 95% interval reaches below and above the rate, in points."""
    low, high = p.interval
    return (max(0.0, 100 * (p.rate - low)), max(0.0, 100 * (high - p.rate)))


def _plot_positions(fig: Any, groups: Sequence[GroupSummary], name: Callable[[GroupSummary], str]) -> None:
    ax = fig.subplots()
    most = max(g.players for g in groups)
    width = 0.8 / most
    for k in range(most):
        xs: list[float] = []
        ys: list[float] = []
        errs: list[list[float]] = [[], []]
        for x, g in enumerate(groups):
            if k < g.players:
                p = g.by_position[k]
                below, above = _error_bar(p)
                xs.append(x + (k - (most - 1) / 2) * width)
                ys.append(100 * p.rate)
                errs[0].append(below)
                errs[1].append(above)
        ax.bar(xs, ys, width, yerr=errs, capsize=2, label=f"{k + 1}. player")
    for x, g in enumerate(groups):
        ax.hlines(100 / g.players, x - 0.45, x + 0.45, colors="black", linestyles="dotted")
    ax.set_xticks(range(len(groups)), [name(g) for g in groups], rotation=20, ha="right")
    ax.set_ylabel("win rate (%)")
    ax.legend(fontsize="small")


def _plot_histograms(
    fig: Any,
    groups: Sequence[GroupSummary],
    name: Callable[[GroupSummary], str],
    what: Callable[[GroupSummary], Distribution],
    label: str,
) -> None:
    ax = fig.subplots()
    for g in groups:
        d = what(g)
        xs = sorted(d.counts)
        ax.step(xs, [100 * d.counts[x] / d.n for x in xs], where="mid", label=name(g))
    ax.set_xlabel(label)
    ax.set_ylabel("share of games (%)" if label == "rounds" else "share of seats (%)")
    ax.legend(fontsize="small")


def _plot_means(
    fig: Any,
    stats: Sequence[tuple[GroupSummary, StatSummary]],
    name: Callable[[GroupSummary], str],
    stat: str,
) -> None:
    ax = fig.subplots()
    means = [s.numbers.mean for _, s in stats]
    errs = [1.96 * s.numbers.error for _, s in stats]
    ax.bar(range(len(stats)), means, yerr=errs, capsize=3)
    ax.set_xticks(range(len(stats)), [name(g) for g, _ in stats], rotation=20, ha="right")
    ax.set_ylabel(f"mean {stat}")


def _plot_rates(fig: Any, rates: Sequence[tuple[str, Proportion]], stat: str) -> None:
    ax = fig.subplots()
    ys = [100 * p.rate for _, p in rates]
    bars = [_error_bar(p) for _, p in rates]
    errs = [[below for below, _ in bars], [above for _, above in bars]]
    ax.bar(range(len(rates)), ys, yerr=errs, capsize=3)
    ax.set_xticks(range(len(rates)), [n for n, _ in rates], rotation=20, ha="right")
    ax.set_ylabel(f"{stat} (% of games)")


def _plot_shares(
    fig: Any,
    stats: Sequence[tuple[GroupSummary, StatSummary]],
    name: Callable[[GroupSummary], str],
    values: Sequence[str],
    stat: str,
) -> None:
    ax = fig.subplots()
    left = [0.0] * len(stats)
    for value in values:
        shares = [100 * s.words[value] / max(1, sum(s.words.values())) for _, s in stats]
        ax.barh(range(len(stats)), shares, left=left, label=value or "(none)")
        left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.set_yticks(range(len(stats)), [name(g) for g, _ in stats])
    ax.set_xlabel(f"share by {stat} (%)")
    ax.legend(fontsize="small", loc="lower right")


def _png(plot: Plot) -> str:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.5, 3.6), layout="constrained")
    plot(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


# -- writing --------------------------------------------------------------------------------------------


def to_markdown(report: Report) -> str:
    out = [f"# {report.title}", ""]
    for section in report.sections:
        out += [f"## {section.title}", ""]
        for line in section.lines:
            out += [line, ""]
        for table in section.tables:
            if table.caption:
                out += [table.caption, ""]
            out.append("| " + " | ".join(table.header) + " |")
            out.append("|" + "---|" * len(table.header))
            out += ["| " + " | ".join(row) + " |" for row in table.rows]
            out.append("")
    return "\n".join(out)


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 70rem; margin: 2rem auto; padding: 0 1rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f0f0; }
h2 { border-bottom: 1px solid #ddd; margin-top: 2rem; }
img { max-width: 100%; }
"""


def to_html(report: Report) -> str:
    """One page: styles inline, plots as embedded PNG, nothing fetched when it opens."""
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(report.title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{e(report.title)}</h1>",
    ]
    for section in report.sections:
        out.append(f"<section><h2>{e(section.title)}</h2>")
        out += [f"<p>{e(line)}</p>" for line in section.lines]
        for table in section.tables:
            if table.caption:
                out.append(f"<p>{e(table.caption)}</p>")
            out.append(
                "<table><thead><tr>"
                + "".join(f"<th>{e(h)}</th>" for h in table.header)
                + "</tr></thead><tbody>"
            )
            out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in table.rows]
            out.append("</tbody></table>")
        out += [
            f'<img alt="{e(section.title)}" src="data:image/png;base64,{_png(plot)}">'
            for plot in section.plots
        ]
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out)


def write_report(
    path: Path | str, out: Path | str, baseline: Path | str | None = None, format: str = "html"
) -> Path:
    """Build the report of ``path`` and write it to ``out`` as ``html`` or ``md``."""
    if format not in ("html", "md"):
        raise SimulationError(f"--format is html or md, not {format!r}")
    report = build_report(path, baseline)
    text = to_html(report) if format == "html" else to_markdown(report)
    target = Path(out)
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise SimulationError(f"cannot write {str(target)!r}: {error.strerror or error}") from None
    return target
