"""The learned evaluator and the bots that use it: what they read, that they are repeatable, and
how they fail (issue 29). A small network with random weights stands in for trained ones where
the test is about the machinery; the shipped weights are loaded where the test is about them."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import alaka
from alaka.bots.guided import GuidedSearchBot
from alaka.bots.ismcts import ISMCTSBot
from alaka.bots.learned import (
    LearnedBot,
    LearnedModel,
    Network,
    WeightsError,
    model_for,
    read_weights,
    write_weights,
)
from alaka.bots.registry import BotSpecError, bot_names, make_bot
from alaka.core.protocol import CHANCE, TERMINAL, State
from alaka.core.registry import entry

GAMES = ["alakazoo", "alakazum"]


def random_weights(path: Path, game: str, hidden: int = 16, seed: int = 0, hint: bool = False) -> Path:
    """A weights file of the right shapes for ``game``, with random numbers in it (reading the
    heuristic's suggestion too, with ``hint``)."""
    encoding = entry(game).load_part("encoding").encoding(alaka.game(game).min_players)
    rng = np.random.default_rng(seed)
    inputs = encoding.observation_size + (encoding.num_actions if hint else 0)
    shapes = {
        "trunk.0.weight": (hidden, inputs),
        "trunk.0.bias": (hidden,),
        "policy.weight": (encoding.num_actions, hidden),
        "policy.bias": (encoding.num_actions,),
        "value.weight": (alaka.game(game).max_players, hidden),
        "value.bias": (alaka.game(game).max_players,),
    }
    arrays = {name: rng.normal(0, 0.5, shape) for name, shape in shapes.items()}
    write_weights(path, arrays, {"game": game, "layers": 1, "hidden": hidden, "hint": hint})
    return path


def decision_points(game: str, players: int, seed: int, count: int) -> list[State]:
    """Positions with a real choice, from random play."""
    rng = random.Random(seed)
    state = alaka.game(game).new_initial_state(players)
    found: list[State] = []
    while len(found) < count and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        state.apply_action(rng.choice(legal))
    return found


@pytest.mark.parametrize("hint", [False, True], ids=["view", "view+hint"])
@pytest.mark.parametrize("game", GAMES)
def test_positions_that_differ_only_in_hidden_cards_get_the_same_policy_and_value(
    game: str, hint: bool, tmp_path: Path
) -> None:
    """The network reads a seat's view only (and the heuristic's suggestion made from it):
    dealing everything the seat cannot see again (``resample``) changes neither the policy nor
    the value it gives that seat."""
    model = LearnedModel(game, read_weights(random_weights(tmp_path / "w.npz", game, hint=hint)), "test")
    rng = random.Random(3)
    checked = 0
    for players in (2, 4):
        for state in decision_points(game, players, seed=players, count=25):
            seat = state.current_player()
            guess = model.guess(state, seat)
            for _ in range(2):
                other = state.resample(seat, rng)
                assert other.view(seat, log_since=None) == state.view(seat, log_since=None)
                again = model.guess(other, seat)
                assert again.policy == guess.policy and again.values == guess.values
                checked += 1
    assert checked == 100
    if hint:  # the suggestion is there, one-hot, at a legal action
        state = decision_points(game, 2, seed=7, count=1)[0]
        tail = model.features(state, state.current_player())[-model.network.actions :]
        assert sum(tail) == 1.0 and tail.index(1.0) in {a.id for a in state.legal_actions()}


@pytest.mark.parametrize("game", GAMES)
def test_the_policy_covers_the_legal_actions_and_the_values_are_win_shares(game: str, tmp_path: Path) -> None:
    model = LearnedModel(game, read_weights(random_weights(tmp_path / "w.npz", game)), "test")
    for state in decision_points(game, 3, seed=1, count=10):
        guess = model.guess(state, state.current_player())
        assert set(guess.policy) == {a.id for a in state.legal_actions()}
        assert sum(guess.policy.values()) == pytest.approx(1.0, abs=1e-5)
        assert len(guess.values) == 3 and sum(guess.values) == pytest.approx(1.0, abs=1e-5)


def test_weights_round_trip_through_the_file_format(tmp_path: Path) -> None:
    path = random_weights(tmp_path / "w.npz", "alakazoo", hidden=8, seed=5)
    network = read_weights(path)
    assert (network.inputs, network.seats) == (1267, 4) and network.meta["game"] == "alakazoo"
    x = np.zeros((2, network.inputs), dtype=np.float32)
    x[1, :10] = 1.0
    policy, value = network.forward(x)
    assert policy.shape == (2, network.actions) and value.shape == (2, 4)
    assert not np.allclose(policy[0], policy[1])
    one_policy, one_value = network.forward(x[1:2])  # one position: the sparse first layer
    assert np.allclose(one_policy[0], policy[1], atol=1e-5) and np.allclose(one_value[0], value[1], atol=1e-5)


def test_a_file_that_is_not_weights_is_refused_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(WeightsError, match=r"bad\.npz"):
        read_weights(bad)
    with pytest.raises(BotSpecError, match=r"bad\.npz"):
        make_bot(f"learned:weights={bad}", "alakazoo")
    with pytest.raises(BotSpecError, match="no weights file"):
        make_bot(f"learned:weights={tmp_path / 'missing.npz'}", "alakazoo")


def test_weights_of_one_game_are_refused_for_another(tmp_path: Path) -> None:
    path = random_weights(tmp_path / "zoo.npz", "alakazoo")
    with pytest.raises(BotSpecError, match="trained for alakazoo"):
        make_bot(f"learned:weights={path}", "alakazum")


@pytest.mark.parametrize("game", GAMES)
def test_the_learned_bot_replays_a_seeded_game_exactly(game: str, tmp_path: Path) -> None:
    """Inference is deterministic, and a temperature draws from the injected generator only."""
    path = random_weights(tmp_path / "w.npz", game)
    for spec in (f"learned:weights={path}", f"learned:weights={path},temperature=1"):
        finals = [
            alaka.play(
                alaka.game(game).new_initial_state(2), [make_bot(spec, game), alaka.RandomBot()], seed=9
            )
            for _ in range(2)
        ]
        assert finals[0].history == finals[1].history
        assert finals[0].is_terminal()


def test_a_game_without_weights_offers_no_learned_bot_and_says_why() -> None:
    assert "learned" not in bot_names("guess")
    with pytest.raises(BotSpecError, match="has no learned weights"):
        make_bot("learned", "guess")
    assert isinstance(make_bot("ismcts:iterations=10", "guess"), ISMCTSBot)  # it plays without them


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_weights_load_and_play(game: str) -> None:
    """Each game ships its weights (in both builds: this runs on the compiled one too)."""
    assert entry(game).has_learned
    model = model_for(game)
    assert isinstance(model.network, Network) and model.network.meta["game"] == game
    assert model.network.meta.get("command", "").startswith("alaka train")
    state = decision_points(game, 2, seed=4, count=1)[0]
    bot = make_bot("learned", game)
    assert isinstance(bot, LearnedBot)
    assert bot.act(state, state.current_player(), random.Random(0)) in state.legal_actions()


def test_ismcts_is_guided_by_the_network_when_the_spec_asks_for_it(tmp_path: Path) -> None:
    path = random_weights(tmp_path / "w.npz", "alakazoo")
    assert isinstance(make_bot(f"ismcts:weights={path}", "alakazoo"), GuidedSearchBot)
    assert isinstance(make_bot("ismcts:guide=learned", "alakazoo"), GuidedSearchBot)  # the shipped weights
    assert isinstance(make_bot("ismcts:noise=0.25", "alakazoo"), GuidedSearchBot)
    assert isinstance(make_bot("ismcts:guide=none", "alakazoo"), ISMCTSBot)  # random rollouts
    classic = make_bot("ismcts:iterations=50,rollout=heuristic,depth=30,bias=1", "alakazoo")
    assert isinstance(classic, ISMCTSBot)
    with pytest.raises(BotSpecError, match="goes with guide=learned"):
        make_bot(f"ismcts:guide=none,weights={path}", "alakazoo")
    with pytest.raises(BotSpecError, match="no parameter 'depth'"):
        make_bot("ismcts:guide=learned,depth=3", "alakazoo")


@pytest.mark.parametrize("game", GAMES)
def test_guided_search_spends_its_budget_and_repeats_itself(game: str, tmp_path: Path) -> None:
    path = random_weights(tmp_path / "w.npz", game)
    state = decision_points(game, 3, seed=2, count=1)[0]
    seat = state.current_player()
    chosen = []
    for _ in range(2):
        bot = make_bot(f"ismcts:weights={path},iterations=40", game)
        assert isinstance(bot, GuidedSearchBot)
        chosen.append(bot.act(state, seat, random.Random(11)))
        assert bot.last.iterations == 40 and sum(bot.last.visits.values()) == 40
        assert set(bot.last.visits) <= {a.id for a in state.legal_actions()}
    assert chosen[0] == chosen[1]
    assert state.current_player() == seat  # the search played on copies


def test_guided_search_plays_whole_games_at_every_count(tmp_path: Path) -> None:
    for game in GAMES:
        path = random_weights(tmp_path / f"{game}.npz", game)
        g = alaka.game(game)
        for players in (g.min_players, g.max_players):
            bots = [make_bot(f"ismcts:weights={path},iterations=3", game) for _ in range(players)]
            final = alaka.play(g.new_initial_state(players), bots, seed=players)
            assert final.current_player() == TERMINAL


def test_a_typed_spec_parts_parameters_with_slashes_but_keeps_a_path_whole() -> None:
    from alaka.bots.registry import typed_spec

    assert typed_spec("ismcts:iterations=500/c=0.5") == "ismcts:iterations=500,c=0.5"
    assert typed_spec("learned:weights=/tmp/run/best.npz") == "learned:weights=/tmp/run/best.npz"
    assert typed_spec("ismcts:weights=/tmp/a.npz/iterations=9") == "ismcts:weights=/tmp/a.npz,iterations=9"
