"""The Alakazum! heuristic: always legal, deterministic, blind to what its seat cannot see, and
sensible in the situations the strategy names (conjure, voodoo, potions, paying spells)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import alaka
from alaka.bots.registry import make_bot
from alaka.core.protocol import CHANCE, TERMINAL
from alaka.games.alakazum import heuristic as H
from alaka.games.alakazum import rules as R

GAME = alaka.game("alakazum")


def zum(spec: dict[str, Any]) -> Any:
    return GAME.scenario(spec)


def fingerprint(s: Any) -> tuple[Any, ...]:
    """Everything a policy could change in an Alakazum! state."""
    combat = s.combat
    fields = (
        s.phase, s.player, s.decider, s.actions_left, s.announced, s.paid, s.revealed, s.conjure_total,
        tuple(s.market), tuple(s.deck), tuple(s.deck_top), tuple(s.level), tuple(s.broom_of),
        tuple(s.graveyard), tuple(s.enemy_at), tuple(s.enemy_pool), tuple(s.peeked), tuple(s.seen),
        tuple(s.fm_cards), s.window_left, len(s.log), tuple(s.history),
        tuple(tuple(h) for h in s.hands), tuple(tuple(t) for t in s.teams),
    )  # fmt: skip
    if combat is not None:
        fields += (
            tuple(combat.fighter), tuple(combat.helper), tuple(sorted(combat.values.items())),
            tuple(combat.played), combat.winner, combat.roll, combat.passes,
        )  # fmt: skip
    return fields


class CheckedHeuristic:
    """Calls the policy on the real state and checks it: legal, no mutation, and the same choice
    on a resampled state (so it read nothing its seat cannot see)."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, state: Any, seat: int, rng: random.Random) -> Any:
        assert state.current_player() == seat
        legal = state.legal_actions()
        before = fingerprint(state)
        seed = rng.random()
        action = H.policy(state, seat, random.Random(seed))
        assert action in legal, f"{action.name} is not legal in phase {state.phase}"
        assert fingerprint(state) == before, "the policy changed the state"
        twin = state.resample(seat, random.Random(seed + 1))
        assert H.policy(twin, seat, random.Random(seed)).id == action.id, "the policy peeked"
        self.calls += 1
        return action


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("mix", ["one-heuristic", "all-heuristic"])
def test_the_policy_is_legal_at_every_decision(players: int, mix: str) -> None:
    for seed in range(8):
        bots: list[Any]
        if mix == "all-heuristic":
            bots = [CheckedHeuristic() for _ in range(players)]
        else:
            bots = [alaka.RandomBot() for _ in range(players)]
            bots[seed % players] = CheckedHeuristic()
        state = alaka.play(GAME.new_initial_state(players), bots, seed=seed)
        assert state.is_terminal()
        assert sum(b.calls for b in bots if isinstance(b, CheckedHeuristic)) > 0
        assert abs(sum(H.evaluate(state)) - 1.0) < 1e-9


def test_every_decision_phase_is_handled() -> None:
    """Out-of-turn decisions too: every phase met in many games has its own handler."""
    seen: set[int] = set()

    def note(state: Any, player: int, action: Any) -> None:
        if player >= 0:
            seen.add(state.phase)

    for seed in range(40):
        players = 2 + seed % 4
        alaka.play(GAME.new_initial_state(players), [CheckedHeuristic()] * players, seed=seed, on_action=note)
    assert seen <= set(H._HANDLERS)
    assert len(seen) >= 15


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_bot_is_deterministic_for_a_seed(players: int) -> None:
    def run() -> list[int]:
        bots = [make_bot("heuristic", "alakazum") for _ in range(players)]
        return list(alaka.play(GAME.new_initial_state(players), bots, seed=11).history)

    assert run() == run()


def test_the_policy_is_deterministic_for_an_rng_seed() -> None:
    state = GAME.new_initial_state(3)
    rng = random.Random(4)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        first = H.policy(state, player, random.Random(len(state.history)))
        again = H.policy(state, player, random.Random(len(state.history)))
        assert first is again
        state.apply_action(first)


def _decide(state: Any) -> Any:
    seat = state.current_player()
    assert seat not in (CHANCE, TERMINAL)
    return H.policy(state, seat, random.Random(0))


def _conjure_spec(**extra: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "seats": [
            {"team": [{"card": "montserrat", "level": "C"}, {"card": "casteller", "level": "C"}]},
            {"team": ["moura"], "hand": ["voodoo_doll"]},
        ],
        "phase": "conjure",
    }
    spec.update(extra)
    return spec


def test_it_conjures_when_its_total_can_beat_an_enemy_still_face_down() -> None:
    state = zum(_conjure_spec())  # 8 CAT points; Black Friday (7) may be face down
    assert _decide(state).name == "conjure:CAT"


def test_it_does_not_conjure_when_no_face_down_enemy_can_be_beaten() -> None:
    # Black Friday (7) and Fast Food (8) are revealed: 8 points beat nothing left face down.
    enemies = [{"name": "black_friday", "revealed": True}, {"name": "fast_food", "revealed": True}]
    state = zum(_conjure_spec(enemies=[*enemies, None, None, None]))
    assert _decide(state).name == "end-turn"


def test_it_uncovers_the_enemy_clairvoyance_showed_it_can_beat() -> None:
    enemies = [None, None, {"name": "black_friday", "seen_by": [0]}, None, None]
    state = zum(_conjure_spec(enemies=enemies))
    state.apply("conjure:CAT")
    state.apply("no-voodoo")
    assert _decide(state).name == "reveal:3"


def test_it_plays_a_voodoo_doll_against_a_conjure_that_could_win() -> None:
    state = zum(_conjure_spec())
    state.apply("conjure:CAT")
    assert state.current_player() == 1
    assert _decide(state).name == "voodoo"


def test_it_keeps_its_voodoo_doll_when_the_conjure_cannot_win() -> None:
    # 8 points: the enemies still face down (9, 9, 13) all resist, so the doll is kept.
    enemies = [{"name": "black_friday", "revealed": True}, {"name": "fast_food", "revealed": True}]
    state = zum(_conjure_spec(enemies=[*enemies, None, None, None]))
    state.apply("conjure:CAT")
    assert _decide(state).name == "no-voodoo"


def _forest_combat(fighter: str, creature: str, hand: list[str]) -> Any:
    state = zum(
        {
            "seats": [{"team": [fighter], "hand": hand}, {"team": ["olentzero"]}],
            "deck_top": [creature],
            "phase": "start",
        }
    )
    while state.phase != R.PH_POTIONS:
        state.apply_action(_decide(state))
    return state


def test_it_does_not_waste_a_combat_potion_on_a_fight_already_won() -> None:
    # Kattalin (2 combat points) against a Castanyera (0): already won.
    state = _forest_combat("kattalin", "castanyera", ["combat_potion_1", "combat_potion_2"])
    assert _decide(state).name == "pass"


def test_it_plays_the_smallest_combat_potion_that_turns_a_loss_into_a_win() -> None:
    # Moura (1) against Vicentica (2): a tie goes to the forest, so +2 is needed.
    state = _forest_combat("moura", "vicentica", ["combat_potion_1", "combat_potion_3", "combat_potion_2"])
    assert _decide(state).name == "potion-combat:combat_potion_2"


def test_it_keeps_its_potions_when_they_cannot_save_the_fight() -> None:
    # Moura (1) against Kattalin (2) needs +2; a single +1 cannot do it.
    state = _forest_combat("moura", "kattalin", ["combat_potion_1"])
    assert _decide(state).name == "pass"


def _pay_phase(spell: str, hats: list[str]) -> Any:
    state = zum(
        {
            "seats": [
                {"team": [{"card": "penitente", "level": "A"}, "casteller"], "hand": hats},
                {"team": ["moura"]},
            ],
            "graveyard": ["olentzero"],
        }
    )
    state.apply(f"spell:{spell}")
    while state.phase != R.PH_VOODOO:  # the spell's target is named before the window
        state.apply_action(_decide(state))
    state.apply("no-voodoo")
    return state


@pytest.mark.parametrize(
    ("spell", "hats", "first_payment"),
    [
        ("training", ["magic_hat_3", "magic_hat_2", "magic_hat_1"], "magic_hat_1"),
        ("clairvoyance", ["magic_hat_3", "magic_hat_2", "magic_hat_1"], "magic_hat_2"),
        ("clairvoyance", ["magic_hat_3", "magic_hat_1"], "magic_hat_3"),
        ("revive", ["magic_hat_3", "magic_hat_2", "magic_hat_2"], "magic_hat_2"),
    ],
)
def test_it_pays_a_spell_with_the_smallest_sufficient_hats(
    spell: str, hats: list[str], first_payment: str
) -> None:
    state = _pay_phase(spell, hats)
    assert _decide(state).name == f"pay:{first_payment}"


def test_it_pays_two_small_hats_rather_than_overpay_with_a_big_one() -> None:
    state = _pay_phase("clairvoyance", ["magic_hat_3", "magic_hat_1", "magic_hat_1"])
    paid = []
    while state.phase == R.PH_PAY:
        action = _decide(state)
        paid.append(action.name)
        state.apply_action(action)
    assert paid == ["pay:magic_hat_1", "pay:magic_hat_1"]
    assert [kind(state, pid) for pid in state.hands[0]] == ["magic_hat_3"]


def kind(state: Any, pid: int) -> str:
    return str(state.L.catalogue.cards[state.L.kind_of[pid]].id)


def test_it_always_adds_a_sociable_helper() -> None:
    state = zum(
        {
            "seats": [{"team": ["vicentica", "dolcainer"]}, {"team": ["olentzero"]}],
            "deck_top": ["kattalin"],
            "phase": "start",
        }
    )
    while state.phase != R.PH_HELPER:
        state.apply_action(_decide(state))
    assert _decide(state).name.startswith("helper:")


def test_evaluate_sums_to_one_and_favours_the_seat_closest_to_winning() -> None:
    state = zum(
        {
            "seats": [
                {"team": [{"card": "montserrat", "level": "B"}, {"card": "casteller", "level": "C"}]},
                {"team": ["moura"]},
                {"team": ["penitente", "dantzari"]},
            ]
        }
    )
    values = H.evaluate(state)
    assert len(values) == 3 and abs(sum(values) - 1.0) < 1e-9
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[0] > values[2] > values[1]


def test_evaluate_gives_the_real_result_at_the_end() -> None:
    state = zum(_conjure_spec(enemies=[{"name": "black_friday"}, None, None, None, None]))
    state.apply("conjure:CAT")
    state.apply("no-voodoo")
    state.apply("reveal:1")
    assert state.is_terminal()
    assert H.evaluate(state) == (1.0, 0.0)
    for seed in range(30):
        final = alaka.play(GAME.new_initial_state(3), [alaka.RandomBot()] * 3, seed=seed)
        values = H.evaluate(final)
        winners = final.outcome().winners
        assert values == tuple(1.0 if q in winners else 0.0 for q in range(3)) if winners else (1 / 3,) * 3


def test_it_dolls_a_levitation_that_names_its_valuable_character() -> None:
    """Announcements name their targets (R22): a Levitation that would take this seat's level C
    Montserrat is answered with a doll; one that takes a level A Moura is let through."""
    spec: dict[str, Any] = {
        "seats": [
            {"team": ["penitente", "moura"], "hand": ["magic_hat_3"]},
            {"team": [{"card": "montserrat", "level": "B"}, "gegant"], "hand": ["voodoo_doll"]},
        ]
    }
    state = zum(spec)
    for action in ("spell:levitation", "levitate:penitente", "swap-with:montserrat"):
        state.apply(action)
    assert _decide(state).name == "voodoo"
    state = zum(spec)
    for action in ("spell:levitation", "levitate:penitente", "swap-with:gegant"):
        state.apply(action)
    assert _decide(state).name == "no-voodoo"


def test_it_names_the_best_training_target_and_shows_its_least_useful_card() -> None:
    """Under the new order the heuristic names Training's target before the window (the level
    that adds most: Montserrat B to C adds 2 CAT points) and, at the market, shows the card it
    values least once no doll came."""
    state = zum(
        {
            "seats": [
                {
                    "team": [{"card": "montserrat", "level": "B"}, "dantzari"],
                    "hand": ["magic_hat_1", "barretina", "combat_potion_1"],
                },
                {"team": ["moura"]},
            ],
            "market": ["magic_hat_3", "double_potion"],
        }
    )
    state.apply("spell:training")
    assert _decide(state).name == "train:montserrat"
    state = zum(
        {
            "seats": [
                {
                    "team": [{"card": "montserrat", "level": "B"}, "dantzari"],
                    "hand": ["barretina", "combat_potion_1"],
                },
                {"team": ["moura"]},
            ],
            "market": ["magic_hat_3", "double_potion"],
        }
    )
    state.apply("market")
    state.apply("no-voodoo")
    assert _decide(state).name == "show:combat_potion_1"  # the Barretina counts for its Catalans
