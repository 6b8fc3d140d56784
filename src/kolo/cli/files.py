"""Commands that read an event file and touch no database: validate, check, standings, schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from kolo import display, i18n
from kolo.cli.app import app, state
from kolo.cli.output import print_json, show_problems, table
from kolo.core import rulesets
from kolo.core.event import Event
from kolo.core.problems import N_, InvalidInput
from kolo.core.rulesets import Success, TieBreak
from kolo.core.settings import resolve
from kolo.core.standings import Standings, compute
from kolo.eventfile import reader
from kolo.eventfile.schema import json_schema
from kolo.i18n import _
from kolo.pairing.checker import check_all_rounds

FileArg = Annotated[Path, typer.Argument(help=_("A kolo-event/1 file."), show_default=False)]


def load_file(path: Path) -> Event:
    """Read and validate an event file; problems are reported with the file's name."""
    try:
        return reader.load(path)
    except InvalidInput as error:
        show_problems(error.problems, source=str(path))
        raise typer.Exit(2) from None


@app.command(
    help=_(
        "Check an event file: nothing printed and exit 0 when valid, else one line per problem "
        "(JSON path and reason) and exit 2."
    )
)
def validate(file: FileArg) -> None:
    load_file(file)


@app.command(
    help=_(
        "Check every round of an event file against the hard rules of pairing (everyone seated "
        "once, table sizes, no repeated three, the smaller tables at the bottom)."
    )
)
def check(file: FileArg) -> None:
    event = load_file(file)
    ruleset = rulesets.get(event.ruleset)
    settings, _problems = resolve(ruleset.defaults, event.settings)
    problems = check_all_rounds(event, ruleset, settings)
    if problems:
        show_problems(problems, source=str(file))
        raise typer.Exit(2)
    print(
        _("every round obeys the hard rules (rounds checked: {count})").format(
            count=len(event.rounds)
        )
    )


@app.command("rulesets", help=_("List the rule sets with their settings and defaults."))
def rulesets_command(
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    from kolo.core.settings import SPECS

    if as_json:
        print_json(
            {
                rs.id: {"title": rs.title, "settings": dict(rs.defaults)}
                for rs in rulesets.REGISTRY.values()
            }
        )
        return
    for rs in rulesets.REGISTRY.values():
        print(f"{rs.id}: {_(rs.title)}")
        for name, value in rs.defaults.items():
            print(f"    {name} = {json.dumps(value)}  ({SPECS[name].rule}) {_(SPECS[name].help)}")
        print()


@app.command(help=_("Print the JSON Schema of the kolo-event/1 format."))
def schema() -> None:
    print_json(json_schema())


@app.command(
    help=_(
        "Standings after the complete rounds: tournament points, then the rule set's tie-breaks "
        "(R-STAND-1..3)."
    )
)
def standings(
    target: Annotated[
        str,
        typer.Argument(
            help=_("An event file, or the key of an event in the store."), show_default=False
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    after_round: Annotated[
        int | None,
        typer.Option(
            "--after-round",
            min=1,
            help=_("Standings after this round (default: the last complete one)."),
        ),
    ] = None,
) -> None:
    path = Path(target)
    if path.suffix.lower() == ".json" or path.is_file():
        event = load_file(path)
    else:
        from kolo.web import bootstrap

        bootstrap.setup(state.db, create=False)
        from kolo.web import store

        event = store.to_core(store.find_event(target))
    ruleset = rulesets.get(event.ruleset)
    settings, _problems = resolve(ruleset.defaults, event.settings)
    result = compute(event, ruleset, settings, after_round)
    if after_round is not None and result.after_round != after_round:
        raise InvalidInput.one(
            N_("round {round} is not complete; standings exist after rounds 1 to {last}")
            if result.after_round
            else N_("round {round} is not complete; no round is complete yet"),
            path="--after-round",
            round=after_round,
            last=compute(event, ruleset, settings).after_round,
        )
    if as_json:
        print_json(standings_document(result, ruleset))
    else:
        print(standings_text(event, result, ruleset))


def _number(value: Any) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def standings_document(result: Standings, ruleset: rulesets.RuleSet) -> dict[str, Any]:
    """The ``kolo standings --json`` document (EVENT-FORMAT.md)."""
    rows = []
    for row in result.rows:
        doc: dict[str, Any] = {
            "rank": row.rank,
            "entrant": row.entrant.id,
            "name": row.entrant.name,
            "points": _number(row.points),
            "success": float(row.success) if row.success is not None else None,
            "games": row.games,
            "dropped": row.dropped,
        }
        if TieBreak.GAME_SCORE in ruleset.tie_breaks:
            doc["game_score"] = row.game_score
        if TieBreak.BUCHHOLZ in ruleset.tie_breaks:
            doc["buchholz"] = _number(row.buchholz)
            doc["score_difference"] = row.score_difference
        rows.append(doc)
    return {"after_round": result.after_round, "standings": rows}


def standings_text(event: Event, result: Standings, ruleset: rulesets.RuleSet) -> str:
    """The standings as an aligned table for people."""
    lang = i18n.language()
    headers = [_("Place"), _("Name"), _("Points")]
    if ruleset.success is Success.MEAN_SHARE:
        headers.append(_("Success"))
    elif ruleset.success is Success.SUM_SHARE:
        headers.append(_("Shares"))
    if TieBreak.GAME_SCORE in ruleset.tie_breaks:
        headers.append(_("Game points"))
    if TieBreak.BUCHHOLZ in ruleset.tie_breaks:
        headers += [_("Buchholz"), _("Score diff.")]
    headers.append(_("Games"))
    rows = []
    for row in result.rows:
        cells = [display.rank(row), row.entrant.name, display.points(row.points, lang)]
        if ruleset.success is not Success.NONE:
            cells.append(display.percent(row.success, lang))
        if TieBreak.GAME_SCORE in ruleset.tie_breaks:
            cells.append(str(row.game_score))
        if TieBreak.BUCHHOLZ in ruleset.tie_breaks and row.buchholz is not None:
            cells += [display.points(row.buchholz, lang), str(row.score_difference)]
        cells.append(str(row.games))
        cells.append(_("(dropped)") if row.dropped else "")
        rows.append(cells)
    title = (
        _("{event} – standings after round {round}").format(
            event=event.name, round=result.after_round
        )
        if result.after_round
        else _("{event} – no round is complete yet").format(event=event.name)
    )
    right = set(range(2, len(headers)))
    return title + "\n\n" + table([*headers, ""], rows, right=sorted(right))


def parse_json_value(text: str) -> Any:
    """A setting's value from the command line: JSON (``6``, ``true``, ``{"a": 1}``) or text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
