"""The tables in each language a browser asks for: a short game of each game, played by
clicking, in Spanish and in Catalan, at a desktop's and a phone's size; and one table where a
Catalan and a Spanish player each read their own language.

The words the pages must show are taken from the shipped catalogues (``speaking``), so the test
checks that each page really is in its reader's language, and that nothing is cut: no text
spills out of the box that holds it and no page is wider than a phone. Screenshots of every page
go where ``tests/web/test_browser.py`` puts them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_browser import (
    BOT,
    DESKTOP,
    PHONE,
    Person,
    browser,
    create_table,
    no_horizontal_overflow,
    play_to_the_end,
    server,
    shots,
)

from alaka.core.language import speaking, tr

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["browser", "server", "shots"]  # the fixtures, shared with test_browser.py

pytestmark = pytest.mark.browser

#: Elements holding words, with what spills out of them: a box whose content is wider or taller
#: than the box itself and that hides or scrolls its overflow cuts its words.
CUT_TEXT = """() => [...document.querySelectorAll(
    'button, label, h1, h2, h3, .label, .who, .status, [data-testid=waiting], th, td, summary, select')]
  .filter(e => e.offsetParent !== null)
  .filter(e => {
    const style = getComputedStyle(e);
    const hides = [style.overflowX, style.overflowY].some(v => v === 'hidden' || v === 'clip');
    return hides && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
  })
  .map(e => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 40))"""


def in_language(language: str, message: str) -> str:
    """``message`` as the catalogue of ``language`` has it (and a check that it is translated)."""
    with speaking(language):
        words = tr(message)
    assert words != message, f"{message!r} is not translated into {language}"
    return words


def check_language(page: Page, language: str) -> None:
    assert page.locator("html").get_attribute("lang") == language
    cut = page.evaluate(CUT_TEXT)
    assert not cut, f"{page.url}: words cut in {language}: {cut}"


def phone_look(browser: Browser, url: str, language: str, shot: Path) -> None:
    """The table as a spectator sees it on a phone in ``language``: nothing wider than the
    phone, no words cut; a screenshot."""
    context = browser.new_context(viewport=PHONE, locale=language, has_touch=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    no_horizontal_overflow(page)
    check_language(page, language)
    page.screenshot(path=shot, full_page=True)
    context.close()


@pytest.mark.parametrize("language", ["es", "ca"])
@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_a_short_game_is_played_in_the_browsers_language(
    browser: Browser, server: str, shots: Path, language: str, game: str
) -> None:
    made = create_table(server, game, [{"kind": "human", "name": "Ana"}, BOT])
    spectator = made["links"]["spectator"]
    watch = spectator if spectator.startswith("http") else server + spectator
    person = Person(browser, server + made["links"]["seats"][0]["url"], seed=5, locale=language)
    page = person.page
    check_language(page, language)
    page.screenshot(path=shots / f"{game}-{language}-desktop.png", full_page=True)
    phone_look(browser, watch, language, shots / f"{game}-{language}-phone.png")

    play_to_the_end([person], shots, f"{game}-{language}")

    waiting = page.locator("[data-testid=waiting]").inner_text()
    assert waiting == in_language(language, "The game is over.")
    check_language(page, language)
    page.screenshot(path=shots / f"{game}-{language}-finished-desktop.png", full_page=True)
    phone_look(browser, watch, language, shots / f"{game}-{language}-finished-phone.png")
    person.check_clean()
    person.close()


@pytest.mark.parametrize("language", ["es", "ca"])
def test_the_lobby_speaks_the_browsers_language_and_its_switch_is_remembered(
    browser: Browser, server: str, shots: Path, language: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=language)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=language] option", state="attached")
    check_language(page, language)
    assert page.locator("h1").inner_text() == in_language(language, "Lobby")
    page.screenshot(path=shots / f"lobby-{language}-desktop.png", full_page=True)
    # The switch: English, then a new page of the same browser is English too.
    page.select_option("[data-testid=language]", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.locator("h1").inner_text() == "Lobby"
    page.goto(server + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    context.close()


def test_a_catalan_player_and_a_spanish_spectator_at_one_table_each_read_their_own(
    browser: Browser, server: str, shots: Path
) -> None:
    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Núria"}, BOT])
    spectator = made["links"]["spectator"]
    catalan = Person(browser, server + made["links"]["seats"][0]["url"], seed=1, locale="ca")
    context = browser.new_context(viewport=DESKTOP, locale="es")
    watching = context.new_page()
    watching.goto(spectator if spectator.startswith("http") else server + spectator)
    watching.wait_for_selector("[data-testid=status][data-state=connected]")
    play_to_the_end([catalan], shots, "alakazoo-ca-es")
    watching.wait_for_selector("[data-testid=outcome]:visible")
    for page, language in ((catalan.page, "ca"), (watching, "es")):
        check_language(page, language)
        over = in_language(language, "The game is over.")
        assert page.locator("[data-testid=waiting]").inner_text() == over
        page.screenshot(path=shots / f"alakazoo-{language}-together-desktop.png", full_page=True)
    catalan.check_clean()
    catalan.close()
    context.close()
