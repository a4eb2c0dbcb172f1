"""Issue 16: each game is one door. A game's state is data (it imports none of its game's
behaviour), and nothing outside ``src/alaka/games/<name>/`` imports a game module or compares a
game's name: the edges reach every game through its entry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import alaka

SOURCE = Path(alaka.__file__).parent
#: The built-in game folders (a package with an entry).
GAME_FOLDERS = sorted(p for p in (SOURCE / "games").iterdir() if (p / "__init__.py").exists())
#: The modules of a game that hold behaviour; its state may import none of them.
BEHAVIOUR = ("rules", "text", "view", "heuristic", "game", "scenario", "terminal", "stats", "encoding")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("folder", GAME_FOLDERS, ids=[f.name for f in GAME_FOLDERS])
def test_a_games_state_holds_data_and_imports_no_behaviour(folder: Path) -> None:
    """state.py reaches the rules, the view and the text through its game (core/phased.py), so
    importing it loads none of them and they may import it without a loop."""
    imported = imported_modules(folder / "state.py")
    for name in BEHAVIOUR:
        prefix = f"alaka.games.{folder.name}.{name}"
        assert not any(m == prefix or m.startswith(prefix + ".") for m in imported), f"state imports {name}"
