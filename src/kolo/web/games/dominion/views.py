"""Dominion's desk pages: a table's kingdom and draft recorded, the kingdom report (bots play
any table's kingdom the engine plays, and say whether it is far outside the usual balance) and
fair kingdoms to propose for a Dominion event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kolo import display
from kolo.games.dominion.draws import PICKS
from kolo.store import api as store
from kolo.store import kingdoms, models
from kolo.store.roles import OWNER
from kolo.web import present
from kolo.web.access import organiser
from kolo.web.games.dominion.tables import draft_key
from kolo.web.inputs import shown, whole_number
from kolo.web.views.deskbase import actor_of, attempt, base_context


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
        change: Callable[[], Any] = lambda: kingdoms.set_kingdom(  # noqa: E731
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
        change = lambda: kingdoms.record_draft(actor, event, number, table, picks)  # noqa: E731
        if not attempt(request, change, _("table {table}: kingdom saved").format(table=table)):
            # refused (a card picked twice, one missing): the form shows the picks again
            request.session[draft_key(event, number, table)] = posted[:PICKS]
        return redirect(
            reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
        )
    attempt(request, change, _("table {table}: kingdom saved").format(table=table))
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": number}) + f"#table-{table}"
    )


GAMES = 300
"""Games of each simulation behind the page (seeded: the same report on every visit)."""
SEED = 1


def _rate(value: float, signed: bool = False) -> str:
    text = display.rate(abs(value) if signed else value, 1, present.language())
    return (("+" if value >= 0 else "−") + text) if signed else text


@organiser()
def kingdom_report(
    request: HttpRequest, event: models.Event, role: str, number: int, table: int
) -> HttpResponse:
    """The report of the bots on the table's kingdom, with Colonies and Shelters as its draw
    decided them, when kolo's engine plays all of it: the first seat's advantage at the
    table's size, game length, how games end, how simple strategies fare against the heuristic
    bot, and whether the kingdom is far outside the usual balance of the championship's drawn
    kingdoms (``kolo.games.dominion.drawstudy``)."""
    from kolo.games.dominion import drawstudy
    from kolo.games.dominion import simulate as sim
    from kolo.games.dominion.cards import load, sort_key

    round_ = store.get_round(event, number)
    found = store.get_table(round_, table)
    stored = kingdoms.stored_kingdom(found)
    language = present.language()
    data = load()
    context: dict[str, Any] = base_context(request, event, role)
    context.update(round=round_, table=found, games=GAMES)
    players = min(6, max(2, found.seats.count()))
    context["players"] = players
    cards = list(stored.cards) if stored and stored.cards else []
    colony = bool(stored and stored.colony)
    shelters = bool(stored and stored.shelters)
    context.update(colony=colony, shelters=shelters)
    ordered = sorted((data.card(c) for c in cards), key=lambda c: sort_key(c, language))
    context["cards"] = [{"name": c.name(language), "cost": c.cost} for c in ordered]
    outside = [
        data.card(c).name(language)
        for c in drawstudy.unplayable([c.id for c in ordered], colony, shelters)
    ]
    context["outside"] = outside
    if not cards or outside or len(cards) != 10:
        return render(request, "kolo/desk/kingdom_report.html", context)
    context["balance"] = _balance(tuple(sorted(cards)), colony, shelters)
    fair = sim.fairness(
        tuple(sorted(cards)), players, GAMES, SEED, colony=colony, shelters=shelters
    )
    mirror = fair["mirror"]
    low, high = mirror["first_seat_interval"]
    context["report"] = {
        "advantage": _rate(fair["first_seat_advantage"], True),
        "low": _rate(low, True),
        "high": _rate(high, True),
        "seats": [
            {
                "seat": s["seat"],
                "rate": _rate(s["rate"]),
                "interval": _rate(s["interval"][0]) + "–" + _rate(s["interval"][1]),
            }
            for s in mirror["by_seat"]
        ],
        "turns": mirror["turns"],
        "mean_turns": display.decimal(mirror["turns"]["mean"], 1, language),
        "ended": mirror["ended"],
        "spread": _rate(fair["strategy_spread"]),
        "strategies": [
            {"bot": name, "rate": _rate(rate)}
            for name, rate in sorted(fair["against_heuristic"].items(), key=lambda i: -i[1])
        ],
    }
    return render(request, "kolo/desk/kingdom_report.html", context)


BALANCE_GAMES = 100
"""Games of each kind behind the balance check (``drawstudy.measure``)."""


def _balance(cards: tuple[str, ...], colony: bool, shelters: bool) -> dict[str, Any]:
    """Whether a kingdom is far outside the usual balance of the championship's drawn
    kingdoms, in plain words (the figures of ``drawstudy.measure`` against the usual range
    the last study measured)."""
    from kolo.games.dominion import drawstudy
    from kolo.games.dominion.cards import load

    usual = drawstudy.shipped_usual()
    item = drawstudy.measure(
        drawstudy.Drawn("table", 0, cards, colony, shelters), BALANCE_GAMES, SEED
    )
    outside = drawstudy.outside_usual(item, usual)
    warnings = []
    if outside["first_high"] or outside["first_low"]:
        warnings.append(
            _(
                "This kingdom is far outside the usual balance: the first player wins {rate} of "
                "games between two equal bots, while in 19 of 20 kingdoms the championship's "
                "draws give that share is between {low} and {high}."
            ).format(
                rate=_rate(item["first_rate"]),
                low=_rate(usual["first_low"]),
                high=_rate(usual["first_high"]),
            )
        )
    if outside["dominance"]:
        warnings.append(
            _(
                "One card dominates this kingdom: Big Money with {card} alone wins {rate} of "
                "games against Big Money with {rival}, the kingdom's next strongest card, while "
                "in 19 of 20 kingdoms the championship's draws give the strongest card wins at "
                "most {usual} against the next."
            ).format(
                card=load().card(item["dominant"]).name(present.language()),
                rival=load().card(item["rival"]).name(present.language()),
                rate=_rate(item["rival_rate"]),
                usual=_rate(usual["dominance"]),
            )
        )
    return {"warnings": warnings, "games": BALANCE_GAMES}


# ---- fair kingdoms to propose (NBGL: base-game kingdoms "revealed on the day") ----

CANDIDATES = 12
"""Random kingdoms weighed by default: 12 × 100 games take about 4 s of one core here."""
PROPOSAL_GAMES = 100
"""Games of each kingdom (the mirror) and of each strategy's duel, by default."""
PROPOSAL_SEED = 1
MAX_CANDIDATES = 40
MIN_GAMES = 10
MAX_GAMES = 500
MAX_WORK = 4000
"""Candidates × games at most (about 12 s of one core here): the page is bounded by work,
never by the clock."""
KEEP = 3


def _read_proposal_form(
    query: QueryDict, players: int, pool: tuple[str, ...]
) -> tuple[dict[str, Any], list[str]]:
    """The form's values (as typed, to show back) and what is wrong with them."""
    from kolo.games.dominion import engine

    typed = {
        "candidates": query.get("candidates", str(CANDIDATES)),
        "games": query.get("games", str(PROPOSAL_GAMES)),
        "players": query.get("players", str(players)),
        "seed": query.get("seed", str(PROPOSAL_SEED)),
    }
    chosen = tuple(query.getlist("card")) if "pool" in query else pool
    problems: list[str] = []
    candidates = whole_number(typed["candidates"])
    if candidates is None or not 1 <= candidates <= MAX_CANDIDATES:
        problems.append(
            _("Kingdoms to weigh: a whole number from 1 to {most}, not '{value}'.").format(
                most=MAX_CANDIDATES, value=shown(typed["candidates"])
            )
        )
    games = whole_number(typed["games"])
    if games is None or not MIN_GAMES <= games <= MAX_GAMES:
        problems.append(
            _("Games: a whole number from {least} to {most}, not '{value}'.").format(
                least=MIN_GAMES, most=MAX_GAMES, value=shown(typed["games"])
            )
        )
    seated = whole_number(typed["players"])
    if seated is None or not 2 <= seated <= 6:
        problems.append(
            _("Players at a table: 2 to 6, not '{value}'.").format(value=shown(typed["players"]))
        )
    seed = whole_number(typed["seed"])
    if seed is None or seed < 0:
        problems.append(
            _("Seed: a whole number, 0 or more, not '{value}'.").format(value=shown(typed["seed"]))
        )
    unknown = [c for c in chosen if c not in engine.KINGDOM]
    for card in unknown:
        problems.append(
            _("'{card}' is not one of the cards kolo's engine plays.").format(card=shown(card))
        )
    if not unknown and len(set(chosen)) < 10:
        problems.append(
            _("Tick at least ten cards to draw from, not {count}.").format(count=len(set(chosen)))
        )
    if candidates is not None and games is not None and candidates * games > MAX_WORK:
        problems.append(
            _(
                "{candidates} kingdoms × {games} games is more than the {most} the page plays: "
                "weigh fewer kingdoms or play fewer games."
            ).format(candidates=candidates, games=games, most=MAX_WORK)
        )
    values = {
        "candidates": candidates,
        "games": games,
        "players": seated,
        "seed": seed,
        "pool": tuple(sorted(set(chosen))),
    }
    return {"typed": typed, "chosen": set(chosen), **values}, problems


def _targets(event: models.Event) -> list[dict[str, str]]:
    """The tables whose kingdom the store lets an owner replace: those of open rounds that
    keep a kingdom (an NBGL table keeps none: its kingdom is revealed on the day)."""
    tables = (
        models.Table.objects.filter(round__event=event, round__closed=False)
        .select_related("round")
        .order_by("round__number", "number")
    )
    return [
        {
            "value": f"{t.round.number}-{t.number}",
            "label": _("round {round}, table {table}").format(round=t.round.number, table=t.number),
        }
        for t in tables
        if t.setup is not None
    ]


@organiser()
def propose_kingdoms(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    """Fair kingdoms for a Dominion event: the fairest of random base-game kingdoms by bot
    games (the smallest first-seat advantage plus strategy spread), each to copy or, where a
    table keeps a kingdom, to use at a table. The form comes first; the games are played
    when it is sent (a GET with its fields, so the proposals can be linked and come out the
    same every time)."""
    if event.game is None or not event.game.proposes_setups:
        raise Http404
    if request.method == "POST":
        return _use_proposal(request, event, role)
    from kolo.games.dominion import engine
    from kolo.games.dominion import simulate as sim
    from kolo.games.dominion.cards import load, sort_key

    _ruleset, settings = store.ruleset_of(event)
    language = present.language()
    data = load()
    players = min(6, max(2, settings.table_size))
    form, problems = _read_proposal_form(request.GET, players, sim.SECOND_EDITION)
    context: dict[str, Any] = base_context(request, event, role)
    context.update(
        form=form["typed"],
        problems=problems,
        most=MAX_WORK,
        pool=[
            {"id": c.id, "name": c.name(language), "cost": c.cost, "ticked": c.id in form["chosen"]}
            for c in sorted(
                (data.card(c) for c in engine.KINGDOM), key=lambda c: sort_key(c, language)
            )
        ],
        targets=_targets(event),
    )
    if problems:
        return render(request, "kolo/desk/kingdom_proposals.html", context, status=400)
    if "candidates" not in request.GET:
        return render(request, "kolo/desk/kingdom_proposals.html", context)
    found = sim.propose(
        form["pool"], form["candidates"], form["players"], form["games"], form["seed"], KEEP
    )
    proposals = []
    for number, item in enumerate(found, start=1):
        ordered = sorted(
            (data.card(c) for c in item["kingdom"]), key=lambda c: sort_key(c, language)
        )
        proposals.append(
            {
                "number": number,
                "cards": [{"name": c.name(language), "cost": c.cost} for c in ordered],
                "names": ", ".join(c.name(language) for c in ordered),
                "ids": ",".join(c.id for c in ordered),
                "advantage": _rate(item["first_seat_advantage"], True),
                "spread": _rate(item["strategy_spread"]),
            }
        )
    context.update(
        proposals=proposals,
        asked={k: form[k] for k in ("candidates", "games", "players", "seed")},
    )
    return render(request, "kolo/desk/kingdom_proposals.html", context)


def _use_proposal(request: HttpRequest, event: models.Event, role: str) -> HttpResponse:
    """A proposal recorded as a table's kingdom (owners only, as any kingdom entered by hand;
    base-game cards bring neither Colonies nor Shelters, R-DOM-7)."""
    back = reverse("desk-kingdom-propose", kwargs={"key": event.key})
    if role != OWNER:
        messages.error(request, _("only the event's owners may replace a drawn kingdom"))
        return redirect(back)
    target = request.POST.get("table", "")
    found = next((t for t in _targets(event) if t["value"] == target), None)
    if found is None:
        messages.error(request, _("Choose a table of an open round that keeps a kingdom."))
        return redirect(back)
    round_number, table = (int(part) for part in target.split("-"))
    cards = [c for c in request.POST.get("cards", "").split(",") if c.strip()]
    done = attempt(
        request,
        lambda: kingdoms.set_kingdom(
            actor_of(request), event, round_number, table, cards, colony=False, shelters=False
        ),
        _("table {table}: kingdom saved").format(table=table),
    )
    if not done:
        return redirect(back)
    return redirect(
        reverse("desk-round", kwargs={"key": event.key, "number": round_number}) + f"#table-{table}"
    )
