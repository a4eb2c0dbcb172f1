"""What browsers are told and asked: only the server's own pages may act, only its own names
are answered, every answer carries the security headers, no page has inline script, tokens
never travel in an address, and every malformed input gets a 4xx or a close code with a reason."""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from web_helpers import SeatPlayer, create_table, live_server, run_players, table_socket

from alaka.ui.web.app import STATIC, create_app
from alaka.ui.web.connections import CLOSE_BAD, CLOSE_SILENT, CLOSE_UNSUPPORTED
from alaka.ui.web.limits import Limits
from alaka.ui.web.security import hosts_for, same_origin
from alaka.ui.web.tables import Pace

PEOPLE = {"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "human"}]}


def _app(tmp_path: Path, **options: object) -> TestClient:
    return TestClient(create_app(tmp_path / "t.sqlite3", pace=Pace.scaled(0), **options))  # type: ignore[arg-type]


def test_every_answer_carries_the_security_headers(tmp_path: Path) -> None:
    with _app(tmp_path) as client:
        table = client.post("/api/tables", json=PEOPLE).json()["table"]["id"]
        for path in ("/", f"/table/{table}", "/api/games", "/static/table.js", "/api/nothing", "/table/nope"):
            headers = client.get(path).headers
            csp = headers["content-security-policy"]
            assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
            assert "frame-ancestors 'none'" in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"


def test_no_page_has_inline_script_or_style(tmp_path: Path) -> None:
    """The policy allows no inline script, so none may be needed: no script without a source,
    no event attribute, no style attribute, in the pages or in what the scripts build."""
    with _app(tmp_path) as client:
        pages = [path.read_text() for path in STATIC.glob("*.html")] + [client.get("/table/nope").text]
    for page in pages:
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
        assert not re.search(r"\son[a-z]+\s*=", page)
        assert not re.search(r"\sstyle\s*=", page)
    for script in STATIC.glob("*.js"):
        code = script.read_text()
        assert "innerHTML" not in code and "eval(" not in code and '"style"' not in code, script.name


def test_only_the_servers_own_pages_may_change_anything(tmp_path: Path) -> None:
    with _app(tmp_path, origins=["https://friends.example"]) as client:
        evil = client.post("/api/tables", json=PEOPLE, headers={"origin": "http://evil.example"})
        assert evil.status_code == 403 and "evil.example" in evil.json()["error"]
        assert client.post("/api/tables", json=PEOPLE, headers={"origin": "null"}).status_code == 403
        own = client.post("/api/tables", json=PEOPLE, headers={"origin": "http://testserver"})
        assert own.status_code == 201
        allowed = client.post("/api/tables", json=PEOPLE, headers={"origin": "https://friends.example"})
        assert allowed.status_code == 201
        assert client.post("/api/tables", json=PEOPLE).status_code == 201  # not from a page at all
        assert client.get("/api/tables", headers={"origin": "http://evil.example"}).status_code == 200
        table = own.json()["table"]["id"]
        evil_socket = client.websocket_connect(
            f"/ws/tables/{table}", headers={"origin": "http://evil.example"}
        )
        with pytest.raises(WebSocketDenialResponse) as refused, evil_socket:
            pass
        assert refused.value.status_code == 403
        with client.websocket_connect(f"/ws/tables/{table}", headers={"origin": "http://testserver"}) as ok:
            ok.send_json({"type": "join", "token": None})
            assert ok.receive_json()["type"] == "state"


def test_a_server_on_loopback_answers_only_to_loopback_names(tmp_path: Path) -> None:
    with _app(tmp_path, hosts=hosts_for("127.0.0.1", [])) as client:
        rebound = client.get("/api/games", headers={"host": "evil.example:8000"})
        assert rebound.status_code == 403 and "does not answer to the name 'evil.example'" in rebound.text
        for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
            assert client.get("/api/games", headers={"host": host}).status_code == 200


def test_which_names_and_origins_are_the_servers_own() -> None:
    assert hosts_for("0.0.0.0", []) is None
    assert hosts_for("0.0.0.0", ["games.example"]) == ["games.example"]
    assert hosts_for("192.168.1.5", []) == ["192.168.1.5"]
    assert "localhost" in (hosts_for("::1", []) or [])
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin("https://games.example", "games.example")  # behind a proxy that speaks TLS
    assert not same_origin("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not same_origin("http://evil.example", "games.example")
    assert not same_origin("null", "games.example")


def test_a_token_never_travels_in_an_address_so_no_log_of_addresses_holds_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Proxies (and uvicorn's access log, here turned on) write down each request's address;
    links keep the token in the fragment, which browsers never send, and pages send it inside
    the socket. Before, every link and every socket address held one."""
    with live_server(tmp_path / "t.sqlite3", access_log=True) as server:
        for name in ("uvicorn.access", "uvicorn.error"):  # requests; socket handshakes
            logging.getLogger(name).addHandler(caplog.handler)
        body = create_table(server.url, "alakazum", [{"kind": "human"}, {"kind": "human"}])
        table_id = body["table"]["id"]
        tokens = [link["token"] for link in body["links"]["seats"]]
        assert all("?" not in link["url"] and "#token=" in link["url"] for link in body["links"]["seats"])
        players = [
            SeatPlayer(server.ws_url, table_id, t, seed=n, stop_after=20) for n, t in enumerate(tokens)
        ]
        run_players(players)
        httpx.post(f"{server.url}/api/tables/{table_id}/leave", json={"token": tokens[1]})
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).removeHandler(caplog.handler)
    requests = [r.getMessage() for r in caplog.records if r.name.startswith("uvicorn")]
    assert any(f"/ws/tables/{table_id}" in line for line in requests)  # the sockets' addresses were logged
    assert all(token not in line for line in requests for token in tokens)


def test_a_token_in_the_sockets_address_is_not_honoured(tmp_path: Path) -> None:
    with _app(tmp_path) as client:
        body = client.post("/api/tables", json=PEOPLE).json()
        table, token = body["table"]["id"], body["links"]["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
            socket.send_json({"type": "join", "token": None})
            assert socket.receive_json()["seat"] is None  # a spectator: the address is not read


def test_malformed_socket_input_gets_a_close_code_and_a_reason(tmp_path: Path) -> None:
    with _app(tmp_path, limits=Limits(request_seconds=0.3)) as client:
        body = client.post("/api/tables", json=PEOPLE).json()
        table, token = body["table"]["id"], body["links"]["seats"][0]["token"]
        with table_socket(client, table, token) as socket:
            assert socket.receive_json()["type"] == "state"
            socket.send_text("[" * 50 + "]" * 50)  # nested: refused, the connection stays
            assert "nested" in socket.receive_json()["message"]
            socket.send_bytes(b"\x00\x01")  # binary: closed, saying why
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    socket.receive_json()
        assert closed.value.code == CLOSE_UNSUPPORTED and "text" in closed.value.reason
        with client.websocket_connect(f"/ws/tables/{table}") as silent:  # never says who it is
            started = time.monotonic()
            assert "join" in silent.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                silent.receive_json()
        assert closed.value.code == CLOSE_SILENT and time.monotonic() - started < 3
        with client.websocket_connect(f"/ws/tables/{table}") as wrong:
            wrong.send_json({"type": "act", "seq": 0, "action": "x"})
            assert "join" in wrong.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                wrong.receive_json()
        assert closed.value.code == CLOSE_BAD and "join" in closed.value.reason


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables?offset=" + "9" * 5000,
        "/api/tables/abc/replay?step=" + "9" * 5000,
        "/api/tables?limit=1e999",
        "/api/tables/%ED%A0%80",
        "/api/tables/" + "a" * 5000,
    ],
)
def test_malformed_addresses_get_a_4xx_with_a_reason(tmp_path: Path, path: str) -> None:
    with _app(tmp_path) as client:
        answer = client.get(path)
    assert 400 <= answer.status_code < 500 and answer.json()["error"]
    assert len(answer.text) < 300


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"[" * 20_000 + b"]" * 20_000, "nested"),
        (b'{"game": "alakazoo", "seats": ' + b"9" * 5000 + b"}", "at most 20 characters"),
        (
            b'{"game": "alakazoo", "seats": [{"kind": "human", "name": "\\ud800"}, {"kind": "human"}]}',
            "Unicode",
        ),
        (b"\xff\xfe{}", "not UTF-8"),
    ],
)
def test_malformed_bodies_get_a_4xx_with_a_reason(tmp_path: Path, body: bytes, reason: str) -> None:
    """Low: these answered 500 (a recursion error, Python's 4,300-digit limit, a name that no
    encoder could write back)."""
    with _app(tmp_path) as client:
        answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and reason in answer.json()["error"]
