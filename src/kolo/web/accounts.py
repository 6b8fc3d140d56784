"""Organiser accounts: the one password rule, and logins throttled against guessing.

Failed logins are counted in the database (``models.LoginFailure``), by account and by the
client's address, over a sliding window: after ``ACCOUNT_FAILURES_ALLOWED`` failures for
one user name, or ``ADDRESS_FAILURES_ALLOWED`` from one address, the login form refuses
(HTTP 429, a message saying how long to wait) without looking at the password. A good login
clears its account's failures. The database, not Django's per-process cache, so that the
count holds however many server processes there are.
"""

from __future__ import annotations

import math
import unicodedata
from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from kolo.store import models

ACCOUNT_FAILURES_ALLOWED = 5
ADDRESS_FAILURES_ALLOWED = 20
WINDOW = timedelta(minutes=15)

ACCOUNT = "account"
ADDRESS = "address"


def client_address(request: HttpRequest) -> str:
    """The client's address: the connection's, or behind a trusted proxy the one it names.

    A request from one of ``settings.TRUSTED_PROXIES`` (``KOLO_TRUSTED_PROXIES``) is from
    the right-most address in ``X-Forwarded-For`` that is not a trusted proxy itself
    (clients can prepend anything, so only what the proxies appended counts). From anyone
    else ``X-Forwarded-For`` is ignored: sending it cannot dodge the limit.
    """
    remote = str(request.META.get("REMOTE_ADDR") or "unknown")
    trusted = set(getattr(settings, "TRUSTED_PROXIES", ()))
    if remote in trusted:
        forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        while hops and hops[-1] in trusted:
            hops.pop()
        if hops:
            return hops[-1][:150]
    return remote[:150]


def account_key(username: str) -> str:
    """The name failures count against: as the login form reads it (spaces stripped, NFKC)
    and regardless of case, so "admin ", "ａｄｍｉｎ" and "Admin" share one allowance."""
    return unicodedata.normalize("NFKC", username).strip().casefold()[:150]


def _keys(username: str, address: str) -> list[tuple[str, str, int]]:
    return [
        (ACCOUNT, account_key(username), ACCOUNT_FAILURES_ALLOWED),
        (ADDRESS, address, ADDRESS_FAILURES_ALLOWED),
    ]


def wait_seconds(username: str, address: str) -> int:
    """How long this account or address must wait before trying again (0: it may try now)."""
    now = timezone.now()
    since = now - WINDOW
    wait = 0
    for scope, key, allowed in _keys(username, address):
        times = list(
            models.LoginFailure.objects.filter(scope=scope, key=key, at__gt=since)
            .order_by("-at")
            .values_list("at", flat=True)[:allowed]
        )
        if len(times) >= allowed:
            # free again when the oldest of the last ``allowed`` failures leaves the window
            wait = max(wait, math.ceil((times[-1] + WINDOW - now).total_seconds()))
    return wait


def record_failure(username: str, address: str) -> None:
    """Count a failed login against the account and the address (and forget old ones)."""
    now = timezone.now()
    with transaction.atomic():
        models.LoginFailure.objects.filter(at__lte=now - WINDOW).delete()
        models.LoginFailure.objects.bulk_create(
            [models.LoginFailure(scope=s, key=k, at=now) for s, k, _n in _keys(username, address)]
        )


def clear_account(username: str) -> None:
    """A good login: the account's failures are forgotten (the address's are not)."""
    models.LoginFailure.objects.filter(scope=ACCOUNT, key=account_key(username)).delete()


def throttled_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return _("Too many failed logins; try again in {minutes} min.").format(minutes=minutes)


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's login form, refusing without a look at the password while throttled."""

    throttled = False

    def clean(self) -> dict[str, Any]:
        username = str(self.data.get("username") or "")
        address = client_address(self.request) if self.request is not None else "unknown"
        seconds = wait_seconds(username, address)
        if seconds > 0:
            self.throttled = True
            raise forms.ValidationError(throttled_message(seconds), code="throttled")
        try:
            cleaned: dict[str, Any] = super().clean()
        except forms.ValidationError:
            record_failure(username, address)
            raise
        clear_account(username)
        return cleaned


class LoginView(auth_views.LoginView):
    """The organisers' login page, throttled (429 while an account or address must wait)."""

    form_class = ThrottledAuthenticationForm

    def form_invalid(self, form: Any) -> HttpResponse:
        response: HttpResponse = super().form_invalid(form)
        if getattr(form, "throttled", False):
            response.status_code = 429
        return response
