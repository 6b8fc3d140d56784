"""The organiser's desk: events, entrants, rounds, results, print, the audit trail.

Owners do everything; assistants enter and correct results (``kolo.web.access``). Every
change goes through ``kolo.web.store`` (one transaction, one audit entry); a refused change
shows its reasons and changes nothing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.core import knockout, rulesets
from kolo.core.collation import sort_key
from kolo.core.event import Round as CoreRound
from kolo.core.event import Table as CoreTable
from kolo.core.outcome import outcome
from kolo.core.problems import N_, InvalidInput, NoValidPairing
from kolo.core.qualifiers import QualifierPlan
from kolo.core.standings import Row
from kolo.eventfile import reader
from kolo.eventfile.writer import dumps
from kolo.games.dominion.draws import PICKS
from kolo.pairing.checker import check_pairing_rules
from kolo.pairing.criteria import Context, round_costs
from kolo.web import (
    access,
    auditwords,
    csvdownload,
    models,
    present,
    publicurl,
    qualifierwords,
    settingsform,
    store,
    wording,
)
from kolo.web.access import OWNER, organiser
from kolo.web.inputs import optional_number, shown, whole_number
from kolo.web.views.reportdesk import report_groups


def _actor(request: HttpRequest) -> store.Actor:
    return store.Actor(who=request.user.get_username(), via="web")


def _refused(request: HttpRequest, error: InvalidInput) -> None:
    for problem in error.problems:
        messages.error(request, wording.problem_text(problem))


def _attempt(request: HttpRequest, change: Callable[[], Any], done: str | None = None) -> bool:
    """Run a change; on refusal show why. Returns whether it happened."""
    try:
        change()
    except InvalidInput as error:
        _refused(request, error)
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


def _base(request: HttpRequest, event: models.Event, role: str) -> dict[str, Any]:
    return {
        "event": event,
        "role": role,
        "is_owner": role == OWNER,
        "version": present.version(event),
        "phones": publicurl.phone_address(request),
    }


# --- events -----------------------------------------------------------------------------


@login_required
def desk(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        name = request.POST.get("name", "")
        ruleset = request.POST.get("ruleset", "")
        key = request.POST.get("key", "").strip() or None
        created: list[models.Event] = []
        if _attempt(
            request,
            lambda: created.append(
                store.create_event(_actor(request), name, ruleset, {}, key, owner=request.user)
            ),
        ):
            return redirect("desk-event", key=created[0].key)
    events = access.visible_events(request.user).order_by("-created_at")
    return render(
        request,
        "kolo/desk/home.html",
        {
            "events": events,
            "rulesets": [(r.id, _(r.title)) for r in rulesets.REGISTRY.values()],
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
        created.append(store.import_event(_actor(request), reader.loads(text), owner=request.user))

    if _attempt(request, load):
        messages.success(request, _("imported {name}").format(name=created[0].name))
        return redirect("desk-event", key=created[0].key)
    return redirect("desk")


@organiser()
def event_desk(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    loaded = present.Loaded.of(event, public=False)
    rounds = list(event.rounds.all())
    last = rounds[-1] if rounds else None
    pending = models.SelfReport.objects.filter(
        table__round__event=event,
        status__in=[
            models.SelfReport.PENDING,
            models.SelfReport.CONFIRMED,
            models.SelfReport.DISPUTED,
        ],
    ).count()
    context = _base(request, event, role)
    result = loaded.standings()
    context.update(
        rounds=rounds,
        last=last,
        can_pair=_can_pair(loaded, rounds),
        next_number=len(rounds) + 1,
        entrants=len(loaded.value.entrants),
        active=sum(1 for e in loaded.value.entrants if e.dropped_after_round is None),
        pending_reports=pending,
        standings=result,
        rows=present.standings_rows(loaded, result),
        columns=present.standings_columns(loaded.ruleset),
        ruleset_title=_(loaded.ruleset.title),
        qualifiers=(lambda plan: qualifierwords.text(plan) if plan else "")(
            qualifierwords.plan_of(event)
        ),
    )
    return render(request, "kolo/desk/event.html", context)


def _can_pair(loaded: present.Loaded, rounds: list[models.Round]) -> bool:
    """Whether the next round may be paired now: the last one closed, rounds left."""
    last = rounds[-1] if rounds else None
    return (
        (last is None or last.closed)
        and len(rounds) < (loaded.ruleset.max_rounds(loaded.settings) or len(rounds) + 1)
        and not (last is not None and last.stage == "final")
    )


@organiser(OWNER)
def event_settings(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    ruleset, settings = store.ruleset_of(event)
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        changes, problems = settingsform.read(request.POST, ruleset.defaults, event.settings)
        if not problems:
            try:
                store.change_settings(_actor(request), event, changes)
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
    context = _base(request, event, role)
    context.update(
        fields=settingsform.fields(ruleset.defaults, settings, event.settings, errors, typed),
        ruleset_title=_(ruleset.title),
        settings_json=json.dumps(dict(event.settings), ensure_ascii=False, indent=2),
    )
    return render(request, "kolo/desk/settings.html", context)


# --- entrants ---------------------------------------------------------------------------


def _parse_bulk(text: str) -> list[tuple[str, str | None]]:
    """One entrant per line: ``name`` or ``name,club`` (CSV quoting allowed)."""
    entries: list[tuple[str, str | None]] = []
    for row in csv.reader(io.StringIO(text)):
        if not row or not any(c.strip() for c in row):
            continue
        if len(row) > 2:
            raise InvalidInput.one(
                N_("row {row} has {count} columns; a row is: name,club"),
                path="entrants",
                row=len(entries) + 1,
                count=len(row),
            )
        entries.append((row[0], row[1] if len(row) > 1 else None))
    return entries


@organiser(OWNER)
def entrants(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    if request.method == "POST":
        allow = request.POST.get("allow_duplicate") == "on"

        def add() -> None:
            entries = _parse_bulk(request.POST.get("names", ""))
            store.add_entrants(_actor(request), event, entries, allow_duplicate=allow)

        before = qualifierwords.plan_of(event)
        if _attempt(request, add, _("entrants added")):
            _say_qualifiers(request, event, before)
            return redirect("desk-entrants", key=event.key)
    context = _base(request, event, role)
    context.update(
        entrants=sorted(event.entrants.all(), key=lambda e: sort_key(e.name, present.language())),
        names=request.POST.get("names", "") if request.method == "POST" else "",
    )
    refused = request.method == "POST"  # a refused entry is the client's error
    return render(request, "kolo/desk/entrants.html", context, status=400 if refused else 200)


@organiser(OWNER)
@require_POST
def entrant_edit(request: HttpRequest, event: models.Event, role: str, code: str) -> HttpResponse:
    action = request.POST.get("action")
    actor = _actor(request)
    changes: dict[str, Callable[[], Any]] = {
        "drop": lambda: store.drop_entrant(actor, event, code),
        "undrop": lambda: store.drop_entrant(actor, event, code, undo=True),
        "remove": lambda: store.remove_entrant(actor, event, code),
        "edit": lambda: store.rename_entrant(
            actor,
            event,
            code,
            request.POST.get("name"),
            request.POST.get("club"),
            request.POST.get("player"),
        ),
    }
    if action not in changes:
        return HttpResponseBadRequest("unknown action")
    entrant = event.entrants.filter(code=code).first()
    if action == "remove" and request.POST.get("confirmed") != "yes" and entrant is not None:
        context = _base(request, event, role)
        context["entrant"] = entrant
        return render(request, "kolo/desk/remove.html", context)
    name = request.POST.get("name") or (entrant.name if entrant else code)
    done = {
        "drop": _("{name} dropped: not paired from the next round on"),
        "undrop": _("{name} is back in: paired from the next round on"),
        "remove": _("{name} removed"),
        "edit": _("{name}: entry saved"),
    }[action].format(name=name)
    before = qualifierwords.plan_of(event)
    if _attempt(request, changes[action], done):
        _say_qualifiers(request, event, before)
    return redirect("desk-entrants", key=event.key)


def _say_qualifiers(
    request: HttpRequest, event: models.Event, before: QualifierPlan | None
) -> None:
    """After an entrants' change: say so when the knockout's qualifiers changed with it."""
    said = qualifierwords.change_text(before, qualifierwords.plan_of(event))
    if said is not None:
        messages.warning(request, said)


# --- rounds -----------------------------------------------------------------------------


@organiser(OWNER)
@require_POST
def pair(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    relax = [r for r in request.POST.getlist("relax") if r]
    reason = request.POST.get("reason", "") or None
    paired: list[models.Round] = []

    def run() -> None:
        round_, _proposal = store.pair_round(
            _actor(request), event, relax=relax, reason=reason, accepted=False
        )
        paired.append(round_)

    if _attempt(request, run):
        return redirect("desk-round", key=event.key, number=paired[0].number)
    return redirect("desk-event", key=event.key)


def _explain(
    context: Context, seats: tuple[str, ...], names: dict[str, str], normal: int
) -> list[str]:
    """Why this table, in words: the points it spans, who met before, the smaller table."""
    lines = []
    points = [context.points.get(p, Fraction(0)) for p in seats]
    low, high = min(points), max(points)
    if low == high:
        lines.append(wording.everyone_has(present.points(low), float(low)))
    else:
        lines.append(
            _("points from {low} to {high}").format(
                low=present.points(low), high=present.points(high)
            )
        )
    met = [
        (a, b, context.history.pairs[frozenset((a, b))])
        for i, a in enumerate(seats)
        for b in seats[i + 1 :]
        if context.history.pairs[frozenset((a, b))]
    ]
    if met:
        lines += [
            _("{a} and {b} met before ({times}×)").format(a=names[a], b=names[b], times=times)
            for a, b, times in met
        ]
    else:
        lines.append(_("nobody here met before"))
    if len(seats) < normal:
        lines.append(_("a smaller table: for the lowest placed (R-GORN-6)"))
    return lines


def _round_context(
    request: HttpRequest, event: models.Event, role: str, number: int
) -> dict[str, Any]:
    round_row = event.rounds.filter(number=number).first()
    if round_row is None:
        raise Http404
    loaded = present.Loaded.of(event, public=False)
    numbers = [r.number for r in loaded.value.rounds]
    if number not in numbers:
        raise Http404
    index = numbers.index(number)
    core_round = loaded.value.rounds[index]
    tables = present.table_rows(loaded, core_round)
    swiss = not knockout.is_knockout(loaded.ruleset)  # knockouts have no pairing costs
    costs = (
        round_costs(loaded.value, index, loaded.ruleset, loaded.settings)
        if index and swiss
        else None
    )
    context_value = (
        Context.of(
            replace(loaded.value, rounds=loaded.value.rounds[:index]),
            loaded.ruleset,
            loaded.settings,
        )
        if swiss
        else None
    )
    games = {
        (g.table.number, g.number): g.version
        for g in models.Game.objects.filter(table__round=round_row).select_related("table")
    }
    codes = {t.number: t.code for t in round_row.tables.all()}
    for table, core_table in zip(tables, core_round.tables, strict=True):
        table["code"] = codes.get(table["number"], "")
        table["next_game"] = min(table["games_played"] + 1, table["games_needed"])
        table["versions"] = {
            n: games.get((table["number"], n), 0) for n in range(1, table["games_needed"] + 1)
        }
        table["versions_json"] = json.dumps(table["versions"])
        table["version"] = games.get((table["number"], table["next_game"]), 0)
        if costs is not None:
            cost = costs[[t.number for t in core_round.tables].index(core_table.number)]
            table["cost"] = present.points(cost.total)
            table["criteria"] = [
                (wording.criterion_name(name), present.points(Fraction(value)))
                for name, value in cost.values.items()
                if value
            ]
        table["why"] = (
            _explain(context_value, core_table.seats, loaded.names, loaded.settings["table_size"])
            if index and context_value is not None
            else []
        )
    context = _base(request, event, role)
    later = event.rounds.filter(number__gt=number).exists()
    rounds = list(event.rounds.all())
    context.update(
        round=round_row,
        core_round=core_round,
        tables=tables,
        byes=[loaded.names[b] for b in core_round.byes],
        total_cost=present.points(sum((c.total for c in costs), Fraction(0))) if costs else None,
        turns=loaded.ruleset.ties_by_turns,
        reports=report_groups(round_row, loaded.names),
        players=sorted(
            ((p, loaded.names[p]) for p in core_round.seated()),
            key=lambda x: sort_key(x[1], present.language()),
        ),
        later_round=later,
        can_pair=not later and _can_pair(loaded, rounds),
        next_number=len(rounds) + 1,
        may_undo=not later and not round_row.closed and not games,
        clock_start=timezone.localtime(round_row.clock_started_at).isoformat()
        if round_row.clock_started_at
        else None,
        clock_alert_seconds=60 * int(loaded.settings.get("clock_alert_minutes", 45)),
        missing=[t["number"] for t in tables if not t["complete"]],
        has_kingdoms=any(t["kingdom"] for t in tables),
        pick_numbers=range(1, PICKS + 1),
    )
    return context


@organiser()
def round_view(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    return render(request, "kolo/desk/round.html", _round_context(request, event, role, number))


@organiser(OWNER)
@require_POST
def round_accept(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    _attempt(
        request,
        lambda: store.accept_round(_actor(request), event, number),
        _("the pairing is published"),
    )
    return redirect("desk-round", key=event.key, number=number)


@organiser(OWNER)
@require_POST
def round_undo(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    if _attempt(
        request,
        lambda: store.delete_round(_actor(request), event, number),
        _("the pairing is undone"),
    ):
        return redirect("desk-event", key=event.key)
    return redirect("desk-round", key=event.key, number=number)


@organiser(OWNER)
@require_POST
def round_swap(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    first, second = request.POST.get("first", ""), request.POST.get("second", "")
    if request.headers.get("X-Requested-With") == "fetch":
        return _swap_preview(event, number, first, second)
    reason = request.POST.get("reason", "").strip() or None
    _attempt(
        request,
        lambda: store.swap_players(_actor(request), event, first, second, force_reason=reason),
        _("swapped"),
    )
    return redirect("desk-round", key=event.key, number=number)


def _swap_preview(event: models.Event, number: int, first: str, second: str) -> HttpResponse:
    """The pairing's cost and hard-rule problems if the two players swapped seats."""
    loaded = present.Loaded.of(event, public=False)
    numbers = [r.number for r in loaded.value.rounds]
    if number not in numbers:
        raise Http404
    index = numbers.index(number)
    round_ = loaded.value.rounds[index]
    if not first or not second or first == second or index == 0:
        return HttpResponse("")
    if knockout.is_knockout(loaded.ruleset):
        return HttpResponse("")  # a knockout has no pairing costs to compare

    def swapped(seats: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(second if p == first else first if p == second else p for p in seats)

    tables = tuple(CoreTable(t.number, swapped(t.seats), t.games) for t in round_.tables)
    candidate = replace(
        loaded.value,
        rounds=(*loaded.value.rounds[:index], CoreRound(number, tables, round_.seed, round_.byes)),
    )
    before = sum(
        (c.total for c in round_costs(loaded.value, index, loaded.ruleset, loaded.settings)),
        Fraction(0),
    )
    after = sum(
        (c.total for c in round_costs(candidate, index, loaded.ruleset, loaded.settings)),
        Fraction(0),
    )
    problems = [
        p.text(_) for p in check_pairing_rules(candidate, index, loaded.ruleset, loaded.settings)
    ]
    return render_fragment(
        "kolo/desk/_swap_preview.html",
        {"before": present.points(before), "after": present.points(after), "problems": problems},
    )


def render_fragment(template: str, context: dict[str, Any]) -> HttpResponse:
    from django.template.loader import render_to_string

    return HttpResponse(render_to_string(template, context))


@organiser(OWNER)
@require_POST
def round_close(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    _attempt(request, lambda: store.close_round(_actor(request), event, number), _("round closed"))
    return redirect("desk-round", key=event.key, number=number)


@organiser(OWNER)
def round_reopen(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    if request.method == "POST":
        _attempt(
            request, lambda: store.reopen_round(_actor(request), event, number), _("round reopened")
        )
        return redirect("desk-round", key=event.key, number=number)
    context = _round_context(request, event, role, number)
    return render(request, "kolo/desk/reopen.html", context)


@organiser()
@require_POST
def round_clock(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    action = request.POST.get("action", "")
    _attempt(request, lambda: store.round_clock(_actor(request), event, number, action))
    return redirect("desk-round", key=event.key, number=number)


# --- results ----------------------------------------------------------------------------


def _posted_scores(request: HttpRequest, seats: list[str], prefix: str) -> dict[str, int]:
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


def _table_seats(event: models.Event, number: int, table: int) -> list[str]:
    row = models.Table.objects.filter(
        round__event=event, round__number=number, number=table
    ).first()
    if row is None:
        raise Http404
    return [s.entrant.code for s in row.seats.select_related("entrant")]


@organiser()
@require_POST
def table_result(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    seats = _table_seats(event, number, table)

    def save() -> None:
        scores = _posted_scores(request, seats, "score")
        turns = _posted_scores(request, seats, "turns") or None
        game = request.POST.get("game")
        version = request.POST.get("version")
        store.record_result(
            _actor(request),
            event,
            number,
            table,
            scores,
            turns=turns,
            game_number=optional_number(game, "game"),
            ended_by_time_limit=request.POST.get("time_limit") == "on",
            expected_version=optional_number(version, "version"),
        )

    _attempt(request, save, _("table {table}: result saved").format(table=table))
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    )


@organiser()
@require_POST
def table_preview(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """Placements, points and shares of the scores as typed, before saving."""
    seats = _table_seats(event, number, table)
    ruleset, settings = store.ruleset_of(event)
    names = {e.code: e.name for e in event.entrants.all()}
    try:
        scores = _posted_scores(request, seats, "score")
        turns = _posted_scores(request, seats, "turns")
    except InvalidInput as error:
        return render_fragment(
            "kolo/desk/_preview.html", {"problems": [p.text(_) for p in error.problems]}
        )
    if len(scores) != len(seats):
        return render_fragment("kolo/desk/_preview.html", {"waiting": True})
    use_turns = turns if ruleset.ties_by_turns and len(turns) == len(seats) else None
    if ruleset.ties_by_turns and use_turns is None:
        return render_fragment("kolo/desk/_preview.html", {"need_turns": True})
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


# --- Dominion: kingdoms and card pools --------------------------------------------------


@organiser()
@require_POST
def table_kingdom(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """Record a table's draft (six picks in order) or a kingdom drawn with physical cards."""
    actor = _actor(request)
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
        picks = [p for p in request.POST.getlist("pick") if p]
        change = lambda: store.record_draft(actor, event, number, table, picks)  # noqa: E731
    _attempt(request, change, _("table {table}: kingdom saved").format(table=table))
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    )


def _pool_rows() -> list[dict[str, Any]]:
    from kolo.games.dominion.pools import CHAMPIONSHIP, championship

    built_in = championship()
    rows = [
        {
            "name": CHAMPIONSHIP,
            "title": built_in.title,
            "count": len(built_in.all_cards()),
            "built_in": True,
        }
    ]
    for row in models.CardPool.objects.all():
        rows.append(
            {
                "name": row.name,
                "title": row.title,
                "count": sum(len(c) for c in row.cards.values()),
                "built_in": False,
            }
        )
    return rows


def _pool_text(cards: dict[str, list[str]] | Any, language: str) -> str:
    """A pool as the edit box shows it: one set per line, ``set: card, card, …``."""
    from kolo.games.dominion.cards import load

    data = load()
    return "\n".join(
        f"{set_id}: " + ", ".join(data.card(c).name(language) for c in ids)
        for set_id, ids in cards.items()
    )


def _parse_pool(text: str) -> dict[str, list[str]]:
    """``set: card, card, …`` per line; card names in Czech or English."""
    from kolo.games.dominion.cards import resolve

    cards: dict[str, list[str]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        set_id, colon, names = line.partition(":")
        if not colon:
            raise InvalidInput.one(
                N_("line {line}: write 'set: card, card, …'"), path="cards", line=number
            )
        listed = [n for n in names.split(",") if n.strip()]
        cards.setdefault(set_id.strip(), []).extend(resolve(listed))
    return cards


@login_required
def pools(request: HttpRequest) -> HttpResponse:
    """Card pools: the built-in championship pool and the organisers' own."""
    from kolo.games.dominion.cards import load

    data = load()
    if request.method == "POST":
        name = request.POST.get("name", "").strip()
        text = request.POST.get("cards", "")

        def save() -> None:
            store.save_pool(
                _actor(request),
                name,
                _parse_pool(text),
                title=request.POST.get("title", ""),
                user=request.user,
            )

        if _attempt(request, save, _("pool {name} saved").format(name=name)):
            return redirect("desk-pool", name=name)
    sets = [(s, data.set_name(s, present.language())) for s in data.set_names]
    return render(
        request,
        "kolo/desk/pools.html",
        {
            "pools": _pool_rows(),
            "sets": sets,
            "name": request.POST.get("name", ""),
            "title": request.POST.get("title", ""),
            "cards": request.POST.get("cards", ""),
        },
    )


@login_required
def pool_edit(request: HttpRequest, name: str) -> HttpResponse:
    """One pool: its cards by set; organisers' pools can be edited here."""
    from kolo.games.dominion.cards import load

    data = load()
    if request.method == "POST":
        text = request.POST.get("cards", "")
        if _attempt(
            request,
            lambda: store.save_pool(
                _actor(request),
                name,
                _parse_pool(text),
                title=request.POST.get("title", ""),
                user=request.user,
            ),
            _("pool {name} saved").format(name=name),
        ):
            return redirect("desk-pool", name=name)
    try:
        pool = store.card_pool(name)
    except InvalidInput:
        raise Http404 from None
    language = present.language()
    from kolo.games.dominion.pools import CHAMPIONSHIP
    from kolo.games.dominion.view import sorted_lines

    by_set = [
        (data.set_name(set_id, language), sorted_lines(ids, language))
        for set_id, ids in pool.cards.items()
    ]
    row = models.CardPool.objects.filter(name=name).first()
    return render(
        request,
        "kolo/desk/pool.html",
        {
            "pool": pool,
            "built_in": name == CHAMPIONSHIP,
            "owner": row.owner.get_username() if row is not None and row.owner else None,
            "may_change": row is not None and store.may_change_pool(request.user, row),
            "history": list(store.pool_history(name))[:20],
            "by_set": by_set,
            "count": len(pool.all_cards()),
            "text": request.POST.get("cards") or _pool_text(pool.cards, language),
            "sets": [(s, data.set_name(s, language)) for s in data.set_names],
        },
    )


# --- print, export, audit, team ---------------------------------------------------------


def _qr(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=3, border=1)


@organiser()
def print_round(
    request: HttpRequest, event: models.Event, role: str, number: int, sheet: str
) -> HttpResponse:
    if sheet not in ("pairings", "names", "slips", "kingdoms", "draws"):
        raise Http404
    context = _round_context(request, event, role, number)
    if sheet in ("kingdoms", "draws") and not context["has_kingdoms"]:
        raise Http404
    if sheet == "draws":
        from kolo.games.dominion.view import round_draw_view, round_draws_of

        kingdoms = {t.number: t.kingdom for t in context["round"].tables.all() if t.kingdom}
        context["draws"] = round_draw_view(round_draws_of(kingdoms), present.language())
        context["printed"] = timezone.localtime()
    if sheet == "names":
        context["by_name"] = sorted(
            (
                {"name": s["name"], "table": t["number"], "seat": s["seat"]}
                for t in context["tables"]
                for s in t["seats"]
            ),
            key=lambda r: sort_key(r["name"], present.language()),
        )
    if sheet == "slips":
        report_url = context["phones"].url(reverse("report", kwargs={"key": event.key}))
        for t in context["tables"]:
            t["qr"] = (
                _qr(f"{report_url}?code={t['code']}") if event.self_reporting and t["code"] else ""
            )
            t["game_numbers"] = list(range(1, t["games_needed"] + 1))
        context["report_url"] = report_url
    return render(request, f"kolo/print/{sheet}.html", context)


@organiser()
def print_bracket(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    if not event.is_knockout:
        raise Http404
    context = _base(request, event, role)
    context.update(present.bracket_context(present.Loaded.of(event, public=False)))
    context["printed"] = timezone.localtime()
    return render(request, "kolo/print/bracket.html", context)


@organiser()
def print_standings(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    loaded = present.Loaded.of(event, public=False)
    result = loaded.standings()
    context = _base(request, event, role)
    context.update(
        standings=result,
        rows=present.standings_rows(loaded, result),
        columns=present.standings_columns(loaded.ruleset),
        printed=timezone.localtime(),
    )
    return render(request, "kolo/print/standings.html", context)


@organiser()
def export_json(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    response = HttpResponse(
        dumps(store.to_core(event)), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.key}.json"'
    return response


@organiser()
def export_csv(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    loaded = present.Loaded.of(event, public=False)
    result = loaded.standings()
    shown = present.standings_columns(loaded.ruleset)
    reached = present.standings_rows(loaded, result) if shown["reached"] else []
    stage = {r["id"]: str(r["reached"]) for r in reached}
    columns = ["rank", "rank_to", "id", "name", "club", "points"]
    columns += ["success"] if shown["success"] else ["shares"] if shown["shares"] else []
    columns += ["game_score"] if shown["game_score"] else []
    columns += ["buchholz", "score_difference"] if shown["swiss"] else []
    columns += ["reached"] if shown["reached"] else []
    columns += ["games", "dropped"]

    def cells(row: Row) -> list[Any]:
        line: list[Any] = [
            row.rank,
            row.rank_to,
            row.entrant.id,
            row.entrant.name,
            row.entrant.club or "",
            float(row.points),
        ]
        if shown["success"] or shown["shares"]:
            line.append(f"{float(row.success):.6f}" if row.success is not None else "")
        if shown["game_score"]:
            line.append(row.game_score)
        if shown["swiss"]:
            line.append(float(row.buchholz) if row.buchholz is not None else "")
            line.append(row.score_difference if row.score_difference is not None else "")
        if shown["reached"]:
            line.append(stage.get(row.entrant.id, ""))
        return [*line, row.games, "yes" if row.dropped else ""]

    rows = (cells(row) for row in result.rows)
    return csvdownload.response(columns, rows, f"{event.key}-standings.csv")


@organiser()
def audit(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    context = _base(request, event, role)
    context["entries"] = [
        {
            "at": entry.at,
            "who": entry.who,
            "via": auditwords.via_words(entry.via),
            "action": auditwords.action_words(entry.action),
            "code": entry.action,
            "summary": auditwords.summary_words(entry.summary),
            "reason": entry.reason,
            "before": entry.before,
            "after": entry.after,
        }
        for entry in list(store.audit_trail(event))[::-1]
    ]
    return render(request, "kolo/desk/audit.html", context)


@organiser(OWNER)
def team(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    if request.method == "POST":
        chosen = request.POST.get("role") or None
        username = request.POST.get("username", "").strip()
        done = {
            models.EventRole.OWNER: _("{user} is now an owner of this event"),
            models.EventRole.ASSISTANT: _("{user} now assists: they enter results"),
        }.get(chosen or "", _("{user} no longer has a role here"))
        _attempt(
            request,
            lambda: store.set_role(_actor(request), event, username, chosen),
            done.format(user=username),
        )
        return redirect("desk-team", key=event.key)
    context = _base(request, event, role)
    context["roles"] = list(models.EventRole.objects.filter(event=event).select_related("user"))
    return render(request, "kolo/desk/team.html", context)


@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    from kolo.web.views.api import new_token

    created = None
    status = 200
    if request.method == "POST":
        if request.POST.get("revoke"):
            pk = whole_number(request.POST["revoke"])
            found = models.ApiToken.objects.filter(user=request.user, pk=pk) if pk else None
            if not found or not found.exists():
                messages.error(request, _("no such token"))
                status = 400
            else:
                found.delete()
                messages.success(request, _("token revoked"))
        else:
            created = new_token(request.user, request.POST.get("name", "") or "token")
    return render(
        request,
        "kolo/desk/tokens.html",
        {"tokens": models.ApiToken.objects.filter(user=request.user), "created": created},
        status=status,
    )
