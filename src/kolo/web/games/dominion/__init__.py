"""Dominion's room on the web floor: each table's kingdom and its draft, the kingdom report and
fair kingdoms to propose, the card pools, the print sheets of kingdoms and draws, and the
words of what Dominion's store records."""

from __future__ import annotations

from typing import Any

from kolo.core.problems import N_

AUDIT_ACTIONS: dict[str, str] = {
    "kingdom.draft": N_("draft recorded"),
    "kingdom.set": N_("kingdom entered"),
    "pool.save": N_("card pool saved"),
}
"""The actions Dominion's store records, by their names in words."""

AUDIT_SENTENCES: tuple[tuple[str, str], ...] = (
    (
        r"round (?P<round>\d+) table (?P<table>\d+): draft recorded",
        N_("recorded the draft of table {table} of round {round}"),
    ),
    (
        r"round (?P<round>\d+) table (?P<table>\d+): kingdom recorded by hand",
        N_("entered the kingdom of table {table} of round {round} by hand"),
    ),
    (
        r"saved card pool (?P<pool>\S+) \((?P<cards>\d+) cards\)",
        N_("saved card pool {pool} (cards: {cards})"),
    ),
)
"""The sentences Dominion's store writes (pattern, words), most particular first."""

DESK_WORDS: dict[str, str] = {
    N_("no card pool '{name}' (kolo pool list shows them)"): N_("no card pool '{name}'"),
}
"""The problems Dominion's store words for the command line, as the desk says them."""

DESK_PAGES: tuple[tuple[str, str], ...] = (("desk-pools", N_("Dominion card pools")),)
"""The desk's own pages of Dominion, linked from the desk's home (URL name, words)."""

PRINT_SHEETS = ("kingdoms", "draws")
"""A round's print sheets of Dominion's own: each table's sheet with its kingdom, and the
head referee's sheet of the round's draws."""


def add_to_tables(loaded: Any, round_: Any, tables: list[dict[str, Any]]) -> None:
    """Each table's kingdom (``kingdom``: its view; ``kingdom_html``: as the pages show it)."""
    from kolo.web.games.dominion.tables import add_kingdoms

    add_kingdoms(loaded, round_, tables)


def round_context(
    request: Any, loaded: Any, number: int, tables: list[dict[str, Any]]
) -> dict[str, Any]:
    """The draft's form on each table with choices to pick from, and whether any table keeps
    a kingdom (the print sheets of kingdoms)."""
    from kolo.web.games.dominion.tables import kingdoms_context

    return kingdoms_context(request, loaded.event, number, tables)


def print_sheet(sheet: str, event: Any, context: dict[str, Any]) -> bool:
    """The table sheets with their kingdoms, or the head referee's sheet of the draws."""
    from kolo.web.games.dominion.tables import print_kingdoms

    return print_kingdoms(sheet, context)
