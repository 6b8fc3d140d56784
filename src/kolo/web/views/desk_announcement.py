"""The desk's announcement of an event (R-REG-1): its details (date, start time,
city, venue, address, capacity, registration deadline, entry fee, description) saved as a
draft or published, changed later, and the event cancelled; every refusal shown by its
field."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from kolo.changes import announcement as rules
from kolo.core.problems import N_, InvalidInput
from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import OWNER
from kolo.web import registrationmail, wording
from kolo.web.access import organiser
from kolo.web.auditwords import FIELDS
from kolo.web.views.deskbase import actor_of, base_context

LABELS = FIELDS
"""The announcement's fields in words (the audit trail's words for them, one list)."""
"""Each field's label on the form."""

HINTS: dict[str, str] = {
    "capacity": N_("Places for registered players; empty: no limit."),
    "registration_until": N_("Empty: registrations close when the event starts."),
    "fee": N_("As text, e.g. 150 Kč, juniors free."),
}

KINDS = {
    "date": "date",
    "start_time": "time",
    "capacity": "number",
    "registration_until": "datetime-local",
    "description": "textarea",
}


def _fields(event: models.Event, typed: Any, errors: dict[str, list[str]]) -> list[dict[str, Any]]:
    details = store.details_of(event)
    return [
        {
            "name": name,
            "label": _(LABELS[name]),
            "hint": _(HINTS[name]) if name in HINTS else "",
            "kind": KINDS.get(name, "text"),
            "value": typed.get(name, "")
            if typed is not None
            else rules.text_of(name, getattr(details, name)),
            "shown": typed.get(f"shown_{name}", "")
            if typed is not None
            else rules.text_of(name, getattr(details, name)),
            "required": name in rules.REQUIRED,
            "errors": errors.get(name, []),
        }
        for name in rules.FIELDS
    ]


@organiser(OWNER)
def announcement(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    """The form: save the details (a draft stays a draft), publish, or cancel."""
    errors: dict[str, list[str]] = {}
    typed = None
    if request.method == "POST":
        action = request.POST.get("action", "save")
        try:
            if action == "cancel":
                store.cancel_event(actor_of(request), event, request.POST.get("reason", ""))
                messages.success(request, _("The event is cancelled."))
                # the season walk: every player still in is told (after the transaction)
                sent = registrationmail.send_event_cancelled(request, event)
                if sent:
                    messages.success(request, _("e-mails sent: {count}").format(count=sent))
                return redirect("desk-announcement", key=event.key)
            # only what the organiser changed on the form, with what the form showed of it:
            # a field someone else changed meanwhile is refused, never overwritten
            shown = {name: request.POST.get(f"shown_{name}", "") for name in rules.FIELDS}
            given = {
                name: request.POST.get(name, "")
                for name in rules.FIELDS
                if request.POST.get(name, "").strip().replace("\r\n", "\n")
                != shown[name].strip().replace("\r\n", "\n")
            }
            published = event.published_at is not None
            store.announce(actor_of(request), event, given, publish=action == "publish", seen=shown)
        except InvalidInput as error:
            for problem in error.problems:
                name = rules.field_of(problem.path)
                if name is None:
                    messages.error(request, wording.problem_text(problem))
                else:
                    errors.setdefault(name, []).append(wording.problem_text(problem))
            if errors:
                messages.error(request, _("Nothing was saved: correct the fields marked below."))
            typed = request.POST
        else:
            if action == "publish" and not published:
                messages.success(request, _("The event is published."))
            else:
                messages.success(request, _("The details are saved."))
            return redirect("desk-announcement", key=event.key)
        event.refresh_from_db()
    context = base_context(request, event, role)
    context.update(
        fields=_fields(event, typed, errors),
        places_taken=store.places_taken(event),
    )
    return render(request, "kolo/desk/announcement.html", context)
