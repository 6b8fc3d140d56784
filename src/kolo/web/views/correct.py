"""The desk: correcting a result of a closed round (R-EVT-3's explicit correction).

The correction form on a closed round's table posts here; the desk answers with a
confirmation page (``kolo.store.corrections.preview``: the result before and after, the
standings that change, the later tables that would have been paired differently), and
the confirmation stores it. Only the event's owners correct closed rounds, as only they
reopen rounds.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.core.problems import InvalidInput
from kolo.store import corrections, models
from kolo.store.roles import OWNER
from kolo.web import present
from kolo.web.access import organiser
from kolo.web.inputs import optional_number
from kolo.web.views.deskbase import actor_of, base_context, posted_scores, refused, table_seats


def _names(event: models.Event) -> dict[str, str]:
    return {e.code: e.name for e in event.entrants.all()}


def _result_rows(shown: corrections.Preview, names: dict[str, str]) -> list[dict[str, Any]]:
    """The table's players: the score now and corrected (and turns where recorded)."""
    before, after = shown.before, shown.after
    return [
        {
            "name": names.get(code, code),
            "before": points,
            "after": after["scores"].get(code),
            "turns_before": before.get("turns", {}).get(code),
            "turns_after": after.get("turns", {}).get(code),
            "changed": after["scores"].get(code) != points
            or before.get("turns", {}).get(code) != after.get("turns", {}).get(code),
        }
        for code, points in before["scores"].items()
    ]


def _context(
    request: HttpRequest, event: models.Event, role: str, shown: corrections.Preview
) -> dict[str, Any]:
    names = _names(event)
    later = []
    for round_ in shown.later:
        later.append(
            {
                "number": round_.number,
                "unchanged": round_.unchanged,
                "played": [
                    (number, ", ".join(names.get(p, p) for p in seats))
                    for number, seats in round_.played
                ],
                "would_be": [
                    ", ".join(names.get(p, p) for p in seats) for seats in round_.would_be
                ],
                "note": _(round_.note).format(**(round_.note_params or {}))
                if round_.note
                else None,
            }
        )
    context = base_context(request, event, role)
    context.update(
        shown=shown,
        rows=_result_rows(shown, names),
        standings=[
            {
                "name": c.name,
                "rank_before": c.rank_before,
                "rank_after": c.rank_after,
                "points_before": present.points(c.points_before),
                "points_after": present.points(c.points_after),
                "moved": c.rank_after - c.rank_before,
            }
            for c in shown.standings
        ],
        later=later,
        budget=f"{shown.budget:g}",
        posted=[
            (name, value)
            for name, value in request.POST.items()
            if name.startswith(("score_", "turns_")) or name in ("game", "time_limit")
        ],
        unchanged=shown.before == shown.after,
    )
    return context


@organiser(OWNER)
@require_POST
def table_correct(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """A closed round's table: show what the correction changes, or (confirmed) make it."""
    seats = table_seats(event, number, table)
    back = reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    try:
        scores = posted_scores(request, seats, "score")
        turns = posted_scores(request, seats, "turns") or None
        game = optional_number(request.POST.get("game"), "game")
        time_limit = request.POST.get("time_limit") == "on"
        if request.POST.get("confirm") != "yes":
            shown = corrections.preview(
                event,
                number,
                table,
                scores,
                turns=turns,
                game_number=game,
                ended_by_time_limit=time_limit,
            )
            return render(request, "kolo/desk/correct.html", _context(request, event, role, shown))
        corrections.correct(
            actor_of(request),
            event,
            number,
            table,
            scores,
            turns=turns,
            game_number=game,
            ended_by_time_limit=time_limit,
            expected_version=optional_number(request.POST.get("version"), "version"),
        )
    except InvalidInput as error:
        refused(request, error)
        return redirect(back)
    messages.success(
        request,
        _("round {number}, table {table}: result corrected; the standings are recomputed").format(
            number=number, table=table
        ),
    )
    return redirect(back)
