"""One computation at a time per name: concurrent callers wait for it and share its result.

When a result arrives, every phone showing the standings asks for the new page within a
second or two. Without this, each of those requests would render the same page at the
same moment; with it, the first renders and the others wait for its bytes. The waiting
callers get the page of the version they asked for, never an older one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

T = TypeVar("T")

WAIT_SECONDS = 60.0
"""A caller waits at most this long for another's computation, then does its own."""

_guard = threading.Lock()
_flights: dict[str, Future[object]] = {}


def once(name: str, make: Callable[[], T | None]) -> T | None:
    """``make()``, or the result of the same ``name``'s ``make()`` already running.

    A result of ``None`` (nothing to share, such as a page that is not a 200) and an
    exception are not passed on: the waiting callers then run ``make()`` themselves.
    """
    with _guard:
        running = _flights.get(name)
        if running is None:
            mine: Future[object] = Future()
            _flights[name] = mine
    if running is not None:
        try:
            shared = running.result(timeout=WAIT_SECONDS)
        except TimeoutError:
            shared = None
        return shared if shared is not None else make()  # type: ignore[return-value]
    value: T | None = None
    try:
        value = make()
    finally:
        mine.set_result(value)
        with _guard:
            _flights.pop(name, None)
    return value
