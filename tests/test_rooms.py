"""A game lives in its rooms (issue 37, DESIGN.md principle 4): outside a game's own modules
and the registries that list games, no module of kolo names a game; each floor asks the game
(``kolo.games.base.Game``, the store's ``store/games.py``, the series' ``series/systems.py``)
instead of branching on its name.

A game's rooms are its folder under ``games/`` and any module or folder named for it
(``store/kingdoms.py``, ``web/games/dominion/``, ``cli/domino/``, ``series/
carcassonne.py``…). Rule ids (``R-DOM-3``) are not names of games.

A generic module that names a game fails here: ask the game through the floor's registry, or
move what is the game's into its room (docs/architecture.md, "Where a game lives").
"""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "kolo"
GAME = re.compile(r"dominion|domino|carcassonne|mexican|kingdom", re.IGNORECASE)
RULE = re.compile(r"R-[A-Z]+(?:-[A-Z]+)*-\d+")
REGISTRIES = {
    "games/registry.py",  # the games by id
    "games/rulesets.py",  # the rule sets, each naming the game it plays
    "series/systems.py",  # the championships' qualification systems
    "store/games.py",  # each game's room in the store
    "web/games/__init__.py",  # each game's room on the web floor
    "cli/games.py",  # each game's room on the CLI floor
}


def in_a_room(relative: Path) -> bool:
    """A game's own module or folder, or a migration (the store's history)."""
    parts = relative.parts
    if "migrations" in parts:
        return True
    if parts[0] == "games" and len(parts) > 2:
        return True
    return any(GAME.search(part) for part in parts)


def names_of_games() -> dict[str, int]:
    """Every generic module that names a game, with how many times."""
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        relative = path.relative_to(SRC)
        if in_a_room(relative) or relative.as_posix() in REGISTRIES:
            continue
        count = len(GAME.findall(RULE.sub("", path.read_text(encoding="utf-8"))))
        if count:
            found[relative.as_posix()] = count
    return found


def test_no_generic_module_names_a_game():
    found = names_of_games()
    assert found == {}, "a generic module names a game: ask the game, or move it to its room"


def test_a_generic_module_naming_a_game_is_caught(tmp_path, monkeypatch):
    """The test can fail: a generic module that names a game is found and counted."""
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "helper.py").write_text(
        "# R-DOM-3 is a rule id, not a name\nif game == 'dominion':\n    pass\n", "utf-8"
    )
    (tmp_path / "games" / "azul").mkdir(parents=True)
    (tmp_path / "games" / "azul" / "game.py").write_text("DOMINION = 1\n", "utf-8")
    monkeypatch.setitem(globals(), "SRC", tmp_path)
    assert names_of_games() == {"core/helper.py": 1}


def test_a_module_that_names_a_game_is_found():
    assert in_a_room(Path("games/dominion/engine.py"))
    assert in_a_room(Path("web/games/dominion/views.py"))
    assert not in_a_room(Path("web/present.py"))
    assert GAME.search(RULE.sub("", "# R-DOM-3 and R-CARC-1")) is None
