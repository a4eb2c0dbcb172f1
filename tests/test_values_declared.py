"""Every event and frozen value is written by hand as a plain class (``alaka.core.values``: the
compiled build makes them at every action, and a dataclass's generated ``__init__`` would stay
Python). Written by hand, its four declarations could drift apart: this holds, for every class
of both games, the annotated fields, ``__slots__``, ``__match_args__`` and ``__init__`` to one
another. The declarations are read from the source (a compiled class keeps no annotations, and
the compiled build installs each module's source beside it), and a value is made by the
module's source run as Python (the compiled class would refuse the test's numbers as fields of
other types), so the test runs the same on both builds."""

from __future__ import annotations

import ast
import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from alaka.core.events import Event, event_kinds
from alaka.core.values import FrozenValue, Value
from alaka.games.alakazoo.events import ZooEvent
from alaka.games.alakazum import actions, combat
from alaka.games.alakazum.events import ZumEvent

EVENTS = [*event_kinds(ZooEvent).values(), *event_kinds(ZumEvent).values()]


def below(cls: type) -> list[type]:
    """Every class below ``cls``, however deep."""
    return [sub for child in cls.__subclasses__() for sub in (child, *below(child))]


# Both games are imported above, so every frozen value they declare is found (and only theirs:
# other test modules may declare their own).
VALUES = [cls for cls in below(FrozenValue) if cls.__module__.startswith("alaka.")]
assert {actions.Announcement, combat.CombatResult} <= set(VALUES)


def source_file(cls: type) -> Path:
    """The source of ``cls``'s module (the ``.py`` beside it when the module is compiled)."""
    path = Path(str(sys.modules[cls.__module__].__file__))
    return path.with_name(path.name.split(".")[0] + ".py")


@functools.cache
def source_of(cls: type) -> ast.ClassDef:
    """The class statement of ``cls`` in its module's source."""
    source = source_file(cls)
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return node
    raise AssertionError(f"no class {cls.__name__} in {source}")


def own_fields(cls: type) -> list[str]:
    """The fields ``cls`` itself declares (annotations that are not class variables), in order."""
    return [
        node.target.id
        for node in source_of(cls).body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and not ast.unparse(node.annotation).startswith(("ClassVar", "typing.ClassVar"))
    ]


def own_slots(cls: type) -> list[str]:
    """The names in the ``__slots__`` that ``cls`` itself declares."""
    for node in source_of(cls).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__slots__" for target in node.targets
        ):
            return list(ast.literal_eval(node.value))
    return []


def init_parameters(cls: type) -> list[str]:
    """The parameters (after ``self``) of the ``__init__`` that ``cls`` runs, from the source."""
    for klass in cls.__mro__:
        if klass.__module__.startswith("alaka."):
            for node in source_of(klass).body:
                if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                    return [arg.arg for arg in node.args.args[1:]]
    raise AssertionError(f"{cls.__name__} declares no __init__")


@functools.cache
def _interpreted(source: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_interpreted_{source.stem}", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass in the module looks its module up there
    spec.loader.exec_module(module)
    return module


def as_written(cls: type) -> type:
    """``cls`` itself in the pure build; in the compiled build, the class its module's source
    defines when run as Python (so that any value is taken, as the source's ``__init__`` takes it)."""
    path = Path(str(sys.modules[cls.__module__].__file__))
    if path.suffix == ".py":
        return cls
    made: type = getattr(_interpreted(source_file(cls)), cls.__name__)
    return made


def declared(cls: type[Value]) -> tuple[list[str], list[str]]:
    """The fields and slots that ``cls`` and its bases below ``Event`` (or ``Value``) declare."""
    base = Event if issubclass(cls, Event) else Value
    fields: list[str] = []
    slots: list[str] = []
    for klass in reversed(cls.__mro__):
        if issubclass(klass, base) and klass not in (base, ZooEvent, ZumEvent):
            fields += own_fields(klass)
            slots += own_slots(klass)
    return fields, slots


@pytest.mark.parametrize("cls", [*EVENTS, *VALUES], ids=lambda cls: cls.__name__)
def test_fields_slots_match_args_and_init_agree(cls: type[Value]) -> None:
    inherited = ["actor", "private"] if issubclass(cls, Event) else []
    fields, slots = declared(cls)
    assert list(cls.__match_args__) == inherited + fields
    assert sorted(slots) == sorted(fields)
    assert init_parameters(cls) == list(cls.__match_args__)
    # each argument lands in its own field
    made = as_written(cls)(*range(len(cls.__match_args__)))
    assert [getattr(made, name) for name in cls.__match_args__] == list(range(len(cls.__match_args__)))
