"""The public calendar: the published events to come, soonest first, with the
places left, and the past ones with their standings; filtered by series, city and game; the
same as iCalendar to subscribe to (``/calendar.ics``, a series' ``/s/KEY/calendar.ics``).

A calendar shows many events, so its pages are cached by the store's last audit entry (every
change of an event, a series or a registration writes one), the language and the address."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from kolo.games import registry, rulesets
from kolo.report import icalendar
from kolo.store import api as store
from kolo.store import models
from kolo.web import sharedcache

PAGE_SECONDS = 60

PARAMETERS = ("series", "city", "game")
"""The query parameters the calendar reads (its filters); any other is dropped first, so it
finds the same cached page."""


def _store_version() -> int:
    return int(models.AuditEntry.objects.aggregate(m=Max("id"))["m"] or 0)


def cached(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The page as rendered for the store's version, language, host and address (a feed's
    links and ids name the host: a request with another Host never serves the others); a
    logged-in organiser (whose name the header shows) always gets a fresh one."""

    @wraps(view)
    def run(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        query = sharedcache.page_query(request, PARAMETERS)
        name = sharedcache.short_key(
            f"kolo:calendar:{_store_version()}:{translation.get_language()}:"
            f"{timezone.localdate().isoformat()}",
            f"{request.get_host()}:{request.path}?{query}",
        )
        hit = cache.get(name)
        if hit is not None:
            content, content_type = hit
            return HttpResponse(content, content_type=content_type)
        response = view(request, *args, **kwargs)
        if response.status_code == 200:
            cache.set(name, (response.content, response["Content-Type"]), PAGE_SECONDS)
        return response

    return run


def _games() -> list[tuple[str, str]]:
    """The games some rule set plays: id and name in words."""
    played = {r.game for r in rulesets.REGISTRY.values()}
    return [(g, _(registry.get(g).title)) for g in sorted(played)]


def _rulesets_of(game: str) -> tuple[str, ...] | None:
    if not game:
        return None
    return tuple(r.id for r in rulesets.REGISTRY.values() if r.game == game)


def _ruleset_words(ruleset_id: str) -> str:
    found = rulesets.REGISTRY.get(ruleset_id)
    return _(found.title) if found is not None else ruleset_id


def _row(item: store.Listed) -> dict[str, Any]:
    return {
        "event": item.event,
        "ruleset": _ruleset_words(item.event.ruleset),
        "places_left": item.places_left,
        "series": item.series,
        "cancelled": item.event.cancelled_at is not None,
    }


@require_safe
@cached
def calendar_page(request: HttpRequest) -> HttpResponse:
    series = request.GET.get("series", "").strip()[:80]
    city = request.GET.get("city", "").strip()[:200]
    game = request.GET.get("game", "").strip()[:40]
    upcoming, past = store.calendar_events(
        timezone.localdate(), series=series, city=city, ruleset_ids=_rulesets_of(game)
    )
    ics = "/calendar.ics"
    if series and models.Series.objects.filter(key=series).exists():
        ics = f"/s/{series}/calendar.ics"
    return render(
        request,
        "kolo/public/calendar.html",
        {
            "upcoming": [_row(i) for i in upcoming],
            "past": [_row(i) for i in past],
            "chosen": {"series": series, "city": city, "game": game},
            "all_series": models.Series.objects.order_by("name"),
            "cities": store.event_cities(),
            "games": _games(),
            "ics": ics,
        },
    )


def event_uid(request: HttpRequest, event: models.Event) -> str:
    """The event's id in every calendar this service serves, for good (its key, its row and
    this service's host name): an entry of it anywhere moves or cancels with the event."""
    host = request.get_host().rsplit(":", 1)[0] or "kolo"
    return f"{event.key}.{event.pk}@{host}"


def entry(request: HttpRequest, item: store.Listed) -> icalendar.Entry:
    """The event as one calendar entry (also a player's own, ``/r/TOKEN/event.ics``)."""
    event = item.event
    assert event.date is not None
    where = ", ".join(part for part in (event.venue, event.address, event.city) if part)
    lines = [_ruleset_words(event.ruleset)]
    if event.fee:
        lines.append(_("Entry fee") + ": " + event.fee)
    if event.description:
        lines.append(event.description)
    return icalendar.Entry(
        uid=event_uid(request, event),
        summary=event.name,
        day=event.date,
        start=event.start_time,
        stamp=item.changed_at,
        location=where,
        description="\n".join(lines),
        url=request.build_absolute_uri(f"/e/{event.key}/"),
        cancelled=event.cancelled_at is not None,
        sequence=item.sequence,
    )


def _ics(request: HttpRequest, name: str, series: str = "") -> HttpResponse:
    upcoming, _past = store.calendar_events(datetime.date.min, series=series)
    text = icalendar.calendar(name, [entry(request, item) for item in upcoming])
    return HttpResponse(text, content_type="text/calendar; charset=utf-8")


@require_safe
@cached
def calendar_ics(request: HttpRequest) -> HttpResponse:
    """Every published event, to subscribe to."""
    return _ics(request, "kolo")


@require_safe
@cached
def series_ics(request: HttpRequest, key: str) -> HttpResponse:
    """A series' published events, to subscribe to."""
    series = get_object_or_404(models.Series, key=key)
    return _ics(request, series.name, series.key)
