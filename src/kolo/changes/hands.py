"""A table's score sheet written on or taken back, composed of the pure changes: the table
open, the players named, the hand checked (``changes.sheets``) and, where the hand ends
the game, the result it makes (``changes.results.record_result``): the store writes what
these return, in one transaction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from kolo.changes import results, sheets
from kolo.core.problems import N_, InvalidInput
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings


@dataclass(frozen=True)
class HandWritten:
    """A hand written (or taken back): the sheet after it, the sheet to keep on the table
    (``None``: none in play), the audit entry, and the result the sheet makes where the
    hand ended the game and the desk entered it (``None`` otherwise)."""

    written: sheets.Written
    kept: list[dict[str, object]] | None
    audit: results.Audit
    result: results.Recorded | None = None


def _doc(sheet: sheets.Sheet) -> dict[str, object]:
    return {"hands": sheet.document()}


def write_hand(
    stored: results.Stored,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table_number: int,
    out: str | None,
    pips: Mapping[str, int],
    *,
    expected_hands: int | None = None,
    reported: bool = False,
) -> HandWritten:
    """One hand on a table's sheet: who went out (an id or a name; None: blocked) and the pips
    left by team or player, refused where the round is closed, the sheet changed since the
    writer saw it (``expected_hands``) or the hand cannot have happened. The hand that ends
    the game makes the sheet the table's result, unless a player reports it (``reported``):
    then the sheet stays on the table for the others to confirm."""
    event, key = stored.event, stored.key
    table = results.open_table(event, key, round_number, table_number)
    before = sheets.stored(stored.sheet)
    if expected_hands is not None and expected_hands != len(before.hands):
        raise InvalidInput.one(
            N_("someone else wrote on this sheet meanwhile; look at it again"),
            path="version",
        )
    out_id = results.entrant_id(event, out, key) if out is not None else None
    pips_by_id = results.entrant_ids(event, pips, "--pips", key)
    written = sheets.write_hand(
        event, ruleset, settings, round_number, table.number, before, out_id, pips_by_id
    )
    hand = written.sheet.hands[-1]
    summary = (
        f"round {round_number} table {table.number}: hand {len(written.sheet.hands)} written, "
        + ("blocked" if hand.out is None else f"{hand.out} out")
        + (", game over" if written.over else "")
    )
    audit = results.Audit("sheet.hand", summary, _doc(before), _doc(written.sheet))
    finished_here = written.over and not reported
    if not finished_here:  # the sheet stays on the table while in play, or while confirmed
        return HandWritten(written, written.sheet.document(), audit)
    entry = results.Entry(round_number, table.number, written.totals, record=written.sheet)
    result = results.record_result(replace(stored, sheet=None), ruleset, settings, entry)
    return HandWritten(written, None, audit, result)


def take_back(
    stored: results.Stored,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table_number: int,
    hand: int | None = None,
) -> HandWritten:
    """The table's sheet without its last hand (``changes.sheets.take_back``), refused where
    the round is closed."""
    table = results.open_table(stored.event, stored.key, round_number, table_number)
    before = sheets.stored(stored.sheet)
    written = sheets.take_back(ruleset, settings, before, table.seats, hand)
    summary = f"round {round_number} table {table.number}: hand {len(before.hands)} taken back"
    audit = results.Audit("sheet.undo", summary, _doc(before), _doc(written.sheet))
    return HandWritten(written, written.sheet.document() if written.sheet.hands else None, audit)
