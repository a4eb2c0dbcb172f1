"""The translators' tools: extract every message, update each language's catalogue, compile.

``python -m alaka.tools.catalogues update`` reads every message out of the sources with Babel
(the Python code's :func:`~alaka.core.language.tr` and kin, the pages' scripts' ``t`` and ``tn``,
the pages' HTML text, the games' rules in brief paragraph by paragraph) into
``locale/alaka.pot`` and merges it into each language's ``.po``; a translator fills those in;
``compile`` writes the ``.mo`` files the package reads and the pages' JSON catalogues;
``check`` lists what is missing, fuzzy, or out of date (the tests run it). docs/languages.md
says it in a few lines. This module needs Babel (the ``translate`` extra); the package never
imports it.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from alaka.core.language import DOMAIN, ENGLISH, LANGUAGES, paragraphs

#: The package's sources (the directory holding ``core``, ``games``, ``ui``...).
PACKAGE: Final = Path(__file__).resolve().parent.parent
LOCALE: Final = PACKAGE / "locale"
TEMPLATE: Final = LOCALE / f"{DOMAIN}.pot"
#: Where the pages fetch their messages: one JSON object per language.
PAGE_CATALOGUES: Final = PACKAGE / "ui" / "web" / "static" / "i18n"

#: The Python code's translation functions, as Babel's extractor reads them.
PYTHON_KEYWORDS: Final[Mapping[str, Any]] = {"tr": None, "trn": (1, 2), "trc": ((1, "c"), 2), "N_": None}
#: The pages' scripts' (common.js ``t(message, values)`` and ``tn(one, many, n, values)``).
SCRIPT_KEYWORDS: Final[Mapping[str, Any]] = {"t": None, "tn": (1, 2)}
#: What a translator is told, from comments beginning so just above a message.
COMMENT_TAGS: Final = ("TRANSLATORS:",)

_PYTHON_FILES: Final = [("tools/**.py", "ignore"), ("**.py", "python")]
_PAGE_FILES: Final = [
    ("ui/web/static/**.js", "javascript"),
    ("games/*/web/**.js", "javascript"),
    ("ui/web/static/**.html", "alaka.tools.catalogues:extract_html"),
    ("games/*/data/summary.md", "alaka.tools.catalogues:extract_markdown"),
]

_FIXED_DATE: Final = datetime(2026, 1, 1, tzinfo=UTC)

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)?[^{}]*\}")


def shipped() -> list[str]:
    """The languages translated from English, whose catalogues ship."""
    return [code for code in LANGUAGES if code != ENGLISH]


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


# -- extraction ----------------------------------------------------------------------------------


def extract_html(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for the pages' HTML: each text and each read attribute the
    server translates when it serves the page (:mod:`alaka.ui.web.pages`)."""
    from alaka.ui.web.pages import messages

    for lineno, message in messages(fileobj.read().decode("utf-8")):
        yield lineno, None, message, []


def extract_markdown(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for a game's rules in brief: one message per paragraph, as
    :func:`~alaka.core.language.tr_document` translates them."""
    text = fileobj.read().decode("utf-8")
    for paragraph in paragraphs(text):
        lineno = text[: text.find(paragraph)].count("\n") + 1
        yield lineno, None, paragraph, ["A paragraph of the game's rules in brief, in Markdown."]


def extract() -> Catalog:
    """Every message of the package, with where it is used (the template)."""
    catalog = Catalog(domain=DOMAIN, project="Alaka", copyright_holder="the Alaka authors", fuzzy=False)
    for method_map, keywords in ((_PYTHON_FILES, PYTHON_KEYWORDS), (_PAGE_FILES, SCRIPT_KEYWORDS)):
        for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE, method_map, keywords=keywords, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _write_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, omit_header=False)
    text = re.sub(rb'"POT-Creation-Date: [^"]*\\n"\n', b"", buffer.getvalue())
    text = re.sub(rb'"PO-Revision-Date: [^"]*\\n"\n', b"", text)
    path.write_bytes(text)


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def update() -> None:
    """Write the template and merge it into every shipped language's catalogue (a translation
    kept where its message is; a message new or changed left for the translator)."""
    template = extract()
    _write_po(template, TEMPLATE)
    for language in shipped():
        path = po_path(language)
        if path.exists():
            catalog = read(path, language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="Alaka", fuzzy=False)
        # gettext's two forms, one and other (CLDR's newer "many", for millions, is not used)
        catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
        catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _write_po(catalog, path)


def _in_pages(message: Message) -> bool:
    return any(not name.endswith(".py") for name, _ in message.locations)


def page_catalogue(catalog: Catalog) -> dict[str, Any]:
    """What a page's scripts read of ``catalog``: the messages they use, a plural one as its
    forms' list (common.js picks the form with :class:`Intl.PluralRules`)."""
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not _in_pages(message) or not _translated(message):
            continue
        if isinstance(message.id, (list, tuple)):
            messages[message.id[0]] = _forms(message.string)
        else:
            messages[message.id] = message.string
    return {"language": str(catalog.locale), "messages": dict(sorted(messages.items()))}


def compiled(language: str) -> tuple[bytes, str]:
    """The ``.mo`` file and the pages' JSON for ``language``, from its ``.po``."""
    catalog = read(po_path(language), language)
    # the dates a catalogue carries would be now's: fixed, so compiling again changes nothing
    catalog.creation_date = catalog.revision_date = _FIXED_DATE
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    page = json.dumps(page_catalogue(catalog), ensure_ascii=False, indent=0, sort_keys=True) + "\n"
    return buffer.getvalue(), page


def compile_all() -> None:
    """Write every shipped language's ``.mo`` and pages' JSON."""
    PAGE_CATALOGUES.mkdir(parents=True, exist_ok=True)
    for language in shipped():
        mo, page = compiled(language)
        mo_path(language).write_bytes(mo)
        (PAGE_CATALOGUES / f"{language}.json").write_text(page, "utf-8")


# -- checks --------------------------------------------------------------------------------------


def _translated(message: Message) -> bool:
    return not message.fuzzy and all(_forms(message.string))


def placeholders(text: str) -> list[str]:
    """The ``{name}`` fields of a message, sorted (``{{`` and ``}}`` are braces, not fields)."""
    return sorted(match.group(0) for match in _PLACEHOLDER.finditer(text.replace("{{", "").replace("}}", "")))


def _forms(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    """A message's id or string as its list of forms (one unless it is a plural message)."""
    if isinstance(value, (list, tuple)):
        return [form or "" for form in value]
    return [value or ""]


def message_problems(message: Message) -> list[str]:
    """What is wrong with one translated message: missing, fuzzy, or a field dropped or added."""
    ids, strings = _forms(message.id), _forms(message.string)
    shown = ids[0][:70]
    if message.fuzzy:
        return [f"fuzzy: {shown!r}"]
    if not all(strings):
        return [f"not translated: {shown!r}"]
    problems = []
    for form, string in enumerate(strings):
        english = ids[min(form, len(ids) - 1)]
        if placeholders(string) != placeholders(english):
            problems.append(
                f"fields {placeholders(string)} where English has {placeholders(english)}: {shown!r}"
            )
    return problems


def problems() -> list[str]:
    """Everything that stops the catalogues shipping: the template out of date with the sources,
    a language's message missing, fuzzy or with other fields, its compiled files out of date."""
    found: list[str] = []
    template = extract()
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    if not TEMPLATE.exists() or wanted != {
        (m.id if isinstance(m.id, str) else m.id[0], m.context) for m in read(TEMPLATE) if m.id
    }:
        found.append(f"{TEMPLATE.relative_to(PACKAGE)} is out of date with the sources: run update")
    for language in shipped():
        path = po_path(language)
        if not path.exists():
            found.append(f"no catalogue for {language}: run update")
            continue
        catalog = read(path, language)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
        found += [
            f"{language}: not in the catalogue: {key[0][:70]!r}" for key in sorted(wanted - have, key=str)
        ]
        found += [f"{language}: {problem}" for m in catalog if m.id for problem in message_problems(m)]
        mo, page = compiled(language)
        if not mo_path(language).exists() or mo_path(language).read_bytes() != mo:
            found.append(f"{language}: {mo_path(language).relative_to(PACKAGE)} is out of date: run compile")
        page_path = PAGE_CATALOGUES / f"{language}.json"
        if not page_path.exists() or page_path.read_text("utf-8") != page:
            found.append(f"{language}: {page_path.relative_to(PACKAGE)} is out of date: run compile")
    return found


def _main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m alaka.tools.catalogues",
        description="Extract, update, compile and check Alaka's translations (docs/languages.md).",
    )
    commands: dict[str, Callable[[], object]] = {"update": update, "compile": compile_all}
    parser.add_argument(
        "command",
        choices=["update", "compile", "check"],
        help="update: extract the messages and merge them into each .po; compile: write the .mo "
        "and pages' JSON files; check: list what is missing or out of date",
    )
    args = parser.parse_args(None if argv is None else list(argv))
    if args.command in commands:
        commands[args.command]()
        return 0
    found = problems()
    for problem in found:
        print(problem)
    print(f"{len(found)} problems" if found else "the catalogues are complete and up to date")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(_main())
