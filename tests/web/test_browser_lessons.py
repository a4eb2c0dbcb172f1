"""The guided first game in Chromium at 1366 by 850 and 390 by 844 (issue 35 item 1).

A person opens the lobby, presses "Learn to play", and takes the lesson of each game to its end:
the coach's line changes at every step, the coached choice is highlighted (on the table where
it has a place, else its button) and is the only one offered, a free step takes any choice and
says what it thinks of it, and the end offers the lesson again (taken on the desktop: it starts
over) and a short game against the Easy bot (taken on the phone: it opens an ordinary table).
Each step is photographed. The browser and the server are ``test_browser.py``'s.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import test_browser as shared
from test_browser import DESKTOP, PHONE, no_horizontal_overflow

from alaka.core.lesson import lesson_of
from waits import PATIENCE_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

browser = shared.browser
server = shared.server
shots = shared.shots

SCREENS = {"desktop": DESKTOP, "phone": PHONE}
#: Whether the first coached place on the table is in view (above the sheet of choices on a
#: phone); null when the coached choice is a button.
IN_VIEW = """() => {
  const target = document.querySelector('#board .coached');
  if (!target) return null;
  const sheet = document.querySelector('.side-top');
  const sticky = getComputedStyle(sheet).position === 'sticky';
  const bottom = sticky ? sheet.getBoundingClientRect().top : window.innerHeight;
  const box = target.getBoundingClientRect();
  return box.top >= 0 && box.top < bottom;
}"""


def choose(page: Page, name: str) -> str:
    """Press the choice called ``name`` where a person would: its place on the table, or its
    button; says which."""
    on_table = page.locator(f"#board [data-action='{name}']")
    if on_table.count():
        on_table.first.scroll_into_view_if_needed()
        on_table.first.click()
        return "table"
    page.locator(f"#legal button.action[data-name='{name}']").click()
    return "button"


def finish_the_turn(page: Page, line: str) -> int:
    """After the lesson's steps, finish the turn with the first choice offered each time (the
    coach says the lesson's ``finish`` line meanwhile); how many choices that took."""
    from playwright.sync_api import expect

    progress = page.locator("[data-testid=progress]")
    taken = 0
    while True:
        expect(progress).not_to_have_text(re.compile("^Step "))
        if progress.inner_text() == "Lesson done":
            return taken
        expect(page.locator("[data-testid=coach-line]")).to_have_text(line)
        offered = page.eval_on_selector_all(
            "#board [data-action], #legal button.action:enabled",
            "found => found.map(e => e.dataset.action || e.dataset.name)",
        )
        before = page.evaluate("() => document.querySelectorAll('#log li').length")
        choose(page, offered[0])
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
        taken += 1
        assert taken < 40, "the last turn does not end"


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_a_person_takes_the_lesson_to_its_end(
    browser: Browser, server: str, shots: Path, game: str, screen: str
) -> None:
    from playwright.sync_api import expect

    lesson = lesson_of(game)
    context = browser.new_context(viewport=SCREENS[screen])
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    crashes: list[str] = []
    page.on("pageerror", lambda error: crashes.append(str(error)))
    blocked: list[str] = []  # what the content security policy refused: there must be none
    page.on(
        "console",
        lambda message: blocked.append(message.text) if "Content Security" in message.text else None,
    )
    page.goto(server + "/")
    page.wait_for_selector(f"[data-testid=learn-{game}]")
    page.screenshot(path=str(shots / f"lesson-{game}-{screen}-lobby.png"))
    page.click(f"[data-testid=learn-{game}]")
    page.wait_for_url(f"**/learn/{game}")
    expect(page.locator("[data-testid=welcome]")).to_have_text(lesson.welcome)
    expect(page.locator("[data-testid=rules]")).to_be_visible()  # the explanations, as at a table
    page.wait_for_selector("#board .explained")
    assert page.get_attribute("[data-testid=coach-line]", "aria-live") == "polite"
    seen: list[str] = []
    places = []
    for k, step in enumerate(lesson.steps):
        expect(page.locator("[data-testid=progress]")).to_have_text(f"Step {k + 1} of {len(lesson.steps)}")
        line = page.locator("[data-testid=coach-line]")
        expect(line).to_have_text(step.coach)
        seen.append(line.inner_text())
        if not step.free:
            # the coached choice is highlighted and is the only one offered
            marked = page.eval_on_selector_all(
                ".coached", "found => found.map(e => e.dataset.action || e.dataset.name)"
            )
            # (an element may be drawn twice: a character in its team and in the fight)
            assert marked and set(marked) == {step.action}, f"step {k + 1}: {marked} highlighted"
            offered = page.eval_on_selector_all(
                "#board [data-action], #legal button.action:enabled",
                "found => found.map(e => e.dataset.action || e.dataset.name)",
            )
            assert set(offered) == {step.action}
            # a coached place on the table is in view, above a phone's sheet of choices
            visible = page.evaluate(IN_VIEW)
            assert visible is not False, f"step {k + 1}: the coached place is out of view"
        page.screenshot(path=str(shots / f"lesson-{game}-{screen}-step{k + 1}.png"))
        if step.free and screen == "phone":  # another choice than the lesson's: it is judged
            offered = page.eval_on_selector_all(
                "#board [data-action], #legal button.action:enabled",
                "found => found.map(e => e.dataset.action || e.dataset.name)",
            )
            other = next(name for name in offered if name != step.action and name not in step.also)
            places.append(choose(page, other))
            verdict = "the stronger choice was"
        else:
            places.append(choose(page, step.action))
            verdict = "Well chosen" if step.free else None
        if verdict is not None:
            expect(page.locator("[data-testid=feedback]")).to_contain_text(verdict)
    assert len(set(seen)) == len(seen), "the coach's line changes at every step"
    finished = finish_the_turn(page, lesson.finish)
    assert finished > 0
    page.screenshot(path=str(shots / f"lesson-{game}-{screen}-finished.png"))
    assert "table" in places, "some coached choices are on the table itself"
    end = page.locator("[data-testid=lesson-end]")
    expect(end).to_be_visible()
    expect(page.locator("[data-testid=farewell]")).to_have_text(lesson.farewell)
    expect(page.locator("[data-testid=progress]")).to_have_text("Lesson done")
    if screen == "phone":
        no_horizontal_overflow(page)
    page.locator("[data-testid=play-easy]").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"lesson-{game}-{screen}-end.png"))
    if screen == "desktop":  # the lesson taken again starts over, at its first step
        page.click("[data-testid=again]")
        expect(page.locator("[data-testid=progress]")).to_have_text(f"Step 1 of {len(lesson.steps)}")
        expect(page.locator("[data-testid=coach-line]")).to_have_text(lesson.steps[0].coach)
        expect(end).to_be_hidden()
    else:
        page.click("[data-testid=play-easy]")
        page.wait_for_url("**/table/**")
        page.wait_for_selector("[data-testid=status][data-state=connected]")
        expect(page.locator("[data-testid=presence]")).to_contain_text("bot")
    assert crashes == [] and blocked == []
    context.close()


def test_a_refused_choice_shows_the_servers_reason(browser: Browser, server: str) -> None:
    """The page offers only the coached choice, but the server is the referee: another choice
    sent anyway is refused, the page shows the reason, and the step stays."""
    from playwright.sync_api import expect

    lesson = lesson_of("alakazoo")
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    page.goto(server + "/learn/alakazoo")
    expect(page.locator("[data-testid=progress]")).to_have_text(f"Step 1 of {len(lesson.steps)}")
    page.click("[data-testid=other-choices] summary")  # the other choices are shown, not offered
    disabled = page.locator("#legal button.action:disabled")
    assert disabled.count() > 0
    # a person who makes a disabled button pressable (developer tools) is still refused
    name = disabled.first.get_attribute("data-name")
    disabled.first.evaluate("button => { button.disabled = false; }")
    page.click(f"#legal button.action[data-name='{name}']")
    banner = page.locator("[data-testid=error]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("in this step of the lesson, choose: Action 1: roll dice 1 and 2")
    expect(page.locator("[data-testid=coach-line]")).to_have_text(lesson.steps[0].coach)
    context.close()
