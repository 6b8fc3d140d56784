"""The desk's events: the list and a new event, importing a file, an event's overview and its
settings."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.core.problems import N_, InvalidInput
from kolo.eventfile import reader
from kolo.games import rulesets
from kolo.science import table as format_table
from kolo.store import api as store
from kolo.store import models, roles
from kolo.store.roles import OWNER
from kolo.web import games, present, qualifierwords, settingsform, wording
from kolo.web.access import organiser
from kolo.web.views.desk_checkin import absent_summary
from kolo.web.views.deskbase import actor_of, attempt, base_context, can_pair


@login_required
def desk(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        name = request.POST.get("name", "")
        ruleset = request.POST.get("ruleset", "")
        key = request.POST.get("key", "").strip() or None
        created: list[models.Event] = []
        if attempt(
            request,
            lambda: created.append(
                store.create_event(actor_of(request), name, ruleset, {}, key, owner=request.user)
            ),
        ):
            return redirect("desk-event", key=created[0].key)
    events = roles.visible_events(request.user).order_by("-created_at")
    return render(
        request,
        "kolo/desk/home.html",
        {
            "events": events,
            "rulesets": [(r.id, _(r.title)) for r in rulesets.REGISTRY.values()],
            "game_pages": games.desk_pages(),
        },
    )


@login_required
@require_POST
def import_event(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("choose a kolo-event/1 file"))
        return redirect("desk")
    created: list[models.Event] = []

    def load() -> None:
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InvalidInput.one(N_("not UTF-8 text")) from None
        created.append(
            store.import_event(actor_of(request), reader.loads(text), owner=request.user)
        )

    if attempt(request, load):
        messages.success(request, _("imported {name}").format(name=created[0].name))
        return redirect("desk-event", key=created[0].key)
    return redirect("desk")


def format_line(event: models.Event, players: int) -> str:
    """The desk's line on the format: how often the strongest player wins with
    this field and these rounds, and with one round more, from the table kolo ships; empty
    where the table has nothing near (``kolo.science.table``)."""
    ruleset, settings = store.ruleset_of(event)
    if "rounds" not in ruleset.defaults:
        return ""
    line = format_table.desk_line(ruleset.id, players, settings.rounds)
    return line.text(_) if line is not None else ""


@organiser()
def event_desk(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    loaded = present.Loaded.of(event, public=False)
    rounds = list(event.rounds.all())
    titles = present.round_titles(loaded)  # the bracket rounds' names
    last = rounds[-1] if rounds else None
    pending = models.SelfReport.objects.filter(
        table__round__event=event,
        status__in=[
            models.SelfReport.PENDING,
            models.SelfReport.CONFIRMED,
            models.SelfReport.DISPUTED,
        ],
    ).count()
    context = base_context(request, event, role)
    result = loaded.standings()
    context.update(
        rounds=rounds,
        round_list=[(r, titles.get(r.number, "")) for r in rounds],
        last=last,
        can_pair=can_pair(loaded, rounds),
        finished=present.finished(loaded, rounds),
        next_number=len(rounds) + 1,
        entrants=len(loaded.value.entrants),
        active=sum(1 for e in loaded.value.entrants if e.dropped_after_round is None),
        format_line=format_line(
            event, sum(1 for e in loaded.value.entrants if e.dropped_after_round is None)
        ),
        pending_reports=pending,
        checkin_absent=absent_summary(event),  # check-in on the day (R-REG-3)
        standings=result,
        rows=present.standings_rows(loaded, result),
        columns=present.standings_columns(loaded),
        ruleset_title=_(loaded.ruleset.title),
        qualifiers=(lambda plan: qualifierwords.text(plan) if plan else "")(
            qualifierwords.plan_of(event)
        ),
    )
    return render(request, "kolo/desk/event.html", context)


@organiser(OWNER)
def event_settings(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    ruleset, settings = store.ruleset_of(event)
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        changes, problems = settingsform.read(request.POST, ruleset.defaults, event.settings)
        if not problems:
            try:
                store.change_settings(actor_of(request), event, changes)
            except InvalidInput as error:
                problems = list(error.problems)
            else:
                messages.success(request, _("Settings saved."))
                return redirect("desk-settings", key=event.key)
        errors, rest = settingsform.field_errors(problems)
        for problem in rest:
            messages.error(request, wording.problem_text(problem))
        if errors:
            messages.error(request, _("Nothing was saved: correct the settings marked below."))
    typed = request.POST if request.method == "POST" and errors else None
    context = base_context(request, event, role)
    context.update(
        fields=settingsform.fields(
            ruleset.defaults,
            settings,
            event.settings,
            errors,
            typed,
            have=settingsform.traits(ruleset),
        ),
        ruleset_title=_(ruleset.title),
        format_line=format_line(
            event, event.entrants.filter(dropped_after_round__isnull=True).count()
        ),
        settings_json=json.dumps(dict(event.settings), ensure_ascii=False, indent=2),
    )
    return render(request, "kolo/desk/settings.html", context)
