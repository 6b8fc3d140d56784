"""Czech and English from the start: every message the code marks is translated into Czech,
and the compiled catalogue matches its source."""

import ast
import gettext
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "kolo"
PO = SRC / "locale" / "cs" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


def marked_messages():
    """Every literal passed to _() or N_() in the source."""
    found = set()
    for path in SRC.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_", "gettext", "gettext_lazy")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def po_entries():
    text = PO.read_text(encoding="utf-8")
    entries = {}
    for block in text.split("\n\n"):
        if "#, fuzzy" in block and 'msgid ""\nmsgstr ""' not in block:
            raise AssertionError(f"fuzzy entry in django.po:\n{block}")
        match = re.search(r'^msgid ((?:".*"\n?)+)^msgstr ((?:".*"\n?)+)', block + "\n", re.M)
        if match:

            def join(part):
                return "".join(ast.literal_eval(f'"{s}"') for s in re.findall(r'"(.*)"', part))

            context = re.search(r'^msgctxt (".*")$', block, re.M)  # pgettext: ctx\x04msgid
            prefix = join(context.group(1)) + "\x04" if context else ""
            entries[prefix + join(match.group(1))] = join(match.group(2))
    entries.pop("", None)
    return entries


def test_every_marked_message_has_a_czech_translation():
    entries = po_entries()
    missing = sorted(m for m in marked_messages() if not entries.get(m))
    assert missing == [], "run scripts/messages and translate these"


def test_translations_keep_the_placeholders():
    for msgid, msgstr in po_entries().items():
        assert set(re.findall(r"\{\w+\}", msgid)) == set(re.findall(r"\{\w+\}", msgstr)), msgid


def test_compiled_catalogue_matches_the_source():
    with MO.open("rb") as stream:
        catalogue = gettext.GNUTranslations(stream)
    for msgid, msgstr in po_entries().items():
        assert catalogue.gettext(msgid) == msgstr, (
            f"stale django.mo (run scripts/messages): {msgid}"
        )


@pytest.mark.parametrize("message", ["Points", "Success", "no such file"])
def test_czech_is_used_when_asked(message):
    from kolo import i18n

    i18n.activate("cs")
    try:
        assert i18n._(message) != message
    finally:
        i18n.activate("en")
