"""The pairing engine: the next round's tables from the closed rounds, the settings and a
seed (R-GORN-1..10).

Round 1 is random (R-GORN-2). Later rounds minimise the weighted criteria under the hard
rules: exactly (set partitioning, ``kolo.pairing.exact``) where the candidate tables fit
in memory, else by the heuristic (``kolo.pairing.heuristic``), which also gives the exact
method its first pairing. Tables are numbered from the top (R-GORN-7) and seated in an
order that balances who starts (R-GORN-9).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from kolo.core import elimination, knockout
from kolo.core.event import EntrantId, Event
from kolo.core.limits import check_field
from kolo.core.problems import N_, NoValidPairing
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import compute
from kolo.pairing import diagnosis, exact, heuristic, numbering, playoff, slicing, work
from kolo.pairing import knockout as knockout_seating
from kolo.pairing.bound import lower_bound
from kolo.pairing.criteria import Context, breakdown, weighted, weights_of
from kolo.pairing.exact.generate import Generated, generate, tables_in_reach
from kolo.pairing.instance import Instance, NoLayout, build
from kolo.pairing.pool import Pool, PoolTooLarge, all_tables
from kolo.pairing.seating import seat_counts, seat_order

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
START_WINDOW = 6
"""Tables re-seated together in the sweep that improves the first pairing (at tables of
four 24 players: the first pairing is then close enough for the exact method to prove
hard rounds at 100 players in time, where windows of four tables left it 2–6 units off)."""
START_PLAYERS = 24
"""At most this many players in those windows: larger tables keep the search's own
windows (six tables of six would have 1.9 million candidate tables per window)."""
GUARD_SWEEPS = 1
"""Sweeps of the search that improves the slice before the guard's exact method (work,
not seconds: the start, and so the answer, must not depend on the machine's speed)."""
GUARD_SECONDS = 1.0
"""The least work (work seconds, ``kolo.pairing.work``) the slice guard's search gets,
even when the first search used all."""


class _Infeasible(Exception):
    """The exact method proved that no pairing obeys the (unrelaxed) hard rules."""


@dataclass(frozen=True)
class _Found:
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


@dataclass(frozen=True)
class ProposedTable:
    """One table of a proposal."""

    number: int
    seats: tuple[EntrantId, ...]
    costs: Mapping[str, int | Fraction]
    """Every criterion's value at this table."""
    total: Fraction
    """The weighted cost of the table."""
    group: str | None = None
    """The group (A, B, …) of a group-stage table."""


@dataclass(frozen=True)
class Proposal:
    """The engine's answer for one round."""

    round_number: int
    seed: int
    tables: tuple[ProposedTable, ...]
    byes: tuple[EntrantId, ...]
    costs: Mapping[str, int | Fraction]
    """Criteria summed over the tables."""
    total: Fraction
    optimal: bool
    """True only when no cheaper pairing exists (proved)."""
    bound: Fraction | None
    """A proved lower bound on the weighted cost, where one is known."""
    method: str
    """"random" (round 1), "exact" or "heuristic"."""
    seconds: float
    relaxed: tuple[str, ...] = ()
    """Hard rules relaxed at the organiser's request."""
    guard: Mapping[str, Fraction] | None = None
    """Where the slice guard acted (docs/pairing.md): the repeated meetings and score
    spread the round keeps within — the slice's, plus what the earlier rounds left spare
    where ``guard_scope`` is ``event``."""
    guard_scope: str | None = None
    """Where the slice guard acted: ``event`` or ``round`` (the setting ``slice_guard_scope``)."""
    unguarded: Fraction | None = None
    """Where the slice guard acted: the weighted cost of the cheapest pairing by the
    weights alone."""
    stage: str | None = None
    """The round's stage in a knockout format (``kolo.core.knockout``)."""
    field: tuple[tuple[EntrantId, int, str], ...] = ()
    """A knockout round's players with their seed and why they are there."""
    budget: float | None = None
    """The search's work budget in work seconds (``kolo.pairing.work``): the setting
    ``time_limit`` or ``--time-limit``. None where nothing was searched (knockout)."""
    clock_stopped: bool = False
    """The wall-clock safety stop ended the search before its work budget: on another
    machine the same input may give other tables."""
    repeats: int | None = None
    """With repeated meetings first (R-GORN-8): the round's repeated meetings (each pair
    seated together again, counted once per earlier meeting); None otherwise."""
    repeats_unavoidable: bool = False
    """With repeated meetings first: the round has repeated meetings and no pairing within
    the rules has fewer (proved)."""

    @property
    def gap(self) -> Fraction | None:
        """How far the cost may be above the optimum, relative to the cost."""
        if self.optimal:
            return Fraction(0)
        if self.bound is None:
            return None
        if self.total == 0:
            return Fraction(0)
        return max(Fraction(0), (self.total - self.bound) / self.total)


def propose(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    *,
    seed: int,
    players: Sequence[EntrantId] | None = None,
    time_limit: float | None = None,
    relax: Sequence[str] = (),
    ratings: Mapping[EntrantId, float] | None = None,
    explain: bool = True,
) -> Proposal:
    """Seat the round after the event's rounds (which must all be complete).

    ``players`` are those to seat (default: every entrant active in that round). Knockout
    formats seat who the results send on (``kolo.core.knockout``); ``ratings`` seed their
    first round where the event seeds by rating. Where no pairing obeys the hard rules,
    ``explain`` pairs the round again under each relaxation to say which rule, or which
    rules together, fail and which relaxations work (``kolo.pairing.diagnosis``).
    """
    started = time.monotonic()
    if knockout.format_of(ruleset, settings) is not None:
        return _knockout(event, ruleset, settings, seed, ratings, started)
    if playoff.due(event, settings):
        return _playoff(event, ruleset, settings, seed, started)
    number = len(event.rounds) + 1
    if players is None:
        players = [e.id for e in event.entrants if e.active_in(number)]
    check_field(len(players))
    budget = float(time_limit) if time_limit is not None else settings.time_limit
    with work.metered(budget) as meter:
        proposal = _propose(
            event, ruleset, settings, seed, players, budget, relax, started, explain
        )
    return replace(proposal, budget=budget, clock_stopped=meter.fired)


def _propose(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    seed: int,
    players: Sequence[EntrantId],
    budget: float,
    relax: Sequence[str],
    started: float,
    explain: bool,
) -> Proposal:
    """A Swiss round (``propose``) within ``budget`` work seconds."""
    try:
        instance = build(event, ruleset, settings, list(players), seed, relax=relax)
    except NoLayout:
        raise NoValidPairing(
            "R-GORN-6",
            N_("{count} players cannot be seated at the tables this rule set allows"),
            None,
            count=len(players),
        ) from None
    rng = random.Random(seed)
    searched: _Found | None = None
    if not event.rounds:
        tables, optimal, bound, method = _random_round(instance, rng), True, None, "random"
        if heuristic.cost_of(instance, tables) >= instance.mult:
            # clubs or pairs kept apart: repair the draw where it breaks them
            deadline = work.now() + budget
            tables = heuristic.improve(
                instance, tables, deadline=deadline, seed=seed, main_only=True
            )
    else:
        reference = slicing.slice_pairing(instance)
        first = settings.repeats_first and "repeat_pairs" in instance.criteria and not relax
        try:
            if first:
                found = _repeats_first(instance, budget, seed, event, ruleset, settings, players)
            else:
                found = _search(instance, budget, seed, reference)
        except _Infeasible:
            if not explain:
                raise _explain_infeasible(instance) from None
            plain = build(event, ruleset, settings, list(players), seed) if relax else instance
            pair = _relaxed_pairer(event, ruleset, settings, list(players), seed, budget)
            raise diagnosis.explain(plain, relax, pair) from None
        if not first and settings.slice_guard and not relax and reference is not None:
            found = _guarded(instance, found, reference, budget, seed, event, ruleset, settings)
        tables, optimal, bound, method = found.tables, found.optimal, found.bound, found.method
        searched = found
    proposal = _proposal(
        event,
        ruleset,
        settings,
        instance,
        tables,
        optimal,
        bound,
        method,
        seed,
        rng,
        started,
        relax,
    )
    if searched is not None and searched.fewest is not None:
        count = slicing.totals(instance, tables).get("repeat_pairs", 0)
        fewest, proved = searched.fewest
        proposal = replace(
            proposal, repeats=count, repeats_unavoidable=count > 0 and proved and count <= fewest
        )
    if searched is None or searched.guard is None or searched.unguarded is None:
        return proposal
    held = {
        name: Fraction(most, instance.point_scale if name == "score_spread" else 1)
        for name, most in searched.guard.items()
        if name in slicing.GUARDED
    }
    weighted_cost = Fraction(instance.main_cost(searched.unguarded)) * instance.unit
    scope = settings.slice_guard_scope
    return replace(proposal, guard=held, unguarded=weighted_cost, guard_scope=scope)


def _knockout(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    seed: int,
    ratings: Mapping[EntrantId, float] | None,
    started: float,
) -> Proposal:
    plan = knockout.plan_next(event, ruleset, settings, ratings)
    tables = knockout_seating.seat(plan, seed)
    return Proposal(
        round_number=plan.round_number,
        seed=seed,
        tables=tuple(
            ProposedTable(t.number, t.seats, {}, Fraction(0), group=t.group) for t in tables
        ),
        byes=(),
        costs={},
        total=Fraction(0),
        optimal=True,
        bound=Fraction(0),
        method="draw" if plan.shuffle else "seeded",
        seconds=time.monotonic() - started,
        stage=plan.stage,
        field=tuple((q.entrant, q.seed, q.why) for q in plan.field),
    )


def _playoff(
    event: Event, ruleset: RuleSet, settings: Settings, seed: int, started: float
) -> Proposal:
    """The bracket's next round (``kolo.pairing.playoff``)."""
    tables, seeds = playoff.next_tables(event, ruleset, settings)
    rank = {team: i + 1 for i, team in enumerate(seeds)}
    return Proposal(
        round_number=len(event.rounds) + 1,
        seed=seed,
        tables=tuple(
            ProposedTable(number, seats, {}, Fraction(0))
            for number, (_match, seats) in enumerate(tables, start=1)
        ),
        byes=(),
        costs={},
        total=Fraction(0),
        optimal=True,
        bound=Fraction(0),
        method="bracket",
        seconds=time.monotonic() - started,
        stage=elimination.PLAYOFF,
        field=tuple((team, rank[team], match) for match, seats in tables for team in seats),
    )


def _random_round(instance: Instance, rng: random.Random) -> list[tuple[int, ...]]:
    """Round 1: a seeded shuffle cut into the layout's tables (R-GORN-2)."""
    order = list(range(instance.size))
    rng.shuffle(order)
    tables: list[tuple[int, ...]] = []
    for size in instance.sizes:
        tables.append(tuple(order[:size]))
        order = order[size:]
    tables += [(p,) for p in order[: instance.byes]]
    return tables


def _search(
    instance: Instance,
    budget: float,
    seed: int,
    reference: list[tuple[int, ...]] | None = None,
) -> _Found:
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
    # every pairing proved optimal from it) does not depend on the machine's speed
    candidates = [
        heuristic.improve(
            instance,
            t,
            deadline=deadline,
            seed=seed,
            window=START_WINDOW if START_WINDOW * instance.normal_size <= START_PLAYERS else None,
            sweeps=1,
            random_pairs=False,
        )
        for t in starts
    ]
    start = min(candidates, key=lambda t: heuristic.cost_of(instance, t)) if candidates else None
    cap = heuristic.cost_of(instance, start) if start is not None else None
    if start is not None and cap is not None and instance.main_cost(cap) == 0:
        return _Found(start, True, cap, "heuristic")  # no criterion is broken: none cheaper
    # No table costing more than a whole pairing already found can be in a cheaper one;
    # past the safety stop, the start as it is (the candidate tables take seconds)
    generated: Generated | None = None
    pool: Pool | None = None
    if work.stopped():
        pass
    elif start is not None and cap is not None and not _whole(instance):
        if _candidates(instance) <= GENERATED_POOL:
            # within half the work left: where it fails, the heuristic keeps the rest
            until = work.now() + work.left(deadline) / 2
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
            raise _Infeasible
        if result.tables is not None:
            bound = int(result.bound) if math.isfinite(result.bound) else None
            return _Found(
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
    improved = heuristic.improve(instance, start, deadline=deadline, seed=seed)
    # too many candidate tables for the exact method: a bound that needs none (bound.py)
    return _Found(improved, False, lower_bound(instance), "heuristic")


def pool_limit(instance: Instance) -> int:
    """The most tables the exact method's pool may hold for this field."""
    return min(EXACT_POOL_LIMIT, POOL_PER_PLAYER * instance.size)


def _whole(instance: Instance) -> bool:
    """Whether the round's candidate tables are few enough to build them all."""
    candidates = _candidates(instance)
    return candidates <= WHOLE_POOL and candidates <= POOL_PER_PLAYER * instance.size


def _candidates(instance: Instance) -> int:
    """About how many candidate tables of the normal size the round has."""
    return math.comb(int(instance.full_ok.sum()), instance.normal_size)


def _guarded(
    instance: Instance,
    found: _Found,
    reference: list[tuple[int, ...]],
    budget: float,
    seed: int,
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
) -> _Found:
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
        return _Found(start, True, found.bound, "heuristic", None, limits, cost)
    pool = _guard_pool(
        instance, heuristic.cost_of(instance, start), found.prices, found.generated, deadline
    )
    if pool is None:
        return _Found(start, False, found.bound, "heuristic", None, limits, cost)
    result = exact.solve(
        instance,
        pool,
        time_limit=work.left(deadline),
        incumbent=start,
        limits=rows,
        lower=known,
    )
    if result.tables is None:
        return _Found(start, False, found.bound, "heuristic", None, limits, cost)
    lower = result.bound if found.bound is None else max(float(found.bound), result.bound)
    proved = math.floor(lower) if math.isfinite(lower) else found.bound
    return _Found(list(result.tables), result.optimal, proved, "exact", None, limits, cost)


KEPT_APART_FIRST = {"never_together": 10_000, "club": 10_000}
"""The weights, beside one for each repeated meeting, of the search for the fewest repeated
meetings: far above any round's repeats, so kept-apart pairs and club-mates come first."""


def _repeats_first(
    instance: Instance,
    budget: float,
    seed: int,
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    players: Sequence[EntrantId],
) -> _Found:
    """Repeated meetings first (R-GORN-8, the setting ``repeats_first``): the fewest
    repeated meetings any pairing within the hard rules has — searched on the same round
    weighed by repeated meetings alone — and among the pairings with no more, the cheapest
    by the weights.

    The second search is an ordinary one, on the round weighed as before except that a
    repeated meeting costs more than everything else a pairing with the fewest costs
    (``_lexical``): its cheapest pairing has the fewest repeated meetings and, among those,
    the least cost by the weights; its pool comes from column generation like any other
    round's, and its bound converts to one over the pairings with the fewest."""
    # the organiser's pairs kept apart and the clubs' rounds come before repeated meetings
    # (they are the organiser's own word); then repeated meetings, and nothing else
    alone = Settings({**settings, "weights": {"repeat_pairs": 1, **KEPT_APART_FIRST}})
    counting = build(event, ruleset, alone, list(players), seed)
    least = _search(counting, budget / 4, seed)
    fewest = slicing.totals(counting, least.tables)["repeat_pairs"]
    proved = least.optimal
    # a first pairing with no more: the fewest's, improved by the weights within them
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
        return _Found(start, False, None, "heuristic", fewest=(fewest, proved))
    lexical, extra = _lexical(event, ruleset, settings, players, seed, instance, start)
    found = _search(lexical, max(GUARD_SECONDS, budget - work.now()), seed, start)
    repeats = slicing.totals(instance, found.tables)["repeat_pairs"]
    bound = None
    if found.bound is not None:
        # every pairing P costs W·rep(P) + other(P) ≥ B by the lexical weights, so one with
        # at most the fewest repeated meetings costs w·rep(P) + other(P) ≥ B − (W − w)·fewest
        weighted = Fraction(lexical.main_cost(found.bound)) * lexical.unit - extra * fewest
        bound = math.floor(weighted / instance.unit) * instance.mult
    return replace(
        found,
        bound=bound,
        fewest=(min(fewest, repeats), proved),
        prices=None,
        generated=None,
    )


def _lexical(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    players: Sequence[EntrantId],
    seed: int,
    instance: Instance,
    start: list[tuple[int, ...]],
) -> tuple[Instance, Fraction]:
    """The round weighed so that one repeated meeting more costs more than everything else
    ``start`` (a pairing with the fewest) costs — W, a whole number — and what that adds to
    a repeated meeting's weight (W − w)."""
    weights = weights_of(settings)
    counts = slicing.totals(instance, start)
    total = Fraction(instance.main_cost(heuristic.cost_of(instance, start))) * instance.unit
    other = total - weights["repeat_pairs"] * counts["repeat_pairs"]
    heavy = max(math.ceil(weights["repeat_pairs"]), math.floor(other) + 1)
    given = dict(settings.weights)
    given["repeat_pairs"] = heavy
    lexical = build(event, ruleset, Settings({**settings, "weights": given}), list(players), seed)
    return lexical, heavy - weights["repeat_pairs"]


def _guard_pool(
    instance: Instance,
    cap: int,
    prices: exact.Prices | None,
    generated: Generated | None = None,
    deadline: float | None = None,
) -> Pool | None:
    """The tables that can be in a pairing costing at most ``cap`` (a guarded pairing's
    cost: the cheapest costs no more), or None if too many for the exact method. With the
    first search's duals, a table whose reduced cost r puts every pairing seating it above
    the cap (L + r > cap) is left out; where the first search's pool came from column
    generation, its duals choose the tables without building the others."""
    try:
        if generated is not None:
            return tables_in_reach(
                instance, generated.pricing, generated.base, cap, pool_limit(instance), deadline
            )
        pool = all_tables(instance, max_cost=cap, limit=pool_limit(instance))
    except PoolTooLarge:
        return None
    if prices is not None:
        reduced, lower = exact.lower_bounds(instance, pool, prices)
        pool = pool.take(reduced <= cap - lower + 1.0)  # one tie-break unit of slack
    return pool


def _explain_infeasible(instance: Instance) -> NoValidPairing:
    repeats = len(instance.forbidden_triples) or len(instance.forbidden_duos)
    if repeats and not instance.triple_penalty:
        return NoValidPairing(
            "R-GORN-4",
            N_(
                "no pairing avoids seating again three players who met at one table "
                "(or repeating a table of two)"
            ),
            "R-GORN-4",
        )
    return NoValidPairing(
        "R-GORN-6",
        N_("no pairing gives the smaller tables (or the bye) to the lowest placed"),
        "R-GORN-6",
    )


def _proposal(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    instance: Instance,
    tables: Sequence[tuple[int, ...]],
    optimal: bool,
    bound: int | None,
    method: str,
    seed: int,
    rng: random.Random,
    started: float,
    relax: Sequence[str],
) -> Proposal:
    context = Context.of(event, ruleset, settings)
    weights = weights_of(settings)
    seated = [tuple(instance.players[p] for p in t) for t in tables if len(t) > 1]
    byes = tuple(sorted(instance.players[t[0]] for t in tables if len(t) == 1))

    rows = compute(event, ruleset, settings).rows
    rank = {row.entrant.id: row.rank for row in rows}
    position = {row.entrant.id: i for i, row in enumerate(rows)}
    seated = numbering.top_first(seated, rank, position, context.points)
    proposed = []
    counts = seat_counts(event.rounds)
    totals: dict[str, int | Fraction] = {}
    for number, players in enumerate(seated, start=1):
        seats = seat_order(players, event.rounds, rng, balance=settings.seat_balance, counts=counts)
        values = breakdown(seats, context)
        for name, value in values.items():
            totals[name] = totals.get(name, 0) + value
        proposed.append(ProposedTable(number, seats, values, weighted(values, weights)))
    total = weighted(totals, weights) if totals else Fraction(0)
    weighted_bound = None
    if bound is not None:
        # every pairing costs at least ⌊bound / mult⌋ units of the criteria, and none
        # costs less than nothing: a bound from a search stopped early (a Lagrangian one,
        # far below zero) says no more than 0
        units = max(0, bound // instance.mult)
        weighted_bound = min(total, Fraction(units) * instance.unit)
    return Proposal(
        round_number=len(event.rounds) + 1,
        seed=seed,
        tables=tuple(proposed),
        byes=byes,
        costs=totals,
        total=total,
        optimal=optimal,
        bound=total if optimal else weighted_bound,
        method=method,
        seconds=time.monotonic() - started,
        relaxed=tuple(relax),
    )


def _relaxed_pairer(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    players: Sequence[EntrantId],
    seed: int,
    time_limit: float,
) -> diagnosis.Pair:
    """Pairs the round with rules relaxed by the engine itself (without explaining again)."""

    def pair(relax: Sequence[str]) -> Sequence[Sequence[EntrantId]] | None:
        try:
            proposal = propose(
                event,
                ruleset,
                settings,
                seed=seed,
                players=players,
                time_limit=time_limit,
                relax=relax,
                explain=False,
            )
        except NoValidPairing:
            return None
        return [t.seats for t in proposal.tables] + [(p,) for p in proposal.byes]

    return pair
