"""A Dominion table's kingdom in the event file (``kolo-event/1`` ``tables[].kingdom``): read
and checked into the typed value (``Kingdom``, ``kolo.games.dominion.draws``), and found on a
core table (``kingdom_of``)."""

from __future__ import annotations

import random
from typing import Any

from kolo.core.event import Table
from kolo.core.problems import N_, Problem
from kolo.games.base import Deal
from kolo.games.dominion.cards import load
from kolo.games.dominion.draws import (
    ROUND_PLANS,
    Kingdom,
    draw_round,
    kingdom_from_document,
    table_kingdom,
)
from kolo.games.dominion.pools import Pool

FIELDS = (
    "draw",
    "mandatory",
    "choices",
    "picks",
    "cards",
    "colony",
    "shelters",
    "colony_cards",
    "shelter_cards",
    "seed",
)
"""The fields of the ``kingdom`` object (docs/event-format.md)."""
_SIZES = {"mandatory": 4, "choices": 9, "picks": 6, "cards": 10}


def _cards(count: int) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string"}, "minItems": count, "maxItems": count}


def schema() -> dict[str, Any]:
    """The JSON Schema of the ``kingdom`` object (``kolo schema``: ``$defs.kingdom``)."""
    return {
        "type": "object",
        "description": "A Dominion table's kingdom (RULES.md §5): the draw it comes "
        "from, the four mandatory and nine to draft, the six picked in pick order, "
        "the ten piles, Colony/Platinum and Shelters with the cards that decided them.",
        "required": ["draw"],
        "additionalProperties": False,
        "properties": {
            "draw": {"enum": ["first10", "basic", "extended"]},
            "mandatory": _cards(4),
            "choices": _cards(9),
            "picks": {**_cards(6), "type": ["array", "null"]},
            "cards": {**_cards(10), "type": ["array", "null"]},
            "colony": {"type": "boolean"},
            "shelters": {"type": "boolean"},
            "colony_cards": {"type": "array", "items": {"type": "string"}},
            "shelter_cards": {"type": "array", "items": {"type": "string"}},
            "seed": {
                "type": ["integer", "null"],
                "description": "The seed of the Colony/Shelters draw (R-DOM-7).",
            },
        },
    }


def kingdom_of(table: Table) -> Kingdom | None:
    """The table's Dominion kingdom; None where the table has none (or another game's setup)."""
    return table.setup if isinstance(table.setup, Kingdom) else None


def read(value: Any, path: str) -> tuple[Kingdom | None, list[Problem]]:
    """A table's ``kingdom`` object checked — known cards, the right counts, a consistent
    draft — and read: the kingdom, or None and every problem found, each with its path."""
    problems: list[Problem] = []

    def problem(where: str, message: str, **params: object) -> None:
        problems.append(Problem(where, message, params))

    if not isinstance(value, dict):
        problem(path, N_("must be an object"))
        return None, problems
    obj: dict[str, Any] = value
    for key in obj:
        if key not in FIELDS:
            problem(
                f"{path}.{key}",
                N_("unknown field '{name}'; allowed: {allowed}"),
                name=key,
                allowed=", ".join(FIELDS),
            )
    known = load().cards
    if obj.get("draw") not in ("first10", "basic", "extended"):
        problem(f"{path}.draw", N_("must be first10, basic or extended"))
    lists: dict[str, list[str]] = {}
    for key in ("mandatory", "choices", "picks", "cards", "colony_cards", "shelter_cards"):
        items = obj.get(key)
        if items is None:
            continue
        if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
            problem(f"{path}.{key}", N_("must be a list of card ids"))
            continue
        size = _SIZES.get(key)
        if size is not None and len(items) != size:
            problem(
                f"{path}.{key}",
                N_("must have {size} cards, not {count}"),
                size=size,
                count=len(items),
            )
        for card in items:
            if card not in known:
                problem(f"{path}.{key}", N_("unknown card '{card}'"), card=card)
        lists[key] = items
    for flag in ("colony", "shelters"):
        if flag in obj and not isinstance(obj[flag], bool):
            problem(f"{path}.{flag}", N_("must be true or false"))
    seed = obj.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        problem(f"{path}.seed", N_("must be a whole number"))
    draw = obj.get("draw")
    if draw in ("basic", "extended"):
        for key in ("mandatory", "choices"):
            if obj.get(key) is None:
                problem(f"{path}.{key}", N_("a {draw} draw needs its {key}"), draw=draw, key=key)
    elif draw == "first10" and obj.get("cards") is None:
        problem(f"{path}.cards", N_("round 1's ten cards are missing"))
    cards_given = lists.get("cards")
    if cards_given is not None:
        for card in cards_given:
            if card in known and not known[card].kingdom:
                problem(f"{path}.cards", N_("'{card}' is not a kingdom card"), card=card)
        if len(set(cards_given)) != len(cards_given):
            problem(f"{path}.cards", N_("a kingdom card is given twice"))
    picks, choices = lists.get("picks"), lists.get("choices")
    if picks is not None and choices is not None:
        for card in picks:
            if card not in choices:
                problem(
                    f"{path}.picks",
                    N_("'{card}' is not among the nine to draft from"),
                    card=card,
                )
        if len(set(picks)) != len(picks):
            problem(f"{path}.picks", N_("a card is picked twice"))
        mandatory, cards = lists.get("mandatory"), lists.get("cards")
        if cards is not None and mandatory is not None and cards != mandatory + picks:
            problem(f"{path}.cards", N_("the ten cards are the four mandatory and the six picked"))
    if problems:
        return None, problems
    return kingdom_from_document(obj), problems


def deal(request: Deal) -> tuple[Kingdom, ...] | None:
    """A Dominion round's kingdoms, drawn when the round is seated (R-DOM-2..6, R-DOM-8): the
    rule set's round plan, from the event's card pool, seeded by the round's seed; None for a
    rule set without a plan."""
    plan = ROUND_PLANS.get(request.ruleset)
    if plan is None:
        return None
    pool = request.resource("pool", request.settings.pool)
    assert isinstance(pool, Pool)
    draws = draw_round(
        pool,
        plan,
        request.round_number,
        request.tables,
        request.settings,
        random.Random(f"kingdoms:{request.seed}"),
    )
    return tuple(table_kingdom(draws, number) for number in range(1, request.tables + 1))
