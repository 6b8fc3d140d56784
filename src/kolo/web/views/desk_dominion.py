"""The desk's kingdom report: bots play a base-game table's kingdom (issue 16)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from kolo import display
from kolo.store import api as store
from kolo.store import models
from kolo.web import present
from kolo.web.access import organiser
from kolo.web.views.deskbase import base_context

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
    """The report of the bots on the table's kingdom, when it is a base-game kingdom: the
    first seat's advantage at the table's size, game length, how games end, and how simple
    strategies fare against the heuristic bot."""
    from kolo.games.dominion import engine
    from kolo.games.dominion import simulate as sim
    from kolo.games.dominion.cards import load, sort_key

    round_ = store.get_round(event, number)
    found = store.get_table(round_, table)
    stored = store.stored_kingdom(found)
    language = present.language()
    data = load()
    context: dict[str, Any] = base_context(request, event, role)
    context.update(round=round_, table=found, games=GAMES)
    players = min(6, max(2, found.seats.count()))
    context["players"] = players
    cards = list(stored.cards) if stored and stored.cards else []
    ordered = sorted((data.card(c) for c in cards), key=lambda c: sort_key(c, language))
    context["cards"] = [{"name": c.name(language), "cost": c.cost} for c in ordered]
    outside = [c.name(language) for c in ordered if c.id not in engine.KINGDOM]
    context["outside"] = outside
    if not cards or outside or len(cards) != 10:
        return render(request, "kolo/desk/kingdom_report.html", context)
    fair = sim.fairness(tuple(sorted(cards)), players, GAMES, SEED)
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
