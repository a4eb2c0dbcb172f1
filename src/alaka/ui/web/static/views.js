// What the table and replay pages share: a view drawn by its game's renderer, the result and
// the log. Unknown view keys are listed at the end, so a new field of a game is never hidden.

import { h, panel, seatLabel, t } from "./common.js";

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
  if (rest.length) parts.push(panel(render ? t("More") : t("The table"), definitionList(view, rest)));
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
    h("span", { class: "badge" }, t("Turn {turn}", { turn: view.turn })),
    " ",
    h("span", { class: "phase" }, view.phase),
    view.outcome ? null : h("div", { class: "decision" }, view.decision),
  );
}

/** The result: reason, then place / player / score, winners marked. Places are counted as
 * people count them: equal scores share a place and the next skips as many (1, 2, 2, 4). */
export function renderOutcome(outcome, table, seat = null) {
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
    h("p", { class: "outcome-headline", "data-testid": "winner" }, headline(outcome, table, seat)),
    h("p", { class: "outcome-reason" }, t("Game over: {reason}", { reason: outcome.reason })),
    h(
      "table",
      { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Place")), h("th", {}, t("Player")), h("th", {}, t("Score")))),
      h("tbody", {}, rows),
    ),
  );
}

/** Who won, in a few words, from `seat`'s side of the table (null: a spectator). */
function headline(outcome, table, seat) {
  const winners = outcome.winners;
  if (!winners.length) return t("Nobody won.");
  const names = winners.map((w) => (w === seat ? t("you") : seatLabel(w, table)));
  if (winners.length === 1) return winners[0] === seat ? t("You win!") : t("{player} wins.", { player: names[0] });
  const list = t("{players} and {last}", { players: names.slice(0, -1).join(", "), last: names[names.length - 1] });
  return t("{players} share the win.", { players: `${list[0].toUpperCase()}${list.slice(1)}` });
}

/** One log entry as a list item; the seat's own events are marked for the eye. An event names
 * its kind as `kind` (its JSON form, core/events.py). */
export function logItem(event, seat) {
  const mine = seat !== null && seat !== undefined && event.seat === seat;
  const kind = event.kind || "";
  return h("li", { class: mine ? "mine" : null, dataset: { event: kind } }, event.text);
}

// -- choices on the table --------------------------------------------------------------------

/**
 * Where a legal action sits on the table: the game's renderer may export `place(name, view)`,
 * giving the `data-place` key of the table element the action is about (a rune, a card, a
 * player), or null. Actions without a place stay buttons.
 */
export function placeOf(view, name) {
  const place = RENDERERS.get(view.game)?.place;
  return place ? place(name, view) : null;
}

/**
 * Choices a game draws as one control of its own rather than a button each (Alakazoo's roll:
 * the dice once and one Roll button for seven legal actions). The renderer may export
 * `compact(view, legal, {act, waiting})` returning {nodes, rest}; its control still sends one
 * legal action. Without it every action stays a button: {nodes: [], rest: legal}.
 */
export function compactChoices(view, legal, act, waiting) {
  const compact = RENDERERS.get(view.game)?.compact;
  return compact ? compact(view, legal, { act, waiting }) : { nodes: [], rest: legal };
}

/**
 * Offer `legal` actions on the table drawn in `root`: each element whose place has one action
 * becomes a button of its own (`data-action`, highlighted, the label on hover, reached by Tab);
 * one with several opens a small menu of them. Returns the actions that have no place there,
 * for the page's list of buttons.
 */
export function offerOnTable(root, view, legal, act) {
  const byPlace = new Map();
  const rest = [];
  for (const action of legal) {
    const key = placeOf(view, action.name);
    const found = key === null ? [] : [...root.querySelectorAll(`[data-place="${CSS.escape(key)}"]`)];
    if (!found.length) {
      rest.push(action);
      continue;
    }
    for (const element of found) {
      if (!byPlace.has(element)) byPlace.set(element, []);
      byPlace.get(element).push(action);
    }
  }
  for (const [element, actions] of byPlace) {
    element.classList.add("choice");
    element.tabIndex = 0;
    element.setAttribute("role", "button");
    if (actions.length === 1) {
      const [action] = actions;
      element.dataset.action = action.name;
      element.title = withHint(action);
      nameChoice(element, withHint(action));
      onPress(element, () => act(action.name, element));
    } else {
      const words = `${actions.length} choices: ${actions.map(withHint).join(" / ")}`;
      element.dataset.choices = String(actions.length);
      element.title = words;
      nameChoice(element, words);
      element.setAttribute("aria-haspopup", "menu");
      onPress(element, () => openMenu(element, actions, act));
    }
  }
  return rest;
}

/** A choice on the table is one control: what is explained inside it is no stop of its own
 * (the table and lesson pages, after drawing the table's explanations). */
export function oneStopPerChoice(board) {
  for (const inner of board.querySelectorAll(".choice [tabindex]")) {
    if (!inner.classList.contains("choice")) inner.removeAttribute("tabindex");
  }
}

/**
 * Name a table element offered as a choice: `words` (the choice), then what it shows, as a
 * screen reader reads a button's insides. An element with text (a card, a column, a player's
 * side) gets the words first in its text, for screen readers only, so its name says the choice
 * and every number shown, in the order shown; an element without (a rune) has them in its
 * label, before its own ("red rune").
 */
function nameChoice(element, words) {
  if (element.textContent.trim()) {
    element.prepend(h("span", { class: "choice-words" }, `${words}: `));
  } else {
    const own = element.getAttribute("aria-label");
    element.setAttribute("aria-label", own ? `${words}: ${own}` : words);
  }
}

/** "Take column 2 (over the hand limit of 4: +1 Dark Power)": a choice and its cost. */
export function withHint(action) {
  return action.hint ? `${action.label} (${action.hint})` : action.label;
}

/** Click, Enter and Space all press a table element (it is not a <button>). A click the page
 * prevented is no press: a first tap that only explained the element (explain.js). */
function onPress(element, press) {
  element.addEventListener("click", (event) => {
    if (event.defaultPrevented) return;
    event.stopPropagation();
    press();
  });
  element.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    press();
  });
}

let menuListening = false;

/** A menu of the actions one table element offers, under it; Escape or a click elsewhere closes it. */
function openMenu(element, actions, act) {
  closeMenu();
  if (!menuListening) {
    menuListening = true;
    document.addEventListener("click", closeMenu);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") closeMenu();
    });
  }
  const menu = h(
    "div",
    { class: "choice-menu", role: "menu", "data-testid": "choice-menu" },
    actions.map((action) => {
      const item = h(
        "button",
        { type: "button", class: "choice-item", role: "menuitem", dataset: { action: action.name } },
        action.label,
        action.hint ? h("small", { class: "cost" }, action.hint) : null,
      );
      item.addEventListener("click", (event) => {
        event.stopPropagation();
        closeMenu();
        act(action.name, element);
      });
      return item;
    }),
  );
  document.body.appendChild(menu);
  const box = element.getBoundingClientRect();
  const left = Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - menu.offsetWidth - 8);
  menu.style.left = `${Math.max(window.scrollX + 4, left)}px`;
  menu.style.top = `${box.bottom + window.scrollY + 4}px`;
  menu.querySelector("button").focus();
}

export function closeMenu() {
  for (const menu of document.querySelectorAll(".choice-menu")) menu.remove();
}


// -- what changed --------------------------------------------------------------------------

/** How long a change stays highlighted, in milliseconds (the stylesheet's animation matches). */
export const CHANGE_MS = 4000;

/**
 * What changed on the table since a moment the page chooses (a person's last decision): every
 * element with a `data-place` and no places inside it (a rune, a card, a score) is compared by
 * its text and look; one that differs, or is new, is marked `changed` for a few seconds.
 */
export class Changes {
  constructor() {
    this.base = null; // place -> look, at the chosen moment
    this.since = new Map(); // place -> {look, at}: when it first looked as it does now
  }

  /** Take the table drawn in `root` as it is now as the base to compare with. */
  mark(root) {
    this.base = looks(root);
  }

  /** Mark what differs from the base in `root` (the first table drawn becomes the base). */
  show(root) {
    const now = looks(root);
    if (this.base === null) {
      this.base = now;
      return;
    }
    const time = performance.now();
    for (const [place, look] of now) {
      if (this.base.get(place) === look) {
        this.since.delete(place);
        continue;
      }
      const seen = this.since.get(place);
      if (!seen || seen.look !== look) this.since.set(place, { look, at: time });
      const age = time - this.since.get(place).at;
      if (age >= CHANGE_MS) continue;
      for (const element of root.querySelectorAll(`[data-place="${CSS.escape(place)}"]`)) {
        element.classList.add("changed");
        // Redrawn elements carry on with the highlight where the last ones were (CSSOM, not
        // a style attribute, which the content security policy would refuse).
        element.style.animationDelay = `${-Math.round(age)}ms`;
        // With less motion the highlight is still (no fading): it goes when its time is up.
        setTimeout(() => element.classList.remove("changed"), CHANGE_MS - age);
      }
    }
  }
}

/** Whether the person asked for less motion (their system's setting, read at each redraw). */
export function lessMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** How long a thing takes to move into its new place, in milliseconds. */
export const MOVE_MS = 450;

/**
 * Things that move on the table (a card from a column to a hand, an element from the hand to
 * its space, a character to a team) are moved into place rather than appearing there: FLIP.
 * A renderer marks each such thing with `data-piece` (what it is: a card's name, a card's
 * number); before a redraw the page notes where each is, and after it, each one that is now
 * somewhere else (inside another `data-place`) starts where it was and glides to where it is.
 * With less motion asked for, nothing moves: the highlight of what changed says it instead.
 */
export class Moves {
  constructor() {
    this.before = null; // piece -> [{element, where, x, y, width, flying}], in the order drawn
    this.stacks = new Map(); // stack -> {count, x, y}: where pieces out of sight go
  }

  /** Note where each piece drawn in `root` is now (just before `root` is drawn again). */
  note(root) {
    this.before = pieces(root);
    this.stacks = stacks(root);
  }

  /** Move each piece of `root` that changed place since `note` from there to here. */
  play(root) {
    const before = this.before;
    this.before = null;
    if (!before || lessMotion()) return;
    const drawn = pieces(root);
    for (const [piece, now] of drawn) {
      const then = before.get(piece) || [];
      now.forEach((here, k) => {
        const there = then[k];
        if (there && (there.where !== here.where || there.flying)) glide(here, there);
      });
    }
    const gone = [...before].flatMap(([piece, then]) => then.slice((drawn.get(piece) || []).length));
    intoStacks(gone, this.stacks, stacks(root));
  }
}

/**
 * Pieces that left the table out of sight (a card into a hand you may not see) fly there as a
 * ghost of themselves: each `data-stack` whose `data-count` grew takes as many of them, in the
 * order they were drawn. Pieces no stack took (a column discarded) just go.
 */
function intoStacks(gone, before, now) {
  for (const [name, stack] of now) {
    const grew = stack.count - (before.get(name)?.count ?? stack.count);
    for (const there of gone.splice(0, Math.max(0, grew))) ghost(there, stack);
  }
}

/** The stacks drawn in `root`, by name: {count, x, y} (where a piece flying in lands). */
function stacks(root) {
  const found = new Map();
  for (const element of root.querySelectorAll("[data-stack]")) {
    const box = element.getBoundingClientRect();
    found.set(element.dataset.stack, { count: Number(element.dataset.count), x: box.left + window.scrollX, y: box.top + window.scrollY });
  }
  return found;
}

/** A copy of a piece that is gone, flying from where it was into `stack`, fading, then removed. */
function ghost(there, stack) {
  const copy = there.element.cloneNode(true);
  copy.classList.remove("choice", "changed", "moving");
  copy.classList.add("ghost");
  // a picture only: no stop for Tab, no place, choice or explanation a query could find
  for (const part of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of ["tabindex", "role", "title", "data-place", "data-action", "data-choices", "data-topic"]) {
      part.removeAttribute(name);
    }
  }
  copy.inert = true;
  copy.setAttribute("aria-hidden", "true");
  copy.style.left = `${there.x}px`;
  copy.style.top = `${there.y}px`;
  copy.style.width = `${there.width}px`;
  document.body.appendChild(copy);
  const flight = copy.animate(
    [{ transform: "none", opacity: 1 }, { transform: `translate(${stack.x - there.x}px, ${stack.y - there.y}px) scale(0.5)`, opacity: 0.2 }],
    { duration: MOVE_MS, easing: "ease-in" },
  );
  flight.id = "move";
  flight.finished.then(() => copy.remove(), () => copy.remove());
}

/** Where an element is drawn once it is still: a piece gliding to its place is measured at
 * that place, not where it passes now (its box, less the glide's translation). */
export function restingBox(element) {
  const box = element.getBoundingClientRect();
  if (!element.getAnimations().some((animation) => animation.id === "move")) return box;
  const shift = new DOMMatrixReadOnly(getComputedStyle(element).transform);
  return new DOMRect(box.x - shift.m41, box.y - shift.m42, box.width, box.height);
}

/** The pieces drawn in `root`, by name: each one's element, its place and where it is on the page. */
function pieces(root) {
  const found = new Map();
  for (const element of root.querySelectorAll("[data-piece]")) {
    const box = element.getBoundingClientRect();
    const spot = {
      element,
      where: placesAround(element),
      x: box.left + window.scrollX,
      y: box.top + window.scrollY,
      width: box.width,
      flying: element.getAnimations().some((animation) => animation.id === "move"),
    };
    const name = element.dataset.piece;
    if (!found.has(name)) found.set(name, []);
    found.get(name).push(spot);
  }
  return found;
}

/** The places an element is in, innermost first ("hand:griffin:head<player:0"). */
function placesAround(element) {
  const places = [];
  for (let at = element.closest("[data-place]"); at; at = at.parentElement?.closest("[data-place]")) {
    places.push(at.dataset.place);
  }
  return places.join("<");
}

/** Draw `here`'s element where `there` was, then let it travel to its place. */
function glide(here, there) {
  const dx = there.x - here.x;
  const dy = there.y - here.y;
  if (Math.abs(dx) + Math.abs(dy) < 2) return;
  here.element.classList.add("moving");
  const move = here.element.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: MOVE_MS, easing: "cubic-bezier(0.2, 0.7, 0.2, 1)" },
  );
  move.id = "move";
  move.finished.then(() => here.element.classList.remove("moving"), () => {});
}

/** An element's text as drawn, without the words a choice on it adds for screen readers. */
function shownText(element) {
  const words = element.querySelector(":scope > .choice-words");
  return words ? element.textContent.slice(words.textContent.length) : element.textContent;
}

function looks(root) {
  const found = new Map();
  for (const element of root.querySelectorAll("[data-place]")) {
    if (element.querySelector("[data-place]")) continue; // a player's side, not one thing on it
    const place = element.dataset.place;
    const look = `${element.className.replace(/\b(choice|changed|moving)\b/g, "")}|${shownText(element)}`;
    found.set(place, found.has(place) ? `${found.get(place)}+${look}` : look);
  }
  return found;
}
