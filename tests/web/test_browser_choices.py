"""Shorter choices and visible change at the table (issue 35 items 5 and 8), in Chromium at
1366 by 850 and 390 by 844.

- Alakazoo's roll is one control: the three dice drawn once, each pressed in or out, and one
  Roll button that sends the legal action of the dice pressed in (the server still offers
  seven, ``roll:1`` .. ``roll:1+2+3``).
- On a phone the sheet of choices folds away and opens again, stays as the person left it
  across redraws and reloads, and never covers the thing a choice is about: that thing is
  scrolled into the part of the screen above the sheet.
- What changed moves: a card taken from a column glides into the hand, an Alakazum! character
  into a team (the Web Animations API; the test records each call of ``Element.animate``),
  and with ``prefers-reduced-motion: reduce`` nothing moves and the change is marked by a
  still highlight.

The browser, the server and a person at a table are ``test_browser.py``'s.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import test_browser as shared
from test_accessibility import _axe_missing, audit, check
from test_browser import ANSWERED, BOT, DESKTOP, GAME_TIMEOUT, PHONE, Person, create_table, wait_finished

from needs import need
from waits import PATIENCE_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

pytestmark = pytest.mark.browser

# The browser and the server of test_browser.py, started once for this module too.
browser = shared.browser
server = shared.server
shots = shared.shots

VIEWPORTS: dict[str, ViewportSize] = {"desktop": DESKTOP, "phone": PHONE}
#: The roll control's dice, each pressed in (to roll) or out.
TOGGLE = "[data-testid=roll-control] .die-toggle"

#: Kept in the page by an init script: every state message the server sent (its legal action
#: names and seq), every action the page sent, and every call of ``Element.animate``.
RECORDER = """
window.__states = [];
window.__sent = [];
window.__moves = [];
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        window.__states.push({ seq: message.seq, legal: message.legal.map((a) => a.name) });
      }
    });
  }
  send(data) {
    const message = JSON.parse(data);
    if (message.type === "act") window.__sent.push(message.action);
    return super.send(data);
  }
};
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const around = this.parentElement && this.parentElement.closest("[data-place]");
  window.__moves.push({
    piece: this.dataset.piece || null,
    into: around ? around.dataset.place : null,
    ghost: this.classList.contains("ghost"),
    bare: !this.matches("[tabindex], [data-place]") && !this.querySelector("[tabindex], [data-place]"),
    first: JSON.stringify(keyframes[0]),
  });
  return animate.call(this, keyframes, options);
};
"""

#: The choices a person is shown now: buttons beside the table (the roll's dice toggles are
#: part of one control, not choices of their own) and places on the table.
SHOWN = """() => ({
  buttons: [...document.querySelectorAll('#legal button.action')].map((b) => b.dataset.name),
  onTable: document.querySelectorAll('#board [data-action], #board [data-choices]').length,
  controls: document.querySelectorAll('#legal .compact').length,
})"""

#: Whether the first choice offered on the table is on screen and above (not under) the sheet;
#: with its box and the sheet's top. Null while a card glides (it is measured at rest).
UNCOVERED = """() => {
  const choice = document.querySelector('#board .choice');
  if (!choice || document.getAnimations().some((a) => a.id === 'move')) return null;
  const box = choice.getBoundingClientRect();
  const sheet = document.querySelector('.side-top').getBoundingClientRect();
  const covered = box.bottom > sheet.top && box.top < sheet.bottom
    && box.right > sheet.left && box.left < sheet.right;
  return { top: box.top, bottom: box.bottom, sheetTop: sheet.top, height: innerHeight,
           visible: box.top >= 0 && box.bottom <= innerHeight, covered };
}"""


#: Ana is to decide (nothing moves until she does), or the game is over.
DECIDING = """() => !document.querySelector('#board.waiting-answer') && (
    document.querySelector('#board [data-action], #board [data-choices], button.action:enabled') !== null
    || !document.querySelector('[data-testid=outcome]').hidden)"""


def recorded(
    browser: Browser, server: str, viewport: ViewportSize, *, reduced: bool = False, axe: bool = False
) -> tuple[Person, Page]:
    """Ana at a new Alakazoo table against a bot, her page recording (RECORDER) from its start
    (``axe``: the page lets a test add axe-core, as test_accessibility.py's do)."""
    made = create_table(server, "alakazoo", [{"kind": "human", "name": "Ana"}, BOT])
    url = server + made["links"]["seats"][0]["url"]
    ana = Person(browser, url, seed=4, viewport=viewport, touch=viewport is PHONE, bypass_csp=axe)
    page = ana.page
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORDER)
    page.reload()
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    page.wait_for_selector("[data-testid=legal-actions][data-seq]", state="attached")
    return ana, page


def seq_of(page: Page) -> str | None:
    return page.get_attribute("[data-testid=legal-actions]", "data-seq")


def until_rolling_is_offered(ana: Person, page: Page) -> None:
    """Choose a board, then play on (never rolling) until Ana's action is to be chosen."""
    page.click("button.action[data-name='board:1']")
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("[data-testid=roll]:enabled").count():
        assert time.monotonic() < deadline, "Ana was never offered a roll"
        if not ana.try_move():
            page.wait_for_timeout(50)


def latest_legal(page: Page) -> list[str]:
    """The legal actions of the state the page shows (the server's own list)."""
    seq = int(seq_of(page) or -1)
    states: list[dict[str, Any]] = page.evaluate("window.__states")
    legal: list[str] = next(s["legal"] for s in reversed(states) if s["seq"] == seq)
    return legal


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_roll_is_one_control_that_plays_the_dice_pressed_in(
    browser: Browser, server: str, shots: Path, screen: str
) -> None:
    ana, page = recorded(browser, server, VIEWPORTS[screen])
    until_rolling_is_offered(ana, page)
    legal = latest_legal(page)
    rolls = [name for name in legal if name.startswith("roll:")]
    assert len(rolls) == 7  # the server offers each set of dice as an action of its own
    shown = page.evaluate(SHOWN)
    # one control for the seven: three dice drawn once and one Roll button
    assert shown["controls"] == 1
    assert page.locator("[data-testid=roll-control] .die-toggle").count() == 3
    assert page.locator("[data-testid=roll-control] .die-faces").count() == 3
    roll_buttons = [name for name in shown["buttons"] if name.startswith("roll:")]
    assert roll_buttons == ["roll:1+2+3"]
    # every other legal action is still offered, once: on the table or as a button
    others = len(legal) - len(rolls)
    assert len(shown["buttons"]) - 1 + shown["onTable"] == others
    before = len(legal)  # a button or a place each, as the page offered them until now
    after = others + 1
    print(f"{screen}: {before} choices before, {after} now ({shown['onTable']} of them on the table)")
    assert after == before - 6
    page.screenshot(path=shots / f"alakazoo-roll-control-{screen}.png")

    # press die 2 out: the one button now rolls dice 1 and 3, and says so
    page.click(f"{TOGGLE}[data-die='2']")
    assert page.get_attribute(f"{TOGGLE}[data-die='2']", "aria-pressed") == "false"
    roll = page.locator("[data-testid=roll]")
    assert roll.get_attribute("data-name") == "roll:1+3"
    assert roll.inner_text().startswith("Action 1: roll dice 1 and 3")
    # with no die pressed in there is nothing to roll
    page.click(f"{TOGGLE}[data-die='1']")
    page.click(f"{TOGGLE}[data-die='3']")
    assert roll.is_disabled()
    page.click(f"{TOGGLE}[data-die='1']")
    page.click(f"{TOGGLE}[data-die='3']")
    page.screenshot(path=shots / f"alakazoo-roll-control-1-and-3-{screen}.png")
    seq = seq_of(page)
    roll.click()
    page.wait_for_function(ANSWERED, arg=seq)
    assert page.evaluate("window.__sent").count("roll:1+3") == 1
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=log] li')]"
        ".some(li => li.innerText === 'Player 1 rolls dice 1, 3.')"
    )
    # the next turn offers the same dice again (the person's last choice)
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("[data-testid=roll]:enabled").count():
        assert time.monotonic() < deadline, "Ana was never offered a roll again"
        if not ana.try_move():
            page.wait_for_timeout(50)
    assert page.get_attribute("[data-testid=roll]", "data-name") == "roll:1+3"
    ana.check_clean()
    ana.close()


def until_a_choice_on_the_table(ana: Person, page: Page) -> None:
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("#board:not(.waiting-answer) .choice").count():
        assert time.monotonic() < deadline, "no choice was ever offered on the table"
        if not ana.try_move():
            page.wait_for_timeout(50)


def test_the_phone_sheet_folds_away_and_never_covers_what_a_choice_is_about(
    browser: Browser, server: str, shots: Path
) -> None:
    ana, page = recorded(browser, server, PHONE)
    page.click("button.action[data-name='board:1']")
    until_a_choice_on_the_table(ana, page)
    toggle = page.locator("[data-testid=sheet-toggle]")
    sheet = page.locator(".side-top")
    assert toggle.get_attribute("aria-expanded") == "true" and page.locator("#talk").is_visible()
    seen = page.wait_for_function(UNCOVERED).json_value()
    assert seen["visible"] and not seen["covered"], seen
    open_box = sheet.bounding_box()
    assert open_box is not None
    page.screenshot(path=shots / "sheet-open-phone.png")

    # scrolled away, then folded: the sheet is the decision's line, the choices are gone from it
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.locator("#legal").is_hidden() and page.locator("#latest").is_hidden()
    assert page.locator("#talk").is_hidden(), "the talk line folds with the sheet"
    # it says how many choices wait on it (those not on the table)
    waiting = page.locator("#legal button.action").count()
    assert toggle.inner_text() == (f"Show the choices ({waiting})" if waiting else "Show the choices")
    folded = sheet.bounding_box()
    assert folded is not None and folded["height"] < open_box["height"] / 2
    assert folded["height"] < PHONE["height"] * 0.2, folded
    share = (
        f"{open_box['height'] / PHONE['height']:.0%} open, {folded['height'] / PHONE['height']:.0%} folded"
    )
    print(f"the sheet takes {share} of the phone's height")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=shots / "sheet-folded-phone.png")

    # opened again while the choice is out of sight: it is brought into view, above the sheet
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    hidden = page.wait_for_function(UNCOVERED).json_value()
    assert not hidden["visible"] or hidden["covered"], hidden
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true" and page.locator("#legal").is_visible()
    seen = page.wait_for_function(UNCOVERED).json_value()
    assert seen["visible"] and not seen["covered"], seen

    # folded, it stays folded through the redraws of a decision and a reload
    toggle.click()
    seq = seq_of(page)
    choice = page.locator("#board [data-action]").first
    choice.click()
    page.wait_for_function(ANSWERED, arg=seq)
    page.wait_for_function(DECIDING)
    assert toggle.get_attribute("aria-expanded") == "false"
    page.reload()
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    assert page.locator("[data-testid=sheet-toggle]").get_attribute("aria-expanded") == "false"
    toggle.click()

    # a new decision about the table, while the table is scrolled away: it comes into view
    checked = 0
    deadline = time.monotonic() + GAME_TIMEOUT
    while checked < 2 and not ana.finished:
        assert time.monotonic() < deadline, f"only {checked} decisions on the table were seen"
        offered = page.eval_on_selector_all(
            "#board:not(.waiting-answer) [data-action]", "found => found.map(e => e.dataset.action)"
        )
        if not offered:
            if not ana.try_move():
                page.wait_for_timeout(50)
            continue
        seq = seq_of(page)
        # choose, and in the same moment scroll to the page's end (before any answer arrives)
        page.evaluate(
            """name => {
              document.querySelector(`#board [data-action=${JSON.stringify(name)}]`).click();
              window.scrollTo(0, document.body.scrollHeight);
            }""",
            offered[0],
        )
        page.wait_for_function(ANSWERED, arg=seq)
        page.wait_for_function(DECIDING)
        if page.locator("#board .choice").count():
            seen = page.wait_for_function(UNCOVERED).json_value()
            assert seen["visible"] and not seen["covered"], seen
            checked += 1
    assert checked == 2
    page.screenshot(path=shots / "sheet-revealed-phone.png")
    ana.check_clean()
    ana.close()


def test_on_a_desktop_nothing_folds_and_the_choices_stand_beside_the_table(
    browser: Browser, server: str, shots: Path
) -> None:
    ana, page = recorded(browser, server, DESKTOP)
    page.click("button.action[data-name='board:1']")
    until_a_choice_on_the_table(ana, page)
    assert page.locator("[data-testid=sheet-toggle]").is_hidden()
    seen = page.wait_for_function(UNCOVERED).json_value()
    assert seen["visible"] and not seen["covered"], seen
    ana.check_clean()
    ana.close()


#: The animations of what is marked changed on the table, once something is (read in one go:
#: the mark lasts four seconds).
GLOWING = """() => {
  const changed = [...document.querySelectorAll('#board .changed')];
  return changed.length ? changed.map((e) => getComputedStyle(e).animationName) : null;
}"""
#: The same, with the highlight each draws: [animation, box shadow].
STILL = """() => {
  const changed = [...document.querySelectorAll('#board .changed')];
  const look = (e) => [getComputedStyle(e).animationName, getComputedStyle(e).boxShadow];
  return changed.length ? changed.map(look) : null;
}"""


def take_a_column(ana: Person, page: Page) -> list[str]:
    """Play until Ana may take a column, take it; the names of its cards."""
    page.click("button.action[data-name='board:1']")
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.locator("#board:not(.waiting-answer) [data-action^='take:']").count():
        assert time.monotonic() < deadline, "no column was ever offered"
        if not ana.try_move():
            page.wait_for_timeout(50)
    column = page.locator("#board [data-action^='take:']").first
    cards = column.locator(".column-card").evaluate_all("found => found.map(e => e.dataset.piece)")
    assert cards
    page.evaluate("window.__moves = []")
    seq = seq_of(page)
    column.click()
    page.wait_for_function(ANSWERED, arg=seq)
    hand = "[...document.querySelectorAll('.player.me .hand-card')].map(e => e.dataset.piece)"
    page.wait_for_function(f"cards => cards.every(c => {hand}.includes(c))", arg=cards)
    return list(cards)


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_a_card_taken_glides_into_the_hand(browser: Browser, server: str, shots: Path, screen: str) -> None:
    ana, page = recorded(browser, server, VIEWPORTS[screen])
    cards = take_a_column(ana, page)
    page.wait_for_function(
        "cards => window.__moves.some(m => cards.includes(m.piece) && m.first.includes('translate'))",
        arg=cards,
    )
    page.screenshot(path=shots / f"alakazoo-card-moving-{screen}.png")
    moved = [m["piece"] for m in page.evaluate("window.__moves")]
    assert set(cards) <= set(moved), (cards, moved)
    # a decision about the cards that are still gliding (over the hand limit: which to discard)
    # brings them into view where they come to rest, not where they pass
    page.wait_for_function(DECIDING)
    if page.locator("#board .choice").count():
        seen = page.wait_for_function(UNCOVERED).json_value()
        assert seen["visible"] and not seen["covered"], seen
    # what changed glows, an animation of its own
    glowing = page.wait_for_function(GLOWING).json_value()
    assert all("changed" in name for name in glowing), glowing
    ana.check_clean()
    ana.close()


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_an_alakazum_character_glides_into_a_team(browser: Browser, server: str, screen: str) -> None:
    made = create_table(server, "alakazum", [{"kind": "human", "name": "Ana"}, BOT])
    ana = Person(browser, server + made["links"]["seats"][0]["url"], seed=3, viewport=VIEWPORTS[screen])
    page = ana.page
    page.add_init_script(RECORDER)
    page.reload()
    page.wait_for_selector("[data-testid=status][data-state=connected]")
    into_team = """() => window.__moves.some(
      (m) => (m.piece || '').startsWith('char:') && (m.into || '').startsWith('player:'))"""
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.evaluate(into_team):
        assert time.monotonic() < deadline and not ana.finished, "no character ever glided into a team"
        if not ana.try_move():
            page.wait_for_timeout(50)
    ana.check_clean()
    ana.close()


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_cards_a_bot_takes_fly_into_its_hidden_hand(browser: Browser, server: str, screen: str) -> None:
    ana, page = recorded(browser, server, VIEWPORTS[screen])
    page.click("button.action[data-name='board:1']")
    flown = "() => window.__moves.filter((m) => m.ghost).map((m) => m.piece)"
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.evaluate(flown):
        assert time.monotonic() < deadline and not ana.finished, "no card ever flew into a hidden hand"
        if not ana.try_move():
            page.wait_for_timeout(50)
    # cards the log says were taken, and the copies that flew are gone once landed
    log = "\n".join(page.locator("[data-testid=log] li").all_inner_texts())
    cards = page.evaluate(flown)
    assert all(card and card in log for card in cards), (cards, log[-600:])
    page.wait_for_function("() => !document.querySelector('.ghost')")
    # a copy is a picture: nothing in it takes the focus or answers for a place (axe-core's
    # aria-hidden-focus found a flying copy's focusable card)
    assert page.evaluate("window.__moves.filter((m) => m.ghost).every((m) => m.bare)")
    ana.check_clean()
    ana.close()


def test_a_replay_step_glides_its_cards(browser: Browser, server: str) -> None:
    """Stepping a finished game forward moves its cards as the table does (a jump does not)."""
    finished = wait_finished(server, create_table(server, "alakazoo", [BOT, BOT])["table"]["id"])
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(PATIENCE_MS)
    context.add_init_script(RECORDER)
    page = context.new_page()
    crashes: list[str] = []
    page.on("pageerror", lambda error: crashes.append(str(error)))
    page.goto(f"{server}/table/{finished['id']}/replay?seat=0")
    page.wait_for_selector("[data-testid=replay-step][data-step='0']")
    deadline = time.monotonic() + GAME_TIMEOUT
    while not page.evaluate("window.__moves.some((m) => m.piece)"):
        assert time.monotonic() < deadline, "no step of a whole game moved a card"
        step = page.get_attribute("[data-testid=replay-step]", "data-step")
        assert step != str(finished["actions"]), "the replay ended and no card moved"
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "s => document.querySelector('[data-testid=replay-step]').dataset.step !== s", arg=step
        )
    # a jump to the end draws the table there at once
    page.evaluate("window.__moves = []")
    page.keyboard.press("End")
    page.wait_for_selector(f"[data-testid=replay-step][data-step='{finished['actions']}']")
    assert page.evaluate("window.__moves") == []
    assert not crashes
    context.close()


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_with_less_motion_nothing_moves_and_the_change_is_marked_still(
    browser: Browser, server: str, shots: Path, screen: str
) -> None:
    ana, page = recorded(browser, server, VIEWPORTS[screen], reduced=True)
    take_a_column(ana, page)
    still = page.wait_for_function(STILL).json_value()
    page.screenshot(path=shots / f"alakazoo-reduced-motion-{screen}.png")
    assert page.evaluate("window.__moves") == []
    assert page.evaluate("document.getAnimations().length") == 0
    assert all(name == "none" and shadow != "none" for name, shadow in still), still
    ana.check_clean()
    ana.close()


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_roll_control_and_the_folded_sheet_have_no_critical_or_serious_violation(
    browser: Browser, server: str, screen: str
) -> None:
    need(_axe_missing())
    ana, page = recorded(browser, server, VIEWPORTS[screen], axe=True)
    until_rolling_is_offered(ana, page)
    page.click(f"{TOGGLE}[data-die='2']")  # a die pressed out looks different
    failing = audit(page, f"Alakazoo's roll control ({screen})")
    if screen == "phone":
        page.click("[data-testid=sheet-toggle]")
        failing += audit(page, "the folded sheet (phone)")
    ana.check_clean()
    ana.close()
    check(failing)
