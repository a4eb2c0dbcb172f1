"""The browser's Alakazum! table draws the card faces the view carries (the game's
web/renderer.js, served as static/games/alakazum.js).

The renderer runs under Node with a few lines standing in for the DOM (as in test_web_words.py);
skipped, and saying so, where Node is not installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

from web_helpers import served_static

import alaka
from needs import need
from waits import PATIENCE

STATIC = served_static()

#: A DOM just big enough for common.js's h(); the renderer's nodes are put under one root and
#: printed as text, with every element's title and the log items' data-event.
SCRIPT = """
class Node {
  constructor(tag) {
    Object.assign(this, { tag, children: [], dataset: {}, className: "", attrs: {} });
  }
  appendChild(child) { this.children.push(child); return child; }
  replaceChildren() { this.children = []; }
  setAttribute(key, value) { this.attrs[key] = value; }
  get textContent() { return this.text ?? this.children.map((c) => c.textContent).join(""); }
}
globalThis.Node = Node;
globalThis.document = {
  createElement: (tag) => new Node(tag),
  createTextNode: (text) => Object.assign(new Node("#text"), { text }),
};
const zum = await import(process.argv[1]);
const views = await import(process.argv[2]);
const view = JSON.parse(process.argv[3]);
const root = new Node("root");
for (const node of zum.render(view, { table: null, seat: view.seat }).nodes) root.appendChild(node);
const titles = [];
const walk = (node) => { if (node.attrs?.title) titles.push(node.attrs.title); node.children.forEach(walk); };
walk(root);
const kinds = view.log.map((event) => views.logItem(event, view.seat).dataset.event);
console.log(JSON.stringify({ text: root.textContent, titles, kinds }));
"""


def draw(view: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node")
    need(
        None
        if node
        else "Node is not installed (apt-get install nodejs): the browser's Alakazum! table was not checked"
    )
    assert node is not None
    args = [(STATIC / "games" / "alakazum.js").as_uri(), (STATIC / "views.js").as_uri(), json.dumps(view)]
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, *args],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=True,
    )
    drawn: dict[str, Any] = json.loads(done.stdout)
    return drawn


def test_the_browser_shows_every_level_and_each_hand_cards_market_number_and_effect() -> None:
    state = alaka.game("alakazum").scenario(
        {
            "seats": [
                {"team": [{"card": "Moura", "level": "B"}], "hand": ["Voodoo doll", "Magic hat 2"]},
                {"team": ["Dolçainer"], "hand": ["Barretina"]},
            ],
        }
    )
    moura = state.L.catalogue.card("moura")
    drawn = draw(state.view(0))
    levels = " · ".join(
        f"{level} {moura.combat[k]}/{moura.culture_points[k]}/{moura.resistance[k]}"
        for k, level in enumerate("ABC")
    )
    assert levels in drawn["text"]
    assert "Magic hat 2 (market 1)" in drawn["text"] and "Voodoo doll (never to market)" in drawn["text"]
    assert "magic hat: energy 2" in drawn["titles"] and "voodoo doll" in drawn["titles"]
    assert "Barretina" not in drawn["text"]


def test_the_log_items_carry_their_event_kind() -> None:
    state = alaka.game("alakazum").new_initial_state(2)
    state.apply_action(state.legal_actions()[0])  # the first card of the deal
    drawn = draw(state.view(0))
    assert drawn["kinds"] == [entry["kind"] for entry in state.view(0)["log"]] and drawn["kinds"]
