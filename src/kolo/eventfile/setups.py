"""A table's setup in ``kolo-event/1``: the key each game names it by (``Game.setup_key``) and
its reading by the game of the event's rule set. The file's shape is the games' to declare:
this module names none."""

from __future__ import annotations

from typing import Any

from kolo.core.event import TableSetup
from kolo.core.problems import N_, Problem
from kolo.games import registry, rulesets
from kolo.games.base import Game


def setup_keys() -> tuple[str, ...]:
    """Every game's key of a table's setup (``tables[].<key>``), in the order of the registry."""
    return tuple(
        dict.fromkeys(g.setup_key for g in registry.GAMES.values() if g.setup_key is not None)
    )


def table_keys() -> tuple[str, ...]:
    """The fields of a table in the event file, in the order the writer writes them."""
    return ("number", "seats", "games", *setup_keys(), "group")


def game_of(ruleset: str) -> Game | None:
    """The game of the rule set; None for an unknown rule set (the rules check says so)."""
    found = rulesets.REGISTRY.get(ruleset)
    return None if found is None else registry.get(found.game)


def setup_key(ruleset: str) -> str | None:
    """The key of a table's setup in the rule set's event files; None where its game's tables
    need none (or the rule set is unknown)."""
    game = game_of(ruleset)
    return None if game is None else game.setup_key


def read_setup(
    ruleset: str, value: Any, path: str, key: str | None = None
) -> tuple[TableSetup | None, list[Problem]]:
    """A table's setup read and checked by the game of the rule set: the game's typed value,
    or None and the problems; refused where the game's tables need none, or where ``key``
    (the table's field it was found under; None: the game's own) is another game's. An
    unknown rule set reads nothing (the rules check says it is unknown)."""
    game = game_of(ruleset)
    if game is None:
        return None, []
    if game.read_setup is None or (key is not None and key != game.setup_key):
        others = set(setup_keys()) - {game.setup_key}
        allowed = ", ".join(k for k in table_keys() if k not in others)
        unknown = N_("unknown field '{name}'; allowed: {allowed}")
        return None, [Problem(path, unknown, {"name": key or "setup", "allowed": allowed})]
    return game.read_setup(value, path)
