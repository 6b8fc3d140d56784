"""The one runner of every simulation (``kolo.runner``): batches in order, each item from its
own seed, the same results for any number of workers, progress as batches finish."""

from __future__ import annotations

import os
from concurrent.futures import Future

import pytest

from kolo import runner
from kolo.stats import sub_seed


def play(seed: int, first: int, count: int) -> list[tuple[int, int, int]]:
    """A batch: each item's index, seed, and the process that played it."""
    return [(index, own, os.getpid()) for index, own in runner.seeds(seed, first, count)]


def _items(found: list[list[tuple[int, int, int]]]) -> list[tuple[int, int]]:
    return [(index, own) for batch in found for index, own, _pid in batch]


def test_each_item_has_its_own_seed_and_the_batches_come_back_in_order():
    found = runner.run(play, (7,), 23, 5)
    assert [len(batch) for batch in found] == [5, 5, 5, 5, 3]
    assert _items(found) == [(i, sub_seed(7, i)) for i in range(23)]


@pytest.mark.parametrize("size", [1, 4, 50])
def test_the_same_results_on_one_or_two_workers(size):
    one = runner.run(play, (3,), 20, size, workers=1)
    two = runner.run(play, (3,), 20, size, workers=2)
    assert _items(one) == _items(two)
    assert {pid for batch in one for *_, pid in batch} == {os.getpid()}
    if size < 20:  # more than one batch: a pool of other processes played them
        assert os.getpid() not in {pid for batch in two for *_, pid in batch}


def test_progress_is_told_the_items_done_as_each_batch_finishes():
    for workers in (1, 2):
        told: list[int] = []
        runner.run(play, (1,), 10, 4, workers=workers, progress=told.append)
        assert told == [4, 8, 10]


def test_a_given_executor_plays_every_batch():
    class Recorder:
        """A pool as Dask's client is one: ``submit`` returns a future."""

        def __init__(self) -> None:
            self.submitted: list[tuple[int, int]] = []

        def submit(self, fn, /, *args):
            self.submitted.append(args[-2:])
            future: Future[object] = Future()
            future.set_result(fn(*args))
            return future

    pool = Recorder()
    found = runner.run(play, (2,), 9, 4, workers=5, executor=pool)
    assert pool.submitted == [(0, 4), (4, 4), (8, 1)]
    assert _items(found) == [(i, sub_seed(2, i)) for i in range(9)]


def test_nothing_to_play_plays_nothing():
    assert runner.run(play, (1,), 0, 4, workers=2) == []


def test_a_batch_size_shares_the_items_among_the_workers():
    assert runner.share(1000, 2, most=100, per_worker=8) == 62
    assert runner.share(100_000, 2, most=100, per_worker=8) == 100
    assert runner.share(3, 4, most=100, per_worker=8) == 1
    assert runner.share(50, 0, most=500, per_worker=4) == 12
