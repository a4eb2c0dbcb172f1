// The lesson page ("Learn to play"): a guided first game. The server is the referee: the page
// sends the learner's choices so far and draws what comes back (the view, the coach's line, the
// choices the step accepts); a choice the step does not accept is refused there, with the reason.

import { absoluteUrl, api, fill, h, t, tn } from "./common.js";
import { Guide, explainIn, hide as hideExplanation, rulesPanel } from "./explain.js";
import { closeMenu, loadRenderer, logItem, offerOnTable, oneStopPerChoice, renderView, turnLine, withHint } from "./views.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/")[2] || "");

const page = { last: null, busy: false };
/** The verb for pressing a place on the table: "Tap" where the main pointer is a finger. */
const COARSE = window.matchMedia("(pointer: coarse)").matches;

function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
}

/** Ask the server for the lesson after `choices`; on a refusal the page stays where it was. */
async function load(choices) {
  page.busy = true;
  try {
    const message = await api(`/api/learn/${encodeURIComponent(game)}`, { choices });
    if (!page.last) await loadRenderer(message.table);
    $("error").hidden = true;
    page.last = message;
    draw();
  } catch (error) {
    showError(t("Not this time: {error}", { error: error.message }));
    if (page.last) draw();
  } finally {
    page.busy = false;
  }
}

function choose(name) {
  if (page.busy || !page.last) return;
  load([...page.last.choices, name]);
}

function draw() {
  const message = page.last;
  document.title = `${message.title} · Alaka`;
  $("title").textContent = message.title;
  const step = Math.min(message.index + 1, message.steps);
  $("progress").textContent = message.done
    ? t("Lesson done")
    : message.finishing
      ? t("Finish your turn")
      : t("Step {step} of {steps}", { step, steps: message.steps });
  $("welcome").hidden = message.index !== 0;
  $("welcome").textContent = message.welcome;
  const feedback = message.feedback;
  $("feedback").hidden = !feedback;
  $("feedback").textContent = feedback ? feedback.text : "";
  $("feedback").className = `coach-feedback ${feedback && feedback.good ? "good" : "other"}`;
  $("coach-line").textContent = message.done ? "" : message.coach;
  $("coach").hidden = message.done && !feedback; // the end's panel says the last words
  $("coach").classList.toggle("free", message.free);
  fill($("turn"), message.done ? null : turnLine(message.view));
  drawBoard(message);
  drawChoices(message);
  fill(
    $("log"),
    message.view.log.map((event) => logItem(event, message.seat)),
  );
  $("log").scrollTop = $("log").scrollHeight;
  $("finish").hidden = !message.done;
  // a phone's sheet of choices scrolls: each step starts at the coach's line
  document.querySelector(".side-top").scrollTop = 0;
  $("farewell").textContent = message.farewell;
}

/** The table, with the step's accepted choices offered on it and the coached one marked. */
function drawBoard(message) {
  const board = $("board");
  closeMenu();
  hideExplanation();
  fill(board, renderView(message.view, { table: message.table, seat: message.seat }));
  const accepted = message.legal.filter((choice) => choice.accepted);
  page.offCanvas = offerOnTable(board, message.view, accepted, choose);
  if (page.guide) explainIn(board, page.guide);
  oneStopPerChoice(board);
  if (message.coached) {
    for (const element of board.querySelectorAll(`[data-action="${CSS.escape(message.coached)}"]`)) {
      element.classList.add("coached");
    }
    showCoached(board);
  }
}

/** Bring the coached place on the table into view when it is not: above the sheet of choices
 * that covers the bottom of a phone's screen, or anywhere in a wider window. */
function showCoached(board) {
  const target = board.querySelector(".coached");
  if (!target) return;
  const sheet = document.querySelector(".side-top");
  const bottom = getComputedStyle(sheet).position === "sticky" ? sheet.getBoundingClientRect().top : window.innerHeight;
  const box = target.getBoundingClientRect();
  if (box.top < 0 || box.bottom > bottom) {
    window.scrollBy(0, box.top - Math.max(0, (bottom - box.height) / 2));
  }
}

/** The buttons: the accepted choices not on the table, then (folded away) the others, shown
 * but disabled: the coach has another in mind this time. */
function drawChoices(message) {
  if (message.done) {
    fill($("legal"), null);
    return;
  }
  const rest = new Set((page.offCanvas || []).map((choice) => choice.name));
  const onTable = message.legal.filter((choice) => choice.accepted && !rest.has(choice.name));
  const button = (choice) => {
    const coached = choice.name === message.coached;
    const node = h(
      "button",
      { type: "button", class: `action${coached ? " coached" : ""}`, dataset: { name: choice.name }, disabled: !choice.accepted },
      choice.label,
      choice.hint ? h("small", { class: "cost" }, choice.hint) : null,
    );
    node.addEventListener("click", () => choose(choice.name));
    return node;
  };
  const offered = message.legal.filter((choice) => choice.accepted && rest.has(choice.name));
  const others = message.legal.filter((choice) => !choice.accepted);
  fill(
    $("legal"),
    onTable.length && !message.free
      ? h("p", { class: "hint", "data-testid": "table-hint" }, (COARSE
            ? t("Tap the highlighted place on the table: {places}.", { places: onTable.map(withHint).join(" / ") })
            : t("Click the highlighted place on the table: {places}.", { places: onTable.map(withHint).join(" / ") })))
      : null,
    message.free
      ? h("p", { class: "hint" }, freeHint(onTable.length, offered.length))
      : null,
    offered.map(button),
    others.length
      ? h(
          "details",
          { class: "other-choices", "data-testid": "other-choices" },
          h("summary", {}, (others.length === 1
            ? t("The other choice (not in this step)")
            : tn("The other {n} choice (not in this step)", "The other {n} choices (not in this step)", others.length))),
          others.map(button),
        )
      : null,
  );
}

/** What a free step's hint says: where its choices are (on the table, as buttons, or both). */
function freeHint(onTable, buttons) {
  if (!onTable) return t("Your choice:");
  if (COARSE) {
    return buttons ? t("Your choice: tap a highlighted place on the table, or:") : t("Your choice: tap a highlighted place on the table.");
  }
  return buttons ? t("Your choice: click a highlighted place on the table, or:") : t("Your choice: click a highlighted place on the table.");
}

async function playEasy(button) {
  button.disabled = true;
  try {
    const answer = await api("/api/tables", page.last.play);
    location.href = absoluteUrl(answer.links.seats[0].url);
  } catch (error) {
    showError(t("The table was not created: {error}", { error: error.message }));
    button.disabled = false;
  }
}

$("error-close").addEventListener("click", () => {
  $("error").hidden = true;
});
$("play-easy").addEventListener("click", (event) => playEasy(event.currentTarget));
$("again").addEventListener("click", () => {
  page.last = { ...page.last, choices: [] };
  load([]);
  $("coach").focus();
});
$("skip").addEventListener("click", (event) => {
  event.preventDefault();
  $("coach").focus();
});
/** The rules, the options and every explanation, as at a table (the lesson works without). */
async function loadGuide() {
  try {
    page.guide = new Guide(await api(`/api/learn/${encodeURIComponent(game)}/guide`));
    rulesPanel($("rules"), page.guide);
    $("rules-box").hidden = false;
  } catch {
    page.guide = null;
  }
}

loadGuide().finally(() => load([]));
