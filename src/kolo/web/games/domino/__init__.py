"""Domino's room on the web floor (the block game and Mexican Train): each table's score sheet
with the running totals, who sits where at a table of two teams, a hand written on the desk,
and the printed score sheets."""

from __future__ import annotations

from typing import Any

from kolo.core.problems import N_

AUDIT_ACTIONS: dict[str, str] = {
    "sheet.hand": N_("hand written"),
    "sheet.undo": N_("hand taken back"),
}
"""The actions domino's store records, by their names in words."""

PHONE_ACTIONS = ("hand", "undo")
"""What a player's phone does on a table's score sheet: write a hand, take the last back."""

PRINT_SHEETS = ("scoresheets",)
"""A round's print sheets of domino's own: a score sheet for each table, hand by hand."""
PRINT_WITH_CODES = ("scoresheets",)
"""They carry each table's code for the phones, as the score slips do."""


def add_to_tables(loaded: Any, round_: Any, tables: list[dict[str, Any]]) -> None:
    """Each table's score sheet (``sheet``) and, at a table of two teams, who sits where
    (``partners``)."""
    from kolo.web.games.domino.sheets import add_sheets

    round_row = loaded.event.rounds.filter(number=round_.number).first()
    if round_row is not None:
        add_sheets(loaded, round_row, round_, tables)


def print_sheet(sheet: str, event: Any, context: dict[str, Any]) -> bool:
    """The printed score sheets: as many hand rows as a game may take."""
    from kolo.web.games.domino.sheets import print_scoresheets

    return print_scoresheets(event, context)


def phone_action(action: str, *args: Any) -> None:
    """A hand written on the table's sheet from a player's phone, or the last taken back."""
    from kolo.web.games.domino.phones import phone_action as act

    act(action, *args)
