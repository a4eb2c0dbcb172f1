"""Safe undo: how many of a seat's own latest decisions may be taken back, and taking them back.

A person at the table may take a move back only when doing so cannot teach anyone anything, nor
let the mover try again after learning something. So a seat may take back its latest decisions
while, walking back from the end of the game:

- each one is its own decision (no other seat decided anything since, and no chance outcome:
  no card drawn, no die rolled); another seat's move that everyone knew it had to make (a single
  legal action, declared safe by the game: a voodoo window asking a player who, for all to see,
  holds no doll) teaches nobody anything, so it is taken back with the decisions before it;
- each one belongs to the current turn;
- each one is declared safe by its game (:meth:`~alaka.core.protocol.Game.undo_safe`): it
  reveals nothing hidden to anyone and what it does depends on nothing hidden;
- and the seat is the one deciding now (nobody else has been asked anything since).

Since everyone is told of an undo and it goes back only to a real choice (:func:`to_last_choice`),
a game declares a decision safe only if whether it *was* a choice is public too: taking back a
pass would otherwise tell the table the passer had something to play. When nothing can be taken
back, :func:`refusal` says which of these conditions stops it.

Taking back is rebuilding: records are the truth, so the state after an undo is the replay of the
record without those actions (:func:`undo`), never a patched copy.

Only the standard library is used; the terminal and the browser share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from alaka.core.errors import AlakaError
from alaka.core.protocol import CHANCE, Action, State
from alaka.core.records import replay


class UndoError(AlakaError):
    """An undo that the rule does not allow (the message says why)."""


@dataclass(frozen=True, slots=True)
class Step:
    """What undo needs to know about one action of a game: who took it, in which turn, whether
    its game lets it be taken back, and whether it was a real choice."""

    #: The seat that decided, or :data:`~alaka.core.protocol.CHANCE`.
    seat: int
    #: Turns begun before the action (``game.turn_of`` of the state it was taken in).
    turn: int
    #: ``game.undo_safe`` of the action in that state (always ``False`` for chance).
    safe: bool
    #: The seat had more than one legal action (a front end plays a single one by itself).
    choice: bool


def step(state: State, action: Action) -> Step:
    """The :class:`Step` of ``action`` taken in ``state`` (call it before applying the action)."""
    seat = state.current_player()
    game = state.game
    safe = seat != CHANCE and game.undo_safe(state, action)
    return Step(seat, game.turn_of(state), safe, seat >= 0 and len(state.legal_actions()) > 1)


def steps_of(record_states: Iterable[State], actions: Sequence[Action]) -> list[Step]:
    """The steps of a game from its states (``alaka.replay_states``) and its actions."""
    return [step(state, action) for state, action in zip(record_states, actions, strict=False)]


def _passable(past: Step, seat: int, turn: int) -> bool:
    """Whether the walk back from the end goes on past this step (see the module docstring):
    a safe decision of this turn, the seat's own or another's forced one (chance is never safe)."""
    return past.safe and past.turn == turn and (past.seat == seat or not past.choice)


def undoable(steps: Sequence[Step], state: State, seat: int) -> int:
    """How many of the latest actions may be taken back in ``state`` so that ``seat`` decides
    again (0 if none): back to one of its own decisions, with the forced moves of other seats
    the rule lets it cross; ``steps`` are the steps of every action that led to ``state``."""
    if state.current_player() != seat:
        return 0
    turn = state.game.turn_of(state)
    allowed = 0
    for count, past in enumerate(reversed(steps), start=1):
        if not _passable(past, seat, turn):
            break
        if past.seat == seat:
            allowed = count
    return allowed


def to_last_choice(state: State, steps: Sequence[Step], seat: int) -> int:
    """How many actions to take back so that ``seat`` decides again at its latest real choice
    (more than one legal action) that the rule lets it take back; 0 if there is none.

    A state where the seat had a single choice would be played again at once (a front end plays
    forced moves), so going back only to it would change nothing: the forced moves after the
    seat's last real choice are taken back with it."""
    for back in range(1, undoable(steps, state, seat) + 1):
        if steps[-back].choice and steps[-back].seat == seat:
            return back
    return 0


#: What every refusal ends with: the rule in a few words.
_RULE = (
    "only your own decisions of this turn can be, before anyone else acts and before anything "
    "hidden is drawn, rolled or shown"
)


def refusal(steps: Sequence[Step], state: State, seat: int) -> str:
    """Why ``seat`` has nothing to take back in ``state`` (:func:`to_last_choice` is 0): the first
    condition of the rule that stops the walk back from the end, in the words a player reads
    after "nothing to take back: "."""
    turn = state.game.turn_of(state)
    reason = "you have made no decision this turn yet"
    if state.current_player() != seat:
        reason = "it is not your decision now"
    elif any(past.seat == seat and past.turn == turn for past in steps):
        for past in reversed(steps):
            if past.seat == CHANCE:
                reason = "a card was drawn or a die was rolled since your last decision"
            elif past.turn != turn:
                reason = "your decisions of this turn were all forced"
            elif past.seat != seat and not _passable(past, seat, turn):
                reason = "another player was asked since your last decision"
            elif not past.safe:
                reason = (
                    "your last decision showed or relied on something hidden (or on whether you "
                    "had a choice), so taking it back would tell someone something"
                )
            else:
                continue  # a step the walk goes past (forced, or to_last_choice would allow it)
            break
    return f"{reason}; {_RULE}"


def undo(state: State, steps: Sequence[Step], seat: int, count: int = 1) -> State:
    """The state before ``seat``'s last ``count`` decisions: the replay of the record without
    them. Raises :class:`UndoError` when the rule allows fewer."""
    allowed = undoable(steps, state, seat)
    if count < 1 or count > allowed or steps[-count].seat != seat:
        plural = "s" if allowed != 1 else ""
        raise UndoError(
            f"Player {seat + 1} can take back {allowed} decision{plural} now, not {count}"
            if allowed
            else f"nothing to take back: {refusal(steps, state, seat)}"
        )
    record = state.record()
    record["actions"] = record["actions"][:-count]
    return replay(record)
