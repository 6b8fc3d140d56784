"""The desk's view of self-reports: a round's open reports grouped by game, with the
game's result where one is in, so conflicting reports and a newer result are seen side by
side before the organiser accepts one."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models, selfreports
from kolo.web import wording
from kolo.web.access import organiser
from kolo.web.inputs import optional_number


def self_report_groups(round_row: models.Round, names: dict[str, str]) -> list[dict[str, Any]]:
    """Each game with open reports: its reports oldest first, and its result if any."""
    waiting = (
        models.SelfReport.objects.filter(table__round=round_row, status__in=selfreports.OPEN)
        .select_related("table", "reported_by")
        .prefetch_related("confirmed_by", "disputed_by")
        .order_by("table__number", "game_number", "created_at", "id")
    )
    games = {
        (g.table_id, g.number): g
        for g in models.Game.objects.filter(table__round=round_row).prefetch_related(
            "scores__entrant"
        )
    }
    groups: dict[tuple[int, int], dict[str, Any]] = {}
    for r in waiting:
        game = games.get((r.table_id, r.game_number))
        group = groups.setdefault(
            (r.table_id, r.game_number),
            {
                "table": r.table.number,
                "game": r.game_number,
                "reports": [],
                "current": _scores({s.entrant.code: s.points for s in game.scores.all()}, names)
                if game is not None
                else None,
                "version": game.version if game is not None else 0,
            },
        )
        group["reports"].append(
            {
                "id": r.pk,
                "by": r.reported_by.name,
                "status": r.status,
                "scores": _scores(r.scores, names),
                "confirmed": [e.name for e in r.confirmed_by.all()],
                "disputed": [e.name for e in r.disputed_by.all()],
                "at": r.created_at,
            }
        )
    for group in groups.values():
        group["conflict"] = len(group["reports"]) > 1
    return list(groups.values())


def _scores(scores: dict[str, int], names: dict[str, str]) -> str:
    return ", ".join(f"{names.get(c, c)} {v}" for c, v in scores.items())


@organiser()
@require_POST
def self_report_decide(
    request: HttpRequest, event: models.Event, role: str, number: int, report: int
) -> HttpResponse:
    """Accept or reject a report; accepting names the version of the result shown."""
    row = models.SelfReport.objects.filter(pk=report, table__round__event=event).first()
    if row is None:
        raise Http404
    accept = request.POST.get("decision") == "accept"
    version = request.POST.get("version", "")
    actor = store.Actor(who=request.user.get_username(), via="web")
    try:
        selfreports.decide_self_report(
            actor,
            event,
            row,
            accept,
            expected_version=optional_number(version, "version"),
        )
    except InvalidInput as error:
        for problem in error.problems:
            messages.error(request, wording.problem_text(problem))
    else:
        messages.success(request, _("report accepted") if accept else _("report rejected"))
    return redirect("desk-round", key=event.key, number=number)
