// Table talk: the few things the people at a table say to each other ("Good game!"), picked
// from a menu of phrases and a row of emotes (no free text), and how many spectators watch.
// The words come from the server (GET /api/talk), what is said over the table's socket
// ({"type": "talk"}); a person in a seat says, a spectator reads.

import { api, fill, h, seatLabel, t } from "./common.js";

const $ = (id) => document.getElementById(id);

const talk = {
  byId: new Map(), // the sayings, by id
  order: [], // their ids, in the server's order
  said: new Map(), // what was said, by its number (a repeat updates its line)
  kept: 20,
  send: null, // sends a message over the table's socket (false: not connected)
  message: null, // the last state (its seat, its table's summary)
};

/** Ask the server what may be said, and build the menu; without an answer the page has no talk. */
export async function loadTalk(send) {
  talk.send = send;
  try {
    const answer = await api("/api/talk");
    talk.kept = answer.kept;
    for (const saying of answer.sayings) talk.byId.set(saying.id, saying);
    talk.order = answer.sayings.map((saying) => saying.id);
  } catch {
    return; // the table works without its talk
  }
  buildMenu();
  $("say-button").addEventListener("click", () => openMenu($("say-menu").hidden));
  $("say-menu").addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      openMenu(false);
    }
  });
  // A press anywhere else closes the menu (on a phone it is a sheet over the table), leaving
  // the focus where that press put it. (A dead link's page has no table, and no menu.)
  document.addEventListener("pointerdown", (event) => {
    const menu = $("say-menu");
    if (menu && !menu.hidden && !$("talk").contains(event.target)) openMenu(false, false);
  });
}

/** The menu: the phrases, then a row of emotes (each named for screen readers). */
function buildMenu() {
  const button = (saying) => {
    const emote = Boolean(saying.emoji);
    const node = h(
      "button",
      {
        type: "button",
        class: emote ? "say-emote" : "say-phrase",
        dataset: { say: saying.id },
        "aria-label": emote ? saying.words : null,
        title: emote ? saying.words : null,
      },
      emote ? saying.emoji : saying.words,
    );
    node.addEventListener("click", () => say(saying.id));
    return node;
  };
  const sayings = talk.order.map((id) => talk.byId.get(id));
  fill(
    $("say-menu"),
    h("div", { class: "say-phrases" }, sayings.filter((s) => !s.emoji).map(button)),
    h("div", { class: "say-emotes" }, sayings.filter((s) => s.emoji).map(button)),
  );
}

/** Open the menu (its first phrase focused) or close it (the focus back on "Say…", unless
 * `refocus` is false). */
function openMenu(open, refocus = true) {
  const menu = $("say-menu");
  menu.hidden = !open;
  $("say-button").setAttribute("aria-expanded", String(open));
  if (open) menu.querySelector("button")?.focus();
  else if (refocus) $("say-button").focus();
}

function say(id) {
  openMenu(false);
  talk.send({ type: "say", say: id });
}

/** A new connection: the server sends again what is kept, so forget what was shown. */
export function resetTalk() {
  talk.said.clear();
}

/** The server's "talk" message: things said (new ones, or a line said again). */
export function onTalk(message) {
  for (const said of message.said) talk.said.set(said.n, said);
  const numbers = [...talk.said.keys()].sort((a, b) => a - b);
  for (const n of numbers.slice(0, -talk.kept)) talk.said.delete(n);
  drawTalk();
}

/** A state or a presence change: who this page is, and how many watch. */
export function showTalk(message) {
  talk.message = message;
  const watching = message.table.watching || 0;
  const line = $("watching");
  line.hidden = watching === 0;
  line.textContent = `${watching} watching`;
  const seat = message.seat === null ? null : message.table.seats[message.seat];
  const speaks = seat !== null && seat.kind === "human" && talk.byId.size > 0;
  $("say-button").hidden = !speaks;
  if (!speaks && !$("say-menu").hidden) openMenu(false, false);
  drawTalk();
}

/** The lines said, the newest last, and the newest on its own beside "Say…" (read out). */
function drawTalk() {
  const message = talk.message;
  if (!message) return;
  const lines = [...talk.said.values()].sort((a, b) => a.n - b.n);
  const speaks = !$("say-button").hidden;
  $("talk").hidden = !speaks && lines.length === 0;
  fill($("said"), lines.map((said) => h("li", { dataset: { n: said.n } }, saidLine(said, message))));
  $("said").hidden = lines.length === 0;
  $("said").scrollTop = $("said").scrollHeight;
  // The newest line is a live region: it changes only when something new is said, so a
  // redraw (a move, someone coming) reads nothing out again.
  const newest = lines[lines.length - 1];
  const last = $("said-last");
  const key = newest ? `${newest.n}.${newest.count}` : "none";
  if (last.dataset.key === key) return;
  last.dataset.key = key;
  fill(last, newest ? saidLine(newest, message) : h("span", { class: "dim" }, t("Nothing said yet.")));
}

/** "Player 2 (Bo): Good game! ×2 · 21:04" (the time in the reader's own zone). */
function saidLine(said, message) {
  const saying = talk.byId.get(said.say);
  const who = said.seat === message.seat ? t("You") : seatLabel(said.seat, message.table);
  const words = !saying ? said.say : saying.emoji ? [h("span", { "aria-hidden": "true" }, saying.emoji), ` ${saying.words}`] : saying.words;
  const time = new Date(said.at);
  return [
    h("b", {}, `${who}: `),
    words,
    said.count > 1 ? h("span", { class: "said-count" }, ` ×${said.count}`) : null,
    Number.isNaN(time.getTime())
      ? null
      : h("time", { class: "said-time", datetime: said.at }, ` · ${time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`),
  ];
}
