"""The desk's results: a table's result entered or corrected, the preview while typing."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.changes.results import check_final_score
from kolo.core.collation import sort_key
from kolo.core.outcome import outcome
from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models
from kolo.web import present
from kolo.web.access import organiser
from kolo.web.inputs import optional_number
from kolo.web.views.deskbase import actor_of, attempt, posted_scores, render_fragment, table_seats


@organiser()
@require_POST
def table_result(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    seats = table_seats(event, number, table)

    def save() -> None:
        scores = posted_scores(request, seats, "score")
        turns = posted_scores(request, seats, "turns") or None
        game = request.POST.get("game")
        version = request.POST.get("version")
        store.record_result(
            actor_of(request),
            event,
            number,
            table,
            scores,
            turns=turns,
            game_number=optional_number(game, "game"),
            ended_by_time_limit=request.POST.get("time_limit") == "on",
            expected_version=optional_number(version, "version"),
            replace_sheet=request.POST.get("replace_sheet") == "on",
        )

    attempt(request, save, _("table {table}: result saved").format(table=table))
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    )


@organiser()
@require_POST
def table_preview(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """Placements, points and shares of the scores as typed, before saving."""
    seats = table_seats(event, number, table)
    ruleset, settings = store.ruleset_of(event)
    names = {e.code: e.name for e in event.entrants.all()}
    try:
        scores = posted_scores(request, seats, "score")
        turns = posted_scores(request, seats, "turns")
    except InvalidInput as error:
        return render_fragment(
            "kolo/desk/_preview.html", {"problems": [p.text(_) for p in error.problems]}
        )
    if len(scores) != len(seats):
        return render_fragment("kolo/desk/_preview.html", {"waiting": True})
    use_turns = turns if ruleset.ties_by_turns and len(turns) == len(seats) else None
    if ruleset.ties_by_turns and use_turns is None:
        return render_fragment("kolo/desk/_preview.html", {"need_turns": True})
    try:  # a score the game cannot end with (below the target: did time run out?)
        check_final_score(ruleset, settings, scores, request.POST.get("time_limit") == "on")
    except InvalidInput as error:
        return render_fragment(
            "kolo/desk/_preview.html", {"problems": [p.text(_) for p in error.problems]}
        )
    read = outcome(scores, ruleset, settings, use_turns)
    placed = read.places
    rows = [
        {
            "name": names[code],
            "score": scores[code],
            "place": read.place_text(code),
            "points": present.points(placed[code].points),
            "share": present.percent(read.shares[code]),
        }
        for code in sorted(
            seats, key=lambda c: (placed[c].first, sort_key(names[c], present.language()))
        )
    ]
    return render_fragment("kolo/desk/_preview.html", {"rows": rows})
