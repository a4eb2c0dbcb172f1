"""What each card and choice does: per-seat statistics, component columns and the report's sections.

Synthetic games, where the truth is known, check that a strong card planted among ordinary ones
is found and that, when no card matters, the report flags no more than its error rate (which an
interval treating a game's seats as independent would not keep); real runs check that the
games' per-seat columns add up to their summed ones and that a card made far stronger in a
variant catalogue is the one the report puts first.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from zum_helpers import no_voodoo
from zum_helpers import play as zum_play

import alaka
from alaka.bots.registry import make_bot
from alaka.core.stats import StatColumn, join_components, split_components
from alaka.sim.cards import MIN_GAMES, component_effects, seat_effects
from alaka.sim.report import build_report, to_markdown
from alaka.sim.results import iter_rows, read_info
from alaka.sim.runs import SimulationError, game_statistics, plan_run
from alaka.sim.scheduler import InlineBackend
from alaka.sim.simulate import simulate
from alaka.sim.summary import GroupSummary, rate_difference, summarize

ZUM = alaka.game("alakazum")
ZOO = alaka.game("alakazoo")

# -- the declaration ---------------------------------------------------------------------------------


def test_a_component_column_must_list_names_per_seat() -> None:
    assert StatColumn("held", str, "cards", per_seat=True, component=True).component
    with pytest.raises(TypeError, match="per_seat=True with type str"):
        StatColumn("held", str, "cards", component=True)
    with pytest.raises(TypeError, match="per_seat=True with type str"):
        StatColumn("held", int, "cards", per_seat=True, component=True)


def test_component_names_are_distinct_sorted_single_words() -> None:
    assert join_components(["moura", "broom", "moura"]) == "broom moura"
    assert join_components([]) == ""
    assert split_components("broom moura") == {"broom", "moura"}
    assert split_components("") == frozenset()
    for bad in ("magic hat", ""):
        with pytest.raises(ValueError, match="one word"):
            join_components(["broom", bad])


# -- synthetic games -----------------------------------------------------------------------------------

CARDS = tuple(f"card{k}" for k in range(20))
#: The chance that a card is dealt (to one seat) in a game.
DEALT = 0.6
COLUMNS: list[dict[str, Any]] = [
    {"name": "held", "type": "str", "per_seat": True, "component": True, "list": True, "meaning": "cards"},
    {"name": "seat_fights", "type": "int", "per_seat": True, "list": True, "meaning": "fights"},
]


def synthetic_games(games: int, seed: int, strong: str | None = None, players: int = 3) -> list[GroupSummary]:
    """``games`` games: each card dealt to a random seat 60% of the time; a seat holding
    ``strong`` is 4 times as likely to win, every other card does nothing; one game in ten has
    no winner, one in ten a shared win. ``seat_fights`` is noise unless ``strong`` is set, when
    a winner fights one more time on average."""
    rng = random.Random(seed)
    rows = []
    for index in range(games):
        held: list[list[str]] = [[] for _ in range(players)]
        for card in CARDS:
            if rng.random() < DEALT:
                held[rng.randrange(players)].append(card)
        weights = [4.0 if strong in held[seat] else 1.0 for seat in range(players)]
        draw = rng.random()
        if draw < 0.1:
            winners: list[int] = []
        elif draw < 0.2:
            winners = sorted(rng.sample(range(players), 2))
        else:
            winners = rng.choices(range(players), weights)
        fights = [rng.randrange(4) + (strong is not None and seat in winners) for seat in range(players)]
        rows.append(
            {
                "label": "base",
                "players": players,
                "seed": index,
                "seats": ["heuristic"] * players,
                "first_player": 0,
                "winners": winners,
                "truncated": False,
                "rounds": 5,
                "turns": 5 * players,
                "decisions": 50,
                "held": [join_components(cards) for cards in held],
                "seat_fights": fights,
            }
        )
    return summarize(rows, COLUMNS, keeps_scores=False)


def test_a_planted_strong_card_is_found_and_flagged_first() -> None:
    effects = component_effects(synthetic_games(600, seed=1, strong="card7"))
    assert len(effects) == len(CARDS)  # each seen in about 360 games, missing from about 240
    top = effects[0]
    assert top.component == "card7" and top.flagged
    # 4 to 1 odds give the holder 4/6 of the games with one winner, where the others get 1/6
    # each; over every game (shared wins, none, card7 not dealt) that is about 57% against 23%.
    assert 0.22 < top.difference.change < 0.40
    assert top.difference.low > 0.15
    assert top.holders.rate > 0.5 > top.others.rate
    # Holding the strong card elsewhere lowers the others' chances a little, never by much.
    assert all(not e.flagged or e.difference.change < 0 for e in effects[1:])
    assert sum(e.flagged for e in effects[1:]) <= 2


def test_with_no_card_that_matters_nothing_is_flagged_beyond_the_error_rate() -> None:
    """Over 60 synthetic runs of 20 cards each: the uncorrected tests reject about 5% of the time,
    where Newcombe's interval, which treats a game's seats as independent, rejects about 8% (so
    these games tell the two apart), and few runs flag any card after the correction (about 7%
    of runs over many seeds: the normal p-values' far tails are a little heavy)."""
    rejected = independent = tested = runs_flagged = counts_clear = 0
    for seed in range(60):
        groups = synthetic_games(250, seed=100 + seed)
        effects = component_effects(groups)
        tested += len(effects)
        rejected += sum(e.difference.p_value < 0.05 for e in effects)
        independent += sum(rate_difference("", e.others, e.holders).p_value < 0.05 for e in effects)
        runs_flagged += any(e.flagged for e in effects)
        counts_clear += sum(e.difference.clear for e in seat_effects(groups))
    assert tested == 60 * len(CARDS)
    assert 0.035 < rejected / tested < 0.065, rejected / tested
    assert independent / tested > 0.07, independent / tested
    assert runs_flagged <= 8, runs_flagged
    assert counts_clear <= 7, counts_clear  # one test a run: about 3 of 60 by chance


def test_the_winners_seat_counts_are_set_against_the_others() -> None:
    (effect,) = seat_effects(synthetic_games(600, seed=2, strong="card7"))
    assert effect.column == "seat_fights" and effect.difference.clear
    assert 0.7 < effect.difference.change < 1.3  # a winner fights one more time on average
    assert effect.difference.low > 0.5


def test_a_component_seen_in_too_few_games_is_not_tested() -> None:
    groups = synthetic_games(2 * MIN_GAMES, seed=3)  # each card in about 36 games, missing from 24
    assert component_effects(groups) == []
    assert len(component_effects(groups, min_games=10)) == len(CARDS)


# -- the games' per-seat columns --------------------------------------------------------------------


def finished(game: alaka.Game, seed: int, players: int = 3) -> alaka.State:
    bots = [make_bot("heuristic", game.name) for _ in range(players)]
    return alaka.play(game.new_initial_state(players), bots, seed=seed)


@pytest.mark.parametrize("seed", range(4))
def test_alakazum_per_seat_counts_add_up_to_the_game_counts(seed: int) -> None:
    stats = game_statistics(ZUM).statistics(finished(ZUM, seed))
    summed = lambda column: sum(stats[column])  # noqa: E731
    spells = sum(v for k, v in stats.items() if k.startswith("spells_"))
    traps = sum(v for k, v in stats.items() if k.startswith("traps_"))
    assert summed("seat_spells") == spells
    assert summed("seat_traps") == traps
    for name in ("conjures", "failed_conjures", "voodoo_dolls", "characters_lost", "forest_combats"):
        assert summed(f"seat_{name}") == stats[name], name
    assert summed("seat_player_combats_won") == stats["player_combats_won"]
    assert summed("seat_hypnotised") == stats["forest_hypnotised"] + stats["characters_hypnotised"]
    catalogue = {card["id"] for card in json.loads(_builtin("alakazum", "catalogue.json"))["cards"]}
    held = [split_components(str(v)) for v in stats["held"]]
    assert all(cards and cards <= catalogue for cards in held)  # every team keeps a character
    played = [split_components(str(v)) for v in stats["played"]]
    assert all(cards <= catalogue for cards in played)
    assert ("voodoo_doll" in set().union(*played)) == (stats["voodoo_dolls"] > 0)


@pytest.mark.parametrize("seed", range(4))
def test_alakazoo_per_seat_counts_add_up_and_name_the_displayed_elements(seed: int) -> None:
    final = finished(ZOO, seed)
    stats = game_statistics(ZOO).statistics(final)
    for name in ("dark_power", "passes", "displays", "creature_points", "first_points", "line_points"):
        assert sum(stats[f"seat_{name}"]) == stats[name], name
    assert sum(stats["seat_over_limit"]) == stats["over_limit"]
    displayed = [split_components(str(v)) for v in stats["displayed"]]
    # An element displayed stays on a board (a swap moves it, one for one), so each board shows
    # as many as its seat displayed, and no card is on two boards.
    assert [len(cards) for cards in displayed] == list(stats["seat_displays"])
    assert len(set().union(*displayed)) == sum(len(cards) for cards in displayed)
    assert all(":" in key for cards in displayed for key in cards)


def test_a_conjure_names_the_objects_it_showed_as_played() -> None:
    """R21: Barretina shown in a won CAT Alakazum is played, and still held at the end."""
    from test_stats import conjurer

    s = conjurer([{"card": "Montserrat", "level": "C"}, {"card": "Sant Jordi", "level": "B"}], ["Barretina"])
    zum_play(s, "conjure:CAT")
    no_voodoo(s)
    zum_play(s, "reveal:3", "enemy:fast_food")
    stats = game_statistics(ZUM).statistics(s)
    assert stats["played"] == ("barretina", "")
    assert stats["held"][0] == "barretina montserrat sant_jordi"
    assert stats["seat_conjures"] == (1, 0)


def _builtin(game: str, name: str) -> str:
    return (resources.files(f"alaka.games.{game}") / "data" / name).read_text("utf-8")


# -- real runs -----------------------------------------------------------------------------------------


def run(tmp: Path, game: alaka.Game, games: int, **options: object) -> Path:
    path = tmp / f"{game.name}-{len(options)}.parquet"
    plan = plan_run(game, players=[3], seats=["heuristic"], options=options, games=games, seed=33)
    with InlineBackend() as backend:
        simulate(plan, path, backend)
    return path


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """200 heuristic games of each game at 3 players, and of Alakazum! with a Barretina worth
    12 culture points instead of 2 (a variant catalogue)."""
    tmp = tmp_path_factory.mktemp("cards")
    catalogue = json.loads(_builtin("alakazum", "catalogue.json"))
    for card in catalogue["cards"]:
        if card["id"] == "barretina":
            card["effect"]["culture_points"] = 12
    strong = tmp / "strong.json"
    strong.write_text(json.dumps(catalogue), "utf-8")
    return {
        "alakazum": run(tmp, ZUM, 200),
        "alakazoo": run(tmp, ZOO, 200),
        "strong": run(tmp, ZUM, 200, catalogue=str(strong)),
    }


def effects_of(path: Path) -> list[Any]:
    return component_effects(summarize(iter_rows(path), read_info(path).stat_columns()))


@pytest.mark.parametrize("game", ["alakazum", "alakazoo"])
def test_a_real_run_yields_both_sections(runs: dict[str, Path], game: str) -> None:
    report = build_report(runs[game])
    titles = [s.title for s in report.sections]
    assert "What each component does" in titles and "What each seat did" in titles
    # The component columns have no section of their own (their values are sets, not words).
    assert not any(t in titles for t in ("Statistic: held", "Statistic: displayed"))
    section = report.sections[titles.index("What each component does")]
    columns = {"alakazum": ("held", "played"), "alakazoo": ("displayed", "hand")}[game]
    captions = " ".join(t.caption for t in section.tables)
    assert all(f"3 players, {column}:" in captions for column in columns if column != "hand")
    assert "components tested" in to_markdown(report)


def test_a_card_made_far_stronger_is_the_one_the_report_finds(runs: dict[str, Path]) -> None:
    """In the box Barretina is an ordinary card (not flagged); worth 12 points instead of 2, the
    seats that played it win almost every game, and it is the strongest component."""

    def barretina(path: Path) -> Sequence[Any]:
        return [e for e in effects_of(path) if e.component == "barretina"]

    assert not any(e.flagged for e in barretina(runs["alakazum"]))
    strong = effects_of(runs["strong"])
    assert strong[0].component == "barretina" and strong[0].flagged
    assert strong[0].difference.change > 0.5
    assert all(e.flagged and e.difference.change > 0.4 for e in barretina(runs["strong"]))
    text = to_markdown(build_report(runs["strong"]))
    assert "the strongest: barretina" in text


def test_a_results_file_from_before_the_new_columns_is_refused_on_resume(tmp_path: Path) -> None:
    """A file whose columns lack the per-seat ones (an older alaka) gets the clear error, not a
    traceback; its report still reads (without the new sections)."""
    import pyarrow.parquet as pq

    from alaka.sim.results import METADATA_KEY

    path = run(tmp_path, ZOO, 2)
    table = pq.read_table(path)
    metadata = json.loads(table.schema.metadata[METADATA_KEY])
    new = {"seat_dark_power", "seat_passes", "seat_displays", "seat_creature_points", "seat_first_points"}
    new |= {"seat_line_points", "seat_over_limit", "displayed", "hand"}
    metadata["columns"] = [c for c in metadata["columns"] if c["name"] not in new]
    for c in metadata["columns"]:
        c.pop("component", None)
    old = table.drop_columns(sorted(new)).replace_schema_metadata({METADATA_KEY: json.dumps(metadata)})
    pq.write_table(old, path)
    plan = read_info(path).plan
    with InlineBackend() as backend, pytest.raises(SimulationError, match="written with other columns"):
        simulate(plan, path, backend, resume=True)
    titles = [s.title for s in build_report(path).sections]
    assert "What each component does" not in titles and "What each seat did" not in titles
