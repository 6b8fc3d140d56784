"""The desk's entrants: entering, editing, dropping and removing them, and what that does to
NBGL's qualifiers."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.core.collation import sort_key
from kolo.core.problems import N_, InvalidInput
from kolo.core.qualifiers import QualifierPlan
from kolo.games import rulesets
from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import OWNER
from kolo.web import present, qualifierwords
from kolo.web.access import organiser
from kolo.web.views.deskbase import actor_of, attempt, base_context


def _parse_bulk(text: str) -> list[tuple[str, str | None]]:
    """One entrant per line: ``name`` or ``name,club`` (CSV quoting allowed)."""
    entries: list[tuple[str, str | None]] = []
    for row in csv.reader(io.StringIO(text)):
        if not row or not any(c.strip() for c in row):
            continue
        if len(row) > 2:
            raise InvalidInput.one(
                N_("row {row} has {count} columns; a row is: name,club"),
                path="entrants",
                row=len(entries) + 1,
                count=len(row),
            )
        entries.append((row[0], row[1] if len(row) > 1 else None))
    return entries


def _parse_teams(text: str) -> list[tuple[str, list[str]]]:
    """One team per line: ``team`` or ``team,first member,second member`` (CSV quoting)."""
    teams: list[tuple[str, list[str]]] = []
    for row in csv.reader(io.StringIO(text)):
        if not row or not any(c.strip() for c in row):
            continue
        if len(row) not in (1, 3):
            raise InvalidInput.one(
                N_("row {row} has {count} columns; a row is: team,first member,second member"),
                path="entrants",
                row=len(teams) + 1,
                count=len(row),
            )
        teams.append((row[0], [m.strip() for m in row[1:]]))
    return teams


@organiser(OWNER)
def entrants(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    teams = rulesets.get(event.ruleset).teams
    if request.method == "POST":
        allow = request.POST.get("allow_duplicate") == "on"

        def add() -> None:
            text = request.POST.get("names", "")
            try:
                if teams:
                    parsed = _parse_teams(text)
                    store.add_teams(actor_of(request), event, parsed, allow_duplicate=allow)
                    return
                entries = _parse_bulk(text)
                store.add_entrants(actor_of(request), event, entries, allow_duplicate=allow)
            except store.DuplicateEntrant as error:
                raise error.worded(
                    N_(
                        "'{name}' is entered already; tick “allow a name entered already” to "
                        "add a second one"
                    )
                ) from None

        before = qualifierwords.plan_of(event)
        if attempt(request, add, _("entrants added")):
            _say_qualifiers(request, event, before)
            return redirect("desk-entrants", key=event.key)
    context = base_context(request, event, role)
    context.update(
        entrants=sorted(event.entrants.all(), key=lambda e: sort_key(e.name, present.language())),
        names=request.POST.get("names", "") if request.method == "POST" else "",
        teams=teams,
    )
    refused = request.method == "POST"  # a refused entry is the client's error
    return render(request, "kolo/desk/entrants.html", context, status=400 if refused else 200)


@organiser(OWNER)
@require_POST
def entrant_edit(request: HttpRequest, event: models.Event, role: str, code: str) -> HttpResponse:
    action = request.POST.get("action")
    actor = actor_of(request)
    changes: dict[str, Callable[[], Any]] = {
        "drop": lambda: store.drop_entrant(actor, event, code),
        "undrop": lambda: store.drop_entrant(actor, event, code, undo=True),
        "remove": lambda: store.remove_entrant(actor, event, code),
        "members": lambda: store.set_members(
            actor,
            event,
            code,
            [request.POST.get("member1", ""), request.POST.get("member2", "")],
        ),
        "edit": lambda: store.rename_entrant(
            actor,
            event,
            code,
            request.POST.get("name"),
            request.POST.get("club"),
            request.POST.get("player"),
        ),
    }
    if action not in changes:
        return HttpResponseBadRequest("unknown action")
    entrant = event.entrants.filter(code=code).first()
    if action == "remove" and request.POST.get("confirmed") != "yes" and entrant is not None:
        context = base_context(request, event, role)
        context["entrant"] = entrant
        return render(request, "kolo/desk/remove.html", context)
    name = request.POST.get("name") or (entrant.name if entrant else code)
    done = {
        "drop": _("{name} dropped: not paired from the next round on"),
        "undrop": _("{name} is back in: paired from the next round on"),
        "remove": _("{name} removed"),
        "edit": _("{name}: entry saved"),
        "members": _("{name}: members saved"),
    }[action].format(name=name)
    before = qualifierwords.plan_of(event)
    if attempt(request, changes[action], done):
        _say_qualifiers(request, event, before)
    return redirect("desk-entrants", key=event.key)


def _say_qualifiers(
    request: HttpRequest, event: models.Event, before: QualifierPlan | None
) -> None:
    """After an entrants' change: say so when the knockout's qualifiers changed with it."""
    said = qualifierwords.change_text(before, qualifierwords.plan_of(event))
    if said is not None:
        messages.warning(request, said)
