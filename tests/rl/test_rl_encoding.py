"""The games' encodings: fixed-size tensors of a seat's view, their layouts and the action mask.

The tensors are built from ``view(seat)`` alone, so two positions a seat cannot tell apart must
give it the same tensors and mask; and they must really read the view (a seat's own hand shows,
another seat's does not), or the first property would hold for a useless encoding.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rl_helpers import GAME_COUNTS, random_game, random_position

import alaka
from alaka.core.encoding import EncodingError, Section, ViewEncoding, multi_hot
from alaka.rl.encoding import LogCursor, encoded_games, for_game, recent_view

NAMES = list(encoded_games())  # the games with an observation encoding


def encoding_of(name: str, players: int, **options: object) -> ViewEncoding:
    return for_game(alaka.game(name))(players, **options)


def tensors(enc: ViewEncoding, state: alaka.State, seat: int | None) -> tuple[list[float], list[float]]:
    """The seat's observation and information state, as the adapters read them."""
    return (
        enc.observation(state.view(seat, log_since=None)),
        enc.information_state(recent_view(state, seat, enc.history_events)),
    )


@pytest.mark.parametrize("name", NAMES)
def test_the_layout_tiles_the_tensor_and_the_observation_starts_the_information_state(name: str) -> None:
    enc = encoding_of(name, alaka.game(name).max_players)
    starts = [piece.start for piece in enc.information_state_layout]
    stops = [piece.stop for piece in enc.information_state_layout]
    assert starts[0] == 0 and starts[1:] == stops[:-1]
    assert stops[-1] == enc.information_state_size
    assert enc.information_state_layout[: len(enc.observation_layout)] == enc.observation_layout
    assert enc.observation_layout[-1].stop == enc.observation_size < enc.information_state_size
    assert enc.num_actions == alaka.game(name).num_distinct_actions()
    table = enc.describe(information_state=True)
    assert all(f"`{piece.name}`" in table for piece in enc.information_state_layout)


@pytest.mark.parametrize("name", NAMES)
def test_every_player_count_has_the_same_sizes(name: str) -> None:
    """Seats a smaller game lacks are zero blocks, so one network can play every count."""
    sizes = {
        (e.observation_size, e.information_state_size)
        for e in (encoding_of(name, n) for n in alaka.game(name).player_counts)
    }
    assert len(sizes) == 1


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_tensors_of_a_whole_game_have_their_size_and_lie_in_0_1(name: str, players: int) -> None:
    enc = encoding_of(name, players)
    for step, state in enumerate(random_game(name, players, seed=players)):
        if step % 7 and not state.is_terminal():
            continue
        for seat in (*range(players), None):
            obs, info = tensors(enc, state, seat)
            assert len(obs) == enc.observation_size and len(info) == enc.information_state_size
            assert all(0.0 <= x <= 1.0 for x in info)
            assert info[: enc.observation_size] == obs
        assert enc.part(obs, "outcome")[0] == (1.0 if state.is_terminal() else 0.0)
    kinds = {event["kind"] for event in state.view(0)["log"]}
    # Every kind of event the game wrote has its own place in the history (none is "other").
    module = __import__(f"alaka.games.{name}.encoding", fromlist=["EVENT_KINDS"])
    assert kinds <= set(module.EVENT_KINDS)


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), data=st.data())
@pytest.mark.parametrize("name", NAMES)
def test_a_resampled_state_gives_the_seat_the_same_tensors_and_mask(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    players = data.draw(st.sampled_from(list(alaka.game(name).player_counts)))
    state = random_position(name, players, seed, steps)
    seat = state.current_player() if state.current_player() >= 0 else data.draw(st.integers(0, players - 1))
    enc = encoding_of(name, players)
    twin = state.resample(seat, random.Random(seed + 1))
    assert tensors(enc, twin, seat) == tensors(enc, state, seat)
    assert enc.legal_mask(twin) == enc.legal_mask(state)


def zoo_twins(seed: int, players: int) -> tuple[dict[str, object], dict[str, object]]:
    """Two Alakazoo positions equal but for the cards in seat 1..'s hands and the deck."""
    components = alaka.game("alakazoo").new_initial_state(players).c
    boards = list(range(1, players + 1))
    # Cards of the creatures on the chosen boards: those are never put back in the box.
    shown = {components.boards[b - 1].creature for b in boards}
    cards = [components.card_name(card) for card in range(54) if card // 9 in shown]
    rng = random.Random(seed)
    rng.shuffle(cards)
    mine, hidden = cards[:3], cards[3:]

    def spec(pool: list[str]) -> dict[str, object]:
        seats: list[dict[str, object]] = [{"hand": mine}]
        seats += [{"hand": pool[4 * q : 4 * q + 3]} for q in range(players - 1)]
        return {"boards": boards, "seats": seats, "columns": [[], [], [], []]}

    other = hidden[:]
    rng.shuffle(other)
    return spec(hidden), spec(other)


@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_alakazoo_positions_differing_in_hidden_hands_give_the_same_tensors(seed: int, players: int) -> None:
    """Built directly from scenarios (not by resample): what seat 0 cannot see changes nothing
    for it, and the seat whose hand differs does see a difference."""
    spec_a, spec_b = zoo_twins(seed, players)
    game = alaka.game("alakazoo")
    a, b = game.scenario(spec_a), game.scenario(spec_b)
    enc = encoding_of("alakazoo", players)
    assert tensors(enc, a, 0) == tensors(enc, b, 0)
    assert enc.legal_mask(a) == enc.legal_mask(b)
    # A hand is a set of cards to the tensors: the same cards in another order are no difference.
    if sorted(a.view(1)["players"][1]["hand"]) != sorted(b.view(1)["players"][1]["hand"]):
        assert tensors(enc, a, 1) != tensors(enc, b, 1)


def test_the_hand_section_holds_the_seats_own_cards_and_no_one_elses() -> None:
    game = alaka.game("alakazoo")
    state = game.scenario(
        {"boards": [1, 2], "seats": [{"hand": ["Griffin head", "Kraken tail"]}, {"hand": ["Unicorn body"]}]}
    )
    enc = encoding_of("alakazoo", 2)
    names = [state.c.card_name(card) for card in range(54)]
    mine = enc.part(enc.observation(state.view(0)), "hand")
    assert [names[i] for i, bit in enumerate(mine) if bit] == ["Griffin head", "Kraken tail"]
    theirs = enc.part(enc.observation(state.view(1)), "hand")
    assert [names[i] for i, bit in enumerate(theirs) if bit] == ["Unicorn body"]
    assert not any(enc.part(enc.observation(state.view(None)), "hand"))


def test_alakazum_hands_teams_and_known_enemies_land_in_their_sections() -> None:
    game = alaka.game("alakazum")
    state = game.scenario(
        {
            "seats": [
                {
                    "team": ["Moura", {"card": "Penitente", "level": "B", "broom": True}],
                    "hand": ["Magic hat 2"],
                },
                {"team": ["Olentzero"], "hand": ["Voodoo doll", "Voodoo doll"]},
            ],
            "enemies": [None, {"name": "Halloween", "seen_by": [0]}, None, None, None],
        }
    )
    enc = encoding_of("alakazum", 2)
    mine, theirs = enc.observation(state.view(0)), enc.observation(state.view(1))
    hand_names = list(dict.fromkeys(state.L.catalogue.cards[k].name for k in state.L.hand_kinds))
    width = len(hand_names)
    hands = enc.part(mine, "hands")
    assert hands[hand_names.index("Magic hat 2")] == 0.25  # one copy, divided by the cap of 4
    assert not any(hands[width:])  # seat 1's hand is hidden from seat 0
    assert enc.part(theirs, "hands")[width + hand_names.index("Voodoo doll")] == 0.5
    # Penitente: in seat 0's team (zone 0), level B, a broom under it.
    characters = [state.L.keys[p] for p in range(len(state.L.keys)) if state.L.is_character[p]]
    block = 5 + 3 + 3 + 1
    at = characters.index("penitente") * block
    penitente = enc.part(mine, "characters")[at : at + block]
    assert penitente == [1.0, 0, 0, 0, 0, 0, 0, 0, 0, 1.0, 0, 1.0]
    # Seat 0 looked at enemy 2 (Halloween); seat 1 did not.
    enemy_block = len(enc.part(mine, "enemies")) // 5
    second_mine = enc.part(mine, "enemies")[enemy_block : 2 * enemy_block]
    second_theirs = enc.part(theirs, "enemies")[enemy_block : 2 * enemy_block]
    assert second_mine[:3] == [1.0, 0.0, 1.0] and sum(second_mine[3:-1]) == 1.0
    assert second_theirs[:3] == [1.0, 0.0, 0.0] and not any(second_theirs[3:])


@pytest.mark.parametrize("name", NAMES)
def test_the_history_reads_the_last_events_newest_first(name: str) -> None:
    players = 2
    state = random_position(name, players, seed=5, steps=120)
    enc = encoding_of(name, players)
    view = state.view(0)
    info = enc.information_state(view)
    module = __import__(f"alaka.games.{name}.encoding", fromlist=["EVENT_KINDS"])
    kinds = list(module.EVENT_KINDS)
    recent = enc.part(info, "recent_events")
    width = len(recent) // enc.history_events
    newest = view["log"][-1]
    first = recent[:width]
    assert first[kinds.index(newest["kind"])] == 1.0
    assert sum(first[: len(kinds) + 1]) == 1.0 and sum(first[len(kinds) + 1 :]) == 1.0
    # The full view and the view holding only the last events give the same tensor.
    assert enc.information_state(recent_view(state, 0, enc.history_events)) == info


@pytest.mark.parametrize(("name", "players"), [(n, alaka.game(n).min_players) for n in NAMES])
def test_the_mask_marks_exactly_the_legal_actions_and_nothing_at_chance(name: str, players: int) -> None:
    enc = encoding_of(name, players)
    seen_chance = False
    for step, state in enumerate(random_game(name, players, seed=11)):
        if step > 300:
            break
        mask = enc.legal_mask(state)
        if state.is_chance_node():
            seen_chance = True
            assert not any(mask)
        else:
            assert [i for i, bit in enumerate(mask) if bit] == sorted(a.id for a in state.legal_actions())
    assert seen_chance


@pytest.mark.parametrize("name", NAMES)
def test_a_game_stopped_by_the_safety_limit_is_truncated(name: str) -> None:
    enc = encoding_of(name, 2, max_turns=2)
    *_, last = random_game(name, 2, seed=3, max_turns=2)
    assert last.is_terminal() and enc.truncated(last)
    *_, ended = random_game(name, 2, seed=3)
    assert ended.is_terminal() and not encoding_of(name, 2).truncated(ended)
    assert not enc.truncated(random_position(name, 2, seed=3, steps=5, max_turns=2))


def test_a_section_that_writes_the_wrong_size_is_named() -> None:
    bad = ViewEncoding(
        game="alakazoo",
        num_players=2,
        num_actions=3,
        observation=[
            Section("good", 2, "two", lambda view: [0.0, 1.0]),
            Section("bad", 2, "two", lambda v: []),
        ],
        history=[],
        history_events=0,
        truncated=lambda state: False,
    )
    with pytest.raises(EncodingError, match="section 'bad' wrote 0 values, its layout says 2"):
        bad.observation({})
    with pytest.raises(EncodingError, match="no section is called 'ugly'; the sections are: good, bad"):
        bad.part([0.0] * 4, "ugly")
    assert multi_hot([0, 9], 3) == [1.0, 0.0, 0.0]


def test_options_and_player_counts_are_checked_as_the_game_checks_them() -> None:
    factory = for_game(alaka.game("alakazoo"))
    with pytest.raises(alaka.OptionError, match="2 to 4 players"):
        factory(5)
    with pytest.raises(alaka.OptionError, match="unknown option 'colour'"):
        factory(2, colour="red")
    assert factory(2, final_lines="partial").options["final_lines"] == "partial"


@pytest.mark.parametrize("name", NAMES)
def test_a_log_cursor_gives_the_same_tensor_with_one_view(name: str) -> None:
    """The environments keep how far the log was read and the last events each seat saw; the
    last events (as that seat may see them, secrets hidden) and so the tensor are the same as
    with a fresh look-up, however far the game went since (here 1 to 9 actions) and whichever
    seat read last."""
    enc = encoding_of(name, 3)
    cursor = LogCursor()
    for step, state in enumerate(random_game(name, 3, seed=9)):
        if step % (1 + step % 9):
            continue
        seat = step % 3
        recent = recent_view(state, seat, enc.history_events, cursor)
        assert recent["log"] == state.view(seat)["log"][-enc.history_events :]
        assert enc.information_state(recent) == enc.information_state(state.view(seat))
        assert cursor.size == state.view(None, log_since=None)["log_size"]
