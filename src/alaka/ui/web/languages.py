"""The reader's language for a request or a WebSocket: their choice (the ``alaka_lang`` cookie),
else the page's ``?lang=``, else their browser's Accept-Language negotiated with Babel, else
English. A malformed header is read as no header."""

from __future__ import annotations

from typing import Final

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from alaka.core.language import ENGLISH, LANGUAGES, speaking

#: The cookie that holds the reader's choice.
COOKIE: Final = "alaka_lang"

#: How long a choice is kept: a year, in seconds.
COOKIE_AGE: Final = 365 * 24 * 3600


def _accepted(header: str) -> list[str]:
    """The languages of an Accept-Language header, most wanted first (malformed parts dropped)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:50]):
        code, _, parameters = part.strip().partition(";")
        code = code.strip()
        if not code or code == "*" or len(code) > 35:
            continue
        quality = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            weighted.append((-quality, index, code.replace("_", "-")))
    return [code for _, _, code in sorted(weighted)]


def negotiate(header: str | None) -> str | None:
    """The language of :data:`LANGUAGES` an Accept-Language header asks for, if any."""
    if not header:
        return None
    try:
        from babel.core import negotiate_locale

        found = negotiate_locale(_accepted(header), list(LANGUAGES), sep="-")
    except Exception:  # a header Babel cannot read is no header
        return None
    if found is None:
        return None
    code = found.split("-")[0].lower()
    return code if code in LANGUAGES else None


def language_of(connection: HTTPConnection) -> str:
    """The language to speak to the person behind ``connection`` (a request or a WebSocket)."""
    chosen = connection.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return str(chosen)
    asked = connection.query_params.get("lang")
    if asked in LANGUAGES:
        return str(asked)
    return negotiate(connection.headers.get("accept-language")) or ENGLISH


class Speaking:
    """ASGI middleware: each request and WebSocket is served inside ``speaking(its language)``,
    so the refusals and errors made while serving it are in the reader's language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        try:
            language = language_of(HTTPConnection(scope))
        except Exception:  # a malformed cookie or query is no choice
            language = ENGLISH
        with speaking(language):
            await self.app(scope, receive, send)
