"""The search for one Swiss round's pairing: the greedy fold and the slice of the standings
as starts, a sweep of windows of the neighbourhood search (``kolo.pairing.heuristic``), then
the exact method (``kolo.pairing.exact``) over every candidate table where they are few
enough, or over those column generation finds within reach (``exact.generate``), else the
heuristic with a bound that needs no candidate tables (``kolo.pairing.bound``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from kolo.core.problems import N_, NoValidPairing
from kolo.pairing import exact, heuristic, work
from kolo.pairing.bound import lower_bound
from kolo.pairing.exact.generate import Generated, generate
from kolo.pairing.instance import Instance
from kolo.pairing.pool import Pool, PoolTooLarge, all_tables

EXACT_POOL_LIMIT = 6_000_000
"""Candidate tables beyond this leave the round to the heuristic."""
POOL_PER_PLAYER = 16_000
"""The exact method's pool holds at most this many tables per player (and at most
``EXACT_POOL_LIMIT``): its memory grows with the field, not with the field's candidate
tables (tables of four at 100 players: 3.9 million, 0.8 GB)."""
WHOLE_POOL = EXACT_POOL_LIMIT
"""Fields with at most about this many candidate tables (of the normal size), and at most
``POOL_PER_PLAYER`` a player, get them all; larger ones only those column generation finds
within reach (``exact.generate``)."""
GENERATED_POOL = 12_000_000
"""Beyond this many candidate tables (tables of four at 128 players: 10.7 million; of three
at 1,000: 166 million) every pricing pass would try too many: the round is left to the
heuristic and its bound."""
GENERATION_SHARE = 0.75
"""Column generation's share of the work left (the heuristic keeps the rest where it fails)."""
START_WINDOW = 6
"""Tables re-seated together in the sweep that improves the first pairing (at tables of
four 24 players: the first pairing is then close enough for the exact method to prove
hard rounds at 100 players in time, where windows of four tables left it 2–6 units off)."""
START_PLAYERS = 24
"""At most this many players in those windows: larger tables keep the search's own
windows (six tables of six would have 1.9 million candidate tables per window)."""


class Infeasible(Exception):
    """The exact method proved that no pairing obeys the (unrelaxed) hard rules."""


@dataclass(frozen=True)
class Found:
    """A search's answer."""

    tables: list[tuple[int, ...]]
    optimal: bool
    bound: int | None
    """A proved lower bound on the combined cost."""
    method: str
    prices: exact.Prices | None = None
    """The exact method's last duals, which bound other pairings too."""
    guard: Mapping[str, int] | None = None
    """Where the slice guard acted: the slice's counts the round was held to."""
    unguarded: int | None = None
    """Where the slice guard acted: the combined cost of the weights' own pairing."""
    fewest: tuple[int, bool] | None = None
    """With repeated meetings first (R-GORN-8): the fewest repeated meetings a pairing
    within the rules was found to have, and whether no pairing has fewer (proved)."""
    generated: Generated | None = None
    """Where the pool came from column generation: its duals, which choose the tables of
    other searches' pools too."""


def search(
    instance: Instance,
    budget: float,
    seed: int,
    reference: list[tuple[int, ...]] | None = None,
) -> Found:
    """The greedy fold and the slice of the standings (``reference``, where it obeys the
    hard rules), each improved by a short neighbourhood search; the cheaper starts the
    exact method if the candidate tables fit (else the neighbourhood search goes on until
    the time is up). After rounds that leave many players level the greedy fold can be
    far off, and the slice close."""
    deadline = work.now() + budget
    starts = [t for t in (heuristic.greedy(instance), reference) if t is not None]
    if not starts:
        repaired = heuristic.repair(instance, deadline=work.now() + budget / 3, seed=seed)
        starts = [repaired] if repaired is not None else []
    # one sweep of windows each, bounded by work rather than time, so the incumbent (and
    # every pairing proved optimal from it) does not depend on the machine's speed; the
    # cheaper first, and the other only if it is cheaper still than that one improved (a
    # sweep at 128 players in fours takes a second, and a start several times dearer —
    # the fold after repeated meetings first weighed them up — came out no better)
    start: list[tuple[int, ...]] | None = None
    cap: int | None = None
    for t in sorted(starts, key=lambda t: heuristic.cost_of(instance, t)):
        if cap is not None and heuristic.cost_of(instance, t) >= cap:
            continue
        better = heuristic.improve(
            instance,
            t,
            deadline=deadline,
            seed=seed,
            window=START_WINDOW if START_WINDOW * instance.normal_size <= START_PLAYERS else None,
            sweeps=1,
            random_pairs=False,
        )
        cost = heuristic.cost_of(instance, better)
        if cap is None or cost < cap:
            start, cap = better, cost
    if start is not None and cap is not None and instance.main_cost(cap) == 0:
        return Found(start, True, cap, "heuristic")  # no criterion is broken: none cheaper
    # No table costing more than a whole pairing already found can be in a cheaper one;
    # past the safety stop, the start as it is (the candidate tables take seconds)
    generated: Generated | None = None
    pool: Pool | None = None
    if work.stopped():
        pass
    elif start is not None and cap is not None and not whole(instance):
        if candidate_count(instance) <= GENERATED_POOL:
            # within three quarters of the work left: where it fails, the heuristic keeps
            # the rest (with half, generation at 128 players in fours ran out a pass short
            # of its bound, and the heuristic used a sixth of what it was left)
            until = work.now() + work.left(deadline) * GENERATION_SHARE
            generated = generate(instance, start, cap, until, pool_limit(instance))
            pool = generated.pool if generated is not None else None
    else:
        try:
            pool = all_tables(instance, max_cost=cap, limit=pool_limit(instance))
        except PoolTooLarge:
            pool = None
    if pool is not None:
        result = exact.solve(
            instance,
            pool,
            time_limit=max(0.1, work.left(deadline)),
            incumbent=start,
            lower=generated.bound if generated is not None else -math.inf,
        )
        if result.infeasible:
            raise Infeasible
        if result.tables is not None:
            bound = int(result.bound) if math.isfinite(result.bound) else None
            return Found(
                list(result.tables),
                result.optimal,
                bound,
                "exact",
                result.prices,
                generated=generated,
            )
    if start is None:
        start = heuristic.repair(instance, deadline=work.now() + budget, seed=seed)
    if start is None:
        raise NoValidPairing(
            "R-GORN-4",
            N_(
                "no pairing obeying the hard rules was found in the time given; "
                "allow more time (--time-limit) or relax a rule"
            ),
            "R-GORN-4",
        )
    tables = heuristic.improve(instance, start, deadline=deadline, seed=seed)
    # too many candidate tables for the exact method: a bound that needs none (bound.py),
    # which proves the pairing optimal where it reaches it
    bound = lower_bound(instance)
    cost = heuristic.cost_of(instance, tables)
    return Found(tables, exact.main_optimal(instance, cost, bound), bound, "heuristic")


def pool_limit(instance: Instance) -> int:
    """The most tables the exact method's pool may hold for this field."""
    return min(EXACT_POOL_LIMIT, POOL_PER_PLAYER * instance.size)


def whole(instance: Instance) -> bool:
    """Whether the round's candidate tables are few enough to build them all."""
    count = candidate_count(instance)
    return count <= WHOLE_POOL and count <= POOL_PER_PLAYER * instance.size


def candidate_count(instance: Instance) -> int:
    """About how many candidate tables of the normal size the round has."""
    return math.comb(int(instance.full_ok.sum()), instance.normal_size)
