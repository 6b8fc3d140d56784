"""One runner for every simulation: many seeded items (games, matches, whole events) played in
batches, in this process, on a local pool of processes or on a cluster, and put back in order.

Item ``i`` of a run seeded ``seed`` is played from its own seed (``seeds``: ``kolo.stats.
sub_seed``), never from a generator shared with other items; the batches are cut without regard
to where they run and their results come back in the order of the batches. So the same seed
gives the same results for any number of workers, and a caller adds its batches' tallies up in
that order. The runner knows no game: a caller gives the function that plays a batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

from kolo.stats import sub_seed

T = TypeVar("T")

Progress = Callable[[int], None]
"""Told how many items are done, as batches finish (in order)."""


class Submitter(Protocol):
    """What ``run`` needs of a pool: ``concurrent.futures.ProcessPoolExecutor`` and Dask's
    ``distributed.Client`` both have it (``submit`` returning a future with ``result``)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Any: ...


def seeds(seed: int, first: int, count: int) -> Iterator[tuple[int, int]]:
    """Items ``first`` … ``first + count - 1`` of a run seeded ``seed``: each item's index and
    its own seed."""
    for index in range(first, first + count):
        yield index, sub_seed(seed, index)


def batches(items: int, size: int) -> list[tuple[int, int]]:
    """``items`` cut into batches of ``size`` (the last one shorter): (first, count) each."""
    size = max(1, size)
    return [(first, min(size, items - first)) for first in range(0, items, size)]


def share(items: int, workers: int, most: int, per_worker: int) -> int:
    """A batch size that gives each of ``workers`` about ``per_worker`` batches, at most
    ``most`` items and at least one (where the figures do not depend on the batches)."""
    return max(1, min(most, items // (max(workers, 1) * per_worker) or 1))


def run(
    work: Callable[..., T],
    args: Sequence[Any],
    items: int,
    size: int,
    workers: int = 1,
    progress: Progress | None = None,
    executor: Submitter | None = None,
) -> list[T]:
    """``work(*args, first, count)`` for each batch of ``size`` of ``items`` items, the
    results in the order of the batches.

    The batches go to ``executor`` where one is given (a Dask ``distributed.Client`` for a
    cluster), else to a local pool of ``workers`` processes; one worker, or one batch, plays
    in this process. ``work`` and ``args`` must pickle to go to a pool: a module's function
    and plain values."""
    cut = batches(items, size)
    results: list[T] = []
    done = 0

    def collect(result: T, count: int) -> None:
        nonlocal done
        results.append(result)
        done += count
        if progress:
            progress(done)

    def gather(pool: Submitter) -> None:
        futures = [pool.submit(work, *args, first, count) for first, count in cut]
        for (_first, count), future in zip(cut, futures, strict=True):
            collect(future.result(), count)

    if executor is not None:
        gather(executor)
    elif workers <= 1 or len(cut) <= 1:
        for first, count in cut:
            collect(work(*args, first, count), count)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(cut))) as pool:
            gather(pool)
    return results
