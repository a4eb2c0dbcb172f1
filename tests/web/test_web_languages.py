"""The pages in the reader's language: the HTML's messages, the language a request asks for, and
the choice kept in a cookie (no browser: Starlette's TestClient)."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from alaka.core import language
from alaka.ui.web.app import create_app
from alaka.ui.web.languages import negotiate
from alaka.ui.web.pages import messages, translated
from alaka.ui.web.tables import Pace

PAGE = """<!doctype html>
<html lang="en">
<head><title>Alaka · lobby</title><meta name="description" content="Card games with friends">
<style>p { color: red }</style><script>const x = "not me";</script></head>
<body>
  <h1>  The   lobby </h1>
  <input placeholder="Your name" aria-label="Name">
  <img alt="A card" src="x.png"><span>42</span><span> · </span>
  <p>Fish &amp; chips</p>
</body></html>
"""


def test_a_pages_messages_are_its_texts_and_read_attributes() -> None:
    assert messages(PAGE) == [
        (3, "Alaka · lobby"),
        (3, "Card games with friends"),
        (6, "The lobby"),
        (7, "Your name"),
        (7, "Name"),
        (8, "A card"),
        (9, "Fish & chips"),
    ]


def test_a_page_translated_changes_its_messages_and_lang_only() -> None:
    page = translated(PAGE, lambda text: f"<{text}>", "ca")
    assert '<html lang="ca">' in page
    assert "<h1>  &lt;The lobby&gt; </h1>" in page
    assert 'placeholder="&lt;Your name&gt;"' in page and 'aria-label="&lt;Name&gt;"' in page
    assert 'content="&lt;Card games with friends&gt;"' in page
    assert "<p>&lt;Fish &amp; chips&gt;</p>" in page
    assert 'const x = "not me";' in page and "<span>42</span><span> · </span>" in page
    assert translated(PAGE, lambda text: text, "en") == PAGE.replace("The   lobby", "The lobby")


def test_the_static_pages_read_back_unchanged_in_english() -> None:
    static = Path(__file__).parents[2] / "src" / "alaka" / "ui" / "web" / "static"
    for path in static.glob("*.html"):
        source = path.read_text(encoding="utf-8")
        assert messages(source), path
        assert translated(source, lambda text: text, "en").replace('lang="en"', "") == source.replace(
            'lang="en"', ""
        ).replace("lang='en'", ""), path


@pytest.mark.parametrize("header", ["", "garbage;;;q=x,,", "*", "zz-ZZ", ";q=1", "ca;q=abc", "x" * 500])
def test_malformed_accept_language_never_raises(header: str) -> None:
    assert negotiate(header) in (None, "ca", "es", "en")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.sqlite3", pace=Pace.scaled(0))) as client:
        yield client


def test_accept_language_picks_the_pages_language(client: TestClient) -> None:
    response = client.get("/", headers={"Accept-Language": "ca-ES,ca;q=0.9"})
    assert response.status_code == 200
    assert '<html lang="ca">' in response.text
    assert response.headers["content-language"] == "ca"
    assert "Accept-Language" in response.headers["vary"]
    english = client.get("/")
    assert '<html lang="en">' in english.text and english.headers["content-language"] == "en"


def test_the_cookie_beats_the_header_and_post_sets_it(client: TestClient) -> None:
    response = client.post("/api/language", json={"language": "es"})
    assert response.status_code == 200
    cookie = response.headers["set-cookie"]
    assert "alaka_lang=es" in cookie and "samesite=lax" in cookie.lower() and "Path=/" in cookie
    page = client.get("/", headers={"Accept-Language": "ca"})
    assert '<html lang="es">' in page.text
    assert client.get("/api/languages").json()["language"] == "es"


def test_an_unknown_language_is_refused(client: TestClient) -> None:
    response = client.post("/api/language", json={"language": "xx"})
    assert response.status_code == 400
    assert "xx" in response.json()["error"]
    assert "set-cookie" not in response.headers
    listed = client.get("/api/languages").json()
    assert {"code": "ca", "name": "Català"} in listed["languages"]


def test_the_no_table_page_in_a_language(client: TestClient) -> None:
    response = client.get("/table/nope", headers={"Accept-Language": "es"})
    assert response.status_code == 404
    assert '<html lang="es">' in response.text and response.headers["content-language"] == "es"


class _Prefixed(gettext.NullTranslations):
    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def gettext(self, message: str) -> str:
        return f"[{self.language}]{message}"


def test_each_socket_is_told_the_table_in_its_own_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(language, "catalogue", _Prefixed)
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    body = client.post("/api/tables", json={"game": "alakazoo", "seats": seats, "options": {}}).json()
    table = body["table"]["id"] if "table" in body else body["id"]
    said: dict[str, str] = {}

    def state(socket: Any) -> str:
        socket.send_json({"type": "join", "token": None})
        message = socket.receive_json()
        while message.get("type") != "state":
            message = socket.receive_json()
        return str(message["waiting_for"])

    origin = {"origin": "http://testserver"}
    with (
        client.websocket_connect(f"/ws/tables/{table}?lang=ca", headers=origin) as catalan,
        client.websocket_connect(f"/ws/tables/{table}?lang=es", headers=origin) as spanish,
        client.websocket_connect(f"/ws/tables/{table}", headers=origin) as english,
    ):
        said = {"ca": state(catalan), "es": state(spanish), "en": state(english)}
    assert said["ca"].startswith("[ca]") and said["es"].startswith("[es]")
    assert not said["en"].startswith("[")


def test_a_refusal_is_made_in_the_requests_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(language, "catalogue", _Prefixed)
    headers = {"Accept-Language": "ca", "Content-Type": "application/json"}
    refused = client.post("/api/tables", content=b"[1]", headers=headers)
    assert refused.status_code == 400
    assert refused.json()["error"] == "[ca]the request body must be a JSON object"
    english = client.post("/api/tables", content=b"[1]", headers={"Content-Type": "application/json"})
    assert english.json()["error"] == "the request body must be a JSON object"
