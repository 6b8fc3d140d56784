"""Who may do what: organisers log in; each event has owners and assistants.

An owner does everything with the event; an assistant enters and corrects results but
cannot pair, change settings or delete. Superusers are owners of every event. Public pages
need no login and only read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse

from kolo.store import models
from kolo.store.roles import ASSISTANT, OWNER, role_of


def organiser(
    need: str = ASSISTANT,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A desk view of one event: login, then at least the ``need`` role at that event.

    The view gets the event and the role after the request.
    """

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @login_required
        @wraps(view)
        def run(request: HttpRequest, key: str, *args: Any, **kwargs: Any) -> HttpResponse:
            event = models.Event.objects.filter(key=key).first()
            if event is None:
                raise Http404
            role = role_of(request.user, event)
            if role is None:
                raise PermissionDenied
            if need == OWNER and role != OWNER:
                raise PermissionDenied
            return view(request, event, role, *args, **kwargs)

        return run

    return decorate
