"""CSV that spreadsheets open safely: every CSV kolo writes goes through ``writer``.

A cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (or a line
feed) is a formula to Excel and LibreOffice: a name like ``=HYPERLINK(…)`` would run when
the organiser opens the export. As OWASP recommends (CSV Injection), such text cells get a
leading apostrophe, which the spreadsheet shows as text. Numbers are not touched: kolo's
own numbers are passed as numbers (a negative score stays a number), and text that is
just a plain number (``-3``, ``-2.5``) cannot be a formula either.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any, Protocol

_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\n")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


class _Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def safe_cell(value: Any) -> Any:
    """The value to write: text that a spreadsheet would run as a formula gets a ``'``."""
    if not isinstance(value, str):
        return value
    if value.lstrip(" ").startswith(_TRIGGERS) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` whose every text cell passes ``safe_cell``."""

    def __init__(self, out: _Writable) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(out: _Writable) -> SafeWriter:
    """A CSV writer for ``out`` that neutralises formulas (use it for every CSV kolo writes)."""
    return SafeWriter(out)
