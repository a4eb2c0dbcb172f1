// The lobby: create a table (game, seats, options), hand out its links, list every table.

import { absoluteUrl, api, fill, forgetTable, h, myTables, seatChip, seatLabel, t, tn } from "./common.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 4000;
/** The newest tables shown (one page of the server's list): older ones would make the page endless. */
const SHOWN_TABLES = 40;

let games = [];
let lastListing = "";

function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
}

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

// -- the form ------------------------------------------------------------------------------

function fillGames() {
  fill($("game"), games.map((g) => h("option", { value: g.name }, g.title)));
  onGameChange();
}

function onGameChange() {
  const game = currentGame();
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  fill(
    $("players"),
    counts.map((n) => h("option", { value: n, selected: n === game.default_players }, `${n} players`)),
  );
  fillSeats();
  fillOptions(game);
}

/** Seat rows: keep what was typed or chosen when the number of players changes. */
function fillSeats() {
  const game = currentGame();
  const count = Number($("players").value);
  const old = [...$("seats").querySelectorAll(".seat")].map((row) => ({
    who: row.querySelector("select").value,
    name: row.querySelector("input").value,
  }));
  // By default the first seat is a person and the others the plain heuristic bot.
  const defaultBot = game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  const offered = (who) => who === "human" || who === "open" || game.bots.includes(who.slice(4));
  const rows = [];
  for (let seat = 0; seat < count; seat += 1) {
    const kept = old[seat];
    const fresh = seat === 0 || !defaultBot ? "human" : `bot:${defaultBot}`;
    rows.push(seatRow(seat, game.bots, kept && offered(kept.who) ? kept.who : fresh, kept ? kept.name : ""));
  }
  fill($("seats"), rows);
}

/** A bot by its strength ("Bot: Medium, plays by simple rules of thumb"), its spec on hover. */
function botOption(level, who) {
  const value = `bot:${level.spec}`;
  return h(
    "option",
    { value, selected: who === value, title: level.spec },
    t("Bot: {level} ({help})", { level: level.level, help: level.help }),
  );
}

function seatRow(seat, bots, who, name) {
  const levels = currentGame().bot_levels || bots.map((spec) => ({ spec, level: spec, help: "" }));
  const select = h(
    "select",
    { name: `seat-${seat}`, "aria-label": t("Seat {n}", { n: seat + 1 }) },
    h("option", { value: "human", selected: who === "human" }, t("A person (private link)")),
    h("option", { value: "open", selected: who === "open" }, t("Open: first to join from the lobby")),
    levels.map((level) => botOption(level, who)),
  );
  const input = h("input", {
    type: "text", name: `name-${seat}`, maxlength: 40, placeholder: t("name (optional)"), value: name,
    "aria-label": t("Name for seat {n}", { n: seat + 1 }),
  });
  const number = h("span", { class: "seat-number" }, t("Seat {n}", { n: seat + 1 }));
  const row = h("div", { class: "seat" }, number, select, input);
  const sync = () => {
    input.hidden = select.value.startsWith("bot:");
    row.classList.toggle("bot", input.hidden);
  };
  select.addEventListener("change", sync);
  sync();
  return row;
}

/** One input per option, showing its default; only changed values are sent. */
function fillOptions(game) {
  $("options-box").hidden = game.parameters.length === 0;
  fill(
    $("options"),
    game.parameters.map((p) => {
      let input;
      const labels = p.choice_labels && p.choice_labels.length ? p.choice_labels : p.choices;
      let shown = p.default;
      if (p.kind === "bool") {
        input = h("input", { type: "checkbox", checked: Boolean(p.default) });
        shown = p.default ? "on" : "off";
      } else if (p.choices && p.choices.length) {
        input = h(
          "select",
          {},
          p.choices.map((c, k) => h("option", { value: c, selected: c === p.default, title: c }, labels[k])),
        );
        shown = labels[p.choices.indexOf(p.default)] ?? p.default;
      } else if (p.kind === "int") {
        input = h("input", { type: "number", step: 1, value: p.default, min: p.minimum, max: p.maximum });
      } else {
        input = h("input", { type: "text", value: p.default });
      }
      input.dataset.option = p.name;
      input.dataset.kind = p.kind;
      return h(
        "label",
        { class: `option${p.kind === "bool" ? " check" : ""}` },
        h("span", { class: "option-name", title: p.name }, p.label || p.name.replaceAll("_", " ")),
        input,
        h("small", { class: "help" }, `${p.help} Standard: ${shown}.`),
      );
    }),
  );
}

function readOptions(game) {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const p = game.parameters.find((q) => q.name === input.dataset.option);
    let value;
    if (p.kind === "bool") value = input.checked;
    else if (p.kind === "int") value = input.value === "" ? p.default : Number(input.value);
    else value = input.value;
    if (value !== p.default) options[p.name] = value;
  }
  return options;
}

/** The clock presets, as the server offers them; none by default (a friendly game). */
function fillClocks(clocks) {
  fill(
    $("clock"),
    h("option", { value: "" }, t("no clock")),
    clocks.map((c) => h("option", { value: c.name }, `${c.name}: ${c.label}`)),
  );
  const sync = () => {
    $("on-expiry").disabled = $("clock").value === "";
  };
  $("clock").addEventListener("change", sync);
  sync();
}

function readClock() {
  const preset = $("clock").value;
  return preset ? { preset, on_expiry: $("on-expiry").value } : null;
}

function readSeats() {
  return [...$("seats").querySelectorAll(".seat")].map((row) => {
    const who = row.querySelector("select").value;
    const name = row.querySelector("input").value.trim();
    if (who.startsWith("bot:")) return { kind: "bot", bot: who.slice(4) };
    const seat = { kind: "human" };
    if (name) seat.name = name;
    if (who === "open") seat.open = true;
    return seat;
  });
}

async function onSubmit(event) {
  event.preventDefault();
  const game = currentGame();
  const button = $("create");
  button.disabled = true;
  try {
    const request = { game: game.name, seats: readSeats(), options: readOptions(game), clock: readClock() };
    const answer = await api("/api/tables", request);
    showCreated(answer);
    refreshTables();
  } catch (error) {
    showError(t("The table was not created: {error}", { error: error.message }));
  } finally {
    button.disabled = false;
  }
}

// -- play now --------------------------------------------------------------------------------

/** One click: you in seat 1 against the game's usual bots, at its usual number of players. */
async function playNow(game, button) {
  button.disabled = true;
  try {
    const bot = game.bots[0];
    const seats = [{ kind: "human", name: $("join-name").value.trim() || undefined }];
    for (let k = 1; k < game.default_players; k += 1) seats.push({ kind: "bot", bot });
    const answer = await api("/api/tables", { game: game.name, seats });
    location.href = absoluteUrl(answer.links.seats[0].url);
  } catch (error) {
    showError(t("The table was not created: {error}", { error: error.message }));
    button.disabled = false;
  }
}

function fillPlayNow() {
  fill(
    $("play-now"),
    games.map((game) => {
      const others = game.default_players - 1;
      const level = (game.bot_levels || []).find((l) => l.spec === game.bots[0]);
      const button = h(
        "button",
        { type: "button", class: "primary play-now", dataset: { game: game.name } },
        t("Play {game} now", { game: game.title }),
        h("small", {}, ` against ${others} ${level ? `${level.level.toLowerCase()} ` : ""}bot${others === 1 ? "" : "s"}`),
      );
      button.addEventListener("click", () => playNow(game, button));
      return button;
    }),
  );
  // A guided first game per game that has one: a prepared table and a coach (learn.html).
  fill(
    $("learn"),
    games
      .filter((game) => game.lesson)
      .map((game) =>
        h(
          "a",
          { class: "learn-link", href: `/learn/${encodeURIComponent(game.name)}`, dataset: { game: game.name, testid: `learn-${game.name}` } },
          t("Learn to play {game}", { game: game.title }),
          h("small", {}, " a guided first game with a coach"),
        ),
      ),
  );
}

// -- your tables (remembered in this browser) -------------------------------------------------

async function fillMyTables() {
  const mine = myTables();
  $("my-tables-box").hidden = mine.length === 0;
  if (!mine.length) return;
  const rows = await Promise.all(
    mine.map(async (entry) => {
      let status = "";
      try {
        const table = await api(`/api/tables/${encodeURIComponent(entry.id)}`);
        status = table.status === "finished" ? "finished" : `playing, ${table.actions} actions`;
      } catch {
        forgetTable(entry.id); // gone from this server
        return null;
      }
      const forget = h("button", { type: "button", class: "small secondary" }, t("Forget"));
      forget.addEventListener("click", () => {
        forgetTable(entry.id);
        fillMyTables();
      });
      return h(
        "li",
        { class: "my-table", dataset: { table: entry.id } },
        h("a", { href: entry.url, "data-testid": "my-table-link" }, `${entry.title} ${entry.id}`),
        h("span", { class: "dim" }, ` · ${seatLabel(entry.seat, null)} · ${status}`),
        " ",
        forget,
      );
    }),
  );
  fill($("my-tables"), rows.filter(Boolean));
  $("my-tables-box").hidden = !rows.some(Boolean);
}

// -- the links of a new table ----------------------------------------------------------------

/** Copy text; without the clipboard API (plain http on a LAN address) select it for Ctrl-C. */
async function copy(text, input, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t("Copied");
  } catch {
    input.focus();
    input.select();
    button.textContent = t("Press Ctrl-C");
  }
  setTimeout(() => {
    button.textContent = t("Copy");
  }, 2000);
}

function linkRow(label, url, testid) {
  const full = absoluteUrl(url);
  const input = h("input", { type: "text", readonly: true, value: full, "aria-label": label });
  const button = h("button", { type: "button", class: "small" }, t("Copy"));
  button.addEventListener("click", () => copy(full, input, button));
  return h(
    "div",
    { class: "link-row" },
    h("a", { href: full, "data-testid": testid, target: "_blank", rel: "noopener" }, label),
    h("div", { class: "copy-line" }, input, button),
  );
}

function showCreated(answer) {
  const table = answer.table;
  const seats = answer.links.seats.map((link) =>
    linkRow(`${seatLabel(link.seat, table)}: private link`, link.url, "seat-link"),
  );
  const open = table.seats.filter((seat) => seat.open).map((seat) => seatLabel(seat.seat, table));
  fill(
    $("created"),
    h("h3", {}, `${table.title} table ${table.id} is ready`),
    h("p", { class: "note" }, t("Send each person their own link: whoever holds it plays that seat.")),
    seats,
    open.length
      ? h("p", { class: "note" }, t("Open to anyone in the lobby's list of tables: {seats}.", { seats: open.join(", ") }))
      : null,
    seats.length || open.length
      ? null
      : h("p", { class: "dim" }, t("Only bots play: watch with the spectator link.")),
    linkRow(t("Spectator link (anybody may watch)"), answer.links.spectator, "spectator-link"),
  );
  $("created").hidden = false;
  $("created").scrollIntoView({ block: "nearest" });
}

// -- the list of tables ----------------------------------------------------------------------

function when(created) {
  const date = new Date(created);
  return Number.isNaN(date.getTime()) ? String(created) : date.toLocaleString();
}

/** Take an open seat under the name in the "your name" field, then go to the table. */
async function join(table, seat, button) {
  button.disabled = true;
  try {
    const name = $("join-name").value.trim();
    const request = name ? { seat, name } : { seat };
    const answer = await api(`/api/tables/${encodeURIComponent(table.id)}/join`, request);
    location.href = absoluteUrl(answer.url);
  } catch (error) {
    showError(t("Could not take {seat}: {error}", { seat: seatLabel(seat, table), error: error.message }));
    button.disabled = false;
  }
}

function joinButtons(table) {
  if (table.status !== "playing") return null;
  return table.seats
    .filter((seat) => seat.open)
    .map((seat) => {
      const button = h(
        "button",
        { type: "button", class: "small join", dataset: { seat: seat.seat } },
        t("Take seat {n}", { n: seat.seat + 1 }),
      );
      button.addEventListener("click", () => join(table, seat.seat, button));
      return button;
    });
}

function tableCard(table) {
  const id = encodeURIComponent(table.id);
  const finished = table.status === "finished";
  const facts = `${table.players} players · ${table.actions} actions · ${when(table.created)}`;
  return h(
    "article",
    { class: "table-card", dataset: { table: table.id, status: table.status } },
    h(
      "div",
      { class: "table-head" },
      h("b", {}, table.title),
      h("span", { class: "dim" }, ` ${table.id}`),
      h("span", { class: `badge ${finished ? "finished" : "playing"}` }, table.status),
    ),
    h("div", { class: "dim small" }, facts),
    h("div", { class: "seat-chips" }, table.seats.map((seat) => seatChip(seat, table))),
    h(
      "div",
      { class: "table-links" },
      h("a", { href: `/table/${id}`, "data-testid": "spectate-link" }, "Spectate"),
      finished ? h("a", { href: `/table/${id}/replay`, "data-testid": "replay-link" }, "Replay") : null,
      table.rematch ? h("a", { href: `/table/${encodeURIComponent(table.rematch)}` }, t("Rematch table")) : null,
      joinButtons(table),
    ),
  );
}

async function refreshTables() {
  if (document.hidden) return;
  try {
    const { tables, total } = await api(`/api/tables?limit=${SHOWN_TABLES}`);
    const text = JSON.stringify(tables);
    if (text === lastListing) return; // unchanged: do not redraw (keeps text selection)
    lastListing = text;
    const more = total - tables.length;
    fill(
      $("tables"),
      tables.length
        ? tables.map(tableCard)
        : h("p", { class: "dim" }, t("No tables yet: create one.")),
      more > 0 ? h("p", { class: "dim" }, tn("and {n} older table", "and {n} older tables", more)) : null,
    );
  } catch (error) {
    fill($("tables"), h("p", { class: "dim" }, t("Could not load the tables: {error}", { error: error.message })));
    lastListing = "";
  }
}

async function start() {
  $("error-close").addEventListener("click", () => {
    $("error").hidden = true;
  });
  $("create-table").addEventListener("submit", onSubmit);
  $("game").addEventListener("change", onGameChange);
  $("players").addEventListener("change", fillSeats);
  try {
    const answer = await api("/api/games");
    games = answer.games;
    fillClocks(answer.clocks || []);
    fillGames();
    fillPlayNow();
  } catch (error) {
    showError(t("Could not load the games: {error}", { error: error.message }));
  }
  refreshTables();
  fillMyTables();
  setInterval(refreshTables, REFRESH_MS);
  document.addEventListener("visibilitychange", refreshTables);
}

start();
