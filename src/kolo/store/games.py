"""The store's part of each game, by the game's id: what the store holds for a game beyond the
rows every game has — the organiser's named resources its deal draws on
(``Game.resource_settings``) — found here, never by a game's name in generic code. A game with
such a part has its room in the store (a module of its own, answering ``StoreRoom``) and one
line here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Protocol

from kolo.games import registry, rulesets
from kolo.games.base import Game
from kolo.store import kingdoms


class StoreRoom(Protocol):
    """A game's room in the store: its hooks that generic store code calls."""

    def resource(self, setting: str, name: str) -> Any:
        """The resource the setting names (``InvalidInput`` where there is none)."""
        ...

    def check_resource(self, setting: str, name: Any) -> None:
        """Refuses (``InvalidInput``, at ``--set <setting>``) a value naming no resource."""
        ...


ROOMS: Mapping[str, StoreRoom] = MappingProxyType({"dominion": kingdoms})
"""The rooms of the games that have one, by game id (``kolo.games.registry``)."""


def game_of(ruleset_id: str) -> Game:
    """The game of the rule set (``KeyError`` for an unknown rule set)."""
    return registry.get(rulesets.get(ruleset_id).game)


def room(game: Game) -> StoreRoom:
    """The game's room; a game naming resources without one is a bug (``KeyError``)."""
    return ROOMS[game.id]


def check_resource_settings(ruleset_id: str, settings: Mapping[str, Any]) -> None:
    """Each setting of ``settings`` (an event's overrides) that names one of the organiser's
    resources names one the store holds, or the change is refused."""
    game = game_of(ruleset_id)
    for setting in game.resource_settings:
        value = settings.get(setting)
        if value is not None:
            room(game).check_resource(setting, value)


def resources(game: Game) -> Callable[[str, str], Any]:
    """The game's named resources as its deal asks for them (``Deal.resource``)."""
    if not game.resource_settings:
        return _none
    return room(game).resource


def _none(setting: str, name: str) -> Any:
    raise KeyError(f"the game names no resources, not {setting}={name!r}")


def resource_settings(game: Game, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The values of the settings naming the organiser's resources that the game's deal draws
    on, for the audit entry of a round (empty for a game without any)."""
    return {name: settings[name] for name in game.resource_settings if name in settings}
