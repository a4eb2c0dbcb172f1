"""Every word a player reads is a message: under the bracketing stand-in language
(:mod:`alaka.testing.pseudo`) a random game's text, in every place a person reads it, leaves no
bare English word behind but the names printed on the cards.

The games are played with random legal moves at every player count; what is read is each seat's
view as the terminal and ``alaka watch`` draw it, the menus' labels and hints, the log and its
story, the glossary and the rules in brief. A word this test finds is one a Spanish or Catalan
player would read in English however complete the catalogues are."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator

import pytest

import alaka
from alaka.core.glossary import glossary_of
from alaka.core.language import tr_document
from alaka.testing.pseudo import leftovers, pseudo_language
from alaka.ui.tui import render

#: How many random games per player count: enough to pass through every phase of both games.
GAMES = 3

#: The width the terminal's screens are drawn at here: wider than any of their lines.
WIDE = 1000


def printed_names(game: str) -> set[str]:
    """The names on the cards and boards, which stay as printed in every language."""
    if game == "alakazum":
        from alaka.games.alakazum.actions import SPELL_NAMES
        from alaka.games.alakazum.content import CULTURES, MULTI, load_catalogue

        catalogue = load_catalogue()
        names = {card.name for card in catalogue.cards} | set(SPELL_NAMES) | {*CULTURES, MULTI}
        for card in catalogue.cards:
            names |= {food for _, food in getattr(getattr(card, "effect", None), "foods", ())}
        return names | {"Alakazum!", "Alakazum"}
    from alaka.games.alakazoo.content import load_components

    return set(load_components().creatures) | {"Alakazoo"}


def texts_read(game: str, num_players: int, seed: int) -> Iterator[tuple[str, str]]:
    """(where it is read, the text) for one random game, made under the current language."""
    g = alaka.game(game)
    rng = random.Random(seed)
    state = g.new_initial_state(num_players)
    if seed == 0:
        yield "rules in brief", tr_document(g.rules_summary())
        glossary = glossary_of(state)
        for entry in glossary.entries if glossary is not None else ():
            yield "glossary", "\n".join([entry["name"], entry["kind"], entry["summary"], *entry["details"]])
            yield "glossary table", "\n".join(" ".join(row) for row in entry["table"])
    steps = 0
    while not state.is_terminal():
        steps += 1
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, chances)[0])
            continue
        legal = state.legal_actions()
        for action in legal:
            yield "menu label", g.label(state, action)
            yield "menu hint", g.hint(state, action) or ""
        seat = state.current_player()
        if steps % 3 == 0:
            yield from _views(g, state, seat)
        state.apply_action(rng.choice(legal))
    for seat in (None, *range(num_players)):
        yield from _views(g, state, seat)
        events = [e for e in state.view(seat, log_since=None)["log"] if isinstance(e, dict)]
        yield "log", "\n".join(str(e.get("text", "")) for e in events)


def _views(g: alaka.Game, state: alaka.State, seat: int | None) -> Iterator[tuple[str, str]]:
    view = state.view(seat, log_since=None)
    yield "view as text", g.render_view(view)
    yield "decision", str(view["decision"])
    # Drawn wide enough that nothing wraps or is cut short: a card's name wrapped over two lines,
    # or a bracketed word cut with "…", would read as a bare word (the words are the same at any
    # width; the focus is still laid out for 80 columns).
    yield "terminal table", render.plain(render.view_table(view), width=WIDE)
    yield "terminal focus", render.plain(render.focus_view(view, width=80), width=WIDE)


@pytest.mark.parametrize("game", ["alakazum", "alakazoo"])
def test_no_english_is_left_in_a_game(game: str) -> None:
    names = printed_names(game)
    bare: dict[str, dict[str, str]] = defaultdict(dict)
    with pseudo_language():
        for n in alaka.game(game).player_counts:
            for seed in range(GAMES):
                for where, text in texts_read(game, n, seed):
                    for word in leftovers(text, names):
                        bare[where].setdefault(word, text[:160])
    found = {where: sorted(words) for where, words in bare.items()}
    assert not found, "words that are not messages: " + "; ".join(
        f"{where}: {', '.join(words[:12])} (in {bare[where][words[0]]!r})" for where, words in found.items()
    )
