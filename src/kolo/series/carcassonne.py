"""The Carcassonne championship's qualification (R-QUAL-4..6): direct places and
qualification points by the size of the event (the organiser's table), two points from two
events qualify, last-chance events fill the championship; last year's top ten are in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from kolo.core.problems import N_
from kolo.series.model import Qualification
from kolo.series.results import EventResult, Reason
from kolo.series.system import (
    PLAYERS_SCHEMA,
    Common,
    DocumentReader,
    QualificationSystem,
    Run,
    SystemRules,
)

POINTS_FROM_PLAYERS = 12
"""Events with 11 or fewer players award no qualification points (R-QUAL-5)."""
POINTS_NEEDED = Fraction(2)
"""Qualification points that qualify (R-QUAL-4)."""
POINT_EVENTS_NEEDED = 2
"""…collected from at least this many different tournaments (R-QUAL-4)."""

RULES = SystemRules(
    system="carcassonne",
    title=N_("Carcassonne championship qualification"),
    rulesets=("carcassonne-cz",),
    kinds=("local", "last-chance"),
    holders="last_championship_top10",
    pass_down=False,
    field_size=32,
    rule_of_kind=MappingProxyType({"local": "R-QUAL-4", "last-chance": "R-QUAL-6"}),
    holders_rule="R-QUAL-4",
    holders_how="last-championship",
)

_ROW = ("entrants", "direct", "points")


@dataclass(frozen=True)
class PointRow:
    """One row of the Carcassonne qualification table (R-QUAL-5): what an event of at least
    ``entrants`` players awards (until the next row's size)."""

    entrants: int
    direct: int
    """The places, from 1st, that qualify directly."""
    points: tuple[Fraction, ...]
    """Qualification points for 1st, 2nd, … place; later places get none."""


@dataclass(frozen=True)
class CarcassonneQualification(Qualification):
    """Carcassonne championship qualification (R-QUAL-4..6)."""

    table: tuple[PointRow, ...]
    """Direct places and points by event size, ascending (R-QUAL-5)."""
    last_championship_top10: tuple[str, ...] = ()
    """The top 10 of last year's championship, qualified automatically (R-QUAL-4)."""
    field_size: int | None = 32
    """The championship's field that last-chance (filler) events fill up to (R-QUAL-6)."""
    pass_down: bool = False
    """[interpretation] A direct place whose player already holds one or declines passes
    to the next player only when set; by default it is not taken."""
    system = RULES.system

    @property
    def holders(self) -> tuple[str, ...]:
        """Players qualified before any event of the series."""
        return self.last_championship_top10

    def row(self, players: int) -> PointRow | None:
        """The row for an event of ``players`` players; ``None`` below the first row."""
        found = None
        for row in self.table:
            if players >= row.entrants:
                found = row
        return found


class Carcassonne(QualificationSystem):
    """R-QUAL-4..6."""

    rules = RULES
    fields = ("system", "last_championship_top10", "table", "field_size", "pass_down")

    def read(
        self, reader: DocumentReader, obj: dict[str, Any], path: str, common: Common
    ) -> Qualification | None:
        before = len(reader.problems)
        table = reader.field(
            obj, "table", path, lambda v, p: reader.items(v, p, lambda w, q: _row(reader, w, q))
        )
        if table is None or len(reader.problems) != before:
            return None
        if not table:
            reader.problem(f"{path}.table", N_("the table needs at least one row"))
        for index in range(1, len(table)):
            if table[index].entrants <= table[index - 1].entrants:
                reader.problem(
                    f"{path}.table[{index}].entrants",
                    N_("rows must be in increasing order of 'entrants'"),
                )
        if not table:
            return None
        return CarcassonneQualification(
            tuple(table), common.holders, common.field_size, common.pass_down
        )

    def schema(self, common: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "carcassonne": {
                "type": "object",
                "required": ["system", "table"],
                "additionalProperties": False,
                "properties": {
                    "system": {"const": "carcassonne"},
                    "last_championship_top10": {
                        **PLAYERS_SCHEMA,
                        "description": "The top 10 of last year's championship (R-QUAL-4).",
                    },
                    "table": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"$ref": "#/$defs/row"},
                        "description": "Direct places and qualification points by the number "
                        "of players, rows in increasing order of 'entrants' (R-QUAL-5).",
                    },
                    **common,
                },
            },
            "row": {
                "type": "object",
                "required": ["entrants"],
                "additionalProperties": False,
                "if": {"properties": {"entrants": {"maximum": POINTS_FROM_PLAYERS - 1}}},
                "then": {"properties": {"points": {"maxItems": 0}}},
                "properties": {
                    "entrants": {
                        "type": "integer",
                        "minimum": 1,
                        "description": "The row applies from this many players on; a row "
                        f"below {POINTS_FROM_PLAYERS} awards no points (R-QUAL-5).",
                    },
                    "direct": {
                        "type": "integer",
                        "minimum": 0,
                        "description": "Places, from 1st, that qualify directly.",
                    },
                    "points": {
                        "type": "array",
                        "items": {"type": "number", "minimum": 0},
                        "description": "Qualification points for 1st, 2nd, … place.",
                    },
                },
            },
        }

    def offer(self, run: Run, result: EventResult, q: Qualification) -> None:
        """Direct places, then points; who reaches the points here qualifies here (R-QUAL-4,
        R-QUAL-5)."""
        assert isinstance(q, CarcassonneQualification)
        row = q.row(result.size)
        if row is None:
            reason = Reason(
                "too-few-players",
                N_("{players} players; qualification starts at {minimum} players (R-QUAL-5)"),
                {"players": result.size, "minimum": q.table[0].entrants},
            )
            run.offered(result, 0, reason)
            return
        run.offered(result, row.direct, None)
        run.fill(result, row.direct, q.pass_down, how="direct")
        if result.size < POINTS_FROM_PLAYERS:
            return  # R-QUAL-5: 11 or fewer entrants: the places qualify, no points
        for player in result.players:
            occupied = range(player.rank, player.rank_to + 1)
            earned = sum(
                (row.points[k - 1] for k in occupied if k <= len(row.points)), Fraction(0)
            ) / len(occupied)
            if earned <= 0:
                continue
            total = run.earn(result, player, earned)
            if (
                total >= POINTS_NEEDED
                and run.events_with_points(player.person) >= POINT_EVENTS_NEEDED
            ):
                run.qualify_by_points(result, player, total)

    def with_points(self) -> bool:
        return True


def _row(reader: DocumentReader, value: Any, path: str) -> PointRow | None:
    obj = reader.obj(value, path, _ROW)
    if obj is None:
        return None
    entrants = reader.field(obj, "entrants", path, lambda v, p: reader.count(v, p, 1))
    direct = reader.count(obj.get("direct", 0), f"{path}.direct", 0)
    points = reader.items(obj.get("points", []), f"{path}.points", reader.points)
    if entrants is None or direct is None or points is None:
        return None
    if entrants < POINTS_FROM_PLAYERS and points:
        # R-QUAL-5: small events still qualify their places directly, but award no points
        reader.problem(
            f"{path}.points",
            N_("events of 11 or fewer entrants award no qualification points (R-QUAL-5)"),
        )
        return None
    return PointRow(entrants, direct, tuple(points))
