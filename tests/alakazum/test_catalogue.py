"""Alakazum!'s catalogue file: the spec's numbers, and one clear error per broken variant field.

The expected numbers here are written out by hand from shared/content/alakazum-catalogue.md on
purpose: if the data file drifts from the spec, these tests say so instead of agreeing with it.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from alaka.core.errors import ContentError
from alaka.games.alakazum.content import (
    DIE,
    FINAL,
    FOREST,
    INITIAL,
    Amulet,
    Broom,
    Catalogue,
    Character,
    CombatPotion,
    CultureObject,
    DiePotion,
    DoublePotion,
    FinalEnemy,
    Food,
    HandCard,
    MagicHat,
    StealPotion,
    Trap,
    VoodooDoll,
    load_catalogue,
    parse_catalogue,
    weakest_confidence,
)

Data = dict[str, Any]


def builtin() -> Data:
    text = resources.files("alaka.games.alakazum").joinpath("data", "catalogue.json").read_text("utf-8")
    data: Data = json.loads(text)
    return data


def index_of(data: Data, card_id: str) -> int:
    return next(i for i, row in enumerate(data["cards"]) if row.get("id") == card_id)


def row_of(data: Data, card_id: str) -> Data:
    row: Data = data["cards"][index_of(data, card_id)]
    return row


def character(c: Catalogue, card_id: str) -> Character:
    card = c.card(card_id)
    assert isinstance(card, Character)
    return card


def hand(c: Catalogue, card_id: str) -> HandCard:
    card = c.card(card_id)
    assert isinstance(card, HandCard)
    return card


# --- the built-in file ------------------------------------------------------------------------


def test_builtin_loads_once_and_is_cached() -> None:
    c = load_catalogue()
    assert c.source == "catalogue.json"
    assert load_catalogue() is c
    assert len(c.cards) == len(c.by_id)


def test_totals_by_deck_and_kind_match_the_spec() -> None:
    c = load_catalogue()
    assert c.count() == 104
    assert c.count(FINAL) == 5
    assert c.count(INITIAL) == 9
    assert c.count(FOREST) == 90
    assert c.count(FINAL, FinalEnemy) == 5
    assert c.count(INITIAL, Character) == 5
    assert c.count(INITIAL, HandCard) == 4
    assert c.count(FOREST, Character) == 32
    assert c.count(FOREST, Trap) == 6
    assert c.count(FOREST, HandCard) == 52
    assert len(c.expanded(FOREST)) == 90


def test_character_counts_by_culture_match_the_spec() -> None:
    c = load_catalogue()
    forest = Counter[str]()
    for card in c.characters:
        if card.deck == FOREST:
            forest[card.culture] += card.copies
    assert forest == {"VAL": 6, "CAT": 6, "GAL": 6, "EUS": 6, "AND": 6, "MULTI": 2}
    initial = {card.name: card.culture for card in c.initial_characters}
    assert initial == {
        "Senyor Pirotècnic": "VAL",
        "Tió de Nadal": "CAT",
        "Moura": "GAL",
        "Olentzero": "EUS",
        "Penitente": "AND",
    }
    great_witches = {"vicentica", "montserrat", "maruxa", "kattalin", "rocio"}
    assert great_witches <= set(c.by_id)


def test_traps_are_two_of_each_kind() -> None:
    c = load_catalogue()
    assert Counter({t.trap: t.copies for t in c.traps}) == {
        "black_friday": 2,
        "halloween": 2,
        "santa_claus": 2,
    }


def test_forest_hand_cards_by_effect_match_the_spec() -> None:
    c = load_catalogue()
    by_effect = Counter[str]()
    for card in c.hand_cards:
        if card.deck == FOREST:
            by_effect[type(card.effect).__name__] += card.copies
    assert by_effect == {
        "CombatPotion": 8,
        "DiePotion": 5,
        "DoublePotion": 3,
        "StealPotion": 3,
        "MagicHat": 12,
        "Food": 5,
        "Broom": 4,
        "CultureObject": 5,
        "Amulet": 5,
        "VoodooDoll": 2,
    }
    hats = Counter(
        {
            h.effect.energy: h.copies
            for h in c.hand_cards
            if isinstance(h.effect, MagicHat) and h.deck == FOREST
        }
    )
    assert hats == {1: 5, 2: 4, 3: 3}


def test_final_enemies_and_saint_valentine() -> None:
    c = load_catalogue()
    points = {e.name: e.culture_points(4) for e in c.final_enemies}
    assert points == {
        "Black Friday": 7,
        "Fast Food": 8,
        "Halloween": 9,
        "Santa Claus": 13,
        "Saint Valentine": None,
    }
    valentine = c.card("saint_valentine")
    assert isinstance(valentine, FinalEnemy)
    assert [valentine.culture_points(n) for n in (2, 3, 4, 5)] == [9, None, None, 7]
    assert all(
        c.card(e).confidence == "confirmed" for e in ("black_friday", "santa_claus", "saint_valentine")
    )


def test_characters_from_rulebook_examples() -> None:
    """The values the rulebook's worked examples force (the spec's 'confirmed' stats)."""
    c = load_catalogue()
    penitente = character(c, "penitente")
    assert penitente.deck == INITIAL and penitente.culture == "AND"
    assert penitente.combat[1] == 1 and penitente.resistance[1] == 1
    dolcainer = character(c, "dolcainer")
    assert dolcainer.combat[0] == 1 and dolcainer.sociable
    castanyera = character(c, "castanyera")
    assert castanyera.resistance[0] == 1 and castanyera.thrifty


def test_character_spot_checks() -> None:
    c = load_catalogue()
    senyor = character(c, "senyor_pirotecnic")
    assert senyor.name == "Senyor Pirotècnic"
    assert (senyor.combat, senyor.culture_points, senyor.resistance) == ((1, 2, 3), (1, 2, 3), (1, 2, 3))
    maruxa = character(c, "maruxa")
    assert maruxa.very_magical and maruxa.magic_energy == 2
    moura = character(c, "moura")
    assert moura.very_magical and moura.magic_energy == 1 and moura.deck == INITIAL
    montserrat = character(c, "montserrat")
    assert montserrat.culture_points == (1, 3, 5) and montserrat.resistance == (2, 3, 5)
    assert character(c, "nano").combat == (DIE, DIE, DIE)
    assert character(c, "cascamorras").combat == (DIE, DIE, DIE)
    gato = character(c, "gato_negro")
    assert gato.multicolour and gato.stand_in and gato.culture_points == (1, 2, 2)
    assert not character(c, "sant_jordi").stand_in
    assert character(c, "fallera").stand_in
    assert character(c, "tio_de_nadal").confidence == "name+culture confirmed, stats assumed"
    assert character(c, "trasno").confidence == "assumed"


def test_hand_card_spot_checks() -> None:
    c = load_catalogue()
    plus2 = hand(c, "combat_potion_2")
    assert (plus2.effect, plus2.copies, plus2.take) == (CombatPotion(2), 3, 1)
    plus1 = hand(c, "combat_potion_1")
    assert (plus1.effect, plus1.copies, plus1.take) == (CombatPotion(1), 4, 2)
    assert hand(c, "die_potion_2").effect == DiePotion(2)
    assert hand(c, "double_potion").effect == DoublePotion(combat=1, die=1)
    assert hand(c, "steal_potion").effect == StealPotion()
    assert hand(c, "broom").effect == Broom() and hand(c, "broom").copies == 4
    assert hand(c, "barretina").effect == CultureObject("CAT", 2)
    assert hand(c, "botafumeiro").effect == CultureObject("GAL", 2)
    assert hand(c, "txapela").stand_in and not hand(c, "barretina").stand_in
    amulet = hand(c, "multicolour_amulet")
    assert (amulet.effect, amulet.copies, amulet.take) == (Amulet(1), 5, 2)
    doll = hand(c, "voodoo_doll")
    assert (doll.effect, doll.copies, doll.take) == (VoodooDoll(), 2, None)
    foods = [h.effect for h in c.hand_cards if isinstance(h.effect, Food)]
    assert sorted(tuple(sorted(f.cultures)) for f in foods) == sorted(
        [("CAT", "VAL"), ("CAT", "GAL"), ("EUS", "GAL"), ("AND", "EUS"), ("AND", "VAL")]
    )


def test_initial_market_order() -> None:
    c = load_catalogue()
    assert [(card.name, card.take) for card in c.initial_market] == [
        ("Magic hat 1", 2),
        ("Combat potion +1", 2),
        ("Die potion +1", 2),
        ("Double potion", 2),
    ]
    assert all(card.deck == INITIAL for card in c.initial_market)


def test_every_row_says_how_sure_it_is() -> None:
    c = load_catalogue()
    grades = Counter(weakest_confidence(card.confidence) for card in c.cards)
    assert set(grades) == {"confirmed", "inferred", "assumed"}
    assert weakest_confidence("name confirmed, culture inferred, stats assumed") == "assumed"
    assert hand(c, "voodoo_doll").confidence == "count inferred (FAQ: at most two can ever be used)"


def test_data_holds_no_balance_notes() -> None:
    """The designers' statements at the bottom of the spec are goals for simulations, not data."""
    text = json.dumps(builtin()).lower()
    assert "minutes" not in text and "balance" not in text


# --- bad variants -----------------------------------------------------------------------------

Break = Callable[[Data], None]


def _set(card_id: str, *path: str, value: Any) -> Break:
    def apply(data: Data) -> None:
        target: Any = row_of(data, card_id)
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return apply


def _delete(card_id: str, key: str) -> Break:
    def apply(data: Data) -> None:
        del row_of(data, card_id)[key]

    return apply


def _row(card_id: str, field: str) -> Callable[[Data], str]:
    """The expected location text, e.g. ``cards[7] (moura).combat.B``."""
    return lambda data: f"cards[{index_of(data, card_id)}] ({card_id}).{field}"


ROW_CASES: list[tuple[str, Break, str, str, str]] = [
    # (name, break, card id, field path, words the message must contain)
    ("unknown kind", _set("moura", "kind", value="spell"), "moura", "kind", "a card kind"),
    ("missing field", _delete("moura", "combat"), "moura", "combat", "missing field"),
    ("extra field", _set("moura", "colour", value="green"), "moura", "colour", "unexpected field"),
    ("bad culture", _set("moura", "culture", value="GALICIA"), "moura", "culture", '"GALICIA"'),
    ("combat text", _set("moura", "combat", "B", value="x"), "moura", "combat.B", 'got "x"'),
    ("combat fraction", _set("moura", "combat", "A", value=1.5), "moura", "combat.A", "got 1.5"),
    (
        "missing level",
        _set("moura", "resistance", value={"A": 0, "B": 1}),
        "moura",
        "resistance.C",
        "missing level",
    ),
    (
        "negative culture",
        _set("maruxa", "culture_points", "C", value=-1),
        "maruxa",
        "culture_points.C",
        "got -1",
    ),
    ("negative resistance", _set("trasno", "resistance", "A", value=-2), "trasno", "resistance.A", "got -2"),
    ("die resistance", _set("nano", "resistance", "A", value="die"), "nano", "resistance.A", 'got "die"'),
    ("copies zero", _set("broom", "copies", value=0), "broom", "copies", "at least 1, got 0"),
    ("copies negative", _set("broom", "copies", value=-3), "broom", "copies", "got -3"),
    ("copies boolean", _set("broom", "copies", value=True), "broom", "copies", "got true"),
    ("unknown trait", _set("dimoni", "traits", value=["grumpy"]), "dimoni", "traits[0]", '"grumpy"'),
    (
        "trait twice",
        _set("vicentica", "traits", value=["sociable", "sociable"]),
        "vicentica",
        "traits[1]",
        "twice",
    ),
    ("magic without trait", _set("moura", "magic_energy", value=0), "moura", "magic_energy", "very magical"),
    ("stand_in text", _set("fallera", "stand_in", value="yes"), "fallera", "stand_in", "true or false"),
    (
        "no confidence word",
        _set("fallera", "confidence", value="probably"),
        "fallera",
        "confidence",
        "how sure",
    ),
    ("empty name", _set("fallera", "name", value=" "), "fallera", "name", "non-empty text"),
    (
        "trap in initial deck",
        _set("halloween_trick_or_treat", "deck", value="initial"),
        "halloween_trick_or_treat",
        "deck",
        '"initial"',
    ),
    (
        "unknown trap",
        _set("santa_claus_present", "trap", value="easter"),
        "santa_claus_present",
        "trap",
        '"easter"',
    ),
    (
        "enemy negative",
        _set("fast_food", "culture_points", value=-8),
        "fast_food",
        "culture_points",
        "got -8",
    ),
    (
        "enemy bad players",
        _set("saint_valentine", "culture_points", value={"6": 7}),
        "saint_valentine",
        "culture_points.6",
        "player count",
    ),
    (
        "unknown effect",
        _set("broom", "effect", value={"type": "teleport"}),
        "broom",
        "effect.type",
        '"teleport"',
    ),
    (
        "effect missing value",
        _set("magic_hat_2", "effect", value={"type": "magic_hat"}),
        "magic_hat_2",
        "effect.energy",
        "missing field",
    ),
    (
        "effect extra value",
        _set("broom", "effect", "colour", value="red"),
        "broom",
        "effect.colour",
        "unexpected field",
    ),
    (
        "potion zero",
        _set("combat_potion_3", "effect", "combat", value=0),
        "combat_potion_3",
        "effect.combat",
        "at least 1",
    ),
    (
        "hat negative",
        _set("magic_hat_1", "effect", "energy", value=-1),
        "magic_hat_1",
        "effect.energy",
        "got -1",
    ),
    (
        "food for multicolour",
        _set("food_val_cat", "effect", "foods", value={"VAL": "Paella", "MULTI": "x"}),
        "food_val_cat",
        "effect.foods.MULTI",
        "no food raises multicolour",
    ),
    (
        "object culture",
        _set("barretina", "effect", "culture", value="MULTI"),
        "barretina",
        "effect.culture",
        '"MULTI"',
    ),
    ("take zero", _set("steal_potion", "take", value=0), "steal_potion", "take", "at least 1"),
    ("take missing value", _set("steal_potion", "take", value=None), "steal_potion", "take", "got null"),
    ("doll with take", _set("voodoo_doll", "take", value=1), "voodoo_doll", "take", "must be null"),
]


@pytest.mark.parametrize(
    ("broken", "card_id", "field", "words"),
    [pytest.param(b, c, f, w, id=name) for name, b, c, f, w in ROW_CASES],
)
def test_bad_row_names_the_row_and_field(broken: Break, card_id: str, field: str, words: str) -> None:
    data = builtin()
    broken(data)
    with pytest.raises(ContentError) as info:
        parse_catalogue(data, "catalogue.json")
    message = str(info.value)
    assert message.startswith(f"catalogue.json: {_row(card_id, field)(data)}: "), message
    assert words in message, message
    assert "\n" not in message


def test_the_example_message_reads_exactly() -> None:
    data = builtin()
    row_of(data, "moura")["combat"]["B"] = "x"
    i = index_of(data, "moura")
    with pytest.raises(ContentError) as info:
        parse_catalogue(data, "catalogue.json")
    assert (
        str(info.value)
        == f'catalogue.json: cards[{i}] (moura).combat.B: expected a whole number or "die", got "x"'
    )


def test_duplicate_id_names_both_rows() -> None:
    data = builtin()
    first, second = index_of(data, "moura"), index_of(data, "trasno")
    data["cards"][second]["id"] = "moura"
    with pytest.raises(
        ContentError, match=rf"cards\[{second}\] \(moura\)\.id: duplicate id \(also cards\[{first}\]\)"
    ):
        parse_catalogue(data, "catalogue.json")


def test_bad_id_is_named_by_index() -> None:
    data = builtin()
    i = index_of(data, "gegant")
    data["cards"][i]["id"] = "Gegant Gros"
    with pytest.raises(ContentError, match=rf"^catalogue.json: cards\[{i}\]\.id: expected a snake_case id"):
        parse_catalogue(data, "catalogue.json")


def test_row_that_is_not_an_object() -> None:
    data = builtin()
    data["cards"][3] = 5
    with pytest.raises(ContentError, match=r"cards\[3\]: expected an object, got 5"):
        parse_catalogue(data, "catalogue.json")


def _drop(data: Data, *card_ids: str) -> None:
    data["cards"] = [row for row in data["cards"] if row["id"] not in card_ids]


def _only_valentine_for_two(data: Data) -> None:
    for row in data["cards"]:
        if row["kind"] == "final_enemy":
            row["culture_points"] = {"2": 9}


def _drop_initial_double(data: Data) -> None:
    _drop(data, "initial_double_potion")
    data["initial_market"].remove("initial_double_potion")


def _empty_forest(data: Data) -> None:
    data["cards"] = [row for row in data["cards"] if row["deck"] != "forest"]


def _few_hand_cards(data: Data) -> None:
    for row in data["cards"]:
        if row["kind"] == "hand" and row["deck"] == "forest":
            row["copies"] = 1
    hand_ids = [row["id"] for row in data["cards"] if row["kind"] == "hand" and row["deck"] == "forest"]
    _drop(data, *hand_ids[14:])  # 14 single copies: one short of 3 cards for each of 5 players


TOTAL_CASES: list[tuple[str, Break, str]] = [
    (
        "four final enemies",
        lambda d: _drop(d, "fast_food"),
        "cards: the game needs 5 final enemies (copies summed), found 4",
    ),
    (
        "six initial characters",
        _set("olentzero", "copies", value=2),
        "cards: the game needs 5 initial characters",
    ),
    (
        "three initial hand cards",
        _drop_initial_double,
        "cards: the game needs 4 initial hand cards (copies summed), found 3",
    ),
    (
        "no enemy for three players",
        _only_valentine_for_two,
        "cards: no final enemy is in play with 3 players",
    ),
    ("empty forest", _empty_forest, "cards: the forest deck is empty"),
    ("opening deal cannot finish", _few_hand_cards, "at least 15 hand cards"),
    (
        "market lists an unknown card",
        lambda d: d["initial_market"].__setitem__(1, "broom"),
        'initial_market[1]: expected the id of an initial hand card, got "broom"',
    ),
    (
        "market misses a card",
        lambda d: d["initial_market"].pop(),
        "initial_market: 'initial_double_potion' has 1 copy but is listed 0 times",
    ),
    (
        "market not a list",
        lambda d: d.__setitem__("initial_market", "hat"),
        "initial_market: expected a list",
    ),
    (
        "unknown top-level field",
        lambda d: d.__setitem__("balance", {}),
        "variant.json: balance: unexpected field",
    ),
    ("missing cards", lambda d: d.__delitem__("cards"), "variant.json: cards: missing field"),
    ("wrong format", lambda d: d.__setitem__("format", "alakazum-catalogue/0"), "format: expected"),
    ("empty cards", lambda d: d.__setitem__("cards", []), "cards: expected a non-empty list"),
]


@pytest.mark.parametrize(("broken", "words"), [pytest.param(b, w, id=name) for name, b, w in TOTAL_CASES])
def test_structure_errors(broken: Break, words: str) -> None:
    data = builtin()
    broken(data)
    with pytest.raises(ContentError) as info:
        parse_catalogue(data, "variant.json")
    message = str(info.value)
    assert message.startswith("variant.json: "), message
    assert words in message, message


def test_top_level_must_be_an_object() -> None:
    with pytest.raises(ContentError, match=r"^v.json: top level: expected an object, got a list$"):
        parse_catalogue([], "v.json")


def test_a_variant_may_have_a_different_forest() -> None:
    """Only the fixed decks are pinned; a smaller forest (no traps, fewer witches) still loads."""
    data = builtin()
    _drop(data, "black_friday_discount", "halloween_trick_or_treat", "santa_claus_present", "vicentica")
    c = parse_catalogue(data, "variant.json")
    assert c.count(FOREST) == 90 - 6 - 1
    assert not c.traps
    original = copy.deepcopy(builtin())
    assert parse_catalogue(original, "again.json").count(FOREST) == 90


# --- files ------------------------------------------------------------------------------------


def test_variant_file_loads_by_path(tmp_path: Path) -> None:
    data = builtin()
    row_of(data, "santa_claus")["culture_points"] = 12
    path = tmp_path / "variant.json"
    path.write_text(json.dumps(data), "utf-8")
    c = load_catalogue(str(path))
    assert c.source == str(path)
    enemy = c.card("santa_claus")
    assert isinstance(enemy, FinalEnemy) and enemy.culture_points(3) == 12
    assert load_catalogue(str(path)) is c


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(ContentError, match=r"cannot read the catalogue file .*nowhere\.json.*No such file"):
        load_catalogue(str(path))


def test_directory_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read the catalogue file"):
        load_catalogue(str(tmp_path))


def test_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "alakazum-catalogue/1",\n "cards": [}', "utf-8")
    with pytest.raises(ContentError, match=r"bad\.json: not valid JSON \(line 2 column \d+: "):
        load_catalogue(str(path))


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"name": "Tió"}'.encode("latin-1"))
    with pytest.raises(ContentError, match=r"latin1\.json: not UTF-8 text"):
        load_catalogue(str(path))


def test_bad_variant_file_names_its_path(tmp_path: Path) -> None:
    data = builtin()
    row_of(data, "moura")["culture"] = "GAL "
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(ContentError, match=rf"^{re.escape(str(path))}: cards\[\d+\] \(moura\)\.culture: "):
        load_catalogue(str(path))
