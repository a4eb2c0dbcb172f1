"""What a variant changes, in a designer's words, not a file's path.

``catalogue: Black Friday (cards[black_friday]).culture_points.B: 7 → 8``, not
``catalogue=/tmp/v.json``.

A run's options name content files by path (``catalogue=/tmp/v.json``), and a path says nothing
of what is in it. These helpers compare a content file with another (the built-in one by
default) value by value, and name each difference by the path ``alaka tune --param`` takes
(items of a list found by their ``id``), with the item's ``name`` first where it has one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from alaka.core.params import OptionValue
from alaka.core.protocol import Game
from alaka.sim.runs import SimulationError, option_text
from alaka.sim.tune import builtin_content

#: At most this many differences of one file are listed; the rest are counted.
SHOWN = 12


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text("utf-8"))
    except OSError as error:
        raise SimulationError(f"cannot read {str(path)!r}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise SimulationError(f"{str(path)!r}: not valid JSON ({error.msg}, line {error.lineno})") from None


def _by_id(items: list[Any]) -> dict[str, Any] | None:
    """A list of items that each have a distinct ``id``, keyed by it (None otherwise)."""
    keyed: dict[str, Any] = {}
    for item in items:
        key = item.get("id") if isinstance(item, dict) else None
        if not isinstance(key, str) or key in keyed:
            return None
        keyed[key] = item
    return keyed


def _differences(old: Any, new: Any, where: str, title: str) -> Iterator[str]:
    """``where: old → new`` for every value that differs (an item's name leads its path)."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [*old, *(k for k in new if k not in old)]:
            if key in ("about", "confidence"):  # words about the data, not the data
                continue
            yield from _differences(
                old.get(key), new.get(key), f"{where}.{key}" if where else str(key), title
            )
        return
    if isinstance(old, list) and isinstance(new, list):
        old_items, new_items = _by_id(old), _by_id(new)
        if old_items is not None and new_items is not None:
            for key in [*old_items, *(k for k in new_items if k not in old_items)]:
                item = new_items.get(key) or old_items[key]
                name = item.get("name") if isinstance(item, dict) else None
                yield from _differences(
                    old_items.get(key), new_items.get(key), f"{where}[{key}]", str(name) if name else title
                )
            return
        if len(old) == len(new):
            for k, (a, b) in enumerate(zip(old, new, strict=True)):
                yield from _differences(a, b, f"{where}.{k}", title)
            return
    if old != new:
        shown = f"{title} ({where})" if title else where
        yield f"{shown}: {_value(old)} → {_value(new)}"


def _value(value: Any) -> str:
    if value is None:
        return "(none)"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list, str)) else str(value)


def content_changes(
    game: Game, option: str, path: Path | str, against: Path | str | None = None
) -> list[str]:
    """Every value the content file ``path`` (of ``option``) sets otherwise than ``against``
    (the built-in file when None), at most :data:`SHOWN` of them and then how many more."""
    base = Path(against) if against else builtin_content(game, option)
    found = list(_differences(_read(base), _read(Path(path)), "", ""))
    if len(found) > SHOWN:
        found = [*found[:SHOWN], f"and {len(found) - SHOWN} more"]
    return found


def option_changes(
    game: Game, options: Mapping[str, OptionValue], reference: Mapping[str, OptionValue] | None = None
) -> list[str]:
    """What ``options`` set otherwise than ``reference`` (the game's defaults when None): a plain
    option as ``name old → new``, a content file as the values in it that differ. A content file
    that cannot be read is named as it is, with the reason."""
    parameters = {p.name: p for p in game.parameters}
    if reference is None:
        reference = {name: p.default for name, p in parameters.items()}
    lines = []
    for name, value in options.items():
        before = reference.get(name, parameters[name].default if name in parameters else None)
        if value == before:
            continue
        parameter = parameters.get(name)
        if parameter is not None and parameter.is_path:
            lines.extend(_file_changes(game, name, str(value), str(before) if before else ""))
            continue
        was = option_text(before) if before is not None else "(unset)"
        lines.append(f"{name} {was} → {option_text(value)}")
    return lines


def _file_changes(game: Game, option: str, path: str, before: str) -> list[str]:
    """The lines of a content option set to ``path`` where it was ``before`` ("": built in)."""
    if not path:
        return [f"{option}: the built-in file instead of {before}"]
    try:
        changed = content_changes(game, option, path, before or None)
    except SimulationError as error:
        return [f"{option}: {path} ({error})"]
    return [f"{option}: {line}" for line in changed or ["the same values as the file it replaces"]]
