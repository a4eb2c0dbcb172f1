// The replay page: a finished game step by step, as one seat (or a spectator) saw it. Every
// step is asked of the server, which redacts it like the live table; this page only draws.

import { api, fill, h, seatLabel } from "./common.js";
import { loadRenderer, logItem, renderOutcome, renderView, turnLine } from "./views.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.search);

const page = {
  table: null,
  seat: params.has("seat") && params.get("seat") !== "" ? Number(params.get("seat")) : null,
  step: Number(params.get("step") || 0),
  steps: 0,
  asked: 0, // numbers the requests, so a slow answer cannot overwrite a newer one
};

function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
}

function seatQuery() {
  return page.seat === null ? "" : `&seat=${page.seat}`;
}

/** Ask for step `step` (clamped) and draw it. */
async function go(step) {
  const target = Math.max(0, Math.min(page.steps || step, step));
  const ticket = ++page.asked;
  page.step = target;
  $("slider").value = target;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${target}${seatQuery()}`);
    if (ticket !== page.asked) return;
    draw(answer);
  } catch (error) {
    showError(error.message);
  }
}

function draw(answer) {
  page.steps = answer.steps;
  page.step = answer.step;
  const slider = $("slider");
  slider.max = answer.steps;
  slider.value = answer.step;
  $("step-text").textContent = `Step ${answer.step} of ${answer.steps}`;
  $("step-text").dataset.step = answer.step;
  $("first").disabled = $("prev").disabled = answer.step === 0;
  $("next").disabled = $("last").disabled = answer.step === answer.steps;
  const view = answer.view;
  const ctx = { table: page.table, seat: page.seat };
  fill($("board"), renderView(view, ctx));
  fill($("turn"), turnLine(view));
  fill($("happened"), happened(answer));
  const list = $("log");
  fill(list, view.log.map((event) => logItem(event, page.seat)));
  list.scrollTop = list.scrollHeight;
  $("outcome").hidden = !view.outcome;
  if (view.outcome) fill($("outcome-body"), renderOutcome(view.outcome, page.table));
  const url = new URL(location.href);
  url.searchParams.set("step", answer.step);
  history.replaceState(null, "", url);
}

/** What the step did: the seat's own action by its label, and the events it added. */
function happened(answer) {
  if (answer.step === 0) return h("p", { class: "dim" }, "The start of the game.");
  const events = answer.events || [];
  return [
    answer.action ? h("p", { class: "action-label" }, h("b", {}, "Your action: "), answer.action) : null,
    events.length
      ? h("ul", { class: "events" }, events.map((event) => logItem(event, page.seat)))
      : h("p", { class: "dim" }, "Nothing you could see changed."),
  ];
}

function fillSeats() {
  const seats = page.table.seats;
  fill(
    $("seat"),
    h("option", { value: "", selected: page.seat === null }, "a spectator"),
    seats.map((s) =>
      h("option", { value: s.seat, selected: page.seat === s.seat }, seatLabel(s.seat, page.table)),
    ),
  );
}

function onSeat() {
  const value = $("seat").value;
  page.seat = value === "" ? null : Number(value);
  const url = new URL(location.href);
  if (page.seat === null) url.searchParams.delete("seat");
  else url.searchParams.set("seat", page.seat);
  history.replaceState(null, "", url);
  go(page.step);
}

/** Arrow keys step, Home and End jump; fields (and the slider) keep their own keys. */
function onKey(event) {
  if (event.target.closest("select, input")) return;
  const moves = { ArrowLeft: page.step - 1, ArrowRight: page.step + 1, Home: 0, End: page.steps };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
}

async function start() {
  $("error-close").addEventListener("click", () => {
    $("error").hidden = true;
  });
  try {
    page.table = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    await loadRenderer(page.table);
  } catch (error) {
    showError(error.message);
    return;
  }
  $("title").textContent = `${page.table.title} · replay of table ${page.table.id}`;
  fillSeats();
  $("seat").addEventListener("change", onSeat);
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(page.step - 1));
  $("next").addEventListener("click", () => go(page.step + 1));
  $("last").addEventListener("click", () => go(page.steps));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", onKey);
  if (page.table.status !== "finished") {
    showError("This game is still being played; it can be replayed once it is over.");
    return;
  }
  $("who").textContent = `${page.table.players} players`;
  go(page.step);
}

start();
