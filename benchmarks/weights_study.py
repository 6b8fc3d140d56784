"""The weights study: how the pairing weights change who wins (docs/pairing.md).

Simulates events of 30 players × 5 rounds (dominion-cz) with the demo's skill model for a
grid of weights and reports, per weighting: how often the strongest player wins, the rank
correlation (Spearman) of the final standings with the true skills, and repeated pairs
per event. Uses every core; shows progress on stderr.

    .venv/bin/python benchmarks/weights_study.py --events 1000
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from kolo.core.criteria import DEFAULT_WEIGHTS
from kolo.core.event import Entrant, Event, Round, Table
from kolo.core.settings import resolve
from kolo.core.standings import compute
from kolo.games import rulesets
from kolo.pairing.engine import propose
from kolo.pairing.history import History
from kolo.simulation import SkillModel

GRID: list[dict[str, object]] = [
    *(
        {"weights": {"repeat_pairs": r, "score_spread": s}, "slice_guard": False}
        for r, s in ((0, 1), (1, 1), (2, 1), (3, 1), (6, 1), (1, 0))
    ),
    {"weights": DEFAULT_WEIGHTS, "slice_guard": False},
    {"weights": DEFAULT_WEIGHTS, "slice_guard": True, "slice_guard_scope": "event"},
    {"weights": DEFAULT_WEIGHTS, "slice_guard": True, "slice_guard_scope": "round"},
]
"""The settings compared: the weights alone (slice guard off), then the defaults without
the slice guard, with it over the event (the default) and with it every round."""
PLAYERS = 30
ROUNDS = 5


def spearman(a: list[float], b: list[float]) -> float:
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result

    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb)


def one_event(job: tuple[int, int]) -> tuple[int, float, float, int, float]:
    """(grid index, strongest player's share of first place, Spearman ρ, repeated pairs,
    score spread summed over the rounds)."""
    grid_index, seed = job
    rng = random.Random(seed)
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, PLAYERS + 1))
    event = Event("study", "dominion-cz", GRID[grid_index], entrants)
    ruleset = rulesets.get("dominion-cz")
    settings, _ = resolve(ruleset.defaults, event.settings)
    model = SkillModel.draw([e.id for e in entrants], rng)
    spread = 0.0
    for number in range(1, ROUNDS + 1):
        proposal = propose(event, ruleset, settings, seed=seed * 10 + number)
        spread += float(proposal.costs.get("score_spread", 0))
        played = tuple(
            Table(t.number, t.seats, (model.play(t.seats, rng),)) for t in proposal.tables
        )
        event = replace(event, rounds=(*event.rounds, Round(number, played, proposal.seed)))
    rows = compute(event, ruleset, settings).rows
    strongest = max(model.skill, key=model.skill.__getitem__)
    first = [r.entrant.id for r in rows if r.rank == 1]
    won = 1 / len(first) if strongest in first else 0.0
    position = {r.entrant.id: -r.rank for r in rows}
    rho = spearman([position[e.id] for e in entrants], [model.skill[e.id] for e in entrants])
    repeats = sum(count - 1 for count in History.of(event.rounds).pairs.values() if count > 1)
    return grid_index, won, rho, repeats, spread


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=1000, help="events per weighting")
    parser.add_argument("--json", type=Path, help="write the raw results here")
    options = parser.parse_args()
    jobs = [(g, seed) for seed in range(1, options.events + 1) for g in range(len(GRID))]
    results: dict[int, list[tuple[float, float, int, float]]] = {g: [] for g in range(len(GRID))}
    started = time.monotonic()
    with multiprocessing.Pool() as pool:
        for done, (g, won, rho, repeats, spread) in enumerate(
            pool.imap_unordered(one_event, jobs, chunksize=4), start=1
        ):
            results[g].append((won, rho, repeats, spread))
            if done % 50 == 0 or done == len(jobs):
                elapsed = time.monotonic() - started
                print(
                    f"\r{done}/{len(jobs)} events, {elapsed:.0f} s",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
    print(file=sys.stderr)
    print(
        "| weights | slice guard | strongest wins | Spearman ρ (mean) "
        "| repeated pairs per event | score spread per event |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    table = []
    for g, settings in enumerate(GRID):
        rows = results[g]
        won = statistics.fmean(r[0] for r in rows)
        rho = statistics.fmean(r[1] for r in rows)
        repeats = statistics.fmean(r[2] for r in rows)
        spread = statistics.fmean(r[3] for r in rows)
        table.append(
            {
                **settings,
                "strongest_wins": won,
                "spearman": rho,
                "repeated_pairs": repeats,
                "score_spread": spread,
                "events": len(rows),
            }
        )
        weights = settings["weights"]
        assert isinstance(weights, dict)
        label = ", ".join(f"{k} {v}" for k, v in weights.items() if v)
        guard = str(settings.get("slice_guard_scope", "off"))
        print(f"| {label} | {guard} | {won:.1%} | {rho:.3f} | {repeats:.2f} | {spread:.1f} |")
    if options.json:
        options.json.write_text(json.dumps(table, indent=2))


if __name__ == "__main__":
    main()
