"""The web's game registry: each game's room on the web floor, found by the game's id;
generic pages ask here and never name a game.

A room (``kolo.web.games.<game>``) declares, each only where it has one:

- ``add_to_tables(loaded, round_, tables)``: what a round's tables show of the game (the rows
  of ``present.table_rows``, the players' tables pages, the desk's round page, the phones);
- ``round_context(request, loaded, number, tables)``: more for the desk's round page and its
  printouts;
- ``PRINT_SHEETS`` and ``print_sheet(sheet, event, context)``: its own print sheets of a round
  (``print_sheet`` fills the context, False when the round has nothing to print on it);
  ``PRINT_WITH_CODES``: those that carry each table's code for the phones, as the score slips;
- ``DESK_PAGES``: its desk's own pages linked from the desk's home (URL name, words);
- ``urls.desk`` (the desk's own pages), ``urls.event_desk`` (an event's desk pages) and
  ``urls.event_public`` (an event's pages for the players);
- ``PHONE_ACTIONS`` and ``phone_action(action, request, event, table, seats, player, actor)``:
  what a player's phone does at a table beside reporting a result (a hand written);
- ``AUDIT_ACTIONS`` and ``AUDIT_SENTENCES``: the words of what its store records;
  ``DESK_WORDS``: its store's problems worded for the command line, as the desk says them;
- its templates under ``templates/`` in its folder (found by ``web/settings.py``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from kolo.web.games import dominion, domino

ROOMS: dict[str, ModuleType] = {
    "dominion": dominion,
    "domino-block": domino,
    "mexican-train": domino,
}
"""Each game's web room by the game's id (a game with nothing of its own to show has none)."""


def room(game: str) -> ModuleType | None:
    """The web room of the game with this id (None: it has none)."""
    return ROOMS.get(game)


def _rooms() -> list[ModuleType]:
    """Every room once (a room may serve more than one game)."""
    return list({id(r): r for r in ROOMS.values()}.values())


def audit_actions() -> dict[str, str]:
    """The actions the games' rooms record, by their names in words."""
    return {k: v for room in _rooms() for k, v in getattr(room, "AUDIT_ACTIONS", {}).items()}


def audit_sentences() -> tuple[tuple[str, str], ...]:
    """The sentences the games' rooms write (pattern, words)."""
    return tuple(s for room in _rooms() for s in getattr(room, "AUDIT_SENTENCES", ()))


def desk_words() -> dict[str, str]:
    """The games' rooms' problems as the desk words them (the command line's words → the
    desk's)."""
    return {k: v for room in _rooms() for k, v in getattr(room, "DESK_WORDS", {}).items()}


def phone_room(action: str) -> ModuleType | None:
    """The room whose players' phones do ``action`` (a hand written on a score sheet)."""
    return next((r for r in _rooms() if action in getattr(r, "PHONE_ACTIONS", ())), None)


def add_to_tables(loaded: Any, round_: Any, tables: list[dict[str, Any]]) -> None:
    """What each table of a round shows of the event's game, added to its row (a kingdom, a
    score sheet): the room's ``add_to_tables``, where it has one."""
    hook = getattr(room(loaded.ruleset.game), "add_to_tables", None)
    if hook is not None:
        hook(loaded, round_, tables)


def round_context(
    request: Any, loaded: Any, number: int, tables: list[dict[str, Any]]
) -> dict[str, Any]:
    """What the desk's round page (and its printouts) show more of the event's game."""
    hook = getattr(room(loaded.ruleset.game), "round_context", None)
    return hook(request, loaded, number, tables) if hook is not None else {}


def print_sheets(game: str) -> tuple[str, ...]:
    """The print sheets of a round that the game's room adds to the desk's own."""
    return tuple(getattr(room(game), "PRINT_SHEETS", ()))


def print_with_codes(game: str) -> tuple[str, ...]:
    """The game's print sheets that carry each table's code for the phones."""
    return tuple(getattr(room(game), "PRINT_WITH_CODES", ()))


def print_sheet(game: str, sheet: str, event: Any, context: dict[str, Any]) -> bool:
    """The game's print sheet ``sheet`` of a round: its part of the context filled; False
    when the round has nothing to print on it."""
    found = room(game)
    if found is None or sheet not in print_sheets(game):
        return False
    return bool(found.print_sheet(sheet, event, context))


def _urls(name: str) -> list[Any]:
    found: list[Any] = []
    for each in _rooms():
        try:
            urls = importlib.import_module(each.__name__ + ".urls")
        except ModuleNotFoundError as missing:
            if missing.name != each.__name__ + ".urls":
                raise
            continue
        found.extend(getattr(urls, name, []))
    return found


def desk_pages() -> list[dict[str, str]]:
    """The games' own desk pages linked from the desk's home: each ``url`` and ``words`` in
    the language in use."""
    return [
        {"url": reverse(name), "words": gettext(words)}
        for each in _rooms()
        for name, words in getattr(each, "DESK_PAGES", ())
    ]


def desk_urls() -> list[Any]:
    """The desk pages of the games' rooms (each room's ``urls.desk``, when it has one)."""
    return _urls("desk")


def event_desk_urls() -> list[Any]:
    """An event's desk pages of the games' rooms (each room's ``urls.event_desk``), under
    ``desk/<event>/``."""
    return _urls("event_desk")


def event_public_urls() -> list[Any]:
    """An event's pages for the players of the games' rooms (each room's
    ``urls.event_public``), under ``e/<event>/``."""
    return _urls("event_public")
