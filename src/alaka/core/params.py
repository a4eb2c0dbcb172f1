"""Typed game options: declared once per game, validated once, recorded with every game.

A game lists its options as :class:`Parameter` values (``game.parameters``). Callers pass
options as keyword arguments (Python) or ``name=value`` strings (command line); both go
through :func:`validate_options`, so a bad option gets the same clear message everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from alaka.core.errors import OptionError
from alaka.core.language import N_, tr

OptionValue = bool | int | str

# TRANSLATORS: {name} is an option's name, quoted; {value} what was given, quoted; true and false
# are typed as they are.
_TAKES_BOOL = N_("option {name} takes true or false, not {value}")
# TRANSLATORS: {name} is an option's name, quoted; {value} what was given, quoted.
_TAKES_INT = N_("option {name} takes a whole number, not {value}")
# TRANSLATORS: {name} is an option's name, quoted; {value} what was given, quoted.
_TAKES_TEXT = N_("option {name} takes text, not {value}")


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
                raise OptionError(self._wrong(_TAKES_BOOL, text))
        elif self.kind is int:
            try:
                value = int(text)
            except ValueError:
                raise OptionError(self._wrong(_TAKES_INT, text)) from None
        else:
            value = text
        return self.check(value)

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if it is valid for this option, else raise :class:`OptionError`."""
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(self._wrong(_TAKES_BOOL, value))
            return value
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(self._wrong(_TAKES_INT, value))
            if self.minimum is not None and value < self.minimum:
                # TRANSLATORS: {name} is the option's name, quoted; {least} and {value} numbers.
                least = tr("option {name} must be at least {least}, not {value}")
                raise OptionError(least.format(name=repr(self.name), least=self.minimum, value=value))
            if self.maximum is not None and value > self.maximum:
                # TRANSLATORS: {name} is the option's name, quoted; {most} and {value} numbers.
                most = tr("option {name} must be at most {most}, not {value}")
                raise OptionError(most.format(name=repr(self.name), most=self.maximum, value=value))
            return value
        if not isinstance(value, str):
            raise OptionError(self._wrong(_TAKES_TEXT, value))
        if self.choices and value not in self.choices:
            # TRANSLATORS: {name} is the option's name, quoted; {choices} its values, typed as they
            # are; {value} what was given, quoted.
            one_of = tr("option {name} must be one of {choices}; got {value}")
            raise OptionError(
                one_of.format(name=repr(self.name), choices=", ".join(self.choices), value=repr(value))
            )
        return value

    def _wrong(self, message: str, value: object) -> str:
        """``message`` (one of the ``_TAKES`` messages) in the reader's language, filled in."""
        return tr(message).format(name=repr(self.name), value=repr(value))

    def describe_values(self) -> str:
        """A short human description of the allowed values, for ``alaka rules``."""
        if self.choices:  # the values as they are typed
            return " | ".join(self.choices)
        if self.kind is bool:
            return "true | false"
        if self.kind is int:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            if low or high:
                # TRANSLATORS: the values an option takes: {low}..{high} is a range (1..10, 3..).
                return tr("whole number {low}..{high}").format(low=low, high=high)
            return tr("whole number")
        return tr("path to a file") if self.is_path else tr("text")


def _unknown(name: str, known: Mapping[str, Parameter]) -> str:
    if not known:
        # TRANSLATORS: {name} is the option given, quoted.
        return tr("unknown option {name}; this game has no options").format(name=repr(name))
    # TRANSLATORS: {name} is the option given, quoted; {names} the game's options, typed as they are.
    return tr("unknown option {name}; this game's options are: {names}").format(
        name=repr(name), names=", ".join(known)
    )


def validate_options(
    parameters: Sequence[Parameter], options: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Check ``options`` against ``parameters`` and fill in defaults.

    Unknown names are rejected with the list of known ones, so a typo never passes silently.
    """
    known = {p.name: p for p in parameters}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise OptionError(_unknown(unknown[0], known))
    return {p.name: p.check(options[p.name]) if p.name in options else p.default for p in parameters}


def parse_option_strings(parameters: Sequence[Parameter], texts: Sequence[str]) -> dict[str, OptionValue]:
    """Parse ``name=value`` strings (command line) into typed option values."""
    known = {p.name: p for p in parameters}
    result: dict[str, OptionValue] = {}
    for text in texts:
        name, sep, raw = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            # TRANSLATORS: name=value is typed as it is; {text} is what was given, quoted.
            raise OptionError(tr("options are written name=value; got {text}").format(text=repr(text)))
        if name not in known:
            raise OptionError(_unknown(name, known))
        result[name] = known[name].parse(raw)
    return result
