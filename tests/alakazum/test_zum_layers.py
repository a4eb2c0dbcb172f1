"""How Alakazum!'s rules are cut: one module per rulebook chapter (the data-only state of every
game is checked in tests/test_one_door.py)."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import alaka
import alaka.games.alakazum as package
from alaka.games.alakazum import phases, rules

FOLDER = Path(package.__file__).parent


def test_the_rules_package_maps_every_chapter_module_in_its_docstring() -> None:
    # Read from the source: a compiled build (README) keeps no module docstrings.
    doc = ast.get_docstring(ast.parse((FOLDER / "rules" / "__init__.py").read_text("utf-8"))) or ""
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
