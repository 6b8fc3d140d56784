"""The pairing criteria computed: each declared criterion (``kolo.core.criteria``: its name,
default weight and words) with its value at one candidate table given the history, and its
term in a round's instance (a count per pair or per player, in the solvers' order).

The objective of a pairing is the weighted sum of the criteria over its tables
(``settings.weights``; docs/pairing.md). The solvers see only the numbers built from the
terms (``kolo.pairing.instance``) and know nothing of the criteria themselves (DESIGN.md
principle 3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

import numpy as np
import numpy.typing as npt

from kolo.core import criteria
from kolo.core.criteria import CriterionSpec
from kolo.core.event import EntrantId, Event
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import compute
from kolo.pairing.history import History
from kolo.pairing.pairs import PairValues, club_ids, sparse

IntArray = npt.NDArray[np.int64]


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


@dataclass(frozen=True)
class Field:
    """The players of a round in the solvers' order: what a criterion's term is built from."""

    context: Context
    players: Sequence[EntrantId]
    points: IntArray
    """Each player's tournament points before the round, times the round's point scale."""

    def counted(self, pairs: Iterable[tuple[Iterable[EntrantId], int]]) -> PairValues:
        """A count over some pairs of players, zero elsewhere (a pair with a player not in
        the round left out)."""
        index = {p: i for i, p in enumerate(self.players)}
        entries = [
            (a, b, count)
            for pair, count in pairs
            for a, b in [[index.get(p) for p in pair]]
            if a is not None and b is not None
        ]
        codes, counts = sparse(len(self.players), entries)
        return PairValues(len(self.players), codes=codes, counts=counts)


def _met_term(field: Field) -> PairValues:
    return field.counted(field.context.history.pairs.items())


def _spread_term(field: Field) -> PairValues:
    return PairValues(len(field.players), points=field.points, point_weight=1)


def _smaller_term(field: Field) -> IntArray:
    counts = field.context.smaller_table_counts
    return np.array([counts.get(p, 0) for p in field.players], dtype=np.int64)


def _club_term(field: Field) -> PairValues:
    context, n = field.context, len(field.players)
    in_force = context.round_number <= context.club_rounds
    clubs = club_ids([context.clubs.get(p) for p in field.players] if in_force else [None] * n)
    return PairValues(n, clubs=clubs, club_weight=1)


def _never_term(field: Field) -> PairValues:
    return field.counted((pair, 1) for pair in field.context.never)


@dataclass(frozen=True)
class Criterion:
    """A declared criterion with its computation."""

    spec: CriterionSpec
    table: Callable[[Sequence[EntrantId], Context], int | Fraction]
    """Its value at one table."""
    term: Callable[[Field], PairValues | IntArray]
    """Its count in a round's instance, unweighted: N×N per pair, or N per player (counted
    where the player sits at a smaller table)."""
    in_points: bool = False
    """Counted in points (in the instance: in units of 1/``point_scale``), so its weight is
    per point; the others are counts."""
    organisers_word: bool = False
    """The organiser's own word (clubs, pairs kept apart): with repeated meetings first
    (R-GORN-8) it comes before them."""

    @property
    def name(self) -> str:
        """Its key in ``settings.weights``."""
        return self.spec.name


CRITERIA = (
    Criterion(criteria.REPEAT_PAIRS, repeat_pairs, _met_term),
    Criterion(criteria.SCORE_SPREAD, score_spread, _spread_term, in_points=True),
    Criterion(criteria.SMALLER_TABLES, smaller_tables, _smaller_term),
    Criterion(criteria.CLUB, club, _club_term, organisers_word=True),
    Criterion(criteria.NEVER_TOGETHER, never_together, _never_term, organisers_word=True),
)
"""Every declared criterion, computed, in the declaration's order."""
assert tuple(c.spec for c in CRITERIA) == criteria.SPECS

IN_POINTS = frozenset(c.name for c in CRITERIA if c.in_points)
"""The criteria counted in points (in an instance: in units of 1/``point_scale``)."""


def weights_of(settings: Settings) -> dict[str, Fraction]:
    """The weight of every criterion: the setting names some; the others weigh 0."""
    given = settings.weights
    return {name: Fraction(str(given.get(name, 0))) for name in criteria.NAMES}


def breakdown(table: Sequence[EntrantId], context: Context) -> dict[str, int | Fraction]:
    """Every criterion's value for one table."""
    return {c.name: c.table(table, context) for c in CRITERIA}


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
