"""The browser's words: places in competition style (1, 2, 2, 4), "1 card" never "1 cards", and
Alakazoo's printed data drawn from the view.

The page's functions (static/*.js) run under Node with a few lines standing in for the DOM, so
these checks need no browser; they are skipped, and say so, where Node is not installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from web_helpers import served_static

from needs import need
from waits import PATIENCE

STATIC = served_static()

#: A DOM just big enough for common.js's h(); then one exported function of a module is called
#: with JSON arguments, and the node it returns is printed: its text and its table rows' cells.
SCRIPT = """
class Node {
  constructor(tag) { this.tag = tag; this.children = []; this.dataset = {}; this.className = ""; }
  appendChild(child) { this.children.push(child); return child; }
  replaceChildren() { this.children = []; }
  setAttribute() {}
  get textContent() { return this.text ?? this.children.map((c) => c.textContent).join(""); }
}
globalThis.Node = Node;
globalThis.document = {
  createElement: (tag) => new Node(tag),
  createTextNode: (text) => Object.assign(new Node("#text"), { text }),
};
const module = await import(process.argv[1]);
// A table summary naming a game's renderer, for views.js to load first (as the page does).
if (process.argv[4]) await module.loadRenderer(JSON.parse(process.argv[4]));
const result = module[process.argv[2]](...JSON.parse(process.argv[3]));
// A list of parts (a whole view) is drawn into one node.
const made = Array.isArray(result) ? document.createElement("div") : result;
const gather = (part) => (Array.isArray(part) ? part.forEach(gather) : part && made.appendChild(part));
if (Array.isArray(result)) gather(result);
const rows = [];
const walk = (node) => {
  if (node.tag === "tr" && node.children[0]?.tag === "td") rows.push(node.children.map((c) => c.textContent));
  node.children.forEach(walk);
};
walk(made);
console.log(JSON.stringify({ text: made.textContent, rows }));
"""


def call(module: str, function: str, *args: object, game: str | None = None) -> dict[str, Any]:
    """What ``module``'s exported ``function(*args)`` draws: its text and table rows (with
    ``game``'s renderer loaded first, as the page loads it from the table's summary)."""
    node = shutil.which("node")
    need(
        None
        if node
        else "Node is not installed (apt-get install nodejs): the browser's words were not checked"
    )
    assert node is not None
    uri = (STATIC / module).as_uri()
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, uri, function, json.dumps(args), loading(game)],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=True,
    )
    drawn: dict[str, Any] = json.loads(done.stdout)
    return drawn


def loading(game: str | None) -> str:
    if game is None:
        return ""
    return json.dumps({"game": game, "renderer": (STATIC / "games" / f"{game}.js").as_uri()})


def rendered_rows(outcome: dict[str, object]) -> list[list[str]]:
    rows: list[list[str]] = call("views.js", "renderOutcome", outcome, None)["rows"]
    return rows


def test_the_result_table_counts_places_in_competition_style() -> None:
    outcome = {"winners": [1], "reason": "most points", "ranking": [[1], [0, 2], [3]], "scores": [5, 9, 5, 1]}
    rows = rendered_rows(outcome)
    assert [row[0] for row in rows] == ["1", "2", "2", "4"]
    assert [row[2] for row in rows] == ["9", "5", "5", "1"]


def test_a_shared_win_shares_first_place() -> None:
    outcome = {"winners": [0, 1], "reason": "shared", "ranking": [[0, 1], [2]], "scores": [4, 4, 1]}
    assert [row[0] for row in rendered_rows(outcome)] == ["1", "1", "3"]


def test_a_hidden_hand_of_one_is_one_card() -> None:
    assert "(1 card)" in call("common.js", "handView", None, 1)["text"]
    assert "(3 cards)" in call("common.js", "handView", None, 3)["text"]


def test_alakazoo_boards_and_dice_are_named_from_the_view(tmp_path: Path) -> None:
    """A variant's space names and dice come through the view: the page draws them with no
    table summary to lean on."""
    from importlib import resources

    import alaka

    data = json.loads(resources.files("alaka.games.alakazoo").joinpath("data", "components.json").read_text())
    data["element_types"][0]["name"] = "left antenna"
    data["dice"]["default"][2]["faces"] = ["rainbow"] * 6
    path = tmp_path / "variant.json"
    path.write_text(json.dumps(data))
    state = alaka.game("alakazoo").new_initial_state(2, components=str(path))
    state.apply("board:1")
    state.apply("board:2")
    drawn = call("views.js", "renderView", state.view(0), {"table": None, "seat": 0}, game="alakazoo")["text"]
    assert "left antenna" in drawn and "left ear" not in drawn and "space 1" not in drawn
    assert "Die 3: " + "rainbow" * 6 in drawn
