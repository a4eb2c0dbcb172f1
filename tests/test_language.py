"""The reader's language (alaka.core.language) and the shipped catalogues (alaka.tools.catalogues).

The catalogue test is the one that fails when a message of the sources is missing from a shipped
language, is fuzzy, drops or adds a ``{field}``, or when a compiled file is older than its ``.po``.
"""

from __future__ import annotations

import gettext
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from alaka.core import language
from alaka.core.language import (
    ENGLISH,
    LANGUAGES,
    catalogue,
    from_environment,
    from_locale,
    paragraphs,
    reading,
    speaking,
    tr,
    tr_document,
    trn,
)


class _Marked(gettext.NullTranslations):
    """A catalogue that shows which messages went through it."""

    def gettext(self, message: str) -> str:
        return f"<{message}>"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"<{msgid1 if n == 1 else msgid2}>"


def test_english_is_as_written_and_the_default() -> None:
    assert reading() == ENGLISH
    assert tr("The game is over.") == "The game is over."
    assert trn("{n} card", "{n} cards", 1) == "{n} card"
    assert trn("{n} card", "{n} cards", 0) == "{n} cards"


def test_speaking_sets_the_language_inside_the_block_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(language, "catalogue", lambda code: _Marked())
    with speaking("ca"):
        assert reading() == "ca"
        assert tr("Your decision.") == "<Your decision.>"
        with speaking(None):  # None leaves it as it is
            assert reading() == "ca"
        with speaking("en"):
            assert tr("Your decision.") == "Your decision."
    assert reading() == ENGLISH
    assert tr("Your decision.") == "Your decision."


def test_an_unknown_language_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"no language 'xx'.*ca \(Català\)"), speaking("xx"):
        pass


def test_each_shipped_language_has_a_compiled_catalogue_with_two_plural_forms() -> None:
    for code in LANGUAGES:
        if code == ENGLISH:
            continue
        messages = catalogue(code)
        assert isinstance(messages, gettext.GNUTranslations), code
        assert messages.info()["plural-forms"].startswith("nplurals=2;"), code


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("ca_ES.UTF-8", "ca"),
        ("es", "es"),
        ("es-AR", "es"),
        ("ca_ES@valencia", "ca"),
        ("C", None),
        ("fr_FR", None),
        ("", None),
    ],
)
def test_a_locale_name_gives_its_language(name: str, expected: str | None) -> None:
    assert from_locale(name) == expected


def test_the_environment_is_read_as_gettext_reads_it() -> None:
    assert from_environment({"LANG": "ca_ES.UTF-8"}) == "ca"
    assert from_environment({"LANGUAGE": "fr:es", "LANG": "ca_ES.UTF-8"}) == "es"
    assert from_environment({"LC_ALL": "C", "LANG": "ca_ES.UTF-8"}) == ENGLISH  # LC_ALL decides
    assert from_environment({}) == ENGLISH


def test_a_document_is_translated_paragraph_by_paragraph(monkeypatch: pytest.MonkeyPatch) -> None:
    document = "# Title\n\nFirst paragraph\non two lines.\n\n\n- a list\n- of two\n"
    assert paragraphs(document) == ["# Title", "First paragraph\non two lines.", "- a list\n- of two"]
    assert tr_document(document) == document
    monkeypatch.setattr(language, "catalogue", lambda code: _Marked())
    with speaking("es"):
        assert (
            tr_document(document) == "<# Title>\n\n<First paragraph\non two lines.>\n\n<- a list\n- of two>\n"
        )


def test_the_catalogues_are_complete_and_up_to_date() -> None:
    """Every message of the sources is translated in every shipped language, with the same fields,
    and the compiled .mo and pages' JSON match the .po (python -m alaka.tools.catalogues check).

    It reads the repository's sources (an installed, compiled build has its modules as C)."""
    sources = Path(__file__).resolve().parents[1] / "src"
    env = {**os.environ, "PYTHONPATH": str(sources)}
    command = [sys.executable, "-m", "alaka.tools.catalogues", "check"]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, (result.stdout[-4000:] + result.stderr[-2000:]) + "\n(docs/languages.md)"
    assert "complete and up to date" in result.stdout


def test_the_field_check_catches_a_dropped_and_an_added_field() -> None:
    from babel.messages.catalog import Message

    from alaka.tools.catalogues import message_problems

    assert message_problems(Message("{player} draws.", "{player} roba.")) == []
    assert message_problems(Message("{player} draws.", "Roba."))
    assert message_problems(Message("Draw.", "Roba {card}."))
    plural = Message(("{n} card", "{n} cards"), ("{n} carta", "{n} cartes"))
    assert message_problems(plural) == []
    assert message_problems(Message(("{n} card", "{n} cards"), ("una carta", "{n} cartes")))
    assert message_problems(Message("Draw.", "")) == ["not translated: 'Draw.'"]


def test_a_translators_todo_comes_back_filled_and_a_wrong_answer_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``todo`` writes the untranslated messages as JSON, ``fill`` puts answers back into the
    catalogue and leaves out (and reports) an answer that dropped a field."""
    from babel.messages.catalog import Catalog

    from alaka.tools import catalogues

    po = tmp_path / "ca.po"
    catalog = Catalog(locale="ca")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]  # as update writes it
    catalog.add("Draw.")
    catalog.add("{player} draws.")
    catalog.add(("{n} card", "{n} cards"))
    catalog.add("Done.", "Fet.")
    catalogues._write_po(catalog, po)
    monkeypatch.setattr(catalogues, "po_path", lambda language: po)
    monkeypatch.setattr(catalogues, "shipped", lambda: ["ca"])

    [todo] = catalogues.todo("ca", chunks=1, folder=tmp_path / "work")
    entries = json.loads(todo.read_text("utf-8"))
    assert [e["english"] for e in entries] == ["Draw.", "{player} draws.", "{n} card"]
    assert entries[2]["plural"] == "{n} cards"
    answers = {"0": "Roba.", "1": "Roba.", "2": ["{n} carta", "{n} cartes"]}
    catalogues.answers_path(todo).write_text(json.dumps(answers), "utf-8")

    filled, problems = catalogues.fill([todo])
    assert filled == 2
    assert len(problems) == 1 and "{player}" in problems[0]
    result = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in catalogues.read(po, "ca") if m.id}
    assert result["Draw."] == "Roba."
    assert result["{player} draws."] == ""
    assert tuple(result["{n} card"]) == ("{n} carta", "{n} cartes")
    assert result["Done."] == "Fet."
