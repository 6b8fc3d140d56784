"""The desk's check-in on the day (R-REG-3): opening it, the list of players with a tap to
check each in (search ignoring accents, as Find my table does), late entries, the players
running late, which waiting or late players to seat for the fewest smaller tables, those who
did not come dropped; a player's check-in by their QR code, and the code itself."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from kolo.core import checkin as reading
from kolo.core import collation
from kolo.core.collation import sort_key
from kolo.games import rulesets
from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import OWNER
from kolo.web import present, publicurl
from kolo.web.access import organiser
from kolo.web.inputs import whole_number
from kolo.web.views.deskbase import actor_of, attempt, base_context

REGISTERED, WAITING = "registered", "waiting"


@dataclass
class Row:
    """One line of the check-in list: an entrant, or a waiting registration no entrant stands
    for yet."""

    name: str
    club: str
    code: str = ""
    registration: models.Registration | None = None
    checked_in_at: Any = None
    dropped: bool = False
    waiting: int | None = None
    late_until: Any = None


@dataclass
class CheckinState:
    """What the desk shows of check-in: the counts, the players still missing, the players
    running late, and the seating hint."""

    opened: bool
    paired: bool
    rows: list[Row] = field(default_factory=list)
    checked_in: int = 0
    active: int = 0
    registered: int = 0
    absent: list[Row] = field(default_factory=list)
    late: list[Row] = field(default_factory=list)
    hint: reading.SeatingHint | None = None


def checkin_state(event: models.Event) -> CheckinState:
    """The event's check-in as the desk shows it."""
    paired = event.rounds.exists()
    state = CheckinState(opened=event.checkin_opened_at is not None, paired=paired)
    registrations = list(event.registrations.select_related("entrant"))
    by_entrant = {r.entrant_id: r for r in registrations if r.entrant_id is not None}
    state.registered = sum(1 for r in registrations if r.status == REGISTERED)
    for entrant in event.entrants.all():
        registration = by_entrant.get(entrant.pk)
        dropped = entrant.dropped_after_round is not None
        if dropped and entrant.dropped_after_round != 0:
            continue  # dropped during the event: not a matter for check-in
        row = Row(
            name=entrant.name,
            club=entrant.club or "",
            code=entrant.code,
            registration=registration,
            checked_in_at=entrant.checked_in_at,
            dropped=dropped,
            late_until=registration.running_late_until if registration else None,
        )
        state.rows.append(row)
        if not dropped:
            state.active += 1
            if entrant.checked_in_at is not None:
                state.checked_in += 1
            elif not paired:
                state.absent.append(row)
                if row.late_until is not None:
                    state.late.append(row)
    for registration in registrations:
        if registration.status == REGISTERED and registration.entrant_id is None:
            # registered since check-in opened: checked in, it becomes an entrant
            state.rows.append(
                Row(
                    name=registration.name,
                    club=registration.club,
                    registration=registration,
                    late_until=registration.running_late_until,
                )
            )
    waiting = [r for r in registrations if r.status == WAITING and r.entrant_id is None]
    for position, registration in enumerate(waiting, start=1):
        state.rows.append(
            Row(
                name=registration.name,
                club=registration.club,
                registration=registration,
                waiting=position,
                late_until=registration.running_late_until,
            )
        )
    if state.opened and not paired:
        state.late.sort(key=lambda r: r.late_until)
        candidates = [r.name for r in state.late] + [r.name for r in waiting]
        ruleset = rulesets.get(event.ruleset)
        state.hint = reading.seating_hint(
            state.checked_in, candidates, ruleset, ruleset.settings(event.settings)
        )
    state.rows.sort(key=lambda r: sort_key(r.name, present.language()))
    return state


def _desk_link(request: HttpRequest, event: models.Event, token: str) -> str:
    """The organiser's check-in address of a registration, as a phone reaches it."""
    path = reverse("desk-checkin-player", args=[event.key, token])
    return publicurl.phone_address(request).base.rstrip("/") + path


@organiser(OWNER)
def checkin(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    """The check-in list; its forms post here: open, check in, take back, seat a waiting
    player, a late entry, drop those who did not come."""
    if request.method == "POST":
        actor = actor_of(request)
        action = request.POST.get("action", "")
        code = request.POST.get("code", "")
        name = request.POST.get("name", "")
        if action == "open":
            attempt(request, lambda: store.open_checkin(actor, event), _("Check-in is open."))
        elif action == "checkin":
            attempt(
                request,
                lambda: store.check_in(actor, event, [code]),
                _("{name} checked in").format(name=name),
            )
        elif action == "undo":
            attempt(
                request,
                lambda: store.check_in(actor, event, [code], undo=True),
                _("{name}: check-in taken back").format(name=name),
            )
        elif action == "seat":
            number = whole_number(request.POST.get("number") or "")
            found = event.registrations.filter(number=number).first() if number else None
            if found is None:
                raise Http404
            attempt(
                request,
                lambda: store.check_in_registration(actor, event, found.token),
                _("{name} checked in").format(name=found.name),
            )
        elif action == "late":
            attempt(
                request,
                lambda: store.add_late(
                    actor,
                    event,
                    name,
                    request.POST.get("club", ""),
                    request.POST.get("partner", ""),
                ),
                _("{name} entered and checked in").format(name=name.strip()),
            )
        elif action == "drop":
            attempt(
                request,
                lambda: store.drop_absent(actor, event),
                _("Those who did not come are dropped: round 1 is paired without them."),
            )
        else:
            return HttpResponse(status=400)
        query = request.POST.get("q", "")
        target = reverse("desk-checkin", args=[event.key])
        back = target + (f"?{urlencode({'q': query})}" if query else "")
        if action in ("checkin", "undo") and code.isalnum():
            back += f"#{code}"  # back to the row tapped, on a long list
        return redirect(back)
    state = checkin_state(event)
    query = request.GET.get("q", "").strip()[:100]
    rows = [r for r in state.rows if collation.matches(query, r.name)] if query else state.rows
    context = base_context(request, event, role)
    context.update(
        state=state,
        rows=rows,
        query=query,
        teams=rulesets.get(event.ruleset).teams,
    )
    return render(request, "kolo/desk/checkin.html", context)


@organiser(OWNER)
def checkin_player(
    request: HttpRequest, event: models.Event, role: str, token: str
) -> HttpResponse:
    """A player's check-in by their QR code: the organiser's phone opens it and confirms with
    one tap."""
    try:
        registration = store.registration_to_check_in(event, token)
    except store.InvalidInput:
        raise Http404 from None
    if request.method == "POST":
        if attempt(
            request,
            lambda: store.check_in_registration(actor_of(request), event, token),
            _("{name} checked in").format(name=registration.name),
        ):
            return redirect("desk-checkin", key=event.key)
        registration.refresh_from_db()
    context = base_context(request, event, role)
    context.update(registration=registration, entrant=registration.entrant)
    return render(request, "kolo/desk/checkin_player.html", context)


@require_safe
def checkin_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of a registration's check-in link (SVG), for the player's private page:
    the organiser's phone scans it and opens ``checkin_player``."""
    registration = (
        models.Registration.objects.filter(token=token).select_related("event").first()
        if token
        else None
    )
    if registration is None or registration.status not in (REGISTERED, WAITING):
        raise Http404
    link = _desk_link(request, registration.event, token)
    # a file of its own (an <img> on the private page): with the SVG namespace, without which
    # browsers show a broken image
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=4, border=2, xmldecl=False)
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=300"
    response["X-Robots-Tag"] = "noindex"
    return response


def absent_summary(event: models.Event) -> list[str]:
    """The names of those who would play round 1 and have not checked in, for the desk's
    pairing form (empty before check-in opens and once round 1 is paired)."""
    if event.checkin_opened_at is None or event.rounds.exists():
        return []
    return [
        e.name
        for e in event.entrants.filter(checked_in_at__isnull=True, dropped_after_round__isnull=True)
    ]
