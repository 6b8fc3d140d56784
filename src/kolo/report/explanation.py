"""Why a table of a Swiss round is seated as it is: its pairing cost by criterion and the
facts behind it (the points its players span, who met before, the smaller table), built once
and worded by the command line (``kolo round show``, the pairing's proposal) and the desk's
round page.

Values, not words: each output words them in its language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from kolo.core.event import PLAYOFF, EntrantId, Event
from kolo.core.problems import N_
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.pairing.criteria import Context, breakdown, weighted, weights_of

Criteria = tuple[tuple[str, Fraction], ...]
"""The criteria with a value, ``(name, value)`` in the pairing engine's order."""


def criteria(values: Mapping[str, int | Fraction]) -> Criteria:
    """The criteria of a cost that have a value (those without one are not worth a word)."""
    return tuple((name, Fraction(value)) for name, value in values.items() if value)


@dataclass(frozen=True)
class Met:
    """Two players at the table who sat at one table before."""

    first: EntrantId
    second: EntrantId
    times: int
    """How many earlier rounds they sat at one table."""


@dataclass(frozen=True)
class Explanation:
    """One table's pairing cost and why."""

    total: Fraction
    """The weighted cost of the table (``settings.weights``)."""
    criteria: Criteria
    """The criteria with a value, unweighted."""
    low: Fraction
    """The fewest tournament points of a player at the table before the round."""
    high: Fraction
    """The most."""
    met: tuple[Met, ...]
    """The pairs who met before, in seat order."""
    smaller: bool
    """A smaller table (for the lowest placed, R-GORN-6)."""


def explain(
    seats: Sequence[EntrantId], context: Context, weights: Mapping[str, Fraction]
) -> Explanation:
    """The explanation of a table seating ``seats`` given what the criteria know before the
    round (``context``) and the criteria's ``weights``."""
    values = breakdown(seats, context)
    points = [context.points.get(p, Fraction(0)) for p in seats]
    met = tuple(
        Met(a, b, times)
        for i, a in enumerate(seats)
        for b in seats[i + 1 :]
        if (times := context.history.pairs[frozenset((a, b))])
    )
    return Explanation(
        total=weighted(values, weights),
        criteria=criteria(values),
        low=min(points, default=Fraction(0)),
        high=max(points, default=Fraction(0)),
        met=met,
        smaller=len(seats) < context.normal_size,
    )


def round_explanations(
    event: Event, index: int, ruleset: RuleSet, settings: Settings
) -> tuple[Explanation, ...] | None:
    """The explanation of every table of ``event.rounds[index]`` given the rounds before it;
    ``None`` where the round has none: the first round (drawn), a knockout's rounds
    (seeded, not paired by cost) and a bracket's after the Swiss rounds (its matches follow
    from the results, R-DOMINO-11)."""
    if index == 0 or ruleset.eliminates or event.rounds[index].stage == PLAYOFF:
        return None
    context = Context.of(replace(event, rounds=event.rounds[:index]), ruleset, settings)
    weights = weights_of(settings)
    return tuple(explain(t.seats, context, weights) for t in event.rounds[index].tables)


def total(explanations: Sequence[Explanation]) -> Fraction:
    """The pairing cost of a round: its tables' costs summed."""
    return sum((e.total for e in explanations), Fraction(0))


def repeats_words(repeats: int | None, unavoidable: bool) -> str | None:
    """The sentence a proposal with repeated meetings first says of them (English, marked
    for translation; ``{count}`` to fill in), or None where there is nothing to say."""
    if not repeats:
        return None
    if unavoidable:
        return N_("Repeated meetings: {count}; no pairing within the rules has fewer.")
    return N_("Repeated meetings: {count}, the fewest found within the search budget.")
