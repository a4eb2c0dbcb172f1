// Alakazum! drawn from one seat's view (the same content as the terminal's render.py):
// teams as cards, hands, culture totals, the final enemies, the piles, and whatever is going on
// now (an announcement and its voodoo window, a combat, Forest Magic, a conjuring).
// Served as /static/games/alakazum.js (the game's entry names this file), beside the page's modules.
//
// Things a choice can be about carry `data-place` (a character, a hand card, a market card, a
// final enemy, a culture total, a player); `place(name, view)` says which one an action is
// about, and the page offers the action there.

import { chips, counted, h, handView, panel, pipDie, playerName, seatLabel, stat, t, tn } from "../common.js";

/** Cultures with a colour of their own; MULTI (a character of every culture) gets a rainbow. */
const CULTURES = ["VAL", "CAT", "GAL", "EUS", "AND", "MULTI"];

/** Every view key this file shows; the rest are listed by the generic fallback. */
const KEYS = [
  "phase_name", "current_player", "active_player", "start_player", "actions_left", "players", "enemies", "market",
  "deck_size", "deck_top_known", "graveyard", "initial_row", "box", "combat", "announced",
  "voodoo_to_ask", "forest_magic", "conjure", "cards",
];

/** The traits' names in words (the view names them by id; a variant's unknown trait reads as written). */
const TRAITS = {
  sociable: t("sociable"),
  thrifty: t("thrifty"),
  very_magical: t("very magical"),
};

function traitName(trait) {
  return TRAITS[trait] || trait.replaceAll("_", " ");
}

/** A character's combat points: a number, or a die rolled in every combat. */
function combatValue(value) {
  return value === "die" ? t("die") : value;
}

/** Why a side won a combat (the view gives the English reason, which is data). */
const COMBAT_REASONS = {
  "more combat points": t("more combat points"),
  "a tie goes to the forest character": t("a tie goes to the forest character"),
  "a tie goes to the defender": t("a tie goes to the defender"),
};

/** The class that gives a culture its colour; unknown cultures get a neutral one. */
function cultureClass(culture) {
  return CULTURES.includes(culture) ? `culture-${culture}` : "culture-other";
}

/** "p2" (a seat key in the view) -> "Player 2". */
function seatKeyName(key) {
  const match = /^p(\d+)$/.exec(key);
  return match ? playerName(Number(match[1]) - 1) : key;
}

/** A character card: culture band, name, level, the numbers that matter, traits and broom; and
 * the printed numbers at every level (`face`: the view's `cards` entry for it), this level in bold. */
function characterCard(c, face) {
  return h(
    "article",
    {
      class: `card character ${cultureClass(c.culture)}`,
      // the piece: a character card glides from the row or a combat into a team (views.js, Moves)
      dataset: { place: `char:${c.card}`, topic: c.name, piece: `char:${c.card}` },
    },
    h("div", { class: "band" }, h("span", {}, c.culture), h("span", { class: "level" }, t("Level {level}", { level: c.level }))),
    h("div", { class: "card-name" }, c.name),
    h(
      "div",
      { class: "numbers" },
      number(t("Combat"), combatValue(c.combat)),
      number(t("Culture"), c.culture_points),
      number(t("Resistance"), c.resistance),
      number(t("Magic"), c.magic_energy),
    ),
    face ? printedLevels(face, c.level) : null,
    c.traits.length || c.broom
      ? h(
          "div",
          { class: "tags" },
          c.traits.map((trait) => h("span", { class: "tag", dataset: { topic: trait } }, traitName(trait))),
          c.broom ? h("span", { class: "tag broom", dataset: { topic: "Broom" } }, t("broom")) : null,
        )
      : null,
  );
}

/** "A 1/0/1 · B 2/1/2 · C 3/2/3": combat/culture/resistance at each printed level. */
function printedLevels(face, current) {
  const levels = face.levels.map((at) => {
    const numbers = `${at.level} ${combatValue(at.combat)}/${at.culture_points}/${at.resistance}`;
    return at.level === current ? h("b", {}, numbers) : numbers;
  });
  const parts = levels.flatMap((part, k) => (k ? [" · ", part] : [part]));
  return h("div", { class: "levels", title: t("combat / culture / resistance at levels A, B, C") }, ...parts);
}

/** The sorts of hand card, by effect type. */
const EFFECTS = {
  combat_potion: t("combat potion"),
  die_potion: t("die potion"),
  double_potion: t("double potion"),
  steal_potion: t("steal potion"),
  magic_hat: t("magic hat"),
  food: t("food"),
  broom: t("broom"),
  culture_object: t("culture object"),
  amulet: t("amulet"),
  voodoo_doll: t("voodoo doll"),
};

/** An effect's number in words ("energy 2"); a variant's unknown one as written. */
function effectNumber(key, value) {
  switch (key) {
    case "combat":
      return t("combat {n}", { n: value });
    case "die":
      return t("die {n}", { n: value });
    case "energy":
      return t("energy {n}", { n: value });
    case "culture":
      return t("culture {culture}", { culture: value });
    case "culture_points":
      return t("culture points {n}", { n: value });
    default:
      return `${key.replaceAll("_", " ")} ${value}`;
  }
}

/** A hand card's printed effect as data: its type and numbers ("magic hat: energy 2"). */
function effectText(effect) {
  const numbers = Object.entries(effect)
    .filter(([key]) => key !== "type")
    .map(([key, value]) =>
      typeof value === "object"
        ? Object.entries(value).map(([k, v]) => `${k} ${v}`).join(", ")
        : effectNumber(key, value),
    );
  const sort = EFFECTS[effect.type] || effect.type.replaceAll("_", " ");
  // TRANSLATORS: a hand card's effect in a tooltip: {effect} its sort ("magic hat"), {numbers} its numbers ("energy 2")
  return numbers.length ? t("{effect}: {numbers}", { effect: sort, numbers: numbers.join(", ") }) : sort;
}

/** A hand this seat may see, each card with its market number; its effect in the tooltip. */
function zumHand(p, cards) {
  if (p.hand === null || p.hand.length === 0) return handView(p.hand, p.hand_size);
  const counts = new Map();
  for (const name of p.hand) counts.set(name, (counts.get(name) || 0) + 1);
  return h(
    "div",
    { class: "chips" },
    [...counts].map(([name, n]) => {
      const face = cards[name];
      const market = face && face.type === "hand" ? face.market_number : null;
      return h(
        "span",
        {
          class: "chip hand-card",
          title: face && face.type === "hand" ? effectText(face.effect) : name,
          dataset: face && face.key ? { place: `hand:${face.key}`, topic: name, piece: name } : { topic: name, piece: name },
        },
        n === 1 ? name : `${name} ×${n}`,
        h(
          "small",
          { class: "market-number" },
          " " + (market === null ? t("(never to market)") : t("(market {n})", { n: market })),
        ),
      );
    }),
  );
}

function number(label, value) {
  return h("div", { class: "number" }, h("small", {}, label), h("b", {}, String(value)));
}

/** A one-line character (for combat sides and lists). */
function shortCharacter(c) {
  return h(
    "span",
    { class: `mini ${cultureClass(c.culture)}`, dataset: { place: `char:${c.card}`, topic: c.name } },
    h("span", { class: "dot" }),
    `${c.name} ${c.culture} ${c.level}${c.broom ? ` +${t("broom")}` : ""}`,
  );
}

/** Five coloured chips: the culture points a player has on the table. */
function cultureTotals(totals, seat) {
  return h(
    "div",
    { class: "cultures" },
    Object.entries(totals).map(([culture, points]) =>
      h(
        "span",
        {
          class: `culture-chip ${cultureClass(culture)}${points ? "" : " zero"}`,
          dataset: { place: `culture:${seat}:${culture}`, topic: culture },
        },
        `${culture} ${points}`,
      ),
    ),
  );
}

function playerPanel(view, p, ctx) {
  const me = p.seat === view.seat;
  const turn = view.active_player === p.seat && view.outcome === null;
  const title = h(
    "h2",
    {},
    me ? t("You: {player}", { player: seatLabel(p.seat, ctx.table) }) : seatLabel(p.seat, ctx.table),
    turn ? h("span", { class: "badge turn" }, t("to play")) : null,
    view.current_player === p.seat && !turn ? h("span", { class: "badge deciding" }, t("deciding")) : null,
  );
  return h(
    "section",
    { class: `panel player${me ? " me" : ""}${turn ? " active" : ""}`, dataset: { seat: p.seat, place: `player:${p.seat}` } },
    title,
    cultureTotals(p.culture_on_table, p.seat),
    h("div", { class: "row-label" }, t("Hand ({cards})", { cards: tn("{n} card", "{n} cards", p.hand_size) })),
    zumHand(p, view.cards),
    h("div", { class: "row-label" }, t("Team ({n})", { n: p.team.length })),
    p.team.length
      ? h("div", { class: "cards" }, p.team.map((c) => characterCard(c, view.cards[c.name])))
      : h("p", { class: "dim" }, t("nobody yet")),
    // Exchanges at the opening deal decide who starts, so they matter only until then.
    view.start_player === null || view.phase === "choose an initial character"
      ? h("p", {}, stat(t("Cards exchanged at the deal"), p.exchanges))
      : null,
  );
}

function enemyCard(e) {
  const place = { place: `enemy:${e.position}` };
  if (e.revealed) {
    return h(
      "article",
      { class: "card enemy revealed", dataset: { ...place, topic: e.name } },
      h("div", { class: "band" }, t("Enemy {position}", { position: e.position })),
      h("div", { class: "card-name" }, e.name),
      h("div", { class: "numbers" }, number(t("Culture points"), e.culture_points)),
    );
  }
  if (e.name !== undefined) {
    return h(
      "article",
      { class: "card enemy peeked", dataset: { ...place, topic: e.name } },
      h("div", { class: "band" }, t("Enemy {position}: face down", { position: e.position })),
      h("div", { class: "card-name" }, t("You saw {card}", { card: e.name })),
      h("div", { class: "numbers" }, number(t("Culture points"), e.culture_points)),
    );
  }
  return h(
    "article",
    { class: "card enemy face-down", dataset: place },
    h("div", { class: "band" }, t("Enemy {position}", { position: e.position })),
    h("div", { class: "card-name" }, t("face down")),
  );
}

/** How a hypnosis roll ended, in words. */
const HYPNOSIS = {
  hypnotised: t("hypnotised"),
  "not hypnotised": t("not enough to hypnotise"),
  protected: t("enough, but a broom or a last character keeps it home"),
};

function combatPanel(view, ctx) {
  const combat = view.combat;
  const names = new Map();
  const sides = combat.sides.map((side) => {
    for (const c of [side.fighter, side.helper]) if (c) names.set(c.card, c.name);
    const who = side.seat === null ? t("The forest") : seatLabel(side.seat, ctx.table);
    // The view names the winner by seat; the forest, which has none, wins as -1.
    const forestWon = side.seat === null && combat.winner !== null && combat.winner < 0;
    const won = forestWon || (combat.winner !== null && combat.winner === side.seat);
    return h(
      "div",
      { class: `combat-side${won ? " won" : ""}` },
      h("div", { class: "combat-who" }, who, won ? h("span", { class: "badge turn" }, t("wins")) : null),
      side.fighter
        ? characterCard(side.fighter, view.cards[side.fighter.name])
        : h("p", { class: "dim" }, t("fighter not chosen yet")),
      side.helper ? h("div", {}, t("Sociable helper: "), shortCharacter(side.helper)) : null,
      h("div", { class: "combat-total" }, t("Total "), h("b", {}, side.total === null ? "?" : String(side.total))),
    );
  });
  const dice = Object.entries(combat.die_values).map(([card, value]) =>
    h("span", { class: "die-value" }, `${names.get(card) || card} `, pipDie(value, `combat-die:${card}`)),
  );
  const title = combat.forest
    ? combat.over
      ? t("The last combat in the forest")
      : t("Combat in the forest")
    : combat.over
      ? t("The last combat: fight and hypnotise")
      : t("Combat: fight and hypnotise");
  // A decided combat keeps the totals it was fought with; the last one stays until the next.
  const decided = combat.reason
    ? h(
        "p",
        { class: "combat-reason" },
        // TRANSLATORS: {winner} is a player's name or "The forest", {reason} why that side won
        t("{winner} wins: {reason}", {
          winner: combat.winner < 0 ? t("The forest") : seatLabel(combat.winner, ctx.table),
          reason: COMBAT_REASONS[combat.reason] || combat.reason,
        }),
      )
    : null;
  const roll =
    combat.roll !== null
      ? h(
          "p",
          { class: "roll" },
          t("The hypnosis die shows "),
          pipDie(combat.roll, "hypnosis-roll"),
          combat.die_total !== combat.roll ? t(" ({total} with die potions)", { total: combat.die_total }) : "",
          combat.hypnosis ? `: ${HYPNOSIS[combat.hypnosis] || combat.hypnosis}` : "",
        )
      : null;
  return panel(
    title,
    // TRANSLATORS: "versus", between the two sides of a combat
    h("div", { class: "combat-sides" }, sides[0], h("div", { class: "versus" }, t("vs")), sides[1]),
    dice.length ? h("p", { class: "dice" }, t("Die combat values: "), dice) : null,
    combat.potions.map((potion) => h("p", { class: potion.in_effect ? null : "dim" }, potionLine(potion))),
    decided,
    roll,
  );
}

/** A potion played in the combat, and whether a steal potion cancelled it (the terminal's words). */
function potionLine(potion) {
  const values = { player: playerName(potion.seat), card: potion.card };
  const cancelled = !potion.in_effect;
  if (potion.as === "die") {
    return cancelled ? t("{player} played {card} on the die (cancelled)", values) : t("{player} played {card} on the die", values);
  }
  if (potion.as === "combat") {
    return cancelled
      ? t("{player} played {card} on the combat (cancelled)", values)
      : t("{player} played {card} on the combat", values);
  }
  return cancelled ? t("{player} played {card} to steal (cancelled)", values) : t("{player} played {card} to steal", values);
}

/** Announcements, voodoo windows, Forest Magic and conjuring: what is happening right now. */
function happeningNow(view) {
  const lines = [];
  if (view.phase === "do an action" && view.actions_left) {
    lines.push(h("p", {}, stat(t("Actions left this turn"), view.actions_left)));
  }
  if (view.announced) {
    const asked = view.voodoo_to_ask.map(seatKeyName).join(", ");
    lines.push(
      h(
        "p",
        { class: "announced" },
        // "Player 1 announces: cast Training on Moura (A)": it names its targets (R22).
        h("b", {}, view.announced),
        asked ? h("span", { class: "voodoo" }, " " + t("(voodoo dolls may answer: {players})", { players: asked })) : null,
      ),
    );
  }
  if (view.conjure) {
    lines.push(
      h(
        "p",
        {},
        h("b", {}, t("Conjuring: ")),
        t("an Alakazum with {total} {culture} points", { total: view.conjure.total, culture: view.conjure.culture }),
      ),
    );
  }
  if (view.forest_magic) {
    lines.push(h("div", {}, h("b", {}, t("Forest Magic shows you: ")), chips(view.forest_magic, "chip secret")));
  }
  return lines.length ? panel(t("Now"), ...lines) : null;
}

function pilesPanel(view) {
  const deck = [stat(t("Forest deck"), tn("{n} card", "{n} cards", view.deck_size))];
  if (view.deck_top_known) {
    deck.push(h("div", {}, t("You know the top (top first): ")), chips(view.deck_top_known, "chip secret"));
  }
  return panel(
    t("Piles"),
    h("div", { class: "pile" }, ...deck),
    h("div", { class: "row-label" }, t("Market pile, top first ({n})", { n: view.market.length })),
    view.market.length
      ? h(
          "div",
          { class: "chips" },
          counted(view.market).map((label, k) => {
            const face = view.cards[[...new Set(view.market)][k]];
            const name = [...new Set(view.market)][k];
            const place = face && face.key ? { place: `market:${face.key}` } : {};
            return h("span", { class: "chip", dataset: { ...place, topic: name, piece: name } }, label);
          }),
        )
      : h("span", { class: "dim" }, t("empty")),
    h("div", { class: "row-label" }, t("Graveyard ({n})", { n: view.graveyard.length })),
    view.graveyard.length
      ? h("div", { class: "minis" }, view.graveyard.map(shortCharacter))
      : h("span", { class: "dim" }, t("empty")),
    view.box.length
      ? [h("div", { class: "row-label" }, t("Out of the game (box)")), chips(counted(view.box), "chip dim-chip")]
      : null,
  );
}

/** Actions about a character (on a team, in the initial row, the graveyard, a combat). */
const ABOUT_CHARACTER = new Set([
  "choose", "fighter", "helper", "sacrifice", "broom-on", "fight", "train", "levitate", "swap-with", "revive",
]);
/** Actions about a card in the deciding seat's hand. */
const ABOUT_HAND_CARD = new Set(["potion-combat", "potion-die", "steal", "give", "broom", "pay", "show", "food"]);

/** The place on the table an action is about (a `data-place` key), or null: a button. */
export function place(name, view) {
  const [kind, arg] = name.split(":");
  if (arg === undefined) return null;
  if (ABOUT_CHARACTER.has(kind)) return `char:${arg}`;
  if (ABOUT_HAND_CARD.has(kind)) return `hand:${arg}`;
  switch (kind) {
    case "take":
      return `market:${arg}`;
    case "to":
    case "pass-die":
      return `player:${Number(arg.slice(1)) - 1}`;
    case "peek":
    case "reveal":
      return `enemy:${arg}`;
    case "conjure":
      return `culture:${view.seat}:${arg}`;
    default:
      return null;
  }
}

/** The whole Alakazum! table: {nodes, keys}. */
export function render(view, ctx) {
  const nodes = [];
  nodes.push(happeningNow(view));
  if (view.combat) nodes.push(combatPanel(view, ctx));
  if (view.initial_row.length && view.phase === "choose an initial character") {
    nodes.push(
      panel(
        t("Initial characters on the table"),
        h("div", { class: "cards" }, view.initial_row.map((c) => characterCard(c, view.cards[c.name]))),
      ),
    );
  }
  // Your own seat first: it is the one you act with.
  const players = [...view.players].sort((a, b) => (b.seat === view.seat) - (a.seat === view.seat));
  nodes.push(h("div", { class: "players" }, players.map((p) => playerPanel(view, p, ctx))));
  nodes.push(panel(t("Final enemies"), h("div", { class: "cards" }, view.enemies.map(enemyCard))));
  nodes.push(pilesPanel(view));
  return { nodes: nodes.filter(Boolean), keys: KEYS };
}
