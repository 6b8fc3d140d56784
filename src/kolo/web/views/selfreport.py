"""Self-reporting: a player enters the table's result with the table's code; the others at
the table confirm it with the same code; the organiser accepts it at the desk.

A phone (its session) answers for one player of a table, the first it chose: whoever holds
the code cannot confirm for the whole table. Different reports of one game are all shown.

Codes are rate-limited per client and event: after ten wrong codes in ten minutes the form
refuses further attempts until the oldest of them is ten minutes old, so codes cannot be
guessed. The client is the one the trusted proxy names (``accounts.client_address``), so one
phone never blocks another behind the proxy; the wrong codes are counted in the database
(``kolo.web.limits``), so an attacker's tries count once however many processes serve.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from kolo.core.problems import N_, InvalidInput
from kolo.store import api as store
from kolo.store import models, selfreports
from kolo.web import accounts, games, limits, present, wording
from kolo.web.inputs import shown, whole_number

WRONG_CODES_ALLOWED = 10
PHONE_KEY = "kolo-report-player:"
"""The session key (with the table's id) of the player a phone answers for."""
WINDOW = timedelta(minutes=10)
CODES = "codes"
"""The wrong codes' scope in ``kolo.web.limits``."""


def _client(request: HttpRequest, key: str) -> str:
    return limits.key(key, accounts.client_address(request))


def _limited(request: HttpRequest, key: str) -> bool:
    return limits.count(CODES, _client(request, key), WINDOW) >= WRONG_CODES_ALLOWED


def _wrong_code(request: HttpRequest, key: str) -> None:
    limits.record([(CODES, _client(request, key), WINDOW)])


def _open_report(table: models.Table, posted: str) -> models.SelfReport:
    """The open report a player answers: the one named, or the only one."""
    found = selfreports.open_self_reports(table)
    if posted.strip():
        number = whole_number(posted)
        chosen = next((r for r in found if r.pk == number), None)
        if chosen is None:
            raise InvalidInput.one(N_("this report is settled already"), path="report")
        return chosen
    if not found:
        raise InvalidInput.one(N_("there is no report to confirm"))
    if len(found) > 1:
        raise InvalidInput.one(N_("the reports differ: choose the one you answer"), path="report")
    return found[0]


def _check_phone(request: HttpRequest, table: models.Table, player: str) -> None:
    """One phone answers for one player of a table: the first it chose."""
    bound = request.session.get(f"{PHONE_KEY}{table.pk}")
    if bound and player and bound != player:
        name = next(
            (
                s.entrant.name
                for s in table.seats.select_related("entrant")
                if s.entrant.code == bound
            ),
            bound,
        )
        raise InvalidInput.one(
            N_("On this phone you answer as {name}; each player answers on their own phone"),
            path="player",
            name=name,
        )


def _act(request: HttpRequest, event: models.Event, table: models.Table, seats: Any) -> None:
    actor = store.Actor(who=f"player at table {table.number}", via="web")
    action = request.POST["action"]
    player = request.POST.get("player", "")
    _check_phone(request, table, player)
    if action == "submit":
        scores = {}
        turns = {}
        for c, name in seats:
            raw = request.POST.get(f"score_{c}", "").strip()
            score = whole_number(raw)
            if score is None:
                raise InvalidInput.one(
                    N_("'{value}' for {player} is not a whole number"),
                    value=shown(raw),
                    player=name,
                )
            scores[c] = score
            turn = request.POST.get(f"turns_{c}", "").strip()
            turn_count = whole_number(turn) if turn else None
            if turn and turn_count is None:
                raise InvalidInput.one(
                    N_("'{value}' for {player} is not a whole number"),
                    value=shown(turn),
                    player=name,
                )
            if turn_count is not None:
                turns[c] = turn_count
        selfreports.submit_self_report(
            actor,
            event,
            table,
            player,
            scores,
            turns=turns or None,
            ended_by_time_limit=request.POST.get("time_limit") == "on",
        )
        messages.success(request, _("thank you; the others at the table now confirm it"))
    elif (room := games.phone_room(action)) is not None:  # a game's own (a hand written)
        room.phone_action(action, request, event, table, seats, player, actor)
    elif action in ("confirm", "dispute"):
        chosen = _open_report(table, request.POST.get("report", ""))
        selfreports.answer_self_report(actor, event, chosen, player, action == "confirm")
        messages.success(request, _("thank you"))
    else:
        return
    request.session[f"{PHONE_KEY}{table.pk}"] = player


def self_report(request: HttpRequest, key: str) -> HttpResponse:
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
    table = selfreports.table_by_code(event, code)
    if table is None:
        _wrong_code(request, key)
        messages.error(request, _("no open table has this code"))
        return render(request, "kolo/public/report.html", {**context, "code": ""}, status=404)
    ruleset, settings = store.ruleset_of(event)
    seats = [(s.entrant.code, s.entrant.name) for s in table.seats.select_related("entrant")]
    if request.method == "POST" and request.POST.get("action"):
        try:
            _act(request, event, table, seats)
        except InvalidInput as error:
            for problem in error.problems:
                messages.error(request, wording.problem_text(problem))
        return redirect(reverse("report", kwargs={"key": key}) + f"?code={table.code}")
    names = dict(seats)
    games = table.games.count()
    context["t"] = present.phone_sheet(event, table, seats)
    waiting = [r for r in selfreports.open_self_reports(table) if r.game_number == games + 1]
    context.update(
        table=table,
        seats=seats,
        turns=ruleset.ties_by_turns,
        done=games >= ruleset.games_per_table(table.round.number, settings),
        me=request.session.get(f"{PHONE_KEY}{table.pk}", ""),
        pending=[
            {
                "report": r,
                "scores": [(names[c], v) for c, v in r.scores.items()],
                "confirmed": [e.name for e in r.confirmed_by.all()],
                "disputed": [e.name for e in r.disputed_by.all()],
            }
            for r in waiting
        ],
    )
    return render(request, "kolo/public/report.html", context)
