// Explanations on the table: every card, character, trait, spell, trap, food, enemy, board and
// die a game's renderer marks with `data-topic` is explained on hover, focus or tap, in the
// words of the game's glossary (the same as the terminal's), which the server sends once per
// table with the rules in brief and the table's options (`/api/tables/{id}/guide`).

import { fill, h, t } from "./common.js";

/** A name as looked up: any case, accents optional (the glossary's own folding). */
export function fold(text) {
  return String(text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** The guide of a table: {rules, options, glossary}, with an index of names and aliases. */
export class Guide {
  constructor(data) {
    this.rules = data.rules || "";
    this.options = data.options || [];
    this.entries = data.glossary || [];
    this.index = new Map();
    for (const entry of this.entries) {
      for (const name of [entry.name, ...(entry.aliases || [])]) {
        if (!this.index.has(fold(name))) this.index.set(fold(name), entry);
      }
    }
  }

  /** The explanation called `name` (or one of its aliases), or null. */
  find(name) {
    return this.index.get(fold(name)) || null;
  }

  /** Explanations whose name or alias starts with (else contains) `text`, at most `limit`. */
  search(text, limit = 8) {
    const wanted = fold(text);
    if (!wanted) return [];
    const named = (e) => [e.name, ...(e.aliases || [])].map(fold);
    const starts = this.entries.filter((e) => named(e).some((n) => n.startsWith(wanted)));
    const contains = this.entries.filter((e) => !starts.includes(e) && named(e).some((n) => n.includes(wanted)));
    return [...starts, ...contains].slice(0, limit);
  }
}

/** One explanation: name and kind, summary, details, and its small table if it has one. */
export function explanation(entry) {
  return h(
    "div",
    { class: "explanation" },
    h("div", { class: "explain-head" }, h("b", {}, entry.name), h("span", { class: "explain-kind" }, entry.kind)),
    h("p", { class: "explain-summary" }, entry.summary),
    entry.details && entry.details.length ? h("ul", { class: "explain-details" }, entry.details.map((d) => h("li", {}, d))) : null,
    entry.table && entry.table.length ? smallTable(entry.table) : null,
  );
}

/** A glossary table: a board's runes (3×3), a die's faces (one row), a character's levels. */
export function smallTable(rows) {
  return h(
    "table",
    { class: "explain-table" },
    h("tbody", {}, rows.map((row) => h("tr", {}, row.map((cell) => h("td", {}, cell))))),
  );
}

// -- when an explanation opens ------------------------------------------------------------------
//
// Calm by design (issue 35): the table is drawn again after every action, so an explanation must
// never open just because something new appeared under a pointer that rests where it clicked.
//
// - A mouse (or pen) explains what it *moved* onto, after resting there HOVER_MS; leaving, a
//   scroll, a press elsewhere or Escape closes it. Only a pointermove that really moved counts
//   (the browser's own events for a redraw under a still pointer do not), and a press ends the
//   wait: after a click nothing is explained until the mouse moves again.
// - A finger explains on the first tap. If the thing tapped is also a choice, that first tap
//   only explains (the tip says t("Tap again to choose it.")); a second tap on it chooses. A tap
//   elsewhere closes it.
// - The keyboard: what Tab reaches is explained at once, while it has the focus.
// - A mouse click on something that is not a choice shows (or hides) its explanation at once.

/** How long a mouse rests on something before it is explained, in milliseconds. */
export const HOVER_MS = 500;
/** After a touch, the browser's own mouse events for it are no mouse (milliseconds). */
const TOUCH_ECHO_MS = 1000;
/** A focus this soon after a press is the press's (milliseconds). */
const PRESS_FOCUS_MS = 150;

let tip = null;
let shownFor = null;
let shownHow = null; // "hover", "click", "tap" or "focus"
let pending = null; // {element, timer}: a hover waiting its time
let pointer = null; // where the mouse last was, on the whole page: {x, y} (client coordinates)
let moved = null; // the last pointermove of a mouse that really moved
let touchedAt = -Infinity; // when a finger last touched the page
let pressedAt = -Infinity; // when any pointer last pressed

function cancelPending() {
  if (pending) clearTimeout(pending.timer);
  pending = null;
}

function closeTip() {
  if (tip) tip.remove();
  tip = null;
  shownFor = null;
  shownHow = null;
}

/**
 * Take the explanation away: the table is drawn again, and what it explained may be gone. A
 * mouse on its way to an explanation (it moved, it did not press) keeps its wait: it is shown
 * if the same thing is under the pointer when the wait is over.
 */
export function hide() {
  closeTip();
}

/** Close the explanation and forget a mouse's wait. */
function dismiss() {
  cancelPending();
  closeTip();
}

/** Close an explanation a pointer opened (one the keyboard's focus opened stays). */
function dismissPointed() {
  if (shownHow !== "focus") dismiss();
}

function show(element, entry, how, { note = null, waited = 0 } = {}) {
  if (shownFor === element && shownHow === how) return;
  dismiss();
  tip = h(
    "div",
    {
      class: "explain-tip",
      role: "tooltip",
      "data-testid": "explanation",
      // how it was opened, and after how long a rest (for the tests)
      dataset: { how, waited: String(Math.round(waited)) },
    },
    explanation(entry),
    note ? h("p", { class: "explain-note", "data-testid": "explanation-note" }, note) : null,
  );
  document.body.appendChild(tip);
  const box = element.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const left = Math.min(box.left + window.scrollX, window.scrollX + width - tip.offsetWidth - 6);
  tip.style.left = `${Math.max(window.scrollX + 4, left)}px`;
  const below = box.bottom + window.scrollY + 6;
  const above = box.top + window.scrollY - tip.offsetHeight - 6;
  const roomBelow = window.innerHeight - box.bottom;
  tip.style.top = `${roomBelow < tip.offsetHeight + 12 && above > window.scrollY ? above : below}px`;
  shownFor = element;
  shownHow = how;
}

/** The same thing of the table, drawn again: the same explanation at the same place. */
function sameThing(one, other) {
  return one.dataset.topic === other.dataset.topic && one.dataset.place === other.dataset.place;
}

/** Whether the browser would draw a focus ring: the keyboard's focus, not a press's. */
function focusVisible(element) {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true; // a browser without :focus-visible
  }
}

/** A touch, or the browser's mouse events echoing one (a tap's click). */
function byTouch(event) {
  return event.pointerType === "touch" || performance.now() - touchedAt < TOUCH_ECHO_MS;
}

/** The page-wide listeners, once: presses elsewhere, Escape and scrolling close an explanation. */
let listening = false;
function listenOnPage() {
  if (listening) return;
  listening = true;
  document.addEventListener(
    "pointerdown",
    (event) => {
      pressedAt = performance.now();
      if (event.pointerType === "touch") touchedAt = pressedAt;
      cancelPending(); // a press is no rest: what it leaves under the pointer is not explained
      if (shownFor && !shownFor.contains(event.target)) dismiss();
    },
    { capture: true, passive: true },
  );
  // Where the mouse is, wherever it is on the page (the roots' listeners come after this one).
  document.addEventListener(
    "pointermove",
    (event) => {
      if (event.pointerType === "touch" || performance.now() - touchedAt < TOUCH_ECHO_MS) return;
      if (pointer && pointer.x === event.clientX && pointer.y === event.clientY) return;
      pointer = { x: event.clientX, y: event.clientY };
      moved = event;
    },
    { capture: true, passive: true },
  );
  document.addEventListener(
    "pointerup",
    (event) => {
      if (event.pointerType === "touch") touchedAt = performance.now();
    },
    { capture: true, passive: true },
  );
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dismiss();
  });
  // A scroll moves what was explained; a mouse's wait goes on (it looks under the pointer at its end).
  const scrolled = () => {
    if (shownHow !== "focus") closeTip();
  };
  document.addEventListener("scroll", scrolled, { capture: true, passive: true });
}

/**
 * Explain what `root` shows: an element with `data-topic` (or inside one) is explained when a
 * mouse rests on it, when the keyboard's focus reaches it, or on a tap (see above). Elements
 * with an explanation get a dotted underline and are reachable by Tab.
 */
export function explainIn(root, guide) {
  for (const element of root.querySelectorAll("[data-topic]")) {
    if (!guide.find(element.dataset.topic)) continue;
    element.classList.add("explained");
    if (element.tabIndex < 0) element.tabIndex = 0;
  }
  if (root.dataset.explaining) return; // the listeners stay on the root across redraws
  root.dataset.explaining = "yes";
  listenOnPage();
  const topicOf = (target) => {
    const element = target instanceof Element ? target.closest("[data-topic].explained") : null;
    return element && root.contains(element) ? [element, guide.find(element.dataset.topic)] : [null, null];
  };
  root.addEventListener("pointermove", (event) => {
    if (event !== moved) return; // the table changed under a still pointer: nothing was pointed at
    const [element, entry] = topicOf(event.target);
    if (element && (shownFor === element || (pending && pending.element === element))) return;
    cancelPending();
    dismissPointed();
    if (!entry) return;
    const since = performance.now();
    const timer = setTimeout(() => {
      pending = null;
      // What is under the pointer now: the thing it moved onto, or the same thing drawn again.
      const under = document.elementFromPoint(pointer.x, pointer.y);
      const [found, shown] = under ? topicOf(under) : [null, null];
      const redrawn = found && !element.isConnected && sameThing(found, element);
      if (found === element || redrawn) show(found, shown, "hover", { waited: performance.now() - since });
    }, HOVER_MS);
    pending = { element, timer };
  });
  root.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "touch") return;
    dismissPointed();
    cancelPending();
  });
  root.addEventListener("focusin", (event) => {
    // Only the keyboard's focus explains at once; a press focuses too, and has its own rules.
    const now = performance.now();
    if (now - pressedAt < PRESS_FOCUS_MS || now - touchedAt < TOUCH_ECHO_MS || !focusVisible(event.target)) return;
    const [element, entry] = topicOf(event.target);
    if (entry) show(element, entry, "focus");
  });
  root.addEventListener("focusout", () => {
    if (shownHow === "focus") dismiss();
  });
  // Capture: this runs before a choice's own click, which leaves a click prevented here alone.
  root.addEventListener(
    "click",
    (event) => {
      const [element, entry] = topicOf(event.target);
      if (!entry) return;
      const choice = event.target.closest(".choice");
      if (byTouch(event)) {
        if (shownFor === element) {
          dismiss(); // the second tap: a choice is chosen, anything else just closes
          return;
        }
        show(element, entry, "tap", { note: choice ? t("Tap again to choose it.") : null });
        if (choice) event.preventDefault(); // the first tap explains only
        return;
      }
      if (choice) return; // a click on a choice chooses
      if (shownFor === element && shownHow === "click") dismiss();
      else show(element, entry, "click");
    },
    true,
  );
}

/** The rules panel: the rules in brief, this table's options, and a search of every explanation. */
export function rulesPanel(box, guide) {
  const results = h("div", { class: "explain-results", "data-testid": "glossary-results" });
  const search = h("input", {
    type: "search",
    placeholder: t("a card, character, board, die, rule…"),
    "aria-label": t("Explain a name"),
    "data-testid": "glossary-search",
  });
  search.addEventListener("input", () => fill(results, guide.search(search.value).map(explanation)));
  const changed = guide.options.filter((o) => !o.standard);
  fill(
    box,
    h("h3", {}, t("What is this?")),
    search,
    results,
    h("h3", {}, t("The rules in brief")),
    h("pre", { class: "rules-text", "data-testid": "rules-text" }, guide.rules),
    guide.options.length
      ? [
          h("h3", {}, t("This table's options")),
          h(
            "dl",
            { class: "generic" },
            guide.options.map((o) => [
              h("dt", { title: o.help }, o.label),
              h("dd", {}, String(o.value), o.standard ? h("span", { class: "dim" }, " (standard)") : null),
            ]),
          ),
          changed.length ? null : h("p", { class: "dim" }, t("All standard: the game as the rulebook reads.")),
        ]
      : null,
  );
}
