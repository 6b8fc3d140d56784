"""The ``kolo standings --json`` document (EVENT-FORMAT.md), shared by the command line,
the web pages and the API."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kolo.core import rulesets
from kolo.core.rulesets import TieBreak
from kolo.core.standings import Standings


def _number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else float(value)


def standings_document(result: Standings, ruleset: rulesets.RuleSet) -> dict[str, Any]:
    """The ``kolo standings --json`` document (EVENT-FORMAT.md)."""
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
    return {"after_round": result.after_round, "standings": rows}
