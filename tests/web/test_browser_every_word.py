"""Every word a browser shows is a message: the pages of a server whose catalogues bracket every
message (``python -m alaka.testing.pseudo serve``, the pages' own catalogue bracketed the same
way) show no bare English word but the names printed on the cards and the players' names.

A short game of each game is played by clicking, at a desktop's size, and the lobby, the table
(as it is played, and with its result), the game's explanations, the replay of the finished game
and the first lesson are read: the text of the page and the words a screen reader or a tooltip
gives (``aria-label``, ``title``, ``placeholder``, ``alt``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_browser import BOT, Person, Server, browser, create_table, wait_finished

from alaka.core.language import LANGUAGES
from alaka.testing.pseudo import CLOSE, OPEN, leftovers
from waits import PATIENCE_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Route

__all__ = ["browser"]  # the fixture, shared with test_browser.py

pytestmark = pytest.mark.browser

STATIC = Path(__file__).resolve().parents[2] / "src" / "alaka" / "ui" / "web" / "static"

#: Everything a page shows or says: its text, and the words given to screen readers and tooltips.
READ = """() => {
  const words = [document.title, document.body.innerText];
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = e.getAttribute(name);
      if (value) words.push(value);
    }
  }
  return words.join('\\n');
}"""

#: The players' names this test gives, which are not messages.
PLAYERS = {"Ana", "Bea"}
#: Words that are the same in every language: the project's name and each language's own name.
ALLOWED = {"Alaka", *LANGUAGES.values()}


@pytest.fixture(scope="module")
def bracketing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = Server(tmp_path_factory.mktemp("pseudo"), module="alaka.testing.pseudo")
    yield running.url
    running.stop()


def bracket_the_pages(context: BrowserContext) -> None:
    """The pages' catalogue for Spanish with every message bracketed, as the server's are."""
    messages = json.loads((STATIC / "i18n" / "es.json").read_text("utf-8"))["messages"]
    bracketed = {
        english: [OPEN + form + CLOSE for form in (english, english)]
        if isinstance(words, list)
        else OPEN + english + CLOSE
        for english, words in messages.items()
    }
    body = json.dumps({"language": "es", "messages": bracketed})

    def answer(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=body)

    context.route("**/static/i18n/es.json", answer)


def names() -> set[str]:
    from test_every_word_marked import printed_names

    return printed_names("alakazum") | printed_names("alakazoo") | PLAYERS


def bare_words(page: Page, where: str, found: dict[str, set[str]]) -> None:
    """Add the lines of ``page`` holding a bare word to ``found`` (by line: which words)."""
    text = page.evaluate(READ)
    for line in text.splitlines():
        words = leftovers(line, names(), allowed=ALLOWED)
        if words:
            found.setdefault(f"{where}: {line.strip()[:140]}", set()).update(words)


def test_no_page_shows_a_word_that_is_not_a_message(bracketing_server: str, browser: Browser) -> None:
    server = bracketing_server
    found: dict[str, set[str]] = {}
    context = browser.new_context(locale="es")
    context.set_default_timeout(PATIENCE_MS)
    bracket_the_pages(context)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=language] option", state="attached")
    bare_words(page, "lobby", found)
    for game in ("alakazum", "alakazoo"):
        page.goto(f"{server}/learn/{game}")
        page.wait_for_selector("[data-testid=coach-line]")
        page.wait_for_selector("[data-testid=progress]")
        bare_words(page, f"{game} lesson", found)

    for game in ("alakazum", "alakazoo"):
        made = create_table(server, game, [{"kind": "human", "name": "Ana"}, {**BOT, "name": "Bea"}])
        person = Person(
            browser, server + made["links"]["seats"][0]["url"], seed=3, locale="es", prepare=bracket_the_pages
        )
        bare_words(person.page, f"{game} table", found)
        moves = 0
        while not person.finished and moves < 400:
            if person.try_move():
                moves += 1
                if moves % 10 == 0:
                    bare_words(person.page, f"{game} table", found)
        bare_words(person.page, f"{game} result", found)
        finished = wait_finished(server, made["table"]["id"])
        person.page.goto(f"{server}/table/{finished['id']}/replay?seat=0")
        person.page.wait_for_selector("[data-testid=replay-step]", state="attached")
        bare_words(person.page, f"{game} replay", found)
        person.check_clean()
        person.close()
    context.close()
    lines = [f"{line}  [{' '.join(sorted(words))}]" for line, words in sorted(found.items())]
    assert not found, f"{len(lines)} lines with words that are not messages:\n" + "\n".join(lines[:150])
