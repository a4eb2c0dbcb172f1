// What the table and replay pages share: a view drawn by its game's renderer, the result and
// the log. Unknown view keys are listed at the end, so a new field of a game is never hidden.

import { h, panel, seatLabel } from "./common.js";

// -- views ---------------------------------------------------------------------------------

/** Each game's renderer module, by game name, once loaded (a game without one has none). */
const RENDERERS = new Map();

/**
 * Load the renderer a table summary names (its game's entry: `summary.renderer`, a module with
 * `render(view, ctx)`), before the first view of that game is drawn. Without one, views are
 * drawn as plain data.
 */
export async function loadRenderer(summary) {
  if (summary?.renderer && !RENDERERS.has(summary.game)) {
    RENDERERS.set(summary.game, await import(summary.renderer));
  }
}

/** Keys of a view shown by the page itself rather than by a game renderer. */
const PAGE_KEYS = ["game", "seat", "num_players", "log", "log_size", "outcome", "decision", "phase", "turn"];

/**
 * The table as `view`'s seat sees it. `ctx` = {table, seat}: the summary gives the players'
 * names. Keys no renderer knows are listed at the end, so a new field of the game is never
 * invisible.
 */
export function renderView(view, ctx) {
  const render = RENDERERS.get(view.game)?.render;
  const shown = new Set(PAGE_KEYS);
  const parts = [];
  if (render) {
    const { nodes, keys } = render(view, ctx);
    parts.push(...nodes);
    for (const key of keys) shown.add(key);
  }
  const rest = Object.keys(view).filter((key) => !shown.has(key));
  if (rest.length) parts.push(panel(render ? "More" : "The table", definitionList(view, rest)));
  return parts;
}

/** Unknown data as a small definition list (values as compact JSON). */
function definitionList(object, keys) {
  return h(
    "dl",
    { class: "generic" },
    keys.map((key) => [h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, compact(object[key]))]),
  );
}

function compact(value) {
  if (value === null || value === undefined) return "-";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** The turn and phase, then what is decided now (said once the game is over: the result shows). */
export function turnLine(view) {
  return h(
    "div",
    { class: "turn-line" },
    h("span", { class: "badge" }, `Turn ${view.turn}`),
    " ",
    h("span", { class: "phase" }, view.phase),
    view.outcome ? null : h("div", { class: "decision" }, view.decision),
  );
}

/** The result: reason, then place / player / score, winners marked. Places are counted as
 * people count them: equal scores share a place and the next skips as many (1, 2, 2, 4). */
export function renderOutcome(outcome, table) {
  const scores = outcome.scores || [];
  const rows = [];
  let place = 1;
  for (const group of outcome.ranking) {
    for (const seat of group) {
      const winner = outcome.winners.includes(seat);
      rows.push(
        h(
          "tr",
          { class: winner ? "winner" : null },
          h("td", { class: "num" }, String(place)),
          h("td", {}, seatLabel(seat, table), winner ? h("span", { class: "crown" }, " winner") : null),
          h("td", { class: "num" }, scores.length ? String(scores[seat]) : ""),
        ),
      );
    }
    place += group.length;
  }
  return h(
    "div",
    { class: "outcome-body" },
    h("p", { class: "outcome-reason" }, `Game over: ${outcome.reason}`),
    h(
      "table",
      { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Player"), h("th", {}, "Score"))),
      h("tbody", {}, rows),
    ),
  );
}

/** One log entry as a list item; the seat's own events are marked for the eye. An event names
 * its kind as `kind` (its JSON form, core/events.py). */
export function logItem(event, seat) {
  const mine = seat !== null && seat !== undefined && event.seat === seat;
  const kind = event.kind || "";
  return h("li", { class: mine ? "mine" : null, dataset: { event: kind } }, event.text);
}
