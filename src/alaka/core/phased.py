"""Shared glue for games written as a *phase machine* (both Alakazum! and Alakazoo).

Such a game keeps an integer ``phase`` in its state and a rules module of plain functions
(``legal_actions(s)``, ``apply(s, action)``, ...). :class:`PhasedState` turns that module into
the protocol's methods, and :class:`PhasedGame` builds states from validated options, so each
game writes only its rules, data, views and text.

The state holds data only: it reaches the behaviour through its game (``state.game``), whose
module imports the rules, the views and the text. So a game's ``state.py`` imports none of
them, and the rules, views and text import the state (for types only) without an import loop.
The game provides the rules module (:attr:`PhasedGame.game_rules`) and, for the protocol methods
a state does not write itself, :meth:`PhasedGame.view_of`, :meth:`PhasedGame.decision_of` and
:meth:`PhasedGame.inventory_of`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import resources
from typing import Any, ClassVar, Protocol

from alaka.core.protocol import CHANCE, TERMINAL, Action, ActionTable, Game, JsonDict, Outcome, State


class GameRules(Protocol):
    """What a phase-machine game's rules module provides (functions taking the state first)."""

    CHANCE_PHASES: frozenset[int]
    PH_OVER: int

    def setup(self, s: Any) -> None: ...
    def legal_actions(self, s: Any) -> tuple[Action, ...]: ...
    def chance_outcomes(self, s: Any) -> tuple[tuple[Action, float], ...]: ...
    def sample_chance(self, s: Any, rng: random.Random) -> Action: ...
    def is_chance_outcome(self, s: Any, action: Any) -> bool: ...
    def apply(self, s: Any, action: Any) -> None: ...
    def outcome(self, s: Any) -> Outcome | None: ...
    def resample(self, s: Any, seat: int, rng: random.Random) -> Any: ...
    def max_game_length(self, num_players: int, max_turns: int) -> int: ...


class GameOptions(Protocol):
    """Resolved options: the raw values (recorded), the safety limit, the action table."""

    @property
    def values(self) -> dict[str, Any]: ...
    @property
    def max_turns(self) -> int: ...
    def action_table(self) -> ActionTable: ...


class PhasedState(State):
    """The protocol methods every phase-machine state shares, reaching the rules through the
    state's game (see the module docstring)."""

    __slots__ = ()

    #: The game's action class (chance outcomes are checked against it).
    action_type: ClassVar[type[Action]]

    #: The :class:`PhasedGame` that made the state. Declared ``Any`` (not ``PhasedGame``) only so
    #: that a state whose constructor still takes a plain ``Game`` type-checks; the methods below
    #: give what they read from it its type.
    game: Any
    n: int
    phase: int
    opts: GameOptions
    scenario_spec: JsonDict | None
    resampled: bool

    def _seat_to_decide(self) -> int:
        """The seat deciding now, outside chance and the end."""
        raise NotImplementedError

    def current_player(self) -> int:
        rules: GameRules = self.game.game_rules
        if self.phase in rules.CHANCE_PHASES:
            return CHANCE
        if self.phase == rules.PH_OVER:
            return TERMINAL
        return self._seat_to_decide()

    def _legal(self) -> tuple[Action, ...]:
        rules: GameRules = self.game.game_rules
        return rules.legal_actions(self)

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        rules: GameRules = self.game.game_rules
        return rules.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        rules: GameRules = self.game.game_rules
        return rules.sample_chance(self, rng)

    def _is_legal(self, action: Action) -> bool:
        rules: GameRules = self.game.game_rules
        if self.phase in rules.CHANCE_PHASES:
            return isinstance(action, self.action_type) and rules.is_chance_outcome(self, action)
        legal = self._legal_cache or self.legal_actions()
        # Legal actions are the action table's own objects, so the action played is almost always
        # one of them: find it by identity. ``in`` alone would call the dataclass ``__eq__``
        # (a field-by-field comparison) for every action before it; only an equal copy made
        # elsewhere needs that.
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def _apply(self, action: Action) -> None:
        rules: GameRules = self.game.game_rules
        rules.apply(self, action)

    def view(self, seat: int | None, log_since: int | None = 0) -> JsonDict:
        game: PhasedGame = self.game
        return game.view_of(self, seat, log_since)

    def decision(self) -> str:
        game: PhasedGame = self.game
        return game.decision_of(self)

    def inventory(self) -> dict[str, Any]:
        game: PhasedGame = self.game
        return game.inventory_of(self)

    def action_table(self) -> ActionTable:
        return self.opts.action_table()

    def outcome(self) -> Outcome | None:
        rules: GameRules = self.game.game_rules
        return rules.outcome(self)

    def returns(self) -> tuple[float, ...]:
        """1.0 for each winner (a shared win counts for each), else 0.0; all 0.0 before the end."""
        outcome = self.outcome()
        if outcome is None:
            return (0.0,) * self.n
        return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(self.n))

    def resample(self, seat: int, rng: random.Random) -> State:
        rules: GameRules = self.game.game_rules
        resampled: State = rules.resample(self, seat, rng)
        return resampled

    def start_record(self) -> JsonDict:
        if self.scenario_spec is not None:
            return {"scenario": self.scenario_spec}
        return {"num_players": self.n, "options": dict(self.opts.values)}

    def record(self) -> JsonDict:
        if self.resampled:
            raise ValueError("a resampled state is a guess made for search; it has no true record")
        return super().record()

    @property
    def num_players(self) -> int:
        return self.n

    def max_game_length(self) -> int:
        rules: GameRules = self.game.game_rules
        return rules.max_game_length(self.n, self.opts.max_turns)


class PhasedGame(Game):
    """A game whose states are :class:`PhasedState`: options resolved once, then the rules' setup."""

    #: The game's rules module (its states reach it through their game).
    game_rules: ClassVar[GameRules]
    #: The package holding ``data/summary.md`` (the rules in brief).
    package: ClassVar[str]

    def view_of(self, state: Any, seat: int | None, log_since: int | None) -> JsonDict:
        """``state.view(seat, log_since)``, for a state that does not write its own."""
        raise NotImplementedError

    def decision_of(self, state: Any) -> str:
        """``state.decision()``, for a state that does not write its own."""
        raise NotImplementedError

    def inventory_of(self, state: Any) -> dict[str, Any]:
        """``state.inventory()``, for a state that does not write its own."""
        raise NotImplementedError

    def resolve_options(self, values: Mapping[str, Any]) -> GameOptions:
        """Load the content the options name and turn them into engine switches."""
        raise NotImplementedError

    def make_state(self, num_players: int, opts: Any) -> PhasedState:
        raise NotImplementedError

    def build_scenario(self, spec: Mapping[str, Any]) -> PhasedState:
        raise NotImplementedError

    def _options(self, options: Mapping[str, object]) -> Any:
        return self.resolve_options(self.validate_options(options))

    def new_initial_state(self, num_players: int | None = None, **options: object) -> PhasedState:
        n = self.check_players(num_players)
        state = self.make_state(n, self._options(options))
        self.game_rules.setup(state)
        return state

    def scenario(self, spec: Mapping[str, Any]) -> PhasedState:
        return self.build_scenario(spec)

    def action_table(self, **options: object) -> ActionTable:
        table: ActionTable = self._options(options).action_table()
        return table

    def max_game_length(self, num_players: int, **options: object) -> int:
        return self.game_rules.max_game_length(num_players, self._options(options).max_turns)

    def rules_summary(self) -> str:
        return resources.files(self.package).joinpath("data", "summary.md").read_text("utf-8")
