"""What the weights alone do not promise: repeated meetings first (R-GORN-8, the setting
``repeats_first``) and the slice guard (no worse than slicing the standings by hand, the
setting ``slice_guard``; docs/pairing.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from kolo.core.event import EntrantId, Event
from kolo.core.problems import NoValidPairing
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.pairing import exact, heuristic, slicing, work
from kolo.pairing.criteria import CRITERIA, weights_of
from kolo.pairing.exact.generate import Generated, tables_in_reach
from kolo.pairing.instance import Instance, build
from kolo.pairing.pool import Pool, PoolTooLarge, all_tables
from kolo.pairing.round_search import Found, pool_limit, search

GUARD_SWEEPS = 1
"""Sweeps of the search that improves the slice before the guard's exact method (work,
not seconds: the start, and so the answer, must not depend on the machine's speed)."""
GUARD_SECONDS = 1.0
"""The least work (work seconds, ``kolo.pairing.work``) the slice guard's search gets,
even when the first search used all."""


def guarded(
    instance: Instance,
    found: Found,
    reference: list[tuple[int, ...]],
    budget: float,
    seed: int,
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
) -> Found:
    """The cheapest pairing no worse than the slice of the standings on repeated meetings
    and on score spread (``kolo.pairing.slicing``), where the engine's first answer is
    worse on one — unless the slice is itself worse than that answer on another criterion
    (club-mates, pairs kept apart, smaller tables): such a slice is no standard to keep.
    With the scope ``event`` (the default), what the earlier rounds seated below their
    slices may be used up: the event so far is no worse than slicing every round.

    The guarded pairing is no worse than the first answer on those other criteria, and
    the first answer's bound stays valid: the guard only takes pairings away.
    """
    limits = slicing.limits(instance, reference, found.tables)
    if limits is not None and settings.slice_guard_scope == "event":
        extra = slicing.spare(event, ruleset, settings)
        limits = slicing.limits(instance, reference, found.tables, extra)
    if limits is None or work.stopped():
        return found
    # what the first search left of the budget, and at least GUARD_SECONDS (the work
    # done since the proposal began: every search starts its meter at 0)
    deadline = max(budget, work.now() + GUARD_SECONDS)
    rows = slicing.rows(instance, limits)
    cost = heuristic.cost_of(instance, found.tables)
    # the first search's bound holds within the limits too: a guarded pairing as cheap
    # (the tie-break aside) is optimal
    known = float(found.bound) if found.bound is not None else -math.inf
    # a first guarded pairing: the slice, improved by the windows of the search within
    # the limits (the slice keeps within them: it is what they are made of)
    start = heuristic.improve(
        instance,
        reference,
        deadline=deadline,
        seed=seed,
        sweeps=GUARD_SWEEPS,
        random_pairs=False,
        limits=limits,
    )
    if exact.main_optimal(instance, heuristic.cost_of(instance, start), known):
        return Found(start, True, found.bound, "heuristic", None, limits, cost)
    pool = guard_pool(
        instance, heuristic.cost_of(instance, start), found.prices, found.generated, deadline
    )
    if pool is None:
        return Found(start, False, found.bound, "heuristic", None, limits, cost)
    result = exact.solve(
        instance,
        pool,
        time_limit=work.left(deadline),
        incumbent=start,
        limits=rows,
        lower=known,
    )
    if result.tables is None:
        return Found(start, False, found.bound, "heuristic", None, limits, cost)
    lower = result.bound if found.bound is None else max(float(found.bound), result.bound)
    proved = math.floor(lower) if math.isfinite(lower) else found.bound
    return Found(list(result.tables), result.optimal, proved, "exact", None, limits, cost)


KEPT_APART_FIRST = {c.name: 10_000 for c in CRITERIA if c.organisers_word}
"""The weights, beside one for each repeated meeting, of the search for the fewest repeated
meetings: far above any round's repeats, so kept-apart pairs and club-mates come first."""


def repeats_first(
    instance: Instance,
    budget: float,
    seed: int,
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    players: Sequence[EntrantId],
) -> Found:
    """Repeated meetings first (R-GORN-8, the setting ``repeats_first``), after the
    organiser's pairs kept apart and club-mates (his own word): the fewest of those, then
    the fewest repeated meetings any pairing within the hard rules has — searched on the
    same round weighed by them alone — and among the pairings with no more of either, the
    cheapest by the weights.

    The second search is an ordinary one, on the round weighed as before except that a
    repeated meeting costs more than everything else but those pairs that a pairing with
    the fewest costs, and a kept-apart pair or club-mates more than all of that
    (``_lexical``): its cheapest pairing has the fewest of each, in that order, and among
    those the least cost by the weights; its pool comes from column generation like any
    other round's, and its bound converts to one over the pairings with no more of each."""
    # the organiser's pairs kept apart and the clubs' rounds come before repeated meetings
    # (they are the organiser's own word); then repeated meetings, and nothing else
    alone = Settings({**settings, "weights": {"repeat_pairs": 1, **KEPT_APART_FIRST}})
    counting = build(event, ruleset, alone, list(players), seed)
    try:
        least = search(counting, budget / 4, seed)
    except NoValidPairing:
        # the short search found no pairing within the hard rules: the whole budget to
        # the round as it is
        found = search(instance, max(GUARD_SECONDS, budget - work.now()), seed)
        mine = slicing.totals(counting, found.tables)["repeat_pairs"]
        return replace(found, fewest=(mine, False))
    fewest = slicing.totals(counting, least.tables)["repeat_pairs"]
    proved = least.optimal
    # a first pairing with no more repeated meetings: the fewest's, improved by the weights
    start = heuristic.improve(
        instance,
        least.tables,
        deadline=work.now() + GUARD_SECONDS,
        seed=seed,
        sweeps=GUARD_SWEEPS,
        random_pairs=False,
        limits={"repeat_pairs": fewest},
    )
    if work.stopped():
        return Found(start, False, None, "heuristic", fewest=(fewest, proved))
    lexical, extra = _lexical(
        event, ruleset, settings, players, seed, instance, counting, least.tables
    )
    found = search(lexical, max(GUARD_SECONDS, budget - work.now()), seed, start)
    repeats = slicing.totals(instance, found.tables)["repeat_pairs"]
    bound = None
    if found.bound is not None:
        # every pairing P costs Σ W_c·c(P) + other(P) ≥ B by the lexical weights, so one
        # with no more of each than the fewest's costs Σ w_c·c(P) + other(P) ≥ B − extra
        weighted = Fraction(lexical.main_cost(found.bound)) * lexical.unit - extra
        bound = math.floor(weighted / instance.unit) * instance.mult
    return replace(
        found,
        bound=bound,
        fewest=(min(fewest, repeats), proved and repeats >= fewest),
        prices=None,
        generated=None,
    )


_FIRST = ("repeat_pairs", *KEPT_APART_FIRST)
"""The criteria that come before the weights with repeated meetings first."""


def _lexical(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    players: Sequence[EntrantId],
    seed: int,
    instance: Instance,
    counting: Instance,
    fewest: list[tuple[int, ...]],
) -> tuple[Instance, Fraction]:
    """The round weighed so that one repeated meeting more costs more than everything else
    but kept-apart pairs and club-mates that ``fewest`` (the pairing with the fewest of
    those, then of repeated meetings) costs — W, a whole number — and one kept-apart pair
    or club-mates more than all of that — K. Then every pairing with more of either than
    ``fewest`` costs more than it: the cheapest has no more of each, in that order. And
    what those weights add to its cost beyond its own weights (Σ (W_c − w_c) × its count
    c), which bounds what they add to any pairing with no more of each."""
    weights = weights_of(settings)
    counts = slicing.totals(counting, fewest)
    total = Fraction(instance.main_cost(heuristic.cost_of(instance, fewest))) * instance.unit
    other = total - sum((weights[name] * counts[name] for name in _FIRST), Fraction(0))
    heavy = max(math.ceil(weights["repeat_pairs"]), math.floor(other) + 1)
    apart = max(
        *(math.ceil(weights[name]) for name in KEPT_APART_FIRST),
        heavy * counts["repeat_pairs"] + math.floor(other) + 1,
    )
    given = dict(settings.weights)
    given["repeat_pairs"] = heavy
    for name in KEPT_APART_FIRST:
        given[name] = apart
    lexical = build(event, ruleset, Settings({**settings, "weights": given}), list(players), seed)
    extra = (heavy - weights["repeat_pairs"]) * counts["repeat_pairs"] + sum(
        ((apart - weights[name]) * counts[name] for name in KEPT_APART_FIRST), Fraction(0)
    )
    return lexical, extra


def guard_pool(
    instance: Instance,
    cap: int,
    prices: exact.Prices | None,
    generated: Generated | None = None,
    deadline: float | None = None,
) -> Pool | None:
    """The tables that can be in a pairing costing at most ``cap`` (a guarded pairing's
    cost: the cheapest costs no more), or None if too many for the exact method. With the
    first search's duals, a table whose excess r puts every pairing seating it above the
    cap (L + r > cap, ``exact.lower_bounds``) is left out; where the first search's pool
    came from column generation, its duals choose the tables without building the others."""
    try:
        if generated is not None:
            return tables_in_reach(
                instance, generated.pricing, generated.base, cap, pool_limit(instance), deadline
            )
        pool = all_tables(instance, max_cost=cap, limit=pool_limit(instance))
    except PoolTooLarge:
        return None
    if prices is not None:
        excess, lower = exact.lower_bounds(instance, pool, prices)
        pool = pool.take(excess <= cap - lower + 1.0)  # one tie-break unit of slack
    return pool
