"""Issue 16: each game is one door. A game's state is data (it imports none of its game's
behaviour), and nothing outside ``src/alaka/games/<name>/`` imports a game module or compares a
game's name: the edges reach every game through its entry."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest

import alaka
from alaka.core.registry import entry

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


def _state_module(name: str) -> str:
    """The module a game's states are defined in, found from a state of its game rather than
    assumed to be a ``state.py``."""
    return type(entry(name).load_game().new_initial_state()).__module__


def _source_of(module: str) -> Path:
    """The Python source of a module of the package, read as text even where the compiled build
    imports a compiled extension in its place (its ``.py`` is installed beside it)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    origin = Path(spec.origin)
    if origin.suffix == ".py":
        return origin
    source = origin.with_name(module.rpartition(".")[2] + ".py")
    assert source.exists(), f"{module} is compiled and its source is not beside it"
    return source


def _module_root(name: str) -> str:
    """The package holding a game's modules (for a one-file game, that file's module)."""
    found = entry(name)
    return found.package or found.game.partition(":")[0]


@pytest.mark.parametrize("name", alaka.games())
def test_a_games_state_holds_data_and_imports_no_behaviour(name: str) -> None:
    """A game's state reaches the rules, the view and the text through its game (core/phased.py),
    so importing it loads none of them and they may import it without a loop. A one-file game
    (the suite's own) keeps its state with its behaviour: nothing to keep apart."""
    module, root = _state_module(name), _module_root(name)
    if module == root:
        return
    imported = imported_modules(_source_of(module))
    for part in BEHAVIOUR:
        prefix = f"{root}.{part}"
        assert not any(m == prefix or m.startswith(prefix + ".") for m in imported), f"state imports {part}"


def test_no_core_file_or_build_script_names_a_games_module() -> None:
    """A new game is compiled, listed and played without editing core or setup.py: the compiled
    build gathers each built-in game's modules from its entry (``GameEntry.compiled``), so
    neither names a game's module path (``alaka.games.<name>``, ``games/<name>/``)."""
    names = alaka.games()
    patterns = [_module_root(name) for name in names]
    patterns += [f"games/{name}/" for name in names] + [f"games.{name}" for name in names]
    files = sorted((SOURCE / "core").rglob("*.py")) + sorted((SOURCE / "core").rglob("*.pyi"))
    files.append(SOURCE.parent.parent / "setup.py")
    breaches = []
    for path in files:
        if not path.exists():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            breaches += [f"{path}:{number}: {pattern}" for pattern in patterns if pattern in line]
    assert not breaches, "\n".join(breaches)


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


def test_an_entry_names_its_compiled_modules_inside_its_package() -> None:
    """``compiled`` holds names like ``"rules.fight"``, joined to the entry's package; a path or
    a file name is refused when the entry is made, not when the build cannot find it."""
    from alaka.core.entry import GameEntry

    made = GameEntry("mine", "Mine", 2, 2, game="mine.game:GAME", compiled=("state", "rules.fight"))
    assert made.compiled_modules == ("mine.state", "mine.rules.fight")
    with pytest.raises(ValueError, match="not a module name"):
        GameEntry("mine", "Mine", 2, 2, game="mine.game:GAME", compiled=("rules/fight.py",))
