"""Calm explanations at the table (issue 35 item 3), in Chromium at 1366 by 850 and 390 by 844.

A mouse explains what it moved onto after resting there half a second, never what a redraw
put under a pointer that stayed still (the table is drawn again after every action); a finger's
first tap on a choice explains it and the second chooses it; the keyboard's focus explains at
once. The browser, the server and a person at a table are ``test_browser.py``'s.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import test_browser as shared
from test_browser import ANSWERED, BOT, GAME_TIMEOUT, PHONE, Person, create_table

from waits import PATIENCE_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

# The browser and the server of test_browser.py, started once for this module too.
browser = shared.browser
server = shared.server
shots = shared.shots

TIP = "[data-testid=explanation]"
#: The page is waiting for this seat's decision (nothing moves until it decides, once the cards
#: the last redraw moved have glided into place), or the game is over.
DECIDING = """() => !document.querySelector('#board.waiting-answer') && (
    document.querySelector('#board [data-action], #board [data-choices], button.action:enabled') !== null
    || !document.querySelector('[data-testid=outcome]').hidden)
    && !document.getAnimations().some((animation) => animation.id === 'move')"""
#: The middle of an explained thing on the table that is also a choice of one action, in view
#: and not covered; null if there is none.
EXPLAINED_CHOICE = """() => {
  for (const choice of document.querySelectorAll('#board [data-action]')) {
    const explained = choice.matches('.explained') ? choice : choice.querySelector('.explained');
    if (!explained) continue;
    explained.scrollIntoView({ block: 'center' });
    const box = explained.getBoundingClientRect();
    const [x, y] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
    const hit = document.elementFromPoint(x, y);
    if (hit && explained.contains(hit)) return [x, y];
  }
  return null;
}"""
#: The box of the explained thing at a point of the window, or null if there is none there.
EXPLAINED_AT = """([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  const explained = hit && hit.closest('#board .explained');
  if (!explained) return null;
  const box = explained.getBoundingClientRect();
  return [box.left, box.top, box.right, box.bottom];
}"""


def hover_ms(page: Page) -> int:
    """How long the mouse rests before an explanation opens: the page's own number."""
    waited: int = page.evaluate("import('/static/explain.js').then((module) => module.HOVER_MS)")
    return waited


def seq_of(page: Page) -> str | None:
    return page.get_attribute("[data-testid=legal-actions]", "data-seq")


def test_a_card_is_explained_once_the_mouse_rests_on_it(browser: Browser, server: str, shots: Path) -> None:
    from playwright.sync_api import expect

    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=2)
    page = ana.page
    tip = page.locator(TIP)
    rest = hover_ms(page)
    assert 300 <= rest <= 800
    page.click("button.action[data-name='board:1']")  # the columns are dealt once boards are chosen
    card = page.locator("#board .column-card.explained").first
    card.wait_for()
    page.wait_for_function(DECIDING)  # Ana decides: nothing moves meanwhile
    started = time.monotonic()
    card.hover()
    page.wait_for_timeout(100)
    if time.monotonic() - started < 0.8 * rest / 1000:  # a loaded machine may take longer to look
        assert tip.count() == 0, "an explanation opened at once under the mouse"
    expect(tip).to_be_visible(timeout=PATIENCE_MS)
    expect(tip).to_have_attribute("data-how", "hover")
    assert "element card" in tip.inner_text().lower()
    waited = int(tip.get_attribute("data-waited") or 0)
    assert waited >= rest - 20, f"opened after {waited} ms of rest"  # timers may fire a little early
    page.screenshot(path=shots / "explained-after-a-rest-desktop.png")
    # leaving the table closes it; so does Escape
    page.hover("#title")
    expect(tip).to_have_count(0)
    card.hover()
    expect(tip).to_be_visible(timeout=PATIENCE_MS)
    page.keyboard.press("Escape")
    expect(tip).to_have_count(0)
    # the keyboard's focus explains at once, with no rest
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#board .explained')"):
            break
    else:
        pytest.fail("Tab never reached an explained thing on the table")
    expect(tip).to_be_visible(timeout=PATIENCE_MS)
    expect(tip).to_have_attribute("data-how", "focus")
    assert tip.get_attribute("data-waited") == "0"
    ana.check_clean()
    ana.close()


def test_a_redraw_under_a_still_mouse_explains_nothing_until_it_moves(
    browser: Browser, server: str, shots: Path
) -> None:
    """Click a choice and leave the mouse there: the table drawn after the action puts another
    explained thing under it, and nothing opens until the mouse moves (it once did at once)."""
    from playwright.sync_api import expect

    made = create_table(server, "alakazum", [{"kind": "human", "name": "Ana"}, BOT, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=4)
    page = ana.page
    tip = page.locator(TIP)
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        assert time.monotonic() < deadline, "no redraw ever put an explained thing under the mouse"
        assert not ana.finished, "the game ended before a redraw put an explained thing under the mouse"
        page.wait_for_function(DECIDING)
        spot = page.evaluate(EXPLAINED_CHOICE)
        if spot is None:
            if not ana.try_move():
                page.wait_for_timeout(50)
            continue
        x, y = spot
        seq = seq_of(page)
        page.mouse.move(x, y)
        page.mouse.down()  # a click where the mouse is, and the mouse stays there
        page.mouse.up()
        page.wait_for_function(ANSWERED, arg=seq)
        page.wait_for_function(DECIDING)  # the bots have played: the table stands still
        box = page.evaluate(EXPLAINED_AT, [x, y])
        if box is not None and seq_of(page) != seq:
            break
    page.wait_for_timeout(1000)  # twice the rest a moving mouse needs
    assert tip.count() == 0, "a redraw under a still mouse opened an explanation"
    page.screenshot(path=shots / "still-mouse-after-a-redraw-desktop.png")
    # a small move over the same thing, and it is explained after the rest
    left, top, right, bottom = box
    to_x = min(max(x + 3, left + 1), right - 1)
    to_y = min(max(y + 2, top + 1), bottom - 1)
    if (to_x, to_y) == (x, y):
        to_x, to_y = (left + right) / 2 + 0.5, (top + bottom) / 2 + 0.5
    page.mouse.move(to_x, to_y)
    expect(tip).to_be_visible(timeout=PATIENCE_MS)
    expect(tip).to_have_attribute("data-how", "hover")
    ana.check_clean()
    ana.close()


def test_on_a_phone_the_first_tap_explains_and_the_second_chooses(
    browser: Browser, server: str, shots: Path
) -> None:
    from playwright.sync_api import expect

    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=11, viewport=PHONE, touch=True)
    page = ana.page
    tip = page.locator(TIP)
    note = page.locator("[data-testid=explanation-note]")
    # boards are chosen by buttons; then a column is taken on the table
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("#board [data-action^='take:'] .column-card.explained").count():
        assert time.monotonic() < deadline, "no column was ever offered"
        if not ana.try_move():
            page.wait_for_timeout(50)
    page.wait_for_function(DECIDING)
    # a thing that is no choice: the first tap explains it (it once showed nothing), a second closes
    board = page.locator("#board .player.me .board-name .explained").first
    board.tap()
    expect(tip).to_be_visible(timeout=PATIENCE_MS)
    expect(tip).to_have_attribute("data-how", "tap")
    expect(tip).to_contain_text("Portal board")
    assert note.count() == 0
    board.tap()
    expect(tip).to_have_count(0)
    # a card in a column that may be taken: the first tap explains it and chooses nothing ...
    seq = seq_of(page)
    card = page.locator("#board [data-action^='take:'] .column-card.explained").first
    card.tap()
    expect(tip).to_be_visible(timeout=PATIENCE_MS)
    expect(note).to_have_text("Tap again to choose it.")
    assert page.locator("#board.waiting-answer, #board .sent").count() == 0, "the first tap chose"
    assert seq_of(page) == seq
    page.screenshot(path=shots / "first-tap-explains-phone.png")
    # ... and the second tap takes the column
    card.tap()
    page.wait_for_function(ANSWERED, arg=seq)
    assert seq_of(page) != seq
    assert page.locator("[data-testid=error]").is_hidden()
    log = page.locator("[data-testid=log] li").all_inner_texts()
    assert any("takes column" in line for line in log[-8:]), log[-8:]
    # a tap elsewhere closes an explanation
    page.wait_for_function(DECIDING)
    page.locator("#board .player.me .board-name .explained").first.tap()
    expect(tip).to_be_visible(timeout=PATIENCE_MS)
    page.locator("#title").tap()
    expect(tip).to_have_count(0)
    ana.check_clean()
    ana.close()
