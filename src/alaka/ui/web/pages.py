"""The pages' HTML in the reader's language: the server translates each page's text when it
serves it (the extractor reads the same messages, :func:`messages`).

A page's messages are its text nodes (stripped, runs of white space made one space; not a
script's or a style's, nor text without a letter) and the attributes a person reads or hears
(``placeholder``, ``title``, ``aria-label``, ``alt``, ``data-empty``: what an empty list shows,
and a ``<meta name="description">``'s ``content``). :func:`translated` rewrites only those,
and the ``<html lang>``: every other byte of the page is left as it is.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

#: The attributes a person reads (or a screen reader says).
READ_ATTRIBUTES = frozenset({"placeholder", "title", "aria-label", "alt", "data-empty"})

_SPACE = re.compile(r"\s+")
_RAW_TEXT = frozenset({"script", "style"})


def _message(text: str) -> str | None:
    """``text`` as a message, or ``None`` when there is nothing in it to translate."""
    message = _SPACE.sub(" ", text).strip()
    if not message or not any(character.isalpha() for character in message):
        return None
    return message


@dataclass(frozen=True)
class _Text:
    start: int
    end: int
    line: int
    message: str


@dataclass(frozen=True)
class _Tag:
    start: int
    end: int
    line: int
    #: The attributes to translate, by name, with their message.
    messages: tuple[tuple[str, str], ...]
    is_html: bool


class _Reader(HTMLParser):
    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self._starts = [0] + [match.end() for match in re.finditer("\n", source)]
        self._open_raw: str | None = None
        self._pending: tuple[int, int, str] | None = None
        self.pieces: list[_Text | _Tag] = []

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._starts[line - 1] + column

    def _close_text(self) -> None:
        if self._pending is None:
            return
        start, line, text = self._pending
        self._pending = None
        message = _message(text)
        if message is not None:
            end = self._offset()
            raw = self.rawdata_source[start:end]
            lead = len(raw) - len(raw.lstrip())
            line += raw[:lead].count("\n")
            trail = len(raw.rstrip())
            self.pieces.append(_Text(start + lead, start + trail, line, message))

    rawdata_source = ""

    def handle_data(self, data: str) -> None:
        if self._open_raw is not None:
            return
        if self._pending is None:
            self._pending = (self._offset(), self.getpos()[0], data)
        else:
            start, line, text = self._pending
            self._pending = (start, line, text + data)

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._close_text()
        raw = self.get_starttag_text() or ""
        start = self._offset()
        found: list[tuple[str, str]] = []
        values = dict(attrs)
        for name, value in attrs:
            if value is None:
                continue
            if name in READ_ATTRIBUTES or (
                tag == "meta" and name == "content" and (values.get("name") or "").lower() == "description"
            ):
                message = _message(value)
                if message is not None:
                    found.append((name, message))
        if found or tag == "html":
            self.pieces.append(_Tag(start, start + len(raw), self.getpos()[0], tuple(found), tag == "html"))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)
        if tag in _RAW_TEXT:
            self._open_raw = tag

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        self._close_text()
        if tag == self._open_raw:
            self._open_raw = None

    def handle_comment(self, data: str) -> None:
        self._close_text()

    def handle_decl(self, decl: str) -> None:
        self._close_text()

    def handle_pi(self, data: str) -> None:
        self._close_text()

    def unknown_decl(self, data: str) -> None:
        self._close_text()


def _read(source: str) -> list[_Text | _Tag]:
    reader = _Reader(source)
    reader.rawdata_source = source
    reader.feed(source)
    reader.close()
    if reader._pending is not None:  # text at the very end of the page
        start, line, text = reader._pending
        reader._pending = None
        message = _message(text)
        if message is not None:
            raw = source[start:]
            lead = len(raw) - len(raw.lstrip())
            reader.pieces.append(
                _Text(start + lead, start + len(raw.rstrip()), line + raw[:lead].count("\n"), message)
            )
    return reader.pieces


def messages(source: str) -> list[tuple[int, str]]:
    """Each translatable text of a page, with the line it is on, in the page's order."""
    found: list[tuple[int, str]] = []
    for piece in _read(source):
        if isinstance(piece, _Text):
            found.append((piece.line, piece.message))
        else:
            found.extend((piece.line, message) for _, message in piece.messages)
    return found


def _attribute(name: str) -> re.Pattern[str]:
    return re.compile(r"(\s" + re.escape(name) + r"\s*=\s*)(\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+)", re.IGNORECASE)


def _set_attribute(raw: str, name: str, value: str) -> str:
    quoted = '"' + html.escape(value, quote=True) + '"'
    pattern = _attribute(name)
    if pattern.search(raw):
        return pattern.sub(lambda match: match.group(1) + quoted, raw, count=1)
    closing = 2 if raw.endswith("/>") else 1
    return raw[:-closing] + f" {name}={quoted}" + raw[-closing:]


def translated(source: str, translate: Callable[[str], str], language: str) -> str:
    """``source`` with each of its messages replaced by ``translate(message)`` (the white space
    around a text kept) and its ``<html lang>`` set to ``language``."""
    out: list[str] = []
    done = 0
    for piece in _read(source):
        out.append(source[done : piece.start])
        if isinstance(piece, _Text):
            out.append(html.escape(translate(piece.message), quote=False))
        else:
            raw = source[piece.start : piece.end]
            for name, message in piece.messages:
                raw = _set_attribute(raw, name, translate(message))
            if piece.is_html:
                raw = _set_attribute(raw, "lang", language)
            out.append(raw)
        done = piece.end
    out.append(source[done:])
    return "".join(out)


@cache
def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@cache
def page(path: Path, language: str) -> str:
    """The static page at ``path`` in ``language`` (made once per page and language)."""
    from alaka.core.language import ENGLISH, speaking, tr

    if language == ENGLISH:
        return _source(path)
    with speaking(language):
        return translated(_source(path), tr, language)
