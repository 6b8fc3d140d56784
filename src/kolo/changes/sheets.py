"""A table's score sheet written on or taken back, hand by hand (a game that keeps one,
``kolo.games.base.Game.sheet``): the table open, the players named, the hand checked by the
game's rules and, where the hand ends the game, the result the sheet makes
(``changes.results.record_result``) — all decided before anything is written; the store
writes what these return, in one transaction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kolo.changes import results, selfreports
from kolo.changes.common import Refused
from kolo.core.event import EntrantId
from kolo.core.problems import N_, Problem
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.games import registry
from kolo.games.base import ScoreSheet

__all__ = [
    "SHEET_GAMES",
    "SHEET_IN_PLAY",
    "HandWritten",
    "Written",
    "keeps_sheets",
    "stored",
    "take_back",
    "write_hand",
]

SHEET_IN_PLAY = results.SHEET_IN_PLAY

SHEET_GAMES = tuple(g.id for g in registry.GAMES.values() if g.sheet is not None)
"""The games whose results are entered hand by hand."""


@dataclass(frozen=True)
class Written:
    """The sheet after a hand is written (or taken back)."""

    sheet: Any
    """The sheet, as its game keeps it (``ScoreSheet``): its hands in ``hands``."""
    totals: dict[EntrantId, int]
    """The running totals after its last hand."""
    over: bool
    """The hand ended the game: the sheet is the table's result."""


@dataclass(frozen=True)
class HandWritten:
    """A hand written (or taken back): the sheet after it, the sheet to keep on the table
    (``None``: none in play), the audit entry, and the result the sheet makes where the
    hand ended the game and the desk entered it (``None`` otherwise)."""

    written: Written
    kept: list[dict[str, object]] | None
    audit: results.Audit
    result: results.Recorded | None = None
    report: selfreports.Reported | None = None
    """The player's report the sheet makes, where the hand ended the game and a player at
    the table wrote it (``None`` otherwise)."""


def keeps_sheets(ruleset: RuleSet) -> bool:
    """Whether this rule set's tables enter results hand by hand."""
    return registry.get(ruleset.game).sheet is not None


def _sheet_of(game: str | None) -> ScoreSheet | None:
    if game is None:  # every game that keeps a sheet stores its hands alike
        game = SHEET_GAMES[0]
    return registry.get(game).sheet


def stored(document: Any, game: str | None = None) -> Any:
    """A sheet as stored (its ``hands`` JSON, checked when written) of ``game`` (any game that
    keeps one, where not said)."""
    sheet = _sheet_of(game)
    assert sheet is not None
    parsed, problems = sheet.parse(document or [], "sheet")
    if parsed is None:
        raise Refused(problems)
    return parsed


def _doc(sheet: Any) -> dict[str, object]:
    return {"hands": sheet.document()}


def write_hand(
    state: results.Stored,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table_number: int,
    out: str | None,
    pips: Mapping[str, int],
    *,
    expected_hands: int | None = None,
    reported: bool = False,
    reporter: str | None = None,
) -> HandWritten:
    """One hand on a table's sheet: who went out (an id or a name; None: blocked) and the pips
    left by team or player, refused where the game keeps no sheet, the round is closed, the
    table has its result, the sheet changed since the writer saw it (``expected_hands``) or
    the hand cannot have happened. The hand that ends the game makes the sheet the table's
    result, unless a player reports it (``reported``; ``reporter``: who, the table's open
    reports in ``state.reports``): then the sheet stays on the table for the others to
    confirm, and the report it makes is decided here too (``changes.selfreports.report_sheet``)."""
    event, key, game = state.event, state.key, registry.get(ruleset.game).sheet
    before = stored(state.sheet)
    table = results.open_table(event, key, round_number, table_number)
    if expected_hands is not None and expected_hands != len(before.hands):
        raise Refused(
            [Problem("version", N_("someone else wrote on this sheet meanwhile; look at it again"))]
        )
    out_id = results.entrant_id(event, out, key) if out is not None else None
    pips_by_id = results.entrant_ids(event, pips, "--pips", key)
    if game is None:
        raise Refused(
            [
                Problem(
                    "SHEET",
                    N_("{ruleset} does not keep score sheets: enter the game's scores"),
                    {"ruleset": ruleset.id},
                )
            ]
        )
    if len(table.games) >= ruleset.games_per_table(round_number, settings):
        raise Refused(
            [
                Problem(
                    "TABLE",
                    N_(
                        "table {table} has its result; correct it, or clear it to write a new sheet"
                    ),
                    {"table": table_number},
                )
            ]
        )
    names = {e.id: e.name for e in event.entrants}
    by_code = results.by_seat(
        event, table, pips_by_id, "--pips", N_("no pips left given for {players}")
    )
    if out_id is not None and out_id not in table.seats:
        raise Refused(
            [
                Problem(
                    "--out",
                    N_("'{name}' is not at table {table} (seated: {seated})"),
                    {
                        "name": names.get(out_id, out_id),
                        "table": table_number,
                        "seated": ", ".join(f"{c} {names.get(c, c)}" for c in table.seats),
                    },
                )
            ]
        )
    sheet = game.write(before, out_id, by_code)
    problems = game.check(sheet, table.seats, settings, "SHEET")
    if problems:
        raise Refused(
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
    written = Written(
        sheet,
        game.totals(sheet, table.seats, settings.scoring),
        game.complete(sheet, table.seats, settings),
    )
    hand = sheet.hands[-1]
    summary = (
        f"round {round_number} table {table.number}: hand {len(sheet.hands)} written, "
        + ("blocked" if hand.out is None else f"{hand.out} out")
        + (", game over" if written.over else "")
    )
    audit = results.Audit("sheet.hand", summary, _doc(before), _doc(sheet))
    if not written.over:  # the sheet stays on the table while in play
        return HandWritten(written, sheet.document(), audit)
    if reporter is None and not reported:  # the desk's hand: the sheet is the result
        entry = results.Entry(round_number, table.number, written.totals, record=sheet)
        result = results.record_result(replace(state, sheet=None), ruleset, settings, entry)
        return HandWritten(written, None, audit, result)
    if reporter is None:
        return HandWritten(written, sheet.document(), audit)
    # a player's report: the sheet stays on the table for the others to confirm
    report = selfreports.report_sheet(
        state, ruleset, settings, round_number, table, reporter, written.totals, sheet.document()
    )
    return HandWritten(written, sheet.document(), audit, report=report)


def take_back(
    state: results.Stored,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table_number: int,
    hand: int | None = None,
) -> HandWritten:
    """The table's sheet without its last hand (a hand written by mistake), refused where the
    round is closed. ``hand`` names the hand the writer means to take back (its number, 1 for
    the first): refused when it is not the last one any more (someone wrote another hand
    meanwhile), so that a hand written by someone else is never taken back unseen."""
    table = results.open_table(state.event, state.key, round_number, table_number)
    before = stored(state.sheet)
    if not before.hands:
        raise Refused([Problem("SHEET", N_("the sheet has no hand to take back"))])
    if hand is not None and hand != len(before.hands):
        raise Refused(
            [
                Problem(
                    "version",
                    N_(
                        "hand {hand} is not the last hand any more: the sheet has {count} hands "
                        "(someone wrote on it meanwhile); look at it again"
                    ),
                    {"hand": hand, "count": len(before.hands)},
                )
            ]
        )
    game = registry.get(ruleset.game).sheet
    assert game is not None  # a sheet with hands is a game's that keeps one
    sheet = game.take_back(before)
    written = _written(game, settings, sheet, table.seats)
    summary = f"round {round_number} table {table.number}: hand {len(before.hands)} taken back"
    audit = results.Audit("sheet.undo", summary, _doc(before), _doc(sheet))
    return HandWritten(written, sheet.document() if sheet.hands else None, audit)


def _written(game: ScoreSheet, settings: Settings, sheet: Any, seats: Sequence[str]) -> Written:
    return Written(
        sheet, game.totals(sheet, seats, settings.scoring), game.complete(sheet, seats, settings)
    )
