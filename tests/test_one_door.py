"""Issue 16: each game is one door. A game's state is data (it imports none of its game's
behaviour), and nothing outside ``src/alaka/games/<name>/`` imports a game module or compares a
game's name: the edges reach every game through its entry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import alaka

SOURCE = Path(alaka.__file__).parent
#: The built-in game folders (a package with an entry).
GAME_FOLDERS = sorted(p for p in (SOURCE / "games").iterdir() if (p / "__init__.py").exists())
#: The built-in games' names: nothing outside their folders may compare with them.
GAME_NAMES = {folder.name for folder in GAME_FOLDERS}
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


def _python_breaches(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for module in modules:
            if module.startswith("alaka.games.") and module.split(".")[2] in GAME_NAMES:
                found.append(f"{path}:{node.lineno}: imports {module}")
        constants: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            constants = [node.left, *node.comparators]
        elif isinstance(node, ast.Dict):
            constants = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.Subscript):
            constants = [node.slice]
        elif isinstance(node, ast.match_case) and isinstance(node.pattern, ast.MatchValue):
            constants = [node.pattern.value]
        for constant in constants:
            if isinstance(constant, ast.Constant) and constant.value in GAME_NAMES:
                found.append(f"{path}:{constant.lineno}: compares with {constant.value!r}")
    return found


def test_no_edge_imports_a_game_or_compares_its_name() -> None:
    """Imports of a game's modules, comparisons with a game's name, dicts keyed by one, or a
    ``match`` on one: none outside the games' folders (docs and help text may name games)."""
    breaches = []
    for path in sorted(SOURCE.rglob("*.py")):
        if path.is_relative_to(SOURCE / "games") and path.parent != SOURCE / "games":
            continue
        breaches += _python_breaches(path)
    assert not breaches, "\n".join(breaches)


def test_no_browser_page_names_a_game() -> None:
    """The pages load a game's renderer from the URL its table summary gives (the entry's
    ``browser_renderer``): no page module imports a game's file or keys anything by its name."""
    names = "|".join(sorted(GAME_NAMES))
    pattern = re.compile(rf"""["'`]({names})["'`]|\b({names})\s*:|({names})\.js""")
    breaches = []
    for path in sorted((SOURCE / "ui" / "web" / "static").glob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line) and not line.lstrip().startswith("//"):
                breaches.append(f"{path}:{number}: {line.strip()}")
    assert not breaches, "\n".join(breaches)
