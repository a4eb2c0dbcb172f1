"""The one explicit list of games. Importing it loads no game: each is imported on first use."""

from __future__ import annotations

import importlib
from functools import cache

from alaka.core.errors import UnknownGame
from alaka.core.protocol import Game

#: name -> "module:attribute" of the game object.
_GAMES: dict[str, str] = {
    "alakazoo": "alaka.games.alakazoo.game:GAME",
    "alakazum": "alaka.games.alakazum.game:GAME",
}


def games() -> tuple[str, ...]:
    """Names of the registered games, sorted."""
    return tuple(sorted(_GAMES))


@cache
def game(name: str) -> Game:
    """The game registered under ``name`` (for example ``alaka.game("alakazoo")``)."""
    target = _GAMES.get(name.strip().lower())
    if target is None:
        raise UnknownGame(f"no game is called {name!r}; the games are: {', '.join(games())}")
    module_name, _, attribute = target.partition(":")
    found = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(found, Game):
        raise TypeError(f"{target} is not a Game")
    return found
