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
it stops only at a decision that everyone can tell was a choice (``game.choice_known``); one
whose choices depended on something hidden is taken back with the one before it. Stopping at a
pass would otherwise tell the table the passer had something to play, and going past it that
they had nothing. When nothing can be taken back, :func:`refusal` says which condition stops it.

Taking back is rebuilding: records are the truth, so the state after an undo is the replay of the
record without those actions (:func:`undo`), never a patched copy.

Only the standard library is used; the terminal and the browser share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from alaka.core.errors import AlakaError
from alaka.core.language import N_, tr, trn
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
    #: Everyone can tell whether it was a choice (``game.choice_known``): only then may an undo
    #: stop there, or go past another seat's forced move.
    known: bool = True


def step(state: State, action: Action) -> Step:
    """The :class:`Step` of ``action`` taken in ``state`` (call it before applying the action)."""
    seat = state.current_player()
    game = state.game
    safe = seat != CHANCE and game.undo_safe(state, action)
    choice = seat >= 0 and len(state.legal_actions()) > 1
    return Step(seat, game.turn_of(state), safe, choice, seat < 0 or game.choice_known(state, action))


def steps_of(record_states: Iterable[State], actions: Sequence[Action]) -> list[Step]:
    """The steps of a game from its states (``alaka.replay_states``) and its actions."""
    return [step(state, action) for state, action in zip(record_states, actions, strict=False)]


def _passable(past: Step, seat: int, turn: int) -> bool:
    """Whether the walk back from the end goes on past this step (see the module docstring):
    a safe decision of this turn, the seat's own or another's that everyone knew was forced
    (chance is never safe)."""
    return past.safe and past.turn == turn and (past.seat == seat or (past.known and not past.choice))


def _walked(steps: Sequence[Step], seat: int, turn: int) -> list[Step]:
    """The latest steps the walk back goes past, latest first."""
    walked: list[Step] = []
    for past in reversed(steps):
        if not _passable(past, seat, turn):
            break
        walked.append(past)
    return walked


def undoable(steps: Sequence[Step], state: State, seat: int) -> int:
    """How many of the latest actions may be taken back in ``state`` so that ``seat`` decides
    again (0 if none): back to one of its own decisions, with the forced moves of other seats
    the rule lets it cross; ``steps`` are the steps of every action that led to ``state``."""
    if state.current_player() != seat:
        return 0
    turn = state.game.turn_of(state)
    allowed = 0
    for count, past in enumerate(_walked(steps, seat, turn), start=1):
        if past.seat == seat:
            allowed = count
    return allowed


def to_last_choice(state: State, steps: Sequence[Step], seat: int) -> int:
    """How many actions to take back so that ``seat`` decides again at its latest real choice
    (more than one legal action) that the rule lets it take back; 0 if there is none.

    A state where the seat had a single choice would be played again at once (a front end plays
    forced moves), so going back only to it would change nothing: the forced moves after the
    seat's last real choice are taken back with it. So are the decisions of which only the seat
    knows whether they were a choice (``Step.known``): stopping there would tell the table."""
    for back in range(1, undoable(steps, state, seat) + 1):
        past = steps[-back]
        if past.choice and past.known and past.seat == seat:
            return back
    return 0


#: What every refusal ends with: the rule in a few words.
_RULE = N_(
    "only your own decisions of this turn can be, before anyone else acts and before anything "
    "hidden is drawn, rolled or shown"
)


def refusal(steps: Sequence[Step], state: State, seat: int) -> str:
    """Why ``seat`` has nothing to take back in ``state`` (:func:`to_last_choice` is 0): the first
    condition of the rule that stops the walk back from the end, in the words a player reads
    after "nothing to take back: "."""
    turn = state.game.turn_of(state)
    reason = tr("you have made no decision this turn yet")
    if state.current_player() != seat:
        reason = tr("it is not your decision now")
    elif any(past.seat == seat and past.turn == turn for past in steps):
        walked = _walked(steps, seat, turn)
        # a choice only the seat knew was one is taken back only with an earlier one
        hidden = any(past.seat == seat and past.choice and not past.known for past in walked)
        stop = len(steps) - len(walked) - 1  # the step the walk back stops at
        past = steps[stop] if stop >= 0 else None
        if past is None:
            reason = tr("nothing else was decided this turn")
        elif past.seat == CHANCE:
            if hidden:
                reason = tr("a card was drawn or a die was rolled before it")
            else:
                reason = tr("a card was drawn or a die was rolled since your last decision")
        elif past.turn != turn:
            reason = tr("your other decisions of this turn were forced")
        elif past.seat != seat:
            if hidden:
                reason = tr("another player was asked before it")
            else:
                reason = tr("another player was asked since your last decision")
        elif hidden:  # a decision of the seat's own that is not safe
            reason = tr(
                "the decision before it showed or relied on something hidden (taking it back would tell)"
            )
        else:
            reason = tr("your last decision showed or relied on something hidden (taking it back would tell)")
        if hidden:
            # TRANSLATORS: {reason} is one of the reasons above, e.g. "another player was asked before it".
            reason = tr(
                "only you knew your last decision was a choice (its choices came from cards the "
                "others have not seen), so it goes back only with an earlier one, and {reason}"
            ).format(reason=reason)
    # TRANSLATORS: {reason} says why nothing can be taken back; {rule} is the rule of undo in brief.
    return tr("{reason}; {rule}").format(reason=reason, rule=tr(_RULE))


def undo(state: State, steps: Sequence[Step], seat: int, count: int = 1) -> State:
    """The state before ``seat``'s last ``count`` decisions: the replay of the record without
    them. Raises :class:`UndoError` when the rule allows fewer."""
    allowed = undoable(steps, state, seat)
    # back to a decision of the seat's own that everyone knew was a choice or forced
    if not (1 <= count <= allowed and steps[-count].seat == seat and steps[-count].known):
        best = to_last_choice(state, steps, seat)
        if best:
            # TRANSLATORS: {seat} is the seat's number; {count} the number asked for.
            message = trn(
                "Player {seat} can take back {n} action now, not {count}",
                "Player {seat} can take back {n} actions now, not {count}",
                best,
            ).format(seat=seat + 1, n=best, count=count)
        else:
            message = tr("nothing to take back: {reason}").format(reason=refusal(steps, state, seat))
        raise UndoError(message)
    record = state.record()
    record["actions"] = record["actions"][:-count]
    return replay(record)
