"""The pairing engine: the next round's tables from the closed rounds, the settings and a
seed (R-GORN-1..10).

Round 1 is random (R-GORN-2). Later rounds minimise the weighted criteria under the hard
rules: exactly (set partitioning, ``kolo.pairing.exact``) where the candidate tables fit
in memory, else by the heuristic (``kolo.pairing.heuristic``), which also gives the exact
method its first pairing. Tables are numbered from the top (R-GORN-7) and seated in an
order that balances who starts (R-GORN-9).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from kolo.core.event import PLAYOFF, EntrantId, Event
from kolo.core.limits import check_field
from kolo.core.problems import N_, NoValidPairing
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import compute
from kolo.pairing import diagnosis, heuristic, numbering, parallel, slicing, work
from kolo.pairing.criteria import Context, breakdown, weighted, weights_of
from kolo.pairing.guards import guarded, repeats_first
from kolo.pairing.instance import Instance, NoLayout, build
from kolo.pairing.round_search import Found, Infeasible, search
from kolo.pairing.seating import seat_counts, seat_order


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
    # the knockouts' and the brackets' code only where a format has them
    if ruleset.eliminates:
        return _knockout(event, ruleset, settings, seed, ratings, started)
    if settings.playoff != "none":
        from kolo.pairing import elimination as elimination_seating

        if elimination_seating.due(event, settings):
            return _elimination_round(event, ruleset, settings, seed, started)
    number = len(event.rounds) + 1
    if players is None:
        players = [e.id for e in event.entrants if e.active_in(number)]
    check_field(len(players))
    budget = float(time_limit) if time_limit is not None else settings.time_limit
    with work.metered(budget) as meter, parallel.blas_on_one_thread():
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
    searched: Found | None = None
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
                found = repeats_first(instance, budget, seed, event, ruleset, settings, players)
            else:
                found = search(instance, budget, seed, reference)
        except Infeasible:
            if not explain:
                raise _explain_infeasible(instance) from None
            plain = build(event, ruleset, settings, list(players), seed) if relax else instance
            pair = _relaxed_pairer(event, ruleset, settings, list(players), seed, budget)
            raise diagnosis.explain(plain, relax, pair) from None
        if not first and settings.slice_guard and not relax and reference is not None:
            found = guarded(instance, found, reference, budget, seed, event, ruleset, settings)
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
        name: Fraction(most, instance.scale_of(name))
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
    from kolo.core import knockout
    from kolo.pairing import knockout as knockout_seating

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


def _elimination_round(
    event: Event, ruleset: RuleSet, settings: Settings, seed: int, started: float
) -> Proposal:
    """The bracket's next round (``kolo.pairing.elimination``)."""
    from kolo.pairing import elimination as elimination_seating

    tables, seeds = elimination_seating.next_tables(event, ruleset, settings)
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
        stage=PLAYOFF,
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
