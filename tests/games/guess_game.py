"""Guess: a tiny hidden-information game, registered from the test suite alone.

It proves that a game needs nothing but its entry to work everywhere (the terminal, the
browser, the arena, records and replays, the conformance kit), and that a game without a
heuristic, a terminal table or a browser renderer still plays.

The rules: nine cards numbered 1 to 9. Chance deals one face-down middle card, then one card to
each player, which only that player sees. In turn, each player names a number nobody has named
and that is not their own card; naming the middle card wins. The others learn only that the
named number was wrong.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from alaka.core.entry import GameEntry
from alaka.core.errors import ScenarioError
from alaka.core.events import Event, event_json
from alaka.core.protocol import CHANCE, TERMINAL, Action, ActionTable, Game, JsonDict, Outcome, State

CARDS = 9
TABLE = ActionTable(
    [Action(i, f"deal:{i + 1}") for i in range(CARDS)]
    + [Action(CARDS + i, f"guess:{i + 1}") for i in range(CARDS)]
)

ENTRY = GameEntry(
    name="guess",
    title="Guess",
    min_players=2,
    max_players=4,
    game="guess_game:GAME",
    scores=False,  # only who names the middle card counts
    returns="1 to the player who names the middle card, 0 to the others",
)


@dataclass(slots=True)
class Guessed(Event):
    """A player named a number (the game's one kind of event)."""

    kind = "guess"
    number: int
    right: bool


def _entry(event: Guessed, seat: int | None) -> JsonDict:
    said = "right!" if event.right else "wrong."
    text = f"Player {event.actor + 1} names {event.number}: {said}"
    return {**event_json(event, seat, lambda name, value: value), "text": text}


class GuessState(State):
    __slots__ = ("cards", "guessed", "log", "n", "resampled", "turn", "winner")

    def __init__(self, game: Game, n: int) -> None:
        self.game, self.history, self._legal_cache = game, [], None
        self.n = n
        self.cards: list[int] = []  # the middle card, then each player's (0-based values)
        self.guessed: list[int] = []
        self.log: list[Guessed] = []
        self.turn = 0
        self.winner = -1
        self.resampled = False

    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        return CHANCE if len(self.cards) <= self.n else self.turn % self.n

    def _legal(self) -> tuple[Action, ...]:
        own = self.cards[1 + self.current_player()]
        return tuple(TABLE.actions[CARDS + v] for v in range(CARDS) if v not in self.guessed and v != own)

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        left = [v for v in range(CARDS) if v not in self.cards]
        return tuple((TABLE.actions[v], 1 / len(left)) for v in left)

    def _apply(self, action: Action) -> None:
        if action.id < CARDS:
            self.cards.append(action.id)
            return
        value, seat = action.id - CARDS, self.current_player()
        self.guessed.append(value)
        right = value == self.cards[0]
        self.log.append(Guessed(seat, 0, value + 1, right))
        self.winner = seat if right else -1
        self.turn += 1

    def clone(self) -> Self:
        new = type(self)(self.game, self.n)
        new.history, new.cards, new.guessed, new.log = (
            self.history[:],
            self.cards[:],
            self.guessed[:],
            self.log[:],
        )
        new.turn, new.winner, new.resampled = self.turn, self.winner, self.resampled
        return new

    def returns(self) -> tuple[float, ...]:
        return tuple(float(seat == self.winner) for seat in range(self.n))

    def outcome(self) -> Outcome | None:
        if self.winner < 0:
            return None
        others = tuple(s for s in range(self.n) if s != self.winner)
        return Outcome(
            (self.winner,), f"Player {self.winner + 1} named the middle card", ((self.winner,), others)
        )

    def view(self, seat: int | None, log_since: int | None = 0) -> JsonDict:
        own = seat is not None and len(self.cards) > 1 + seat
        over = self.winner >= 0
        result = self.outcome()
        return {
            "game": "guess",
            "seat": seat,
            "num_players": self.n,
            "phase": "guessing",
            "turn": self.turn,
            "decision": self.decision(),
            "current_player": self.current_player(),
            "your_card": self.cards[1 + seat] + 1 if own and seat is not None else None,
            "middle_card": self.cards[0] + 1 if over else None,
            "named": [v + 1 for v in self.guessed],
            "log": [] if log_since is None else [_entry(e, seat) for e in self.log[log_since:]],
            "log_size": len(self.log),
            "outcome": result.to_json() if result else None,
        }

    def resample(self, seat: int, rng: random.Random, *, search: bool = False) -> Self:
        """Deal again what ``seat`` cannot see: the middle card was named by nobody, and a
        player's card was named by anyone but that player (nobody may name their own)."""
        new = self.clone()
        new.resampled = True
        if self.winner >= 0:
            return new  # everything that matters is known
        hidden = [i for i in range(len(self.cards)) if i != 1 + seat]
        known = {self.cards[i] for i in range(len(self.cards)) if i not in hidden}
        named_by = [set(self.guessed[q :: self.n]) for q in range(self.n)]
        while True:
            pool = [v for v in range(CARDS) if v not in known]
            rng.shuffle(pool)
            deal = dict(zip(hidden, pool, strict=False))
            if (0 not in deal or deal[0] not in self.guessed) and all(
                deal[i] not in named_by[i - 1] for i in hidden if i > 0
            ):
                break
        for i, value in deal.items():
            new.cards[i] = value
        return new

    def decision(self) -> str:
        who = self.current_player()
        if who == TERMINAL:
            return "the game is over"
        return "chance deals a card" if who == CHANCE else f"Player {who + 1} names a number"

    def action_table(self) -> ActionTable:
        return TABLE

    def inventory(self) -> dict[str, Any]:
        # Every card is dealt (middle, hands) or still in the deck, never twice.
        return {"cards": sorted(self.cards + [v for v in range(CARDS) if v not in self.cards])}

    def start_record(self) -> JsonDict:
        return {"num_players": self.n, "options": {}}

    def record(self) -> JsonDict:
        if self.resampled:
            raise ValueError("a resampled state has no true record")
        return super().record()


class GuessGame(Game):
    name, title = ENTRY.name, ENTRY.title
    min_players, max_players, default_players = ENTRY.min_players, ENTRY.max_players, 2
    parameters = ()

    def new_initial_state(self, num_players: int | None = None, **options: object) -> GuessState:
        self.validate_options(options)
        return GuessState(self, self.check_players(num_players))

    def scenario(self, spec: Mapping[str, Any]) -> State:
        raise ScenarioError("Guess has no scenarios")

    def action_table(self, **options: object) -> ActionTable:
        return TABLE

    def max_game_length(self, num_players: int, **options: object) -> int:
        return 2 * CARDS

    def rules_summary(self) -> str:
        return "Name the face-down middle card before anyone else does.\n"

    def render_view(self, view: JsonDict) -> str:
        mine = f"your card: {view['your_card']}; " if view["your_card"] else ""
        return f"{mine}named so far: {view['named'] or 'nothing'}; {view['decision']}"

    def label(self, state: State, action: Action) -> str:
        kind, _, number = action.name.partition(":")
        return f"Deal card {number}" if kind == "deal" else f"Name {number}"


GAME = GuessGame()
