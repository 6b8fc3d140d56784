"""Blocks of numpy work spread over the machine's cores (numpy and HiGHS leave Python's
lock while they compute), with the same results as one at a time."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, TypeVar

from kolo.pairing.work import HELPER

T = TypeVar("T")
R = TypeVar("R")


def _threads() -> int:
    chosen = os.environ.get("KOLO_THREADS", "")
    if chosen.isdigit() and int(chosen) > 0:
        return int(chosen)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this system
        cores = os.cpu_count() or 1
    return min(2, cores)


THREADS = _threads()
"""Threads computing at once, the caller's among them: the cores this process may use, at
most 2 (or ``KOLO_THREADS``)."""

_helpers: ThreadPoolExecutor | None = None
_lock = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    global _helpers
    with _lock:
        if _helpers is None:
            _helpers = ThreadPoolExecutor(THREADS - 1, thread_name_prefix=HELPER)
        return _helpers


def _forked() -> None:
    """In a process forked from this one (its threads are not copied): helpers of its own,
    made when first needed, no pairing under way, and BLAS's threads as they were."""
    global _helpers, _lock, _blas, _blas_users, _blas_limit
    limit = _blas_limit
    _helpers, _lock = None, threading.Lock()
    _blas, _blas_users, _blas_limit = threading.Lock(), 0, None
    if limit is not None:
        limit.restore_original_limits()


if hasattr(os, "register_at_fork"):  # (not on Windows, which does not fork)
    os.register_at_fork(after_in_child=_forked)


def each(function: Callable[[T], R], items: Iterable[T]) -> list[R]:
    """``function`` of every item, in the items' order: the caller and the helper threads
    take the next item in turn until none is left (a helper busy elsewhere takes none).
    Each result is the same as one at a time, so the whole is too (only the order in which
    they finish varies). ``function`` must not count work (``kolo.pairing.work``: only the
    pairing's own thread does)."""
    work = list(items)
    if THREADS <= 1 or len(work) < 2 or threading.current_thread().name.startswith(HELPER):
        return [function(item) for item in work]
    results: list[R | None] = [None] * len(work)
    taken = iter(range(len(work)))
    take = threading.Lock()
    stop = threading.Event()

    def run() -> None:
        while not stop.is_set():
            with take:
                number = next(taken, None)
            if number is None:
                return
            results[number] = function(work[number])

    helpers = [_pool().submit(run) for _ in range(THREADS - 1)]
    try:
        run()
    finally:
        stop.set()  # (where an item raised: the helpers take no more)
        started = [helper for helper in helpers if not helper.cancel()]
        wait(started)
    for helper in started:
        helper.result()  # (raises what the helper raised)
    return results  # type: ignore[return-value]


def later(function: Callable[[], R]) -> Future[R] | None:
    """``function`` started beside the caller (None on a single core: nothing runs
    beside it)."""
    if THREADS <= 1:
        return None
    return _pool().submit(function)


_blas = threading.Lock()
_blas_users = 0
_blas_limit: Any = None


@contextmanager
def blas_on_one_thread() -> Iterator[None]:
    """numpy's BLAS on one thread while a round is paired (and back as it was after the
    last pairing in the process ends). Its threads wait for work by spinning: at 128
    players in fours they took the second core and gained nothing, and two rounds paired at
    once (two events, or a service's two requests) each took 1.5 times as long
    (docs/benchmarks.md, "tenth")."""
    global _blas_users, _blas_limit
    with _blas:
        if _blas_users == 0:
            from threadpoolctl import threadpool_limits

            _blas_limit = threadpool_limits(1, user_api="blas")
        _blas_users += 1
    try:
        yield
    finally:
        with _blas:
            _blas_users -= 1
            if _blas_users == 0:
                _blas_limit.restore_original_limits()
                _blas_limit = None


SPAN = 1 << 19
"""Tables per span of a pass over a whole pool (``spans``): passes over fewer run on the
caller's thread alone (the heuristic's windows price pools of a few thousand tables
hundreds of times)."""


def spans(length: int, size: int = SPAN) -> list[slice]:
    """``range(length)`` cut into consecutive slices of ``size``."""
    return [slice(start, min(length, start + size)) for start in range(0, length, size)]
