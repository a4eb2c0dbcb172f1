"""How Alakazum!'s folder is cut: a data-only state, and rules split by rulebook chapter."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import alaka
import alaka.games.alakazum as package
from alaka.games.alakazum import phases, rules

FOLDER = Path(package.__file__).parent
#: The modules that hold behaviour; the state may import none of them.
BEHAVIOUR = ("rules", "text", "view", "heuristic", "game", "scenario", "terminal")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_state_holds_data_and_imports_no_behaviour() -> None:
    """state.py reaches the rules, the view and the text through its game, so importing it
    loads none of them and they may import it without a loop."""
    imported = imported_modules(FOLDER / "state.py")
    for name in BEHAVIOUR:
        assert not any(m.startswith(f"alaka.games.alakazum.{name}") for m in imported), name


def test_the_rules_package_maps_every_chapter_module_in_its_docstring() -> None:
    doc = rules.__doc__ or ""
    modules = [info.name for info in pkgutil.iter_modules(rules.__path__)]
    assert len(modules) >= 8
    for name in modules:
        assert f":mod:`.{name}`" in doc, name


def test_every_decision_phase_and_every_action_kind_has_one_chapter() -> None:
    """Each phase where a seat decides lists its legal actions in exactly one chapter, and each
    kind of action is applied by exactly one (joining the chapters' tables refuses duplicates)."""
    decision_phases = {
        value
        for name, value in vars(phases).items()
        if name.startswith("PH_") and value not in phases.CHANCE_PHASES and value != phases.PH_OVER
    }
    assert set(rules._LEGAL) == decision_phases
    kinds = {action.kind for action in alaka.game("alakazum").action_table().actions}
    assert set(rules._APPLY) == kinds
