"""What the desk's views share: who acts, a change attempted with its refusal shown, the
page's common context, HTML fragments, the scores a form posted, a table's seats, QR codes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from kolo.core.problems import N_, InvalidInput, NoValidPairing
from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import OWNER
from kolo.web import present, publicurl, wording
from kolo.web.inputs import shown, whole_number


def actor_of(request: HttpRequest) -> store.Actor:
    return store.Actor(who=request.user.get_username(), via="web")


def refused(request: HttpRequest, error: InvalidInput) -> None:
    for problem in error.problems:
        messages.error(request, wording.problem_text(problem))


def attempt(request: HttpRequest, change: Callable[[], Any], done: str | None = None) -> bool:
    """Run a change; on refusal show why. Returns whether it happened."""
    try:
        change()
    except InvalidInput as error:
        refused(request, error)
        return False
    except NoValidPairing as error:
        messages.error(request, wording.no_pairing_text(error))
        for relaxation in error.relaxations:  # the cheapest first
            messages.error(
                request,
                _(
                    "Relaxing {rules} with the options below gives a pairing (breaks it {count}×)."
                ).format(
                    rules=" + ".join(wording.rule_name(r) for r in relaxation.rules),
                    count=relaxation.breaches,
                ),
            )
        if error.relax and not error.relaxations:
            messages.error(
                request,
                _("Relax the rule as little as possible with the option below ({rule}).").format(
                    rule=wording.rule_name(error.relax)
                ),
            )
        return False
    if done:
        messages.success(request, done)
    return True


def base_context(request: HttpRequest, event: models.Event, role: str) -> dict[str, Any]:
    return {
        "event": event,
        "role": role,
        "is_owner": role == OWNER,
        "version": present.version(event),
        "phones": publicurl.phone_address(request),
    }


def render_fragment(template: str, context: dict[str, Any]) -> HttpResponse:
    from django.template.loader import render_to_string

    return HttpResponse(render_to_string(template, context))


def posted_scores(request: HttpRequest, seats: list[str], prefix: str) -> dict[str, int]:
    values: dict[str, int] = {}
    for code in seats:
        raw = request.POST.get(f"{prefix}_{code}", "").strip()
        if not raw:
            continue
        value = whole_number(raw)
        if value is None:
            raise InvalidInput.one(
                N_("'{value}' for {player} is not a whole number"),
                path=prefix,
                value=shown(raw),
                player=code,
            )
        values[code] = value
    return values


def table_seats(event: models.Event, number: int, table: int) -> list[str]:
    row = models.Table.objects.filter(
        round__event=event, round__number=number, number=table
    ).first()
    if row is None:
        raise Http404
    return [s.entrant.code for s in row.seats.select_related("entrant")]


def qr_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=3, border=1)


def can_pair(loaded: present.Loaded, rounds: list[models.Round]) -> bool:
    """Whether the next round may be paired now: the last one closed, rounds left."""
    last = rounds[-1] if rounds else None
    return (
        (last is None or last.closed)
        and len(rounds) < (loaded.ruleset.max_rounds(loaded.settings) or len(rounds) + 1)
        and not (last is not None and last.stage == "final")
        and not (
            last is not None and last.stage == "playoff" and store.bracket_decided(loaded.event)
        )
    )
