// Explanations on the table: every card, character, trait, spell, trap, food, enemy, board and
// die a game's renderer marks with `data-topic` is explained on hover, focus or tap, in the
// words of the game's glossary (the same as the terminal's), which the server sends once per
// table with the rules in brief and the table's options (`/api/tables/{id}/guide`).

import { fill, h } from "./common.js";

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

let tip = null;
let shownFor = null;

/** Take the explanation away (the table is drawn again: what it explained may be gone). */
export function hide() {
  if (tip) tip.remove();
  tip = null;
  shownFor = null;
}

function show(element, entry) {
  if (shownFor === element) return;
  hide();
  tip = h("div", { class: "explain-tip", role: "tooltip", "data-testid": "explanation" }, explanation(entry));
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
}

/**
 * Explain what `root` shows: an element with `data-topic` (or inside one) is explained while
 * the pointer is on it or it has the focus; a tap on one that offers no choice shows it too
 * (a phone has no hover). Elements with an explanation get a dotted underline and are
 * reachable by Tab.
 */
export function explainIn(root, guide) {
  for (const element of root.querySelectorAll("[data-topic]")) {
    if (!guide.find(element.dataset.topic)) continue;
    element.classList.add("explained");
    if (element.tabIndex < 0) element.tabIndex = 0;
  }
  if (root.dataset.explaining) return; // the listeners stay on the root across redraws
  root.dataset.explaining = "yes";
  const topicOf = (target) => {
    const element = target.closest("[data-topic]");
    return element && root.contains(element) ? [element, guide.find(element.dataset.topic)] : [null, null];
  };
  root.addEventListener("mouseover", (event) => {
    const [element, entry] = topicOf(event.target);
    if (entry) show(element, entry);
    else hide();
  });
  root.addEventListener("mouseleave", hide);
  root.addEventListener("focusin", (event) => {
    const [element, entry] = topicOf(event.target);
    if (entry) show(element, entry);
  });
  root.addEventListener("focusout", hide);
  root.addEventListener("click", (event) => {
    const [element, entry] = topicOf(event.target);
    if (!entry || event.target.closest(".choice")) return;
    if (shownFor === element) hide();
    else show(element, entry);
  });
}

/** The rules panel: the rules in brief, this table's options, and a search of every explanation. */
export function rulesPanel(box, guide) {
  const results = h("div", { class: "explain-results", "data-testid": "glossary-results" });
  const search = h("input", {
    type: "search",
    placeholder: "a card, character, board, die, rule…",
    "aria-label": "Explain a name",
    "data-testid": "glossary-search",
  });
  search.addEventListener("input", () => fill(results, guide.search(search.value).map(explanation)));
  const changed = guide.options.filter((o) => !o.standard);
  fill(
    box,
    h("h3", {}, "What is this?"),
    search,
    results,
    h("h3", {}, "The rules in brief"),
    h("pre", { class: "rules-text", "data-testid": "rules-text" }, guide.rules),
    guide.options.length
      ? [
          h("h3", {}, "This table's options"),
          h(
            "dl",
            { class: "generic" },
            guide.options.map((o) => [
              h("dt", { title: o.help }, o.label),
              h("dd", {}, String(o.value), o.standard ? h("span", { class: "dim" }, " (standard)") : null),
            ]),
          ),
          changed.length ? null : h("p", { class: "dim" }, "All standard: the game as the rulebook reads."),
        ]
      : null,
  );
}
