"""Printing for the command line: problems, aligned tables, JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from kolo.core.problems import Problem
from kolo.i18n import _


def show_problems(problems: Iterable[Problem], source: str | None = None) -> None:
    """One line per problem on stderr: where, then what is wrong.

    A problem inside a document (a JSON path) is shown after the document's ``source``
    (``event.json: $.rounds[0]: …``); any other after ``kolo:``.
    """
    for problem in problems:
        where = f"{source}: " if source and problem.path.startswith("$") else "kolo: "
        print(f"{where}{problem.path}: {problem.text(_)}", file=sys.stderr)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Rows as aligned text columns; the columns in ``right`` are right-aligned."""
    rows = [list(r) for r in rows]
    widths = [max(len(str(c)) for c in column) for column in zip(headers, *rows, strict=False)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            str(c).rjust(w) if i in right else str(c).ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=False))
        ]
        return "  ".join(parts).rstrip()

    return "\n".join([line(headers), *(line(r) for r in rows)])


def print_json(document: Any) -> None:
    """JSON on stdout, UTF-8, indented."""
    print(json.dumps(document, ensure_ascii=False, indent=2))
