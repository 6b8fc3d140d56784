"""Benchmark of format science (``kolo simulate``, ``kolo.science.study``): events per second,
where the time goes, and what the pairing engine's work budget costs in quality.

Three parts, on the same seeds:

  1. speed: N events of the field on the pool of processes (events per second, seconds per
     round paired, the split between pairing, playing and the final standings);
  2. profile: a few events in one process under cProfile, the time grouped by the part of
     the engine it is spent in;
  3. budget: the same events paired with work budgets of 0.1, 0.5 (the study's default) and
     10 work seconds (an event's default): seconds per round, rounds proved optimal, and how
     many events end with other figures than at 10.

Not a test: run it by hand.

    .venv/bin/python benchmarks/formats.py                    # dominion-cz, 30 players, 5 rounds
    .venv/bin/python benchmarks/formats.py --events 1000      # the issue's target
    .venv/bin/python benchmarks/formats.py --ruleset carcassonne-cz --players 33 --rounds 4
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time
from dataclasses import replace

from kolo.science.study import Outcome, play_batch, run, study_of

PARTS = (
    ("pairing: propose (everything the engine does)", "pairing/engine.py", "propose"),
    (
        "  the search: greedy + slice starts, windows, exact method",
        "pairing/round_search.py",
        "search",
    ),
    ("    windows of the neighbourhood search", "pairing/heuristic.py", "improve"),
    ("    the exact method (set partitioning, HiGHS)", "pairing/exact/solve.py", "solve"),
    ("  the slice guard", "pairing/guards.py", "guarded"),
    ("  the instance (players, costs of pairs)", "pairing/instance.py", "build"),
    ("  the proposal (numbering, seat order, costs)", "pairing/engine.py", "_proposal"),
    ("  HiGHS itself (all runs)", "pairing/work.py", "run"),
    ("standings (inside the engine and the final)", "core/standings.py", "compute"),
    ("the players' model (games)", "kolo/simulation.py", "play"),
)
"""Functions whose cumulative time is shown (indented ones are inside the one above; HiGHS
and the standings are called from several of them)."""


def speed(args: argparse.Namespace) -> None:
    study = study_of(args.ruleset, args.players, args.rounds, time_limit=args.time_limit)
    started = time.perf_counter()
    summary = run(study, args.events, args.seed, args.workers)
    wall = time.perf_counter() - started
    timing = summary.timing()
    figures = summary.figures()
    rounds = sum(o.rounds for o in summary.outcomes)
    print(f"## speed: {args.ruleset}, {args.players} players, {args.rounds} rounds")
    print()
    print(
        "| events | workers | wall s | events/s | rounds | s per round paired (CPU) | pairing s | play s | final standings s | proved optimal |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print(
        f"| {args.events} | {args.workers} | {wall:.1f} | {args.events / wall:.2f} | {rounds} "
        f"| {timing['seconds_per_round_paired']:.4f} | {timing['pairing_seconds']:.1f} "
        f"| {timing['play_seconds']:.2f} | {timing['final_standings_seconds']:.2f} "
        f"| {figures['proved_optimal']}/{figures['pairings']} |"
    )
    print()


def profile(args: argparse.Namespace) -> None:
    study = study_of(args.ruleset, args.players, args.rounds, time_limit=args.time_limit)
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    play_batch(study, args.seed, 0, args.profile_events)
    profiler.disable()
    wall = time.perf_counter() - started
    stats = pstats.Stats(profiler)
    raw = stats.stats  # type: ignore[attr-defined]
    print(f"## where the time goes ({args.profile_events} events, one process, cProfile)")
    print()
    print("| part | cumulative s | share of all |")
    print("| --- | --- | --- |")
    for label, path, function in PARTS:
        seconds = sum(
            ct
            for (filename, _line, name), (_cc, _nc, _tt, ct, _callers) in raw.items()
            if filename.endswith(path) and name == function
        )
        print(f"| {label} | {seconds:.2f} | {seconds / wall:.0%} |")
    print(f"| everything (under the profiler) | {wall:.2f} | 100% |")
    print()
    if args.verbose:
        stats.sort_stats("cumulative").print_stats(25)


def _timeless(outcome: Outcome) -> Outcome:
    return replace(outcome, seconds_pairing=0.0, seconds_play=0.0, seconds_standings=0.0)


def budget(args: argparse.Namespace) -> None:
    print(f"## the work budget ({args.budget_events} events, the same seeds)")
    print()
    print(
        "| budget (work s) | s per round paired | proved optimal | strongest wins | Kendall τ | events with other figures than at 10 |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    results = {}
    for limit in (10.0, 0.5, 0.1):
        study = study_of(args.ruleset, args.players, args.rounds, time_limit=limit)
        results[limit] = run(study, args.budget_events, args.seed, args.workers)
    reference = [_timeless(o) for o in results[10.0].outcomes]
    for limit in (0.1, 0.5, 10.0):
        summary = results[limit]
        figures = summary.figures()
        other = sum(
            1
            for a, b in zip(reference, summary.outcomes, strict=True)
            if replace(a, pairings=0, optimal=0) != replace(_timeless(b), pairings=0, optimal=0)
        )
        print(
            f"| {limit:g} | {summary.timing()['seconds_per_round_paired']:.4f} "
            f"| {figures['proved_optimal']}/{figures['pairings']} "
            f"| {figures['strongest_wins']['value']:.3f} | {figures['kendall_tau']['value']:.3f} "
            f"| {other} |"
        )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ruleset", default="dominion-cz")
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--events", type=int, default=200, help="events of the speed part")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--time-limit", type=float, default=0.5)
    parser.add_argument("--profile-events", type=int, default=10)
    parser.add_argument("--budget-events", type=int, default=40)
    parser.add_argument(
        "--skip", action="append", default=[], choices=("speed", "profile", "budget")
    )
    parser.add_argument("--verbose", action="store_true", help="print the profile's top functions")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load: {os.getloadavg()[0]:.2f}")
    print()
    for part in (speed, profile, budget):
        if part.__name__ not in args.skip:
            part(args)


if __name__ == "__main__":
    main()
