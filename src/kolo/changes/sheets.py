"""A hand written on a table's score sheet (domino, R-DOMINO-8, R-DOMINO-10): checked against
who sits at the table and what the set allows, scored by the game's rules; when the hand ends
the game, the sheet becomes the table's result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kolo.changes.common import by_seat, the_table
from kolo.core.event import EntrantId, Event, Table
from kolo.core.problems import N_, InvalidInput

__all__ = [
    "N_",
    "InvalidInput",
    "Sheet",
    "Written",
    "keeps_sheets",
    "stored",
    "take_back",
    "write_hand",
]
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.games.domino import sheet as sheets
from kolo.games.domino.sheet import Sheet, SheetHand

SHEET_GAMES = (sheets.BLOCK, sheets.MEXICAN)
"""The games whose results are entered hand by hand."""


@dataclass(frozen=True)
class Written:
    """The sheet after a hand is written (or taken back)."""

    sheet: Sheet
    totals: dict[EntrantId, int]
    """The running totals after its last hand."""
    over: bool
    """The hand ended the game: the sheet is the table's result."""


def keeps_sheets(ruleset: RuleSet) -> bool:
    """Whether this rule set's tables enter results hand by hand."""
    return ruleset.game in SHEET_GAMES


def stored(document: Any) -> Sheet:
    """A sheet as stored (its ``hands`` JSON, checked when written)."""
    parsed, problems = sheets.parse(document or [], "sheet")
    if parsed is None:
        raise InvalidInput(problems)
    return parsed


def write_hand(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table_number: int,
    sheet: Sheet,
    out: EntrantId | None,
    pips: Mapping[EntrantId, int],
) -> Written:
    """The sheet with one more hand: who went out (None: blocked) and the pips left of every
    team or player at the table, refused with the reason where it cannot have happened."""
    if not keeps_sheets(ruleset):
        raise InvalidInput.one(
            N_("{ruleset} does not keep score sheets: enter the game's scores"),
            path="SHEET",
            ruleset=ruleset.id,
        )
    table = the_table(event, round_number, table_number)
    if len(table.games) >= ruleset.games_per_table(round_number, settings):
        raise InvalidInput.one(
            N_("table {table} has its result; correct it, or clear it to write a new sheet"),
            path="TABLE",
            table=table_number,
        )
    by_code = by_seat(event, table, pips, "--pips", N_("no pips left given for {players}"))
    if out is not None and out not in table.seats:
        names = {e.id: e.name for e in event.entrants}
        raise InvalidInput.one(
            N_("'{name}' is not at table {table} (seated: {seated})"),
            path="--out",
            name=names.get(out, out),
            table=table_number,
            seated=", ".join(f"{c} {names.get(c, c)}" for c in table.seats),
        )
    written = Sheet((*sheet.hands, SheetHand(out, by_code)))
    problems = sheets.check(ruleset.game, written, table.seats, settings, "SHEET")
    if problems:
        names = {e.id: e.name for e in event.entrants}
        raise InvalidInput(
            [
                replace(
                    p,
                    params={
                        k: names.get(str(v), v) if k == "who" else v for k, v in p.params.items()
                    },
                )
                for p in problems
            ]
        )
    return _written(ruleset, settings, written, table.seats)


def take_back(
    ruleset: RuleSet,
    settings: Settings,
    sheet: Sheet,
    seats: Sequence[str],
    hand: int | None = None,
) -> Written:
    """The sheet without its last hand (a hand written by mistake). ``hand`` names the hand
    the writer means to take back (its number, 1 for the first): refused when it is not the
    last one any more (someone wrote another hand meanwhile), so that a hand written by
    someone else is never taken back unseen."""
    if not sheet.hands:
        raise InvalidInput.one(N_("the sheet has no hand to take back"), path="SHEET")
    if hand is not None and hand != len(sheet.hands):
        raise InvalidInput.one(
            N_(
                "hand {hand} is not the last hand any more: the sheet has {count} hands "
                "(someone wrote on it meanwhile); look at it again"
            ),
            path="version",
            hand=hand,
            count=len(sheet.hands),
        )
    return _written(ruleset, settings, Sheet(sheet.hands[:-1]), seats)


def _written(ruleset: RuleSet, settings: Settings, sheet: Sheet, seats: Sequence[str]) -> Written:
    return Written(
        sheet,
        sheets.totals(ruleset.game, sheet, seats, settings.scoring),
        sheets.complete(ruleset.game, sheet, seats, settings),
    )


SHEET_IN_PLAY = N_(
    "table {table} has a score sheet in play (hands written: {hands}; totals {totals}); a final "
    "score replaces it and discards those hands: enter it as a replacement of the sheet, or "
    "write the sheet on"
)
"""The refusal of a final score over a sheet in play that does not say it replaces it."""


def refuse_sheet_in_play(
    event: Event, ruleset: RuleSet, settings: Settings, table: Table, hands: object
) -> None:
    """Refuse a final score over the sheet in play (``hands``), saying what it discards."""
    sheet = stored(hands)
    names = {e.id: e.name for e in event.entrants}
    summed = sheets.totals(ruleset.game, sheet, table.seats, settings.scoring)
    raise InvalidInput.one(
        SHEET_IN_PLAY,
        path="replace_sheet",
        table=table.number,
        hands=len(sheet.hands),
        totals=", ".join(f"{names.get(c, c)} {summed[c]}" for c in table.seats),
    )
