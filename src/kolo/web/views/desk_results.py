"""The desk's results: a table's result entered or corrected, the preview while typing, a
Dominion table's kingdom and draft."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.changes.results import check_final_score
from kolo.core.collation import sort_key
from kolo.core.outcome import outcome
from kolo.core.problems import InvalidInput
from kolo.games.dominion.draws import PICKS
from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import OWNER
from kolo.web import present
from kolo.web.access import organiser
from kolo.web.inputs import optional_number
from kolo.web.views.deskbase import actor_of, attempt, posted_scores, render_fragment, table_seats


@organiser()
@require_POST
def table_result(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    seats = table_seats(event, number, table)

    def save() -> None:
        scores = posted_scores(request, seats, "score")
        turns = posted_scores(request, seats, "turns") or None
        game = request.POST.get("game")
        version = request.POST.get("version")
        store.record_result(
            actor_of(request),
            event,
            number,
            table,
            scores,
            turns=turns,
            game_number=optional_number(game, "game"),
            ended_by_time_limit=request.POST.get("time_limit") == "on",
            expected_version=optional_number(version, "version"),
            replace_sheet=request.POST.get("replace_sheet") == "on",
        )

    attempt(request, save, _("table {table}: result saved").format(table=table))
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    )


@organiser()
@require_POST
def table_preview(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """Placements, points and shares of the scores as typed, before saving."""
    seats = table_seats(event, number, table)
    ruleset, settings = store.ruleset_of(event)
    names = {e.code: e.name for e in event.entrants.all()}
    try:
        scores = posted_scores(request, seats, "score")
        turns = posted_scores(request, seats, "turns")
    except InvalidInput as error:
        return render_fragment(
            "kolo/desk/_preview.html", {"problems": [p.text(_) for p in error.problems]}
        )
    if len(scores) != len(seats):
        return render_fragment("kolo/desk/_preview.html", {"waiting": True})
    use_turns = turns if ruleset.ties_by_turns and len(turns) == len(seats) else None
    if ruleset.ties_by_turns and use_turns is None:
        return render_fragment("kolo/desk/_preview.html", {"need_turns": True})
    try:  # a score the game cannot end with (domino: below the target, did time run out?)
        check_final_score(ruleset, settings, scores, request.POST.get("time_limit") == "on")
    except InvalidInput as error:
        return render_fragment(
            "kolo/desk/_preview.html", {"problems": [p.text(_) for p in error.problems]}
        )
    read = outcome(scores, ruleset, settings, use_turns)
    placed = read.places
    rows = [
        {
            "name": names[code],
            "score": scores[code],
            "place": read.place_text(code),
            "points": present.points(placed[code].points),
            "share": present.percent(read.shares[code]),
        }
        for code in sorted(
            seats, key=lambda c: (placed[c].first, sort_key(names[c], present.language()))
        )
    ]
    return render_fragment("kolo/desk/_preview.html", {"rows": rows})


@organiser()
@require_POST
def table_kingdom(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """Record a table's draft (six picks in order) or a kingdom drawn with physical cards."""
    actor = actor_of(request)
    if request.POST.get("action") == "set" and role != OWNER:
        messages.error(request, _("only the event's owners may replace a drawn kingdom"))
        return redirect(
            reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
        )
    if request.POST.get("action") == "set":
        cards = [
            c for c in request.POST.get("cards", "").replace("\n", ",").split(",") if c.strip()
        ]
        change: Callable[[], Any] = lambda: store.set_kingdom(  # noqa: E731
            actor,
            event,
            number,
            table,
            cards,
            colony=request.POST.get("colony") == "on",
            shelters=request.POST.get("shelters") == "on",
        )
    else:
        posted = request.POST.getlist("pick")
        picks = [p for p in posted if p]
        change = lambda: store.record_draft(actor, event, number, table, picks)  # noqa: E731
        if not attempt(request, change, _("table {table}: kingdom saved").format(table=table)):
            # refused (a card picked twice, one missing): the form shows the picks again
            request.session[_draft_key(event, number, table)] = posted[:PICKS]
        return redirect(
            reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
        )
    attempt(request, change, _("table {table}: kingdom saved").format(table=table))
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    )


def _draft_key(event: models.Event, number: int, table: int) -> str:
    return f"kolo-draft:{event.key}:{number}:{table}"


def draft_slots(
    request: HttpRequest, event: models.Event, number: int, table: dict[str, Any]
) -> list[tuple[int, str]]:
    """Each pick of a table's draft form and the card it shows: the picks of a draft just
    refused as the organiser made them (once), else the draft recorded."""
    kingdom = table["kingdom"]
    retried = request.session.pop(_draft_key(event, number, table["number"]), None)
    if isinstance(retried, list):
        return [(n, str(retried[n - 1]) if n <= len(retried) else "") for n in range(1, PICKS + 1)]
    chosen = {c.pick: c.id for c in kingdom.choices if c.pick}
    return [(n, chosen.get(n, "")) for n in range(1, PICKS + 1)]


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
