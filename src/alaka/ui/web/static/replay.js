// The replay page: a finished game step by step, as one seat (or a spectator) saw it, by event
// or by turn, played on by itself if asked, with the review of that seat's decisions. Every
// step is asked of the server, which redacts it like the live table; this page only draws.

import { api, fill, h, myTables, seatLabel, t, tn } from "./common.js";
import { Changes, loadRenderer, logItem, Moves, renderOutcome, renderView, turnLine } from "./views.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.search);

/** The token of `seat` at this table: from this page's fragment (the table page's review
 * link carries it, for the seat it names), else from the seat's link this browser remembers;
 * null if neither. */
function tokenOf(seat) {
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given && params.get("seat") === String(seat)) return given; // the link's seat only
  const mine = myTables().find((entry) => entry.id === tableId && entry.seat === seat);
  if (!mine) return null;
  try {
    return new URLSearchParams(new URL(mine.url, location.origin).hash.slice(1)).get("token");
  } catch {
    return null;
  }
}

/** The seat this browser played at this table, if it remembers one (the replay opens as it). */
function mySeat() {
  const mine = myTables().find((entry) => entry.id === tableId);
  return mine ? mine.seat : null;
}

const page = {
  table: null,
  seat: params.has("seat") ? (params.get("seat") === "" ? null : Number(params.get("seat"))) : mySeat(),
  step: Number(params.get("step") || 0),
  steps: 0,
  turns: [], // [{turn, step}]: the first step of each turn
  eventful: [], // the steps that added events to the log
  asked: 0, // numbers the requests, so a slow answer cannot overwrite a newer one
  playing: null, // the autoplay timer
  review: null, // the seat's review, once made
  changes: new Changes(),
  moves: new Moves(),
  shown: -1, // the step drawn last
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
    stop();
    showError(error.message);
  }
}

/** The next (or, `direction` -1, previous) step that added events, else the end (start). */
function nextEvent(direction) {
  const found = direction > 0
    ? page.eventful.find((step) => step > page.step)
    : [...page.eventful].reverse().find((step) => step < page.step);
  return found ?? (direction > 0 ? page.steps : 0);
}

/** The first step of the next (previous) turn; back from inside a turn goes to its start. */
function nextTurn(direction) {
  if (direction > 0) return (page.turns.find((t) => t.step > page.step) || { step: page.steps }).step;
  const before = page.turns.filter((t) => t.step < page.step);
  return before.length ? before[before.length - 1].step : 0;
}

function draw(answer) {
  // Only a step forward to the next event highlights what it changed; a jump just shows the table.
  const stepped = answer.step > page.shown && !page.eventful.some((k) => k > page.shown && k < answer.step);
  page.shown = answer.step;
  page.steps = answer.steps;
  page.step = answer.step;
  if (answer.turns) page.turns = answer.turns;
  if (answer.eventful) page.eventful = answer.eventful;
  const slider = $("slider");
  slider.max = answer.steps;
  slider.value = answer.step;
  const turn = answer.view.turn;
  $("step-text").textContent = t("Turn {turn} · step {step} of {steps}", { turn, step: answer.step, steps: answer.steps });
  $("step-text").dataset.step = answer.step;
  $("first").disabled = $("prev").disabled = $("prev-turn").disabled = answer.step === 0;
  $("next").disabled = $("last").disabled = $("next-turn").disabled = answer.step === answer.steps;
  fillTurns(turn);
  const view = answer.view;
  const ctx = { table: page.table, seat: page.seat };
  const board = $("board");
  if (stepped) page.moves.note(board); // a step played glides its cards; a jump does not
  fill(board, renderView(view, ctx));
  if (stepped) page.changes.show(board);
  page.moves.play(board);
  page.changes.mark(board);
  fill($("turn"), turnLine(view));
  fill($("happened"), happened(answer));
  const list = $("log");
  fill(list, view.log.map((event) => logItem(event, page.seat)));
  list.scrollTop = list.scrollHeight;
  $("outcome").hidden = !view.outcome;
  if (view.outcome) fill($("outcome-body"), renderOutcome(view.outcome, page.table, page.seat));
  const url = new URL(location.href);
  url.searchParams.set("step", answer.step);
  history.replaceState(null, "", url);
  if (page.playing !== null && answer.step >= answer.steps) stop();
}

/** The turn list: jump to the start of any turn. */
function fillTurns(current) {
  const select = $("turns");
  if (select.options.length !== page.turns.length) {
    fill(
      select,
      page.turns.map((entry) => h("option", { value: entry.step }, entry.turn === 0 ? t("setup") : t("turn {turn}", { turn: entry.turn }))),
    );
  }
  const at = page.turns.filter((t) => t.step <= page.step).pop();
  if (at) select.value = String(at.step);
  select.dataset.turn = String(current);
}

/** What the step did: the seat's own action by its label, and the events it added; and, if the
 * review is made and this was one of the seat's decisions, how the search rated it. */
function happened(answer) {
  if (answer.step === 0) return h("p", { class: "dim" }, t("The start of the game."));
  const events = answer.events || [];
  const rated = page.review?.decisions.find((d) => d.step === answer.step - 1);
  return [
    answer.action ? h("p", { class: "action-label" }, h("b", {}, t("Your action: ")), answer.action) : null,
    rated ? ratingLine(rated) : null,
    events.length
      ? h("ul", { class: "events" }, events.map((event) => logItem(event, page.seat)))
      : h("p", { class: "dim" }, t("Nothing you could see changed.")),
  ];
}

function percent(win) {
  return `${Math.round(win * 100)}%`;
}

/** How the review rated the decision made at this step: already decided, of little
 * consequence (its choices within noise of each other), the best, or what it cost. */
function ratingLine(d) {
  if (d.decided) {
    return h(
      "p",
      { class: "rating dim", "data-testid": "rating" },
      d.decided === "won"
        ? t("The game was already won here ({win} to win whatever the choice).", { win: percent(d.chosen.win) })
        : t("The game was already lost here ({win} to win whatever the choice).", { win: percent(d.chosen.win) }),
    );
  }
  if (!d.mattered) {
    return h("p", { class: "rating dim", "data-testid": "rating" }, t("This choice made little difference: the options were within noise of each other."));
  }
  if (d.good) {
    return h("p", { class: "rating good", "data-testid": "rating" }, t("The best choice ({win} to win).", { win: percent(d.chosen.win) }));
  }
  return h(
    "p",
    { class: "rating costly", "data-testid": "rating" },
    t("It cost about {loss} win chance ({win} to win); better: ", { loss: percent(d.loss), win: percent(d.chosen.win) }),
    h("b", {}, d.best.label),
    ` (${percent(d.best.win)}).`,
  );
}

// -- autoplay ------------------------------------------------------------------------------

function play() {
  if (page.step >= page.steps) go(0);
  $("play").textContent = "❚❚ Pause";
  $("play").setAttribute("aria-pressed", "true");
  const tick = () => {
    page.playing = setTimeout(async () => {
      await go(nextEvent(1));
      if (page.playing !== null) tick();
    }, Number($("speed").value));
  };
  page.playing = 0;
  tick();
}

function stop() {
  if (page.playing) clearTimeout(page.playing);
  page.playing = null;
  $("play").textContent = "▶ Play";
  $("play").setAttribute("aria-pressed", "false");
}

// -- the review ------------------------------------------------------------------------------

/** Ask for the seat's review; while the server's search runs, ask again every second. */
async function startReview() {
  if (page.seat === null) {
    fill($("review-body"), h("p", { class: "dim" }, t("Choose a seat above: a review rates one player's decisions.")));
    return;
  }
  const seat = page.seat;
  const token = tokenOf(seat);
  if (!token) {
    fill($("review-body"), h("p", { class: "dim" }, t("A review rates your own decisions: open it from your seat's link (the table's \"Review my decisions\").")));
    return;
  }
  fill($("review-body"), h("p", { class: "working", "data-testid": "review-working" }, "Rating your decisions…"));
  try {
    for (;;) {
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/review`, { token });
      if (seat !== page.seat) return;
      if (answer.status === "queued") {
        const ahead = answer.position - 1;
        const words = ahead === 0 ? t("next in the queue") : tn("in the queue, {n} review ahead", "in the queue, {n} reviews ahead", ahead);
        fill($("review-body"), h("p", { class: "working", "data-testid": "review-working" }, `Waiting to be rated: ${words}…`));
      } else if (answer.status === "working") {
        fill($("review-body"), h("p", { class: "working", "data-testid": "review-working" }, "Rating your decisions…"));
      }
      if (answer.status === "ready") {
        page.review = answer.review;
        showReview(answer.review);
        await openAtFirstCostly(answer.review);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } catch (error) {
    fill($("review-body"), h("p", { class: "warn" }, t("The review could not be made: {error}", { error: error.message })));
  }
}

/** The review opens at its first costly decision (the step after it, where the choice made and
 * its rating show), with that step's panel scrolled into view, on a phone too; a review with
 * none stays at the step shown. */
async function openAtFirstCostly(review) {
  if (review.first_costly === null || review.first_costly === undefined) {
    await go(page.step);
    return;
  }
  stop();
  await go(review.first_costly + 1);
  $("happened").closest("section").scrollIntoView({ block: "start" });
}

/** The headline in words: the decisions with a choice, those that mattered and how many of
 * those got the best choice, and whether the game was already decided (as review_text says). */
function headline(review) {
  const who = seatLabel(review.seat, page.table);
  const parts = [`${who} had `, h("b", {}, String(review.with_choice)), " decisions with a choice; "];
  if (review.mattered) {
    parts.push(
      h("b", { "data-testid": "review-mattered" }, String(review.mattered)),
      " mattered, and the best choice was made in ",
      h("b", { "data-testid": "review-best" }, String(review.best)),
      ` of them (${percent(review.agreement)}).`,
    );
  } else {
    parts.push(t("none mattered (no choice was clearly better than another)."));
  }
  if (review.decided) parts.push(` The game was already ${review.decided.result} from turn ${review.decided.turn}.`);
  return parts;
}

function showReview(review) {
  const costly = review.costly.map((step) => review.decisions.find((d) => d.step === step));
  const how = review.judge === "learned"
    ? t("the learned value, each choice tried in {budget} worlds", { budget: review.budget })
    : t("a search of {budget} iterations at each decision", { budget: review.budget });
  fill(
    $("review-body"),
    h("p", { class: "headline", "data-testid": "review-headline" }, headline(review)),
    h(
      "p",
      { class: "note" },
      t(
        "Judged by {how}, from what you could see. A decision mattered when its choices differed by more than their noise and by {matters} win chance or more.",
        { how, matters: percent(review.thresholds.matters) },
      ),
    ),
    costly.length
      ? [
          h("h3", {}, t("The costliest decisions")),
          h(
            "ol",
            { class: "costly", "data-testid": "costly" },
            costly.map((d) => {
              const jump = h("button", { type: "button", class: "small", dataset: { step: d.step } }, t("turn {turn}", { turn: d.turn }));
              jump.addEventListener("click", () => {
                stop();
                go(d.step + 1);
              });
              return h(
                "li",
                {},
                jump,
                ` ${d.chosen.label} (${percent(d.chosen.win)}); better: `,
                h("b", {}, d.best.label),
                ` (${percent(d.best.win)}), −${percent(d.loss)}`,
              );
            }),
          ),
        ]
      : h("p", {}, review.mattered ? t("No decision that mattered was missed. Well played!") : t("Nothing to point out.")),
  );
}

// -- the page --------------------------------------------------------------------------------

function fillSeats() {
  const seats = page.table.seats;
  fill(
    $("seat"),
    h("option", { value: "", selected: page.seat === null }, t("a spectator")),
    seats.map((s) =>
      h("option", { value: s.seat, selected: page.seat === s.seat }, seatLabel(s.seat, page.table)),
    ),
  );
}

function onSeat() {
  const value = $("seat").value;
  page.seat = value === "" ? null : Number(value);
  page.review = null;
  page.eventful = [];
  fill($("review-body"), reviewButton());
  const url = new URL(location.href);
  url.searchParams.set("seat", page.seat === null ? "" : page.seat);
  history.replaceState(null, "", url);
  go(page.step);
}

function reviewButton() {
  const button = h("button", { type: "button", id: "review-start", "data-testid": "review-start" }, "Rate my decisions");
  button.addEventListener("click", startReview);
  return [
    button,
    h("p", { class: "note" }, t("Each decision of this seat is rated from what it could see; the review counts the decisions that mattered and opens at the first costly one.")),
  ];
}

/** Arrow keys step by event, Page Up/Down by turn, Home and End jump, Space plays; fields keep their keys. */
function onKey(event) {
  if (event.target.closest("select, input")) return;
  if (event.target.closest("button") && (event.key === " " || event.key === "Enter")) return;
  const moves = {
    ArrowLeft: () => nextEvent(-1),
    ArrowRight: () => nextEvent(1),
    PageUp: () => nextTurn(-1),
    PageDown: () => nextTurn(1),
    Home: () => 0,
    End: () => page.steps,
  };
  if (event.key === " ") {
    event.preventDefault();
    if (page.playing === null) play();
    else stop();
    return;
  }
  if (!(event.key in moves)) return;
  event.preventDefault();
  stop();
  go(moves[event.key]());
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
  fill($("review-body"), reviewButton());
  $("seat").addEventListener("change", onSeat);
  const move = (target) => () => {
    stop();
    go(target());
  };
  $("first").addEventListener("click", move(() => 0));
  $("prev").addEventListener("click", move(() => nextEvent(-1)));
  $("next").addEventListener("click", move(() => nextEvent(1)));
  $("prev-turn").addEventListener("click", move(() => nextTurn(-1)));
  $("next-turn").addEventListener("click", move(() => nextTurn(1)));
  $("last").addEventListener("click", move(() => page.steps));
  $("turns").addEventListener("change", move(() => Number($("turns").value)));
  $("slider").addEventListener("input", move(() => Number($("slider").value)));
  $("play").addEventListener("click", () => (page.playing === null ? play() : stop()));
  document.addEventListener("keydown", onKey);
  if (page.table.status !== "finished") {
    showError(t("This game is still being played; it can be replayed once it is over."));
    return;
  }
  $("who").textContent = `${page.table.players} players`;
  await go(page.step);
  if (params.get("review") === "1") startReview();
}

start();
