"""Safe undo (issue 22, alaka.core.undo): a seat takes back only its own decisions of the
current turn, before anyone else acts and before anything hidden is drawn or shown; the state
after an undo is the replay of the shortened record; and no undo the rule allows could reveal or
change hidden information."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import alaka
from alaka.bots.heuristic_bot import HeuristicBot
from alaka.bots.registry import heuristic_for
from alaka.core.driver import Bot
from alaka.core.protocol import CHANCE, State
from alaka.core.undo import Step, UndoError, step, to_last_choice, undo, undoable
from own_games import OWN_NAMES


def random_game(name: str, players: int, seed: int, bot: Bot | None = None) -> tuple[list[State], list[Step]]:
    """A seeded game, random or played by ``bot``: the state before each action (and the last),
    and each action's step."""
    rng = random.Random(seed)
    state = alaka.game(name).new_initial_state(players)
    states: list[State] = [state.clone()]
    steps: list[Step] = []
    while not state.is_terminal() and len(steps) < 3000:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        elif bot is not None:
            action = bot.act(state, state.current_player(), rng)
        else:
            action = rng.choice(state.legal_actions())
        steps.append(step(state, action))
        state.apply_action(action)
        states.append(state.clone())
    return states, steps


def views(state: State) -> list[Any]:
    return [state.view(seat) for seat in [None, *range(state.num_players)]]


GAMES = [("alakazoo", 2), ("alakazoo", 3), ("alakazum", 2), ("alakazum", 3), ("alakazum", 4), ("alakazum", 5)]


def leak(states: list[State], steps: list[Step], i: int, k: int, rng: random.Random) -> str | None:
    """What goes wrong when the seat deciding at step ``i`` takes back its ``k`` latest actions,
    or ``None``: the undo must be the replay of the shortened record, and replaying the undone
    actions on positions each seat cannot tell apart (``resample``) must give that seat the same
    view, each of them offered there, and a choice there exactly when it was one, where the game
    says everyone knows whether it was (everyone sees an undo, and it stops only at such a
    choice)."""
    now, before = states[i], states[i - k]
    seat = now.current_player()
    taken = [before.action_table().actions[a] for a in now.history[i - k : i]]
    undone = undo(now, steps[:i], seat, k)
    if undone.record() != before.record() or views(undone) != views(before):
        return f"step {i}: the undo is not the replay of the shortened record"
    for viewer in range(now.num_players):
        for _ in range(1 + (viewer != seat)):
            guess = before.resample(viewer, rng)
            for past, action in zip(steps[i - k : i], taken, strict=True):
                legal = guess.legal_actions()
                if action not in legal:
                    return f"step {i}: {action.name} depends on what {viewer} cannot see"
                if past.known and (len(legal) > 1) != past.choice:
                    return f"step {i}: {action.name} tells {viewer} if it was a choice"
                guess.apply_action(action)
            if guess.view(viewer) != now.view(viewer):
                return f"step {i}: undoing {len(taken)} shows seat {viewer} something"
    return None


def first_leak(
    name: str, players: int, seeds: range, bot: Bot | None = None, kinds: Counter[str] | None = None
) -> str | None:
    """Check every allowed undo (half of them, in the first turns of seeded games, random or
    played by ``bot``) with :func:`leak`. Returns what went wrong first, or ``None``; fails if
    there were too few undos to check. ``kinds`` counts the undone actions by the start of
    their names."""
    checked = 0
    for seed in seeds:
        states, steps = random_game(name, players, seed, bot)
        rng = random.Random(seed)
        for i, now in enumerate(states[: 60 * players * 4]):  # the first turns are enough
            seat = now.current_player()
            if seat < 0:
                continue
            k = to_last_choice(now, steps[:i], seat)  # as a front end takes back
            if not k or rng.random() < 0.5:  # half of them, to keep the test short
                continue
            checked += 1
            if kinds is not None:
                table = now.action_table()
                kinds.update(table.actions[a].name.split(":")[0] for a in now.history[i - k : i])
            wrong = leak(states, steps, i, k, rng)
            if wrong is not None:
                return f"seed {seed}, {wrong}"
    assert checked > 5, f"too few undos to check in {name}"
    return None


def first_leak_across_a_window() -> str | None:
    """Every undo that crosses another player's move in whole Alakazum! games played by the
    heuristic, checked with :func:`leak`: what went wrong first, or ``None``."""
    bot = HeuristicBot(heuristic_for("alakazum"))
    crossed = 0
    for players in (2, 3, 4, 5):
        for seed in range(4):
            states, steps = random_game("alakazum", players, seed, bot)
            rng = random.Random(seed)
            for i, now in enumerate(states):
                seat = now.current_player()
                k = to_last_choice(now, steps[:i], seat) if seat >= 0 else 0
                if k and any(past.seat != seat for past in steps[i - k : i]):
                    crossed += 1
                    wrong = leak(states, steps, i, k, rng)
                    if wrong is not None:
                        return f"{players} players, seed {seed}, {wrong}"
    assert crossed > 5
    return None


def test_an_undo_across_a_window_nobody_could_answer_leaks_nothing() -> None:
    """Alakazum!'s voodoo window is crossed only when everyone knows no asked player holds a
    doll (R33): every such undo in whole games is checked."""
    assert first_leak_across_a_window() is None


def test_the_check_finds_a_leak_when_every_window_is_crossed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who may hold a doll and lets the play through tells the announcer something.

    The game's ``choice_known`` is replaced where the game reads it (``game.py``, Python in both
    builds): a compiled ``rules.hidden`` calls its own functions directly, past any patch there."""
    from alaka.games.alakazum import actions as A
    from alaka.games.alakazum import rules

    known = rules.choice_known

    def every_window_crossed(state: Any, action: Any) -> bool:
        return action.kind in (A.VOODOO, A.NO_VOODOO) or known(state, action)

    monkeypatch.setattr(rules, "choice_known", every_window_crossed)
    assert first_leak_across_a_window() is not None


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_no_allowed_undo_depends_on_or_reveals_hidden_information(name: str, players: int) -> None:
    assert first_leak(name, players, range(3)) is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_undo_in_alakazum_played_well_leaks_and_the_public_decisions_are_taken_back(players: int) -> None:
    """Played by the heuristic (which keeps potions and casts spells, unlike random play), the
    decisions safe only in some positions (R33) come up and none of their undos leaks."""
    kinds: Counter[str] = Counter()
    bot = HeuristicBot(heuristic_for("alakazum"))
    assert first_leak("alakazum", players, range(6), bot, kinds) is None
    assert kinds["fighter"] and kinds["pass"] + kinds["spell"] + kinds["potion-combat"] > 0, kinds


def test_the_check_finds_a_leak_when_any_pass_or_spell_is_declared_safe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Alakazum!'s reading R33, loosened: a spell paid with hats, or a pass that tells the table
    whether the passer had a potion, would be taken back; the check sees it."""
    from alaka.games.alakazum import actions

    monkeypatch.setattr(actions, "UNDO_SAFE", actions.UNDO_SAFE | {actions.PASS, actions.SPELL})
    bot = HeuristicBot(heuristic_for("alakazum"))
    assert first_leak("alakazum", 3, range(6), bot) is not None


def test_the_check_finds_a_leak_when_every_choice_is_called_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """An undo that stopped at a pass whose potions nobody else saw would tell them it was a
    choice (R33): said to be known, the check sees it."""
    from alaka.games.alakazum import rules

    monkeypatch.setattr(rules, "choice_known", lambda state, action: True)
    bot = HeuristicBot(heuristic_for("alakazum"))
    assert first_leak("alakazum", 3, range(6), bot) is not None


def test_the_check_finds_a_leak_when_a_revealing_decision_is_declared_safe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Declaring Alakazoo's display (it shows a hand card) safe is caught."""
    from alaka.games.alakazoo import actions

    monkeypatch.setattr(actions, "UNDO_SAFE", actions.UNDO_SAFE | {actions.DISPLAY, actions.DISCARD})
    monkeypatch.setattr(
        type(alaka.game("alakazoo")),
        "undo_safe",
        lambda self, state, action: action.kind in actions.UNDO_SAFE,
    )
    assert first_leak("alakazoo", 2, range(3)) is not None


def test_undo_stops_at_chance_at_other_seats_and_at_hidden_decisions() -> None:
    game = alaka.game("alakazoo")
    state = game.scenario(
        {
            "boards": [1, 2],
            "seats": [{"hand": ["Griffin head"], "runes": ["head/1"]}, {}],
            "turn_of": 0,
        }
    )
    steps: list[Step] = []

    def act(name: str) -> None:
        action = state.action_from_string(name)
        steps.append(step(state, action))
        state.apply_action(action)

    act("roll:1+2")
    assert undoable(steps, state, 0) == 0  # the dice are rolled next: chance
    act("die:red")
    act("die:rainbow")
    assert undoable(steps, state, 0) == 0  # the roll is not Player 1's to take back
    act("place:rainbow:head/2")
    assert undoable(steps, state, 0) == 1
    act("place:red:left-ear/1")  # the last result: displaying comes next, still Player 1's
    assert state.current_player() == 0 and undoable(steps, state, 0) == 2
    assert undoable(steps, state, 1) == 0  # not Player 2's decisions
    back = undo(state, steps, 0, 2)
    assert back.record()["actions"] == state.record()["actions"][:-2]
    act("display:griffin:head")  # shows a hand card: never taken back
    assert undoable(steps, state, 0) == 0
    with pytest.raises(UndoError, match="nothing to take back"):
        undo(state, steps, 0)


@pytest.mark.parametrize("name", OWN_NAMES)
def test_a_game_that_declares_nothing_has_no_undo(name: str) -> None:
    states, steps = random_game(name, 3, 1)
    assert all(not s.safe for s in steps)
    assert all(undoable(steps[:i], st, max(st.current_player(), 0)) == 0 for i, st in enumerate(states))


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_undo_goes_back_to_the_latest_real_choice_and_a_forced_move_alone_is_not_taken_back(
    name: str, players: int
) -> None:
    """``to_last_choice`` reads the steps: the seat goes back to the latest of its undoable
    decisions where it had more than one legal action, taking the forced moves after it back too;
    if every undoable decision was forced, there is nothing to take back (the web then offers no
    undo). Checked against the positions themselves, in seeded random games."""
    forced_only = with_forced = 0
    for seed in range(4):
        states, steps = random_game(name, players, seed)
        for i, now in enumerate(states[:400]):
            seat = now.current_player()
            if seat < 0:
                continue
            allowed = undoable(steps[:i], now, seat)
            # a real choice of the seat's own, which everyone could tell was one
            real = [
                k
                for k in range(1, allowed + 1)
                if len(states[i - k].legal_actions()) > 1
                and states[i - k].current_player() == seat
                and steps[i - k].known
            ]
            assert to_last_choice(now, steps[:i], seat) == (real[0] if real else 0)
            forced_only += allowed > 0 and not real
            with_forced += bool(real) and real[0] > 1
    assert forced_only + with_forced > 0  # a forced move came up in the undo, so the check saw one
