"""Issue 32 in a browser: people whose pages are served by a server that does not drive their
table play through it (their socket relayed to the driving server), and go on playing when the
driving server is killed and the other one takes the table over.

Two ``alaka serve`` processes share a scratch PostgreSQL database (the ``postgres`` fixture);
the browser is Debian's Chromium, as in ``test_browser.py``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import test_browser as shared
from test_browser import BOT, GAME_TIMEOUT, Person, check_result, play_to_the_end
from test_web_chaos import Server
from web_helpers import query

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from alaka.testing.postgres import ScratchPostgres

#: How long the other server may take to take over a table whose server was killed (its lease
#: runs out, then the next sweep finds the orphan).
TAKE_OVER = 30.0

browser = shared.browser
shots = shared.shots


def _driver(database: str, table: str) -> str | None:
    """The address of the server driving ``table`` now, if any."""
    found = query(
        database,
        "SELECT s.address FROM alaka_drivers d JOIN alaka_servers s USING (server)"
        f" WHERE d.table_id = '{table}'",
    )
    return str(found[0][0]) if found else None


def _two_people_table(driving: Server) -> tuple[str, list[str]]:
    made = httpx.post(
        f"{driving.url}/api/tables",
        json={"game": "alakazoo", "seats": [{"kind": "human"}, {"kind": "human"}, BOT]},
        timeout=10,
    ).json()
    return made["table"]["id"], [link["url"] for link in made["links"]["seats"]]


def _log(person: Person) -> list[str]:
    return person.page.locator("[data-testid=log] li").all_inner_texts()


def _watched(browser: Browser, url: str) -> list[str]:
    """The whole log a spectator's page shows (what every seat may know)."""
    spectator = Person(browser, url, seed=0)
    try:
        spectator.page.wait_for_selector("[data-testid=outcome]:visible")
        return _log(spectator)
    finally:
        spectator.close()


def _stored_actions(database: str, table: str) -> int:
    ((count,),) = query(database, f"SELECT count(*) FROM actions WHERE table_id = '{table}'")
    return int(count)


def _play_a_little(people: list[Person], clicks: int) -> None:
    deadline = time.monotonic() + GAME_TIMEOUT
    while sum(person.clicks for person in people) < clicks:
        assert time.monotonic() < deadline, "no choices came"
        if not any(person.try_move() for person in people if not person.finished):
            time.sleep(0.02)


def test_people_play_a_whole_game_through_a_server_that_does_not_drive_it(
    browser: Browser, postgres: ScratchPostgres, shots: Path
) -> None:
    """One person's page comes from the driving server, the other's from the other server; both
    see the same game, event for event (each with its own hand), to the same result."""
    database = postgres.new_database()
    driving, other = Server(database), Server(database)
    driving.start()
    other.start()
    people: list[Person] = []
    try:
        table, links = _two_people_table(driving)
        assert _driver(database, table) == driving.url
        people = [
            Person(browser, driving.url + links[0], seed=1),
            Person(browser, other.url + links[1], seed=2),
        ]
        play_to_the_end(people, shots, "relayed")
        for person in people:
            check_result(person, 3)
            person.check_clean()
        assert len(_log(people[0])) == len(_log(people[1]))
        shared.check_log_survives_reload(people[1])  # read again through the other server
        public = _watched(browser, f"{driving.url}/table/{table}")
        assert public == _watched(browser, f"{other.url}/table/{table}")
        assert len(public) == len(_log(people[0]))
        assert all(person.clicks > 3 for person in people), [person.clicks for person in people]
        assert _driver(database, table) == driving.url  # the other server only passed it on
        shown: dict[str, Any] = httpx.get(f"{other.url}/api/tables/{table}", timeout=10).json()
        assert shown["status"] == "finished" and shown["actions"] == _stored_actions(database, table)
        people[1].page.screenshot(path=shots / "relayed-finished.png", full_page=True)
    finally:
        for person in people:
            person.close()
        driving.stop()
        other.stop()


def test_when_the_driving_server_is_killed_people_on_the_other_server_play_on(
    browser: Browser, postgres: ScratchPostgres, shots: Path
) -> None:
    """Both pages come from the server that does not drive the table. The driving server is
    killed mid-game (SIGKILL): the pages reconnect, the other server takes the table over, and
    the game goes on from the last stored action to its end, with nothing lost or told twice."""
    database = postgres.new_database()
    driving, other = Server(database), Server(database)
    driving.start()
    other.start()
    people: list[Person] = []
    try:
        table, links = _two_people_table(driving)
        people = [Person(browser, other.url + link, seed=10 + k) for k, link in enumerate(links)]
        _play_a_little(people, 4)
        before = _log(people[0])
        driving.kill()
        deadline = time.monotonic() + TAKE_OVER
        while _driver(database, table) != other.url:
            assert time.monotonic() < deadline, f"nobody took the table over in {TAKE_OVER} s"
            time.sleep(0.2)
        play_to_the_end(people, shots, "taken-over")
        for person in people:
            check_result(person, 3)
            # A click while the page was reconnecting is refused by the page itself, in words.
            person.refusals = [text for text in person.refusals if "Not connected to the server" not in text]
            person.check_clean()
        after = [_log(person) for person in people]
        assert len(after[0]) == len(after[1]) > len(before)
        assert after[0][: len(before)] == before  # what was told before the kill stands
        shared.check_log_survives_reload(people[1])
        assert len(_watched(browser, f"{other.url}/table/{table}")) == len(after[0])
        shown: dict[str, Any] = httpx.get(f"{other.url}/api/tables/{table}", timeout=10).json()
        assert shown["status"] == "finished" and shown["actions"] == _stored_actions(database, table)
        people[0].page.screenshot(path=shots / "taken-over-finished.png", full_page=True)
    finally:
        for person in people:
            person.close()
        driving.stop()
        other.stop()
