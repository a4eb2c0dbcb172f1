"""What a typed answer to a numbered menu means: a choice, a command, or a problem to explain.

Kept free of any terminal so every rule of the prompt is unit-tested. A player may type the
choice's number, or the start of its label (any case, accents optional, spaces squeezed), since
reading "Play Combat potion" is easier than counting to 14 in a long menu; the start must be
unique, and when it is not the problem lists the candidates instead of guessing. A handful of
words are commands rather than choices; they are checked first and none of them starts any
label the games write.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from alaka.core.glossary import fold
from alaka.core.language import tr, trn

CommandName = Literal["help", "quit", "undo", "table", "info", "log", "rules"]

#: Typed words that are commands, not choices (after :func:`normalize`).
COMMANDS: dict[str, CommandName] = {
    "?": "help",
    "help": "help",
    "quit": "quit",
    "exit": "quit",
    "undo": "undo",
    "table": "table",
    "info": "info",
    "log": "log",
    "rules": "rules",
}
#: Commands that take what follows them (``info Double potion``, ``? 3``, ``log 2``); ``?`` and
#: ``help`` followed by a name explain it, like ``info``.
WITH_ARGUMENT: dict[str, CommandName] = {"?": "info", "help": "info", "info": "info", "log": "log"}


@dataclass(frozen=True, slots=True)
class Pick:
    """The player chose menu entry ``index`` (0-based)."""

    index: int


@dataclass(frozen=True, slots=True)
class Command:
    """The player typed a command (rules summary, quit, ...) instead of a choice; ``argument`` is
    what followed its word, as typed (``info Double potion``: ``"Double potion"``)."""

    name: CommandName
    argument: str = ""


@dataclass(frozen=True, slots=True)
class Problem:
    """The answer chose nothing; ``message`` is one line saying why and what would work.

    ``matches`` holds the entries an ambiguous start could mean, so the caller can list them.
    """

    message: str
    matches: tuple[int, ...] = ()


Answer = Pick | Command | Problem


def normalize(text: str) -> str:
    """Case-folded, accents removed, whitespace squeezed: how typed text and labels are compared
    (the glossary's :func:`~alaka.core.glossary.fold`, so "Tió de Nadal" is reachable from a
    keyboard without accents, in menus and in ``info`` alike)."""
    return fold(text)


def hint(count: int) -> str:
    """What the player may type, for the end of a problem line."""
    # TRANSLATORS: ? and quit are typed as they are: keep them.
    return trn(
        "type {n}, the start of a choice, ? for help, or quit",
        "type 1 to {n}, the start of a choice, ? for help, or quit",
        count,
    ).format(n=count)


def parse_choice(text: str, labels: Sequence[str], names: Sequence[str] = ()) -> Answer:
    """Read ``text`` against a menu of ``labels``.

    ``names`` are the actions' canonical strings (``roll:1+3``), accepted when typed in full so
    that people who know the notation can use it. Order of precedence: commands, numbers, a
    whole label or canonical name, then a unique label start.
    """
    count = len(labels)
    typed = normalize(text)
    if not typed:
        return Problem(hint(count))
    if typed in COMMANDS:
        return Command(COMMANDS[typed])
    word, _, rest = text.strip().partition(" ")
    if normalize(word) in WITH_ARGUMENT and rest.strip():
        return Command(WITH_ARGUMENT[normalize(word)], " ".join(rest.split()))
    if typed.isascii() and typed.isdigit():
        number = int(typed)
        if 1 <= number <= count:
            return Pick(number - 1)
        # TRANSLATORS: {hint} says what the player may type.
        return Problem(tr("there is no choice {number}: {hint}").format(number=number, hint=hint(count)))
    folded = [normalize(label) for label in labels]
    whole = [i for i, label in enumerate(folded) if label == typed]
    whole += [i for i, name in enumerate(names) if normalize(name) == typed and i not in whole]
    if len(whole) == 1:
        return Pick(whole[0])
    matches = tuple(i for i, label in enumerate(folded) if label.startswith(typed))
    if len(matches) == 1:
        return Pick(matches[0])
    shown = " ".join(text.split())
    if matches:
        # TRANSLATORS: {typed} is what the player typed, quoted; {n} is at least 2.
        start = trn(
            "{typed} is the start of {n} choice; type more, or a number:",
            "{typed} is the start of {n} choices; type more, or a number:",
            len(matches),
        )
        return Problem(start.format(typed=repr(shown), n=len(matches)), matches)
    # TRANSLATORS: {typed} is what the player typed, quoted; {hint} says what the player may type.
    return Problem(tr("no choice starts with {typed}: {hint}").format(typed=repr(shown), hint=hint(count)))
