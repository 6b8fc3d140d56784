"""Series on the web: the public tour standings (each player's counted and uncounted
events), qualification, ratings with their history, a CSV export; the desk where organisers
build a series from their events, mark declined places and merge player identities."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models, roles
from kolo.web import csvdownload, present
from kolo.web.views.deskbase import actor_of, attempt


def _series(key: str) -> models.Series:
    return get_object_or_404(models.Series, key=key)


def _value(series: models.Series) -> Any:
    try:
        return store.series_value(series)
    except InvalidInput:
        return None


def _tour(value: Any) -> Any:
    from kolo.series.tour import compute_tour

    if value is None or value.rules is None:
        return None
    try:
        return compute_tour(value)
    except InvalidInput:
        return None


def _score_row(score: Any, names: dict[str, str]) -> dict[str, Any]:
    item = score.status.item
    return {
        "key": item.file,
        "name": names.get(item.file, item.file),
        "date": item.date,
        "city": item.city,
        "place": f"{score.placed.rank}."
        if score.placed.rank == score.placed.rank_to
        else f"{score.placed.rank}.–{score.placed.rank_to}.",
        "points": present.points(score.points),
        "why": score.reason.text(_) if score.reason is not None else "",
    }


def _event_names(series: models.Series) -> dict[str, str]:
    return {e.event.key: e.event.name for e in series.entries.select_related("event")}


@require_safe
def series_page(request: HttpRequest, key: str) -> HttpResponse:
    """The tour standings: every player's points, counted and uncounted events."""
    series = _series(key)
    value = _value(series)
    tour = _tour(value)
    names = _event_names(series)
    events = []
    if tour is not None:
        events = [
            {
                "key": s.item.file,
                "name": names.get(s.item.file, s.item.file),
                "date": s.item.date,
                "city": s.item.city,
                "players": s.result.size,
                "rounds": s.result.rounds,
                "counts": s.counts,
                "places": s.places,
                "why": s.reason.text(_) if s.reason is not None else "",
            }
            for s in tour.events
        ]
    rows = []
    if tour is not None:
        rows = [
            {
                "place": f"{row.rank}."
                if row.rank == row.rank_to
                else f"{row.rank}.–{row.rank_to}.",
                "person": row.person,
                "name": row.name,
                "points": present.points(row.points),
                "events": row.events_played,
                "counted": [_score_row(s, names) for s in row.counted],
                "not_counted": [_score_row(s, names) for s in row.not_counted],
            }
            for row in tour.rows
        ]
    entries = list(series.entries.select_related("event"))
    counted = {e["key"]: e for e in events}
    listed = [  # every event by date: published or not (R-REG-1), counted or not (R-TOUR-1)
        {
            "entry": entry,
            "published_at": entry.event.published_at,
            "cancelled": entry.event.cancelled_at is not None,
            "tour": counted.get(entry.event.key),
        }
        for entry in sorted(entries, key=lambda e: (e.date, e.event.key))
    ]
    return render(
        request,
        "kolo/public/series.html",
        {
            "series": series,
            "tour": tour,
            "events": events,
            "entries": entries,
            "listed": listed,
            "rows": rows,
            "problem": value is None,
            "may_change": request.user.is_authenticated
            and store.may_change_series(request.user, series),
        },
    )


@require_safe
def series_csv(request: HttpRequest, key: str) -> HttpResponse:
    series = _series(key)
    tour = _tour(_value(series))
    if tour is None:
        raise Http404
    columns = [
        "rank",
        "rank_to",
        "player",
        "name",
        "points",
        "events_played",
        "counted",
        "not_counted",
    ]
    rows = (
        [
            row.rank,
            row.rank_to,
            row.person,
            row.name,
            float(row.points),
            row.events_played,
            "; ".join(f"{s.status.item.file} {float(s.points):g}" for s in row.counted),
            "; ".join(
                f"{s.status.item.file} {float(s.points):g} ({s.reason.code if s.reason else ''})"
                for s in row.not_counted
            ),
        ]
        for row in tour.rows
    )
    return csvdownload.response(columns, rows, f"{series.key}-tour.csv")


@require_safe
def series_qualification(request: HttpRequest, key: str) -> HttpResponse:
    """Who qualified for the championship, how, and which places passed down."""
    from kolo.series.qualification import compute_qualification

    series = _series(key)
    value = _value(series)
    result = None
    if value is not None and value.qualification is not None:
        try:
            result = compute_qualification(value)
        except InvalidInput:
            result = None
    names = _event_names(series)
    context: dict[str, Any] = {"series": series, "result": result}
    if result is not None:
        by_person = {q.person: q.name for q in result.qualified}
        context["qualified"] = [
            {
                "person": q.person,
                "name": q.name,
                "rule": q.rule,
                "how": q.how,
                "event": names.get(q.item.file, q.item.file) if q.item else "",
                "event_key": q.item.file if q.item else "",
                "place": f"{q.placed.rank}." if q.placed else "",
                "points": present.points(q.points) if q.points is not None else "",
            }
            for q in result.qualified
        ]
        context["passed"] = [
            {
                "event": names.get(p.item.file, p.item.file),
                "name": p.placed.entrant.name,
                "place": f"{p.placed.rank}.",
                "why": p.reason.text(_),
                "to": by_person.get(p.to, p.to) if p.to else "",
            }
            for p in result.passed_down
        ]
        context["events"] = [
            {
                "event": names.get(e.item.file, e.item.file),
                "date": e.item.date,
                "kind": e.item.kind or "",
                "places": e.places,
                "why": e.reason.text(_) if e.reason is not None else "",
            }
            for e in result.events
        ]
    return render(request, "kolo/public/series_qualification.html", context)


def _ratings(value: Any) -> dict[str, Any]:
    from kolo.series.ratings import series_ratings

    return series_ratings(value) if value is not None else {}


@require_safe
def series_ratings_page(request: HttpRequest, key: str) -> HttpResponse:
    from kolo.series.ratings import ranked

    series = _series(key)
    rows = [
        {
            "rank": index,
            "person": r.player,
            "name": r.name,
            "rating": present.decimal(r.rating, 1),
            "mu": present.decimal(r.mu, 1),
            "sigma": present.decimal(r.sigma, 1),
            "games": r.games,
        }
        for index, r in enumerate(ranked(_ratings(_value(series))), start=1)
    ]
    return render(request, "kolo/public/series_ratings.html", {"series": series, "rows": rows})


def rating_plot(points: list[tuple[str, float]], width: int = 600, height: int = 180) -> str:
    """An inline SVG line of a rating's history (one point per event), with its axis
    values; labels are escaped by the template that shows the event list, so the SVG holds
    numbers only."""
    if not points:
        return ""
    values = [v for _label, v in points]
    low, high = min([*values, 0.0]), max([*values, 0.0])
    span = (high - low) or 1.0
    pad = 28
    step = (width - 2 * pad) / max(1, len(points) - 1)

    def y(value: float) -> float:
        return pad / 2 + (height - pad) * (1 - (value - low) / span)

    coords = [(pad + i * step, y(v)) for i, (_label, v) in enumerate(points)]
    line = " ".join(f"{x:.1f},{yy:.1f}" for x, yy in coords)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3"/>' for x, yy in coords)
    zero = y(0.0)
    return (
        f'<svg class="rating-plot" viewBox="0 0 {width} {height}" role="img" '
        f'preserveAspectRatio="none">'
        f'<line x1="{pad}" x2="{width - pad / 2}" y1="{zero:.1f}" y2="{zero:.1f}" class="axis"/>'
        f'<text x="2" y="{y(high) + 4:.1f}" class="tick">{high:.0f}</text>'
        f'<text x="2" y="{y(low) + 4:.1f}" class="tick">{low:.0f}</text>'
        f'<polyline points="{line}" fill="none"/>{dots}</svg>'
    )


@require_safe
def series_player(request: HttpRequest, key: str, person: str) -> HttpResponse:
    """A player across the series: rating and its history, events and tour points."""
    from django.utils.safestring import mark_safe

    series = _series(key)
    value = _value(series)
    ratings = _ratings(value)
    rating = ratings.get(person)
    tour = _tour(value)
    row = next((r for r in tour.rows if r.person == person), None) if tour else None
    played = (
        [e for e in value.events if any(x.person == person for x in e.event.entrants)]
        if value is not None
        else []
    )
    if rating is None and row is None and not played:
        raise Http404
    history: list[tuple[str, float]] = []
    if rating is not None:
        last: dict[str, float] = {}
        for point in rating.history:
            last[point.event] = point.rating
        history = list(last.items())
    names = _event_names(series)
    return render(
        request,
        "kolo/public/series_player.html",
        {
            "series": series,
            "person": person,
            "name": rating.name if rating else (row.name if row else person),
            "rating": present.decimal(rating.rating, 1) if rating else None,
            "mu": present.decimal(rating.mu, 1) if rating else None,
            "sigma": present.decimal(rating.sigma, 1) if rating else None,
            "games": rating.games if rating else 0,
            # the plot holds only numbers computed here
            "plot": mark_safe(rating_plot(history)),
            "history": [
                {"event": names.get(k, k), "key": k, "rating": present.decimal(v, 1)}
                for k, v in history
            ],
            "row": row,
            "tour_points": present.points(row.points) if row else "",
            "tour_place": f"{row.rank}."
            if row and row.rank == row.rank_to
            else (f"{row.rank}.–{row.rank_to}." if row else ""),
            "counted": [_score_row(s, names) for s in row.counted] if row else [],
            "not_counted": [_score_row(s, names) for s in row.not_counted] if row else [],
        },
    )


# --- the desk -------------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.replace(",", "\n").splitlines() if line.strip()]


def _qualification_json(text: str) -> Any:
    text = text.strip()
    if not text:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        from kolo.core.problems import N_

        raise InvalidInput.one(
            N_("not valid JSON: {reason}"), path="qualification", reason=error.msg
        ) from None
    except (ValueError, RecursionError):  # thousands of digits, absurd nesting
        from kolo.core.problems import N_

        raise InvalidInput.one(
            N_("not a usable JSON document (absurd numbers or nesting)"), path="qualification"
        ) from None


@login_required
def desk_series_list(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        created: list[models.Series] = []
        if attempt(
            request,
            lambda: created.append(
                store.save_series(
                    actor_of(request),
                    request.POST.get("name", ""),
                    key=request.POST.get("key", "").strip() or None,
                    rules=request.POST.get("rules") or None,
                    owner=request.user,
                )
            ),
        ):
            return redirect("desk-series", key=created[0].key)
    return render(
        request,
        "kolo/desk/series_list.html",
        {"series_list": models.Series.objects.all(), "rules": _rules_choices()},
    )


def _rules_choices() -> list[tuple[str, str]]:
    from kolo.series.rules import TOURS

    return [(rules_id, _(rules.title)) for rules_id, rules in TOURS.items()]


@login_required
def desk_series(request: HttpRequest, key: str) -> HttpResponse:
    series = _series(key)
    may_change = store.may_change_series(request.user, series)
    if request.method == "POST":
        if not may_change:
            messages.error(request, _("only the series' owner (or a superuser) may change it"))
            return redirect("desk-series", key=key)
        _desk_series_change(request, series)
        return redirect("desk-series", key=key)
    mine = roles.visible_events(request.user).exclude(series_entries__series=series)
    return render(
        request,
        "kolo/desk/series.html",
        {
            "series": series,
            "may_change": may_change,
            "entries": list(series.entries.select_related("event")),
            "events": mine.order_by("-created_at")[:200],
            "rules": _rules_choices(),
            "top7": "\n".join(series.championship_top7),
            "qualification": json.dumps(series.qualification, ensure_ascii=False, indent=2)
            if series.qualification is not None
            else "",
            "history": list(store.series_history(series))[:30],
            "problems": _problems(series),
        },
    )


def _problems(series: models.Series) -> list[str]:
    from kolo.series.document import identity_warnings

    try:
        value = store.series_value(series)
    except InvalidInput as error:
        return [f"{p.path}: {p.text(_)}" for p in error.problems]
    return [
        _("'{id}' is taken for one person, but the names differ: {names}").format(
            id=w.person, names="; ".join(f"{file}: {name}" for file, name in w.names)
        )
        for w in identity_warnings(value)
    ]


def _desk_series_change(request: HttpRequest, series: models.Series) -> None:
    actor = actor_of(request)
    action = request.POST.get("action", "")
    post = request.POST
    if action == "settings":
        attempt(
            request,
            lambda: store.save_series(
                actor,
                post.get("name", ""),
                rules=post.get("rules") or None,
                championship_top7=_lines(post.get("top7", "")),
                qualification=_qualification_json(post.get("qualification", "")),
                series=series,
            ),
            _("saved"),
        )
    elif action == "event":
        attempt(
            request,
            lambda: store.put_series_event(
                actor,
                series,
                post.get("event", ""),
                city=post.get("city", ""),
                date=post.get("date", ""),
                kind=post.get("kind") or None,
                declined=_lines(post.get("declined", "")),
                user=request.user,
            ),
            _("saved"),
        )
    elif action == "remove":
        attempt(
            request,
            lambda: store.remove_series_event(actor, series, post.get("event", "")),
            _("removed"),
        )
    elif action == "merge":
        attempt(
            request,
            lambda: store.merge_players(
                actor, series, post.get("keep", ""), post.get("merge", ""), user=request.user
            ),
            _("merged"),
        )
