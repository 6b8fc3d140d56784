"""The source speaks of what is there: no issue numbers and no "(later)" promises in it, and
the pure series reads no file (its caller does)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "kolo"
STALE = re.compile(r"\bissues? #?\d+|(?<!\w)\(later\)", re.IGNORECASE)


def test_no_issue_numbers_or_later_promises_in_the_source():
    found = [
        f"{path.relative_to(SRC)}:{number}: {line.strip()}"
        for path in sorted(SRC.rglob("*"))
        if path.suffix in (".py", ".html", ".js") and "migrations" not in path.parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if STALE.search(line)
    ]
    assert found == []


def test_the_series_package_opens_no_file():
    """No open, read_text, resolve or event-file loading in ``kolo.series``."""
    calls = []
    for path in sorted((SRC / "series").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                if name in ("open", "read_text", "read_bytes", "resolve") or (
                    name == "load" and "reader" in ast.unparse(node.func)
                ):
                    calls.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert calls == []
