"""The one seed rule: every driver plays the same game for a seed, from the start or resumed."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest
from rich.console import Console

import alaka
from alaka.bots.registry import make_bot
from alaka.core.driver import StepRandom, step_rng
from alaka.core.records import game_record
from alaka.sim.arena import match_plan, run_match
from alaka.sim.runs import game_seed
from alaka.ui.tui.session import PlaySession, new_game, resume_game

SEATS = ["heuristic", "random", "heuristic"]


def played(game: str, seed: int, seats: list[str] = SEATS) -> dict[str, object]:
    state = alaka.game(game).new_initial_state(len(seats))
    bots = [make_bot(spec, game) for spec in seats]
    return game_record(alaka.play(state, bots, seed=seed), seats=seats, seed=seed)


def unattended(setup_path: Path, session_setup: object) -> dict[str, object]:
    def no_person(prompt: str) -> str:
        raise AssertionError("no person sits at this table")

    console = Console(file=io.StringIO(), width=120, color_system=None)
    PlaySession(session_setup, console, no_person).run()  # type: ignore[arg-type]
    record: dict[str, object] = json.loads(setup_path.read_text())
    return record


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_the_library_the_arena_and_the_terminal_play_the_same_game_for_a_seed(
    game: str, tmp_path: Path
) -> None:
    # The arena seeds its game 0 from the match's seed as the simulator does; the game's own
    # seed (in its record) then plays the same game through every other driver.
    plan = match_plan(alaka.game(game), SEATS, 1, seed=11)
    seed = game_seed(11, 0, plan.configurations[0])
    arena = next(run_match(game, SEATS, 1, seed=11))
    assert arena.record["seats"] == SEATS and arena.record["seed"] == seed
    expected = played(game, seed=seed)
    assert arena.record["actions"] == expected["actions"]

    path = tmp_path / "game.json"
    setup = new_game(alaka.game(game), seats_text=",".join(SEATS), seed=seed, record=str(path))
    terminal = unattended(path, setup)
    assert terminal["actions"] == expected["actions"]


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_a_game_resumed_after_any_step_goes_on_as_it_would_have(game: str, tmp_path: Path) -> None:
    expected = played(game, seed=23)
    actions = expected["actions"]
    assert isinstance(actions, list)
    for cut in (1, len(actions) // 3, len(actions) - 1):
        # From the library: replay the first steps, then play on with fresh bots.
        state = alaka.replay({**expected, "actions": actions[:cut]})
        bots = [make_bot(spec, game) for spec in SEATS]
        assert alaka.play(state, bots, seed=23).record()["actions"] == actions

        # From the terminal: a record saved after ``cut`` steps, resumed with --resume.
        path = tmp_path / f"cut-{cut}.json"
        path.write_text(json.dumps({**expected, "actions": actions[:cut]}))
        assert unattended(path, resume_game(str(path)))["actions"] == actions


def test_seeds_of_any_size_give_their_own_games() -> None:
    big = played("alakazoo", seed=2**128 + 1)["actions"]
    assert big == played("alakazoo", seed=2**128 + 1)["actions"]
    assert big != played("alakazoo", seed=1)["actions"]
    with pytest.raises(ValueError, match="non-negative integer"):
        StepRandom(-1)


def test_a_steps_randomness_does_not_depend_on_what_earlier_steps_drew() -> None:
    fresh = [step_rng(5, 40).random() for _ in range(1)] + [step_rng(5, 41).randrange(1000)]
    rng = StepRandom(5)
    rng.at(40)
    first = rng.random()
    for _ in range(500):  # a search bot draws far more than the fast stream holds
        rng.random()
    rng.at(41)
    assert [first, rng.randrange(1000)] == fresh
    # A long run of draws is itself reproducible, past the switch to the Mersenne Twister.
    a, b = step_rng(9, 3), step_rng(9, 3)
    assert [a.random() for _ in range(50)] == [b.random() for _ in range(50)]
    assert [a.getrandbits(100) for _ in range(5)] == [b.getrandbits(100) for _ in range(5)]


def test_step_streams_look_uniform() -> None:
    """A sanity check of the generator: die faces over many steps are near 1/6 each, and the
    first draws of neighbouring steps are not correlated."""
    rng = StepRandom(2024)
    counts = [0] * 6
    firsts = []
    for step in range(60_000):
        rng.at(step)
        counts[rng.randrange(6)] += 1
        firsts.append(rng.random())
    expected = 10_000
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 20.5  # the 99.9% point of chi-squared with 5 degrees of freedom
    mean = sum(firsts) / len(firsts)
    lagged = sum((x - mean) * (y - mean) for x, y in itertools.pairwise(firsts))
    spread = sum((x - mean) ** 2 for x in firsts)
    assert abs(lagged / spread) < 0.02


def test_a_step_generator_cannot_be_reseeded_or_saved() -> None:
    rng = StepRandom(3)
    with pytest.raises(TypeError, match="seeded once"):
        rng.seed(4)
    with pytest.raises(TypeError, match="no state"):
        rng.getstate()


def test_a_step_generator_pickles_to_where_it_was() -> None:
    """Bots think in worker processes: the generator they are handed goes on as the original."""
    import pickle

    rng = StepRandom(2**130 + 5).at(77)
    rng.random()
    copy = pickle.loads(pickle.dumps(rng))
    assert [copy.random() for _ in range(3)] == [rng.random() for _ in range(3)]
    for _ in range(20):  # past the fast draws: the Mersenne Twister's state travels too
        rng.random()
    copy = pickle.loads(pickle.dumps(rng))
    assert [copy.getrandbits(80) for _ in range(3)] == [rng.getrandbits(80) for _ in range(3)]
