"""Dominion's room on the web floor: what the desk shows of Dominion's own doings."""

from __future__ import annotations

from kolo.core.problems import N_

AUDIT_ACTIONS: dict[str, str] = {
    "kingdom.draft": N_("draft recorded"),
    "kingdom.set": N_("kingdom entered"),
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
)
"""The sentences Dominion's store writes (pattern, words), most particular first."""
