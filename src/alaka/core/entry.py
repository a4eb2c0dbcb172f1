"""A game's one door: the entry its folder declares, naming every part the edges need.

Each game package (``alaka/games/<name>/__init__.py``, or a package outside Alaka registered
with :func:`alaka.core.registry.register` or the ``alaka.games`` entry-point group) defines
``ENTRY = GameEntry(...)``. The entry holds what a list of games shows (name, title, player
counts) and names the rest by import path, loaded on first use: the game object, the heuristic
(policy and evaluator) if the game has one, the terminal table, the browser renderer, the
per-game statistics and the observation encoding. It also declares what the edges would
otherwise assume: whether the game hides information, whether it keeps scores and what its
returns mean, and which of its modules the compiled build compiles. The edges (bots, terminal,
browser, simulator, RL adapters) ask the entry and never import a game module or compare a
game's name, so adding a game is one folder; a game without a part still works everywhere that
part is optional.

Only the standard library is used here; an edge that needs a part loads it with its own
libraries installed (a terminal table uses Rich, which only the terminal loads).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import TYPE_CHECKING, Any

from alaka.core.errors import AlakaError

if TYPE_CHECKING:
    from alaka.core.protocol import Action, Game, JsonDict, State

#: A policy picks a legal action for a seat, reading only what that seat may see.
Policy = Callable[["State", int, random.Random], "Action"]
#: An evaluator gives each seat's chance to win a position (values in [0, 1] summing to 1).
Evaluator = Callable[["State"], Sequence[float]]


#: The returns the protocol describes (``State.returns``), which both built-in games give.
WINNER_RETURNS = "1 to each winner (a shared win counts for each), 0 to the others"


class MissingPart(AlakaError):
    """A game was asked for a part it does not have (a heuristic, a renderer, ...)."""


@dataclass(frozen=True)
class Heuristic:
    """A game's hand-written play: a fast policy and a position evaluator."""

    policy: Policy
    evaluate: Evaluator


def _load(target: str) -> Any:
    """The object at ``"package.module:attribute"`` (or the module itself without ``:``)."""
    module_name, _, attribute = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True)
class GameEntry:
    """What a game declares about itself; every field after the player counts is optional
    and names a part by import path (``"module:attribute"``), loaded only when asked for."""

    name: str
    title: str
    min_players: int
    max_players: int
    #: The :class:`~alaka.core.protocol.Game` object.
    game: str
    #: A module with ``policy(state, seat, rng)`` and ``evaluate(state)``.
    heuristic: str | None = None
    #: A function drawing a view as a Rich renderable (the terminal's table, shown below the
    #: terminal's own header: game, turn, whose view, the decision).
    terminal_table: str | None = None
    #: A function drawing, compactly, the part of a view that matters to the decision at hand
    #: (a seat's board next to the prompt, the combat while fighting), for a terminal of 80x24;
    #: without one the terminal shows the whole table.
    terminal_focus: str | None = None
    #: A JavaScript module in the game's package drawing a view in the browser (its path
    #: inside the package, e.g. ``"web/renderer.js"``; it exports ``render(view, ctx)``).
    browser_renderer: str | None = None
    #: The ``TypedDict`` of the game's views (checked against real views by the conformance
    #: kit); every view is checked against :class:`~alaka.core.protocol.BaseView` anyway.
    view_type: str | None = None
    #: A module with ``COLUMNS`` and ``statistics(final_state)`` (the simulator's columns).
    statistics: str | None = None
    #: A module with the observation encoding of the RL adapters.
    encoding: str | None = None
    #: A module with ``glossary(state)`` and ``topics(state, action)``: every card, character,
    #: board, die... of the game explained (:mod:`alaka.core.glossary`).
    glossary: str | None = None
    #: The learned policy and value (:mod:`alaka.bots.learned`): a weights file inside the
    #: game's package, e.g. ``"data/learned.npz"`` (made by ``alaka train``). Without one the
    #: game plays everywhere; only the ``learned`` bot and guided search need it.
    learned: str | None = None
    #: Whether a seat may not see everything (hands, a face-down deck): the conformance kit
    #: then requires ``resample`` to vary what the seat cannot see; a game of perfect
    #: information declares ``False`` and its ``resample`` is a copy.
    hidden_information: bool = True
    #: Whether the game keeps scores (its records' ``scores``, shown and plotted by ``alaka
    #: report``); a game that only names winners declares ``False``.
    scores: bool = True
    #: What ``state.returns()`` gives each seat at the end, in words (the report of a game
    #: without scores says it); :data:`WINNER_RETURNS`, the protocol's rule, unless the game's
    #: returns mean more (a margin, a rank).
    returns: str = WINNER_RETURNS
    #: The game's modules the compiled build compiles, named inside its package (``"rules"``,
    #: ``"rules.fight"``): the hot path (state, actions, rules...). Only a built-in game's are
    #: compiled (:mod:`alaka.core.compiling` gathers them), so core names no game module.
    compiled: tuple[str, ...] = ()
    #: The bots a table offers by strength, weakest first, as bot specs: the levels Easy,
    #: Medium, Hard... in order. Each should be measured stronger than the one before it, head to
    #: head and as one seat among the one below (``benchmarks/levels.py``; docs/bots.md has the
    #: measurements). Empty: random play, the heuristic where the game has one, then two search
    #: budgets, which nothing has measured.
    levels: tuple[str, ...] = ()
    #: The guided first game (:mod:`alaka.core.lesson`): ``"module:attribute"`` of a
    #: :class:`~alaka.core.lesson.Lesson` (``"...lesson:LESSON"``). Without one the lobby and
    #: ``alaka learn`` offer no lesson for the game.
    lesson: str | None = None

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"a game's name is a lowercase identifier, not {self.name!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: player counts {self.min_players}-{self.max_players}")
        for module in self.compiled:
            if not all(part.isidentifier() for part in module.split(".")):
                raise ValueError(f"{self.name}: {module!r} is not a module name inside the game's package")

    @property
    def package(self) -> str:
        """The package the game object lives in (its data files are found there)."""
        return self.game.partition(":")[0].rpartition(".")[0]

    def load_game(self) -> Game:
        from alaka.core.protocol import Game

        found = _load(self.game)
        if not isinstance(found, Game):
            raise TypeError(f"{self.game} is not a Game")
        if (found.name, found.min_players, found.max_players) != (
            self.name,
            self.min_players,
            self.max_players,
        ):
            raise TypeError(f"{self.game} does not match the entry of {self.name!r}")
        return found

    @property
    def compiled_modules(self) -> tuple[str, ...]:
        """The full names of the modules in :attr:`compiled`."""
        return tuple(f"{self.package}.{name}" for name in self.compiled)

    @property
    def has_heuristic(self) -> bool:
        return self.heuristic is not None

    def load_heuristic(self) -> Heuristic:
        """The game's heuristic; :class:`MissingPart` if it has none."""
        if self.heuristic is None:
            raise MissingPart(f"{self.title} has no heuristic")
        module = _load(self.heuristic)
        return Heuristic(module.policy, module.evaluate)

    def learned_weights(self) -> Traversable | None:
        """The packaged weights file of the learned bots, or ``None`` if the entry names none or
        the file is missing (the game then plays without them)."""
        if self.learned is None:
            return None
        found = resources.files(self.package).joinpath(self.learned)
        return found if found.is_file() else None

    @property
    def has_learned(self) -> bool:
        return self.learned_weights() is not None

    def load_terminal_table(self) -> Callable[[JsonDict], Any] | None:
        """The terminal table function, or ``None`` (the terminal then shows the text view)."""
        return None if self.terminal_table is None else _load(self.terminal_table)

    def load_terminal_focus(self) -> Callable[[JsonDict], Any] | None:
        """The terminal focus function, or ``None`` (the terminal then shows the whole table)."""
        return None if self.terminal_focus is None else _load(self.terminal_focus)

    def load_view_type(self) -> type | None:
        """The game's view ``TypedDict``, or ``None`` if it declares none."""
        return None if self.view_type is None else _load(self.view_type)

    def load_part(self, field: str) -> Any:
        """An optional module-valued part (``statistics``, ``encoding``, ``glossary``); :class:`MissingPart`
        if the game does not declare it."""
        target = getattr(self, field)
        if target is None:
            raise MissingPart(f"{self.title} declares no {field}")
        return _load(target)
