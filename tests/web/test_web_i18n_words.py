"""The pages' words in the reader's language: common.js's t() and tn() fill named fields, choose
the plural form by the language's plural rule, and fall back to English for a missing message.

common.js runs under Node with a fake page (<html lang="ca">) and a fake catalogue fetched in
place of /static/i18n/ca.json; skipped, and saying so, where Node is not installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

from web_helpers import served_static

from needs import need
from waits import PATIENCE

STATIC = served_static()

CATALOGUE = {
    "language": "ca",
    "messages": {
        "{player} draws {card}.": "{player} roba {card}.",
        "{n} card": ["{n} carta", "{n} cartes"],
        "Language": "Llengua",
    },
}

SCRIPT = """
globalThis.document = { documentElement: { lang: process.argv[2] } };
const catalogue = JSON.parse(process.argv[3]);
const asked = [];
globalThis.fetch = async (url) => {
  asked.push(url);
  return { ok: true, json: async () => catalogue };
};
const { t, tn, language } = await import(process.argv[1]);
console.log(JSON.stringify({
  asked,
  language: language(),
  filled: t("{player} draws {card}.", { player: "Ana", card: "Frog" }),
  plain: t("Language"),
  one: tn("{n} card", "{n} cards", 1),
  three: tn("{n} card", "{n} cards", 3),
  missing: t("Nobody has translated {this}.", { this: "me" }),
  missingPlural: tn("{n} die", "{n} dice", 3),
}));
"""


def run(lang: str) -> dict[str, Any]:
    node = shutil.which("node")
    need(None if node else "Node is not installed (apt-get install nodejs): t() and tn() were not checked")
    assert node is not None
    common = (STATIC / "common.js").as_uri()
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, common, lang, json.dumps(CATALOGUE)],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_catalan_fields_plurals_and_english_fallback() -> None:
    said = run("ca")
    assert said["asked"] == ["/static/i18n/ca.json"]
    assert said["language"] == "ca"
    assert said["filled"] == "Ana roba Frog."
    assert said["plain"] == "Llengua"
    assert said["one"] == "1 carta"
    assert said["three"] == "3 cartes"
    assert said["missing"] == "Nobody has translated me."
    assert said["missingPlural"] == "3 dice"


def test_english_page_fetches_nothing() -> None:
    said = run("en")
    assert said["asked"] == []
    assert said["filled"] == "Ana draws Frog."
    assert said["one"] == "1 card"
    assert said["three"] == "3 cards"
