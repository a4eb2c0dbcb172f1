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


@pytest.mark.parametrize("language", ["es", "ca"])
@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_a_short_game_is_played_in_the_browsers_language(
    browser: Browser, server: str, shots: Path, language: str, game: str
) -> None:
    made = create_table(server, game, [{"kind": "human", "name": "Ana"}, BOT])
    person = Person(browser, server + made["links"]["seats"][0]["url"], seed=5, locale=language)
    page = person.page
    check_language(page, language)
    page.screenshot(path=shots / f"{game}-{language}-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    no_horizontal_overflow(page)
    check_language(page, language)
    page.screenshot(path=shots / f"{game}-{language}-phone.png", full_page=True)
    page.set_viewport_size(DESKTOP)

    play_to_the_end([person], shots, f"{game}-{language}")

    waiting = page.locator("[data-testid=waiting]").inner_text()
    assert waiting == in_language(language, "The game is over.")
    check_language(page, language)
    page.screenshot(path=shots / f"{game}-{language}-finished-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    no_horizontal_overflow(page)
    page.screenshot(path=shots / f"{game}-{language}-finished-phone.png", full_page=True)
    person.check_clean()
    person.close()


@pytest.mark.parametrize("language", ["es", "ca"])
def test_the_lobby_speaks_the_browsers_language_and_its_switch_is_remembered(
    browser: Browser, server: str, shots: Path, language: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=language)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=language] option")
    check_language(page, language)
    assert page.locator("h1").inner_text() == in_language(language, "Lobby")
    page.screenshot(path=shots / f"lobby-{language}-desktop.png", full_page=True)
    # The switch: English, then a new page of the same browser is English too.
    page.select_option("[data-testid=language]", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator("h1").inner_text() == "Lobby"
    page.goto(server + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    context.close()


def test_a_catalan_and_a_spanish_player_at_one_table_each_read_their_own(
    browser: Browser, server: str, shots: Path
) -> None:
    made = create_table(
        server, "alakazoo", [{"kind": "human", "name": "Núria"}, {"kind": "human", "name": "Lola"}]
    )
    links = made["links"]["seats"]
    catalan = Person(browser, server + links[0]["url"], seed=1, locale="ca")
    spanish = Person(browser, server + links[1]["url"], seed=2, locale="es")
    play_to_the_end([catalan, spanish], shots, "alakazoo-ca-es")
    for person, language in ((catalan, "ca"), (spanish, "es")):
        page = person.page
        check_language(page, language)
        assert page.locator("[data-testid=waiting]").inner_text() == in_language(
            language, "The game is over."
        )
        page.screenshot(path=shots / f"alakazoo-{language}-mixed-desktop.png", full_page=True)
        person.check_clean()
        person.close()
