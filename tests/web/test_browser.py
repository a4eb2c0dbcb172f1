"""The pages of ``alaka serve`` in a real browser: people play whole games by clicking.

Playwright drives Debian's Chromium (``/usr/bin/chromium``; nothing is downloaded) against the
real server, started as ``python -m alaka serve --pace 0`` in a subprocess (``--pace 0``: bots
and forced choices answer at once). Each person has a browser context of their own, as two
people on two computers would. Screenshots go to ``$ALAKA_ARTIFACTS`` if set, else to a
``screenshots`` folder in the test's temporary directory (the path is printed).

Without Chromium or the ``playwright`` package these tests are skipped on a developer's
machine and fail, saying what is missing, in CI (``ALAKA_REQUIRE_ALL`` set: ``tests/needs.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from web_helpers import free_port

from needs import need
from waits import PATIENCE, PATIENCE_MS

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        LocatorAssertions,
        Page,
        ViewportSize,
    )

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP: ViewportSize = {"width": 1366, "height": 850}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: The longest a whole game may take before the test gives up (they take a few seconds).
GAME_TIMEOUT = PATIENCE
#: True in the page once the server answered the click made at seq ``arg``, or refused it.
#: A click was answered: the state moved on, the server refused it, or the connection dropped
#: (the page then reconnects and the state it brings says whether the click counted).
ANSWERED = """seq => document.querySelector('[data-testid=legal-actions]').dataset.seq !== seq
    || !document.querySelector('[data-testid=error]').hidden
    || document.querySelector('[data-testid=status]').dataset.state !== 'connected'"""
BOT = {"kind": "bot", "bot": "heuristic"}


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package 'playwright' is missing (pip install playwright; no browser download)"
    return None


# -- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    missing = _missing()
    need(None if missing is None else f"the browser tests cannot run: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Server:
    """``alaka serve --pace 0`` in a subprocess, on its own port and SQLite file."""

    def __init__(
        self, folder: Path, port: int | None = None, pace: float = 0.0, module: str = "alaka"
    ) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / f"serve-{time.monotonic_ns()}.log"
        # module: what runs the CLI (alaka.testing.pseudo runs it in the bracketing language)
        command = [sys.executable, "-m", module, "serve", "--port", str(self.port), "--pace", str(pace)]
        command += ["--review-iterations", "6"]  # a review in seconds, not minutes
        # every test's tables come from one address, a module's dozens of them within a minute
        command += ["--tables-per-address", "100", "--tables-per-minute", "1000"]
        command += ["--open-seat-seconds", "0"]  # the lobby offers open seats at once
        with self.log_path.open("w") as log:
            self.process = subprocess.Popen(
                [*command, "--db", str(folder / "t.sqlite3")], stdout=log, stderr=subprocess.STDOUT
            )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"alaka serve stopped at once:\n{self.log_path.read_text()}", pytrace=False)
            try:
                api(self.url, "/api/games")
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        self.stop()
        pytest.fail(
            f"alaka serve did not answer within {PATIENCE:.0f} s:\n{self.log_path.read_text()}", pytrace=False
        )

    def stop(self) -> None:
        """Ctrl-C, as a person stops it."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server most tests share; yields its base address once it answers."""
    running = Server(tmp_path_factory.mktemp("serve"))
    yield running.url
    running.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go."""
    given = os.environ.get("ALAKA_ARTIFACTS")
    folder = Path(given) if given else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


@pytest.fixture(scope="module")
def finished_zoo(server: str) -> dict[str, Any]:
    """A 3-player Alakazoo game among bots, played to the end (for replays and spectators)."""
    table = create_table(server, "alakazoo", [BOT, BOT, BOT])["table"]
    return wait_finished(server, table["id"])


@pytest.fixture(scope="module")
def left_zoo(server: str) -> tuple[dict[str, Any], str]:
    """A 3-player Alakazoo game whose seat 0 was a person's, who left at once (the heuristic
    played on for them) beside two bots, played to the end; and seat 0's token (a review
    needs it)."""
    made = create_table(server, "alakazoo", [{"kind": "human"}, BOT, BOT])
    token = made["links"]["seats"][0]["token"]
    api(server, f"/api/tables/{made['table']['id']}/leave", {"token": token})
    return wait_finished(server, made["table"]["id"]), token


# -- helpers -------------------------------------------------------------------------------------


def api(base: str, path: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
        return json.load(answer)


def create_table(base: str, game: str, seats: list[dict[str, Any]]) -> Any:
    return api(base, "/api/tables", {"game": game, "seats": seats})


def wait_finished(base: str, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + GAME_TIMEOUT
    while time.monotonic() < deadline:
        summary: dict[str, Any] = api(base, f"/api/tables/{table_id}")
        if summary["status"] == "finished":
            return summary
        time.sleep(0.1)
    pytest.fail(f"table {table_id} did not finish within {GAME_TIMEOUT} s")


def seat_line(page: Page) -> LocatorAssertions:
    """The line naming whose page this is, to assert on as it fills in.

    The status reads "connected" when the socket opens, before the table's first state is
    drawn, so its text is checked with Playwright's retrying assertion, not read once.
    """
    from playwright.sync_api import expect

    return expect(page.locator("#who"))


def no_horizontal_overflow(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"{page.url} is {width}px wide on a {PHONE['width']}px phone"


class Person:
    """One person at a table: a browser context of their own, clicking seeded-random choices."""

    def __init__(
        self,
        browser: Browser,
        url: str,
        seed: int,
        viewport: ViewportSize = DESKTOP,
        touch: bool = False,
        bypass_csp: bool = False,  # lets a test add a script of its own (axe-core: test_accessibility.py)
        locale: str | None = None,  # the browser's language (its Accept-Language: test_browser_languages.py)
        prepare: Callable[[BrowserContext], None] | None = None,  # routes set before the first page
    ) -> None:
        self.context = browser.new_context(
            viewport=viewport, has_touch=touch, bypass_csp=bypass_csp, locale=locale
        )
        if prepare is not None:
            prepare(self.context)
        self.context.set_default_timeout(PATIENCE_MS)  # waits are on conditions (tests/waits.py)
        self.page = self.context.new_page()
        self.crashes: list[str] = []  # JavaScript exceptions: there must be none
        self.refusals: list[str] = []  # the server's error banners
        self.blocked: list[str] = []  # what the content security policy refused: there must be none
        self.page.on("pageerror", lambda error: self.crashes.append(str(error)))
        self.page.on("console", self._console)
        self.page.goto(url)
        self.page.wait_for_selector("[data-testid=status][data-state=connected]")
        self.page.wait_for_selector("[data-testid=legal-actions][data-seq]", state="attached")
        self.rng = random.Random(seed)
        self.clicks = 0
        self.on_table = 0  # clicks on the table itself (not a button)

    def _console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.blocked.append(message.text)

    @property
    def finished(self) -> bool:
        return self.page.locator("[data-testid=outcome]").is_visible()

    def try_move(self) -> bool:
        """Click one choice, chosen at random, where a person clicks it: on the table (an element
        with ``data-action``, or one with several choices, then an item of its menu) or among
        the buttons; False if there is none now."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        page = self.page
        if page.locator("#board.waiting-answer").count():
            return False
        found = page.eval_on_selector_all(
            "#board [data-action], #board [data-choices], button.action:enabled",
            "found => found.map(e => e.dataset.action ? 'table ' + e.dataset.action"
            " : e.dataset.choices ? 'menu ' + e.dataset.place : 'button ' + e.dataset.name)",
        )
        if not found:
            return False
        seq = page.get_attribute("[data-testid=legal-actions]", "data-seq")
        where, _, name = self.rng.choice(found).partition(" ")
        try:
            if where == "table":
                page.locator(f"#board [data-action={json.dumps(name)}]").first.click(timeout=2000)
                self.on_table += 1
            elif where == "menu":
                page.locator(f"#board [data-place={json.dumps(name)}]").first.click(timeout=2000)
                items = page.locator(".choice-menu [data-action]")
                items.nth(self.rng.randrange(items.count())).click(timeout=2000)
                self.on_table += 1
            else:
                page.locator(f"button.action[data-name={json.dumps(name)}]").click(timeout=2000)
        except PlaywrightTimeout:
            return False  # the choices were redrawn in the meantime: look again
        page.wait_for_function(ANSWERED, arg=seq, timeout=PATIENCE_MS)
        banner = page.locator("[data-testid=error]")
        if banner.is_visible():
            self.refusals.append(banner.inner_text())
            # The page may have closed it itself (a "not connected" banner, once connected again).
            with contextlib.suppress(PlaywrightTimeout):
                page.click("#error-close", timeout=2000)
        self.clicks += 1
        return True

    def check_clean(self) -> None:
        assert not self.crashes, f"JavaScript errors: {self.crashes}"
        assert not self.blocked, f"the content security policy refused: {self.blocked}"
        # A person may click a forced choice in the very moment the server answers it for them.
        unexpected = [text for text in self.refusals if "moved on" not in text]
        assert not unexpected, f"the server refused clicks on offered choices: {unexpected}"

    def close(self) -> None:
        self.context.close()


def play_to_the_end(people: list[Person], shots: Path, name: str) -> None:
    """Every person clicks whenever they have choices, until each page shows the result."""
    deadline = time.monotonic() + GAME_TIMEOUT
    while not all(person.finished for person in people):
        if time.monotonic() > deadline:
            people[0].page.screenshot(path=shots / f"{name}-stuck.png", full_page=True)
            pytest.fail(f"{name}: no result after {GAME_TIMEOUT} s")
        moved = False
        for person in people:
            if not person.finished:
                moved = person.try_move() or moved
        if not moved:
            time.sleep(0.02)


def check_result(person: Person, players: int) -> None:
    page = person.page
    outcome = page.locator("[data-testid=outcome]")
    assert "Game over" in outcome.inner_text()
    assert outcome.locator("tbody tr").count() == players
    assert page.locator("[data-testid=waiting]").inner_text() == "The game is over."
    assert page.locator("button.action").count() == 0


def check_log_survives_reload(person: Person) -> None:
    """The log built by appending each message's new events equals a fresh page's whole log."""
    page = person.page
    appended = page.locator("[data-testid=log] li").all_inner_texts()
    page.reload()
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    page.wait_for_selector("[data-testid=outcome]:visible")
    assert page.locator("[data-testid=log] li").all_inner_texts() == appended
    assert len(appended) > 20


# -- the tests -----------------------------------------------------------------------------------


def test_two_people_play_alakazoo_against_a_bot(browser: Browser, server: str, shots: Path) -> None:
    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, {"kind": "human"}, BOT])
    people = [Person(browser, server + link["url"], seed=k) for k, link in enumerate(made["links"]["seats"])]
    first = people[0].page
    assert first.locator(".board").count() == 3
    assert first.locator(".board").first.locator(".space").count() == 9
    assert "Player 1 (Ana)" in first.locator("#who").inner_text()

    play_to_the_end(people, shots, "alakazoo")

    for person in people:
        check_result(person, 3)
        # The other people's hands stay face down to the end.
        assert person.page.locator(".player:not(.me) .hand-card").count() == 0
        person.check_clean()
    assert sum(person.clicks for person in people) > 10
    first.screenshot(path=shots / "alakazoo-finished-desktop.png", full_page=True)
    check_log_survives_reload(people[1])
    for person in people:
        person.close()


def test_one_person_plays_alakazum_against_two_bots_then_rematch(
    browser: Browser, server: str, shots: Path
) -> None:
    made = create_table(server, "alakazum", [{"kind": "human", "name": "Ana"}, BOT, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=7)
    play_to_the_end([ana], shots, "alakazum")

    check_result(ana, 3)
    page = ana.page
    assert page.locator(".card.character").count() > 0
    assert page.locator(".card.enemy").count() == 4
    page.screenshot(path=shots / "alakazum-finished-desktop.png", full_page=True)
    check_log_survives_reload(ana)

    # A rematch: the same players at a new table, reached through the new link.
    page.click("#rematch")
    link = page.locator("[data-testid=rematch-url]")
    link.wait_for()
    href = link.get_attribute("href")
    assert href is not None and "token=" in href
    assert page.locator("[data-testid=error]").is_hidden()
    page.goto(href)
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    seat_line(page).to_contain_text("Player 1 (Ana)", timeout=PATIENCE_MS)
    # Leaving hands the seat to a bot, which finishes the game.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave")
    page.wait_for_selector("text=You left")
    page.wait_for_selector("[data-testid=outcome]:visible", timeout=GAME_TIMEOUT * 1000)
    ana.check_clean()
    ana.close()


def test_lobby_creates_a_table_and_shows_its_links(browser: Browser, server: str, shots: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(PATIENCE_MS)  # waits are on conditions (tests/waits.py)
    page = context.new_page()
    crashes: list[str] = []
    page.on("pageerror", lambda error: crashes.append(str(error)))
    page.goto(server + "/")
    page.select_option("#game", "alakazum")
    page.select_option("#players", "3")
    page.select_option("select[name=seat-0]", "human")
    page.fill("input[name=name-0]", "Ana <b>bold</b>")
    page.select_option("select[name=seat-1]", "human")
    page.select_option("select[name=seat-2]", "bot:heuristic")
    page.click("#create-table button[type=submit]")

    seat_links = page.locator("[data-testid=seat-link]")
    seat_links.first.wait_for()
    assert seat_links.count() == 2
    hrefs = [seat_links.nth(k).get_attribute("href") or "" for k in range(2)]
    assert all("/table/" in href and "#token=" in href for href in hrefs)
    assert hrefs[0] != hrefs[1]
    # The name is shown as written, not read as HTML.
    assert "Ana <b>bold</b>" in seat_links.first.inner_text()
    assert page.locator("#created b").count() == 0
    spectator = page.locator("[data-testid=spectator-link]").get_attribute("href") or ""
    assert "/table/" in spectator and "token" not in spectator
    table_id = spectator.rsplit("/", 1)[1]
    page.wait_for_selector(f".table-card[data-table='{table_id}']")
    page.screenshot(path=shots / "lobby-desktop.png", full_page=True)

    # The spectator link shows the table and offers no choices.
    page.goto(spectator)
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    seat_line(page).to_have_text("Spectator", timeout=PATIENCE_MS)
    assert page.locator("button.action").count() == 0

    # An open seat is taken from the lobby's list, under the name typed there.
    made = create_table(server, "alakazoo", [BOT, {"kind": "human", "open": True}])
    page.goto(server + "/")
    page.fill("#join-name", "Zoe")
    page.click(f".table-card[data-table='{made['table']['id']}'] button.join")
    page.wait_for_url("**/table/*token=*")
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    seat_line(page).to_have_text("You are Player 2 (Zoe)", timeout=PATIENCE_MS)
    assert not crashes
    context.close()


def test_pages_fit_a_phone_screen(
    browser: Browser, server: str, shots: Path, finished_zoo: dict[str, Any]
) -> None:
    for game in ("alakazoo", "alakazum"):
        made = create_table(server, game, [{"kind": "human", "name": "Ana"}, BOT, BOT])
        person = Person(browser, server + made["links"]["seats"][0]["url"], seed=3, viewport=PHONE)
        for _ in range(6):  # a few moves in, with cards on the table
            if not person.try_move():
                time.sleep(0.1)
        no_horizontal_overflow(person.page)
        person.page.screenshot(path=shots / f"{game}-phone.png", full_page=True)
        person.check_clean()
        person.close()

    context = browser.new_context(viewport=PHONE)

    context.set_default_timeout(PATIENCE_MS)  # waits are on conditions (tests/waits.py)
    page = context.new_page()
    for path, name in (
        ("/", "lobby"),
        (f"/table/{finished_zoo['id']}", "alakazoo-finished"),
        (f"/table/{finished_zoo['id']}/replay?seat=1&step=40", "replay"),
    ):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        no_horizontal_overflow(page)
        page.screenshot(path=shots / f"{name}-phone.png", full_page=True)
    context.close()


def test_replay_steps_by_event_and_turn_plays_by_itself_and_reviews_the_seat(
    browser: Browser, server: str, shots: Path, left_zoo: tuple[dict[str, Any], str]
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(PATIENCE_MS)  # waits are on conditions (tests/waits.py)
    page = context.new_page()
    crashes: list[str] = []
    page.on("pageerror", lambda error: crashes.append(str(error)))
    finished, token = left_zoo
    steps = finished["actions"]
    page.goto(f"{server}/table/{finished['id']}/replay?seat=0#token={token}")  # as the seat's review link
    step = page.locator("[data-testid=replay-step]")

    def now() -> int:
        return int(step.get_attribute("data-step") or -1)

    def at(number: int) -> None:
        page.wait_for_selector(f"[data-testid=replay-step][data-step='{number}']")

    at(0)
    assert step.inner_text() == f"Turn 0 · step 0 of {steps}"
    # by event: each step shown added something to the log
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('[data-testid=replay-step]').dataset.step !== '0'")
    assert page.locator("[data-testid=replay-action] li").count() > 0
    # by turn: the turn list jumps, and the next-turn button goes to the next turn's first step
    turns = page.locator("[data-testid=turn-list] option")
    assert turns.count() > 5
    page.select_option("[data-testid=turn-list]", index=3)
    third = int(turns.nth(3).get_attribute("value") or 0)
    at(third)
    page.click("[data-testid=next-turn]")
    at(int(turns.nth(4).get_attribute("value") or 0))
    assert page.locator("[data-testid=turn-list]").input_value() == turns.nth(4).get_attribute("value")
    # autoplay moves on by itself, and stops when asked
    page.select_option("[data-testid=speed]", "350")
    before = now()
    page.click("[data-testid=autoplay]")
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=replay-step]').dataset.step) > n + 1", arg=before
    )
    page.click("[data-testid=autoplay]")
    assert page.locator("[data-testid=autoplay]").get_attribute("aria-pressed") == "false"
    page.keyboard.press("End")
    at(steps)
    assert page.locator("[data-testid=outcome]").is_visible()
    assert page.locator(".player.me").count() == 1

    # the review: seat 1's decisions rated, the costliest named, each one's rating at its step
    page.click("[data-testid=review-start]")
    page.wait_for_selector("[data-testid=review-headline]", timeout=PATIENCE_MS)
    # the headline counts what the server's review counted (the game ships no weights here:
    # the search judges; test_a_learned_review_opens_at_the_first_costly_decision has weights)
    made = api(server, f"/api/tables/{finished['id']}/review", {"token": token})["review"]
    headline = page.locator("[data-testid=review-headline]").inner_text()
    assert f"had {made['with_choice']} decisions with a choice;" in headline
    assert (f"{made['mattered']} mattered" if made["mattered"] else "none mattered") in headline
    if made["first_costly"] is not None:
        at(made["first_costly"] + 1)  # the review opened at its first costly decision
    costly = page.locator("[data-testid=costly] button")
    if costly.count():
        decided = int(costly.first.get_attribute("data-step") or 0)
        costly.first.click()
        at(decided + 1)
        assert "better:" in page.locator("[data-testid=rating]").inner_text()
    page.screenshot(path=shots / "replay-review-desktop.png", full_page=True)

    # the spectator's view of the same step
    page.select_option("#seat", "")
    page.wait_for_selector(".player.me", state="detached")  # a spectator has no seat of their own
    page.click("#first")
    at(0)
    assert not page.locator("[data-testid=outcome]").is_visible()
    assert not crashes
    context.close()


def _learned_review(folder: Path, table_id: str, seat: int) -> dict[str, Any]:
    """The review the server would make of ``seat`` if Alakazoo shipped weights: the table's
    record, read from the server's own SQLite file, reviewed with a network of random weights
    by the same :func:`~alaka.bots.review.review_game` (the server only passes it on)."""
    import sqlite3

    import alaka
    from alaka.bots.learned import LearnedModel, read_weights
    from alaka.bots.review import review_game

    sys.path.insert(0, str(Path(__file__).parents[1] / "bots"))
    from test_learned import random_weights

    with sqlite3.connect(f"file:{folder / 't.sqlite3'}?mode=ro", uri=True) as db:
        game, players = db.execute(
            "SELECT game, num_players FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        rows = db.execute("SELECT action FROM actions WHERE table_id = ? ORDER BY number", (table_id,))
        actions = [action for (action,) in rows]
    record = {**alaka.game(game).new_initial_state(players).record(), "actions": actions}
    model = LearnedModel(game, read_weights(random_weights(folder / "w.npz", game)), "random test weights")
    made: dict[str, Any] = review_game(record, seat, judge=model, worlds=8).json()
    return made


def test_a_learned_review_opens_at_the_first_costly_decision(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """Issue 35: the review's headline counts only the decisions that mattered, and the page
    opens at the first costly decision with its rating in view, on a desktop and on a phone."""
    running = Server(tmp_path)
    try:
        table = create_table(running.url, "alakazoo", [BOT, BOT])["table"]
        wait_finished(running.url, table["id"])
        review = _learned_review(tmp_path, table["id"], 0)
    finally:
        running.stop()
    running = Server(tmp_path, port=running.port)  # the same file: the finished table is there
    try:
        first = review["first_costly"]
        assert first is not None, "a heuristic player judged by a random network misses somewhere"
        answer = json.dumps({"status": "ready", "seat": 0, "review": review})
        for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
            context = browser.new_context(viewport=viewport)
            context.set_default_timeout(PATIENCE_MS)  # waits are on conditions (tests/waits.py)
            page = context.new_page()
            crashes: list[str] = []
            page.on("pageerror", lambda error, seen=crashes: seen.append(str(error)))
            page.route(
                "**/api/tables/*/review",  # the seat's review, asked for with its token
                lambda route: route.fulfill(status=200, content_type="application/json", body=answer),
            )
            page.goto(f"{running.url}/table/{table['id']}/replay?seat=0&review=1#token=seat-token")
            page.wait_for_selector(f"[data-testid=replay-step][data-step='{first + 1}']")
            headline = page.locator("[data-testid=review-headline]").inner_text()
            assert f"had {review['with_choice']} decisions with a choice;" in headline
            assert f"{review['mattered']} mattered" in headline
            assert f"the best choice was made in {review['best']} of them" in headline
            if review["decided"]:
                assert (
                    f"already {review['decided']['result']} from turn {review['decided']['turn']}" in headline
                )
            assert "better:" in page.locator("[data-testid=rating]").inner_text()
            top = page.evaluate("document.getElementById('happened').getBoundingClientRect().top")
            assert 0 <= top < viewport["height"], f"the rating is off the {name} screen ({top}px)"
            if viewport is PHONE:
                no_horizontal_overflow(page)
            page.screenshot(path=shots / f"replay-review-learned-{name}.png")
            assert not crashes
            context.close()
    finally:
        running.stop()


def test_a_choice_lost_with_its_connection_can_be_made_again(browser: Browser, server: str) -> None:
    """The connection drops with the page's action still on its way (the network ate it): the
    page reconnects, the state says the action never counted, and the seat may choose again.
    The page once kept waiting for an answer to it for ever."""
    from playwright.sync_api import WebSocketRoute

    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    lost: list[str] = []

    def route(page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if not lost and '"act"' in str(message):
                lost.append(str(message))
                page_side.close()  # the action goes no further, and the connection drops
                server_side.close()
            else:
                server_side.send(message)

        page_side.on_message(from_page)

    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    try:
        page.route_web_socket(re.compile(r"/ws/tables/"), route)
        page.goto(server + made["links"]["seats"][0]["url"])
        choice = page.locator("button.action:enabled, #board [data-action]").first
        choice.wait_for()
        seq = page.get_attribute("[data-testid=legal-actions]", "data-seq")
        choice.click()
        page.wait_for_selector("[data-testid=status][data-state=reconnecting]")
        page.wait_for_selector("[data-testid=status][data-state=connected]")
        assert len(lost) == 1
        assert page.get_attribute("[data-testid=legal-actions]", "data-seq") == seq  # it never counted
        page.wait_for_selector("#board:not(.waiting-answer)")
        page.locator("button.action:enabled, #board [data-action]").first.click()
        page.wait_for_function(ANSWERED, arg=seq)
        assert page.locator("[data-testid=error]").is_hidden()
        assert page.get_attribute("[data-testid=legal-actions]", "data-seq") != seq  # this one did
    finally:
        context.close()


def test_an_open_page_reconnects_after_a_server_restart(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    first = Server(tmp_path)
    made = create_table(first.url, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    ana = Person(browser, first.url + made["links"]["seats"][0]["url"], seed=5)
    for _ in range(4):
        if not ana.try_move():
            time.sleep(0.1)
    page = ana.page
    # Ana decides: the bot has finished moving
    page.wait_for_selector("#board [data-action], #board [data-choices], button.action:enabled")
    log_before = page.locator("[data-testid=log] li").all_inner_texts()
    seq_before = page.get_attribute("[data-testid=legal-actions]", "data-seq")

    first.stop()
    page.wait_for_selector("[data-testid=status][data-state=reconnecting]")
    # a click meanwhile says the page is not connected ...
    page.locator("#board [data-action], button.action:enabled").first.click()
    banner = page.locator("[data-testid=error]")
    assert banner.is_visible() and "Not connected" in banner.inner_text()
    second = Server(tmp_path, port=first.port)  # the same SQLite file: every table is back
    try:
        page.wait_for_selector("[data-testid=status][data-state=connected]", timeout=PATIENCE_MS)
        banner.wait_for(state="hidden")  # ... and that is cleared once it is connected again
        page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=log] li').length >= n", arg=len(log_before)
        )
        assert page.locator("[data-testid=log] li").all_inner_texts()[: len(log_before)] == log_before
        assert page.get_attribute("[data-testid=legal-actions]", "data-seq") == seq_before
        page.screenshot(path=shots / "reconnected-desktop.png", full_page=True)
        assert ana.try_move()  # and the game goes on
        ana.check_clean()
    finally:
        ana.close()
        second.stop()


# -- issue 21: a table people enjoy and learn from ------------------------------------------------


def test_choices_are_clicked_on_the_table_and_what_changed_is_shown(
    browser: Browser, server: str, shots: Path
) -> None:
    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=11)
    page = ana.page
    # boards are chosen by buttons (no place on the table); taking a column, on the table
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("#board [data-action^='take:']").count():
        assert time.monotonic() < deadline, "no column was ever offered"
        if not ana.try_move():
            page.wait_for_timeout(50)
    # every choice with a place on the table is offered there: highlighted, labelled, reachable
    offered = page.eval_on_selector_all(
        "#board [data-action]",
        "found => found.map(e => [e.dataset.action, e.title, e.tabIndex, e.classList.contains('choice')])",
    )
    assert offered and all(title and tab == 0 and lit for _, title, tab, lit in offered)
    take = page.locator("#board [data-action^='take:']").first
    action = take.get_attribute("data-action")
    assert take.get_attribute("title", timeout=1000) and take.get_attribute("role") == "button"
    assert page.locator(f"button.action[data-name='{action}']").count() == 0  # not a button as well
    hint = page.locator("[data-testid=table-hint]").inner_text()
    assert "Click a highlighted place on the table" in hint
    page.screenshot(path=shots / "alakazoo-choices-desktop.png")
    # the keyboard reaches it: focus, Enter
    seq = page.get_attribute("[data-testid=legal-actions]", "data-seq")
    take.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(ANSWERED, arg=seq)
    log = page.locator("[data-testid=log] li").all_inner_texts()
    assert any("takes column" in line for line in log[-8:]), log[-8:]
    # the newest events stand beside the choices, the same as the log's end
    latest = page.locator("[data-testid=latest] li").all_inner_texts()
    assert (
        latest == page.locator("[data-testid=log] li").all_inner_texts()[-len(latest) :] and len(latest) == 5
    )
    # what the bot changed since Ana's decision is highlighted on the table
    page.wait_for_selector("#board .changed")
    page.screenshot(path=shots / "alakazoo-changed-desktop.png")
    play_to_the_end([ana], shots, "alakazoo-by-table")
    assert ana.on_table > 5
    winner = page.locator("[data-testid=winner]").inner_text()
    assert winner.endswith(("wins.", "win!", "share the win.", "Nobody won."))
    assert (
        page.locator("[data-testid=replay-link]").get_attribute("href")
        == f"/table/{made['table']['id']}/replay?seat=0"
    )
    ana.check_clean()
    ana.close()


def test_on_a_phone_the_newest_events_stay_in_view_beside_the_choices(
    browser: Browser, server: str, shots: Path
) -> None:
    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=3, viewport=PHONE, touch=True)
    page = ana.page
    for _ in range(6):
        if not ana.try_move():
            page.wait_for_timeout(100)
    # on a touch screen the hint says to tap a place on the table, not to click it
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("[data-testid=table-hint]").count():
        assert time.monotonic() < deadline, "no choice was ever offered on the table"
        if not ana.try_move():
            page.wait_for_timeout(50)
    hint = page.locator("[data-testid=table-hint]").inner_text()
    assert hint.startswith("Tap a highlighted place on the table"), hint
    page.wait_for_selector("#board [data-action], button.action:enabled")
    for scroll in (0, 600, 1400):  # wherever the table is scrolled to
        page.evaluate("y => window.scrollTo(0, y)", scroll)
        box = page.locator("[data-testid=latest]").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1
        # the newest event is the one in view when the short box cannot hold them all
        newest = page.locator("[data-testid=latest] li").last.bounding_box()
        assert newest is not None and box["y"] - 1 <= newest["y"]
        assert newest["y"] + newest["height"] <= box["y"] + box["height"] + 1
        page.screenshot(path=shots / f"alakazoo-phone-scrolled-{scroll}.png")
    no_horizontal_overflow(page)
    ana.check_clean()
    ana.close()


#: What a forced step shows, read in one go: its text and how many buttons and places are offered
#: beside it (None when no forced step is on screen).
FORCED_SNAPSHOT = """() => {
  const forced = document.querySelector("[data-testid=forced]");
  if (!forced || !forced.checkVisibility()) return null;
  return [
    forced.innerText,
    document.querySelectorAll("button.action").length,
    document.querySelectorAll("#board [data-action]").length,
  ];
}"""


def test_alakazum_draws_dice_keeps_the_last_combat_and_never_offers_a_forced_step(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """With the real pauses (a forced step is answered after 0.4-1.2 s): a single choice is
    shown as automatic, never as a button, and nobody's click is refused."""
    paced = Server(tmp_path, pace=0.25)
    try:
        made = create_table(paced.url, "alakazum", [{"kind": "human", "name": "Ana"}, BOT, BOT])
        ana = Person(browser, paced.url + made["links"]["seats"][0]["url"], seed=5)
        page = ana.page
        seen = {"forced": False, "pips": False, "last combat": False}
        deadline = time.monotonic() + 150
        while not all(seen.values()) and not ana.finished:
            assert time.monotonic() < deadline, f"not seen within the time: {seen}"
            # one snapshot of the page: a forced step is played within a second, so asking the
            # page three times could see it gone by the third (and wait for it in vain)
            forced = page.evaluate(FORCED_SNAPSHOT)
            if forced is not None:
                seen["forced"] = True
                text, buttons, places = forced
                assert buttons == 0 and places == 0, forced
                assert "Played for you" in text
                page.screenshot(path=shots / "alakazum-forced-desktop.png")
            if page.locator(".pip-die").count():
                seen["pips"] = True
            if page.locator("h2:has-text('The last combat')").count():
                seen["last combat"] = True
                reason = page.locator(".combat-reason").inner_text()
                assert " wins: " in reason
                page.screenshot(path=shots / "alakazum-last-combat-desktop.png")
            if not ana.try_move():
                page.wait_for_timeout(40)
        assert all(seen.values()), seen
        ana.check_clean()
        ana.close()
    finally:
        paced.stop()


def test_the_lobby_plays_now_remembers_your_tables_and_names_bots_and_options(
    browser: Browser, server: str, shots: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(PATIENCE_MS)  # waits are on conditions (tests/waits.py)
    page = context.new_page()
    crashes: list[str] = []
    page.on("pageerror", lambda error: crashes.append(str(error)))
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=play-now] button")
    # bots by strength, the spec on hover; options in plain words
    page.select_option("#game", "alakazoo")
    seat = page.locator("select[name=seat-1] option[value^='bot:']")
    texts = seat.all_inner_texts()
    assert [t.split(" (")[0] for t in texts] == ["Bot: Easy", "Bot: Medium", "Bot: Hard"]
    assert seat.nth(1).get_attribute("title") == "heuristic"
    options = page.locator("#options").text_content() or ""
    assert "When limits are checked" in options and "after each gain" in options
    assert "each_gain" not in options and "ruling" not in options
    page.screenshot(path=shots / "lobby-desktop.png", full_page=True)
    # one click: a seat at a new table against bots
    page.click("[data-testid=play-now] button[data-game=alakazum]")
    page.wait_for_url("**/table/*token=*")
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    seat_line(page).to_have_text(re.compile("^You are Player 1"), timeout=PATIENCE_MS)
    table_url = page.url
    # the lobby remembers it (in this browser), and leads back to the seat
    page.goto(server + "/")
    mine = page.locator("[data-testid=my-table-link]")
    mine.first.wait_for()
    assert mine.first.get_attribute("href") == table_url
    # its bots are named by their level, the spec on hover
    chip = page.locator(".seat-chip.bot").first
    chip.wait_for()
    assert chip.inner_text().endswith("(Medium bot)")
    assert chip.get_attribute("title") == "a bot (heuristic)"
    page.screenshot(path=shots / "lobby-my-tables-desktop.png", full_page=True)
    mine.first.click()
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    seat_line(page).to_have_text(re.compile("^You are Player 1"), timeout=PATIENCE_MS)
    # a link whose token is wrong leads back to the lobby instead of an empty table
    page.goto(server + "/")
    page.goto(table_url.split("#")[0] + "#token=" + "x" * 24)
    page.wait_for_selector("[data-testid=dead-link]")
    page.click("[data-testid=dead-link] a")
    page.wait_for_url(server + "/")
    assert not crashes
    context.close()


def test_a_clock_runs_out_and_everyone_is_told(browser: Browser, server: str, shots: Path) -> None:
    clock = {"bank": 3, "increment": 0, "reaction": 3, "on_expiry": "bot"}
    made = api(
        server,
        "/api/tables",
        {"game": "alakazoo", "seats": [{"kind": "human", "name": "Ana"}, BOT], "clock": clock},
    )
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=1)
    page = ana.page
    page.wait_for_selector("[data-testid=clock]:visible")
    assert page.locator("[data-testid=clock]").inner_text().startswith("Your time")
    assert page.locator("#presence .clock").count() == 1  # Ana has a bank, the bot none
    page.screenshot(path=shots / "clock-running-desktop.png")
    note = page.locator("[data-testid=notice]")
    note.wait_for(state="visible", timeout=PATIENCE_MS)  # Ana does nothing
    assert note.inner_text() == "Ana ran out of time: the heuristic bot plays this decision."
    page.wait_for_function("() => document.querySelectorAll('[data-testid=log] li').length > 0")
    ana.check_clean()
    ana.close()


def test_cards_boards_and_dice_are_explained_choices_say_their_cost_and_a_decision_is_undone(
    browser: Browser, server: str, shots: Path
) -> None:
    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=2)
    page = ana.page
    # boards are chosen seeing them: each button draws the board's runes
    page.wait_for_selector("button.action[data-name^='board:'] .explain-table")
    assert page.locator("button.action[data-name='board:1'] .explain-table tr").count() == 3
    page.screenshot(path=shots / "alakazoo-choose-board-desktop.png")
    page.click("button.action[data-name='board:1']")
    # hovering a card explains it, in the glossary's words (once the mouse rests on it, while
    # Ana decides and the table stands still: test_browser_tooltips.py)
    page.wait_for_selector("#board .column-card.explained")
    page.wait_for_selector("#board:not(.waiting-answer) [data-action], button.action:enabled")
    page.hover("#board .column-card.explained >> nth=0")
    tip = page.locator("[data-testid=explanation]")
    tip.wait_for()
    assert "element card" in tip.inner_text().lower()
    page.hover("#board [data-topic='Portal board 1']")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=explanation]')?.innerText.includes('Portal board 1')"
    )
    page.screenshot(path=shots / "alakazoo-explained-desktop.png")
    # the rules panel: the rules in brief, the options, and a search
    page.click("[data-testid=rules] summary")
    assert "Goal:" in page.locator("[data-testid=rules-text]").inner_text()
    page.fill("[data-testid=glossary-search]", "dark pow")
    assert "Dark Power token" in page.locator("[data-testid=glossary-results]").inner_text()
    # play until the dice are rolled and a result may be placed; placing is taken back
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("[data-testid=undo]").count():
        assert time.monotonic() < deadline, "Ana never had a decision to take back"
        names = page.eval_on_selector_all(
            "#board [data-action^='place:'], button.action[data-name^='roll:']",
            "f => f.map(e => e.dataset.action || e.dataset.name)",
        )
        if names:
            seq = page.get_attribute("[data-testid=legal-actions]", "data-seq")
            target = (
                f"#board [data-action='{names[0]}']"
                if names[0].startswith("place:")
                else f"button.action[data-name='{names[0]}']"
            )
            page.locator(target).first.click()
            page.wait_for_function(ANSWERED, arg=seq)
        elif not ana.try_move():
            page.wait_for_timeout(50)
    seq = int(page.get_attribute("[data-testid=legal-actions]", "data-seq") or 0)
    log_before = page.locator("[data-testid=log] li").count()
    page.screenshot(path=shots / "alakazoo-undo-offered-desktop.png")
    page.click("[data-testid=undo]")
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=legal-actions]').dataset.seq) < n", arg=seq
    )
    assert page.locator("[data-testid=notice]").inner_text().startswith("Ana took back")
    assert page.locator("[data-testid=log] li").count() < log_before
    # costs are said before choosing: some choice of the game carries one
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("[data-testid=cost], #board [data-action][title*='(']").count():
        assert time.monotonic() < deadline, "no choice ever said its cost"
        if not ana.try_move():
            page.wait_for_timeout(50)
    ana.check_clean()
    ana.close()
