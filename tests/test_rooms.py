"""A game lives in its rooms (issue 37, DESIGN.md principle 4): outside a game's own modules
and the registries that list games, no module of kolo names a game; each floor asks the game
(``kolo.games.base.Game``, the store's ``store/games.py``, the series' ``series/systems.py``)
instead of branching on its name.

A game's rooms are its folder under ``games/`` and any module or folder named for it
(``store/kingdoms.py``, ``web/views/desk_dominion.py``, ``cli/domino.py``, ``series/
carcassonne.py``…). Rule ids (``R-DOM-3``) are not names of games.

The move is not finished: ``NOT_YET`` lists the generic modules that still name a game, each
with how many times. It only shrinks: a module not listed that names a game fails, and so does
a listed one that names games more often than it did. When a module is cleared, take it out.
"""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "kolo"
GAME = re.compile(r"dominion|domino|carcassonne|mexican|kingdom", re.IGNORECASE)
RULE = re.compile(r"R-[A-Z]+(?:-[A-Z]+)*-\d+")
REGISTRIES = {
    "games/registry.py",  # the games by id
    "core/rulesets.py",  # the rule sets, each naming the game it plays
    "series/systems.py",  # the championships' qualification systems
    "store/games.py",  # each game's room in the store
    "web/games/__init__.py",  # each game's room on the web floor
}
NOT_YET = {
    "web/present.py": 38,
    "formats/study.py": 31,
    "cli/helptext.py": 23,
    "cli/demo.py": 22,
    "web/views/desk_results.py": 14,
    "web/views/desk_records.py": 13,
    "core/settings.py": 12,
    "web/urls.py": 12,
    "web/views/desk_rounds.py": 6,
    "cli/sheet.py": 5,
    "store/api.py": 5,
    "cli/commands.py": 4,
    "cli/simulate.py": 4,
    "formats/table.py": 4,
    "series/rules.py": 4,
    "cli/event.py": 2,
    "cli/result.py": 1,
    "store/series.py": 1,
}
"""Generic modules that still name a game (module: how many times), to be moved into the
games' rooms; see docs/architecture.md, "Where a game lives"."""


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


def test_no_generic_module_names_a_game_beyond_what_is_not_moved_yet():
    grown = {
        module: count
        for module, count in names_of_games().items()
        if count > NOT_YET.get(module, 0)
    }
    assert grown == {}, "a generic module names a game: ask the game, or move it to its room"


def test_the_list_of_modules_not_moved_yet_is_current():
    found = names_of_games()
    stale = {module: count for module, count in NOT_YET.items() if found.get(module, 0) < count}
    assert stale == {}, "lower these counts in NOT_YET (or take the module out): it was cleared"


def test_a_module_that_names_a_game_is_found():
    assert in_a_room(Path("games/dominion/engine.py"))
    assert in_a_room(Path("web/views/desk_dominion.py"))
    assert not in_a_room(Path("web/present.py"))
    assert GAME.search(RULE.sub("", "# R-DOM-3 and R-CARC-1")) is None
