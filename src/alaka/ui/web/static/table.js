// The table page: one WebSocket to the server, which is the referee. The page shows what the
// server sends (the seat's view, its legal actions, the log) and sends back the action a
// person clicks; it decides nothing itself.

import {
  absoluteUrl,
  api,
  fill,
  forgetTable,
  h,
  language,
  rememberTable,
  seatChip,
  seatLabel,
  t,
  tn,
} from "./common.js";
import { Guide, explainIn, hide as hideExplanation, rulesPanel, smallTable } from "./explain.js";
import {
  Changes,
  closeMenu,
  compactChoices,
  loadRenderer,
  logItem,
  Moves,
  offerOnTable,
  oneStopPerChoice,
  renderOutcome,
  renderView,
  restingBox,
  turnLine,
} from "./views.js";
import { loadTalk, onTalk, resetTalk, showTalk } from "./talk.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
// The seat's token is in the link's fragment (after "#"), which the browser never sends to a
// server: it reaches the server only inside the socket, in the first message.
const token = new URLSearchParams(location.hash.slice(1)).get("token");

/** Close codes after which reconnecting cannot help. */
const FATAL_CLOSES = {
  1003: t("This page sent something the server does not read."),
  4400: t("This page sent something the server does not read."),
  4403: t("This link's token is not valid for this table."),
  4404: t("There is no such table."),
};

const page = {
  socket: null,
  retries: 0,
  gaveUp: false,
  last: null, // the last "state" message
  logCount: 0, // log events shown so far (the log's numbering starts at 0)
  sentSeq: null, // the seq an action was sent at, until the next state or an error
  changes: new Changes(), // what changed on the table since this seat's last decision
  markAfter: null, // the seq of this seat's last action: the table after it is the new base
  moves: new Moves(), // what moved on the table since it was last drawn glides into place
  revealedSeq: null, // the decision whose choices on the table were last brought into view
};

/** The one-column layout of a phone (style.css), where the choices are a sheet over the table. */
const NARROW = window.matchMedia("(max-width: 860px)");
/** Where this tab keeps whether the sheet is folded, for this table. */
const SHEET_KEY = `alaka.sheet.${tableId}`;

/** Events shown beside the choices (the whole log is further down). */
const LATEST = 5;
/** The verb for pressing a place on the table: "Tap" where the main pointer is a finger. */
const COARSE = window.matchMedia("(pointer: coarse)").matches;

// -- connection ----------------------------------------------------------------------------

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${encodeURIComponent(language())}`;
}

function setStatus(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = `status ${kind}`;
  status.dataset.state = kind;
}

function connect() {
  setStatus(page.retries ? t("reconnecting") : t("connecting"), "connecting");
  const socket = new WebSocket(socketUrl());
  page.socket = socket;
  socket.addEventListener("open", () => {
    // An action sent on a connection that dropped may never have arrived: the state this one
    // brings says whether it counted, so this seat may choose again if it did not.
    page.sentSeq = null;
    resetTalk();
    socket.send(JSON.stringify({ type: "join", token }));
    setStatus(t("connected"), "connected");
  });
  socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => onClose(socket, event));
}

function onClose(socket, event) {
  if (socket !== page.socket) return;
  page.socket = null;
  if (FATAL_CLOSES[event.code]) {
    page.gaveUp = true;
    setStatus(t("closed"), "closed");
    if (event.code === 4403 || event.code === 4404) {
      forgetTable(tableId);
      showDeadLink(event.reason || FATAL_CLOSES[event.code]);
      return;
    }
    // The server said why in an error message just before closing; keep its words if shown.
    if ($("error").hidden) showError(event.reason || FATAL_CLOSES[event.code]);
    renderActions();
    return;
  }
  // Back off (0.5 s, 1 s, 2 s ... 10 s, a little jitter) so a restarting server is not hammered.
  const delay = Math.min(10000, 500 * 2 ** page.retries) + Math.random() * 250;
  page.retries += 1;
  setStatus(t("disconnected, retrying in {seconds} s", { seconds: Math.round(delay / 1000) }), "reconnecting");
  setTimeout(connect, delay);
}

function onMessage(message) {
  if (message.type === "state") {
    page.retries = 0;
    onState(message);
  } else if (message.type === "error") {
    page.sentSeq = null;
    showError(message.message);
    renderActions();
  } else if (message.type === "table") {
    onTable(message.table);
  } else if (message.type === "rematch") {
    showRematch(message.url);
  } else if (message.type === "clock" || message.type === "undo") {
    onNotice(message);
  } else if (message.type === "talk") {
    onTalk(message);
  }
}

/** Send the chosen action (a button or a table element); choices wait until the server answers. */
function act(name, element) {
  const socket = page.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN || !page.last) {
    showError(t("Not connected to the server; wait a moment and try again."), "connection");
    return;
  }
  if (page.sentSeq === page.last.seq) return; // one action per decision
  page.sentSeq = page.last.seq;
  page.markAfter = page.last.seq;
  socket.send(JSON.stringify({ type: "act", seq: page.last.seq, action: name }));
  for (const other of document.querySelectorAll("#legal button.action, #legal .compact button")) other.disabled = true;
  $("board").classList.add("waiting-answer");
  closeMenu();
  element.classList.add("sent");
}

// -- drawing -------------------------------------------------------------------------------

/** A link that leads nowhere: say so, and lead back to the lobby (no empty table). */
function showDeadLink(reason) {
  $("error").hidden = true;
  fill(
    document.querySelector("main"),
    h(
      "section",
      { class: "panel notice dead-link", "data-testid": "dead-link" },
      h("h1", {}, t("This link does not open a seat")),
      h("p", {}, reason),
      h("p", {}, t("It may be mistyped or cut short, or from another server. ")),
      h("p", {}, h("a", { href: "/" }, t("Go to the lobby")), t(" to find your tables or start a new one.")),
    ),
  );
}

function onState(message) {
  if (page.sentSeq !== message.seq) page.sentSeq = null;
  if (message.seat !== null && token && !page.remembered) {
    rememberTable({ id: message.table.id, title: message.table.title, seat: message.seat, url: location.href });
    page.remembered = true;
  }
  if ($("error").dataset.kind === "connection") $("error").hidden = true; // connected again
  page.last = message;
  page.clockAt = performance.now();
  updateLog(message.view.log, message.log_from);
  describeSeat(message);
  drawTable();
  if (page.markAfter !== null && (message.seq > page.markAfter || page.markAfter < 0)) {
    page.changes.mark($("board")); // the table after this seat's decision: changes count from here
    page.markAfter = null;
  }
  fill($("turn"), turnLine(message.view));
  $("waiting").textContent = message.waiting_for || "";
  showPresence(message.table);
  renderActions();
  showOutcome(message);
  showControls(message);
  showTalk(message);
  if (message.legal.length && page.revealedSeq !== message.seq) {
    page.revealedSeq = message.seq; // once per decision: the person may scroll away
    revealChoice();
  }
}

/** Draw the table, mark what changed, and offer this seat's choices on it. */
function drawTable() {
  const message = page.last;
  const board = $("board");
  closeMenu();
  hideExplanation();
  page.moves.note(board);
  fill(board, renderView(message.view, { table: message.table, seat: message.seat }));
  board.classList.remove("waiting-answer");
  page.changes.show(board);
  page.moves.play(board);
  const legal = page.gaveUp ? [] : message.legal;
  page.offCanvas = offerOnTable(board, message.view, legal, act);
  if (page.guide) explainIn(board, page.guide);
  oneStopPerChoice(board);
  if (page.sentSeq === message.seq) board.classList.add("waiting-answer");
}

// -- the phone's sheet of choices ------------------------------------------------------------

/** Fold the sheet down to the decision's line, or open it; kept for this tab's visit of the
 * table, so redraws and reloads leave it as the person put it. */
function foldSheet(folded) {
  $("turn-panel").classList.toggle("folded", folded);
  $("turn-panel").parentElement.classList.toggle("folded", folded); // the talk line folds too
  $("sheet-toggle").setAttribute("aria-expanded", String(!folded));
  nameSheetToggle();
  try {
    sessionStorage.setItem(SHEET_KEY, folded ? "folded" : "open");
  } catch {
    // storage refused: the sheet stays as it is for this page only
  }
}

/** "Hide", or, folded, "Show the choices (2)": how many wait on the sheet, not on the table. */
function nameSheetToggle() {
  const folded = $("turn-panel").classList.contains("folded");
  const waiting = $("legal").querySelectorAll("button.action").length;
  $("sheet-toggle").textContent = folded ? (waiting ? t("Show the choices ({n})", { n: waiting }) : t("Show the choices")) : t("Hide");
}

function sheetFoldedBefore() {
  try {
    return sessionStorage.getItem(SHEET_KEY) === "folded";
  } catch {
    return false;
  }
}

/**
 * On a phone the sheet covers the table's lower part: when a choice is about things on the
 * table and none of them is in the part above the sheet, scroll the first into the middle of it.
 */
function revealChoice() {
  const offered = [...document.querySelectorAll("#board .choice")];
  if (!NARROW.matches || !offered.length) return;
  const free = Math.min(window.innerHeight, document.querySelector(".side-top").getBoundingClientRect().top);
  const seen = (box) => box.top >= 0 && box.bottom <= free;
  if (offered.some((element) => seen(restingBox(element)))) return;
  const box = restingBox(offered[0]);
  window.scrollBy(0, box.top - Math.max(8, (free - box.height) / 2));
}

foldSheet(sheetFoldedBefore());
$("sheet-toggle").addEventListener("click", () => {
  const folding = !$("turn-panel").classList.contains("folded");
  foldSheet(folding);
  if (!folding) revealChoice(); // the open sheet is taller: it may cover what is asked about
});

// -- the keyboard: straight to the choices -------------------------------------------------

/** This seat's choices now, in the order the key C visits them: the places on the table (as
 * the table reads), then the buttons, then Undo. */
function choices() {
  const onTable = [...document.querySelectorAll("#board .choice")];
  // (a folded sheet's buttons are out of sight: not visited)
  const buttons = [...document.querySelectorAll("#legal button:not(:disabled)")].filter((b) => b.getClientRects().length > 0);
  return [...onTable, ...buttons];
}

/** Focus the next choice (`step` -1: the one before), from the focused one; the first from
 * anywhere else. With no choice now, the turn panel says who is deciding. */
function toChoice(step) {
  const all = choices();
  if (!all.length) {
    $("turn-panel").focus();
    return;
  }
  const at = all.indexOf(document.activeElement);
  const next = at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
  all[next].focus();
}

$("skip").addEventListener("click", (event) => {
  event.preventDefault();
  toChoice(1);
});
document.addEventListener("keydown", (event) => {
  if (event.key !== "c" && event.key !== "C") return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) return;
  event.preventDefault();
  toChoice(event.shiftKey ? -1 : 1);
});

/** Someone came or went: only the summary changed (names, who is here), not the game. */
function onTable(table) {
  if (!page.last) return;
  page.last = { ...page.last, table };
  describeSeat(page.last);
  drawTable();
  showPresence(table);
  renderActions();
  showOutcome(page.last);
  showTalk(page.last);
}

function showPresence(table) {
  const clock = page.last ? page.last.clock : null;
  fill(
    $("presence"),
    table.seats.map((seat) => {
      const chip = seatChip(seat, table);
      const bank = clock ? clock.banks[seat.seat] : null;
      if (bank !== null && bank !== undefined) {
        chip.appendChild(h("span", { class: "clock", dataset: { seat: seat.seat } }, clockText(bank)));
      }
      return chip;
    }),
  );
  tickClock();
}

// -- the clock -------------------------------------------------------------------------------

/** "4:05", "0:09": minutes and seconds left (rounded up, so 0:00 means time is up). */
function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The running timer counts down here between the server's messages (the server keeps the time). */
function tickClock() {
  const message = page.last;
  const clock = message ? message.clock : null;
  const line = $("clock-line");
  if (!line) return; // a dead link's page has no table (showDeadLink): nothing to tick
  if (!clock || clock.running === null || clock.left === null || message.view.outcome || message.forfeit) {
    line.hidden = true;
    return;
  }
  const left = clock.left - (performance.now() - page.clockAt) / 1000;
  const who = clock.running === message.seat ? t("Your time") : t("{player}'s time", { player: seatLabel(clock.running, message.table) });
  const kind = clock.out_of_turn ? " (to answer out of turn)" : "";
  line.hidden = false;
  line.textContent = `${who}${kind}: ${clockText(left)}`;
  line.classList.toggle("low", left < 10);
  const chip = document.querySelector(`#presence .clock[data-seat="${clock.running}"]`);
  if (chip && !clock.out_of_turn) {
    chip.textContent = clockText(left);
    chip.classList.add("running");
  }
}

setInterval(tickClock, 250);

/** Time ran out for a seat, or a seat took a decision back: everyone is told, for a while,
 * beside the choices (an undo also makes the whole table count as changed from here). */
function onNotice(message) {
  if (message.type === "undo") page.markAfter = -1;
  const note = $("notice");
  note.dataset.kind = message.type;
  note.textContent = message.text;
  note.hidden = false;
  clearTimeout(page.clockNoteTimer);
  page.clockNoteTimer = setTimeout(() => {
    note.hidden = true;
  }, 15000);
}

function describeSeat(message) {
  const table = message.table;
  $("title").textContent = t("{title} · table {id}", { title: table.title, id: table.id });
  $("who").textContent = message.seat === null ? t("Spectator") : t("You are {player}", { player: seatLabel(message.seat, table) });
}

/** Keep the log: `from` is the number of the first event sent; 0 means "the whole log". */
function updateLog(events, from) {
  const list = $("log");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  if (from === 0 || from === undefined) {
    list.replaceChildren();
    page.logCount = 0;
  }
  while (page.logCount > from && list.lastChild) {
    list.lastChild.remove(); // the server resent events we have: drop our copies
    page.logCount -= 1;
  }
  if (from > page.logCount) list.appendChild(h("li", { class: "dim" }, "(some events were missed)"));
  const seat = page.last ? page.last.seat : null;
  for (const event of events) list.appendChild(logItem(event, seat));
  page.logCount = from + events.length;
  if (atBottom || from === 0) list.scrollTop = list.scrollHeight;
  // The newest events also stand beside the choices, so they are in view when deciding.
  const items = [...list.children];
  const latest = items.slice(-LATEST).map((item, k, shown) => {
    const copy = item.cloneNode(true);
    if (from > 0 && k >= shown.length - events.length) copy.classList.add("new");
    return copy;
  });
  fill($("latest"), latest);
  $("latest").scrollTop = $("latest").scrollHeight; // a phone's short box shows the newest first
}

function renderActions() {
  const box = $("legal");
  const message = page.last;
  if (!message) return;
  box.dataset.seq = message.seq;
  const legal = page.gaveUp ? [] : message.legal;
  const mine = legal.length > 0;
  $("turn-panel").classList.toggle("your-move", mine);
  document.title = mine
    ? t("Your move · {title} · Alaka", { title: message.table.title })
    : `${message.table.title} · Alaka`;
  if (!mine) {
    // A single choice is played for this seat by the server after a pause, as for everyone.
    fill(
      box,
      message.forced && !page.gaveUp
        ? h("p", { class: "forced", "data-testid": "forced" }, h("b", {}, t("Played for you: ")), message.forced.label)
        : null,
    );
    nameSheetToggle();
    return;
  }
  const waiting = page.sentSeq === message.seq;
  const offTable = page.offCanvas || legal;
  const onTable = legal.length - offTable.length;
  const { nodes: controls, rest } = compactChoices(message.view, offTable, act, waiting);
  fill(
    box,
    onTable
      ? h(
          "p",
          { class: "hint", "data-testid": "table-hint" },
          offTable.length
            ? (COARSE
              ? tn("Tap a highlighted place on the table ({n} choice), or:", "Tap a highlighted place on the table ({n} choices), or:", onTable)
              : tn("Click a highlighted place on the table ({n} choice), or:", "Click a highlighted place on the table ({n} choices), or:", onTable))
            : (COARSE
              ? tn("Tap a highlighted place on the table ({n} choice).", "Tap a highlighted place on the table ({n} choices).", onTable)
              : tn("Click a highlighted place on the table ({n} choice).", "Click a highlighted place on the table ({n} choices).", onTable)),
        )
      : null,
    controls,
    rest.map((action) => {
      const button = h(
        "button",
        { type: "button", class: "action", dataset: { name: action.name }, disabled: waiting },
        action.label,
        action.hint ? h("small", { class: "cost", "data-testid": "cost" }, action.hint) : null,
        topicTables(action),
      );
      button.addEventListener("click", () => act(action.name, button));
      return button;
    }),
    message.undo
      ? h("button", { type: "button", class: "secondary undo", "data-testid": "undo", disabled: waiting }, "↶ Undo my last decision")
      : null,
  );
  const undoButton = box.querySelector("[data-testid=undo]");
  if (undoButton) undoButton.addEventListener("click", () => takeBack(undoButton));
  nameSheetToggle();
}

/** What a choice is about, drawn small when the explanation has a table: the board you would
 * take (its runes), the dice you would roll (their faces). */
function topicTables(action) {
  if (!page.guide || !action.topics || action.topics.length > 3) return null;
  const drawn = action.topics.map((name) => page.guide.find(name)).filter((entry) => entry && entry.table.length);
  if (!drawn.length || drawn.length !== action.topics.length) return null;
  return h(
    "span",
    { class: "topic-tables" },
    drawn.map((entry) => h("span", { class: "topic-table", title: entry.summary }, h("small", {}, entry.name), smallTable(entry.table))),
  );
}

/** Ask the server to take back this seat's last decision (it checks the rule). */
function takeBack(button) {
  const socket = page.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN || !page.last) return;
  page.sentSeq = page.last.seq;
  socket.send(JSON.stringify({ type: "undo", seq: page.last.seq }));
  button.disabled = true;
}

function showOutcome(message) {
  const outcome = message.view.outcome || message.forfeit;
  $("outcome").hidden = !outcome;
  if (!outcome) return;
  const id = encodeURIComponent(message.table.id);
  const seat = message.seat === null ? "" : `?seat=${message.seat}`;
  // a review needs the seat's token: it travels in the fragment, as on this page
  const review = message.seat === null || !token ? "" : `${seat}&review=1#token=${encodeURIComponent(token)}`;
  fill(
    $("outcome-body"),
    renderOutcome(outcome, message.table, message.seat),
    h(
      "p",
      { class: "after-links" },
      h("a", { href: `/table/${id}/replay${seat}`, "data-testid": "replay-link" }, t("Replay the game")),
      message.seat === null || !token
        ? null
        : [" · ", h("a", { href: `/table/${id}/replay${review}`, "data-testid": "review-link" }, t("Review my decisions"))],
    ),
  );
  $("rematch").hidden = message.seat === null;
}

/** The Leave button: for a person's seat while the game goes on. */
function showControls(message) {
  const seat = message.seat === null ? null : message.table.seats[message.seat];
  $("controls").hidden = seat === null || Boolean(message.view.outcome || message.forfeit);
  if (seat && seat.kind === "bot") {
    $("leave").hidden = true;
    const lobby = h("a", { href: "/" }, t("Back to the lobby"));
    fill($("leave-note"), t("You left this table: a bot plays your seat. "), lobby);
  }
}

/** Send a message of the table talk over the socket (see talk.js); false if not connected. */
function sendTalk(message) {
  const socket = page.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError(t("Not connected to the server; wait a moment and try again."), "connection");
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

// -- errors, rematch, leave ----------------------------------------------------------------

/** The banner; `kind` "connection" is cleared by itself once the server is reached again. */
function showError(text, kind = "refusal") {
  $("error-text").textContent = text;
  $("error").dataset.kind = kind;
  $("error").hidden = false;
}

function showRematch(url) {
  const link = h("a", { href: absoluteUrl(url), "data-testid": "rematch-url" }, "go to the new table");
  fill($("rematch-note"), t("A rematch is ready: "), link);
}

async function rematch() {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token });
    showRematch(answer.link.url);
  } catch (error) {
    showError(t("Rematch failed: {error}", { error: error.message }));
  }
}

async function leave() {
  if (!confirm(t("Leave this table? The heuristic bot plays your seat from now on."))) return;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/leave`, { token });
    $("leave").hidden = true;
    const lobby = h("a", { href: "/" }, t("Back to the lobby"));
    fill($("leave-note"), t("You left this table: a bot plays your seat. "), lobby);
  } catch (error) {
    showError(t("Leaving failed: {error}", { error: error.message }));
  }
}

$("error-close").addEventListener("click", () => {
  $("error").hidden = true;
});
$("rematch").addEventListener("click", rematch);
$("leave").addEventListener("click", leave);
/** The rules, the table's options and every explanation, once (the same for everyone). */
async function loadGuide() {
  try {
    page.guide = new Guide(await api(`/api/tables/${encodeURIComponent(tableId)}/guide`));
    rulesPanel($("rules"), page.guide);
    $("rules-box").hidden = false;
  } catch {
    page.guide = null; // the table works without explanations
  }
}

// The game's renderer and the guide first (named by the table's summary), then the socket.
api(`/api/tables/${encodeURIComponent(tableId)}`)
  .then((summary) => Promise.all([loadRenderer(summary), loadGuide(), loadTalk(sendTalk)]))
  .catch((error) => showError(t("The table could not be drawn: {error}", { error: error.message })))
  .finally(connect);
