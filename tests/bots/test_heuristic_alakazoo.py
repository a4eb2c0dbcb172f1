"""The Alakazoo heuristic: always legal, deterministic, plays like a decent human, evaluates sanely.

Board 1 (Griffin) has its red runes on left-ear/1, right-hand/1 and tail/1; its head runes are
green and blue. Board 2 shows the Kraken.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import alaka
from alaka.bots.registry import make_bot
from alaka.core.protocol import CHANCE, TERMINAL, Action
from alaka.games.alakazoo import heuristic as H
from alaka.games.alakazoo import rules as R
from alaka.games.alakazoo.actions import ROLL, ZooAction
from alaka.games.alakazoo.events import NoAction, TurnStarted

ZOO = alaka.game("alakazoo")
TYPES = ("left ear", "head", "right ear", "left hand", "body", "right hand", "left leg", "tail", "right leg")

DECISION_PHASES = {
    R.PH_BOARD,
    R.PH_ACTION,
    R.PH_RESOLVE,
    R.PH_TOKENS_OVER,
    R.PH_CARDS_OVER,
    R.PH_REDRAW,
    R.PH_HELPER_AT,
    R.PH_HELPER_RULE,
    R.PH_HELPER_TARGET,
    R.PH_DISPLAY,
}


def _snapshot(s: Any) -> tuple[Any, ...]:
    """Everything a policy could wrongly change."""
    return (
        s.phase,
        s.player,
        [h[:] for h in s.hands],
        s.runes[:],
        s.stored[:],
        [e[:] for e in s.elements],
        [c[:] for c in s.columns],
        s.deck[:],
        s.discard[:],
        s.points[:],
        s.dark[:],
        s.pending[:],
        s.helper[:],
        s.seen[:],
        s.first_types,
        len(s.log),
        len(s.history),
    )


def _drive(players: int, seed: int, seat: int, explore: float, phases: set[int] | None = None) -> Any:
    """A game: the heuristic decides for ``seat`` (checked legal every time), random for others.

    With ``explore`` > 0 the heuristic seat sometimes plays a random move instead (after the
    policy was asked), so the policy also meets positions it would not steer into itself.
    """
    rng = random.Random(seed)
    policy_rng = random.Random(seed + 1)
    state = ZOO.new_initial_state(players)
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if player == seat:
            before = _snapshot(state)
            action = H.policy(state, seat, policy_rng)
            assert action in legal, (action.name, [a.name for a in legal])
            assert _snapshot(state) == before, "the policy changed the state"
            if phases is not None:
                phases.add(state.phase)
            if explore and rng.random() < explore:
                action = legal[rng.randrange(len(legal))]
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("explore", [0.0, 0.3])
def test_the_policy_is_legal_at_every_decision(players: int, explore: float) -> None:
    for seed in range(12):
        final = _drive(players, 1000 * players + seed, seed % players, explore)
        assert final.is_terminal() and not final.truncated


def test_every_decision_phase_is_met_and_handled() -> None:
    phases: set[int] = set()
    for seed in range(60):
        _drive(2 + seed % 3, seed, seed % 2, 0.3, phases)
    assert phases == DECISION_PHASES


def test_the_policy_is_deterministic_for_an_rng_seed() -> None:
    def choices(seed: int) -> list[str]:
        state = ZOO.new_initial_state(3)
        chance = random.Random(7)
        rng = random.Random(seed)
        out = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(chance))
                continue
            action = H.policy(state, state.current_player(), rng)
            out.append(action.name)
            state.apply_action(action)
        return out

    assert choices(5) == choices(5)


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_bot_plays_whole_games_deterministically(players: int) -> None:
    def game(seed: int) -> list[int]:
        bots = [make_bot("heuristic", "alakazoo")] + [make_bot("random", "alakazoo")] * (players - 1)
        return alaka.play(ZOO.new_initial_state(players), bots, seed=seed).history

    assert game(11) == game(11)


# -- behaviour ---------------------------------------------------------------------------------


def _choose(spec: dict[str, Any], seeds: range = range(5)) -> set[str]:
    """What the policy picks for the seat to play, over a few RNG seeds."""
    picks = set()
    for seed in seeds:
        state = ZOO.scenario(spec)
        before = _snapshot(state)
        picks.add(H.policy(state, state.current_player(), random.Random(seed)).name)
        assert _snapshot(state) == before
    return picks


def test_it_displays_an_element_when_it_can() -> None:
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": ["Griffin head", "Kraken tail"], "runes": ["head/1", "head/2"]}, {}],
        "phase": "display",
    }
    assert _choose(spec) == {"display:griffin:head"}


def test_it_displays_the_more_valuable_element_first() -> None:
    """Two heads fit: the own creature's (Griffin on board 1) scores one more point than the
    Chimera's (on no board in play)."""
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": ["Chimera head", "Griffin head"], "runes": ["head/1", "head/2"]}, {}],
        "phase": "display",
    }
    assert _choose(spec) == {"display:griffin:head"}


def test_it_takes_a_column_full_of_cards_it_needs_rather_than_roll() -> None:
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": []}, {}],
        "columns": [
            ["Kraken tail"],
            ["Griffin head", "Griffin body", "Griffin tail"],
            ["Kraken left ear"],
            [],
        ],
    }
    assert _choose(spec) == {"take:2"}


def test_it_rolls_when_its_hand_is_ready_and_the_columns_hold_nothing_for_it() -> None:
    spec = {
        "boards": [1, 2],
        "seats": [
            {
                "hand": ["Griffin head", "Griffin body", "Griffin tail", "Griffin left leg"],
                "elements": {"left ear": "Griffin left ear"},
            },
            {},
        ],
        "columns": [["Kraken left ear"], ["Unicorn left ear"], [], []],
    }
    assert all(name.startswith("roll:") for name in _choose(spec))


def test_it_places_a_rolled_colour_on_the_rune_of_a_space_whose_card_it_holds() -> None:
    """Red fits left-ear/1, right-hand/1 or tail/1; only the tail card is in hand."""
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": ["Kraken tail"]}, {}],
        "phase": "resolve",
        "dice": ["red"],
    }
    assert _choose(spec) == {"place:red:tail/1"}


def test_it_places_a_rainbow_to_complete_a_space_it_can_display() -> None:
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": ["Griffin head", "Kraken tail"], "runes": ["head/1", "tail/1"]}, {}],
        "phase": "resolve",
        "dice": ["rainbow"],
    }
    assert _choose(spec) == {"place:rainbow:head/2"}


def _rolls_past_limit(picks: set[str], spec: dict[str, Any]) -> list[str]:
    state = ZOO.scenario(spec)
    room = R.MAX_TOKENS - R.tokens_held(state, state.current_player())
    out = []
    for name in picks:
        action = state.action_from_string(name)
        assert isinstance(action, ZooAction)
        if action.kind == ROLL and action.arg.bit_count() > room:
            out.append(name)
    return out


EARS = ["left-ear/1", "left-ear/2", "right-ear/1", "right-ear/2"]


@pytest.mark.parametrize(
    ("runes", "stored"),
    [
        (EARS, 1),  # 5 held: one die at most
        ([*EARS, "left-leg/1"], 1),  # 6 held
        (EARS, 2),  # 6 held, 2 of them stored
        (["head/1", "body/1", "tail/1", "left-leg/1"], 2),  # 6 held, on spaces it has no card for
    ],
)
def test_it_avoids_going_over_six_tokens(runes: list[str], stored: int) -> None:
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": ["Kraken left ear"], "runes": runes, "stored": stored}, {}],
        "columns": [["Kraken tail"], ["Unicorn left hand"], [], []],
    }
    picks = _choose(spec, range(10))
    assert not _rolls_past_limit(picks, spec), picks


def test_it_rolls_fewer_dice_near_the_token_limit() -> None:
    def dice(runes: list[str]) -> set[int]:
        spec = {
            "boards": [1, 2],
            "seats": [{"hand": ["Griffin head", "Griffin body"], "runes": runes}, {}],
            "columns": [["Kraken tail"], ["Unicorn left hand"], [], []],
        }
        state = ZOO.scenario(spec)
        out = set()
        for name in _choose(spec):
            action = state.action_from_string(name)
            assert isinstance(action, ZooAction) and action.kind == ROLL
            out.add(action.arg.bit_count())
        return out

    assert dice([]) == {3}
    assert max(dice(EARS)) < 3


def test_it_discards_the_least_useful_card_when_over_four() -> None:
    """Taking a column of two makes five cards: the spare is the one for a filled space."""
    spec = {
        "boards": [1, 2],
        "seats": [
            {
                "hand": ["Griffin head", "Griffin body", "Griffin tail"],
                "elements": {"left ear": "Griffin left ear"},
                "runes": ["head/1"],
            },
            {},
        ],
        "columns": [["Kraken left ear", "Griffin right leg"], [], [], []],
    }
    state = ZOO.scenario(spec)
    state.apply("take:1")
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.phase == R.PH_CARDS_OVER
    assert H.policy(state, 0, random.Random(0)).name == "discard:kraken:left-ear"


def test_it_returns_its_least_useful_token_when_over_six() -> None:
    spec = {
        "boards": [1, 2],
        "seats": [
            {
                "hand": ["Griffin head"],
                "runes": ["head/1", "left-ear/1", "left-ear/2", "right-ear/1", "right-ear/2"],
                "stored": 1,
            },
            {},
        ],
        "phase": "resolve",
        "dice": ["rainbow"],
    }
    state = ZOO.scenario(spec)
    state.apply("place:rainbow:head/2")
    assert state.phase == R.PH_TOKENS_OVER
    choice = H.policy(state, 0, random.Random(0)).name
    assert choice not in ("return:head/1", "return:head/2")


def test_it_uses_the_helper_to_swap_a_useless_card_for_a_needed_column_card() -> None:
    """Four cards, one useless (its space is filled), 6 tokens, 2 Dark Power: the Helper fetches
    the tail (taking the column would bring the third Dark Power and lose the next turn)."""
    spec = {
        "boards": [1, 2],
        "seats": [
            {
                "hand": ["Griffin head", "Griffin body", "Griffin right leg", "Kraken left ear"],
                "elements": {"left ear": "Griffin left ear"},
                "runes": ["tail/1", "tail/2", "head/1", "body/1", "right-leg/1"],
                "stored": 1,
                "dark_power": 2,
            },
            {},
        ],
        "columns": [["Kraken head", "Kraken body", "Griffin tail"], [], [], []],
    }
    state = ZOO.scenario(spec)
    rng = random.Random(0)
    steps: list[Action] = []
    while state.current_player() == 0 and state.phase != R.PH_DISPLAY:
        action = H.policy(state, 0, rng)
        steps.append(action)
        state.apply_action(action)
    names = [a.name for a in steps]
    assert names[0] == "helper"
    assert "give:kraken:left-ear" in names and "take-card:griffin:tail" in names
    assert H.policy(state, 0, rng).name == "display:griffin:tail"


#: Two Dark Power (the next costs a turn), six tokens on spaces it holds no card for, four
#: cards of creatures on no board in play for spaces without tokens, every type displayed
#: before, nothing it needs in the columns and no stored token: each action brings little and
#: costs the third Dark Power.
STUCK: dict[str, Any] = {
    "boards": [1, 2],
    "seats": [
        {
            "hand": ["Chimera head", "Chimera body", "Unicorn tail", "Unicorn left leg"],
            "runes": ["left-ear/1", "left-ear/2", "right-ear/1", "right-ear/2", "left-hand/1", "left-hand/2"],
            "stored": 0,
            "dark_power": 2,
            "elements": {"right hand": "Griffin right hand", "right leg": "Griffin right leg"},
        },
        {},
    ],
    "columns": [["Unicorn right hand"], ["Chimera right leg"], [], []],
    "first_displays": list(TYPES),
}


def test_it_takes_no_action_when_every_action_costs_and_the_option_allows() -> None:
    assert _choose({**STUCK, "options": {"may_skip_action": True}}) == {"no-action"}
    assert "no-action" not in _choose(STUCK)  # by default it must act


def test_it_does_not_take_no_action_twice_running() -> None:
    """Both players stuck alike would skip for ever: after one turn without an action it acts."""
    spec = {**STUCK, "options": {"may_skip_action": True}}
    state = ZOO.scenario(spec)
    state.apply("no-action")  # player 1's turn without an action; player 2 now plays
    while state.current_player() != 0:
        legal = state.legal_actions()
        state.apply_action(legal[-1] if state.current_player() == 1 else legal[0])
    assert state.hands[0] == ZOO.scenario(spec).hands[0]  # the same stuck position again
    assert H.policy(state, 0, random.Random(0)).name != "no-action"


def test_it_reads_a_turn_without_an_action_from_the_state_as_the_log_tells_it() -> None:
    """What the policy reads (``skipped``, which a search copy keeps too) says, for every seat
    at every step of random games with the option, what the public log says: whether the
    seat's turn before its latest one went without an action."""

    def from_the_log(s: Any, seat: int) -> bool:
        turns_seen = 0
        for event in reversed(s.log):
            if event.actor == seat and isinstance(event, TurnStarted):
                turns_seen += 1
                if turns_seen == 2:
                    return False
            elif event.actor == seat and isinstance(event, NoAction) and turns_seen == 1:
                return True
        return False

    skips = 0
    for seed in range(4):
        state = ZOO.new_initial_state(3, may_skip_action=True)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(3):
                expected = from_the_log(state, seat)
                assert H._took_no_action_last_turn(state, seat) == expected
                skips += expected
            legal = state.legal_actions()
            skip = [a for a in legal if a.name == "no-action"]
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            elif skip and rng.random() < 0.5:  # often, so that turns without an action follow
                state.apply_action(skip[0])
            else:
                state.apply_action(legal[rng.randrange(len(legal))])
    assert skips > 100


def test_it_acts_when_an_action_helps_even_if_it_may_skip() -> None:
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": []}, {}],
        "columns": [["Griffin head", "Griffin body", "Griffin tail"], [], [], []],
        "options": {"may_skip_action": True},
    }
    assert _choose(spec) == {"take:1"}


def test_it_prices_going_over_four_cards_by_the_penalty_option() -> None:
    """A column that puts the hand at 6: one Dark Power by default, two with one_per_excess."""
    spec: dict[str, Any] = {
        "boards": [1, 2],
        "seats": [{"hand": ["Griffin head", "Griffin body", "Griffin tail"]}, {}],
        "columns": [["Griffin left leg", "Griffin right leg", "Griffin left hand"], [], [], []],
    }
    cards = ZOO.scenario(spec).columns[0]
    one = H._Seat(ZOO.scenario(spec), 0).gain_of_cards(cards)
    per_excess = H._Seat(ZOO.scenario({**spec, "options": {"limit_penalty": "one_per_excess"}}), 0)
    assert one - per_excess.gain_of_cards(cards) == pytest.approx(H.DARK_STEP)


def test_it_does_not_use_the_helper_for_nothing() -> None:
    """Nothing to fetch and no swap that scores: the stored token stays."""
    spec = {
        "boards": [1, 2],
        "seats": [{"hand": ["Griffin head"], "stored": 1}, {}],
        "columns": [["Kraken head"], [], [], []],
    }
    assert "helper" not in _choose(spec)


# -- evaluation --------------------------------------------------------------------------------


def test_evaluate_sums_to_one_and_favours_the_seat_with_more_points() -> None:
    spec = {
        "boards": [1, 2, 3],
        "seats": [{"points": 3}, {"points": 9}, {"points": 5}],
    }
    values = H.evaluate(ZOO.scenario(spec))
    assert len(values) == 3
    assert sum(values) == pytest.approx(1.0)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[1] > values[2] > values[0]


def test_evaluate_counts_progress_on_equal_points() -> None:
    ready = {"hand": ["Griffin head"], "runes": ["head/1", "head/2"]}
    values = H.evaluate(ZOO.scenario({"boards": [1, 2], "seats": [ready, {}]}))
    assert values[0] > values[1]


def test_evaluate_is_a_distribution_throughout_games() -> None:
    for seed in range(6):
        state = ZOO.new_initial_state(2 + seed % 3)
        rng = random.Random(seed)
        while not state.is_terminal():
            values = H.evaluate(state)
            assert len(values) == state.num_players
            assert sum(values) == pytest.approx(1.0)
            assert all(0.0 <= v <= 1.0 for v in values)
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(H.policy(state, state.current_player(), rng))


def test_evaluate_gives_the_real_result_at_the_end() -> None:
    bots = [make_bot("heuristic", "alakazoo"), make_bot("random", "alakazoo")]
    final = alaka.play(ZOO.new_initial_state(2), bots, seed=3)
    outcome = final.outcome()
    assert outcome is not None
    values = H.evaluate(final)
    share = 1.0 / len(outcome.winners)
    assert values == tuple(share if q in outcome.winners else 0.0 for q in range(2))


def test_eval_features_read_the_position_as_named() -> None:
    """Seat 0 (to move): a head ready with its card in hand, one token on the tail, its own
    creature's body displayed, 2 points, 2 Dark Power, 3 tokens on runes and 1 stored."""
    seat0 = {
        "hand": ["Griffin head"],
        "runes": ["head/1", "head/2", "tail/1"],
        "elements": {"body": "Griffin body"},
        "points": 2,
        "dark_power": 2,
    }
    state = ZOO.scenario({"boards": [1, 2, 3], "seats": [seat0, {}, {}], "turn_of": 0})
    named = dict(zip(H.EVAL_FEATURES, H.eval_features(state, 0), strict=False))
    assert named["points"] == 2
    assert named["dark"] == 2 and named["dark_near_three"] == 1
    assert named["empty"] == 8 and named["one_empty"] == 0
    assert named["ready_with_card"] == 1 and named["ready_with_card_now"] == 1
    assert named["ready"] == 1 and named["one_token"] == 1 and named["with_card"] == 1
    assert named["hand"] == 1 and named["stored"] == 1 and named["magic_power"] == 4
    assert named["own_creature"] == 1 and named["can_finish"] == 0
    # The place after the player to move: seat 0 moves, seat 2 plays two turns later.
    assert H.eval_features(state, 0)[len(H.EVAL_FEATURES) :] == [0.0, 0.0]
    assert H.eval_features(state, 2)[len(H.EVAL_FEATURES) :] == [0.0, 1.0]
    assert dict(zip(H.EVAL_FEATURES, H.eval_features(state, 2), strict=False))["ready_with_card_now"] == 0


def test_eval_stage_is_the_last_round_or_the_fewest_empty_spaces() -> None:
    types = ZOO.new_initial_state(2).c.element_types
    three = {t.replace(" ", "-"): f"Griffin {t}" for t in types[:3]}
    complete = {t.replace(" ", "-"): f"Kraken {t}" for t in types}
    assert H.eval_stage(ZOO.scenario({"boards": [1, 2], "seats": [{}, {}]})) == H.EVAL_STAGES - 1
    state = ZOO.scenario({"boards": [1, 2], "seats": [{"elements": three}, {}]})
    assert H.eval_stage(state) == 6  # 9 spaces, 3 filled
    last = ZOO.scenario(
        {
            "boards": [1, 2],
            "seats": [{"elements": three}, {"elements": complete}],
            "end_triggered_by": 1,
            "first_player": 1,
            "turn_of": 0,
        }
    )
    assert H.eval_stage(last) == 0


def test_the_shipped_weights_cover_every_player_count_and_stage() -> None:
    weights = H.eval_weights()
    assert sorted(weights) == [2, 3, 4]
    for players, stages in weights.items():
        assert len(stages) == H.EVAL_STAGES
        assert all(len(row) == len(H.EVAL_FEATURES) + players - 1 for row in stages)


def test_evaluate_predicts_self_play_results_better_than_an_even_guess() -> None:
    """On games it was not fitted on (other seeds), its cross-entropy beats log(players) clearly."""
    for players in (2, 4):
        rng = random.Random(90 + players)
        loss = 0.0
        count = 0
        for _ in range(12):
            state = ZOO.new_initial_state(players)
            seen: list[tuple[float, ...]] = []
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                    continue
                if all(b >= 0 for b in state.board) and rng.random() < 0.2:
                    seen.append(H.evaluate(state))
                state.apply_action(H.policy(state, state.current_player(), rng))
            shares = H.evaluate(state)
            for guess in seen:
                loss -= sum(y * math.log(max(p, 1e-9)) for y, p in zip(shares, guess, strict=True))
            count += len(seen)
        assert loss / count < 0.85 * math.log(players)
