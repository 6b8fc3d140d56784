"""Series commands: tour standings and championship qualification from a kolo-series/1 file
(docs/series.md). Like the commands on event files, they read files and change nothing."""

from __future__ import annotations

import datetime
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.output import print_json, show_problems, table
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.series.model import Series
    from kolo.series.qualification import QualificationResult
    from kolo.series.results import Placed
    from kolo.series.tour import TourStandings


T = TypeVar("T")

series_app = typer.Typer(
    help=_(
        "Series of events (tours): tour points and championship qualification from a "
        "kolo-series/1 file (RULES.md §6)."
    ),
    no_args_is_help=True,
)
app.add_typer(series_app, name="series")

SeriesArg = Annotated[
    Path,
    typer.Argument(
        help=_("A kolo-series/1 file; its event files are found next to it."),
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help=_("Print JSON."))]

HOW = {
    "last-final": N_("last year's final"),
    "last-championship": N_("last year's championship"),
    "main": N_("main tournament"),
    "local": N_("local tournament"),
    "last-chance": N_("last-chance tournament"),
    "direct": N_("direct place"),
    "points": N_("qualification points"),
}
"""How a player qualified, and what kind an event is, in words."""


def _checked(path: Path, work: Callable[[], T]) -> T:
    """Run ``work``; problems are reported against the series file (exit 2)."""
    try:
        return work()
    except InvalidInput as error:
        show_problems(error.problems, source=str(path))
        raise typer.Exit(2) from None


def load(path: Path) -> Series:
    """Read and validate the series file at ``path`` and every event file it lists
    (``InvalidInput`` lists every problem)."""
    from kolo.eventfile import reader
    from kolo.series import document

    return document.loads(reader.read_text(path), path.parent, reader.ON_DISK)


def load_series(path: Path) -> Series:
    """Read and validate a series file and its event files; problems exit 2. Ids that stand
    for one person under different names are warned about on stderr."""
    from kolo.series import document

    series = _checked(path, lambda: load(path))
    for warning in document.identity_warnings(series):
        names = "; ".join(f"{file}: {name}" for file, name in warning.names)
        print(
            "kolo: "
            + _(
                "warning: '{id}' is taken for one person in every event, but the names differ "
                "({names}); if they are different people, give them a 'player' "
                "(kolo entrant edit EVENT {id} --player NAME, or the event file's 'player')"
            ).format(id=warning.person, names=names),
            file=sys.stderr,
        )
    return series


def _date(value: datetime.date, language: str) -> str:
    return f"{value.day}. {value.month}. {value.year}" if language == "cs" else value.isoformat()


def _rank(rank: int, rank_to: int) -> str:
    return f"{rank}." if rank == rank_to else f"{rank}.–{rank_to}."


def _placed(placed: Placed | None) -> str:
    return _rank(placed.rank, placed.rank_to) if placed is not None else "–"


@series_app.command(
    "validate",
    help=_(
        "Check a series file and every event file it lists: nothing printed and exit 0 when "
        "valid, else one line per problem and exit 2."
    ),
)
def validate_command(file: SeriesArg) -> None:
    load_series(file)


@series_app.command("schema", help=_("Print the JSON Schema of the kolo-series/1 format."))
def schema_command() -> None:
    from kolo.series import document

    print_json(document.json_schema())


@series_app.command(
    "standings",
    help=_(
        "Tour standings: every player's points from the events that count, best four per "
        "city, ranked by points, then fewer events played (R-TOUR-1..5)."
    ),
)
def standings_command(file: SeriesArg, as_json: JsonOption = False) -> None:
    from kolo.series.tour import compute_tour, standings_document

    series = load_series(file)
    tour = _checked(file, lambda: compute_tour(series))
    if as_json:
        print_json(standings_document(tour))
    else:
        print(tour_text(tour))


@series_app.command(
    "qualification",
    help=_(
        "Championship qualification: who qualified, by which event and rule, and which "
        "places passed down and why (R-QUAL-1..6)."
    ),
)
def qualification_command(file: SeriesArg, as_json: JsonOption = False) -> None:
    from kolo.series.qualification import compute_qualification, qualification_document

    series = load_series(file)
    result = _checked(file, lambda: compute_qualification(series))
    if as_json:
        print_json(qualification_document(result))
    else:
        print(qualification_text(result))


@series_app.command(
    "ratings",
    help=_(
        "Every player's rating across the series (openskill Plackett-Luce, game by game in "
        "date order; the rating is mu - 3 sigma): information, not used for pairing."
    ),
)
def ratings_command(
    file: SeriesArg,
    as_json: JsonOption = False,
    history: Annotated[
        bool, typer.Option("--history", help=_("Also each player's rating after every event."))
    ] = False,
) -> None:
    from kolo import display
    from kolo.series.ratings import ranked, ratings_document, series_ratings

    series = load_series(file)
    ratings = series_ratings(series)
    if as_json:
        print_json(ratings_document(ratings))
        return
    lang = i18n.language()
    rows = [
        [
            f"{index}.",
            r.name,
            display.decimal(r.rating, 1, lang),
            f"{display.decimal(r.mu, 1, lang)} ± {display.decimal(r.sigma, 1, lang)}",
            str(r.games),
        ]
        for index, r in enumerate(ranked(ratings), start=1)
    ]
    print(
        _("{series} – ratings").format(series=series.name)
        + "\n\n"
        + table([_("Place"), _("Name"), _("Rating"), "μ ± σ", _("Games")], rows, right=[2, 3, 4])
    )
    if history:
        for r in ranked(ratings):
            last: dict[str, float] = {}
            for point in r.history:
                last[point.event] = point.rating
            steps = ", ".join(
                f"{event} {display.decimal(value, 1, lang)}" for event, value in last.items()
            )
            print(f"{r.name}: {steps}")


def tour_text(tour: TourStandings) -> str:
    """The tour standings for people: the events, the ranking, what was not counted."""
    from kolo import display

    lang = i18n.language()
    lines = [
        _("{series} – tour standings: {rules}").format(
            series=tour.series.name, rules=_(tour.rules.title)
        ),
        "",
        table(
            [_("Date"), _("City"), _("Event"), _("Players"), _("Rounds"), _("Counts")],
            [
                [
                    _date(s.item.date, lang),
                    s.item.city,
                    s.item.file,
                    str(s.result.size),
                    str(s.result.rounds),
                    _("yes: {places} scored places").format(places=s.places)
                    if s.reason is None
                    else _("no: {reason}").format(reason=s.reason.text(_)),
                ]
                for s in tour.events
            ],
            right=[3, 4],
        ),
        "",
    ]
    if not tour.rows:
        lines.append(_("No event counts for the tour yet."))
        return "\n".join(lines)
    lines.append(
        table(
            [_("Place"), _("Name"), _("Points"), _("Events")],
            [
                [
                    _rank(row.rank, row.rank_to),
                    row.name,
                    display.points(row.points, lang),
                    str(row.events_played),
                ]
                for row in tour.rows
            ],
            right=[2, 3],
        )
    )
    skipped = [(row, s) for row in tour.rows for s in row.not_counted if s.status.counts]
    if skipped:
        lines += ["", _("Not counted:")]
        lines.append(
            table(
                [_("Name"), _("Event"), _("Points"), _("Why")],
                [
                    [
                        row.name,
                        s.status.item.file,
                        display.points(s.points, lang),
                        s.reason.text(_) if s.reason is not None else "",
                    ]
                    for row, s in skipped
                ],
                right=[2],
            )
        )
    return "\n".join(lines)


def qualification_text(result: QualificationResult) -> str:
    """The qualification for people: the qualified, the places passed down, the events."""
    from kolo import display

    lang = i18n.language()
    names = {q.person: q.name for q in result.qualified}
    lines = [
        _("{series} – championship qualification: {system}").format(
            series=result.series.name, system=_(result.system.rules.title)
        ),
        "",
        _("Qualified: {count}").format(count=len(result.qualified)),
        table(
            ["#", _("Name"), _("Rule"), _("How"), _("Event"), _("Place")],
            [
                [
                    str(number),
                    q.name,
                    q.rule,
                    _(HOW[q.how])
                    + (f" ({display.points(q.points, lang)})" if q.points is not None else ""),
                    q.item.file if q.item is not None else "–",
                    _placed(q.placed),
                ]
                for number, q in enumerate(result.qualified, start=1)
            ],
            right=[0],
        ),
    ]
    if result.passed_down:
        lines += ["", _("Places not taken:")]
        for passed in result.passed_down:
            to = (
                _("the place passes to {name}").format(name=names.get(passed.to, passed.to))
                if passed.to is not None
                else _("the place is not passed on")
            )
            lines.append(
                "  "
                + _("{event}: {name} ({place}) {reason}; {to}").format(
                    event=passed.item.file,
                    name=passed.placed.entrant.name,
                    place=_placed(passed.placed),
                    reason=passed.reason.text(_),
                    to=to,
                )
            )
    lines += [
        "",
        table(
            [_("Date"), _("Event"), _("Kind"), _("Players"), _("Places"), _("Note")],
            [
                [
                    _date(e.item.date, lang),
                    e.item.file,
                    _(HOW[e.item.kind]) if e.item.kind is not None else "–",
                    str(e.result.size),
                    str(e.places),
                    e.reason.text(_) if e.reason is not None else "",
                ]
                for e in result.events
            ],
            right=[3, 4],
        ),
    ]
    if result.points:
        lines += ["", _("Qualification points:")]
        lines.append(
            table(
                [_("Name"), _("Points"), _("Events")],
                [
                    [
                        p.name,
                        display.points(p.total, lang),
                        ", ".join(
                            f"{item.file} ({display.points(Fraction(v), lang)})"
                            for item, v in p.events
                        ),
                    ]
                    for p in result.points
                ],
                right=[1],
            )
        )
    return "\n".join(lines)
