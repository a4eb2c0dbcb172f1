"""The game review (issue 21): each decision of a seat rated by a search from what that seat
could see; the costliest ones named with what was better."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import alaka
from alaka.bots.registry import make_bot
from alaka.bots.review import ReviewError, rate, review_game
from alaka.cli import app
from alaka.core.records import replay_states
from waits import PATIENCE


def _played(game: str, players: int, seed: int) -> alaka.State:
    state = alaka.game(game).new_initial_state(num_players=players)
    bots = [make_bot("random", game)] + [make_bot("heuristic", game)] * (players - 1)
    return alaka.play(state, bots, seed=seed)


@pytest.fixture(scope="module")
def zoo() -> alaka.State:
    return _played("alakazoo", 2, seed=4)


def test_every_decision_with_a_choice_is_rated_and_the_chosen_move_is_among_them(zoo: alaka.State) -> None:
    review = review_game(zoo.record(), 0, iterations=24)
    states = list(replay_states(zoo.record()))
    asked = [k for k, s in enumerate(states[:-1]) if s.current_player() == 0 and len(s.legal_actions()) > 1]
    assert [d.step for d in review.decisions] == asked
    for d in review.decisions:
        assert d.chosen.action == zoo.record()["actions"][d.step]
        assert {r.action for r in d.choices} == {a.name for a in states[d.step].legal_actions()}
        assert d.best == d.choices[0] and all(0.0 <= r.win <= 1.0 for r in d.choices)
        assert d.loss == pytest.approx(max(0.0, d.best.win - d.chosen.win))
    # a random player gives away win chance somewhere, and the review names where
    assert review.costly() and review.costly()[0].loss >= max(d.loss for d in review.decisions) - 1e-9
    assert json.loads(json.dumps(review.json()))["seat"] == 0


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_a_rating_judges_only_with_what_the_seat_could_see(game: str) -> None:
    """A position that differs from the real one only in what the seat cannot see (a resample:
    other hands, the deck) gets exactly the same ratings: nothing hidden steers the review."""
    final = _played(game, 3, seed=2)
    states = list(replay_states(final.record()))
    checked = 0
    for state in states[5:-1]:
        seat = state.current_player()
        if seat < 0 or len(state.legal_actions()) < 2:
            continue
        twin = state.resample(seat, random.Random(checked))
        assert twin.view(seat, log_since=None) == state.view(seat, log_since=None)
        assert rate(twin, seat, iterations=12, seed=1) == rate(state, seat, iterations=12, seed=1)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_a_seat_the_game_did_not_have_is_one_clear_error(zoo: alaka.State) -> None:
    with pytest.raises(ReviewError, match="there is no seat 5; this game had 2 players"):
        review_game(zoo.record(), 4, iterations=8)


def test_alaka_review_names_the_costly_decisions(zoo: alaka.State, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(zoo.record()))
    result = CliRunner().invoke(app, ["review", str(path), "--seat", "1", "--iterations", "16", "--top", "3"])
    assert result.exit_code == 0, result.output
    assert "Review of Player 1's decisions in Alakazoo" in result.output
    assert "better:" in result.output
    command = [sys.executable, "-m", "alaka", "review", str(path), "--seat", "3", "--iterations", "8"]
    bad = subprocess.run(command, capture_output=True, text=True, timeout=PATIENCE)
    assert bad.returncode == 2 and "there is no seat 3" in bad.stderr and "Traceback" not in bad.stderr
