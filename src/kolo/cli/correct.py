"""``kolo result … --correct`` in a closed round: R-EVT-3's explicit correction.

It prints what the correction changes (the result, the standings, the later tables the
engine would have paired differently) and then makes it: after ``--yes``, or after the
organiser answers yes at a terminal. Without a terminal and without ``--yes`` it only
prints the summary and refuses (exit 2), so a script never corrects by accident.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import typer

from kolo import i18n
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.store import models


def summary(shown: Any, names: Mapping[str, str], describe: Callable[[Any], str]) -> str:
    """The confirmation summary of a correction (``kolo.store.corrections.Preview``)."""
    from kolo import display

    language = i18n.language()
    lines = [
        _("round {round}, table {table}, game {game}: {before} → {after}").format(
            round=shown.round_number,
            table=shown.table_number,
            game=shown.game_number,
            before=describe(shown.before),
            after=describe(shown.after),
        ),
        _("The round is closed: the standings are computed again (R-EVT-3).")
        + " "
        + _("Standings after round {number}:").format(number=shown.after_round),
    ]
    if not shown.standings:
        lines.append("  " + _("nobody's rank or points change"))
    for c in shown.standings:
        lines.append(
            "  "
            + _("{name}: rank {rank_before} → {rank_after}, points {before} → {after}").format(
                name=c.name,
                rank_before=c.rank_before,
                rank_after=c.rank_after,
                before=display.points(c.points_before, language),
                after=display.points(c.points_after, language),
            )
        )
    if shown.later:
        lines.append(
            _(
                "Later rounds stay as played. Paired again with the corrected result "
                "(own seed, the event's settings, {budget} work seconds each):"
            ).format(budget=f"{shown.budget:g}")
        )
    for r in shown.later:
        if r.unchanged:
            lines.append(
                "  " + _("round {number}: would have been paired the same").format(number=r.number)
            )
            continue
        text = _("round {number}:").format(number=r.number)
        if r.played:
            text += " " + _("tables {tables} would have been different").format(
                tables=", ".join(str(n) for n, _s in r.played)
            )
        if r.would_be:
            text += "; " + _("instead: {tables}").format(
                tables="; ".join(", ".join(names.get(p, p) for p in seats) for seats in r.would_be)
            )
        if r.note:
            text += " (" + _(r.note).format(**(r.note_params or {})) + ")"
        lines.append("  " + text)
    return "\n".join(lines)


def correct_closed(
    event: models.Event,
    round_number: int,
    table_number: int,
    scores: Mapping[str, int],
    *,
    turns: Mapping[str, int] | None,
    game: int | None,
    time_limit: bool | None,
    yes: bool,
    describe: Callable[[Any], str],
) -> None:
    """Print what the correction changes, then make it when confirmed."""
    from kolo.store import corrections

    if not scores:
        raise InvalidInput.one(N_("give the scores: p1=34 p2=28 p3=12"), path="SCORES")
    shown = corrections.preview(
        event,
        round_number,
        table_number,
        scores,
        turns=turns,
        game_number=game,
        ended_by_time_limit=time_limit,
    )
    if shown.before == shown.after:
        print(
            _("round {round}, table {table}: unchanged ({result})").format(
                round=round_number, table=table_number, result=describe(shown.after)
            )
        )
        return
    names = {e.code: e.name for e in event.entrants.all()}
    print(summary(shown, names, describe))
    if not yes:
        if not sys.stdin.isatty():
            raise InvalidInput.one(
                N_("nothing changed: add --yes to make this correction of a closed round"),
                path="--yes",
            )
        if not typer.confirm(_("Make this correction?")):
            print(_("nothing changed"))
            return
    from kolo.cli.options import cli_actor

    corrections.correct(
        cli_actor(),
        event,
        round_number,
        table_number,
        scores,
        turns=turns,
        game_number=shown.game_number,
        ended_by_time_limit=time_limit,
        expected_version=shown.version,
    )
    print(_("corrected; the standings are computed again"))
