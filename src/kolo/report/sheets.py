"""A score sheet as people read it (a game whose tables write it hand by hand, ``Game.sheet``):
each hand's row — who went out or that it was blocked, what each seat has left and the running
totals, as the game sums them — and where each team's players sit. Used by the command line
(``kolo sheet``), the desk, the phones, the projector and the printed sheets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kolo.core.event import Entrant, EntrantId
from kolo.games import registry


@dataclass(frozen=True)
class HandRow:
    number: int
    out: EntrantId | None
    """Who went out; None: blocked."""
    pips: tuple[int, ...]
    """Pips left, in the table's seat order."""
    totals: tuple[int, ...]
    """The running totals after this hand, in seat order."""


@dataclass(frozen=True)
class SheetView:
    seats: tuple[EntrantId, ...]
    hands: tuple[HandRow, ...]
    totals: tuple[int, ...]
    over: bool
    """The game is over: its result is entered."""


def sheet_view(
    game: str, sheet: Any, seats: Sequence[EntrantId], over: bool, scoring: str = "winner"
) -> SheetView:
    """The rows of ``sheet`` (the game ``game``'s, as its ``ScoreSheet`` keeps it) at a table
    seated ``seats`` (``scoring``: how a hand scores, the setting ``scoring``)."""
    rules = registry.get(game).sheet
    assert rules is not None  # only a game that keeps one has a sheet to show
    after = rules.running(sheet, seats, scoring)
    rows = tuple(
        HandRow(
            i,
            hand.out,
            tuple(hand.pips[s] for s in seats),
            tuple(totals[s] for s in seats),
        )
        for i, (hand, totals) in enumerate(zip(sheet.hands, after, strict=True), start=1)
    )
    last = rows[-1].totals if rows else tuple(0 for _ in seats)
    return SheetView(tuple(seats), rows, last, over)


def partner_seats(
    seats: Sequence[EntrantId], entrants: Mapping[EntrantId, Entrant]
) -> list[tuple[int, EntrantId, str]]:
    """Who sits where at a table of two teams (R-DOMINO-7): seat 1 the first team's first
    member, 2 the second team's first, 3 the first team's second, 4 the second team's second,
    so partners sit opposite; (seat, team, member's name). A team without members named gets
    its name and "1"/"2"."""
    result = []
    for position in range(4):
        team = seats[position % 2]
        members = entrants[team].members
        member = position // 2
        name = (
            members[member].name if len(members) > member else f"{entrants[team].name} {member + 1}"
        )
        result.append((position + 1, team, name))
    return result
