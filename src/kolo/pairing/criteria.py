"""The pairing criteria: each a pure function of one candidate table and the history.

The objective of a pairing is the weighted sum of the criteria over its tables
(``settings.weights``; docs/pairing.md). The solvers see only numbers derived from these
functions (``kolo.pairing.instance``) and know nothing of the criteria themselves
(DESIGN.md principle 3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from kolo.core.event import EntrantId, Event
from kolo.core.rulesets import RuleSet
from kolo.core.settings import CRITERIA, Settings
from kolo.core.standings import compute
from kolo.pairing.history import History


@dataclass(frozen=True)
class Context:
    """What the criteria know about the event before the round being paired."""

    round_number: int
    points: Mapping[EntrantId, Fraction]
    """Tournament points before the round."""
    history: History
    normal_size: int
    """Tables of this size are full; smaller ones are smaller tables."""
    smaller_table_counts: Mapping[EntrantId, int]
    """How often each player sat at a smaller table before."""
    clubs: Mapping[EntrantId, str | None]
    club_rounds: int
    """Club-mates avoid each other in rounds 1..club_rounds."""
    never: frozenset[frozenset[EntrantId]]
    """Pairs the organiser keeps apart."""

    @classmethod
    def of(cls, event: Event, ruleset: RuleSet, settings: Settings) -> Context:
        """The context for pairing the round after the event's rounds."""
        standings = compute(event, ruleset, settings)
        normal = settings.table_size
        counts: dict[EntrantId, int] = {e.id: 0 for e in event.entrants}
        for round_ in event.rounds:
            for table in round_.tables:
                if len(table.seats) < normal:
                    for player in table.seats:
                        counts[player] += 1
        return cls(
            round_number=len(event.rounds) + 1,
            points={row.entrant.id: row.points for row in standings.rows},
            history=History.of(event.rounds),
            normal_size=normal,
            smaller_table_counts=counts,
            clubs={e.id: e.club for e in event.entrants},
            club_rounds=settings.club_rounds,
            never=frozenset(frozenset(p) for p in settings.never_together),
        )


def repeat_pairs(table: Sequence[EntrantId], context: Context) -> int:
    """The sum over the pairs at the table of the number of earlier rounds those two sat
    at one table (R-GORN-5)."""
    return sum(context.history.pairs[frozenset(pair)] for pair in combinations(table, 2))


def score_spread(table: Sequence[EntrantId], context: Context) -> Fraction:
    """The sum over the pairs at the table of |points(a) − points(b)|, tournament points
    before the round (R-GORN-3)."""
    return sum(
        (abs(context.points[a] - context.points[b]) for a, b in combinations(table, 2)),
        Fraction(0),
    )


def smaller_tables(table: Sequence[EntrantId], context: Context) -> int:
    """At a smaller table: how often its players sat at a smaller table before, summed
    (R-GORN-6, interpretation: those who sat there least often go first)."""
    if len(table) >= context.normal_size:
        return 0
    return sum(context.smaller_table_counts[p] for p in table)


def club(table: Sequence[EntrantId], context: Context) -> int:
    """In the first ``club_rounds`` rounds: pairs at the table from the same club."""
    if context.round_number > context.club_rounds:
        return 0
    return sum(
        1
        for a, b in combinations(table, 2)
        if context.clubs.get(a) and context.clubs.get(a) == context.clubs.get(b)
    )


def never_together(table: Sequence[EntrantId], context: Context) -> int:
    """Pairs at the table the organiser asked to keep apart."""
    return sum(1 for pair in combinations(table, 2) if frozenset(pair) in context.never)


Criterion = Callable[[Sequence[EntrantId], Context], int | Fraction]

CRITERION_FUNCTIONS: Mapping[str, Criterion] = {
    "repeat_pairs": repeat_pairs,
    "score_spread": score_spread,
    "smaller_tables": smaller_tables,
    "club": club,
    "never_together": never_together,
}
assert tuple(CRITERION_FUNCTIONS) == CRITERIA

PAIR_CRITERIA = ("repeat_pairs", "score_spread", "club", "never_together")
"""Criteria that are sums over the pairs at a table; ``smaller_tables`` is a sum over
the players of a smaller table. The solvers rely on this split."""


def weights_of(settings: Settings) -> dict[str, Fraction]:
    """The weight of every criterion: the setting names some; the others weigh 0."""
    given = settings.weights
    return {name: Fraction(str(given.get(name, 0))) for name in CRITERIA}


def breakdown(table: Sequence[EntrantId], context: Context) -> dict[str, int | Fraction]:
    """Every criterion's value for one table."""
    return {name: f(table, context) for name, f in CRITERION_FUNCTIONS.items()}


def weighted(values: Mapping[str, int | Fraction], weights: Mapping[str, Fraction]) -> Fraction:
    """The weighted sum of criterion values."""
    return sum((weights[name] * Fraction(value) for name, value in values.items()), Fraction(0))


@dataclass(frozen=True)
class TableCost:
    """One seated table's criteria and weighted cost."""

    values: Mapping[str, int | Fraction]
    total: Fraction


def round_costs(event: Event, index: int, ruleset: RuleSet, settings: Settings) -> list[TableCost]:
    """The cost of every table of ``event.rounds[index]`` given the rounds before it."""
    earlier = replace(event, rounds=event.rounds[:index])
    context = Context.of(earlier, ruleset, settings)
    weights = weights_of(settings)
    result = []
    for table in event.rounds[index].tables:
        values = breakdown(table.seats, context)
        result.append(TableCost(values, weighted(values, weights)))
    return result
