"""The reader's language: every word a person reads goes through :func:`tr` and its kin.

Text is made per reader (a seat's view, a menu, a refusal) and never stored: a record holds
events and actions, which are data, so a game played in Catalan replays in English. What
language the text is made in is a context variable, set with :func:`speaking` around the code
that makes it (a server builds each seat's message inside ``speaking(that client's language)``;
the terminal speaks one language for its whole session). The default is English, the language
the messages are written in, and costs one lookup.

The catalogues are GNU gettext ``.mo`` files in ``alaka/locale/LANG/LC_MESSAGES/alaka.mo``, read
with the standard library's :mod:`gettext` (so the engines stay standard-library only); they are
made from the ``.po`` files beside them by ``python -m alaka.tools.catalogues compile``
(docs/languages.md). A message missing from a catalogue reads as its English.

How to write a message so it can be translated:

- the whole sentence in one message, its variable parts named: ``tr("{player} draws.").format(
  player=name)``, never an f-string or pieces glued together (other languages order words
  differently);
- a count through :func:`trn`, whose catalogue knows the language's plural forms;
- a message defined before anyone reads it (a module's table of names) marked with :func:`N_`
  and translated where it is read, ``tr(PHASE_NAMES[phase])``;
- a short word whose sense depends on where it is, with :func:`trc` and a context;
- names printed on the cards are not messages: they stay as printed in every language.
"""

from __future__ import annotations

import contextlib
import gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from functools import cache
from importlib import resources
from io import BytesIO
from typing import Final

#: The gettext domain: one catalogue per language holds the games', the terminal's and the pages'
#: messages.
DOMAIN: Final = "alaka"

#: The language messages are written in.
ENGLISH: Final = "en"

#: Every language Alaka speaks, by its code, with its own name for itself (what a switch shows).
LANGUAGES: Final[Mapping[str, str]] = {"en": "English", "es": "Español", "ca": "Català"}

_reader: ContextVar[str] = ContextVar("alaka_language", default=ENGLISH)


class _Null(gettext.NullTranslations):
    """English (or a language whose catalogue is missing): every message as written."""


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The messages of ``language`` (read once); English, or a missing catalogue, as written."""
    if language == ENGLISH:
        return _Null()
    path = resources.files("alaka").joinpath("locale", language, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return _Null()
    return gettext.GNUTranslations(BytesIO(data))


def reading() -> str:
    """The language text is being made in now."""
    return _reader.get()


@contextlib.contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Make text in ``language`` (a code of :data:`LANGUAGES`; ``None``: leave it as it is)
    inside the block; yields the language in use."""
    if language is None:
        yield _reader.get()
        return
    token = _reader.set(known(language))
    try:
        yield language
    finally:
        _reader.reset(token)


def known(language: str) -> str:
    """``language`` if Alaka speaks it, or a :class:`ValueError` that lists those it does."""
    if language not in LANGUAGES:
        spoken = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        raise ValueError(f"no language {language!r}: Alaka speaks {spoken}")
    return language


def tr(message: str) -> str:
    """``message`` in the reader's language."""
    language = _reader.get()
    if language == ENGLISH:
        return message
    return catalogue(language).gettext(message)


def trn(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` things, by the reader's language's plural rule.

    The count is not put in for you: ``trn("{n} card", "{n} cards", n).format(n=n)``."""
    language = _reader.get()
    if language == ENGLISH:
        return singular if count == 1 else plural
    return catalogue(language).ngettext(singular, plural, count)


def trc(context: str, message: str) -> str:
    """``message`` in the reader's language, in the sense ``context`` names (a word that reads
    differently in different places: a die's "roll" and a scroll's)."""
    language = _reader.get()
    if language == ENGLISH:
        return message
    return catalogue(language).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` as one to translate, and return it unchanged: it is translated where it
    is read, with :func:`tr`."""
    return message


_BLANK_LINES = re.compile(r"\n\s*\n")


def tr_document(text: str) -> str:
    """A document (a game's rules in brief, in Markdown) in the reader's language, translated
    paragraph by paragraph: each paragraph is one message (see :func:`paragraphs`)."""
    if _reader.get() == ENGLISH:
        return text
    return "\n\n".join(tr(paragraph) for paragraph in paragraphs(text)) + "\n"


def paragraphs(text: str) -> list[str]:
    """A document's paragraphs, the blank lines between them dropped: the messages of
    :func:`tr_document` (the extractor reads documents with this too)."""
    return [block.strip("\n") for block in _BLANK_LINES.split(text) if block.strip()]


_LOCALE_NAME = re.compile(r"^([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]+)?(?:[.@].*)?$")


def from_locale(name: str | None) -> str | None:
    """The language of a locale name (``ca_ES.UTF-8`` -> ``ca``, ``es`` -> ``es``), or ``None``
    when Alaka does not speak it (``C``, ``POSIX``, ``fr_FR``)."""
    if not name:
        return None
    match = _LOCALE_NAME.match(name.strip())
    if match is None:
        return None
    code = match.group(1).lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the terminal's locale asks for, as gettext looks for it (``LANGUAGE``'s
    list, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when it names none Alaka speaks."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for name in value.split(":"):
            language = from_locale(name)
            if language is not None:
                return language
        if variable != "LANGUAGE":  # the first set of the others decides, as in gettext
            return ENGLISH
    return ENGLISH
