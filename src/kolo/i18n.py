"""Translations for the command line, from the same catalogues the web application uses.

The language comes from ``kolo --lang``, else ``KOLO_LANG``, else the locale variables
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``); Czech and English are supported, English is the
fallback.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("cs", "en")

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def detect() -> str:
    """The language the environment asks for (``cs`` or ``en``)."""
    for variable in ("KOLO_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        code = value.split(".")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
        if value and code not in ("", "c", "posix"):
            return "en"
    return "en"


def activate(language: str) -> None:
    """Translate into ``language`` from now on."""
    global _current, _language
    _language = language if language in LANGUAGES else "en"
    _current = gettext.translation(
        "django", localedir=LOCALE_DIR, languages=[_language], fallback=True
    )


def language() -> str:
    """The language in use."""
    return _language


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the language in use."""
    return _current.ngettext(singular, plural, count)


activate(detect())
