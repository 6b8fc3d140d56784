"""Printing for the command line: problems, aligned tables, JSON."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any

from kolo.core.problems import N_, Problem
from kolo.display import table as table  # the command line's tables are display's
from kolo.i18n import _


def show_problems(problems: Iterable[Problem], source: str | None = None) -> None:
    """One line per problem on stderr: where, then what is wrong.

    A problem inside a document (a JSON path) is shown after the document's ``source``
    (``event.json: $.rounds[0]: …``); any other after ``kolo:``.
    """
    for problem in problems:
        if source and problem.path.startswith("$"):
            where = f"{source}: {problem.path}: "
        elif _ARGUMENT.fullmatch(problem.path):
            where = "kolo: "  # the message says what is wrong with which argument
        else:
            where = f"kolo: {describe_path(problem.path)}: "
        print(f"{where}{problem.text(_)}", file=sys.stderr)


_ARGUMENT = re.compile(r"[A-Z_]+(\[\d+\])?|store|version|\$")


_PLACES = [
    (re.compile(r"^\$\.rounds\[(\d+)\]"), N_("round {n}")),
    (re.compile(r"^\.tables\[(\d+)\]"), N_("table {n}")),
    (re.compile(r"^\.games\[(\d+)\]"), N_("game {n}")),
    (re.compile(r"^\.entrants\[(\d+)\]"), N_("entrant {n}")),
]
_SETTING = re.compile(r"^\$\.settings\.(\w+)")


def describe_path(path: str) -> str:
    """A JSON path into the stored event in words.

    ``$.rounds[1].tables[0]`` → "round 2, table 1".
    """
    if not path.startswith("$."):
        return path
    setting = _SETTING.match(path)
    if setting:
        return f"--set {setting.group(1)}"
    parts: list[str] = []
    rest = path
    while rest:
        for pattern, words in _PLACES:
            match = pattern.match(rest)
            if match:
                parts.append(_(words).format(n=int(match.group(1)) + 1))
                rest = rest[match.end() :]
                break
        else:
            if not parts:
                return path
            rest = rest.lstrip(".")
            break
    return ", ".join(parts) + (f" ({rest})" if rest else "")


def print_json(document: Any) -> None:
    """JSON on stdout, UTF-8, indented."""
    print(json.dumps(document, ensure_ascii=False, indent=2))


def progress(total: int, label: str) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A progress bar on stderr (when it is a terminal): the callback (told how many are
    done) and the closer."""
    if not sys.stderr.isatty():
        return (lambda done: None), (lambda: None)
    import typer

    bar = typer.progressbar(length=total, label=label, file=sys.stderr)
    bar.__enter__()
    seen = [0]

    def update(done: int) -> None:
        bar.update(done - seen[0])
        seen[0] = done

    def close() -> None:
        bar.__exit__(None, None, None)

    return update, close
