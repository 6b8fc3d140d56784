"""Building kolo-event/1 and kolo-series/1 documents for the series tests.

``ranked_event`` builds an event whose standings are exactly the given order: every round
seats the same tables (the top players of each tier at the top tables; the event file format
does not forbid repeated tables) and game points make every rank distinct. The helper checks
the order with kolo's own standings before it returns, so a test never rests on an event
that does not finish as it says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kolo.core.settings import resolve
from kolo.core.standings import compute
from kolo.eventfile import reader
from kolo.games import rulesets

_SCORES = {
    4: lambda j: [300 - 7 * j, 150 - 3 * j, 60 - j, 10 + j],
    3: lambda j: [300 - 7 * j, 150 - 3 * j, 10 + j],
    2: lambda j: [300 - 7 * j, 150 - 3 * j],
}


def display_name(person: str) -> str:
    """``"jana-novakova"`` → ``"Jana Novakova"``."""
    return person.replace("-", " ").title()


def event_doc(
    entrants: list[dict[str, Any]],
    rounds: list[list[tuple[list[str], list[int]]]],
    *,
    ruleset: str = "dominion-cz",
    settings: dict[str, Any] | None = None,
    name: str = "Test event",
) -> dict[str, Any]:
    """A kolo-event/1 document: ``rounds`` is a list of rounds, each a list of tables given as
    (seats, scores in seat order)."""
    return {
        "format": "kolo-event/1",
        "name": name,
        "ruleset": ruleset,
        "settings": settings or {},
        "entrants": entrants,
        "rounds": [
            {
                "number": number,
                "seed": None,
                "tables": [
                    {
                        "number": t,
                        "seats": seats,
                        "games": [{"scores": dict(zip(seats, scores, strict=True))}],
                    }
                    for t, (seats, scores) in enumerate(tables, start=1)
                ],
            }
            for number, tables in enumerate(rounds, start=1)
        ],
    }


def ranked_event(
    order: list[str],
    *,
    rounds: int = 5,
    ruleset: str = "dominion-cz",
    absent: tuple[str, ...] = (),
    name: str = "Test event",
) -> dict[str, Any]:
    """An event whose players finish exactly in ``order`` (series identities, best first);
    entrants in ``absent`` registered but never played (dropped before round 1)."""
    n = len(order)
    rule = rulesets.get(ruleset)
    settings = {"rounds": rounds} if rounds != rule.defaults["rounds"] else {}
    resolved, _ = resolve(rule.defaults, settings)
    layout = rule.layout(n, resolved)
    assert layout is not None, f"{ruleset} cannot seat {n} players"
    assert layout[1] == 0, "no byes here"
    sizes = layout[0]
    slots = [f"s{i + 1}" for i in range(n)]
    # tier k of table j is slot tiers[k][j]: winners, seconds, thirds, fourths
    tables: list[list[str]] = [[] for _ in sizes]
    pool = iter(slots)
    for seat in range(max(sizes)):
        for j, size in enumerate(sizes):
            if seat < size:
                tables[j].append(next(pool))
    one_round = [(seats, _SCORES[len(seats)](j)) for j, seats in enumerate(tables)]
    anonymous = event_doc(
        [{"id": s, "name": s} for s in slots],
        [one_round] * rounds,
        ruleset=ruleset,
        settings=settings,
    )
    event = reader.read(anonymous)
    rows = compute(event, rule, resolved).rows
    assert [r.rank for r in rows] == list(range(1, n + 1)), "the builder made a tie"
    person_of = {row.entrant.id: order[index] for index, row in enumerate(rows)}
    entrants: list[dict[str, Any]] = [
        {"id": f"e-{person_of[s]}", "name": display_name(person_of[s]), "player": person_of[s]}
        for s in slots
    ]
    entrants += [
        {"id": f"e-{p}", "name": display_name(p), "player": p, "dropped_after_round": 0}
        for p in absent
    ]
    doc = event_doc(
        entrants,
        [
            [([f"e-{person_of[s]}" for s in seats], scores) for seats, scores in one_round]
            for _ in range(rounds)
        ],
        ruleset=ruleset,
        settings=settings,
        name=name,
    )
    check = reader.read(doc)
    final = compute(check, rule, resolved).rows
    assert [r.entrant.person for r in final][:n] == order
    return doc


def players(count: int, prefix: str = "p") -> list[str]:
    """``count`` series identities: p01, p02, …"""
    return [f"{prefix}{i:02d}" for i in range(1, count + 1)]


def write_series(
    folder: Path,
    events: list[dict[str, Any]],
    **fields: Any,
) -> Path:
    """Write every event (each a dict with ``doc`` and the series fields of the event) and a
    series file listing them; returns the series file's path."""
    listed = []
    for index, spec in enumerate(events, start=1):
        spec = dict(spec)
        doc = spec.pop("doc")
        file = spec.pop("file", f"event-{index:02d}.json")
        (folder / file).write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        listed.append(
            {
                "file": file,
                "city": spec.pop("city", "Brno"),
                "date": spec.pop("date", f"2026-{1 + index // 28:02d}-{1 + index % 28:02d}"),
                "published": spec.pop("published", True),
                **spec,
            }
        )
    document = {
        "format": "kolo-series/1",
        "name": fields.pop("name", "Test series"),
        "rules": fields.pop("rules", "tour-de-dominion-2022"),
        "events": listed,
        **fields,
    }
    path = folder / "series.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path
