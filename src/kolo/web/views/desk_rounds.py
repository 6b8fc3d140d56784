"""The desk's rounds: pairing, the round's page, accepting, undoing, swapping, closing,
reopening and the round clock."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo.core import knockout
from kolo.core.collation import sort_key
from kolo.core.event import PLAYOFF
from kolo.core.event import Round as CoreRound
from kolo.core.event import Table as CoreTable
from kolo.pairing.checker import check_pairing_rules
from kolo.pairing.criteria import round_costs
from kolo.report.explanation import Explanation, repeats_words, round_explanations
from kolo.report.explanation import total as total_cost
from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import OWNER
from kolo.web import games as rooms
from kolo.web import present, wording
from kolo.web.access import organiser
from kolo.web.views.desk_selfreports import self_report_groups
from kolo.web.views.deskbase import actor_of, attempt, base_context, can_pair, render_fragment


@organiser(OWNER)
@require_POST
def pair(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    relax = [r for r in request.POST.getlist("relax") if r]
    reason = request.POST.get("reason", "") or None
    paired: list[models.Round] = []

    def run() -> None:
        round_, proposal = store.pair_round(
            actor_of(request), event, relax=relax, reason=reason, accepted=False
        )
        paired.append(round_)
        # the promise of no repeated meeting: say where it could not be kept
        repeats = repeats_words(proposal.repeats, proposal.repeats_unavoidable)
        if repeats is not None:
            messages.info(request, _(repeats).format(count=proposal.repeats))

    if attempt(request, run):
        return redirect("desk-round", key=event.key, number=paired[0].number)
    return redirect("desk-event", key=event.key)


def _explain(why: Explanation, names: dict[str, str]) -> list[str]:
    """Why this table, in words: the points it spans, who met before, the smaller table."""
    lines = []
    if why.low == why.high:
        lines.append(wording.everyone_has(present.points(why.low), float(why.low)))
    else:
        lines.append(
            _("points from {low} to {high}").format(
                low=present.points(why.low), high=present.points(why.high)
            )
        )
    if why.met:
        lines += [
            _("{a} and {b} met before ({times}×)").format(
                a=names[m.first], b=names[m.second], times=m.times
            )
            for m in why.met
        ]
    else:
        lines.append(_("nobody here met before"))
    if why.smaller:
        lines.append(_("a smaller table: for the lowest placed (R-GORN-6)"))
    return lines


def round_context(
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
    in_bracket = core_round.stage == PLAYOFF  # no pairing cost (None), nothing to swap
    explanations = round_explanations(loaded.value, index, loaded.ruleset, loaded.settings)
    games = {
        (g.table.number, g.number): g.version
        for g in models.Game.objects.filter(table__round=round_row).select_related("table")
    }
    codes = {t.number: t.code for t in round_row.tables.all()}
    for t_index, table in enumerate(tables):
        table["code"] = codes.get(table["number"], "")
        table["next_game"] = min(table["games_played"] + 1, table["games_needed"])
        table["versions"] = {
            n: games.get((table["number"], n), 0) for n in range(1, table["games_needed"] + 1)
        }
        table["versions_json"] = json.dumps(table["versions"])
        table["version"] = games.get((table["number"], table["next_game"]), 0)
        if explanations is not None:
            why = explanations[t_index]
            table["cost"] = present.points(why.total)
            table["criteria"] = [
                (wording.criterion_name(name), present.points(value))
                for name, value in why.criteria
            ]
            table["why"] = _explain(why, loaded.names)
        else:
            table["why"] = []
    context = base_context(request, event, role)
    later = event.rounds.filter(number__gt=number).exists()
    rounds = list(event.rounds.all())
    context.update(
        round=round_row,
        core_round=core_round,
        in_bracket=in_bracket,
        round_title=present.round_title(loaded, number),
        out=present.out_after(loaded, number) if in_bracket else [],
        tables=tables,
        byes=[loaded.names[b] for b in core_round.byes],
        total_cost=present.points(total_cost(explanations)) if explanations else None,
        turns=loaded.ruleset.ties_by_turns,
        reports=self_report_groups(round_row, loaded.names),
        players=sorted(
            ((p, loaded.names[p]) for p in core_round.seated()),
            key=lambda x: sort_key(x[1], present.language()),
        ),
        later_round=later,
        can_pair=not later and can_pair(loaded, rounds),
        finished=present.finished(loaded, rounds),
        next_number=len(rounds) + 1,
        may_undo=not later and not round_row.closed and not games,
        clock_start=timezone.localtime(round_row.clock_started_at).isoformat()
        if round_row.clock_started_at
        else None,
        clock_alert_seconds=present.clock_alert_seconds(loaded),
        missing=[t["number"] for t in tables if not t["complete"]],
        has_sheets=any("sheet" in t for t in tables),
        **rooms.round_context(request, loaded, number, tables),  # what the game adds
    )
    return context


@organiser()
def round_view(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    return render(request, "kolo/desk/round.html", round_context(request, event, role, number))


@organiser(OWNER)
@require_POST
def round_accept(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    attempt(
        request,
        lambda: store.accept_round(actor_of(request), event, number),
        _("the pairing is published"),
    )
    return redirect("desk-round", key=event.key, number=number)


@organiser(OWNER)
@require_POST
def round_undo(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    if attempt(
        request,
        lambda: store.delete_round(actor_of(request), event, number),
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
    attempt(
        request,
        lambda: store.swap_players(actor_of(request), event, first, second, force_reason=reason),
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


@organiser(OWNER)
@require_POST
def round_close(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    attempt(request, lambda: store.close_round(actor_of(request), event, number), _("round closed"))
    return redirect("desk-round", key=event.key, number=number)


@organiser(OWNER)
def round_reopen(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    if request.method == "POST":
        attempt(
            request,
            lambda: store.reopen_round(actor_of(request), event, number),
            _("round reopened"),
        )
        return redirect("desk-round", key=event.key, number=number)
    context = round_context(request, event, role, number)
    return render(request, "kolo/desk/reopen.html", context)


@organiser()
@require_POST
def round_clock(request: HttpRequest, event: models.Event, role: str, number: int) -> HttpResponse:
    action = request.POST.get("action", "")
    attempt(request, lambda: store.round_clock(actor_of(request), event, number, action))
    return redirect("desk-round", key=event.key, number=number)
