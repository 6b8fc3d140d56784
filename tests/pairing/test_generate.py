"""Column generation without the whole pool (``kolo.pairing.exact.generate``): the priced
enumeration builds exactly the tables within a reduced cost, and the pool it hands the exact
method keeps the optimum — the same cost as over every candidate table (R-GORN-10: the
answer does not depend on how the tables were found)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.pairing import engine, exact, heuristic, level_cuts, round_search, work
from kolo.pairing.exact.cuts import PoolCuts, candidate_cuts
from kolo.pairing.exact.generate import CLOSE, _between, _pricing, generate, tables_in_reach
from kolo.pairing.exact.model import Model
from kolo.pairing.instance import Instance, build
from kolo.pairing.level_cuts import LevelCuts
from kolo.pairing.pool import Pool, Pricing, all_tables
from tests.pairing.test_engine import settings_of, simulate

FIELDS = (
    ("dominion-cz", 16, 2),  # tables of three and a smaller table
    ("carcassonne-cz", 14, 2),  # tables of four and smaller tables
    ("carcassonne-cz", 12, 3),
    ("swiss-pairs", 11, 3),  # pairs and a bye
)


@cache
def instance_of(number: int) -> Instance:
    ruleset_id, count, rounds = FIELDS[number]
    event, _ = simulate(ruleset_id, count, rounds, seed=5, repeats_first=False)
    ruleset, settings_ = settings_of(event)
    return build(event, ruleset, settings_, [e.id for e in event.entrants], seed=5)


def pricing_of(
    instance: Instance, seed: int, spread: float, most: float, cuts: int
) -> tuple[Pricing, Model, np.ndarray]:
    """Random duals (and as many cuts over levels, with duals ≤ 0), as a pricing, the model
    they belong to and the duals of its rows."""
    rng = np.random.default_rng(seed)
    scale = float(np.median(all_tables(instance).cost)) or 1.0
    candidates = candidate_cuts(instance)
    chosen = [candidates[i] for i in rng.permutation(len(candidates))[:cuts]]
    model = Model(instance, chosen)
    counts = model.count_rows()
    players = rng.normal(0.0, spread * scale, instance.size) + scale / 3
    sizes = {size: float(rng.normal(0.0, scale)) for size in counts}
    cut_duals = -rng.exponential(scale / 4, len(chosen))
    duals = np.concatenate([players, [sizes[s] for s in counts], cut_duals])
    level_cuts = (
        LevelCuts(
            np.array([c.low for c in chosen]),
            np.array([c.high for c in chosen]),
            np.array([c.multiplier for c in chosen]),
            np.array([c.divisor for c in chosen]),
            cut_duals,
        )
        if chosen
        else None
    )
    return Pricing(players, sizes, most * scale, cuts=level_cuts), model, duals


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, len(FIELDS) - 1),
    st.integers(0, 2**32 - 1),
    st.floats(0.0, 2.0),
    st.floats(-1.0, 1.0),
    st.booleans(),
    st.integers(0, 6),
)
def test_priced_tables_are_exactly_those_within_the_reduced_cost(
    number, seed, spread, most, capped, cuts
):
    instance = instance_of(number)
    pricing, model, duals = pricing_of(instance, seed, spread, most, cuts)
    whole = all_tables(instance)
    cap = int(np.median(whole.cost)) if capped else None
    rc = model.reduced_costs(whole, duals, PoolCuts(instance, whole))
    _assert_priced_exactly(instance, pricing, whole, rc, cap)


def _assert_priced_exactly(
    instance: Instance, pricing: Pricing, whole: Pool, rc: np.ndarray, cap: int | None = None
) -> None:
    """The priced enumeration builds exactly the tables of ``whole`` (every candidate table)
    whose reduced cost ``rc`` is at most ``pricing.most`` (and cost at most ``cap``), in the
    whole pool's order."""
    wanted = rc <= pricing.most
    if cap is not None:
        wanted &= whole.cost <= cap
    priced = all_tables(instance, max_cost=cap, pricing=pricing)
    # the enumeration's sums and the pool's differ in the last bits: within a rounding
    near = np.abs(rc - pricing.most) < 1e-6 * max(1.0, abs(pricing.most))
    built = np.zeros(len(whole), dtype=np.bool_)
    built[np.flatnonzero(wanted | near)[_found(whole.members[wanted | near], priced.members)]] = (
        True
    )
    assert np.array_equal(built & ~near, wanted & ~near)
    assert len(priced) == int(built.sum())
    # in the order of the whole pool (the ``keep`` of the lowest breaks ties by it)
    order = {tuple(row): i for i, row in enumerate(whole.members.tolist())}
    at = [order[tuple(row)] for row in priced.members.tolist()]
    assert at == sorted(at)


@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, len(FIELDS) - 1),
    st.integers(0, 2**32 - 1),
    st.integers(0, 6),
    st.integers(0, 6),
    st.floats(0.0, 1.0),
)
def test_the_point_between_two_duals_prices_every_table_between_them(
    number, seed, one, other, share
):
    """A stalled pass of column generation prices between the best bound's duals and the
    relaxation's (``generate.STALLED``), whose cuts may differ: at that point every table's
    reduced cost, and y·b, are the two points' weighted (``SMOOTHING`` of the way to the
    best bound's), so its bound holds like any duals', and the priced enumeration builds
    exactly the tables below zero there."""
    instance = instance_of(number)
    _, centre_model, centre = pricing_of(instance, seed, 1.0, 0.0, one)
    _, own_model, own = pricing_of(instance, seed + 1, 1.0, 0.0, other)
    # the second point shares the first's first cuts (the same cut at both points)
    first = own_model.first_cut()
    shared = centre_model.cuts[: len(centre_model.cuts) // 2]
    model = Model(instance, [*shared, *own_model.cuts])
    duals = np.concatenate([own[:first], 2 * centre[first : first + len(shared)], own[first:]])
    between_model, between = _between(model, (centre, tuple(centre_model.cuts)), duals, share)
    whole = all_tables(instance)
    cuts = PoolCuts(instance, whole)

    def reduced(m: Model, d: np.ndarray) -> np.ndarray:
        return m.reduced_costs(whole, d, cuts)

    expected = share * reduced(centre_model, centre) + (1 - share) * reduced(model, duals)
    scale = 1.0 + float(np.abs(expected).max())
    assert np.allclose(reduced(between_model, between), expected, rtol=0, atol=1e-9 * scale)
    value = share * centre_model.dual_value(centre) + (1 - share) * model.dual_value(duals)
    assert abs(between_model.dual_value(between) - value) <= 1e-9 * (1.0 + abs(value))
    # each cut once, and only those with a dual
    assert len(set(between_model.cuts)) == len(between_model.cuts)
    assert set(between_model.cuts) <= set(centre_model.cuts) | set(model.cuts)
    assert np.all(between[first:] != 0)
    # the pricing at that point, as a pass builds it, finds the tables below zero there
    pricing = _pricing(instance, between_model, between, 0.0)
    _assert_priced_exactly(instance, pricing, whole, reduced(between_model, between))


def test_pricing_with_no_limit_builds_every_table_in_order():
    # an infinite ``most`` lets every table through, and no tuple out of order
    for number in range(len(FIELDS)):
        instance = instance_of(number)
        whole = all_tables(instance)
        n = instance.size
        priced = all_tables(instance, pricing=Pricing(np.zeros(n), {}, np.inf))
        assert np.array_equal(priced.members, whole.members)
        assert np.array_equal(priced.cost, whole.cost)


def _found(members: np.ndarray, among: np.ndarray) -> np.ndarray:
    """Which rows of ``members`` are rows of ``among``."""
    mine = {tuple(row) for row in among.tolist()}
    return np.array([tuple(row) in mine for row in members.tolist()], dtype=np.bool_)


@pytest.mark.parametrize("number", range(len(FIELDS)))
def test_generated_pool_keeps_the_optimum(number):
    instance = instance_of(number)
    with work.metered(30.0):
        start = heuristic.greedy(instance)
        assert start is not None
        cap = heuristic.cost_of(instance, start)
        whole = exact.solve(instance, all_tables(instance, max_cost=cap), time_limit=30.0)
        generated = generate(instance, start, cap, work.now() + 30.0, 1_000_000)
        assert generated is not None
        # passes run until no table prices negative, or the bound is within CLOSE units
        # of the relaxation's value over the tables generated (which bounds nothing) and
        # in the same whole unit (more passes could not prove a whole unit more)
        mult = instance.mult
        if not generated.converged:
            assert generated.value - generated.bound < CLOSE * mult
            assert int(generated.bound // mult) == int(generated.value // mult)
        assert generated.bound <= generated.value + 1e-6
        assert len(generated.pool) <= len(all_tables(instance, max_cost=cap))
        priced = exact.solve(instance, generated.pool, time_limit=30.0, incumbent=start)
    assert whole.optimal
    assert priced.optimal
    assert whole.cost is not None
    assert priced.cost is not None
    assert whole.tables is not None
    # optimal in the criteria (the tie-break aside, as the exact method proves) both ways
    assert instance.main_cost(whole.cost) == instance.main_cost(priced.cost)
    # the optimum over every table uses only tables within reach of the duals (the pool
    # itself is the incumbent alone where the bound proves it optimal)
    reach = tables_in_reach(instance, generated.pricing, generated.base, cap, 1_000_000)
    assert len(reach.rows_of(whole.tables)) == len(whole.tables)
    # the relaxation's value bounds every pairing
    assert generated.bound <= whole.cost + 1e-6


def test_the_engine_finds_the_same_pairing_by_generation(monkeypatch):
    """A field paired through column generation (``WHOLE_POOL`` 0) gets a pairing as cheap
    as from the whole pool, proved optimal both times (R-GORN-10)."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=7, repeats_first=False)
    ruleset, settings_ = settings_of(event)
    whole = engine.propose(event, ruleset, settings_, seed=11)
    monkeypatch.setattr(round_search, "WHOLE_POOL", 0)
    generated = engine.propose(event, ruleset, settings_, seed=11)
    assert whole.optimal
    assert generated.optimal
    assert whole.total == generated.total


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.booleans())
def test_cut_terms_by_lookup_and_by_distinct_codes_agree_with_the_definition(seed, width, dense):
    # the terms −Σ dual·⌊multiplier·|T ∩ S|/divisor⌋, computed for every code and looked
    # up (few levels) or for the distinct codes at hand (many), against the definition
    rng = np.random.default_rng(seed)
    count = int(rng.integers(1, 8))
    low = rng.integers(0, 10, count)
    cuts = LevelCuts(
        low,
        low + rng.integers(0, 4, count),
        rng.integers(1, 4, count),
        np.full(count, 4),
        # some duals 0 (those cuts add nothing), and in a sixth of the cases all
        np.where(rng.random(count) < (0.3 if seed % 6 else 1.0), 0.0, -rng.exponential(5.0, count)),
    )
    levels = rng.integers(-1, 12, (int(rng.integers(1, 300)), width))
    expected = np.zeros(len(levels))
    for c in range(count):
        inside = ((levels >= cuts.low[c]) & (levels <= cuts.high[c])).sum(axis=1)
        expected -= cuts.duals[c] * ((cuts.multiplier[c] * inside) // cuts.divisor[c])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(level_cuts, "DENSE_CODES", 1 << 16 if dense else 0)
        got = Pricing(np.zeros(1), {}, 0.0, cuts=cuts).cut_terms(levels)
    assert np.allclose(got, expected)
