"""Bots: the registry, IS-MCTS, no peeking, and the arena."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import alaka
from alaka.bots.guided import GuidedSearchBot
from alaka.bots.ismcts import ISMCTSBot, random_policy, terminal_values, win_shares
from alaka.bots.registry import (
    BotSpecError,
    bot_levels,
    bot_menu,
    default_bot,
    heuristic_for,
    level_specs,
    make_bot,
    parse_spec,
    strongest_search,
)
from alaka.cli import app
from alaka.core.registry import entry
from alaka.sim.arena import run_match, summarize
from alaka.sim.estimates import control_variate, wilson
from alaka.sim.runs import seats_for

ZOO = alaka.game("alakazoo")


def test_bot_specs_parse_with_parameters() -> None:
    assert parse_spec("ismcts:iterations=2000,c=0.5") == ("ismcts", {"iterations": "2000", "c": "0.5"})
    bot = make_bot("ismcts:guide=none,iterations=50,c=1.2", "alakazoo")
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 50 and bot.c == 1.2
    assert isinstance(make_bot("ismcts:guide=none,seconds=0.5", "alakazoo"), ISMCTSBot)
    guided = make_bot("ismcts:guide=learned,iterations=50,c=1.2", "alakazoo")  # the shipped network
    assert isinstance(guided, GuidedSearchBot) and guided.iterations == 50 and guided.c == 1.2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphago", "no bot is called 'alphago'; the bots are: random, heuristic, learned, ismcts"),
        ("random:x=1", "takes no parameters"),
        ("ismcts:iterations=many", "iterations takes a number"),
        ("ismcts:budget=3", "has no parameter 'budget'"),
        ("ismcts:rollout=smart", "rollout is 'random' or 'heuristic'"),
        ("ismcts:iterations", "key=value"),
    ],
)
def test_bad_bot_specs_get_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, "alakazoo")


def _zoo_twins() -> tuple[alaka.State, alaka.State]:
    """Two Alakazoo positions that differ only in player 2's hand and the deck."""
    base = {
        "boards": [1, 2],
        "seats": [{"hand": ["Griffin head", "Kraken tail"], "runes": ["head/1"]}, {"hand": None}],
        "columns": [["Unicorn head"], ["Griffin tail"], [], []],
        "turn_of": 0,
    }
    a = json.loads(json.dumps(base))
    b = json.loads(json.dumps(base))
    a["seats"][1]["hand"] = ["Griffin body", "Kraken head"]
    b["seats"][1]["hand"] = ["Chimera left ear", "Unicorn tail"]
    return ZOO.scenario(a), ZOO.scenario(b)


def test_ismcts_is_deterministic_given_its_seed_and_does_not_touch_the_state() -> None:
    state = ZOO.new_initial_state(3)
    for _ in range(40):
        rng = random.Random(1)
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    before = json.dumps(state.view(None))
    first = ISMCTSBot(iterations=80).act(state, state.current_player(), random.Random(5))
    second = ISMCTSBot(iterations=80).act(state, state.current_player(), random.Random(5))
    assert first == second
    assert json.dumps(state.view(None)) == before


def _last_game_display_position() -> alaka.State:
    """Last turn: displaying the Griffin tail completes seat 0's board and wins the game."""
    parts = ("left ear", "head", "right ear", "left hand", "body", "right hand", "left leg", "right leg")
    return ZOO.scenario(
        {
            "boards": [1, 2],
            "seats": [
                {
                    "hand": ["Griffin tail"],
                    "runes": ["tail/1", "tail/2"],
                    "elements": {t: f"Griffin {t}" for t in parts},
                    "points": 3,
                },
                {"points": 10},
            ],
            "turn_of": 0,
            "first_player": 1,
            "phase": "display",
        }
    )


def test_ismcts_takes_the_display_that_wins_the_game() -> None:
    """Last turn of the game: displaying the tail decides the winner; IS-MCTS must see it."""
    bot = ISMCTSBot(iterations=200)
    assert bot.act(_last_game_display_position(), 0, random.Random(0)).name == "display:griffin:tail"


def _finished_last_game(rival_points: int) -> alaka.State:
    """The last-turn position above, played out: seat 0 ends on 13 points, seat 1 on its own."""
    spec = json.loads(json.dumps(_last_game_display_position().scenario_spec))
    spec["seats"][1]["points"] = rival_points
    state = ZOO.scenario(spec)
    for name in ("display:griffin:tail", "end"):
        state.apply_action(next(a for a in state.legal_actions() if a.name == name))
    assert state.is_terminal()
    return state


def test_a_shared_win_is_worth_half_a_win_to_the_search() -> None:
    """Equal totals share the win (returns() gives each winner 1.0); the search must score a
    two-way tie as half a win, as the arena does, or it would steer for ties."""
    tie, win = _finished_last_game(13), _finished_last_game(12)
    assert tie.returns() == (1.0, 1.0)
    assert win_shares(tie) == (0.5, 0.5)
    assert win_shares(win) == (1.0, 0.0)
    bot = ISMCTSBot(iterations=1)
    assert tuple(bot._playout(tie.clone(), random.Random(0))) == (0.5, 0.5)
    assert terminal_values(tie) == (0.5, 0.5)


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(80, 100)
    assert 0.71 < low < 0.8 < high < 0.87
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_control_that_carries_all_the_noise_leaves_its_known_mean_plus_the_offset() -> None:
    # Each result is its control plus the same 0.1: correcting the controls to their known
    # mean (0.25) leaves 0.35 exactly, however far the sample's controls strayed from 0.25.
    results = [1.0, 0.0, 0.0, 1.0, 0.0]
    controls = [r - 0.1 for r in results]
    estimate = control_variate(results, controls, known_mean=0.25)
    assert estimate.beta == pytest.approx(1.0)
    assert estimate.mean == pytest.approx(0.35)
    assert estimate.error == pytest.approx(0.0, abs=1e-12)


def test_a_control_unrelated_to_the_results_leaves_the_plain_mean() -> None:
    estimate = control_variate([1.0, 0.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0], known_mean=0.9)
    assert estimate.beta == pytest.approx(0.0)
    assert estimate.mean == pytest.approx(0.5)
    low, high = estimate.interval
    assert low < 0.5 < high
    # A coefficient fixed at 1 takes the controls at their word: 0.5 - (0.5 - 0.9).
    fixed = control_variate([1.0, 0.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0], known_mean=0.9, beta=1.0)
    assert fixed.mean == pytest.approx(0.9)
    with pytest.raises(ValueError, match="three paired values"):
        control_variate([1.0, 0.0], [1.0, 0.0], known_mean=0.5)


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    specs = ["a", "b", "c"]
    rotations = [seats_for(specs, i) for i in range(3)]
    for position in range(3):
        assert sorted(r[position] for r in rotations) == specs


def test_a_match_is_the_same_with_one_or_two_workers() -> None:
    one = sorted(run_match("alakazoo", ["random", "random"], 4, seed=3, jobs=1), key=lambda r: r.index)
    two = sorted(run_match("alakazoo", ["random", "random"], 4, seed=3, jobs=2), key=lambda r: r.index)
    assert [r.record for r in one] == [r.record for r in two]
    summary = summarize(one)
    assert summary.games == 4 and summary.bots["random"].games == 8


def test_arena_command_prints_the_table_and_writes_replayable_records(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = CliRunner().invoke(
        app, ["arena", "alakazoo", "--seats", "random,random", "--games", "4", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "win rate (95% CI)" in result.output
    lines = out.read_text().splitlines()
    assert len(lines) == 4
    for line in lines:
        record = json.loads(line)
        assert alaka.replay(record).is_terminal()


def test_arena_table_written_to_a_pipe_keeps_long_bot_specs_whole() -> None:
    spec = "ismcts:iterations=3,rollout=heuristic,depth=4,bias=1,margin=0.5,root=halving"
    result = CliRunner().invoke(
        app, ["arena", "alakazoo", "--seats", f"{spec.replace(',', '/')},heuristic", "--games", "2"]
    )
    assert result.exit_code == 0, result.output
    assert spec in result.output
    assert "ms/decision" in result.output


def test_arena_rejects_a_wrong_number_of_seats() -> None:
    result = CliRunner().invoke(app, ["arena", "alakazoo", "--seats", "random", "--games", "1"])
    assert result.exit_code != 0
    assert "2 to 4 players; --seats gives 1" in str(result.exception)


ZUM = alaka.game("alakazum")


def _zum_twins() -> tuple[alaka.State, alaka.State]:
    """Two Alakazum! positions that differ only in player 2's hand and the forest deck."""
    base = {
        "seats": [
            {"team": ["Moura", "Dolçainer"], "hand": ["Magic hat 2", "Combat potion +1", "Barretina"]},
            {"team": ["Olentzero", "Penitente"], "hand": None},
        ],
        "market": ["Magic hat 1", "Die potion +1"],
        "turn_of": 0,
    }
    a = json.loads(json.dumps(base))
    b = json.loads(json.dumps(base))
    a["seats"][1]["hand"] = ["Voodoo doll", "Steal potion"]
    b["seats"][1]["hand"] = ["Broom", "Magic hat 3"]
    return ZUM.scenario(a), ZUM.scenario(b)


@pytest.mark.parametrize(
    ("game", "twins"), [("alakazoo", _zoo_twins), ("alakazum", _zum_twins)], ids=["alakazoo", "alakazum"]
)
@pytest.mark.parametrize(
    "spec",
    [
        "random",
        "heuristic",
        "ismcts:iterations=40",
        "ismcts:iterations=40,rollout=heuristic,depth=8",
        "ismcts:iterations=40,rollout=heuristic,depth=8,bias=1,margin=0.5,root=halving",
    ],
)
def test_no_bot_peeks_at_hidden_cards(game: str, twins: object, spec: str) -> None:
    """Same view, different hidden cards, same RNG: every bot makes the same choice."""
    a, b = twins()  # type: ignore[operator]
    assert a.view(0) == b.view(0)
    assert a.hands[1] != b.hands[1]
    for seed in range(3):
        first = make_bot(spec, game).act(a, 0, random.Random(seed))
        second = make_bot(spec, game).act(b, 0, random.Random(seed))
        assert first == second


def test_the_no_peeking_check_catches_a_peeking_bot() -> None:
    """Guards the test above: a bot that looks at player 2's hand decides differently."""

    class Peeker:
        def act(self, state: alaka.State, seat: int, rng: random.Random) -> alaka.Action:
            legal = state.legal_actions()
            return legal[sum(state.hands[1]) % len(legal)]  # type: ignore[attr-defined]

    for twins in (_zoo_twins, _zum_twins):
        a, b = twins()
        assert Peeker().act(a, 0, random.Random(0)) != Peeker().act(b, 0, random.Random(0))


def test_ismcts_options_for_opponent_model_and_prior_parse() -> None:
    bot = make_bot("ismcts:iterations=30,rollout=heuristic,opponents=heuristic,depth=20,bias=1.5", "alakazum")
    assert isinstance(bot, ISMCTSBot)
    assert bot.opponent_policy is not None and bot.prior is not None and bot.bias == 1.5 and bot.depth == 20
    with pytest.raises(BotSpecError, match="opponents is 'tree' or 'heuristic'"):
        make_bot("ismcts:opponents=smart", "alakazum")


def test_with_a_strong_bias_and_one_iteration_ismcts_plays_the_heuristic_move() -> None:
    """The prior's choice is expanded first, so a one-iteration search returns it."""
    from alaka.bots.registry import heuristic_for

    heuristic = heuristic_for("alakazum")
    a, _ = _zum_twins()
    bot = ISMCTSBot(iterations=1, prior=heuristic.policy, bias=5.0)
    expected = heuristic.policy(a.clone(), 0, random.Random(3))
    assert bot.act(a, 0, random.Random(3)).id == expected.id


def test_with_a_margin_ismcts_keeps_the_prior_move_unless_clearly_beaten() -> None:
    """margin: an unreachable margin keeps the prior's move (here: the last legal action, a poor
    one); with no margin the most visited move is played instead."""
    a, _ = _zoo_twins()

    def last(state: alaka.State, seat: int, rng: random.Random) -> alaka.Action:
        return state.legal_actions()[-1]

    kept = ISMCTSBot(iterations=200, prior=last, margin=1e9).act(a, 0, random.Random(4))
    assert kept == a.legal_actions()[-1]
    free = ISMCTSBot(iterations=200, prior=last, margin=0.0)
    played = free.act(a, 0, random.Random(4))
    assert played.name == max(free.last.root_visits, key=free.last.root_visits.__getitem__)
    assert played != kept
    # The search says why: the prior's move and each root action's mean return.
    assert free.last.prior == kept.name
    assert set(free.last.root_means) == set(free.last.root_visits)
    assert all(0.0 <= mean <= 1.0 for mean in free.last.root_means.values())


def test_levels_limits_how_deep_the_tree_branches() -> None:
    """levels=1: only the root's actions are searched (the prior is asked once, at the root);
    without a limit the tree grows below the root and asks the prior at every new node."""
    a, _ = _zoo_twins()
    calls = []

    def counted(state: alaka.State, seat: int, rng: random.Random) -> alaka.Action:
        calls.append(seat)
        return state.legal_actions()[0]

    ISMCTSBot(iterations=100, prior=counted, bias=1.0, levels=1).act(a, 0, random.Random(2))
    assert len(calls) == 1
    calls.clear()
    ISMCTSBot(iterations=100, prior=counted, bias=1.0).act(a, 0, random.Random(2))
    assert len(calls) > 1
    bot = make_bot("ismcts:iterations=30,levels=1", "alakazoo")
    assert isinstance(bot, ISMCTSBot) and bot.levels == 1


def test_halving_takes_the_display_that_wins_the_game() -> None:
    bot = ISMCTSBot(iterations=200, root="halving")
    assert bot.act(_last_game_display_position(), 0, random.Random(0)).name == "display:griffin:tail"


def test_halving_spends_its_budget_in_rounds_that_halve_the_actions() -> None:
    """k actions: ceil(log2 k) rounds; an action dropped early was played on fewer worlds than
    the ones kept, the survivors on the most, and no more simulations than the budget."""
    a, _ = _zoo_twins()
    legal = a.legal_actions()
    assert len(legal) >= 4
    bot = ISMCTSBot(iterations=400, root="halving")
    bot.act(a, 0, random.Random(1))
    worlds = sorted(bot.last.root_visits.values(), reverse=True)
    assert len(worlds) == len(legal)
    assert bot.last.iterations == sum(worlds) <= 400
    assert worlds[0] == worlds[1] > worlds[-1] >= 1
    assert len(set(worlds)) >= 2


def test_halving_is_deterministic_given_its_seed_and_does_not_touch_the_state() -> None:
    a, _ = _zoo_twins()
    before = json.dumps(a.view(None))
    spec = "ismcts:iterations=120,rollout=heuristic,depth=10,root=halving"
    first = make_bot(spec, "alakazoo").act(a, 0, random.Random(5))
    second = make_bot(spec, "alakazoo").act(a, 0, random.Random(5))
    assert first == second
    assert json.dumps(a.view(None)) == before


def test_halving_keeps_the_prior_move_unless_clearly_beaten() -> None:
    """The prior's move survives every round; an unreachable margin then keeps it."""
    a, _ = _zoo_twins()

    def last(state: alaka.State, seat: int, rng: random.Random) -> alaka.Action:
        return state.legal_actions()[-1]

    bot = ISMCTSBot(iterations=300, prior=last, margin=1e9, root="halving")
    assert bot.act(a, 0, random.Random(4)) == a.legal_actions()[-1]
    assert bot.last.root_visits[a.legal_actions()[-1].name] == max(bot.last.root_visits.values())


def test_paired_differences_see_what_independent_means_cannot() -> None:
    """Why halving pairs its simulations: two actions whose returns swing together from world to
    world, one always 0.02 better. The paired test sees it from a handful of worlds."""
    from alaka.bots.ismcts import _paired_better

    rng = random.Random(0)
    worlds = [rng.random() * 0.9 for _ in range(8)]
    better = [w + 0.02 for w in worlds]
    assert _paired_better(better, worlds, margin=3.0)
    assert not _paired_better(worlds, better, margin=0.0)


def test_root_option_parses_and_refuses_unknown_modes() -> None:
    bot = make_bot("ismcts:iterations=30,root=halving", "alakazoo")
    assert isinstance(bot, ISMCTSBot) and bot.root == "halving"
    with pytest.raises(BotSpecError, match="root is 'tree' or 'halving'"):
        make_bot("ismcts:root=widest", "alakazoo")


def _end_without_display(state: alaka.State, seat: int, rng: random.Random) -> alaka.Action:
    """A poor prior for the last-turn position: end the turn instead of the winning display."""
    ending = [a for a in state.legal_actions() if a.name == "end"]
    return ending[0] if ending else state.legal_actions()[0]


def test_verify_plays_the_trees_choice_when_paired_simulations_confirm_it() -> None:
    """verify=0.4 of 100 iterations: the tree spends 60 and finds the winning display against
    a prior that ends the turn; the remaining 40 simulations (20 worlds, both moves on each)
    confirm it, so the display is played and the budget is spent exactly. (Rollouts stop after
    one decision, so ending the turn scores a neutral guess against the display's sure win.)"""
    bot = ISMCTSBot(iterations=100, depth=1, prior=_end_without_display, verify=0.4, margin=2.0)
    assert bot.act(_last_game_display_position(), 0, random.Random(1)).name == "display:griffin:tail"
    assert bot.last.iterations == 100
    assert sum(bot.last.root_visits.values()) == 60


def test_verify_keeps_the_prior_move_without_paired_evidence() -> None:
    """The same search with an unreachable margin: the paired check cannot confirm the tree's
    choice, so the prior's move stands (and the check ran: the whole budget was spent)."""
    bot = ISMCTSBot(iterations=100, depth=1, prior=_end_without_display, verify=0.4, margin=1e9)
    assert bot.act(_last_game_display_position(), 0, random.Random(1)).name == "end"
    assert bot.last.iterations == 100


def test_check_always_weighs_the_runner_up_when_the_tree_follows_the_prior() -> None:
    """A huge progressive bias keeps the tree on the prior's poor move (ending the turn), so the
    tree agrees with the prior. With the default ``check=disagree`` nothing is checked and the
    kept-back budget stays unspent; with ``check=always`` the runner-up (the winning display)
    is played against the prior's move on paired worlds and wins there, so it is played."""
    for check, move, spent in (("disagree", "end", 60), ("always", "display:griffin:tail", 100)):
        bot = ISMCTSBot(
            iterations=100,
            depth=1,
            prior=_end_without_display,
            bias=1000,
            verify=0.4,
            margin=2.0,
            check=check,
        )
        assert bot.act(_last_game_display_position(), 0, random.Random(1)).name == move
        assert bot.last.root_visits["end"] > bot.last.root_visits["display:griffin:tail"]
        assert bot.last.iterations == spent


def test_check_option_parses_and_refuses_unknown_modes() -> None:
    bot = make_bot("ismcts:iterations=30,verify=0.2,check=always", "alakazoo")
    assert isinstance(bot, ISMCTSBot) and bot.check == "always"
    with pytest.raises(BotSpecError, match="check is one of disagree, always"):
        make_bot("ismcts:verify=0.2,check=sometimes", "alakazoo")


def test_verify_option_parses_and_refuses_shares_outside_the_budget() -> None:
    bot = make_bot("ismcts:iterations=30,verify=0.2,margin=1", "alakazoo")
    assert isinstance(bot, ISMCTSBot) and bot.verify == 0.2 and bot.prior is not None
    with pytest.raises(BotSpecError, match="verify is a share of the budget"):
        make_bot("ismcts:verify=1.5", "alakazoo")


# -- the table's levels (issue 29, item 4) ----------------------------------------------------


@pytest.mark.parametrize("name", ["alakazoo", "alakazum"])
def test_a_games_levels_are_the_ladder_its_entry_declares_and_each_is_a_bot(name: str) -> None:
    levels = bot_levels(name)
    assert [level.spec for level in levels] == list(entry(name).levels)
    assert [level.level for level in levels] == ["Easy", "Medium", "Hard"][: len(levels)]
    assert levels[0].spec == "random" and levels[1].spec == "heuristic"
    for level in levels:
        assert hasattr(make_bot(level.spec, name), "act") and level.help
    # the menu is the same bots with the usual opponent first
    assert bot_menu(name)[0] == default_bot(name) == "heuristic"
    assert sorted(bot_menu(name)) == sorted(level.spec for level in levels)


@pytest.mark.parametrize("name", ["alakazoo", "alakazum"])
def test_every_level_a_table_offers_is_measured_in_docs_bots_md(name: str) -> None:
    """The levels table of docs/bots.md gives, for each level above Easy, the command of its
    match against the level below: a level changed in the entry without measuring it fails here."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    section = docs.split("## Levels", 1)[1].split("\n## ", 1)[0]
    levels = bot_levels(name)
    for lower, upper in itertools.pairwise(levels):
        for players in (2, 4):
            seats = ",".join(s.replace(",", "/") for s in [upper.spec] + [lower.spec] * (players - 1))
            assert f'alaka arena {name} --seats "{seats}"' in section, (upper.level, players)


def test_a_game_that_declares_no_levels_offers_random_play_then_search() -> None:
    assert not entry("guess").levels
    assert [level.spec for level in bot_levels("guess")] == [
        "random",
        "ismcts:iterations=300",
        "ismcts:iterations=1000",
    ]
    assert default_bot("guess") == "random"


def test_a_level_named_on_the_command_line_is_the_tables_bot_at_that_level() -> None:
    from alaka.core.errors import AlakaError
    from alaka.ui.tui.seats import choose_seats

    zoo = alaka.game("alakazoo")
    hard = bot_levels("alakazoo")[2].spec
    assert choose_seats(zoo, "human,Hard,easy", None) == ["human", hard, "random"]
    with pytest.raises(AlakaError, match="levels Easy, Medium, Hard, not 'expert'"):
        choose_seats(zoo, "human,expert", None)
    result = CliRunner().invoke(app, ["arena", "alakazoo", "--seats", "medium,easy", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "random" in result.output


#: What sets up a classic search (a compiled bot has no ``__dict__`` to compare whole).
SEARCH_SETUP = (
    "iterations",
    "seconds",
    "c",
    "depth",
    "rollout",
    "evaluator",
    "opponent_policy",
    "prior",
    "bias",
    "margin",
    "levels",
    "root",
    "verify",
    "check",
)


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_a_bare_ismcts_is_the_strongest_search_measured_and_the_baseline_stays_by_its_spec(game: str) -> None:
    """``ismcts`` is the top of the game's measured ladder (docs/bots.md#levels); a budget or an
    exploration constant adjusts that set-up; ``guide=none`` or a classic parameter starts from
    the plain search (random rollouts to the end), the research baseline."""
    strongest = strongest_search(game)
    assert strongest is not None and strongest == level_specs(game)[-1]
    bare, declared = make_bot("ismcts", game), make_bot(strongest, game)
    assert isinstance(bare, ISMCTSBot) and isinstance(declared, ISMCTSBot)
    assert [getattr(bare, name) for name in SEARCH_SETUP] == [
        getattr(declared, name) for name in SEARCH_SETUP
    ]
    assert bare.rollout is heuristic_for(game).policy and bare.depth > 0 and bare.bias == 1
    quick = make_bot("ismcts:iterations=50,c=0.5", game)
    assert isinstance(quick, ISMCTSBot) and (quick.iterations, quick.c) == (50, 0.5)
    assert (quick.depth, quick.rollout, quick.bias) == (declared.depth, declared.rollout, declared.bias)
    timed = make_bot("ismcts:seconds=0.25", game)
    assert isinstance(timed, ISMCTSBot) and (timed.seconds, timed.iterations) == (0.25, 0)
    for baseline in ("ismcts:guide=none", "ismcts:iterations=50,rollout=random"):
        plain = make_bot(baseline, game)
        assert isinstance(plain, ISMCTSBot)
        assert (plain.rollout, plain.depth, plain.bias, plain.opponent_policy) == (random_policy, 0, 0, None)
    with pytest.raises(BotSpecError, match="guide is 'learned' or 'none'"):
        make_bot("ismcts:guide=strongest", game)


def test_a_game_that_declares_no_strongest_search_keeps_the_plain_one() -> None:
    assert strongest_search("guess") is None
    plain = make_bot("ismcts:iterations=10", "guess")
    assert isinstance(plain, ISMCTSBot) and plain.rollout is random_policy
