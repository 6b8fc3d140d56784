"""What a Dominion table shows on the pages: its kingdom (the players' tables, the desk's round
page), the draft's form on the desk, and the print sheets of a round's kingdoms and draws."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone

from kolo.core import event as core
from kolo.games.dominion.draws import PICKS, Kingdom
from kolo.games.dominion.kingdom import kingdom_of
from kolo.games.dominion.view import kingdom_view, round_draw_view, round_draws_of
from kolo.store import models
from kolo.web.loaded import Loaded, language

KINGDOMS_KEPT = 1000
_kingdoms: dict[tuple[str, Kingdom, tuple[str, ...]], str] = {}


def kingdom_html(kingdom: Kingdom, seat_names: list[str]) -> str:
    """A table's kingdom as the pages show it (``kolo/_kingdom.html``), rendered once per
    kingdom, players and language: results do not change it, and the tables page of a
    100-player event would otherwise spend most of its time on its 25 kingdoms."""
    key = (language(), kingdom, tuple(seat_names))
    known = _kingdoms.get(key)
    if known is None:
        known = render_to_string(
            "kolo/_kingdom.html", {"k": kingdom_view(kingdom, key[0], seat_names)}
        )
        if len(_kingdoms) >= KINGDOMS_KEPT:
            _kingdoms.clear()
        _kingdoms[key] = known
    return known


def add_kingdoms(loaded: Loaded, round_: core.Round, tables: list[dict[str, Any]]) -> None:
    """Each table's kingdom on its row of ``present.table_rows`` (``kingdom``: its view, None
    where the table keeps none; ``kingdom_html``: as the pages show it)."""
    for table, row in zip(round_.tables, tables, strict=True):
        kingdom = kingdom_of(table)
        seat_names = [s["name"] for s in row["seats"]]
        row["kingdom"] = kingdom_view(kingdom, language(), seat_names) if kingdom else None
        row["kingdom_html"] = kingdom_html(kingdom, seat_names) if kingdom else ""


def draft_key(event: models.Event, number: int, table: int) -> str:
    """Where the session keeps the picks of a draft just refused."""
    return f"kolo-draft:{event.key}:{number}:{table}"


def draft_slots(
    request: HttpRequest, event: models.Event, number: int, table: dict[str, Any]
) -> list[tuple[int, str]]:
    """Each pick of a table's draft form and the card it shows: the picks of a draft just
    refused as the organiser made them (once), else the draft recorded."""
    kingdom = table["kingdom"]
    retried = request.session.pop(draft_key(event, number, table["number"]), None)
    if isinstance(retried, list):
        return [(n, str(retried[n - 1]) if n <= len(retried) else "") for n in range(1, PICKS + 1)]
    chosen = {c.pick: c.id for c in kingdom.choices if c.pick}
    return [(n, chosen.get(n, "")) for n in range(1, PICKS + 1)]


def kingdoms_context(
    request: HttpRequest, event: models.Event, number: int, tables: list[dict[str, Any]]
) -> dict[str, Any]:
    """The desk's round page: the draft's form on each table with choices to pick from
    (``draft_slots``), whether any table keeps a kingdom, the picks' numbers."""
    for table in tables:
        if table["kingdom"] and table["kingdom"].choices:
            table["draft_slots"] = draft_slots(request, event, number, table)
    return {
        "has_kingdoms": any(t["kingdom"] for t in tables),
        "pick_numbers": range(1, PICKS + 1),
    }


def print_kingdoms(sheet: str, context: dict[str, Any]) -> bool:
    """A round's table sheets with their kingdoms (``kingdoms``), or the head referee's sheet
    of its draws (``draws``); False when no table of the round keeps a kingdom."""
    if not context.get("has_kingdoms"):
        return False
    if sheet == "draws":
        kingdoms = {
            t.number: kingdom for t in context["core_round"].tables if (kingdom := kingdom_of(t))
        }
        context["draws"] = round_draw_view(round_draws_of(kingdoms), language())
        context["printed"] = timezone.localtime()
    return True
