// Alakazoo drawn from one seat's view (the same content as the terminal's render.py): each
// portal board as a 3x3 grid, hands, the four market columns, the piles and the dice.
// Served as /static/games/alakazoo.js (the game's entry names this file), beside the page's modules.
//
// Things a choice can be about carry `data-place` (a rune, a space, a column or a card in it, a
// hand card, the Wizard card, a player); `place(name, view)` says which one an action is about,
// and the page offers the action there. Cards carry `data-piece` (their name): one that goes
// from a column to a hand, or from the hand to a space, glides there (views.js, Moves); a hand
// you may not see is a `data-stack` with its `data-count`, where cards taken out of sight go.

import { chips, fill, h, handView, panel, playerName, seatLabel, stat, t, tn } from "../common.js";

/** Every view key this file shows; the rest are listed by the generic fallback. */
const KEYS = [
  "current_player", "active_player", "first_player", "end_triggered_by", "players", "columns", "deck_size",
  "discard", "box", "first_displays", "dice_to_roll", "dice_results", "over_limit", "redraw_count",
  "card_to_give", "exchange_with", "final_bonus", "spaces", "dice",
];

/** Rune and die colours the stylesheet knows; others get a neutral look. */
const COLOURS = ["red", "yellow", "brown", "blue", "grey", "green", "rainbow"];

function colourClass(colour) {
  return COLOURS.includes(colour) ? `colour-${colour}` : "colour-other";
}

/** A space's or card's part of an action's name: "left ear" -> "left-ear". */
function dashed(words) {
  return words.replaceAll(" ", "-");
}

/** A card's key in actions ("griffin:left-ear") from its name ("Griffin left ear"). */
function cardKey(name, view) {
  const space = view.spaces.find((s) => name.endsWith(` ${s}`));
  if (!space) return name;
  return `${dashed(name.slice(0, -space.length - 1).toLowerCase())}:${dashed(space)}`;
}

/** A rune: a disc in its colour, with a dark centre when a Magic Power token sits on it. */
function rune(r, place) {
  const words = `${r.colour} rune${r.token ? " with a Magic Power token" : ""}`;
  const cls = `rune ${colourClass(r.colour)}${r.token ? " token" : ""}`;
  return h("span", { class: cls, role: "img", title: words, "aria-label": words, dataset: { place } });
}

function boardCell(player, space, name) {
  const element = player.elements[space];
  const helper = player.helper === `${name} space`;
  const at = `${player.seat}:${dashed(name)}`;
  let content;
  if (element) content = h("div", { class: "element", dataset: { topic: element, piece: element } }, element);
  else if (player.runes.length) {
    content = h(
      "div",
      { class: "runes" },
      rune(player.runes[2 * space], `rune:${at}/1`),
      rune(player.runes[2 * space + 1], `rune:${at}/2`),
    );
  } else content = h("div", { class: "dim" }, "-");
  return h(
    "div",
    { class: `space${element ? " filled" : ""}${helper ? " helper" : ""}`, dataset: { place: `space:${at}` } },
    h("div", { class: "space-name", dataset: { topic: `${name} space` } }, name),
    content,
    helper ? h("div", { class: "helper-tag" }, "Magic Helper") : null,
  );
}

/** A board: the nine spaces row by row, named as printed (the view's `spaces`). A screen reader
 * reads it as a table of three rows of three cells (the rows and cells take no room on screen:
 * the spaces stay the 3×3 grid's items). */
function board(view, player) {
  const rows = [0, 1, 2].map((row) =>
    h(
      "div",
      { class: "board-row", role: "row" },
      view.spaces
        .slice(3 * row, 3 * row + 3)
        .map((name, k) => h("div", { class: "board-cell", role: "cell" }, boardCell(player, 3 * row + k, name))),
    ),
  );
  return h("div", { class: "board", role: "table", "aria-label": t("portal board of {player}", { player: playerName(player.seat) }) }, rows);
}

function playerStats(view, player) {
  const bonus = view.final_bonus[player.seat];
  return h(
    "div",
    { class: "stats" },
    h("span", { dataset: { place: `points:${player.seat}` } }, stat(t("Points"), player.points)),
    h("span", { dataset: { place: `dark:${player.seat}`, topic: "Dark Power token" } }, stat(t("Dark Power"), player.dark_power)),
    h(
      "span",
      { class: "wizard-card", dataset: { place: `wizard:${player.seat}`, topic: "Wizard card" } },
      stat(t("Wizard card"), t("{n} stored", { n: player.stored })),
    ),
    h("span", { dataset: { topic: "Magic Helper" } }, stat(t("Helper"), player.helper || t("not used yet"))),
    player.board_complete ? h("span", { class: "badge turn" }, t("board complete")) : null,
    bonus ? stat(t("Final bonus"), t("lines {lines} + own creature {own} = {total}", { lines: bonus.lines, own: bonus.own_creature, total: bonus.total })) : null,
  );
}

function playerPanel(view, player, ctx) {
  const me = player.seat === view.seat;
  const turn = view.active_player === player.seat && view.outcome === null;
  const boardName =
    player.board === null
      ? t("no board yet")
      : h(
          "span",
          {},
          h("span", { dataset: { topic: `Portal board ${player.board}` } }, t("board {board}", { board: player.board })),
          " (",
          h("span", { dataset: { topic: player.creature } }, player.creature),
          ")",
        );
  return h(
    "section",
    {
      class: `panel player zoo-player${me ? " me" : ""}${turn ? " active" : ""}`,
      dataset: { seat: player.seat, place: `player:${player.seat}` },
    },
    h(
      "h2",
      {},
      me ? t("You: {player}", { player: seatLabel(player.seat, ctx.table) }) : seatLabel(player.seat, ctx.table),
      turn ? h("span", { class: "badge turn" }, t("to play")) : null,
      view.current_player === player.seat && !turn ? h("span", { class: "badge deciding" }, t("deciding")) : null,
    ),
    h("div", { class: "board-name" }, boardName),
    board(view, player),
    playerStats(view, player),
    h("div", { class: "row-label" }, t("Hand ({cards})", { cards: tn("{n} card", "{n} cards", player.hand_size) })),
    player.hand && player.hand.length
      ? h(
          "div",
          { class: "chips" },
          player.hand.map((name) =>
            h(
              "span",
              { class: "chip hand-card", dataset: { place: `hand:${cardKey(name, view)}`, topic: name, piece: name } },
              name,
            ),
          ),
        )
      : h("div", { dataset: { stack: `hand:${player.seat}`, count: player.hand_size } }, handView(player.hand, player.hand_size)),
  );
}

/** The dice and the other short-lived numbers of the decision under way. */
function happeningNow(view, ctx) {
  const lines = [];
  if (view.dice_to_roll.length) {
    lines.push(h("p", {}, stat(t("Dice still to roll"), view.dice_to_roll.join(", "))));
  }
  if (view.dice_results.length) {
    lines.push(
      h(
        "div",
        { class: "dice" },
        h("b", {}, t("Dice to place: ")),
        view.dice_results.map((colour, k) =>
          h("span", { class: `die ${colourClass(colour)}`, dataset: { place: `result:${colour}`, roll: k } }, colour),
        ),
      ),
    );
  }
  if (view.over_limit) lines.push(h("p", { class: "warn" }, stat(t("Over the limit by"), view.over_limit)));
  if (view.redraw_count) lines.push(h("p", {}, stat(t("Cards to draw"), view.redraw_count)));
  if (view.card_to_give) lines.push(h("p", {}, stat(t("Card you give up"), view.card_to_give)));
  if (view.exchange_with !== null) {
    lines.push(h("p", {}, stat(t("Exchange with"), seatLabel(view.exchange_with, ctx.table))));
  }
  if (view.end_triggered_by !== null && view.outcome === null) {
    const who = playerName(view.end_triggered_by);
    lines.push(h("p", { class: "warn" }, `${who} completed a board: this is the last round.`));
  }
  return lines.length ? panel(t("Now"), ...lines) : null;
}

function columnsPanel(view) {
  return panel(
    t("The columns"),
    h(
      "div",
      { class: "columns" },
      view.columns.map((column, k) =>
        h(
          "div",
          { class: "column", dataset: { place: `column:${k + 1}` } },
          h("div", { class: "row-label" }, t("Column {n}", { n: k + 1 })),
          column.length
            ? column.map((name) =>
                h(
                  "div",
                  { class: "chip column-card", dataset: { place: `colcard:${cardKey(name, view)}`, topic: name, piece: name } },
                  name,
                ),
              )
            : h("div", { class: "dim" }, t("empty")),
        ),
      ),
    ),
  );
}

/** The faces of each spell die (printed data: what a roll can bring). */
function spellDice(view) {
  return [
    h("div", { class: "row-label" }, t("Spell dice (their faces)")),
    view.dice.map((faces, k) =>
      h(
        "div",
        { class: "dice spell-die" },
        h("b", { dataset: { topic: `Die ${k + 1}` } }, t("Die {n}: ", { n: k + 1 })),
        faces.map((colour) => h("span", { class: `die ${colourClass(colour)}` }, colour)),
      ),
    ),
  ];
}

function pilesPanel(view) {
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  return panel(
    t("Piles"),
    h(
      "div",
      { class: "stats" },
      stat(t("Deck"), tn("{n} card", "{n} cards", view.deck_size)),
      stat(t("Discard pile"), tn("{n} card", "{n} cards", view.discard.length)),
      top ? stat(t("top"), top) : null,
      view.first_player !== null ? stat(t("First player"), playerName(view.first_player)) : null,
    ),
    view.first_displays.length
      ? [
          h("div", { class: "row-label" }, t("Element types already displayed (no first-display point)")),
          chips(view.first_displays),
        ]
      : null,
    view.box.length
      ? [h("div", { class: "row-label" }, t("Creatures not in play (box)")), chips(view.box, "chip dim-chip")]
      : null,
    spellDice(view),
    h(
      "p",
      { class: "legend" },
      h("span", { class: "rune colour-grey token", "aria-hidden": "true" }),
      " a Magic Power token on a rune, ",
      h("span", { class: "rune colour-grey", "aria-hidden": "true" }),
      " a free rune",
    ),
  );
}

/** The place on the table an action is about (a `data-place` key), or null: a button. */
export function place(name, view) {
  const [kind, ...parts] = name.split(":");
  const arg = parts.join(":");
  const me = view.seat;
  switch (kind) {
    case "place": // place:red:right-ear/1
      return `rune:${me}:${parts.slice(1).join(":")}`;
    case "return":
      return arg === "wizard" ? `wizard:${me}` : `rune:${me}:${arg}`;
    case "store":
      return `wizard:${me}`;
    case "helper-at":
      return arg === "wizard" ? `wizard:${me}` : `space:${me}:${arg}`;
    case "take":
      return `column:${arg}`;
    case "take-card":
      return `colcard:${arg}`;
    case "display":
    case "discard":
    case "give":
    case "swap-hand":
      return `hand:${arg}`;
    case "swap-board":
    case "exchange":
    case "first":
      return `player:${Number(arg.slice(1)) - 1}`;
    case "dark":
      return `result:${arg}`;
    default:
      return null;
  }
}

// -- the roll, as one control -----------------------------------------------------------------
//
// Action 1 is one decision: which of the three dice to roll (they differ, so the seven subsets
// are seven legal actions, `roll:1` .. `roll:1+2+3`). Instead of seven buttons each drawing the
// dice again, the dice are drawn once, each pressed in or out, and one Roll button sends the
// legal action of the dice pressed in.

/** The dice a person last pressed in (numbers from 1), for the page's life: a redraw, or the
 * next turn, offers the same dice again. All of them until the person presses one. */
let rolling = null;

const byNumber = (a, b) => a - b;

/** The dice an action rolls, as its name writes them ("roll:1+3" -> "1+3"). */
function rollKey(name) {
  return name.slice("roll:".length);
}

/** One die to press in or out: its number and its faces in their colours. */
function dieToggle(view, die, update) {
  const faces = view.dice[die - 1] || [];
  const words = t("Die {n}: {faces}", { n: die, faces: faces.join(", ") });
  const toggle = h(
    "button",
    { type: "button", class: "die-toggle", "aria-pressed": String(rolling.has(die)), title: words, dataset: { die } },
    h("span", { class: "die-number" }, t("Die {n}", { n: die })),
    h(
      "span",
      { class: "die-faces", role: "img", "aria-label": t("faces {faces}", { faces: faces.join(", ") }) },
      faces.map((colour) => h("span", { class: `face ${colourClass(colour)}` })),
    ),
  );
  toggle.addEventListener("click", () => {
    if (rolling.has(die)) rolling.delete(die);
    else rolling.add(die);
    toggle.setAttribute("aria-pressed", String(rolling.has(die)));
    update();
  });
  return toggle;
}

/** The Roll button: the label and cost of the legal action for the dice pressed in. */
function rollButton(byKey, act, waiting) {
  const button = h("button", { type: "button", class: "action roll-button", "data-testid": "roll" });
  const update = () => {
    const key = [...rolling].sort(byNumber).join("+");
    const action = byKey.get(key);
    button.disabled = waiting || !action;
    button.dataset.name = action ? action.name : "";
    fill(
      button,
      action ? action.label : t("Press in one die or more to roll"),
      action && action.hint ? h("small", { class: "cost", "data-testid": "cost" }, action.hint) : null,
    );
  };
  button.addEventListener("click", () => {
    if (button.dataset.name) act(button.dataset.name, button);
  });
  update();
  return [button, update];
}

/**
 * The choices this game draws as one control: the roll's dice and one Roll button, for the
 * legal `roll:` actions (two or more). Returns {nodes, rest}: the control, and the actions it
 * does not cover, which stay buttons.
 */
export function compact(view, legal, { act, waiting }) {
  const rolls = legal.filter((action) => action.name.startsWith("roll:"));
  if (rolls.length < 2) return { nodes: [], rest: legal };
  const byKey = new Map(rolls.map((action) => [rollKey(action.name), action]));
  const dice = [...new Set(rolls.flatMap((action) => rollKey(action.name).split("+").map(Number)))].sort(byNumber);
  if (rolling === null) rolling = new Set(dice);
  const [button, update] = rollButton(byKey, act, waiting);
  const toggles = dice.map((die) => dieToggle(view, die, update));
  for (const toggle of toggles) toggle.disabled = waiting;
  const control = h(
    "div",
    { class: "compact roll-control", role: "group", "aria-label": "Roll the spell dice", "data-testid": "roll-control" },
    h("div", { class: "roll-title" }, t("Roll: press in the dice to roll")),
    h("div", { class: "die-toggles" }, toggles),
    button,
  );
  return { nodes: [control], rest: legal.filter((action) => !rolls.includes(action)) };
}

/** The whole Alakazoo table: {nodes, keys}. */
export function render(view, ctx) {
  // Your own board first: it is the one you act on.
  const players = [...view.players].sort((a, b) => (b.seat === view.seat) - (a.seat === view.seat));
  const nodes = [
    happeningNow(view, ctx),
    // The columns first: taking one is an action every turn, and they are short.
    columnsPanel(view),
    h("div", { class: "players" }, players.map((p) => playerPanel(view, p, ctx))),
    pilesPanel(view),
  ];
  return { nodes: nodes.filter(Boolean), keys: KEYS };
}
