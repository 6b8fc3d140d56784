"""Self-reporting: a player enters the table's result with the table's code; the others at
the table confirm it with the same code; the organiser accepts it at the desk.

Codes are rate-limited per client: after ten wrong codes in ten minutes the form refuses
further attempts for a while, so codes cannot be guessed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from kolo.core.problems import N_, InvalidInput
from kolo.web import models, present, store
from kolo.web.inputs import shown, whole_number

WRONG_CODES_ALLOWED = 10
WINDOW_SECONDS = 600


def _client(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def _limited(request: HttpRequest, key: str) -> bool:
    return int(cache.get(f"kolo-codes:{key}:{_client(request)}", 0)) >= WRONG_CODES_ALLOWED


def _wrong_code(request: HttpRequest, key: str) -> None:
    name = f"kolo-codes:{key}:{_client(request)}"
    cache.add(name, 0, WINDOW_SECONDS)
    try:
        cache.incr(name)
    except ValueError:
        cache.set(name, 1, WINDOW_SECONDS)


def report(request: HttpRequest, key: str) -> HttpResponse:
    event = get_object_or_404(models.Event, key=key)
    if not event.self_reporting:
        raise Http404
    code = (request.POST.get("code") or request.GET.get("code") or "").strip()
    context: dict[str, Any] = {"event": event, "version": present.version(event), "code": code}
    if not code:
        return render(request, "kolo/public/report.html", context)
    if _limited(request, key):
        messages.error(request, _("too many wrong codes; wait a few minutes and try again"))
        return render(request, "kolo/public/report.html", {**context, "code": ""}, status=429)
    table = store.table_by_code(event, code)
    if table is None:
        _wrong_code(request, key)
        messages.error(request, _("no open table has this code"))
        return render(request, "kolo/public/report.html", {**context, "code": ""}, status=404)
    ruleset, settings = store.ruleset_of(event)
    seats = [(s.entrant.code, s.entrant.name) for s in table.seats.select_related("entrant")]
    actor = store.Actor(who=f"player at table {table.number}", via="web")
    if request.method == "POST" and request.POST.get("action"):
        action = request.POST["action"]
        try:
            if action == "submit":
                scores = {}
                turns = {}
                for c, _name in seats:
                    raw = request.POST.get(f"score_{c}", "").strip()
                    score = whole_number(raw)
                    if score is None:
                        raise InvalidInput.one(
                            N_("'{value}' for {player} is not a whole number"),
                            value=shown(raw),
                            player=_name,
                        )
                    scores[c] = score
                    turn = request.POST.get(f"turns_{c}", "").strip()
                    turn_count = whole_number(turn) if turn else None
                    if turn and turn_count is None:
                        raise InvalidInput.one(
                            N_("'{value}' for {player} is not a whole number"),
                            value=shown(turn),
                            player=_name,
                        )
                    if turn_count is not None:
                        turns[c] = turn_count
                store.submit_report(
                    actor,
                    event,
                    table,
                    request.POST.get("player", ""),
                    scores,
                    turns=turns or None,
                    ended_by_time_limit=request.POST.get("time_limit") == "on",
                )
                messages.success(request, _("thank you; the others at the table now confirm it"))
            elif action in ("confirm", "dispute"):
                pending = table.reports.filter(
                    status__in=[
                        models.SelfReport.PENDING,
                        models.SelfReport.CONFIRMED,
                        models.SelfReport.DISPUTED,
                    ]
                ).last()
                if pending is None:
                    raise InvalidInput.one(N_("there is no report to confirm"))
                store.answer_report(
                    actor, event, pending, request.POST.get("player", ""), action == "confirm"
                )
                messages.success(request, _("thank you"))
        except InvalidInput as error:
            for problem in error.problems:
                messages.error(request, problem.text(_))
        return redirect(reverse("report", kwargs={"key": key}) + f"?code={table.code}")
    pending = table.reports.filter(
        status__in=[
            models.SelfReport.PENDING,
            models.SelfReport.CONFIRMED,
            models.SelfReport.DISPUTED,
        ]
    ).last()
    names = dict(seats)
    context.update(
        table=table,
        seats=seats,
        turns=ruleset.ties_by_turns,
        done=table.games.count() >= ruleset.games_per_table(table.round.number, settings),
        pending=pending,
        pending_scores=[(names[c], v) for c, v in pending.scores.items()] if pending else [],
        confirmed=[e.name for e in pending.confirmed_by.all()] if pending else [],
        disputed=[e.name for e in pending.disputed_by.all()] if pending else [],
    )
    return render(request, "kolo/public/report.html", context)
