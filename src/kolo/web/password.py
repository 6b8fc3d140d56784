"""An organiser changes their own password in the web app: the current password, the new one
twice, the one password rule (``kolo.store.users.password_problem``). A wrong current password
counts as a failed login (``accounts.begin_attempt``), so the form cannot be used to guess;
while the account must wait at this address (or the address must), the form refuses without
looking (HTTP 429). The session stays logged in; the audit trail records the change, never
the password."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from kolo.store import api as store
from kolo.store.users import MIN_PASSWORD_LENGTH, password_problem
from kolo.web import accounts


@login_required
def change_password(request: HttpRequest) -> HttpResponse:
    errors: list[str] = []
    status = 200
    if request.method == "POST":
        user = request.user
        name = user.get_username()
        address = accounts.client_address(request)
        current = request.POST.get("current", "")
        new = request.POST.get("new", "")
        again = request.POST.get("again", "")
        seconds, rows = accounts.begin_attempt(name, address)
        right = seconds == 0 and user.check_password(current)
        if right:
            accounts.succeeded(name, address, rows)  # no failure: the current one is right
        if seconds > 0:
            errors.append(accounts.throttled_message(seconds))
            status = 429
        elif not right:  # counted as a failed login (begin_attempt)
            errors.append(_("The current password is not right."))
        elif new != again:
            errors.append(_("The new password and its repetition differ."))
        elif (problem := password_problem(new)) is not None:
            errors.append(_(problem).format(minimum=MIN_PASSWORD_LENGTH))
        else:
            store.set_password(store.Actor(who=name, via="web"), user, new)
            update_session_auth_hash(request, user)  # this browser stays logged in
            messages.success(request, _("Your password is changed."))
            return redirect("desk")
    return render(request, "kolo/desk/password.html", {"errors": errors}, status=status)
