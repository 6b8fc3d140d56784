"""The web's game registry: each game's room on the web
floor, found by the game's id; generic pages ask here and never name a game."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from kolo.web.games import dominion

ROOMS: dict[str, ModuleType] = {"dominion": dominion}
"""Each game's web room by the game's id (a game with nothing of its own to show has none)."""


def audit_actions() -> dict[str, str]:
    """The actions the games' rooms record, by their names in words."""
    return {k: v for room in ROOMS.values() for k, v in getattr(room, "AUDIT_ACTIONS", {}).items()}


def audit_sentences() -> tuple[tuple[str, str], ...]:
    """The sentences the games' rooms write (pattern, words)."""
    return tuple(s for room in ROOMS.values() for s in getattr(room, "AUDIT_SENTENCES", ()))


def desk_urls() -> list[Any]:
    """The desk pages of the games' rooms (each room's ``urls.desk``, when it has one)."""
    found: list[Any] = []
    for room in ROOMS.values():
        try:
            urls = importlib.import_module(room.__name__ + ".urls")
        except ModuleNotFoundError:
            continue
        found.extend(getattr(urls, "desk", []))
    return found
