"""The ``kolo standings --json`` document (EVENT-FORMAT.md), shared by the command line,
the web pages and the API."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kolo.core import knockout, rulesets
from kolo.core.event import Event
from kolo.core.rulesets import TieBreak
from kolo.core.settings import Settings
from kolo.core.standings import Standings


def _number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else float(value)


def standings_document(
    result: Standings,
    ruleset: rulesets.RuleSet,
    event: Event | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    """The ``kolo standings --json`` document (EVENT-FORMAT.md); a knockout event's (with
    ``event`` and ``settings``) also has its group tables and its bracket."""
    rows = []
    for row in result.rows:
        doc: dict[str, Any] = {
            "rank": row.rank,
            "entrant": row.entrant.id,
            "name": row.entrant.name,
            "points": _number(row.points),
            "success": float(row.success) if row.success is not None else None,
            "games": row.games,
            "dropped": row.dropped,
        }
        if TieBreak.GAME_SCORE in ruleset.tie_breaks:
            doc["game_score"] = row.game_score
        if TieBreak.BUCHHOLZ in ruleset.tie_breaks:
            doc["buchholz"] = _number(row.buchholz)
            doc["score_difference"] = row.score_difference
        rows.append(doc)
    document: dict[str, Any] = {"after_round": result.after_round, "standings": rows}
    if event is not None and settings is not None and knockout.is_knockout(ruleset):
        stages = knockout.reached(event, event.rounds[: result.after_round], ruleset, settings)
        for doc in rows:
            doc["reached"] = stages.get(doc["entrant"])
        document |= knockout_document(event, ruleset, settings)
    return document


def knockout_document(
    event: Event, ruleset: rulesets.RuleSet, settings: Settings
) -> dict[str, Any]:
    """The group tables and the bracket of a knockout event."""
    return {
        "groups": [
            {
                "group": g.group,
                "table": g.table,
                "rows": [
                    {
                        "entrant": r.entrant,
                        "rank": r.rank,
                        "points": _number(r.points),
                        "game_score": r.score,
                        "shares": float(r.shares),
                        "seed": r.seed,
                    }
                    for r in g.rows
                ],
            }
            for g in knockout.group_tables(event, ruleset, settings)
        ],
        "bracket": [
            {
                "round": b.number,
                "stage": b.stage,
                "complete": b.complete,
                "tables": [
                    {
                        "number": t.number,
                        "players": [
                            {
                                "entrant": s.entrant,
                                "score": s.score,
                                "turns": s.turns,
                                "place": s.place,
                                "advanced": s.advanced,
                            }
                            for s in t.seats
                        ],
                    }
                    for t in b.tables
                ],
            }
            for b in knockout.knockout_rounds(event, ruleset, settings)
        ],
    }
