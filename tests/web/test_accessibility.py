"""The pages of ``alaka serve`` checked by axe-core, and the table's keys to the choices (issue 35).

axe-core, the accessibility engine, is the npm package ``tests/web/a11y/package.json`` pins
(``package-lock.json`` fixes the exact release); ``npm ci --prefix tests/web/a11y`` installs it
there, as ``.ci/run`` does. Each page is opened in Chromium as in ``test_browser.py``, axe-core is
added to it (``page.add_script_tag``: the context bypasses the server's content security policy,
which refuses scripts the server did not send) and ``axe.run()`` checks the whole document with
its standard rules (WCAG 2 A and AA, and best practices), none turned off. No violation of
impact "critical" or "serious" may be found on the lobby, an Alakazum! and an Alakazoo table at
a decision, a replay of a finished game of each, or a review, on a desktop or a phone screen.
Every page's counts, by impact, are printed (``pytest -s`` shows them).

The keys: the table page's first Tab stop is a link "Skip to the choices", and the key C goes
from choice to choice (Shift+C back), so the first choice is two keys away from the page's load
and every choice a few more.

Without axe-core (or Chromium, or Playwright) these tests are skipped on a developer's machine,
saying how to install it, and fail in CI (``ALAKA_REQUIRE_ALL``: ``tests/needs.py``).
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_browser import (
    BOT,
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    GAME_TIMEOUT,
    PHONE,
    Person,
    Server,
    _missing,
    api,
    create_table,
    wait_finished,
)

from needs import need
from waits import PATIENCE_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, ViewportSize

pytestmark = pytest.mark.browser

A11Y = Path(__file__).parent / "a11y"
AXE = A11Y / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail a page (axe-core's "moderate" and "minor" are printed, not failed).
FAILING = ("critical", "serious")
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
#: A choice offered now: a place on the table or a button beside it.
DECISION = "#board [data-action], #board [data-choices], #legal button.action:enabled"
#: What the key C visits, in its order (the table page's choices()).
CHOICES = (
    "() => [...document.querySelectorAll('#board .choice'),"
    " ...document.querySelectorAll('#legal button:not(:disabled)')]"
)
#: How a test names an element: its action, place, button name or test id.
NAME = "e => e.dataset.action || e.dataset.place || e.dataset.name || e.dataset.testid || e.id || e.tagName"
#: Whether the focused element is the first choice.
FOCUS_ON_FIRST = f"() => ({CHOICES})()[0] === document.activeElement"


def _axe_missing() -> str | None:
    if AXE.exists():
        return None
    return f"axe-core is not installed ({AXE} is missing): npm ci --prefix tests/web/a11y"


# -- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    missing = _missing()
    need(None if missing is None else f"the accessibility tests cannot run: {missing}")
    need(_axe_missing())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = Server(tmp_path_factory.mktemp("serve"))
    yield running.url
    running.stop()


@pytest.fixture(scope="module")
def finished(server: str) -> dict[str, dict[str, Any]]:
    """A 3-player game of each among bots, played to the end (for their replays)."""
    made = {
        game: create_table(server, game, [BOT, BOT, BOT])["table"]["id"] for game in ("alakazoo", "alakazum")
    }
    return {game: wait_finished(server, table) for game, table in made.items()}


@pytest.fixture(scope="module")
def reviewed(server: str) -> tuple[dict[str, Any], str]:
    """A finished Alakazoo game whose seat 0 was a person's, who left at once, and its token."""
    made = create_table(server, "alakazoo", [{"kind": "human"}, BOT, BOT])
    token = made["links"]["seats"][0]["token"]
    api(server, f"/api/tables/{made['table']['id']}/leave", {"token": token})
    return wait_finished(server, made["table"]["id"]), token


# -- axe-core ------------------------------------------------------------------------------------


def audit(page: Page, where: str) -> list[str]:
    """Run axe-core on the page as it is now; print what it found by impact, and return the
    critical and serious violations in words: rule, impact, what it asks, and where."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found: dict[str, Any] = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")
    violations: list[dict[str, Any]] = found["violations"]
    counts = Counter(str(v["impact"]) for v in violations for _ in v["nodes"])
    rules = ", ".join(f"{v['id']} ({v['impact']}, {len(v['nodes'])})" for v in violations) or "none"
    summary = ", ".join(
        f"{impact} {counts[impact]}" for impact in ("critical", "serious", "moderate", "minor")
    )
    print(f"axe-core {found['testEngine']['version']} on {where}: {summary}; rules: {rules}")
    failing = []
    for violation in violations:
        if violation["impact"] not in FAILING:
            continue
        for node in violation["nodes"]:
            failing.append(
                f"{where}: {violation['id']} ({violation['impact']}): {violation['help']}"
                f" at {node['target']}: {node.get('failureSummary', '')}".replace("\n", " ")
            )
    return failing


def check(failing: list[str]) -> None:
    if failing:
        pytest.fail("axe-core found critical or serious violations:\n" + "\n".join(failing), pytrace=False)


def context_page(browser: Browser, viewport: ViewportSize) -> Page:
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    context.set_default_timeout(PATIENCE_MS)  # waits are on conditions (tests/waits.py)
    return context.new_page()


def at_a_decision(person: Person) -> None:
    """Wait until the person has a choice and the page is not waiting for an answer."""
    person.page.wait_for_selector(DECISION)
    person.page.wait_for_selector("#board:not(.waiting-answer)")


def moves(person: Person, count: int) -> None:
    """Click ``count`` choices (fewer if the game ends first)."""
    deadline = time.monotonic() + GAME_TIMEOUT
    made = 0
    while made < count and not person.finished:
        assert time.monotonic() < deadline, f"only {made} of {count} moves were made"
        if person.try_move():
            made += 1
        else:
            person.page.wait_for_timeout(50)


# -- axe-core on every page ------------------------------------------------------------------------


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_lobby_has_no_critical_or_serious_violation(browser: Browser, server: str, screen: str) -> None:
    page = context_page(browser, VIEWPORTS[screen])
    create_table(server, "alakazoo", [BOT, {"kind": "human", "open": True}])  # a table to join
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=play-now] button")
    page.wait_for_selector("[data-testid=tables] .table-card")
    failing = audit(page, f"the lobby ({screen})")
    # with the game's options open and a new table's links shown
    page.click("#options-box summary")
    page.select_option("select[name=seat-1]", "human")
    page.click("#create-table button[type=submit]")
    page.wait_for_selector("[data-testid=seat-link]")
    failing += audit(page, f"the lobby with a new table's links ({screen})")
    page.context.close()
    check(failing)


@pytest.mark.parametrize("screen", VIEWPORTS)
@pytest.mark.parametrize("game", ["alakazum", "alakazoo"])
def test_a_table_at_a_decision_has_no_critical_or_serious_violation(
    browser: Browser, server: str, game: str, screen: str
) -> None:
    made = create_table(server, game, [{"kind": "human", "name": "Ana"}, BOT, BOT])
    person = Person(
        browser,
        server + made["links"]["seats"][0]["url"],
        seed=4,
        viewport=VIEWPORTS[screen],
        bypass_csp=True,
    )
    person.page.wait_for_selector("[data-testid=rules]:not([hidden])")  # the explanations are in
    at_a_decision(person)
    failing = audit(person.page, f"{game}'s first decision ({screen})")
    # a few decisions on, with cards, boards and dice on the table (and choices on it)
    moves(person, 8)
    if not person.finished:
        at_a_decision(person)
        failing += audit(person.page, f"{game} eight decisions on ({screen})")
    person.check_clean()
    person.close()
    check(failing)


@pytest.mark.parametrize("screen", VIEWPORTS)
@pytest.mark.parametrize("game", ["alakazum", "alakazoo"])
def test_a_replay_has_no_critical_or_serious_violation(
    browser: Browser, server: str, finished: dict[str, dict[str, Any]], game: str, screen: str
) -> None:
    table = finished[game]
    page = context_page(browser, VIEWPORTS[screen])
    failing = []
    for step in (table["actions"] // 2, table["actions"]):
        page.goto(f"{server}/table/{table['id']}/replay?seat=1&step={step}")
        page.wait_for_selector(f"[data-testid=replay-step][data-step='{step}']")
        failing += audit(page, f"the replay of {game} at step {step} ({screen})")
    page.context.close()
    check(failing)


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_a_review_has_no_critical_or_serious_violation(
    browser: Browser, server: str, reviewed: tuple[dict[str, Any], str], screen: str
) -> None:
    table, token = reviewed
    page = context_page(browser, VIEWPORTS[screen])
    page.goto(f"{server}/table/{table['id']}/replay?seat=0&review=1#token={token}")
    page.wait_for_selector("[data-testid=review-headline]")
    page.wait_for_selector("[data-testid=replay-step][data-step]")
    failing = audit(page, f"the review ({screen})")
    page.context.close()
    check(failing)


@pytest.mark.parametrize("screen", VIEWPORTS)
@pytest.mark.parametrize("game", ["alakazum", "alakazoo"])
def test_a_lesson_has_no_critical_or_serious_violation(
    browser: Browser, server: str, game: str, screen: str
) -> None:
    """The lesson page at its first step, at a free step (its judged choice shown, the other
    choices unfolded) and at its end."""
    from test_browser_lessons import finish_the_turn

    from alaka.core.lesson import lesson_of

    lesson = lesson_of(game)
    page = context_page(browser, VIEWPORTS[screen])
    page.goto(f"{server}/learn/{game}")
    progress = page.locator("[data-testid=progress]")
    progress.filter(has_text=f"Step 1 of {len(lesson.steps)}").wait_for()
    failing = audit(page, f"the lesson of {game} at its first step ({screen})")
    for k, step in enumerate(lesson.steps):
        progress.filter(has_text=f"Step {k + 1} of").wait_for()
        if step.free:
            if page.locator("[data-testid=other-choices]").count():
                page.click("[data-testid=other-choices] summary")
            failing += audit(page, f"the lesson of {game} at a free step ({screen})")
        target = page.locator(f"#board [data-action='{step.action}']")
        if target.count():
            target.first.click()
        else:
            page.click(f"#legal button.action[data-name='{step.action}']")
    progress.filter(has_text="Finish your turn").wait_for()
    failing += audit(page, f"the lesson of {game} as its last turn is finished ({screen})")
    finish_the_turn(page, lesson.finish)
    page.wait_for_selector("[data-testid=lesson-end]:not([hidden])")
    failing += audit(page, f"the lesson of {game} at its end ({screen})")
    page.context.close()
    check(failing)


# -- the keys ------------------------------------------------------------------------------------


def accessible_name(element: Locator) -> str:
    """The name the browser gives ``element`` (as a screen reader hears it), from its ARIA
    snapshot: ``- button "Take column 2: Column 2 ..."``. A card in the middle of a redraw
    has no snapshot yet: it is read again until it has one."""
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while not (lines := element.aria_snapshot().splitlines()):
        assert time.monotonic() < deadline, "the element never had an accessible name"
        time.sleep(0.05)
    snapshot = lines[0].removeprefix("- ")
    if snapshot.startswith("'"):  # YAML quotes a line with ": " in it
        snapshot = snapshot[1:].removesuffix(":").removesuffix("'").replace("''", "'")
    match = re.match(r'\w+ "(.*)"', snapshot)
    assert match, snapshot
    return match.group(1).replace('\\"', '"')


def focused(page: Page) -> str:
    """The focused element, as a test names it."""
    return str(page.evaluate(f"() => ({NAME})(document.activeElement)"))


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_first_choice_is_two_keys_from_the_page_load_and_c_visits_every_choice(
    browser: Browser, server: str, screen: str
) -> None:
    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    url = server + made["links"]["seats"][0]["url"]
    ana = Person(browser, url, seed=6, viewport=VIEWPORTS[screen], bypass_csp=True)
    page = ana.page
    # the first decision (a board, chosen by buttons): Tab shows the skip link, Enter follows it
    at_a_decision(ana)
    page.keyboard.press("Tab")
    assert focused(page) == "skip-to-choices"
    box = page.locator("[data-testid=skip-to-choices]").bounding_box()
    assert box is not None and box["y"] >= 0 and box["height"] > 10, f"the skip link is out of sight: {box}"
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUS_ON_FIRST), f"Tab, Enter reached {focused(page)}, not the first choice"
    # on to a decision taken on the table: the columns (the page loaded anew)
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("#board [data-action^='take:']").count():
        assert time.monotonic() < deadline, "no column was ever offered"
        if not ana.try_move():
            page.wait_for_timeout(50)
    page.reload()
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    page.wait_for_selector("#board [data-action^='take:']")
    presses = 0
    while not page.evaluate(FOCUS_ON_FIRST):
        presses += 1
        assert presses <= 3, f"{presses} keys from the page load and the focus is on {focused(page)}"
        page.keyboard.press("Enter" if focused(page) == "skip-to-choices" else "Tab")
    # the key C goes from choice to choice, every one of them, and round again; Shift+C back
    offered = page.evaluate(f"() => ({CHOICES})().map({NAME})")
    visited = [focused(page)]
    for _ in offered[1:]:
        page.keyboard.press("c")
        visited.append(focused(page))
    assert visited == offered
    page.keyboard.press("c")
    assert focused(page) == offered[0]
    page.keyboard.press("Shift+C")
    assert focused(page) == offered[-1]
    # a choice on the table says what it shows: a column names its cards
    take = page.locator("#board [data-action^='take:']").first
    name = accessible_name(take)
    assert name.startswith(f"{take.get_attribute('title')}: Column"), name
    # a C typed into the rules' search is a letter, not a jump
    page.click("[data-testid=rules] summary")
    page.fill("[data-testid=glossary-search]", "")
    page.focus("[data-testid=glossary-search]")
    page.keyboard.press("c")
    assert page.input_value("[data-testid=glossary-search]") == "c"
    ana.check_clean()
    ana.close()


def test_a_character_offered_on_the_table_says_its_numbers(browser: Browser, server: str) -> None:
    """Alakazum!'s first decision is a character from the initial row: each card's name as a
    choice carries its culture, level and numbers (a button's insides are not read out)."""
    made = create_table(server, "alakazum", [{"kind": "human", "name": "Ana"}, BOT, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=1, bypass_csp=True)
    page = ana.page
    page.wait_for_selector("#board .card.character[data-action]")
    cards = page.locator("#board .card.character[data-action]")
    assert cards.count()
    for k in range(cards.count()):
        name = accessible_name(cards.nth(k))
        assert name.startswith(f"{cards.nth(k).get_attribute('title')}: "), name
        assert re.search(r"Level \w+ .+ Combat \d+ Culture \d+ Resistance \d+ Magic \d+", name), name
    # nothing inside a choice is a Tab stop of its own
    assert page.locator("#board .choice [tabindex]:not(.choice)").count() == 0
    ana.check_clean()
    ana.close()
