"""Writing events as ``kolo-event/1`` documents, canonically.

The same event always gives the same text (key order, optional fields), so that
``export → import → export`` is byte-identical.
"""

from __future__ import annotations

import json
from typing import Any

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.eventfile import FORMAT
from kolo.eventfile.setups import setup_key


def to_document(event: Event) -> dict[str, Any]:
    """The event as a JSON-ready document."""
    key = setup_key(event.ruleset)
    return {
        "format": FORMAT,
        "name": event.name,
        "ruleset": event.ruleset,
        "settings": dict(event.settings),
        "entrants": [_entrant(e) for e in event.entrants],
        "rounds": [_round(r, key) for r in event.rounds],
    }


def dumps(event: Event) -> str:
    """The event as JSON text (UTF-8, indented, with a final newline)."""
    return json.dumps(to_document(event), ensure_ascii=False, indent=2) + "\n"


def _entrant(entrant: Entrant) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": entrant.id, "name": entrant.name}
    if entrant.club is not None:
        doc["club"] = entrant.club
    if entrant.dropped_after_round is not None:
        doc["dropped_after_round"] = entrant.dropped_after_round
    if entrant.player is not None:
        doc["player"] = entrant.player
    if entrant.members:
        doc["members"] = [
            {"name": m.name} | ({"player": m.player} if m.player is not None else {})
            for m in entrant.members
        ]
    return doc


def _round(round_: Round, key: str | None) -> dict[str, Any]:
    doc: dict[str, Any] = {"number": round_.number, "seed": round_.seed}
    if round_.stage is not None:
        doc["stage"] = round_.stage
    doc["tables"] = [_table(t, key) for t in round_.tables]
    if round_.byes:
        doc["byes"] = list(round_.byes)
    return doc


def _table(table: Table, key: str | None) -> dict[str, Any]:
    """The table; its setup under the key its game names (``key``: ``Game.setup_key``)."""
    doc: dict[str, Any] = {"number": table.number}
    if table.group is not None:
        doc["group"] = table.group
    doc |= {
        "seats": list(table.seats),
        "games": [_game(g, table.seats, i) for i, g in enumerate(table.games)],
    }
    if table.setup is not None:
        assert key is not None, "a table's setup whose game names no key for it"
        doc[key] = table.setup.document()
    return doc


def _game(game: Game, seats: tuple[str, ...], index: int) -> dict[str, Any]:
    doc: dict[str, Any] = {"scores": {p: game.scores[p] for p in seats}}
    if game.turns is not None:
        doc["turns"] = {p: game.turns[p] for p in seats}
    doc["ended_by_time_limit"] = game.ended_by_time_limit
    # a later game's recorded order is kept even where it is the table's: without it the
    # rule's order applies (R-GORN-9, R-NBGL-1)
    if game.seats is not None and (game.seats != seats or index > 0):
        doc["order"] = list(game.seats)
    if game.record is not None:
        doc["hands"] = game.record.document()
    return doc
