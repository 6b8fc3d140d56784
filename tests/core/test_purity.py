"""DESIGN.md principle 1: the pure packages import nothing from Django, the web or the CLI."""

import subprocess
import sys

PURE = [
    "kolo.core",
    "kolo.games",
    "kolo.pairing",
    "kolo.eventfile",
    "kolo.series",
    "kolo.report",
    "kolo.changes",
]


def test_pure_packages_import_no_django_web_or_cli():
    code = (
        "import importlib, pkgutil, sys\n"
        f"for name in {PURE!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    for info in pkgutil.walk_packages(package.__path__, name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'typer', 'rich')"
        " or m.startswith(('kolo.web', 'kolo.cli')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
