"""The suite's own games (``tests/games/``): Guess, with hidden cards and chance, and Pile, with
perfect information and no chance; neither keeps scores, has options or a heuristic. Between
them they take each of an entry's declarations both ways; ``conftest.py`` registers them, and a
test that proves "a game needs only its entry" runs on each (``OWN_NAMES``).
"""

from __future__ import annotations

import guess_game
import pile_game

from alaka.core.entry import GameEntry

OWN_GAMES: tuple[GameEntry, ...] = (guess_game.ENTRY, pile_game.ENTRY)
OWN_NAMES: tuple[str, ...] = tuple(entry.name for entry in OWN_GAMES)
