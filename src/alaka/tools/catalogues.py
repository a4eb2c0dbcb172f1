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
from collections.abc import Collection, Iterable, Iterator, Mapping
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


# -- work for translators ------------------------------------------------------------------------


def todo(language: str, chunks: int, folder: Path) -> list[Path]:
    """Write ``language``'s messages that lack a translation to ``folder`` as ``chunks`` JSON
    files (``LANG-K.json``, a list of ``{n, english, plural, context, notes, used_in}``), so a
    translator (a person with an editor, or a tool) can work on them in parts; :func:`fill` reads
    the answers back. Returns the files written."""
    catalog = read(po_path(known_language(language)), language)
    entries: list[dict[str, Any]] = []
    for message in catalog:
        if not message.id or _translated(message):
            continue
        ids = _forms(message.id)
        entries.append(
            {
                "n": len(entries),
                "english": ids[0],
                "plural": ids[1] if len(ids) > 1 else None,
                "context": message.context,
                "notes": list(message.auto_comments),
                "used_in": sorted({file for file, _ in message.locations})[:3],
            }
        )
    folder.mkdir(parents=True, exist_ok=True)
    size = max(1, -(-len(entries) // max(1, chunks)))
    written = []
    for k in range(0, len(entries), size):
        path = folder / f"{language}-{k // size}.json"
        path.write_text(json.dumps(entries[k : k + size], ensure_ascii=False, indent=1) + "\n", "utf-8")
        written.append(path)
    return written


def answers_path(todo_path: Path) -> Path:
    """Where the answers to a :func:`todo` file are: ``LANG-K.answers.json`` beside it, an object
    from each entry's ``n`` to its translation (a list of the plural forms for a plural one)."""
    return todo_path.with_name(todo_path.stem + ".answers.json")


def fill(todo_paths: Iterable[Path]) -> tuple[int, list[str]]:
    """Put the answers to :func:`todo` files into their languages' catalogues; an answer that
    drops or adds a field is left out and reported. Returns (messages filled, problems)."""
    found: list[str] = []
    by_language: dict[str, dict[tuple[str, str | None], str | list[str]]] = {}
    for path in todo_paths:
        language = path.name.split("-", 1)[0]
        answers_file = answers_path(path)
        if not answers_file.exists():
            found.append(f"no answers for {path.name}: expected {answers_file.name}")
            continue
        entries = json.loads(path.read_text("utf-8"))
        answers = json.loads(answers_file.read_text("utf-8"))
        for entry in entries:
            answer = answers.get(str(entry["n"]))
            if answer is not None:
                by_language.setdefault(known_language(language), {})[(entry["english"], entry["context"])] = (
                    answer
                )
    filled = 0
    for language, answers in by_language.items():
        catalog = read(po_path(language), language)
        for message in catalog:
            key = (_forms(message.id)[0], message.context) if message.id else None
            if key not in answers:
                continue
            answer = answers[key]
            forms = [answer] if isinstance(answer, str) else list(answer)
            if isinstance(message.id, (list, tuple)):
                wanted = catalog.num_plurals
                forms = (forms + forms[-1:] * wanted)[:wanted]
                candidate = Message(message.id, tuple(forms), context=message.context)
            else:
                candidate = Message(message.id, forms[0], context=message.context)
            wrong = message_problems(candidate)
            if wrong:
                found += [f"{language}: left out, {problem}" for problem in wrong]
                continue
            message.string = candidate.string
            message.flags.discard("fuzzy")
            filled += 1
        _write_po(catalog, po_path(language))
    return filled, found


def known_language(language: str) -> str:
    """``language`` if it is a shipped one, else a :class:`SystemExit` with one line."""
    if language not in shipped():
        raise SystemExit(f"no catalogue for {language!r}: the shipped ones are {', '.join(shipped())}")
    return language


def _main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m alaka.tools.catalogues",
        description="Extract, update, compile and check Alaka's translations (docs/languages.md).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("update", help="extract the messages and merge them into each language's .po")
    sub.add_parser("compile", help="write the .mo files and the pages' JSON catalogues")
    sub.add_parser("check", help="list what is missing, fuzzy, with other fields, or out of date")
    export = sub.add_parser("todo", help="write a language's untranslated messages as JSON files")
    export.add_argument("language", help="a shipped language's code (es, ca)")
    export.add_argument("--chunks", type=int, default=1, help="how many files to split them into")
    export.add_argument("--to", type=Path, default=Path("translations"), help="the folder to write")
    answers = sub.add_parser("fill", help="put the answers to todo files into the catalogues")
    answers.add_argument(
        "files", nargs="+", type=Path, help="todo files (LANG-K.json) with answers beside them"
    )
    args = parser.parse_args(None if argv is None else list(argv))
    if args.command == "update":
        update()
        return 0
    if args.command == "compile":
        compile_all()
        return 0
    if args.command == "todo":
        for path in todo(args.language, args.chunks, args.to):
            print(f"{path}: {len(json.loads(path.read_text('utf-8')))} messages")
        return 0
    if args.command == "fill":
        filled, found = fill(args.files)
        for problem in found:
            print(problem)
        print(f"{filled} messages filled; run compile, then check")
        return 1 if found else 0
    found = problems()
    for problem in found:
        print(problem)
    print(f"{len(found)} problems" if found else "the catalogues are complete and up to date")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(_main())
