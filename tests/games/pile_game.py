"""Pile: a tiny game of perfect information and no scores, registered from the test suite alone.

Where Guess (``guess_game.py``) proves that a game with hidden cards needs nothing but its entry,
Pile proves the other side of each declaration: a game that hides nothing
(``hidden_information=False``: its ``resample`` is a plain copy), keeps no scores (``alaka
report`` says so instead of counting them), has no chance, no options and no heuristic.

The rules: a pile of fifteen counters. In turn, each player takes one, two or three of them;
whoever takes the last counter wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from alaka.core.entry import GameEntry
from alaka.core.errors import ScenarioError
from alaka.core.events import Event, event_json
from alaka.core.protocol import TERMINAL, Action, ActionTable, Game, JsonDict, Outcome, State

COUNTERS = 15
MOST = 3
TABLE = ActionTable([Action(k - 1, f"take:{k}") for k in range(1, MOST + 1)])

ENTRY = GameEntry(
    name="pile",
    title="Pile",
    min_players=2,
    max_players=4,
    game="pile_game:GAME",
    hidden_information=False,
    scores=False,
    returns="1 to the player who takes the last counter, 0 to the others",
)


@dataclass(slots=True)
class Took(Event):
    """A player took counters from the pile (the game's one kind of event)."""

    kind = "take"
    counters: int
    left: int


def _entry(event: Took, seat: int | None) -> JsonDict:
    text = f"Player {event.actor + 1} takes {event.counters}; {event.left} left"
    return {**event_json(event, seat, lambda name, value: value), "text": text}


class PileState(State):
    __slots__ = ("left", "log", "n", "resampled", "turn")

    def __init__(self, game: Game, n: int) -> None:
        self.game, self.history, self._legal_cache = game, [], None
        self.n = n
        self.left = COUNTERS
        self.log: list[Took] = []
        self.turn = 0
        self.resampled = False

    def _winner(self) -> int:
        """The seat that took the last counter (the one before the seat to move), or -1."""
        return (self.turn - 1) % self.n if self.left == 0 else -1

    def current_player(self) -> int:
        return TERMINAL if self.left == 0 else self.turn % self.n

    def _legal(self) -> tuple[Action, ...]:
        return TABLE.actions[: min(MOST, self.left)]

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        return ()

    def _apply(self, action: Action) -> None:
        taken = action.id + 1
        self.left -= taken
        self.log.append(Took(self.current_player(), 0, taken, self.left))
        self.turn += 1

    def clone(self) -> Self:
        new = type(self)(self.game, self.n)
        new.history, new.log = self.history[:], self.log[:]
        new.left, new.turn, new.resampled = self.left, self.turn, self.resampled
        return new

    def returns(self) -> tuple[float, ...]:
        winner = self._winner()
        return tuple(float(seat == winner) for seat in range(self.n))

    def outcome(self) -> Outcome | None:
        winner = self._winner()
        if winner < 0:
            return None
        others = tuple(s for s in range(self.n) if s != winner)
        return Outcome((winner,), f"Player {winner + 1} took the last counter", ((winner,), others))

    def view(self, seat: int | None, log_since: int | None = 0) -> JsonDict:
        result = self.outcome()
        return {
            "game": "pile",
            "seat": seat,
            "num_players": self.n,
            "phase": "taking",
            "turn": self.turn,
            "decision": self.decision(),
            "current_player": self.current_player(),
            "left": self.left,
            "log": [] if log_since is None else [_entry(e, seat) for e in self.log[log_since:]],
            "log_size": len(self.log),
            "outcome": result.to_json() if result else None,
        }

    def resample(self, seat: int, rng: random.Random, *, search: bool = False) -> Self:
        """Nothing is hidden, so every seat's guess at the position is the position itself (still
        marked as a guess, which has no record, like any resampled state)."""
        new = self.clone()
        new.resampled = True
        return new

    def decision(self) -> str:
        who = self.current_player()
        return "the game is over" if who == TERMINAL else f"Player {who + 1} takes 1 to {MOST} counters"

    def action_table(self) -> ActionTable:
        return TABLE

    def inventory(self) -> dict[str, Any]:
        # Every counter is on the pile or taken, never both.
        return {"counters": self.left + sum(event.counters for event in self.log)}

    def start_record(self) -> JsonDict:
        return {"num_players": self.n, "options": {}}

    def record(self) -> JsonDict:
        if self.resampled:
            raise ValueError("a resampled state has no true record")
        return super().record()


class PileGame(Game):
    name, title = ENTRY.name, ENTRY.title
    min_players, max_players, default_players = ENTRY.min_players, ENTRY.max_players, 2
    parameters = ()

    def new_initial_state(self, num_players: int | None = None, **options: object) -> PileState:
        self.validate_options(options)
        return PileState(self, self.check_players(num_players))

    def scenario(self, spec: Mapping[str, Any]) -> State:
        raise ScenarioError("Pile has no scenarios")

    def action_table(self, **options: object) -> ActionTable:
        return TABLE

    def max_game_length(self, num_players: int, **options: object) -> int:
        return COUNTERS

    def rules_summary(self) -> str:
        return "Take 1 to 3 counters in turn; whoever takes the last counter wins.\n"

    def render_view(self, view: JsonDict) -> str:
        return f"counters left: {view['left']}; {view['decision']}"

    def label(self, state: State, action: Action) -> str:
        return f"Take {action.name.partition(':')[2]}"


GAME = PileGame()
