// Small helpers shared by every page and both game renderers: DOM building, HTTP, names.
//
// Every piece of text from the server goes into the page as a text node (see `h`), never as
// HTML, so a player called "<b>" is shown as written.

// -- words in the reader's language ------------------------------------------------------------

/** The page's language, as the server set it on <html lang>; "en" where it is missing. */
const LANGUAGE = (globalThis.document?.documentElement?.lang || "en").toLowerCase();

/** The page's messages ({"English": "translation" or [plural forms]}), loaded once; {} for English. */
const MESSAGES = await loadMessages(LANGUAGE);

async function loadMessages(lang) {
  if (lang === "en" || typeof fetch !== "function") return {};
  try {
    const response = await fetch(`/static/i18n/${lang}.json`);
    if (!response.ok) return {};
    const catalogue = await response.json();
    return catalogue && typeof catalogue.messages === "object" && catalogue.messages ? catalogue.messages : {};
  } catch {
    return {}; // no catalogue: the page speaks English
  }
}

/** The plural rule's categories in gettext's form order (for en, es and ca: "one" is form 0). */
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"];

function pluralIndex(lang, n, forms) {
  let category = "other";
  try {
    category = new Intl.PluralRules(lang).select(n);
  } catch {
    category = n === 1 ? "one" : "other";
  }
  // The categories this language uses, in gettext order; "other" is always the last form.
  let used = PLURAL_FORMS;
  try {
    const have = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    used = PLURAL_FORMS.filter((c) => have.includes(c));
  } catch {
    used = ["one", "other"];
  }
  const index = used.indexOf(category);
  return Math.min(index < 0 ? forms - 1 : index, forms - 1);
}

function fillFields(message, values) {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The page's language code ("en", "es", "ca"). */
export function language() {
  return LANGUAGE;
}

/** `message` (English, with {fields}) in the page's language, its fields filled from `values`. */
export function t(message, values) {
  const found = MESSAGES[message];
  return fillFields(typeof found === "string" && found ? found : message, values);
}

/** A count's words: `singular` or `plural` (English, with {n}) in the page's language. */
export function tn(singular, plural, n, values) {
  const all = { ...(values || {}), n };
  const found = MESSAGES[singular];
  if (Array.isArray(found) && found.length > 0 && found.every((form) => typeof form === "string" && form)) {
    return fillFields(found[pluralIndex(LANGUAGE, n, found.length)], all);
  }
  return fillFields(n === 1 ? singular : plural, all);
}

/**
 * A small language menu in the page's top bar (its own name for each language, from the server);
 * choosing one tells the server (a cookie) and reloads the page in it.
 */
export async function addLanguageSwitch(where) {
  const bar = where || document.querySelector(".topbar") || document.querySelector("header");
  if (!bar || bar.querySelector(".language-switch")) return null;
  let listed;
  try {
    listed = await api("/api/languages");
  } catch {
    return null; // no list: no menu, the page still works
  }
  const current = listed.language || LANGUAGE;
  const select = h(
    "select",
    { class: "language-switch", "aria-label": t("Language"), "data-testid": "language" },
    (listed.languages || []).map((entry) =>
      h("option", { value: entry.code, selected: entry.code === current, lang: entry.code }, entry.name),
    ),
  );
  select.addEventListener("change", async () => {
    try {
      await api("/api/language", { language: select.value });
    } finally {
      location.reload();
    }
  });
  bar.appendChild(select);
  return select;
}

// Every page's top bar gets the menu (module scripts run once the page is parsed).
if (typeof globalThis.document?.querySelector === "function") addLanguageSwitch();

/** Build an element: h("p", {class: "x", dataset: {seat: 1}}, "text", child, [more]). */
export function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace a node's children. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

// -- HTTP ----------------------------------------------------------------------------------

/** Fetch JSON; a non-2xx answer throws an Error carrying the server's {"error"} message. */
export async function api(path, body) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return data;
}

/** A link from the server (absolute or a path) as a full address anybody can open. */
export function absoluteUrl(url) {
  return new URL(url, location.origin).href;
}

// -- names ---------------------------------------------------------------------------------

/** "Player 2", the name the game's log uses for a seat. */
export function playerName(seat) {
  return t("Player {n}", { n: seat + 1 });
}

/**
 * "Player 2 (Ana)", from a table summary's seats. The log says "Player 2", so the label always
 * starts with it; the server's default names ("Player 2 (Medium bot)") already do.
 */
export function seatLabel(seat, table) {
  const info = table && table.seats ? table.seats[seat] : null;
  const base = playerName(seat);
  if (!info || !info.name || info.name === base) return info && info.kind === "bot" ? t("{player} (bot)", { player: base }) : base;
  if (info.name.startsWith(`${base} `)) return info.name;
  return info.kind === "bot"
    ? t("{player} ({name}, bot)", { player: base, name: info.name })
    : t("{player} ({name})", { player: base, name: info.name });
}

/** "a, b, a" -> ["a ×2", "b"]: hands and piles hold copies. */
export function counted(names) {
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
  return [...counts].map(([name, n]) => (n === 1 ? name : `${name} ×${n}`));
}

/** A titled box. */
export function panel(title, ...children) {
  return h("section", { class: "panel" }, title ? h("h2", {}, title) : null, ...children);
}

/** A row of small name chips, or a dim "empty". */
export function chips(names, cls = "chip") {
  if (!names || names.length === 0) return h("span", { class: "dim" }, t("empty"));
  return h("div", { class: "chips" }, names.map((name) => h("span", { class: cls, dataset: { topic: name } }, name)));
}

/** A count and its noun, plural unless it is one: "1 card", "2 cards". */
export function amount(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A "label: value" pair for stat lines. */
export function stat(label, value) {
  return h("span", { class: "stat" }, h("span", { class: "stat-label" }, label), " ", h("b", {}, value));
}

/** A hand: its cards if this seat may see them (``hand`` is a list), else as many card backs. */
export function handView(hand, size) {
  if (hand === null) return cardBacks(size);
  if (hand.length === 0) return h("span", { class: "dim" }, t("empty"));
  const cards = [...new Set(hand)].map((name, k) =>
    h("span", { class: "chip hand-card", dataset: { topic: name } }, counted(hand)[k]),
  );
  return h("div", { class: "chips" }, cards);
}

/** Card backs for a hand this seat may not see. */
function cardBacks(count) {
  if (count === 0) return h("span", { class: "dim" }, t("no cards"));
  const shown = Math.min(count, 10);
  const backs = Array.from({ length: shown }, () => h("span", { class: "card-back", "aria-hidden": "true" }));
  return h(
    "div",
    { class: "backs", title: tn("{n} card", "{n} cards", count) },
    backs,
    h("span", { class: "backs-count" }, count > shown ? `+${count - shown} ` : "", t("({cards})", { cards: tn("{n} card", "{n} cards", count) })),
  );
}

/**
 * Who sits in a seat and whether they are here: a filled dot = on the page now, a ring = has
 * come before, grey = not come yet, dashed = open to anyone from the lobby, a square = a bot.
 */
export function seatChip(seat, table) {
  const state = seat.kind === "bot"
    ? "bot"
    : seat.connected ? "connected" : seat.open ? "open" : seat.joined ? "joined" : "absent";
  const words = {
    bot: t("a bot"),
    connected: t("here now"),
    joined: t("joined, not here now"),
    absent: t("has not come yet"),
    open: t("open: anyone may take it"),
  };
  const title = state === "bot" && seat.bot ? t("a bot ({bot})", { bot: seat.bot }) : words[state]; // the spec on hover
  return h(
    "span",
    { class: `seat-chip ${state}`, title },
    h("span", { class: "presence" }),
    seatLabel(seat.seat, table),
  );
}

/** Where the pips of each face sit on a 3×3 grid (cells 0-8, row by row). */
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/**
 * A die showing `value` as pips (1-6; another number is written on it), with its value for
 * screen readers and on hover. `place` names it on the table, so a new roll is highlighted
 * (and shaken: the stylesheet rolls a changed die).
 */
export function pipDie(value, place, title) {
  const pips = PIPS[value];
  const words = title || t("a die showing {value}", { value });
  return h(
    "span",
    { class: `pip-die${pips ? "" : " number"}`, role: "img", "aria-label": words, title: words, dataset: place ? { place } : {} },
    pips
      ? Array.from({ length: 9 }, (_, cell) => h("span", { class: pips.includes(cell) ? "pip" : "no-pip" }))
      : String(value),
  );
}

// -- your tables, remembered in this browser ------------------------------------------------------

const MINE = "alaka.my-tables";
/** How many tables the lobby remembers (the newest). */
const MINE_KEPT = 12;

/** The seats this browser has opened, newest first: {id, title, seat, url, at}. */
export function myTables() {
  try {
    const found = JSON.parse(localStorage.getItem(MINE) || "[]");
    return Array.isArray(found) ? found : [];
  } catch {
    return [];
  }
}

/** Remember a seat's link (its token is in it: it stays in this browser only). */
export function rememberTable(entry) {
  const others = myTables().filter((old) => !(old.id === entry.id && old.seat === entry.seat));
  try {
    localStorage.setItem(MINE, JSON.stringify([{ ...entry, at: Date.now() }, ...others].slice(0, MINE_KEPT)));
  } catch {
    // storage refused (private mode, full): nothing is remembered, the table still works
  }
}

export function forgetTable(id) {
  try {
    localStorage.setItem(MINE, JSON.stringify(myTables().filter((old) => old.id !== id)));
  } catch {
    // as above
  }
}
