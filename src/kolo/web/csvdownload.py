"""CSV downloads: a UTF-8 byte order mark, so Excel opens accents intact, and the header
in the reader's language (the columns' order and values stay the same in every language).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpResponse
from django.utils.translation import pgettext

from kolo import csvout

BOM = "\ufeff"
"""Excel reads a CSV file as UTF-8 only when it starts with this mark."""


def header(columns: Sequence[str]) -> list[str]:
    """The column names in the current language."""
    return [pgettext("CSV column", c) for c in columns]


def response(columns: Sequence[str], rows: Iterable[Iterable[Any]], filename: str) -> HttpResponse:
    """A CSV download: BOM, translated header, formula-safe cells (``kolo.csvout``)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csvout.writer(out)
    writer.writerow(header(columns))
    writer.writerows(rows)
    download = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    download["Content-Disposition"] = f'attachment; filename="{filename}"'
    return download
