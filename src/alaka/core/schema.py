"""Checking JSON data against the ``TypedDict`` that documents it.

Views are declared as ``TypedDict``s (a game's ``view.py``), so mypy checks the code that
builds them; this checks the data itself, as the conformance kit does with every view of its
random games, so a key added, dropped or retyped without changing the declaration is caught.
Only what JSON can hold is understood: ``TypedDict``, ``list[...]``, ``dict[str, ...]``,
unions (``X | None``), ``Literal``, ``str``, ``int``, ``float``, ``bool``, ``None`` and ``Any``.
"""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


class SchemaError(AssertionError):
    """Data that does not have the declared shape; the message says where (a JSON path)."""


def check_json(value: object, declared: object, path: str = "$") -> None:
    """Raise :class:`SchemaError` unless ``value`` has the shape ``declared`` says."""
    if declared is Any:
        return
    if is_typeddict(declared):
        _check_typeddict(value, declared, path)
        return
    origin = get_origin(declared)
    if origin in (Union, types.UnionType):
        problems = []
        for option in get_args(declared):
            try:
                check_json(value, option, path)
                return
            except SchemaError as error:
                problems.append(str(error))
        raise SchemaError(f"{path}: {value!r:.80} matches none of {declared}: " + "; ".join(problems))
    if origin is Literal:
        if value not in get_args(declared):
            raise SchemaError(f"{path}: {value!r:.80} is not one of {get_args(declared)}")
        return
    if origin is list:
        if not isinstance(value, list):
            raise SchemaError(f"{path}: expected a list, got {type(value).__name__}")
        (item,) = get_args(declared)
        for index, element in enumerate(value):
            check_json(element, item, f"{path}[{index}]")
        return
    if origin is dict:
        if not isinstance(value, dict):
            raise SchemaError(f"{path}: expected an object, got {type(value).__name__}")
        key_type, item = get_args(declared)
        for key, element in value.items():
            check_json(key, key_type, f"{path}.<key>")
            check_json(element, item, f"{path}.{key}")
        return
    _check_scalar(value, declared, path)


def _check_typeddict(value: object, declared: Any, path: str) -> None:
    if not isinstance(value, dict):
        raise SchemaError(f"{path}: expected an object ({declared.__name__}), got {type(value).__name__}")
    hints = get_type_hints(declared)
    missing = sorted(declared.__required_keys__ - value.keys())
    if missing:
        raise SchemaError(f"{path}: {declared.__name__} lacks {', '.join(missing)}")
    unknown = sorted(value.keys() - hints.keys())
    if unknown:
        raise SchemaError(f"{path}: {declared.__name__} does not declare {', '.join(unknown)}")
    for key, element in value.items():
        check_json(element, hints[key], f"{path}.{key}")


def _check_scalar(value: object, declared: object, path: str) -> None:
    if declared is None or declared is type(None):
        ok = value is None
    elif declared is bool:
        ok = isinstance(value, bool)
    elif declared is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif declared is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif declared is str:
        ok = isinstance(value, str)
    else:
        raise TypeError(f"{path}: {declared!r} is not a JSON type this checker knows")
    if not ok:
        name = getattr(declared, "__name__", repr(declared))
        raise SchemaError(f"{path}: expected {name}, got {value!r:.80}")
