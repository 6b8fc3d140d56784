"""A domino table's score sheet as the pages show it: the hands with the running totals (the
players' tables, the desk's round page, the phones), who sits where at a table of two teams
(R-DOMINO-7), and the printed score sheets."""

from __future__ import annotations

from typing import Any

from kolo.changes.sheets import stored
from kolo.core import event as core
from kolo.games.domino.sheet import Sheet, complete
from kolo.report.sheets import partner_seats, sheet_view
from kolo.store import api as store
from kolo.store import models
from kolo.web.loaded import Loaded


def add_sheets(
    loaded: Loaded, round_row: models.Round, round_: core.Round, tables: list[dict[str, Any]]
) -> None:
    """Each domino table's score sheet (``sheet``: the game in play, or the last one
    played) and who sits where (``partners``: partners opposite, R-DOMINO-7)."""
    in_play = dict(round_row.tables.values_list("number", "sheet"))
    entrants = {e.id: e for e in loaded.value.entrants}
    for table, row in zip(round_.tables, tables, strict=True):
        last = table.games[-1] if table.games else None
        if row["complete"] and last is not None and isinstance(last.record, Sheet):
            view = sheet_view(
                loaded.ruleset.game, last.record, table.seats, True, loaded.settings.scoring
            )
        elif row["complete"]:
            view = None  # entered as a final score only
        else:
            played = stored(in_play.get(table.number))
            over = complete(loaded.ruleset.game, played, table.seats, loaded.settings)
            view = sheet_view(
                loaded.ruleset.game, played, table.seats, over, loaded.settings.scoring
            )
        row["sheet"] = _sheet_dict(view, loaded) if view is not None else None
        if loaded.ruleset.teams and len(table.seats) == 2:
            row["partners"] = [
                {"seat": seat, "team": loaded.names[team], "name": name}
                for seat, team, name in partner_seats(table.seats, entrants)
            ]


def _sheet_dict(view: Any, loaded: Loaded) -> dict[str, Any]:
    return {
        "names": [loaded.names[s] for s in view.seats],
        "seats": list(view.seats),
        "hands": [
            {
                "number": h.number,
                "out": loaded.names.get(h.out, h.out) if h.out is not None else None,
                "cells": [{"pips": p, "total": t} for p, t in zip(h.pips, h.totals, strict=True)],
            }
            for h in view.hands
        ],
        "count": len(view.hands),
        "totals": list(view.totals),
        "scores": [
            {"name": loaded.names[s], "total": t}
            for s, t in zip(view.seats, view.totals, strict=True)
        ],
        "over": view.over,
        "target": loaded.settings.target if loaded.ruleset.teams else None,
        "hands_in_game": None if loaded.ruleset.teams else loaded.settings.hands,
    }


def print_scoresheets(event: models.Event, context: dict[str, Any]) -> bool:
    """The printed score sheets of a round (False: no table of it keeps a sheet): as many hand
    rows as a game may take, and what ends the game (the target, or the hands to play)."""
    if not context["has_sheets"]:
        return False
    ruleset, settings = store.ruleset_of(event)
    rows = settings.hands if not ruleset.teams else SHEET_ROWS
    context["rows"] = range(1, rows + 1)
    context["target"] = settings.target if ruleset.teams else None
    context["hands_in_game"] = None if ruleset.teams else settings.hands
    return True


SHEET_ROWS = 16
"""Hand rows on a printed block-game sheet: a match to 100 takes 4–10 hands (docs/domino.md)."""
