"""The players' pages: no login, read-only, phones first, updated without reloading."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from kolo.core import collation
from kolo.core.collation import sort_key
from kolo.store import models, roles
from kolo.store.api import places_taken
from kolo.web import present, sharedcache, singleflight
from kolo.web.views.registration import event_context as registration_context


def home(request: HttpRequest) -> HttpResponse:
    events = models.Event.objects.annotate(
        entrant_count=Count("entrants", distinct=True), round_count=Count("rounds", distinct=True)
    ).order_by("-created_at")
    return render(request, "kolo/public/home.html", {"events": events})


def _context(request: HttpRequest, event: models.Event, loaded: present.Loaded) -> dict[str, Any]:
    current = loaded.current_round()
    round_row = event.rounds.filter(number=current.number).first() if current else None
    return {
        "event": event,
        "version": present.version(event),
        "role": roles.role_of(request.user, event),
        "current": current,
        "round_title": present.round_titles(loaded).get(current.number, "") if current else "",
        "tables": present.shared_table_rows(loaded, current) if current else [],
        "byes": [loaded.names[b] for b in current.byes] if current else [],
        "clock_start": timezone.localtime(round_row.clock_started_at).isoformat()
        if round_row and round_row.clock_started_at and not round_row.closed
        else None,
        "limit_imposed": bool(round_row and round_row.limit_imposed_at),
        "clock_alert_seconds": present.clock_alert_seconds(loaded),
        "highlight": request.GET.get("me", ""),
        "finished": present.finished(loaded),
    }


def _event(key: str) -> models.Event:
    return get_object_or_404(models.Event, key=key)


PAGE_SECONDS = 60

PAGE_PARAMETERS = ("me",)
"""The query parameters the players' pages read (``_context``): the highlighted player."""


def shared_page(
    view: Callable[..., HttpResponse] | None = None, *, reads: tuple[str, ...] = ()
) -> Any:
    """Cache a public page by event version, language, address and the query parameters
    it reads (``PAGE_PARAMETERS`` and ``reads``; any other is dropped before the page is
    rendered, so ``?utm_source=…`` finds the same page).

    The cache is shared by the server processes and the version is the store's, so a page
    is rendered once per change however many processes serve it. When a result arrives,
    every phone on the page fetches it again within seconds; the first request renders it,
    the others (also those arriving while it renders) get the same bytes. A logged-in
    organiser (who may see desk links) always gets a fresh page.
    """
    if view is None:
        return lambda wrapped: shared_page(wrapped, reads=reads)
    parameters = PAGE_PARAMETERS + reads

    @wraps(view)
    def run(request: HttpRequest, key: str, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated or len(messages.get_messages(request)):
            # an organiser may see desk links; a visitor with a one-time notice waiting
            # (a registration's data deleted…) sees it once: neither page is anyone else's
            return view(request, key, *args, **kwargs)
        event = _event(key)
        query = _meaningful(request, event, sharedcache.page_query(request, parameters))
        state = f"{present.version(event)}:{translation.get_language()}"
        name = sharedcache.short_key(f"kolo:page:{event.pk}:{state}", f"{request.path}?{query}")
        cached = cache.get(name)
        if cached is not None:
            return HttpResponse(cached)
        own: list[HttpResponse] = []

        def render() -> bytes | None:
            response = view(request, key, *args, **kwargs)
            own.append(response)
            if response.status_code != 200:
                return None
            cache.set(name, response.content, PAGE_SECONDS)
            return bytes(response.content)

        # concurrent requests for the same page and version: one renders, the rest wait
        content = singleflight.once(name, render)
        return own[0] if own else HttpResponse(content)

    return run


def _meaningful(request: HttpRequest, event: models.Event, query: str) -> str:
    """The kept query reduced to what changes the page, so that no made-up value renders a
    page of its own: ``me`` only when it names one of the event's entrants (any other
    highlights nobody), ``q`` as the search reads it (trimmed, at most 100 characters)."""
    kept = request.GET.copy()
    me = kept.get("me")
    if me is not None:
        if models.Entrant.objects.filter(event=event, code=me[:64]).exists():
            kept.setlist("me", [me])
        else:
            del kept["me"]
    q = kept.get("q")
    if q is not None:
        q = q.strip()[:100]
        if q:
            kept.setlist("q", [q])
        else:
            del kept["q"]
    cleaned = kept.urlencode()
    if cleaned != query:
        request.GET = QueryDict(cleaned)
        request.META["QUERY_STRING"] = cleaned
    return cleaned


@require_safe
@shared_page
def event_home(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    loaded = present.Loaded.of(event)
    context = _context(request, event, loaded)
    context["round_numbers"] = [r.number for r in loaded.value.rounds]
    titles = present.round_titles(loaded)  # the bracket rounds' names
    context["round_links"] = [(r.number, titles.get(r.number, "")) for r in loaded.value.rounds]
    context["query"] = ""
    context["places_taken"] = places_taken(event) if event.capacity else 0  # the announcement
    context.update(registration_context(event))  # registration
    return render(request, "kolo/public/event.html", context)


@require_safe
@shared_page
def tables(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    loaded = present.Loaded.of(event)
    return render(request, "kolo/public/tables.html", _context(request, event, loaded))


def _standings_context(loaded: present.Loaded) -> dict[str, Any]:
    result = loaded.standings()
    return {
        "standings": result,
        "rows": present.shared_standings_rows(loaded),
        "columns": present.standings_columns(loaded),
    }


@require_safe
@shared_page
def standings(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    loaded = present.Loaded.of(event)
    context = _context(request, event, loaded)
    context.update(_standings_context(loaded))
    return render(request, "kolo/public/standings.html", context)


@require_safe
@shared_page
def bracket(request: HttpRequest, key: str) -> HttpResponse:
    """A knockout event's bracket: the knockout rounds table by table, then the groups."""
    event = _event(key)
    if not event.has_bracket:
        raise Http404
    loaded = present.Loaded.of(event)
    context = _context(request, event, loaded)
    if event.is_knockout:
        context.update(present.knockout_context(loaded))
    else:
        context["elimination"] = present.elimination_context(loaded)
    return render(request, "kolo/public/bracket.html", context)


@require_safe
@shared_page
def round_results(request: HttpRequest, key: str, number: int) -> HttpResponse:
    event = _event(key)
    loaded = present.Loaded.of(event)
    round_ = next((r for r in loaded.value.rounds if r.number == number), None)
    if round_ is None:
        raise Http404
    context = _context(request, event, loaded)
    context.update(
        current=round_,
        round_title=present.round_titles(loaded).get(number, ""),
        tables=present.shared_table_rows(loaded, round_),
        byes=[loaded.names[b] for b in round_.byes],
    )
    return render(request, "kolo/public/round.html", context)


@require_safe
@shared_page
def player(request: HttpRequest, key: str, code: str) -> HttpResponse:
    event = _event(key)
    loaded = present.Loaded.of(event)
    entrant = next((e for e in loaded.value.entrants if e.id == code), None)
    if entrant is None:
        raise Http404
    rows = present.shared_standings_rows(loaded)
    context = _context(request, event, loaded)
    context.update(
        entrant=entrant,
        where=present.where_is(loaded, code),
        games=present.player_games(loaded, code),
        row=next((r for r in rows if r["id"] == code), None)
        if loaded.standings().after_round
        else None,
        series=[
            {"series": entry.series, "person": entrant.person}
            for entry in event.series_entries.select_related("series")
        ],
    )
    return render(request, "kolo/public/player.html", context)


@require_safe
@shared_page(reads=("q",))
def find(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    loaded = present.Loaded.of(event)
    query = request.GET.get("q", "").strip()[:100]
    matches = []
    if query:
        for entrant in loaded.value.entrants:
            if collation.matches(query, entrant.name):
                matches.append(
                    {
                        "id": entrant.id,
                        "name": entrant.name,
                        "where": present.where_is(loaded, entrant.id),
                    }
                )
    context = _context(request, event, loaded)
    matches.sort(key=lambda m: sort_key(str(m["name"]), present.language()))
    context.update(query=query, matches=matches[:30])
    return render(request, "kolo/public/find.html", context)


@require_safe
@shared_page
def projector(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    loaded = present.Loaded.of(event)
    context = _context(request, event, loaded)
    context.update(_standings_context(loaded))
    if event.is_knockout:
        context.update(present.knockout_context(loaded))
    elif event.has_playoff:
        context["elimination"] = present.elimination_context(loaded)
    return render(request, "kolo/public/projector.html", context)


@never_cache
@require_safe
def version(request: HttpRequest, key: str) -> HttpResponse:
    """A few bytes the pages poll: when the number changes, they fetch themselves again.

    Usually answered from memory: no query (see ``present.version``)."""
    pk = cache.get(f"kolo:event:{key}")
    if pk is None:
        pk = _event(key).pk
        cache.set(f"kolo:event:{key}", pk, 60)
    return JsonResponse({"version": present.version_of(pk)})


def choose_language(request: HttpRequest, code: str) -> HttpResponse:
    """Switch the pages' language (a link, so cached pages need no form token)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    target = request.GET.get("next", "/")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    ):
        target = "/"  # only a path on this site ("abc" would be taken for a URL's name)
    response = redirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, code, max_age=365 * 24 * 3600, samesite="Lax"
    )
    return response
