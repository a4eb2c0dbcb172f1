"""Typed game options: declared once per game, validated once, recorded with every game.

A game lists its options as :class:`Parameter` values (``game.parameters``). Callers pass
options as keyword arguments (Python) or ``name=value`` strings (command line); both go
through :func:`validate_options`, so a bad option gets the same clear message everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from alaka.core.errors import OptionError

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class Parameter:
    """One game option: its name, type, default, allowed values and what it changes."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: Options that name a file (a content variant) default to "" meaning "the built-in data".
    is_path: bool = False
    #: The option in a few plain words, for people choosing it (a lobby); "" = its name.
    label: str = ""
    #: Each of ``choices`` in plain words, in the same order (empty: the choices themselves).
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name!r}: one label per choice")

    @property
    def kind(self) -> type:
        return type(self.default)

    def parse(self, text: str) -> OptionValue:
        """Turn a command-line string into a value of this option's type, then check it."""
        value: OptionValue
        if self.kind is bool:
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                value = True
            elif lowered in ("0", "false", "no", "off"):
                value = False
            else:
                raise OptionError(f"option {self.name!r} takes true or false, not {text!r}")
        elif self.kind is int:
            try:
                value = int(text)
            except ValueError:
                raise OptionError(f"option {self.name!r} takes a whole number, not {text!r}") from None
        else:
            value = text
        return self.check(value)

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if it is valid for this option, else raise :class:`OptionError`."""
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} takes true or false, not {value!r}")
            return value
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            return value
        if not isinstance(value, str):
            raise OptionError(f"option {self.name!r} takes text, not {value!r}")
        if self.choices and value not in self.choices:
            raise OptionError(f"option {self.name!r} must be one of {', '.join(self.choices)}; got {value!r}")
        return value

    def describe_values(self) -> str:
        """A short human description of the allowed values, for ``alaka rules``."""
        if self.choices:
            return " | ".join(self.choices)
        if self.kind is bool:
            return "true | false"
        if self.kind is int:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            return f"whole number {low}..{high}" if (low or high) else "whole number"
        return "path to a file" if self.is_path else "text"


def validate_options(
    parameters: Sequence[Parameter], options: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Check ``options`` against ``parameters`` and fill in defaults.

    Unknown names are rejected with the list of known ones, so a typo never passes silently.
    """
    known = {p.name: p for p in parameters}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r}; this game's options are: {', '.join(known) or 'none'}"
        )
    return {p.name: p.check(options[p.name]) if p.name in options else p.default for p in parameters}


def parse_option_strings(parameters: Sequence[Parameter], texts: Sequence[str]) -> dict[str, OptionValue]:
    """Parse ``name=value`` strings (command line) into typed option values."""
    known = {p.name: p for p in parameters}
    result: dict[str, OptionValue] = {}
    for text in texts:
        name, sep, raw = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise OptionError(f"options are written name=value; got {text!r}")
        if name not in known:
            raise OptionError(
                f"unknown option {name!r}; this game's options are: {', '.join(known) or 'none'}"
            )
        result[name] = known[name].parse(raw)
    return result
