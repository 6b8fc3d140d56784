"""Organiser accounts: the one password rule, and logins throttled against guessing.

Failed logins are counted in the database (``kolo.web.limits``), so that the count holds
however many server processes there are, in two ways:

- by account and client address together: ``FREE_FAILURES`` wrong passwords for one user
  name from one address cost nothing; after them each next try from that address waits a
  growing delay after the last failure (2, 4, 8… seconds, at most ``LONGEST_WAIT``). Another
  address is not slowed: nobody can lock an organiser out, and the organiser's signed-in
  sessions are never touched;
- by client address alone, against trying many accounts: after ``ADDRESS_FAILURES_ALLOWED``
  failures in ``ADDRESS_WINDOW`` that address waits until the oldest leaves the window.

While an account and address must wait, the login form refuses (HTTP 429, a message saying
how long) without looking at the password. A good login forgets its account and address's
failures. Passwords are never stored or logged.
"""

from __future__ import annotations

import math
import secrets
import unicodedata
from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from kolo.web import limits

FREE_FAILURES = 5
"""Failures for one account from one address before any delay."""
LONGEST_WAIT = 15 * 60
"""The longest delay (seconds) between two tries of one account from one address."""
FAILURES_WINDOW = timedelta(hours=1)
"""How long an account and address's failures are remembered."""
ADDRESS_FAILURES_ALLOWED = 20
ADDRESS_WINDOW = timedelta(minutes=15)

FAILURES = "login"
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


def _pair(username: str, address: str) -> str:
    return limits.key(account_key(username), address)


def delay(failures: int) -> int:
    """Seconds to wait after the last of ``failures`` (one account, one address)."""
    if failures < FREE_FAILURES:
        return 0
    return min(2 ** min(failures - FREE_FAILURES + 1, 30), LONGEST_WAIT)


def wait_seconds(username: str, address: str, *, before: int | None = None) -> int:
    """How long this account must wait before trying again from this address (0: now),
    counting the failures recorded before the row ``before`` (default: all)."""
    now = timezone.now()
    wait = 0
    pair = _pair(username, address)
    failures = limits.count(FAILURES, pair, FAILURES_WINDOW, before=before)
    if failures >= FREE_FAILURES:
        last = limits.latest(FAILURES, pair, FAILURES_WINDOW, 1, before=before)
        if last:
            wait = math.ceil((last[0] + timedelta(seconds=delay(failures)) - now).total_seconds())
    allowed = ADDRESS_FAILURES_ALLOWED
    times = limits.latest(ADDRESS, address, ADDRESS_WINDOW, allowed, before=before)
    if len(times) >= allowed:
        # free again when the oldest of the last ``allowed`` failures leaves the window
        wait = max(wait, math.ceil((times[-1] + ADDRESS_WINDOW - now).total_seconds()))
    return max(wait, 0)


def record_failure(username: str, address: str) -> list[int]:
    """Count a failed login against the account and address, and against the address."""
    return limits.record(
        [
            (FAILURES, _pair(username, address), FAILURES_WINDOW),
            (ADDRESS, address, ADDRESS_WINDOW),
        ]
    )


def begin_attempt(username: str, address: str) -> tuple[int, list[int]]:
    """Before the password is looked at: (seconds to wait, nothing counted) while the
    account and address (or the address) must wait; else (0, this try's rows), the try
    counted already as a failure — so that of tries sent at the same moment each sees the
    ones before it, and a burst gets no more tries than one after the other. A good
    password then takes it back (``succeeded``); a try that looked at nothing, ``limits.drop``.
    """
    seconds = wait_seconds(username, address)
    if seconds > 0:
        return seconds, []
    rows = record_failure(username, address)
    seconds = wait_seconds(username, address, before=min(rows))
    if seconds > 0:  # others' tries came first, at the same moment
        limits.drop(rows)
        return seconds, []
    return 0, rows


def succeeded(username: str, address: str, rows: list[int]) -> None:
    """A good password: this try was no failure, and the account's failures from this
    address are forgotten (the address's own count, across accounts, is not)."""
    limits.drop(rows)
    limits.forget(FAILURES, _pair(username, address))


def throttled_message(seconds: int) -> str:
    if seconds < 60:
        return _("Too many failed logins; try again in {seconds} s.").format(
            seconds=max(1, seconds)
        )
    minutes = max(1, math.ceil(seconds / 60))
    return _("Too many failed logins; try again in {minutes} min.").format(minutes=minutes)


DEVICE_COOKIE = "kolo_device"
DEVICE_SALT = "kolo.web.accounts.device"
DEVICE_DAYS = 400


def device_address(request: HttpRequest | None, username: str) -> str | None:
    """The browser's own key when it signed in as ``username`` before (a signed cookie set
    at that login), else None. Its tries count against the browser, not the address: an
    attacker on the same venue Wi-Fi or mobile network (one address for many phones) cannot
    make an organiser's own browser wait, nor can anyone forge the cookie."""
    if request is None:
        return None
    raw = request.COOKIES.get(DEVICE_COOKIE)
    if not raw:
        return None
    try:
        value = signing.loads(raw, salt=DEVICE_SALT, max_age=timedelta(days=DEVICE_DAYS))
    except signing.BadSignature:
        return None
    if not isinstance(value, dict) or value.get("a") != account_key(username):
        return None
    return "device:" + str(value.get("d", ""))[:32]


def remember_device(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """After a good password: the browser remembered as one this account signs in from."""
    if device_address(request, username) is not None:
        return
    value = signing.dumps(
        {"a": account_key(username), "d": secrets.token_hex(12)}, salt=DEVICE_SALT
    )
    response.set_cookie(
        DEVICE_COOKIE,
        value,
        max_age=DEVICE_DAYS * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's login form, refusing without a look at the password while throttled."""

    throttled = False

    def clean(self) -> dict[str, Any]:
        username = str(self.data.get("username") or "")
        address = device_address(self.request, username) or (
            client_address(self.request) if self.request is not None else "unknown"
        )
        seconds, rows = begin_attempt(username, address)
        if seconds > 0:
            self.throttled = True
            raise forms.ValidationError(throttled_message(seconds), code="throttled")
        cleaned: dict[str, Any] = super().clean()  # a wrong password: its rows stay
        if self.get_user() is None:  # a field left empty: nothing was tried
            limits.drop(rows)
        else:
            succeeded(username, address, rows)
        return cleaned


class LoginView(auth_views.LoginView):
    """The organisers' login page, throttled (429 while an account and address, or an
    address, must wait)."""

    form_class = ThrottledAuthenticationForm

    def form_valid(self, form: Any) -> HttpResponse:
        response: HttpResponse = super().form_valid(form)
        remember_device(self.request, response, str(form.cleaned_data.get("username") or ""))
        return response

    def form_invalid(self, form: Any) -> HttpResponse:
        response: HttpResponse = super().form_invalid(form)
        if getattr(form, "throttled", False):
            response.status_code = 429
        return response
