"""The shape of the code (docs/architecture.md): a package imports only packages below it, and
no modules import each other in a circle — imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
LAYERS = [
    ("kolo.i18n", "kolo.csvout", "kolo.display", "kolo.stats", "kolo.runner", "kolo.core"),
    ("kolo.games",),
    ("kolo.pairing", "kolo.simulation"),
    ("kolo.science",),
    ("kolo.eventfile",),
    ("kolo.series",),
    ("kolo.report",),
    ("kolo.changes",),
    ("kolo.store",),
    ("kolo.web",),
    ("kolo.cli", "kolo.__main__"),
]
"""Packages from the bottom up (``kolo`` itself, the package's face, is below them all)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports() -> dict[str, set[str]]:
    """Every kolo module and the kolo modules it imports, anywhere in it."""
    graph: dict[str, set[str]] = {}
    modules = {
        module_name(p): p for p in (SRC / "kolo").rglob("*.py") if "migrations" not in p.parts
    }
    for name, path in modules.items():
        found: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                    base = f"{base}.{node.module}" if node.module else base
                for alias in node.names:  # a submodule, or a name of the module ``base``
                    sub = f"{base}.{alias.name}"
                    found.add(sub if sub in modules else base)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def layer(module: str) -> int:
    for index, packages in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in packages):
            return index
    return -1


def test_no_module_imports_a_package_above_its_own():
    upward = sorted(
        (module, imported)
        for module, imported_all in imports().items()
        for imported in imported_all
        if layer(imported) > layer(module)
    )
    assert upward == []


def test_no_modules_import_each_other_in_a_circle():
    graph = imports()
    circles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert circles == []


def test_the_check_finds_a_circle_and_an_upward_import():
    """The checks themselves, on the known layers."""
    assert layer("kolo.web.views.public") > layer("kolo.store.api") > layer("kolo.core.event")
    assert layer("kolo.cli.app") > layer("kolo.web.bootstrap")
