"""Every game kolo knows, by id. Adding a game: its folder under ``kolo.games`` with a ``Game``,
one line here, and the rule sets that play it (``kolo.games.rulesets``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from kolo.games import carcassonne, points
from kolo.games.base import Game
from kolo.games.dominion import game as dominion
from kolo.games.domino import game as domino

GAMES: Mapping[str, Game] = MappingProxyType(
    {
        g.id: g
        for g in (
            dominion.GAME,
            carcassonne.GAME,
            carcassonne.FINAL_GAME,
            domino.BLOCK,
            domino.MEXICAN_TRAIN,
            points.GAME,
        )
    }
)


def get(game_id: str) -> Game:
    """The game with this id (``KeyError`` if none is registered)."""
    return GAMES[game_id]
