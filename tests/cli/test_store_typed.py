"""The command line's calls into the store are type-checked: ``open_store()`` hands out no
untyped value, and every command imports ``kolo.store.api`` itself after it, so mypy checks
each call against the module."""

import ast
import typing
from pathlib import Path

from kolo.cli import options

CLI = Path(__file__).resolve().parent.parent.parent / "src" / "kolo" / "cli"


def test_open_store_returns_nothing_and_the_actor_is_typed():
    assert typing.get_type_hints(options.open_store)["return"] is type(None)
    assert options.cli_actor.__annotations__["return"] == "Actor"


def test_no_command_keeps_an_untyped_store():
    """``open_store()`` stands alone as a statement; no function takes a ``store``."""
    found = []
    for path in sorted(CLI.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        alone = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "open_store"
                and id(node) not in alone
            ):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)} kept")
            if isinstance(node, ast.arg) and node.arg == "store":
                found.append(f"{path.name}:{node.lineno}: a parameter 'store'")
    assert found == []
