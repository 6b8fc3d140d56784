"""Domino's desk page: a hand written on a table's score sheet, or the last one taken back."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models
from kolo.web.access import organiser
from kolo.web.inputs import optional_number
from kolo.web.views.deskbase import actor_of, attempt, posted_scores, table_seats


@organiser()
@require_POST
def table_sheet(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """A hand written on a table's score sheet (domino), or the last one taken back."""
    seats = table_seats(event, number, table)
    if request.POST.get("action") == "undo":
        seen = request.POST.get("hands", "")

        def undo() -> None:
            store.take_back_hand(
                actor_of(request), event, number, table, hand=_hand_to_take_back(seen)
            )

        attempt(
            request,
            undo,
            _("table {table}: hand {hand} is taken back").format(table=table, hand=seen.strip()),
        )
    else:

        def write() -> None:
            out = request.POST.get("out", "")
            hands = optional_number(request.POST.get("hands"), "hands")
            written = store.write_hand(
                actor_of(request),
                event,
                number,
                table,
                None if out == "blocked" else out or _missing_out(),
                posted_scores(request, seats, "pips"),
                expected_hands=hands,
            )
            if written.over:
                messages.success(
                    request,
                    _("table {table}: the game is over, its result is in").format(table=table),
                )

        attempt(request, write, _("table {table}: hand written").format(table=table))
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    )


def _hand_to_take_back(raw: str) -> int:
    """The hand a page means to take back: the last one it showed (refused when missing, so
    that a hand written meanwhile by someone else is never taken back unseen)."""
    from kolo.core.problems import N_

    hand = optional_number(raw, "hands")
    if hand is None:
        raise InvalidInput.one(N_("say which hand to take back"), path="hands")
    return hand


def _missing_out() -> str:
    from kolo.core.problems import N_

    raise InvalidInput.one(N_("say who went out, or that the hand was blocked"), path="out")
