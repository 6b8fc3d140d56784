"""The Dominion championship's qualification (R-QUAL-1..3): main tournaments qualify their
best five, local ones their winner (and more in larger fields), last-chance events fill the
final; last year's top five are in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from kolo.core.problems import N_
from kolo.series.model import Qualification
from kolo.series.results import EventResult
from kolo.series.system import (
    PLAYERS_SCHEMA,
    Common,
    DocumentReader,
    QualificationSystem,
    Run,
    SystemRules,
    TourRules,
)

MAIN_PLACES = 5
"""A main tournament qualifies its 5 best players (R-QUAL-1)."""
LOCAL_PLACES = ((0, 1), (20, 2), (30, 3))
"""A local tournament: (players from, places); the winner, the 2nd from 20, the 3rd from 30
(R-QUAL-2)."""


def local_places(players: int) -> int:
    """How many players a local tournament of ``players`` players qualifies (R-QUAL-2)."""
    found = 0
    for threshold, places in LOCAL_PLACES:
        if players >= threshold:
            found = places
    return found


RULES = SystemRules(
    system="dominion",
    title=N_("Dominion championship qualification (until 2021)"),
    rulesets=("dominion-cz", "dominion-cz-final"),
    kinds=("main", "local", "last-chance"),
    holders="last_final_top5",
    pass_down=True,
    field_size=None,
    rule_of_kind=MappingProxyType(
        {"main": "R-QUAL-1", "local": "R-QUAL-2", "last-chance": "R-QUAL-3"}
    ),
    holders_rule="R-QUAL-3",
    holders_how="last-final",
)


TOUR_2022 = TourRules(
    id="tour-de-dominion-2022",
    title=N_("Tour de Dominion (since 2022)"),
    rulesets=("dominion-cz", "dominion-cz-final"),
    min_players=6,
    scored_places=((6, 3), (7, 4), (9, 5), (14, 7), (20, 10), (30, 15)),
    podium=(Fraction(3, 2), Fraction(1), Fraction(1, 2)),
    best_success=Fraction(1),
    # [interpretation] more than 7 rounds earns the 7-round bonus
    rounds_bonus=((6, Fraction(1, 2)), (7, Fraction(1))),
    strong_field=((3, Fraction(1)), (5, Fraction(2))),
    city_limit=4,
)
"""Tour de Dominion's rules since 2022 (R-TOUR-1..5)."""


@dataclass(frozen=True)
class DominionQualification(Qualification):
    """Dominion championship qualification (R-QUAL-1..3)."""

    last_final_top5: tuple[str, ...] = ()
    """The best of last year's final, qualified automatically (R-QUAL-3)."""
    field_size: int | None = None
    """The target size of the final that last-chance events fill up to (R-QUAL-3)."""
    pass_down: bool = True
    """A place whose player already holds one or declines passes to the next (R-QUAL-2)."""
    system = RULES.system

    @property
    def holders(self) -> tuple[str, ...]:
        """Players qualified before any event of the series."""
        return self.last_final_top5


class Dominion(QualificationSystem):
    """R-QUAL-1..3."""

    rules = RULES
    fields = ("system", "last_final_top5", "field_size", "pass_down")
    tours = (TOUR_2022,)

    def read(
        self, reader: DocumentReader, obj: dict[str, Any], path: str, common: Common
    ) -> Qualification | None:
        return DominionQualification(common.holders, common.field_size, common.pass_down)

    def schema(self, common: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "dominion": {
                "type": "object",
                "required": ["system"],
                "additionalProperties": False,
                "properties": {
                    "system": {"const": "dominion"},
                    "last_final_top5": {
                        **PLAYERS_SCHEMA,
                        "description": "The best of last year's final (R-QUAL-3).",
                    },
                    **common,
                },
            }
        }

    def offer(self, run: Run, result: EventResult, q: Qualification) -> None:
        kind = result.item.kind
        places = MAIN_PLACES if kind == "main" else local_places(result.size)
        run.offered(result, places, None)
        run.fill(result, places, q.pass_down)
