"""``kolo result``: enter a table's result, or correct it."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from kolo.cli.app import app
from kolo.cli.options import EventArg, RoundArg, assignments, cli_actor, open_store
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _


@app.command(help=_("Enter a table's result, or correct it (the audit trail keeps both)."))
def result(
    event: EventArg,
    round_number: RoundArg,
    table_number: Annotated[
        int, typer.Argument(help=_("Table number."), metavar="TABLE", show_default=False)
    ],
    scores: Annotated[
        list[str] | None,
        typer.Argument(
            help=_("Game points per player: p1=34 p2=28 p3=12 (id or exact name)."),
            show_default=False,
        ),
    ] = None,
    turns: Annotated[
        str | None,
        typer.Option("--turns", help=_("Turns taken: p1=17,p2=17,p3=16 (NBGL tie-break).")),
    ] = None,
    game: Annotated[
        int | None, typer.Option("--game", help=_("Which game of the table (default: the next)."))
    ] = None,
    time_limit: Annotated[
        bool | None,
        typer.Option(
            "--time-limit/--no-time-limit",
            help=_(
                "The game was (or was not) ended by the time limit (R-DOM-9); a correction "
                "keeps the mark unless given."
            ),
            show_default=False,
        ),
    ] = None,
    clear: Annotated[
        bool, typer.Option("--clear", help=_("Take back the table's last result."))
    ] = False,
    correct: Annotated[
        bool,
        typer.Option(
            "--correct",
            help=_(
                "Replace the result the game has (without it, one is refused). In a closed "
                "round: an explicit correction (R-EVT-3) that first prints what changes."
            ),
        ),
    ] = False,
    replace_sheet: Annotated[
        bool,
        typer.Option(
            "--replace-sheet",
            help=_(
                "The table has a score sheet in play, written hand by hand: replace it by this "
                "final score, discarding its hands (without it, such a result is refused)."
            ),
        ),
    ] = False,
    yes: Annotated[
        bool,
        typer.Option(
            "--yes", help=_("Make a closed round's correction without asking for confirmation.")
        ),
    ] = False,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    if correct and not clear and store.get_round(found, round_number).closed:
        from kolo.cli.correct import correct_closed

        correct_closed(
            found,
            round_number,
            table_number,
            assignments(scores or [], "SCORES"),
            turns=assignments(turns.split(","), "--turns") if turns else None,
            game=game,
            time_limit=time_limit,
            yes=yes,
            describe=describe_result,
        )
        return
    if clear:
        cleared = store.clear_result(cli_actor(), found, round_number, table_number, game)
        print(
            _("cleared game {game} of table {table}").format(
                game=cleared["game"], table=table_number
            )
        )
        return
    if not scores:
        raise InvalidInput.one(N_("give the scores: p1=34 p2=28 p3=12"), path="SCORES")
    by_player = assignments(scores, "SCORES")
    turns_by_player = assignments(turns.split(","), "--turns") if turns else None
    ruleset, settings = store.ruleset_of(found)

    def where(game_number: int) -> str:
        text = _("round {round}, table {table}").format(round=round_number, table=table_number)
        if ruleset.games_per_table(round_number, settings) > 1:
            text += ", " + _("game {game}").format(game=game_number)
        return text

    try:
        game_row, before = store.record_result(
            cli_actor(),
            found,
            round_number,
            table_number,
            by_player,
            turns=turns_by_player,
            game_number=game,
            ended_by_time_limit=time_limit,
            correct=correct,
            replace_sheet=replace_sheet,
        )
    except InvalidInput as error:
        exists = next((p for p in error.problems if p.message == store.RESULT_IS_IN), None)
        in_play = next((p for p in error.problems if p.message == store.SHEET_IN_PLAY), None)
        if in_play is not None:
            raise InvalidInput.one(
                N_(
                    "table {table} has a score sheet in play (hands written: {hands}; totals "
                    "{totals}); this final score would discard those hands: to replace the "
                    "sheet, add --replace-sheet"
                ),
                path="--replace-sheet",
                **in_play.params,
            ) from None
        if exists is None:
            raise
        current: Any = exists.params["current"]
        raise InvalidInput.one(
            N_("{where} already has {result}; to replace it, add --correct"),
            path="SCORES",
            where=where(current["game"]),
            result=describe_result(current),
        ) from None
    after = store.game_document(game_row)
    if before is None:
        print(f"{where(after['game'])}: {describe_result(after)}")
    elif before == after:
        print(f"{where(after['game'])}: " + _("unchanged") + f" ({describe_result(after)})")
    else:
        print(
            f"{where(after['game'])}: "
            + _("corrected to {result} (was {before})").format(
                result=describe_result(after), before=describe_result(before)
            )
        )


def describe_result(doc: dict[str, Any]) -> str:
    """A game's result in one line: ``p1=34 p2=28 p3=12; turns p1=17,…; time limit``."""
    text = " ".join(f"{c}={v}" for c, v in doc["scores"].items())
    if doc.get("turns"):
        text += "; " + _("turns") + " " + ",".join(f"{c}={v}" for c, v in doc["turns"].items())
    if doc.get("ended_by_time_limit"):
        text += "; " + _("ended by the time limit")
    return text


# --- files and the audit trail ----------------------------------------------------------
