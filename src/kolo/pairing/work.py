"""Work, not seconds: what stops the pairing searches (R-GORN-10).

A search that stops at a wall-clock time gives other tables on a slower or busier machine.
The searches stop after a count of work instead: HiGHS's simplex iterations and
branch-and-bound nodes, each weighted by the size of its model, and a fixed amount for
every step between them (pricing the candidate tables, re-seating a window). The count is
kept in *work seconds*, calibrated so that on the project's machine, with nothing else
running, a work second takes about a second (with a second such process beside it on its
two cores, 1.3–1.7 s: measured on rounds at 128 players in fours), so that the setting
``time_limit`` keeps its scale: a round that used to search for its 10 s does about 10 s
of work. The same input, settings and seed then give the same tables on any machine.

A wall-clock safety stop remains, at ``SAFETY_FACTOR`` times the budget plus
``SAFETY_MARGIN`` seconds: on a machine so slow or busy that it fires, the answer may
depend on the machine, and the proposal says so (``Proposal.clock_stopped``).

The searches read the work count through ``now()`` where they read the clock before;
``metered`` sets the budget's meter for one proposal (a context variable: threads of the
web server each have their own).
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

import highspy

SAFETY_FACTOR = 3.0
"""The safety stop fires at this many times the work budget in seconds (plus the margin):
a machine three times slower than the project's still gives the same tables."""
SAFETY_MARGIN = 5.0
"""Seconds added to the safety stop: setting up the candidate tables is not metered, and
a small budget on a busy machine must not meet it."""
RUN = 5e-3
"""Work seconds for starting any HiGHS run and the steps around it (cuts looked for,
rows built: 18 ms a run over small models under load)."""
RUN_PER_NONZERO = 2e-8
"""Work seconds per nonzero of the model for setting up a HiGHS run (or starting it again
from its last basis). (5 × 10⁻⁸ until 2026-11-26, with ``ITERATION`` and
``ITERATION_PER_NONZERO`` below: over the 1,020 relaxations of ten rounds at 128 players
in fours they counted 29.8 work seconds for 14.4 s of HiGHS's own time on the machine
alone, while the search's runs from a basis (``RESTART_ITERATION_PER_NONZERO``) counted
4.3 for 7.0 s; refitted on those runs, 13.3 and 7.5.)"""
RESTART_PER_NONZERO = 2e-8
"""…and for starting it again from its last basis after only columns' bounds changed (a
node of the search on pairs (``exact.pair_branching``), at 128 players in fours: 1.9×10⁻⁸ s per
nonzero measured over 5 million nonzeros, 0.015 s a run over 540,000 with ``RUN``)."""
ITERATION = 1e-5
"""Work seconds per simplex iteration of a relaxation, on top of its size term."""
ITERATION_PER_NONZERO = 5e-10
"""Work seconds per simplex iteration and nonzero of the model."""
RESTART_ITERATION_PER_NONZERO = 1.5e-9
"""…and of a run again after only bounds changed (dual simplex from a basis still dual
feasible: 1.6×10⁻¹⁰ s per nonzero over 5 million nonzeros, 4.6×10⁻¹⁰ over 540,000;
but 1.4×10⁻⁹ over the 58 nodes of 430,000–780,000 nonzeros, the tableau's dense cuts
among them, in ten rounds at 128 players in fours, where 7×10⁻¹⁰ let one round run 11 s
on a budget of 10)."""
ROOT_SQUARE = 1.5e-10
"""An integer program's root (presolve, cuts, heuristics: HiGHS bounds no work there but by
its clock) takes at least ROOT_SQUARE × nonzeros² work seconds: over the players' rows and
the cuts over levels (23 nonzeros a column) the root grows faster than the nonzeros.
Measured at 128 players in fours: 92,500 nonzeros 1.0 s, 376,000 15 s, 728,000 100 s (the
last had been estimated at 12 work seconds, and with a budget of 40 ran into the safety
stop)."""
ROOT_CUBE = 9e-10
"""…and at least ROOT_CUBE × columns² × rows: the root's probing and separation go over
every column against every row, which the nonzeros alone do not show. Measured at 128
players in fours (146–255 rows): over 16,003 tables and 123,000 nonzeros 25 s, over 10,940
tables 20 s, over 4,002–4,003 tables 1.2–4.6 s (93,000–149,000 nonzeros, under the
tableau's cuts or the cuts over levels), over 1,005 tables 0.42 s; at 27 players in fours
(36–45 rows) over 4,000 tables 0.1–0.7 s. (Before docs/benchmarks.md's "2026-11-26,
seventh": 6 × 10⁻¹⁰, and a third term, 7 × 10⁻⁷ × nonzeros × nonzeros per column, fitted
to the dense cuts over 4,000 tables: over the 686 integer programs of 80 rounds at 128
players in fours, all but two of them about a hundred tables under a few hundred dense
rows, solved in 1–13 ms at their root, it counted 19.8 work seconds for their 0.8 s, up to
0.47 for one of 8 ms, and in one round a quarter of its budget.)"""
NODE = 5e-5
"""Work seconds per branch-and-bound node, on top of its size term."""
NODE_PER_NONZERO = 1e-6
"""Work seconds per branch-and-bound node and nonzero of the model: HiGHS's own integer
program runs cuts, propagation and heuristics at every node besides the simplex, and
bounds none of it by a count but its nodes. Measured: over a set partitioning of 18,000
nonzeros 608 nodes took 20 s (1.8 × 10⁻⁶ a nonzero); over the tableau's dense cuts at 128
players in fours (118,000 nonzeros) 550 nodes 13 s after their root (2 × 10⁻⁷). (10⁻⁸
until 2026-11-26: it counted 2.8 work seconds for the second's 33 s, root and all.)"""
PRICE_PER_TABLE = 1.2e-7
"""Work seconds per candidate table and pricing pass over them (numpy, outside HiGHS)."""
PRICE_PER_ENTRY = 5e-9
"""Work seconds per entry of a dense block of coefficients priced at once."""
TRY_PER_TABLE = 5e-8
"""Work seconds per partial table the priced enumeration tries (``kolo.pairing.pool``:
3–8.5 × 10⁻⁸ s measured over four rounds at 128 players in fours)."""
BOUND_PER_ENTRY = 8e-10
"""Work seconds per entry (tuple × candidate × place) of the enumeration's bound on what
the players still to come add (7.3–7.8 × 10⁻¹⁰ s measured on the same rounds)."""

_MAX_INT = 2**31 - 1


@dataclass
class Meter:
    """The work done so far in one proposal and its wall-clock safety stop."""

    stop: float = math.inf
    """``time.monotonic()`` at which the safety stop fires."""
    used: float = 0.0
    """Work seconds done so far."""
    fired: bool = False
    """Whether the safety stop has fired (the answer may then depend on the machine)."""

    def safety_left(self) -> float:
        """Wall-clock seconds until the safety stop (0 once it fired)."""
        left = self.stop - time.monotonic()
        if left <= 0:
            self.fired = True
            return 0.0
        return left


HELPER = "kolo-helper"
"""The names of ``kolo.pairing.parallel``'s helper threads begin so: no work is counted there."""

_meter: ContextVar[Meter | None] = ContextVar("kolo_pairing_meter", default=None)
_unmetered = threading.local()


def current() -> Meter:
    """The meter of the proposal being made (outside one: a meter of this thread without
    a safety stop)."""
    meter = _meter.get()
    if meter is not None:
        return meter
    if threading.current_thread().name.startswith(HELPER):
        # a helper of kolo.pairing.parallel: the count would be lost, or would depend on
        # which thread took which block
        raise RuntimeError("work counted on a helper thread")
    if not hasattr(_unmetered, "meter"):
        _unmetered.meter = Meter()
    found: Meter = _unmetered.meter
    return found


@contextlib.contextmanager
def metered(budget: float) -> Iterator[Meter]:
    """Meter the work of one proposal with a budget of ``budget`` work seconds (for its
    safety stop)."""
    meter = Meter(stop=time.monotonic() + SAFETY_FACTOR * budget + SAFETY_MARGIN)
    token = _meter.set(meter)
    try:
        yield meter
    finally:
        _meter.reset(token)


def now() -> float:
    """The work done so far, in work seconds — what the searches compare with their
    deadlines. Infinite once the safety stop has fired: every search then ends."""
    meter = current()
    if meter.fired or time.monotonic() > meter.stop:
        meter.fired = True
        return math.inf
    return meter.used


def stopped() -> bool:
    """Whether the safety stop has fired: what is left to do is skipped."""
    return math.isinf(now())


def left(deadline: float) -> float:
    """Work seconds left until ``deadline`` (0 when none, or the safety stop fired)."""
    remaining = deadline - now()
    return remaining if remaining > 0 else 0.0


def charge(seconds: float) -> None:
    """Count work done outside HiGHS."""
    current().used += seconds


def price(tables: int, entries: int = 0) -> None:
    """Count a pricing pass over ``tables`` candidate tables (or ``entries`` entries of a
    dense block of their coefficients)."""
    charge(PRICE_PER_TABLE * tables + PRICE_PER_ENTRY * entries)


def tried(tables: int, entries: int = 0) -> None:
    """Count partial tables tried by the priced enumeration (and ``entries`` of its bound on
    the players still to come)."""
    charge(TRY_PER_TABLE * tables + BOUND_PER_ENTRY * entries)


def root(nonzeros: int, columns: int, rows: int) -> float:
    """The work of an integer program's root over a model of ``nonzeros`` nonzeros in
    ``columns`` columns and ``rows`` rows."""
    return max(ROOT_SQUARE * nonzeros * nonzeros, ROOT_CUBE * columns * columns * rows)


def run(
    h: highspy.Highs,
    deadline: float,
    *,
    integer: bool = False,
    nodes: int | None = None,
    bounds_only: bool = False,
) -> None:
    """Run HiGHS within the work left until ``deadline`` and count what it did.

    A relaxation gets a limit of simplex iterations, an integer program one of
    branch-and-bound nodes (at most ``nodes``), both from the work left; HiGHS's time
    limit is only the safety stop. Every run counts at least its setup, so that every
    loop of runs ends. ``bounds_only``: only bounds changed since the last run (columns',
    or rows' of the search's level groups, a row of which may have joined)
    (``RESTART_PER_NONZERO``, ``RESTART_ITERATION_PER_NONZERO``)."""
    meter = current()
    nonzeros = int(h.getNumNz())
    columns = int(h.getNumCol())
    rows = int(h.getNumRow())
    budget = left(deadline)
    safety = max(meter.safety_left(), 1e-3)
    per_iteration = (
        ITERATION
        + (RESTART_ITERATION_PER_NONZERO if bounds_only else ITERATION_PER_NONZERO) * nonzeros
    )
    per_node = NODE + NODE_PER_NONZERO * nonzeros
    if integer:
        room = (budget - root(nonzeros, columns, rows)) / per_node
        cap = max(1, min(int(max(room, 0.0)), nodes if nodes is not None else _MAX_INT))
        h.setOptionValue("mip_max_nodes", cap)
        h.setOptionValue("simplex_iteration_limit", _MAX_INT)
        # an integer program's time limit counts its own run
        h.setOptionValue("time_limit", safety)
    else:
        iterations = int(min(budget / per_iteration, _MAX_INT))
        h.setOptionValue("simplex_iteration_limit", max(1, iterations))
        # a relaxation's time limit counts all the model's runs together (measured: a
        # relaxation run again with 80 % of its first run's time stopped at once)
        h.setOptionValue("time_limit", float(h.getRunTime()) + safety)
    h.run()
    info = h.getInfo()
    done = RUN + (RESTART_PER_NONZERO if bounds_only else RUN_PER_NONZERO) * nonzeros
    if integer:
        done += root(nonzeros, columns, rows) + max(0, int(info.mip_node_count)) * per_node
    else:
        done += max(0, int(info.simplex_iteration_count)) * per_iteration
    meter.used += done
    if h.getModelStatus() == highspy.HighsModelStatus.kTimeLimit:
        meter.fired = True


_quiet = threading.Lock()


def new_highs() -> highspy.Highs:
    """A HiGHS instance, silent: whatever the version of highspy, its banner (which the
    constructor writes to file descriptor 1, before any option can be set) goes nowhere, so
    that standard output keeps only what kolo prints (one JSON document with ``--json``) and
    standard error only kolo's own messages."""
    with _quiet:
        sys.stdout.flush()
        try:
            saved = os.dup(1)
        except OSError:  # no file descriptor 1 (a service without one): nothing to keep clean
            h = highspy.Highs()  # type: ignore[no-untyped-call]
        else:
            try:
                _away_from_stdout()
                try:
                    h = highspy.Highs()  # type: ignore[no-untyped-call]
                finally:
                    _flush_c_stdout()  # what the C library buffered goes where it was meant
                    os.dup2(saved, 1)
            finally:
                os.close(saved)
    h.setOptionValue("output_flag", False)
    return h


def _away_from_stdout() -> None:
    """Point file descriptor 1 at the null device: the banner is nothing an organiser reads
    (HiGHS's licence is in its package and in kolo's docs/pairing.md, not on every run)."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
    finally:
        os.close(null)


def _flush_c_stdout() -> None:
    """Flush the C library's buffered standard output (where one can be reached)."""
    try:
        import ctypes

        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError, TypeError):
        pass
