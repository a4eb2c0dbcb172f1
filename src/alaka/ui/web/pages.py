"""The pages' HTML in the reader's language: the server translates each page as it serves it.

A page's words (its texts, and the attributes a person reads or hears: ``placeholder``,
``title``, ``aria-label``, ``alt``) are messages of the catalogue, found by :func:`messages` (the
translators' extractor reads pages with it) and replaced by :func:`translated`. Everything else
of the page is left byte for byte, so the page's scripts and styles are untouched.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Final

#: The attributes whose values are words for a person.
READ_ATTRIBUTES: Final = frozenset({"placeholder", "title", "aria-label", "alt"})
#: Elements whose content is not words.
_NOT_TEXT: Final = frozenset({"script", "style"})
_SPACES = re.compile(r"\s+")
_WORDS = re.compile(r"[^\W\d_]", re.UNICODE)  # a letter: text with none (a "·", "0") is no message
_ATTRIBUTE = re.compile(r"""(\s)([\w:-]+)(\s*=\s*)("([^"]*)"|'([^']*)')""")


def message_of(text: str) -> str | None:
    """The message a stretch of a page's text is (its words, spaces collapsed), or None when it
    has no words."""
    words = _SPACES.sub(" ", html.unescape(text)).strip()
    return words if _WORDS.search(words) else None


class _Reader(HTMLParser):
    """Walks a page, noting each message with where it is (line, and the source's span)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.spans: list[tuple[int, int, str]] = []  # (start, end, kind) in the source
        self._skip = 0
        self._line_starts: list[int] = []
        self.source = ""

    def read(self, source: str) -> None:
        self.source = source
        self._line_starts = [0] + [match.end() for match in re.finditer("\n", source)]
        self.feed(source)
        self.close()

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)
        if tag in _NOT_TEXT:
            self._skip += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _NOT_TEXT and self._skip:
            self._skip -= 1

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        text = self.get_starttag_text() or ""
        start = self._offset()
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and message_of(value) is not None:
                self.found.append((self.getpos()[0], message_of(value) or ""))
        self.spans.append((start, start + len(text), "tag"))

    def handle_data(self, data: str) -> None:
        message = message_of(data)
        if self._skip or message is None:
            return
        start = self._offset()
        end = self.source.find("<", start)  # a text runs to the next tag (entities and all)
        leading = data[: len(data) - len(data.lstrip())]
        self.found.append((self.getpos()[0] + leading.count("\n"), message))
        self.spans.append((start, len(self.source) if end < 0 else end, "text"))


def messages(source: str) -> list[tuple[int, str]]:
    """Every message of a page, with its line."""
    reader = _Reader()
    reader.read(source)
    return reader.found


def _translate_tag(text: str, translate: Callable[[str], str]) -> str:
    def attribute(match: re.Match[str]) -> str:
        name, quoted = match.group(2), match.group(4)
        value = match.group(5) if match.group(5) is not None else match.group(6)
        message = message_of(value) if name.lower() in READ_ATTRIBUTES else None
        words = None if message is None else translate(message)
        if words is None or words == message:
            return match.group(0)
        quote = quoted[0]
        return f"{match.group(1)}{name}{match.group(3)}{quote}{html.escape(words)}{quote}"

    return _ATTRIBUTE.sub(attribute, text)


def _translate_text(text: str, translate: Callable[[str], str]) -> str:
    message = message_of(text)
    words = None if message is None else translate(message)
    if words is None or words == message:  # untranslated: as written, line breaks and all
        return text
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    return f"{lead}{html.escape(words, quote=False)}{trail}"


def translated(source: str, translate: Callable[[str], str], language: str) -> str:
    """The page with each message replaced by ``translate(message)`` and ``<html lang>`` set to
    ``language``; the rest as it was."""
    reader = _Reader()
    reader.read(source)
    pieces: list[str] = []
    at = 0
    for start, end, kind in sorted(reader.spans):
        if start < at:  # an entity's piece of a text already translated with it
            continue
        pieces.append(source[at:start])
        piece = source[start:end]
        pieces.append(
            _translate_tag(piece, translate) if kind == "tag" else _translate_text(piece, translate)
        )
        at = end
    pieces.append(source[at:])
    page = "".join(pieces)
    return re.sub(r'<html lang="[^"]*"', f'<html lang="{language}"', page, count=1)
