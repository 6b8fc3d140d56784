"""Numpy's work spread over two cores (``kolo.pairing.parallel``): the same results as one
thread, in the same order, the work counted only by the pairing's own thread, and numpy's
BLAS on one thread while a round is paired."""

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from threadpoolctl import threadpool_info

from kolo.core.standings import complete_rounds
from kolo.eventfile.reader import load
from kolo.pairing import engine, parallel, work
from kolo.pairing.exact import kept as kept_module
from kolo.pairing.exact.cuts import Cut, LevelIndex, PoolCuts, candidate_cuts
from kolo.pairing.exact.floors import members_sum, seat_floors, setting_floors
from kolo.pairing.exact.model import Model
from kolo.pairing.instance import build
from kolo.pairing.pool import all_tables
from tests.conftest import CASES, ruleset_and_settings
from tests.pairing.test_engine import settings_of, simulate


def test_each_keeps_the_items_order_on_any_number_of_threads(monkeypatch):
    items = list(range(50))
    for threads in (1, 2, 3):
        monkeypatch.setattr(parallel, "THREADS", threads)
        assert parallel.each(lambda item: item * item, items) == [i * i for i in items]
        assert parallel.each(lambda item: item, []) == []


def test_each_raises_what_an_item_raised(monkeypatch):
    monkeypatch.setattr(parallel, "THREADS", 2)

    def failing(item: int) -> int:
        if item == 7:
            raise ValueError("seven")
        return item

    with pytest.raises(ValueError, match="seven"):
        parallel.each(failing, range(20))
    assert parallel.each(failing, range(7)) == list(range(7))  # the helpers still serve


def test_each_uses_a_second_thread(monkeypatch):
    monkeypatch.setattr(parallel, "THREADS", 2)
    names: set[str] = set()
    both = threading.Barrier(2, timeout=10)

    def record(item: int) -> int:
        names.add(threading.current_thread().name)
        if item < 2:
            both.wait()  # the first two items only finish once both threads hold one
        return item

    assert parallel.each(record, range(6)) == list(range(6))
    assert len(names) == 2


def test_later_runs_beside_the_caller_only_with_a_second_core(monkeypatch):
    monkeypatch.setattr(parallel, "THREADS", 1)
    assert parallel.later(lambda: 1) is None
    monkeypatch.setattr(parallel, "THREADS", 2)
    result = parallel.later(lambda: threading.current_thread().name)
    assert result is not None
    assert result.result(timeout=10) != threading.current_thread().name


def _blas_threads() -> set[int]:
    return {int(pool["num_threads"]) for pool in threadpool_info() if pool["user_api"] == "blas"}


def test_blas_is_on_one_thread_while_pairing_and_as_it_was_after():
    before = _blas_threads()
    with parallel.blas_on_one_thread():
        assert _blas_threads() <= {1}
        with parallel.blas_on_one_thread():  # a second pairing at once
            assert _blas_threads() <= {1}
        assert _blas_threads() <= {1}  # the first one still runs
    assert _blas_threads() == before


def _event(name: str, rounds: int):
    event = load(CASES / "pairing" / name)
    ruleset, settings = ruleset_and_settings(event)
    event = replace(event, rounds=complete_rounds(event, ruleset, settings))
    assert len(event.rounds) == rounds
    return event, ruleset, settings


@pytest.mark.slow
def test_a_hard_round_is_the_same_on_one_thread_and_two(monkeypatch):
    """128 players in fours (the round of ``test_hard_rounds`` whose tableau cuts stall):
    the same tables, bound and work, counted to the last bit, whether numpy's blocks run on
    one thread or two; on two, the tableau's next batch of coefficients is computed while
    HiGHS solves, every count of work is made by the pairing's own thread, and BLAS runs
    on one thread."""
    event, ruleset, settings = _event("carcassonne-128-fours-stalled.json", 4)
    pairing_thread = threading.current_thread()
    counted_elsewhere: list[str] = []
    charge, now = work.charge, work.now

    def charged(seconds: float) -> None:
        if threading.current_thread() is not pairing_thread:
            counted_elsewhere.append(threading.current_thread().name)
        charge(seconds)

    def read() -> float:
        if threading.current_thread() is not pairing_thread:
            counted_elsewhere.append(threading.current_thread().name)
        return now()

    monkeypatch.setattr(work, "charge", charged)
    monkeypatch.setattr(work, "now", read)
    meters: list[work.Meter] = []
    metered = work.metered

    @contextlib.contextmanager
    def kept_meter(budget: float) -> Iterator[work.Meter]:
        with metered(budget) as meter:
            meters.append(meter)
            yield meter

    monkeypatch.setattr(work, "metered", kept_meter)
    started: list[int] = []
    bring_up = kept_module.Kept.bring_up

    def counted_bring_up(self, pool, pool_cuts, batches, deadline):
        ahead = self._ahead
        kept = bring_up(self, pool, pool_cuts, batches, deadline)
        # what was computed ahead for these tables and batches was taken
        started.append(int(ahead is not None and ahead.pool is pool and kept))
        return kept

    monkeypatch.setattr(kept_module.Kept, "bring_up", counted_bring_up)
    blas: list[set[int]] = []
    propose_inside = engine._propose

    def inside(*args, **kwargs):
        blas.append(_blas_threads())
        return propose_inside(*args, **kwargs)

    monkeypatch.setattr(engine, "_propose", inside)
    results = []
    for threads in (1, 2):
        monkeypatch.setattr(parallel, "THREADS", threads)
        started.clear()
        proposal = engine.propose(event, ruleset, settings, seed=2005, time_limit=10)
        assert proposal.optimal
        assert not proposal.clock_stopped
        results.append((proposal.tables, proposal.bound, meters[-1].used, sum(started)))
    (tables_one, bound_one, used_one, ahead_one), (tables_two, bound_two, used_two, ahead_two) = (
        results
    )
    assert tables_one == tables_two
    assert bound_one == bound_two
    assert used_one == used_two
    assert ahead_one == 0
    assert ahead_two > 0
    assert counted_elsewhere == []
    assert all(threads <= {1} for threads in blas)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), span=st.integers(1, 3000))
def test_passes_over_a_pool_are_the_same_in_spans_on_two_threads(seed, span):
    """A pool's reduced costs (with cuts over levels through level groups and over
    players), its players' floors, the sums of its members' floors and the tables that set
    a floor are the same to the last bit in spans of any size on two threads as in one
    pass on one."""
    instance, pool, model, pool_cuts = _priced_pool()
    rng = np.random.default_rng(seed)
    duals = rng.normal(0, 3000, model.first_cut() + len(model.cuts))
    duals[model.first_cut() :] = -np.abs(duals[model.first_cut() :])  # ≤ rows: ≤ 0

    def passes():
        rc = model.reduced_costs(pool, duals, pool_cuts)
        floors = seat_floors(pool, rc, instance.size)
        return rc, floors, members_sum(pool, floors), setting_floors(pool, rc, floors)

    with _threads(1, 1 << 30):
        alone = passes()
    with _threads(2, span):
        spread = passes()
    for one, two in zip(alone, spread, strict=True):
        assert one.dtype == two.dtype
        assert np.array_equal(one, two)


@contextlib.contextmanager
def _threads(threads: int, span: int) -> Iterator[None]:
    saved = parallel.THREADS, parallel.SPAN
    parallel.THREADS, parallel.SPAN = threads, span
    try:
        yield
    finally:
        parallel.THREADS, parallel.SPAN = saved


@cache
def _priced_pool():
    """20 players in fours after three rounds: every table, with cuts over levels and one
    over players, the pool's cuts through level groups."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=4, repeats_first=False)
    ruleset, chosen = settings_of(event)
    instance = build(event, ruleset, chosen, [e.id for e in event.entrants], seed=5)
    pool = all_tables(instance)
    players = tuple(range(0, 20, 3))
    cuts = [*candidate_cuts(instance)[:6], Cut(1, 2, len(players) // 2, players=players)]
    pool_cuts = PoolCuts(instance, pool)
    pool_cuts.levels = LevelIndex.of(instance, pool)
    return instance, pool, Model(instance, cuts), pool_cuts


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_process_forked_after_pairing_has_helpers_of_its_own(monkeypatch):
    """The helper threads are not copied into a forked process: work handed to them there
    would wait for ever. The child makes its own."""
    monkeypatch.setattr(parallel, "THREADS", 2)
    assert parallel.each(lambda item: item + 1, range(8)) == list(range(1, 9))
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        result = pool.apply_async(_sum_in_helpers)
        assert result.get(timeout=60) == sum(range(1, 9))


def _sum_in_helpers() -> int:
    parallel.THREADS = 2
    with parallel.blas_on_one_thread():
        return sum(parallel.each(lambda item: item + 1, range(8)))


def test_each_does_not_wait_for_a_helper_busy_elsewhere(monkeypatch):
    """With the helper computing something ahead, the caller takes every item itself and
    returns without waiting for it."""
    monkeypatch.setattr(parallel, "THREADS", 2)
    release = threading.Event()
    busy = parallel.later(lambda: release.wait(30))
    assert busy is not None
    try:
        names = parallel.each(lambda item: threading.current_thread().name, range(6))
        assert set(names) == {threading.current_thread().name}
        assert not busy.done()
    finally:
        release.set()
    assert busy.result(timeout=30)


def test_no_work_is_counted_on_a_helper_thread(monkeypatch):
    """A helper has no meter: a count there would be lost, or depend on which thread took
    which block. It is refused."""
    monkeypatch.setattr(parallel, "THREADS", 2)
    result = parallel.later(lambda: work.price(10))
    assert result is not None
    with pytest.raises(RuntimeError, match="helper"):
        result.result(timeout=30)
