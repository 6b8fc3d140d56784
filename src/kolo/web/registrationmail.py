"""E-mail to registered players: their private link when they register, and each
change of their status (moved up from the waiting list, approved, removed, cancelled).

Only where the service is given an SMTP server (``settings.EMAIL_CONFIGURED``, from
``KOLO_EMAIL_HOST`` and its companions, see ``web/settings.py``), and only to a registration
with an address. Without one, the private page is the player's only channel and says "keep
this link". A failing server never fails the change: the registration is stored, the page
says so, the mail is lost (the private page still says everything).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from kolo.store import api as store
from kolo.store import models, registrations
from kolo.web import publicurl

log = logging.getLogger(__name__)


def configured() -> bool:
    return bool(getattr(settings, "EMAIL_CONFIGURED", False))


def _trusted_host(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return "*" not in settings.ALLOWED_HOSTS or bool(user and user.is_authenticated)


def private_url(
    request: HttpRequest | None, registration: models.Registration, *, own: bool = True
) -> str:
    """The player's private page, as a full address ("" without a request, e.g. from the
    command line, unless the public address is configured, ``KOLO_PUBLIC_URL``).

    ``own``: the request is the player's own (they just registered). A link sent to anyone
    else is built from the request's host only where the host names are configured
    (``KOLO_ALLOWED_HOSTS``) or an organiser signed in made the request: otherwise anyone
    could send a forged Host header (cancelling their own registration) and have the players
    who move up mailed private links pointing at their own site."""
    path = reverse("registration", kwargs={"token": registration.token})
    if request is not None and not (own or _trusted_host(request)):
        request = None
    if request is None:
        base = str(getattr(settings, "PUBLIC_URL", "") or "").strip().rstrip("/")
        return f"{base}{path}" if base else ""
    return publicurl.phone_address(request).url(path)


def status_words(registration: models.Registration) -> str:
    """The registration's status in the reader's language (with the waiting position)."""
    status = registration.status
    if status == "registered":
        if registrations.moved_up(registration):
            return _("You moved up from the waiting list: you are registered.")
        return _("You are registered.")
    if status == "waiting":
        return _("You are on the waiting list, position {position}.").format(
            position=store.waiting_position(registration) or "?"
        )
    if status == "pending":
        return _("Your registration awaits the organiser's approval.")
    if status == "cancelled":
        return _("Your registration is cancelled.")
    return _("The organiser removed your registration.")


def _send(
    request: HttpRequest | None,
    registration: models.Registration,
    subject: str,
    first: str = "",
    *,
    own: bool = False,
) -> bool:
    if not configured() or not registration.email:
        return False
    url = private_url(request, registration, own=own)
    body = "\n\n".join(
        [
            *([first] if first else []),
            status_words(registration),
            *(
                [_("Your registration's page (status, cancelling): {url}").format(url=url)]
                if url
                else []
            ),
            _("Registration number: {number}").format(number=registration.number),
        ]
    )
    try:
        send_mail(subject, body, None, [registration.email])
    except Exception:  # the server's failure never undoes the registration
        log.exception("registration e-mail not sent")
        return False
    return True


def send_link(request: HttpRequest, registration: models.Registration) -> bool:
    """The player's private link, after registering; whether it was sent."""
    return _send(
        request,
        registration,
        _("Registration: {event}").format(event=registration.event.name),
        own=True,
    )


def send_changes(request: HttpRequest, rows: Iterable[models.Registration]) -> int:
    """Tell each player whose status changed; how many were told."""
    sent = 0
    for row in rows:
        if _send(
            request, row, _("Your registration changed: {event}").format(event=row.event.name)
        ):
            sent += 1
    return sent


def send_event_cancelled(request: HttpRequest | None, event: models.Event) -> int:
    """Tell every player still registered (or waiting, or awaiting approval) that the event
    is cancelled; how many were told. After the cancelling transaction (the desk, and the
    command line with ``request`` None)."""
    sent = 0
    for row in registrations.active(event):
        if _send(
            request,
            row,
            _("Cancelled: {event}").format(event=event.name),
            _("The event {event} is cancelled.").format(event=event.name),
        ):
            sent += 1
    return sent
