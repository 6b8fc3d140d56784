"""Registration (R-REG-2): the public form at ``/e/KEY/register/``, the player's
private page at ``/r/TOKEN/`` (status, waiting position, cancel, their data exported or
deleted), what the public event page says of places, and the desk's registrations page.

Abuse: a hidden field ("honeypot") a person leaves empty — a bot that fills it is thanked and
nothing is stored; registrations are counted per client address (``accounts.client_address``,
behind ``KOLO_TRUSTED_PROXIES``) and per event over a sliding window, in the database
(``kolo.web.limits``, scopes ``reg-addr`` and ``reg-event``) so that every server process
sees them; past a limit the form answers 429 with a plain message.
"""

from __future__ import annotations

import json
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from kolo.core.problems import N_, InvalidInput
from kolo.report import icalendar, payment
from kolo.store import api as store
from kolo.store import models, registrations
from kolo.store.roles import OWNER
from kolo.web import accounts, limits, registrationmail, wording
from kolo.web.access import organiser
from kolo.web.inputs import whole_number
from kolo.web.views.calendar import entry as calendar_entry
from kolo.web.views.deskbase import actor_of, attempt, base_context, qr_svg

HONEYPOT = "website"
"""The hidden field a person never fills."""
ADDRESS_LIMIT = 10
"""Registrations from one client address per window."""
EVENT_LIMIT = 200
"""Registrations for one event per window."""
WINDOW = timedelta(minutes=15)
ADDRESS_SCOPE = "reg-addr"
EVENT_SCOPE = "reg-event"

PLAYER = store.Actor(who="player", via="web")


# ---- limits ------------------------------------------------------------------------------


def limited(request: HttpRequest, event: models.Event, *, per_address: bool = True) -> bool:
    """Whether this client (where ``per_address``) or this event has registered too often
    lately."""
    return (
        per_address
        and limits.count(ADDRESS_SCOPE, accounts.client_address(request), WINDOW) >= ADDRESS_LIMIT
    ) or limits.count(EVENT_SCOPE, event.key, WINDOW) >= EVENT_LIMIT


def count_attempt(request: HttpRequest, event: models.Event) -> None:
    limits.record(
        [
            (ADDRESS_SCOPE, accounts.client_address(request), WINDOW),
            (EVENT_SCOPE, event.key, WINDOW),
        ]
    )


TOO_MANY = "too many registrations in a short time; try again in a quarter of an hour"
"""The API's answer past a limit (the form's is in the reader's language, ``too_many``)."""


def too_many() -> str:
    return _("Too many registrations in a short time; try again in a quarter of an hour.")


# ---- what the public event page says ----------------------------------------------------


def event_context(event: models.Event) -> dict[str, Any]:
    """The event page's registration block (a published event, until its first round):
    whether it is open, the places, the registered names and clubs (never e-mails)."""
    if event.published_at is None or event.rounds.exists():
        return {"registration": None}
    rows = store.registrations(event)
    return {
        "registration": {
            "open": store.registration_open(event),
            "places": store.registration_places(event),
            "registered": [r for r in rows if r.status == registrations.REGISTERED],
            "waiting": [r for r in rows if r.status == registrations.WAITING],
            "teams": registrations.plays_in_teams(event),
        }
    }


# ---- the public form ---------------------------------------------------------------------


def _form_context(event: models.Event, posted: Any = None) -> dict[str, Any]:
    return {
        "event": event,
        "teams": registrations.plays_in_teams(event),
        "posted": posted or {},
        "honeypot": HONEYPOT,
        "open": store.registration_open(event),
        "email_configured": registrationmail.configured(),
        **event_context(event),
    }


@never_cache
def register(request: HttpRequest, key: str) -> HttpResponse:
    event = get_object_or_404(models.Event, key=key)
    if event.published_at is None:
        raise Http404
    if request.method != "POST":
        return render(request, "kolo/public/register.html", _form_context(event))
    if request.POST.get(HONEYPOT, ""):
        # a bot filled the hidden field: thanked, nothing stored
        return redirect("event", key=event.key)
    if limited(request, event):
        context = _form_context(event, request.POST)
        context["refusal"] = too_many()
        return render(request, "kolo/public/register.html", context, status=429)
    count_attempt(request, event)
    try:
        row = store.register(
            PLAYER,
            event,
            request.POST.get("name", ""),
            request.POST.get("club", ""),
            request.POST.get("email", ""),
            request.POST.get("partner", ""),
            consent=request.POST.get("consent") == "on",
        )
    except InvalidInput as error:
        context = _form_context(event, request.POST)
        context["problems"] = [wording.problem_text(p) for p in error.problems]
        return render(request, "kolo/public/register.html", context, status=400)
    if registrationmail.send_link(request, row):
        messages.success(request, _("We sent the link to this page to your e-mail."))
    return redirect("registration", token=row.token)


# ---- the private page ---------------------------------------------------------------------


def _registration(token: str) -> models.Registration:
    row = store.registration_by_token(token)
    if row is None:
        raise Http404
    return row


@never_cache
def private(request: HttpRequest, token: str) -> HttpResponse:
    row = _registration(token)
    event = row.event
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "cancel" and request.POST.get("confirmed") == "yes":
                moved = store.cancel_registration(PLAYER, row)
                registrationmail.send_changes(request, [r for r in moved if r.pk != row.pk])
                messages.success(request, _("Your registration is cancelled."))
            elif action == "late":
                store.set_running_late(PLAYER, row, _arrival(event, request.POST.get("at", "")))
                messages.success(request, _("The organiser sees when you expect to arrive."))
            elif action == "on_time":
                store.set_running_late(PLAYER, row, None)
            elif action == "forget" and request.POST.get("confirmed") == "yes":
                moved = store.forget_registration(PLAYER, row)
                registrationmail.send_changes(request, moved)
                messages.success(request, _("Your registration's data is deleted."))
                return redirect("event", key=event.key)
        except InvalidInput as error:
            for problem in error.problems:
                messages.error(request, wording.problem_text(problem))
        return redirect("registration", token=row.token)
    context = {
        "event": event,
        "r": row,
        "position": store.waiting_position(row),
        "status_words": registrationmail.status_words(row),
        "email_configured": registrationmail.configured(),
        "active": row.status in registrations.ACTIVE,
        "teams": registrations.plays_in_teams(event),
        "payment": _payment(row),
        "late_at": timezone.localtime(row.running_late_until).strftime("%H:%M")
        if row.running_late_until
        else "",
        **_on_the_day(row),
    }
    response = render(request, "kolo/public/registration.html", context)
    # the token never leaves for another site in a Referer ("no-referrer" would make the
    # browser send "Origin: null" with the page's own forms, which CSRF refuses)
    response["Referrer-Policy"] = "same-origin"
    return response


def _on_the_day(row: models.Registration) -> dict[str, Any]:
    """The private page on the day: the check-in code once the event's day has come or
    check-in is open (until the player is checked in or round 1 is paired), whether they are
    checked in, and their table once they are seated."""
    event = row.event
    if event.cancelled_at is not None or row.status not in (
        registrations.REGISTERED,
        registrations.WAITING,
    ):
        return {"checkin_code": False, "checked_in": False, "seat": None}
    day_come = event.date is not None and event.date <= timezone.localdate()
    checked_in = row.entrant is not None and row.entrant.checked_in_at is not None
    paired = event.rounds.exists()
    return {
        "checkin_code": (day_come or event.checkin_opened_at is not None)
        and not checked_in
        and not paired,
        "checked_in": checked_in,
        "seat": store.registration_seat(row) if paired else None,
    }


def _arrival(event: models.Event, typed: str) -> datetime:
    """The arrival a player typed (HH:MM) on the event's day (today without one)."""
    try:
        at = time.fromisoformat(typed.strip())
    except ValueError:
        raise InvalidInput.one(
            N_("give the time you expect to arrive, as 10:30"), path="at"
        ) from None
    day = event.date or timezone.localdate()
    return datetime.combine(
        day, at.replace(second=0, microsecond=0), tzinfo=timezone.get_current_timezone()
    )


def _payment(row: models.Registration) -> dict[str, Any] | None:
    """The QR Platba code of a registered player's fee not paid yet, where the organiser
    gave a bank account."""
    event = row.event
    if not event.bank_account or row.paid or row.status != registrations.REGISTERED:
        return None
    text = payment.descriptor(event.bank_account, event.fee, row.number, f"{event.name} {row.name}")
    if text is None:
        return None
    return {
        "svg": qr_svg(text),
        "account": event.bank_account,
        "amount": payment.amount(event.fee),
        "symbol": row.number,
    }


@never_cache
def private_data(request: HttpRequest, token: str) -> HttpResponse:
    """The registration's data, as the player exports it (JSON)."""
    row = _registration(token)
    response = HttpResponse(
        json.dumps(registrations.data_of(row), ensure_ascii=False, indent=2),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="registration-{row.number}.json"'
    return response


@never_cache
def private_ics(request: HttpRequest, token: str) -> HttpResponse:
    """The player's own calendar entry: one VEVENT with the event's id in every calendar
    (it moves or cancels itself with the event)."""
    row = _registration(token)
    item = store.listed(row.event)
    if item is None:
        raise Http404
    text = icalendar.calendar(item.event.name, [calendar_entry(request, item)])
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{item.event.key}.ics"'
    response["Referrer-Policy"] = "same-origin"
    return response


# ---- the desk ------------------------------------------------------------------------------


def _forget_old_emails() -> None:
    days = int(getattr(settings, "FORGET_EMAILS_DAYS", 30))
    store.forget_emails(days)


@organiser(OWNER)
def desk_registrations(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    if request.method == "POST":
        _desk_action(request, event)
        return redirect("desk-registrations", key=event.key)
    _forget_old_emails()
    event.refresh_from_db()
    rows = store.registrations(event)
    duplicates = store.duplicate_numbers(event)
    positions = {
        r.number: i
        for i, r in enumerate((r for r in rows if r.status == registrations.WAITING), start=1)
    }
    active = [r for r in rows if r.status in registrations.ACTIVE]
    known = store.known_registrations(event, rows)  # identity across the season
    context = base_context(request, event, role)
    context.update(
        rows=[
            {
                "r": r,
                "duplicate": r.number in duplicates,
                "position": positions.get(r.number),
                "active": r.status in registrations.ACTIVE,
                "known": known.get(r.number),
            }
            for r in rows
        ],
        places=store.registration_places(event),
        teams=registrations.plays_in_teams(event),
        paid=sum(1 for r in active if r.paid),
        due=sum(1 for r in active if not r.paid and r.status == registrations.REGISTERED),
        duplicates=bool(duplicates),
    )
    return render(request, "kolo/desk/registrations.html", context)


def _desk_action(request: HttpRequest, event: models.Event) -> None:
    actor = actor_of(request)
    action = request.POST.get("action", "")
    number = whole_number(request.POST.get("number", "")) or 0
    moved: list[models.Registration] = []
    added: list[models.Registration] = []

    def run() -> None:
        nonlocal moved
        if action == "add":
            row = store.add_registration(
                actor,
                event,
                request.POST.get("name", ""),
                request.POST.get("club", ""),
                request.POST.get("email", ""),
                request.POST.get("partner", ""),
            )
            added.append(row)
        elif action in ("up", "down"):
            moved = store.move_registration(actor, event, number, up=action == "up")
        elif action == "approve":
            moved = store.approve_registration(actor, event, number)
        elif action == "remove":
            moved = store.remove_registration(actor, event, number)
        elif action == "terms":
            store.set_terms(
                actor,
                event,
                approve=request.POST.get("approve") == "on",
                consent=request.POST.get("consent", ""),
                bank_account=request.POST.get("bank_account", ""),
            )
        elif action == "same_person":  # identity across the season
            store.link_registration_player(actor, event, number, request.POST.get("player", ""))
        elif action in ("paid", "unpaid"):
            store.mark_paid(actor, event, number, action == "paid")
        elif action == "capacity":
            raw = request.POST.get("capacity", "").strip()
            capacity = whole_number(raw) if raw else None
            if raw and capacity is None:
                raise InvalidInput.one(
                    N_("'{value}' is not a whole number"), path="capacity", value=raw
                )
            moved = store.set_capacity(actor, event, capacity)

    if attempt(request, run, _("saved")):
        sent = registrationmail.send_changes(request, moved)
        sent += sum(registrationmail.send_link(request, row) for row in added)
        if sent:
            messages.success(request, _("e-mails sent: {count}").format(count=sent))
