"""A stand-in language that shows which words were never marked for translation.

Under :func:`pseudo_language` every message looked up through :mod:`alaka.core.language` comes
out between ``⟦`` and ``⟧``; text that was glued together, formatted with an f-string or written
without :func:`~alaka.core.language.tr` comes out bare. :func:`leftovers` takes the bracketed
parts and the names printed on the cards (which are not messages) away from a text and returns
the words that are left: the words a Spanish or Catalan reader would read in English. This is
how the tests find a word that lacks a translation before a player does (pseudo-localisation,
as translation teams call it), without waiting for a translator to miss it.
"""

from __future__ import annotations

import contextlib
import gettext
import re
from collections.abc import Iterable, Iterator

from alaka.core import language

OPEN = "⟦"
CLOSE = "⟧"

_INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
#: A word: two letters or more (a lone letter is a die's face, a level, a key to press).
_WORD = re.compile(r"[^\W\d_]{2,}")


class Bracketing(gettext.NullTranslations):
    """Every message between brackets: translated, but still readable as its English."""

    def gettext(self, message: str) -> str:
        return OPEN + message + CLOSE

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return OPEN + (msgid1 if n == 1 else msgid2) + CLOSE

    def pgettext(self, context: str, message: str) -> str:
        return OPEN + message + CLOSE


@contextlib.contextmanager
def pseudo_language() -> Iterator[None]:
    """Make text inside the block with every message bracketed (a reader of Spanish whose
    catalogue is :class:`Bracketing`); the catalogues are as they were afterwards."""
    real = language.catalogue
    language.catalogue = lambda code: Bracketing()  # type: ignore[assignment]
    try:
        with language.speaking("es"):
            yield
    finally:
        language.catalogue = real


def unmarked(text: str, names: Iterable[str] = ()) -> str:
    """``text`` without its bracketed messages and without ``names`` (the longest first, so a
    name that holds another goes whole)."""
    while True:
        stripped = _INNERMOST.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    for name in sorted(set(names), key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    return text


def leftovers(text: str, names: Iterable[str] = (), allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` that no message holds and no name explains: what a reader of
    another language would still read in English. ``allowed`` words are the same in every
    language (a game's title, a culture's code)."""
    keep = set(allowed)
    return [word for word in _WORD.findall(unmarked(text, names)) if word not in keep]
