"""Alaka: a digital tabletop, simulator and AI test bed for Alakazum! and Alakazoo.

The public API::

    import alaka
    game = alaka.game("alakazoo")
    state = game.new_initial_state(num_players=3)
    final = alaka.play(state, [alaka.RandomBot()] * 3, seed=7)
    again = alaka.replay(final.record())
"""

# ``alaka.games`` is the games package made callable (see its docstring): ``alaka.games()``.
from alaka import games
from alaka.bots.random_bot import RandomBot
from alaka.core.driver import Bot, play
from alaka.core.errors import AlakaError, IllegalAction, OptionError, RecordError, ScenarioError
from alaka.core.protocol import CHANCE, TERMINAL, Action, Game, Outcome, State
from alaka.core.records import replay, replay_states
from alaka.core.registry import game

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "AlakaError",
    "Bot",
    "Game",
    "IllegalAction",
    "OptionError",
    "Outcome",
    "RandomBot",
    "RecordError",
    "ScenarioError",
    "State",
    "game",
    "games",
    "play",
    "replay",
    "replay_states",
]
