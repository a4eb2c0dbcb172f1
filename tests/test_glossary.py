"""Explanations (issue 22, alaka.core.glossary): every card, character, trait, spell, trap, food,
enemy, board and die of each game is explained from the content in use, in our own words, and
found the way a person types its name."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

import alaka
from alaka.core.glossary import Glossary, glossary_of, topics_of
from alaka.core.story import chapters
from alaka.games.alakazum.content import Character, FinalEnemy, HandCard, Trap
from alaka.testing.pseudo import pseudo_language
from needs import need
from own_games import OWN_NAMES

#: The rulebooks, in the team's shared folder beside the repository (the team's checkout and CI
#: have it; a fresh clone does not, and the test below then skips, saying so).
RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def all_text(glossary: Glossary) -> str:
    return "\n".join(" ".join([e["summary"], *e["details"]]) for e in glossary.entries)


def zum_glossary(**options: object) -> Glossary:
    found = glossary_of(alaka.game("alakazum").new_initial_state(3, **options))
    assert found is not None
    return found


def zoo_glossary(**options: object) -> Glossary:
    found = glossary_of(alaka.game("alakazoo").new_initial_state(2, **options))
    assert found is not None
    return found


def test_every_alakazum_card_trait_spell_culture_and_food_is_explained() -> None:
    glossary = zum_glossary()
    state = alaka.game("alakazum").new_initial_state(3)
    for card in state.opts.catalogue.cards:
        [found] = glossary.find(card.name)
        kind = {Character: "character", Trap: "trap", FinalEnemy: "final enemy"}.get(type(card))
        assert kind is None or found["kind"] == kind
        if isinstance(card, Character):
            assert found["table"][0] == ["level", "combat", "culture pts", "resistance"]
            assert [row[1] for row in found["table"][1:]] == [str(v) for v in card.combat]
        if isinstance(card, HandCard):
            assert found["summary"] and found["details"]
    for name in ("Training", "Déjà Vu", "sociable", "thrifty", "very magical", "VAL", "Alakazum"):
        assert glossary.find(name), name
    assert glossary.find("double potion")[0]["kind"] == "double potion"
    assert glossary.find("Paella")[0]["name"] == "Paella / Pa amb tomàquet"  # a food finds its card
    assert [e["name"] for e in glossary.find("tio")] == ["Tió de Nadal"]  # accents optional
    assert len(glossary.find("magic hat")) == 3  # ambiguous: every hat
    # counted as the rulebook counts: "2 magic energy", "2 cards"
    assert glossary.find("Magic hat 2")[0]["summary"].startswith("Pays 2 magic energy towards a spell")
    assert "magic energys" not in all_text(glossary)


def test_an_alakazum_explanation_in_another_language_is_found_by_either_name() -> None:
    """Names come out in the reader's language (here the bracketing stand-in), and the English
    names still find them: a topic is an English name, and a person may type one."""
    with pseudo_language():
        glossary = zum_glossary()
        for english in (
            "Voodoo window",
            "Levels",
            "very magical",
            "very_magical",
            "Valencian culture",
            "VAL",
        ):
            [found] = glossary.find(english)
            assert found["name"].startswith("⟦") and found["kind"].startswith("⟦"), found
            assert glossary.find(found["name"]) == [found]
        assert [e["name"] for e in glossary.named(["Voodoo window"])] == ["⟦Voodoo window⟧"]
        assert glossary.find("Alakazum")[0]["name"] == "Alakazum"  # a name, as printed
        table = glossary.find("Moura")[0]["table"]
        assert table[0] == ["⟦level⟧", "⟦combat⟧", "⟦culture pts⟧", "⟦resistance⟧"]
    assert zum_glossary().find("Levels")[0]["name"] == "Levels"  # and English again outside


def test_every_alakazoo_board_die_creature_space_and_card_is_explained() -> None:
    glossary = zoo_glossary()
    for number in range(1, 7):
        [board] = glossary.find(f"Portal board {number}")
        assert len(board["table"]) == 3 and all(len(row) == 3 for row in board["table"])
    components = json.loads(
        resources.files("alaka.games.alakazoo").joinpath("data", "components.json").read_text("utf-8")
    )
    assert glossary.find("Portal board 1")[0]["table"][0][0] == "/".join(components["boards"][0]["spaces"][0])
    for d, die in enumerate(components["dice"]["default"]):
        assert glossary.find(f"die {d + 1}")[0]["table"] == [die["faces"]]
    for creature in components["creatures"]:
        assert glossary.find(creature["name"])[0]["kind"] == "creature"
    assert glossary.find("griffin head")[0]["kind"] == "element card"
    for name in ("Dark Power", "Magic Helper", "Special rule 2", "hand limit", "rainbow", "tail space"):
        assert glossary.find(name), name


def test_explanations_follow_the_content_and_options_in_use(tmp_path: Path) -> None:
    alternative = zoo_glossary(dice="alternative")
    assert alternative.find("die 1")[0]["table"] == [["rainbow", "red", "yellow", "blue", "grey", "green"]]
    assert "however far over" in alternative.find("Limits")[0]["summary"]
    per_excess = zoo_glossary(limit_penalty="one_per_excess")
    assert "for each token or card over" in per_excess.find("Limits")[0]["summary"]
    catalogue = json.loads(
        resources.files("alaka.games.alakazum").joinpath("data", "catalogue.json").read_text("utf-8")
    )
    for row in catalogue["cards"]:
        if row["id"] == "moura":
            row["combat"] = {"A": 3, "B": 4, "C": 5}
    variant = tmp_path / "variant.json"
    variant.write_text(json.dumps(catalogue), encoding="utf-8")
    moura = zum_glossary(catalogue=str(variant)).find("Moura")[0]
    assert [row[1] for row in moura["table"][1:]] == ["3", "4", "5"]


def test_explanations_are_in_our_own_words() -> None:
    """No run of eight words of either rulebook appears in any explanation."""
    rulebooks = [path.read_text("utf-8", errors="replace") for path in sorted(RULES.glob("*.txt"))]
    need(None if rulebooks else f"the rulebooks are not here: no {RULES}/*.txt (the team's shared folder)")
    runs: set[tuple[str, ...]] = set()
    for book in rulebooks:
        found = words(book)
        runs.update(tuple(found[i : i + 8]) for i in range(len(found) - 7))
    for glossary in (zum_glossary(), zoo_glossary()):
        text = words(all_text(glossary))
        copied = [" ".join(text[i : i + 8]) for i in range(len(text) - 7) if tuple(text[i : i + 8]) in runs]
        assert copied == []


@pytest.mark.parametrize("name", OWN_NAMES)
def test_a_game_without_a_glossary_has_none_and_no_topics(name: str) -> None:
    state = alaka.game(name).new_initial_state(2)
    assert glossary_of(state) is None
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert topics_of(state, state.legal_actions()[0]) == []


def test_the_story_groups_a_log_by_turn_and_drops_nothing() -> None:
    state = alaka.play(alaka.game("alakazum").new_initial_state(3), [alaka.RandomBot()] * 3, seed=5)
    log = state.view(0)["log"]
    told = chapters(log, "turn")
    assert [e for chapter in told for e in chapter["events"]] == log  # every event, once, in order
    assert told[0]["turn"] is None  # the setup, before the first turn
    assert [c["turn"] for c in told[1:]] == list(range(1, len(told)))
    for chapter in told[1:]:
        assert chapter["events"][0]["kind"] == "turn" and chapter["seat"] == chapter["events"][0]["seat"]
        assert [e for part in chapter["parts"] for e in part["events"]] == chapter["events"]
        assert all(len({e["seat"] for e in part["events"]}) == 1 for part in chapter["parts"])
    # a slice that starts inside a turn: its first chapter opens without a turn event
    middle = told[3]["start"] + 1
    sliced = chapters(log[middle:], "turn", start=middle)
    assert sliced[0]["turn"] is None and sliced[0]["start"] == middle and sliced[1]["turn"] == told[4]["turn"]
