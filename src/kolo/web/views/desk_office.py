"""The desk's print, exports, audit trail, team and API tokens."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from kolo.core.collation import sort_key
from kolo.core.standings import Row
from kolo.eventfile.writer import dumps
from kolo.report.standings import columns as report_columns
from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import OWNER
from kolo.web import auditwords, csvdownload, games, present
from kolo.web.access import organiser
from kolo.web.inputs import whole_number
from kolo.web.views.desk_rounds import round_context
from kolo.web.views.deskbase import actor_of, attempt, base_context, qr_svg


@organiser()
def print_round(
    request: HttpRequest, event: models.Event, role: str, number: int, printout: str
) -> HttpResponse:
    game = store.ruleset_of(event)[0].game
    if printout not in ROUND_SHEETS and printout not in games.print_sheets(game):
        raise Http404
    context = round_context(request, event, role, number)
    if printout not in ROUND_SHEETS and not games.print_sheet(game, printout, event, context):
        raise Http404  # the round has nothing to print on it
    if printout == "names":
        context["by_name"] = sorted(
            (
                {"name": s["name"], "table": t["number"], "seat": s["seat"]}
                for t in context["tables"]
                for s in t["seats"]
            ),
            key=lambda r: sort_key(r["name"], present.language()),
        )
    if printout == "slips" or printout in games.print_with_codes(game):
        report_url = context["phones"].url(reverse("report", kwargs={"key": event.key}))
        for t in context["tables"]:
            t["qr"] = (
                qr_svg(f"{report_url}?code={t['code']}")
                if event.self_reporting and t["code"]
                else ""
            )
            t["game_numbers"] = list(range(1, t["games_needed"] + 1))
        context["report_url"] = report_url
    if printout == "slips":
        from kolo.games import registry

        played = registry.get(game)
        context["game_title"] = _(played.title) if played.id != "points" else ""
    return render(request, f"kolo/print/{printout}.html", context)


ROUND_SHEETS = ("pairings", "names", "slips")
"""A round's print sheets for every game (a game's room adds its own: ``web.games``)."""


@organiser()
def print_bracket(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    if not event.is_knockout:
        raise Http404
    context = base_context(request, event, role)
    context.update(present.knockout_context(present.Loaded.of(event, public=False)))
    context["printed"] = timezone.localtime()
    return render(request, "kolo/print/bracket.html", context)


@organiser()
def print_standings(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    loaded = present.Loaded.of(event, public=False)
    result = loaded.standings()
    context = base_context(request, event, role)
    context.update(
        standings=result,
        rows=present.standings_rows(loaded, result),
        columns=present.standings_columns(loaded),
        printed=timezone.localtime(),
    )
    return render(request, "kolo/print/standings.html", context)


@organiser()
def export_json(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    response = HttpResponse(
        dumps(store.to_core(event)), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.key}.json"'
    return response


@organiser()
def export_csv(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    loaded = present.Loaded.of(event, public=False)
    result = loaded.standings()
    in_bracket = present.bracket_reached(loaded)
    shown = report_columns(loaded.ruleset, bracket=in_bracket is not None)
    reached = present.standings_rows(loaded, result) if shown.reached else []
    stage = {r["id"]: str(r["reached"]) for r in reached}
    columns = shown.csv_names()

    def after_points(row: Row, column: str) -> Any:
        if column in ("success", "shares"):
            return f"{float(row.success):.6f}" if row.success is not None else ""
        if column == "buchholz":
            return float(row.buchholz) if row.buchholz is not None else ""
        value = row.game_score if column == "game_score" else row.score_difference
        return "" if value is None else value

    def cells(row: Row) -> list[Any]:
        line: list[Any] = [
            row.rank,
            row.rank_to,
            row.entrant.id,
            row.entrant.name,
            row.entrant.club or "",
        ]
        if in_bracket is not None:
            found = in_bracket.get(row.entrant.id)
            line.append(found.text(_) if found is not None else "")
        line.append(float(row.points))
        line += [after_points(row, c) for c in shown.order]
        if shown.reached:
            line.append(stage.get(row.entrant.id, ""))
        return [*line, row.games, "yes" if row.dropped else ""]

    rows = (cells(row) for row in result.rows)
    return csvdownload.response(columns, rows, f"{event.key}-standings.csv")


@organiser()
def audit(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    context = base_context(request, event, role)
    context["entries"] = [
        {
            "at": entry.at,
            "who": entry.who,
            "via": auditwords.via_words(entry.via),
            "action": auditwords.action_words(entry.action),
            "code": entry.action,
            "summary": auditwords.summary_words(entry.summary),
            "reason": entry.reason,
            "before": entry.before,
            "after": entry.after,
        }
        for entry in list(store.audit_trail(event))[::-1]
    ]
    return render(request, "kolo/desk/audit.html", context)


@organiser(OWNER)
def team(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    if request.method == "POST":
        chosen = request.POST.get("role") or None
        username = request.POST.get("username", "").strip()
        done = {
            models.EventRole.OWNER: _("{user} is now an owner of this event"),
            models.EventRole.ASSISTANT: _("{user} now assists: they enter results"),
        }.get(chosen or "", _("{user} no longer has a role here"))
        attempt(
            request,
            lambda: store.set_role(actor_of(request), event, username, chosen),
            done.format(user=username),
        )
        return redirect("desk-team", key=event.key)
    context = base_context(request, event, role)
    context["roles"] = list(models.EventRole.objects.filter(event=event).select_related("user"))
    return render(request, "kolo/desk/team.html", context)


@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    from kolo.web.views.api import new_token

    created = None
    status = 200
    if request.method == "POST":
        if request.POST.get("revoke"):
            pk = whole_number(request.POST["revoke"])
            found = models.ApiToken.objects.filter(user=request.user, pk=pk) if pk else None
            if not found or not found.exists():
                messages.error(request, _("no such token"))
                status = 400
            else:
                found.delete()
                messages.success(request, _("token revoked"))
        else:
            created = new_token(request.user, request.POST.get("name", "") or "token")
    return render(
        request,
        "kolo/desk/tokens.html",
        {"tokens": models.ApiToken.objects.filter(user=request.user), "created": created},
        status=status,
    )
