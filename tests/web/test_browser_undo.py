"""Undo in Alakazum! at the table (issue 35 item 6, reading R33), in Chromium at 1366 by 850
and 390 by 844: a person plays against a bot until the page offers "Undo my last decision"
(after a decision that tells nobody anything, such as a fighter, a helper, a spell the team's
energy pays), uses it, and is offered again exactly the choices of the decision taken back.
The browser, the server and a person at a table are ``test_browser.py``'s.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import test_browser as shared
from test_browser import BOT, DESKTOP, GAME_TIMEOUT, PHONE, Person, create_table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

pytestmark = pytest.mark.browser

# The browser and the server of test_browser.py, started once for this module too.
browser = shared.browser
server = shared.server
shots = shared.shots

#: Every choice the page offers now, wherever it is (on the table, in a place's menu, a button).
CHOICES = """() => [
    ...[...document.querySelectorAll('#board [data-action]')].map(e => 'table ' + e.dataset.action),
    ...[...document.querySelectorAll('#board [data-choices]')].map(e => 'menu ' + e.dataset.place),
    ...[...document.querySelectorAll('button.action')].map(e => 'button ' + e.dataset.name),
].sort()"""


def seq_of(page: Page) -> int:
    return int(page.get_attribute("[data-testid=legal-actions]", "data-seq") or 0)


def choices(page: Page) -> list[str]:
    if page.locator("#board.waiting-answer").count():
        return []
    found: list[str] = page.evaluate(CHOICES)
    return found


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_safe_decision_is_taken_back_and_its_choices_are_offered_again(
    browser: Browser, server: str, shots: Path, viewport: ViewportSize, name: str
) -> None:
    deadline = time.monotonic() + 3 * GAME_TIMEOUT
    offered: dict[int, list[str]] = {}  # the choices Ana saw at each of her decisions, by seq
    ana: Person | None = None
    seed = 0
    while ana is None or not ana.page.locator("[data-testid=undo]").count():
        assert time.monotonic() < deadline, "Ana was never offered an undo"
        if ana is None or ana.finished:  # a game may end before any undo: the next table goes on
            if ana is not None:
                ana.check_clean()
                ana.close()
            made = create_table(server, "alakazum", [{"kind": "human", "name": "Ana"}, BOT])
            seed += 1
            ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=seed, viewport=viewport)
            offered = {}
        now = choices(ana.page)
        if now:
            offered[seq_of(ana.page)] = now
        if not ana.try_move():
            ana.page.wait_for_timeout(50)
    page = ana.page
    page.wait_for_selector("[data-testid=undo]:enabled")
    seq = seq_of(page)
    page.screenshot(path=shots / f"alakazum-undo-offered-{name}.png")
    page.click("[data-testid=undo]")
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=legal-actions]').dataset.seq) < n", arg=seq
    )
    assert page.locator("[data-testid=notice]").inner_text().startswith("Ana took back")
    back = seq_of(page)
    assert back in offered, f"Ana never decided at {back}: {sorted(offered)}"
    page.wait_for_function("() => document.querySelector('button.action, #board [data-action]') !== null")
    assert choices(page) == offered[back]
    page.screenshot(path=shots / f"alakazum-undo-taken-{name}.png")
    ana.check_clean()
    ana.close()
